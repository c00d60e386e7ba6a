"""`warband FILE` while a window is open: the file goes to that window (issue 22). The message is checked before
anything opens; a crashed or frozen window never blocks a launch; the window opens what it is handed as File → Open
would, one file after another."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import textwrap
import time
from functools import partial
from pathlib import Path

import pytest
from PySide6.QtNetwork import QLocalSocket
from PySide6.QtWidgets import QDialog

from tests.gui.conftest import army
from warband import api
from warband.gui.dialogs import Unsaved
from warband.gui.single_instance import (
    FORMAT,
    MAX_CONNECTIONS,
    MAX_MESSAGE_BYTES,
    Handover,
    OpenFileServer,
    RefusedMessageError,
    answers,
    hand_over,
    open_in_window,
    read_request,
    request_bytes,
    server_name,
)
from warband.model.army import save_army
from warband.model.edits import AddUnit

unix_only = pytest.mark.skipif(sys.platform == "win32", reason="a socket file left behind is Unix's")
GUARD = army({"id": "u1", "profile": "iron-priestess"}, {"id": "u2", "profile": "griffin-trooper"})


def message(**fields: object) -> bytes:
    return json.dumps({"format": FORMAT, "version": 1, **fields}).encode()


@pytest.fixture
def army_file(tmp_path):
    path = tmp_path / "gate.warband.json"
    save_army(GUARD, path)
    return path


@pytest.fixture
def battle_file(tmp_path, catalogs):
    path = tmp_path / "game.battle.json"
    api.save_battle_file(api.start_battle([("Aline", GUARD), ("Bruno", GUARD)], catalogs), path)
    return path


@pytest.fixture
def name():
    """A server name of the test's own (in Qt's temporary folder: a socket's address holds about 104 bytes)."""
    return f"warband-test-{os.getpid()}-{time.monotonic_ns()}"


@pytest.fixture
def served(window, name):
    server = OpenFileServer(window, partial(open_in_window, window), name=name)
    assert server.listen()
    yield server
    server.close()


class RawClient:
    """A launch (or a hostile local program) talking to the server without blocking the test's event loop."""

    def __init__(self, qtbot, name: str) -> None:
        self.qtbot = qtbot
        self.socket = QLocalSocket()
        self.received = bytearray()
        self.socket.readyRead.connect(lambda: self.received.extend(self.socket.readAll().data()))
        self.socket.connectToServer(name)
        qtbot.waitUntil(lambda: self.lines() == [{"format": FORMAT, "version": 1, "ready": True}])

    def lines(self) -> list[dict]:
        return [json.loads(line) for line in bytes(self.received).splitlines()]

    def send(self, data: bytes) -> dict:
        self.socket.write(data)
        self.qtbot.waitUntil(lambda: len(self.lines()) == 2)
        self.qtbot.waitUntil(self.closed)  # the window closes the connection once it has answered
        return self.lines()[1]

    def closed(self) -> bool:
        return self.socket.state() == QLocalSocket.LocalSocketState.UnconnectedState


def hand(qtbot, name: str, path: Path) -> dict:
    return RawClient(qtbot, name).send(request_bytes(path))


# --- the message ---------------------------------------------------------------------------------------------
def test_an_existing_army_or_battle_file_is_asked_for(army_file, battle_file):
    assert read_request(request_bytes(army_file).rstrip(b"\n")) == army_file
    assert read_request(request_bytes(battle_file)) == battle_file


@unix_only
def test_a_file_name_that_is_not_utf8_survives_the_message(tmp_path):
    path = tmp_path / os.fsdecode(b"caf\xe9.warband.json")
    path.write_text("{}")
    assert request_bytes(path).isascii()
    assert read_request(request_bytes(path)) == path


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"x" * (MAX_MESSAGE_BYTES + 1), "longer than"),
        (b"\xff\xfe{}", "not a JSON line"),
        (b'{"format": "warband-open", "version": 1, "path": ', "not a JSON line"),
        (b"[" * 30000, "not a JSON line"),  # nested too deep for the parser
        (b'["warband-open"]', "not a warband-open message"),
        (json.dumps({"format": "warband-army", "path": "/a.warband.json"}).encode(), "not a warband-open"),
        (message(path="/a.warband.json", version=2), "version 2 is not known"),
        (message(path="/a.warband.json", version=True), "version True is not known"),
        (message(path="/a.warband.json", command="rm -rf"), "unknown fields ['command']"),
        (message(), "no path"),
        (message(path=["/a.warband.json"]), "no path"),
        (message(path="/a\x00.warband.json"), "no path"),
        (message(path="a.warband.json"), "not an absolute path"),
    ],
)
def test_anything_else_is_refused(data, reason):
    with pytest.raises(RefusedMessageError, match=None) as refused:
        read_request(data)
    assert reason in str(refused.value)


def test_only_an_existing_army_or_battle_file_is_opened(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("secret")
    with pytest.raises(RefusedMessageError, match="not an army or battle file"):
        read_request(message(path=str(notes)))
    with pytest.raises(RefusedMessageError, match="not an army or battle file"):
        read_request(message(path=str(tmp_path / "catalog.json")))
    with pytest.raises(RefusedMessageError, match="no such file"):
        read_request(message(path=str(tmp_path / "missing.warband.json")))
    folder = tmp_path / "folder.battle.json"
    folder.mkdir()
    with pytest.raises(RefusedMessageError, match="no such file"):
        read_request(message(path=str(folder)))


def test_the_server_is_named_per_user_and_per_state_folder(monkeypatch, tmp_path):
    first = server_name()
    assert first == server_name() and first.startswith("warband-") and len(first) == len("warband-") + 16
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "elsewhere"))
    assert server_name() != first
    monkeypatch.setenv("USER", "someone-else")
    monkeypatch.setenv("LOGNAME", "someone-else")
    assert server_name() not in (first, "")


@unix_only
def test_the_server_lives_in_the_users_own_runtime_folder_when_there_is_one(monkeypatch, tmp_path):
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    assert Path(server_name()).parent == runtime
    runtime.chmod(0o755)  # others may enter it: Qt's temporary folder instead
    assert server_name().startswith("warband-")
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "missing"))
    assert server_name().startswith("warband-")


# --- the launch's side ---------------------------------------------------------------------------------------
def test_a_launch_with_no_window_to_hand_to_goes_on_at_once(army_file, name):
    started = time.monotonic()
    assert hand_over(army_file, name) is Handover.NOBODY
    assert not answers(name)
    assert time.monotonic() - started < 5  # generous: it does not wait for a window at all


@unix_only
def test_a_crashed_windows_socket_is_taken_over(window, army_file, tmp_path, qtbot):
    """A window killed without cleaning up leaves its socket file: nobody answers on it, the next window serves."""
    name = str(tmp_path / "crashed")
    left = socket.socket(socket.AF_UNIX)
    left.bind(name)
    left.close()
    assert Path(name).exists()
    assert hand_over(army_file, name) is Handover.NOBODY
    server = OpenFileServer(window, partial(open_in_window, window), name=name)
    assert server.listen()
    assert hand(qtbot, name, army_file) == {"format": FORMAT, "version": 1, "accepted": True}
    qtbot.waitUntil(lambda: window.document.path == army_file)
    server.close()
    assert not Path(name).exists()  # the window's socket goes with it


@unix_only
def test_a_frozen_window_does_not_hold_a_launch_up(window, army_file, tmp_path, qtbot):
    """Something listens but never answers: the launch gives up quickly, sends no file, and serves instead."""
    name = str(tmp_path / "frozen")
    frozen = socket.socket(socket.AF_UNIX)
    frozen.bind(name)
    frozen.listen(4)  # the connection is queued, and never taken
    try:
        started = time.monotonic()
        assert hand_over(army_file, name, timeout_ms=300) is Handover.SILENT
        assert time.monotonic() - started < 5
        server = OpenFileServer(window, partial(open_in_window, window), name=name)
        assert server.listen(probe=False)  # known not to answer: not asked again
        assert hand(qtbot, name, army_file)["accepted"] is True
        server.close()
    finally:
        frozen.close()


@unix_only
def test_another_users_socket_is_told_nothing(army_file, tmp_path, monkeypatch):
    """In a shared temporary folder another user could make a socket of the name first: it is not spoken to."""
    name = str(tmp_path / "theirs")
    theirs = socket.socket(socket.AF_UNIX)
    theirs.bind(name)
    theirs.listen(4)
    theirs.setblocking(False)
    uid = os.getuid()
    monkeypatch.setattr(os, "getuid", lambda: uid + 1)  # the socket is someone else's now
    try:
        assert hand_over(army_file, name) is Handover.NOBODY
        with pytest.raises(BlockingIOError):
            theirs.accept()  # no one connected
    finally:
        theirs.close()


def run_launch(qtbot, script: str) -> subprocess.CompletedProcess[str]:
    """Another launch, in a process of its own (its calls block: this test's window must answer meanwhile)."""
    launch = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(script)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    try:
        qtbot.waitUntil(lambda: launch.poll() is not None, timeout=60000)
    finally:
        if launch.poll() is None:
            launch.kill()
    stdout, stderr = launch.communicate()
    return subprocess.CompletedProcess(launch.args, launch.returncode, stdout, stderr)


def test_a_launch_hands_its_file_to_the_open_window(window, served, army_file, qtbot):
    script = f"""
        from pathlib import Path
        from warband.gui.single_instance import hand_over
        print(hand_over(Path({str(army_file)!r}), {served.name!r}, timeout_ms=20000).value)
        """
    result = run_launch(qtbot, script)
    assert (result.returncode, result.stdout, result.stderr) == (0, "handed\n", "")
    qtbot.waitUntil(lambda: window.document.path == army_file)
    assert window.windowTitle() == "gate.warband.json[*] — Warband"


def test_a_second_window_does_not_take_the_name_of_a_window_that_answers(served, qtbot):
    script = f"""
        from PySide6.QtWidgets import QApplication, QWidget
        from warband.gui.single_instance import OpenFileServer
        app = QApplication([])
        print(OpenFileServer(QWidget(), print, name={served.name!r}).listen())
        """
    result = run_launch(qtbot, script)
    assert (result.returncode, result.stdout) == (0, "False\n"), result.stderr
    assert served.is_listening()


# --- the window's side ---------------------------------------------------------------------------------------
def test_the_window_opens_the_army_handed_over(window, served, army_file, qtbot):
    assert hand(qtbot, served.name, army_file) == {"format": FORMAT, "version": 1, "accepted": True}
    qtbot.waitUntil(lambda: window.document.path == army_file)
    assert [u.profile for u in window.document.army.units] == ["iron-priestess", "griffin-trooper"]
    assert str(army_file) in window.settings.recent and window.tabs.currentIndex() == 0


def test_the_window_opens_the_battle_handed_over(window, served, battle_file, qtbot):
    assert hand(qtbot, served.name, battle_file)["accepted"] is True
    qtbot.waitUntil(lambda: window.battles.document is not None)
    assert window.battles.document.path == battle_file
    assert window.tabs.currentIndex() == 1  # the battle is shown
    assert window.windowTitle() == "game.battle.json[*] — Warband"


def test_unsaved_work_is_asked_about_first(window, asker, served, army_file, qtbot):
    document = window.document
    document.execute(AddUnit(document.new_unit_id(), "iron-priestess", label="Add Iron Priestess"))
    asker.unsaved_answer = Unsaved.CANCEL
    assert hand(qtbot, served.name, army_file)["accepted"] is True
    qtbot.waitUntil(lambda: asker.asked == ["unsaved:Untitled army"])
    assert window.document is document and document.modified  # the player kept the work on screen
    asker.unsaved_answer = Unsaved.DISCARD
    hand(qtbot, served.name, army_file)
    qtbot.waitUntil(lambda: window.document.path == army_file)


def test_a_file_that_cannot_be_read_is_told_and_loses_nothing(window, asker, served, tmp_path, qtbot):
    document = window.document
    broken = tmp_path / "broken.warband.json"
    broken.write_text('{"format": "warband-army", "version": 1, "system": "confrontation", "units": 3}')
    assert hand(qtbot, served.name, broken)["accepted"] is True  # of its kind: the window tells what is wrong
    qtbot.waitUntil(lambda: len(asker.errors) == 1)
    [(title, text)] = asker.errors
    assert title == "Cannot open the army" and str(broken) in text
    assert window.document is document


def test_several_files_in_a_row_are_all_opened_in_order(window, served, army_file, battle_file, tmp_path, qtbot):
    second = tmp_path / "second.warband.json"
    save_army(army({"id": "u1", "profile": "griffin-trooper"}, name="Second"), second)
    clients = [RawClient(qtbot, served.name) for _path in range(3)]
    for client, path in zip(clients, (army_file, battle_file, second), strict=True):
        client.socket.write(request_bytes(path))
    qtbot.waitUntil(lambda: all(len(client.lines()) == 2 for client in clients))
    qtbot.waitUntil(lambda: window.document.path == second and window.battles.document is not None)
    assert window.battles.document.path == battle_file
    assert window.settings.recent[:2] == [str(second), str(army_file)]


RAISE_OFFSCREEN = pytest.mark.qt_log_ignore("This plugin does not support raise")
"""The window comes forward: the offscreen platform has no front to bring it to, and says so."""


@RAISE_OFFSCREEN
def test_a_file_waits_while_a_dialog_asks_something(window, served, army_file, qtbot):
    dialog = QDialog(window)
    dialog.setModal(True)
    dialog.show()
    before = window.document
    assert hand(qtbot, served.name, army_file)["accepted"] is True
    qtbot.wait(400)
    assert window.document is before  # the dialog's question comes first
    dialog.close()
    qtbot.waitUntil(lambda: window.document.path == army_file)


def test_a_hostile_client_changes_nothing_and_the_window_serves_on(window, served, army_file, tmp_path, qtbot):
    document = window.document
    notes = tmp_path / "notes.txt"
    notes.write_text("secret")
    for data in (
        b"garbage\n",
        message(path=str(notes)) + b"\n",
        message(path=str(tmp_path / "missing.warband.json")) + b"\n",
        b"x" * (MAX_MESSAGE_BYTES + 10),  # no end of line, ever
        b"\x00\xff" * 100 + b"\n",
    ):
        assert RawClient(qtbot, served.name).send(data) == {"format": FORMAT, "version": 1, "accepted": False}
    assert window.document is document

    served.client_ms = 100
    silent = RawClient(qtbot, served.name)  # says nothing: dropped
    qtbot.waitUntil(silent.closed)
    served.client_ms = 60000
    gone = RawClient(qtbot, served.name)
    gone.socket.write(b'{"format": "warband-open"')
    gone.socket.abort()  # leaves halfway
    qtbot.waitUntil(lambda: not served._connections)
    crowd = [RawClient(qtbot, served.name) for _client in range(MAX_CONNECTIONS)]
    extra = QLocalSocket()
    extra.connectToServer(served.name)
    qtbot.waitUntil(lambda: extra.state() == QLocalSocket.LocalSocketState.UnconnectedState)  # one too many
    assert extra.bytesAvailable() == 0  # not greeted
    for client in crowd:
        client.socket.abort()
    qtbot.waitUntil(lambda: not served._connections)
    assert hand(qtbot, served.name, army_file)["accepted"] is True
    qtbot.waitUntil(lambda: window.document.path == army_file)


@RAISE_OFFSCREEN
def test_the_window_comes_forward_when_handed_a_file(window, served, army_file, qtbot):
    window.show()
    window.showMinimized()
    qtbot.waitUntil(window.isMinimized)
    hand(qtbot, served.name, army_file)
    qtbot.waitUntil(lambda: window.document.path == army_file)
    assert not window.isMinimized()


# --- the launch, as app.py runs it -----------------------------------------------------------------------------
@pytest.mark.parametrize("with_file", [False, True], ids=["start page", "file"])
def test_the_window_serves_only_after_it_is_painted(tmp_path, with_file):
    """The start page is painted without QtNetwork; then the window serves. `--smoke` serves nothing."""
    army_path = tmp_path / "gate.warband.json"
    save_army(GUARD, army_path)
    script = textwrap.dedent(
        f"""
        import json, sys, time
        from pathlib import Path
        from PySide6.QtWidgets import QApplication
        from warband import app
        from warband.gui import main_window
        seen = {{}}
        real_show = main_window.MainWindow.show
        def show(self):
            real_show(self)
            seen.setdefault("network_at_show", "PySide6.QtNetwork" in sys.modules)  # the first window's
        def exec_(qapp):
            from warband.gui.single_instance import OpenFileServer
            end = time.monotonic() + 30
            [window] = [w for w in qapp.topLevelWidgets() if isinstance(w, main_window.MainWindow)]
            while not window.findChildren(OpenFileServer) and time.monotonic() < end:
                qapp.processEvents()
                time.sleep(0.01)
            seen["listening"] = [s.is_listening() for s in window.findChildren(OpenFileServer)]
            seen["title"] = window.windowTitle()
            window.close()
            return 0
        main_window.MainWindow.show = show
        QApplication.exec = exec_
        code = app.run(path={f"Path({str(army_path)!r})" if with_file else "None"})
        first = [w for w in QApplication.topLevelWidgets() if isinstance(w, main_window.MainWindow)]
        smoke = app.run(smoke=True)
        for _turn in range(20):
            QApplication.processEvents()
        from warband.gui.single_instance import OpenFileServer
        seen["smoke_servers"] = sum(
            len(w.findChildren(OpenFileServer)) for w in QApplication.topLevelWidgets()
            if isinstance(w, main_window.MainWindow) and w not in first
        )
        print(json.dumps({{"code": code, "smoke": smoke, **seen}}))
        """
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}  # the test's own folders (tests/conftest.py)
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["code"] == 0 and report["smoke"] == 0
    assert report["network_at_show"] is with_file  # a file is offered to an open window before the window is built
    assert report["listening"] == [True] and report["smoke_servers"] == 0
    assert report["title"] == ("gate.warband.json[*] — Warband" if with_file else "Warband")
