"""Where Warband finds its own data and the player's folders."""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from pathlib import Path

import platformdirs

APP_NAME = "warband"


@cache
def _package_or_checkout(folder: str) -> Path:
    """`data/` and `resources/` are inside the installed wheel, or at the top of a checkout (found once: the
    program does not move while it runs)."""
    installed = Path(str(files("warband"))) / folder
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parents[3] / folder


def data_dir() -> Path:
    """The built-in catalogs, one folder per system."""
    return _package_or_checkout("data")


def resources_dir() -> Path:
    """Icons, style sheets and translations."""
    return _package_or_checkout("resources")


def user_catalog_dir() -> Path:
    """The player's own catalogs (platformdirs user data), one folder per system or flat."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "catalogs"
