"""Small pieces the resolvers' sections share (the Strategy Battle Game's, « Par le Fer et par le Verbe »'s):
labels that show text as plain text, the line that says what the document refused, the large chance, and the
colour of an outcome."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from warband.gui.widgets.dice_entry import error_colour
from warband.gui.widgets.odds_chart import BarKind, bar_colours


def plain_label(parent: QWidget, name: str, text: str = "") -> QLabel:
    """A label for text that may hold the player's own words (hero labels, player names): never rich text."""
    label = QLabel(text, parent)
    label.setObjectName(name)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    return label


def big_label(parent: QWidget, name: str, scale: float = 1.4) -> QLabel:
    """A bold label in larger type, for a chance or an outcome."""
    label = plain_label(parent, name)
    font = label.font()
    font.setBold(True)
    if font.pointSizeF() > 0:
        font.setPointSizeF(font.pointSizeF() * scale)
    label.setFont(font)
    return label


def note_label(parent: QWidget, name: str, text: str = "") -> QLabel:
    """A hint in the palette's quieter colour."""
    label = plain_label(parent, name, text)
    palette = label.palette()
    palette.setColor(
        QPalette.ColorRole.WindowText, palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText)
    )
    label.setPalette(palette)
    return label


def message_label(parent: QWidget, name: str) -> QLabel:
    """Where a refusal shows, with its rule ID, in red; hidden while empty."""
    label = plain_label(parent, name)
    palette = label.palette()
    palette.setColor(QPalette.ColorRole.WindowText, error_colour(palette))
    label.setPalette(palette)
    label.hide()
    return label


def say(label: QLabel, text: str) -> None:
    """Show a text on a label that hides while empty."""
    label.setText(text)
    label.setVisible(bool(text))


def colour_outcome(label: QLabel, success: bool | None) -> None:
    """Green for a success, red for a failure, the usual text colour otherwise (a tie, nothing yet)."""
    palette = label.palette()
    if success is None:
        colour = QApplication.palette(label).color(QPalette.ColorRole.WindowText)
    else:
        colour = bar_colours(palette)[BarKind.SUCCESS if success else BarKind.SURE_FAILURE]
    if palette.color(QPalette.ColorRole.WindowText) != colour:
        palette.setColor(QPalette.ColorRole.WindowText, colour)
        label.setPalette(palette)
