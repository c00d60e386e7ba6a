"""Catalogs → Edit Catalogs…: the catalog editor, a window of its own. Open a player's catalog or start one for any
game; the catalog's kinds of entry on the left (and "This catalog" for its own fields), the entries of the kind
chosen below them, the chosen entry's form on the right; the problems at the bottom, as `warband catalog check`
finds them, a double-click on one going to its field.

Every change is an undoable command (Ctrl+Z, Ctrl+Shift+Z) with its label in the Edit menu. Saving writes the file
atomically to the player's catalog folder (or where the player says), and tells the main window, whose builder
and open army see the change at once. Closing, opening or starting another catalog asks first when there are
unsaved changes; deleting an entry that armies among the recent files use says which and asks first.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Literal, Protocol

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from warband import api
from warband.gui.catalog_editor.document import CatalogEditDocument, Others
from warband.gui.catalog_editor.editors import Editor, GroupEditor
from warband.gui.catalog_editor.words import field_label
from warband.model import catalog_edit as ce
from warband.model import catalog_fields as cf
from warband.model.catalog import load_catalog, singular
from warband.model.messages import _

CATALOG = "__catalog__"
"""The row of the kinds' list that edits the catalog's own fields (its name, revision, notes)."""
ENVELOPE_FIXED = ("format", "version", "system")
"""Fields of the catalog the editor keeps as they are: the file's format and version, its game."""
PROBLEM_QSS = '*[problem="true"] { border: 1px solid #c0392b; }'

Unsaved = Literal["save", "discard", "cancel"]


class EditorAsker(Protocol):
    """The questions the editor asks the player (tests answer them without dialogs)."""

    def new_catalog(self, parent: QWidget, games: Sequence[tuple[str, str]]) -> tuple[str, str, str] | None:
        """The game, the catalog ID and its name for a new catalog, or None."""

    def open_path(self, parent: QWidget, folder: Path) -> Path | None: ...

    def save_path(self, parent: QWidget, suggested: Path) -> Path | None: ...

    def folder(self, parent: QWidget, title: str, start: Path) -> Path | None:
        """A folder (for the CSV files), or None."""

    def unsaved(self, parent: QWidget, name: str) -> Unsaved: ...

    def confirm(self, parent: QWidget, title: str, text: str, details: Sequence[str] = ()) -> bool: ...

    def tell(self, parent: QWidget, title: str, text: str) -> None: ...


class NewCatalogDialog(QDialog):
    """The game, ID and name of a new catalog."""

    def __init__(self, games: Sequence[tuple[str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("New Catalog"))
        self.game_combo = QComboBox(self)
        self.game_combo.setObjectName("newCatalogGame")
        for game_id, title in games:
            self.game_combo.addItem(title, game_id)
        self.id_edit = QLineEdit("my-catalog", self)
        self.id_edit.setObjectName("newCatalogId")
        self.name_edit = QLineEdit(_("My catalog"), self)
        self.name_edit.setObjectName("newCatalogName")
        form = QFormLayout(self)
        form.addRow(_("&Game:"), self.game_combo)
        form.addRow(_("Catalog &ID:"), self.id_edit)
        form.addRow(_("&Name:"), self.name_edit)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        form.addRow(buttons)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)


class QtEditorAsker:
    """The editor's questions as dialogs."""

    def new_catalog(self, parent: QWidget, games: Sequence[tuple[str, str]]) -> tuple[str, str, str] | None:
        dialog = NewCatalogDialog(games, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        game = dialog.game_combo.currentData()
        return (str(game), dialog.id_edit.text().strip(), dialog.name_edit.text().strip())

    def open_path(self, parent: QWidget, folder: Path) -> Path | None:
        name, _filter = QFileDialog.getOpenFileName(
            parent, _("Open Catalog"), str(folder), _("Warband catalogs (*.json)")
        )
        return Path(name) if name else None

    def save_path(self, parent: QWidget, suggested: Path) -> Path | None:
        name, _filter = QFileDialog.getSaveFileName(
            parent, _("Save Catalog"), str(suggested), _("Warband catalogs (*.json)")
        )
        return Path(name) if name else None

    def folder(self, parent: QWidget, title: str, start: Path) -> Path | None:
        name = QFileDialog.getExistingDirectory(parent, title, str(start))
        return Path(name) if name else None

    def unsaved(self, parent: QWidget, name: str) -> Unsaved:
        answer = QMessageBox.question(
            parent,
            _("Unsaved changes"),
            _("Save the changes to {name}?").format(name=name),
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Save:
            return "save"
        if answer == QMessageBox.StandardButton.Discard:
            return "discard"
        return "cancel"

    def confirm(self, parent: QWidget, title: str, text: str, details: Sequence[str] = ()) -> bool:
        box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=parent)
        box.setTextFormat(Qt.TextFormat.PlainText)
        if details:
            box.setDetailedText("\n".join(details))
            box.setInformativeText("\n".join(details[:8]) + ("\n…" if len(details) > 8 else ""))
        box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
        box.setDefaultButton(QMessageBox.StandardButton.No)
        return box.exec() == QMessageBox.StandardButton.Yes

    def tell(self, parent: QWidget, title: str, text: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, parent=parent)
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.exec()


def kind_label(kind: str) -> str:
    word = ce.KIND_WORDS.get(kind)
    return _(word) if word is not None else field_label(kind)


def entry_word(kind: str) -> str:
    """One entry of the kind, for "New miracle"."""
    word = ce.ENTRY_WORDS.get(kind)
    return _(word) if word is not None else singular(kind)


class CatalogEditorWindow(QMainWindow):
    """One catalog at a time, edited in forms built from its game's catalog model."""

    saved = Signal(Path)
    """A catalog was written to this file: the main window reads the catalogs again."""

    def __init__(
        self,
        others: Others,
        folder: Path,
        recent_armies: Callable[[], Sequence[Path]] = list,
        parent: QWidget | None = None,
        *,
        asker: EditorAsker | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("catalogEditor")
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self._others = others
        self.folder = folder
        self._recent_armies = recent_armies
        self.asker: EditorAsker = asker or QtEditorAsker()
        self.document: CatalogEditDocument | None = None
        self.form: Editor | None = None
        self._kind: str | None = None
        self._index: int | None = None
        self.setStyleSheet(PROBLEM_QSS)

        self.kinds_list = QListWidget(self)
        self.kinds_list.setObjectName("kindsList")
        self.kinds_list.setAccessibleName(_("Kinds of entry"))
        self.filter_edit = QLineEdit(self)
        self.filter_edit.setObjectName("entryFilter")
        self.filter_edit.setPlaceholderText(_("Filter entries…"))
        self.filter_edit.setClearButtonEnabled(True)
        self.entries_list = QListWidget(self)
        self.entries_list.setObjectName("entriesList")
        self.entries_list.setAccessibleName(_("Entries"))
        self.add_button = QPushButton(_("&Add"), self)
        self.add_button.setObjectName("addEntryButton")
        self.duplicate_button = QPushButton(_("D&uplicate"), self)
        self.duplicate_button.setObjectName("duplicateEntryButton")
        self.delete_button = QPushButton(_("De&lete"), self)
        self.delete_button.setObjectName("deleteEntryButton")
        left = QWidget(self)
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(QLabel(_("Kinds"), left))
        left_layout.addWidget(self.kinds_list, 1)
        left_layout.addWidget(self.filter_edit)
        left_layout.addWidget(self.entries_list, 3)
        buttons = QHBoxLayout()
        for button in (self.add_button, self.duplicate_button, self.delete_button):
            buttons.addWidget(button)
        left_layout.addLayout(buttons)

        self.form_area = QScrollArea(self)
        self.form_area.setObjectName("formArea")
        self.form_area.setWidgetResizable(True)
        self.empty_label = QLabel(self)
        self.empty_label.setObjectName("emptyLabel")
        self.empty_label.setWordWrap(True)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.form_area.setWidget(self.empty_label)

        self.problems_table = QTableWidget(0, 3, self)
        self.problems_table.setObjectName("problemsTable")
        self.problems_table.setAccessibleName(_("Problems"))
        self.problems_table.setHorizontalHeaderLabels([_("Entry"), _("Place"), _("Problem")])
        self.problems_table.horizontalHeader().setStretchLastSection(True)
        self.problems_table.verticalHeader().hide()
        self.problems_table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.problems_table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.problems_label = QLabel(self)
        self.problems_label.setObjectName("problemsLabel")
        bottom = QWidget(self)
        bottom_layout = QVBoxLayout(bottom)
        bottom_layout.setContentsMargins(0, 0, 0, 0)
        bottom_layout.addWidget(self.problems_label)
        bottom_layout.addWidget(self.problems_table)

        top = QSplitter(Qt.Orientation.Horizontal, self)
        top.addWidget(left)
        top.addWidget(self.form_area)
        top.setStretchFactor(1, 3)
        top.setSizes([300, 900])
        rows = QSplitter(Qt.Orientation.Vertical, self)
        rows.setObjectName("catalogEditorRows")
        rows.addWidget(top)
        rows.addWidget(bottom)
        rows.setStretchFactor(0, 4)
        rows.setStretchFactor(1, 1)
        self.setCentralWidget(rows)
        self._menus()
        self.resize(1280, 800)

        self.kinds_list.currentRowChanged.connect(self._on_kinds_list_current_row_changed)
        self.entries_list.currentRowChanged.connect(self._on_entries_list_current_row_changed)
        self.filter_edit.textChanged.connect(self._on_filter_edit_text_changed)
        self.add_button.clicked.connect(self.add_entry)
        self.duplicate_button.clicked.connect(self.duplicate_entry)
        self.delete_button.clicked.connect(self.delete_entry)
        self.problems_table.cellDoubleClicked.connect(self._on_problems_table_cell_double_clicked)
        self._show_document()

    # --- menus ---------------------------------------------------------------------------------------------
    def _action(
        self, text: str, slot: Callable[[], object], keys: Sequence[QKeySequence] = (), name: str = ""
    ) -> QAction:
        action = QAction(text, self)
        action.setObjectName(name)
        if keys:
            action.setShortcuts(list(keys))
        action.triggered.connect(lambda _checked=False: slot())
        self.addAction(action)
        return action

    def _menus(self) -> None:
        std = QKeySequence.StandardKey
        self.new_action = self._action(_("&New Catalog…"), self.new_catalog, [QKeySequence(std.New)], "actionNew")
        self.open_action = self._action(_("&Open…"), self.open_catalog, [QKeySequence(std.Open)], "actionOpen")
        self.save_action = self._action(_("&Save"), self.save, [QKeySequence(std.Save)], "actionSave")
        self.save_as_action = self._action(
            _("Save &As…"), self.save_as, [QKeySequence("Ctrl+Shift+S")], "actionSaveAs"
        )
        self.export_csv_action = self._action(_("&Export as CSV…"), self.export_csv, (), "actionExportCsv")
        self.import_csv_action = self._action(_("&Import from CSV…"), self.import_csv, (), "actionImportCsv")
        self.close_action = self._action(_("&Close"), self.close, [QKeySequence(std.Close)], "actionClose")
        self.undo_action = self._action(_("&Undo"), self.undo, [QKeySequence(std.Undo)], "actionUndo")
        self.redo_action = self._action(
            _("&Redo"), self.redo, [QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")], "actionRedo"
        )
        self.add_action = self._action(
            _("&Add Entry"), self.add_entry, [QKeySequence("Ctrl+Shift+N")], "actionAdd"
        )
        self.duplicate_action = self._action(
            _("&Duplicate Entry"), self.duplicate_entry, [QKeySequence("Ctrl+D")], "actionDuplicate"
        )
        self.delete_action = self._action(
            _("De&lete Entry"), self.delete_entry, [QKeySequence("Ctrl+Delete")], "actionDelete"
        )
        self.problems_action = self._action(
            _("Next &Problem"), self.next_problem, [QKeySequence("F8")], "actionNextProblem"
        )
        bar = self.menuBar()
        file_menu = bar.addMenu(_("&File"))
        for action in (self.new_action, self.open_action, self.save_action, self.save_as_action):
            file_menu.addAction(action)
        file_menu.addSeparator()
        file_menu.addAction(self.export_csv_action)
        file_menu.addAction(self.import_csv_action)
        file_menu.addSeparator()
        file_menu.addAction(self.close_action)
        edit_menu = bar.addMenu(_("&Edit"))
        for action in (self.undo_action, self.redo_action):
            edit_menu.addAction(action)
        edit_menu.addSeparator()
        for action in (self.add_action, self.duplicate_action, self.delete_action, self.problems_action):
            edit_menu.addAction(action)

    # --- documents -----------------------------------------------------------------------------------------
    def set_document(self, document: CatalogEditDocument | None) -> None:
        if self.document is not None:
            self.document.deleteLater()
        self.document = document
        self._kind = self._index = None
        if document is not None:
            document.setParent(self)
            document.changed.connect(self._on_document_changed)
            document.problems_changed.connect(self._on_document_problems_changed)
            document.history_changed.connect(self._on_document_history_changed)
        self._show_document()

    def maybe_save(self) -> bool:
        """True when the catalog on screen may go: saved, or its changes saved or given up by the player."""
        if self.document is None or not self.document.modified:
            return True
        answer = self.asker.unsaved(self, self.document.display_name())
        if answer == "save":
            return self.save()
        return answer == "discard"

    def new_catalog(self) -> bool:
        if not self.maybe_save():
            return False
        games = [(game.id, _(game.title)) for game in api.games()]
        answer = self.asker.new_catalog(self, games)
        if answer is None:
            return False
        system_id, catalog_id, name = answer
        game = api.find_system(system_id)
        if game is None:
            return False
        draft = ce.new_draft(game.catalog_model, system_id, catalog_id or "my-catalog", name or catalog_id)
        self.set_document(CatalogEditDocument(draft, None, self._others))
        return True

    def open_catalog(self, path: Path | None = None) -> bool:
        if not self.maybe_save():
            return False
        chosen = path or self.asker.open_path(self, self.folder)
        if chosen is None:
            return False
        try:
            loaded = load_catalog(chosen)
        except api.FileError as error:
            self.asker.tell(self, _("Open Catalog"), str(error))
            return False
        self.set_document(CatalogEditDocument(ce.draft_of(loaded.document), chosen, self._others))
        return True

    def save(self) -> bool:
        if self.document is None:
            return False
        if self.document.path is None:
            return self.save_as()
        return self._save_to(self.document.path)

    def save_as(self) -> bool:
        if self.document is None:
            return False
        catalog_id = self.document.draft.doc.get("id")
        name = f"{catalog_id}.json" if isinstance(catalog_id, str) and catalog_id else "catalog.json"
        suggested = self.document.path or self.folder / name
        path = self.asker.save_path(self, suggested)
        return path is not None and self._save_to(path)

    def _save_to(self, path: Path) -> bool:
        assert self.document is not None
        self.document.check_now()
        count = len(self.document.problems)
        if count and not self.asker.confirm(
            self,
            _("Save Catalog"),
            _(
                "This catalog has {count} problems: until they are fixed, Warband leaves it out when it loads the "
                "catalogs. Save it anyway?"
            ).format(count=count),
            [f"{p.where}: {p.message}" for p in self.document.problems],
        ):
            return False
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.document.save(path)
        except (OSError, api.FileError) as error:
            self.asker.tell(
                self, _("Save Catalog"), _("The catalog could not be saved: {error}").format(error=error)
            )
            return False
        self.statusBar().showMessage(_("Saved {file}").format(file=path), 5000)
        self.saved.emit(path)
        return True

    def export_csv(self) -> bool:
        """The catalog as one CSV file per kind of entry, in a folder the player chooses."""
        if self.document is None:
            return False
        document, _found = ce.validated(self.document.draft)
        if document is None:
            self.asker.tell(self, _("Export as CSV"), _("Fix the catalog's problems before exporting it."))
            return False
        folder = self.asker.folder(self, _("Export as CSV"), self.folder)
        if folder is None:
            return False
        try:
            with tempfile.TemporaryDirectory() as scratch:  # the draft as its file would be, then its CSV files
                file = Path(scratch) / "catalog.json"
                api.save_catalog(self.document.draft.doc, file)
                api.export_catalog_csv(file, folder)
        except (OSError, api.FileError) as error:
            self.asker.tell(self, _("Export as CSV"), str(error))
            return False
        self.statusBar().showMessage(_("Exported to {folder}").format(folder=folder), 5000)
        return True

    def import_csv(self) -> bool:
        """A catalog read from CSV files (as `export-csv` writes them), opened as a new, unsaved catalog."""
        if not self.maybe_save():
            return False
        folder = self.asker.folder(self, _("Import from CSV"), self.folder)
        if folder is None:
            return False
        system_id = self._csv_system(folder)
        game = api.find_system(system_id) if system_id else None
        if game is None:
            self.asker.tell(
                self,
                _("Import from CSV"),
                _("{folder} holds no Warband catalog as CSV files.").format(folder=folder),
            )
            return False
        try:
            assert system_id is not None
            value = api.import_catalog_csv(folder, system_id)
        except (OSError, api.FileError) as error:
            self.asker.tell(self, _("Import from CSV"), str(error))
            return False
        document = CatalogEditDocument(ce.Draft(value, game.catalog_model), None, self._others)
        document.session.mark_unsaved()  # read from CSV files: not saved as a catalog yet
        self.set_document(document)
        return True

    @staticmethod
    def _csv_system(folder: Path) -> str | None:
        envelope = folder / "_catalog.csv"
        if not envelope.is_file():
            return None
        import csv

        try:
            with envelope.open(encoding="utf-8-sig", newline="") as handle:
                rows = list(csv.DictReader(handle))
        except (OSError, UnicodeDecodeError, csv.Error):
            return None
        system = rows[0].get("system") if rows else None
        return system.strip() if isinstance(system, str) else None

    def undo(self) -> None:
        if self.document is not None:
            self.document.undo()

    def redo(self) -> None:
        if self.document is not None:
            self.document.redo()

    # --- entries -------------------------------------------------------------------------------------------
    @property
    def kind(self) -> str | None:
        return self._kind

    @property
    def index(self) -> int | None:
        return self._index

    def select(self, kind: str, index: int | None = None) -> None:
        """Show a kind's entries, and one of them in the form."""
        row = self._kind_rows().index(kind)
        self.kinds_list.setCurrentRow(row)
        if index is not None and kind != CATALOG:
            self._select_entry(index)

    def add_entry(self) -> None:
        if self.document is None or self._kind in (None, CATALOG):
            return
        kind = self._kind
        assert kind is not None
        index = self.document.add_entry(kind, _("New {entry}").format(entry=entry_word(kind)))
        self._fill_entries()
        self._select_entry(index)
        if self.form is not None:
            self.form.focus_widget().setFocus(Qt.FocusReason.OtherFocusReason)

    def duplicate_entry(self) -> None:
        if self.document is None or self._kind in (None, CATALOG) or self._index is None:
            return
        kind = self._kind
        assert kind is not None
        index = self.document.duplicate_entry(kind, self._index)
        self._fill_entries()
        self._select_entry(index)

    def delete_entry(self) -> bool:
        """Delete the entry shown; when armies among the recent files use it, only once the player agrees."""
        if self.document is None or self._kind in (None, CATALOG) or self._index is None:
            return False
        kind, index = self._kind, self._index
        assert kind is not None
        entry = self.document.draft.entries(kind)[index]
        entry_id = entry.get("id")
        uses = self._uses(entry_id) if isinstance(entry_id, str) else []
        title = ce.entry_title(entry)
        if uses and not self.asker.confirm(
            self,
            _("Delete Entry"),
            _("{entry} is used by armies among your recent files. Delete it anyway?").format(entry=title),
            uses,
        ):
            return False
        self.document.delete_entry(kind, index)
        self._fill_entries()
        left = len(self.document.draft.entries(kind))
        self._select_entry(min(index, left - 1) if left else None)
        return True

    def _uses(self, entry_id: str) -> list[str]:
        """ "army.warband.json: Priestess, Guard" for each recent army of the catalog's game naming the entry."""
        assert self.document is not None
        system = self.document.draft.system
        found = []
        for path in self._recent_armies():
            try:
                raw = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError, UnicodeDecodeError):
                continue
            if not isinstance(raw, dict) or raw.get("system") != system:
                continue
            units = list(ce.uses_of(raw, entry_id))
            if units:
                found.append(f"{path.name}: {', '.join(units)}")
        return found

    def next_problem(self) -> None:
        """Go to the next problem's field (F8)."""
        count = self.problems_table.rowCount()
        if not count:
            return
        row = (self.problems_table.currentRow() + 1) % count
        self.problems_table.selectRow(row)
        self._go_to_problem(row)

    # --- showing -------------------------------------------------------------------------------------------
    def _kind_rows(self) -> list[str]:
        return [CATALOG, *self.document.draft.kinds()] if self.document is not None else []

    def _show_document(self) -> None:
        document = self.document
        with QSignalBlocker(self.kinds_list):
            self.kinds_list.clear()
            if document is not None:
                QListWidgetItem(_("This catalog"), self.kinds_list).setData(Qt.ItemDataRole.UserRole, CATALOG)
                for kind in document.draft.kinds():
                    item = QListWidgetItem(kind_label(kind), self.kinds_list)
                    item.setData(Qt.ItemDataRole.UserRole, kind)
        has = document is not None
        for widget in (self.kinds_list, self.entries_list, self.filter_edit):
            widget.setEnabled(has)
        for action in (self.save_action, self.save_as_action, self.export_csv_action):
            action.setEnabled(has)
        if document is None:
            self._set_form(None)
            self.empty_label.setText(
                _("Open a catalog of yours (Ctrl+O) or start a new one for any game (Ctrl+N).")
            )
            self.entries_list.clear()
        else:
            self.kinds_list.setCurrentRow(0)
            self._on_kinds_list_current_row_changed(0)
        self._show_problems()
        self._show_history()

    def _fill_entries(self) -> None:
        with QSignalBlocker(self.entries_list):
            self.entries_list.clear()
            if self.document is None or self._kind in (None, CATALOG):
                return
            assert self._kind is not None
            for index, entry in enumerate(self.document.draft.entries(self._kind)):
                item = QListWidgetItem(ce.entry_title(entry), self.entries_list)
                item.setData(Qt.ItemDataRole.UserRole, index)
                entry_id = entry.get("id")
                item.setToolTip(str(entry_id))
            self._on_filter_edit_text_changed(self.filter_edit.text())
            if self._index is not None:
                self.entries_list.setCurrentRow(self._index)
        self._show_buttons()

    def _select_entry(self, index: int | None) -> None:
        self._index = index
        with QSignalBlocker(self.entries_list):
            self.entries_list.setCurrentRow(index if index is not None else -1)
        self._build_form()
        self._show_buttons()

    def _show_buttons(self) -> None:
        entries = self.document is not None and self._kind not in (None, CATALOG)
        chosen = entries and self._index is not None
        self.add_button.setEnabled(entries)
        self.add_action.setEnabled(entries)
        for control in (self.duplicate_button, self.delete_button):
            control.setEnabled(chosen)
        self.duplicate_action.setEnabled(chosen)
        self.delete_action.setEnabled(chosen)
        self.entries_list.setEnabled(entries)
        self.filter_edit.setEnabled(entries)

    def _set_form(self, form: Editor | None) -> None:
        self.form = form
        old = self.form_area.takeWidget()
        if old is not None:
            old.deleteLater()
        if form is None:
            self.form_area.setWidget(self._new_empty_label())
            return
        page = QWidget()  # the form at the top, its rows as tall as they need, the room left below
        page.setObjectName("formPage")
        layout = QVBoxLayout(page)
        layout.addWidget(form)
        layout.addStretch(1)
        self.form_area.setWidget(page)

    def _new_empty_label(self) -> QLabel:
        self.empty_label = QLabel(self)
        self.empty_label.setObjectName("emptyLabel")
        self.empty_label.setWordWrap(True)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        return self.empty_label

    def _build_form(self) -> None:
        document = self.document
        if document is None or self._kind is None:
            self._set_form(None)
            return
        if self._kind == CATALOG:
            form: Editor = GroupEditor(
                document, (), cf.Group(document.draft.model), None, skip=(*ENVELOPE_FIXED, *document.draft.kinds())
            )
            form.show_value(document.draft.doc)
        elif self._index is None or self._index >= len(document.draft.entries(self._kind)):
            self._set_form(None)
            self.empty_label.setText(
                _("Choose an entry on the left, or add one (Ctrl+Shift+N).")
                if document.draft.entries(self._kind)
                else _("No {kind} yet: add one (Ctrl+Shift+N).").format(kind=kind_label(self._kind).lower())
            )
            return
        else:
            model = ce.entry_model(document.draft.model, self._kind)
            form = GroupEditor(document, (self._kind, self._index), cf.Group(model), None, boxed=False)
            form.show_value(document.draft.get((self._kind, self._index)))
        form.setObjectName("entryForm")
        self._set_form(form)
        self._mark_problems()

    def _refresh_form(self) -> None:
        """The draft's values into the form as it is (after undo, redo, a change elsewhere)."""
        if self.form is None or self.document is None:
            return
        value = self.document.draft.get(self.form.path) if self.form.path else self.document.draft.doc
        if value is ce.ABSENT:
            self._build_form()
            return
        self.form.show_value(value)
        self._mark_problems()

    def _show_problems(self) -> None:
        problems = self.document.problems if self.document is not None else []
        self.problems_table.setRowCount(len(problems))
        for row, problem in enumerate(problems):
            entry = self._entry_of(problem.path)
            for column, text in enumerate((entry, problem.where, problem.message)):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                self.problems_table.setItem(row, column, item)
        self.problems_table.resizeColumnsToContents()
        self.problems_label.setText(
            _("No problem")
            if not problems
            else _("Problems: {count} (F8: the next one)").format(count=len(problems))
        )
        self._mark_problems()

    def _entry_of(self, path: ce.Path) -> str:
        if self.document is None:
            return ""
        if len(path) >= 2 and isinstance(path[0], str) and isinstance(path[1], int):
            entry = self.document.draft.get(path[:2])
            if isinstance(entry, dict):
                return f"{kind_label(path[0])}: {ce.entry_title(entry)}"
        return _("This catalog")

    def _mark_problems(self) -> None:
        if self.form is None or self.document is None:
            return
        editors = list(self.form.editors())
        messages: dict[int, list[str]] = {id(editor): [] for editor in editors}
        for problem in self.document.problems:  # each on the deepest widgets holding its place
            for editor in deepest_editors(editors, problem.path):
                messages[id(editor)].append(problem.message)
        for editor in editors:
            editor.mark(messages[id(editor)])

    def _go_to_problem(self, row: int) -> None:
        if self.document is None or not 0 <= row < len(self.document.problems):
            return
        path = self.document.problems[row].path
        if (
            len(path) >= 2
            and isinstance(path[0], str)
            and isinstance(path[1], int)
            and path[0] in self._kind_rows()
        ):
            self.select(path[0], path[1])
        elif path and path[0] not in self._kind_rows():
            self.select(CATALOG)
        if self.form is None:
            return
        best = deepest_editors(list(self.form.editors()), path)
        if best:
            target = best[0].focus_widget()
            self.form_area.ensureWidgetVisible(target)
            target.setFocus(Qt.FocusReason.OtherFocusReason)

    def _show_history(self) -> None:
        document = self.document
        undo = document.undo_label if document is not None else None
        redo = document.redo_label if document is not None else None
        self.undo_action.setEnabled(undo is not None)
        self.redo_action.setEnabled(redo is not None)
        self.undo_action.setText(_("&Undo {action}").format(action=undo) if undo else _("&Undo"))
        self.redo_action.setText(_("&Redo {action}").format(action=redo) if redo else _("&Redo"))
        title = _("Catalog editor")
        if document is not None:
            title = f"{document.display_name()}{' *' if document.modified else ''} — {title}"
        self.setWindowTitle(title)

    # --- slots ---------------------------------------------------------------------------------------------
    def _on_kinds_list_current_row_changed(self, row: int) -> None:
        rows = self._kind_rows()
        self._kind = rows[row] if 0 <= row < len(rows) else None
        self._index = None
        self._fill_entries()
        if self._kind == CATALOG:
            self._build_form()
        else:
            entries = self.document.draft.entries(self._kind) if self.document is not None and self._kind else []
            self._select_entry(0 if entries else None)

    def _on_entries_list_current_row_changed(self, row: int) -> None:
        item = self.entries_list.item(row) if row >= 0 else None
        index = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        self._select_entry(index if isinstance(index, int) else None)

    def _on_filter_edit_text_changed(self, text: str) -> None:
        needle = text.casefold().strip()
        for row in range(self.entries_list.count()):
            item = self.entries_list.item(row)
            item.setHidden(
                bool(needle) and needle not in item.text().casefold() and needle not in item.toolTip().casefold()
            )

    def _on_document_changed(self) -> None:
        document = self.document
        if document is None:
            return
        if self._kind not in (None, CATALOG):
            assert self._kind is not None
            titles = [ce.entry_title(e) for e in document.draft.entries(self._kind)]
            shown = [self.entries_list.item(r).text() for r in range(self.entries_list.count())]
            if titles != shown:
                self._fill_entries()
                if self._index is not None and self._index >= len(titles):
                    self._select_entry(len(titles) - 1 if titles else None)
        self._refresh_form()

    def _on_document_problems_changed(self) -> None:
        self._show_problems()

    def _on_document_history_changed(self) -> None:
        self._show_history()

    def _on_problems_table_cell_double_clicked(self, row: int, _column: int) -> None:
        self._go_to_problem(row)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if not self.maybe_save():
            event.ignore()
            return
        event.accept()


def deepest_editors(editors: list[Editor], path: ce.Path) -> list[Editor]:
    """The widgets at or above `path` that no other widget there is deeper than (the ones a problem marks; a
    value and the widget of its "Given" box share a place), in the form's order."""
    holding = [editor for editor in editors if path[: len(editor.path)] == editor.path]
    deepest = max((len(editor.path) for editor in holding), default=-1)
    return [editor for editor in holding if len(editor.path) == deepest]
