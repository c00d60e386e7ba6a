"""A catalog as CSV files and back (issue 20, item 3): the round trip is exact, hostile text survives, and what
cannot be read names its file, row and column."""

from __future__ import annotations

import copy
import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from warband.model import catalog_csv
from warband.model.catalog import builtin_catalog_paths
from warband.model.catalog_csv import (
    ABSENT,
    ENVELOPE_FILE,
    catalog_from_csv,
    catalog_to_csv,
    cell_text,
    cell_value,
    export_catalog_csv,
    import_catalog_csv,
    list_models,
)
from warband.model.storage import FileError
from warband.model.system import get_system

BUILTIN = builtin_catalog_paths()


def canonical(value: Any) -> str:
    """A JSON value as text that tells 1 from 1.0 from true, and null from absent; key order aside."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def raw(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def cells(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


def player_catalog(**changes: Any) -> dict[str, Any]:
    """A small catalog of a player's, referring to the built-in ones (the cult 'merin' is built in)."""
    doc: dict[str, Any] = {
        "format": "warband-catalog",
        "version": 2,
        "system": "confrontation",
        "id": "csv-test",
        "revision": 3,
        "name": "CSV test",
        "cults": [{"id": "csv-cult", "name": {"en": "Cult", "fr": "Culte"}, "path": "light", "notes": ""}],
        "miracles": [
            {"id": "csv-grace", "name": "Grace", "cults": ["merin", "csv-cult"], "cost": 5, "notes": None},
            {"id": "csv-wrath", "name": "Wrath", "universal": True, "cost": 7, "difficulty": 6},
        ],
        "profiles": [
            {
                "id": "csv-priest",
                "name": "Priest",
                "people": "griffins",
                "cost": 30,
                "discipline": None,
                "faithful": {"rank": "devotee", "cult": "csv-cult", "faith": 6, "aspects": {"creation": 1}},
            }
        ],
    }
    doc.update(changes)
    return doc


def write_folder(folder: Path, texts: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in texts.items():
        (folder / name).write_bytes(text.encode("utf-8"))
    return folder


def exported(tmp_path: Path, doc: dict[str, Any]) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    source = tmp_path / "source.json"
    source.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    folder = tmp_path / "csv"
    export_catalog_csv(source, folder)
    return folder


def edit(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_bytes().decode("utf-8-sig")
    assert old in text, (old, text)
    path.write_bytes(text.replace(old, new, 1).encode("utf-8"))


# --- the round trip -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", BUILTIN, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_builtin_catalog_comes_back_the_same(path: Path, tmp_path: Path) -> None:
    doc = raw(path)
    written = export_catalog_csv(path, tmp_path / "csv")
    system = get_system(doc["system"])
    kinds = [kind for kind in list_models(system.catalog_model) if kind in doc]
    assert list(written) == [ENVELOPE_FILE, *(f"{kind}.csv" for kind in kinds)]
    assert written == {ENVELOPE_FILE: 1} | {f"{kind}.csv": len(doc[kind]) for kind in kinds}
    assert sorted(p.name for p in (tmp_path / "csv").iterdir()) == sorted(written)
    back = import_catalog_csv(tmp_path / "csv", doc["system"])  # checked beside the built-in ones it replaces
    assert canonical(back) == canonical(doc)


def test_the_lists_are_the_game_models_own_for_every_game() -> None:
    """A game plugged in (the test game Litany among them) gets its files with no code of its own."""
    seen = set()
    for path in BUILTIN:
        doc = raw(path)
        model = get_system(doc["system"]).catalog_model
        lists = list_models(model)
        assert set(model.model_validate(doc).entry_lists()) <= set(lists)
        seen.add(doc["system"])
        texts = catalog_to_csv(doc)
        assert set(texts) == {ENVELOPE_FILE, *(f"{kind}.csv" for kind in lists if kind in doc)}
    assert {"confrontation", "powerdice", "sbg", "pfpv", "litany"} <= seen


def test_the_files_are_utf8_with_a_bom_a_header_and_dotted_columns(tmp_path: Path) -> None:
    folder = exported(tmp_path, player_catalog())
    data = (folder / "profiles.csv").read_bytes()
    assert data.startswith(b"\xef\xbb\xbfid,name,")
    rows = cells(data.decode("utf-8-sig"))
    header = rows[0]
    assert {"faithful.rank", "faithful.aspects.creation", "discipline"} <= set(header)
    row = dict(zip(header, rows[1], strict=True))
    assert (row["faithful.aspects.creation"], row["faithful"], row["discipline"], row["movement"]) == (
        "1",
        "",
        "null",
        "",
    )
    cults = cells((folder / "cults.csv").read_bytes().decode("utf-8-sig"))
    cult = dict(zip(cults[0], cults[1], strict=True))
    assert (cult["name"], cult["name.en"], cult["name.fr"], cult["notes"]) == ("", "Cult", "Culte", "'")
    miracles = cells((folder / "miracles.csv").read_bytes().decode("utf-8-sig"))
    grace = dict(zip(miracles[0], miracles[1], strict=True))
    assert (grace["cults"], grace["notes"], grace["name"], grace["universal"]) == (
        '["merin", "csv-cult"]',
        "null",
        "Grace",
        "",
    )
    envelope = cells((folder / ENVELOPE_FILE).read_bytes().decode("utf-8-sig"))
    assert envelope[0][:5] == ["format", "version", "system", "id", "revision"]
    assert envelope[1][:5] == ["warband-catalog", "2", "confrontation", "csv-test", "3"]


def test_absent_null_and_empty_stay_apart_and_a_plain_name_stays_plain(tmp_path: Path) -> None:
    doc = player_catalog()
    back = import_catalog_csv(exported(tmp_path, doc), "confrontation")
    assert back["cults"][0]["notes"] == ""
    assert back["miracles"][0]["notes"] is None
    assert "notes" not in back["miracles"][1] and "paths" not in back["miracles"][0]
    assert back["miracles"][0]["name"] == "Grace"
    assert back["cults"][0]["name"] == {"en": "Cult", "fr": "Culte"}
    assert back["profiles"][0]["faithful"]["aspects"] == {"creation": 1}
    assert type(back["revision"]) is int and back["miracles"][1]["universal"] is True
    assert canonical(back) == canonical(doc)


def test_an_empty_list_has_a_file_with_a_header_and_an_absent_one_has_none(tmp_path: Path) -> None:
    folder = exported(tmp_path, player_catalog(items=[]))
    assert cells((folder / "items.csv").read_bytes().decode("utf-8-sig")) == [list(get_items_fields())]
    assert not (folder / "peoples.csv").exists()
    back = import_catalog_csv(folder, "confrontation")
    assert back["items"] == [] and "peoples" not in back


def get_items_fields() -> list[str]:
    return list(list_models(get_system("confrontation").catalog_model)["items"].model_fields)


def test_objects_with_keys_a_column_cannot_name_go_whole_as_json() -> None:
    doc = raw(next(p for p in BUILTIN if p.parent.name == "pfpv"))
    doc["profiles"][0]["contact"] = {"a.b": 3, "feu": 2}
    doc["profiles"][1]["contact"] = {}
    doc["sources"].append({"id": "a.b", "name": "Dotted"})
    texts = catalog_to_csv(doc)
    rows = cells(texts["profiles.csv"])
    assert dict(zip(rows[0], rows[1], strict=True))["contact"] == '{"a.b": 3, "feu": 2}'
    assert dict(zip(rows[0], rows[2], strict=True))["contact"] == "{}"
    assert canonical(catalog_from_csv(texts, "pfpv")) == canonical(doc)


def test_a_spreadsheet_saving_with_semicolons_and_lf_without_bom_changes_nothing() -> None:
    doc = raw(next(p for p in BUILTIN if p.parent.name == "sbg"))
    resaved = {}
    for name, text in catalog_to_csv(doc).items():
        buffer = io.StringIO(newline="")
        csv.writer(buffer, delimiter=";", lineterminator="\n").writerows(cells(text))
        resaved[name] = buffer.getvalue()
    assert canonical(catalog_from_csv(resaved, "sbg")) == canonical(doc)


def test_blank_rows_and_missing_trailing_cells_are_read_as_nothing() -> None:
    texts = catalog_to_csv(player_catalog())
    texts["miracles.csv"] = texts["miracles.csv"].replace("\r\n", "\r\n,,,\r\n\r\n", 1)
    texts["cults.csv"] = "id,name,path,notes\r\nshort-one,Short,light\r\n"
    back = catalog_from_csv(texts, "confrontation")
    assert back["cults"] == [{"id": "short-one", "name": "Short", "path": "light"}]
    assert len(back["miracles"]) == 2


# --- cells ----------------------------------------------------------------------------------------------------
HOSTILE = [
    "",
    " ",
    "'",
    "''twice",
    '"',
    '"quoted"',
    "=1+1",
    '=HYPERLINK("http://example.com","x")',
    "+1",
    "-1",
    "-",
    "@SUM(A1:A2)",
    "|cmd",
    "%0A",
    "\t=1",
    "\r=1",
    "\n",
    "\r\n",
    "a\x00b",
    "\x00",
    "\x1b[2J",
    "\x7f",
    "null",
    "NULL",
    "True",
    "false",
    "12",
    "1.5",
    "1e5",
    "03",
    ".5",
    "٣",
    "[1]",
    "{}",
    "{",
    "a,b;c\td",
    'he said "hi", then left',
    "line one\nline two",
    "🐉 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 \U0010fffd",
    "\u202eevil",
    "\ufeffbom",
    "＝1+1",
    "  leading",
    "trailing  ",
    "x" * 40_000,
]
PREFIXES = ["", "=", "+", "-", "@", "'", '"', "[", "{", " ", "\t", "\r", "\x00", "|", "%", "＋"]
hostile_text = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(max_size=30),
    st.builds(lambda prefix, rest: prefix + rest, st.sampled_from(PREFIXES), st.text(max_size=20)),
)
json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.floats(allow_nan=False, allow_infinity=False),
    hostile_text,
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(hostile_text, inner, max_size=3),
    max_leaves=8,
)
_PLAIN_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?")


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_text_survives_a_cell(text: str) -> None:
    written = cell_text(text)
    assert cell_value(written) == text and type(cell_value(written)) is str
    assert written[:1] not in ("=", "+", "-", "@", "|", "%", "\t", "\r", "＝", "＋", "－", "＠")


@given(json_values)
def test_any_json_value_survives_a_cell(value: Any) -> None:
    assert canonical(cell_value(cell_text(value))) == canonical(value)


@given(hostile_text)
def test_no_text_cell_begins_as_a_formula(text: str) -> None:
    written = cell_text(text)
    if written[:1] in ("=", "+", "-", "@", "|", "%", "\t", "\r", "\n", " ", "＝", "＋", "－", "＠"):
        pytest.fail(f"{text!r} is written {written!r}")


def test_cells_say_what_they_hold() -> None:
    assert [cell_value(t) for t in ("", "null", "TRUE", "false", "12", "-3", "12.0", "1e3", "'12", "x")] == [
        ABSENT,
        None,
        True,
        False,
        12,
        -3,
        12.0,
        1000.0,
        "12",
        "x",
    ]
    assert type(cell_value("12.0")) is float and type(cell_value("12")) is int
    assert [cell_text(v) for v in (None, True, 12, 12.0, "", "12", [1, "a"], {"k": None})] == [
        "null",
        "true",
        "12",
        "12.0",
        "'",
        "'12",
        '[1, "a"]',
        '{"k": null}',
    ]
    with pytest.raises(ValueError, match="JSON string"):
        cell_value('"not closed')
    with pytest.raises(ValueError, match="twice"):
        cell_value('{"a": 1, "a": 2}')
    with pytest.raises(ValueError, match="not a number JSON allows"):
        cell_value("[NaN]")
    with pytest.raises(ValueError, match="lone surrogate"):
        cell_value('["\\ud800"]')


# --- any valid catalog, edited at random ----------------------------------------------------------------------
def _strings(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The places of every string in a JSON value."""
    if isinstance(value, str):
        return [path]
    if isinstance(value, dict):
        return [p for key, item in value.items() for p in _strings(item, (*path, key))]
    if isinstance(value, list):
        return [p for index, item in enumerate(value) for p in _strings(item, (*path, index))]
    return []


def _set(value: Any, path: tuple[Any, ...], new: Any) -> None:
    for part in path[:-1]:
        value = value[part]
    value[path[-1]] = new


def _valid(model: Any, value: Any) -> bool:
    try:
        model.model_validate(value)
    except ValidationError:
        return False
    return True


@st.composite
def edited_catalogs(draw: st.DrawFn) -> dict[str, Any]:
    """A built-in catalog with random edits, each kept only when the entry stays valid: hostile text in its
    strings, names switched between a string and a map of languages, optional fields removed or made null."""
    doc = copy.deepcopy(_DOCS[draw(st.sampled_from(sorted(_DOCS)))])
    model = get_system(doc["system"]).catalog_model
    for _ in range(draw(st.integers(min_value=1, max_value=8))):
        lists = {kind: item for kind, item in list_models(model).items() if doc.get(kind)}
        kind = draw(st.sampled_from(["", *sorted(lists)]))
        if kind:
            index = draw(st.integers(min_value=0, max_value=len(doc[kind]) - 1))
            entry, check = doc[kind][index], lists[kind]
        else:
            entry, check = doc, model
        before = copy.deepcopy(entry)
        action = draw(st.sampled_from(["text", "name", "drop", "null"]))
        keys = [key for key in entry if key not in ("id", "format", "version", "system")]
        texts = [path for path in _strings(entry) if kind or path[0] not in lists]  # a list's edits: its entries'
        if action == "text" and texts:
            _set(entry, draw(st.sampled_from(texts)), draw(hostile_text))
        elif action == "name":
            name = entry["name"]
            if isinstance(name, str):
                entry["name"] = {draw(st.sampled_from(["en", "fr", "ru", "pt-BR"])): name}
            else:
                entry["name"] = draw(st.sampled_from(sorted(name.values())))
        elif action == "drop" and keys:
            del entry[draw(st.sampled_from(keys))]
        elif action == "null" and keys:
            entry[draw(st.sampled_from(keys))] = None
        if not _valid(check, entry):
            entry.clear()
            entry.update(before)
    return doc


_DOCS = {f"{p.parent.name}/{p.name}": raw(p) for p in BUILTIN}


@settings(max_examples=25)
@given(edited_catalogs())
def test_any_valid_catalog_survives_export_then_import(doc: dict[str, Any]) -> None:
    texts = catalog_to_csv(doc)
    assert canonical(catalog_from_csv(texts, doc["system"])) == canonical(doc)
    for text in texts.values():
        for row in cells(text):
            for cell in row:
                if cell[:1] in ("=", "+", "-", "@", "|", "%", "\t", "\r", " ") and not _PLAIN_NUMBER.fullmatch(
                    cell
                ):
                    pytest.fail(f"a cell begins as a formula: {cell[:40]!r}")


@settings(max_examples=10)
@given(st.lists(hostile_text, min_size=1, max_size=5))
def test_hostile_text_survives_the_files(tmp_path_factory: pytest.TempPathFactory, texts: list[str]) -> None:
    doc = player_catalog()
    doc["notes"] = texts[0][:20_000]
    doc["profiles"][0]["people"] = texts[-1][:200] or "x"
    for index, text in enumerate(texts):
        doc["miracles"].append(
            {"id": f"csv-h{index}", "name": "H", "universal": True, "cost": 1, "range": text[:200]}
        )
        doc["miracles"].append(
            {"id": f"csv-n{index}", "name": text if text.strip() else "N", "universal": True, "cost": 1}
        )
    folder = exported(tmp_path_factory.mktemp("hostile"), doc)
    assert canonical(import_catalog_csv(folder, "confrontation")) == canonical(doc)


# --- what cannot be read --------------------------------------------------------------------------------------
def error_of(folder: Path, system: str = "confrontation") -> FileError:
    with pytest.raises(FileError) as caught:
        import_catalog_csv(folder, system)
    return caught.value


def test_a_bad_number_names_the_file_the_row_and_the_column(tmp_path: Path) -> None:
    folder = exported(tmp_path, player_catalog())
    edit(folder, "miracles.csv", ",7,", ",7x,")
    error = error_of(folder)
    assert (error.file, error.where) == (str(folder / "miracles.csv"), "row 3, column cost")
    assert error.message == "Input should be a valid integer (found '7x')"


def test_a_number_where_a_text_is_is_an_error_not_a_text(tmp_path: Path) -> None:
    folder = exported(tmp_path, player_catalog())
    edit(folder, "profiles.csv", ",griffins,", ",12,")
    error = error_of(folder)
    assert (error.file, error.where) == (str(folder / "profiles.csv"), "row 2, column people")
    assert "valid string" in error.message


def test_an_unknown_column_is_named_even_when_empty(tmp_path: Path) -> None:
    folder = exported(tmp_path, player_catalog())
    edit(folder, "profiles.csv", "id,name,", "id,nmae,")
    error = error_of(folder)
    assert (error.file, error.where, error.message) == (
        str(folder / "profiles.csv"),
        "row 1, column nmae",
        "unknown column 'nmae'",
    )
    folder = exported(tmp_path / "2", player_catalog())
    edit(folder, "profiles.csv", "faithful.rank", "faithful.rnak")
    assert error_of(folder).message == "unknown column 'faithful.rnak'"
    folder = exported(tmp_path / "3", player_catalog())
    edit(folder, ENVELOPE_FILE, ",notes", ",profiles")
    assert (error_of(folder).file, error_of(folder).message) == (
        str(folder / ENVELOPE_FILE),
        "unknown column 'profiles'",
    )


def test_a_missing_id_names_its_row_and_column(tmp_path: Path) -> None:
    folder = exported(tmp_path, player_catalog())
    edit(folder, "miracles.csv", "csv-wrath,", ",")
    error = error_of(folder)
    assert (error.file, error.where, error.message) == (
        str(folder / "miracles.csv"),
        "row 3, column id",
        "the required field 'id' is missing",
    )


def test_a_bad_reference_names_its_row_and_column(tmp_path: Path) -> None:
    folder = exported(tmp_path, player_catalog())
    edit(folder, "profiles.csv", ",csv-cult,", ",no-such-cult,")
    error = error_of(folder)
    assert (error.file, error.where) == (str(folder / "profiles.csv"), "row 2, column faithful.cult")
    assert error.message == "refers to the cult 'no-such-cult', which no loaded confrontation catalog defines"
    folder = exported(tmp_path / "2", player_catalog())
    edit(folder, "miracles.csv", '""csv-cult""', '""gone""')
    error = error_of(folder)
    assert (error.file, error.where) == (str(folder / "miracles.csv"), "row 2, column cults, at [1]")


def test_an_id_used_twice_or_by_a_builtin_catalog_is_refused(tmp_path: Path) -> None:
    doc = player_catalog()
    doc["miracles"][1]["id"] = "csv-grace"
    folder = write_folder(tmp_path / "twice", catalog_to_csv(doc))
    error = error_of(folder)
    assert (error.where, error.message) == ("row 3, column id", "the id 'csv-grace' is already used in row 2")
    doc = player_catalog()
    doc["cults"][0]["id"] = "merin"
    doc["profiles"][0]["faithful"]["cult"] = "merin"
    doc["miracles"][0]["cults"] = ["merin"]
    error = error_of(write_folder(tmp_path / "builtin", catalog_to_csv(doc)))
    assert error.where == "row 2, column id" and "is also defined in" in error.message


def test_a_value_given_twice_is_refused(tmp_path: Path) -> None:
    folder = exported(tmp_path, player_catalog())
    edit(folder, "cults.csv", "csv-cult,,Cult", "csv-cult,Cult,Cult")
    error = error_of(folder)
    assert (error.where, error.message) == (
        "row 2, column name.en",
        "this cell and the column name give the same value: fill one of them",
    )


def test_a_rule_of_the_entry_names_its_row(tmp_path: Path) -> None:
    folder = exported(tmp_path, player_catalog())
    edit(folder, "miracles.csv", '"[""merin"", ""csv-cult""]"', "[]")
    error = error_of(folder)
    assert (error.file, error.where) == (str(folder / "miracles.csv"), "row 2")
    assert "needs at least one cult" in error.message


def test_bad_cells_and_files_are_named(tmp_path: Path) -> None:
    folder = exported(tmp_path, player_catalog())
    edit(folder, "miracles.csv", '"[""merin""', '"[""merin"')
    assert error_of(folder).where == "row 2, column cults"
    assert error_of(folder).message.startswith("not valid JSON")
    folder = exported(tmp_path / "2", player_catalog())
    (folder / "cults.csv").write_bytes(b'id,name\r\n"a"b,x\r\n')
    assert (error_of(folder).where, error_of(folder).message[:13]) == ("line 2", "not valid CSV")
    (folder / "cults.csv").write_bytes(b"id,name\r\n\xff,x\r\n")
    assert (error_of(folder).where, error_of(folder).message) == ("byte 9", "the file is not UTF-8 text")
    (folder / "cults.csv").write_bytes(b"")
    assert error_of(folder).message == "the file is empty: its first row names the columns"
    (folder / "cults.csv").write_bytes(b"id,name\r\nx,X,extra\r\n")
    assert error_of(folder).where == "row 2"
    (folder / "cults.csv").write_bytes(b"id,id\r\n")
    assert error_of(folder).message == "the column 'id' is there twice"
    (folder / "cults.csv").unlink()
    (folder / "cult.csv").write_bytes(b"id,name\r\n")
    assert error_of(folder).file == str(folder / "cult.csv")
    assert error_of(folder).message.startswith("no list of the confrontation catalogs is called so")
    (folder / "cult.csv").unlink()
    (folder / ENVELOPE_FILE).unlink()
    assert error_of(folder).file == str(folder / ENVELOPE_FILE)
    assert error_of(tmp_path / "nowhere").message == "no such folder"


def test_the_envelope_is_checked_as_a_catalog_file_is(tmp_path: Path) -> None:
    folder = exported(tmp_path, player_catalog())
    edit(folder, ENVELOPE_FILE, "warband-catalog,2", "warband-catalog,9")
    assert error_of(folder).where == "row 2, column version"
    assert "newer than this program" in error_of(folder).message
    folder = exported(tmp_path / "2", player_catalog())
    assert error_of(folder, "sbg").message.startswith("no list of the sbg catalogs")
    for name in ("cults.csv", "miracles.csv", "profiles.csv"):
        (folder / name).unlink()
    assert (error_of(folder, "sbg").where, error_of(folder, "sbg").message) == (
        "row 2, column system",
        "this catalog is of the game 'confrontation', not of 'sbg'",
    )
    text = (folder / ENVELOPE_FILE).read_bytes()
    (folder / ENVELOPE_FILE).write_bytes(text + text.split(b"\r\n")[1] + b"\r\n")
    assert error_of(folder).message == "the file holds one row below its first: the catalog's; it holds 2"
    with pytest.raises(FileError, match="unknown system 'chess'"):
        catalog_from_csv({}, "chess")


def test_files_over_20_mb_and_too_many_rows_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = exported(tmp_path, player_catalog())
    with (folder / "cults.csv").open("wb") as handle:
        handle.truncate(20 * 1024 * 1024 + 1)
    assert error_of(folder).message == "the file is 20.0 MB; Warband reads files of at most 20 MB"
    (folder / "cults.csv").unlink()
    monkeypatch.setattr(catalog_csv, "MAX_ROWS", 3)
    (folder / "miracles.csv").write_bytes(
        b"id,name,universal,cost\r\n" + b"".join(b"m%d,M,true,1\r\n" % i for i in range(4))
    )
    assert error_of(folder).message == "more than 3 rows: Warband reads at most so many in a CSV file"
    doc = player_catalog(items=[{"id": f"i{n}", "name": "I", "cost": 1} for n in range(4)])
    with pytest.raises(FileError, match="more than 3 rows"):
        catalog_to_csv(doc)
    monkeypatch.setattr(catalog_csv, "MAX_COLUMNS", 5)
    with pytest.raises(FileError, match="more than 5 columns"):
        catalog_to_csv(player_catalog())


def test_a_long_cell_is_read_whole() -> None:
    doc = player_catalog()
    doc["notes"] = "\x00" * 20_000  # 120,000 characters as a JSON string
    doc["profiles"][0]["notes"] = "🐉" * 20_000
    doc["items"] = [{"id": "csv-big", "name": "Big", "cost": 1, "peoples": ["\x01" * 200] * 200}]
    texts = catalog_to_csv(doc)
    limit = csv.field_size_limit()
    assert len(texts["items.csv"]) > limit  # one cell over the csv module's default limit
    assert canonical(catalog_from_csv(texts, "confrontation")) == canonical(doc)
    assert csv.field_size_limit() == limit


# --- export ---------------------------------------------------------------------------------------------------
def test_export_refuses_what_is_no_catalog(tmp_path: Path) -> None:
    with pytest.raises(FileError, match="no such file"):
        export_catalog_csv(tmp_path / "none.json", tmp_path / "csv")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(player_catalog(revision="3")), encoding="utf-8")
    with pytest.raises(FileError) as caught:
        export_catalog_csv(bad, tmp_path / "csv")
    assert (caught.value.file, caught.value.where) == (str(bad), "$.revision")
    bad.write_text("[]", encoding="utf-8")
    with pytest.raises(FileError, match="expected a JSON object"):
        export_catalog_csv(bad, tmp_path / "csv")
    assert not (tmp_path / "csv").exists()


def test_export_refuses_a_folder_holding_another_catalogs_files(tmp_path: Path) -> None:
    folder = exported(tmp_path, player_catalog(items=[]))
    export_catalog_csv(tmp_path / "source.json", folder)  # the same catalog again: its own files are replaced
    (tmp_path / "source.json").write_text(json.dumps(player_catalog()), encoding="utf-8")
    with pytest.raises(FileError) as caught:
        export_catalog_csv(tmp_path / "source.json", folder)
    assert caught.value.file == str(folder / "items.csv")
    assert "not of the catalog exported" in caught.value.message
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    (folder / "items.csv").unlink()
    export_catalog_csv(tmp_path / "source.json", folder)
    assert (folder / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_a_version_1_catalog_comes_back_as_version_1(tmp_path: Path) -> None:
    doc = player_catalog(version=1)
    assert canonical(import_catalog_csv(exported(tmp_path, doc), "confrontation")) == canonical(doc)


def test_the_example_of_docs_csv_md_is_what_export_writes() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "csv.md").read_text(encoding="utf-8")
    example = text[text.index("## An example") :]
    blocks = re.findall(r"```(\w*)\n(.*?)```", example, re.S)
    doc = json.loads(next(block for lang, block in blocks if lang == "json"))
    shown = [block for lang, block in blocks if not lang and "," in block.splitlines()[0]]
    texts = catalog_to_csv(doc)
    assert [texts[name].replace("\r\n", "\n") for name in (ENVELOPE_FILE, "miracles.csv", "profiles.csv")] == shown
    assert canonical(catalog_from_csv(texts, "confrontation")) == canonical(doc)
