"""Text that is not valid Unicode (a lone surrogate, from a `\\ud800` escape) and paths no system opens.

Loading refuses such text with the file, the place and the field; saving it is a FileError, never a crash.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import catalog_doc, make_army, unit, write_json
from warband.gui.settings import MAX_PATH_CHARS, Settings, load_settings, save_settings
from warband.model import storage
from warband.model.army import load_army, save_army
from warband.model.autosave import SUFFIX, autosave_bytes, read_autosave
from warband.model.catalog import load_catalog, load_catalogs
from warband.model.storage import (
    FileError,
    dumps,
    find_lone_surrogate,
    json_bytes,
    may_hold_lone_surrogates,
    parse_json_bytes,
    refuse_lone_surrogates,
)


def army_text(**changes: object) -> str:
    """An army file as JSON text (ASCII, so a surrogate is written as its escape, as a hostile file holds it)."""
    doc = {
        "format": "warband-army",
        "version": 1,
        "system": "confrontation",
        "name": "A",
        "units": [{"id": "u1", "profile": "templar", "label": "Gate", "notes": "fine"}],
    }
    doc.update(changes)
    return json.dumps(doc)


def refused(loader, path: Path) -> FileError:
    with pytest.raises(FileError) as err:
        loader(path)
    assert err.value.file == str(path)
    return err.value


# --- loading ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "where", "code"),
    [
        (army_text(name="\ud800Light"), "$.name", "\\ud800"),
        (
            army_text(units=[{"id": "u1", "profile": "templar", "label": "Sa\udfffphon"}]),
            "$.units[0].label",
            "\\udfff",
        ),
        (
            army_text(units=[{"id": "u1", "profile": "templar", "notes": "line\n\udc00"}]),
            "$.units[0].notes",
            "\\udc00",
        ),
    ],
)
def test_a_lone_surrogate_in_an_army_is_refused_with_its_place(tmp_path, text, where, code):
    path = tmp_path / "a.warband.json"
    path.write_text(text, encoding="utf-8")
    assert "\\u" in path.read_text(encoding="utf-8")  # the file holds the escape, as any hostile file must
    err = refused(load_army, path)
    assert (err.where, err.message) == (
        where,
        f"the text is not valid Unicode: it holds a lone surrogate ({code})",
    )


def test_a_lone_surrogate_in_a_field_name_is_refused_naming_it(tmp_path):
    path = tmp_path / "a.warband.json"
    path.write_text(army_text(units=[{"id": "u1", "profile": "templar", "no\udc00tes": ""}]), encoding="utf-8")
    err = refused(load_army, path)
    assert err.where == "$.units[0]"
    assert err.message == (
        "the field name 'no\\udc00tes' is not valid Unicode: it holds a lone surrogate (\\udc00)"
    )


def test_an_upper_case_escape_is_found_too(tmp_path):
    path = tmp_path / "a.warband.json"
    path.write_text(army_text().replace('"Gate"', '"G\\uDBFFate"'), encoding="utf-8")
    err = refused(load_army, path)
    assert err.where == "$.units[0].label"
    assert err.message.endswith("lone surrogate (\\udbff)")


def test_a_lone_surrogate_in_a_catalog_name_map_is_refused(tmp_path):
    """Before: `catalog check` passed it, then `validate` and `roster` crashed printing the name."""
    doc = catalog_doc(id="mine")
    doc["profiles"][0]["name"] = {"fr": "Prêtresse", "en": "Iron\ud800"}
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    err = refused(load_catalog, path)
    assert err.where == "$.profiles[0].name.en"
    assert "not valid Unicode" in err.message
    load = load_catalogs([path])
    assert [(e.file, e.where) for e in load.errors] == [(str(path), "$.profiles[0].name.en")]


def test_a_lone_surrogate_in_a_catalog_key_is_refused(tmp_path):
    doc = catalog_doc(id="mine")
    doc["miracles"][1]["name"] = {"f\ud800": "x"}
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    err = refused(load_catalog, path)
    assert err.where == "$.miracles[1].name"
    assert err.message.startswith("the field name 'f\\ud800' is not valid Unicode")


def test_a_lone_surrogate_in_an_autosave_names_its_place_in_the_envelope(tmp_path):
    data = json.loads(autosave_bytes(make_army(unit("u1", "templar", label="Gate")), None))
    data["army"]["units"][0]["label"] = "G\ud800"
    path = tmp_path / f"x{SUFFIX}"
    path.write_text(json.dumps(data), encoding="utf-8")
    err = refused(read_autosave, path)
    assert (err.where, err.message) == (
        "$.army.units[0].label",
        "the text is not valid Unicode: it holds a lone surrogate (\\ud800)",
    )


def test_valid_text_with_escapes_still_loads(tmp_path):
    """A surrogate pair is one valid character; an escaped backslash before 'ud800' is plain text."""
    path = tmp_path / "a.warband.json"
    path.write_text(army_text(name="😀 é \\ud800"), encoding="utf-8")
    assert "\\ud83d\\ude00" in path.read_text(encoding="utf-8")
    assert load_army(path).name == "😀 é \\ud800"


def test_the_walk_goes_as_deep_as_the_parser_without_recursion():
    depth = 900  # near the parser's own limit (it refuses deeper nesting itself)
    raw = b'{"a": ' + b"[" * depth + b'"\\ud800"' + b"]" * depth + b"}"
    with pytest.raises(FileError) as err:
        parse_json_bytes(raw, "deep.json")
    assert err.value.where == "$.a" + "[0]" * depth
    deeper: object = "\udc00"
    for _ in range(100_000):  # far beyond Python's recursion limit
        deeper = [deeper]
    found = find_lone_surrogate({"x": deeper})
    assert found is not None and found.where.count("[0]") == 100_000 and not found.is_key


def test_the_first_bad_string_in_document_order_is_named():
    data = {"a": ["ok", {"b": "x\ud800"}], "c\udfff": 1, "d": "\udc00"}
    assert find_lone_surrogate(data) == ("$.a[1].b", "x\ud800", False, "\\ud800")
    assert find_lone_surrogate({"a": [1, 2.5, None, True, "fine"]}) is None
    with pytest.raises(FileError) as err:
        refuse_lone_surrogates({"ok": 1, "c\udfff": 1}, "f.json")
    assert (err.value.file, err.value.where) == ("f.json", "$")


def test_normal_files_skip_the_walk(tmp_path, monkeypatch):
    """Only a file holding a `\\ud8..`–`\\udf..` escape is walked, so normal files pay nearly nothing."""
    assert not may_hold_lone_surrogates('{"name": "Prêtresse \\u00e9 \\\\"}'.encode())
    assert may_hold_lone_surrogates(b'{"name": "\\uDe00"}')

    def no_walk(data):
        raise AssertionError("walked a file without any surrogate escape")

    monkeypatch.setattr(storage, "find_lone_surrogate", no_walk)
    path = write_json(tmp_path / "a.warband.json", json.loads(army_text(name="Prêtresse — ✓")))
    assert load_army(path).name == "Prêtresse — ✓"


# --- saving ----------------------------------------------------------------------------------------------------
def _army_with_label(label: str):
    army = make_army(unit("u1", "templar", label="Gate"))
    return army.model_copy(update={"units": (army.units[0].model_copy(update={"label": label}),)})


def test_saving_text_that_is_not_valid_unicode_is_a_file_error_and_keeps_the_file(tmp_path):
    path = tmp_path / "a.warband.json"
    save_army(make_army(unit("u1", "templar")), path)
    before = path.read_bytes()
    with pytest.raises(FileError) as err:
        save_army(_army_with_label("Gate\ud800"), path)
    assert (err.value.file, err.value.where) == (str(path), "$.units[0].label")
    assert err.value.message == "cannot save: the text is not valid Unicode: it holds a lone surrogate (\\ud800)"
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["a.warband.json"]


def test_dumps_and_json_bytes_give_file_errors():
    with pytest.raises(FileError) as err:
        dumps(_army_with_label("\udfff"), "b.battle.json")
    assert (err.value.file, err.value.where) == ("b.battle.json", "$.units[0].label")
    with pytest.raises(FileError) as err:
        json_bytes({"log": ["ok", {"t\udc00": 1}]}, "j.json")
    assert err.value.where == "$.log[1]"
    assert err.value.message.startswith("cannot save: the field name 't\\udc00' is not valid Unicode")
    assert json_bytes({"a": "é"}, "j.json", separators=(",", ":")) == '{"a":"é"}'.encode()


def test_an_autosave_is_written_even_with_text_that_is_not_valid_unicode(tmp_path):
    """The safety copy must not fail: a lone surrogate becomes U+FFFD, an undecodable path is left out."""
    undecodable = Path(b"/armies/\xff.warband.json".decode("utf-8", "surrogateescape"))
    path = tmp_path / f"x{SUFFIX}"
    path.write_bytes(autosave_bytes(_army_with_label("Gate\ud800"), undecodable))
    found = read_autosave(path)
    assert found.army.units[0].label == "Gate\ufffd"
    assert found.original is None
    path.write_bytes(autosave_bytes(make_army(), Path("/armies/a\0b.warband.json")))
    assert read_autosave(path).original is None


# --- paths in the settings ---------------------------------------------------------------------------------------
def test_unusable_recent_entries_are_dropped_and_the_rest_kept(tmp_path):
    path = write_json(
        tmp_path / "settings.json",
        {
            "format": "warband-settings",
            "version": 1,
            "geometry": "AQID",
            "recent": [
                "/a.warband.json",
                "/b\u0000c.warband.json",
                "",
                "/" + "x" * MAX_PATH_CHARS,
                "/d.warband.json",
            ],
        },
    )
    settings, error = load_settings(path)
    assert error is None
    assert settings.recent == ["/a.warband.json", "/d.warband.json"]
    assert settings.geometry == "AQID"


def test_a_path_that_cannot_be_written_never_enters_the_recent_files(tmp_path):
    settings = Settings(recent=["/a.warband.json"])
    settings.add_recent(Path("/b\0.warband.json"))
    settings.add_recent(Path(b"/\xff.warband.json".decode("utf-8", "surrogateescape")))
    assert settings.recent == ["/a.warband.json"]
    settings.recent.insert(0, "/c\udcff.warband.json")  # however it got there, it is not written
    save_settings(settings, tmp_path / "settings.json")
    assert load_settings(tmp_path / "settings.json") == (Settings(recent=["/a.warband.json"]), None)


def test_settings_of_an_earlier_version_with_an_undecodable_file_name_keep_the_rest(tmp_path):
    """Earlier versions wrote a file name that was not UTF-8 as "\\udcXX": that entry goes, the settings stay."""
    from warband.gui.settings import load_settings

    path = tmp_path / "settings.json"
    path.write_text(
        '{"format": "warband-settings", "version": 1, "geometry": "", "splitters": {"main": "AAA"},'
        ' "recent": ["/home/p/caf\\udce9.warband.json", "/home/p/gate.warband.json"]}',
        encoding="utf-8",
    )
    settings, error = load_settings(path)
    assert error is None
    assert settings.recent == ["/home/p/gate.warband.json"]
    assert settings.splitters == {"main": "AAA"}
