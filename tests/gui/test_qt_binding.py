"""The Qt binding itself: a guard against a release that loses references (PySide6 6.12.0 on Python 3.11)."""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject


def test_calls_returning_nothing_do_not_free_none():
    probe = QObject()
    before = sys.getrefcount(None)
    for _ in range(2000):
        probe.setObjectName("probe")
    # a binding that drops a reference to None per call would be 2,000 down here, and crash the program later
    assert sys.getrefcount(None) >= before - 50
