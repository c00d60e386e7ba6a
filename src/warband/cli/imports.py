"""The importing commands.

`warband catalog import --system ID -o OUT FILE...`: BattleScribe data as a player catalog. Exit 0 imported (what
was not mapped is listed on stderr), 2 unusable input.

`warband army import FILE -o ARMY`: an army made of a BattleScribe roster (`.ros`, `.rosz`: selections resolved
by entry id against the catalog imported from the same data, given with `--catalog`), or of a list as text
(Warband's own share-as-text roster, or the plain forms players write, matched by name). Exit 0 everything read,
1 the army was written but something was not (each listed on stderr), 2 no verdict (unreadable input, unknown
game, nothing to write).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from warband.api import (
    Cancelled,
    FileError,
    Imported,
    ListImport,
    RosterImport,
    UnknownSystemError,
    catalog_paths,
    game_named_in,
    get_system,
    import_catalog,
    import_list,
    import_roster,
    load_catalogs,
    new_army,
    read_roster,
    save_army,
    save_catalog,
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


ROSTER_SUFFIXES = (".ros", ".rosz")


def catalog_import(
    files: Sequence[Path], system_id: str, output: Path, prefix: str | None, out: TextIO, err: TextIO
) -> int:
    try:
        imported = import_catalog(system_id, files, prefix)
        save_catalog(imported.catalog, output)
    except FileError as exc:
        return _no_verdict(exc, False, out, err)
    except Cancelled:  # nothing asks to cancel here; kept for the signature's sake
        return EXIT_NO_VERDICT
    listed = ", ".join(f"{count} {kind}" for kind, count in imported.counts.items())
    _say(
        f"wrote {output}: catalog {imported.catalog['id']!r} revision {imported.catalog['revision']}: {listed}",
        out,
    )
    _account(imported, err)
    return EXIT_OK


def _account(imported: Imported, err: TextIO) -> None:
    """What the player should know of an import: values the data lacks, and what was not mapped."""
    if imported.unknown:
        _say(f"unknown in the data ({len(imported.unknown)}):", err)
        for sentence in imported.unknown:
            _say(f"  {sentence}", err)
    if imported.unmapped:
        _say("not imported:", err)
        for what, count in sorted(imported.unmapped.items(), key=lambda item: (-item[1], item[0])):
            examples = imported.unmapped_examples.get(what, [])
            seen = f" (e.g. {'; '.join(examples[:3])})" if examples else ""
            _say(f"  {count} × {what}{seen}", err)


def army_import(
    source: str,
    system_id: str | None,
    output: Path,
    extra: Sequence[Path],
    name: str | None,
    out: TextIO,
    err: TextIO,
) -> int:
    if source.lower().endswith(ROSTER_SUFFIXES):
        return _roster_import(Path(source), system_id, output, extra, name, out, err)
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


def _roster_import(
    path: Path,
    system_id: str | None,
    output: Path,
    extra: Sequence[Path],
    name: str | None,
    out: TextIO,
    err: TextIO,
) -> int:
    try:
        roster = read_roster(path)
    except FileError as exc:
        return _no_verdict(exc, False, out, err)
    load = load_catalogs(catalog_paths(extra))
    if load.errors:
        for extra_error in load.errors[1:]:
            _say(str(extra_error), err)
        return _no_verdict(load.errors[0], False, out, err)
    systems = [system_id] if system_id is not None else list(load.catalogs)
    made: RosterImport | None = None
    failure: FileError | None = None
    for candidate in systems:
        try:
            get_system(candidate)
        except UnknownSystemError:
            _say(unknown_system(candidate), err)
            return EXIT_NO_VERDICT
        try:
            made = import_roster(roster, new_army(candidate, name or ""), load.for_system(candidate))
            break
        except FileError as exc:
            failure = failure or exc
    if made is None:
        missing = failure or FileError(str(path), "", "no catalog loaded: give the imported one with --catalog")
        return _no_verdict(missing, False, out, err)
    try:
        save_army(made.army, output)
    except FileError as exc:
        return _no_verdict(exc, False, out, err)
    _say(f"wrote {output}: {len(made.army.units)} units of the catalog {made.prefix!r}", out)
    for note in made.notes:
        _say(note, err)
    return EXIT_PROBLEMS if made.notes else EXIT_OK
