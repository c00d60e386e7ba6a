"""A catalog as spreadsheets and back: one CSV file per list of entries, one for the envelope (issue 20).

Players edit catalogs in a spreadsheet; `export_catalog_csv` writes `_catalog.csv` (the envelope: format,
version, system, id, revision, name, notes) and `<list>.csv` for each list the catalog holds (`profiles.csv`,
`spells.csv`…), found in the game's catalog model: a game plugged in gets its own with no code here.
`import_catalog_csv` reads them back into the catalog's JSON value, checked as a catalog file is. Export then
import gives back the same JSON value. The scheme (docs/csv.md has examples):

- Files: UTF-8 with a byte-order mark (Excel needs it to read UTF-8), comma-separated, a header row, then one
  row per entry; rows are numbered as a spreadsheet numbers them (the header is row 1). A list the catalog does
  not have has no file; an empty one has a file with a header only. The import also reads `;` or tab as the
  separator, as some spreadsheets save (the header row tells: column names hold neither).
- Columns: an entry's fields. An object is spread over dotted columns (`hero.might`, `faithful.aspects.creation`,
  a name's languages `name.en`, `name.fr`); its own column (`hero`) is then empty in that row, and holds the
  object as JSON when one of its keys is not made of letters, digits, `_` and `-` (and `{}` when it is empty).
  A list is JSON text in one cell: `["merin", "mid-nor"]`.
- Cells: empty = absent; `null`; `true`, `false`; a number as JSON writes it (`12` is an int, `12.0` a float);
  `[…]` or `{…}` JSON; `"…"` a JSON string (how a text with control characters, NUL among them, is written);
  `'` followed by a text exactly; any other cell is its text. A text is written with the `'` mark when it is
  empty, would read as something else (`null`, `12`, `[`…), or begins with a space or with what a spreadsheet
  takes for a formula (`= + - @ | %`): so no cell the export writes begins with those, except a number.
- Limits: files over 20 MB, more than 100,000 rows or 16,384 columns are refused, both ways.
"""

from __future__ import annotations

import csv
import io
import json
import re
import types
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from warband.model.catalog import CatalogFile, Catalogs, LoadedCatalog, builtin_catalog_paths, load_catalogs, merge
from warband.model.messages import N_, _
from warband.model.storage import (
    MAX_FILE_BYTES,
    FileError,
    describe_validation_error,
    find_lone_surrogate,
    json_bytes,
    open_envelope,
    read_json,
    unsavable_text,
    write_bytes_atomic,
)
from warband.model.system import find_system, unknown_system

ENVELOPE_FILE = "_catalog.csv"
"""The envelope's file: it sorts first, and no list can be named so (pydantic fields never begin with `_`)."""
MAX_ROWS = 100_000
MAX_COLUMNS = 16_384
"""As many columns as a spreadsheet holds."""

Column = tuple[str, ...]
_KEY = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_-]*")
_FORMULA = frozenset("=+-@|%\uff1d\uff0b\uff0d\uff20")  # the full-width forms too, which some spreadsheets take
_NUMBER = re.compile(r"[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
"""What a text cell does not hold as it is (a spreadsheet may drop it, or turn CR LF into LF): tab and LF do."""
_WORDS = ("null", "true", "false")


class _Absent:
    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Any = _Absent()
"""What an empty cell reads as: the field is not in the entry."""
_QUOTED = N_("a cell beginning with a double quote holds a JSON string (begin a text with ' to keep it as it is)")


# --- cells ----------------------------------------------------------------------------------------------------
def cell_text(value: Any) -> str:
    """A JSON value as the text of one cell (ABSENT as an empty one)."""
    if value is ABSENT:
        return ""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, str):
        if _CONTROL.search(value):
            return json.dumps(value, ensure_ascii=False)
        marked = (
            not value
            or value[0] in "'\"[{"
            or value[0] in _FORMULA
            or value[0].isspace()
            or value.lower() in _WORDS
            or _NUMBER.fullmatch(value) is not None
        )
        return "'" + value if marked else value
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def cell_value(text: str) -> Any:
    """The JSON value one cell holds (ABSENT for an empty one); ValueError says why a cell holds none."""
    if not text:
        return ABSENT
    first = text[0]
    if first == "'":
        return text[1:]
    if first in '"[{':
        try:
            value = _json(text)
        except ValueError as exc:
            raise ValueError(_(_QUOTED) if first == '"' else str(exc)) from None
        if first == '"' and not isinstance(value, str):
            raise ValueError(_(_QUOTED))
        return value
    lowered = text.lower()
    if lowered in _WORDS:
        return {"null": None, "true": True, "false": False}[lowered]
    if _NUMBER.fullmatch(text):
        return float(text) if any(char in text for char in ".eE") else int(text)
    return text


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise ValueError(_("the key {key!r} appears twice in one object").format(key=key))
        found[key] = value
    return found


def _no_constant(name: str) -> Any:
    raise ValueError(_("{name} is not a number JSON allows").format(name=name))


def _json(text: str) -> Any:
    try:
        value = json.loads(text, object_pairs_hook=_pairs, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise ValueError(_("not valid JSON ({why})").format(why=f"{exc.msg}: character {exc.pos + 1}")) from None
    except RecursionError:
        raise ValueError(_("the JSON is nested too deeply")) from None
    surrogate = find_lone_surrogate(value)
    if surrogate is not None:
        raise ValueError(surrogate.reason())
    return value


# --- the lists of a game's catalog ----------------------------------------------------------------------------
def _unwrapped(annotation: Any) -> Any:
    while get_origin(annotation) is Annotated:
        annotation = get_args(annotation)[0]
    return annotation


def list_models(model: type[CatalogFile]) -> dict[str, type[BaseModel]]:
    """The lists of a game's catalog, each with the model of its items: its fields `tuple[X, ...]` of models."""
    found: dict[str, type[BaseModel]] = {}
    for name, info in model.model_fields.items():
        annotation = _unwrapped(info.annotation)
        args = get_args(annotation)
        listed = get_origin(annotation) is list and len(args) == 1
        repeated = get_origin(annotation) is tuple and len(args) == 2 and args[1] is Ellipsis
        item = _unwrapped(args[0]) if listed or repeated else None
        if name not in CatalogFile.model_fields and isinstance(item, type) and issubclass(item, BaseModel):
            found[name] = item
    return found


def _accepts(annotation: Any, path: Sequence[str]) -> bool:
    """Whether a value of this type may hold something at `path` (keys through models and maps)."""
    annotation = _unwrapped(annotation)
    if not path or annotation is Any:
        return True
    origin = get_origin(annotation)
    if origin is Union or origin is types.UnionType:
        return any(_accepts(arg, path) for arg in get_args(annotation))
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        info = annotation.model_fields.get(path[0])
        return info is not None and _accepts(info.annotation, path[1:])
    if origin is dict or origin is Mapping:
        args = get_args(annotation)
        return _accepts(args[1] if len(args) == 2 else Any, path[1:])
    return False


def _system_model(system_id: str) -> type[CatalogFile]:
    system = find_system(system_id)
    if system is None:
        raise FileError("", "", unknown_system(system_id))
    return system.catalog_model


def _checked_model(document: Mapping[str, Any], file: str) -> type[CatalogFile]:
    """The catalog model of a catalog's JSON value, once the value is checked as `load_catalog` checks a file."""
    data = open_envelope(dict(document) if isinstance(document, Mapping) else document, file, "warband-catalog")
    system_id = data.get("system")
    if not isinstance(system_id, str):
        raise FileError(file, "$.system", _("the 'system' field must name a rule system"))
    model = _system_model(system_id)
    try:
        model.model_validate(data)
    except ValidationError as exc:
        raise describe_validation_error(exc, file) from None
    except RecursionError:
        raise FileError(file, "", _("the JSON is nested too deeply")) from None
    return model


# --- export ---------------------------------------------------------------------------------------------------
def _flatten(value: Mapping[str, Any], prefix: Column = ()) -> Iterator[tuple[Column, Any]]:
    for key, item in value.items():
        path = (*prefix, key)
        if isinstance(item, dict) and item and all(_KEY.fullmatch(k) for k in item):
            yield from _flatten(item, path)
        else:
            yield path, item


def _table(fields: Sequence[str], rows: Sequence[Mapping[str, Any]], file: str) -> str:
    """One CSV file: a column for each field of the model (a template for new rows), then each dotted one."""
    if len(rows) > MAX_ROWS:
        raise FileError(file, "", _too_many_rows())
    flat = [dict(_flatten(row)) for row in rows]
    columns: dict[Column, None] = {(name,): None for name in fields}
    for row in flat:
        columns.update(dict.fromkeys(row))
    rank = {name: index for index, name in enumerate(fields)}
    ordered = sorted(columns, key=lambda column: rank.get(column[0], len(rank)))  # stable: nested by their field
    if len(ordered) > MAX_COLUMNS:
        raise FileError(file, "", _too_many_columns())
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(".".join(column) for column in ordered)
    for row in flat:
        writer.writerow(cell_text(row.get(column, ABSENT)) for column in ordered)
    return buffer.getvalue()


def catalog_to_csv(document: Mapping[str, Any], file: str = "") -> dict[str, str]:
    """A catalog's JSON value (as its file holds it) as CSV texts by file name; FileError when it is no catalog."""
    model = _checked_model(document, file)
    unsavable = unsavable_text(document, file)
    if unsavable is not None:
        raise unsavable
    lists = list_models(model)
    envelope = [name for name in model.model_fields if name not in lists]
    texts = {ENVELOPE_FILE: _table(envelope, [{k: v for k, v in document.items() if k not in lists}], file)}
    for kind, item in lists.items():
        if kind in document:
            texts[f"{kind}.csv"] = _table(list(item.model_fields), document[kind], f"{file} ({kind})")
    return texts


def export_catalog_csv(catalog: Path, folder: Path) -> dict[str, int]:
    """Write a catalog file as CSV files into `folder` (made if need be): file name → rows of entries.

    A CSV file already in the folder that this catalog would not write is refused, not left beside the new ones:
    a list from another catalog would be read back into this one.
    """
    document = read_json(catalog)
    texts = catalog_to_csv(document, str(catalog))
    where = str(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        stale = sorted(p.name for p in folder.iterdir() if p.suffix.lower() == ".csv" and p.name not in texts)
        if stale:
            raise FileError(
                str(folder / stale[0]),
                "",
                _("this CSV file is not of the catalog exported: remove it, or export into another folder"),
            )
        for name, text in texts.items():
            where = str(folder / name)
            write_bytes_atomic(folder / name, ("\ufeff" + text).encode("utf-8"))
    except OSError as exc:
        raise FileError(where, "", _("cannot write here ({why})").format(why=exc.strerror or exc)) from None
    return {name: 1 if name == ENVELOPE_FILE else len(document[name[: -len(".csv")]]) for name in texts}


# --- import ---------------------------------------------------------------------------------------------------
def _too_many_rows() -> str:
    return _("more than {most} rows: Warband reads at most so many in a CSV file").format(most=f"{MAX_ROWS:,}")


def _too_many_columns() -> str:
    return _("more than {most} columns: Warband reads at most so many in a CSV file").format(
        most=f"{MAX_COLUMNS:,}"
    )


@dataclass
class _Table:
    """What one CSV file gave: its columns, and each row as the JSON object it makes, with its row number."""

    file: str
    columns: list[Column]
    rows: list[dict[str, Any]] = field(default_factory=list)
    numbers: list[int] = field(default_factory=list)


def _place(row: int | None, column: Column | None, rest: str = "") -> str:
    if column is None:
        return _("row {row}").format(row=row) if row is not None else ""
    name = ".".join(column)
    if row is None:
        return _("column {column}").format(column=name)
    if rest:
        return _("row {row}, column {column}, at {place}").format(row=row, column=name, place=rest)
    return _("row {row}, column {column}").format(row=row, column=name)


def _records(text: str, file: str) -> list[list[str]]:
    if text.startswith("\ufeff"):
        text = text[1:]
    header = text.split("\n", 1)[0]
    delimiter = next((d for d in ",;\t" if d in header), ",")
    limit = csv.field_size_limit()
    csv.field_size_limit(max(limit, MAX_FILE_BYTES))  # a long note is a long cell; the file's size is the bound
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    records: list[list[str]] = []
    try:
        for record in reader:
            if len(records) > MAX_ROWS:
                raise FileError(file, "", _too_many_rows())
            records.append(record)
    except csv.Error as exc:
        where = _("line {line}").format(line=reader.line_num)
        raise FileError(file, where, _("not valid CSV ({why})").format(why=exc)) from None
    finally:
        csv.field_size_limit(limit)
    return records


def _read_table(text: str, file: str, accepts: Mapping[str, Any]) -> _Table:
    """Parse one CSV file; `accepts` gives the type of each top-level column a row may have."""
    records = _records(text, file)
    if not records or not any(records[0]):
        raise FileError(file, "", _("the file is empty: its first row names the columns"))
    if len(records[0]) > MAX_COLUMNS:
        raise FileError(file, "", _too_many_columns())
    table = _Table(file, [])
    for name in records[0]:
        column = tuple(name.split("."))
        if not all(_KEY.fullmatch(part) for part in column) or column[0] not in accepts:
            raise FileError(file, _place(1, column), _("unknown column {name!r}").format(name=name))
        if not _accepts(accepts[column[0]], column[1:]):
            raise FileError(file, _place(1, column), _("unknown column {name!r}").format(name=name))
        if column in table.columns:
            raise FileError(file, _place(1, column), _("the column {name!r} is there twice").format(name=name))
        table.columns.append(column)
    for number, record in enumerate(records[1:], start=2):
        if not any(record):
            continue  # a blank row a spreadsheet left
        if any(record[len(table.columns) :]):
            message = _("the row has {count} cells, but the first row names {columns} columns")
            raise FileError(
                file, _place(number, None), message.format(count=len(record), columns=len(table.columns))
            )
        table.rows.append(_row(dict(zip(table.columns, record, strict=False)), file, number))
        table.numbers.append(number)
    return table


def _row(cells: Mapping[Column, str], file: str, number: int) -> dict[str, Any]:
    """The JSON object a row makes: dotted columns make the objects; each value is set once."""
    row: dict[str, Any] = {}
    made: set[Column] = set()
    owner: dict[Column, Column] = {}
    for column, text in cells.items():
        try:
            value = cell_value(text)
        except ValueError as exc:
            raise FileError(file, _place(number, column), str(exc)) from None
        if value is ABSENT:
            continue
        node = row
        for depth in range(1, len(column) + 1):
            prefix = column[:depth]
            if prefix in owner and (prefix not in made or depth == len(column)):
                message = _("this cell and the column {other} give the same value: fill one of them")
                other = ".".join(owner[prefix])
                raise FileError(file, _place(number, column), message.format(other=other))
            owner.setdefault(prefix, column)
            if depth < len(column):
                made.add(prefix)
                node = node.setdefault(prefix[-1], {})
        node[column[-1]] = value
    return row


def _read_folder(folder: Path) -> dict[str, str]:
    if not folder.is_dir():
        raise FileError(str(folder), "", _("no such folder"))
    texts: dict[str, str] = {}
    for path in sorted(folder.iterdir()):
        if path.suffix.lower() != ".csv" or not path.is_file():
            continue
        file = str(path)
        try:
            size = path.stat().st_size
            if size > MAX_FILE_BYTES:
                message = _("the file is {size} MB; Warband reads files of at most {most} MB")
                shown = f"{size / 1_048_576:.1f}"
                raise FileError(file, "", message.format(size=shown, most=MAX_FILE_BYTES // 1_048_576))
            with path.open("rb") as handle:
                raw = handle.read(MAX_FILE_BYTES + 1)
            texts[path.name] = raw.decode("utf-8-sig")
        except OSError as exc:
            raise FileError(
                file, "", _("the file cannot be read ({why})").format(why=exc.strerror or exc)
            ) from None
        except UnicodeDecodeError as exc:
            raise FileError(file, f"byte {exc.start}", _("the file is not UTF-8 text")) from None
    return texts


@dataclass
class _Read:
    """A catalog's JSON value read from CSV, with the tables it came from (to name a file, row and column)."""

    document: dict[str, Any]
    envelope: _Table
    lists: dict[str, _Table]

    def error(self, loc: Sequence[str | int], message: str, *, whole: bool = False) -> FileError:
        """The error at a place of the JSON value, as the file, row and column it came from; `whole`: the place
        is a column's own (a field missing), not a part of the nearest column's value."""
        table, rest = self.envelope, list(loc)
        row = table.numbers[0] if table.numbers else None
        kind = loc[0] if loc else None
        if isinstance(kind, str) and kind in self.lists and len(loc) > 1 and isinstance(loc[1], int):
            table = self.lists[kind]
            row, rest = table.numbers[loc[1]] if loc[1] < len(table.numbers) else None, rest[2:]
        keys: list[str] = []
        for part in rest:
            if not isinstance(part, str):
                break
            keys.append(part)
        column: Column | None = tuple(keys) if keys else None
        if not whole:
            column = next(
                (tuple(keys[:n]) for n in range(len(keys), 0, -1) if tuple(keys[:n]) in table.columns), column
            )
        inside = "".join(
            f"[{part}]" if isinstance(part, int) else f".{part}" for part in rest[len(column or ()) :]
        )
        return FileError(table.file, _place(row, column, inside), message)


def _path(where: str) -> list[str | int]:
    """'$.miracles[2].cults[0]' → ['miracles', 2, 'cults', 0]."""
    return [int(index) if index else key for key, index in re.findall(r"\.([^.\[\]]+)|\[(\d+)\]", where)]


def catalog_from_csv(texts: Mapping[str, str], system_id: str, folder: Path | None = None) -> dict[str, Any]:
    """A catalog's JSON value from CSV texts by file name, checked by the game's catalog model (not yet against
    other catalogs: `import_catalog_csv` does that)."""
    return _read(texts, system_id, folder)[0].document


def _read(texts: Mapping[str, str], system_id: str, folder: Path | None) -> tuple[_Read, CatalogFile]:
    model = _system_model(system_id)
    lists = list_models(model)

    def file(name: str) -> str:
        return str(folder / name) if folder is not None else name

    expected = [ENVELOPE_FILE, *(f"{kind}.csv" for kind in lists)]
    for name in texts:
        if name not in expected:
            message = _("no list of the {system} catalogs is called so (the files are {files})")
            raise FileError(file(name), "", message.format(system=system_id, files=", ".join(expected)))
    if ENVELOPE_FILE not in texts:
        raise FileError(file(ENVELOPE_FILE), "", _("no such file: it holds the catalog's id, name and revision"))
    fields = {name: info.annotation for name, info in model.model_fields.items() if name not in lists}
    envelope = _read_table(texts[ENVELOPE_FILE], file(ENVELOPE_FILE), fields)
    if len(envelope.rows) != 1:
        message = _("the file holds one row below its first: the catalog's; it holds {count}")
        raise FileError(envelope.file, "", message.format(count=len(envelope.rows)))
    read = _Read(dict(envelope.rows[0]), envelope, {})
    for kind, item in lists.items():
        name = f"{kind}.csv"
        if name in texts:
            accepts = {key: info.annotation for key, info in item.model_fields.items()}
            read.lists[kind] = table = _read_table(texts[name], file(name), accepts)
            read.document[kind] = table.rows
    given = read.document.get("system")
    if isinstance(given, str) and given != system_id:
        message = _("this catalog is of the game {given!r}, not of {system!r}")
        raise read.error(["system"], message.format(given=given, system=system_id))
    try:
        data = open_envelope(dict(read.document), envelope.file, "warband-catalog")
        catalog = model.model_validate(data)
    except FileError as exc:
        raise read.error(_path(exc.where), exc.message) from None
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        message = describe_validation_error(exc, envelope.file).message
        raise read.error(list(first["loc"]), message, whole=first["type"] == "missing") from None
    except RecursionError:
        raise FileError(envelope.file, "", _("the JSON is nested too deeply")) from None
    for kind, table in read.lists.items():
        seen: dict[str, int] = {}
        for index, entry in enumerate(table.rows):
            entry_id = entry.get("id")
            if isinstance(entry_id, str) and seen.setdefault(entry_id, index) != index:
                message = _("the id {id!r} is already used in row {row}")
                raise read.error(
                    [kind, index, "id"], message.format(id=entry_id, row=table.numbers[seen[entry_id]])
                )
    return read, catalog


def import_catalog_csv(folder: Path, system_id: str, against: Catalogs | None = None) -> dict[str, Any]:
    """The catalog's JSON value that the CSV files of `folder` make, for `save_catalog` to write.

    Checked as a catalog file is, and against the catalogs of its game it would load beside (`against`; by
    default the built-in ones), a catalog of its own id among them being the one it replaces: an id one of them
    already has, or a reference to an entry none has, is an error naming the file, the row and the column.
    """
    read, catalog = _read(_read_folder(folder), system_id, folder)
    if against is None:
        against = load_catalogs(builtin_catalog_paths()).for_system(system_id)
    mine = LoadedCatalog(str(folder / ENVELOPE_FILE), catalog)
    others = [lc for lc in against.loaded if lc.document.id != mine.document.id and lc.file != mine.file]
    _merged, errors = merge(system_id, [*others, mine])
    for error in errors:
        if error.file == mine.file:
            raise read.error(_path(error.where), error.message)
    size = len(json_bytes(read.document, mine.file, indent=2)) + 1
    if size > MAX_FILE_BYTES:
        message = _("the catalog would be {size} MB; Warband reads files of at most {most} MB")
        shown = f"{size / 1_048_576:.1f}"
        raise FileError(str(folder), "", message.format(size=shown, most=MAX_FILE_BYTES // 1_048_576))
    return read.document
