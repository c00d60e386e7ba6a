"""When something goes wrong that Warband did not expect: the player is told in a dialog, can save their work to
new recovery files, and gets a report to copy (the traceback with the version and the platform). The program
keeps running; the error also goes to the log file (and to standard error, for whoever started Warband there).

`CrashHandler.install` puts it in `sys.excepthook` and `threading.excepthook` (an error in another thread is sent
to the GUI thread through a queued signal); `uninstall` puts back what was there.
"""

from __future__ import annotations

import contextlib
import logging
import sys
import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any

import shiboken6
from PySide6.QtCore import QObject, Qt, QThread, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from warband.gui.logfile import LOGGER
from warband.gui.problem_report import copy_to_clipboard, environment_text, report_view, safe_text
from warband.gui.recovery import Recovered
from warband.gui.widgets.plain_text import plain_label
from warband.model.messages import _

KEPT_ERRORS = 20
"""The report holds the first errors; the others are counted (and every one is in the log)."""

ExcInfo = tuple[type[BaseException], BaseException, TracebackType | None]


class CrashDialog(QDialog):
    """Something went wrong: save the work to new files, copy the report, carry on."""

    def __init__(
        self, environment: str, save_work: Callable[[], list[Recovered]], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("crashDialog")
        self.setWindowTitle(_("Something went wrong"))
        self._environment = environment
        self._save_work = save_work
        self._errors: list[str] = []
        self.count = 0
        """How many errors this dialog was told of (the report keeps the first `KEPT_ERRORS`)."""

        self.heading = plain_label("crashHeading", self, wrap=True)
        self.heading.setText(_("Something went wrong in Warband."))
        font = QFont(self.heading.font())
        font.setBold(True)
        if font.pointSizeF() > 0:
            font.setPointSizeF(font.pointSizeF() * 1.3)
        self.heading.setFont(font)
        self.message = plain_label("crashMessage", self, wrap=True)
        self.message.setText(
            _(
                "An unexpected error stopped what Warband was doing. Warband is still running and your work is "
                "still open: save it now to new recovery files, to be safe. The files you opened are not changed. "
                "If Warband then behaves oddly, restart it and open the recovery files."
            )
        )
        self.count_label = plain_label("crashCount", self, wrap=True)
        self.count_label.hide()
        self.save_button = QPushButton(_("&Save My Work to New Files"), self)
        self.save_button.setObjectName("crashSaveButton")
        self.save_button.setDefault(True)
        self.save_button.clicked.connect(self._on_save_button_clicked)
        self.saved_label = plain_label("crashSaved", self, wrap=True)
        self.saved_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.saved_label.hide()
        report_caption = plain_label("crashReportCaption", self, wrap=True)
        report_caption.setText(_("To report the problem, copy this text into your report:"))
        self.report_text = report_view(self, "crashReport")
        self.report_text.setAccessibleName(_("Error report"))
        report_caption.setBuddy(self.report_text)
        self.copy_button = QPushButton(_("&Copy the Report"), self)
        self.copy_button.setObjectName("crashCopyButton")
        self.copy_button.clicked.connect(self._on_copy_button_clicked)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.message)
        layout.addWidget(self.count_label)
        layout.addWidget(self.save_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.saved_label)
        layout.addWidget(report_caption)
        layout.addWidget(self.report_text, 1)
        layout.addWidget(buttons)

    def add_error(self, text: str) -> None:
        """One more error (its traceback): into the report while there is room, and counted."""
        self.count += 1
        if len(self._errors) < KEPT_ERRORS:
            self._errors.append(safe_text(text).rstrip("\n"))
        if self.count > 1:
            self.count_label.setText(
                _("{count} unexpected errors so far; the report holds the first {kept}.").format(
                    count=self.count, kept=len(self._errors)
                )
            )
            if self.count_label.isHidden():
                self.count_label.show()
                self._grow()
        self.report_text.setPlainText(self.report())

    def report(self) -> str:
        return "\n\n".join([self._environment, *self._errors])

    def save_work(self) -> list[Recovered]:
        """Save the work now; what was saved where (or why not) is shown under the button."""
        try:
            results = self._save_work()
        except Exception as exc:  # (in trouble already: say so rather than raise again)
            logging.getLogger(LOGGER).exception("The work could not be saved after an error")
            reason = safe_text(str(exc))
            self.saved_label.setText(_("Your work could not be saved: {reason}").format(reason=reason))
            self.saved_label.show()
            self._grow()
            return []
        if not results:
            text = _("There is no work to save: the army on screen is new and empty, and no battle is in play.")
        else:
            lines = [safe_text(r.sentence()) for r in results]
            text = "\n".join([_("Saved to new files (the files you opened are not changed):"), *lines])
        self.saved_label.setText(text)
        self.saved_label.show()
        self._grow()
        if results and all(r.path is not None for r in results):
            self.save_button.setEnabled(False)
        for r in results:
            if r.path is None:
                logging.getLogger(LOGGER).error("Recovery of %s %r failed: %s", r.work.kind, r.work.name, r.reason)
            else:
                logging.getLogger(LOGGER).warning("Recovered %s %r to %s", r.work.kind, r.work.name, r.path)
        return results

    def _grow(self) -> None:
        """Room for the lines just shown, the report keeping its own."""
        layout = self.layout()
        if layout is not None:
            layout.activate()
        self.resize(self.size().expandedTo(self.sizeHint()))

    def _on_save_button_clicked(self) -> None:
        self.save_work()

    def _on_copy_button_clicked(self) -> None:
        copy_to_clipboard(self.report())


class CrashHandler(QObject):
    """Shows uncaught exceptions in a `CrashDialog` (one at a time: more errors while it is open go into it)."""

    _thread_error = Signal(object)
    """An error from another thread, carried to the GUI thread."""

    def __init__(
        self,
        save_work: Callable[[], list[Recovered]],
        *,
        window: QWidget | None = None,
        log_file: Path | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._save_work = save_work
        self._window = window
        self.log_file = log_file
        self.dialog: CrashDialog | None = None
        self._handling = False
        self._previous_excepthook: Callable[..., Any] | None = None
        self._previous_threading_hook: Callable[..., Any] | None = None
        self._thread_error.connect(self._on_thread_error, Qt.ConnectionType.QueuedConnection)

    # --- installing ----------------------------------------------------------------------------------------
    @property
    def installed(self) -> bool:
        return sys.excepthook == self._excepthook

    def install(self) -> None:
        if self.installed:
            return
        self._previous_excepthook = sys.excepthook
        self._previous_threading_hook = threading.excepthook
        sys.excepthook = self._excepthook
        threading.excepthook = self._threading_hook

    def uninstall(self) -> None:
        """Put back the hooks found at `install` (only those that are still ours)."""
        if sys.excepthook == self._excepthook and self._previous_excepthook is not None:
            sys.excepthook = self._previous_excepthook
        if threading.excepthook == self._threading_hook and self._previous_threading_hook is not None:
            threading.excepthook = self._previous_threading_hook
        self._previous_excepthook = self._previous_threading_hook = None

    # --- the hooks -----------------------------------------------------------------------------------------
    def _excepthook(self, exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(exc_type, KeyboardInterrupt | SystemExit):  # Ctrl+C in a terminal: Python's way
            (self._previous_excepthook or sys.__excepthook__)(exc_type, exc, tb)
            return
        if QThread.currentThread() != self.thread():
            self._thread_error.emit((exc_type, exc, tb))
            return
        self.handle(exc_type, exc, tb)

    def _threading_hook(self, args: threading.ExceptHookArgs) -> None:
        if args.exc_type is SystemExit:  # as threading's own hook: a thread that exits is no error
            return
        exc = args.exc_value if args.exc_value is not None else args.exc_type()
        self._thread_error.emit((args.exc_type, exc, args.exc_traceback))

    def _on_thread_error(self, info: ExcInfo) -> None:
        self.handle(*info)

    # --- showing -------------------------------------------------------------------------------------------
    def handle(self, exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        """Log the error, and show it: in a new dialog, or in the one already open (never a second one)."""
        text = "".join(traceback.format_exception(exc_type, exc, tb))
        logging.getLogger(LOGGER).error("Uncaught exception", exc_info=(exc_type, exc, tb))
        if sys.stderr is not None:
            with contextlib.suppress(OSError, ValueError):
                sys.stderr.write(safe_text(text))
        if self._handling:  # the dialog failed while it was being shown: logged, not shown again
            return
        self._handling = True
        try:
            if self.dialog is not None and not shiboken6.isValid(self.dialog):  # went with its window
                self.dialog = None
            if self.dialog is None:
                self.dialog = CrashDialog(environment_text(self.log_file), self._save_work, self._parent_widget())
                self.dialog.finished.connect(self._on_dialog_finished)
                self.dialog.add_error(text)
                self.dialog.open()
            else:
                self.dialog.add_error(text)
        except Exception:  # the dialog itself failed: the log and standard error have the error
            logging.getLogger(LOGGER).exception("The error dialog could not be shown")
        finally:
            self._handling = False

    def _parent_widget(self) -> QWidget | None:
        window = self._window
        return window if window is not None and shiboken6.isValid(window) else None

    def _on_dialog_finished(self, _result: int) -> None:
        if self.dialog is not None:
            self.dialog.deleteLater()
            self.dialog = None
