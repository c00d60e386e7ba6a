"""Shared test set-up: Qt runs offscreen, and no test writes into the real home folder."""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # before anything imports Qt

# A fifth game, installed as a plug-in would be (its package and its dist-info with the entry point), on the path
# before anything asks the registry: every test over the registered games covers it (issue 15, tests/plugins).
sys.path.insert(0, str(Path(__file__).resolve().parent / "plugins" / "site"))

import pytest
from hypothesis import HealthCheck, settings

# PySide6's import hook answered without reading every module's source (see warband/gui/__init__.py); a run
# without PySide6 (.ci/run checks the model and the commands alone) has no window to import
with contextlib.suppress(ImportError):
    import warband.gui  # noqa: F401

settings.register_profile("ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=2000, deadline=None)
settings.load_profile("ci")


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """platformdirs resolves under a temporary home, so the player's real folders are never touched."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(var, str(home / var.lower()))
    return home
