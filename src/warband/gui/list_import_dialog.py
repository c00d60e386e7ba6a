"""File → Import List from Text…: an army list pasted as text read into an army, line by line, as the player
types or pastes (`api.import_list`). Each line shows what it was read as; a line that names no profile shows the
closest names, and "Use …" puts the chosen one in its place. Nothing is guessed and nothing is lost: the text
stays as pasted until the player changes it, and the army opens as a new, untitled one or is added to the army
on screen as one change that Undo takes back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from warband.api import Army, Catalogs, ListImport, ListLine, game_named_in, import_list, new_army
from warband.model.messages import _, ngettext
from warband.model.names import display_name

READ_AFTER_MS = 200
"""The list is read again this long after the last key press (at once when pasted)."""


@dataclass(frozen=True)
class ImportChoice:
    """What the player asked for: the army read, opened as a new one or added to the army on screen."""

    army: Army
    add: bool


class ListImportDialog(QDialog):
    def __init__(
        self,
        games: Sequence[tuple[str, str]],
        catalogs_for: Callable[[str], Catalogs],
        current: Army | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Import List from Text"))
        self.setObjectName("listImportDialog")
        self._catalogs_for = catalogs_for
        self._current = current
        self.read: ListImport | None = None
        self.choice: ImportChoice | None = None

        self.game_combo = QComboBox(self)
        self.game_combo.setObjectName("listImportGame")
        for game_id, name in games:
            self.game_combo.addItem(name, game_id)
        if current is not None and self.game_combo.findData(current.system) >= 0:
            self.game_combo.setCurrentIndex(self.game_combo.findData(current.system))
        self.text_edit = QPlainTextEdit(self)
        self.text_edit.setObjectName("listImportText")
        self.text_edit.setPlaceholderText(
            _(
                "Paste a list here: Warband's own shared roster, or lines such as “3x Rider of Rohan”, "
                "“Captain of Rohan (55 pts)”, “- Iron Priestess: Divine Messenger, Prayer”."
            )
        )
        self.text_edit.setTabChangesFocus(True)
        self.lines_table = QTableWidget(0, 3, self)
        self.lines_table.setObjectName("listImportLines")
        self.lines_table.setHorizontalHeaderLabels([_("Line"), _("Read as"), _("Note")])
        self.lines_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.lines_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.lines_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.lines_table.setWordWrap(True)
        header = self.lines_table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.summary = QLabel(self)
        self.summary.setObjectName("listImportSummary")
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setWordWrap(True)
        self.use_button = QPushButton(self)
        self.use_button.setObjectName("listImportUseSuggestion")
        self.use_button.setVisible(False)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.open_button = buttons.addButton(_("Open as New Army"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.open_button.setObjectName("listImportOpen")
        self.add_button = buttons.addButton(_("Add to This Army"), QDialogButtonBox.ButtonRole.ApplyRole)
        self.add_button.setObjectName("listImportAdd")
        self.open_button.setDefault(True)

        form = QFormLayout()
        form.addRow(_("Game:"), self.game_combo)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.text_edit, 2)
        layout.addWidget(self.lines_table, 3)
        layout.addWidget(self.use_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.summary)
        layout.addWidget(buttons)
        self.resize(760, 620)

        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(READ_AFTER_MS)
        self._timer.timeout.connect(self.refresh)
        self.text_edit.textChanged.connect(self._timer.start)
        self.game_combo.currentIndexChanged.connect(lambda _index: self.refresh())
        self.lines_table.itemSelectionChanged.connect(self._update_use_button)
        self.use_button.clicked.connect(self.use_suggestion)
        self.open_button.clicked.connect(lambda: self._finish(add=False))
        self.add_button.clicked.connect(lambda: self._finish(add=True))
        buttons.rejected.connect(self.reject)
        self.refresh()

    # --- reading -------------------------------------------------------------------------------------------
    @property
    def system(self) -> str:
        return str(self.game_combo.currentData())

    def refresh(self) -> None:
        """Read the text again and show what each line became."""
        self._timer.stop()
        text = self.text_edit.toPlainText()
        named = game_named_in(text)
        if named is not None and named != self.system and self.game_combo.findData(named) >= 0:
            self.game_combo.blockSignals(True)
            self.game_combo.setCurrentIndex(self.game_combo.findData(named))
            self.game_combo.blockSignals(False)
        catalogs = self._catalogs_for(self.system)
        self.read = import_list(text, new_army(self.system), catalogs) if text.strip() else None
        lines = self.read.lines if self.read is not None else ()
        self.lines_table.setRowCount(len(lines))
        self.lines_table.setVerticalHeaderLabels([str(line.number) for line in lines])  # blank lines are not rows
        for row, line in enumerate(lines):
            cells = (line.text.strip(), self._read_as(line, catalogs), self._note(line))
            for column, text_of_cell in enumerate(cells):
                item = QTableWidgetItem(text_of_cell)
                item.setToolTip(text_of_cell)
                self.lines_table.setItem(row, column, item)
        self.lines_table.resizeRowsToContents()
        self._update_summary()
        self._update_use_button()

    def _read_as(self, line: ListLine, catalogs: Catalogs) -> str:
        if line.status == "unit":
            profile = catalogs.get("profiles", line.profile)
            name = display_name(profile.name) if profile is not None else line.profile
            return f"{line.count}× {name}" if line.count > 1 else name
        if line.status == "unmatched":
            return _("not read")
        if line.status == "name":
            return _("the army's name")
        return _("left out")

    def _note(self, line: ListLine) -> str:
        notes = list(line.messages)
        if line.status == "unmatched":
            closest = ", ".join(line.suggestions)
            notes.insert(
                0,
                _("No profile has this name; closest: {names}").format(names=closest)
                if closest
                else _("No profile has this name."),
            )
        return " ".join(notes)

    def _update_summary(self) -> None:
        read = self.read
        units = len(read.units) if read is not None else 0
        unread = len(read.unmatched) if read is not None else 0
        parts = [ngettext("{n} unit read", "{n} units read", units).format(n=units)]
        if unread:
            parts.append(ngettext("{n} line not read", "{n} lines not read", unread).format(n=unread))
        if read is not None:
            parts.extend(read.notes)
        self.summary.setText(" · ".join(parts))
        self.open_button.setEnabled(units > 0)
        same_game = self._current is not None and self._current.system == self.system
        self.add_button.setVisible(self._current is not None)
        self.add_button.setEnabled(units > 0 and same_game)

    # --- resolving a line ----------------------------------------------------------------------------------
    def _selected_line(self) -> ListLine | None:
        rows = self.lines_table.selectionModel().selectedRows()
        if not rows or self.read is None:
            return None
        return self.read.lines[rows[0].row()]

    def _update_use_button(self) -> None:
        line = self._selected_line()
        usable = line is not None and line.status == "unmatched" and bool(line.suggestions)
        self.use_button.setVisible(usable)
        if usable and line is not None:
            self.use_button.setText(_("Use “{name}”").format(name=line.suggestions[0]))

    def use_suggestion(self) -> None:
        """Put the closest name in place of the selected line's, in the text (so Undo in the box takes it back)."""
        line = self._selected_line()
        if line is None or not line.suggestions:
            return
        from warband.model.list_import import name_read

        name = name_read(line.text)
        block = self.text_edit.document().findBlockByNumber(line.number - 1)
        start = block.text().find(name)
        if start < 0:
            return
        cursor = QTextCursor(block)
        cursor.setPosition(block.position() + start)
        cursor.setPosition(block.position() + start + len(name), QTextCursor.MoveMode.KeepAnchor)
        cursor.insertText(line.suggestions[0])
        self.refresh()

    # --- finishing -----------------------------------------------------------------------------------------
    def _finish(self, *, add: bool) -> None:
        self.refresh()
        if self.read is None or not self.read.units:
            return
        if add and self._current is not None:
            army = import_list(self.text_edit.toPlainText(), self._current, self._catalogs_for(self.system)).army
        else:
            army = self.read.army
        self.choice = ImportChoice(army, add)
        self.accept()
