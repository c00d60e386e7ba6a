"""The battle log of a Strategy Battle Game battle: every action with its turn, phase, side and dice; undone ones
struck out (AR-05). The power-dice log panel is typed for its own document and shows its step codes; this one
shows the SBG phase names and exports with them."""

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

from warband.gui.systems.sbg.battle_document import SbgBattleDocument
from warband.gui.tracker.appearance import (
    FAILURE_COLOUR,
    SUCCESS_COLOUR,
    compact_rows,
    muted,
    side_tint,
    struck_font,
)
from warband.gui.tracker.log_text import dice_text, entry_text
from warband.model.battle_log import LogEntry
from warband.model.messages import _
from warband.model.storage import write_bytes_atomic
from warband.model.systems.sbg.battle_state import PHASE_NAMES

ModelIndex = QModelIndex | QPersistentModelIndex
AskPath = Callable[[], Path | None]


def phase_name(phase: str) -> str:
    return _(PHASE_NAMES[phase]) if phase in PHASE_NAMES else phase


def log_as_text(log: Sequence[LogEntry]) -> str:
    """Every entry, oldest first: `Turn 2, Move: <what happened> [dice 5 (rolled)]`."""
    lines = []
    for entry in log:
        where = _("Turn {turn}, {phase}").format(turn=entry.turn, phase=phase_name(entry.phase))
        line = f"{where}: {entry_text(entry)}"
        dice = dice_text(entry)
        if dice:
            line += " " + _("[dice {dice}]").format(dice=dice)
        lines.append(line)
    return "".join(f"{line}\n" for line in lines)


class SbgLogTableModel(QAbstractTableModel):
    """The document's log, oldest first; rows are only ever added, and undo only marks them."""

    TURN, PHASE, SIDE, TEXT, DICE = range(5)

    def __init__(self, document: SbgBattleDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._log: list[LogEntry] = list(document.run.log)
        document.log_changed.connect(self._on_document_log_changed)

    def entry(self, row: int) -> LogEntry:
        return self._log[row]

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._log)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else 5

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        titles = (_("Turn"), _("Phase"), _("Side"), _("What happened"), _("Dice"))
        return titles[section] if 0 <= section < len(titles) else None

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._log):
            return None
        entry = self._log[index.row()]
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            if column == self.TURN:
                return str(entry.turn)
            if column == self.PHASE:
                return phase_name(entry.phase)
            if column == self.SIDE:
                sides = self._document.battle.sides
                return sides[entry.side].player if entry.side is not None and entry.side < len(sides) else ""
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
        if role == Qt.ItemDataRole.BackgroundRole and column == self.SIDE and entry.side is not None:
            return side_tint(entry.side)
        if role == Qt.ItemDataRole.TextAlignmentRole and column == self.TURN:
            return int(Qt.AlignmentFlag.AlignCenter)
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
            self.dataChanged.emit(self.index(changed[0], 0), self.index(changed[-1], 4))


class SbgLogPanel(QWidget):
    """The log table, kept scrolled to the newest entry, and its export as plain text."""

    reported = Signal(str, bool)
    """A sentence for the tab's message line, and whether it is a failure (the log could not be written)."""

    def __init__(self, document: SbgBattleDocument, ask_path: AskPath, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._ask_path = ask_path
        self.model = SbgLogTableModel(document, self)
        self.table = QTableView(self)
        self.table.setObjectName("logTable")
        self.table.setAccessibleName(_("Battle log"))
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        compact_rows(self.table)
        header = self.table.horizontalHeader()
        header.setHighlightSections(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(SbgLogTableModel.TEXT, QHeaderView.ResizeMode.Stretch)
        metrics = self.table.fontMetrics()
        header.resizeSection(SbgLogTableModel.TURN, metrics.horizontalAdvance(_("Turn")) + 20)
        header.resizeSection(SbgLogTableModel.PHASE, metrics.horizontalAdvance("Priority") + 20)
        header.resizeSection(SbgLogTableModel.SIDE, metrics.horizontalAdvance("Player name") + 16)
        header.resizeSection(SbgLogTableModel.DICE, metrics.horizontalAdvance("6 + 6 (rolled)") + 20)
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
