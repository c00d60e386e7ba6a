"""The player's own text (army, unit and player names, notes, file names) shown as typed, never as rich text.

A label is told so once (`plain_label`). A tooltip cannot be: Qt guesses rich text for tooltips (and What's This
texts, and item views' tooltip role) from the text itself, so `plain_tooltip` escapes text that would be guessed
wrong. Buttons, group box titles, tabs and menu items read `&` as a shortcut mark: `escape_mnemonic` keeps it.
"""

from __future__ import annotations

from typing import overload

from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as QtGui
from PySide6.QtWidgets import QLabel, QWidget


@overload
def plain_tooltip(text: str) -> str: ...


@overload
def plain_tooltip(text: None) -> None: ...


def plain_tooltip(text: str | None) -> str | None:
    """`text` as a tooltip that shows its characters: unchanged when Qt would show it as plain text; otherwise
    escaped, its spaces and line breaks kept, in a paragraph that Qt reads as rich text. None stays None."""
    if text is None or not QtGui.mightBeRichText(text):
        return text
    import html  # only for text Qt would read as rich (its entity tables cost the launch a little)

    return "<p style='white-space:pre-wrap'>" + html.escape(text, quote=False) + "</p>"


def escape_mnemonic(text: str) -> str:
    """Player text for a button, a group box title, a tab or a menu item: each `&` shows, none makes a shortcut."""
    return text.replace("&", "&&")


def plain_label(name: str, parent: QWidget, *, wrap: bool = False) -> QLabel:
    """A label for player text or ours: never rich text."""
    label = QLabel(parent)
    label.setObjectName(name)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(wrap)
    return label
