"""The tracker's tables follow a change row by row (issue 21): `follow_rows` removes, inserts and reorders rows as
Qt asks, keeping the selection on its rows; the Divination order and the Faithful barred, after any run of
actions, undos and redos, show what tables built afresh show, without a reset, and their fits find the widths
`TableFit` measures anew."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt

from tests.gui.conftest import army
from tests.gui.screen import on_screen, repainted, settle
from warband.gui.battle_document import BattleDocument
from warband.gui.systems.confrontation.tracker_barred_model import BarredTableModel
from warband.gui.systems.confrontation.tracker_divination_models import (
    KEY_ROLE,
    DivinationOrderTableModel,
)
from warband.gui.widgets.table_fit import TableFit
from warband.gui.widgets.tracker_fit import TrackerTableFit
from warband.gui.widgets.tracker_rows import follow_rows, runs, unchanged_ends
from warband.model.session import RefusedError
from warband.model.systems.confrontation.battle_commands import (
    NextPhase,
    SetModelFlag,
    SetModelNumber,
    SetTieOrder,
    SetWounds,
)
from warband.model.systems.confrontation.battle_state import WOUND_LEVELS


class Rows(QAbstractListModel):
    """A list of (key, text) rows, for `follow_rows` alone."""

    def __init__(self, rows: list[tuple[str, str]]) -> None:
        super().__init__()
        self.rows = rows

    def rowCount(self, parent: Any = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.rows)

    def data(self, index: Any, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or role != Qt.ItemDataRole.DisplayRole:
            return None
        return self.rows[index.row()][1]

    def follow(self, new: list[tuple[str, str]]) -> bool:
        return follow_rows(self, self.rows, new, lambda row: row[0])


def test_unchanged_ends() -> None:
    assert unchanged_ends([], []) == (0, 0)
    assert unchanged_ends(list("abcd"), list("abXcd")) == (2, 2)  # one inserted
    assert unchanged_ends(list("abcd"), list("ad")) == (1, 1)  # two removed
    assert unchanged_ends(list("aab"), list("aaab")) == (2, 1)  # the head first, then the tail after it
    assert unchanged_ends(list("abc"), list("xyz")) == (0, 0)


def test_runs() -> None:
    assert runs([]) == []
    assert runs([3, 4, 9]) == [(3, 4), (9, 9)]
    assert runs([0, 1, 2]) == [(0, 2)]


KEYS = st.lists(st.sampled_from("abcdefghij"), unique=True, max_size=10)


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(old=KEYS, new=KEYS)
def test_follow_rows_gives_the_new_rows_and_the_indexes_follow_their_rows(
    qtmodeltester: Any, old: list[str], new: list[str]
) -> None:
    model = Rows([(key, f"old {key}") for key in old])
    qtmodeltester.check(model)  # and it watches every signal that follows
    kept = {key: QPersistentModelIndex(model.index(row, 0)) for row, key in enumerate(old)}
    resets: list[None] = []
    model.modelReset.connect(lambda: resets.append(None))
    changed = model.follow([(key, f"new {key}") for key in new])
    assert [key for key, _text in model.rows] == new
    assert changed == ([k for k in old if k in new] != [k for k in new if k in old] or set(old) != set(new))
    assert not resets
    for key, index in kept.items():  # a selection on a row stays on it, wherever it went; a row gone is gone
        assert (index.row() if index.isValid() else -1) == (new.index(key) if key in new else -1)
    # a row kept keeps its old value until its model says what changed in it; a row inserted is new
    assert all(text == (f"old {key}" if key in old else f"new {key}") for key, text in model.rows)
    qtmodeltester.check(model)


# --- the Divination order and the Faithful barred ---------------------------------------------------------------
SIDE_A = army(
    {"id": "p1", "profile": "iron-priestess", "label": "Anna", "miracles": ["priere"]},
    {"id": "p2", "profile": "iron-priestess", "label": "Berthe of the long name", "miracles": ["priere"]},
    {"id": "p3", "profile": "mid-nor-dark-priest", "label": "Claude", "miracles": ["messager-divin"]},
    {"id": "p4", "profile": "templar-warrior-monk", "label": "Denis", "miracles": ["priere"]},
    {"id": "p5", "profile": "iron-priestess", "label": "Eve", "miracles": ["priere"]},
    {"id": "t1", "profile": "griffin-trooper", "label": "Trooper"},
)
SIDE_B = army(
    {"id": "w1", "profile": "wolfen-yllia-devotee", "label": "Devotee", "miracles": ["lueur-d-yllia"]},
    {"id": "w2", "profile": "wolfen-yllia-devotee", "label": "Second devotee", "miracles": ["lueur-d-yllia"]},
    {"id": "z1", "profile": "acheron-zombie", "label": "Zombie"},
)
TIED = ["p5", "p2", "p1"]  # the Iron Priestesses of side 0, tied at Discipline 4 (CF-14)
FAITHFUL = ["0:p1", "0:p2", "0:p3", "0:p4", "0:p5", "1:w1", "1:w2"]
MOVES = st.lists(
    st.tuples(
        st.sampled_from(
            ["engaged", "engaged", "done", "wounds", "faith", "bonus", "ties", "next", "undo", "redo"]
        ),
        st.sampled_from(FAITHFUL),
        st.integers(0, 5),
    ),
    min_size=1,
    max_size=20,
)


def _move(document: BattleDocument[Any], kind: str, key: str, n: int) -> None:
    commands: dict[str, Any] = {
        "engaged": lambda: SetModelFlag(key=key, field="engaged", value=n % 2 == 0),
        "done": lambda: SetModelFlag(key=key, field="divination_done", value=n % 3 != 0),
        "wounds": lambda: SetWounds(key=key, wounds=WOUND_LEVELS[n % len(WOUND_LEVELS)]),
        "faith": lambda: SetModelNumber(key=key, field="faith", value=n),
        "bonus": lambda: SetModelNumber(key=key, field="discipline_bonus", value=n - 2),
        "ties": lambda: SetTieOrder(side=0, order=tuple(TIED[n % 3 :] + TIED[: n % 3])),
        "next": NextPhase,
    }
    if kind == "undo":
        document.undo()
    elif kind == "redo":
        document.redo()
    else:
        with contextlib.suppress(RefusedError, ValueError):
            document.act(commands[kind]())


def _cells(model: Any) -> list[list[object]]:
    """Every cell as a view shows it: text, tooltip, bold or not, muted or not, tinted or not, its flags."""
    rows = []
    for row in range(model.rowCount()):
        cells: list[object] = []
        for column in range(model.columnCount()):
            index = model.index(row, column)
            font = index.data(Qt.ItemDataRole.FontRole)
            brushes = [
                index.data(role) for role in (Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.BackgroundRole)
            ]
            cells.append(
                (
                    index.data(Qt.ItemDataRole.DisplayRole),
                    index.data(Qt.ItemDataRole.ToolTipRole),
                    index.data(KEY_ROLE),
                    font is not None and font.bold(),
                    *(None if brush is None else brush.color().name() for brush in brushes),
                    model.flags(index),
                )
            )
        rows.append(cells)
    return rows


class Told:
    """The cells a model told its views of since the last `take()`: those `dataChanged` covered and the rows
    inserted (all of them after a layout change), as they are numbered once the change is done."""

    def __init__(self, model: Any) -> None:
        self.model = model
        self.cells: set[tuple[int, int]] = set()
        self.everything = False
        model.dataChanged.connect(self._on_data_changed)
        model.rowsInserted.connect(self._on_rows_inserted)
        model.layoutChanged.connect(self._on_layout_changed)

    def _on_data_changed(self, top_left: QModelIndex, bottom_right: QModelIndex, *_roles: object) -> None:
        for row in range(top_left.row(), bottom_right.row() + 1):
            self.cells.update((row, column) for column in range(top_left.column(), bottom_right.column() + 1))

    def _on_rows_inserted(self, _parent: QModelIndex, first: int, last: int) -> None:
        for row in range(first, last + 1):
            self.cells.update((row, column) for column in range(self.model.columnCount()))

    def _on_layout_changed(self) -> None:
        self.everything = True

    def check(self, before: dict[object, list[object]], after: list[list[object]], keys: list[object]) -> None:
        """Every cell that shows something new was told of, by the row it is on now."""
        if not self.everything:
            for row, (key, cells) in enumerate(zip(keys, after, strict=True)):
                old = before.get(key)
                for column, cell in enumerate(cells):
                    if old is None or old[column] != cell:
                        assert (row, column) in self.cells, (key, column, old and old[column], cell)
        self.cells.clear()
        self.everything = False


def _keyed(model: Any) -> tuple[dict[object, list[object]], list[object]]:
    cells = _cells(model)
    keys = [model.index(row, 0).data(KEY_ROLE) for row in range(model.rowCount())]
    if isinstance(model, BarredTableModel):  # a Faithful has a row per reason
        keys = [(key, keys[:row].count(key)) for row, key in enumerate(keys)]
    return dict(zip(keys, cells, strict=True)), keys


def _fits_as_table_fit(fit: TrackerTableFit) -> None:
    widths, needs = [list(row) for row in fit._widths], fit.needs()
    fit._by_look.clear()
    TableFit._measure(fit, 0, fit.table.model().rowCount() - 1)
    assert fit._widths == widths
    assert TableFit._work_out_needs(fit) == needs
    assert fit.title_width(0) == fit.table.horizontalHeader().sectionSizeFromContents(0).width()


@pytest.fixture
def tracker(shown_tracker: Any) -> Any:
    return shown_tracker(SIDE_A, SIDE_B)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(moves=MOVES)
def test_the_order_and_the_barred_after_any_actions_are_those_built_afresh(
    tracker: Any, qtmodeltester: Any, moves: list[tuple[str, str, int]]
) -> None:
    document = tracker.document
    while document.undo_label is not None:  # each example from the start of the battle
        document.undo()
    panel = tracker.divination
    order, barred = panel.order_model, panel.barred_model
    resets: list[None] = []
    order.modelReset.connect(lambda: resets.append(None))
    barred.modelReset.connect(lambda: resets.append(None))
    for model in (order, barred):
        qtmodeltester.check(model)
    told = {model: Told(model) for model in (order, barred)}
    for kind, key, n in moves:
        selected = panel.chosen_key() if panel.selected_row() != -1 else None
        before = {model: _keyed(model)[0] for model in (order, barred)}
        _move(document, kind, key, n)
        assert _cells(order) == _cells(DivinationOrderTableModel(document))
        assert _cells(barred) == _cells(BarredTableModel(document))
        for model, spy in told.items():
            spy.check(before[model], _cells(model), _keyed(model)[1])
        if selected is not None and order.row_of(selected) != -1:  # the selection stays on its Faithful
            assert panel.chosen_key() == selected
        _fits_as_table_fit(panel.order_fit)
        _fits_as_table_fit(panel.barred_fit)
        if order.rowCount():
            panel.select_key(order.slot(n % order.rowCount()).key)
    assert not resets
    for model in (order, barred):
        qtmodeltester.check(model)


def test_the_tracker_on_screen_after_any_actions_is_the_tracker_painted_again(tracker: Any) -> None:
    """The order's and the barred tables move their rows on screen as Faithful leave or join them
    (`TailPaintingTableView(moves_rows=True)`): after each action the window shows what painting it all again
    shows."""
    document = tracker.document
    panel = tracker.divination
    for _ in range(2):
        document.act(NextPhase())  # to the Divination phase
    settle()
    rng = random.Random(11)
    kinds = ["engaged", "engaged", "done", "wounds", "faith", "bonus", "ties", "next", "undo", "redo"]
    for step in range(30):
        kind = rng.choice(kinds)
        _move(document, kind, rng.choice(FAITHFUL), rng.randrange(6))
        if panel.order_model.rowCount() and rng.random() < 0.3:
            panel.select_key(panel.order_model.slot(rng.randrange(panel.order_model.rowCount())).key)
        settle()
        assert on_screen(tracker) == repainted(tracker), (step, kind)
