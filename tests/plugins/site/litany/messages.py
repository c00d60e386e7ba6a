"""Litany's message templates: army building (LI-01, LI-02), the turn and praying (LI-03).

Keys are the codes its problems and refusals carry; Warband's `messages` finds them through the registry (this
module is light: loading it loads nothing else of the game)."""

from __future__ import annotations

from warband.model.messages import N_

TEMPLATES: dict[str, str] = {
    "litany.prayer_unknown": N_(
        "The prayer “{prayer}” of {unit} is not in the loaded catalogs: it is kept as it is, "
        "and its cost is not counted."
    ),
    "litany.not_priest": N_("{unit} is not a priest and says no prayer ({prayer})."),
    "litany.piety_low": N_("{prayer} asks for piety {needed}; {unit} has piety {piety}."),
    "litany.too_many": N_("{unit} holds {held} prayers; a priest of piety {piety} holds at most {piety}."),
    "litany.full": N_("{unit} already holds {held} prayers, as many as its piety allows."),
    "litany.over_limit": N_("The army costs {total} points, {over} over its limit of {limit} points."),
    "litany.not_held": N_("{unit} does not hold the prayer {prayer}."),
    "litany.cannot_pray_unknown": N_(
        "The prayer “{prayer}” of {unit} is not in this battle's catalog entries: its difficulty is unknown, "
        "so it cannot be said."
    ),
    "litany.not_vigil": N_("Prayers are said in the Vigil; this is the {phase}."),
    "litany.prayed": N_("{unit} has already prayed this turn."),
    "litany.fallen": N_("{unit} has fallen and prays no more."),
    "litany.first_phase": N_("The Vigil is the first phase of the turn: there is no going back from it."),
}
