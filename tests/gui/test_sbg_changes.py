"""The Strategy Battle Game views refresh only the part of the state they show: the builder's unit panel follows the
selected unit (and the totals, every unit's profile and count), the tracker's heroes table repaints the rows that
changed, the priority controls, the heroic actions and the resolver leave alone what an action did not touch; and
undo brings every view back to what a view built afresh shows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QGroupBox,
    QLabel,
    QSpinBox,
    QStackedWidget,
    QTabWidget,
    QWidget,
)

from warband.gui.army_document import ArmyDocument
from warband.gui.battle_document import BattleDocument
from warband.gui.systems.sbg import tracker_heroes
from warband.gui.systems.sbg.builder_unit_panel import SbgUnitPanel, totals_text
from warband.gui.systems.sbg.resolver_tab import SbgResolverTab
from warband.gui.systems.sbg.tracker_heroes import HeroesTableModel
from warband.gui.systems.sbg.tracker_heroics import HeroicsPanel
from warband.gui.systems.sbg.tracker_turn_bar import SbgPriorityControls
from warband.model.army import load_army
from warband.model.battle import BattleRun
from warband.model.battle_commands import EndBattle
from warband.model.dice import SeededDice
from warband.model.edits import SetArmyField, SetUnitField
from warband.model.locations import data_dir
from warband.model.systems.sbg import battle_rules as rules
from warband.model.systems.sbg.battle_commands import Declare, NameHero, NextPhase, SetCounter, SetPriority
from warband.model.systems.sbg.schema import SbgArmy

EXAMPLE = data_dir() / "sbg" / "examples" / "riders-of-rohan.warband.json"
THEODEN, EOWYN, CAPTAIN, RIDERS = "u1", "u2", "u3", "u4"
ARAGORN, GANDALF, FRODO = "0:u1", "0:u2", "0:u3"
LURTZ = "1:u1"


def army(name: str, *units: dict[str, Any]) -> SbgArmy:
    return SbgArmy.model_validate({"system": "sbg", "name": name, "units": list(units)})


GOOD = army(
    "Fellowship",
    {"id": "u1", "profile": "aragorn-strider"},
    {"id": "u2", "profile": "gandalf-the-grey"},
    {"id": "u3", "profile": "frodo"},
    {"id": "u4", "profile": "warrior-of-minas-tirith", "count": 12},
)
EVIL = army("Isengard", {"id": "u1", "profile": "lurtz"}, {"id": "u2", "profile": "saruman"})


@pytest.fixture(scope="module")
def sbg_catalogs(builtin_load):
    return builtin_load.for_system("sbg")


def spy(monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> list[tuple[Any, ...]]:
    """Record every call of `owner.name` (still carried out): how often a view rebuilt a part."""
    calls: list[tuple[Any, ...]] = []
    original: Callable[..., Any] = getattr(owner, name)

    def record(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, record)
    return calls


def shows(widget: QWidget) -> list[tuple[Any, ...]]:
    """Everything a widget shows: its visible labels, group titles, combos, spin boxes, buttons and pages."""
    out: list[tuple[Any, ...]] = []
    for child in widget.findChildren(QWidget):
        if not child.isVisibleTo(widget):  # a page not shown keeps what it showed last: nobody sees it
            continue
        name = child.objectName()
        if isinstance(child, QLabel):
            out.append(("label", name, child.text(), child.toolTip()))
        elif isinstance(child, QGroupBox):
            out.append(("group", name, child.title()))
        elif isinstance(child, QComboBox):
            items = [(child.itemText(i), child.itemData(i)) for i in range(child.count())]
            out.append(("combo", name, items, child.currentIndex(), child.isEnabled()))
        elif isinstance(child, QSpinBox):
            out.append(("spin", name, child.value(), child.minimum(), child.maximum(), child.isEnabled()))
        elif isinstance(child, QAbstractButton):
            out.append(("button", name, child.text(), child.isEnabled()))
        elif isinstance(child, QStackedWidget):
            out.append(("pages", name, child.currentIndex()))
    return out


def table(model: QAbstractItemModel) -> list[list[tuple[Any, ...]]]:
    roles = (
        Qt.ItemDataRole.DisplayRole,
        Qt.ItemDataRole.EditRole,
        Qt.ItemDataRole.CheckStateRole,
        Qt.ItemDataRole.ToolTipRole,
    )
    return [
        [tuple(model.index(r, c).data(role) for role in roles) for c in range(model.columnCount())]
        for r in range(model.rowCount())
    ]


def listen(model: QAbstractItemModel) -> tuple[list[tuple[int, int]], list[str]]:
    """The rows each dataChanged repainted, and every reset."""
    changed: list[tuple[int, int]] = []
    resets: list[str] = []
    model.dataChanged.connect(lambda top, bottom, roles=None: changed.append((top.row(), bottom.row())))
    model.modelReset.connect(lambda: resets.append("reset"))
    return changed, resets


# --- the builder's unit panel ---------------------------------------------------------------------------------
@pytest.fixture
def builder(qtbot, sbg_catalogs):
    """The unit panel on the Riders of Rohan, the riders selected (a unit of 8 warriors)."""
    loaded = load_army(EXAMPLE)
    assert isinstance(loaded, SbgArmy)
    document = ArmyDocument(loaded, sbg_catalogs)
    document.select(RIDERS)
    panel = SbgUnitPanel(document)
    qtbot.addWidget(panel)
    return panel, document


def fresh_panel(qtbot, document: ArmyDocument) -> SbgUnitPanel:
    panel = SbgUnitPanel(document)
    qtbot.addWidget(panel)
    return panel


def test_an_edit_elsewhere_does_not_rebuild_the_selected_unit(builder, monkeypatch, qtbot):
    panel, document = builder
    before = shows(panel)
    units, totals, reports = (
        spy(monkeypatch, panel, name) for name in ("_show_unit", "_show_totals", "_show_report")
    )
    assert document.execute(SetArmyField("name", "The King's riders"))
    assert document.execute(SetUnitField(THEODEN, "label", "Théoden, son of Thengel"))
    assert document.execute(SetUnitField(THEODEN, "notes", "Leads from the front."))
    assert document.execute(
        SetArmyField("points_limit", 100)
    )  # over the limit: the army's problem, not the unit's
    assert (units, totals, reports) == ([], [], [])
    assert shows(panel) == before
    assert shows(panel) == shows(fresh_panel(qtbot, document))


def test_another_units_count_changes_the_totals_only(builder, monkeypatch, qtbot):
    panel, document = builder
    units, totals = spy(monkeypatch, panel, "_show_unit"), spy(monkeypatch, panel, "_show_totals")
    before = panel.totals_label.text()
    assert document.execute(SetUnitField(CAPTAIN, "count", 2))  # a hero in numbers: AR-03 for the captain alone
    assert (len(units), len(totals)) == (0, 1)
    assert panel.totals_label.text() != before
    assert panel.totals_label.text() == totals_text(document.army, document)
    assert shows(panel) == shows(fresh_panel(qtbot, document))


def test_an_edit_of_the_selected_unit_rebuilds_it(builder, monkeypatch, qtbot):
    panel, document = builder
    units, totals = spy(monkeypatch, panel, "_show_unit"), spy(monkeypatch, panel, "_show_totals")
    assert document.execute(SetUnitField(RIDERS, "label", "The éored"))
    assert (len(units), len(totals)) == (1, 0)  # a label is not in the totals
    assert panel.findChild(QLabel, "unitTitle").text() == "The éored"
    panel.count_spin.setValue(10)  # typed: a command
    assert document.army.unit(RIDERS).count == 10
    assert (len(units), len(totals)) == (2, 1)
    assert shows(panel) == shows(fresh_panel(qtbot, document))


def test_reloaded_catalogs_rebuild_everything(builder, monkeypatch, sbg_catalogs):
    panel, document = builder
    units, totals = spy(monkeypatch, panel, "_show_unit"), spy(monkeypatch, panel, "_show_totals")
    document.set_catalogs(sbg_catalogs)
    assert (len(units), len(totals)) == (1, 1)


def test_undo_brings_the_panel_back(builder, qtbot):
    panel, document = builder
    first = shows(panel)
    for command in (
        SetUnitField(RIDERS, "count", 3),
        SetUnitField(THEODEN, "count", 2),
        SetUnitField(RIDERS, "profile", "no-such-profile"),  # AR-02 on the selected unit
        SetArmyField("name", "Renamed"),
    ):
        assert document.execute(command)
        assert shows(panel) == shows(fresh_panel(qtbot, document))
    assert "AR-02" in panel.findChild(QLabel, "unitProblems").text()
    while document.undo_label is not None:
        document.undo()
        assert shows(panel) == shows(fresh_panel(qtbot, document))
    assert shows(panel) == first


# --- the tracker ----------------------------------------------------------------------------------------------
@pytest.fixture
def battle(sbg_catalogs):
    started = rules.start_battle([("Aline", GOOD), ("Bruno", EVIL)], sbg_catalogs)
    document = BattleDocument(BattleRun(started, dice=SeededDice(1)))
    yield document
    document.close()


def test_a_counter_repaints_its_hero_only(qtbot, battle):
    model = HeroesTableModel(battle)
    changed, resets = listen(model)
    assert battle.act(SetCounter(key=GANDALF, field="will", value=2))
    row = model.row_of(GANDALF)
    assert changed == [(row, row)] and resets == []
    assert table(model) == table(HeroesTableModel(battle))


def test_an_action_the_heroes_do_not_show_leaves_the_table_alone(qtbot, battle, monkeypatch):
    model = HeroesTableModel(battle)
    changed, resets = listen(model)
    worked = spy(monkeypatch, tracker_heroes, "_rows")
    assert battle.act(SetPriority(side=0))
    assert battle.act(EndBattle(ended=True))
    assert (changed, resets, worked) == ([], [], [])
    assert battle.act(NextPhase())  # the heroic actions begin: the rows read them (numbered, named)
    assert len(worked) == 1 and changed == []


def test_the_priority_controls_follow_the_priority_alone(qtbot, battle, monkeypatch):
    controls = SbgPriorityControls(battle)
    qtbot.addWidget(controls)
    shown = spy(monkeypatch, controls, "_show_priority")
    assert battle.act(SetCounter(key=ARAGORN, field="might", value=1))
    assert battle.act(EndBattle(ended=True))
    assert shown == []
    assert battle.act(EndBattle(ended=False))
    assert battle.act(SetPriority(side=1))
    assert len(shown) == 1
    assert controls.priority_label.text() == "Bruno has priority"
    assert controls.priority_combo.currentIndex() == 2


def test_the_heroic_actions_follow_the_heroes_only_while_declaring(qtbot, battle, monkeypatch):
    panel = HeroicsPanel(battle)
    qtbot.addWidget(panel)
    shown = spy(monkeypatch, panel, "_show_step")
    assert battle.act(SetCounter(key=ARAGORN, field="might", value=1))  # the Priority phase: nothing to declare
    assert shown == []
    assert battle.act(SetPriority(side=0))
    assert battle.act(NextPhase())
    assert battle.act(Declare(side=0, wants=True))
    assert battle.act(Declare(side=1, wants=False))
    assert len(shown) == 4
    before = [panel.hero_combo.itemText(i) for i in range(panel.hero_combo.count())]
    assert before[0].startswith("Aragorn") and before[0].endswith("Might 1")
    assert battle.act(SetCounter(key=ARAGORN, field="might", value=3))  # naming: the combo shows the Might left
    assert len(shown) == 5
    assert "Might 3" in panel.hero_combo.itemText(0)
    assert shows(panel) == shows(HeroicsPanel(battle))


def test_undo_brings_the_tracker_views_back(qtbot, battle):
    model, controls, panel = HeroesTableModel(battle), SbgPriorityControls(battle), HeroicsPanel(battle)
    qtbot.addWidget(controls)
    qtbot.addWidget(panel)
    first = (table(model), shows(controls), shows(panel))
    actions = (
        SetPriority(side=0),
        NextPhase(),
        Declare(side=0, wants=True),
        Declare(side=1, wants=False),
        NameHero(side=0, key=ARAGORN),
        SetCounter(key=FRODO, field="fate", value=0),
    )
    for action in actions:
        assert battle.act(action)

    def fresh() -> tuple[Any, ...]:
        controls, panel = SbgPriorityControls(battle), HeroicsPanel(battle)
        qtbot.addWidget(controls)
        qtbot.addWidget(panel)
        return table(HeroesTableModel(battle)), shows(controls), shows(panel)

    assert (table(model), shows(controls), shows(panel)) == fresh()
    for _action in actions:
        battle.undo()
        assert (table(model), shows(controls), shows(panel)) == fresh()
    assert (table(model), shows(controls), shows(panel)) == first


# --- the resolver ---------------------------------------------------------------------------------------------
def test_the_resolver_leaves_alone_what_it_does_not_show(qtbot, battle, monkeypatch):
    tab = SbgResolverTab(battle)
    qtbot.addWidget(tab)
    refreshed = spy(monkeypatch, tab, "_refresh")
    assert battle.act(EndBattle(ended=True))  # the end of the battle: the resolver does not show it
    assert battle.act(EndBattle(ended=False))
    assert refreshed == []
    assert battle.act(SetCounter(key=LURTZ, field="might", value=0))
    assert len(refreshed) == 1
    assert any("Lurtz" in t and "M 0 /" in t for t in (tab.hero_combo.itemText(i) for i in range(4)))


def test_a_hidden_resolver_defers_only_what_it_shows(qtbot, battle, monkeypatch):
    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    tabs.addTab(QLabel("tracker"), "Tracker")
    tab = SbgResolverTab(battle)
    tabs.addTab(tab, "Resolver")
    tabs.show()
    qtbot.waitExposed(tabs)
    refreshed = spy(monkeypatch, tab, "_refresh")
    assert battle.act(EndBattle(ended=True))
    tabs.setCurrentWidget(tab)
    assert refreshed == []  # nothing to catch up with
    tabs.setCurrentIndex(0)
    assert battle.act(SetCounter(key=ARAGORN, field="fate", value=0))
    assert refreshed == []  # behind the tracker: deferred
    tabs.setCurrentWidget(tab)
    assert len(refreshed) == 1
    assert "F 0 /" in tab.hero_combo.itemText(0)


def test_undo_brings_the_resolver_back(qtbot, battle):
    tab = SbgResolverTab(battle)
    qtbot.addWidget(tab)
    tab.select_hero(GANDALF)
    first = shows(tab)
    actions = (SetCounter(key=GANDALF, field="will", value=1), SetPriority(side=1), NextPhase(), EndBattle())
    for action in actions:
        assert battle.act(action)

    def fresh() -> list[tuple[Any, ...]]:
        made = SbgResolverTab(battle)
        qtbot.addWidget(made)
        made.select_hero(GANDALF)
        return shows(made)

    assert shows(tab) == fresh()
    for _action in actions:
        battle.undo()
        assert shows(tab) == fresh()
    assert shows(tab) == first
