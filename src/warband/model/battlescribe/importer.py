"""BattleScribe data into a Warband player catalog, through the game's own mapping; and rosters read.

    imported = import_catalog("<game id>", [Path("Game.gst"), Path("Faction.cat")])
    imported.catalog        # a catalog file's JSON, checked by the game's catalog model

The game's mapping is its module `<package>.battlescribe` with `import_data(data, prefix) -> Imported`, found
through `game_modules("battlescribe")`: this module names no game. What the reader left unread and the problems
it met (links to nothing, cycles) are added to `Imported.unmapped`, so the summary lists them with the rest.

The prefix of the entries' ids (`"<prefix>:<BattleScribe id>"`) is, unless given, made from the game system's
name (not its file's, which a player may rename): the name's words, lowercase ASCII joined by "-", when that is
at most 16 characters ("Tiny Battle Game" → "tiny-battle-game"), otherwise their initials ("A Very Long Game
System Name" → "avlgsn"). A name with no ASCII letter or digit gives "bs-" and 8 hex digits of its id's SHA-1.
The same data, in any release, gives the same prefix: a re-import updates the entries in place.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable, Sequence
from pathlib import Path

from warband.model.battlescribe.data import DataSet, Imported
from warband.model.battlescribe.reader import Cancelled, read_files
from warband.model.battlescribe.roster import Force, Roster, Selection, read_roster
from warband.model.messages import _
from warband.model.storage import FileError, open_envelope, validate_model
from warband.model.system import UnknownSystemError, find_system, game_info, game_modules, unknown_system

__all__ = [
    "Cancelled",
    "Force",
    "Roster",
    "Selection",
    "default_prefix",
    "import_catalog",
    "read_roster",
]

MAX_PREFIX = 16
PREFIX_PATTERN = re.compile(rf"[A-Za-z0-9][A-Za-z0-9._-]{{0,{MAX_PREFIX - 1}}}")
"""A prefix: letters, digits, ".", "_" and "-", at most 16 characters (the ":" after it is the separator)."""

EXAMPLES = 5
"""How many problems of the data are kept as examples in `Imported.unmapped_examples`."""


def default_prefix(data: DataSet) -> str:
    """A short, stable, readable prefix for the data set's ids, from its game system's name (see the module)."""
    source = data.game_system or (data.catalogues[0] if data.catalogues else None)
    name = source.name if source is not None else ""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
    words = re.findall(r"[a-z0-9]+", ascii_name)
    slug = "-".join(words)
    if slug and len(slug) <= MAX_PREFIX:
        return slug
    initials = "".join(word[0] for word in words)[:MAX_PREFIX]
    if len(initials) >= 2:
        return initials
    if slug:
        return slug[:MAX_PREFIX].rstrip("-")
    digest = hashlib.sha1((source.id if source is not None else "").encode("utf-8")).hexdigest()[:8]
    return f"bs-{digest}"


def _mapping(system_id: str, file: str) -> tuple[Callable[[DataSet, str], Imported], str]:
    """The game's `import_data` and its name, or a FileError saying why there is none."""
    try:
        info = game_info(system_id)
    except UnknownSystemError:
        raise FileError(file, "", unknown_system(system_id)) from None
    game = _(info.name)
    module = game_modules("battlescribe").get(system_id)
    import_data = getattr(module, "import_data", None) if module is not None else None
    if not callable(import_data):
        raise FileError(file, "", _("Warband cannot import BattleScribe data for {game} yet").format(game=game))
    return import_data, game


def _checked(imported: Imported, system_id: str, game: str, prefix: str, data: DataSet, file: str) -> None:
    """The mapping's catalog checked as `catalog check` would: a fault of the mapping is said to be one."""
    system = find_system(system_id)
    if system is None:
        raise FileError(file, "", unknown_system(system_id))
    fault = f"the catalog Warband's mapping for {game} made is not valid, a fault to report"
    try:
        document = open_envelope(imported.catalog, file, "warband-catalog")
        validate_model(system.catalog_model, document, file)
    except FileError as exc:
        place = f" at {exc.where}" if exc.where else ""
        raise FileError(file, "", f"{fault}{place}: {exc.message}") from None
    revision = sum(part.revision for part in (data.game_system, *data.catalogues) if part is not None)
    wanted = {"id": prefix, "revision": revision, "system": system_id}
    said = {key: document.get(key) for key in wanted}
    if said != wanted:
        found = ", ".join(f"{key} {value!r}" for key, value in said.items())
        expected = ", ".join(f"{key} {value!r}" for key, value in wanted.items())
        raise FileError(file, "", f"{fault}: it says {found}, not {expected}")


def _account(imported: Imported, data: DataSet) -> None:
    """What the reader did not read, and the problems it met, added to what was not mapped."""
    for element, count in data.skipped.items():
        key = _("{element} (not read)").format(element=element)
        imported.unmapped[key] = imported.unmapped.get(key, 0) + count
    if data.problems:
        key = _("problems in the data files (links to nothing, cycles, values that are not numbers)")
        imported.unmapped[key] = imported.unmapped.get(key, 0) + len(data.problems)
        examples = imported.unmapped_examples.setdefault(key, [])
        examples.extend(data.problems[: max(0, EXAMPLES - len(examples))])


def import_catalog(
    system_id: str,
    paths: Sequence[Path],
    prefix: str | None = None,
    *,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> Imported:
    """Read BattleScribe data files and map them with the game's mapping into a checked player catalog.

    Args:
        system_id: the Warband game to import for.
        paths: the game system and catalogue files (`.gst`, `.cat`, `.gstz`, `.catz`).
        prefix: of the entries' ids; by default made from the game system's name (`default_prefix`).
        progress: called with (done, total) while reading, resolving, then mapping.
        cancelled: asked often; True raises `Cancelled`, and nothing is imported.

    Raises:
        FileError: a file that cannot be used, a game with no mapping, a bad prefix, or a catalog the mapping
            made that its game refuses (a fault of the mapping, said to be one).
        Cancelled: `cancelled()` said so.
    """
    files = [Path(path) for path in paths]
    file = str(files[0]) if files else ""
    import_data, game = _mapping(system_id, file)
    if not files:
        raise FileError("", "", "no files to import: give the game system and its catalogues")
    if prefix is not None and not PREFIX_PATTERN.fullmatch(prefix):
        raise FileError(
            prefix[:40],
            "",
            f"a prefix is 1 to {MAX_PREFIX} letters, digits, '.', '_' or '-', starting with a letter or digit",
        )
    steps = 2 * len(files) + 1

    def reading(done: int, _total: int) -> None:
        if progress is not None:
            progress(done, steps)

    data = read_files(files, progress=reading, cancelled=cancelled)
    chosen = prefix if prefix is not None else default_prefix(data)
    try:
        imported = import_data(data, chosen)
    except (FileError, Cancelled):
        raise
    except Exception as exc:  # a mapping's bug: said to be one, not a crash of the window or the command
        failed = f"{type(exc).__name__}: {exc}"[:300]
        raise FileError(file, "", f"Warband's mapping for {game} failed ({failed}): a fault to report") from exc
    if not isinstance(imported, Imported):
        raise FileError(file, "", f"Warband's mapping for {game} gave no import: a fault to report")
    if cancelled is not None and cancelled():
        raise Cancelled()
    _checked(imported, system_id, game, chosen, data, file)
    _account(imported, data)
    if progress is not None:
        progress(steps, steps)
    return imported
