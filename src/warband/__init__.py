"""Warband: army builder and battle tracker for wargames where priests and mages decide battles."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("warband")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+unknown"
