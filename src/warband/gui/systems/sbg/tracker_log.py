"""The battle log of a Strategy Battle Game battle: the shared battle log (`warband.gui.widgets.battle_log`) with
the turn, the phase by its name, the side that acted, what happened and the dice (AR-05)."""

from __future__ import annotations

from PySide6.QtCore import QObject

from warband.gui.battle_document import BattleDocument
from warband.gui.widgets.battle_log import BattleLogModel, LogLayout
from warband.model.messages import N_, _
from warband.model.systems.sbg.battle_state import PHASE_NAMES, SbgBattle


def phase_name(phase: str) -> str:
    return _(PHASE_NAMES[phase]) if phase in PHASE_NAMES else phase


SBG_LOG = LogLayout(phase_name=phase_name, phase_sample=N_("Priority"), sides=True, dice_sample="6 + 6 (rolled)")


class SbgLogTableModel(BattleLogModel):
    """The SBG log; its columns by name."""

    TURN, PHASE, SIDE, TEXT, DICE = range(5)

    def __init__(self, document: BattleDocument[SbgBattle], parent: QObject | None = None) -> None:
        super().__init__(document, SBG_LOG, parent)
