"""Rows of a layout rebuilt as what they show changes."""

from __future__ import annotations

from PySide6.QtWidgets import QLayout


def clear_layout(layout: QLayout) -> None:
    """Empty a layout whose rows are rebuilt: its widgets vanish now and are deleted later."""
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget() if item is not None else None
        if widget is not None:
            widget.hide()  # gone at once, not at the next turn of the event loop
            widget.deleteLater()
