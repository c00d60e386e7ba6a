"""The log of a « Par le Fer et par le Verbe » scene: the shared battle log (`warband.gui.widgets.battle_log`)
with the combat round, or none, instead of turn and phase; what happened and the dice (AR-05)."""

from __future__ import annotations

from PySide6.QtCore import QObject

from warband.gui.battle_document import BattleDocument
from warband.gui.widgets.battle_log import BattleLogModel, LogLayout
from warband.model.battle_log import LogEntry
from warband.model.messages import N_, _
from warband.model.systems.pfpv.scene import PfpvScene


def when_text(entry: LogEntry) -> str:
    """`Round 3` in combat, `Out of combat` otherwise."""
    return _("Round {round}").format(round=entry.turn) if entry.turn else _("Out of combat")


PFPV_LOG = LogLayout(
    turn_title=N_("When"),
    turn_text=when_text,
    turn_sample=N_("Out of combat"),
    phase_title=None,
    dice_sample="10 (rolled)",
    title=N_("Scene log"),
    export_title=N_("Export the scene log"),
    file_name="scene-log.txt",
)


class PfpvLogTableModel(BattleLogModel):
    """The scene's log; its columns by name."""

    WHEN, TEXT, DICE = range(3)

    def __init__(self, document: BattleDocument[PfpvScene], parent: QObject | None = None) -> None:
        super().__init__(document, PFPV_LOG, parent)
