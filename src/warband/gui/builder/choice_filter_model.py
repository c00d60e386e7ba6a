"""A filtering proxy for a picker of thousands of choices that works out which rows it shows in one Python pass.

`QSortFilterProxyModel` asks `filterAcceptsRow` once per source row, a call from C++ into Python each: for a
picker of 5,000 miracles that is most of the time a change of unit takes. This proxy asks its subclass for the
whole list at once (`accepted`), keeps the views' selection and current row through every change (a layout
change with the persistent indexes moved, as the sort filter proxy does), and maps a source's `dataChanged` of a
few rows to those rows when what is shown stays the same. The shown rows are kept in the source's order, so a
source row's place is found by bisection (no second list of thousands to rebuild on every change of unit), and a
painted cell asks the source's `data_at` and `flags_at` when it has them (no source index made per role), and
only the `roles` it says it answers.

The source model may reset, change data and change its layout (sort); rows inserted or removed in place are not
followed (the pickers' models reset instead).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from itertools import compress
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractProxyModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)

Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()


class ChoiceFilterProxyModel(QAbstractProxyModel):
    """The rows of a flat source table that `accepted` lets through, in the source's order."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[int] = []
        """Proxy row → source row, ascending."""
        self._count = 0
        """The source's rows."""
        self._columns = 0
        """The source's columns (a painted cell asks them of every index it makes)."""
        self._data_at: Callable[[int, int, int], Any] | None = None
        self._flags_at: Callable[[int, int], Qt.ItemFlag] | None = None
        self._roles: frozenset[int] | None = None
        """The roles the source answers (its `roles`), when it says: a view asks several more of every cell."""
        self._saved: list[tuple[QModelIndex, QPersistentModelIndex]] = []

    # --- what the subclass says ----------------------------------------------------------------------------
    def accepted(self, rows: range | Sequence[int]) -> list[bool]:
        """Whether each of these source rows is shown (all of them by default)."""
        return [True] * len(rows)

    # --- the source ----------------------------------------------------------------------------------------
    def setSourceModel(self, source: QAbstractItemModel) -> None:  # noqa: N802 (Qt's name)
        self.beginResetModel()
        old = self.sourceModel()
        if old is not None:
            for signal, slot in self._connections(old):
                signal.disconnect(slot)
        super().setSourceModel(source)
        for signal, slot in self._connections(source):
            signal.connect(slot)
        self._data_at = getattr(source, "data_at", None)
        self._roles = getattr(source, "roles", None)
        self._flags_at = getattr(source, "flags_at", None)
        self._map()
        self.endResetModel()

    def _connections(self, source: QAbstractItemModel) -> list[tuple[Any, Any]]:
        return [
            (source.modelAboutToBeReset, self._on_source_about_to_be_reset),
            (source.modelReset, self._on_source_reset),
            (source.dataChanged, self._on_source_data_changed),
            (source.layoutAboutToBeChanged, self._on_source_layout_about_to_be_changed),
            (source.layoutChanged, self._on_source_layout_changed),
        ]

    def _map(self, shown: list[bool] | None = None) -> None:
        """Which rows are shown (`shown`: already worked out for every source row)."""
        source = self.sourceModel()
        count = source.rowCount() if source is not None else 0
        self._columns = source.columnCount() if source is not None else 0
        if shown is None or len(shown) != count:
            shown = self.accepted(range(count))
        self._rows = list(compress(range(count), shown))
        self._count = count

    def _place(self, source_row: int) -> int:
        """The proxy row showing a source row, or -1 when it is filtered out."""
        rows = self._rows
        place = bisect_left(rows, source_row)
        return place if place < len(rows) and rows[place] == source_row else -1

    def refilter(self) -> None:
        """What is shown may have changed (the subclass's filter did): show it, keeping selections."""
        self._begin_layout()
        self._end_layout()

    def _begin_layout(self) -> None:
        self.layoutAboutToBeChanged.emit()
        self._saved = [(p, QPersistentModelIndex(self.mapToSource(p))) for p in self.persistentIndexList()]

    def _end_layout(self, shown: list[bool] | None = None) -> None:
        self._map(shown)
        saved, self._saved = self._saved, []
        self.changePersistentIndexList(
            [proxy for proxy, _source in saved], [self.mapFromSource(s) for _proxy, s in saved]
        )
        self.layoutChanged.emit()

    def _on_source_about_to_be_reset(self) -> None:
        self.beginResetModel()

    def _on_source_reset(self) -> None:
        self._map()
        self.endResetModel()

    def _on_source_layout_about_to_be_changed(self) -> None:
        self._begin_layout()

    def _on_source_layout_changed(self) -> None:
        self._end_layout()

    def _on_source_data_changed(
        self, top_left: QModelIndex, bottom_right: QModelIndex, roles: object = ()
    ) -> None:
        """A few rows changed: repaint them; when that shows or hides a row, lay the rows out again."""
        first, last = top_left.row(), bottom_right.row()
        if first < 0 or last >= self._count:
            return
        rows = range(first, last + 1)
        now = self.accepted(rows)
        start, end = bisect_left(self._rows, first), bisect_left(self._rows, last + 1)
        if list(compress(rows, now)) != self._rows[start:end]:  # a row shown or hidden
            self._begin_layout()
            self._end_layout(now if len(rows) == self._count else None)
            return
        if start < end:
            self.dataChanged.emit(self.index(start, top_left.column()), self.index(end - 1, bottom_right.column()))

    # --- QAbstractProxyModel -------------------------------------------------------------------------------
    def mapToSource(self, proxy_index: Index) -> QModelIndex:  # noqa: N802 (Qt's name)
        source = self.sourceModel()
        if source is None or not proxy_index.isValid() or not 0 <= proxy_index.row() < len(self._rows):
            return QModelIndex()
        return source.index(self._rows[proxy_index.row()], proxy_index.column())

    def mapFromSource(self, source_index: Index) -> QModelIndex:  # noqa: N802 (Qt's name)
        if not source_index.isValid() or not 0 <= source_index.row() < self._count:
            return QModelIndex()
        place = self._place(source_index.row())
        return self.index(place, source_index.column()) if place != -1 else QModelIndex()

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """The source's value; asked of its `data_at(row, column, role)` when it has one (a painted cell is asked
        several roles: each through a source index would cost a call into Python more)."""
        roles = self._roles
        if roles is not None and role not in roles:
            return None
        row = index.row()
        if not 0 <= row < len(self._rows) or not index.isValid():
            return None
        data_at = self._data_at
        if data_at is not None:
            return data_at(self._rows[row], index.column(), role)
        return super().data(index, role)

    def flags(self, index: Index) -> Qt.ItemFlag:
        """The source's flags; asked of its `flags_at(row, column)` when it has one (no source index made)."""
        row = index.row()
        if not 0 <= row < len(self._rows) or not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags_at = self._flags_at
        if flags_at is not None:
            return flags_at(self._rows[row], index.column())
        return super().flags(index)

    def index(self, row: int, column: int, parent: Index = _ROOT) -> QModelIndex:
        if not 0 <= row < len(self._rows) or not 0 <= column < self._columns or parent.isValid():
            return QModelIndex()
        return self.createIndex(row, column)

    def parent(self, child: Index = _ROOT) -> QModelIndex:  # type: ignore[override]
        return QModelIndex()

    def sibling(self, row: int, column: int, index: Index) -> QModelIndex:
        return self.index(row, column)

    def rowCount(self, parent: Index = _ROOT) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = _ROOT) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else self._columns

    def hasChildren(self, parent: Index = _ROOT) -> bool:  # noqa: N802 (Qt's name)
        return not parent.isValid() and bool(self._rows)

    def headerData(  # noqa: N802 (Qt's name)
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """Columns are the source's; rows are counted as shown."""
        source = self.sourceModel()
        if source is None:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return source.headerData(section, orientation, role)
        if 0 <= section < len(self._rows):
            return source.headerData(self._rows[section], orientation, role)
        return None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """The source sorts itself; the proxy keeps its order."""
        source = self.sourceModel()
        if source is not None:
            source.sort(column, order)
