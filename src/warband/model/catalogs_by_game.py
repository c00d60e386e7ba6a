"""The window's catalogs, loaded a game at a time: the first army or battle of a game loads that game's catalogs,
and no other game's (a player building Confrontation armies never waits on the three other games' files).

The built-in catalogs of a game are its own (`GameInfo.builtin_catalogs`). A player's file says its game in its
top-level `"system"`, read from the file's first bytes without parsing the whole file (`declared_system`). A file
whose game cannot be read there (broken, huge header, or a game no one registered) is loaded with the first game
asked for, so that what is wrong with it is told at once, as when every catalog was loaded together.

The result is what `load_catalogs` gives for the same files (the same merge, in the same order, with the same
errors), only split by game: `everything()` is exactly `load_catalogs(paths)`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from warband.model.storage import FileError

if TYPE_CHECKING:  # the catalogs' module (and pydantic) load with the first game asked for, not at launch
    from warband.model.catalog import CatalogLoad, Catalogs, LoadedCatalog

HEAD_BYTES = 64 * 1024
"""How much of a file `declared_system` reads for its top-level "system" before giving up."""


def declared_system(path: Path, limit: int = HEAD_BYTES) -> str | None:
    """The top-level `"system"` string of a JSON file, read from its first `limit` bytes by a small scanner that
    tracks strings and nesting (a `"system"` inside a nested value is not the file's); None when it is not there,
    not a string, or the file cannot be read."""
    try:
        with path.open("rb") as handle:
            head = handle.read(limit).decode("utf-8", "replace")
    except OSError:
        return None
    return _top_level_system(head)


def _top_level_system(text: str) -> str | None:
    depth = 0
    i, n = 0, len(text)
    expect_value_of_system = False
    last_key: str | None = None
    while i < n:
        char = text[i]
        if char == '"':
            end = _string_end(text, i)
            if end < 0:
                return None  # cut inside a string: not found within the limit
            token = text[i : end + 1]
            if expect_value_of_system:
                value = json.loads(token)
                return value if isinstance(value, str) else None
            last_key = token if depth == 1 else None
            i = end + 1
            continue
        if char in "{[":
            if expect_value_of_system:
                return None  # "system" holds an object or a list: not a game's id
            depth += 1
        elif char in "}]":
            depth -= 1
            if depth <= 0:
                return None
        elif char == ":":
            expect_value_of_system = depth == 1 and last_key == '"system"'
        elif char == "," or (expect_value_of_system and not char.isspace()):
            if expect_value_of_system:
                return None  # a number, true, null…: not a game's id
            last_key = None
        i += 1
    return None


def _string_end(text: str, start: int) -> int:
    """The index of the quote closing the JSON string opened at `start`, or -1."""
    i = start + 1
    while i < len(text):
        char = text[i]
        if char == "\\":
            i += 2
            continue
        if char == '"':
            return i
        i += 1
    return -1


class CatalogsByGame:
    """Loads and merges the catalogs of one game when that game is first asked for (`reloadable`: `reset` lists
    and reads the files again).

    Args:
        builtin: a game's built-in catalog files (`GameInfo.builtin_catalogs`), by game id.
        player: the player's own catalog files, in their order (listed again after `reset`).
        games: the ids of the registered games.
        on_loaded: called after a game's files are read (the window freezes them out of the garbage collector).
    """

    def __init__(
        self,
        builtin: Callable[[str], Sequence[Path]],
        player: Callable[[], Sequence[Path]],
        games: Callable[[], Sequence[str]],
        on_loaded: Callable[[], None] | None = None,
    ) -> None:
        self._builtin = builtin
        self._player = player
        self._games = games
        self._on_loaded = on_loaded
        self.reset()

    def reset(self) -> None:
        """Forget what was loaded: the files are listed and read again as each game is asked for (F5, a catalog
        saved). Nothing is read until a game is asked for."""
        self._listed = False
        self._read: dict[str, list[tuple[int, LoadedCatalog]]] = {}
        self._done: set[Path] = set()
        self._merged: dict[str, Catalogs] = {}
        self._load_errors: list[tuple[int, FileError]] = []
        self._merge_errors: dict[str, list[FileError]] = {}

    def _list(self) -> None:
        if self._listed:
            return
        self._listed = True
        known = list(self._games())
        builtin = {game: list(self._builtin(game)) for game in known}
        self._paths: list[Path] = []
        self._game_of: dict[Path, str | None] = {}
        seen: set[Path] = set()
        for game in known:
            for path in builtin[game]:
                self._add(path, game, seen)
        for path in self._player():
            declared = declared_system(path)
            self._add(path, declared if declared in known else None, seen)
        self._order = {path: index for index, path in enumerate(self._paths)}

    def _add(self, path: Path, game: str | None, seen: set[Path]) -> None:
        resolved = path.resolve()
        if resolved in seen:  # the same file named twice: read once, as `load_catalogs` does
            return
        seen.add(resolved)
        self._paths.append(path)
        self._game_of[path] = game

    reloadable = True

    @property
    def loaded_games(self) -> list[str]:
        return sorted(self._merged)

    def for_system(self, system: str) -> tuple[Catalogs, list[FileError]]:
        """The game's catalogs, and what was wrong with the files read to make them (empty once it was told)."""
        if system in self._merged:
            return self._merged[system], []
        self._list()
        first = not self._done
        wanted = [
            path
            for path in self._paths
            if path not in self._done
            and (self._game_of[path] == system or (first and self._game_of[path] is None))
        ]
        new = self._read_files(wanted)
        self._merge(system)
        return self._merged[system], [*new, *self._merge_errors[system]]

    def everything(self) -> CatalogLoad:
        """Every game's catalogs and every file left out: what `load_catalogs` gives for all the files."""
        self._list()
        self._read_files([path for path in self._paths if path not in self._done])
        for system in sorted(set(self._read) - set(self._merged)):
            self._merge(system)
        return self.loaded()

    def loaded(self) -> CatalogLoad:
        """The games loaded so far, with the files left out so far, in the files' order."""
        from warband.model.catalog import CatalogLoad

        # As `load_catalogs` orders them: files that could not be read, in the files' order, then what each game's
        # merge left out, the games in the order of their first file read.
        unread = [error for _index, error in sorted(self._load_errors, key=lambda item: item[0])]
        first_file = {game: min(index for index, _lc in read) for game, read in self._read.items()}
        games = sorted(self._merge_errors, key=lambda game: first_file.get(game, -1))
        merged = [error for game in games for error in self._merge_errors[game]]
        return CatalogLoad(dict(self._merged), (*unread, *merged))

    def _read_files(self, paths: Sequence[Path]) -> list[FileError]:
        """Read the files (once each); what could not be read."""
        from warband.model.catalog import load_catalog

        errors: list[FileError] = []
        for path in paths:
            self._done.add(path)
            try:
                lc = load_catalog(path)
            except FileError as exc:
                self._load_errors.append((self._order[path], exc))
                errors.append(exc)
                continue
            self._read.setdefault(lc.document.system, []).append((self._order[path], lc))
        if paths and self._on_loaded is not None:
            self._on_loaded()
        return errors

    def _merge(self, system: str) -> None:
        """Merged once per game, with every file of that game read by then: the player's files of the game were
        read with it, and a file whose game could not be told was read with the first game asked for."""
        from warband.model.catalog import Catalogs, merge

        read = [lc for _index, lc in sorted(self._read.get(system, []), key=lambda item: item[0])]
        merged, errors = merge(system, read)
        self._merged[system] = merged if read else Catalogs(system)
        self._merge_errors[system] = errors


class CatalogsAtOnce:
    """Every game's catalogs loaded together, the first time any is asked for (or given already loaded): the
    same questions as `CatalogsByGame`, so that the window asks one way whichever it was given (tests give a
    load, or a way to make one)."""

    def __init__(self, given: CatalogLoad | None, load: Callable[[], CatalogLoad] | None) -> None:
        if given is None and load is None:
            raise ValueError("catalogs need a load or a way to make one")
        self._given = given
        self._load = load
        self._told = False

    @property
    def reloadable(self) -> bool:
        return self._load is not None

    def reset(self) -> None:
        if self._load is not None:
            self._given, self._told = None, False

    def loaded(self) -> CatalogLoad:
        """The catalogs (loaded now if they were not yet)."""
        if self._given is None:
            assert self._load is not None
            self._given = self._load()
        return self._given

    def everything(self) -> CatalogLoad:
        return self.loaded()

    def for_system(self, system: str) -> tuple[Catalogs, list[FileError]]:
        """The game's catalogs, and every file left out the first time they are asked for after a load."""
        fresh = self._given is None and not self._told
        load = self.loaded()
        errors = list(load.errors) if fresh else []
        self._told = True
        return load.for_system(system), errors
