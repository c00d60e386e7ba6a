"""Before the window opens: without a desktop, or without the libraries Qt's xcb platform needs, `warband` says so
and what to install, instead of Qt aborting the process (issue 17)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from warband.desktop import missing_libraries, platform_problem


def test_without_a_display_the_run_command_says_so_and_exits_2():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    result = subprocess.run(
        [sys.executable, "-m", "warband"], capture_output=True, text=True, env=env, timeout=60, check=False
    )
    assert result.returncode == 2
    assert "there is no desktop here: neither DISPLAY nor WAYLAND_DISPLAY is set" in result.stderr
    assert "warband --smoke" in result.stderr and "Aborted" not in result.stderr


def test_missing_xcb_libraries_are_named_with_the_command_that_installs_them():
    absent = {"libxcb-icccm.so.4", "libxcb-keysyms.so.1"}
    problem = platform_problem({"DISPLAY": ":0"}, system="linux", loadable=lambda name: name not in absent)
    assert problem is not None
    assert "libxcb-icccm.so.4, libxcb-keysyms.so.1" in problem
    assert "sudo apt-get install libxcb-icccm4 libxcb-keysyms1" in problem


def test_nothing_is_said_where_the_window_can_open_or_qt_was_told_otherwise():
    everything = {"DISPLAY": ":0"}
    assert platform_problem(everything, system="linux", loadable=lambda name: True) is None
    assert platform_problem({"QT_QPA_PLATFORM": "offscreen"}, system="linux") is None  # --smoke, the tests
    assert platform_problem({"WAYLAND_DISPLAY": "wayland-0"}, system="linux") is None  # Qt picks wayland
    assert platform_problem({}, system="win32") is None and platform_problem({}, system="darwin") is None
    forced = platform_problem({"QT_QPA_PLATFORM": "xcb"}, system="linux", loadable=lambda name: True)
    assert forced is not None and "DISPLAY" in forced  # xcb asked for, and no X display to draw on


def test_the_libraries_ci_installs_are_all_found():
    """`.ci/run` installs the README's libraries and says so (WARBAND_XCB_INSTALLED): then none is missing, so
    the README's list and this module's agree."""
    if not (sys.platform.startswith("linux") and os.environ.get("WARBAND_XCB_INSTALLED")):
        pytest.skip("only where .ci/run installed the xcb libraries")
    assert missing_libraries() == []


def test_a_bundle_counts_the_libraries_it_carries(tmp_path, monkeypatch):
    """From the desktop bundle, a library beside the program is found there (the system need not have it)."""
    from warband.desktop import bundled_libraries

    (tmp_path / "libxcb-cursor.so.0").write_bytes(b"")
    (tmp_path / "base_library.zip").write_bytes(b"")
    assert bundled_libraries(str(tmp_path)) == {"libxcb-cursor.so.0"}
    assert bundled_libraries() == frozenset()  # not run from a bundle
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert missing_libraries(lambda name: name != "libxcb-cursor.so.0") == []
    assert missing_libraries(lambda name: name != "libxcb-xkb.so.1") == ["libxcb-xkb.so.1"]
