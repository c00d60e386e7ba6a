"""`import_catalog`: the reader, then the game's mapping found through `game_modules("battlescribe")`, then the
result checked by the game's catalog model; what the reader did not read is added to what was not mapped.

Most tests give a stand-in mapping (the games' own are tested in their own tests); the last runs every game's
real mapping on the reader's fixtures."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.model.battlescribe.helpers import fixture
from warband.model.battlescribe import importer
from warband.model.battlescribe.data import DataFile, DataSet, Imported
from warband.model.battlescribe.importer import Cancelled, default_prefix, import_catalog
from warband.model.catalog import LoadedCatalog, merge
from warband.model.storage import CURRENT_VERSIONS, FileError, validate_model
from warband.model.system import find_system, game_info, game_modules

MAIN = [fixture("game.gst"), fixture("faction.cat"), fixture("library.cat")]
SYSTEM = "powerdice"  # a game whose catalog model the stand-in mapping's minimal catalog passes
REVISION = 3 + 5 + 2  # the game system's, the faction's, the library's


def _catalog(prefix: str, revision: int = REVISION, **extra: Any) -> dict[str, object]:
    return {
        "format": "warband-catalog",
        "version": CURRENT_VERSIONS["warband-catalog"],
        "system": SYSTEM,
        "id": prefix,
        "revision": revision,
        "name": "Imported",
        **extra,
    }


class _Mapping:
    """A stand-in game mapping: remembers what it was given, and returns what it is told to."""

    def __init__(self, make: Any = None) -> None:
        self.calls: list[tuple[DataSet, str]] = []
        self.make = make or (
            lambda data, prefix: Imported(_catalog(prefix), unmapped={"publications (not read)": 1})
        )

    def import_data(self, data: DataSet, prefix: str) -> Imported:
        self.calls.append((data, prefix))
        result: Imported = self.make(data, prefix)
        return result


@pytest.fixture
def mapping(monkeypatch: pytest.MonkeyPatch) -> _Mapping:
    stand_in = _Mapping()
    monkeypatch.setattr(
        importer, "game_modules", lambda name: {SYSTEM: stand_in} if name == "battlescribe" else {}
    )
    return stand_in


def _data(name: str, *, game: bool = True) -> DataSet:
    file = DataFile(
        kind="gameSystem" if game else "catalogue", id="id-1", name=name, revision=1, schema="2.03", file="f"
    )
    return DataSet(game_system=file, catalogues=()) if game else DataSet(game_system=None, catalogues=(file,))


@pytest.mark.parametrize(
    ("name", "prefix"),
    [
        ("Middle-Earth Strategy Battle Game", "mesbg"),
        ("Confrontation", "confrontation"),
        ("Warhammer 40,000", "warhammer-40-000"),
        ("Élan Vital", "elan-vital"),
        ("Test Skirmish Game", "tsg"),  # "test-skirmish-game" is over 16 characters
        ("Supercalifragilisticexpialidocious", "supercalifragili"),  # one long word: cut
        ("  The   Hobbit: an Unexpected Journey  ", "thauj"),
    ],
)
def test_the_default_prefix_is_short_stable_and_readable(name: str, prefix: str) -> None:
    assert default_prefix(_data(name)) == prefix
    assert default_prefix(_data(name, game=False)) == prefix  # without a game system: the first catalogue's name
    assert importer.PREFIX_PATTERN.fullmatch(prefix)


def test_a_name_without_latin_letters_gives_a_prefix_from_the_id() -> None:
    prefix = default_prefix(_data("Властелин колец"))
    assert prefix.startswith("bs-") and len(prefix) == 11
    assert prefix == default_prefix(_data("Властелин колец"))
    assert default_prefix(DataSet(game_system=None, catalogues=())).startswith("bs-")


def test_the_mapping_is_given_the_data_and_the_prefix_and_its_catalog_is_checked(mapping: _Mapping) -> None:
    imported = import_catalog(SYSTEM, MAIN)
    ((data, prefix),) = mapping.calls
    assert prefix == "tsg"  # from "Test Skirmish Game"
    assert [c.name for c in data.catalogues] == ["Test Faction", "Test Library"]
    assert imported.catalog["id"] == "tsg"
    system = find_system(SYSTEM)
    assert system is not None
    validate_model(system.catalog_model, imported.catalog, "imported")
    assert import_catalog(SYSTEM, MAIN, prefix="my.set-2").catalog["id"] == "my.set-2"


def test_what_the_reader_did_not_read_and_its_problems_are_in_unmapped(mapping: _Mapping) -> None:
    imported = import_catalog(SYSTEM, MAIN)
    assert imported.unmapped == {
        "publications (not read)": 1 + 3,  # the mapping's own count, and the reader's
        "comment (not read)": 1,
        "constraints of categoryEntry (not read)": 1,
        "forceEntries (not read)": 1,
        "modifierGroups (not read)": 1,
        "readme (not read)": 1,
        "problems in the data files (links to nothing, cycles, values that are not numbers)": 4,
    }
    examples = imported.unmapped_examples[
        "problems in the data files (links to nothing, cycles, values that are not numbers)"
    ]
    assert len(examples) == 4 and all(example.startswith("faction.cat: ") for example in examples)


def test_progress_runs_to_its_end_once_the_catalog_is_checked(mapping: _Mapping) -> None:
    calls: list[tuple[int, int]] = []
    import_catalog(SYSTEM, MAIN, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(n, 7) for n in range(8)]  # 3 files read, 3 resolved, then the mapping


def test_cancel_stops_before_the_mapping(mapping: _Mapping) -> None:
    with pytest.raises(Cancelled):
        import_catalog(SYSTEM, MAIN, cancelled=lambda: True)
    assert mapping.calls == []


def test_a_game_without_a_mapping_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(importer, "game_modules", lambda name: {})
    with pytest.raises(FileError) as caught:
        import_catalog(SYSTEM, MAIN)
    name = game_info(SYSTEM).name
    assert caught.value.message == f"Warband cannot import BattleScribe data for {name} yet"


def test_an_unknown_game_is_a_file_error() -> None:
    with pytest.raises(FileError, match="unknown system 'chess'"):
        import_catalog("chess", MAIN)


@pytest.mark.parametrize("prefix", ["", "a:b", "-a", "x" * 17, "é", "a b"])
def test_a_bad_prefix_is_refused(prefix: str, mapping: _Mapping) -> None:
    with pytest.raises(FileError, match="a prefix is 1 to 16 letters"):
        import_catalog(SYSTEM, MAIN, prefix=prefix)
    assert mapping.calls == []


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda data, prefix: Imported(_catalog(prefix, surprise=1)), "unknown field 'surprise'"),
        (lambda data, prefix: Imported(_catalog(prefix, revision=1)), "revision 1"),
        (lambda data, prefix: Imported(_catalog("other")), "id 'other'"),
        (lambda data, prefix: Imported({"format": "warband-army"}), "not a warband-catalog file"),
        (lambda data, prefix: {"not": "an Imported"}, "gave no import"),
        (lambda data, prefix: 1 / 0, "ZeroDivisionError"),
    ],
)
def test_a_mapping_fault_is_a_clear_file_error(make: Any, said: str, monkeypatch: pytest.MonkeyPatch) -> None:
    stand_in = _Mapping(make)
    monkeypatch.setattr(importer, "game_modules", lambda name: {SYSTEM: stand_in})
    with pytest.raises(FileError) as caught:
        import_catalog(SYSTEM, MAIN)
    assert said in caught.value.message
    assert "fault to report" in caught.value.message
    assert caught.value.file == str(MAIN[0])


def test_no_files_is_a_file_error(mapping: _Mapping) -> None:
    with pytest.raises(FileError, match="no files to import"):
        import_catalog(SYSTEM, [])
    assert mapping.calls == []


def test_a_file_error_of_the_reader_passes_through(mapping: _Mapping, tmp_path: Path) -> None:
    with pytest.raises(FileError, match="no such file"):
        import_catalog(SYSTEM, [tmp_path / "absent.gst"])
    assert mapping.calls == []


@pytest.mark.parametrize("system_id", sorted(game_modules("battlescribe")))
def test_every_games_mapping_makes_a_catalog_that_loads_from_the_fixtures(system_id: str, tmp_path: Path) -> None:
    imported = import_catalog(system_id, MAIN)
    system = find_system(system_id)
    assert system is not None
    document = validate_model(system.catalog_model, imported.catalog, "imported")
    _, errors = merge(system_id, [LoadedCatalog("imported", document)])
    assert errors == []
    assert (
        imported.unmapped["problems in the data files (links to nothing, cycles, values that are not numbers)"]
        == 4
    )
