"""The questions the window asks the player, behind one small interface so tests can answer them.

`QtAsker` asks with Qt's standard dialogs; tests pass their own object with the same methods.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

# The message boxes, file dialogs and lists are read from the module when a question is asked: each class costs
# the launch a few milliseconds the first time it is named.
from PySide6 import QtWidgets
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QLabel, QVBoxLayout, QWidget

from warband.model.autosave import Recoverable
from warband.model.messages import _
from warband.model.storage import FileError

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from warband.api import Catalogs
    from warband.gui.list_import_dialog import ImportChoice
    from warband.gui.new_battle_dialog import NewBattle
    from warband.model.army import Army, Change

ARMY_FILTER = "Warband armies (*.warband.json);;JSON files (*.json);;All files (*)"
BATTLE_FILTER = "Warband battles (*.battle.json);;JSON files (*.json);;All files (*)"
ROSTER_FILTER = "BattleScribe rosters (*.ros *.rosz);;All files (*)"


class Unsaved(Enum):
    SAVE = "save"
    DISCARD = "discard"
    CANCEL = "cancel"


class Asker(Protocol):
    def unsaved_changes(self, name: str) -> Unsaved: ...

    def open_path(self, folder: Path | None) -> Path | None: ...

    def save_path(self, suggested: Path) -> Path | None: ...

    def error(self, title: str, text: str) -> None: ...

    def warning(self, title: str, text: str) -> None:
        """Tell of something that went partly wrong, where the work goes on (a battle resumed in part)."""

    def catalog_changes(self, name: str, changes: list[Change]) -> bool:
        """Tell what changed in the catalogs for this army (AR-04); False to not open it."""

    def recover(self, found: list[Recoverable]) -> Recoverable | None:
        """Offer the autosaves found at start; the one to recover, or None to discard them all."""

    def catalog_errors(self, errors: list[FileError]) -> None: ...

    def new_battle(self, screen_army: Army | None) -> NewBattle | None:
        """Both sides and the rules options of a new battle, or None."""

    def open_battle_path(self, folder: Path | None) -> Path | None: ...

    def save_battle_path(self, suggested: Path) -> Path | None: ...

    def resume_battle(self, journals: list[Path]) -> Path | None:
        """Offer the battles left unfinished; the journal to resume, or None to discard them all."""

    def journal_failed(self, text: str) -> bool:
        """Tell that the battle's journal could not be written; True to save the battle elsewhere now."""

    def import_list(
        self, games: Sequence[tuple[str, str]], catalogs_for: Callable[[str], Catalogs], current: Army | None
    ) -> ImportChoice | None:
        """A list pasted as text, read into an army (File → Import List from Text…), or None."""

    def import_battlescribe(
        self, games: Sequence[tuple[str, str]], folder: Path, on_imported: Callable[[Path], None]
    ) -> None:
        """Catalogs → Import BattleScribe Data…: `on_imported` is called with each catalog written."""

    def open_roster_path(self, folder: Path | None) -> Path | None:
        """A BattleScribe roster to import (File → Import BattleScribe Roster…), or None."""


def _list_dialog(parent: QWidget | None, title: str, intro: str, lines: list[str], ok: str, cancel: str) -> bool:
    dialog = QDialog(parent)
    dialog.setWindowTitle(title)
    layout = QVBoxLayout(dialog)
    label = QLabel(intro, dialog)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    layout.addWidget(label)
    text = QtWidgets.QPlainTextEdit("\n".join(lines), dialog)
    text.setReadOnly(True)
    layout.addWidget(text)
    buttons = QtWidgets.QDialogButtonBox(dialog)
    buttons.addButton(ok, QtWidgets.QDialogButtonBox.ButtonRole.AcceptRole)
    if cancel:
        buttons.addButton(cancel, QtWidgets.QDialogButtonBox.ButtonRole.RejectRole)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    dialog.resize(640, 360)
    return dialog.exec() == QDialog.DialogCode.Accepted


class QtAsker:
    """Asks with modal Qt dialogs over the main window."""

    def __init__(self, parent: QWidget) -> None:
        self._parent = parent

    def unsaved_changes(self, name: str) -> Unsaved:
        box = QtWidgets.QMessageBox(self._parent)
        box.setIcon(QtWidgets.QMessageBox.Icon.Warning)
        box.setWindowTitle(_("Unsaved changes"))
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setText(_("“{name}” has changes that are not saved.").format(name=name))
        box.setInformativeText(_("Save them before going on?"))
        box.setStandardButtons(
            QtWidgets.QMessageBox.StandardButton.Save
            | QtWidgets.QMessageBox.StandardButton.Discard
            | QtWidgets.QMessageBox.StandardButton.Cancel
        )
        box.setDefaultButton(QtWidgets.QMessageBox.StandardButton.Save)
        answer = box.exec()
        if answer == QtWidgets.QMessageBox.StandardButton.Save:
            return Unsaved.SAVE
        if answer == QtWidgets.QMessageBox.StandardButton.Discard:
            return Unsaved.DISCARD
        return Unsaved.CANCEL

    def open_path(self, folder: Path | None) -> Path | None:
        name, _filter = QtWidgets.QFileDialog.getOpenFileName(
            self._parent, _("Open army"), str(folder or Path.home()), ARMY_FILTER
        )
        return Path(name) if name else None

    def save_path(self, suggested: Path) -> Path | None:
        name, _filter = QtWidgets.QFileDialog.getSaveFileName(
            self._parent, _("Save army as"), str(suggested), ARMY_FILTER
        )
        return Path(name) if name else None

    def error(self, title: str, text: str) -> None:
        self._tell(QtWidgets.QMessageBox.Icon.Critical, title, text)

    def warning(self, title: str, text: str) -> None:
        self._tell(QtWidgets.QMessageBox.Icon.Warning, title, text)

    def _tell(self, icon: QtWidgets.QMessageBox.Icon, title: str, text: str) -> None:
        box = QtWidgets.QMessageBox(self._parent)
        box.setIcon(icon)
        box.setWindowTitle(title)
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setText(text)
        box.exec()

    def catalog_changes(self, name: str, changes: list[Change]) -> bool:
        return _list_dialog(
            self._parent,
            _("The catalogs changed"),
            _("Since “{name}” was saved, the catalogs changed for this army:").format(name=name),
            [c.sentence for c in changes],
            _("Open it"),
            _("Cancel"),
        )

    def recover(self, found: list[Recoverable]) -> Recoverable | None:
        dialog = QDialog(self._parent)
        dialog.setWindowTitle(_("Recover unsaved work"))
        layout = QVBoxLayout(dialog)
        label = QLabel(_("Warband did not close properly. These armies had unsaved changes:"), dialog)
        label.setWordWrap(True)
        layout.addWidget(label)
        listing = QtWidgets.QListWidget(dialog)
        for item in found:
            where = str(item.original) if item.original else _("never saved")
            listing.addItem(f"{item.army.name or _('Untitled army')} — {where} — {item.saved_at}")
        listing.setCurrentRow(0)
        layout.addWidget(listing)
        buttons = QtWidgets.QDialogButtonBox(dialog)
        buttons.addButton(_("Recover"), QtWidgets.QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(_("Discard all"), QtWidgets.QDialogButtonBox.ButtonRole.RejectRole)
        buttons.accepted.connect(dialog.accept)
        buttons.rejected.connect(dialog.reject)
        layout.addWidget(buttons)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return found[max(0, listing.currentRow())]

    def catalog_errors(self, errors: list[FileError]) -> None:
        _list_dialog(
            self._parent,
            _("Catalogs left out"),
            _("These catalogs could not be loaded; the others are in use:"),
            [str(e) for e in errors],
            _("Close"),
            "",
        )

    def import_list(
        self, games: Sequence[tuple[str, str]], catalogs_for: Callable[[str], Catalogs], current: Army | None
    ) -> ImportChoice | None:
        from warband.gui.list_import_dialog import ListImportDialog

        dialog = ListImportDialog(games, catalogs_for, current, self._parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.choice

    def import_battlescribe(
        self, games: Sequence[tuple[str, str]], folder: Path, on_imported: Callable[[Path], None]
    ) -> None:
        from warband.gui.battlescribe_dialog import DATA_FILTER, BattleScribeImportDialog

        def choose(parent: QWidget) -> list[Path]:
            names, _filter = QtWidgets.QFileDialog.getOpenFileNames(
                parent, _("BattleScribe data files"), str(Path.home()), DATA_FILTER
            )
            return [Path(name) for name in names]

        dialog = BattleScribeImportDialog(games, folder, choose, self._parent)
        dialog.imported.connect(on_imported)
        dialog.exec()

    def open_roster_path(self, folder: Path | None) -> Path | None:
        name, _filter = QtWidgets.QFileDialog.getOpenFileName(
            self._parent, _("Import BattleScribe roster"), str(folder or Path.home()), ROSTER_FILTER
        )
        return Path(name) if name else None

    def new_battle(self, screen_army: Army | None) -> NewBattle | None:
        from warband.gui.new_battle_dialog import NewBattleDialog

        dialog = NewBattleDialog(screen_army, self._parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.result_battle()

    def open_battle_path(self, folder: Path | None) -> Path | None:
        name, _filter = QtWidgets.QFileDialog.getOpenFileName(
            self._parent, _("Open battle"), str(folder or Path.home()), BATTLE_FILTER
        )
        return Path(name) if name else None

    def save_battle_path(self, suggested: Path) -> Path | None:
        name, _filter = QtWidgets.QFileDialog.getSaveFileName(
            self._parent, _("Save battle as"), str(suggested), BATTLE_FILTER
        )
        return Path(name) if name else None

    def resume_battle(self, journals: list[Path]) -> Path | None:
        box = QtWidgets.QMessageBox(self._parent)
        box.setIcon(QtWidgets.QMessageBox.Icon.Question)
        box.setWindowTitle(_("Resume the battle"))
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setText(_("A battle was not closed properly. Resume it where it stopped, with its undo history?"))
        resume = box.addButton(_("Resume"), QtWidgets.QMessageBox.ButtonRole.AcceptRole)
        box.addButton(_("Discard it"), QtWidgets.QMessageBox.ButtonRole.DestructiveRole)
        box.exec()
        return journals[0] if box.clickedButton() is resume else None

    def journal_failed(self, text: str) -> bool:
        box = QtWidgets.QMessageBox(self._parent)
        box.setIcon(QtWidgets.QMessageBox.Icon.Warning)
        box.setWindowTitle(_("The battle's journal"))
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setText(text)
        save = box.addButton(_("Save Battle As…"), QtWidgets.QMessageBox.ButtonRole.AcceptRole)
        box.addButton(_("Close"), QtWidgets.QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(save)
        box.exec()
        return box.clickedButton() is save
