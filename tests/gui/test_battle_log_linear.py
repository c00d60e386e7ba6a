"""The battle log's view is told only of what changed (issue 21): the rows an action adds, and the rows an undo or
redo marks, never by comparing every row. After any run of actions, undos, redos and notes its rows and marks are
those of a view built afresh on the same battle."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QModelIndex, Qt

from tests.gui.battles import battle_document, move
from tests.gui.screen import on_screen, repainted, settle
from warband.gui.systems.confrontation.tracker_log import LogTableModel
from warband.gui.systems.pfpv.tracker_log import PfpvLogTableModel
from warband.gui.systems.powerdice.tracker_log import PowerDiceLogTableModel
from warband.gui.systems.sbg.tracker_log import SbgLogTableModel
from warband.gui.widgets.battle_log import BattleLogModel, BattleLogPanel

LOGS: dict[str, type[BattleLogModel]] = {
    "confrontation": LogTableModel,
    "sbg": SbgLogTableModel,
    "pfpv": PfpvLogTableModel,
    "powerdice": PowerDiceLogTableModel,
}
ROLES = (
    Qt.ItemDataRole.DisplayRole,
    Qt.ItemDataRole.ToolTipRole,
    Qt.ItemDataRole.TextAlignmentRole,
    Qt.ItemDataRole.BackgroundRole,
)
MOVES = st.lists(
    st.tuples(st.sampled_from(["act", "act", "act", "undo", "undo", "redo", "note"]), st.integers(0, 60)),
    min_size=1,
    max_size=25,
)


def _shown(model: BattleLogModel) -> list[tuple[Any, ...]]:
    """Every cell as the view shows it: its roles, struck out or not, muted or not."""
    rows = []
    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            index = model.index(row, column)
            font = index.data(Qt.ItemDataRole.FontRole)
            foreground = index.data(Qt.ItemDataRole.ForegroundRole)
            rows.append(
                (
                    model.entry(row),
                    *(index.data(role) for role in ROLES),
                    font is not None and font.strikeOut(),
                    None if foreground is None else foreground.color().name(),
                )
            )
    return rows


class Changes:
    """What the model told its views since the last `take()`."""

    def __init__(self, model: BattleLogModel) -> None:
        self.inserted: list[tuple[int, int]] = []
        self.changed: set[int] = set()
        self.resets = 0
        model.rowsInserted.connect(lambda _parent, first, last: self.inserted.append((first, last)))
        model.dataChanged.connect(self._on_data_changed)
        model.modelReset.connect(self._on_reset)

    def _on_data_changed(self, top_left: QModelIndex, bottom_right: QModelIndex, *_roles: object) -> None:
        self.changed.update(range(top_left.row(), bottom_right.row() + 1))

    def _on_reset(self) -> None:
        self.resets += 1

    def take(self) -> tuple[list[tuple[int, int]], set[int], int]:
        told = (self.inserted, self.changed, self.resets)
        self.inserted, self.changed, self.resets = [], set(), 0
        return told


@pytest.mark.parametrize("system_id", sorted(LOGS))
@settings(max_examples=8, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(moves=MOVES, seed=st.integers(0, 2**16))
def test_the_log_view_after_any_actions_is_the_one_built_afresh(
    qtbot: Any, qtmodeltester: Any, system_id: str, moves: list[tuple[str, int]], seed: int
) -> None:
    document = battle_document(system_id, seed)
    model = LOGS[system_id](document)
    panel = BattleLogPanel(model)  # the real table with its fit, shown
    qtbot.addWidget(panel)
    panel.resize(700, 300)
    panel.show()
    qtmodeltester.check(model)  # and it watches every change that follows
    told = Changes(model)
    try:
        for kind, n in moves:
            before = [entry.undone for entry in document.run.log]
            move(document, kind, n)
            after = [entry.undone for entry in document.run.log]
            inserted, changed, resets = told.take()
            assert resets == 0
            assert inserted == ([(len(before), len(after) - 1)] if len(after) > len(before) else [])
            assert changed == {row for row, undone in enumerate(before) if undone != after[row]}
            fresh = LOGS[system_id](document)
            assert _shown(model) == _shown(fresh)
            fresh.deleteLater()
        qtmodeltester.check(model)
        assert model.rowCount() == len(document.run.log)
        assert panel.table.model() is model
    finally:
        document.close()


def test_rows_marked_while_the_view_was_not_told_are_shown_at_the_next_change(qtbot: Any) -> None:
    """The run undone outside the document (a script): the next change tells the view of every row marked."""
    document = battle_document("confrontation", 3)
    model = LogTableModel(document)
    qtbot.addWidget(BattleLogPanel(model))
    told = Changes(model)
    try:
        for action in [a for a in document.actions() if a.allowed and a.command is not None][:2]:
            document.take(action)
        told.take()
        document.run.undo()
        document.run.undo()
        document.note("a note", dice=(2, 2))
        inserted, changed, resets = told.take()
        assert (inserted, resets) == ([(len(document.run.log) - 1, len(document.run.log) - 1)], 0)
        assert changed == {row for row, entry in enumerate(document.run.log[:-1]) if entry.undone}
        assert _shown(model) == _shown(LogTableModel(document))
    finally:
        document.close()


def test_a_line_added_to_a_long_log_repaints_that_line_alone_and_the_screen_is_as_repainted(qtbot: Any) -> None:
    """The log scrolled to its end: a new line scrolls the ones above up (their pixels moved, not painted again,
    `TailPaintingTableView`), and the screen is what painting the whole window again shows."""
    document = battle_document("confrontation", 5)
    model = LogTableModel(document)
    panel = BattleLogPanel(model)
    qtbot.addWidget(panel)
    panel.resize(600, 260)
    try:
        for n in range(40):
            document.note(f"before {n}", dice=(n % 6 + 1,))
        with qtbot.waitExposed(panel):
            panel.show()
        settle()
        painted: list[int] = []
        real = model.data
        model.data = lambda index, role=Qt.ItemDataRole.DisplayRole: (  # type: ignore[method-assign]
            painted.append(index.row()) or real(index, role)
        )
        for n in range(6):
            painted.clear()
            first = len(document.run.log)
            document.note(f"a tie {n}: roll again" + " and again" * (n % 3), dice=(n + 1, 2))
            settle()
            scroll = panel.table.verticalScrollBar()
            assert scroll.value() == scroll.maximum() > 0  # still at the end
            assert painted and min(painted) >= first - 1, (first, sorted(set(painted)))  # the line above: its edge
            assert on_screen(panel) == repainted(panel)
    finally:
        document.close()
