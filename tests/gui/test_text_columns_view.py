"""TextColumnsView measures a column as Qt does (`QTableView.sizeHintForColumn`, the oracle), from its widest
texts only: for any texts, fonts, alignments and grids, up to the 1,000 rows Qt measures."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QTableView

from warband.gui.widgets.text_columns_view import TextColumnsView

WORDS = ("Prêtresse", "Грифон", "Iron", "mmmm", "iiii", "Wolfen", "Kelt", "—", "Ædan", "Ω", "W", "l", "", "12")


def text(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 6)))


def table_of(rng: random.Random, rows: int, columns: int) -> QStandardItemModel:
    model = QStandardItemModel(rows, columns)
    for row in range(rows):
        for column in range(columns):
            if column == columns - 1:  # a numeric column, right-aligned as the catalog's costs
                item = QStandardItem(str(rng.randint(0, 10 ** rng.randint(1, 5))))
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            else:
                item = QStandardItem(text(rng))
            model.setItem(row, column, item)
    return model


@pytest.mark.parametrize("seed", range(12))
def test_a_column_is_as_wide_as_qt_measures_it(qtbot, seed):
    rng = random.Random(seed)
    view = TextColumnsView()
    qtbot.addWidget(view)
    view.setModel(table_of(rng, rng.choice([0, 1, 2, 7, 60, 400, 1000]), 4))
    view.setShowGrid(rng.random() < 0.5)
    view.setWordWrap(rng.random() < 0.5)
    font = QFont(view.font())
    font.setPointSize(rng.choice([8, 10, 13, 24]))
    font.setBold(rng.random() < 0.3)
    view.setFont(font)
    if rng.random() < 0.5:
        view.show()
        qtbot.waitExposed(view)
    model = view.model()
    for row in range(model.rowCount()):
        if rng.random() < 0.05:
            view.setRowHidden(row, True)
    for column in range(model.columnCount()):
        assert view.sizeHintForColumn(column) == QTableView.sizeHintForColumn(view, column), (seed, column)


def test_every_row_is_measured_beyond_the_thousand_qt_measures(qtbot):
    """A long name far down a large catalog still counts (Qt stops at 1,000 rows near the top of the view)."""
    rows = 1500
    model = QStandardItemModel(rows, 1)
    for row in range(rows):
        model.setItem(row, 0, QStandardItem("short"))
    view = TextColumnsView()
    qtbot.addWidget(view)
    view.setModel(model)
    short = view.sizeHintForColumn(0)
    model.setItem(rows - 1, 0, QStandardItem("a much, much longer name at the very end"))
    assert QTableView.sizeHintForColumn(view, 0) == short  # Qt does not see it
    assert view.sizeHintForColumn(0) > short
