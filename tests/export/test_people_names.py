"""Rosters name a unit's people (Confrontation) or faction (SBG) in the roster's language, as the catalogs name
them, and by its ID when no catalog does."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.export.test_roster import page_text
from tests.helpers import make_army, make_catalogs, unit
from warband.export.roster import as_html, as_text, roster_lines
from warband.model.army import load_army
from warband.model.catalog import catalog_paths, load_catalogs
from warband.model.locations import data_dir
from warband.model.messages import load_language
from warband.model.systems.sbg.schema import SbgArmy


@pytest.fixture(scope="module")
def builtin():
    load = load_catalogs(catalog_paths())
    assert load.errors == ()
    return load


@pytest.fixture
def french() -> Iterator[None]:
    assert load_language("fr")
    yield
    load_language("en")


def confrontation_example():
    (path,) = sorted((data_dir() / "confrontation" / "examples").glob("*.warband.json"))
    return load_army(path)


@pytest.mark.usefixtures("french")
def test_a_french_confrontation_roster_names_the_people(builtin):
    army = confrontation_example()
    catalogs = builtin.for_system("confrontation")
    priestess = next(i for i, u in enumerate(army.units) if u.profile == "iron-priestess")
    row = roster_lines(army, catalogs).units[priestess]
    assert row.extras.profile_facts[0] == "Griffons d'Akkylannie"
    text = as_text(army, catalogs)
    assert "   Griffons d'Akkylannie · Dévot — Merin / 10" in text
    assert "griffins" not in text
    page = page_text(as_html(army, catalogs))  # what the PDF prints
    assert "Griffons d'Akkylannie" in page and "griffins" not in page


def test_a_roster_in_english_names_the_people_in_english(builtin):
    army = confrontation_example()
    text = as_text(army, builtin.for_system("confrontation"), ["en"])
    assert "   Griffins of Akkylannia · Devotee — Merin / 10" in text


def test_a_people_no_catalog_names_is_written_as_its_id():
    army = make_army(unit("u1", "iron-priestess"), unit("u2", "beast"))
    text = as_text(army, make_catalogs(), ["fr"])  # the test catalog has no `peoples` list
    assert "   griffins · " in text and "   wild · " in text


@pytest.mark.usefixtures("french")
def test_a_french_sbg_roster_names_the_faction(builtin):
    army = SbgArmy.model_validate(
        {"system": "sbg", "name": "Communauté", "units": [{"id": "u1", "profile": "gandalf-the-grey"}]}
    )
    catalogs = builtin.for_system("sbg")
    text = as_text(army, catalogs)
    assert "Communauté de l'Anneau (" in text and "Fellowship" not in text
    assert "Communauté de l'Anneau (" in page_text(as_html(army, catalogs))
    assert "Братство Кольца (" in as_text(army, catalogs, ["ru"])


@pytest.mark.usefixtures("french")
def test_a_french_roster_names_the_unit_of_a_problem_as_its_rows_do():
    army = make_army(unit("u1", "iron-priestess", miracles=["renfort", "renfort"]))
    catalogs = make_catalogs()
    text, html = as_text(army, catalogs), as_html(army, catalogs)
    assert "CF-06  Prêtresse de Fer: " in text and "Iron Priestess" not in text and "(u1)" not in text
    assert "</span> Prêtresse de Fer: " in html and "(u1)" not in html
