"""Every kind of broken file gives its own clear error: file, place, reason — and never another exception."""

from __future__ import annotations

import json

import pytest

from tests.helpers import BASE_CATALOG, catalog_doc, write_json
from warband.model import storage
from warband.model.army import load_army
from warband.model.catalog import load_catalog, load_catalogs
from warband.model.storage import MAX_FILE_BYTES, FileError


def army_doc(**changes):
    doc = {"format": "warband-army", "version": 1, "system": "confrontation", "name": "A", "units": []}
    doc.update(changes)
    return doc


def error_of(loader, path) -> FileError:
    with pytest.raises(FileError) as err:
        loader(path)
    assert err.value.file == str(path)
    return err.value


def test_not_json_names_line_and_column(tmp_path):
    path = tmp_path / "a.warband.json"
    path.write_text('{\n  "format": "warband-army",\n  "version": 1,,\n}', encoding="utf-8")
    err = error_of(load_army, path)
    assert err.where == "line 3, column 16"
    assert err.message.startswith("not valid JSON")
    assert str(err) == f"{path} at line 3, column 16: {err.message}"


def test_not_utf8(tmp_path):
    path = tmp_path / "a.warband.json"
    path.write_bytes(b'{"name": "\xff\xfe"}')
    err = error_of(load_army, path)
    assert err.message == "the file is not UTF-8 text"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('{"a": NaN}', "NaN is not a number JSON allows"),
        ('{"a": 1, "a": 2}', "the key 'a' appears twice"),
        ("[" * 5000 + "]" * 5000, "nested"),
        ("[]", "expected a JSON object"),
        ('"just a string"', "expected a JSON object"),
    ],
)
def test_hostile_json(tmp_path, text, reason):
    path = tmp_path / "a.warband.json"
    path.write_text(text, encoding="utf-8")
    assert reason in error_of(load_army, path).message


def test_wrong_format(tmp_path):
    path = write_json(tmp_path / "a.warband.json", catalog_doc())
    err = error_of(load_army, path)
    assert (err.where, err.message) == ("$.format", "this is a 'warband-catalog' file, not a warband-army file")
    no_format = write_json(tmp_path / "b.json", {"version": 1})
    assert "has no 'format' field" in error_of(load_catalog, no_format).message


def test_unknown_system(tmp_path):
    path = write_json(tmp_path / "c.json", catalog_doc(system="warhammer"))
    err = error_of(load_catalog, path)
    assert err.where == "$.system"
    assert err.message.startswith("unknown system 'warhammer'")


def test_newer_version_is_refused(tmp_path):
    path = write_json(tmp_path / "a.warband.json", army_doc(version=7))
    err = error_of(load_army, path)
    assert err.where == "$.version"
    newest = storage.CURRENT_VERSIONS["warband-army"]
    assert f"version 7, newer than this program understands (up to {newest})" in err.message


@pytest.mark.parametrize("version", [0, -1, "1", 1.5, True, None])
def test_impossible_version(tmp_path, version):
    path = write_json(tmp_path / "a.warband.json", army_doc(version=version))
    assert error_of(load_army, path).where == "$.version"


def test_older_version_goes_through_the_migration_hook(tmp_path, monkeypatch):
    def v1_to_v2(doc):
        doc["name"] = doc.pop("title")
        doc["version"] = 2
        return doc

    monkeypatch.setitem(storage.CURRENT_VERSIONS, "warband-army", 2)
    monkeypatch.setitem(storage.MIGRATIONS, "warband-army", {1: v1_to_v2})
    doc = army_doc(title="Old army")
    del doc["name"]
    army = load_army(write_json(tmp_path / "old.warband.json", doc))
    assert (army.name, army.version) == ("Old army", 2)


def test_missing_migration_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setitem(storage.CURRENT_VERSIONS, "warband-army", 3)
    monkeypatch.setitem(storage.MIGRATIONS, "warband-army", {})
    err = error_of(load_army, write_json(tmp_path / "a.warband.json", army_doc()))
    assert err.message == "no migration from warband-army version 1"


@pytest.mark.parametrize(
    ("change", "where", "message"),
    [
        ({"cost": "12"}, "$.miracles[0].cost", "Input should be a valid integer (found '12')"),
        ({"cost": -1}, "$.miracles[0].cost", "greater than or equal to 0"),
        ({"costt": 12}, "$.miracles[0].costt", "unknown field 'costt'"),
        ({"aspects": {"creation": 9}}, "$.miracles[0].aspects.creation", "less than or equal to 5"),
        ({"paths": ["neutral"]}, "$.miracles[0].paths[0]", "'light', 'darkness' or 'destiny'"),
        ({"name": {"french": "x"}}, "$.miracles[0].name", "'french' is not a language code"),
        ({"name": ""}, "$.miracles[0].name", "a name may not be empty"),
        ({"id": "bad id!"}, "$.miracles[0].id", "String should match pattern"),
        ({"cults": [], "paths": [], "universal": False}, "$.miracles[0]", "at least one cult"),
    ],
)
def test_bad_field_names_its_json_path(tmp_path, change, where, message):
    doc = catalog_doc()
    doc["miracles"][0].update(change)
    err = error_of(load_catalog, write_json(tmp_path / "c.json", doc))
    assert err.where == where
    assert message in err.message


def test_missing_field(tmp_path):
    doc = catalog_doc()
    del doc["profiles"][2]["cost"]
    err = error_of(load_catalog, write_json(tmp_path / "c.json", doc))
    assert (err.where, err.message) == ("$.profiles[2]", "the required field 'cost' is missing")


def test_file_over_the_limit_is_refused_before_parsing(tmp_path, monkeypatch):
    path = tmp_path / "huge.warband.json"
    with path.open("wb") as handle:  # a sparse file: nothing is really written
        handle.truncate(MAX_FILE_BYTES + 1)

    def no_parsing(*args, **kwargs):
        raise AssertionError("a file over the limit must not be parsed")

    monkeypatch.setattr(json, "loads", no_parsing)
    err = error_of(load_army, path)
    assert err.message == "the file is 20.0 MB; Warband reads files of at most 20 MB"


def test_missing_file_and_folder(tmp_path):
    assert error_of(load_army, tmp_path / "nope.warband.json").message == "no such file"
    assert error_of(load_army, tmp_path).message == "this is a folder, not a file"


def test_dangling_reference_blames_the_file_that_holds_it(tmp_path):
    builtin = write_json(tmp_path / "core.json", catalog_doc())
    player = catalog_doc(id="mine", cults=[], items=[], profiles=[])
    player["miracles"] = [
        {**BASE_CATALOG["miracles"][1], "id": "ok-miracle"},  # refers to merin, defined in core: fine
        {**BASE_CATALOG["miracles"][1], "id": "bad-miracle", "cults": ["merin", "nobody"]},
    ]
    mine = write_json(tmp_path / "mine.json", player)
    load = load_catalogs([builtin, mine])
    [err] = load.errors
    assert (err.file, err.where) == (str(mine), "$.miracles[1].cults[1]")
    assert err.message == "refers to the cult 'nobody', which no loaded confrontation catalog defines"
    # the broken player catalog is left out; the built-in one still loads
    catalogs = load.for_system("confrontation")
    assert [lc.file for lc in catalogs.loaded] == [str(builtin)]


def test_duplicate_id_across_catalogs_names_both_files(tmp_path):
    core = write_json(tmp_path / "core.json", catalog_doc())
    clash = catalog_doc(id="mine", cults=[], profiles=[], items=[], miracles=[BASE_CATALOG["miracles"][2]])
    mine = write_json(tmp_path / "mine.json", clash)
    [err] = load_catalogs([core, mine]).errors
    assert err.file == str(mine)
    assert err.where == "$.miracles[0].id"
    assert str(core) in err.message
    assert "the miracle id 'renfort' is also defined in" in err.message


def test_duplicate_id_within_one_catalog(tmp_path):
    doc = catalog_doc()
    doc["items"].append(dict(doc["items"][0]))
    [err] = load_catalogs([write_json(tmp_path / "c.json", doc)]).errors
    assert (err.where, err.message) == (
        "$.items[3].id",
        "the item id 'amulet' is used twice in this file ($.items[0].id)",
    )


def test_duplicate_catalog_id(tmp_path):
    first = write_json(tmp_path / "a.json", catalog_doc())
    second = write_json(tmp_path / "b.json", catalog_doc(cults=[], miracles=[], items=[], profiles=[]))
    [err] = load_catalogs([first, second]).errors
    assert err.file == str(second)
    assert err.message == f"the catalog id 'test' is already used by {first}"


def test_a_broken_catalog_leaves_the_others_loaded(tmp_path):
    good = write_json(tmp_path / "good.json", catalog_doc())
    bad = tmp_path / "bad.json"
    bad.write_text("{oops", encoding="utf-8")
    load = load_catalogs([bad, good])
    assert [e.file for e in load.errors] == [str(bad)]
    assert load.for_system("confrontation").get("miracles", "renfort") is not None


def test_the_same_file_named_twice_loads_once(tmp_path):
    path = write_json(tmp_path / "c.json", catalog_doc())
    load = load_catalogs([path, tmp_path / "." / "c.json"])
    assert load.errors == ()
    assert len(load.for_system("confrontation").loaded) == 1


def test_a_file_error_raised_inside_a_context_manager_stays_a_file_error():
    """Raising sets the exception's traceback on the way out of a `with` block: the error must take it."""
    import contextlib

    from warband.model.storage import FileError

    @contextlib.contextmanager
    def reading():
        yield

    error = FileError("army.warband.json", "$.units", "not a list")
    with pytest.raises(FileError) as raised, reading():
        raise error
    assert raised.value is error and raised.value.__traceback__ is not None
    assert error == FileError("army.warband.json", "$.units", "not a list")
    assert len({error, FileError("army.warband.json", "$.units", "not a list")}) == 1
