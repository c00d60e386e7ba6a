"""Versioned JSON files: size limit, clear load errors, migrations and atomic writes.

Every file Warband reads or writes is UTF-8 JSON with a `format` and a `version`. Loading never raises anything
but `FileError`, which names the file, the place (JSON path or line) and what is wrong.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

MAX_FILE_BYTES = 20 * 1024 * 1024
"""Files over this size are refused before they are read."""

CURRENT_VERSIONS: dict[str, int] = {
    "warband-catalog": 1,
    "warband-army": 1,
    "warband-autosave": 1,
    "warband-battle": 1,
}
"""The newest version of each format this program writes."""

Migration = Callable[[dict[str, Any]], dict[str, Any]]
MIGRATIONS: dict[str, dict[int, Migration]] = {fmt: {} for fmt in CURRENT_VERSIONS}
"""`MIGRATIONS[format][n]` turns a version-n document into a version n+1 document (and sets its version)."""

M = TypeVar("M", bound=BaseModel)

_UMASK = os.umask(0)
os.umask(_UMASK)  # read once, at import, while nothing else runs: os.umask cannot be read without setting it


@dataclass(frozen=True)
class FileError(Exception):
    """A file that cannot be used, with where and why."""

    file: str
    where: str
    message: str

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


def parse_json_bytes(raw: bytes, file: str) -> Any:
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
    return data


def _too_big(size: int) -> str:
    return (
        f"the file is {size / 1_048_576:.1f} MB; Warband reads files of at most {MAX_FILE_BYTES // 1_048_576} MB"
    )


def read_json(path: Path) -> Any:
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
    return parse_json_bytes(raw, file)


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
    err = exc.errors(include_url=False)[0]
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
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise describe_validation_error(exc, file) from None
    except RecursionError:
        raise FileError(file, "", "the JSON is nested too deeply") from None


def dumps(document: BaseModel) -> bytes:
    """The bytes Warband writes for a document: stable key order, UTF-8, a final newline."""
    return document.model_dump_json(indent=2, by_alias=True).encode("utf-8") + b"\n"


def write_bytes_atomic(path: Path, data: bytes, chunk: int = 1 << 20) -> None:
    """Write next to the target, flush, fsync, then replace: a crash leaves the old file whole."""
    folder = path.parent
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
