"""A Confrontation battle in play, for the Turn tracker and the Resolver: the Divination order, the
Divination roll with the program's dice or the table's, and the Tactical roll."""

from __future__ import annotations

from PySide6.QtCore import QObject

from warband.gui.battle_base import BattleDocumentBase
from warband.model.army import Problem
from warband.model.battle import BattleRun
from warband.model.dice import Dice
from warband.model.systems.confrontation.battle_calls import CallRequest, Outcome
from warband.model.systems.confrontation.battle_commands import roll_call, roll_tactical
from warband.model.systems.confrontation.battle_rules import DivinationOrder, divination_order
from warband.model.systems.confrontation.battle_state import ConfrontationBattle

Battle = ConfrontationBattle


class BattleDocument(BattleDocumentBase[ConfrontationBattle]):
    """A Confrontation battle and what the tracker and resolver need to know about it."""

    def __init__(self, run: BattleRun[Battle], parent: QObject | None = None) -> None:
        super().__init__(run, parent)
        self._order: DivinationOrder | None = None
        self._order_for: Battle | None = None

    def order(self) -> DivinationOrder:
        """The Divination order of the battle as it is now, worked out once per state."""
        if self._order is None or self._order_for is not self.battle:
            self._order = divination_order(self.battle)
            self._order_for = self.battle
        return self._order

    def call_miracle(self, request: CallRequest, dice: Dice | None = None) -> Outcome | None:
        """The Divination roll with the program's dice or the table's; the outcome applied and logged. The rule
        runs once (`roll_call`), and the journal keeps the command with its dice."""
        return self.rolled(lambda: roll_call(self.battle, request, dice or self.run.dice))

    def roll_tactical(self) -> tuple[int, int]:
        """Each side rolls a die; the higher wins. A tie is logged and changes nothing: roll again (CF-15)."""
        roll = roll_tactical(self.battle, self.run.dice)
        first, second = roll.outcome
        if self.play(roll) and roll.command is None:
            self.refused.emit(Problem.of("CF-15", "tactical.tie", None, roll=first).sentence)
        return first, second
