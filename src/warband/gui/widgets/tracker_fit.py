"""`TableFit` for the battle trackers' long tables (two armies of a hundred models), which change on every action.

The fit measures a cell by what its delegate paints (its column, text and font), which it asks the model through
Qt: an index and two `data()` calls a cell, three round trips between C++ and Python. A tracker's table model
that can say what its cells paint for a whole row at once (`cell_looks(row)`, in Python) is asked that instead,
so measuring the order of a hundred Faithful after one leaves it costs a dictionary lookup a cell. The widths
found are the same (the same keys in the same cache); a model without `cell_looks` is measured as by `TableFit`.

Issue 21. The two methods below would sit better in `table_fit.py` itself (they follow its `_measure` and
`_work_out_needs` step by step): this subclass keeps the tracker's speed-up out of a module shared with the
builder.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from PySide6.QtWidgets import QStyle, QStyleOptionViewItem

from warband.gui.widgets.table_fit import TableFit, cell_option, cell_width


@runtime_checkable
class LookingModel(Protocol):
    def cell_looks(self, row: int) -> Sequence[tuple[object, object]]:
        """Each column's (display text, font) of the row, as `data()` gives them for those two roles."""
        ...


class TrackerTableFit(TableFit):
    """A `TableFit` that reads a `LookingModel`'s cells a row at a time, in Python."""

    def _measure(self, first: int, last: int) -> None:
        model = self.table.model()
        if not isinstance(model, LookingModel):
            super()._measure(first, last)
            return
        columns = model.columnCount()
        self._needs = None
        known = self._by_look
        option: QStyleOptionViewItem | None = None
        for row in range(max(first, 0), min(last, len(self._widths) - 1) + 1):
            cells = self._widths[row]
            if len(cells) != columns:
                cells[:] = [0] * columns
            for column, (display, font) in enumerate(model.cell_looks(row)[:columns]):
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
