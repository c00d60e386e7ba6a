"""Help → Report a Problem: a text ready to copy into a report, with which Warband runs where (version, system,
Python, Qt, language) and what its log recorded lately. The crash dialog starts its report the same way."""

from __future__ import annotations

import platform
from pathlib import Path

import PySide6
from PySide6.QtCore import QLocale, Qt, qVersion
from PySide6.QtGui import QFontDatabase, QGuiApplication, QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from warband import __version__
from warband.gui.logfile import log_tail
from warband.model.messages import _, current_language


def safe_text(text: str) -> str:
    """Text Qt can hold: a lone surrogate (from a hostile file name or message) shown as its escape."""
    return text.encode("utf-8", errors="backslashreplace").decode("utf-8")


def environment_text(log_file: Path | None) -> str:
    """Which Warband, on which system, with which Python and Qt, in which language; and where its log is."""
    lines = [
        f"Warband {__version__}",
        _("System: {system}").format(system=platform.platform()),
        _("Python: {version} ({implementation})").format(
            version=platform.python_version(), implementation=platform.python_implementation()
        ),
        _("Qt: {qt}; PySide6: {pyside}").format(qt=qVersion(), pyside=PySide6.__version__),
        _("Language: {language} (the system's: {system})").format(
            language=current_language(), system=QLocale.system().name()
        ),
        _("Log file: {file}").format(file=log_file)
        if log_file is not None
        else _("Log file: none (its folder could not be written)"),
    ]
    return safe_text("\n".join(lines))


def report_text(log_file: Path | None) -> str:
    """The whole report: the environment, then the log's last lines (about 200, at most 20 KB)."""
    tail = log_tail(log_file)
    heading = _("The log's last lines:") if tail else _("The log holds nothing yet.")
    return safe_text("\n\n".join(part for part in (environment_text(log_file), heading, tail) if part))


def report_view(parent: QWidget, name: str) -> QPlainTextEdit:
    """A read-only text in a fixed-width font, selectable with the mouse and the keyboard (Ctrl+A, Ctrl+C)."""
    view = QPlainTextEdit(parent)
    view.setObjectName(name)
    view.setReadOnly(True)
    view.setTextInteractionFlags(
        Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.TextSelectableByKeyboard
    )
    view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
    view.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
    view.setMinimumSize(560, 260)
    return view


def copy_to_clipboard(text: str) -> None:
    clipboard = QGuiApplication.clipboard()
    if clipboard is not None:
        clipboard.setText(text)


class ProblemReportDialog(QDialog):
    """The report, read-only and selected, with a button that copies it all."""

    def __init__(self, log_file: Path | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("problemReportDialog")
        self.setWindowTitle(_("Report a Problem"))
        self._log_file = log_file
        intro = QLabel(
            _(
                "Copy this text into your report of the problem, with what you were doing when it happened. "
                "It says which Warband runs on which system, and what its log recorded lately; "
                "names of files may appear in it."
            ),
            self,
        )
        intro.setObjectName("problemReportIntro")
        intro.setTextFormat(Qt.TextFormat.PlainText)
        intro.setWordWrap(True)
        self.text = report_view(self, "problemReportText")
        self.text.setAccessibleName(_("Problem report"))
        self.copy_button = QPushButton(_("&Copy"), self)
        self.copy_button.setObjectName("problemReportCopy")
        self.copy_button.setToolTip(_("Put the whole report on the clipboard"))
        self.copy_button.clicked.connect(self._on_copy_button_clicked)
        self.copied_label = QLabel(self)
        self.copied_label.setObjectName("problemReportCopied")
        self.copied_label.setTextFormat(Qt.TextFormat.PlainText)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.copied_label)
        layout.addWidget(buttons)
        self.refresh()

    def refresh(self) -> None:
        """The report as it is now (the log grows while the window runs), all of it selected."""
        self.text.setPlainText(report_text(self._log_file))
        self.text.selectAll()
        self.copied_label.clear()
        self.copied_label.hide()

    def report(self) -> str:
        return self.text.toPlainText()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        self.text.setFocus(Qt.FocusReason.OtherFocusReason)

    def _on_copy_button_clicked(self) -> None:
        copy_to_clipboard(self.report())
        self.copied_label.setText(_("The report is on the clipboard."))
        self.copied_label.show()
