"""The power-dice actions of the A1 markers board on the battle document, logged with who took them: a marker
placed, and the hand-over that hides the side's markers (PD-03)."""

from __future__ import annotations

from warband.gui.battle_document import BattleDocument
from warband.model.messages import N_, Phrase
from warband.model.systems.powerdice.battle_commands import HandOver, PlaceMarker
from warband.model.systems.powerdice.battle_state import Marker, PowerDiceBattle


def place_marker(document: BattleDocument[PowerDiceBattle], key: str, marker: Marker | None) -> bool:
    """The caster's marker chosen (or taken back: None); the log names the side, never the marker."""
    side = int(key.split(":", 1)[0])
    player = document.battle.sides[side].player
    return document.act(
        PlaceMarker(key=key, marker=marker),
        text=Phrase(N_("{player} places a marker"), player=player),
        side=side,
    )


def hand_over(document: BattleDocument[PowerDiceBattle]) -> bool:
    """The side placing markers is done: hide them, and let nobody undo back to them (a barrier)."""
    battle = document.battle
    side = battle.choosing
    player = battle.sides[side].player if side is not None else ""
    return document.act(HandOver(), text=Phrase(N_("{player} hands over"), player=player), side=side, barrier=True)
