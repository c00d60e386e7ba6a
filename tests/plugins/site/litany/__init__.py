"""Litany: a small game of chapels and prayers, a plug-in of Warband's own tests (issue 15).

It is a package of its own, found through its entry point (`litany = litany:GAME` in the group
`warband.systems`), and it uses Warband's public pieces only. This module names the game (`GAME`) and loads
nothing else: its rules, models and `SYSTEM` (in `system`) load when the game is first used.
"""

from __future__ import annotations

from pathlib import Path

from warband.model.messages import N_
from warband.model.system import GameInfo

NAME = N_("Litany")

GAME = GameInfo(
    id="litany",
    name=NAME,
    title=NAME,
    sides=2,
    points_name=N_("points"),
    rule_prefix="LI",
    rules_title=N_("Litany: chapels and prayers"),
    catalog_folder=Path(__file__).parent / "data",
    ui="litany.gui.ui",
    locale=Path(__file__).parent / "locale",
)
