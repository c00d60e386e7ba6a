"""Pieces every tracker tab builds the same way: titled boxes and the message line."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from warband.gui.widgets.appearance import compact_rows, follow_font, restyle
from warband.gui.widgets.table_fit import TableFit
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
    follow_font(label, lambda: label.setMinimumHeight(label.fontMetrics().height() + 10))
    return label


def show_on_message_line(label: QLabel, text: str, *, refusal: bool) -> None:
    """Show a sentence (empty: clear it); the style sheet makes a refusal stand out by `kind`."""
    kind = ("refusal" if refusal else "note") if text else ""
    if label.property("kind") != kind:
        label.setProperty("kind", kind)
        restyle(label)
    label.setText(text)
    label.setAccessibleDescription(text)


def editable_table(
    parent: QWidget,
    name: str,
    accessible_name: str,
    model: QAbstractItemModel,
    widths: Mapping[int, str],
    pad: int,
    *,
    keep: int | None = None,
    free: int | None = None,
) -> QTableView:
    """A tracker's table: one row selected at a time, a cell edited by double-click, F2 or a second click.

    Its columns are as wide as their titles and cells (`TableFit`), each in `widths` at least as wide as its
    sample text plus `pad` pixels. With `keep`, the columns go a page at a time when the table is too narrow for
    them all, the first `keep` ones on every page: put `table_fit(table).container` (the table with its page
    buttons) in the layout instead of the table. `free` is a column of free text, which has the room left. The
    caller sets its column delegates.
    """
    table = QTableView(parent)
    table.setObjectName(name)
    table.setAccessibleName(accessible_name)
    table.setModel(model)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(
        QAbstractItemView.EditTrigger.DoubleClicked
        | QAbstractItemView.EditTrigger.SelectedClicked
        | QAbstractItemView.EditTrigger.EditKeyPressed
    )
    table.setWordWrap(False)
    table.verticalHeader().setVisible(False)
    compact_rows(table)
    table.horizontalHeader().setHighlightSections(False)
    TableFit(table, keep=keep, free=free, samples=widths, sample_pad=pad)
    return table
