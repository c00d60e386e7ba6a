"""Before the window opens: is there a desktop to open it on, and can Qt's platform plugin load there?

Without a check, Qt aborts the process with a message about xcb-cursor0 even when that library is installed and
others are missing. This module imports no Qt: it looks at the environment, then asks the dynamic loader for the
libraries the xcb platform needs (a few milliseconds when they are all there). Only when one is missing does it
read the plugin with `ldd`, to name every library that cannot be found and the command that installs them.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

XCB_LIBRARIES: dict[str, str] = {
    "libxcb.so.1": "libxcb1",
    "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
}
"""What Qt's xcb platform plugin loads beyond what every Qt window needs (its `ldd`, PySide6 6.x), and the Debian
package of each."""

OTHER_PACKAGES: dict[str, str] = {
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libdbus-1.so.3": "libdbus-1-3",
}
"""What every Qt window needs (checked by `ldd` only, when something is missing): their packages, to name."""


def platform_problem(
    environ: Mapping[str, str] | None = None,
    *,
    system: str | None = None,
    loadable: Callable[[str], bool] | None = None,
) -> str | None:
    """Why the window cannot open here, in sentences for the terminal; None when it can (or Qt will say).

    Only Linux is checked: there a session without DISPLAY and WAYLAND_DISPLAY has no desktop, and the xcb
    platform (an X desktop, or QT_QPA_PLATFORM=xcb) needs the libraries of `XCB_LIBRARIES`.
    """
    env = os.environ if environ is None else environ
    if not (system or sys.platform).startswith("linux"):
        return None
    chosen = env.get("QT_QPA_PLATFORM", "").split(":")[0].strip()
    if chosen and chosen != "xcb":
        return None  # offscreen, wayland, vnc…: the player chose; Qt tells of its own failures
    if not chosen and env.get("WAYLAND_DISPLAY"):
        return None  # a Wayland desktop: Qt picks its wayland platform
    if not env.get("DISPLAY"):
        return (
            "Warband opens a window, and there is no desktop here: neither DISPLAY nor WAYLAND_DISPLAY is set "
            "(a terminal without a graphical session, or ssh without X forwarding).\n"
            "Run it from a desktop session. Without one, the commands work: `warband --help`, "
            "`warband validate ARMY`, `warband roster ARMY --format text -o -`; and `warband --smoke` checks the "
            "window offscreen."
        )
    missing = missing_libraries(loadable)
    if not missing:
        return None
    found = _ldd_not_found() or missing
    known = {**XCB_LIBRARIES, **OTHER_PACKAGES}
    packages = sorted({known.get(name, name) for name in found})
    return (
        "Warband's window cannot start: Qt's xcb platform (the X desktop) needs libraries this system does not "
        f"have: {', '.join(sorted(found))}.\n"
        f"On Debian or Ubuntu: sudo apt-get install {' '.join(packages)}\n"
        "(Other distributions package the same libraries under similar names.)"
    )


def missing_libraries(loadable: Callable[[str], bool] | None = None) -> list[str]:
    """The libraries of `XCB_LIBRARIES` the dynamic loader cannot find (and a desktop bundle does not carry)."""
    can_load = loadable or _loadable
    carried = bundled_libraries()
    return [name for name in XCB_LIBRARIES if name not in carried and not can_load(name)]


def _loadable(name: str) -> bool:
    import ctypes  # only where xcb is to be checked: an offscreen start never loads it

    try:
        ctypes.CDLL(name)
    except OSError:
        return False
    return True


def xcb_plugin() -> Path | None:
    """Qt's xcb platform plugin in the installed PySide6, found without importing Qt."""
    import importlib.util
    from pathlib import Path

    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    plugin = Path(next(iter(spec.submodule_search_locations))) / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    return plugin if plugin.is_file() else None


def _ldd_not_found() -> list[str]:
    """Every library the xcb plugin needs that the loader cannot find, as `ldd` reads it (empty when it cannot
    be asked)."""
    import subprocess  # only to explain a failure: importing it costs more than the whole check

    plugin = xcb_plugin()
    if plugin is None:
        return []
    try:
        result = subprocess.run(["ldd", str(plugin)], capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return []
    carried = bundled_libraries()
    return sorted({line.split()[0] for line in result.stdout.splitlines() if "not found" in line} - carried)


def bundled_libraries(folder: str | None = None) -> frozenset[str]:
    """The libraries a desktop bundle carries beside the program (PyInstaller's folder, `sys._MEIPASS`): the
    program loads them from there, wherever the system's loader would look (empty when not run from a bundle)."""
    where = folder if folder is not None else getattr(sys, "_MEIPASS", None)
    if not where:
        return frozenset()
    try:
        return frozenset(name for name in os.listdir(where) if ".so" in name)
    except OSError:
        return frozenset()
