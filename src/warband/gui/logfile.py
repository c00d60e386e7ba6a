"""The log file: warnings and errors (Python's, Qt's, and the uncaught exceptions) in a rotating file in the
player's state folder, so that Help → Report a Problem can show what happened. A folder that cannot be written
(read-only, full disk) leaves the program running, logging to nothing."""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs
from PySide6.QtCore import QMessageLogContext, QtMsgType, qFormatLogMessage, qInstallMessageHandler

from warband.model.locations import APP_NAME

if TYPE_CHECKING:  # logging.handlers (with socket, pickle, queue) loads with the log file, not with the window
    from logging.handlers import RotatingFileHandler

LOGGER = "warband"
"""The logger of Warband's own records (the uncaught exceptions, the crash dialog's saves)."""
LOG_NAME = "warband.log"
MAX_BYTES = 1 << 20
BACKUPS = 3
TAIL_LINES = 200
TAIL_BYTES = 20 * 1024
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_QT_LEVELS = {
    QtMsgType.QtDebugMsg: logging.DEBUG,
    QtMsgType.QtInfoMsg: logging.INFO,
    QtMsgType.QtWarningMsg: logging.WARNING,
    QtMsgType.QtCriticalMsg: logging.ERROR,
    QtMsgType.QtFatalMsg: logging.CRITICAL,
}


def state_dir() -> Path:
    """The player's state folder (platformdirs user state): autosaves, journals, the log, recovered work."""
    return Path(platformdirs.user_state_dir(APP_NAME, appauthor=False))


def recovery_dir() -> Path:
    """Where recovered work goes: a folder of its own in the player's state folder (here, beside the log, so
    that the crash handler knows it before the window is painted without loading `recovery`)."""
    return state_dir() / "recovered"


def log_dir() -> Path:
    return state_dir() / "log"


@cache
def file_handler_class() -> type[RotatingFileHandler]:
    """The log file's handler: rotating, and quiet, since a disk that fills up or vanishes later must not print
    "--- Logging error ---" at each record."""
    from logging.handlers import RotatingFileHandler

    class QuietFileHandler(RotatingFileHandler):
        def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 (logging's name)
            pass

    return QuietFileHandler


class LogSetup:
    """What `setup_logging` installed, to be taken away again by `close` (the window's end, a test's end)."""

    def __init__(self, path: Path | None, handler: logging.Handler | None) -> None:
        self.path = path
        """The log file, or None when the folder could not be written (nothing is logged)."""
        self._handler = handler
        self._captured_warnings = False
        self._qt_installed = False
        self._qt_previous: Callable[..., Any] | None = None

    def capture_warnings(self) -> None:
        if not self._captured_warnings:
            logging.captureWarnings(True)
            self._captured_warnings = True

    def install_qt_handler(self) -> None:
        """Qt's warnings and worse into the log too; every message still reaches the handler installed before
        (pytest-qt's in the tests) or, without one, standard error as Qt would print it."""
        if self._qt_installed:
            return
        self._qt_previous = qInstallMessageHandler(self._on_qt_message)
        self._qt_installed = True

    def _on_qt_message(self, mode: QtMsgType, context: QMessageLogContext, message: str) -> None:
        try:
            level = _QT_LEVELS.get(mode, logging.WARNING)
            if level >= logging.WARNING:
                logging.getLogger("qt").log(level, "%s", message)
        except Exception:  # (a message handler must never raise into Qt)
            pass
        previous = self._qt_previous
        if previous is not None:
            previous(mode, context, message)
        else:
            sys.stderr.write(qFormatLogMessage(mode, context, message) + "\n")

    def close(self) -> None:
        """Take back what was installed: the Qt handler (the previous one again), the warnings, the file."""
        if self._qt_installed:
            qInstallMessageHandler(self._qt_previous)  # None puts back Qt's own
            self._qt_installed = False
        if self._captured_warnings:
            logging.captureWarnings(False)
            self._captured_warnings = False
        if self._handler is not None:
            logging.getLogger().removeHandler(self._handler)
            self._handler.close()
            self._handler = None


def setup_logging(folder: Path | None, *, warnings: bool = True, qt: bool = True) -> LogSetup:
    """Warnings and errors into `folder`/warband.log (about 1 MB, 3 older files kept, UTF-8); Python's warnings
    and Qt's messages of level warning and above with them. `folder` None, or a folder that cannot be written:
    nothing goes to a file, and the program runs as before."""
    handler: logging.Handler | None = None
    path: Path | None = None
    if folder is not None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / LOG_NAME
            handler = file_handler_class()(
                path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8", errors="backslashreplace"
            )
        except (OSError, ValueError):  # read-only, full, a file in the way, a NUL in the name
            handler, path = None, None
    if handler is not None:
        handler.setLevel(logging.WARNING)
        handler.setFormatter(logging.Formatter(FORMAT))
        logging.getLogger().addHandler(handler)
    setup = LogSetup(path, handler)
    if warnings:
        setup.capture_warnings()
    if qt:
        setup.install_qt_handler()
    return setup


def log_tail(path: Path | None, *, lines: int = TAIL_LINES, limit: int = TAIL_BYTES) -> str:
    """The last `lines` lines of the log, at most `limit` bytes of it; "" when there is no log to read."""
    if path is None:
        return ""
    try:
        with path.open("rb") as handle:
            handle.seek(0, 2)
            size = handle.tell()
            start = max(0, size - limit)
            handle.seek(start)
            data = handle.read(limit)
    except (OSError, ValueError):
        return ""
    text = data.decode("utf-8", errors="replace")
    kept = text.splitlines()
    if start > 0 and kept:
        kept = kept[1:]  # the first line was cut in the middle
    return "\n".join(kept[-lines:])
