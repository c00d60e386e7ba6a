"""What a window shows, for the tests of the fast paths that repaint only what changed (issue 21): the pixels the
screen has, against the same window once every widget in it was painted again."""

from __future__ import annotations

from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QWidget


def on_screen(widget: QWidget) -> QImage:
    """The window's pixels as the screen has them (the backing store: only what was repainted changed)."""
    window = widget.window()
    return window.screen().grabWindow(window.winId()).toImage()


def settle() -> None:
    """Events delivered until the window is idle (a layout request climbs a level a pass)."""
    for _pass in range(8):
        QApplication.processEvents()


def repainted(widget: QWidget) -> QImage:
    """The same window once every widget in it was painted again."""
    window = widget.window()
    for each in [window, *window.findChildren(QWidget)]:
        each.update()
    settle()
    return on_screen(window)
