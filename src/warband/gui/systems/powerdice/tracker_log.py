"""The battle log of a power-dice battle: the shared battle log (`warband.gui.widgets.battle_log`) with the turn,
the step code, the side that acted, what happened and the dice (AR-05)."""

from __future__ import annotations

from PySide6.QtCore import QObject

from warband.gui.battle_document import BattleDocument
from warband.gui.widgets.battle_log import BattleLogModel, LogLayout
from warband.model.messages import N_
from warband.model.systems.powerdice.battle_state import PowerDiceBattle

POWER_DICE_LOG = LogLayout(phase_title=N_("Step"), sides=True)


class PowerDiceLogTableModel(BattleLogModel):
    """The power-dice log; its columns by name."""

    TURN, STEP, SIDE, TEXT, DICE = range(5)

    def __init__(self, document: BattleDocument[PowerDiceBattle], parent: QObject | None = None) -> None:
        super().__init__(document, POWER_DICE_LOG, parent)
