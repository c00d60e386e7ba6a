"""The program's own short text for each rule of the power-dice game (PD-), for Help → Rules (see
`warband.model.rules_text`). Light: loading these texts loads nothing else of the game."""

from __future__ import annotations

from warband.model.messages import N_
from warband.model.rule_text import RuleText, rule

RULES: tuple[RuleText, ...] = (
    rule(
        "PD-01",
        N_("Spells by trait"),
        N_(
            "A caster may use a spell only if the spell shares at least one magic trait with it. Decision: a "
            "caster may have several traits, with one level."
        ),
    ),
    rule(
        "PD-02",
        N_("Level and the power dice reserve"),
        N_(
            "A caster's level is the most power dice its card may hold; it starts the battle full and never "
            "goes above it. Decision: power dice have six sides."
        ),
    ),
    rule(
        "PD-03",
        N_("The magic steps of the turn"),
        N_(
            "A1 markers go face down (incantation, restoration or wait), A3 they are revealed, B3 incantations "
            "are tried in turn after artillery, then restorations recover, C wait markers cast at any moment, "
            "D4 lasting spells are turned or removed. Decisions: one casting per wait marker, an unused one is "
            "free; in B3 a side that passed or whose casters have all cast has no more turns; a 1-turn spell "
            "goes at the first D4, a 2-turn one is turned, then removed, a long one's counter rises each D4."
        ),
        N_("Who casts first in B3: the side with the initiative (default), or the other side."),
    ),
    rule(
        "PD-04",
        N_("Restoration"),
        N_(
            "At the end of B3 a caster with a restoration marker gets one power die back, never above its "
            "level, and the marker is removed. Decision: the seed says « des dés » in the turn's sequence and "
            "« un dé » in the marker's rule; the marker's own rule is followed, one die."
        ),
    ),
    rule(
        "PD-05",
        N_("Incantation and helpers"),
        N_(
            "In B3 a caster may commit more than three dice, and friendly casters within 3 hexes holding an "
            "incantation marker and sharing a trait may give it dice, never more than its level + 1 in all; "
            "given dice cannot be stored. Decision (the seed does not say): only casters still in play give "
            "dice. Every marker that took part is removed after the casting, and an incantation marker still "
            "held at the end of B3 costs one die."
        ),
    ),
    rule(
        "PD-06",
        N_("Wait: at most three dice"),
        N_("A casting on a wait marker in phase C uses at most three dice, and nobody may give it dice."),
    ),
    rule(
        "PD-07",
        N_("Helpers share a trait"),
        N_("A caster can only give power dice to a caster it shares a magic trait with."),
    ),
    rule(
        "PD-08",
        N_("Casting a spell"),
        N_(
            "Choose the spell, the target and the dice, roll them: a total at least the difficulty succeeds and "
            "takes effect at once. The dice leave the cards of everyone who gave them, success or not."
        ),
    ),
)
