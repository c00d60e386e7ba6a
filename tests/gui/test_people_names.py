"""Peoples and factions in the player's language: the catalog browser, the unit panels and the item picker show the
catalogs' names ("Griffons d'Akkylannie"), never the IDs the files use ("griffins"), and filter by the ID."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QGroupBox, QLabel, QLineEdit, QTableView
from pytestqt.qtbot import QtBot

from tests.helpers import BASE_CATALOG, make_catalogs
from warband.gui.army_document import ArmyDocument
from warband.gui.builder.builder_tab import BuilderTab
from warband.gui.builder.catalog_browser import CatalogBrowser
from warband.gui.builder.profile_table_model import PROFILE_ID_ROLE, ProfileTableModel
from warband.gui.systems.confrontation.unit_panel import UnitPanel
from warband.model.catalog import Catalogs
from warband.model.messages import load_language
from warband.model.systems.confrontation.schema import ConfrontationArmy
from warband.model.systems.sbg.schema import SbgArmy

PEOPLE = 1  # the Confrontation browser's columns: Name, People, Cult, Kind, Discipline, Cost
FACTION = 1  # the SBG browser's columns: Name, Faction, Alignment, M/W/F, Wounds, Courage, Cost
GRIFFONS = "Griffons d'Akkylannie"


@pytest.fixture
def french() -> Iterator[None]:
    assert load_language("fr")
    yield
    load_language("en")


@pytest.fixture
def confrontation(builtin_load) -> Catalogs:
    return builtin_load.for_system("confrontation")


@pytest.fixture
def sbg(builtin_load) -> Catalogs:
    return builtin_load.for_system("sbg")


def child(parent: Any, cls: type[Any], name: str) -> Any:
    found = parent.findChild(cls, name)
    assert found is not None, name
    return found


def show(qtbot: QtBot, widget: Any) -> Any:
    qtbot.addWidget(widget)
    widget.resize(1000, 700)
    with qtbot.waitExposed(widget):
        widget.show()
    return widget


def shown_ids(view: QTableView) -> set[str]:
    proxy = view.model()
    return {proxy.index(r, 0).data(PROFILE_ID_ROLE) for r in range(proxy.rowCount())}


def choose(combo: QComboBox, data: object) -> None:
    position = combo.findData(data)
    assert position >= 0, data
    combo.setCurrentIndex(position)


def confrontation_document(catalogs: Catalogs, *units: dict) -> ArmyDocument:
    army = ConfrontationArmy.model_validate({"system": "confrontation", "name": "T", "units": list(units)})
    return ArmyDocument(army, catalogs)


# --- Confrontation ------------------------------------------------------------------------------------------
@pytest.mark.usefixtures("french")
def test_the_french_browser_names_peoples_and_filters_by_their_ids(
    qtbot: QtBot, qapp: QApplication, confrontation: Catalogs
) -> None:
    browser = show(qtbot, CatalogBrowser(confrontation_document(confrontation)))
    model = browser.profile_model
    row = model.row_of("iron-priestess")
    assert model.index(row, PEOPLE).data() == GRIFFONS
    column = {model.index(r, PEOPLE).data() for r in range(model.rowCount())}
    assert "griffins" not in column and "Nains de Mid-Nor" in column

    combo = child(browser, QComboBox, "peopleFilter")
    texts = [combo.itemText(i) for i in range(combo.count())]
    assert texts[0] == "Tous les peuples" and GRIFFONS in texts and "griffins" not in texts
    assert combo.itemData(texts.index(GRIFFONS)) == "griffins"
    choose(combo, "griffins")
    view = child(browser, QTableView, "profileTable")
    griffins = {p.id for p in confrontation.entries["profiles"].values() if p.people == "griffins"}
    assert shown_ids(view) == griffins
    combo.setCurrentIndex(0)

    search = child(browser, QLineEdit, "profileFilter")
    for words in ("griffons akkylannie", "Griffins of Akkylannia", "Грифоны", "griffins"):  # any name, or the ID
        search.setText(words)
        assert shown_ids(view) == griffins, words


def test_the_english_browser_names_peoples_in_english(qapp: QApplication, confrontation: Catalogs) -> None:
    model = ProfileTableModel(confrontation)
    assert model.index(model.row_of("iron-priestess"), PEOPLE).data() == "Griffins of Akkylannia"


def test_a_people_no_catalog_names_is_shown_by_its_id(qapp: QApplication) -> None:
    catalogs = make_catalogs()  # a catalog written before the `peoples` list
    assert "peoples" not in BASE_CATALOG
    model = ProfileTableModel(catalogs)
    assert model.index(model.row_of("iron-priestess"), PEOPLE).data() == "griffins"


@pytest.mark.usefixtures("french")
def test_the_french_unit_panel_names_the_units_people(qtbot: QtBot, confrontation: Catalogs) -> None:
    document = confrontation_document(confrontation, {"id": "u1", "profile": "iron-priestess"})
    document.select("u1")
    panel = show(qtbot, UnitPanel(document))
    text = child(panel, QLabel, "unitProfile").text()
    assert text.startswith(f"Prêtresse de Fer ({GRIFFONS}) · 30 P.A.")
    assert "griffins" not in text
    assert child(panel, QLabel, "unitTitle").text() == "Prêtresse de Fer"  # an unlabelled unit: its profile


@pytest.mark.usefixtures("french")
def test_the_french_item_picker_says_which_peoples_may_carry_an_item(
    qtbot: QtBot, confrontation: Catalogs
) -> None:
    document = confrontation_document(confrontation, {"id": "u1", "profile": "iron-priestess"})
    document.select("u1")
    panel = show(qtbot, UnitPanel(document))
    child(panel, QCheckBox, "showIneligible").setChecked(True)
    view = child(panel, QTableView, "itemPicker")
    model = view.model().sourceModel()
    restriction = model.column("restriction")
    texts = {model.choice(r).id: model.index(r, restriction).data() for r in range(model.rowCount())}
    assert texts["relique-de-merin"] == f"{GRIFFONS}, Fidèles seulement"
    assert texts["lame-runique"] == "Nains de Tir-Nâ-Bor, Nains de Mid-Nor"
    assert texts["talisman-d-acheron"] == "Achéron"
    shown = view.model()
    for words in ("Гномы Мид-Нора", "mid-nor"):  # any language's name, or the ID, finds what a people may carry
        child(panel, QLineEdit, "pickerFilter").setText(words)
        ids = {model.choice(shown.mapToSource(shown.index(r, 0)).row()).id for r in range(shown.rowCount())}
        assert ids == {"lame-runique"}, words


# --- Strategy Battle Game -----------------------------------------------------------------------------------
@pytest.mark.usefixtures("french")
def test_the_french_sbg_builder_names_factions(qtbot: QtBot, qapp: QApplication, sbg: Catalogs) -> None:
    army = SbgArmy.model_validate({"system": "sbg", "name": "Muster", "units": [{"id": "u1", "profile": "gimli"}]})
    document = ArmyDocument(army, sbg)
    tab = show(qtbot, BuilderTab(document))
    model = tab.browser.profile_model
    assert model.index(model.row_of("gandalf-the-grey"), FACTION).data() == "Communauté de l'Anneau"
    assert model.index(model.row_of("dwarf-warrior"), FACTION).data() == "Nains"

    combo = child(tab, QComboBox, "factionFilter")
    texts = [combo.itemText(i) for i in range(combo.count())]
    assert "Communauté de l'Anneau" in texts and "Fellowship" not in texts
    choose(combo, "Fellowship")
    view = child(tab, QTableView, "profileTable")
    assert shown_ids(view) == {p.id for p in sbg.entries["profiles"].values() if p.faction == "Fellowship"}
    combo.setCurrentIndex(0)
    child(tab, QLineEdit, "profileFilter").setText("Братство")
    assert "frodo" in shown_ids(view)

    document.select("u1")
    assert child(tab, QLabel, "card_faction").text() == "Communauté de l'Anneau"
    assert child(tab, QGroupBox, "profileCard").title() == "Gimli (héros)"


@pytest.mark.usefixtures("french")
def test_the_french_problems_panel_names_an_unlabelled_unit_by_its_french_profile(
    qtbot: QtBot, qapp: QApplication, confrontation: Catalogs
) -> None:
    from warband.gui.builder.problems_panel import ProblemsPanel

    document = confrontation_document(
        confrontation, {"id": "u1", "profile": "iron-priestess", "miracles": ["renfort", "renfort"]}
    )
    panel = ProblemsPanel(document)
    qtbot.addWidget(panel)
    model = panel.model
    assert model.rowCount() >= 1
    assert model.index(0, 1).data() == "Prêtresse de Fer"  # the report keeps "Iron Priestess" for files
    assert document.report.problems[0].unit.label == "Iron Priestess"
