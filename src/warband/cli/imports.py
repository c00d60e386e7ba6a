"""`warband army import`: an army made of a list pasted as text (Warband's own share-as-text roster, or the plain
forms players write), matched by name against the catalogs.

Exit codes as every command: 0 every line read, 1 the army was written but some lines were not (each listed on
stderr, with the names it is closest to), 2 no verdict (unreadable input, unknown game, nothing to write).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from warband.api import (
    FileError,
    ListImport,
    UnknownSystemError,
    catalog_paths,
    game_named_in,
    get_system,
    import_list,
    load_catalogs,
    new_army,
    save_army,
    unknown_system,
)
from warband.cli import EXIT_NO_VERDICT, EXIT_OK, EXIT_PROBLEMS, _no_verdict, _say

MAX_LIST_BYTES = 2_000_000
"""A list bigger than this is no army list: refused before it is read."""


def _read_list(source: str) -> str:
    """The list's text from a file, or from standard input for `-`."""
    if source == "-":
        text = sys.stdin.read(MAX_LIST_BYTES + 1)
        if len(text) > MAX_LIST_BYTES:
            raise FileError("-", "", f"the list is over {MAX_LIST_BYTES:,} characters: that is no army list")
        return text
    path = Path(source)
    try:
        if path.stat().st_size > MAX_LIST_BYTES:
            raise FileError(source, "", f"the file is over {MAX_LIST_BYTES:,} bytes: that is no army list")
        return path.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        raise FileError(source, "", exc.strerror or str(exc)) from None
    except UnicodeDecodeError as exc:
        raise FileError(source, f"byte {exc.start}", "the file is not UTF-8 text") from None


def army_import(
    source: str,
    system_id: str | None,
    output: Path,
    extra: Sequence[Path],
    name: str | None,
    out: TextIO,
    err: TextIO,
) -> int:
    try:
        text = _read_list(source)
    except FileError as exc:
        return _no_verdict(exc, False, out, err)
    if system_id is None:
        named = game_named_in(text)
        if named is None:
            message = "warband army import: say which game the list is for with --system ID"
            return _no_verdict(FileError("", "", message), False, out, err)
        system_id = named
    try:
        get_system(system_id)
    except UnknownSystemError:
        _say(unknown_system(system_id), err)
        return EXIT_NO_VERDICT
    load = load_catalogs(catalog_paths(extra))
    if load.errors:
        for extra_error in load.errors[1:]:
            _say(str(extra_error), err)
        return _no_verdict(load.errors[0], False, out, err)
    read = import_list(text, new_army(system_id, name or ""), load.for_system(system_id))
    if not read.army.units:
        message = f"{source}: no line of the list names a profile of the catalogs"
        _report(read, err)
        return _no_verdict(FileError("", "", message), False, out, err)
    try:
        save_army(read.army, output)
    except FileError as exc:
        return _no_verdict(exc, False, out, err)
    _say(f"wrote {output}: {len(read.army.units)} units from {len(read.units)} lines", out)
    _report(read, err)
    return EXIT_PROBLEMS if read.unmatched or any(line.messages for line in read.units) else EXIT_OK


def _report(read: ListImport, err: TextIO) -> None:
    for note in read.notes:
        _say(note, err)
    for line in read.lines:
        if line.status == "unmatched":
            closest = f" (closest: {', '.join(line.suggestions)})" if line.suggestions else ""
            _say(f"line {line.number}: no profile named so: {line.text.strip()}{closest}", err)
        for message in line.messages if line.status == "unit" else ():
            _say(f"line {line.number}: {message}", err)
