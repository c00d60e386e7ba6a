"""File → Export Roster, Print and Print Preview: the army's roster as text, HTML or PDF, or on paper.

The roster itself comes from `warband.export.roster`; this module only asks for a format and a path, and hands
the HTML roster to Qt's printing. Where to write is asked through a `PathChooser` callable, so that tests answer
it without a file dialog. A failed write is shown with the file and the reason, and the dialog stays open.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QFont, QTextDocument
from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from warband.export.pdf import BODY_POINTS
from warband.export.roster import FORMATS, SUFFIXES, Format, as_html, write_roster
from warband.model.army import Army
from warband.model.catalog import Catalogs
from warband.model.file_names import ARMY_SUFFIX
from warband.model.messages import N_, _
from warband.model.names import spoken
from warband.model.storage import FileError

PathChooser = Callable[[Path, Format], Path | None]
"""Ask where to write the roster, given a suggested path and the format; None when the player cancels."""
ErrorShower = Callable[[str, str], None]
"""Show an error: a title, then the text (the window's `asker.error`)."""

FORMAT_NAMES: dict[Format, str] = {
    "text": N_("Plain &text (to paste in a forum or a chat)"),
    "html": N_("&HTML (a web page)"),
    "pdf": N_("&PDF (to print)"),
}
FILTERS: dict[Format, str] = {
    "text": N_("Text files (*.txt)"),
    "html": N_("Web pages (*.html *.htm)"),
    "pdf": N_("PDF files (*.pdf)"),
}


def qt_path_chooser(parent: QWidget | None) -> PathChooser:
    """A `PathChooser` that asks with Qt's save dialog over `parent`."""

    def choose(suggested: Path, fmt: Format) -> Path | None:
        name, _filter = QFileDialog.getSaveFileName(
            parent, _("Export roster as"), str(suggested), f"{_(FILTERS[fmt])};;{_('All files (*)')}"
        )
        return Path(name) if name else None

    return choose


_UNSAFE = re.compile(r'[\\/:*?"<>|\x00-\x1f]')
"""Characters a file name cannot hold on some system: an army's name keeps the others."""


def suggested_path(army: Army, army_path: Path | None, fmt: Format) -> Path:
    """Beside the army's file when it has one (same name), else in the home folder under the army's name."""
    if army_path is not None:
        stem = army_path.name.removesuffix(ARMY_SUFFIX).removesuffix(".json") or "roster"
        return army_path.parent / f"{stem}{SUFFIXES[fmt]}"
    stem = _UNSAFE.sub("-", (army.name or _("roster")).strip()) or "roster"
    return Path.home() / f"{stem}{SUFFIXES[fmt]}"


def with_format(path: Path, fmt: Format) -> Path:
    """The path with the format's suffix in place of another format's (a name of the player's own is kept)."""
    for suffix in SUFFIXES.values():
        if path.name.lower().endswith(suffix) and len(path.name) > len(suffix):
            return path.with_name(path.name[: -len(suffix)] + SUFFIXES[fmt])
    return path


def roster_document(
    army: Army, catalogs: Catalogs, languages: Sequence[str] | None = None, parent: QObject | None = None
) -> QTextDocument:
    """The HTML roster laid out as the PDF export lays it out (the player's text is escaped by `as_html`)."""
    document = QTextDocument(parent)
    font = QFont(document.defaultFont())
    font.setPointSize(BODY_POINTS)
    document.setDefaultFont(font)
    document.setHtml(as_html(army, catalogs, languages))
    return document


def print_roster(
    printer: QPrinter, army: Army, catalogs: Catalogs, languages: Sequence[str] | None = None
) -> None:
    """Print the roster on a printer already set up (a real one, or a PDF file for tests)."""
    roster_document(army, catalogs, languages).print_(printer)


class RosterPreviewDialog(QPrintPreviewDialog):
    """Qt's print preview of the roster; it owns the laid-out roster and the printer it previews on."""

    def __init__(
        self, army: Army, catalogs: Catalogs, languages: Sequence[str] | None = None, parent: QWidget | None = None
    ) -> None:
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setDocName(army.name or _("Roster"))
        super().__init__(printer, parent)
        self.preview_printer = printer
        self.setObjectName("printPreviewDialog")
        self.setWindowTitle(_("Print preview — {name}").format(name=army.name or _("Untitled army")))
        self.roster_document = roster_document(army, catalogs, languages, self)
        self.paintRequested.connect(self._on_paint_requested)

    def _on_paint_requested(self, printer: QPrinter) -> None:
        self.roster_document.print_(printer)


class ExportDialog(QDialog):
    """Choose a format and a file; Export writes the roster, and a failure leaves the dialog open to try again."""

    exported = Signal(str)
    """The file written (the window shows it in the status bar)."""

    def __init__(
        self,
        army: Army,
        catalogs: Catalogs,
        *,
        choose_path: PathChooser,
        error: ErrorShower,
        army_path: Path | None = None,
        languages: Sequence[str] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("exportDialog")
        self.setWindowTitle(_("Export roster"))
        self._army = army
        self._catalogs = catalogs
        self._choose_path = choose_path
        self._error = error
        self._languages = spoken(languages)

        self.format_group = QButtonGroup(self)
        self.format_buttons: dict[Format, QRadioButton] = {}
        formats = QVBoxLayout()
        for index, fmt in enumerate(FORMATS):
            button = QRadioButton(_(FORMAT_NAMES[fmt]), self)
            button.setObjectName(f"exportFormat_{fmt}")
            self.format_group.addButton(button, index)
            self.format_buttons[fmt] = button
            formats.addWidget(button)
        self.format_buttons["text"].setChecked(True)

        self.path_edit = QLineEdit(str(suggested_path(army, army_path, "text")), self)
        self.path_edit.setObjectName("exportPath")
        self.path_edit.setAccessibleName(_("File to write"))
        self.browse_button = QPushButton(_("&Browse…"), self)
        self.browse_button.setObjectName("exportBrowseButton")
        path_row = QHBoxLayout()
        path_row.addWidget(self.path_edit, 1)
        path_row.addWidget(self.browse_button)

        file_label = QLabel(_("&File:"), self)
        file_label.setBuddy(self.path_edit)
        form = QFormLayout()
        form.addRow(_("Format:"), formats)
        form.addRow(file_label, path_row)

        self.buttons = QDialogButtonBox(self)
        self.export_button = self.buttons.addButton(_("&Export"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.export_button.setObjectName("exportButton")
        self.export_button.setDefault(True)
        self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.buttons)

        self.format_group.idToggled.connect(self._on_format_group_id_toggled)
        self.browse_button.clicked.connect(self.browse)
        self.buttons.accepted.connect(self.export)
        self.buttons.rejected.connect(self.reject)
        self.resize(560, self.sizeHint().height())

    # --- values ----------------------------------------------------------------------------------------------
    def format(self) -> Format:
        return FORMATS[max(0, self.format_group.checkedId())]

    def set_format(self, fmt: Format) -> None:
        """Choose a format; the file's suffix follows it."""
        self.format_buttons[fmt].setChecked(True)

    def path(self) -> Path | None:
        text = self.path_edit.text().strip()
        return Path(text).expanduser() if text else None

    # --- actions ---------------------------------------------------------------------------------------------
    def browse(self) -> bool:
        """Ask for the file through the chooser; False when the player cancelled."""
        fmt = self.format()
        chosen = self._choose_path(self.path() or suggested_path(self._army, None, fmt), fmt)
        if chosen is None:
            return False
        if not chosen.suffix:
            chosen = chosen.with_name(chosen.name + SUFFIXES[fmt])
        self.path_edit.setText(str(chosen))
        return True

    def export(self) -> bool:
        """Write the roster; on success the dialog closes, on failure the error names the file and the reason."""
        path = self.path()
        if path is None and not self.browse():
            return False
        path = self.path()
        if path is None:
            return False
        try:
            write_roster(self._army, self._catalogs, path, self.format(), self._languages)
        except FileError as exc:
            self._error(
                _("Cannot export the roster"),
                _("{file}\n\n{where}{reason}").format(
                    file=exc.file, where=f"{exc.where}: " if exc.where else "", reason=exc.message
                ),
            )
            return False
        self.exported.emit(str(path))
        self.accept()
        return True

    # --- slots -----------------------------------------------------------------------------------------------
    def _on_format_group_id_toggled(self, index: int, checked: bool) -> None:
        if not checked:
            return
        path = self.path()
        if path is not None:
            self.path_edit.setText(str(with_format(path, FORMATS[index])))
