"""The program's own short text for each rule of Confrontation (CF-), for Help → Rules (see
`warband.model.rules_text`). Light: loading these texts loads nothing else of the game."""

from __future__ import annotations

from warband.model.messages import N_
from warband.model.rule_text import RuleText, rule

RULES: tuple[RuleText, ...] = (
    rule(
        "CF-01",
        N_("Miracles belong to one Faithful"),
        N_(
            "Each Faithful has its own miracles and never hands them to another during the battle, though two "
            "Faithful may own the same one. A model that is not a Faithful cannot own miracles."
        ),
    ),
    rule(
        "CF-02",
        N_("Miracles of a cult"),
        N_(
            "A miracle of a cult is open only to Faithful of that cult; a miracle may name several cults, and "
            "then serves each of them."
        ),
    ),
    rule(
        "CF-03",
        N_("Miracles of an Alliance Path"),
        N_(
            "A miracle dedicated to a Path is open to every Faithful of that Path. Decision: a Faithful's Path "
            "is the Path of its cult."
        ),
    ),
    rule(
        "CF-04",
        N_("Miracles of the Universal Cult"),
        N_("Any Faithful may take a miracle of the Universal Cult."),
    ),
    rule(
        "CF-05",
        N_("Aspects must cover the miracle"),
        N_(
            "For Creation, Alteration and Destruction alike, the Faithful's level must reach what the miracle "
            "asks; a miracle that needs any Creation is closed to a Faithful with Creation 0."
        ),
    ),
    rule(
        "CF-06",
        N_("No limit on miracles"),
        N_(
            "A Faithful may own as many miracles as its player wants. Warband's addition: the same miracle "
            "listed twice is reported, since it buys nothing, and each copy is still counted."
        ),
    ),
    rule(
        "CF-07",
        N_("Costs and the points limit"),
        N_(
            "Miracles and magic items add their A.P. to the Faithful's own cost, and the army costs the sum of "
            "everything the catalogs know, drafts that break a rule included. Going over the army's points "
            "limit is reported, never cut silently; magic items go to any model unless the catalog restricts "
            "them."
        ),
    ),
    rule(
        "CF-08",
        N_("The turn"),
        N_(
            "A turn runs Tactical roll, Movement, Divination, Shooting, Melee, then the end of the turn: "
            "Divination always comes after Movement and before Shooting."
        ),
    ),
    rule(
        "CF-09",
        N_("Each miracle once per turn"),
        N_(
            "A Faithful calls a given miracle at most once in a turn, and a failed call uses that chance as "
            "much as a successful one."
        ),
    ),
    rule(
        "CF-10",
        N_("Calling excludes shooting, feats and long moves"),
        N_(
            "A Faithful that calls a miracle may not shoot, perform a Physical Feat or move farther than its "
            "Movement in that turn; movement granted by miracles, abilities, items or experience does not "
            "count, and Warrior-monks may move freely but still may not shoot or perform a Feat. Both ways: a "
            "shot, a Feat or an over-long move earlier in the turn forbids the call, and after a call they are "
            "refused, while movement from an effect and a Warrior-monk's stay allowed."
        ),
    ),
    rule(
        "CF-11",
        N_("Engaged or wounded Faithful cannot call"),
        N_(
            "A Faithful engaged in melee by an enemy, or that has suffered a Wounds roll since the turn began "
            "(whatever the result), cannot call a miracle; a wound recorded this turn means a Wounds roll was "
            "suffered. Warrior-monks are exempt."
        ),
    ),
    rule(
        "CF-12",
        N_("Seeing the target"),
        N_(
            "The Faithful must see its target or touch it base to base. The program cannot see the table: it "
            "asks the player to confirm."
        ),
    ),
    rule(
        "CF-13",
        N_("Divination order: Discipline"),
        N_(
            "Faithful who call miracles act one at a time, from the highest Discipline down, bonuses included. "
            "The order is a rule: only the Faithful whose turn it is may call, and once it is done (or passes) it "
            "may not call again this turn, undo aside. Decision: a Faithful calls all its miracles for the turn "
            "at its own place, one after another, in the order its player picks."
        ),
    ),
    rule(
        "CF-14",
        N_("Ties within one side"),
        N_("When Faithful of the same side tie on Discipline, their player chooses their order."),
    ),
    rule(
        "CF-15",
        N_("Ties across sides"),
        N_(
            "When Faithful of both sides tie, the winner of the Tactical roll acts first. Decision: all of the "
            "winner's tied Faithful go first, in the order that player chose, then the other side's; the "
            "program records the Tactical roll's winner each turn and invents no tie rule for that roll."
        ),
        N_("Tied Faithful across sides: all of the winner's first (default), or alternating, winner first."),
    ),
    rule(
        "CF-16",
        N_("No Discipline"),
        N_("A creature without Discipline counts as Discipline 0, and no bonus raises it."),
    ),
    rule(
        "CF-20",
        N_("One people per army"),
        N_(
            "Decision: an army is drawn from one people, the one that leaves the fewest of its models out; a "
            "catalog may name the peoples (or the mercenaries, such as Cadwallon's) a people may field beside its "
            "own. A profile of any other people is a problem, unless the army allows mixed armies: an option of "
            "each army, in the builder (default: no)."
        ),
    ),
    rule(
        "CF-17",
        N_("The miracle card"),
        N_(
            "A miracle lists its cults, Path or Universal Cult, the Aspects it needs, its Fervour (the least "
            "faith to spend), its Difficulty, range, area, duration and cost in A.P. A Difficulty left blank is "
            "set at the table: given as a formula of the call (the fervour chosen + 4), the program works it out "
            "and the player may still override it; otherwise the program asks for it."
        ),
    ),
    rule(
        "CF-18",
        N_("Temporary Faith"),
        N_(
            "Each Faithful holds a reserve of Temporary Faith (T.F.) that starts the battle at its Faith value "
            "and, by default, is refilled to it at the start of every turn."
        ),
        N_("Refill the T.F. reserve at the start of each turn (default: yes)."),
    ),
    rule(
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
)
