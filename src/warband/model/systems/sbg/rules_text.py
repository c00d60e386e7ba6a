"""The program's own short text for each rule of the Strategy Battle Game (SB-), for Help → Rules (see
`warband.model.rules_text`). Light: loading these texts loads nothing else of the game."""

from __future__ import annotations

from warband.model.messages import N_
from warband.model.rule_text import RuleText, rule

RULES: tuple[RuleText, ...] = (
    rule(
        "SB-01",
        N_("The turn and priority"),
        N_(
            "A turn runs Priority, Move, Shoot, Fight, End. Each side rolls a D6 for priority, the higher wins, "
            "and a tie goes to the side without priority last turn (first turn: roll again); that side moves "
            "and shoots first and orders the fights."
        ),
    ),
    rule(
        "SB-02",
        N_("Might"),
        N_(
            "Might points raise or lower a die the hero rolled for its own action, by one each, after the roll: "
            "duels, rolls to hit and to wound, Courage, Jump, Climb and Thrown-rider tests, Will dice and Fate "
            "rolls. A die is never lowered below 1."
        ),
    ),
    rule(
        "SB-03",
        N_("Will"),
        N_(
            "Each attempt to cast or to resist a spell costs 1 Will, and a hero with none can do neither. Will "
            "points may also be added to the hero's Courage tests, like Might, alone or mixed with Might. By "
            "default one D6 must reach the casting value, and resisting must reach the caster's score."
        ),
        N_("Will dice: one point and one die per attempt (default, 2002–2004), or several dice, highest counts."),
    ),
    rule(
        "SB-04",
        N_("Fate"),
        N_(
            "A hero losing a Wound may spend Fate points, one D6 each, and every 4+ restores a Wound; the point "
            "is spent whatever the die. Fate is rolled all at once, or one die at a time until the Wound is "
            "restored, the Fate runs out or the player takes the wound: the program holds to the way chosen. "
            "Wounds never exceed the starting value; Fate cannot save a hero removed for failing a Courage test."
        ),
        N_("Fate dice: one at a time (default), or several at once."),
        N_("Fate restores: only the Wounds lost in the same event (default), or any lost Wound."),
    ),
    rule(
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
    rule(
        "SB-06",
        N_("Courage test"),
        N_(
            "From the 2002–04 rules, outside the seed: roll 2D6 and add the model's Courage; 10 or more passes. A "
            "hero may add Might and Will points to its own test, +1 each, in any mix the player chooses once "
            "the dice are seen."
        ),
    ),
    rule(
        "SB-07",
        N_("Break point"),
        N_(
            "A rules option, from outside the seed: a force that has lost half its starting models or more is "
            "broken. From the next turn each of its models tests Courage when it is to move, and flees if it "
            "fails. A hero who passes may call Stand fast: its side's models within 14 cm pass that turn. "
            "Decision: the program cannot see ranges, so the player counts the models of each unit a Stand fast "
            "covers; a unit's warriors may test together, two dice each."
        ),
    ),
    rule(
        "SB-08",
        N_("Named heroes are unique"),
        N_(
            "A catalog marks a named hero unique (its profile's unique field): an army holding it twice, or "
            "with a count above 1, has a problem (AR-03). Generic heroes may be bought more than once."
        ),
    ),
)
