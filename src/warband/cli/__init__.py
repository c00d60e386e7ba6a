"""Headless commands: validate an army, export its roster, check catalogs, print the file schemas.

Exit codes (DESIGN.md "Headless commands"): 0 no problem, 1 problems found, 2 no verdict (bad usage, unreadable
army or catalog, unknown system). With `--json`, stdout holds a JSON object in every case. Text from files is
printed with the control characters a terminal would obey escaped (`terminal_safe`).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from warband import __version__
from warband.api import (
    Army,
    CatalogLoad,
    Catalogs,
    FileError,
    Report,
    UnknownSystemError,
    catalog_paths,
    compare,
    find_system,
    get_system,
    load_army,
    load_catalogs,
    load_errors,
    registered,
    unknown_system,
    user_catalog_dir,
    validate,
)

if TYPE_CHECKING:
    from warband.export.roster import Format

EXIT_OK, EXIT_PROBLEMS, EXIT_NO_VERDICT = 0, 1, 2

_CONTROLS = r"\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff"
"""What a terminal obeys or cannot print: C0 but tab and newline, DEL, C1, bidi overrides, lone surrogates."""
_UNSAFE_IN_LAYOUT = re.compile(f"[{_CONTROLS}]")
_UNSAFE_IN_A_LINE = re.compile(rf"[\t\n{_CONTROLS}]")
_UNSAFE_IN_JSON = re.compile(r"[\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
"""What `json.dumps(ensure_ascii=False)` leaves as it is and a terminal should not see (it escapes C0 itself)."""
_NAMED_ESCAPES = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    return _NAMED_ESCAPES.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def terminal_safe(text: str, *, keep_layout: bool = True) -> str:
    """Text from files made harmless for a terminal: control characters shown escaped (`\\x1b`, `\\r`, `\\u202e`).

    A file must not move the cursor, overprint a line ("Total: 0 A.P."), set the window title or reverse the
    text. With `keep_layout`, newlines and tabs stay (the layout of a whole text); without, they are escaped
    too (one line made of a file's text).
    """
    pattern = _UNSAFE_IN_LAYOUT if keep_layout else _UNSAFE_IN_A_LINE
    return pattern.sub(_escape, text)


def terminal_safe_json(data: Any, indent: int | None = None) -> str:
    """JSON text as `json.dumps(ensure_ascii=False)` writes it, with what a terminal obeys as \\u escapes."""
    text = json.dumps(data, ensure_ascii=False, indent=indent)
    return _UNSAFE_IN_JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _say(text: str, stream: TextIO) -> None:
    """Print one line made of a file's text (a message, a line of a report), escaped for a terminal."""
    print(terminal_safe(text, keep_layout=False), file=stream)


class UsageError(Exception):
    """The command line itself is wrong."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="warband",
        description="Army builder and battle tracker for wargames where priests and mages decide battles.",
    )
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    check = commands.add_parser("validate", help="check an army and print its costs and problems")
    check.add_argument("army", type=Path, metavar="ARMY", help="an army file (*.warband.json)")
    _catalog_option(check)
    check.add_argument("--json", action="store_true", help="print a warband-report JSON object")

    schema = commands.add_parser("schema", help="print the JSON Schema of a file format")
    schema.add_argument("kind", choices=["army", "catalog", "battle"], help="which file format")
    schema.add_argument("--system", required=True, metavar="ID", help="the rule system's id")

    catalog = commands.add_parser("catalog", help="player catalogs")
    catalog_commands = catalog.add_subparsers(
        dest="catalog_command", metavar="ACTION", parser_class=_Parser, required=True
    )
    catalog_check = catalog_commands.add_parser("check", help="check catalog files against the built-in ones")
    catalog_check.add_argument("files", type=Path, nargs="+", metavar="FILE")
    catalog_check.add_argument("--json", action="store_true", help="print the result as JSON")
    catalog_commands.add_parser("folder", help="print the folder of the player's own catalogs")
    catalog_import = catalog_commands.add_parser(
        "import", help="make a player catalog of BattleScribe data (.gst, .cat, .gstz, .catz)"
    )
    catalog_import.add_argument(
        "files", type=Path, nargs="+", metavar="FILE", help="the game system and catalogues"
    )
    catalog_import.add_argument("--system", required=True, metavar="ID", help="the Warband game to import for")
    catalog_import.add_argument(
        "-o", "--output", required=True, type=Path, metavar="OUT", help="the catalog to write"
    )
    catalog_import.add_argument(
        "--prefix", metavar="PREFIX", help="of the entries' ids (by default made from the game system's name)"
    )
    catalog_export_csv = catalog_commands.add_parser(
        "export-csv", help="write a catalog as CSV files for a spreadsheet, one per list (see docs/csv.md)"
    )
    catalog_export_csv.add_argument("catalog", type=Path, metavar="CATALOG", help="the catalog file")
    catalog_export_csv.add_argument("folder", type=Path, metavar="DIR", help="the folder to write the files into")
    catalog_export_csv.add_argument("--json", action="store_true", help="print the files written as JSON")
    catalog_import_csv = catalog_commands.add_parser(
        "import-csv", help="make a catalog of the CSV files export-csv wrote (and a spreadsheet edited)"
    )
    catalog_import_csv.add_argument("folder", type=Path, metavar="DIR", help="the folder of the CSV files")
    catalog_import_csv.add_argument("--system", required=True, metavar="ID", help="the game of the catalog")
    catalog_import_csv.add_argument(
        "-o", "--output", required=True, type=Path, metavar="CATALOG", help="the catalog to write"
    )
    _catalog_option(catalog_import_csv)
    catalog_import_csv.add_argument("--json", action="store_true", help="print the catalog written as JSON")

    army = commands.add_parser("army", help="armies made from other files")
    army_commands = army.add_subparsers(dest="army_command", metavar="ACTION", parser_class=_Parser, required=True)
    army_import = army_commands.add_parser(
        "import", help="make an army of a BattleScribe roster (.ros, .rosz) or of a list as text ('3x Name')"
    )
    army_import.add_argument(
        "list", metavar="FILE", help="a roster, or a text file holding a list ('-' for standard input)"
    )
    army_import.add_argument(
        "--system", metavar="ID", help="the game (read from Warband's own shared text when it names one)"
    )
    army_import.add_argument("-o", "--output", required=True, type=Path, metavar="ARMY", help="the army to write")
    army_import.add_argument("--name", help="the army's name (else the list's first line when it is one)")
    _catalog_option(army_import)

    roster = commands.add_parser("roster", help="export an army's roster as text, HTML or PDF")
    roster.add_argument("army", type=Path, metavar="ARMY", help="an army file (*.warband.json)")
    _catalog_option(roster)
    roster.add_argument("--format", required=True, choices=["text", "html", "pdf"], help="the roster's format")
    roster.add_argument(
        "-o", "--output", required=True, metavar="FILE", help="where to write it; '-' for stdout (text, html)"
    )
    return parser


def _catalog_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--catalog",
        type=Path,
        action="append",
        default=[],
        metavar="FILE",
        help="also load this catalog (repeatable); the player's folder is not read",
    )


def main(argv: Sequence[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    want_json = "--json" in argv
    try:
        args = build_parser().parse_args(list(argv))
    except UsageError as exc:
        return _no_verdict(FileError("", "", str(exc)), want_json, out, err)
    except SystemExit as exc:  # --help exits through argparse
        return int(exc.code or 0)
    if args.version:
        return _version(out)
    for error in load_errors():  # a game that could not be loaded is told; the other games still work
        _say(f"warning: {error.sentence}", err)
    if args.command == "validate":
        return _validate(args.army, args.catalog, args.json, out, err)
    if args.command == "schema":
        return _schema(args.kind, args.system, out, err)
    if args.command == "catalog" and args.catalog_command == "check":
        return _catalog_check(args.files, args.json, out, err)
    if args.command == "army" and args.army_command == "import":
        from warband.cli.imports import army_import

        return army_import(args.list, args.system, args.output, args.catalog, args.name, out, err)
    if args.command == "roster":
        return _roster(args.army, args.catalog, args.format, args.output, out, err)
    if args.command == "catalog" and args.catalog_command == "import":
        from warband.cli.imports import catalog_import

        return catalog_import(args.files, args.system, args.output, args.prefix, out, err)
    if args.command == "catalog" and args.catalog_command == "export-csv":
        from warband.cli.catalog_csv import export_csv

        return export_csv(args.catalog, args.folder, args.json, out, err)
    if args.command == "catalog" and args.catalog_command == "import-csv":
        from warband.cli.catalog_csv import import_csv

        return import_csv(args.folder, args.system, args.output, args.catalog, args.json, out, err)
    if args.command == "catalog" and args.catalog_command == "folder":
        _say(str(user_catalog_dir()), out)
        return EXIT_OK
    build_parser().print_help(out)
    return EXIT_NO_VERDICT


def _version(out: TextIO) -> int:
    """The program's version, then each game found with where it comes from, then each game left out and why
    (every game is loaded, so that one that is not a whole game is found too)."""
    _say(f"warband {__version__}", out)
    found = registered()
    loaded = [entry for system_id, entry in found.items() if find_system(system_id) is not None]
    if loaded:
        _say("games:", out)
        width = max(len(entry.info.id) for entry in loaded)
        for entry in loaded:
            _say(f"  {entry.info.id:<{width}}  {entry.info.name} ({entry.distribution} {entry.version})", out)
    errors = load_errors()
    if errors:
        _say("left out:", out)
        for error in errors:
            _say(f"  {error.sentence}", out)
    return EXIT_OK


def _no_verdict(error: FileError, want_json: bool, out: TextIO, err: TextIO) -> int:
    if want_json:
        print(terminal_safe_json({"error": error.as_json()}), file=out)
    _say(str(error) if error.file else error.message, err)
    return EXIT_NO_VERDICT


def _load_for(army: Army, extra: Sequence[Path]) -> tuple[Catalogs, CatalogLoad]:
    load = load_catalogs(catalog_paths(extra))
    return load.for_system(army.system), load


def _validate(army_path: Path, extra: Sequence[Path], want_json: bool, out: TextIO, err: TextIO) -> int:
    try:
        army = load_army(army_path)
    except FileError as exc:
        return _no_verdict(exc, want_json, out, err)
    catalogs, load = _load_for(army, extra)
    if load.errors:
        for extra_error in load.errors[1:]:
            _say(str(extra_error), err)
        return _no_verdict(load.errors[0], want_json, out, err)
    report = validate(army, catalogs)
    if want_json:
        print(terminal_safe_json(report.as_json(), indent=2), file=out)
    else:
        _print_report(army, report, catalogs, out)
    return EXIT_OK if report.valid else EXIT_PROBLEMS


def _print_report(army: Army, report: Report, catalogs: Catalogs, out: TextIO) -> None:
    """The army under its game's name, each unit's cost and the total in the game's points (none for a game
    whose armies have no points, a party), then what changed in the catalogs and the problems."""
    entry = registered().get(army.system)
    game = entry.info.name if entry is not None else army.system
    points = entry.info.points_name if entry is not None else "A.P."
    _say(f"{army.name or '(unnamed army)'} — {game}", out)
    labels = {unit.id: terminal_safe(unit.label, keep_layout=False) for unit in report.units}
    width = max((len(label) for label in labels.values()), default=0)  # as printed, escapes and all
    for unit in report.units:
        cost = f"  {unit.cost:>5} {points}" if points is not None else ""
        _say(f"  {unit.id:<6} {labels[unit.id]:<{width}}{cost}".rstrip(), out)
    if points is not None:
        limit = "no limit" if report.points_limit is None else f"limit {report.points_limit} {points}"
        _say(f"Total: {report.total_cost} {points} ({limit})", out)
    for change in compare(army, catalogs):
        _say(f"Catalog change: {change.message}", out)
    if report.valid:
        _say("No problems.", out)
        return
    count = len(report.problems)
    _say(f"{count} problem{'s' if count > 1 else ''}:", out)
    for problem in report.problems:
        where = f"{problem.unit.label} ({problem.unit.id})" if problem.unit else "army"
        _say(f"  {problem.rule}  {where}: {problem.message}", out)


def _roster(army_path: Path, extra: Sequence[Path], fmt: Format, output: str, out: TextIO, err: TextIO) -> int:
    """Write the roster even when the army has problems; the exit code says whether it has."""
    from warband.export.roster import as_html, as_text, write_roster  # the exporters load only when used

    if output == "-" and fmt == "pdf":
        return _no_verdict(
            FileError("", "", "warband roster: a PDF is written to a file: give -o FILE"), False, out, err
        )
    try:
        army = load_army(army_path)
    except FileError as exc:
        return _no_verdict(exc, False, out, err)
    catalogs, load = _load_for(army, extra)
    if load.errors:
        for extra_error in load.errors[1:]:
            _say(str(extra_error), err)
        return _no_verdict(load.errors[0], False, out, err)
    if output == "-":  # a terminal, maybe: escaped; a file written with -o FILE keeps the text as it is
        out.write(terminal_safe(as_html(army, catalogs) if fmt == "html" else as_text(army, catalogs)))
    else:
        try:
            write_roster(army, catalogs, Path(output), fmt)
        except FileError as exc:
            return _no_verdict(exc, False, out, err)
    return EXIT_OK if validate(army, catalogs).valid else EXIT_PROBLEMS


def _schema(kind: str, system_id: str, out: TextIO, err: TextIO) -> int:
    try:
        system = get_system(system_id)
    except UnknownSystemError:
        _say(unknown_system(system_id), err)
        return EXIT_NO_VERDICT
    models = {"army": system.army_model, "catalog": system.catalog_model, "battle": system.battle_file_model}
    model = models[kind]
    schema: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        **model.model_json_schema(),
        "title": f"Warband {kind} ({system_id})",
    }
    print(terminal_safe_json(schema, indent=2), file=out)
    return EXIT_OK


def _catalog_check(files: Sequence[Path], want_json: bool, out: TextIO, err: TextIO) -> int:
    load = load_catalogs(catalog_paths(files))
    if load.errors:
        if want_json:
            errors = [e.as_json() for e in load.errors]
            print(terminal_safe_json({"errors": errors}, indent=2), file=out)
        for error in load.errors:
            _say(str(error), err)
        return EXIT_NO_VERDICT
    checked = {p.resolve() for p in files}
    summary = []
    for catalogs in load.catalogs.values():
        for lc in catalogs.loaded:
            if Path(lc.file).resolve() not in checked:
                continue
            counts = {kind: len(entries) for kind, entries in lc.document.entry_lists().items()}
            summary.append(
                {
                    "file": lc.file,
                    "system": lc.document.system,
                    "id": lc.document.id,
                    "revision": lc.document.revision,
                    "entries": counts,
                }
            )
            if not want_json:
                listed = ", ".join(f"{n} {kind}" for kind, n in counts.items())
                _say(
                    f"ok: {lc.file} — {lc.document.system} catalog {lc.document.id!r} "
                    f"revision {lc.document.revision}: {listed}",
                    out,
                )
    if want_json:
        print(terminal_safe_json({"catalogs": summary}, indent=2), file=out)
    return EXIT_OK
