"""The program's own short text for every rule ID, for Help → Rules and for explaining a problem or refusal.

Each rule is restated in a sentence or two, with the decision taken where the rulebook is silent and the rules
options a battle may switch. The English text is marked for gettext (`N_`); the window translates it when shown.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from warband.model.messages import N_


@dataclass(frozen=True, slots=True)
class RuleText:
    """One rule as the help shows it: its ID, a short title, the text, and the rules options it offers."""

    id: str
    title: str
    text: str
    options: tuple[str, ...] = ()

    @property
    def system(self) -> str:
        """The rule's prefix ("CF", "PD", …), which names its system."""
        return self.id.split("-", 1)[0]


SYSTEMS: dict[str, str] = {
    "CF": N_("Confrontation: miracles and the Divination phase"),
    "PD": N_("Hex battles with power dice"),
    "PF": N_("Par le Fer et par le Verbe: mage casting"),
    "SB": N_("Strategy Battle Game: Might, Will, Fate, heroic actions"),
    "AR": N_("Army files and battles (all systems)"),
}
"""Each rule prefix and the system it belongs to, in the order the help lists them."""

RULE_ID = re.compile(r"\b(CF|PD|PF|SB|AR)-\d{2}\b")
_LEADING_RULE = re.compile(r"^\s*((?:CF|PD|PF|SB|AR)-\d{2})\b")


def _rule(rule_id: str, title: str, text: str, *options: str) -> RuleText:
    return RuleText(rule_id, title, text, tuple(options))


_RULES: tuple[RuleText, ...] = (
    # --- Confrontation -----------------------------------------------------------------------------------
    _rule(
        "CF-01",
        N_("Miracles belong to one Faithful"),
        N_(
            "Each Faithful has its own miracles and never hands them to another during the battle, though two "
            "Faithful may own the same one. A model that is not a Faithful cannot own miracles."
        ),
    ),
    _rule(
        "CF-02",
        N_("Miracles of a cult"),
        N_(
            "A miracle of a cult is open only to Faithful of that cult; a miracle may name several cults, and "
            "then serves each of them."
        ),
    ),
    _rule(
        "CF-03",
        N_("Miracles of an Alliance Path"),
        N_(
            "A miracle dedicated to a Path is open to every Faithful of that Path. Decision: a Faithful's Path "
            "is the Path of its cult."
        ),
    ),
    _rule(
        "CF-04",
        N_("Miracles of the Universal Cult"),
        N_("Any Faithful may take a miracle of the Universal Cult."),
    ),
    _rule(
        "CF-05",
        N_("Aspects must cover the miracle"),
        N_(
            "For Creation, Alteration and Destruction alike, the Faithful's level must reach what the miracle "
            "asks; a miracle that needs any Creation is closed to a Faithful with Creation 0."
        ),
    ),
    _rule(
        "CF-06",
        N_("No limit on miracles"),
        N_(
            "A Faithful may own as many miracles as its player wants. Warband's addition: the same miracle "
            "listed twice is reported, since it buys nothing, and each copy is still counted."
        ),
    ),
    _rule(
        "CF-07",
        N_("Costs and the points limit"),
        N_(
            "Miracles and magic items add their A.P. to the Faithful's own cost, and the army costs the sum of "
            "everything the catalogs know, drafts that break a rule included. Going over the army's points "
            "limit is reported, never cut silently; magic items go to any model unless the catalog restricts "
            "them."
        ),
    ),
    _rule(
        "CF-08",
        N_("The turn"),
        N_(
            "A turn runs Tactical roll, Movement, Divination, Shooting, Melee, then the end of the turn: "
            "Divination always comes after Movement and before Shooting."
        ),
    ),
    _rule(
        "CF-09",
        N_("Each miracle once per turn"),
        N_(
            "A Faithful calls a given miracle at most once in a turn, and a failed call uses that chance as "
            "much as a successful one."
        ),
    ),
    _rule(
        "CF-10",
        N_("Calling excludes shooting, feats and long moves"),
        N_(
            "A Faithful that calls a miracle may not shoot, perform a Physical Feat or move farther than its "
            "Movement in that turn; movement granted by miracles, abilities, items or experience does not "
            "count, and Warrior-monks may move freely but still may not shoot or perform a Feat. Calling forbids "
            "a later shot, and a Feat or over-long move earlier in the turn forbids the call."
        ),
    ),
    _rule(
        "CF-11",
        N_("Engaged or wounded Faithful cannot call"),
        N_(
            "A Faithful engaged in melee by an enemy, or that has suffered a Wounds roll since the turn began "
            "(whatever the result), cannot call a miracle. Warrior-monks are exempt."
        ),
    ),
    _rule(
        "CF-12",
        N_("Seeing the target"),
        N_(
            "The Faithful must see its target or touch it base to base. The program cannot see the table: it "
            "asks the player to confirm."
        ),
    ),
    _rule(
        "CF-13",
        N_("Divination order: Discipline"),
        N_(
            "Faithful who call miracles act one at a time, from the highest Discipline down, bonuses included. "
            "Decision: a Faithful calls all its miracles for the turn at its own place, one after another, in "
            "the order its player picks."
        ),
    ),
    _rule(
        "CF-14",
        N_("Ties within one side"),
        N_("When Faithful of the same side tie on Discipline, their player chooses their order."),
    ),
    _rule(
        "CF-15",
        N_("Ties across sides"),
        N_(
            "When Faithful of both sides tie, the winner of the Tactical roll acts first. Decision: all of the "
            "winner's tied Faithful go first, in the order that player chose, then the other side's; the "
            "program records the Tactical roll's winner each turn and invents no tie rule for that roll."
        ),
        N_("Tied Faithful across sides: all of the winner's first (default), or alternating, winner first."),
    ),
    _rule(
        "CF-16",
        N_("No Discipline"),
        N_("A creature without Discipline counts as Discipline 0, and no bonus raises it."),
    ),
    _rule(
        "CF-20",
        N_("One people per army"),
        N_(
            "Decision: an army is drawn from one people; a catalog may name the peoples (or the mercenaries, "
            "such as Cadwallon's) a people may field beside its own. A profile of any other people is a problem, "
            "unless the army allows mixed armies."
        ),
    ),
    _rule(
        "CF-17",
        N_("The miracle card"),
        N_(
            "A miracle lists its cults, Path or Universal Cult, the Aspects it needs, its Fervour (the least "
            "faith to spend), its Difficulty, range, area, duration and cost in A.P. A Difficulty left blank is "
            "set at the table, and the program asks for it."
        ),
    ),
    _rule(
        "CF-18",
        N_("Temporary Faith"),
        N_(
            "Each Faithful holds a reserve of Temporary Faith (T.F.) that starts the battle at its Faith value "
            "and, by default, is refilled to it at the start of every turn."
        ),
        N_("Refill the T.F. reserve at the start of each turn (default: yes)."),
    ),
    _rule(
        "CF-19",
        N_("The Divination roll"),
        N_(
            "The player declares the fervour spent, at least the miracle's Fervour and no more than the T.F. "
            "reserve, then rolls 1D6 + fervour against the Difficulty; the fervour is gone whatever the result. "
            "Decision: the rulebook gives no roll, so this one is ours, and its numbers are options."
        ),
        N_("A natural 1 always fails (default: yes)."),
        N_("A 6 is rolled again and added, open-ended (default: yes)."),
    ),
    # --- Power dice -----------------------------------------------------------------------------------------
    _rule(
        "PD-01",
        N_("Spells by trait"),
        N_(
            "A caster may use a spell only if the spell shares at least one magic trait with it. Decision: a "
            "caster may have several traits, with one level."
        ),
    ),
    _rule(
        "PD-02",
        N_("Level and the power dice reserve"),
        N_(
            "A caster's level is the most power dice its card may hold; it starts the battle full and never "
            "goes above it. Decision: power dice have six sides."
        ),
    ),
    _rule(
        "PD-03",
        N_("The magic steps of the turn"),
        N_(
            "A1 markers go face down (incantation, restoration or wait), A3 they are revealed, B3 incantations "
            "are tried alternately after artillery and then restorations recover, C wait markers cast at any "
            "moment, D4 lasting spells are turned or removed. Decisions: one casting per wait marker, an unused "
            "one costs nothing; a 1-turn spell goes at the first D4, a 2-turn spell is turned then removed, a "
            "long spell's counter rises each D4 until the player removes it."
        ),
        N_("Who casts first in B3: the side with the initiative (default), or the other side."),
    ),
    _rule(
        "PD-04",
        N_("Restoration"),
        N_(
            "At the end of B3 a caster with a restoration marker gets one power die back, never above its "
            "level, and the marker is removed."
        ),
    ),
    _rule(
        "PD-05",
        N_("Incantation and helpers"),
        N_(
            "In B3 a caster may commit more than three dice, and friendly casters within 3 hexes holding an "
            "incantation marker and sharing a trait may give it dice, never more than its level + 1 in all; "
            "given dice cannot be stored. Every marker that took part is removed after the casting, and an "
            "incantation marker still held at the end of B3 costs one die."
        ),
    ),
    _rule(
        "PD-06",
        N_("Wait: at most three dice"),
        N_("A casting on a wait marker in phase C uses at most three dice, and nobody may give it dice."),
    ),
    _rule(
        "PD-07",
        N_("Helpers share a trait"),
        N_("A caster can only give power dice to a caster it shares a magic trait with."),
    ),
    _rule(
        "PD-08",
        N_("Casting a spell"),
        N_(
            "Choose the spell, the target and the dice, roll them: a total at least the difficulty succeeds and "
            "takes effect at once. The dice leave the cards of everyone who gave them, success or not."
        ),
    ),
    # --- Par le Fer et par le Verbe -------------------------------------------------------------------------
    _rule(
        "PF-01",
        N_("Sources and disciplines"),
        N_(
            "The caster picks a combination of energy sources and magic disciplines, each with its own modifier "
            "from the Grimoire or the game master, who may forbid a combination; once chosen it stays. A "
            "starting point: the spell's level as a penalty, adjusted per source and discipline."
        ),
    ),
    _rule(
        "PF-02",
        N_("Contact"),
        N_(
            "One roll under the Contact skill per source, without the spell's modifiers; its margin is that "
            "source's raw energy. Links to a source (+1, +2), to its opposite (−1, −2), a support and +1 per Don "
            "spent change the target. Decision: a Contact skill per source, one shared value being the simple "
            "case."
        ),
    ),
    _rule(
        "PF-03",
        N_("Control"),
        N_(
            "One roll under the skill of each discipline, with that discipline's modifier: +1 per 2 Don (at "
            "most 10 Don), whispered words −1, no gesture −2, the Grimoire's ritual +2. Decision: no control "
            "roll when no raw energy is positive, since nothing was brought."
        ),
    ),
    _rule(
        "PF-04",
        N_("Fatigue, several spells, casting time"),
        N_(
            "Fatigue (−1 to −5), several spells at once (−1 for 2 up to −9 for 6) and a hurried or slow casting "
            "modify every contact and control roll. Spells cast together do not add their times: the shortest "
            "ends first."
        ),
    ),
    _rule(
        "PF-05",
        N_("Failure and backlash"),
        N_(
            "Any negative control margin fails the spell: −1 or −2 is harmless, −3 or worse sends the energy "
            "into the caster, 10 Don per point, then Vitality once the Don is gone. Decisions: the energy is the "
            "sum of positive raw energies, Don is lost in whole steps of 10."
        ),
        N_("Backlash: for each control roll failed by 3 or more (default), or once however many failed."),
        N_("Vitality lost per point left once the Don is gone: 2 (default, the rule), or another factor."),
    ),
    _rule(
        "PF-06",
        N_("Success and power"),
        N_(
            "With every control margin at 0 or more, each source's net energy is its raw energy plus its "
            "modifier; a negative net energy means the spell cannot be cast, harmlessly. Otherwise the power is "
            "the net energies plus the control margins."
        ),
    ),
    _rule(
        "PF-07",
        N_("Paying for the level"),
        N_(
            "The caster then pays 1 Don per level of the spell. Decision: a caster who cannot pay loses "
            "control, as one failed control roll with margin −3."
        ),
    ),
    _rule(
        "PF-08",
        N_("Spreading the power"),
        N_(
            "If any control margin is 2 or less, the power is spread evenly over the spell's effects (shares "
            "differ by one at most, the caster picks where the extra goes); if every margin is above 2 it is "
            "spread freely and some may be left unused. Spread effects then apply as far as possible."
        ),
    ),
    _rule(
        "PF-09",
        N_("Distraction"),
        N_(
            "A caster distracted while casting rolls under MA, with the game master's bonus or penalty, or the "
            "spell is lost. Decision: that loss is harmless and no Don is paid for the level."
        ),
    ),
    _rule(
        "PF-10",
        N_("Recovering Don"),
        N_(
            "Don comes back each hour: 2 asleep, 1 in calm activity, 0 in intense activity, times the Recovery "
            "performance, never above its maximum."
        ),
    ),
    # --- Strategy Battle Game ---------------------------------------------------------------------------------
    _rule(
        "SB-01",
        N_("The turn and priority"),
        N_(
            "A turn runs Priority, Move, Shoot, Fight, End. Each side rolls a D6 for priority, the higher wins, "
            "and a tie goes to the side without priority last turn (first turn: roll again); that side moves "
            "and shoots first and orders the fights."
        ),
    ),
    _rule(
        "SB-02",
        N_("Might"),
        N_(
            "Each Might point moves a die the hero rolled for its own action by one, after the roll: duels, "
            "rolls to hit and to wound, Courage, Jump, Climb and Thrown-rider tests, Will dice and Fate rolls."
        ),
    ),
    _rule(
        "SB-03",
        N_("Will"),
        N_(
            "Each attempt to cast or to resist a spell costs 1 Will, and a hero with none can do neither; Will "
            "may also help Courage tests. By default one D6 must reach the casting value, and resisting must "
            "reach the caster's score."
        ),
        N_("Will dice: one point and one die per attempt (default, 2002–2004), or several dice, highest counts."),
    ),
    _rule(
        "SB-04",
        N_("Fate"),
        N_(
            "A hero losing a Wound may spend Fate points, one D6 each, and every 4+ restores a Wound; the point "
            "is spent whatever the die. Wounds never exceed the starting value, and Fate cannot save a hero "
            "removed for failing a Courage test."
        ),
        N_("Fate dice: one at a time (default), or several at once."),
        N_("Fate restores: only the Wounds lost in the same event (default), or any lost Wound."),
    ),
    _rule(
        "SB-05",
        N_("Heroic actions"),
        N_(
            "For 1 Might a hero acts out of the priority order in Move, Shoot or Fight, declared at the start "
            "of the phase: the priority side declares first, the sides name heroes in turn, and if both "
            "declared a D6 decides (1–3 Evil first, 4–6 Good), then they alternate. Decision: with the same "
            "alignment on both sides, the priority side goes first on 4–6; a pre-empted hero's Might is not "
            "refunded."
        ),
    ),
    _rule(
        "SB-06",
        N_("Courage test"),
        N_(
            "From the 2002–04 rules, outside the seed: roll 2D6 and add the model's Courage; 10 or more passes. A "
            "hero may add Might and Will points to its own test, +1 each, in any mix."
        ),
    ),
    _rule(
        "SB-07",
        N_("Break point"),
        N_(
            "A rules option, from outside the seed: a force that has lost half its starting models or more is "
            "broken. From the next turn each of its models tests Courage when it is to move, and flees if it "
            "fails. A hero who passes may call Stand fast: its side's models within 14 cm pass that turn."
        ),
    ),
    _rule(
        "SB-08",
        N_("Named heroes are unique"),
        N_(
            "A catalog marks a named hero unique: an army holding it twice, or with a count above 1, has a "
            "problem (AR-03). Generic heroes may be bought more than once."
        ),
    ),
    # --- Armies and battles -----------------------------------------------------------------------------------
    _rule(
        "AR-01",
        N_("One army, one system"),
        N_("An army belongs to one rule system and refers to its catalog entries by their IDs."),
    ),
    _rule(
        "AR-02",
        N_("Entries the catalogs no longer know"),
        N_(
            "An army whose entries were renamed or removed still opens: they stay in the army, flagged and "
            "not counted, and are saved back unchanged. Nothing the player chose is dropped silently."
        ),
    ),
    _rule(
        "AR-03",
        N_("Problems warn, never block"),
        N_(
            "Every problem is reported with its rule ID, its unit and a plain sentence, and none stops the "
            "editing: a draft may be over its limit."
        ),
    ),
    _rule(
        "AR-04",
        N_("Catalog versions"),
        N_(
            "An army records the id and revision of each catalog it was built with; opened against another "
            "revision, the player is told what changed for it (costs, requirements, entries gone)."
        ),
    ),
    _rule(
        "AR-05",
        N_("Undoing a roll keeps the dice"),
        N_(
            "Undoing a dice roll restores the battle but not the dice: rolling again gives new dice, and the "
            "log keeps the undone roll, marked as undone."
        ),
    ),
)

RULES: dict[str, RuleText] = {rule.id: rule for rule in _RULES}
"""Every rule ID of the rules digest, in the digest's order."""


def rules_of(system: str) -> list[RuleText]:
    """The rules of one system prefix ("CF", …), in order."""
    return [rule for rule in RULES.values() if rule.system == system]


def leading_rule(text: str) -> str | None:
    """The rule a refusal names at its start ("CF-11: …"), if it is one the help knows."""
    match = _LEADING_RULE.match(text)
    if match is None or match.group(1) not in RULES:
        return None
    return match.group(1)


def matches(rule: RuleText, query: str, translate: Callable[[str], str] = str) -> bool:
    """Whether every word of the query is in the rule's ID, title, text or options (ignoring case).

    `translate` gives the words as the player reads them (the window passes gettext's `_`).
    """
    words = (rule.id, *(translate(part) for part in (rule.title, rule.text, *rule.options)))
    haystack = " ".join(words).casefold()
    return all(word in haystack for word in query.casefold().split())
