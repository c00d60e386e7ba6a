"""An error Warband did not expect, in the real window: shown in a dialog (never only on standard error), the work
saved to new recovery files on request (never over the originals), a report to copy, the program still running;
errors while the dialog is open, and errors from other threads, go into the same dialog (issue 12)."""

from __future__ import annotations

import datetime as dt
import logging
import re
import sys
import threading
from functools import partial

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from tests.gui.conftest import army
from warband import __version__
from warband.gui.crash_dialog import KEPT_ERRORS, CrashDialog, CrashHandler
from warband.gui.logfile import setup_logging
from warband.gui.new_battle_dialog import NewBattle
from warband.gui.recovery import file_stem, recovery_path, save_work, window_work
from warband.model.army import ARMY_SUFFIX, load_army
from warband.model.battle import BATTLE_SUFFIX, load_battle
from warband.model.edits import AddUnit, SetArmyField
from warband.model.systems.confrontation.battle_commands import NextPhase
from warband.model.systems.confrontation.battle_state import RulesOptions

GUARD = army(
    {"id": "u1", "profile": "iron-priestess", "miracles": ["renfort"]}, {"id": "u2", "profile": "templar"}
)


class BoomError(RuntimeError):
    """The error the tests raise where Warband did not expect one."""


@pytest.fixture
def recovered(tmp_path):
    return tmp_path / "state" / "recovered"


@pytest.fixture
def handler(window, recovered):
    """The crash handler as app.py installs it for the window, taken away again after the test."""
    crash = CrashHandler(partial(window.save_recovery, recovered), window=window)
    crash.install()
    yield crash
    crash.uninstall()
    if crash.dialog is not None:
        crash.dialog.done(0)


def fail_later(message: str = "the rules engine tripped") -> None:
    """An exception escaping a slot, as one would from a button's handler."""

    def slot() -> None:
        raise BoomError(message)

    QTimer.singleShot(0, slot)


def shown_dialog(qtbot, handler) -> CrashDialog:
    qtbot.waitUntil(lambda: handler.dialog is not None and handler.dialog.isVisible())
    assert handler.dialog is not None
    return handler.dialog


def start_battle(window, asker):
    asker.new_battle_answer = NewBattle((("Aline", GUARD), ("Bruno", GUARD)), RulesOptions())
    assert window.battles.new_battle()
    document = window.battles.document
    document.act(NextPhase())
    return document


# --- the dialog ----------------------------------------------------------------------------------------------
def test_an_error_in_a_slot_is_shown_in_a_dialog_and_the_window_runs_on(window, handler, qtbot, capsys):
    window.show()
    fail_later()
    dialog = shown_dialog(qtbot, handler)
    assert dialog.parent() is window and dialog.isModal()
    assert dialog.heading.text() == "Something went wrong in Warband."
    assert "save it now to new recovery files" in dialog.message.text()
    assert "The files you opened are not changed." in dialog.message.text()
    report = dialog.report_text.toPlainText()
    assert report.startswith(f"Warband {__version__}\nSystem: ")
    assert "\nPython: " in report and "\nQt: " in report and "PySide6: " in report and "\nLanguage: en" in report
    assert "Traceback (most recent call last):" in report
    assert report.rstrip().endswith("BoomError: the rules engine tripped")
    assert dialog.report_text.isReadOnly()
    assert (
        "BoomError: the rules engine tripped" in capsys.readouterr().err
    )  # and for whoever started Warband there
    dialog.done(0)
    qtbot.waitUntil(lambda: handler.dialog is None)
    window.document.execute(SetArmyField("name", "Still here"))  # the program goes on
    assert window.document.army.name == "Still here"
    fail_later("again")
    assert "BoomError: again" in shown_dialog(qtbot, handler).report()  # a later error gets a dialog of its own


def test_errors_while_the_dialog_is_open_go_into_it(window, handler, qtbot):
    fail_later("first")
    dialog = shown_dialog(qtbot, handler)
    assert not dialog.count_label.isVisibleTo(dialog)
    fail_later("second")
    qtbot.waitUntil(lambda: dialog.count == 2)
    assert handler.dialog is dialog
    assert len([d for d in window.findChildren(CrashDialog) if d.isVisible()]) == 1
    assert dialog.count_label.text() == "2 unexpected errors so far; the report holds the first 2."
    report = dialog.report()
    assert report.index("BoomError: first") < report.index("BoomError: second")
    for number in range(KEPT_ERRORS + 3):  # a flood (an error at each repaint) is counted, not all kept
        handler.handle(BoomError, BoomError(f"flood {number}"), None)
    assert dialog.count == KEPT_ERRORS + 5
    assert dialog.report().count("BoomError: ") == KEPT_ERRORS


def test_an_error_in_another_thread_reaches_the_dialog_in_the_gui_thread(window, handler, qtbot):
    def work() -> None:
        raise BoomError("in the journal thread")

    thread = threading.Thread(target=work, name="journal")
    thread.start()
    thread.join()
    dialog = shown_dialog(qtbot, handler)
    assert dialog.thread() is QApplication.instance().thread()
    assert "BoomError: in the journal thread" in dialog.report()


def test_install_and_uninstall_leave_the_hooks_as_they_were(window, recovered, monkeypatch):
    passed_on: list[type[BaseException]] = []
    monkeypatch.setattr(sys, "excepthook", lambda kind, exc, tb: passed_on.append(kind))
    before, threads_before = sys.excepthook, threading.excepthook
    crash = CrashHandler(partial(window.save_recovery, recovered), window=window)
    crash.install()
    assert crash.installed and sys.excepthook != before and threading.excepthook != threads_before
    crash.install()  # twice is once
    sys.excepthook(KeyboardInterrupt, KeyboardInterrupt(), None)  # Ctrl+C in the terminal: Python's way
    assert passed_on == [KeyboardInterrupt] and crash.dialog is None
    sys.excepthook(BoomError, BoomError("in the GUI thread"), None)
    assert crash.dialog is not None and crash.dialog.isVisible()  # at once, not through the event queue
    assert passed_on == [KeyboardInterrupt]
    crash.uninstall()
    assert sys.excepthook is before and threading.excepthook is threads_before
    assert not crash.installed
    crash.dialog.done(0)


def test_the_report_is_copied_whole(window, handler, qtbot):
    handler.handle(BoomError, BoomError("copy me"), None)
    dialog = shown_dialog(qtbot, handler)
    dialog.report_text.moveCursor(dialog.report_text.textCursor().MoveOperation.End)  # nothing selected
    dialog.copy_button.click()
    assert QApplication.clipboard().text() == dialog.report()
    assert "BoomError: copy me" in QApplication.clipboard().text()


def test_hostile_text_in_an_error_is_shown_as_plain_text(window, handler, qtbot):
    handler.handle(ValueError, ValueError("<b>name</b> \ud800 \x1b[2J"), None)
    dialog = shown_dialog(qtbot, handler)
    report = dialog.report()
    assert "ValueError: <b>name</b> \\ud800 \x1b[2J" in report  # a lone surrogate shown as its escape
    assert dialog.heading.textFormat() == dialog.saved_label.textFormat() == dialog.message.textFormat()
    assert dialog.saved_label.textFormat().name == "PlainText"


def test_the_error_is_logged_with_its_traceback(window, handler, qtbot, tmp_path):
    logs = setup_logging(tmp_path / "log", qt=False)
    try:
        handler.log_file = logs.path
        fail_later("written down")
        dialog = shown_dialog(qtbot, handler)
        assert f"Log file: {tmp_path / 'log' / 'warband.log'}" in dialog.report()
        for handler_ in logging.getLogger().handlers:
            handler_.flush()
        text = (tmp_path / "log" / "warband.log").read_text(encoding="utf-8")
    finally:
        logs.close()
    assert "ERROR warband: Uncaught exception" in text
    assert "Traceback (most recent call last):" in text and "BoomError: written down" in text


# --- saving the work -----------------------------------------------------------------------------------------
def test_save_my_work_writes_the_army_and_the_battle_to_new_files(window, asker, handler, qtbot, recovered):
    window.document.execute(SetArmyField("name", "North / gate"))
    window.document.execute(AddUnit("u1", "iron-priestess"))
    army_before = window.document.army
    battle = start_battle(window, asker)
    fail_later()
    dialog = shown_dialog(qtbot, handler)
    assert not dialog.saved_label.isVisibleTo(dialog)
    results = dialog.save_work()

    army_file, battle_file = (r.path for r in results)
    assert army_file is not None and battle_file is not None
    assert army_file.parent == battle_file.parent == recovered
    stamp = r"\d{8}-\d{6}"
    assert army_file.name.startswith("recovered-North-gate-") and army_file.name.endswith(ARMY_SUFFIX)
    assert battle_file.name.startswith("recovered-Aline-Bruno-") and battle_file.name.endswith(BATTLE_SUFFIX)
    assert re.fullmatch(rf"recovered-North-gate-{stamp}\.warband\.json", army_file.name)
    reloaded = load_army(army_file)
    assert reloaded.name == "North / gate" and [u.profile for u in reloaded.units] == ["iron-priestess"]
    state, log, _dice = load_battle(battle_file)
    assert state == battle.battle and [e.text for e in log] == ["Next phase"]

    shown = dialog.saved_label.text()
    assert shown.startswith("Saved to new files (the files you opened are not changed):")
    assert f"The army “North / gate”: {army_file}" in shown
    assert f"The battle “Aline – Bruno”: {battle_file}" in shown
    assert not dialog.save_button.isEnabled()  # all saved: once is enough
    # nothing was marked as saved: the work stays as unsaved, and belongs to no file yet
    assert window.document.modified and window.document.path is None and window.document.army == army_before
    assert battle.modified and battle.path is None


def test_a_saved_army_is_copied_never_written_over(window, handler, qtbot, recovered, tmp_path):
    original = tmp_path / "gate.warband.json"
    window.document.execute(SetArmyField("name", "Gate"))
    window.asker.save_answer = original  # the window's own Save As writes the original
    assert window.save_as()
    before = original.read_bytes()
    window.document.execute(SetArmyField("name", "Gate, changed"))
    handler.handle(BoomError, BoomError("x"), None)
    [result] = shown_dialog(qtbot, handler).save_work()
    assert result.path is not None and result.path != original and result.path.parent == recovered
    assert original.read_bytes() == before
    assert load_army(result.path).name == "Gate, changed"
    assert window.document.path == original and window.document.modified


def test_a_recovery_file_never_replaces_one_already_there(window, recovered):
    now = dt.datetime(2024, 5, 17, 21, 4, 9)
    window.document.execute(SetArmyField("name", "Gate"))
    taken = recovered / f"recovered-Gate-20240517-210409{ARMY_SUFFIX}"
    recovered.mkdir(parents=True)
    taken.write_text("the player's earlier recovery", encoding="utf-8")
    [result] = save_work(window_work(window.document, None), recovered, now)
    assert result.path == recovered / f"recovered-Gate-20240517-210409-2{ARMY_SUFFIX}"
    assert taken.read_text(encoding="utf-8") == "the player's earlier recovery"
    assert (
        recovery_path(recovered, "Gate", ARMY_SUFFIX, now).name == f"recovered-Gate-20240517-210409-3{ARMY_SUFFIX}"
    )


def test_an_untouched_new_army_is_not_saved_and_the_dialog_says_so(window, handler, qtbot):
    handler.handle(BoomError, BoomError("x"), None)
    dialog = shown_dialog(qtbot, handler)
    assert dialog.save_work() == []
    assert dialog.saved_label.text().startswith("There is no work to save")


def test_a_folder_that_cannot_be_written_is_told_and_the_button_stays(window, qtbot, tmp_path):
    in_the_way = tmp_path / "state"
    in_the_way.write_text("a file where the folder should be", encoding="utf-8")
    crash = CrashHandler(partial(window.save_recovery, in_the_way / "recovered"), window=window)
    window.document.execute(SetArmyField("name", "Gate"))
    crash.handle(BoomError, BoomError("x"), None)
    dialog = shown_dialog(qtbot, crash)
    [result] = dialog.save_work()
    assert result.path is None and result.reason
    assert dialog.saved_label.text().splitlines()[1].startswith("The army “Gate” could not be saved: ")
    assert dialog.save_button.isEnabled()  # another try, once the disk is sorted out
    dialog.done(0)


def test_an_error_while_saving_is_shown_not_raised(window, qtbot):
    def broken() -> list:
        raise BoomError("no way to save")

    crash = CrashHandler(broken, window=window)
    crash.handle(BoomError, BoomError("x"), None)
    dialog = shown_dialog(qtbot, crash)
    assert dialog.save_work() == []
    assert dialog.saved_label.text() == "Your work could not be saved: no way to save"
    dialog.done(0)


@pytest.mark.parametrize(
    ("name", "stem"),
    [("North / gate", "North-gate"), ("", "army"), ("../../etc", "etc"), ("Гвардия\x00\ud800", "Гвардия")],
)
def test_recovery_file_names_hold_only_safe_characters(name, stem):
    assert file_stem(name, "army") == stem
    assert len(file_stem("x" * 300, "army")) == 40


def test_the_dialog_looks_right(window, asker, handler, qtbot, tmp_path):
    """A screenshot for a person to look at (kept out of the repository, in pytest's tmp_path)."""
    window.document.execute(SetArmyField("name", "North gate"))
    start_battle(window, asker)
    fail_later()
    dialog = shown_dialog(qtbot, handler)
    dialog.save_work()
    qtbot.waitExposed(dialog)
    shot = dialog.grab()
    assert shot.width() > 400
    assert shot.save(str(tmp_path / "crash.png"))


# --- the window's start ----------------------------------------------------------------------------------------
class NoTimer:
    """Stands in for QTimer in app.py: the questions after the start (recovery, resume) are not for this test."""

    @staticmethod
    def singleShot(*args: object) -> None:  # noqa: N802 (Qt's name)
        pass


def test_the_window_runs_with_the_log_and_the_dialog_and_leaves_them_as_they_were(qapp, monkeypatch):
    import warband.app
    from warband.gui.logfile import log_dir
    from warband.gui.main_window import MainWindow
    from warband.gui.preferences import Preferences, apply_preferences
    from warband.model.messages import load_language

    hooks = (sys.excepthook, threading.excepthook)
    root_handlers = list(logging.getLogger().handlers)
    seen: dict[str, object] = {}

    built: list[MainWindow] = []

    class BuiltWindow(MainWindow):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            built.append(self)

    def exec_(app: QApplication) -> int:
        [window] = built
        seen["log_file"] = window.log_file
        seen["hook"] = sys.excepthook
        window.close()
        return 7

    monkeypatch.setattr(warband.app, "MainWindow", BuiltWindow)
    monkeypatch.setattr(QApplication, "exec", exec_)
    monkeypatch.setattr(warband.app, "QTimer", NoTimer)
    monkeypatch.setattr(warband.app.gc, "freeze", lambda: None)
    font, palette = QApplication.font(), QApplication.palette()
    try:
        assert warband.app.run() == 7
    finally:  # the start applies the preferences to the whole application: give it back as it was
        apply_preferences(qapp, Preferences(theme="system"))
        QApplication.setFont(font)
        QApplication.setPalette(palette)
        load_language("en")
    assert seen["log_file"] == log_dir() / "warband.log" and (log_dir() / "warband.log").is_file()
    assert isinstance(getattr(seen["hook"], "__self__", None), CrashHandler)
    assert (sys.excepthook, threading.excepthook) == hooks  # taken away again
    assert logging.getLogger().handlers == root_handlers
