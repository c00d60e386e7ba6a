"""The battle log of any system: every action with its turn, its phase or step, the side that acted and its
dice, newest last; undone ones struck out (AR-05); and its export as plain text.

Every system's log reads the same `run.log` of a `BattleDocument`; what differs between systems — the first
column's title and text, the phase column and its names, the Side column, the names of the log and of its file —
is a `LogLayout`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from warband.gui.battle_document import BattleDocument
from warband.gui.widgets.appearance import (
    FAILURE_COLOUR,
    SUCCESS_COLOUR,
    compact_rows,
    muted,
    side_tint,
    struck_font,
)
from warband.gui.widgets.log_fit import LogFit
from warband.gui.widgets.plain_text import plain_tooltip
from warband.gui.widgets.tail_view import TailPaintingTableView
from warband.gui.widgets.tracker_rows import runs
from warband.model.battle_log import LogEntry, entry_words
from warband.model.messages import N_, _
from warband.model.storage import write_bytes_atomic

ModelIndex = QModelIndex | QPersistentModelIndex
AskPath = Callable[[], Path | None]
"""Where to write the exported log; None: the player cancelled."""


class LogColumn(enum.Enum):
    TURN = enum.auto()
    PHASE = enum.auto()
    SIDE = enum.auto()
    TEXT = enum.auto()
    DICE = enum.auto()


@dataclass(frozen=True)
class LogLayout:
    """What one system's log shows where the systems differ. Titles, names and samples are messages, translated
    when shown; the columns: Turn, then Phase and Side where the system has them, then What happened and Dice."""

    turn_title: str = N_("Turn")
    turn_text: Callable[[LogEntry], str] | None = None
    """The first column's text, which also heads an exported line (`Round 2`); None: the turn number, centred,
    and an exported line headed `Turn 2, <phase>`."""
    turn_sample: str = ""
    """The widest usual text of the first column, for its first width (its title where that is wider)."""
    phase_title: str | None = N_("Phase")
    """None: no phase column (a scene has combat rounds, not phases)."""
    phase_name: Callable[[str], str] | None = None
    """The phase column's text for an entry's phase; None: the code as it is (`A1`), short, centred."""
    phase_sample: str = ""
    sides: bool = False
    """A Side column: the name of the player who acted, on the side's colour."""
    dice_sample: str = "6 + 6 + 6 (rolled)"
    title: str = N_("Battle log")
    """The table's accessible name."""
    export_title: str = N_("Export the battle log")
    file_name: str = "battle-log.txt"
    """The name the export dialog proposes."""

    def columns(self) -> tuple[LogColumn, ...]:
        phase = (LogColumn.PHASE,) if self.phase_title is not None else ()
        side = (LogColumn.SIDE,) if self.sides else ()
        return (LogColumn.TURN, *phase, *side, LogColumn.TEXT, LogColumn.DICE)

    def turn_of(self, entry: LogEntry) -> str:
        return str(entry.turn) if self.turn_text is None else self.turn_text(entry)

    def phase_of(self, entry: LogEntry) -> str:
        return entry.phase if self.phase_name is None else self.phase_name(entry.phase)

    def line_head(self, entry: LogEntry) -> str:
        """When an exported line happened: `Turn 2, Divination`, or the first column's own text (`Round 2`)."""
        if self.turn_text is not None:
            return self.turn_text(entry)
        return _("Turn {turn}, {phase}").format(turn=entry.turn, phase=self.phase_of(entry))


def dice_text(entry: LogEntry) -> str:
    """`6 + 3 (rolled)`, `4 (typed)`, or nothing when no dice were thrown."""
    if not entry.dice:
        return ""
    dice = " + ".join(str(d) for d in entry.dice)
    source = {"rolled": _("rolled"), "typed": _("typed")}.get(entry.source, "")
    return f"{dice} ({source})" if source else dice


def entry_text(entry: LogEntry) -> str:
    """The line in the language spoken where it was written in it (else in English), marked when undone."""
    words = entry_words(entry)
    return f"{words} {_('(undone)')}" if entry.undone else words


def log_as_text(log: Sequence[LogEntry], layout: LogLayout) -> str:
    """Every entry, oldest first: `Turn 2, Divination: <what happened> [dice 6 + 3 (rolled)]`."""
    lines = []
    for entry in log:
        line = f"{layout.line_head(entry)}: {entry_text(entry)}"
        dice = dice_text(entry)
        if dice:
            line += " " + _("[dice {dice}]").format(dice=dice)
        lines.append(line)
    return "".join(f"{line}\n" for line in lines)


_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
_FONT = int(Qt.ItemDataRole.FontRole)
_FOREGROUND = int(Qt.ItemDataRole.ForegroundRole)
_BACKGROUND = int(Qt.ItemDataRole.BackgroundRole)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole)
_ROLES = frozenset({_DISPLAY, _TOOLTIP, _FONT, _FOREGROUND, _BACKGROUND, _ALIGNMENT})
"""The roles the log answers; the view asks for others, and gets None at once."""
_CENTRED = int(Qt.AlignmentFlag.AlignCenter)


class BattleLogModel(QAbstractTableModel):
    """The document's log, oldest first, in the layout's columns; rows are only ever added, and undo only marks
    them. Its rows are the run's log itself, as many as the view has been told of: a change tells the view of the
    rows added and of those undo or redo marked (`BattleRun.marked`), never comparing the others, so that acting
    costs the same in a battle of thousands of lines."""

    def __init__(self, document: BattleDocument[Any], layout: LogLayout, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.layout = layout
        self._columns = layout.columns()
        self._rows = len(document.run.log)
        self._marks_seen = len(document.run.marked)
        document.log_changed.connect(self._on_document_log_changed)

    def entry(self, row: int) -> LogEntry:
        if not 0 <= row < self._rows:
            raise IndexError(row)
        return self.document.run.log[row]

    def kind(self, column: int) -> LogColumn:
        return self._columns[column]

    def column(self, kind: LogColumn) -> int:
        """Where the layout puts this column; -1 where it has none."""
        return self._columns.index(kind) if kind in self._columns else -1

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else self._rows

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._columns)

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        return self.title(self._columns[section]) if 0 <= section < len(self._columns) else None

    def title(self, kind: LogColumn) -> str:
        titles = {
            LogColumn.TURN: self.layout.turn_title,
            LogColumn.PHASE: self.layout.phase_title or N_("Phase"),
            LogColumn.SIDE: N_("Side"),
            LogColumn.TEXT: N_("What happened"),
            LogColumn.DICE: N_("Dice"),
        }
        return _(titles[kind])

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role not in _ROLES:  # first: a view asks each cell for a dozen roles, a long log for thousands of rows
            return None
        row = index.row()
        if not 0 <= row < self._rows or not index.isValid():
            return None
        entry = self.document.run.log[row]
        kind = self._columns[index.column()]
        if role == _DISPLAY:
            return self._text(entry, kind)
        if role == _TOOLTIP:  # a long line in full; names and labels are the players'
            return plain_tooltip(self._text(entry, kind))
        if role == _FONT:
            return struck_font() if entry.undone else None
        if role == _FOREGROUND:
            if entry.undone:
                return muted()
            if kind is LogColumn.TEXT and entry.success is not None:
                return QBrush(QColor(SUCCESS_COLOUR if entry.success else FAILURE_COLOUR))
            return None
        if role == _BACKGROUND:
            return side_tint(entry.side) if kind is LogColumn.SIDE and entry.side is not None else None
        return _CENTRED if self._centred(kind) else None  # the text's alignment

    def text_look(self, row: int) -> tuple[str, bool]:
        """What the row's text cell paints, for its height (`LogFit`): its words, and whether it is struck out
        (its font)."""
        entry = self.document.run.log[row]
        return entry_text(entry), entry.undone

    def _text(self, entry: LogEntry, kind: LogColumn) -> str:
        if kind is LogColumn.TURN:
            return self.layout.turn_of(entry)
        if kind is LogColumn.PHASE:
            return self.layout.phase_of(entry)
        if kind is LogColumn.SIDE:
            sides = self.document.battle.sides
            return str(sides[entry.side].player) if entry.side is not None and entry.side < len(sides) else ""
        return entry_text(entry) if kind is LogColumn.TEXT else dice_text(entry)

    def _centred(self, kind: LogColumn) -> bool:
        """Numbers and codes are centred, words are not."""
        if kind is LogColumn.TURN:
            return self.layout.turn_text is None
        return kind is LogColumn.PHASE and self.layout.phase_name is None

    def _on_document_log_changed(self) -> None:
        run = self.document.run
        rows, seen = self._rows, self._marks_seen
        if len(run.log) < rows or len(run.marked) < seen:  # not the log shown: show it anew
            self.beginResetModel()
            self._rows, self._marks_seen = len(run.log), len(run.marked)
            self.endResetModel()
            return
        marked = sorted({row for row in run.marked[seen:] if row < rows})  # rows added come with their marks
        self._marks_seen = len(run.marked)
        if len(run.log) > rows:
            self.beginInsertRows(QModelIndex(), rows, len(run.log) - 1)
            self._rows = len(run.log)
            self.endInsertRows()
        last = len(self._columns) - 1
        for first, end in runs(marked):  # an action's lines, written together
            self.dataChanged.emit(self.index(first, 0), self.index(end, last))


class BattleLogPanel(QWidget):
    """The log table, kept scrolled to the newest entry, and its export as plain text."""

    reported = Signal(str, bool)
    """A sentence for the tab's message line, and whether it is a failure (the log could not be written)."""

    def __init__(
        self, model: BattleLogModel, parent: QWidget | None = None, *, ask_path: AskPath | None = None
    ) -> None:
        super().__init__(parent)
        self.model = model
        model.setParent(self)
        self._ask_path = ask_path or self._ask_path_in_a_dialog
        layout = model.layout
        self.table = TailPaintingTableView(self)  # a new line: the lines above it scroll, not repainted
        self.table.setObjectName("logTable")
        self.table.setAccessibleName(_(layout.title))
        self.table.setModel(model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        compact_rows(self.table)
        self.table.horizontalHeader().setHighlightSections(False)
        samples = {
            LogColumn.TURN: layout.turn_sample,
            LogColumn.PHASE: layout.phase_sample,
            LogColumn.SIDE: "Player name",
            LogColumn.DICE: layout.dice_sample,
        }
        self.fit = LogFit(
            self.table,
            model.column(LogColumn.TEXT),
            {model.column(kind): sample for kind, sample in samples.items() if model.column(kind) >= 0},
        )
        """What happened wraps onto as many lines as it takes; the other columns are as wide as they need."""
        self.export_button = QPushButton(_("Export log…"), self)
        self.export_button.setObjectName("exportLogButton")
        self.export_button.setToolTip(_("Write the whole log, undone actions included, to a text file"))

        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.export_button)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.table, 1)
        box.addLayout(buttons)

        self.export_button.clicked.connect(self._on_export_button_clicked)
        model.rowsInserted.connect(self._on_model_rows_inserted)
        self.table.scrollToBottom()

    def export(self) -> Path | None:
        """Ask where, then write the log there as plain text; the path written, or None."""
        path = self._ask_path()
        if path is None:
            return None
        text = log_as_text(self.model.document.run.log, self.model.layout)
        try:
            write_bytes_atomic(path, text.encode("utf-8", errors="replace"))  # a lone surrogate: "?"
        except OSError as exc:
            self.reported.emit(_("Cannot write the log to {file}: {reason}").format(file=path, reason=exc), True)
            return None
        self.reported.emit(_("Log written to {file}").format(file=path), False)
        return path

    def _ask_path_in_a_dialog(self) -> Path | None:
        layout = self.model.layout
        name, _filter = QFileDialog.getSaveFileName(
            self, _(layout.export_title), layout.file_name, _("Text files (*.txt);;All files (*)")
        )
        return Path(name) if name else None

    def _on_model_rows_inserted(self) -> None:
        self.table.scrollToBottom()  # after the fit has measured the new rows: it was told first

    def _on_export_button_clicked(self) -> None:
        self.export()
