"""The Army builder on a « Par le Fer et par le Verbe » party: the browser's columns and filters, adding a
character, its card, and the combinations of its spells it can and cannot attempt, with why (PF-01 … PF-03)."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
)
from pytestqt.qtbot import QtBot

from warband.gui.army_document import ArmyDocument
from warband.gui.builder.builder_tab import BuilderTab
from warband.gui.builder.entry_tables import disabled_text_colour
from warband.gui.builder.profile_table_model import (
    PROFILE_ID_ROLE,
    SORT_ROLE,
    ProfileFilterProxyModel,
    ProfileTableModel,
)
from warband.gui.systems.pfpv.builder_combinations_model import (
    ATTEMPT_ROLE,
    KNOWN_ROLE,
    SPELL_ID_ROLE,
    CombinationsTreeModel,
)
from warband.gui.systems.pfpv.builder_text import NO_BREAK, combination_text, missing_skills, signed
from warband.gui.systems.pfpv.builder_unit_panel import PfpvUnitPanel
from warband.gui.systems.registry import builder_panels
from warband.model.army import load_army
from warband.model.catalog import Catalogs, builtin_catalog_paths, load_catalogs
from warband.model.edits import SetUnitField
from warband.model.locations import data_dir
from warband.model.systems.pfpv.rules import can_attempt, index
from warband.model.systems.pfpv.schema import PfpvArmy

EXAMPLE = data_dir() / "pfpv" / "examples" / "the-company.warband.json"
NAME, DON, VITALITY, MA, SOURCES, DISCIPLINES = range(6)
NAME_COLUMN, ATTEMPT_COLUMN = range(2)


@pytest.fixture(scope="module")
def pfpv_catalogs() -> Catalogs:
    return load_catalogs(builtin_catalog_paths()).for_system("pfpv")


@pytest.fixture
def example(qapp: QApplication, pfpv_catalogs: Catalogs) -> ArmyDocument:
    army = load_army(EXAMPLE)
    assert isinstance(army, PfpvArmy)
    return ArmyDocument(army, pfpv_catalogs)


@pytest.fixture
def empty(qapp: QApplication, pfpv_catalogs: Catalogs) -> ArmyDocument:
    return ArmyDocument(PfpvArmy.model_validate({"system": "pfpv", "name": "New party"}), pfpv_catalogs)


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


def card(tab: BuilderTab, field: str) -> str:
    return str(child(tab, QLabel, f"card_{field}").text()).replace(NO_BREAK, " ")


def panel_of(tab: BuilderTab) -> PfpvUnitPanel:
    assert isinstance(tab.unit_panel, PfpvUnitPanel)
    return tab.unit_panel


def spell_index(model: CombinationsTreeModel, spell_id: str) -> QModelIndex:
    row = model.spell_row(spell_id)
    assert row >= 0, spell_id
    return model.index(row, NAME_COLUMN)


def combinations(model: CombinationsTreeModel, spell_id: str) -> list[tuple[str, str, bool]]:
    """(modifiers, attempt text, can attempt) of each combination of a spell, as the tree shows them."""
    parent = spell_index(model, spell_id)
    found = []
    for r in range(model.rowCount(parent)):
        text = str(model.index(r, NAME_COLUMN, parent).data()).replace(NO_BREAK, " ")
        attempt = model.index(r, ATTEMPT_COLUMN, parent)
        found.append((text, str(attempt.data()), bool(attempt.data(ATTEMPT_ROLE))))
    return found


def add(qtbot: QtBot, tab: BuilderTab, profile_id: str) -> str:
    assert tab.browser.select_profile(profile_id)
    qtbot.mouseClick(child(tab, QPushButton, "addProfileButton"), Qt.MouseButton.LeftButton)
    unit = tab.document.army.units[-1]
    assert (unit.profile, tab.document.selected) == (profile_id, unit.id)
    return unit.id


# --- the registry, the wording and the models -------------------------------------------------------------------
def test_the_registry_gives_pfpv_its_columns_filters_and_unit_panel(qapp: QApplication) -> None:
    panels = builder_panels("pfpv")
    titles = [c.title for c in panels.profiles.columns]
    assert titles == ["Name", "Don", "Vitality", "MA", "Sources", "Disciplines"]  # a party has no points
    assert [f.name for f in panels.profiles.filters] == ["source", "discipline"]
    assert panels.unit_panel is PfpvUnitPanel


def test_modifiers_read_as_the_grimoire_prints_them(pfpv_catalogs: Catalogs) -> None:
    assert [signed(v) for v in (-6, 0, 2)] == ["−6", "0", "+2"]
    idx = index(pfpv_catalogs)
    eruption = idx.spells["eruption-volcanique"]
    texts = [combination_text(c, idx) for c in eruption.combinations]
    assert texts == [
        "Fire −9 / Destruction −6",
        "Earth −8 / Destruction −6",
        "Fire −6 + Earth −5 / Destruction −6",
    ]


def test_the_reasons_name_what_can_attempt_refuses(pfpv_catalogs: Catalogs) -> None:
    """PF-01/PF-02/PF-03: no reason exactly when `can_attempt` allows the combination, for every character."""
    idx = index(pfpv_catalogs)
    for profile in idx.profiles.values():
        for spell in idx.spells.values():
            for combination in spell.combinations:
                assert (missing_skills(profile, combination, idx) == []) == can_attempt(profile, combination)
    apprentice = idx.profiles["apprentie"]
    earth = idx.spells["eruption-volcanique"].combinations[1]
    assert missing_skills(apprentice, earth, idx) == ["no Contact skill in Earth", "no skill in Destruction"]


def test_profile_models_pass_the_model_tester(qtmodeltester: Any, pfpv_catalogs: Catalogs) -> None:
    model = ProfileTableModel(pfpv_catalogs)  # the catalogs' system picks the description
    qtmodeltester.check(model)
    assert model.columnCount() == 6
    proxy = ProfileFilterProxyModel()
    proxy.setSourceModel(ProfileTableModel(pfpv_catalogs, parent=proxy))
    proxy.sort(DON, Qt.SortOrder.DescendingOrder)
    qtmodeltester.check(proxy)
    assert rows(proxy, 0, PROFILE_ID_ROLE) == ["merlin", "pyromancien", "apprentie"]
    proxy.set_filter("source", "terre")
    proxy.set_filter("discipline", "destruction")
    proxy.set_text("pyro")
    assert rows(proxy, 0, PROFILE_ID_ROLE) == ["pyromancien"]
    qtmodeltester.check(proxy)


def test_the_combinations_tree_passes_the_model_tester(qtmodeltester: Any, example: ArmyDocument) -> None:
    model = CombinationsTreeModel(example)
    qtmodeltester.check(model)  # nobody selected: an empty tree
    assert model.rowCount() == 0
    example.select("u1")
    qtmodeltester.check(model)
    assert model.rowCount() == 5
    assert sum(model.rowCount(model.index(r, 0)) for r in range(5)) == 13
    assert model.rowCount(model.index(0, ATTEMPT_COLUMN)) == 0  # only the first column has children
    model.set_every_spell(True)
    example.select("u2")
    qtmodeltester.check(model)
    assert model.rowCount() == len(index(example.catalogs).spells)


# --- the browser ------------------------------------------------------------------------------------------------
def test_the_browser_shows_each_characters_numbers_and_skills(tab: BuilderTab) -> None:
    model = tab.browser.profile_model
    assert model.rowCount() == 3
    merlin = model.row_of("merlin")
    assert [model.index(merlin, c).data() for c in range(6)] == [
        "Merlin",
        "120",
        "14",
        "12",
        "Fire 10, Earth 11, Water 8, Air 9, Light 9, Psyche 12",
        "Enchantment 12, Protection 10, Destruction 9, Divination 11, Illusion 8",
    ]
    assert model.index(merlin, DON).data(SORT_ROLE) == 120  # numbers sort as numbers
    pyromancer = model.row_of("pyromancien")
    assert model.index(pyromancer, SOURCES).data() == "Fire 12, Earth 9, Light 7, Water 5"
    tooltip = model.index(merlin, NAME).data(Qt.ItemDataRole.ToolTipRole)
    assert "Specialisations: Enchantment +2 for Sleep" in tooltip
    assert "Spells: Magic shield, Fireball, Volcanic eruption, Sleep, Ignite an object" in tooltip
    header = child(tab, QTableView, "profileTable").horizontalHeader()
    # at 1280 pixels the skills' long lists give way; the names and the numbers stay
    assert [header.isSectionHidden(c) for c in range(6)] == [False, False, False, False, True, True]


def test_the_browser_filters_by_source_and_by_discipline(tab: BuilderTab) -> None:
    sources = child(tab, QComboBox, "sourceFilter")
    texts = [sources.itemText(i) for i in range(sources.count())]
    assert texts == ["Any source", "Fire", "Water", "Earth", "Air", "Light", "Psyche"]  # nobody draws on Darkness
    choose(sources, "terre")
    assert shown_profiles(tab) == {"merlin", "pyromancien"}
    choose(sources, "psyche")
    assert shown_profiles(tab) == {"merlin", "apprentie"}
    disciplines = child(tab, QComboBox, "disciplineFilter")
    texts = [disciplines.itemText(i) for i in range(disciplines.count())]
    assert texts == ["Any discipline", "Enchantment", "Protection", "Destruction", "Illusion", "Divination"]
    choose(disciplines, "protection")
    assert shown_profiles(tab) == {"merlin", "apprentie"}
    sources.setCurrentIndex(0)
    choose(disciplines, "destruction")
    assert shown_profiles(tab) == {"merlin", "pyromancien"}
    disciplines.setCurrentIndex(0)
    child(tab, QLineEdit, "profileFilter").setText("psyché")  # a source's name, in any language, finds its mages
    assert shown_profiles(tab) == {"merlin", "apprentie"}


# --- adding a character, its card and its combinations ----------------------------------------------------------
def test_adding_merlin_shows_his_card_and_the_combinations_he_can_attempt(
    qtbot: QtBot, empty: ArmyDocument
) -> None:
    tab = make_tab(qtbot, empty)
    panel = panel_of(tab)
    assert child(tab, QLabel, "pfpvTotals").text() == "A party: no points"
    assert child(tab, QLabel, "unitHint").isVisible()
    assert not child(tab, QGroupBox, "profileCard").isVisible()

    add(qtbot, tab, "merlin")
    assert empty.session.undo_label == "Add Merlin"
    assert child(tab, QLabel, "pfpvTotals").text() == "A party: no points"
    assert child(tab, QLabel, "unitTitle").text() == "Merlin"
    assert child(tab, QGroupBox, "profileCard").isVisible()
    assert card(tab, "contact") == "Fire 10, Earth 11, Water 8, Air 9, Light 9, Psyche 12"
    assert card(tab, "disciplines") == "Enchantment 12, Protection 10, Destruction 9, Divination 11, Illusion 8"
    assert card(tab, "specialisations") == "Enchantment +2 for Sleep"
    assert (card(tab, "don"), card(tab, "vitality"), card(tab, "ma")) == ("120", "14", "12")
    assert card(tab, "recovery") == "×4: 8 Don an hour asleep, 4 in calm activity"  # PF-10

    model = panel.combinations
    assert [s.id for s in model.spells] == [
        "bouclier-magique",
        "boule-de-feu",
        "eruption-volcanique",
        "sommeil",
        "enflammer-objet",
    ]  # the spells he knows, in his sheet's order
    eruption = spell_index(model, "eruption-volcanique")
    assert eruption.data() == "Volcanic eruption (level 6)"
    assert model.index(eruption.row(), ATTEMPT_COLUMN).data() == "3 of 3"
    assert eruption.data(KNOWN_ROLE) is True
    assert combinations(model, "eruption-volcanique") == [
        ("Fire −9 / Destruction −6", "can attempt", True),
        ("Earth −8 / Destruction −6", "can attempt", True),
        ("Fire −6 + Earth −5 / Destruction −6", "can attempt", True),
    ]
    assert all(panel.tree.isExpanded(model.index(r, 0)) for r in range(model.rowCount()))
    tooltip = model.index(0, NAME_COLUMN, spell_index(model, "sommeil")).data(Qt.ItemDataRole.ToolTipRole)
    assert "Enchantment: under 12 −4 +2 (specialisation) = 10" in tooltip  # PF-03 with his specialisation

    panel.tree.setCurrentIndex(eruption)
    details = child(tab, QLabel, "spellDetails").text()
    assert details.startswith("Volcanic eruption: level 6, casting time 1 minute")
    assert "Area: 1 m radius per level" in details

    empty.undo()
    assert empty.army.units == ()
    assert child(tab, QLabel, "unitHint").isVisible()
    assert model.rowCount() == 0


def test_a_combination_the_apprentice_cannot_attempt_is_greyed_with_the_reason(
    qtbot: QtBot, tab: BuilderTab, example: ArmyDocument
) -> None:
    panel = panel_of(tab)
    model = panel.combinations
    example.select("u2")
    assert child(tab, QLabel, "unitTitle").text() == "Merlin's apprentice — Apprentice mage"
    assert [s.id for s in model.spells] == ["enflammer-objet", "bouclier-magique"]
    assert combinations(model, "enflammer-objet") == [
        ("Fire −1 / Destruction −1", "no skill in Destruction", False),
        ("Fire −1 / Enchantment −2", "can attempt", True),
        ("Light −3 / Destruction −1", "no skill in Destruction", False),
    ]
    ignite = spell_index(model, "enflammer-objet")
    refused, allowed = model.index(0, ATTEMPT_COLUMN, ignite), model.index(1, ATTEMPT_COLUMN, ignite)
    assert refused.data(Qt.ItemDataRole.ForegroundRole) == disabled_text_colour()
    assert allowed.data(Qt.ItemDataRole.ForegroundRole) is None
    assert "Cannot attempt it: no skill in Destruction." in refused.data(Qt.ItemDataRole.ToolTipRole)
    assert model.index(ignite.row(), ATTEMPT_COLUMN).data() == "1 of 3"

    every = child(tab, QCheckBox, "showEverySpell")
    every.setChecked(True)  # the spells she does not know, and what she could attempt of them
    assert len(model.spells) == 5
    eruption = spell_index(model, "eruption-volcanique")
    assert eruption.data(KNOWN_ROLE) is False and eruption.data(ATTEMPT_ROLE) is False
    assert eruption.data(Qt.ItemDataRole.ForegroundRole) == disabled_text_colour()
    assert model.index(eruption.row(), ATTEMPT_COLUMN).data() == "not known · 0 of 3"
    assert combinations(model, "eruption-volcanique")[2] == (
        "Fire −6 + Earth −5 / Destruction −6",
        "no Contact skill in Earth\nno skill in Destruction",
        False,
    )
    sleep = spell_index(model, "sommeil")  # not known, but one combination is within her skills
    assert sleep.data(ATTEMPT_ROLE) is True and sleep.data(Qt.ItemDataRole.ForegroundRole) is None
    assert combinations(model, "sommeil")[1][1] == "no skill in Illusion"
    # two reasons take two lines: the row grows rather than hiding one
    one_line = panel.tree.visualRect(model.index(0, ATTEMPT_COLUMN, eruption)).height()
    two_lines = panel.tree.visualRect(model.index(1, ATTEMPT_COLUMN, eruption)).height()
    assert two_lines > one_line > 0

    example.select("u3")  # the pyromancer, every spell still shown
    assert spell_index(model, "sommeil").data(SPELL_ID_ROLE) == "sommeil"
    assert combinations(model, "sommeil")[0][1] == "no Contact skill in Psyche"
    every.setChecked(False)
    assert [s.id for s in model.spells] == [
        "boule-de-feu",
        "eruption-volcanique",
        "enflammer-objet",
        "bouclier-magique",
    ]


def test_renaming_keeps_the_tree_and_an_unknown_profile_is_flagged(tab: BuilderTab, example: ArmyDocument) -> None:
    panel = panel_of(tab)
    example.select("u3")
    resets: list[int] = []
    panel.combinations.modelReset.connect(lambda: resets.append(1))
    example.execute(SetUnitField("u3", "label", "Ignis"))
    assert child(tab, QLabel, "unitTitle").text() == "Ignis — Pyromancer"
    assert resets == []  # nothing the combinations depend on changed
    example.execute(SetUnitField("u3", "profile", "gone-mage"))
    assert child(tab, QGroupBox, "profileCard").title() == "Unknown character “gone-mage” (AR-02)"
    assert card(tab, "don") == "—"
    assert panel.combinations.rowCount() == 0
    warning = child(tab, QLabel, "unitProblems")
    assert warning.isVisible() and warning.text().startswith("⚠ AR-02:")
    assert child(tab, QLabel, "pfpvTotals").text() == "A party: no points"


def test_a_party_shows_no_points_in_the_roster(qtbot):
    from warband.gui.army_document import ArmyDocument
    from warband.gui.builder.roster_panel import RosterPanel
    from warband.model.army import load_army
    from warband.model.catalog import builtin_catalog_paths, load_catalogs
    from warband.model.locations import data_dir

    party = load_army(data_dir() / "pfpv" / "examples" / "the-company.warband.json")
    panel = RosterPanel(ArmyDocument(party, load_catalogs(builtin_catalog_paths()).for_system("pfpv")))
    qtbot.addWidget(panel)
    panel.show()
    assert not panel.total_label.isVisible() and not panel.limit_check.isVisible()
