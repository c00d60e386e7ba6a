"""Where Warband finds its own data and the player's folders."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import platformdirs

APP_NAME = "warband"


@cache
def _package_or_checkout(folder: str) -> Path:
    """`data/` and `resources/` are inside the installed wheel (beside the package's modules), or at the top of a
    checkout (found once: the program does not move while it runs). A package read from an archive asks
    importlib.resources, which costs a few milliseconds at launch that a folder does not."""
    here = Path(__file__).resolve()
    installed = here.parents[1] / folder
    if installed.is_dir():
        return installed
    checkout = here.parents[3] / folder
    if checkout.is_dir():
        return checkout
    from importlib.resources import files

    return Path(str(files("warband"))) / folder


def data_dir() -> Path:
    """The built-in catalogs, one folder per system."""
    return _package_or_checkout("data")


def resources_dir() -> Path:
    """Icons, style sheets and translations."""
    return _package_or_checkout("resources")


def user_catalog_dir() -> Path:
    """The player's own catalogs (platformdirs user data), one folder per system or flat."""
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "catalogs"
