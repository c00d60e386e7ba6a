"""A tab that lets changes pile up while another tab is in front, and catches up once when shown."""

from __future__ import annotations

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QWidget


class RefreshWhenShown(QWidget):
    """Base of the resolver tabs: the tracker stays fast because a hidden resolver does not redraw.

    A slot that reacts to the document calls `deferred_while_hidden()` first and returns when it is true;
    the next `showEvent` then calls `catch_up()` once, however many changes came in between.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._stale = False

    def deferred_while_hidden(self) -> bool:
        """True (and remember to catch up) when the window is up but this tab is behind another."""
        if self.window().isVisible() and not self.isVisible():
            self._stale = True
            return True
        return False

    def catch_up(self) -> None:
        """Bring the tab up to date; called once when it is shown after changes were deferred."""
        raise NotImplementedError

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        if self._stale:
            self._stale = False
            self.catch_up()
