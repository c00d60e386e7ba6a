"""Small widget helpers the « Par le Fer et par le Verbe » resolver's sections share."""

from __future__ import annotations

from PySide6.QtWidgets import QLayout, QSpinBox, QWidget


def spin_box(parent: QWidget, name: str, low: int, high: int, accessible: str, tip: str = "") -> QSpinBox:
    spin = QSpinBox(parent)
    spin.setObjectName(name)
    spin.setRange(low, high)
    spin.setAccessibleName(accessible)
    spin.setToolTip(tip or accessible)
    return spin


def clear_layout(layout: QLayout) -> None:
    """Empty a layout whose rows are rebuilt: its widgets vanish now and are deleted later."""
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget() if item is not None else None
        if widget is not None:
            widget.hide()
            widget.deleteLater()
