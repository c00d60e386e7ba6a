"""A table view that, after rows were inserted or removed, repaints the rows from the first one changed down.

Qt's item views repaint every row in view after any insertion or removal (`doItemsLayout`), although the rows
above it are as they were: an edit's problem about the points limit, added at the end of a long list out of
view, repainted the four problems in view, each cell's text laid out again.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex
from PySide6.QtWidgets import QTableView, QWidget

Index = QModelIndex | QPersistentModelIndex


class TailPaintingTableView(QTableView):
    """A `QTableView` whose layout after inserted or removed rows repaints from the first of them down."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._changed_from: int | None = None
        """The first row inserted or removed since the last layout (None: none, or something else changed)."""

    def setModel(self, model: QAbstractItemModel | None) -> None:  # noqa: N802 (Qt's name)
        old = self.model()
        if old is not None:
            old.rowsInserted.disconnect(self._on_model_rows_changed)
            old.rowsRemoved.disconnect(self._on_model_rows_changed)
            for signal in (old.modelReset, old.layoutChanged, old.rowsMoved):
                signal.disconnect(self._on_model_reshaped)
        super().setModel(model)
        self._changed_from = None
        if model is not None:
            model.rowsInserted.connect(self._on_model_rows_changed)
            model.rowsRemoved.connect(self._on_model_rows_changed)
            for signal in (model.modelReset, model.layoutChanged, model.rowsMoved):
                signal.connect(self._on_model_reshaped)

    def _on_model_rows_changed(self, parent: Index, first: int, _last: int) -> None:
        if not parent.isValid():
            kept = self._changed_from
            self._changed_from = first if kept is None else min(kept, first)

    def _on_model_reshaped(self) -> None:
        self._changed_from = -1  # every row: as Qt does

    def doItemsLayout(self) -> None:  # noqa: N802 (Qt's name)
        """What `QTableView.doItemsLayout` does (scroll bars and headers brought up to date, the vertical header's
        updates on again after a removal), with the rows above the first one changed left as they are."""
        first, self._changed_from = self._changed_from, None
        if first is None or first < 0:
            super().doItemsLayout()
            return
        self.updateGeometries()
        header = self.verticalHeader()
        if not header.updatesEnabled():  # QTableView turns them off while rows are removed
            header.setUpdatesEnabled(True)
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
