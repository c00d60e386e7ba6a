"""Confrontation's rolls with more to tell than the shared document's `roll`: the Tactical roll's tie."""

from __future__ import annotations

from warband.gui.battle_document import BattleDocument
from warband.model.army import Problem
from warband.model.dice import Dice
from warband.model.systems.confrontation.battle_state import ConfrontationBattle
from warband.model.systems.confrontation.play import TacticalRoll


def roll_tactical(
    document: BattleDocument[ConfrontationBattle], dice: Dice | None = None
) -> tuple[int, int] | None:
    """Each side rolls a die (the program's, or the table's); the higher wins. A tie is logged and changes
    nothing, and the players are told to roll again (CF-15). The two dice, or None when the roll was refused
    (told through `refused`)."""
    roll = document.roll(TacticalRoll(), dice)
    if roll is None:
        return None
    first, second = roll.outcome
    if roll.command is None:
        document.refused.emit(Problem.of("CF-15", "tactical.tie", None, roll=first).sentence)
    return first, second
