"""What the shared screen may show of the magic markers (PD-03): they are placed face down, and both players look
at the same screen."""

from __future__ import annotations

from warband.model.systems.powerdice import battle_rules as rules
from warband.model.systems.powerdice.battle_state import Marker, PowerDiceBattle


def viewer(battle: PowerDiceBattle) -> int | None:
    """Whose eyes are on the shared screen for hidden markers: the side placing them in A1, else nobody."""
    return battle.choosing if battle.step == "A1" and not battle.revealed else None


def visible_marker(battle: PowerDiceBattle, key: str) -> Marker | None:
    """The caster's marker as the shared screen may show it now (`rules.visible_marker` for its `viewer`)."""
    return rules.visible_marker(battle, key, viewer(battle))
