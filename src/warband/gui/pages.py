"""Small helpers for the main window's tab pages."""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QScrollArea, QWidget


def tab_page(widget: QWidget) -> QScrollArea:
    """A tab's page, in a frameless scroll area that keeps the page's size changes to itself.

    Without it, every label whose text changes (a total, a count) sends a layout request up to the tab widget,
    which lays out and repaints the whole window: two full repaints per edit, measured at 13–15 ms each.
    """
    area = QScrollArea()
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidgetResizable(True)
    area.setWidget(widget)
    area.setFocusProxy(widget)
    return area
