"""The spreadsheet round trip of a catalog (docs/csv.md).

`warband catalog export-csv CATALOG DIR [--json]`: the catalog as CSV files in DIR, `_catalog.csv` and one per
list. `warband catalog import-csv DIR --system ID -o CATALOG [--catalog FILE]... [--json]`: the catalog those files
make, checked as a catalog file is and against the built-in catalogs of its game (and each `--catalog`), written
atomically. Exit 0 written; 2 no verdict (an unreadable catalog or CSV file, naming the file, the row and the
column; an unknown game; a folder holding CSV files of another catalog). With `--json`, stdout holds what was
written, or `{"error": {"file", "where", "message"}}`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from warband.api import (
    FileError,
    catalog_paths,
    export_catalog_csv,
    find_system,
    import_catalog_csv,
    load_catalogs,
    save_catalog,
    unknown_system,
)
from warband.cli import EXIT_OK, _no_verdict, _say, terminal_safe_json


def export_csv(catalog: Path, folder: Path, want_json: bool, out: TextIO, err: TextIO) -> int:
    try:
        written = export_catalog_csv(catalog, folder)
    except FileError as exc:
        return _no_verdict(exc, want_json, out, err)
    if want_json:
        print(terminal_safe_json({"folder": str(folder), "files": written}, indent=2), file=out)
    else:
        listed = ", ".join(f"{name} ({rows} row{'' if rows == 1 else 's'})" for name, rows in written.items())
        _say(f"wrote {len(written)} files to {folder}: {listed}", out)
    return EXIT_OK


def import_csv(
    folder: Path,
    system_id: str,
    output: Path,
    extra: Sequence[Path],
    want_json: bool,
    out: TextIO,
    err: TextIO,
) -> int:
    if find_system(system_id) is None:
        return _no_verdict(FileError("", "", unknown_system(system_id)), want_json, out, err)
    load = load_catalogs(catalog_paths(extra))
    if load.errors:
        for extra_error in load.errors[1:]:
            _say(str(extra_error), err)
        return _no_verdict(load.errors[0], want_json, out, err)
    try:
        document = import_catalog_csv(folder, system_id, load.for_system(system_id))
        save_catalog(document, output)
    except FileError as exc:
        return _no_verdict(exc, want_json, out, err)
    counts = {kind: len(value) for kind, value in document.items() if isinstance(value, list)}
    if want_json:
        summary: dict[str, Any] = {
            "file": str(output),
            "system": document["system"],
            "id": document["id"],
            "revision": document["revision"],
            "entries": counts,
        }
        print(terminal_safe_json(summary, indent=2), file=out)
    else:
        listed = ", ".join(f"{count} {kind}" for kind, count in counts.items())
        _say(f"wrote {output}: catalog {document['id']!r} revision {document['revision']}: {listed}", out)
    return EXIT_OK
