"""Issue 17: every catalog text the program shows is given in English, French and Russian by the built-in
catalogs (names, ranges, areas, durations, casting times, effect parameters, notes), and the example armies come
in each language with the same choices; a catalog that gives fewer languages falls back to its own.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from warband.model.army import load_army
from warband.model.catalog import load_catalog
from warband.model.names import display_name, display_note, localised_texts
from warband.model.system import registered

LANGUAGES = ("en", "fr", "ru")
BUILT_IN = tuple(sorted(r.info.id for r in registered().values() if r.distribution == "warband"))


def folder(system: str) -> Path:
    (found,) = [r.info.folder() for r in registered().values() if r.info.id == system]
    return found


def test_the_four_games_are_built_in():
    assert BUILT_IN == ("confrontation", "pfpv", "powerdice", "sbg")


@pytest.mark.parametrize("system", BUILT_IN)
def test_every_text_of_a_built_in_catalog_is_in_three_languages(system):
    document = load_catalog(folder(system) / "core.json").document
    texts = list(localised_texts(document))
    assert len(texts) > 20
    missing = [
        (where, value) for where, value in texts if not isinstance(value, dict) or set(value) != {*LANGUAGES}
    ]
    assert missing == []
    same = [
        where
        for where, value in texts
        if isinstance(value, dict) and len(value["en"]) > 40 and value["en"] == value["ru"]
    ]
    assert same == []  # a long text left in English under "ru"


@pytest.mark.parametrize("system", BUILT_IN)
def test_the_fields_players_read_are_found(system):
    """`localised_texts` finds every kind of text the schema marks, notes and the game's own short texts too."""
    document = load_catalog(folder(system) / "core.json").document
    fields = {where.rsplit(".", 1)[1] for where, _value in localised_texts(document)}
    expected = {
        "confrontation": {"name", "notes", "range", "duration", "area", "difficulty_note"},
        "pfpv": {"name", "notes", "casting_time", "per_level"},
        "powerdice": {"name", "notes"},
        "sbg": {"name", "notes"},
    }[system]
    assert fields == expected


@pytest.mark.parametrize("system", BUILT_IN)
@pytest.mark.parametrize("language", ["fr", "ru"])
def test_each_example_army_comes_in_french_and_russian_with_the_same_choices(system, language):
    examples = sorted((folder(system) / "examples").glob("*.warband.json"))
    assert examples
    for english in examples:
        translated = english.parent / language / english.name
        ours, theirs = json.loads(english.read_text("utf-8")), json.loads(translated.read_text("utf-8"))
        assert theirs["name"] != ours["name"]
        theirs.pop("name"), ours.pop("name")
        for unit in (*theirs.pop("units"), *ours.pop("units")):
            unit.pop("label"), unit.pop("notes")
        assert theirs == ours
        assert load_army(translated).name == json.loads(translated.read_text("utf-8"))["name"]


def test_a_catalog_in_other_languages_falls_back_to_its_own():
    text = {"de": "eine Runde", "es": "una ronda"}
    assert display_name(text, ("fr",)) == "eine Runde"
    assert display_name({"fr": "1 tour", "en": "1 turn"}, ("ru",)) == "1 turn"
    assert display_name({"fr": "1 tour", "ru": "1 ход"}, ("ru",)) == "1 ход"
    assert display_note({"en": "x" * 400}, 300, ("en",)) == "x" * 300 + "…"


def test_a_text_with_a_bad_language_is_refused_with_its_place(tmp_path):
    from warband.model.storage import FileError

    path = tmp_path / "mine.json"
    miracle = {"id": "m", "name": "M", "universal": True, "cost": 1, "range": {"english": "10 cm"}}
    path.write_text(
        json.dumps(
            {
                "format": "warband-catalog",
                "version": 2,
                "system": "confrontation",
                "id": "mine",
                "revision": 1,
                "name": "Mine",
                "miracles": [miracle],
            }
        ),
        encoding="utf-8",
    )
    with pytest.raises(FileError) as error:
        load_catalog(path)
    assert "miracles" in error.value.where and "range" in error.value.where
    assert "'english' is not a language code" in error.value.message
    miracle["range"] = {"en": "1" * 201}
    path.write_text(path.read_text().replace('{"english": "10 cm"}', json.dumps(miracle["range"])))
    with pytest.raises(FileError) as error:
        load_catalog(path)
    assert "at most 200 characters" in error.value.message
