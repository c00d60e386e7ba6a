"""A table view that, after rows were inserted or removed, repaints the rows from the first one changed down; or,
asked to (`moves_rows`), moves the rows below on screen as a scroll does, and paints only what they uncover.

Qt's item views repaint every row in view after any insertion or removal (`doItemsLayout`), although the rows
above it are as they were: an edit's problem about the points limit, added at the end of a long list out of
view, repainted the four problems in view, each cell's text laid out again. When the Faithful first in the
Divination order leaves it, every row below moves up one: their pixels are the same, one row higher, and the
model says which of their cells changed besides (`dataChanged`), so they are moved rather than painted again.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, QRect
from PySide6.QtWidgets import QTableView, QWidget

Index = QModelIndex | QPersistentModelIndex

_NOTHING = sys.maxsize
"""`_changed_from` when rows changed, but were all moved on screen: nothing to repaint."""


class TailPaintingTableView(QTableView):
    """A `QTableView` whose layout after inserted or removed rows repaints from the first of them down.

    Args:
        moves_rows: move the rows below an insertion or a removal on screen instead (their pixels scrolled, the
            rows uncovered painted), while that shows what a repaint would: the table is not scrolled down and
            does not alternate its rows' colours. The model must then tell every cell whose look changed
            besides its row's place (`dataChanged`), as it must for any view that repaints only what it is told.
    """

    def __init__(self, parent: QWidget | None = None, *, moves_rows: bool = False) -> None:
        super().__init__(parent)
        self.moves_rows = moves_rows
        self._changed_from: int | None = None
        """The first row inserted or removed since the last layout (None: none, or something else changed)."""
        self._leaving: tuple[int, int] | None = None
        """The rows about to be removed, where they are on screen: their top and their height."""
        self._told: list[tuple[QPersistentModelIndex, QPersistentModelIndex]] = []
        """Cells told changed while the layout was pending, which Qt leaves to that layout to paint."""

    def setModel(self, model: QAbstractItemModel | None) -> None:  # noqa: N802 (Qt's name)
        old = self.model()
        if old is not None:
            old.rowsAboutToBeRemoved.disconnect(self._on_model_rows_about_to_be_removed)
            old.rowsInserted.disconnect(self._on_model_rows_inserted)
            old.rowsRemoved.disconnect(self._on_model_rows_removed)
            for signal in (old.modelReset, old.layoutChanged, old.rowsMoved):
                signal.disconnect(self._on_model_reshaped)
        super().setModel(model)
        self._changed_from = None
        self._leaving = None
        self._told = []
        if model is not None:  # after the view's own connections: its headers know the rows already
            model.rowsAboutToBeRemoved.connect(self._on_model_rows_about_to_be_removed)
            model.rowsInserted.connect(self._on_model_rows_inserted)
            model.rowsRemoved.connect(self._on_model_rows_removed)
            for signal in (model.modelReset, model.layoutChanged, model.rowsMoved):
                signal.connect(self._on_model_reshaped)

    # --- what changed --------------------------------------------------------------------------------------
    def _band(self, first: int, last: int) -> tuple[int, int]:
        """Where rows `first`..`last` are in the viewport: their top and their height."""
        header = self.verticalHeader()
        top = header.sectionViewportPosition(first)
        return top, header.sectionViewportPosition(last) + header.sectionSize(last) - top

    def _may_move(self) -> bool:
        """Whether moving pixels shows what painting would: in view, not scrolled down (a removal could scroll
        the table back up), the same colour for every row."""
        return (
            self.moves_rows
            and self.isVisible()
            and self.updatesEnabled()
            and not self.alternatingRowColors()
            and self.verticalScrollBar().value() == 0
        )

    def _on_model_rows_about_to_be_removed(self, parent: Index, first: int, last: int) -> None:
        self._leaving = self._band(first, last) if not parent.isValid() and self._may_move() else None

    def _on_model_rows_removed(self, parent: Index, first: int, last: int) -> None:
        leaving, self._leaving = self._leaving, None
        if parent.isValid():
            return
        if leaving is not None and self._may_move():
            top, height = leaving
            self._move(top, -height)
        else:
            self._changed(first)

    def _on_model_rows_inserted(self, parent: Index, first: int, last: int) -> None:
        if parent.isValid():
            return
        if self._may_move():
            top, height = self._band(first, last)
            self._move(top, height)
        else:
            self._changed(first)

    def _changed(self, first: int) -> None:
        kept = self._changed_from
        self._changed_from = first if kept is None else min(kept, first)

    def _move(self, top: int, by: int) -> None:
        """The rows from `top` down moved `by` pixels (up, if negative); what they uncover is painted."""
        viewport = self.viewport()
        if top < viewport.height():
            viewport.scroll(0, by, QRect(0, max(top, 0), viewport.width(), viewport.height() - max(top, 0)))
        if self._changed_from is None:
            self._changed_from = _NOTHING  # the layout that follows repaints nothing more

    def _on_model_reshaped(self) -> None:
        self._changed_from = -1  # every row: as Qt does

    def dataChanged(  # noqa: N802 (Qt's name)
        self, top_left: Index, bottom_right: Index, roles: Sequence[int] = ()
    ) -> None:
        """Qt paints nothing for cells told changed while a layout is pending (it repaints every row then): the
        cells are kept, to be painted by the layout that follows."""
        super().dataChanged(top_left, bottom_right, list(roles))
        if self._changed_from is not None and top_left.isValid() and bottom_right.isValid():
            self._told.append((QPersistentModelIndex(top_left), QPersistentModelIndex(bottom_right)))

    # --- laying out ----------------------------------------------------------------------------------------
    def lay_out_now(self) -> None:
        """The layout Qt has pending, done now (before the table is painted), and no longer pending: called
        directly, `doItemsLayout` would leave Qt's own to follow, which repaints every row."""
        self.executeDelayedItemsLayout()

    def doItemsLayout(self) -> None:  # noqa: N802 (Qt's name)
        """What `QTableView.doItemsLayout` does (scroll bars and headers brought up to date, the vertical header's
        updates on again after a removal), with the rows above the first one changed left as they are."""
        first, self._changed_from = self._changed_from, None
        told, self._told = self._told, []
        if first is None or first < 0:
            super().doItemsLayout()
            return
        self.updateGeometries()
        header = self.verticalHeader()
        if not header.updatesEnabled():  # QTableView turns them off while rows are removed
            header.setUpdatesEnabled(True)
        self._paint_told(told)
        if first == _NOTHING:
            return
        count = header.count()
        if first < count:
            top = header.sectionViewportPosition(first)
        elif count:
            top = header.sectionViewportPosition(count - 1) + header.sectionSize(count - 1)
        else:
            top = 0
        viewport = self.viewport()
        top = max(top, 0)
        if top < viewport.height():
            viewport.update(0, top, viewport.width(), viewport.height() - top)

    def _paint_told(self, told: list[tuple[QPersistentModelIndex, QPersistentModelIndex]]) -> None:
        model, viewport = self.model(), self.viewport()
        shown = viewport.rect()
        for top_left, bottom_right in told:
            if not (top_left.isValid() and bottom_right.isValid()):
                continue  # removed since
            first = model.index(top_left.row(), top_left.column(), top_left.parent())
            last = model.index(bottom_right.row(), bottom_right.column(), bottom_right.parent())
            rect = (self.visualRect(first) | self.visualRect(last)) & shown
            if not rect.isEmpty():
                viewport.update(rect)
