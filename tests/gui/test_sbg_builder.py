"""The Army builder on a Strategy Battle Game army: its browser columns and filters, the unit's profile card, the
warriors' count (one undo step per typed number) and the army's totals line."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableView,
)
from pytestqt.qtbot import QtBot

from warband.gui.army_document import ArmyDocument
from warband.gui.builder.builder_tab import BuilderTab
from warband.gui.builder.profile_table_model import PROFILE_ID_ROLE, ProfileFilterProxyModel, ProfileTableModel
from warband.gui.builder.profile_table_model import SORT_ROLE as PROFILE_SORT_ROLE
from warband.gui.builder.roster_table_model import RosterTableModel
from warband.gui.systems.registry import builder_panels
from warband.gui.systems.sbg.builder_unit_panel import SbgUnitPanel
from warband.model.army import load_army
from warband.model.catalog import Catalogs, builtin_catalog_paths, load_catalogs
from warband.model.edits import SetUnitField
from warband.model.locations import data_dir
from warband.model.systems.sbg.rules import index
from warband.model.systems.sbg.schema import Profile, SbgArmy

EXAMPLE = data_dir() / "sbg" / "examples" / "riders-of-rohan.warband.json"
NAME, FACTION, ALIGNMENT, MWF, WOUNDS, COURAGE, COST = range(7)


@pytest.fixture(scope="module")
def sbg_catalogs() -> Catalogs:
    return load_catalogs(builtin_catalog_paths()).for_system("sbg")


@pytest.fixture
def profiles(sbg_catalogs: Catalogs) -> list[Profile]:
    return list(index(sbg_catalogs).profiles.values())


@pytest.fixture
def example(qapp: QApplication, sbg_catalogs: Catalogs) -> ArmyDocument:
    army = load_army(EXAMPLE)
    assert isinstance(army, SbgArmy)
    return ArmyDocument(army, sbg_catalogs)


@pytest.fixture
def empty(qapp: QApplication, sbg_catalogs: Catalogs) -> ArmyDocument:
    army = SbgArmy.model_validate({"system": "sbg", "name": "Muster", "points_limit": 500})
    return ArmyDocument(army, sbg_catalogs)


def make_tab(qtbot: QtBot, document: ArmyDocument) -> BuilderTab:
    widget = BuilderTab(document)
    qtbot.addWidget(widget)
    widget.resize(1280, 760)
    with qtbot.waitExposed(widget):
        widget.show()
    return widget


@pytest.fixture
def tab(qtbot: QtBot, example: ArmyDocument) -> BuilderTab:
    return make_tab(qtbot, example)


def child(parent: Any, cls: type[Any], name: str) -> Any:
    found = parent.findChild(cls, name)
    assert found is not None, name
    return found


def rows(model: QAbstractItemModel, column: int = 0, role: int = Qt.ItemDataRole.DisplayRole) -> list[Any]:
    return [model.index(r, column).data(role) for r in range(model.rowCount())]


def shown_profiles(tab: BuilderTab) -> set[str]:
    return set(rows(child(tab, QTableView, "profileTable").model(), 0, PROFILE_ID_ROLE))


def choose(combo: QComboBox, data: object) -> None:
    position = combo.findData(data)
    assert position >= 0, data
    combo.setCurrentIndex(position)


def totals_text(tab: BuilderTab) -> str:
    return child(tab, QLabel, "sbgTotals").text()


def card(tab: BuilderTab, field: str) -> str:
    return child(tab, QLabel, f"card_{field}").text()


def add(qtbot: QtBot, tab: BuilderTab, profile_id: str) -> str:
    assert tab.browser.select_profile(profile_id)
    qtbot.mouseClick(child(tab, QPushButton, "addProfileButton"), Qt.MouseButton.LeftButton)
    unit = tab.document.army.units[-1]
    assert (unit.profile, tab.document.selected) == (profile_id, unit.id)
    return unit.id


# --- the registry and the models --------------------------------------------------------------------------------
def test_the_registry_gives_sbg_its_columns_filters_and_unit_panel(qapp: QApplication) -> None:
    panels = builder_panels("sbg")
    titles = [c.title for c in panels.profiles.columns]
    assert titles == ["Name", "Faction", "Alignment", "M/W/F", "Wounds", "Courage", "Cost"]
    assert [f.name for f in panels.profiles.filters] == ["alignment", "kind", "faction"]
    assert panels.unit_panel is SbgUnitPanel


def test_profile_models_pass_the_model_tester(qtmodeltester: Any, sbg_catalogs: Catalogs) -> None:
    model = ProfileTableModel(sbg_catalogs)  # the catalogs' system picks the description
    qtmodeltester.check(model)
    assert model.columnCount() == 7
    proxy = ProfileFilterProxyModel()
    proxy.setSourceModel(ProfileTableModel(sbg_catalogs, parent=proxy))
    proxy.sort(MWF, Qt.SortOrder.DescendingOrder)
    qtmodeltester.check(proxy)
    proxy.set_filter("alignment", "evil")
    proxy.set_filter("kind", "heroes")
    proxy.set_text("shaman")
    assert proxy.rowCount() == 1
    qtmodeltester.check(proxy)


def test_the_roster_of_an_sbg_army_shows_and_edits_the_count(qtmodeltester: Any, example: ArmyDocument) -> None:
    roster = RosterTableModel(example)
    qtmodeltester.check(roster)
    count = roster.column_of(RosterTableModel.COUNT)
    assert rows(roster, count) == [1, 1, 1, 8, 12, 6]
    assert roster.setData(roster.index(3, count), 10)
    assert example.army.unit("u4").count == 10


# --- the browser ------------------------------------------------------------------------------------------------
def test_the_browser_shows_sbg_values(tab: BuilderTab, profiles: list[Profile]) -> None:
    model = tab.browser.profile_model
    assert model.rowCount() == len(profiles)
    gandalf = model.row_of("gandalf-the-grey")
    values = [model.index(gandalf, c).data() for c in range(7)]
    assert values == ["Gandalf the Grey", "The Fellowship", "Good", "3/6/3", "3", "7", "170"]
    tooltip = model.index(gandalf, NAME).data(Qt.ItemDataRole.ToolTipRole)
    assert "Immobilise 3+" in tooltip and "hero" in tooltip
    rider = model.row_of("rider-of-rohan")
    assert [model.index(rider, c).data() for c in (ALIGNMENT, MWF, WOUNDS, COST)] == ["Good", "—", "1", "13"]
    assert model.index(rider, MWF).data(PROFILE_SORT_ROLE) == -1
    header = child(tab, QTableView, "profileTable").horizontalHeader()
    assert not header.isSectionHidden(NAME) and not header.isSectionHidden(COST)
    assert not header.isSectionHidden(MWF)  # the last to go when the column is narrow


def test_the_browser_filters_by_alignment_kind_and_faction(tab: BuilderTab, profiles: list[Profile]) -> None:
    sides = child(tab, QComboBox, "alignmentFilter")
    assert [sides.itemText(i) for i in range(sides.count())] == ["Both sides", "Good", "Evil"]
    choose(sides, "evil")
    assert shown_profiles(tab) == {p.id for p in profiles if p.alignment == "evil"}
    kinds = child(tab, QComboBox, "kindFilter")
    assert [kinds.itemText(i) for i in range(kinds.count())] == ["Any kind", "Heroes", "Warriors"]
    choose(kinds, "warriors")
    assert shown_profiles(tab) == {p.id for p in profiles if p.alignment == "evil" and p.hero is None}
    sides.setCurrentIndex(0)
    choose(kinds, "heroes")
    factions = child(tab, QComboBox, "factionFilter")
    texts = [factions.itemText(i) for i in range(factions.count())]
    assert texts[0] == "All factions" and "Rohan" in texts and "Mordor" in texts
    choose(factions, "Rohan")
    assert shown_profiles(tab) == {"theoden", "eomer", "eowyn", "captain-of-rohan"}
    kinds.setCurrentIndex(0)
    factions.setCurrentIndex(0)
    child(tab, QLineEdit, "profileFilter").setText("isengard")  # a faction's name finds its profiles
    assert shown_profiles(tab) == {p.id for p in profiles if p.faction == "Isengard"}


# --- adding, the card, the count and the totals -----------------------------------------------------------------
def test_adding_a_hero_and_warriors_then_typing_a_count_is_one_undo_step(
    qtbot: QtBot, empty: ArmyDocument
) -> None:
    tab = make_tab(qtbot, empty)
    assert isinstance(tab.unit_panel, SbgUnitPanel)
    assert totals_text(tab) == "Points 0 · Models 0 · Might 0 · Will 0 · Fate 0"
    assert child(tab, QLabel, "unitHint").isVisible()

    add(qtbot, tab, "theoden")
    assert empty.session.undo_label == "Add Théoden"
    assert child(tab, QGroupBox, "profileCard").title() == "Théoden (hero)"
    assert (card(tab, "mwf"), card(tab, "wounds"), card(tab, "spells")) == ("3/3/1", "2", "none")
    assert not child(tab, QSpinBox, "countSpin").isVisible()
    assert child(tab, QLabel, "heroNote").isVisible()
    assert totals_text(tab) == "Points 75 · Models 1 · Might 3 · Will 3 · Fate 1"

    rider = add(qtbot, tab, "rider-of-rohan")
    assert child(tab, QGroupBox, "profileCard").title() == "Rider of Rohan (warrior)"
    assert card(tab, "mwf") == "— (a warrior has none)"
    spin = child(tab, QSpinBox, "countSpin")
    assert spin.isVisible() and spin.value() == 1
    assert totals_text(tab) == "Points 88 · Models 2 · Might 3 · Will 3 · Fate 1"

    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, "12")  # "1", then "12": two edits, one undo step
    assert empty.army.unit(rider).count == 12
    assert empty.session.undo_label == "Change count"
    assert totals_text(tab) == "Points 231 · Models 13 · Might 3 · Will 3 · Fate 1"
    assert child(tab, QLabel, "unitCost").text() == "156 points in all"
    qtbot.keyClick(spin, Qt.Key.Key_Return)  # the number is done: the next one is another step
    spin.selectAll()
    qtbot.keyClicks(spin, "8")
    assert empty.army.unit(rider).count == 8

    empty.undo()
    assert empty.army.unit(rider).count == 12
    assert spin.value() == 12
    empty.undo()
    assert empty.army.unit(rider).count == 1
    assert spin.value() == 1
    assert totals_text(tab) == "Points 88 · Models 2 · Might 3 · Will 3 · Fate 1"
    assert empty.session.undo_label == "Add Rider of Rohan"


def test_the_card_shows_spells_with_casting_values(qtbot: QtBot, empty: ArmyDocument) -> None:
    tab = make_tab(qtbot, empty)
    add(qtbot, tab, "gandalf-the-grey")
    assert card(tab, "spells").startswith("Blinding Light 2+, Immobilise 3+, Terrify 3+")
    assert (card(tab, "faction"), card(tab, "alignment"), card(tab, "courage")) == ("The Fellowship", "Good", "7")
    assert card(tab, "cost") == "170 points per model"
    add(qtbot, tab, "orc-shaman")
    assert card(tab, "spells") == "Fury 3+, Transfix 5+"
    problems = tab.problems.model
    assert [problems.index(r, 0).data() for r in range(problems.rowCount())] == ["AR-03"]  # Good with Evil
    assert "mixes Good and Evil" in problems.index(0, 2).data()


def test_the_example_army_totals_and_a_hero_in_numbers(tab: BuilderTab, example: ArmyDocument) -> None:
    assert totals_text(tab) == "Points 424 · Models 29 · Might 6 · Will 7 · Fate 3"
    example.select("u4")
    assert child(tab, QLabel, "unitTitle").text() == "Riders of the King's éored"
    assert child(tab, QSpinBox, "countSpin").value() == 8
    assert not child(tab, QLabel, "unitProblems").isVisible()
    example.execute(SetUnitField("u1", "count", 2), select="u1")  # a hand-edited file, say
    spin = child(tab, QSpinBox, "countSpin")
    assert spin.isVisible() and spin.value() == 2  # shown so that it can be put right
    warning = child(tab, QLabel, "unitProblems")
    assert warning.isVisible()
    assert warning.text() == (
        "⚠ AR-03: Théoden King is a hero: one model, not 2\n"
        "⚠ SB-08: Théoden is a named hero: an army may hold only one, not 2 (Théoden King)"
    )
    assert totals_text(tab) == "Points 499 · Models 30 · Might 9 · Will 10 · Fate 4"
    spin.setValue(1)
    assert example.army.unit("u1").count == 1
    assert not warning.isVisible() and not spin.isVisible()


def test_an_unknown_profile_keeps_its_count(tab: BuilderTab, example: ArmyDocument) -> None:
    example.execute(SetUnitField("u5", "profile", "gone-profile"), select="u5")
    assert child(tab, QGroupBox, "profileCard").title() == "Unknown profile “gone-profile” (AR-02)"
    assert child(tab, QLabel, "unitCost").text() == "cost unknown (AR-02)"
    assert child(tab, QSpinBox, "countSpin").value() == 12
    assert totals_text(tab) == "Points 340 · Models 29 · Might 6 · Will 7 · Fate 3"


def test_the_roster_counts_sbg_points_not_army_points(tab: BuilderTab, example: ArmyDocument) -> None:
    roster = RosterTableModel(example)
    cost = roster.column_of(RosterTableModel.COST)
    assert roster.headerData(cost, Qt.Orientation.Horizontal) == "Points"  # the game's word, as a title
    panel = tab.roster
    assert panel.limit_spin.suffix() == " points"
    assert panel.total_label.text() == "Total: 424 / 500 points"
