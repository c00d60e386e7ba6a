"""The « Par le Fer et par le Verbe » views refresh only the part of the state they show: the builder's card and
combinations follow the selected character (the tree, its profile alone), the tracker's party table repaints the
rows that changed, the casting, distraction and time panels, the scene controls and the resolver leave alone what
an action did not touch; and undo brings every view back to what a view built afresh shows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtWidgets import QAbstractButton, QComboBox, QGroupBox, QLabel, QSpinBox, QTabWidget, QWidget

from warband.gui.army_document import ArmyDocument
from warband.gui.battle_document import BattleDocument
from warband.gui.systems.pfpv import tracker_characters
from warband.gui.systems.pfpv.builder_unit_panel import PfpvUnitPanel
from warband.gui.systems.pfpv.resolver_tab import PfpvResolverTab
from warband.gui.systems.pfpv.rolls import casting_odds
from warband.gui.systems.pfpv.tracker_tab import PfpvTrackerTab
from warband.model.army import load_army
from warband.model.battle import BattleRun
from warband.model.catalog import builtin_catalog_paths, load_catalogs
from warband.model.dice import SeededDice
from warband.model.edits import SetArmyField, SetUnitField
from warband.model.locations import data_dir
from warband.model.systems.pfpv.scene import (
    EndCombat,
    EndScene,
    NextRound,
    SetValue,
    StartCasting,
    TimePasses,
    start_scene,
)
from warband.model.systems.pfpv.schema import PfpvArmy

EXAMPLE = data_dir() / "pfpv" / "examples" / "the-company.warband.json"
MERLIN, APPRENTICE, PYROMANCER = "u1", "u2", "u3"
FIREBALL, SHIELD = "boule-de-feu", "bouclier-magique"


@pytest.fixture(scope="module")
def pfpv_catalogs(builtin_load):
    return builtin_load.for_system("pfpv")


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
    """Everything a widget shows: its visible labels, group titles, combos, spin boxes and buttons."""
    out: list[tuple[Any, ...]] = []
    for child in widget.findChildren(QWidget):
        if not child.isVisibleTo(widget):
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
    return out


ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole, Qt.ItemDataRole.ToolTipRole)


def table(model: QAbstractItemModel, parent: QModelIndex | None = None) -> list[Any]:
    """Every cell of a table or tree (its children under each row), in the roles a view paints."""
    parent = parent or QModelIndex()
    rows = []
    for r in range(model.rowCount(parent)):
        cells = [tuple(model.index(r, c, parent).data(role) for role in ROLES) for c in range(model.columnCount())]
        rows.append((cells, table(model, model.index(r, 0, parent))))
    return rows


def listen(model: QAbstractItemModel) -> tuple[list[tuple[int, int]], list[str]]:
    """The rows each dataChanged repainted, and every reset."""
    changed: list[tuple[int, int]] = []
    resets: list[str] = []
    model.dataChanged.connect(lambda top, bottom, roles=None: changed.append((top.row(), bottom.row())))
    model.modelReset.connect(lambda: resets.append("reset"))
    return changed, resets


# --- the builder's unit panel ---------------------------------------------------------------------------------
@pytest.fixture
def builder(qtbot, pfpv_catalogs):
    """The panel on the example company, Merlin selected."""
    loaded = load_army(EXAMPLE)
    assert isinstance(loaded, PfpvArmy)
    document = ArmyDocument(loaded, pfpv_catalogs)
    document.select(MERLIN)
    panel = PfpvUnitPanel(document)
    qtbot.addWidget(panel)
    return panel, document


def fresh_panel(qtbot, document: ArmyDocument) -> PfpvUnitPanel:
    panel = PfpvUnitPanel(document)
    qtbot.addWidget(panel)
    return panel


def panel_shows(panel: PfpvUnitPanel) -> tuple[Any, ...]:
    return shows(panel), table(panel.combinations)


def test_an_edit_elsewhere_does_not_rebuild_the_selected_character(builder, monkeypatch, qtbot):
    panel, document = builder
    before = panel_shows(panel)
    changed, resets = listen(panel.combinations)
    cards, problems = spy(monkeypatch, panel, "_refresh"), spy(monkeypatch, panel, "_show_problems")
    assert document.execute(SetArmyField("name", "The fellowship of the staff"))
    assert document.execute(SetUnitField(APPRENTICE, "label", "Viviane"))
    assert document.execute(SetUnitField(APPRENTICE, "notes", "Learns fast."))
    assert document.execute(SetUnitField(PYROMANCER, "profile", "no-such-character"))  # AR-02, not Merlin's
    assert (cards, problems, changed, resets) == ([], [], [], [])
    assert panel_shows(panel) == before
    assert panel_shows(panel) == panel_shows(fresh_panel(qtbot, document))


def test_a_rename_of_the_selected_character_leaves_its_combinations(builder, monkeypatch, qtbot):
    panel, document = builder
    changed, resets = listen(panel.combinations)
    cards = spy(monkeypatch, panel, "_refresh")
    assert document.execute(SetUnitField(MERLIN, "label", "Myrddin"))
    assert len(cards) == 1 and (changed, resets) == ([], [])
    assert panel.findChild(QLabel, "unitTitle").text().startswith("Myrddin")
    assert document.execute(SetUnitField(MERLIN, "profile", "apprentie"))  # another character: another tree
    assert len(cards) == 2 and resets == ["reset"]
    assert panel_shows(panel) == panel_shows(fresh_panel(qtbot, document))


def test_the_selected_characters_problems_show(builder, monkeypatch, qtbot):
    panel, document = builder
    problems = spy(monkeypatch, panel, "_show_problems")
    assert document.execute(SetUnitField(MERLIN, "profile", "no-such-character"))
    assert len(problems) == 1
    label = panel.findChild(QLabel, "unitProblems")
    assert label.isVisibleTo(panel) and "AR-02" in label.text()
    assert panel_shows(panel) == panel_shows(fresh_panel(qtbot, document))


def test_reloaded_catalogs_rebuild_everything(builder, monkeypatch):
    panel, document = builder
    _changed, resets = listen(panel.combinations)
    cards = spy(monkeypatch, panel, "_refresh")
    document.set_catalogs(load_catalogs(builtin_catalog_paths()).for_system("pfpv"))
    assert len(cards) == 1 and resets == ["reset"]


def test_undo_brings_the_panel_back(builder, qtbot):
    panel, document = builder
    first = panel_shows(panel)
    for command in (
        SetUnitField(MERLIN, "label", "Myrddin"),
        SetUnitField(MERLIN, "profile", "pyromancien"),
        SetUnitField(APPRENTICE, "profile", "no-such-character"),
        SetUnitField(MERLIN, "profile", "no-such-character"),
        SetArmyField("name", "Renamed"),
    ):
        assert document.execute(command)
        assert panel_shows(panel) == panel_shows(fresh_panel(qtbot, document))
    while document.undo_label is not None:
        document.undo()
        assert panel_shows(panel) == panel_shows(fresh_panel(qtbot, document))
    assert panel_shows(panel) == first


# --- the tracker ----------------------------------------------------------------------------------------------
@pytest.fixture
def scene(pfpv_catalogs):
    party = load_army(EXAMPLE)
    assert isinstance(party, PfpvArmy)
    document = BattleDocument(BattleRun(start_scene(party, pfpv_catalogs), dice=SeededDice(1)))
    yield document
    document.close()


@pytest.fixture
def tracker(qtbot, scene):
    """The tracker, Merlin chosen."""
    tab = PfpvTrackerTab(scene)
    qtbot.addWidget(tab)
    tab.select_character(MERLIN)
    return tab


def fresh_tracker(qtbot, scene: BattleDocument, key: str = MERLIN) -> PfpvTrackerTab:
    tab = PfpvTrackerTab(scene)
    qtbot.addWidget(tab)
    tab.select_character(key)
    return tab


def tracker_shows(tab: PfpvTrackerTab) -> tuple[Any, ...]:
    """The party table, the castings, and the panels and controls of the scene (not the log)."""
    panels = (tab.casting_panel, tab.distraction_panel, tab.time_panel, tab.scene_controls)
    return (
        table(tab.characters_model),
        table(tab.casting_panel.model),
        [shows(panel) for panel in panels],
        tab.battle_bar.turn_label.property("combat"),
    )


def test_a_value_repaints_its_character_only(tracker, scene, monkeypatch):
    changed, resets = listen(tracker.characters_model)
    casting_changed, casting_resets = listen(tracker.casting_panel.model)
    castings = spy(monkeypatch, tracker.casting_panel, "_show_state")
    distractions = spy(monkeypatch, tracker.distraction_panel, "_show_state")
    assert scene.act(SetValue(key=APPRENTICE, field="don", value=10))
    row = tracker.characters_model.row_of(APPRENTICE)
    assert changed == [(row, row)] and resets == []
    assert (casting_changed, casting_resets, castings, distractions) == ([], [], [], [])  # Merlin's panels
    assert "+" in tracker.time_panel.preview_label.text().splitlines()[row]  # the apprentice recovers now


def test_an_action_no_row_shows_leaves_the_table_alone(tracker, scene, monkeypatch):
    changed, resets = listen(tracker.characters_model)
    worked = spy(monkeypatch, tracker_characters, "character_rows")
    previews = spy(monkeypatch, tracker.time_panel, "_on_choice_changed")
    assert scene.act(NextRound())
    assert scene.act(EndCombat())
    assert (changed, resets, worked, previews) == ([], [], [], [])
    assert scene.act(StartCasting(key=MERLIN, spell=FIREBALL))  # a casting: a row, not the Don recovered
    assert len(worked) == 1 and changed == [(0, 0)] and previews == []


def test_the_scene_controls_follow_the_hours_and_the_round(tracker, scene, monkeypatch):
    controls = tracker.scene_controls
    shown = spy(monkeypatch, controls, "_show_scene")
    assert scene.act(SetValue(key=MERLIN, field="don", value=50))
    assert scene.act(StartCasting(key=MERLIN, spell=SHIELD))
    assert shown == []
    assert not controls.end_button.isEnabled()
    assert scene.act(NextRound())
    assert len(shown) == 1 and controls.end_button.isEnabled()
    assert scene.act(TimePasses(hours=2, activity="calm"))
    assert len(shown) == 2 and controls.hours_label.text() == "2 hours passed"


def test_the_casting_panel_follows_its_character(tracker, scene, monkeypatch):
    panel = tracker.casting_panel
    changed, resets = listen(panel.model)
    shown = spy(monkeypatch, panel, "_show_state")
    assert scene.act(StartCasting(key=MERLIN, spell=FIREBALL))
    assert resets == ["reset"] and len(shown) == 1
    assert scene.act(StartCasting(key=MERLIN, spell=SHIELD))
    assert resets == ["reset", "reset"] and len(shown) == 2
    assert "2 spells at once" in panel.penalty_label.text()
    assert scene.act(NextRound())  # the rows show the round a casting began, not the round now
    assert scene.act(StartCasting(key=PYROMANCER, spell=FIREBALL))
    assert scene.act(SetValue(key=MERLIN, field="don", value=60))  # the party table shows it, not this panel
    assert (changed, len(resets), len(shown)) == ([], 2, 2)
    assert scene.act(SetValue(key=MERLIN, field="fatigue", value=1))  # a penalty on every roll
    assert (changed, len(resets), len(shown)) == ([], 2, 3)
    assert "fatigue −1" in panel.penalty_label.text()


def test_undo_brings_the_tracker_back(tracker, scene, qtbot):
    first = tracker_shows(tracker)
    actions = (
        StartCasting(key=MERLIN, spell=FIREBALL),
        SetValue(key=MERLIN, field="fatigue", value=2),
        NextRound(),
        StartCasting(key=MERLIN, spell=SHIELD),
        SetValue(key=APPRENTICE, field="don", value=3),
        TimePasses(hours=3, activity="asleep"),
        EndScene(),
    )
    for action in actions:
        assert scene.act(action)
        assert tracker_shows(tracker) == tracker_shows(fresh_tracker(qtbot, scene))
    for _action in actions:
        scene.undo()
        assert tracker_shows(tracker) == tracker_shows(fresh_tracker(qtbot, scene))
    assert tracker_shows(tracker) == first


# --- the resolver ---------------------------------------------------------------------------------------------
def combo_texts(combo: QComboBox) -> list[str]:
    return [combo.itemText(i) for i in range(combo.count())]


def test_the_resolver_leaves_alone_what_it_does_not_show(qtbot, scene, monkeypatch):
    tab = PfpvResolverTab(scene)
    qtbot.addWidget(tab)
    refreshed = spy(monkeypatch, tab, "_refresh")
    assert scene.act(NextRound())
    assert scene.act(EndCombat())
    assert scene.act(EndScene())
    assert refreshed == []
    assert scene.act(SetValue(key=MERLIN, field="don", value=40))
    assert len(refreshed) == 1
    assert combo_texts(tab.character_combo)[0] == "Merlin — Don 40/120, Vitality 14/14"


def test_a_hidden_resolver_defers_only_what_it_shows(qtbot, scene, monkeypatch):
    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    tabs.addTab(QLabel("tracker"), "Tracker")
    tab = PfpvResolverTab(scene)
    tabs.addTab(tab, "Resolver")
    tabs.show()
    qtbot.waitExposed(tabs)
    refreshed = spy(monkeypatch, tab, "_refresh")
    assert scene.act(NextRound())
    tabs.setCurrentWidget(tab)
    assert refreshed == []  # nothing to catch up with
    tabs.setCurrentIndex(0)
    assert scene.act(SetValue(key=MERLIN, field="vitality", value=5))
    assert refreshed == []  # behind the tracker: deferred
    tabs.setCurrentWidget(tab)
    assert len(refreshed) == 1
    assert combo_texts(tab.character_combo)[0] == "Merlin — Don 120/120, Vitality 5/14"


def test_undo_brings_the_resolver_back(qtbot, scene):
    tab = PfpvResolverTab(scene)
    qtbot.addWidget(tab)
    first = combo_texts(tab.character_combo)
    actions = (
        SetValue(key=MERLIN, field="don", value=7),
        StartCasting(key=MERLIN, spell=FIREBALL),
        SetValue(key=MERLIN, field="fatigue", value=3),
        NextRound(),
    )
    for action in actions:
        assert scene.act(action)
    for _action in actions:
        scene.undo()
        fresh = PfpvResolverTab(scene)
        qtbot.addWidget(fresh)
        assert combo_texts(tab.character_combo) == combo_texts(fresh.character_combo)
        choice = tab.choice()
        assert choice is not None and tab.selected_key is not None
        assert tab.odds_panel.odds == casting_odds(scene.battle, tab.selected_key, choice)  # fatigue, Don now
    assert combo_texts(tab.character_combo) == first
