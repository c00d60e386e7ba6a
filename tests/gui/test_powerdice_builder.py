"""The Army builder on a power-dice army: its browser columns and filters, and a caster's spells (PD-01)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QLabel, QLineEdit, QPushButton, QTableView
from pytestqt.qtbot import QtBot

from warband.gui.army_document import ArmyDocument
from warband.gui.builder.builder_tab import BuilderTab
from warband.gui.builder.entry_tables import disabled_text_colour, warning_colour
from warband.gui.builder.profile_table_model import PROFILE_ID_ROLE, ProfileFilterProxyModel, ProfileTableModel
from warband.gui.builder.profile_table_model import SORT_ROLE as PROFILE_SORT_ROLE
from warband.gui.systems.confrontation.unit_panel import UnitPanel
from warband.gui.systems.powerdice.builder_held_model import HeldSpellsTableModel
from warband.gui.systems.powerdice.builder_spells_model import (
    CHOICE_ROLE,
    COLUMNS,
    SORT_ROLE,
    SpellOptionsFilterProxyModel,
    SpellOptionsTableModel,
)
from warband.gui.systems.powerdice.builder_unit_panel import PowerDiceUnitPanel
from warband.gui.systems.registry import builder_panels, builder_systems
from warband.model.army import load_army
from warband.model.catalog import Catalogs, builtin_catalog_paths, load_catalogs
from warband.model.edits import AddEntry, SetUnitField
from warband.model.locations import data_dir
from warband.model.names import display_name
from warband.model.system import games
from warband.model.systems.confrontation.schema import ConfrontationArmy
from warband.model.systems.powerdice.rules import shares_trait
from warband.model.systems.powerdice.schema import Caster, PowerDiceArmy, Profile, Spell

EXAMPLE = data_dir() / "powerdice" / "examples" / "border-skirmish.warband.json"
NAME, TRAITS, LEVEL, COST = range(4)


@pytest.fixture(scope="module")
def pd_catalogs() -> Catalogs:
    return load_catalogs(builtin_catalog_paths()).for_system("powerdice")


@pytest.fixture
def spells(pd_catalogs: Catalogs) -> list[Spell]:
    return [s for s in pd_catalogs.entries["spells"].values() if isinstance(s, Spell)]


@pytest.fixture
def pd_profiles(pd_catalogs: Catalogs) -> list[Profile]:
    return [p for p in pd_catalogs.entries["profiles"].values() if isinstance(p, Profile)]


@pytest.fixture
def pd_document(qapp: QApplication, pd_catalogs: Catalogs) -> ArmyDocument:
    army = load_army(EXAMPLE)
    assert isinstance(army, PowerDiceArmy)
    return ArmyDocument(army, pd_catalogs)


@pytest.fixture
def tab(qtbot: QtBot, pd_document: ArmyDocument) -> BuilderTab:
    widget = BuilderTab(pd_document)
    qtbot.addWidget(widget)
    widget.resize(1280, 760)
    with qtbot.waitExposed(widget):
        widget.show()
    return widget


def child(tab: BuilderTab, cls: type[Any], name: str) -> Any:
    found = tab.findChild(cls, name)
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


def picker_ids(tab: BuilderTab) -> list[str]:
    return [c.id for c in rows(child(tab, QTableView, "spellPicker").model(), 0, CHOICE_ROLE)]


def picker_index(tab: BuilderTab, spell_id: str) -> Any:
    model = child(tab, QTableView, "spellPicker").model()
    row = picker_ids(tab).index(spell_id)
    return model.index(row, 0)


def held_texts(tab: BuilderTab) -> list[tuple[str, str, str]]:
    model = child(tab, QTableView, "heldSpells").model()
    return [tuple(model.index(r, c).data() for c in range(3)) for r in range(model.rowCount())]


def english(spell: Spell) -> str:
    return display_name(spell.name, ("en",))


def add_battle_mage(qtbot: QtBot, tab: BuilderTab, document: ArmyDocument) -> str:
    assert tab.browser.select_profile("magicien-de-bataille")
    qtbot.mouseClick(child(tab, QPushButton, "addProfileButton"), Qt.MouseButton.LeftButton)
    unit = document.army.units[-1]
    assert (unit.profile, document.selected) == ("magicien-de-bataille", unit.id)
    assert document.session.undo_label == "Add Battle mage"
    return unit.id


# --- the registry -----------------------------------------------------------------------------------------------
def test_the_registry_gives_each_system_its_columns_and_unit_panel(qapp: QApplication) -> None:
    assert builder_systems() == sorted(game.id for game in games() if game.ui is not None)  # plug-ins too
    assert {"confrontation", "pfpv", "powerdice", "sbg"} <= set(builder_systems())
    powerdice = builder_panels("powerdice")
    assert [c.title for c in powerdice.profiles.columns] == ["Name", "Traits", "Level", "Cost"]
    assert [f.name for f in powerdice.profiles.filters] == ["trait", "kind"]
    assert powerdice.unit_panel is PowerDiceUnitPanel
    confrontation = builder_panels("confrontation")
    titles = [c.title for c in confrontation.profiles.columns]
    assert titles == ["Name", "People", "Cult", "Kind", "Discipline", "Cost (A.P.)"]
    assert [f.name for f in confrontation.profiles.filters] == ["people", "cult", "kind"]
    assert confrontation.unit_panel is UnitPanel


def test_a_system_without_panels_gets_names_costs_and_a_panel_that_says_so(qtbot: QtBot) -> None:
    panels = builder_panels("nosuch")  # a system with no panels
    assert [c.title for c in panels.profiles.columns] == ["Name", "Cost (A.P.)"]
    assert panels.profiles.filters == ()
    army = ConfrontationArmy.model_validate({"system": "confrontation"})
    panel = panels.unit_panel(ArmyDocument(army, Catalogs("confrontation")))
    qtbot.addWidget(panel)
    assert "no unit panel" in child(panel, QLabel, "unitHint").text()


def test_a_confrontation_army_keeps_its_browser_and_unit_panel(qtbot: QtBot, document: ArmyDocument) -> None:
    widget = BuilderTab(document)
    qtbot.addWidget(widget)
    assert isinstance(widget.unit_panel, UnitPanel)
    for name in ("peopleFilter", "cultFilter", "kindFilter"):
        assert child(widget, QComboBox, name).accessibleName()


# --- the models -------------------------------------------------------------------------------------------------
def test_profile_models_pass_the_model_tester(qtmodeltester: Any, pd_catalogs: Catalogs) -> None:
    model = ProfileTableModel(pd_catalogs)  # the catalogs' system picks the description
    qtmodeltester.check(model)
    assert model.columnCount() == 4
    proxy = ProfileFilterProxyModel()
    proxy.setSourceModel(ProfileTableModel(pd_catalogs, parent=proxy))
    proxy.sort(LEVEL, Qt.SortOrder.DescendingOrder)
    qtmodeltester.check(proxy)
    proxy.set_filter("trait", "priest")
    proxy.set_filter("kind", "other")
    assert proxy.rowCount() == 0
    proxy.set_filter("kind", "casters")
    proxy.set_text("oracle")
    assert proxy.rowCount() == 1
    qtmodeltester.check(proxy)


def test_spell_models_pass_the_model_tester(
    qtmodeltester: Any, pd_document: ArmyDocument, spells: list[Spell]
) -> None:
    held = HeldSpellsTableModel(pd_document)
    options = SpellOptionsTableModel(pd_document)
    proxy = SpellOptionsFilterProxyModel()
    proxy.setSourceModel(options)
    proxy.sort(COLUMNS.index("duration"))
    for model in (held, options, proxy):
        qtmodeltester.check(model)
    pd_document.select("u1")
    assert held.rowCount() == 2
    assert options.rowCount() == len(spells)
    proxy.set_show_ineligible(True)
    pd_document.execute(AddEntry("u1", "spells", "soins"))
    pd_document.select("u4")
    proxy.set_search("fire")
    for model in (held, options, proxy):
        qtmodeltester.check(model)


def test_an_edit_repaints_only_the_spell_it_changed(pd_document: ArmyDocument) -> None:
    pd_document.select("u1")
    options = SpellOptionsTableModel(pd_document)
    resets: list[bool] = []
    changed: list[tuple[int, int]] = []
    options.modelReset.connect(lambda: resets.append(True))
    options.dataChanged.connect(lambda first, last: changed.append((first.row(), last.row())))
    pd_document.execute(AddEntry("u1", "spells", "eclair"))
    row = [options.choice(r).id for r in range(options.rowCount())].index("eclair")
    assert (resets, changed) == ([], [(row, row)])
    assert options.choice(row).owned == 1


def test_spell_cells_sort_by_value(pd_document: ArmyDocument) -> None:
    pd_document.select("u1")
    options = SpellOptionsTableModel(pd_document)
    by_id = {options.choice(r).id: r for r in range(options.rowCount())}
    duration = COLUMNS.index("duration")
    texts = {key: options.index(by_id[key], duration).data() for key in ("boule-de-feu", "bouclier-arcanique")}
    assert texts == {"boule-de-feu": "instant", "bouclier-arcanique": "1 turn"}
    assert options.index(by_id["brume-illusoire"], duration).data() == "2 turns"
    assert options.index(by_id["lever-les-morts"], duration).data() == "long"
    keys = [options.index(by_id[k], duration).data(SORT_ROLE) for k in ("soins", "benediction", "lever-les-morts")]
    assert keys == sorted(keys)
    traits = options.index(by_id["peau-d-ecorce"], COLUMNS.index("traits")).data()
    assert traits == "shaman (druid), priest (cleric)"


# --- the browser ------------------------------------------------------------------------------------------------
def test_the_browser_shows_traits_and_level(qtbot: QtBot, tab: BuilderTab, pd_profiles: list[Profile]) -> None:
    model = tab.browser.profile_model
    assert model.rowCount() == len(pd_profiles) == 20
    titles = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert titles == ["Name", "Traits", "Level", "Cost"]
    mage = model.row_of("magicien-de-bataille")
    assert [model.index(mage, c).data() for c in range(4)] == ["Battle mage", "magician", "2", "55"]
    assert "Caster: magician, level 2" in model.index(mage, NAME).data(Qt.ItemDataRole.ToolTipRole)
    witch = model.row_of("sorcier-des-tertres")
    assert model.index(witch, TRAITS).data() == "necromancer, shaman (druid)"
    halberds = model.row_of("hallebardiers")
    assert [model.index(halberds, c).data() for c in (TRAITS, LEVEL)] == ["", "—"]
    assert model.index(halberds, LEVEL).data(PROFILE_SORT_ROLE) == -1
    assert tab.findChild(QComboBox, "peopleFilter") is None
    header = child(tab, QTableView, "profileTable").horizontalHeader()
    assert not header.isSectionHidden(NAME) and not header.isSectionHidden(COST)
    assert not header.isSectionHidden(LEVEL)  # at the usual width; Traits goes first when narrow
    tab.columns.setSizes([640, 300, 340])
    qtbot.waitUntil(lambda: not any(header.isSectionHidden(c) for c in range(4)))


def test_the_browser_filters_by_trait_and_kind(tab: BuilderTab, pd_profiles: list[Profile]) -> None:
    traits = child(tab, QComboBox, "traitFilter")
    texts = [traits.itemText(i) for i in range(traits.count())]
    assert texts == ["Any trait", "magician", "necromancer", "shaman (druid)", "priest (cleric)"]
    choose(traits, "priest")
    assert shown_profiles(tab) == {p.id for p in pd_profiles if p.caster and "priest" in p.caster.traits}
    assert shown_profiles(tab) == {"acolyte", "pretre-de-guerre", "haut-pretre", "oracle-des-bois"}
    traits.setCurrentIndex(0)
    kinds = child(tab, QComboBox, "kindFilter")
    assert [kinds.itemText(i) for i in range(kinds.count())] == ["Any kind", "Casters only", "Not casters"]
    choose(kinds, "casters")
    assert shown_profiles(tab) == {p.id for p in pd_profiles if p.caster is not None}
    choose(kinds, "other")
    assert shown_profiles(tab) == {p.id for p in pd_profiles if p.caster is None}
    choose(traits, "magician")
    assert shown_profiles(tab) == set()
    choose(kinds, "all")
    child(tab, QLineEdit, "profileFilter").setText("druid")  # a trait's other name finds its casters
    assert shown_profiles(tab) == set()  # no magician is a druid
    traits.setCurrentIndex(0)
    shamans = {p.id for p in pd_profiles if p.caster and "shaman" in p.caster.traits}
    assert shown_profiles(tab) == shamans
    assert "shaman-de-clan" in shamans  # found by its trait, not by its name


# --- a caster's spells ------------------------------------------------------------------------------------------
def test_adding_a_caster_lists_the_spells_it_may_use(
    qtbot: QtBot, tab: BuilderTab, pd_document: ArmyDocument, spells: list[Spell]
) -> None:
    assert isinstance(tab.unit_panel, PowerDiceUnitPanel)
    add_battle_mage(qtbot, tab, pd_document)
    assert child(tab, QLabel, "unitTitle").text() == "Battle mage"
    caster = child(tab, QLabel, "unitCaster").text()
    assert caster == "Battle mage — magician, level 2: may use spells of the magician trait (PD-01)"
    assert child(tab, QLabel, "unitCost").text() == "55 A.P. with its spells"
    assert held_texts(tab) == []
    magician = Caster.model_validate({"traits": ["magician"], "level": 2})
    expected = sorted((s for s in spells if shares_trait(magician, s)), key=lambda s: english(s).casefold())
    assert picker_ids(tab) == [s.id for s in expected]
    assert "pretre" not in " ".join(picker_ids(tab))
    assert child(tab, QLabel, "pickerCount").text() == f"{len(expected)} of {len(spells)} shown"
    assert child(tab, QTableView, "spellPicker").isColumnHidden(COLUMNS.index("reason"))


def test_on_request_the_others_show_greyed_with_pd_01(
    qtbot: QtBot, tab: BuilderTab, pd_document: ArmyDocument, spells: list[Spell]
) -> None:
    add_battle_mage(qtbot, tab, pd_document)
    child(tab, QCheckBox, "showIneligible").setChecked(True)
    view = child(tab, QTableView, "spellPicker")
    assert not view.isColumnHidden(COLUMNS.index("reason"))
    assert len(picker_ids(tab)) == len(spells)
    model = view.model()
    for row, choice in enumerate(rows(model, 0, CHOICE_ROLE)):
        reason = model.index(row, COLUMNS.index("reason")).data()
        colour = model.index(row, 0).data(Qt.ItemDataRole.ForegroundRole)
        if choice.eligible:
            assert (reason, colour) == ("", None)
        else:
            assert reason.startswith("PD-01: "), reason
            assert "shares none of these traits" in reason
            assert colour == disabled_text_colour()
    healing = picker_index(tab, "soins")
    assert "PD-01: Healing is for the priest (cleric)" in healing.data(Qt.ItemDataRole.ToolTipRole)


def test_adding_an_ineligible_spell_keeps_it_as_a_draft_with_its_problem(
    qtbot: QtBot, tab: BuilderTab, pd_document: ArmyDocument
) -> None:
    unit_id = add_battle_mage(qtbot, tab, pd_document)
    child(tab, QCheckBox, "showIneligible").setChecked(True)
    view = child(tab, QTableView, "spellPicker")
    view.setCurrentIndex(picker_index(tab, "soins"))
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert pd_document.army.unit(unit_id).spells == ("soins",)
    assert pd_document.session.undo_label == "Add spell Healing"
    assert held_texts(tab) == [("⚠ Healing", "0", "PD-01")]
    held = child(tab, QTableView, "heldSpells").model()
    assert held.index(0, 0).data(Qt.ItemDataRole.ForegroundRole) == warning_colour()
    problems = tab.problems.model
    found = [(problems.index(r, 0).data(), problems.index(r, 1).data()) for r in range(problems.rowCount())]
    assert found == [("PD-01", "Battle mage"), ("AR-03", "Army")]  # and 55 + 280 A.P. is over the limit
    assert child(tab, QLabel, "problemsTitle").text() == "Problems (2)"


def test_adding_by_double_click_and_button_and_removing(
    qtbot: QtBot, tab: BuilderTab, pd_document: ArmyDocument, pd_catalogs: Catalogs
) -> None:
    unit_id = add_battle_mage(qtbot, tab, pd_document)
    fireball = pd_catalogs.get("spells", "boule-de-feu")
    assert isinstance(fireball, Spell)
    view = child(tab, QTableView, "spellPicker")
    center = view.visualRect(picker_index(tab, "boule-de-feu")).center()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=center)  # a player's double-click
    assert pd_document.session.undo_label == "Add Battle mage"
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=center)
    assert pd_document.session.undo_label == f"Add spell {english(fireball)}" == "Add spell Fireball"
    add = child(tab, QPushButton, "addChoiceButton")
    view.setCurrentIndex(picker_index(tab, "eclair"))
    assert add.isEnabled()
    qtbot.mouseClick(add, Qt.MouseButton.LeftButton)
    assert pd_document.army.unit(unit_id).spells == ("boule-de-feu", "eclair")
    assert held_texts(tab) == [("Fireball", "10", ""), ("Lightning bolt", "15", "")]
    assert child(tab, QLabel, "unitCost").text() == "80 A.P. with its spells"
    assert picker_index(tab, "boule-de-feu").data(Qt.ItemDataRole.FontRole).bold()

    held = child(tab, QTableView, "heldSpells")
    remove = child(tab, QPushButton, "removeSpellButton")
    assert not remove.isEnabled()
    held.selectRow(0)
    qtbot.mouseClick(remove, Qt.MouseButton.LeftButton)
    assert pd_document.army.unit(unit_id).spells == ("eclair",)
    assert pd_document.session.undo_label == "Remove spell Fireball"
    held.setFocus()
    qtbot.keyClick(held, Qt.Key.Key_Delete)  # the next one was selected: Delete takes it too
    assert pd_document.army.unit(unit_id).spells == ()
    assert pd_document.session.undo_label == "Remove spell Lightning bolt"
    pd_document.undo()
    pd_document.undo()
    assert pd_document.army.unit(unit_id).spells == ("boule-de-feu", "eclair")


def test_a_non_caster_may_use_no_spell(tab: BuilderTab, pd_document: ArmyDocument, spells: list[Spell]) -> None:
    pd_document.select("u4")
    assert child(tab, QLabel, "unitTitle").text() == "Border halberdiers"
    assert child(tab, QLabel, "unitCaster").text() == "Halberdiers — not a caster: uses no spell (PD-01)"
    assert picker_ids(tab) == []
    assert child(tab, QLabel, "pickerCount").text() == f"0 of {len(spells)} shown"
    child(tab, QCheckBox, "showIneligible").setChecked(True)
    model = child(tab, QTableView, "spellPicker").model()
    reasons = set(rows(model, COLUMNS.index("reason")))
    assert all(r.startswith("PD-01: Border halberdiers is not a caster") for r in reasons)


def test_a_caster_of_several_traits_and_the_example_army(tab: BuilderTab, pd_document: ArmyDocument) -> None:
    pd_document.select("u1")
    assert child(tab, QLabel, "unitTitle").text() == "Battle mage of the watchtower"
    assert held_texts(tab) == [("Fireball", "10", ""), ("Arcane shield", "5", "")]
    assert child(tab, QLabel, "unitCost").text() == "70 A.P. with its spells"
    pd_document.execute(SetUnitField("u1", "profile", "sorcier-des-tertres"))
    text = child(tab, QLabel, "unitCaster").text()
    assert text == (
        "Barrow witch — necromancer, shaman (druid), level 2: may use spells that share one of these traits (PD-01)"
    )
    assert [t[2] for t in held_texts(tab)] == ["PD-01", "PD-01"]  # the report's problems follow the profile


def test_an_unknown_spell_and_no_selection(tab: BuilderTab, pd_document: ArmyDocument) -> None:
    assert child(tab, QLabel, "unitHint").isVisible()
    assert not child(tab, QLabel, "unitTitle").isVisible()
    pd_document.execute(AddEntry("u1", "spells", "gone-spell"), select="u1")
    assert not child(tab, QLabel, "unitHint").isVisible()
    assert held_texts(tab)[-1] == ("⚠ gone-spell", "unknown", "AR-02")


def test_the_find_line_then_enter_twice_adds_the_first_match(
    qtbot: QtBot, tab: BuilderTab, pd_document: ArmyDocument
) -> None:
    pd_document.select("u2")
    edit = child(tab, QLineEdit, "pickerFilter")
    edit.setFocus()
    qtbot.keyClicks(edit, "light")  # "Lightning bolt" by name; "Holy light" is a priest's: hidden
    assert picker_ids(tab) == ["eclair"]
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert QApplication.focusWidget() is child(tab, QTableView, "spellPicker")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert pd_document.army.unit("u2").spells == ("dissipation", "brume-illusoire", "eclair")
    assert pd_document.session.undo_label == "Add spell Lightning bolt"


def test_a_held_spell_keeps_its_problem_when_names_are_shown_in_french(
    qtbot: QtBot, tab: BuilderTab, pd_document: ArmyDocument
) -> None:
    """PD-01 names the spell in English; the held list shows it in French and must still mark its row."""
    from warband.gui.systems.powerdice.builder_held_model import HeldSpellsTableModel
    from warband.model.edits import AddEntry
    from warband.model.messages import load_language

    unit_id = add_battle_mage(qtbot, tab, pd_document)
    assert load_language("fr")
    try:
        pd_document.execute(AddEntry(unit_id, "spells", "soins", label="Add spell"))
        model = HeldSpellsTableModel(pd_document)
        assert [tuple(model.index(0, c).data() for c in range(3))] == [("⚠ Soins", "0", "PD-01")]
    finally:
        load_language("en")
