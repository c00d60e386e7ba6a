"""How `warband.gui` sets PySide6 up before it loads: enum shortcuts off, the feature hook answered cheaply."""

from __future__ import annotations

import os
import subprocess
import sys
import types

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from warband.gui import _uses_pyside

PROBE = "import warband.gui\nfrom PySide6.QtCore import Qt\nprint(hasattr(Qt, 'AlignCenter'), Qt.AlignmentFlag.AlignCenter.name)"


def _probe(**extra: str) -> str:
    env = {k: v for k, v in os.environ.items() if k != "PYSIDE6_OPTION_PYTHON_ENUM"}
    env.update(extra)
    result = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, timeout=120, check=True
    )
    return result.stdout.strip()


def test_the_program_names_enums_by_their_scope_only():
    assert _probe() == "False AlignCenter"


def test_a_players_own_enum_option_wins():
    assert _probe(PYSIDE6_OPTION_PYTHON_ENUM="1") == "True AlignCenter"


def test_the_tests_run_with_the_programs_enum_option():
    """An unscoped enum in the code fails here as it would in the program."""
    assert not hasattr(Qt, "AlignCenter")
    assert Qt.AlignmentFlag.AlignCenter.name == "AlignCenter"


def test_the_feature_hook_is_told_which_modules_hold_pyside():
    holding = types.ModuleType("holding")
    holding.QLabel = QLabel  # type: ignore[attr-defined]
    holding.label_kind = Qt.TextFormat.PlainText  # type: ignore[attr-defined]
    plain = types.ModuleType("plain")
    plain.value = 3  # type: ignore[attr-defined]
    plain.os = os  # type: ignore[attr-defined]
    assert _uses_pyside(holding)
    assert not _uses_pyside(plain)
