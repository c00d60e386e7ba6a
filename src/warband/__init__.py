"""Warband: army builder and battle tracker for wargames where priests and mages decide battles."""

__version__ = "0.1.0"
"""The one place the version is written (pyproject.toml reads it): importlib.metadata costs 40 ms at start."""
