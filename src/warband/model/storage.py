"""Versioned JSON files: size limit, clear load errors, migrations and atomic writes.

Every file Warband reads or writes is UTF-8 JSON with a `format` and a `version`. Loading never raises anything
but `FileError`, which names the file, the place (JSON path or line) and what is wrong.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypeAlias, TypeVar

if TYPE_CHECKING:  # pydantic is imported by the functions that need it: reading settings or JSON needs none
    from pydantic import BaseModel, ValidationError

MAX_FILE_BYTES = 20 * 1024 * 1024
"""Files over this size are refused before they are read."""

CURRENT_VERSIONS: dict[str, int] = {
    "warband-catalog": 2,
    "warband-army": 3,
    "warband-autosave": 1,
    "warband-battle": 1,
}
"""The newest version of each format this program writes."""

Migration = Callable[[dict[str, Any]], dict[str, Any]]
MIGRATIONS: dict[str, dict[int, Migration]] = {fmt: {} for fmt in CURRENT_VERSIONS}
"""`MIGRATIONS[format][n]` turns a version-n document into a version n+1 document (and sets its version)."""


def _army_1_to_2(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 2 of the army format adds optional fields of a game's own (a rules option of the army): a version 1
    army reads as it was, with them at their defaults."""
    return {**doc, "version": 2}


MIGRATIONS["warband-army"][1] = _army_1_to_2


def _army_2_to_3(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 3 of the army format lets a unit carry a profile of its own, built by the player, instead of naming
    a catalog's (`Unit.own_profile_name`; a game's own field of the unit): a version 2 army reads as it was. An
    older Warband refuses a version 3 army as newer, instead of failing on the first unit built so."""
    return {**doc, "version": 3}


MIGRATIONS["warband-army"][2] = _army_2_to_3


def _catalog_1_to_2(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 2 of the catalog format lets every text players read (a range, a duration, a casting time, a
    note) be a map of languages, as names already could be: a version 1 catalog's strings read as they were. An
    older Warband refuses a version 2 catalog as newer, instead of failing on its first map."""
    return {**doc, "version": 2}


MIGRATIONS["warband-catalog"][1] = _catalog_1_to_2

M = TypeVar("M", bound="BaseModel")

_UMASK = os.umask(0)
os.umask(_UMASK)  # read once, at import, while nothing else runs: os.umask cannot be read without setting it


@dataclass
class FileError(Exception):
    """A file that cannot be used, with where and why.

    Not a frozen dataclass: raising sets the exception's `__traceback__` (a `contextmanager` does, on the way out
    of its block), which a frozen one refuses. Equal and hashed by its three fields."""

    file: str
    where: str
    message: str

    def __hash__(self) -> int:
        return hash((self.file, self.where, self.message))

    def __str__(self) -> str:
        place = f" at {self.where}" if self.where else ""
        return f"{self.file}{place}: {self.message}"

    def as_json(self) -> dict[str, str]:
        return {"file": self.file, "where": self.where, "message": self.message}


def json_path(loc: Iterable[int | str]) -> str:
    """('units', 0, 'miracles') → '$.units[0].miracles'."""
    out = "$"
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _refuse_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON allows")


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {key!r} appears twice in one object")
        out[key] = value
    return out


def parse_json_bytes(raw: bytes, file: str, *, unicode_checked: bool = True) -> Any:
    """Decode and parse, refusing what strict JSON refuses (NaN, duplicate keys, deep nesting)."""
    if len(raw) > MAX_FILE_BYTES:
        raise FileError(file, "", _too_big(len(raw)))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FileError(file, f"byte {exc.start}", "the file is not UTF-8 text") from None
    try:
        data = json.loads(text, parse_constant=_refuse_constant, object_pairs_hook=_no_duplicate_keys)
    except json.JSONDecodeError as exc:
        raise FileError(file, f"line {exc.lineno}, column {exc.colno}", f"not valid JSON ({exc.msg})") from None
    except ValueError as exc:
        raise FileError(file, "", f"not valid JSON ({exc})") from None
    except RecursionError:  # the C parser guards its own recursion
        raise FileError(file, "", "the JSON is nested too deeply") from None
    if unicode_checked and may_hold_lone_surrogates(raw):
        refuse_lone_surrogates(data, file)
    return data


_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
"""A JSON escape of a code point U+D800–U+DFFF: the only way strict UTF-8 bytes can give a surrogate."""

_SURROGATE = re.compile(r"[\ud800-\udfff]")

_Loc: TypeAlias = "tuple[str | int, _Loc] | None"
"""A place in a document as a linked list (key or index, parent): constant cost per node, however deep."""


class LoneSurrogate(NamedTuple):
    """A string of a decoded document that is not valid Unicode, and where it is."""

    where: str
    """The JSON path of the value, or of the object whose field name it is."""
    text: str
    is_key: bool
    """True when the string is a field name (an object key), not a value."""
    code: str
    """The first surrogate, escaped as JSON writes it: '\\ud800'."""

    def reason(self) -> str:
        """Why the text is refused, naming the field name if it is one."""
        what = f"the field name {self.text!r}" if self.is_key else "the text"
        return f"{what} is not valid Unicode: it holds a lone surrogate ({self.code})"


def holds_lone_surrogate(text: str) -> bool:
    """Whether a string holds a code point U+D800–U+DFFF, which no UTF-8 file can hold."""
    return _SURROGATE.search(text) is not None


def replace_lone_surrogates(text: str) -> str:
    """The text with each lone surrogate replaced by U+FFFD (for a safety copy that must be written anyway)."""
    return _SURROGATE.sub("\ufffd", text)


def may_hold_lone_surrogates(raw: bytes) -> bool:
    """Whether raw JSON may decode to a lone surrogate: a quick look, so that normal files pay nearly nothing."""
    return b"\\" in raw and _SURROGATE_ESCAPE.search(raw) is not None  # `in` is a memchr: no backslash, no cost


def _escaped(char: str) -> str:
    return f"\\u{ord(char):04x}"


def _loc_path(loc: _Loc) -> str:
    parts: list[str | int] = []
    while loc is not None:
        part, loc = loc
        parts.append(part)
    return json_path(reversed(parts))


def find_lone_surrogate(data: Any) -> LoneSurrogate | None:
    """The first string (value or field name, in document order) holding a code point U+D800–U+DFFF.

    Iterative, not recursive: a document may be nested as deeply as the parser allows.
    """
    stack: list[tuple[Any, _Loc]] = [(data, None)]
    while stack:
        value, loc = stack.pop()
        if loc is not None and isinstance(loc[0], str) and (found := _SURROGATE.search(loc[0])):
            return LoneSurrogate(_loc_path(loc[1]), loc[0], True, _escaped(found.group()))
        if isinstance(value, str):
            if found := _SURROGATE.search(value):
                return LoneSurrogate(_loc_path(loc), value, False, _escaped(found.group()))
        elif isinstance(value, dict):
            stack.extend((item, (key, loc)) for key, item in reversed(value.items()))
        elif isinstance(value, list | tuple):
            stack.extend((value[i], (i, loc)) for i in range(len(value) - 1, -1, -1))
    return None


def refuse_lone_surrogates(data: Any, file: str) -> None:
    """Raise FileError (file, place, field) if any string of a decoded document is not valid Unicode."""
    found = find_lone_surrogate(data)
    if found is not None:
        raise FileError(file, found.where, found.reason())


def unsavable_text(data: Any, file: str) -> FileError | None:
    """The error to give when a document about to be written holds text that is not valid Unicode."""
    found = find_lone_surrogate(data)
    if found is None:
        return None
    return FileError(file, found.where, f"cannot save: {found.reason()}")


def json_bytes(data: Any, file: str, **options: Any) -> bytes:
    """`json.dumps` (ensure_ascii=False) in UTF-8; text that is not valid Unicode is a FileError, not a crash."""
    text = json.dumps(data, ensure_ascii=False, **options)
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        error = unsavable_text(data, file)
        if error is None:  # pragma: no cover - only a lone surrogate stops UTF-8
            raise
        raise error from None


def _too_big(size: int) -> str:
    return (
        f"the file is {size / 1_048_576:.1f} MB; Warband reads files of at most {MAX_FILE_BYTES // 1_048_576} MB"
    )


def read_json(path: Path, *, unicode_checked: bool = True) -> Any:
    """Read a JSON file, refusing a file over the size limit before reading it."""
    file = str(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise FileError(file, "", _too_big(size))
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise FileError(file, "", "no such file") from None
    except IsADirectoryError:
        raise FileError(file, "", "this is a folder, not a file") from None
    except PermissionError:
        raise FileError(file, "", "permission denied: the file cannot be read") from None
    except OSError as exc:
        raise FileError(file, "", f"the file cannot be read ({exc.strerror or exc})") from None
    return parse_json_bytes(raw, file, unicode_checked=unicode_checked)


def open_envelope(data: Any, file: str, expected_format: str) -> dict[str, Any]:
    """Check `format` and `version`, migrate an older version, refuse a newer one."""
    if not isinstance(data, dict):
        raise FileError(file, "$", f"expected a JSON object (a {expected_format} file)")
    doc: dict[str, Any] = data
    fmt = doc.get("format")
    if fmt != expected_format:
        what = "has no 'format' field" if fmt is None else f"is a {fmt!r} file"
        raise FileError(file, "$.format", f"this {what}, not a {expected_format} file")
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise FileError(file, "$.version", "'version' must be a whole number from 1")
    current = CURRENT_VERSIONS[expected_format]
    if version > current:
        raise FileError(
            file,
            "$.version",
            f"this {expected_format} file is version {version}, newer than this program "
            f"understands (up to {current}); update Warband to open it",
        )
    while version < current:
        step = MIGRATIONS[expected_format].get(version)
        if step is None:
            raise FileError(file, "$.version", f"no migration from {expected_format} version {version}")
        doc = step(dict(doc))
        new_version = doc.get("version")
        if not isinstance(new_version, int) or new_version <= version:
            raise FileError(file, "$.version", f"the migration from version {version} failed")
        version = new_version
    return doc


def describe_validation_error(exc: ValidationError, file: str) -> FileError:
    """The first error of a pydantic validation, as a player-readable FileError."""
    return describe_validation_errors(exc, file)[0]


def describe_validation_errors(exc: ValidationError, file: str) -> list[FileError]:
    """Every error of a pydantic validation, each a player-readable FileError (the catalog editor lists them)."""
    return [_described(err, file) for err in exc.errors(include_url=False)]


def _described(err: Any, file: str) -> FileError:
    loc = tuple(err["loc"])
    kind = err["type"]
    if kind == "extra_forbidden":
        field = loc[-1] if loc else "?"
        return FileError(file, json_path(loc), f"unknown field {field!r}")
    if kind == "missing":
        field = loc[-1] if loc else "?"
        return FileError(file, json_path(loc[:-1]), f"the required field {field!r} is missing")
    message = str(err["msg"])
    if message.startswith("Value error, "):
        message = message[len("Value error, ") :]
    given = err.get("input")
    if isinstance(given, str | int | float | bool) and len(repr(given)) <= 60:
        message = f"{message} (found {given!r})"
    return FileError(file, json_path(loc), message)


def validate_model(model: type[M], data: Mapping[str, Any], file: str) -> M:
    """Validate a document, turning pydantic's errors into a FileError."""
    from pydantic import ValidationError

    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise describe_validation_error(exc, file) from None
    except RecursionError:
        raise FileError(file, "", "the JSON is nested too deeply") from None


def dumps(document: BaseModel, file: str = "") -> bytes:
    """The bytes Warband writes for a document: stable key order, UTF-8, a final newline.

    Text that is not valid Unicode (a lone surrogate) raises FileError naming `file` and the place.
    """
    from pydantic_core import PydanticSerializationError

    try:
        return document.model_dump_json(indent=2, by_alias=True).encode("utf-8") + b"\n"
    except PydanticSerializationError:
        error = unsavable_text(document.model_dump(mode="python", by_alias=True), file)
        if error is None:
            raise
        raise error from None


def write_bytes_atomic(path: Path, data: bytes, chunk: int = 1 << 20) -> None:
    """Write next to the target, flush, fsync, then replace: a crash leaves the old file whole.

    Temporary files an earlier, killed save of the same file left behind are removed first (see
    `remove_stale_temporary_files`).
    """
    folder = path.parent
    remove_stale_temporary_files(path)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            view = memoryview(data)
            for start in range(0, len(view), chunk):
                handle.write(view[start : start + chunk])
            handle.flush()
            os.fsync(handle.fileno())
        # the new file keeps the old one's permissions, or gets the usual ones (mkstemp makes it private)
        os.chmod(tmp, path.stat().st_mode & 0o777 if path.exists() else 0o666 & ~_UMASK)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _fsync_folder(folder)


STALE_AFTER_SECONDS = 3600
"""A temporary file of a save this old was left by a save that was killed: no save takes an hour."""

_RANDOM_PART = "[a-z0-9_]{8}"
"""What `tempfile.mkstemp` puts between the prefix and the suffix (its `_RandomNameSequence`)."""


def remove_stale_temporary_files(path: Path, now: float | None = None) -> None:
    """Remove what killed saves of this file left: `.{name}.XXXXXXXX.tmp`, regular files, over an hour old.

    Only names exactly as `write_bytes_atomic` makes them for this target are touched (never links, folders, or
    another file's); every error is ignored, since cleaning must never make a save fail.
    """
    prefix = f".{path.name}."
    pattern = re.compile(re.escape(prefix) + _RANDOM_PART + re.escape(".tmp"))
    limit = (time.time() if now is None else now) - STALE_AFTER_SECONDS
    try:
        with os.scandir(path.parent) as entries:
            candidates = [
                entry for entry in entries if entry.name.startswith(prefix) and pattern.fullmatch(entry.name)
            ]
    except (OSError, ValueError):
        return
    for entry in candidates:
        with contextlib.suppress(OSError):  # one that vanished or cannot be removed leaves the others to go
            if entry.is_file(follow_symlinks=False) and entry.stat(follow_symlinks=False).st_mtime < limit:
                os.unlink(entry.path)


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
