"""The main window's roster and rules actions: export, print preview, print, Help → Rules and Explain Rule; and
where the undo keys go.

A mixin of MainWindow, kept apart to keep the window's module small. The print modules load only when used:
they are not needed to start.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from warband.model.messages import _

if TYPE_CHECKING:
    from PySide6.QtPrintSupport import QPrinter

    from warband.gui.export_dialog import ExportDialog, RosterPreviewDialog
    from warband.gui.rules_help import RulesHelpDialog

STATUS_MS = 6000


def qt_path_chooser(parent: QWidget) -> Callable[[Path, str], Path | None]:
    """Export Roster's file question, with Qt's dialog (loaded when first asked)."""

    def choose(suggested: Path, fmt: str) -> Path | None:
        from warband.gui.export_dialog import qt_path_chooser as chooser

        return chooser(parent)(suggested, fmt)  # type: ignore[arg-type]

    return choose


class RosterAndRules:
    """Export, print and explain, for the army on screen and the rules the window names."""

    document: Any
    asker: Any
    export_path_chooser: Any
    rules_help: RulesHelpDialog | None
    rule_namer: Any
    explain_rule_action: Any

    if TYPE_CHECKING:  # QMainWindow's, which the window inherits after this mixin

        def statusBar(self) -> Any: ...  # noqa: N802

    def copy_roster_as_text(self) -> str | None:
        """Edit → Copy Roster as Text: the army on the clipboard in the share-as-text style players paste into
        forums and chats (`export.roster_share`). None: no army is open."""
        from PySide6.QtGui import QGuiApplication

        from warband.export.roster_share import share_text

        if self.document is None:
            return None
        text = share_text(self.document.army, self.document.catalogs)  # names in the language spoken
        QGuiApplication.clipboard().setText(text)
        self.statusBar().showMessage(_("The roster is on the clipboard, ready to paste."), STATUS_MS)
        return text

    def export_roster(self) -> ExportDialog | None:
        """File → Export Roster: the builder's army as text, HTML or PDF; the dialog is opened, not waited on.
        None: no army is open."""
        from warband.gui.export_dialog import ExportDialog

        if self.document is None:
            return None
        dialog = ExportDialog(
            self.document.army,
            self.document.catalogs,
            choose_path=lambda suggested, fmt: self.export_path_chooser(suggested, fmt),
            error=self.asker.error,
            army_path=self.document.path,
            parent=self,  # type: ignore[arg-type]
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.exported.connect(
            lambda file: self.statusBar().showMessage(_("Roster written to {file}").format(file=file), STATUS_MS)
        )
        dialog.open()
        return dialog

    def print_preview(self) -> RosterPreviewDialog | None:
        """File → Print Preview: Qt's preview of the roster, from which it can be printed (None: no army open)."""
        from warband.gui.export_dialog import RosterPreviewDialog

        if self.document is None:
            return None
        dialog = RosterPreviewDialog(self.document.army, self.document.catalogs, parent=self)  # type: ignore[arg-type]
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def print_roster(self, printer: QPrinter | None = None) -> bool:
        """File → Print: ask for the printer (unless one is given, as tests do), then print the roster."""
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        from warband.gui.export_dialog import print_roster as print_roster_on

        if self.document is None:
            return False
        if printer is None:
            printer = QPrinter(QPrinter.PrinterMode.HighResolution)
            printer.setDocName(self.document.army.name or _("Roster"))
            answer = QPrintDialog(printer, self).exec()  # type: ignore[call-overload]
            if answer != QDialog.DialogCode.Accepted:
                return False
        print_roster_on(printer, self.document.army, self.document.catalogs)
        self.statusBar().showMessage(_("Roster sent to the printer"), STATUS_MS)
        return True

    # --- rules help -----------------------------------------------------------------------------------------
    def show_rules(self, rule_id: str | None = None) -> RulesHelpDialog:
        """Help → Rules, beside the window; on a given rule when there is one."""
        from warband.gui.rules_help import RulesHelpDialog  # when first asked: a quick launch

        if self.rules_help is None:
            self.rules_help = RulesHelpDialog(self)  # type: ignore[arg-type]
        if rule_id is not None:
            self.rules_help.show_rule(rule_id)
        self.rules_help.show()
        self.rules_help.raise_()
        self.rules_help.activateWindow()
        return self.rules_help

    def explain_last_rule(self) -> None:
        """Help → Explain Rule: the rule of the latest problem or refusal, or of the problem selected."""
        if self.rule_namer.last_rule is not None:
            self.show_rules(self.rule_namer.last_rule)

    def _on_rule_namer_named(self, rule_id: str) -> None:
        self.explain_rule_action.setEnabled(True)
        self.explain_rule_action.setText(_("Explain Rule {rule}").format(rule=rule_id))


_REDO_KEYS = (QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y"))
_TEXT_BOXES = ("QAbstractSpinBox", "QComboBox", "QLineEdit", "QTextEdit", "QPlainTextEdit")
"""The Qt classes of the boxes that keep a typing history of their own, by name."""


def _own_history(widget: QWidget) -> tuple[bool, bool] | None:
    """Whether a text box has typing of its own to undo and to redo; None for a widget that is no text box.

    Asked by class name first: a button or a table taking the focus (the start page's) never builds the text
    boxes' Python classes, about 1.5% of what launching costs."""
    if not any(widget.inherits(name) for name in _TEXT_BOXES):
        return None
    from PySide6.QtWidgets import QAbstractSpinBox, QComboBox, QLineEdit, QPlainTextEdit, QTextEdit

    edit: QWidget | None = widget
    if isinstance(widget, QAbstractSpinBox):
        edit = widget.findChild(QLineEdit)
    elif isinstance(widget, QComboBox):
        edit = widget.lineEdit() if widget.isEditable() else None
    if isinstance(edit, QLineEdit):
        return edit.isUndoAvailable(), edit.isRedoAvailable()
    if isinstance(edit, QTextEdit | QPlainTextEdit):
        text = edit.document()
        return text.isUndoAvailable(), text.isRedoAvailable()
    return None


class UndoKeyRouter(QObject):
    """Undo and redo keys reach the document on screen unless the focused text box has something of its own.

    A line edit (a spin box's, a dice box) claims Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y even with nothing to undo, so the
    window's Undo would never hear them after a roll leaves the focus in the dice box. The router watches the
    focused text box of its window (one widget at a time, so the rest of the program pays nothing) and lets the
    box keep a key only when it has typing of its own to undo or redo.
    """

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._watched: QWidget | None = None
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._on_app_focus_changed)

    def _on_app_focus_changed(self, old: QWidget | None, new: QWidget | None) -> None:
        if self._watched is not None:
            with contextlib.suppress(RuntimeError):  # the widget has gone
                self._watched.removeEventFilter(self)
            self._watched = None
        if new is not None and self._window.isAncestorOf(new) and _own_history(new) is not None:
            new.installEventFilter(self)
            self._watched = new

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() != QEvent.Type.ShortcutOverride or not isinstance(event, QKeyEvent):
            return False
        if not isinstance(watched, QWidget):
            return False
        history = _own_history(watched)
        if history is None:
            return False
        can_undo, can_redo = history
        pressed = QKeySequence(event.keyCombination())
        if event.matches(QKeySequence.StandardKey.Undo):
            return not can_undo  # filtered: the box does not claim the key, and the window's Undo has it
        if event.matches(QKeySequence.StandardKey.Redo) or pressed in _REDO_KEYS:
            return not can_redo
        return False
