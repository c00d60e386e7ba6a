"""The builder's fast paths (issue 21) against the slow ones: after any edits, the held lists, the roster's and the
problems' column widths are what a view built afresh shows; the table that repaints only the rows below a change
and the label box that lays out nothing for a text of the same size leave on screen what a full repaint shows."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QAbstractTableModel, QEvent, QModelIndex, QObject, QPoint, QRect, Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from tests.gui.screen import on_screen, repainted, settle
from warband.gui.army_document import ArmyDocument
from warband.gui.builder.problems_panel import ProblemsPanel, ProblemsTableModel
from warband.gui.builder.roster_panel import RosterPanel
from warband.gui.builder.roster_table_model import RosterTableModel
from warband.gui.builder.steady_label import SteadyLabel
from warband.gui.systems.confrontation.held_table_model import HeldTableModel
from warband.gui.widgets.tail_view import TailPaintingTableView
from warband.model.edits import AddEntry, MoveUnit, RemoveEntry, SetArmyField, SetUnitField
from warband.model.systems.confrontation.schema import ConfrontationArmy

MIRACLES = ["messager-divin", "renfort", "priere", "abnegation", "ghost", "bouclier-de-merin"]


@pytest.fixture
def document(catalogs):
    units = [
        {"id": "u1", "profile": "iron-priestess", "miracles": ["renfort"]},
        {"id": "u2", "profile": "griffin-trooper", "label": "Gawen"},
        {"id": "u3", "profile": "iron-priestess", "label": "North gate", "miracles": ["priere", "ghost"]},
        {"id": "u4", "profile": "ghost-profile"},
    ]
    army = ConfrontationArmy.model_validate({"system": "confrontation", "points_limit": 80, "units": units})
    document = ArmyDocument(army, catalogs)
    document.select("u1")
    yield document
    document.deleteLater()


def random_edit(rng: random.Random, document: ArmyDocument) -> None:
    """One edit a player could make: take or give back a miracle, select, rename, move, change the limit, undo."""
    ids = [u.id for u in document.army.units]
    unit_id = document.selected or ids[0]
    step = rng.randrange(9)
    if step <= 1:
        document.execute(AddEntry(unit_id, "miracles", rng.choice(MIRACLES)))
    elif step == 2:
        held = getattr(document.army.unit(unit_id), "miracles", ())
        if held:
            document.execute(RemoveEntry(unit_id, "miracles", rng.randrange(len(held))))
    elif step == 3:
        document.select(rng.choice([*ids, None]))
    elif step == 4:
        document.execute(SetUnitField(rng.choice(ids), "label", rng.choice(["", "Boss", "A much longer label"])))
    elif step == 5:
        document.execute(MoveUnit(rng.choice(ids), rng.randrange(len(ids))))
    elif step == 6:
        document.execute(SetArmyField("points_limit", rng.choice([None, 40, 80, 400])))
    elif step == 7:
        document.undo()
    else:
        document.redo()


def held_rows(model: HeldTableModel) -> list[tuple[object, ...]]:
    return [
        (model.entry(row), model.problems(row), *(model.index(row, c).data() for c in range(3)))
        for row in range(model.rowCount())
    ]


@pytest.mark.parametrize("seed", range(4))
def test_the_held_lists_follow_edits_as_lists_built_afresh(qtmodeltester, document, seed):
    rng = random.Random(seed)
    kept = HeldTableModel(document, "miracles")
    qtmodeltester.check(kept, force_py=True)  # and it keeps watching the inserts and removals below
    for _ in range(40):
        random_edit(rng, document)
        fresh = HeldTableModel(document, "miracles")
        assert (kept.unit_id, held_rows(kept)) == (fresh.unit_id, held_rows(fresh))
        fresh.deleteLater()


def test_an_entry_taken_is_one_row_inserted_and_keeps_the_selection(qtbot, document):
    model = HeldTableModel(document, "miracles")
    document.execute(AddEntry("u1", "miracles", "priere"))
    resets: list[int] = []
    inserted: list[tuple[int, int]] = []
    model.modelReset.connect(lambda: resets.append(1))
    model.rowsInserted.connect(lambda _parent, first, last: inserted.append((first, last)))
    document.execute(AddEntry("u1", "miracles", "messager-divin"))
    assert (resets, inserted) == ([], [(2, 2)])
    document.select("u3")  # another unit: its own list, afresh
    assert resets == [1]


def test_the_roster_repaints_only_the_cells_an_edit_changed(qtbot, document):
    model = RosterTableModel(document)
    cells: list[tuple[int, int, int]] = []
    model.dataChanged.connect(lambda tl, br, *_: cells.append((tl.row(), tl.column(), br.column())))
    cost = model.column_of(RosterTableModel.COST)
    document.execute(AddEntry("u1", "miracles", "priere"))  # nothing in its row but the cost
    assert cells == [(0, cost, cost)]
    cells.clear()
    document.execute(SetUnitField("u1", "label", "Mother Agnes"))
    assert cells == [(0, 0, 0)]
    cells.clear()
    document.execute(SetUnitField("u2", "notes", "Flies"))
    notes = model.column_of(RosterTableModel.NOTES)
    assert cells == [(1, notes, notes)]


@pytest.mark.parametrize("seed", range(3))
def test_the_roster_and_problems_columns_fit_as_panels_built_afresh(qtbot, document, seed):
    rng = random.Random(seed)
    roster, problems = RosterPanel(document), ProblemsPanel(document)
    for widget in (roster, problems):
        qtbot.addWidget(widget)
    header = problems.table.horizontalHeader()
    for _ in range(30):
        random_edit(rng, document)
        fresh_roster, fresh_problems = RosterPanel(document), ProblemsPanel(document)
        assert roster.column_needs() == fresh_roster.column_needs()
        assert roster.wanted_width() == fresh_roster.wanted_width()
        fresh_header = fresh_problems.table.horizontalHeader()
        for column in (ProblemsTableModel.RULE, ProblemsTableModel.UNIT):
            assert header.sectionSize(column) == fresh_header.sectionSize(column)
        for widget in (fresh_roster, fresh_problems):
            widget.deleteLater()


# --- what is on screen: tests/gui/screen.py ------------------------------------------------------------------
class Rows(QAbstractTableModel):
    """Rows of text that a test inserts and removes."""

    def __init__(self, rows: list[str]) -> None:
        super().__init__()
        self.rows = rows

    def rowCount(self, parent=QModelIndex()):  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()):  # noqa: B008, N802
        return 0 if parent.isValid() else 2

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole and index.isValid():
            return f"{self.rows[index.row()]} {index.column()}"
        return None

    def insert(self, row: int, text: str) -> None:
        self.beginInsertRows(QModelIndex(), row, row)
        self.rows.insert(row, text)
        self.endInsertRows()

    def remove(self, row: int) -> None:
        self.beginRemoveRows(QModelIndex(), row, row)
        del self.rows[row]
        self.endRemoveRows()


def test_the_tail_painting_view_repaints_from_the_first_row_changed_down(qtbot, no_blinking):
    model = Rows([f"row {i}" for i in range(6)])
    view = TailPaintingTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    view.setAlternatingRowColors(True)
    view.resize(300, 260)
    with qtbot.waitExposed(view):
        view.show()
    painted: list[int] = []
    real = model.data
    model.data = lambda index, role=Qt.ItemDataRole.DisplayRole: (  # type: ignore[method-assign]
        painted.append(index.row()) or real(index, role)
    )
    rng = random.Random(4)
    for _ in range(20):
        painted.clear()
        if model.rows and rng.random() < 0.4:
            row = rng.randrange(len(model.rows))
            model.remove(row)
        else:
            row = rng.randrange(len(model.rows) + 1)
            model.insert(row, f"new {rng.randrange(100)}")
        settle()
        assert all(r >= row for r in painted), (row, sorted(set(painted)))
        assert on_screen(view) == repainted(view)


class LayoutRequests(QObject):
    def __init__(self, watched: QWidget) -> None:
        super().__init__()
        self.count = 0
        watched.installEventFilter(self)

    def eventFilter(self, watched, event):  # noqa: N802
        if event.type() == QEvent.Type.LayoutRequest:
            self.count += 1
        return False


def test_a_steady_label_lays_out_again_only_for_a_text_that_needs_another_size(qtbot, no_blinking):
    panel = QWidget()
    qtbot.addWidget(panel)
    label = QLabel("Total: 120 / 400 A.P.")
    label.setWordWrap(True)
    box = SteadyLabel(label)
    layout = QVBoxLayout(panel)
    layout.addWidget(box)
    layout.addWidget(QLabel("below"))
    layout.addStretch(1)  # the box as high as its text wants
    panel.resize(260, 200)
    with qtbot.waitExposed(panel):
        panel.show()
    settle()
    requests = LayoutRequests(panel)
    label.setText("Total: 125 / 400 A.P.")
    settle()
    assert requests.count == 0 and label.text() == "Total: 125 / 400 A.P."
    assert on_screen(panel) == repainted(panel)
    one_line = box.height()
    label.setText("Total: 125 / 400 A.P., and a text long enough to need a second line or more")
    settle()
    assert requests.count >= 1 and box.height() > one_line
    assert box.height() == label.heightForWidth(box.width()) and label.geometry() == box.rect()
    assert on_screen(panel) == repainted(panel)
    box.hide()
    label.setText("Short")
    box.show()
    settle()
    assert box.height() == one_line


def test_the_builder_on_screen_is_what_a_full_repaint_shows_after_any_edits(qtbot, window, catalogs, no_blinking):
    units = [
        {"id": f"u{i}", "profile": profile, "miracles": miracles}
        for i, (profile, miracles) in enumerate(
            [("iron-priestess", ["renfort"]), ("griffin-trooper", []), ("iron-priestess", ["priere"])] * 8
        )
    ]
    army = ConfrontationArmy.model_validate({"system": "confrontation", "points_limit": 300, "units": units})
    window._set_document(ArmyDocument(army, catalogs))
    window.resize(1280, 800)
    with qtbot.waitExposed(window):
        window.show()
    document = window.document
    assert document is not None
    document.select("u0")
    rng = random.Random(7)
    builder = window.builder
    assert builder is not None
    builder.roster.table.setFocus()  # no caret in view
    # The builder alone: the status bar's messages come and go on timers of their own
    area = QRect(builder.mapTo(window, QPoint(0, 0)), builder.size())
    for _ in range(25):
        random_edit(rng, document)
        settle()
        assert on_screen(window).copy(area) == repainted(window).copy(area)


def test_a_steady_label_is_never_left_too_short_at_a_width_it_had_before(qtbot, no_blinking):
    panel = QWidget()
    qtbot.addWidget(panel)
    label = QLabel("Short text")
    label.setWordWrap(True)
    box = SteadyLabel(label)
    layout = QVBoxLayout(panel)
    layout.addWidget(box)
    layout.addStretch(1)
    with qtbot.waitExposed(panel):
        panel.show()
    for width in (400, 150, 400):  # the layout has kept the box's height at both widths
        panel.resize(width, 300)
        settle()
    label.setText("A longer text on one line")  # one line at 400: the layout is not told
    settle()
    panel.resize(150, 300)  # where it needs two lines
    settle()
    assert box.height() >= label.heightForWidth(box.width()) > label.heightForWidth(400)
    assert on_screen(panel) == repainted(panel)


def test_a_miracle_taken_twice_marks_the_first_one_on_screen(qtbot, no_blinking, document):
    """Taking a miracle the unit holds adds a row at the end and marks the first copy (CF-06) in the
    same edit: the row above the one inserted shows its mark."""
    from warband.gui.builder.builder_tab import BuilderTab

    tab = BuilderTab(document)
    qtbot.addWidget(tab)
    tab.resize(1280, 800)
    with qtbot.waitExposed(tab):
        tab.show()
    document.select("u1")
    settle()
    for miracle in ("priere", "priere", "renfort", "renfort"):
        document.execute(AddEntry("u1", "miracles", miracle))
        settle()
        assert on_screen(tab) == repainted(tab), miracle
