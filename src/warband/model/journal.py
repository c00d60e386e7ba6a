"""The battle journal on disk: one JSON line per action, appended as it happens, read back line by line.

Version 2. The first line (`"op": "start"`) holds the battle, its log and the dice generator's state; each later
line holds one action (`do`, `undo`, `redo`, `note`, `saved`) and, when dice were rolled since the line before,
the calls to replay on the generator (`"rolls": [[sides, count, low], …]`): a few bytes where version 1 wrote the
generator's whole state (6.7 KB). Every line ends with a CRC-32 of the rest of it (`"crc"`), so a damaged line is
found even when it is still valid JSON. Version 1 lines (a `"dice"` state, no CRC) are still read.

Nothing here raises anything but `FileError`. Reading never trusts the file: it is refused over 50 MB before it is
read, and each line is parsed as strictly as every other file (`storage.parse_json_bytes`); a line exactly as
Warband writes it, byte for byte, is read the same three times quicker (`_as_written`). What cannot be used is
reported by line, so that resuming keeps every complete action before the damage.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pydantic_core

from warband.model.storage import (
    MAX_FILE_BYTES,
    FileError,
    may_hold_lone_surrogates,
    parse_json_bytes,
    write_bytes_atomic,
)

JOURNAL_FORMAT = "warband-journal"
JOURNAL_VERSION = 2
READ_VERSIONS = (1, 2)
MAX_JOURNAL_BYTES = 50 * 1024 * 1024
"""A journal over this size is refused before it is read (and kept aside)."""

_CRC = b',"crc":'
_DAMAGED = ".damaged-"


class JournalWriteError(FileError):
    """The journal could not be written (a full disk, a vanished folder): the action it was for was not carried
    out. `message` says why, in the system's words."""


def encode_record(record: dict[str, Any], file: str) -> bytes:
    """A record as its journal line: compact JSON with its CRC-32 last, and the newline that completes it."""
    text = json.dumps(record, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    try:
        body = text[:-1].encode("utf-8")
    except UnicodeEncodeError as exc:
        bad = text[exc.start : exc.end].encode("unicode_escape").decode("ascii")
        raise JournalWriteError(
            file, "", f"a text is not valid Unicode (it holds {bad}), so it cannot be written"
        ) from None
    return body + _CRC + str(zlib.crc32(body)).encode("ascii") + b"}\n"


def decode_line(raw: bytes, file: str, number: int) -> dict[str, Any]:
    """One complete line (without its newline) as a record; `FileError` at `line N` when it cannot be used."""
    record: dict[str, Any] | None = None
    mark = raw.rfind(_CRC)
    if mark >= 0 and raw[-1:] == b"}":
        digits = raw[mark + _CRC_LENGTH : -1]
        if not digits.isdigit() or len(digits) > 10 or int(digits) != _crc32(raw[:mark]):
            raise FileError(file, f"line {number}", "the line is damaged (its check sum does not match)")
        record = _as_written(raw)
    if record is None:
        try:
            parsed = _parsed(raw, file)
        except FileError as exc:
            raise FileError(file, f"line {number}", exc.message) from None
        if not isinstance(parsed, dict):
            raise FileError(file, f"line {number}", "not a journal record")
        record = parsed
    record.pop("crc", None)
    return record


_CRC_LENGTH = len(_CRC)
_crc32 = zlib.crc32
_from_json = pydantic_core.from_json
_to_json = pydantic_core.to_json


def _as_written(raw: bytes) -> dict[str, Any] | None:
    """The record of a line exactly as `encode_record` writes its records, read by pydantic-core's parser (three
    times quicker than `json`, for the tens of thousands of lines of a journal); None for any other line.

    Written out again, the record must give the line back byte for byte: so it holds no key twice, no NaN, no
    space, no escape that `encode_record` does not write, and the strict reading (`_parsed`) reads it the same.
    A line as short as Python's limit on the digits of a number holds no number that Python refuses (the
    parser refuses lone surrogates, a byte order mark and text that is not UTF-8 itself)."""
    size = len(raw)
    limit = sys.get_int_max_str_digits()
    if size > MAX_FILE_BYTES or (limit and size > limit):
        return None
    try:
        record = _from_json(raw, allow_inf_nan=False)
        if type(record) is dict and _to_json(record) == raw:
            return record
    except ValueError:  # not JSON (nor JSON it writes back: a serialization error is a ValueError)
        pass
    return None


def _one_of_each(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    record = dict(pairs)
    if len(record) != len(pairs):
        raise ValueError("a key twice")  # `parse_json_bytes` says which
    return record


def _no_constant(name: str) -> float:
    raise ValueError(name)


_BOM = b"\xef\xbb\xbf"
_DECODER = json.JSONDecoder(parse_constant=_no_constant, object_pairs_hook=_one_of_each)
"""One decoder for every line of a journal (`json.loads` with hooks makes one a call)."""


def _parsed(raw: bytes, file: str) -> Any:
    """`parse_json_bytes(raw, file)`, made quicker for the tens of thousands of lines of a journal: the same
    value, or, for a line that it refuses, its error (it is asked to say what is wrong)."""
    if len(raw) <= MAX_FILE_BYTES and not raw.startswith(_BOM) and not may_hold_lone_surrogates(raw):
        try:
            return _DECODER.decode(raw.decode("utf-8"))
        except (ValueError, RecursionError):  # JSONDecodeError and UnicodeDecodeError are ValueErrors
            pass
    return parse_json_bytes(raw, file)


def check_size(path: Path) -> None:
    """Refuse a journal that cannot be read, or one over the size limit, before reading it."""
    file = str(path)
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise FileError(file, "", f"the journal cannot be read ({exc.strerror or exc})") from None
    if size > MAX_JOURNAL_BYTES:
        raise FileError(
            file,
            "",
            f"the journal is {size / 1_048_576:.1f} MB; Warband reads journals of at most "
            f"{MAX_JOURNAL_BYTES // 1_048_576} MB",
        )


def first_record(raw: bytes, file: str) -> dict[str, Any]:
    """The first line as a record; whatever is wrong with it means this is no journal to resume."""
    try:
        return decode_line(raw, file, 1)
    except FileError as exc:
        raise FileError(file, "line 1", f"not a Warband battle journal ({exc.message})") from None


def check_head(record: dict[str, Any], file: str) -> dict[str, Any]:
    if record.get("op") != "start" or record.get("format") != JOURNAL_FORMAT:
        raise FileError(file, "line 1", "not a Warband battle journal")
    version = record.get("version")
    if version not in READ_VERSIONS or type(version) is not int:
        raise FileError(file, "line 1", f"journal version {version!r} is not one this program reads")
    return record


def optional_path(value: object, file: str, where: str) -> Path | None:
    """A file path kept in a journal (`file`), refused when it could not be a path."""
    if value is None or value == "":
        return None
    if not isinstance(value, str) or "\x00" in value or len(value) > 4096:
        raise FileError(file, where, "'file' is not a usable file path")
    return Path(value)


def set_aside(path: Path, now: dt.datetime | None = None) -> Path:
    """Rename a journal that cannot be resumed (or only in part) beside itself, never deleting it: it is no longer
    offered at start, and the player is told where it is. Returns the new path."""
    stamp = (now or dt.datetime.now()).strftime("%Y%m%d-%H%M%S")
    for attempt in range(1000):
        suffix = f"{_DAMAGED}{stamp}" + (f"-{attempt}" if attempt else "")
        target = path.with_name(path.name + suffix)
        if not target.exists():
            os.replace(path, target)
            return target
    raise FileError(str(path), "", "the journal cannot be set aside: too many damaged journals beside it")


def set_aside_quietly(path: Path) -> Path | None:
    """`set_aside`, or None when even that fails (the folder is read-only): the caller says so."""
    try:
        return set_aside(path)
    except (OSError, FileError):
        return None


@dataclass(frozen=True)
class ReadReport:
    """What resuming read of a journal: how much of it is kept, and what was dropped."""

    version: int
    kept_bytes: int
    """The bytes of the start and of every complete action replayed: the journal goes on from there."""
    dropped: int = 0
    """Complete lines dropped: the first damaged one and every line after it."""
    damage: FileError | None = None
    """What was wrong with the first dropped line."""
    damaged_line: int | None = None
    """The number of the first dropped line (1 is the start line)."""
    torn: bool = False
    """The last line was incomplete (the action in progress when the program stopped) and was dropped."""


class JournalFile:
    """The journal open for appending. A line is written whole or not at all: a failed write is cut off again,
    so no fragment is ever left in the middle of the journal for a later line to follow."""

    def __init__(self, path: Path, fd: int, size: int) -> None:
        self.path = path
        self._fd: int | None = fd
        self.size = size
        """The bytes of complete lines: where the next line goes."""

    @classmethod
    def create(cls, path: Path, head: bytes) -> JournalFile:
        """A new journal holding its first line; on failure no file is left behind."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND, 0o600)
        except OSError as exc:
            raise JournalWriteError(str(path), "", exc.strerror or str(exc)) from None
        journal = cls(path, fd, 0)
        try:
            journal.append(head)
        except JournalWriteError:
            journal.close()
            path.unlink(missing_ok=True)
            raise
        return journal

    @classmethod
    def reopen(cls, path: Path, report: ReadReport, head: bytes | None = None) -> tuple[JournalFile, Path | None]:
        """Go on appending to a resumed journal, after what resuming kept of it.

        A journal with damaged lines is first kept aside whole, and a copy of what was kept takes its place; an
        older version is rewritten with `head` (its first line in this version). Otherwise the journal is cut
        back to its last complete action (a torn line, a zero-filled tail) and appended to. Returns the journal
        and where the damaged original was kept, if anywhere.
        """
        file = str(path)
        aside: Path | None = None
        try:
            if report.dropped or head is not None:
                with path.open("rb") as handle:
                    kept = handle.read(report.kept_bytes)
                if head is not None:
                    kept = head + kept[kept.index(b"\n") + 1 :]
                if report.dropped:
                    aside = set_aside(path)
                write_bytes_atomic(path, kept)
            fd = os.open(path, os.O_WRONLY | os.O_APPEND)
        except OSError as exc:
            raise JournalWriteError(file, "", exc.strerror or str(exc)) from None
        size = report.kept_bytes if head is None else len(kept)
        try:
            os.ftruncate(fd, size)
        except OSError as exc:
            os.close(fd)
            raise JournalWriteError(file, "", exc.strerror or str(exc)) from None
        return cls(path, fd, size), aside

    @property
    def fileno(self) -> int | None:
        return self._fd

    @property
    def broken(self) -> bool:
        """A failed write could not be cut off again: nothing more is written (resuming drops that tail)."""
        return self._fd is None

    def append(self, line: bytes) -> None:
        """Write one whole line; on failure cut the journal back to where it was and raise `JournalWriteError`."""
        if self._fd is None:
            raise JournalWriteError(str(self.path), "", "the journal stopped after an earlier failure")
        view = memoryview(line)
        try:
            while view:
                written = os.write(self._fd, view)
                view = view[written:]
        except OSError as exc:
            self._cut_back()
            raise JournalWriteError(str(self.path), "", exc.strerror or str(exc)) from None
        self.size += len(line)

    def _cut_back(self) -> None:
        if self._fd is None:
            return
        try:
            os.ftruncate(self._fd, self.size)
        except OSError:
            self.close()  # a fragment may stay at the end: resuming drops it, and nothing follows it

    def unwritten(self, line: bytes) -> None:
        """Forget a line whose fsync failed after `append`: cut the journal back before it."""
        self.size -= len(line)
        self._cut_back()

    def close(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            with contextlib.suppress(OSError):
                os.close(fd)


def roll_calls(value: object, file: str, where: str) -> list[tuple[int, int, int]]:
    """The `rolls` of a record: `(sides, count, low)` calls to replay on the dice, each checked."""
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > 10_000:
        raise FileError(file, where, "'rolls' is not a list of rolls")
    calls: list[tuple[int, int, int]] = []
    for call in value:
        if (
            not isinstance(call, list)
            or len(call) != 3
            or not all(type(n) is int for n in call)
            or not (1 <= call[0] <= 1000 and 0 <= call[1] <= 1000 and -1000 <= call[2] <= 1000)
        ):
            raise FileError(file, where, "'rolls' holds a roll that is not [sides, count, lowest face]")
        calls.append((call[0], call[1], call[2]))
    return calls
