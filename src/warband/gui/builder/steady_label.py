"""A box around a label whose text changes with every edit (a total, a cost, a count), that asks its layout for
room again only when the label needs another size.

A `QLabel` given a new text always asks its parent's layout to lay out again, and that request climbs the window
one level of widgets per pass of the event loop, each level laid out anew (the builder's three panes, its
splitters), although a total or a cost rarely needs another line. The label sits alone in this box, which has no
layout: the request stops here, and the box passes it on only when the label needs another height at its width,
or more width than it has (its longest word, or its line when it does not wrap). For a label whose width its
layout decides (a column, a stretch), beside wider controls, as all of them here are: a shorter text does not make
it narrower, nor a shorter longest word the panel's least width (the other controls set that).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import QLabel, QWidget


class SteadyLabel(QWidget):
    """Holds `label` (its own settings, name and text are kept: find it and set its text as before); add the box
    to the layout, and show or hide the box."""

    def __init__(self, label: QLabel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = label
        self.setObjectName(f"{label.objectName()}Box")
        label.setParent(self)
        self.setSizePolicy(label.sizePolicy())
        self._kept = self._hints()

    def _hints(self) -> tuple[int, int, bool]:
        """What the layout must hear about: the least and the wanted height at this width, and whether the label
        is too narrow for its text."""
        width = self.width()
        least = self.minimumSizeHint()
        if self.hasHeightForWidth():
            return least.height(), self.heightForWidth(width), least.width() > width
        hint = self.sizeHint()
        return least.height(), hint.height(), max(hint.width(), least.width()) > width

    # --- what the layout asks: the label's answers --------------------------------------------------------
    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        label = self.label
        return label.sizeHint().expandedTo(label.minimumSize()).boundedTo(label.maximumSize())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        label = self.label
        return label.minimumSizeHint().expandedTo(label.minimumSize()).boundedTo(label.maximumSize())

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt's name)
        return self.label.hasHeightForWidth()

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt's name)
        return self.label.heightForWidth(width)

    # --- events --------------------------------------------------------------------------------------------
    def event(self, event: QEvent) -> bool:
        """The label asked for room: passed on to the layout only when it needs another."""
        if event.type() == QEvent.Type.LayoutRequest:
            self._recheck()
            return True
        return super().event(event)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        """The label as large as the box. A layout that kept the box's heights at other widths from before a
        text it was not told of (the same height at the width then) is told now, if the box is too small."""
        super().resizeEvent(event)
        self.label.setGeometry(self.rect())
        self._kept = self._hints()
        width = self.width()
        short = self.hasHeightForWidth() and self.height() < self.heightForWidth(width)
        if short or width < self.minimumSizeHint().width():
            self.updateGeometry()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        """A hidden box hears nothing from its label: what changed meanwhile is told now."""
        super().showEvent(event)
        self._recheck()

    def _recheck(self) -> None:
        hints = self._hints()
        if hints != self._kept:
            self._kept = hints
            self.updateGeometry()
