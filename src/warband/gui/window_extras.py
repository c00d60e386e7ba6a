"""The main window's roster and rules actions: export, print preview, print, Help → Rules and Explain Rule.

A mixin of MainWindow, kept apart to keep the window's module small. The print modules load only when used:
they are not needed to start.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QWidget

from warband.gui.rules_help import RulesHelpDialog
from warband.model.messages import _

if TYPE_CHECKING:
    from PySide6.QtPrintSupport import QPrinter

    from warband.gui.export_dialog import ExportDialog, RosterPreviewDialog

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

    def export_roster(self) -> ExportDialog:
        """File → Export Roster: the builder's army as text, HTML or PDF; the dialog is opened, not waited on."""
        from warband.gui.export_dialog import ExportDialog

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

    def print_preview(self) -> RosterPreviewDialog:
        """File → Print Preview: Qt's preview of the roster, from which it can be printed."""
        from warband.gui.export_dialog import RosterPreviewDialog

        dialog = RosterPreviewDialog(self.document.army, self.document.catalogs, parent=self)  # type: ignore[arg-type]
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    def print_roster(self, printer: QPrinter | None = None) -> bool:
        """File → Print: ask for the printer (unless one is given, as tests do), then print the roster."""
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        from warband.gui.export_dialog import print_roster as print_roster_on

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
