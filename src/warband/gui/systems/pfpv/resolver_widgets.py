"""Small widget helpers the « Par le Fer et par le Verbe » resolver's sections share."""

from __future__ import annotations

from PySide6.QtWidgets import QSpinBox, QWidget

from warband.gui.widgets.layout_rows import clear_layout

__all__ = ["clear_layout", "spin_box"]


def spin_box(parent: QWidget, name: str, low: int, high: int, accessible: str, tip: str = "") -> QSpinBox:
    spin = QSpinBox(parent)
    spin.setObjectName(name)
    spin.setRange(low, high)
    spin.setAccessibleName(accessible)
    spin.setToolTip(tip or accessible)
    return spin
