"""Small parts the systems' unit panels share: their tables and labels, warnings, reasons and tooltips."""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QAbstractItemView, QLabel, QTableView, QWidget

from warband.gui.widgets.appearance import compact_rows
from warband.model.army import Choice, Problem
from warband.model.names import display_name

WARNING_MARK = "⚠"


def choice_name(choice: Choice) -> str:
    """A choice's name in the language spoken: the model names it in English, for its messages and files."""
    name = getattr(choice.entry, "name", None)
    return display_name(name) if isinstance(name, str | dict) else choice.name


def tooltip_html(text: str) -> str:
    """A tooltip that shows `text` literally: Qt guesses rich text for tooltips, so escape it and say so."""
    return "<qt>" + html.escape(text).replace("\n", "<br>") + "</qt>"


def describe_reasons(reasons: Sequence[Problem], separator: str = "; ") -> str:
    """'PD-01: … shares none of these traits' — the rule IDs with their sentences."""
    return separator.join(f"{p.rule}: {p.sentence.rstrip('.')}" for p in reasons)


def warning_colour() -> QColor:
    """An orange that reads on light and dark palettes alike."""
    dark = QGuiApplication.palette().color(QPalette.ColorRole.Base).lightness() < 128
    return QColor(255, 176, 64) if dark else QColor(176, 84, 0)


def disabled_text_colour() -> QColor:
    """Greyed text: an entry the unit may not take."""
    return QGuiApplication.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)


def plain_label(parent: QWidget, name: str) -> QLabel:
    """A wrapping label for the player's own text (unit labels): never read as rich text."""
    label = QLabel(parent)
    label.setObjectName(name)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    return label


def entry_table(
    parent: QWidget, name: str, accessible: str, view_class: type[QTableView] = QTableView
) -> QTableView:
    """A read-only table of entries: whole rows, one at a time, Tab leaves it."""
    view = view_class(parent)
    view.setObjectName(name)
    view.setAccessibleName(accessible)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setTabKeyNavigation(False)  # Tab moves on to the next control, as a keyboard player expects
    view.setAlternatingRowColors(True)
    view.setWordWrap(False)
    view.verticalHeader().hide()
    compact_rows(view)
    view.horizontalHeader().setHighlightSections(False)
    return view
