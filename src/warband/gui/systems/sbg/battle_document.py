"""A Strategy Battle Game battle in play: rolls thrown by the program or typed from the table (priority,
roll-off, Will and Fate dice), each applied as a command that carries its dice, and logged."""

from __future__ import annotations

from PySide6.QtCore import QObject

from warband.gui.battle_base import BattleDocumentBase
from warband.model.army import Problem
from warband.model.battle import BattleRun
from warband.model.dice import Dice, DiceError, DiceKind
from warband.model.systems.sbg.battle_commands import fate_thrown, roll_off, roll_priority, roll_will
from warband.model.systems.sbg.battle_state import SbgBattle


class SbgBattleDocument(BattleDocumentBase[SbgBattle]):
    """The battle and the rolls its tracker and resolver make."""

    def __init__(self, run: BattleRun[SbgBattle], parent: QObject | None = None) -> None:
        super().__init__(run, parent)

    def _roll(self, dice: Dice | None, count: int) -> tuple[tuple[int, ...], str] | None:
        source = dice or self.run.dice
        try:
            return source.roll(6, count), source.kind
        except DiceError as exc:
            self.refused.emit(exc.sentence)
            return None

    def roll_priority(self, dice: Dice | None = None) -> tuple[int, int] | None:
        """SB-01: each side rolls a die; a first-turn tie is logged and changes nothing (roll again)."""
        roll = self.worked_out(lambda: roll_priority(self.battle, dice or self.run.dice))
        if roll is None:
            return None
        first, second = roll.outcome
        if self.play(roll) and roll.command is None:
            self._refuse(Problem.of("SB-01", "sbg.priority_tie", None, roll=first))
        return first, second

    def roll_off(self, dice: Dice | None = None) -> int | None:
        """SB-05: the priority player's roll-off die when both sides declared heroic actions."""
        return self.rolled(lambda: roll_off(self.battle, dice or self.run.dice))

    def will(
        self, key: str, need: int, count: int, might: int, *, resisting: bool, dice: Dice | None = None
    ) -> bool | None:
        """SB-03: cast or resist with `count` Will dice (and Might on the highest); None when refused."""
        return self.rolled(
            lambda: roll_will(
                self.battle, key, need, count, might, resisting=resisting, dice=dice or self.run.dice
            )
        )

    def throw(self, count: int, dice: Dice | None = None) -> tuple[tuple[int, ...], str] | None:
        """Throw dice (the program's, or take the table's) before deciding how to use them: a Fate die shown
        first, then the Might put on it. The program's dice go on whatever is decided (AR-05)."""
        return self._roll(dice, count)

    def apply_fate(
        self, key: str, values: tuple[int, ...], might: tuple[int, ...], lost: int, source: str
    ) -> int | None:
        """SB-04: Fate dice already thrown, with the Might the player put on each; the Wounds restored."""
        kind: DiceKind = "typed" if source == "typed" else "rolled"
        return self.rolled(lambda: fate_thrown(self.battle, key, values, might, lost, kind))

    def fate(
        self, key: str, count: int, lost: int, might: tuple[int, ...] = (), dice: Dice | None = None
    ) -> int | None:
        """SB-04: roll `count` Fate dice and apply them (Might per die decided beforehand)."""
        rolled = self._roll(dice, count)
        if rolled is None:
            return None
        values, source = rolled
        return self.apply_fate(key, values, might, lost, source)
