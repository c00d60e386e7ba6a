"""Columns as wide as what they hold, and, where the table is narrower than its columns, the columns a page at a
time: names and numbers are never cut, and the table never needs a sideways scroll.

Each cell is measured with the table's own delegate (its text, check box and colour square) in the table's font;
a change measures only the rows it changed. The leading `keep` columns (the side, the name) are on every page.
A column of free text (`free`) needs only its title: it has the room the others leave, and its cells say the
rest in their tooltips.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QHeaderView,
    QSizePolicy,
    QStyle,
    QStyleOptionViewItem,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from warband.gui.widgets.appearance import follow_font
from warband.gui.widgets.flow_layout import FlowLayout


def cell_option(table: QTableView) -> QStyleOptionViewItem:
    """The style option the table paints its cells with (font, decoration size, word wrap)."""
    option = QStyleOptionViewItem()
    table.initViewItemOption(option)
    return option


def grid_room(table: QTableView) -> int:
    """What a cell's width loses to the grid line."""
    return 1 if table.showGrid() else 0


def cell_width(table: QTableView, index: QModelIndex, option: QStyleOptionViewItem | None = None) -> int:
    """How wide the cell must be for its delegate to paint it whole, on one line."""
    option = option or cell_option(table)
    delegate = table.itemDelegateForIndex(index)
    if delegate is None:
        return 0
    return delegate.sizeHint(option, index).width() + grid_room(table)


class TableFit(QObject):
    """Fits a table's columns to their titles and cells, and pages them when the table is too narrow.

    Args:
        table: a table whose model is set.
        keep: how many leading columns every page shows; None: the columns are never paged.
        free: a column of free text (notes, reasons, lists of spells): at least its title, then the room left.
        rows: the fewest rows the table shows without scrolling (its minimum height).
        samples: per column, a text whose width the column keeps even while no cell is as wide.
        sample_pad: added to a sample's width.
        spare: the column that has the room left (by default the free one, else the last one shown).
        grow: False: never taller than its rows.
    """

    paged = Signal(int)
    """The page of columns shown changed (its number)."""

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
        super().__init__(table)
        self.setObjectName("tableFit")
        self.table = table
        self.keep = keep or 0
        self.free = free
        self.rows = rows
        self.samples = dict(samples or {})
        self.sample_pad = sample_pad
        """Added to a sample's width (the cell's margins, a spin box's arrows)."""
        self.grow = grow
        """False: the table is never taller than its rows (a short list under a long one)."""
        self.spare = spare if spare is not None else free
        """The column given the room the others leave, when it is shown (else the last column shown)."""
        self._widths: list[list[int]] = []
        self._needs: list[int] | None = None
        """What `needs` found, until a cell is measured again: the panes ask it many times a change."""
        self._by_look: dict[tuple[object, ...], int] = {}
        """A cell's width by what its delegate paints (its column, text and font), in the table's font: a model
        reset measures again only the cells whose text changed."""
        self._pages: list[list[int]] = []
        self._page = 0
        self._fitting = False
        self.bar: QWidget | None = None
        """The page buttons, above the table (hidden while every column fits), both in `container`; None when
        `keep` is None: the columns are never paged (they may then need a sideways scroll)."""
        self._container: QWidget | None = None
        if keep is not None:
            self.bar = QWidget()
            self.bar.setObjectName("columnPages")
            policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
            policy.setHeightForWidth(True)  # as high as its lines of buttons
            self.bar.setSizePolicy(policy)
            self._bar_layout = FlowLayout(self.bar, spacing=4)
            self._buttons = QButtonGroup(self.bar)
            self._buttons.idClicked.connect(self.show_page)
            self.bar.hide()
            self._container = QWidget()
            self._container.setObjectName(f"{table.objectName()}Pages")
            layout = QVBoxLayout(self._container)
            layout.setContentsMargins(0, 0, 0, 0)
            layout.setSpacing(2)
            layout.addWidget(self.bar)
            layout.addWidget(table, 1)

        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)  # the fit sets every width
        header.setStretchLastSection(False)
        table.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        model = table.model()
        for signal in (model.modelReset, model.rowsInserted, model.rowsRemoved, model.layoutChanged):
            signal.connect(self.measure)
        model.dataChanged.connect(self._on_model_data_changed)
        model.headerDataChanged.connect(self.fit)
        table.viewport().installEventFilter(self)
        self._font_timer = QTimer(self)
        self._font_timer.setSingleShot(True)
        self._font_timer.setInterval(0)
        self._font_timer.timeout.connect(self._on_font_changed)
        self.measure()
        follow_font(table, self._font_timer.start)  # once the header has the new font too

    @property
    def container(self) -> QWidget:
        """The table with its page buttons above it: the widget to put where the table goes."""
        if self._container is None:
            raise ValueError("a table whose columns are never paged has no page buttons")
        return self._container

    # --- measuring -----------------------------------------------------------------------------------------
    def _on_font_changed(self) -> None:
        self._by_look.clear()
        self.measure()

    def measure(self, *_args: object) -> None:
        """Every cell measured again (rows added, removed, moved, all new, or a new font), then the fit."""
        model = self.table.model()
        if len(self._by_look) > 20_000:  # a long battle's cells, each text once: never without bound
            self._by_look.clear()
        self._widths = [[0] * model.columnCount() for _row in range(model.rowCount())]
        self._measure(0, model.rowCount() - 1)
        self.fit()

    def _on_model_data_changed(self, top_left: QModelIndex, bottom_right: QModelIndex, *_roles: object) -> None:
        if len(self._widths) != self.table.model().rowCount():
            self.measure()
            return
        self._measure(top_left.row(), bottom_right.row())
        self.fit()

    def _measure(self, first: int, last: int) -> None:
        model = self.table.model()
        option = cell_option(self.table)
        columns = model.columnCount()
        self._needs = None
        known = self._by_look
        display, font = Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.FontRole
        for row in range(max(first, 0), min(last, len(self._widths) - 1) + 1):
            cells = self._widths[row]
            if len(cells) != columns:
                cells[:] = [0] * columns
            for column in range(columns):
                index = model.index(row, column)
                # a column's check box and colour square are the same on every row: its text and font say
                # the rest of what the delegate paints
                look: tuple[object, ...] = (column, model.data(index, display), model.data(index, font))
                try:
                    width = known.get(look)
                except TypeError:  # a value that cannot be a key: measured each time
                    width, look = None, ()
                if width is None:
                    width = cell_width(self.table, index, option)
                    if look:
                        known[look] = width
                cells[column] = width

    def title_width(self, column: int) -> int:
        return self.table.horizontalHeader().sectionSizeFromContents(column).width()

    def needs(self) -> list[int]:
        """How wide each column must be for its title and its widest cell (a free column: its title)."""
        if self._needs is not None and len(self._needs) == self.table.model().columnCount():
            return list(self._needs)
        self._needs = self._work_out_needs()
        return list(self._needs)

    def _work_out_needs(self) -> list[int]:
        metrics = self.table.fontMetrics()
        room = 2 * (self.table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self.table) + 1)
        found = []
        for column in range(self.table.model().columnCount()):
            need = self.title_width(column)
            if column != self.free:
                need = max(need, max((cells[column] for cells in self._widths if column < len(cells)), default=0))
            sample = self.samples.get(column)
            if sample:
                need = max(need, metrics.horizontalAdvance(sample) + max(room, self.sample_pad))
            found.append(max(need, self.table.horizontalHeader().minimumSectionSize()))
        return found

    def _chrome(self) -> int:
        """What the table's frame and its vertical scroll bar take of its width."""
        table = self.table
        frame = 2 * table.frameWidth()
        scroll = table.verticalScrollBar().sizeHint().width()
        return frame + scroll

    def wanted_width(self) -> int:
        """The width at which every column shows, each as wide as it needs."""
        return sum(self.needs()) + self._chrome()

    def minimum_width(self) -> int:
        """The narrowest the table may be: the kept columns and the widest other one, a page of its own (all
        the columns when they are never paged)."""
        needs = self.needs()
        if self.bar is None:
            return sum(needs) + self._chrome()
        return max(needs, default=0) + self._chrome()  # at the narrowest, the kept columns go by pages too

    def _kept(self, needs: list[int], room: int) -> int:
        """How many of the leading columns every page can show: `keep`, or fewer where the kept ones and the
        widest other column would not fit beside one another."""
        for kept in range(min(self.keep, len(needs)), 0, -1):
            if sum(needs[:kept]) + max(needs[kept:], default=0) <= room:
                return kept
        return 0

    def row_height(self) -> int:
        return self.table.verticalHeader().defaultSectionSize()

    def header_height(self) -> int:
        return self.table.horizontalHeader().sizeHint().height()

    def minimum_height(self) -> int:
        shown = min(self.rows, max(1, self.table.model().rowCount()))
        return self.header_height() + shown * self.row_height() + 2 * self.table.frameWidth()

    def wanted_height(self) -> int:
        """Every row in view."""
        rows = max(1, self.table.model().rowCount())
        return self.header_height() + rows * self.row_height() + 2 * self.table.frameWidth()

    # --- fitting -------------------------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Resize:
            self.fit()
        elif event.type() == QEvent.Type.Show:
            self.measure()  # with the delegates the table was given since
        return False

    def fit(self, *_args: object) -> None:
        """Share the viewport's width out: each shown column what it needs, the free (or the last) one the rest;
        the columns a page at a time when they do not all fit."""
        if self._fitting:
            return
        self._fitting = True
        try:
            self._fit()
        finally:
            self._fitting = False

    def _fit(self) -> None:
        table, header = self.table, self.table.horizontalHeader()
        needs = self.needs()
        count = len(needs)
        self.table.setMinimumWidth(self.minimum_width())
        self.table.setMinimumHeight(self.minimum_height())
        if not self.grow:
            self.table.setMaximumHeight(max(self.minimum_height(), self.wanted_height()))
        if not table.isVisible():
            return  # fitted when shown: a hidden table's viewport has no width yet
        room = table.viewport().width()
        kept = self._kept(needs, room)
        pages = self._paginate(needs, room, kept)
        if pages != self._pages:
            self._pages = pages
            self._page = min(self._page, len(pages) - 1)
            self._make_buttons()
        shown = set(range(min(kept, count))) | set(pages[self._page] if pages else range(count))
        for column in range(count):
            hidden = column not in shown
            if table.isColumnHidden(column) != hidden:
                table.setColumnHidden(column, hidden)
        visible = [column for column in range(count) if column in shown]
        if not visible:
            return
        extra = max(0, room - sum(needs[column] for column in visible))
        widest = self.spare if self.spare in shown else visible[-1]
        for column in visible:
            size = needs[column] + (extra if column == widest else 0)
            if header.sectionSize(column) != size:
                header.resizeSection(column, size)
        if table.horizontalScrollBar().value():
            table.horizontalScrollBar().setValue(0)

    def _paginate(self, needs: list[int], room: int, kept: int) -> list[list[int]]:
        """The columns after the kept ones, in pages that fit beside the kept ones (one page: all fit)."""
        if sum(needs) <= room or self.bar is None:
            return [list(range(min(self.keep, len(needs)), len(needs)))]
        rest = list(range(min(kept, len(needs)), len(needs)))
        left = room - sum(needs[:kept])
        pages: list[list[int]] = [[]]
        used = 0
        for column in rest:
            if pages[-1] and used + needs[column] > left:
                pages.append([])
                used = 0
            pages[-1].append(column)
            used += needs[column]
        return pages

    def _make_buttons(self) -> None:
        if self.bar is None:
            return
        for button in self._buttons.buttons():
            self._buttons.removeButton(button)
            self._bar_layout.removeWidget(button)
            button.hide()
            button.deleteLater()
        model = self.table.model()
        if len(self._pages) > 1:
            for number, page in enumerate(self._pages):
                titles = [str(model.headerData(c, Qt.Orientation.Horizontal) or "") for c in page]
                text = titles[0] if len(titles) == 1 else f"{titles[0]} … {titles[-1]}"
                button = QToolButton(self.bar)
                button.setObjectName("columnPageButton")
                button.setCheckable(True)
                button.setText(text.replace("&", "&&"))
                button.setToolTip(", ".join(titles))
                button.setAccessibleName(", ".join(titles))
                button.setChecked(number == self._page)
                self._buttons.addButton(button, number)
                self._bar_layout.addWidget(button)
                button.show()  # now, not once the loop comes round: the bar is measured with it
        self.bar.setVisible(len(self._pages) > 1)
        self.bar.updateGeometry()

    # --- pages ---------------------------------------------------------------------------------------------
    def pages(self) -> list[list[int]]:
        """The columns of each page, beyond the kept ones (one page while all fit)."""
        return [list(page) for page in self._pages]

    def page(self) -> int:
        return self._page

    def show_page(self, number: int) -> None:
        if not 0 <= number < len(self._pages) or number == self._page:
            return
        self._page = number
        button = self._buttons.button(number) if self.bar is not None else None
        if button is not None:
            button.setChecked(True)
        self.fit()
        self.paged.emit(number)

    def show_column(self, column: int) -> None:
        """Bring the page holding this column into view (a kept column is on every page)."""
        for number, page in enumerate(self._pages):
            if column in page:
                self.show_page(number)
                return


def fitted(
    table: QTableView,
    *,
    keep: int = 1,
    free: int | None = None,
    rows: int = 3,
    samples: Mapping[int, str] | None = None,
    spare: int | None = None,
) -> QWidget:
    """The table with its columns fitted (`TableFit`), in a widget that holds its page buttons above it: put
    that widget where the table would go."""
    return TableFit(table, keep=keep, free=free, rows=rows, samples=samples, spare=spare).container


def table_fit(table: QTableView) -> TableFit | None:
    """The fit of a table, if it has one."""
    return table.findChild(TableFit, "tableFit", Qt.FindChildOption.FindDirectChildrenOnly)
