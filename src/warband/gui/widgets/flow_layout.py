"""A layout that puts its widgets side by side and starts a new line where the width runs out, as words wrap.

The battle bar's phases and the pane chooser use it: at a large font preset a row of buttons or steps wider than
the window goes on over two lines instead of being cut or scrolled sideways.
"""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLabel, QLayout, QLayoutItem, QSizePolicy, QStyle, QWidget

FLOW_WIDTH = "flowWidth"
"""A widget's dynamic property: the width it would like on its line (more than its text needs, so that what
follows it stays in place as its words change); never more than the line."""


def _preferred(item: QLayoutItem) -> QSize:
    """An item's width on one line: a word-wrapped label's whole text (its own size hint is a guess at a
    paragraph's shape), at least its minimum."""
    hint = item.sizeHint()
    widget = item.widget()
    if isinstance(widget, QLabel) and widget.wordWrap() and widget.text():
        margins = widget.contentsMargins()
        lines = widget.text().split("\n")
        width = max(widget.fontMetrics().horizontalAdvance(line) for line in lines)
        width += margins.left() + margins.right() + 2 * widget.margin() + 2 * widget.frameWidth() + 1
        hint = QSize(width, widget.fontMetrics().height() * len(lines))
    if widget is not None and isinstance(widget.property(FLOW_WIDTH), int):
        hint.setWidth(max(hint.width(), int(widget.property(FLOW_WIDTH))))
    return hint.expandedTo(item.minimumSize())


class FlowLayout(QLayout):
    """Items left to right, wrapping onto as many lines as the width needs; each line as high as its tallest item,
    the items of a line centred on it."""

    def __init__(self, parent: QWidget | None = None, *, spacing: int = -1) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._trailing: list[QLayoutItem] = []
        """Items kept together at the right end of the last line (Back and Next after the phases)."""
        self._spacing = spacing
        self._heights: dict[int, int] = {}
        """Heights for widths, measured since the layout last changed: a window's layouts ask for the same width
        many times over in one pass (each splitter and scroll area above), and each asks every item."""
        self.setContentsMargins(0, 0, 0, 0)

    def add_trailing(self, widget: QWidget) -> None:
        """A widget at the right end of the last line, with the other trailing ones (on a line of their own,
        at its right, when the last line has no room for them)."""
        self.addWidget(widget)
        self._trailing.append(self._items[-1])

    # --- the QLayout interface -----------------------------------------------------------------------------
    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802
        self._items.append(item)
        self.invalidate()

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802
        if not 0 <= index < len(self._items):
            return None
        item = self._items.pop(index)
        if item in self._trailing:
            self._trailing.remove(item)
        self.invalidate()
        return item

    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        height = self._heights.get(width)
        if height is None:
            height = self._heights[width] = self._place(QRect(0, 0, width, 0), move=False)
        return height

    def invalidate(self) -> None:
        """An item changed (its text, font, size hint, shown or hidden: Qt tells the layout so): measure anew."""
        heights: dict[int, int] | None = getattr(self, "_heights", None)  # None: called while being built
        if heights:
            heights.clear()
        super().invalidate()

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802
        super().setGeometry(rect)
        self._place(rect, move=True)

    def sizeHint(self) -> QSize:  # noqa: N802
        """Everything on one line."""
        width = height = 0
        shown = self._shown()
        for item in shown:
            hint = _preferred(item)
            width += hint.width()
            height = max(height, hint.height())
        width += self.horizontal_spacing() * max(0, len(shown) - 1)
        return QSize(width, height) + self._margins_size()

    def minimumSize(self) -> QSize:  # noqa: N802
        """As narrow as the widest item: the others go on lines of their own."""
        size = QSize()
        for item in self._shown():
            size = size.expandedTo(item.minimumSize())
        return size + self._margins_size()

    # --- placing -------------------------------------------------------------------------------------------
    def horizontal_spacing(self) -> int:
        if self._spacing >= 0:
            return self._spacing
        parent = self.parentWidget()
        if parent is None:
            return 6
        return max(0, parent.style().pixelMetric(QStyle.PixelMetric.PM_LayoutHorizontalSpacing, None, parent))

    def _vertical_spacing(self) -> int:
        if self._spacing >= 0:
            return self._spacing
        parent = self.parentWidget()
        if parent is None:
            return 6
        return max(0, parent.style().pixelMetric(QStyle.PixelMetric.PM_LayoutVerticalSpacing, None, parent))

    def _shown(self) -> list[QLayoutItem]:
        return [item for item in self._items if not item.isEmpty()]

    @staticmethod
    def _size(item: QLayoutItem, room: int) -> QSize:
        """An item's size on its line: its width on one line, at most the line's; its height for that width."""
        hint = _preferred(item)
        width = min(hint.width(), room) if room > 0 else hint.width()
        height = item.heightForWidth(width) if item.hasHeightForWidth() else -1
        return QSize(width, height if height >= 0 else hint.height())

    def _margins_size(self) -> QSize:
        margins: QMargins = self.contentsMargins()
        return QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    def _place(self, rect: QRect, *, move: bool) -> int:
        """Lay the items out in `rect` (or only measure): the height the lines take."""
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        gap, line_gap = self.horizontal_spacing(), self._vertical_spacing()
        lines: list[list[tuple[QLayoutItem, QSize]]] = [[]]
        x = 0
        shown = self._shown()
        for item in (item for item in shown if item not in self._trailing):
            size = self._size(item, area.width())
            if lines[-1] and x + gap + size.width() > area.width():
                lines.append([])
                x = 0
            x += (gap if lines[-1] else 0) + size.width()
            lines[-1].append((item, size))
        trailing = [(item, self._size(item, area.width())) for item in shown if item in self._trailing]
        right: set[int] = set()
        if trailing:
            group = sum(size.width() for _item, size in trailing) + gap * (len(trailing) - 1)
            if lines[-1] and x + gap + group > area.width():
                lines.append([])
            lines[-1].extend(trailing)
            right.add(len(lines) - 1)
        y = area.y()
        for number, line in enumerate(lines):
            if not line:
                continue
            if number:
                y += line_gap
            height = max(size.height() for _item, size in line)
            x = area.x()
            trailing_from = None  # where the trailing items start: at the right end of their line
            if number in right:
                ends = [size.width() for item, size in line if item in self._trailing]
                trailing_from = area.x() + area.width() - sum(ends) - gap * (len(ends) - 1)
            for item, size in line:
                if trailing_from is not None and item in self._trailing:
                    x, trailing_from = max(x, trailing_from), None
                if move:
                    widget = item.widget()
                    grows = bool(item.expandingDirections() & Qt.Orientation.Vertical) or (
                        widget is not None and widget.sizePolicy().verticalPolicy() == QSizePolicy.Policy.Expanding
                    )
                    item_height = height if grows else size.height()
                    top = y + (height - item_height) // 2
                    item.setGeometry(QRect(QPoint(x, top), QSize(size.width(), item_height)))
                x += size.width() + gap
            y += height
        return y - area.y() + margins.top() + margins.bottom()
