"""Strategy Battle Game: heroes with Might, Will and Fate, spell-casting heroes, warriors bought in numbers.

This package names the game (`GAME`) and loads nothing else: its rules, models and `SYSTEM` (in `system`) load
when the game is first used.
"""

from __future__ import annotations

from warband.model.messages import N_
from warband.model.system import GameInfo

NAME = N_("Strategy Battle Game")

GAME = GameInfo(
    id="sbg",
    name=NAME,
    title=NAME,
    points_name=N_("points"),
    rule_prefix="SB",
    rules_title=N_("Strategy Battle Game: Might, Will, Fate, heroic actions"),
    ui="warband.gui.systems.sbg.ui",
)
