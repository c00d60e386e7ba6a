"""Help → Report a Problem in the real window, and the log file behind it: warnings and errors (Python's, Qt's)
in a rotating file, the report's version, platform and log tail ready to copy, and a log folder that cannot be
written leaving the program running (issue 12)."""

from __future__ import annotations

import errno
import logging
import platform
import warnings

import pytest
from PySide6.QtCore import qVersion, qWarning
from PySide6.QtWidgets import QApplication

from warband import __version__
from warband.gui import logfile
from warband.gui.logfile import BACKUPS, MAX_BYTES, log_tail, setup_logging
from warband.gui.problem_report import ProblemReportDialog, report_text

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support raise")  # offscreen cannot raise a dialog


@pytest.fixture
def logs(tmp_path):
    """The log as app.py sets it up, in a test folder; Python's warnings in it, Qt's left to pytest-qt."""
    setup = setup_logging(tmp_path / "log", qt=False)
    yield setup
    setup.close()


def flushed(setup) -> str:
    for handler in logging.getLogger().handlers:
        handler.flush()
    return setup.path.read_text(encoding="utf-8")


# --- the log file --------------------------------------------------------------------------------------------
def test_warnings_and_errors_go_to_the_log_but_not_information(logs, tmp_path):
    assert logs.path == tmp_path / "log" / "warband.log"
    logging.getLogger("warband").info("an ordinary day")
    logging.getLogger("warband").warning("the autosave folder is full")
    logging.getLogger("warband.somewhere").error("something failed: %s", "\ud800 a hostile name")
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.warn("a Python warning", UserWarning, stacklevel=1)
    text = flushed(logs)
    assert "an ordinary day" not in text
    assert "WARNING warband: the autosave folder is full" in text
    assert "ERROR warband.somewhere: something failed: \\ud800 a hostile name" in text
    assert "UserWarning: a Python warning" in text


def test_the_log_rotates_at_about_a_megabyte_keeping_three(logs):
    line = "x" * 1000
    for _ in range(5000):  # about 5 MB
        logging.getLogger("warband").warning(line)
    folder = logs.path.parent
    files = sorted(p.name for p in folder.iterdir())
    assert files == ["warband.log", *(f"warband.log.{n}" for n in range(1, BACKUPS + 1))]
    assert all(p.stat().st_size <= MAX_BYTES for p in folder.iterdir())


@pytest.mark.qt_log_ignore("warband test: a Qt warning")
def test_qt_warnings_go_to_the_log_and_still_reach_the_handler_before(tmp_path, qtlog):
    setup = setup_logging(tmp_path / "log")
    try:
        qWarning("warband test: a Qt warning")
        text = flushed(setup)
    finally:
        setup.close()
    assert "WARNING qt: warband test: a Qt warning" in text
    assert [r.message for r in qtlog.records] == ["warband test: a Qt warning"]  # pytest-qt's handler too
    qWarning("warband test: a Qt warning")  # after close: Qt's messages no longer reach the file
    assert setup.path.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("blocker", ["a file in the way", "read-only", "disk full"])
def test_a_log_folder_that_cannot_be_written_logs_to_nothing(tmp_path, monkeypatch, blocker):
    folder = tmp_path / "log"
    if blocker == "disk full":

        def full(*args, **kwargs):
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(logfile.file_handler_class(), "__init__", full)
    elif blocker == "read-only":
        folder.mkdir()
        folder.chmod(0o500)
        if _writable(folder):
            folder.chmod(0o700)
            pytest.skip("running as root: a read-only folder can still be written")
    else:
        folder.write_text("a file where the folder should be", encoding="utf-8")
    try:
        setup = setup_logging(folder, qt=False)
        try:
            assert setup.path is None
            logging.getLogger("warband").error("nowhere to go")  # and nothing raises
            assert "Log file: none (its folder could not be written)" in report_text(setup.path)
        finally:
            setup.close()
    finally:
        if blocker == "read-only":
            folder.chmod(0o700)


def test_a_disk_that_fills_up_later_loses_log_lines_quietly(logs, capsys):
    class Full:
        def write(self, text):
            raise OSError(errno.ENOSPC, "No space left on device")

        def flush(self):
            pass

        def close(self):
            pass

    [handler] = [h for h in logging.getLogger().handlers if isinstance(h, logfile.file_handler_class())]
    kept, handler.stream = handler.stream, Full()
    try:
        logging.getLogger("warband").error("lost, and nothing printed about it")
    finally:
        handler.stream = kept
    assert "Logging error" not in capsys.readouterr().err


def _writable(folder) -> bool:
    probe = folder / "probe"
    try:
        probe.touch()
    except OSError:
        return False
    probe.unlink()
    return True


def test_the_tail_is_the_last_200_lines_and_at_most_20_kb(tmp_path):
    log = tmp_path / "warband.log"
    log.write_text("".join(f"line {n}\n" for n in range(1000)), encoding="utf-8")
    tail = log_tail(log).splitlines()
    assert len(tail) == 200 and tail[0] == "line 800" and tail[-1] == "line 999"
    log.write_text("".join(f"{n:05d} " + "y" * 500 + "\n" for n in range(100)), encoding="utf-8")
    tail = log_tail(log)
    assert len(tail.encode()) <= 20 * 1024
    assert tail.splitlines()[-1].startswith("00099 ") and all(
        len(t) == 506 for t in tail.splitlines()
    )  # no cut line
    log.write_bytes(b"ok\n\xff\xfe broken bytes\n")
    assert log_tail(log) == "ok\n\ufffd\ufffd broken bytes"
    assert log_tail(tmp_path / "missing.log") == "" and log_tail(None) == ""


# --- Help → Report a Problem -----------------------------------------------------------------------------------
def test_help_report_a_problem_shows_the_version_the_platform_and_the_log(window, logs, qtbot):
    logging.getLogger("warband").warning("the battle journal could not be synced")
    window.log_file = logs.path
    help_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Help")
    assert [a.objectName() for a in help_menu.actions() if a.objectName()][-2:] == [
        "actionReportProblem",
        "actionAbout",
    ]
    assert window.report_problem_action.text() == "Report a &Problem…"
    window.report_problem_action.trigger()
    dialog = window.problem_report
    assert isinstance(dialog, ProblemReportDialog) and dialog.isVisible()
    assert dialog.windowTitle() == "Report a Problem"
    text = dialog.report()
    lines = text.splitlines()
    assert lines[0] == f"Warband {__version__}"
    assert lines[1] == f"System: {platform.platform()}"
    assert lines[2].startswith(f"Python: {platform.python_version()} (")
    assert lines[3].startswith(f"Qt: {qVersion()}; PySide6: ")
    assert lines[4].startswith("Language: en (the system's: ")
    assert lines[5] == f"Log file: {logs.path}"
    assert "The log's last lines:" in text
    assert lines[-1].endswith("WARNING warband: the battle journal could not be synced")
    assert dialog.text.isReadOnly()
    assert dialog.text.textCursor().selectedText().replace("\u2029", "\n") == text  # all selected, ready to copy
    dialog.copy_button.click()
    assert QApplication.clipboard().text() == text
    assert dialog.copied_label.text() == "The report is on the clipboard."

    logging.getLogger("warband").warning("a later warning")
    window.report_problem_action.trigger()  # the same window, brought up to date
    assert window.problem_report is dialog
    assert dialog.report().splitlines()[-1].endswith("a later warning")
    assert dialog.copied_label.text() == ""


def test_without_a_log_the_report_says_so(window):
    dialog = window.report_problem()
    text = dialog.report()
    assert "Log file: none (its folder could not be written)" in text
    assert text.endswith("The log holds nothing yet.")


def test_the_report_dialog_looks_right(window, logs, qtbot, tmp_path):
    """A screenshot for a person to look at (kept out of the repository, in pytest's tmp_path)."""
    logging.getLogger("warband").warning("the battle journal could not be synced")
    window.log_file = logs.path
    dialog = window.report_problem()
    qtbot.waitExposed(dialog)
    shot = dialog.grab()
    assert shot.width() > 400
    assert shot.save(str(tmp_path / "report.png"))
