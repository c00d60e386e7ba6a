"""`warband FILE` twice (issue 22): the second launch hands its file to the window the first one opened, and ends."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time

import pytest

from warband.model.locations import data_dir

pytest.importorskip("PySide6", reason="needs Qt (PySide6), not installed in this run")

from PySide6.QtNetwork import QLocalServer

from warband.gui.single_instance import answers, server_name

FIRST = textwrap.dedent(
    """
    import sys
    from warband.gui import main_window
    real_open = main_window.MainWindow.open_army
    def open_army(self, path=None):
        opened = real_open(self, path)
        print(f"opened {path} {opened}", flush=True)  # what the test watches for
        return opened
    main_window.MainWindow.open_army = open_army
    from warband.__main__ import main
    sys.exit(main(sys.argv[1:]))
    """
)


def wait_for(condition, what: str, timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, f"no {what} in {timeout} s"
        time.sleep(0.05)


def test_a_second_launch_hands_its_file_to_the_first_window_and_ends(tmp_path):
    first_file = data_dir() / "confrontation" / "examples" / "light-of-merin.warband.json"
    second_file = data_dir() / "sbg" / "examples" / "riders-of-rohan.warband.json"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}  # the test's own folders (tests/conftest.py)
    out = tmp_path / "first.out"
    with out.open("w") as output:
        first = subprocess.Popen(
            [sys.executable, "-c", FIRST, str(first_file)], stdout=output, stderr=subprocess.STDOUT, env=env
        )
    try:
        name = server_name()  # the same user and folders as the first launch's
        wait_for(lambda: first.poll() is not None or answers(name, timeout_ms=200), "window serving")
        assert first.poll() is None, out.read_text()
        assert f"opened {first_file} True" in out.read_text()

        second = subprocess.run(
            [sys.executable, "-m", "warband", str(second_file)],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
            check=False,
        )
        assert second.returncode == 0, second.stderr
        assert second.stdout == ""
        assert second.stderr == f"warband: {str(second_file)!r} opens in the window already open\n"
        wait_for(lambda: f"opened {second_file} True" in out.read_text(), "second file opened")
        assert first.poll() is None  # the first window runs on
    finally:
        first.kill()  # as a crash would: its socket stays behind
        first.wait(timeout=30)
        QLocalServer.removeServer(name)
