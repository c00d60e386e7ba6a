"""The log of a « Par le Fer et par le Verbe » scene: every action with its combat round and dice, undone ones
struck out (AR-05), and its export as plain text. The other systems' log panels are typed for their own documents
and name their phases; a scene has combat rounds, or none."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from warband.gui.systems.pfpv.scene_document import PfpvSceneDocument
from warband.gui.systems.pfpv.tracker_text import round_text
from warband.gui.tracker.appearance import FAILURE_COLOUR, SUCCESS_COLOUR, compact_rows, muted, struck_font
from warband.gui.tracker.log_text import dice_text, entry_text
from warband.model.battle_log import LogEntry
from warband.model.messages import _
from warband.model.storage import write_bytes_atomic

ModelIndex = QModelIndex | QPersistentModelIndex
AskPath = Callable[[], Path | None]


def when_text(entry: LogEntry) -> str:
    """`Round 3` in combat, `Out of combat` otherwise."""
    return _("Round {round}").format(round=entry.turn) if entry.turn else _("Out of combat")


def log_as_text(log: Sequence[LogEntry]) -> str:
    """Every entry, oldest first: `Round 2: <what happened> [dice 5 (rolled)]`."""
    lines = []
    for entry in log:
        line = f"{when_text(entry)}: {entry_text(entry)}"
        dice = dice_text(entry)
        if dice:
            line += " " + _("[dice {dice}]").format(dice=dice)
        lines.append(line)
    return "".join(f"{line}\n" for line in lines)


class PfpvLogTableModel(QAbstractTableModel):
    """The document's log, oldest first; rows are only ever added, and undo only marks them."""

    WHEN, TEXT, DICE = range(3)

    def __init__(self, document: PfpvSceneDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._log: list[LogEntry] = list(document.run.log)
        document.log_changed.connect(self._on_document_log_changed)

    def entry(self, row: int) -> LogEntry:
        return self._log[row]

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._log)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else 3

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        titles = (_("When"), _("What happened"), _("Dice"))
        return titles[section] if 0 <= section < len(titles) else None

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._log):
            return None
        entry = self._log[index.row()]
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            if column == self.WHEN:
                return when_text(entry)
            if column == self.TEXT:
                return entry_text(entry)
            return dice_text(entry)
        if role == Qt.ItemDataRole.FontRole and entry.undone:
            return struck_font()
        if role == Qt.ItemDataRole.ForegroundRole:
            if entry.undone:
                return muted()
            if column == self.TEXT and entry.success is not None:
                return QBrush(QColor(SUCCESS_COLOUR if entry.success else FAILURE_COLOUR))
        return None

    def _on_document_log_changed(self) -> None:
        log = list(self._document.run.log)
        old = len(self._log)
        if len(log) < old:
            self.beginResetModel()
            self._log = log
            self.endResetModel()
            return
        changed = [row for row in range(old) if log[row] != self._log[row]]
        if len(log) > old:
            self.beginInsertRows(QModelIndex(), old, len(log) - 1)
            self._log = log
            self.endInsertRows()
        else:
            self._log = log
        if changed:
            self.dataChanged.emit(self.index(changed[0], 0), self.index(changed[-1], 2))


class PfpvLogPanel(QWidget):
    """The log table, kept scrolled to the newest entry, and its export as plain text."""

    reported = Signal(str, bool)
    """A sentence for the tab's message line, and whether it is a failure (the log could not be written)."""

    def __init__(self, document: PfpvSceneDocument, ask_path: AskPath, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._ask_path = ask_path
        self.model = PfpvLogTableModel(document, self)
        self.table = QTableView(self)
        self.table.setObjectName("logTable")
        self.table.setAccessibleName(_("Scene log"))
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        compact_rows(self.table)
        header = self.table.horizontalHeader()
        header.setHighlightSections(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(PfpvLogTableModel.TEXT, QHeaderView.ResizeMode.Stretch)
        metrics = self.table.fontMetrics()
        header.resizeSection(PfpvLogTableModel.WHEN, metrics.horizontalAdvance(round_text(0)) + 20)
        header.resizeSection(PfpvLogTableModel.DICE, metrics.horizontalAdvance("10 (rolled)") + 20)
        self.export_button = QPushButton(_("Export log…"), self)
        self.export_button.setObjectName("exportLogButton")
        self.export_button.setToolTip(_("Write the whole log, undone actions included, to a text file"))

        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)

        self.export_button.clicked.connect(self._on_export_button_clicked)
        self.model.rowsInserted.connect(self._on_model_rows_inserted)
        self.table.scrollToBottom()

    def _on_model_rows_inserted(self) -> None:
        self.table.scrollToBottom()

    def export(self) -> Path | None:
        """Ask where, then write the log there as plain text; the path written, or None."""
        path = self._ask_path()
        if path is None:
            return None
        try:
            write_bytes_atomic(path, log_as_text(self._document.run.log).encode("utf-8"))
        except OSError as exc:
            self.reported.emit(_("Cannot write the log to {file}: {reason}").format(file=path, reason=exc), True)
            return None
        self.reported.emit(_("Log written to {file}").format(file=path), False)
        return path

    def _on_export_button_clicked(self) -> None:
        self.export()
