"""Confrontation's views refresh only the part of the army or battle they show (the `Change` their document's signal
carries), and stay right: after every edit, every action and every undo, each view shows what a freshly built one
shows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtWidgets import QLabel, QTableView, QTabWidget

from tests.gui.conftest import army
from warband.gui.army_document import ArmyDocument
from warband.gui.battle_document import BattleDocument
from warband.gui.systems.confrontation import options_table_model
from warband.gui.systems.confrontation.divination_order import order_of
from warband.gui.systems.confrontation.options_table_model import CHOICE_ROLE
from warband.gui.systems.confrontation.resolver_tab import ResolverTab
from warband.gui.systems.confrontation.tracker_tab import TrackerTab
from warband.gui.systems.confrontation.unit_panel import UnitPanel
from warband.model.battle import BattleRun
from warband.model.battle_commands import EndBattle
from warband.model.catalog import builtin_catalog_paths, load_catalogs
from warband.model.dice import SeededDice
from warband.model.edits import AddEntry, MoveUnit, RemoveEntry, SetArmyField, SetUnitField
from warband.model.systems.confrontation.battle_commands import (
    NextPhase,
    SetModelFlag,
    SetModelNumber,
    SetTacticalWinner,
    SetTieOrder,
)
from warband.model.systems.confrontation.battle_rules import start_battle

DISPLAY, CHECK, FONT = Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.CheckStateRole, Qt.ItemDataRole.FontRole


class Spy:
    """What a model told its views: each reset and layout change, the rows each `dataChanged` covered (and its
    columns), and the rows inserted and removed."""

    def __init__(self, model: QAbstractItemModel) -> None:
        self.resets = 0
        self.layouts = 0
        self.rows: list[tuple[int, int]] = []
        self.columns: list[tuple[int, int]] = []
        self.inserted: list[tuple[int, int]] = []
        self.removed: list[tuple[int, int]] = []
        model.modelReset.connect(self._on_reset)
        model.layoutChanged.connect(self._on_layout)
        model.dataChanged.connect(self._on_data)
        model.rowsInserted.connect(lambda _parent, first, last: self.inserted.append((first, last)))
        model.rowsRemoved.connect(lambda _parent, first, last: self.removed.append((first, last)))

    def _on_reset(self) -> None:
        self.resets += 1

    def _on_layout(self) -> None:
        self.layouts += 1

    def _on_data(self, top: Any, bottom: Any) -> None:
        self.rows.append((top.row(), bottom.row()))
        self.columns.append((top.column(), bottom.column()))

    @property
    def quiet(self) -> bool:
        return not (self.resets or self.layouts or self.rows or self.inserted or self.removed)

    def clear(self) -> None:
        self.resets = self.layouts = 0
        for seen in (self.rows, self.columns, self.inserted, self.removed):
            seen.clear()


def table(model: QAbstractItemModel, roles: tuple[Qt.ItemDataRole, ...] = (DISPLAY,)) -> list[list[object]]:
    """Every cell of a model as a view shows it (a font only by whether it is bold)."""
    rows: list[list[object]] = []
    for row in range(model.rowCount()):
        cells: list[object] = []
        for column in range(model.columnCount()):
            index = model.index(row, column)
            for role in roles:
                value = index.data(role)
                cells.append(value.bold() if role == FONT and value is not None else value)
        rows.append(cells)
    return rows


# --- the builder: the unit panel -----------------------------------------------------------------------------
@pytest.fixture
def army_document(catalogs):
    document = ArmyDocument(
        army(
            {"id": "u1", "profile": "iron-priestess", "miracles": ["messager-divin"]},
            {"id": "u2", "profile": "griffin-trooper", "label": "Gawen"},
            {"id": "u3", "profile": "templar-warrior-monk"},
        ),
        catalogs,
    )
    document.select("u1")
    yield document
    document.deleteLater()


@pytest.fixture
def make_panel(qtbot):
    def make(document: ArmyDocument) -> UnitPanel:
        panel = UnitPanel(document)
        qtbot.addWidget(panel)
        panel.resize(700, 700)
        return panel

    return make


@pytest.fixture
def options_calls(monkeypatch) -> list[str]:
    """The unit ids `options()` was asked about, from the pickers (the work a refresh does)."""
    asked: list[str] = []
    real = options_table_model.options

    def counting(army_value, unit_id, catalogs):
        asked.append(unit_id)
        return real(army_value, unit_id, catalogs)

    monkeypatch.setattr(options_table_model, "options", counting)
    return asked


def panel_tables(panel: UnitPanel) -> dict[str, QAbstractItemModel]:
    """The panel's four tables' models: the held lists, and the pickers' own models (under their filters)."""
    tables: dict[str, QAbstractItemModel] = {}
    for name in ("heldMiracles", "heldItems", "miraclePicker", "itemPicker"):
        view = panel.findChild(QTableView, name)
        assert view is not None, name
        model = view.model()
        tables[name] = model.sourceModel() if name.endswith("Picker") else model  # type: ignore[attr-defined]
    return tables


def panel_shown(panel: UnitPanel) -> dict[str, object]:
    """Everything the panel shows: its labels, and each table's rows as filtered and sorted on screen."""
    shown: dict[str, object] = {
        name: label.text() if not label.isHidden() else None
        for name in ("unitHint", "unitTitle", "unitProfile", "unitFaith", "pickerCount")
        if (label := panel.findChild(QLabel, name)) is not None
    }
    for name in ("heldMiracles", "heldItems", "miraclePicker", "itemPicker"):
        view = panel.findChild(QTableView, name)
        assert view is not None
        shown[name] = table(view.model(), (DISPLAY, FONT))
    return shown


def test_renaming_the_army_or_another_unit_leaves_the_unit_panel_alone(make_panel, army_document, options_calls):
    panel = make_panel(army_document)
    before = panel_shown(panel)
    options_calls.clear()
    spies = {name: Spy(model) for name, model in panel_tables(panel).items()}
    assert army_document.execute(SetArmyField("name", "North gate"))
    assert army_document.execute(SetArmyField("points_limit", 250))
    assert army_document.execute(SetUnitField("u2", "label", "Gawain"))
    assert army_document.execute(SetUnitField("u2", "notes", "Flies over the wall"))
    assert army_document.execute(AddEntry("u3", "miracles", "priere"))  # another Faithful's miracle
    assert options_calls == []  # `options()` reads none of these: nothing was worked out again
    assert {name: spy.quiet for name, spy in spies.items()} == dict.fromkeys(spies, True)
    assert panel_shown(panel) == before


def test_adding_a_miracle_to_the_selected_unit_refreshes_its_lists(make_panel, army_document, options_calls):
    panel = make_panel(army_document)
    profile = panel.findChild(QLabel, "unitProfile")
    cost_before = profile.text()
    options_calls.clear()
    tables = panel_tables(panel)
    spies = {name: Spy(model) for name, model in tables.items()}
    assert army_document.execute(AddEntry("u1", "miracles", "priere"))
    assert options_calls == ["u1"]  # once, for both pickers
    held = spies["heldMiracles"]  # the new entry inserted, the list not reset (its selection kept)
    assert (held.resets, held.layouts, held.inserted, held.removed) == (0, 0, [(1, 1)], [])
    assert tables["heldMiracles"].rowCount() == 2
    assert tables["heldMiracles"].index(1, 0).data(Qt.ItemDataRole.ToolTipRole).count("priere") == 1
    picker = tables["miraclePicker"]
    row = next(r for r in range(picker.rowCount()) if picker.index(r, 0).data(CHOICE_ROLE).id == "priere")
    assert spies["miraclePicker"].rows == [(row, row)]  # the one entry it now holds, in place
    assert picker.index(row, 0).data(FONT).bold()
    assert spies["itemPicker"].quiet and spies["heldItems"].quiet  # the items are as they were
    cost = next(u.cost for u in army_document.report.units if u.id == "u1")
    assert profile.text() != cost_before and f"{cost} A.P." in profile.text()


def test_the_selected_units_own_edits_and_place_refresh_the_panel(make_panel, army_document, options_calls):
    panel = make_panel(army_document)
    options_calls.clear()
    assert army_document.execute(SetUnitField("u1", "label", "Mother Agnes"))
    assert panel.findChild(QLabel, "unitTitle").text() == "Mother Agnes"
    assert options_calls == ["u1"]  # the refusals name the unit by its label
    assert army_document.execute(MoveUnit("u3", 0))
    assert options_calls == ["u1", "u1"]  # … and by its place in the army
    assert army_document.execute(SetArmyField("name", "North gate"))
    assert options_calls == ["u1", "u1"]
    army_document.set_catalogs(load_catalogs(builtin_catalog_paths()).for_system("confrontation"))
    assert options_calls == ["u1", "u1", "u1"]  # reloaded: everything is read again


def test_undo_brings_the_unit_panel_back(make_panel, army_document):
    panel = make_panel(army_document)
    start = panel_shown(panel)
    edits = [
        AddEntry("u1", "miracles", "priere"),
        AddEntry("u1", "items", "relique-de-merin"),
        SetUnitField("u1", "label", "Mother Agnes"),
        SetArmyField("name", "North gate"),
        RemoveEntry("u1", "miracles", 0),
        SetUnitField("u2", "label", "Gawain"),
    ]
    for edit in edits:
        army_document.execute(edit)
        assert panel_shown(panel) == panel_shown(make_panel(army_document))
    assert panel_shown(panel) != start
    while army_document.undo_label is not None:
        army_document.undo()
        assert panel_shown(panel) == panel_shown(make_panel(army_document))
    assert panel_shown(panel) == start


# --- the tracker -----------------------------------------------------------------------------------------------
# Two Iron Priestesses (Discipline 4) tie within Aline's side; Bruno's Wolfen devotee (4) ties across sides.
PRIESTESSES = army(
    {"id": "p1", "profile": "iron-priestess", "label": "Anna", "miracles": ["priere"]},
    {"id": "p2", "profile": "iron-priestess", "label": "Berthe", "miracles": ["priere"]},
    {"id": "p3", "profile": "mid-nor-dark-priest", "label": "Claude", "miracles": ["messager-divin"]},
    {"id": "t1", "profile": "griffin-trooper", "label": "Trooper"},
)
WOLVES = army(
    {"id": "w1", "profile": "wolfen-yllia-devotee", "label": "Devotee", "miracles": ["lueur-d-yllia"]},
    {"id": "z1", "profile": "acheron-zombie", "label": "Zombie"},
)


@pytest.fixture
def battle_document(catalogs):
    battle = start_battle([("Aline", PRIESTESSES), ("Bruno", WOLVES)], catalogs)
    document = BattleDocument(BattleRun(battle, dice=SeededDice(1)))
    yield document
    document.close()


@pytest.fixture
def make_tracker(qtbot):
    def make(document) -> TrackerTab:
        tab = TrackerTab(document)
        qtbot.addWidget(tab)
        tab.resize(1280, 800)
        return tab

    return make


def tracker_shown(tab: TrackerTab) -> dict[str, object]:
    """Everything the tracker shows of the battle (the log aside): bar, Tactical row, warning, tables, panel."""
    panel = tab.divination
    return {
        "turn": tab.battle_bar.turn_label.text(),
        "tactical": tab.tactical.tactical_label.text(),
        "winner": tab.tactical.tactical_combo.currentIndex(),
        "tie warning": not tab.tie_warning.isHidden(),
        "models": table(tab.models.model, (DISPLAY, CHECK)),
        "order": table(panel.order_model, (DISPLAY, FONT)),
        "current": panel.order_model.current_row(),
        "barred": table(panel.barred_model),
        "active": panel.property("active"),
        "empty": not panel.empty_label.isHidden(),
        "barred caption": panel.barred_label.text(),
        "done": (panel.done_button.isEnabled(), panel.done_button.toolTip()),
    }


def tracker_spies(tab: TrackerTab) -> dict[str, Spy]:
    return {
        "models": Spy(tab.models.model),
        "order": Spy(tab.divination.order_model),
        "barred": Spy(tab.divination.barred_model),
    }


def test_a_flag_on_one_model_repaints_its_row_only(make_tracker, battle_document):
    tab = make_tracker(battle_document)
    model = tab.models.model
    spies = tracker_spies(tab)
    row = model.row_of("0:t1")
    assert battle_document.act(SetModelFlag(key="0:t1", field="engaged", value=True))  # the trooper: no Faithful
    assert spies["models"].rows == [(row, row)]
    assert model.index(row, model.ENGAGED).data(CHECK) == Qt.CheckState.Checked
    assert spies["order"].quiet and spies["barred"].quiet  # the Divination order is as it was
    spies["models"].clear()
    anna = model.row_of("0:p1")
    order, barred = tab.divination.order_model, tab.divination.barred_model
    place = order.row_of("0:p1")
    below = order.rowCount() - 1 - place
    assert battle_document.act(SetModelFlag(key="0:p1", field="engaged", value=True))
    assert spies["models"].rows == [(anna, anna)]
    # Anna left the order (CF-11): her row alone is removed; the Faithful below her repaint, those above do not, and
    # one whose place alone changed repaints its first cell only (Berthe, no longer tied, her whole row); she is
    # barred: one row inserted, no table reset
    assert spies["order"].removed == [(place, place)] and not spies["order"].inserted
    assert spies["order"].resets == spies["order"].layouts == 0
    assert sorted(row for first, last in spies["order"].rows for row in range(first, last + 1)) == list(
        range(place, place + below)
    )
    assert below < 2 or (order.POSITION, order.POSITION) in spies["order"].columns
    barred_row = next(row for row in range(barred.rowCount()) if barred.key(row) == "0:p1")
    assert spies["barred"].inserted == [(barred_row, barred_row)] and not spies["barred"].removed
    assert spies["barred"].resets == spies["barred"].layouts == 0 and not spies["barred"].rows
    assert "Anna" not in [r[2] for r in table(order)]
    assert tracker_shown(tab) == tracker_shown(make_tracker(battle_document))


def test_the_next_phase_refreshes_the_turn_bar_and_leaves_the_tables_alone(make_tracker, battle_document):
    tab = make_tracker(battle_document)
    spies = tracker_spies(tab)
    battle_document.act(NextPhase())
    assert tab.battle_bar.turn_label.text() == "Turn 1 — Movement"
    assert all(spy.quiet for spy in spies.values())  # no model, no place in the order changed
    battle_document.act(NextPhase())
    assert tab.divination.property("active") is True  # the Divination phase frames the panel
    assert all(spy.quiet for spy in spies.values())
    battle_document.act(SetTacticalWinner(side=1))
    assert tab.tactical.tactical_label.text() == "Bruno won the Tactical roll"
    assert tab.tie_warning.isHidden()
    assert spies["models"].quiet  # the winner changes no model's row
    for _ in range(4):
        battle_document.act(NextPhase())
    assert tab.battle_bar.turn_label.text() == "Turn 2 — Tactical roll"
    assert tab.tactical.tactical_label.text() == "No Tactical winner yet this turn"  # a new turn, no winner
    assert tab.tactical.tactical_combo.currentIndex() == 0
    assert not tab.tie_warning.isHidden()
    assert tab.divination.property("active") is False


def test_undo_brings_every_tracker_view_back(make_tracker, battle_document):
    tab = make_tracker(battle_document)
    start = tracker_shown(tab)
    actions = [
        NextPhase(),
        NextPhase(),
        SetTacticalWinner(side=0),
        SetModelFlag(key="0:p1", field="engaged", value=True),
        SetModelNumber(key="0:p2", field="discipline_bonus", value=2),
        SetModelFlag(key="0:p1", field="engaged", value=False),
        SetTieOrder(side=0, order=("p2", "p1", "p3", "t1")),
        SetModelFlag(key="0:p2", field="divination_done", value=True),
        SetModelNumber(key="1:w1", field="faith", value=3),
        NextPhase(),
        NextPhase(),
        NextPhase(),
        NextPhase(),  # a new turn: the per-turn state is reset
    ]
    for action in actions:
        assert battle_document.act(action), action
        assert tracker_shown(tab) == tracker_shown(make_tracker(battle_document)), action
    assert tracker_shown(tab) != start
    while battle_document.undo_label is not None:
        battle_document.undo()
        assert tracker_shown(tab) == tracker_shown(make_tracker(battle_document))
    assert tracker_shown(tab) == start


# --- the resolver ----------------------------------------------------------------------------------------------
PRIESTESS = "0:p3"  # Claude, first in the order


@pytest.fixture
def make_resolver(qtbot):
    def make(document) -> ResolverTab:
        tab = ResolverTab(document)
        qtbot.addWidget(tab)
        return tab

    return make


def resolver_shown(tab: ResolverTab) -> dict[str, object]:
    """What the resolver shows of the battle: the lists, the chosen call's problems and odds, the order."""
    combo, miracles = tab.faithful_combo, tab.miracle_combo
    return {
        "faithful": [(combo.itemData(i), combo.itemText(i)) for i in range(combo.count())],
        "chosen": combo.currentData(),
        "miracles": [(miracles.itemData(i), miracles.itemText(i)) for i in range(miracles.count())],
        "problems": tab.problems_label.text(),
        "ready": tab.roll_button.isEnabled(),
        "odds": tab.odds_label.text(),
        "order": tab.order_label.text(),
        "done": tab.done_button.isEnabled(),
    }


def counted(monkeypatch, tab: ResolverTab) -> list[None]:
    """Each time the tab reads the battle again (its `_refresh`)."""
    calls: list[None] = []
    real: Callable[[], None] = tab._refresh

    def counting() -> None:
        calls.append(None)
        real()

    monkeypatch.setattr(tab, "_refresh", counting)
    return calls


def test_the_resolver_ignores_what_a_call_does_not_read(monkeypatch, make_resolver, battle_document):
    tab = make_resolver(battle_document)
    refreshes = counted(monkeypatch, tab)
    assert battle_document.act(EndBattle())  # the battle's end: nothing a call reads
    assert refreshes == []
    assert battle_document.act(EndBattle(ended=False))
    assert battle_document.act(NextPhase())  # the phase: a call is refused outside Divination (CF-08)
    assert refreshes == [None]


def test_a_hidden_resolver_defers_only_what_it_shows(qtbot, monkeypatch, make_resolver, battle_document):
    tab = make_resolver(battle_document)
    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    tabs.addTab(QLabel("tracker"), "Tracker")
    tabs.addTab(tab, "Resolver")
    tabs.show()
    qtbot.waitExposed(tabs)
    refreshes = counted(monkeypatch, tab)
    battle_document.act(EndBattle())
    battle_document.act(EndBattle(ended=False))
    tabs.setCurrentIndex(1)
    assert refreshes == []  # nothing it shows changed behind the tracker: no catching up
    tabs.setCurrentIndex(0)
    battle_document.act(SetModelNumber(key=PRIESTESS, field="faith", value=4))
    battle_document.act(SetModelNumber(key=PRIESTESS, field="faith", value=3))
    assert refreshes == []  # behind the tracker: not yet
    tabs.setCurrentIndex(1)
    assert refreshes == [None]  # once, however many changes came in between
    assert "(T.F. 3)" in tab.faithful_combo.itemText(tab.faithful_combo.findData(PRIESTESS))
    tabs.removeTab(1)
    tab.setParent(None)  # the fixture closes it


def test_undo_brings_the_resolver_back(make_resolver, battle_document):
    tab = make_resolver(battle_document)
    battle_document.act(NextPhase())
    battle_document.act(NextPhase())
    start = resolver_shown(tab)
    assert start["chosen"] == PRIESTESS == order_of(battle_document.battle).current.key
    actions = [
        SetTacticalWinner(side=1),
        SetModelNumber(key=PRIESTESS, field="faith", value=1),
        SetModelFlag(key=PRIESTESS, field="shot", value=True),
        SetModelFlag(key=PRIESTESS, field="divination_done", value=True),  # the order moves on to the next
        SetModelFlag(key="0:p1", field="removed", value=True),
    ]
    for action in actions:
        assert battle_document.act(action), action
        assert resolver_shown(tab) == resolver_shown(make_resolver(battle_document)), action
    assert resolver_shown(tab) != start
    for _ in actions:
        battle_document.undo()
        assert resolver_shown(tab) == resolver_shown(make_resolver(battle_document))
    assert resolver_shown(tab) == start
