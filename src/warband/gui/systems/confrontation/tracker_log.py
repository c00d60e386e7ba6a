"""The Confrontation battle log: the shared battle log (`warband.gui.widgets.battle_log`) with the turn, the
phase by its name, what happened and the dice; no Side column (AR-05)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject

from warband.gui.battle_document import BattleDocument
from warband.gui.widgets import battle_log
from warband.gui.widgets.battle_log import BattleLogModel, LogLayout
from warband.model.battle_log import LogEntry
from warband.model.messages import N_, _
from warband.model.systems.confrontation.battle_state import PHASE_NAMES, ConfrontationBattle


def phase_name(phase: str) -> str:
    return _(PHASE_NAMES.get(phase, phase))


CONFRONTATION_LOG = LogLayout(phase_name=phase_name, phase_sample=N_("Tactical roll"))


class LogTableModel(BattleLogModel):
    """The Confrontation log; its columns by name."""

    TURN, PHASE, TEXT, DICE = range(4)

    def __init__(self, document: BattleDocument[ConfrontationBattle], parent: QObject | None = None) -> None:
        super().__init__(document, CONFRONTATION_LOG, parent)


def log_as_text(log: Sequence[LogEntry]) -> str:
    """Every entry, oldest first: `Turn 2, Divination: <what happened> [dice 6 + 3 (rolled)]`."""
    return battle_log.log_as_text(log, CONFRONTATION_LOG)
