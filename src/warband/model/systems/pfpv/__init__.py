"""« Par le Fer et par le Verbe »: mages drawing energy from sources and shaping it through disciplines.

This package names the game (`GAME`) and loads nothing else: its rules, models and `SYSTEM` (in `system`) load
when the game is first used.
"""

from __future__ import annotations

from warband.model.messages import N_
from warband.model.system import GameInfo

NAME = N_("Par le Fer et par le Verbe")

GAME = GameInfo(
    id="pfpv",
    name=NAME,
    title=N_("Par le Fer et par le Verbe (a party)"),
    sides=1,  # a party: the game master plays the rest
    points_name=None,  # a party has no points: the roster shows no total and no limit
    rule_prefix="PF",
    rules_title=N_("Par le Fer et par le Verbe: mage casting"),
    turn_title=N_("Round {turn} — {phase}"),  # a scene counts combat rounds
    ui="warband.gui.systems.pfpv.ui",
)
