"""Hex battles with power dice: casters with traits and levels, spells, hidden magic markers.

This package names the game (`GAME`) and loads nothing else: its rules, models and `SYSTEM` (in `system`) load
when the game is first used.
"""

from __future__ import annotations

from warband.model.messages import N_
from warband.model.system import GameInfo

NAME = N_("Hex battles with power dice")

GAME = GameInfo(
    id="powerdice",
    name=NAME,
    title=NAME,
    rule_prefix="PD",
    rules_title=N_("Hex battles with power dice: casters, hidden markers, helpers"),
    ui="warband.gui.systems.powerdice.ui",
)
