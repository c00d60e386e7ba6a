"""A table view that measures a column of plain text from its widest texts, not by asking about every row.

`QTableView.sizeHintForColumn` (what `ResizeToContents` columns and our own column fits ask) runs the item
delegate's size hint for each row, up to 1,000 of them, and each of those asks the model about a dozen roles:
for a model written in Python, a dozen calls into Python per cell. Opening an army on a catalog of 400 profiles
spent 0.7 s of its 1.7 s there.

When every cell of a column is drawn alike but for its text (one font, no icon, no check box, no size hint of
its own, no editor left open), the widest cell is the one with the widest text. `TextColumnsView` reads each
row's text once, keeps the few whose width in the view's font is within `NEAR` pixels of the widest, and asks
the delegate about those only: the same width Qt gives (`tests/gui/test_text_columns_view.py` holds the two
equal), whatever the row count. Unlike Qt, it measures every row, not the 1,000 nearest the top of the view,
so a long name far down a large catalog is never cut.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtWidgets import QStyleOptionViewItem, QTableView

NEAR = 2
"""How far under the widest text (in pixels, by `horizontalAdvance`) a text is still measured by the delegate:
text layout may round a few widths differently."""

_DISPLAY = Qt.ItemDataRole.DisplayRole


class TextColumnsView(QTableView):
    """A `QTableView` whose columns hold plain text only (see the module): measured from the widest texts."""

    def sizeHintForColumn(self, column: int) -> int:  # noqa: N802 (Qt's name)
        model = self.model()
        if model is None or not 0 <= column < model.columnCount(self.rootIndex()):
            return super().sizeHintForColumn(column)
        self.ensurePolished()
        widest = self._widest_rows(model, column)
        if not widest:
            return super().sizeHintForColumn(column)
        delegate = self.itemDelegateForColumn(column) or self.itemDelegate()
        option = QStyleOptionViewItem()
        self.initViewItemOption(option)
        root = self.rootIndex()
        hint = max(delegate.sizeHint(option, model.index(row, column, root)).width() for row in widest)
        return hint + 1 if self.showGrid() else hint

    def _widest_rows(self, model: QAbstractItemModel, column: int) -> list[int]:
        """A row of each text shown in `column` within `NEAR` pixels of the widest one (cells of one text are
        drawn alike)."""
        metrics = self.fontMetrics()
        root = self.rootIndex()
        widths: dict[str, int] = {}
        first_row: dict[str, int] = {}
        for row in range(model.rowCount(root)):
            if self.isRowHidden(row):
                continue
            value = model.data(model.index(row, column, root), _DISPLAY)
            text = "" if value is None else str(value)
            if text not in widths:
                widths[text] = metrics.horizontalAdvance(text)
                first_row[text] = row
        if not widths:
            return []
        top = max(widths.values())
        return [first_row[text] for text, width in widths.items() if width >= top - NEAR]
