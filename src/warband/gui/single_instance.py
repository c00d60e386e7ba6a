"""One window takes the player's files: `warband FILE` while a window is open hands the file to that window, which
opens it as File → Open would, instead of opening a second window.

The open window listens on a local server (a Unix socket, a named pipe on Windows) named per user and per state
folder. The exchange is one JSON line each way, after the window's greeting: a launch sends its file only to a
window that answered, so a crashed window (its socket left behind) or a frozen one never delays a launch by more
than `HANDOVER_MS`, and never gets the file opened twice. What a local client sends is checked before anything
is opened: a hostile one is refused and logged.
"""

from __future__ import annotations

import getpass
import hashlib
import json
import logging
import os
import stat
import sys
import time
from collections.abc import Callable
from enum import Enum
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QDir, QObject, Qt, QTimer, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket
from PySide6.QtWidgets import QApplication, QWidget

from warband.gui.logfile import LOGGER, state_dir
from warband.model.file_names import DOCUMENT_SUFFIXES

if TYPE_CHECKING:
    from warband.gui.main_window import MainWindow

FORMAT = "warband-open"
VERSION = 1
MAX_MESSAGE_BYTES = 32 * 1024
"""A path fits many times over; a client sending more is refused before its message is parsed."""
HANDOVER_MS = 400
"""How long a launch waits, in all, for the open window to take its file."""
CLIENT_MS = 2000
"""How long the window waits for a connection to say what it wants before dropping it."""
MAX_CONNECTIONS = 8
"""Connections waited on at once; more are dropped (a local client flooding the window)."""
MODAL_RETRY_MS = 250
"""While a dialog of the window asks something, a file handed over waits this long before trying again."""

_log = logging.getLogger(LOGGER)


class Handover(Enum):
    """What came of offering a file to the open window."""

    HANDED = "handed"
    """The window took the file: this launch ends."""
    NOBODY = "nobody"
    """No window listens (none is open, or a crashed one left its socket behind)."""
    SILENT = "silent"
    """Something listens but did not answer in time (a frozen window)."""
    REFUSED = "refused"
    """A window answered and refused the file."""


class RefusedMessageError(ValueError):
    """Why a message to the window was not taken (for the log)."""


# --- names and messages ----------------------------------------------------------------------------------------
def server_name() -> str:
    """The window's server: per user and per state folder, so that two players, or a test's isolated folders and
    the player's window, never meet. In the user's own runtime folder when there is one (other users cannot reach
    into it), else a plain name (Qt's temporary folder; a named pipe on Windows)."""
    key = f"{_user()}\n{state_dir()}".encode("utf-8", "surrogatepass")
    name = f"warband-{hashlib.sha256(key).hexdigest()[:16]}"
    folder = _runtime_dir()
    return str(folder / name) if folder is not None else name


def _user() -> str:
    uid = getattr(os, "getuid", None)
    try:
        user = getpass.getuser()
    except Exception:  # no user name in the environment nor in the password database
        user = ""
    return f"{uid() if uid is not None else ''}:{user}"


def _runtime_dir() -> Path | None:
    """$XDG_RUNTIME_DIR if it is a folder of the user's own that no one else may enter, and short enough for a
    socket's address (about 104 bytes in all)."""
    if sys.platform == "win32":
        return None
    text = os.environ.get("XDG_RUNTIME_DIR", "")
    if not text or len(os.fsencode(text)) > 80:
        return None
    try:
        info = os.stat(text)
    except (OSError, ValueError):
        return None
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
        return None
    return Path(text)


def _users_own(name: str) -> bool:
    """Whether the socket `name`, if any, is this user's (another could make it first in a shared folder)."""
    if sys.platform == "win32":
        return True
    try:
        info = os.stat(Path(QDir.tempPath(), name))  # a plain name is in Qt's temporary folder; a path is itself
    except (OSError, ValueError):
        return True  # none: there is nobody to talk to anyway
    return info.st_uid == os.getuid()


def request_bytes(path: Path) -> bytes:
    """The launch's message: its file, as one JSON line (ASCII: any file name survives, even one not in UTF-8)."""
    return _line({"path": str(path)})


def _line(fields: dict[str, Any]) -> bytes:
    return json.dumps({"format": FORMAT, "version": VERSION, **fields}).encode("ascii") + b"\n"


def read_request(data: bytes) -> Path:
    """The file a launch asks the window to open: an existing army or battle file, by its absolute path.

    Raises:
        RefusedMessageError: anything else (too long, not JSON, another format or version, unknown fields, a
            relative path, another kind of file, no such file).
    """
    if len(data) > MAX_MESSAGE_BYTES:
        raise RefusedMessageError(f"longer than {MAX_MESSAGE_BYTES} bytes")
    try:
        message = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise RefusedMessageError("not a JSON line") from exc
    if not isinstance(message, dict) or message.get("format") != FORMAT:
        raise RefusedMessageError(f"not a {FORMAT} message")
    version = message.get("version")
    if type(version) is not int or version != VERSION:
        raise RefusedMessageError(f"version {_short(version)} is not known")
    unknown = sorted(str(key) for key in message if key not in ("format", "version", "path"))
    if unknown:
        raise RefusedMessageError(f"unknown fields {_short(unknown)}")
    text = message.get("path")
    if not isinstance(text, str) or not text or "\x00" in text:
        raise RefusedMessageError("no path")
    path = Path(text)
    if not path.is_absolute():
        raise RefusedMessageError(f"not an absolute path: {_short(text)}")
    if not path.name.endswith(DOCUMENT_SUFFIXES):
        raise RefusedMessageError(f"not an army or battle file: {_short(text)}")
    try:
        found = path.is_file()
    except (OSError, ValueError):  # a name the system cannot encode, a path too long
        found = False
    if not found:
        raise RefusedMessageError(f"no such file: {_short(text)}")
    return path


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 200 else f"{text[:200]}…"


# --- the launch's side -----------------------------------------------------------------------------------------
def hand_over(path: Path, name: str | None = None, *, timeout_ms: int = HANDOVER_MS) -> Handover:
    """Offer `path` to the window open on `name` (by default, this user's and folder's), waiting `timeout_ms` at
    most in all. Blocking: called before this launch has a window or an event loop."""
    deadline = time.monotonic() + timeout_ms / 1000
    socket = QLocalSocket()
    try:
        greeting = _connect(socket, name or server_name(), deadline)
        if greeting is not Handover.HANDED:
            return greeting
        _allow_foreground()  # Windows lets the window come to the front only if the launch in front allows it
        socket.write(request_bytes(path))
        answer = _read_line(socket, deadline)
        if answer is None:
            return Handover.SILENT
        return Handover.HANDED if answer.get("accepted") is True else Handover.REFUSED
    finally:
        socket.abort()


def answers(name: str, *, timeout_ms: int = HANDOVER_MS) -> bool:
    """Whether a window listens on `name` and greets (a crashed window's socket, or a frozen window, does not)."""
    socket = QLocalSocket()
    try:
        return _connect(socket, name, time.monotonic() + timeout_ms / 1000) is Handover.HANDED
    finally:
        socket.abort()


def _connect(socket: QLocalSocket, name: str, deadline: float) -> Handover:
    """Connect and wait for the window's greeting: HANDED here means greeted."""
    if not _users_own(name):
        return Handover.NOBODY  # another user's socket in a shared folder: nothing is said to it
    socket.connectToServer(name)
    if not socket.waitForConnected(_left(deadline)):
        timed_out = socket.error() == QLocalSocket.LocalSocketError.SocketTimeoutError
        return Handover.SILENT if timed_out else Handover.NOBODY
    greeting = _read_line(socket, deadline)
    return Handover.HANDED if greeting is not None and greeting.get("ready") is True else Handover.SILENT


def _read_line(socket: QLocalSocket, deadline: float) -> dict[str, Any] | None:
    """The window's next JSON line, or None: nothing in time, or not ours."""
    buffer = b""
    while b"\n" not in buffer:
        if len(buffer) > MAX_MESSAGE_BYTES:
            return None
        left = _left(deadline)
        if socket.bytesAvailable() <= 0 and (left <= 0 or not socket.waitForReadyRead(left)):
            return None
        buffer += socket.readAll().data()
    try:
        answer = json.loads(buffer.split(b"\n", 1)[0].decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    return answer if isinstance(answer, dict) and answer.get("format") == FORMAT else None


def _left(deadline: float) -> int:
    return max(0, int((deadline - time.monotonic()) * 1000))


def _allow_foreground() -> None:
    if sys.platform == "win32":
        import contextlib
        import ctypes

        with contextlib.suppress(AttributeError, OSError):
            ctypes.windll.user32.AllowSetForegroundWindow(-1)  # ASFW_ANY: the window's process may come forward


# --- the window's side -----------------------------------------------------------------------------------------
class OpenFileServer(QObject):
    """The open window's server: each file a launch hands over is opened by `open_file`, one at a time, in the
    order they came, once no dialog of the window is asking something."""

    def __init__(self, window: QWidget, open_file: Callable[[Path], object], *, name: str | None = None) -> None:
        super().__init__(window)
        self.name = name or server_name()
        self.client_ms = CLIENT_MS
        """How long a connection may take to say what it wants (tests shorten it)."""
        self._window = window
        self._open_file = open_file
        self._server = QLocalServer(self)
        self._server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)  # this user's only
        self._server.newConnection.connect(self._on_server_new_connection)
        self._connections: set[_Connection] = set()
        self._pending: list[Path] = []
        self._opening = False
        self._next = QTimer(self)
        self._next.setSingleShot(True)
        self._next.timeout.connect(self._open_next)

    def listen(self, *, probe: bool = True) -> bool:
        """Become the server of the name, unless a window answers on it already (`probe` False: known not to). A
        name no window answers on (a crashed window's socket, a frozen window) is taken over. False: another
        window serves, or the name cannot be listened on (this window then runs alone)."""
        if probe and answers(self.name):
            return False  # asked first: Qt's listen would replace a live window's socket, and pipes share a name
        QLocalServer.removeServer(self.name)  # what a window that is gone, or does not answer, left behind
        if self._server.listen(self.name):
            return True
        _log.warning("files from other launches: cannot listen on %s: %s", self.name, self._server.errorString())
        return False

    def is_listening(self) -> bool:
        return self._server.isListening()

    def close(self) -> None:
        """Listen no more (the socket's file goes); connections still open are dropped."""
        self._server.close()
        for connection in list(self._connections):
            connection.drop()

    def _on_server_new_connection(self) -> None:
        while self._server.hasPendingConnections():
            socket = self._server.nextPendingConnection()
            if len(self._connections) >= MAX_CONNECTIONS:
                _log.warning("files from other launches: too many connections at once, one dropped")
                socket.abort()
                socket.deleteLater()
                continue
            connection = _Connection(socket, self.client_ms, self)
            self._connections.add(connection)
            connection.requested.connect(self._on_connection_requested)
            connection.finished.connect(partial(self._connections.discard, connection))

    def _on_connection_requested(self, path: Path) -> None:
        self._pending.append(path)
        bring_forward(self._window)
        self._next.start(0)  # out of the socket's signal: opening may ask a question in a dialog

    def _open_next(self) -> None:
        if self._opening or not self._pending:
            return  # one file at a time: the next waits for the question of the one being opened
        if QApplication.activeModalWidget() is not None:
            self._next.start(MODAL_RETRY_MS)  # a dialog is asking something: the file waits for its answer
            return
        path = self._pending.pop(0)
        self._opening = True
        try:
            self._open_file(path)
        finally:
            self._opening = False
            if self._pending:
                self._next.start(0)


class _Connection(QObject):
    """One launch's connection: greeted, its one line read (at most `MAX_MESSAGE_BYTES`, within a time limit),
    answered, closed."""

    requested = Signal(object)
    """The file to open (a Path), once the launch has been told it is taken."""
    finished = Signal()

    def __init__(self, socket: QLocalSocket, timeout_ms: int, parent: QObject) -> None:
        super().__init__(parent)
        socket.setParent(self)
        self._socket = socket
        self._buffer = b""
        self._done = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._on_timer_timeout)
        self._timer.start(timeout_ms)
        socket.readyRead.connect(self._on_socket_ready_read)
        socket.disconnected.connect(self.drop)
        self._send({"ready": True})

    def _send(self, fields: dict[str, Any]) -> None:
        if self._socket.state() == QLocalSocket.LocalSocketState.ConnectedState:
            self._socket.write(_line(fields))
            self._socket.flush()

    def _on_socket_ready_read(self) -> None:
        data = self._socket.readAll().data()
        if self._done:
            return
        self._buffer += data
        line, newline, _rest = self._buffer.partition(b"\n")
        if not newline:
            if len(self._buffer) > MAX_MESSAGE_BYTES:
                self._answer(None, f"longer than {MAX_MESSAGE_BYTES} bytes")
            return
        try:
            path = read_request(line)
        except RefusedMessageError as exc:
            self._answer(None, str(exc))
        else:
            self._answer(path, "")

    def _answer(self, path: Path | None, reason: str) -> None:
        if path is None:
            _log.warning("files from other launches: a request was refused: %s", reason)
        self._send({"accepted": path is not None})
        self.drop()  # closed once the answer is written; nothing more is read from it
        if path is not None:
            self.requested.emit(path)

    def _on_timer_timeout(self) -> None:
        if not self._done:
            _log.info("files from other launches: a connection said nothing in time, dropped")
            self._socket.abort()
            self.drop()

    def drop(self) -> None:
        """Done with this connection: it goes once its socket has closed."""
        if self._done:
            return
        self._done = True
        self._timer.stop()
        self.finished.emit()
        if self._socket.state() == QLocalSocket.LocalSocketState.UnconnectedState:
            self.deleteLater()
        else:
            self._socket.disconnected.connect(self.deleteLater)
            self._socket.disconnectFromServer()


# --- the window ------------------------------------------------------------------------------------------------
def bring_forward(window: QWidget) -> None:
    """The window to the front, out of the Dock or task bar if it was minimized (as it was: maximized stays)."""
    if window.isMinimized():
        window.setWindowState(window.windowState() & ~Qt.WindowState.WindowMinimized)
    window.raise_()
    window.activateWindow()


def open_in_window(window: MainWindow, path: Path) -> bool:
    """Open a file handed over as File → Open or Open Battle… would: the unsaved work asked about first, a file
    that cannot be read told, the work on screen left as it was."""
    return window.open_file(path)


def serve(window: MainWindow, *, probe: bool = True) -> OpenFileServer | None:
    """The window takes the files later launches hand over (None: another window does, or none can be served).
    Called once the window is painted: the launch does not wait on QtNetwork."""
    server = OpenFileServer(window, partial(open_in_window, window))
    if not server.listen(probe=probe):
        server.deleteLater()
        return None
    app = QCoreApplication.instance()
    if app is not None:
        app.aboutToQuit.connect(server.close)  # its socket's file goes with the program
    return server
