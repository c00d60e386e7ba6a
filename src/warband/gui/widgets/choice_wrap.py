"""A combo box whose choice is too long for its width shows it on two lines (or more) instead of cutting it.

The resolvers' choices say a lot ("Player 1 — Battle mage of the watchtower (2/2 dice; restoration)"): at a
large font preset, or in a long language, one line of the window is not enough. The combo box grows as high as
the words need and paints them wrapped; a choice that fits is painted as Qt paints it.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect, Qt, QTimer
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QComboBox, QStyle, QStyleOptionComboBox, QStylePainter, QWidget

WRAPS = "wrapsChoice"
"""A combo box's dynamic property: True when its choice wraps rather than being cut (tests read it)."""


def choice_field(combo: QComboBox) -> QRect:
    """Where the combo box paints its choice."""
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    return combo.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, combo
    )


def choice_height(combo: QComboBox, width: int) -> int:
    """How high the choice's words are, wrapped at `width`."""
    metrics = combo.fontMetrics()
    flags = int(Qt.TextFlag.TextWordWrap)
    return metrics.boundingRect(QRect(0, 0, max(1, width - 2), 1 << 16), flags, combo.currentText()).height()


class ChoiceWrap(QObject):
    """Watches a combo box: its height follows its choice's lines; a choice of more than one line is painted
    wrapped."""

    def __init__(self, combo: QComboBox) -> None:
        super().__init__(combo)
        self.combo = combo
        combo.setProperty(WRAPS, True)
        combo.installEventFilter(self)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.fit)
        combo.currentIndexChanged.connect(self._timer.start)
        combo.currentTextChanged.connect(self._timer.start)
        self._fitting = False
        self.fit()

    def _wraps(self) -> bool:
        combo = self.combo
        return combo.fontMetrics().horizontalAdvance(combo.currentText()) > choice_field(combo).width() - 2

    def fit(self) -> None:
        """As high as the choice's lines at the combo box's width (its usual height for one line)."""
        if self._fitting:  # a resize while fitting: once this one is done
            self._timer.start()
            return
        self._fitting = True
        try:
            combo = self.combo
            height = 0
            if self._wraps():
                extra = choice_height(combo, choice_field(combo).width()) - combo.fontMetrics().height()
                height = combo.sizeHint().height() + max(0, extra)
            if combo.minimumHeight() != height:
                combo.setMinimumHeight(height)
        finally:
            self._fitting = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        kind = event.type()
        if kind == QEvent.Type.Resize:
            self.fit()
        elif kind in (QEvent.Type.FontChange, QEvent.Type.Show):
            self._timer.start()  # once the layout settled: a new height may come with a new width
        elif kind == QEvent.Type.Paint and self._wraps():
            self._paint()
            return True
        return False

    def _paint(self) -> None:
        combo = self.combo
        painter = QStylePainter(combo)
        option = QStyleOptionComboBox()
        combo.initStyleOption(option)
        text = option.currentText
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        option.currentText = ""
        painter.drawControl(QStyle.ControlElement.CE_ComboBoxLabel, option)  # the icon, if any
        group = QPalette.ColorGroup.Active if combo.isEnabled() else QPalette.ColorGroup.Disabled
        painter.setPen(combo.palette().color(group, QPalette.ColorRole.ButtonText))
        field = choice_field(combo).adjusted(1, 0, -1, 0)
        painter.drawText(
            field, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap), text
        )
        painter.end()


def wrap_choices(root: QWidget) -> None:
    """Every combo box in `root` that picks from a list (not one typed into) wraps a long choice."""
    for combo in root.findChildren(QComboBox):
        if not combo.isEditable() and combo.property(WRAPS) is None:
            ChoiceWrap(combo)
