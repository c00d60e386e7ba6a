"""Pieces every tracker tab builds the same way: titled boxes and the message line."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGroupBox, QLabel, QVBoxLayout, QWidget

from warband.model.messages import _


def boxed(title: str, name: str, widget: QWidget, parent: QWidget) -> QGroupBox:
    """`widget` inside a titled group box named `name` (tests and style sheets find it by name)."""
    box = QGroupBox(title, parent)
    box.setObjectName(name)
    layout = QVBoxLayout(box)
    layout.setContentsMargins(6, 6, 6, 6)
    layout.addWidget(widget)
    return box


def message_line(parent: QWidget) -> QLabel:
    """The tab's message line: plain text, wrapped, one line high even when empty (nothing jumps)."""
    label = QLabel(parent)
    label.setObjectName("messageLabel")
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    label.setAccessibleName(_("Message"))
    label.setProperty("kind", "")
    label.setMinimumHeight(label.fontMetrics().height() + 10)
    return label


def show_on_message_line(label: QLabel, text: str, *, refusal: bool) -> None:
    """Show a sentence (empty: clear it); the style sheet makes a refusal stand out by `kind`."""
    kind = ("refusal" if refusal else "note") if text else ""
    if label.property("kind") != kind:
        label.setProperty("kind", kind)
        label.style().unpolish(label)
        label.style().polish(label)
    label.setText(text)
    label.setAccessibleDescription(text)
