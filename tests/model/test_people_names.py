"""Peoples (Confrontation) and factions (SBG) named in the player's language, with the ID as the fallback."""

from __future__ import annotations

import copy
from collections.abc import Iterator

import pytest
from pydantic import ValidationError

from tests.helpers import BASE_CATALOG, catalog_doc, make_army, make_catalogs, unit, write_json
from warband.model.army import load_army, validate
from warband.model.catalog import LoadedCatalog, builtin_catalog_paths, load_catalogs, merge
from warband.model.locations import data_dir
from warband.model.messages import load_language
from warband.model.system import get_system
from warband.model.systems.confrontation.peoples import people_name, people_names, people_words
from warband.model.systems.confrontation.schema import ConfrontationCatalog
from warband.model.systems.sbg.factions import faction_name, faction_words
from warband.model.systems.sbg.schema import SbgCatalog

GRIFFINS = {"en": "Griffins of Akkylannia", "fr": "Griffons d'Akkylannie", "ru": "Грифоны Аккилании"}


@pytest.fixture(scope="module")
def builtin():
    load = load_catalogs(builtin_catalog_paths())
    assert load.errors == ()
    return load


@pytest.fixture
def _english_afterwards() -> Iterator[None]:
    yield
    load_language("en")


def sbg_doc(**changes) -> dict:
    doc = {
        "format": "warband-catalog",
        "version": 1,
        "system": "sbg",
        "id": "sbg-test",
        "revision": 1,
        "name": "Test",
        "profiles": [
            {"id": "rider", "name": "Rider", "alignment": "good", "faction": "Rohan", "cost": 13, "courage": 3},
            {
                "id": "guard",
                "name": "Guard",
                "alignment": "good",
                "faction": "Minas Tirith",
                "cost": 8,
                "courage": 3,
            },
        ],
    }
    doc.update(changes)
    return doc


def sbg_catalogs(*docs: dict):
    loaded = [LoadedCatalog(f"sbg{i}.json", SbgCatalog.model_validate(doc)) for i, doc in enumerate(docs)]
    return merge("sbg", loaded)


# --- Confrontation peoples -----------------------------------------------------------------------------------
def test_a_listed_people_is_named_in_each_language_asked():
    catalogs = make_catalogs(catalog_doc(peoples=[{"id": "griffins", "name": GRIFFINS}]))
    assert people_name(catalogs, "griffins", ["fr"]) == "Griffons d'Akkylannie"
    assert people_name(catalogs, "griffins", ["ru"]) == "Грифоны Аккилании"
    assert people_name(catalogs, "griffins", ["en"]) == "Griffins of Akkylannia"
    assert people_name(catalogs, "griffins", ["de"]) == "Griffins of Akkylannia"  # English is the fallback


def test_a_people_named_by_one_string_reads_the_same_in_every_language():
    catalogs = make_catalogs(catalog_doc(peoples=[{"id": "wolfen", "name": "Wolfen"}]))
    assert people_name(catalogs, "wolfen", ["fr"]) == people_name(catalogs, "wolfen", ["en"]) == "Wolfen"
    assert people_words(catalogs, "wolfen") == ("wolfen", "Wolfen")


@pytest.mark.usefixtures("_english_afterwards")
def test_without_languages_the_name_follows_the_language_spoken():
    catalogs = make_catalogs(catalog_doc(peoples=[{"id": "griffins", "name": GRIFFINS}]))
    assert people_name(catalogs, "griffins") == "Griffins of Akkylannia"
    assert load_language("fr")
    assert people_name(catalogs, "griffins") == "Griffons d'Akkylannie"
    assert load_language("ru")
    assert people_name(catalogs, "griffins") == "Грифоны Аккилании"


def test_a_people_no_catalog_names_falls_back_to_its_id():
    catalogs = make_catalogs(catalog_doc(peoples=[{"id": "griffins", "name": GRIFFINS}]))
    assert people_name(catalogs, "wolfen", ["fr"]) == "wolfen"
    assert people_words(catalogs, "wolfen") == ("wolfen",)
    assert people_names(catalogs, ["wolfen", "griffins"], ["fr"]) == ["wolfen", "Griffons d'Akkylannie"]


def test_search_words_hold_the_id_and_every_languages_name():
    catalogs = make_catalogs(catalog_doc(peoples=[{"id": "griffins", "name": GRIFFINS}]))
    assert people_words(catalogs, "griffins") == ("griffins", *GRIFFINS.values())


def test_a_catalog_without_peoples_still_loads_and_validates_with_its_ids():
    """Catalogs written before the list existed: profiles' peoples refer to nothing, and that is no error."""
    assert "peoples" not in BASE_CATALOG
    catalogs = make_catalogs()
    assert people_name(catalogs, "griffins", ["fr"]) == "griffins"
    army = make_army(unit("u1", "iron-priestess", items=["griffin-blade"]), unit("u2", "beast"), mixed=True)
    report = validate(army, catalogs)
    assert report.valid, [p.message for p in report.problems]


def test_profiles_of_peoples_the_list_leaves_out_stay_valid():
    doc = catalog_doc(peoples=[{"id": "griffins", "name": GRIFFINS}])  # not "mid-nor", "wolfen", "wild"
    loaded = [LoadedCatalog("mine.json", ConfrontationCatalog.model_validate(doc))]
    catalogs, errors = merge("confrontation", loaded)
    assert errors == []
    assert people_name(catalogs, "mid-nor", ["fr"]) == "mid-nor"


def test_a_players_catalog_may_name_the_peoples_of_another_one():
    profiles_only = catalog_doc()
    names = catalog_doc(id="names", cults=[], miracles=[], items=[], profiles=[])
    names["peoples"] = [{"id": "wolfen", "name": {"en": "Wolfen of Yllia", "fr": "Wolfen d'Yllia"}}]
    catalogs = make_catalogs(profiles_only, names)
    assert people_name(catalogs, "wolfen", ["fr"]) == "Wolfen d'Yllia"
    assert catalogs.origin[("peoples", "wolfen")].document.id == "names"


def test_a_people_listed_by_two_catalogs_is_a_clash_naming_both_files():
    first = catalog_doc(peoples=[{"id": "griffins", "name": GRIFFINS}])
    second = catalog_doc(id="second", cults=[], miracles=[], items=[], profiles=[])
    second["peoples"] = [{"id": "griffins", "name": "Griffins"}]
    loaded = [
        LoadedCatalog("first.json", ConfrontationCatalog.model_validate(first)),
        LoadedCatalog("second.json", ConfrontationCatalog.model_validate(second)),
    ]
    catalogs, errors = merge("confrontation", loaded)
    [error] = errors
    assert (error.file, error.where) == ("second.json", "$.peoples[0].id")
    assert "the people id 'griffins' is also defined in first.json" in error.message
    assert [lc.document.id for lc in catalogs.loaded] == ["test"]
    assert people_name(catalogs, "griffins", ["fr"]) == "Griffons d'Akkylannie"


def test_a_people_listed_twice_in_one_file_is_reported():
    doc = catalog_doc(peoples=[{"id": "griffins", "name": "A"}, {"id": "griffins", "name": "B"}])
    _, errors = merge("confrontation", [LoadedCatalog("twice.json", ConfrontationCatalog.model_validate(doc))])
    [error] = errors
    assert error.where == "$.peoples[1].id" and "used twice in this file ($.peoples[0].id)" in error.message


@pytest.mark.parametrize(
    "people",
    [
        {"id": "", "name": "Nobody"},
        {"id": "griffins"},
        {"id": "griffins", "name": ""},
        {"id": "griffins", "name": "Griffins", "path": "light"},  # unknown fields are refused
    ],
)
def test_a_broken_people_entry_is_refused(people):
    with pytest.raises(ValidationError):
        ConfrontationCatalog.model_validate(catalog_doc(peoples=[people]))


def test_a_player_catalog_file_with_peoples_loads_through_the_command_path(tmp_path):
    doc = catalog_doc(id="mine", cults=[], miracles=[], items=[], profiles=[])
    doc["peoples"] = [{"id": "wild", "name": {"en": "Wild beasts", "fr": "Bêtes sauvages"}, "notes": "Mine."}]
    load = load_catalogs([*builtin_catalog_paths(), write_json(tmp_path / "mine.json", doc)])
    assert load.errors == ()
    assert people_name(load.for_system("confrontation"), "wild", ["fr"]) == "Bêtes sauvages"


def test_the_catalog_schema_lists_peoples_with_an_id_and_a_name():
    schema = get_system("confrontation").catalog_model.model_json_schema()
    assert "peoples" in schema["properties"]
    people = schema["$defs"]["People"]
    assert set(people["properties"]) == {"id", "name", "may_field", "notes"}  # may_field: CF-20
    assert set(people["required"]) == {"id", "name"}
    assert people["additionalProperties"] is False


def test_the_builtin_catalog_names_every_people_it_uses_in_three_languages(builtin):
    catalogs = builtin.for_system("confrontation")
    peoples = catalogs.entries["peoples"]
    used = {p.people for p in catalogs.entries["profiles"].values()}
    used |= {p for item in catalogs.entries["items"].values() for p in item.peoples}
    assert used == set(peoples)
    for people in peoples.values():
        assert isinstance(people.name, dict) and {"en", "fr", "ru"} <= set(people.name), people.id
    assert peoples["griffins"].name == GRIFFINS
    assert people_name(catalogs, "mid-nor", ["fr"]) == "Nains de Mid-Nor"


def test_the_example_army_still_loads_and_is_valid(builtin):
    (path,) = sorted((data_dir() / "confrontation" / "examples").glob("*.warband.json"))
    army = load_army(path)
    assert validate(army, builtin.for_system("confrontation")).valid


# --- Strategy Battle Game factions ---------------------------------------------------------------------------
def test_a_listed_faction_is_named_by_the_profiles_text():
    factions = [
        {"id": "Rohan", "name": {"en": "Rohan", "ru": "Рохан"}},
        {"id": "Minas Tirith", "name": {"en": "Minas Tirith", "ru": "Минас Тирит"}},
    ]
    catalogs, errors = sbg_catalogs(sbg_doc(factions=factions))
    assert errors == []
    assert faction_name(catalogs, "Minas Tirith", ["ru"]) == "Минас Тирит"
    assert faction_name(catalogs, "Rohan", ["fr"]) == "Rohan"
    assert faction_words(catalogs, "Rohan") == ("Rohan", "Rohan", "Рохан")


def test_a_faction_no_catalog_names_is_shown_as_the_profiles_write_it():
    catalogs, errors = sbg_catalogs(sbg_doc())  # a catalog written before factions were listed
    assert errors == []
    assert faction_name(catalogs, "Minas Tirith", ["fr"]) == "Minas Tirith"
    assert faction_words(catalogs, "Minas Tirith") == ("Minas Tirith",)


def test_a_faction_listed_by_two_catalogs_is_a_clash():
    named = {"id": "Rohan", "name": "Rohan"}
    catalogs, errors = sbg_catalogs(
        sbg_doc(factions=[named]), sbg_doc(id="other", profiles=[], factions=[copy.deepcopy(named)])
    )
    [error] = errors
    assert (error.file, error.where) == ("sbg1.json", "$.factions[0].id")
    assert "the faction id 'Rohan' is also defined in sbg0.json" in error.message
    assert [lc.document.id for lc in catalogs.loaded] == ["sbg-test"]


def test_the_builtin_sbg_catalog_names_every_faction_it_uses(builtin):
    catalogs = builtin.for_system("sbg")
    factions = catalogs.entries["factions"]
    assert {p.faction for p in catalogs.entries["profiles"].values()} == set(factions)
    for faction in factions.values():
        assert isinstance(faction.name, dict) and {"en", "fr", "ru"} <= set(faction.name), faction.id
    assert faction_name(catalogs, "Fellowship", ["fr"]) == "Communauté de l'Anneau"
    assert faction_name(catalogs, "Fellowship", ["ru"]) == "Братство Кольца"
    assert faction_name(catalogs, "Dwarves", ["fr"]) == "Nains"
    assert faction_name(catalogs, "Lothlórien", ["ru"]) == "Лотлориэн"
    (path,) = sorted((data_dir() / "sbg" / "examples").glob("*.warband.json"))
    assert validate(load_army(path), catalogs).valid


def test_the_sbg_catalog_schema_lists_factions():
    schema = get_system("sbg").catalog_model.model_json_schema()
    assert "factions" in schema["properties"]
    assert set(schema["$defs"]["Faction"]["required"]) == {"id", "name"}
