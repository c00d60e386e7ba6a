"""A « Par le Fer et par le Verbe » scene in play: castings rolled by the program or typed from the table, with
every step logged, and the scene's other actions through `act`."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QObject

from warband.gui.battle_base import BattleDocumentBase
from warband.model.battle import BattleRun
from warband.model.dice import Dice, DiceError
from warband.model.systems.pfpv import casting
from warband.model.systems.pfpv.scene import (
    CastingSetup,
    PfpvScene,
    build_setup,
    options_of,
    roll_casting,
)


class PfpvSceneDocument(BattleDocumentBase[PfpvScene]):
    """The scene and the castings its resolver makes."""

    def __init__(self, run: BattleRun[PfpvScene], parent: QObject | None = None) -> None:
        super().__init__(run, parent)

    def setup(self, key: str, choice: CastingSetup) -> casting.Setup:
        return build_setup(self.battle, key, choice)

    def odds(self, key: str, choice: CastingSetup) -> casting.Odds:
        """The exact chances of every outcome before the rolls (the resolver shows them)."""
        return casting.odds(self.setup(key, choice), options_of(choice))

    def roll_2d5(self, count: int, dice: Dice | None = None) -> tuple[int, ...] | None:
        """`count` rolls of 2d5 (two dice numbered 0–5 each), with the program's dice or the table's."""
        source = dice or self.run.dice
        try:
            values = source.roll(6, 2 * count, low=0)
        except DiceError as exc:
            self.refused.emit(exc.sentence)
            return None
        return tuple(values[i] + values[i + 1] for i in range(0, len(values), 2))

    def cast(
        self,
        key: str,
        choice: CastingSetup,
        contact: Mapping[str, int] | None = None,
        control: Mapping[str, int] | None = None,
        dice: Dice | None = None,
    ) -> casting.Result | None:
        """Cast with the rolls given (each 0 … 10, typed from the table) or rolled now; applied and logged. The
        rule runs once (`roll_casting`), and the journal keeps the command with its rolls."""
        try:  # refused: the setup (PF-04), or a spell the catalogs no longer know (AR-02)
            return self.rolled(
                lambda: roll_casting(self.battle, key, choice, contact, control, dice or self.run.dice)
            )
        except KeyError as exc:
            self.refused.emit(f"a roll is missing: {exc}")
            return None
