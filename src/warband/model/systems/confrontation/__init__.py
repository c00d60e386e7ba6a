"""Confrontation (C2-era Divination): miracles, Faithful and their armies.

This package names the game (`GAME`) and loads nothing else: its rules, models and `SYSTEM` (in `system`) load
when the game is first used.
"""

from __future__ import annotations

from warband.model.messages import N_
from warband.model.system import GameInfo

NAME = N_("Confrontation")

GAME = GameInfo(
    id="confrontation",
    name=NAME,
    title=NAME,
    rule_prefix="CF",
    rules_title=N_("Confrontation: miracles and the Divination phase"),
    ui="warband.gui.systems.confrontation.ui",
)
