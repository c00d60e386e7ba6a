"""`TableFit` for the battle trackers' long tables (two armies of a hundred models), which change on every action.

The fit measures a cell by what its delegate paints (its column, text and font), which it asks the model through
Qt: an index and two `data()` calls a cell, three round trips between C++ and Python. A tracker's table model
that can say what its cells paint for a whole row at once (`cell_looks(row)`, in Python) is asked that instead,
so measuring the order of a hundred Faithful after one leaves it costs a dictionary lookup a cell. The widths
found are the same (the same keys in the same cache); a model without `cell_looks` is measured as by `TableFit`.

Issue 21. The two methods below would sit better in `table_fit.py` itself (they follow its `_measure` and
`_work_out_needs` step by step): this subclass keeps the tracker's speed-up out of a module shared with the
builder.

A tracker's table changes on every action, a row or a cell at a time, so this fit also measures no more than
changed: the rows inserted (none measured again when rows are removed), the columns a `dataChanged` names, and
the titles and the header's height only when the header or the font changes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, runtime_checkable

from PySide6.QtCore import QModelIndex, QSignalBlocker
from PySide6.QtWidgets import QStyle, QStyleOptionViewItem, QTableView

from warband.gui.widgets.table_fit import TableFit, cell_option, cell_width


@runtime_checkable
class LookingModel(Protocol):
    def cell_looks(self, row: int) -> Sequence[tuple[object, object]]:
        """Each column's (display text, font) of the row, as `data()` gives them for those two roles."""
        ...


class TrackerTableFit(TableFit):
    """A `TableFit` that reads a `LookingModel`'s cells a row at a time, in Python, and measures only what
    changed."""

    def __init__(
        self,
        table: QTableView,
        *,
        keep: int | None = 1,
        free: int | None = None,
        rows: int = 3,
        samples: Mapping[int, str] | None = None,
        sample_pad: int = 0,
        spare: int | None = None,
        grow: bool = True,
    ) -> None:
        self._titles: dict[int, int] = {}
        """Each column's title width, until the header or the font changes."""
        self._header_height: int | None = None
        self._held = False
        self._pending = False
        super().__init__(
            table, keep=keep, free=free, rows=rows, samples=samples, sample_pad=sample_pad, spare=spare, grow=grow
        )
        model = table.model()
        for signal in (model.rowsInserted, model.rowsRemoved):
            signal.disconnect(self.measure)
        model.rowsInserted.connect(self._on_model_rows_inserted)
        model.rowsRemoved.connect(self._on_model_rows_removed)
        model.headerDataChanged.disconnect(self.fit)
        model.headerDataChanged.connect(self._on_model_header_data_changed)

    # --- what changed --------------------------------------------------------------------------------------
    def measure(self, *_args: object) -> None:
        """Every cell and title measured again (all new rows, rows moved, a new font, shown)."""
        self._titles.clear()
        self._header_height = None
        super().measure()

    def _on_model_header_data_changed(self, *_args: object) -> None:
        self._titles.clear()
        self._header_height = None
        self.fit()

    def _on_model_rows_inserted(self, parent: QModelIndex, first: int, last: int) -> None:
        """Only the new rows measured; the others keep their widths."""
        model = self.table.model()
        if parent.isValid() or len(self._widths) + last - first + 1 != model.rowCount():
            self.measure()
            return
        self._widths[first:first] = [[0] * model.columnCount() for _row in range(first, last + 1)]
        self._measure(first, last)
        self.fit()

    def _on_model_rows_removed(self, parent: QModelIndex, first: int, last: int) -> None:
        """The rows' widths forgotten, nothing measured."""
        if parent.isValid() or len(self._widths) - (last - first + 1) != self.table.model().rowCount():
            self.measure()
            return
        del self._widths[first : last + 1]
        self._needs = None
        self.fit()

    def _on_model_data_changed(self, top_left: QModelIndex, bottom_right: QModelIndex, *_roles: object) -> None:
        """Only the cells in the range measured again (a place in the order: its first cell)."""
        if len(self._widths) != self.table.model().rowCount():
            self.measure()
            return
        self._measure(top_left.row(), bottom_right.row(), range(top_left.column(), bottom_right.column() + 1))
        self.fit()

    def hold(self) -> None:
        """Measure as the model changes, but fit the columns only once it is done (`release`): one change of the
        battle may remove, insert and change rows of the table, each of which would fit them again."""
        self._held = True

    def release(self) -> None:
        self._held = False
        if self._pending:
            self._pending = False
            self.fit()

    def fit(self, *_args: object) -> None:
        """As `TableFit`'s, with the table brought up to date at once when a column's width changed: told by the
        header, it would repaint the columns on a timer, after the change was painted once already."""
        if self._held:
            self._pending = True
            return
        header = self.table.horizontalHeader()
        before = [(header.sectionSize(c), header.isSectionHidden(c)) for c in range(header.count())]
        with QSignalBlocker(header):
            super().fit()
        if before != [(header.sectionSize(c), header.isSectionHidden(c)) for c in range(header.count())]:
            self.table.updateGeometries()  # what the table does when the header tells it (`columnResized`)
            self.table.viewport().update()

    # --- measuring -----------------------------------------------------------------------------------------
    def title_width(self, column: int) -> int:
        width = self._titles.get(column)
        if width is None:
            width = self._titles[column] = super().title_width(column)
        return width

    def header_height(self) -> int:
        """The header's height, kept (Qt works it out again from every title each time it is asked)."""
        if self._header_height is None:
            self._header_height = super().header_height()
        return self._header_height

    def _measure(self, first: int, last: int, only: range | None = None) -> None:
        model = self.table.model()
        if not isinstance(model, LookingModel):
            super()._measure(first, last)
            return
        columns = model.columnCount()
        self._needs = None
        known = self._by_look
        option: QStyleOptionViewItem | None = None
        wanted = range(columns) if only is None else range(max(0, only.start), min(columns, only.stop))
        for row in range(max(first, 0), min(last, len(self._widths) - 1) + 1):
            cells = self._widths[row]
            every = len(cells) != columns
            if every:
                cells[:] = [0] * columns
            looks = model.cell_looks(row)
            for column in range(columns) if every else wanted:
                display, font = looks[column]
                look: tuple[object, ...] = (column, display, font)
                try:
                    width = known.get(look)
                except TypeError:  # a value that cannot be a key: measured each time
                    width, look = None, ()
                if width is None:
                    option = option or cell_option(self.table)
                    width = cell_width(self.table, model.index(row, column), option)
                    if look:
                        known[look] = width
                cells[column] = width

    def _work_out_needs(self) -> list[int]:
        """As `TableFit`'s, each column's widest cell found over the rows at once (`zip`), not row by row."""
        model = self.table.model()
        columns = model.columnCount()
        if any(len(cells) != columns for cells in self._widths):
            return super()._work_out_needs()
        widest = [max(cells) for cells in zip(*self._widths, strict=True)] or [0] * columns
        metrics = self.table.fontMetrics()
        room = 2 * (self.table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self.table) + 1)
        least = self.table.horizontalHeader().minimumSectionSize()
        found = []
        for column in range(columns):
            need = self.title_width(column)
            if column != self.free:
                need = max(need, widest[column])
            sample = self.samples.get(column)
            if sample:
                need = max(need, metrics.horizontalAdvance(sample) + max(room, self.sample_pad))
            found.append(max(need, least))
        return found
