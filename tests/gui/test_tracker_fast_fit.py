"""The tracker's quick ways of fitting its tables (issue 21) give what the slow ones give: the cells a table model
says in Python (`cell_looks`) are what `data()` says; `TrackerTableFit` finds the widths `TableFit` finds; the
log's rows are as high after a width met before as when measured anew, and its short columns as wide. Checked
after every action of a short battle, and after undoing them all."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtWidgets import QTableView

from tests.gui.conftest import army
from warband.gui.systems.confrontation.tracker_tab import TrackerTab
from warband.gui.widgets.log_fit import LogFit
from warband.gui.widgets.table_fit import TableFit, cell_option, cell_width
from warband.gui.widgets.tracker_fit import TrackerTableFit
from warband.model.systems.confrontation.battle_commands import (
    NextPhase,
    SetModelFlag,
    SetModelNumber,
    SetTacticalWinner,
    SetWounds,
)

SIDE_A = army(
    {"id": "p1", "profile": "iron-priestess", "label": "Anna", "miracles": ["priere"]},
    {"id": "p2", "profile": "iron-priestess", "label": "Berthe of the long name", "miracles": ["priere"]},
    {"id": "p3", "profile": "mid-nor-dark-priest", "label": "Claude", "miracles": ["messager-divin"]},
    {"id": "t1", "profile": "griffin-trooper", "label": "Trooper"},
)
SIDE_B = army(
    {"id": "w1", "profile": "wolfen-yllia-devotee", "label": "Devotee", "miracles": ["lueur-d-yllia"]},
    {"id": "z1", "profile": "acheron-zombie", "label": "Zombie"},
)
ACTIONS = [
    NextPhase(),
    NextPhase(),
    SetTacticalWinner(side=1),
    SetModelFlag(key="0:p1", field="engaged", value=True),
    SetModelNumber(key="0:p2", field="discipline_bonus", value=3),
    SetModelNumber(key="0:p2", field="faith", value=1),
    SetModelFlag(key="1:w1", field="divination_done", value=True),
    SetWounds(key="0:p3", wounds="serious"),
    SetModelFlag(key="0:p1", field="engaged", value=False),
    SetModelFlag(key="0:t1", field="removed", value=True),
    NextPhase(),
]


@pytest.fixture
def tab(shown_tracker):
    return shown_tracker(SIDE_A, SIDE_B)


def _tables(tab: TrackerTab) -> list[QTableView]:
    return [tab.models.table, tab.divination.order_table, tab.divination.barred_table]


def _looks_as_data(model: QAbstractItemModel) -> None:
    looks = getattr(model, "cell_looks", None)
    if looks is None:
        return
    for row in range(model.rowCount()):
        expected = [
            (
                model.index(row, c).data(Qt.ItemDataRole.DisplayRole),
                model.index(row, c).data(Qt.ItemDataRole.FontRole),
            )
            for c in range(model.columnCount())
        ]
        assert looks(row) == expected


def _fits_as_table_fit(table: QTableView) -> None:
    """The widths the tracker's fit found are those `TableFit` measures anew, through `data()` and the
    delegates, and it works out the same needs from them."""
    fit = table.findChild(TrackerTableFit, "tableFit", Qt.FindChildOption.FindDirectChildrenOnly)
    assert fit is not None
    widths, needs = [list(row) for row in fit._widths], fit.needs()
    fit._by_look.clear()
    TableFit._measure(fit, 0, table.model().rowCount() - 1)
    assert fit._widths == widths
    assert TableFit._work_out_needs(fit) == fit._work_out_needs() == needs


def _rows_as_measured(fit: LogFit, qtbot) -> None:
    """Each row of the log is, once fitted, as high as its text measured anew at the text column's width."""
    table = fit.table

    def measured_anew(row: int) -> int:
        fit._heights.clear()
        return fit.row_height_needed(row)

    def fitted() -> None:
        for row in range(table.model().rowCount()):
            assert table.rowHeight(row) == fit.row_height_needed(row) == measured_anew(row)

    qtbot.waitUntil(fitted, timeout=2000)


def _short_columns_as_measured(fit: LogFit) -> None:
    """The widths the log's fit knows of its short cells (by text and font) are those measured anew."""
    table, option = fit.table, cell_option(fit.table)
    for row in range(table.model().rowCount()):
        for column in fit._short_columns():
            index = table.model().index(row, column)
            assert fit._cell_width(index, option) == cell_width(table, index, option)


def _all_as_slow(tab: TrackerTab, qtbot) -> None:
    for table in _tables(tab):
        _looks_as_data(table.model())
        _fits_as_table_fit(table)
    _rows_as_measured(tab.log_panel.fit, qtbot)
    _short_columns_as_measured(tab.log_panel.fit)


def test_the_quick_fits_give_what_the_slow_ones_give(tab, qtbot):
    document = tab.document
    _all_as_slow(tab, qtbot)
    for action in ACTIONS:
        assert document.act(action)
        qtbot.wait(1)  # the log's rows fitted again when its width changed
        _all_as_slow(tab, qtbot)
    assert document.note("A tie to roll again, with words enough to take two lines of a narrow log " * 2)
    splitter = tab.columns
    sizes = splitter.sizes()
    log = tab.log_panel.table
    wide = log.rowHeight(log.model().rowCount() - 1)
    splitter.setSizes([sum(sizes) - 300, 300])  # the log narrower, then as it was
    qtbot.waitUntil(lambda: log.rowHeight(log.model().rowCount() - 1) > wide)  # the long line wraps further
    _rows_as_measured(tab.log_panel.fit, qtbot)
    splitter.setSizes(sizes)
    qtbot.wait(1)
    _rows_as_measured(tab.log_panel.fit, qtbot)
    while document.undo_label is not None:
        document.undo()
        qtbot.wait(1)
        _all_as_slow(tab, qtbot)
