"""The power-dice views refresh only the part of the document they show (`Change.touched`): an edit of another
unit leaves the selected unit's spells alone, an action on one caster repaints its row, an action that changes
nothing a view shows leaves it alone; and undo brings every view back to what a view built afresh shows."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QAbstractItemModel, Qt, SignalInstance
from PySide6.QtWidgets import QApplication, QComboBox, QLabel, QPushButton, QTableView, QTabWidget, QWidget
from pytestqt.qtbot import QtBot

from warband.gui.army_document import ArmyDocument
from warband.gui.battle_document import BattleDocument
from warband.gui.systems.powerdice import (
    builder_spells_model,
    builder_unit_panel,
    markers_board,
    resolver_view,
    tracker_lasting,
    tracker_models,
    tracker_segments,
    tracker_tab,
)
from warband.gui.systems.powerdice.actions import hand_over, place_marker
from warband.gui.systems.powerdice.builder_spells_model import SORT_ROLE, SpellOptionsTableModel
from warband.gui.systems.powerdice.builder_unit_panel import PowerDiceUnitPanel
from warband.gui.systems.powerdice.resolver_tab import PowerDiceResolverTab
from warband.gui.systems.powerdice.tracker_models import KEY_ROLE, CastersTableModel
from warband.gui.systems.powerdice.tracker_tab import INFO, PowerDiceTrackerTab
from warband.model.army import load_army
from warband.model.battle import BattleRun
from warband.model.battle_commands import EndBattle
from warband.model.catalog import CatalogLoad, Catalogs, builtin_catalog_paths, load_catalogs
from warband.model.dice import SeededDice, TypedDice
from warband.model.edits import AddEntry, MoveUnit, RemoveUnits, SetArmyField, SetUnitField
from warband.model.locations import data_dir
from warband.model.systems.powerdice.battle_commands import NextStep, RemoveLasting, SetInitiative, SetReserve
from warband.model.systems.powerdice.battle_rules import CastRequest, start_battle
from warband.model.systems.powerdice.battle_state import PowerDiceBattle
from warband.model.systems.powerdice.schema import PowerDiceArmy

EXAMPLE = data_dir() / "powerdice" / "examples" / "border-skirmish.warband.json"
FIRST_CHOICES = {"0:u1": "incantation", "0:u2": "restoration", "0:u3": "wait"}
SECOND_CHOICES = {"1:u1": "incantation", "1:u2": "incantation", "1:u3": "restoration"}
ROLES = (
    Qt.ItemDataRole.DisplayRole,
    Qt.ItemDataRole.ToolTipRole,
    Qt.ItemDataRole.EditRole,
    Qt.ItemDataRole.ForegroundRole,
    Qt.ItemDataRole.BackgroundRole,
    Qt.ItemDataRole.FontRole,
    Qt.ItemDataRole.TextAlignmentRole,
    SORT_ROLE,
)


# --- spies ------------------------------------------------------------------------------------------------------
def spy(signal: SignalInstance) -> list[tuple[Any, ...]]:
    """Every emission of the signal, with its arguments (rows for dataChanged)."""
    heard: list[tuple[Any, ...]] = []

    def note(*args: Any) -> None:
        heard.append(tuple(a.row() if hasattr(a, "row") else a for a in args[:2]))

    signal.connect(note)
    return heard


def calls(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[tuple[Any, ...]]:
    """Every call a view makes of one function of its module (the work a refresh does), still carried out."""
    made: list[tuple[Any, ...]] = []
    real: Callable[..., Any] = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        made.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return made


def cells(model: QAbstractItemModel) -> list[list[object]]:
    """What a model shows: every cell in every role, row by row."""
    return [
        [model.index(row, column).data(role) for column in range(model.columnCount()) for role in ROLES]
        for row in range(model.rowCount())
    ]


def texts(root: QWidget) -> dict[str, object]:
    """What the widgets under `root` show, by object name: labels, buttons, combos, tables. Not those hidden (a
    page of a stack not shown, a label with nothing to say), which may keep their last words."""
    shown: dict[str, object] = {}
    for widget in root.findChildren(QWidget):
        name = widget.objectName()
        if not name or name.startswith("qt_") or not widget.isVisibleTo(root):
            continue
        if isinstance(widget, QLabel):
            shown[name] = (widget.text(), widget.accessibleName())
        elif isinstance(widget, QPushButton):
            shown[name] = (widget.text(), widget.isEnabled(), widget.toolTip())
        elif isinstance(widget, QComboBox):
            items = [(widget.itemText(i), widget.itemData(i)) for i in range(widget.count())]
            shown[name] = (items, widget.currentIndex(), widget.isEnabled(), widget.toolTip())
        elif isinstance(widget, QTableView) and widget.model() is not None:
            shown[name] = cells(widget.model())
    return shown


# --- the builder ------------------------------------------------------------------------------------------------
@pytest.fixture
def pd_catalogs(builtin_load: CatalogLoad) -> Catalogs:
    return builtin_load.for_system("powerdice")


@pytest.fixture
def army_document(qapp: object, pd_catalogs: Catalogs) -> ArmyDocument:
    army = load_army(EXAMPLE)
    assert isinstance(army, PowerDiceArmy)
    document = ArmyDocument(army, pd_catalogs)
    document.select("u1")
    return document


@pytest.fixture
def make_panel(qtbot: QtBot) -> Callable[[ArmyDocument], PowerDiceUnitPanel]:
    def make(document: ArmyDocument) -> PowerDiceUnitPanel:
        panel = PowerDiceUnitPanel(document)
        qtbot.addWidget(panel)
        panel.show()
        return panel

    return make


def spells_model(panel: PowerDiceUnitPanel) -> SpellOptionsTableModel:
    picker = panel.findChild(QTableView, "spellPicker")
    assert picker is not None
    source = picker.model().sourceModel()  # type: ignore[attr-defined]
    assert isinstance(source, SpellOptionsTableModel)
    return source


def label(root: QWidget, name: str) -> str:
    found = root.findChild(QLabel, name)
    assert found is not None, name
    return found.text()


def spell_row(model: SpellOptionsTableModel, spell_id: str) -> int:
    return next(r for r in range(model.rowCount()) if model.choice(r).id == spell_id)


def test_an_edit_that_leaves_the_selected_unit_alone_rebuilds_nothing(monkeypatch, make_panel, army_document):
    panel = make_panel(army_document)
    model = spells_model(panel)
    title, cost = label(panel, "unitTitle"), label(panel, "unitCost")
    options = calls(monkeypatch, builder_spells_model, "options")
    lookups = calls(monkeypatch, builder_unit_panel, "index")  # the panel's profile, looked up on each refresh
    resets, repaints = spy(model.modelReset), spy(model.dataChanged)

    assert army_document.execute(SetUnitField("u2", "label", "Second apprentice"))
    assert army_document.execute(SetUnitField("u2", "notes", "Stays behind the mage."))
    assert army_document.execute(SetArmyField("name", "Watchtower"))
    assert army_document.execute(MoveUnit("u5", 3))  # after the mage: its place is the same
    assert army_document.execute(AddEntry("u3", "spells", "lumiere-sacree"))

    assert options == [] and lookups == []
    assert resets == [] and repaints == []
    assert (label(panel, "unitTitle"), label(panel, "unitCost")) == (title, cost)


def test_an_edit_of_the_selected_unit_refreshes_its_rows_and_its_panel(monkeypatch, make_panel, army_document):
    panel = make_panel(army_document)
    model = spells_model(panel)
    options = calls(monkeypatch, builder_spells_model, "options")
    resets, repaints = spy(model.modelReset), spy(model.dataChanged)
    row = spell_row(model, "eclair")
    cost = label(panel, "unitCost")

    assert army_document.execute(AddEntry("u1", "spells", "eclair"))
    assert len(options) == 1 and resets == []
    assert repaints == [(row, row)]  # the spell it now holds, and no other
    assert model.choice(row).owned == 1
    assert label(panel, "unitCost") != cost

    assert army_document.execute(SetUnitField("u1", "label", "Mage of the north tower"))
    assert len(options) == 2
    assert repaints[1:] == [(0, model.rowCount() - 1)]  # the reasons name the unit: every row
    assert label(panel, "unitTitle") == "Mage of the north tower"


def test_catalogs_reloaded_refresh_the_selected_units_views(monkeypatch, make_panel, army_document):
    panel = make_panel(army_document)
    model = spells_model(panel)
    options = calls(monkeypatch, builder_spells_model, "options")
    resets = spy(model.modelReset)
    army_document.set_catalogs(army_document.catalogs)  # the army is the same object: `everything` says it
    assert len(options) == 1 and resets == []
    army_document.set_catalogs(load_catalogs(builtin_catalog_paths()).for_system("powerdice"))
    assert len(options) == 2 and len(resets) == 1  # other catalogs: the rows anew


def shown_by_panel(panel: PowerDiceUnitPanel) -> tuple[object, ...]:
    """What the panel shows of its unit, and every row of its two lists."""
    picker = panel.findChild(QTableView, "spellPicker")
    held = panel.findChild(QTableView, "heldSpells")
    assert picker is not None and held is not None
    words = {
        name: texts(panel).get(name) for name in ("unitHint", "unitTitle", "unitCaster", "unitCost", "pickerCount")
    }
    return words, cells(spells_model(panel)), cells(picker.model()), cells(held.model()), panel.isEnabled()


def test_undo_brings_the_selected_units_views_back(make_panel, army_document):
    panel = make_panel(army_document)
    edits = [
        SetUnitField("u1", "label", "Mage of the north tower"),
        AddEntry("u1", "spells", "dissipation"),
        SetUnitField("u2", "label", "Second apprentice"),
        AddEntry("u1", "spells", "boule-de-feu"),  # twice: a problem (AR-03)
        RemoveUnits(("u1",)),  # the selected unit gone: the hint
        SetArmyField("name", "Watchtower"),
    ]
    for edit in edits:
        assert army_document.execute(edit)
        assert shown_by_panel(panel) == shown_by_panel(make_panel(army_document))
    for _edit in edits:
        army_document.undo()
        assert shown_by_panel(panel) == shown_by_panel(make_panel(army_document))
    assert label(panel, "unitTitle") == "Battle mage of the watchtower"


# --- the tracker and the resolver ---------------------------------------------------------------------------------
@pytest.fixture
def battle_document(qapp: object, pd_catalogs: Catalogs) -> Iterator[BattleDocument[PowerDiceBattle]]:
    army = load_army(EXAMPLE)
    assert isinstance(army, PowerDiceArmy)
    document = BattleDocument(
        BattleRun(start_battle([("Aline", army), ("Bruno", army)], pd_catalogs), dice=SeededDice(1))
    )
    yield document
    document.close()


@pytest.fixture
def make_tab(qtbot: QtBot) -> Callable[[BattleDocument[PowerDiceBattle]], PowerDiceTrackerTab]:
    def make(document: BattleDocument[PowerDiceBattle]) -> PowerDiceTrackerTab:
        tab = PowerDiceTrackerTab(document)
        qtbot.addWidget(tab)
        tab.resize(1280, 800)
        tab.show()
        return tab

    return make


def to_b3(document: BattleDocument[PowerDiceBattle]) -> None:
    for choices in (FIRST_CHOICES, SECOND_CHOICES):
        for key, marker in choices.items():
            assert place_marker(document, key, marker)  # type: ignore[arg-type]
        assert hand_over(document)
    while document.battle.step != "B3":
        assert document.act(NextStep())


def cast_lasting(document: BattleDocument[PowerDiceBattle]) -> None:
    """Aline's fireball (instant), then Bruno's mist on the ford (two turns): one lasting spell."""
    assert document.roll(CastRequest("0:u1", "boule-de-feu", 2), TypedDice((5, 4))) is not None
    assert document.roll(CastRequest("1:u1", "brume-illusoire", 2, target="the ford"), TypedDice((4, 4)))
    assert len(document.battle.lasting) == 1


def row_of(model: CastersTableModel, key: str) -> int:
    return next(r for r in range(model.rowCount()) if model.index(r, 0).data(KEY_ROLE) == key)


def test_one_casters_dice_repaint_its_row_and_nothing_else(monkeypatch, make_tab, battle_document):
    to_b3(battle_document)
    cast_lasting(battle_document)
    tab = make_tab(battle_document)
    casters, b3, c, lasting = tab.casters_model, tab.b3.model, tab.c.model, tab.lasting.model
    heard = {
        name: (spy(m.modelReset), spy(m.dataChanged)) for name, m in [("casters", casters), ("lasting", lasting)]
    }
    c_heard = (spy(c.modelReset), spy(c.dataChanged))
    lasting_work = calls(monkeypatch, tracker_lasting, "casters")
    row = row_of(casters, "0:u3")  # the acolyte: a wait marker, for C; not in B3's table

    assert casters.setData(casters.index(row, CastersTableModel.DICE), 0)
    assert heard["casters"] == ([], [(row, row)])
    assert heard["lasting"] == ([], []) and lasting_work == []  # the spell's caster is another
    assert c_heard == ([], []) and c.rowCount() == 0  # not C yet
    assert casters.index(row, CastersTableModel.DICE).data() == "0 / 1"
    assert b3.rowCount() == 1  # Bruno's apprentice, whose turn it is


def test_an_action_that_changes_nothing_a_view_shows_leaves_it_alone(
    monkeypatch, qtbot, make_tab, battle_document
):
    to_b3(battle_document)
    cast_lasting(battle_document)
    tab = make_tab(battle_document)
    qtbot.addWidget(PowerDiceResolverTab(battle_document))  # refreshes at once: it is in no window yet
    work = {
        "casters tables": calls(monkeypatch, tracker_models, "casters"),  # every caster's, and B3's
        "lasting spells": calls(monkeypatch, tracker_lasting, "casters"),
        "segment panels": calls(monkeypatch, tracker_segments, "player"),
        "resolver": calls(monkeypatch, resolver_view, "ordered_casters"),
    }
    names = [label.accessibleName() for label in tab.battle_bar.step_labels.values()]

    assert battle_document.act(SetInitiative(side=1))  # the bar's combo only: it orders the next B3
    assert tab.initiative_combo.currentIndex() == 1
    assert {view: made for view, made in work.items() if made} == {}

    assert battle_document.act(RemoveLasting(index=0))  # the lasting spells and the casters' column only
    assert tab.lasting.model.rowCount() == 0
    assert work["casters tables"] and not work["resolver"] and not work["segment panels"]

    tab.show_message("PD-02: refused")
    assert battle_document.act(EndBattle())
    assert not work["resolver"] and not work["segment panels"]
    assert tab.message_label.text() == ""  # an action went through: the refusal no longer applies
    assert [label.accessibleName() for label in tab.battle_bar.step_labels.values()] == names


def test_the_step_panel_follows_the_step_only(monkeypatch, make_tab, battle_document):
    tab = make_tab(battle_document)
    for choices in (FIRST_CHOICES, SECOND_CHOICES):
        for key, marker in choices.items():
            assert place_marker(battle_document, key, marker)  # type: ignore[arg-type]
        assert hand_over(battle_document)
    board = calls(monkeypatch, markers_board, "casters")
    info = calls(monkeypatch, tracker_tab, "step_info")

    assert battle_document.act(EndBattle())  # every marker placed: the board says as much, ended or not
    assert battle_document.act(EndBattle(ended=False))
    assert board == [] and info == []
    assert battle_document.act(NextStep())  # A2: the board hides, the step's words show
    assert board == [] and len(info) == 1
    assert battle_document.act(SetReserve(key="0:u1", reserve=1))
    assert len(info) == 1
    assert tab.info_label.text() == "A2 (host game): nothing to do for magic. Next step (F8) moves on."


def test_a_hand_over_hides_the_markers_at_once(make_tab, battle_document):
    tab = make_tab(battle_document)
    board = tab.markers
    for key, marker in FIRST_CHOICES.items():
        assert place_marker(battle_document, key, marker)  # type: ignore[arg-type]
    assert board.combos["0:u1"].currentData() == "incantation"
    assert hand_over(battle_document)
    assert [board.combos[key].currentData() for key in FIRST_CHOICES] == ["", "", ""]
    model = tab.casters_model
    assert model.index(row_of(model, "0:u1"), CastersTableModel.MARKER).data() == "hidden"
    names = [label.accessibleName() for label in tab.battle_bar.step_labels.values()]
    for key, marker in SECOND_CHOICES.items():
        assert place_marker(battle_document, key, marker)  # type: ignore[arg-type]
    assert hand_over(battle_document)
    assert not tab.battle_bar.next_button.statusTip()  # Next step refused no more: the bar named its steps anew
    assert [label.accessibleName() for label in tab.battle_bar.step_labels.values()] == names  # named again


def test_a_hidden_resolver_catches_up_only_on_what_it_shows(monkeypatch, qtbot, battle_document):
    to_b3(battle_document)
    cast_lasting(battle_document)
    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    tabs.addTab(QLabel("tracker"), "Tracker")
    resolver = PowerDiceResolverTab(battle_document)
    tabs.addTab(resolver, "Resolver")
    tabs.show()
    qtbot.waitExposed(tabs)
    work = calls(monkeypatch, resolver_view, "ordered_casters")

    assert battle_document.act(RemoveLasting(index=0))
    tabs.setCurrentWidget(resolver)
    assert work == []  # nothing to catch up with
    tabs.setCurrentIndex(0)
    assert battle_document.act(SetReserve(key="1:u2", reserve=0))
    assert work == []  # deferred while behind the tracker
    tabs.setCurrentWidget(resolver)
    assert len(work) == 1
    assert shown_by_resolver(resolver) == shown_by_resolver(fresh_resolver(qtbot, battle_document, resolver))


def fresh_resolver(
    qtbot: QtBot, document: BattleDocument[PowerDiceBattle], like: PowerDiceResolverTab
) -> PowerDiceResolverTab:
    """A resolver built now, on the caster the other one shows."""
    fresh = PowerDiceResolverTab(document)
    qtbot.addWidget(fresh)
    if like.selected_key is not None:
        fresh.select_caster(like.selected_key)
    return fresh


def shown_by_resolver(resolver: PowerDiceResolverTab) -> tuple[object, ...]:
    """What the battle decides in the resolver: the casters with their dice and markers, the spells, the
    helpers offered with their dice, the step, and whether it may cast at all."""
    helpers = resolver.helpers_box
    offered = [(key, helpers.spin(key).maximum()) for key in helpers.keys()]  # noqa: SIM118 (a widget's list)
    return (
        [resolver.caster_combo.itemData(i) for i in range(resolver.caster_combo.count())],
        [resolver.caster_combo.itemText(i) for i in range(resolver.caster_combo.count())],
        [resolver.spell_combo.itemData(i) for i in range(resolver.spell_combo.count())],
        resolver.selected_key,
        offered,
        resolver.step_label.text(),
        resolver.form.isEnabled(),
    )


def shown_by_tracker(tab: PowerDiceTrackerTab) -> tuple[object, ...]:
    """Everything the tracker shows that the battle decides (not the players' own selections)."""
    board = tab.markers
    choices = {
        key: (stack.currentIndex(), board.combos[key].currentData()) for key, stack in board.choices.items()
    }
    if tab.step_panel.currentWidget() is not board:
        choices = {}  # hidden outside A1, and left as it was
    bar = [(label.accessibleName(), label.property("current")) for label in tab.battle_bar.step_labels.values()]
    page = tab.step_panel.currentIndex()
    step_page = (page, tab.info_label.text() if page == INFO else None)  # the page shown, with its words
    words = texts(tab)
    return words, choices, bar, step_page, cells(tab.b3.model), cells(tab.c.model)  # the segments' even hidden


def same_as_fresh(tab: PowerDiceTrackerTab, resolver: PowerDiceResolverTab) -> None:
    """The views show what views built now on the same battle show (those are deleted after)."""
    QApplication.processEvents()  # a label added to a box on screen is shown by a queued call (the summary's)
    document = tab.document
    fresh_tab = PowerDiceTrackerTab(document)
    fresh = PowerDiceResolverTab(document)
    if resolver.selected_key is not None:
        fresh.select_caster(resolver.selected_key)
    try:
        assert shown_by_tracker(tab) == shown_by_tracker(fresh_tab)
        assert shown_by_resolver(resolver) == shown_by_resolver(fresh)
    finally:
        shiboken6.delete(fresh_tab)
        shiboken6.delete(fresh)


def test_undo_brings_every_view_back(qtbot, make_tab, battle_document):
    tab = make_tab(battle_document)
    resolver = PowerDiceResolverTab(battle_document)
    qtbot.addWidget(resolver)

    for key, marker in FIRST_CHOICES.items():
        assert place_marker(battle_document, key, marker)  # type: ignore[arg-type]
    same_as_fresh(tab, resolver)
    battle_document.undo()  # side 0 takes its last marker back
    same_as_fresh(tab, resolver)
    battle_document.redo()
    assert hand_over(battle_document)
    for key, marker in SECOND_CHOICES.items():
        assert place_marker(battle_document, key, marker)  # type: ignore[arg-type]
    assert hand_over(battle_document)
    actions: list[Callable[[], object]] = [
        *[lambda: battle_document.act(NextStep()) for _step in range(5)],
        lambda: battle_document.act(SetReserve(key="0:u2", reserve=0)),
        lambda: cast_lasting(battle_document),
        lambda: battle_document.act(SetInitiative(side=1)),
        lambda: battle_document.act(RemoveLasting(index=0)),
        lambda: battle_document.act(NextStep()),  # on to C
        lambda: battle_document.act(EndBattle()),
    ]
    for action in actions:
        action()
        same_as_fresh(tab, resolver)
    while battle_document.undo_label is not None:  # back to the last hand-over, which cannot be undone
        battle_document.undo()
        same_as_fresh(tab, resolver)
    assert battle_document.battle.step == "A1" and battle_document.battle.choosing is None
    assert [tab.markers.combos[key].currentData() for key in {**FIRST_CHOICES, **SECOND_CHOICES}] == [""] * 6
