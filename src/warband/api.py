"""Warband's public Python API: the model's face, for a player's own scripts (see docs/api.md, whose examples run
as tests). No Qt: it works where PySide6 is not installed.

Everything here is stable: a change that breaks a script bumps the package's major version. What is not named
here (`warband.model.*` beyond these names) may change between versions.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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
    from warband.model.battle import BattleRun, RecordingDice, load_battle
    from warband.model.battlescribe.data import Imported
    from warband.model.battlescribe.importer import Cancelled, Roster, import_catalog, read_roster
    from warband.model.battlescribe.roster_import import RosterImport, import_roster
    from warband.model.catalog import (
        CatalogLoad,
        Catalogs,
        LoadedCatalog,
        catalog_paths,
        load_catalog,
        load_catalogs,
        save_catalog,
    )
    from warband.model.catalog_csv import export_catalog_csv, import_catalog_csv
    from warband.model.dice import D5, D6, Dice, DiceError, Die, SeededDice, TypedDice
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
    from warband.model.file_names import ARMY_SUFFIX, BATTLE_SUFFIX
    from warband.model.journal import JournalWriteError
    from warband.model.list_import import ListImport, ListLine, game_named_in, import_list
    from warband.model.locations import user_catalog_dir
    from warband.model.play import Action, Odds, Phase, SideSummary, Summary
    from warband.model.replay import resume_journal
    from warband.model.session import Command, RefusedError, Session
    from warband.model.storage import FileError
    from warband.model.system import (
        GameInfo,
        GameLoadError,
        GameSystem,
        Registered,
        UnknownSystemError,
        games,
        get_system,
        load_errors,
        registered,
        system_of,
        unknown_system,
    )

_WHERE: dict[str, str] = {
    "Army": "warband.model.army",
    "Change": "warband.model.army",
    "Choice": "warband.model.army",
    "Problem": "warband.model.army",
    "Report": "warband.model.army",
    "compare": "warband.model.army",
    "load_army": "warband.model.army",
    "options": "warband.model.army",
    "save_army": "warband.model.army",
    "ARMY_SUFFIX": "warband.model.file_names",
    "stamp": "warband.model.army",
    "validate": "warband.model.army",
    "BattleRun": "warband.model.battle",
    "RecordingDice": "warband.model.battle",
    "BATTLE_SUFFIX": "warband.model.file_names",
    "load_battle": "warband.model.battle",
    "Imported": "warband.model.battlescribe.data",
    "Cancelled": "warband.model.battlescribe.importer",
    "Roster": "warband.model.battlescribe.importer",
    "import_catalog": "warband.model.battlescribe.importer",
    "read_roster": "warband.model.battlescribe.importer",
    "RosterImport": "warband.model.battlescribe.roster_import",
    "import_roster": "warband.model.battlescribe.roster_import",
    "CatalogLoad": "warband.model.catalog",
    "Catalogs": "warband.model.catalog",
    "catalog_paths": "warband.model.catalog",
    "load_catalogs": "warband.model.catalog",
    "save_catalog": "warband.model.catalog",
    "LoadedCatalog": "warband.model.catalog",
    "load_catalog": "warband.model.catalog",
    "export_catalog_csv": "warband.model.catalog_csv",
    "import_catalog_csv": "warband.model.catalog_csv",
    "D5": "warband.model.dice",
    "D6": "warband.model.dice",
    "Dice": "warband.model.dice",
    "DiceError": "warband.model.dice",
    "Die": "warband.model.dice",
    "SeededDice": "warband.model.dice",
    "TypedDice": "warband.model.dice",
    "AddEntry": "warband.model.edits",
    "AddUnit": "warband.model.edits",
    "DuplicateUnit": "warband.model.edits",
    "MoveUnit": "warband.model.edits",
    "RemoveEntry": "warband.model.edits",
    "RemoveUnits": "warband.model.edits",
    "SetArmyField": "warband.model.edits",
    "SetUnitField": "warband.model.edits",
    "JournalWriteError": "warband.model.journal",
    "ListImport": "warband.model.list_import",
    "ListLine": "warband.model.list_import",
    "import_list": "warband.model.list_import",
    "game_named_in": "warband.model.list_import",
    "user_catalog_dir": "warband.model.locations",
    "Action": "warband.model.play",
    "Odds": "warband.model.play",
    "Phase": "warband.model.play",
    "SideSummary": "warband.model.play",
    "Summary": "warband.model.play",
    "resume_journal": "warband.model.replay",
    "Command": "warband.model.session",
    "RefusedError": "warband.model.session",
    "Session": "warband.model.session",
    "FileError": "warband.model.storage",
    "GameInfo": "warband.model.system",
    "GameSystem": "warband.model.system",
    "UnknownSystemError": "warband.model.system",
    "GameLoadError": "warband.model.system",
    "Registered": "warband.model.system",
    "load_errors": "warband.model.system",
    "find_system": "warband.model.system",
    "registered": "warband.model.system",
    "unknown_system": "warband.model.system",
    "games": "warband.model.system",
    "get_system": "warband.model.system",
    "system_of": "warband.model.system",
}
"""Where each name of the API lives: imported when first used, so `import warband.api` costs nothing at launch
(the window imports it at start) and a script pays only for what it uses."""


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'warband.api' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = [
    "ARMY_SUFFIX",
    "BATTLE_SUFFIX",
    "D5",
    "D6",
    "Action",
    "AddEntry",
    "AddUnit",
    "Army",
    "BattleRun",
    "Cancelled",
    "CatalogLoad",
    "Catalogs",
    "Change",
    "Choice",
    "Command",
    "Dice",
    "DiceError",
    "Die",
    "DuplicateUnit",
    "FileError",
    "GameInfo",
    "GameLoadError",
    "GameSystem",
    "Imported",
    "JournalWriteError",
    "ListImport",
    "ListLine",
    "LoadedCatalog",
    "MoveUnit",
    "Odds",
    "Phase",
    "Problem",
    "RecordingDice",
    "RefusedError",
    "Registered",
    "RemoveEntry",
    "RemoveUnits",
    "Report",
    "Roster",
    "RosterImport",
    "SeededDice",
    "Session",
    "SetArmyField",
    "SetUnitField",
    "SideSummary",
    "Summary",
    "TypedDice",
    "UnknownSystemError",
    "actions",
    "battlescribe_games",
    "builtin_catalogs",
    "catalog_paths",
    "compare",
    "export_catalog_csv",
    "game_named_in",
    "games",
    "get_system",
    "import_catalog",
    "import_catalog_csv",
    "import_list",
    "import_roster",
    "load_army",
    "load_battle",
    "load_catalog",
    "load_catalogs",
    "load_errors",
    "new_army",
    "odds",
    "open_battle",
    "options",
    "phases",
    "read_roster",
    "registered",
    "resume_journal",
    "save_army",
    "save_battle_file",
    "save_catalog",
    "stamp",
    "start_battle",
    "summary",
    "system_of",
    "take",
    "unknown_system",
    "user_catalog_dir",
    "validate",
]


def builtin_catalogs(system_id: str, *more: Path) -> Catalogs:
    """The built-in catalogs of a game, and any catalog files of the player's (`more`), merged.

    Raises `FileError` for the first catalog that cannot be used (the window leaves such a catalog out instead).
    """
    from warband.model.catalog import builtin_catalog_paths, load_catalogs

    load = load_catalogs([*builtin_catalog_paths(), *more])
    if load.errors:
        raise load.errors[0]
    return load.for_system(system_id)


def new_army(system_id: str, name: str = "", points_limit: int | None = None) -> Army:
    """An empty army of a game (`games()` lists their ids)."""
    from warband.model.system import get_system

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
    from warband.model.battle import BattleRun
    from warband.model.system import get_system

    systems = {army.system for _player, army in sides}
    if len(systems) != 1:
        raise ValueError(f"the armies of a battle are of one game, not {sorted(systems)}")
    game = get_system(systems.pop())
    battle = game.start_battle(sides, catalogs, options, first)
    return BattleRun(battle, journal=journal, dice=dice)


def save_battle_file(run: BattleRun[Any], path: Path) -> None:
    """Save the battle in play (state, log and dice) atomically; `FileError` says why it could not be."""
    from warband.model.battle import save_battle
    from warband.model.system import system_of

    save_battle(run, system_of(run.battle).battle_file_model, path)


def open_battle(path: Path, *, journal: Path | None = None) -> BattleRun[Any]:
    """A saved battle, in play again where it was (its dice roll on from where they stopped)."""
    from warband.model.battle import BattleRun, load_battle

    battle, log, dice = load_battle(path)
    return BattleRun(battle, dice=dice, log=log, journal=journal, file=path)


# --- playing: the same few calls for every game ---------------------------------------------------------------
def _game(run: BattleRun[Any]) -> GameSystem:
    from warband.model.system import system_of

    return system_of(run.battle)


def phases(run: BattleRun[Any]) -> Sequence[Phase]:
    """The steps of the turn (or of a scene) in order, the current one marked."""
    return _game(run).phases(run.battle)


def actions(run: BattleRun[Any]) -> Sequence[Action]:
    """What may be done now, and what could be but for a rule (each action's `refusal` names it)."""
    return _game(run).actions(run.battle)


def odds(run: BattleRun[Any], roll: Action | object) -> Odds:
    """The exact chances of a roll: an action's (`Action.request`), or a request changed from one."""
    from warband.model.play import Action

    request = roll.request if isinstance(roll, Action) else roll
    return _game(run).odds(run.battle, request)


def take(run: BattleRun[Any], action: Action | object, dice: Dice | None = None) -> bool:
    """Carry out an action of `actions(run)`, or a roll's request changed from one, and log it.

    A roll throws the program's dice, or takes the table's (`TypedDice`); the rule runs once and the journal keeps
    the dice. Raises `RefusedError` with the rule broken (nothing changed), `DiceError` when the table's dice do
    not fit the roll, `JournalWriteError` when the journal cannot be written (nothing changed). True when the
    battle changed or a roll was logged.
    """
    from warband.model.play import Action
    from warband.model.session import RefusedError

    request: object = action
    if isinstance(action, Action):
        if action.refusal is not None:
            raise RefusedError(action.refusal)
        if action.command is not None:
            return run.execute(action.command, barrier=action.barrier, side=action.side)
        request = action.request
    return run.play(_game(run).roll(run.battle, request, dice or run.dice))


def battlescribe_games() -> list[str]:
    """The games that import BattleScribe data: those whose package has a `battlescribe` module with
    `import_data` (a plug-in game may have one too)."""
    from warband.model.system import game_modules

    return [
        g for g, module in game_modules("battlescribe").items() if callable(getattr(module, "import_data", None))
    ]


def summary(run: BattleRun[Any]) -> Summary:
    """The end of the battle, per side: what it cost and did."""
    return _game(run).summary(run.battle, run.log)
