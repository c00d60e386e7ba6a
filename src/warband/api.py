"""Warband's public Python API: the model's face, for a player's own scripts (see docs/api.md, whose examples run
as tests). No Qt: it works where PySide6 is not installed.

Everything here is stable: a change that breaks a script bumps the package's major version. What is not named
here (`warband.model.*` beyond these names) may change between versions.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from warband.model.army import (
    Army,
    Change,
    Choice,
    Problem,
    Report,
    compare,
    load_army,
    options,
    save_army,
    stamp,
    validate,
)
from warband.model.battle import BattleRun, RecordingDice, load_battle, save_battle
from warband.model.catalog import Catalogs, builtin_catalog_paths, catalog_paths, load_catalogs
from warband.model.dice import D5, D6, Die, SeededDice, TypedDice
from warband.model.edits import (
    AddEntry,
    AddUnit,
    DuplicateUnit,
    MoveUnit,
    RemoveEntry,
    RemoveUnits,
    SetArmyField,
    SetUnitField,
)
from warband.model.journal import JournalWriteError
from warband.model.replay import resume_journal
from warband.model.session import Command, RefusedError, Session
from warband.model.storage import FileError
from warband.model.system import GameInfo, GameSystem, games, get_system

__all__ = [
    "D5",
    "D6",
    "AddEntry",
    "AddUnit",
    "Army",
    "BattleRun",
    "Catalogs",
    "Change",
    "Choice",
    "Command",
    "Die",
    "DuplicateUnit",
    "FileError",
    "GameInfo",
    "GameSystem",
    "JournalWriteError",
    "MoveUnit",
    "Problem",
    "RecordingDice",
    "RefusedError",
    "RemoveEntry",
    "RemoveUnits",
    "Report",
    "SeededDice",
    "Session",
    "SetArmyField",
    "SetUnitField",
    "TypedDice",
    "builtin_catalogs",
    "catalog_paths",
    "compare",
    "games",
    "get_system",
    "load_army",
    "load_battle",
    "new_army",
    "open_battle",
    "options",
    "resume_journal",
    "save_army",
    "save_battle_file",
    "stamp",
    "start_battle",
    "validate",
]


def builtin_catalogs(system_id: str, *more: Path) -> Catalogs:
    """The built-in catalogs of a game, and any catalog files of the player's (`more`), merged.

    Raises `FileError` for the first catalog that cannot be used (the window leaves such a catalog out instead).
    """
    load = load_catalogs([*builtin_catalog_paths(), *more])
    if load.errors:
        raise load.errors[0]
    return load.for_system(system_id)


def new_army(system_id: str, name: str = "", points_limit: int | None = None) -> Army:
    """An empty army of a game (`games()` lists their ids)."""
    return get_system(system_id).army_model.model_validate(
        {"system": system_id, "name": name, "points_limit": points_limit}
    )


def start_battle(
    sides: Sequence[tuple[str, Army]],
    catalogs: Catalogs,
    options: BaseModel | None = None,
    *,
    first: int = 0,
    journal: Path | None = None,
    dice: SeededDice | None = None,
) -> BattleRun[Any]:
    """A battle of the armies (each with its player's name), in play: its state, log, dice and undo history.

    The game is the armies' (they must be of one). `options` are the game's rules options (None: the defaults);
    `first` the side that starts where the game asks; `journal` a file to journal every action into, so that
    `resume_journal` gives the battle back after a crash.
    """
    systems = {army.system for _player, army in sides}
    if len(systems) != 1:
        raise ValueError(f"the armies of a battle are of one game, not {sorted(systems)}")
    game = get_system(systems.pop())
    battle = game.start_battle(sides, catalogs, options, first)
    return BattleRun(battle, journal=journal, dice=dice)


def save_battle_file(run: BattleRun[Any], path: Path) -> None:
    """Save the battle in play (state, log and dice) atomically; `FileError` says why it could not be."""
    system = getattr(run.battle, "system", None)
    save_battle(run, get_system(str(system)).battle_file_model, path)


def open_battle(path: Path, *, journal: Path | None = None) -> BattleRun[Any]:
    """A saved battle, in play again where it was (its dice roll on from where they stopped)."""
    battle, log, dice = load_battle(path)
    return BattleRun(battle, dice=dice, log=log, journal=journal, file=path)
