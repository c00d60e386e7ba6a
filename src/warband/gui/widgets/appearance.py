"""Colours and fonts the trackers' tables share, so that a side looks the same everywhere."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QSize, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication, QWidget

if TYPE_CHECKING:  # QStyle's class alone costs the start page ~14 ms: imported where a combo is measured
    from PySide6.QtWidgets import QComboBox, QTableView

SIDE_COLOURS = ("#3574c4", "#c4473a")
"""Side 1 blue, side 2 red: mid tones, readable on light and dark palettes."""
SUCCESS_COLOUR = "#2e8b57"
FAILURE_COLOUR = "#c0392b"
WARNING_STYLE = (
    "background: #fff3cd; color: #6b4e00; border: 1px solid #e0c36a; border-radius: 3px; padding: 3px 6px;"
)
REFUSAL_STYLE = (
    "background: #fdecea; color: #8a1c12; border: 1px solid #e6a39b; border-radius: 3px; padding: 3px 6px;"
)

NOTE_STYLE = (
    "background: #e8f1fb; color: #173f6b; border: 1px solid #a9c6e8; border-radius: 3px; padding: 3px 6px;"
)


class _FontFollower(QObject):
    """Signals when its widget's font changes (a font preset chosen in Edit → Preferences).

    A signal rather than a callback held in Python: the connection lives in Qt with the widget, so no Python
    reference cycle runs through the widget's panel (the collector would clear the panel's models first).
    """

    font_changed = Signal()

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.FontChange:
            self.font_changed.emit()
        return False


def follow_font(widget: QWidget, callback: Callable[[], None]) -> None:
    """Run `callback` now and whenever the widget's font changes, so that sizes measured from the font (row
    heights, fixed column widths) follow a new font size at once, without a restart."""
    callback()
    _FontFollower(widget).font_changed.connect(callback)


class _StyleRefresher(QObject):
    """Sets its widget's style sheets again when the application's font changes: Qt keeps the font a widget had
    when a style sheet styled it, so without this a new font preset would not reach a tab that has one. Qt tells
    only the windows of a new font: the refresher listens to its widget's window, once it has one."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self._widget = widget
        self._window: QWidget | None = None
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        kind = event.type()
        if kind == QEvent.Type.Show and watched is self._widget:
            window = self._widget.window()
            if window is not self._window and window is not self._widget:
                if self._window is not None:
                    self._window.removeEventFilter(self)
                self._window = window
                window.installEventFilter(self)
        elif kind == QEvent.Type.ApplicationFontChange and watched is self._window:
            for styled in [self._widget, *self._widget.findChildren(QWidget)]:
                sheet = styled.styleSheet()
                if sheet:
                    styled.setStyleSheet(sheet)
        return False


def restyle(widget: QWidget) -> None:
    """The widget styled again after a dynamic property its style sheet reads changed, and repainted with what
    is inside it: polishing repaints nothing, so a new colour alone showed only at the next repaint (the
    Divination panel stayed emphasised after the phase, its buttons in the old palette)."""
    style = widget.style()
    style.unpolish(widget)
    style.polish(widget)
    widget.update()


def follow_application_font(widget: QWidget) -> None:
    """A new font preset reaches every part of `widget` at once, style sheets or not."""
    _StyleRefresher(widget)


def row_height(table: QTableView) -> int:
    """The height of a compact row in this table's font."""
    return table.fontMetrics().height() + 8


def combo_width(combo: QComboBox, text: str) -> int:
    """How wide a combo box must be to show `text` whole, in its font and style (as Qt sizes it for its items)."""
    from PySide6.QtWidgets import QStyle, QStyleOptionComboBox

    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    metrics = combo.fontMetrics()
    contents = QSize(metrics.horizontalAdvance(text), metrics.height())
    return combo.style().sizeFromContents(QStyle.ContentsType.CT_ComboBox, option, contents, combo).width()


def compact_rows(table: QTableView) -> None:
    """Rows as high as the text needs, so that a whole army fits on a laptop screen; they follow the font."""

    def fit() -> None:
        height = row_height(table)
        header = table.verticalHeader()
        header.setMinimumSectionSize(height)  # else a hidden header keeps the least of the font it had
        header.setDefaultSectionSize(height)

    follow_font(table, fit)


def side_colour(side: int) -> QColor:
    return QColor(SIDE_COLOURS[side % len(SIDE_COLOURS)])


def side_tint(side: int) -> QBrush:
    """A light wash of the side's colour, for a cell's background."""
    colour = side_colour(side)
    colour.setAlpha(48)
    return QBrush(colour)


def muted() -> QBrush:
    """Text of what no longer counts (models out of play, undone actions, finished Faithful)."""
    return QBrush(QApplication.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text))


def highlight_tint() -> QBrush:
    colour = QColor(QApplication.palette().color(QPalette.ColorRole.Highlight))
    colour.setAlpha(70)
    return QBrush(colour)


def bold_font() -> QFont:
    font = QFont(QApplication.font())
    font.setBold(True)
    return font


def struck_font() -> QFont:
    font = QFont(QApplication.font())
    font.setStrikeOut(True)
    return font
