"""The battle log's sizes: what happened, wrapped onto as many lines as it takes, never cut nor scrolled sideways;
the short columns (turn, phase, side, dice) as wide as their title, their sample and their widest cell.

A log grows to hundreds of lines: a new entry measures only its own row, and the rows are measured again only
when the text column's width or the font changes.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QEvent, QModelIndex, QObject, QRect, QSignalBlocker, Qt, QTimer
from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QStyle, QStyleOptionViewItem, QTableView

from warband.gui.widgets.appearance import follow_font, row_height
from warband.gui.widgets.table_fit import cell_option, cell_width
from warband.model.messages import _

TEXT_CHARS = 20
"""The narrowest the text column is, in average characters of the table's font: a few words a line."""
SHORT_SPARE = 4
"""Pixels a short column keeps beyond its widest cell: the view wraps a cell that only just fits."""
NEWEST_ROWS = 3
"""The log is at least this many one-line rows high (and as high as its newest entry)."""


class LogFit(QObject):
    """Keeps a log table's columns and rows fitted to its entries (`text` is the column that wraps)."""

    def __init__(self, table: QTableView, text: int, samples: Mapping[int, str], parent: QObject | None = None):
        super().__init__(parent or table)
        self.table = table
        self.text_column = text
        self._samples = dict(samples)
        """Per short column, a text (a message, translated when measured) it keeps room for."""
        self._widest: dict[int, int] = {}
        """The short columns' widest cells so far."""
        self._widths: dict[tuple[object, ...], int] = {}
        """A short cell's width by what it paints (its column, text and font): most entries repeat the turn, the
        phase and the side of the one before."""
        self._heights: dict[tuple[object, ...], int] = {}
        """A row's height by what its text cell paints (text and font) and the text column's width: the table
        narrower then wider again (a pane beside it that grows for a moment) measures no row twice."""
        self._follow = True
        """Whether the log shows its newest line: it keeps it in view as rows are added, measured again or the
        table made lower, until the player scrolls up."""
        table.setWordWrap(True)
        table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)  # set row by row
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)  # never ResizeToContents: long logs
        header.setSectionResizeMode(text, QHeaderView.ResizeMode.Stretch)
        self._rows_timer = QTimer(self)
        self._rows_timer.setSingleShot(True)
        self._rows_timer.setInterval(0)
        self._rows_timer.timeout.connect(self.fit_all_rows)
        header.sectionResized.connect(self._on_header_section_resized)
        model = table.model()
        model.rowsInserted.connect(self._on_model_rows_inserted)
        model.dataChanged.connect(self._on_model_data_changed)
        model.modelReset.connect(self.measure_all)
        self._font_timer = QTimer(self)
        self._font_timer.setSingleShot(True)
        self._font_timer.setInterval(0)
        self._font_timer.timeout.connect(self.measure_all)
        self.measure_all()
        follow_font(table, self._font_timer.start)  # once the header has the new font too
        bar = table.verticalScrollBar()
        bar.valueChanged.connect(self._on_scroll_bar_value_changed)
        bar.rangeChanged.connect(self._on_scroll_bar_range_changed)
        table.setVerticalScrollMode(
            QAbstractItemView.ScrollMode.ScrollPerPixel
        )  # the newest line's bottom in view
        table.viewport().installEventFilter(self)

    def measure_all(self) -> None:
        """A new font (or a new log): every column and row measured again."""
        self._widest = {}
        self._widths.clear()
        self._heights.clear()
        self._measure(0, self.table.model().rowCount() - 1)
        self.fit_all_rows()

    def _short_columns(self) -> list[int]:
        return [c for c in range(self.table.model().columnCount()) if c != self.text_column]

    def _measure(self, first: int, last: int) -> None:
        table, model = self.table, self.table.model()
        header = table.horizontalHeader()
        metrics = table.fontMetrics()
        option = cell_option(table)
        pad = 2 * (table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1) + 1
        for column in self._short_columns():
            widest = self._widest.get(column)
            if widest is None:
                widest = header.sectionSizeFromContents(column).width()
                sample = self._samples.get(column, "")
                if sample:
                    widest = max(widest, metrics.horizontalAdvance(_(sample)) + pad)
            for row in range(max(0, first), last + 1):  # a little to spare: a short cell never wraps
                widest = max(widest, self._cell_width(model.index(row, column), option) + SHORT_SPARE)
            self._widest[column] = widest
            if header.sectionSize(column) != widest:
                header.resizeSection(column, widest)
        text = max(
            header.sectionSizeFromContents(self.text_column).width(), metrics.averageCharWidth() * TEXT_CHARS
        )
        header.setMinimumSectionSize(min(text, metrics.averageCharWidth() * 4))
        table.setMinimumWidth(self.minimum_width())

    def _cell_width(self, index: QModelIndex, option: QStyleOptionViewItem) -> int:
        """`cell_width`, once per text and font of a column."""
        font = index.data(Qt.ItemDataRole.FontRole)
        look = (index.column(), index.data(), font.key() if isinstance(font, QFont) else None)
        try:
            known = self._widths.get(look)
        except TypeError:  # a text that cannot be a key: measured each time
            return cell_width(self.table, index, option)
        if known is None:
            if len(self._widths) > 20_000:  # a long battle's turns, phases and dice: never without bound
                self._widths.clear()
            known = self._widths[look] = cell_width(self.table, index, option)
        return known

    def minimum_width(self) -> int:
        """The short columns, a few words of text a line, the frame and the vertical scroll bar."""
        table = self.table
        header = table.horizontalHeader()
        metrics = table.fontMetrics()
        text = max(
            header.sectionSizeFromContents(self.text_column).width(), metrics.averageCharWidth() * TEXT_CHARS
        )
        chrome = 2 * table.frameWidth() + table.verticalScrollBar().sizeHint().width()
        return sum(self._widest.values()) + text + chrome

    def row_height_needed(self, row: int) -> int:
        """How high a row must be for its text to show whole at the text column's width."""
        table = self.table
        width = max(1, table.columnWidth(self.text_column))
        model = table.model()
        looks = getattr(model, "text_look", None)
        if callable(looks):  # the log's own model says it in Python, without a round trip through Qt
            look: tuple[object, ...] = (width, *looks(row))
        else:
            index = model.index(row, self.text_column)
            font = model.data(index, Qt.ItemDataRole.FontRole)
            look = (width, model.data(index), font.key() if isinstance(font, QFont) else None)
        try:
            known = self._heights.get(look)
        except TypeError:  # a text that cannot be a key: measured each time
            known, look = None, ()
        if known is not None:
            return known
        if len(self._heights) > 50_000:  # a long battle's rows at a few widths: never without bound
            self._heights.clear()
        base = row_height(table)
        option = cell_option(table)
        option.features |= QStyleOptionViewItem.ViewItemFeature.WrapText
        option.rect = QRect(0, 0, width, base)
        index = model.index(row, self.text_column)
        delegate = table.itemDelegateForIndex(index)
        if delegate is None:
            return base
        height = max(base, delegate.sizeHint(option, index).height() + (1 if table.showGrid() else 0))
        if look:
            self._heights[look] = height
        return height

    def _fit_rows(self, first: int, last: int) -> None:
        """Each row as high as its text; the table brought up to date at once when one changed: told by the
        header, it would repaint the rows below on a timer, after the change was painted once already."""
        vertical = self.table.verticalHeader()
        resized = False
        with QSignalBlocker(vertical):
            for row in range(max(0, first), last + 1):
                height = self.row_height_needed(row)
                if vertical.sectionSize(row) != height:
                    vertical.resizeSection(row, height)
                    resized = True
        if resized:
            self.table.updateGeometries()  # what the table does when the header tells it (`rowResized`)
            self.table.viewport().update()
        self._fit_height()

    def fit_all_rows(self) -> None:
        self._fit_rows(0, self.table.model().rowCount() - 1)

    def _fit_height(self) -> None:
        """At least a few lines high, and as high as the newest entry: it is always readable whole."""
        table = self.table
        rows = table.model().rowCount()
        newest = table.rowHeight(rows - 1) if rows else 0
        header = table.horizontalHeader().sizeHint().height()
        least = header + max(NEWEST_ROWS * row_height(table), newest) + 2 * table.frameWidth()
        if table.horizontalScrollBar().isVisible():
            least += table.horizontalScrollBar().height()
        if table.minimumHeight() != least:
            table.setMinimumHeight(least)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        """The table narrower or wider (the window, a splitter, the panes shown one at a time): rows again."""
        if isinstance(event, QResizeEvent) and event.size().width() != event.oldSize().width():
            self._rows_timer.start()
        return False

    def _on_header_section_resized(self, column: int, _old: int, _new: int) -> None:
        if column == self.text_column:
            self._rows_timer.start()

    def _on_scroll_bar_value_changed(self, value: int) -> None:
        self._follow = value >= self.table.verticalScrollBar().maximum()

    def _on_scroll_bar_range_changed(self, _low: int, high: int) -> None:
        if self._follow:
            self.table.verticalScrollBar().setValue(high)

    def _on_model_rows_inserted(self, _parent: QModelIndex, first: int, last: int) -> None:
        self._measure(first, last)
        self._fit_rows(first, last)

    def _on_model_data_changed(self, top_left: QModelIndex, bottom_right: QModelIndex, *_roles: object) -> None:
        self._measure(top_left.row(), bottom_right.row())
        self._fit_rows(top_left.row(), bottom_right.row())
