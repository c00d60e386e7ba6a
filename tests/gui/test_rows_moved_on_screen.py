"""A table that moves its rows on screen when rows above them come or go (`TailPaintingTableView(moves_rows=True)`,
issue 21: the Divination order, whose first Faithful leaves it): what is on screen is what painting the whole
window again shows, and only the rows uncovered, inserted or told changed are painted."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt
from PySide6.QtGui import QColor

from tests.gui.screen import on_screen, repainted, settle
from warband.gui.widgets.tail_view import TailPaintingTableView


class Ranked(QAbstractTableModel):
    """Rows with a place, as the Divination order shows them: the first cell says the row's number, so a row
    that moves has that cell told changed; one row at a time is the current one (bold, tinted)."""

    def __init__(self, names: list[str]) -> None:
        super().__init__()
        self.names = names
        self.current = 0

    def rowCount(self, parent=QModelIndex()):  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.names)

    def columnCount(self, parent=QModelIndex()):  # noqa: B008, N802
        return 0 if parent.isValid() else 3

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return str(row + 1) if column == 0 else f"{self.names[row]} {column}"
        if role == Qt.ItemDataRole.BackgroundRole and row == self.current:
            return QColor("#fff2b3")
        return None

    def _places_from(self, row: int) -> None:
        if row < len(self.names):
            self.dataChanged.emit(self.index(row, 0), self.index(len(self.names) - 1, 0))

    def _current(self, row: int) -> None:
        old, self.current = self.current, row
        for each in {old, row}:
            if 0 <= each < len(self.names):
                self.dataChanged.emit(self.index(each, 0), self.index(each, 2))

    def _whole(self, *rows: int) -> None:
        for row in rows:
            if 0 <= row < len(self.names):
                self.dataChanged.emit(self.index(row, 0), self.index(row, 2))

    def insert(self, row: int, name: str) -> None:
        self.beginInsertRows(QModelIndex(), row, row)
        self.names.insert(row, name)
        self.endInsertRows()
        self._places_from(row + 1)
        if row <= self.current:  # the current row is another's now, and the one that was moved down a row
            self._whole(self.current, self.current + 1)

    def remove(self, row: int) -> None:
        self.beginRemoveRows(QModelIndex(), row, row)
        del self.names[row]
        self.endRemoveRows()
        self._places_from(row)
        if row <= self.current:  # and the one that was, moved up a row (unless it went)
            self._whole(self.current - 1, self.current)


def _view(qtbot, rows: int, *, alternate: bool = False) -> tuple[TailPaintingTableView, Ranked, list[int]]:
    model = Ranked([f"Faithful {i}" for i in range(rows)])
    view = TailPaintingTableView(moves_rows=True)
    qtbot.addWidget(view)
    view.setModel(model)
    view.setAlternatingRowColors(alternate)
    view.verticalHeader().setVisible(False)
    view.resize(320, 240)
    with qtbot.waitExposed(view):
        view.show()
    settle()
    painted: list[int] = []
    real = model.data
    model.data = lambda index, role=Qt.ItemDataRole.DisplayRole: (
        (  # type: ignore[method-assign]
            painted.append(index.row()) if role == Qt.ItemDataRole.DisplayRole and index.column() else None
        )
        or real(index, role)
    )
    return view, model, painted


def test_rows_coming_and_going_move_those_below_and_the_screen_is_as_repainted(qtbot, no_blinking):
    view, model, painted = _view(qtbot, 16)
    rng = random.Random(21)
    in_view = view.viewport().height() // view.rowHeight(0) + 1
    for step in range(40):
        painted.clear()
        was = model.current
        if len(model.names) > 12 and rng.random() < 0.5:  # more rows than in view: the scroll bar stays
            row = rng.randrange(min(len(model.names), in_view))
            model.remove(row)
            if rng.random() < 0.5:
                model._current(rng.randrange(len(model.names)) if model.names else 0)
        else:
            row = rng.randrange(min(len(model.names), in_view) + 1)
            model.insert(row, f"new {step}")
        settle()
        # beside the first cells (places) and the rows the highlight left and took, only the row inserted or
        # those uncovered at the bottom
        told = {row, model.current, was - 1, was, was + 1}
        assert len(set(painted) - told) <= 2, (step, row, sorted(set(painted)))
        assert on_screen(view) == repainted(view), step


@pytest.mark.parametrize("case", ["scrolled down", "alternating colours"])
def test_where_moving_would_show_something_else_the_rows_are_painted_again(qtbot, no_blinking, case):
    view, model, painted = _view(qtbot, 40, alternate=case == "alternating colours")
    if case == "scrolled down":
        view.verticalScrollBar().setValue(view.verticalScrollBar().maximum())
        settle()
    rng = random.Random(5)
    for step in range(12):
        painted.clear()
        if rng.random() < 0.5:
            model.remove(rng.randrange(len(model.names)))
        else:
            model.insert(rng.randrange(len(model.names) + 1), f"new {step}")
        settle()
        assert on_screen(view) == repainted(view), step


@pytest.mark.parametrize("moves", [False, True])
def test_cells_told_changed_above_rows_that_came_or_went_are_painted(qtbot, no_blinking, moves):
    """Qt paints nothing for cells told changed while its layout is pending, counting on that layout to repaint
    every row: the view that repaints only from the first row changed down paints them itself."""
    view, model, _painted = _view(qtbot, 16)
    view.moves_rows = moves
    for row, current in [(5, 2), (7, 1), (3, 0), (9, 4)]:
        model.remove(row)
        model._current(current)  # a row above: the highlight moves to it
        model.insert(row + 1, f"back {row}")
        settle()
        assert on_screen(view) == repainted(view), (row, current)
