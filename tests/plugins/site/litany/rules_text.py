"""Litany's own short text for each of its rules (LI-), for Help → Rules (see `warband.model.rules_text`).
Light: loading these texts loads nothing else of the game."""

from __future__ import annotations

from warband.model.messages import N_
from warband.model.rule_text import RuleText, rule

RULES: tuple[RuleText, ...] = (
    rule(
        "LI-01",
        N_("Prayers are for priests"),
        N_(
            "Only a priest (a profile with a piety) may take prayers, and only those whose piety requirement is "
            "at most its own piety. In battle a model says only the prayers it holds."
        ),
    ),
    rule(
        "LI-02",
        N_("As many prayers as piety"),
        N_("A priest holds at most as many prayers as its piety."),
    ),
    rule(
        "LI-03",
        N_("The Vigil and its prayers"),
        N_(
            "A turn is a Vigil, then a Clash. A priest prays in the Vigil only, once a turn, and not once it has "
            "fallen. A prayer is answered when 2d6 plus the priest's piety reach its difficulty. From the Clash "
            "the battle may go back to the Vigil of the same turn, never further."
        ),
        N_("A natural double six always answers a prayer (default), or it counts as 12 like any throw."),
    ),
)
