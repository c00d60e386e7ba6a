"""The games, registered by id; shared code asks the registry, never `if system == ...`.

Finding and naming the games is light: each game's package (`warband.model.systems.<id>`) holds only its
`GAME` (a `GameInfo`: id, names, sides, what its points are called), so menus and lists of games import neither
pydantic nor a game's rules. The game itself (`GameSystem`, in the package's `system` module) loads when it is
first used.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from warband.model.locations import data_dir
from warband.model.messages import N_, add_templates

if TYPE_CHECKING:
    from pydantic import BaseModel

    from warband.model.army import Army, Change, Choice, Report, Unit
    from warband.model.battle import Roll
    from warband.model.battle_log import LogEntry
    from warband.model.catalog import CatalogFile, Catalogs
    from warband.model.dice import Dice
    from warband.model.play import Action, Odds, Phase, Summary
    from warband.model.roster import UnitExtras
    from warband.model.rule_text import RuleText
    from warband.model.session import Command

BUILTIN_SYSTEMS: dict[str, str] = {
    "confrontation": "warband.model.systems.confrontation",
    "powerdice": "warband.model.systems.powerdice",
    "pfpv": "warband.model.systems.pfpv",
    "sbg": "warband.model.systems.sbg",
}
"""Game id → its package: the package holds `GAME`, its `system` module `SYSTEM`; each imported on first use."""

DEFAULT_POINTS_NAME = N_("A.P.")


@dataclass(frozen=True)
class GameInfo:
    """What naming and listing a game needs, without loading it. Texts are English, marked with `N_`."""

    id: str
    name: str
    """The game's name ("Strategy Battle Game")."""
    title: str
    """How a menu offers its armies ("Par le Fer et par le Verbe (a party)"); the name when it says enough."""
    sides: int = 2
    """Armies facing each other in a battle: two, or one for a party (its game master plays the rest)."""
    points_name: str | None = DEFAULT_POINTS_NAME
    """What the game calls its points ("A.P.", "points"), or None when its armies have none (a party)."""
    rule_prefix: str = ""
    """The prefix of its rule IDs ("CF" for CF-01…); its rules' texts are `<package>.rules_text.RULES`."""
    rules_title: str = ""
    """How Help → Rules heads its rules ("Confrontation: miracles and the Divination phase")."""
    turn_title: str = N_("Turn {turn} — {phase}")
    """How the Turn tracker heads where the battle is, from its turn number and phase ("Round {turn} — {phase}"
    for a scene counting combat rounds)."""
    catalog_folder: Path | None = None
    """Where its built-in catalogs are (`*.json`; examples in subfolders are not catalogs); None: Warband's own
    `data/<id>/`. A game shipped as a package of its own names a folder of that package."""

    def builtin_catalogs(self) -> list[Path]:
        """Its built-in catalog files, in a stable order."""
        folder = self.catalog_folder if self.catalog_folder is not None else data_dir() / self.id
        return sorted(folder.glob("*.json"))


class GameSystem(Protocol):
    """Everything the shared code (the window's shells, the command line, exports) asks of a game."""

    @property
    def info(self) -> GameInfo: ...

    @property
    def catalog_model(self) -> type[CatalogFile]: ...

    @property
    def army_model(self) -> type[Army]: ...

    @property
    def options_model(self) -> type[BaseModel] | None:
        """The rules options a battle starts with (File → New Battle), or None when the game has none."""

    @property
    def battle_model(self) -> type[BaseModel]:
        """The battle in play (a scene for a party), frozen and journalled."""

    @property
    def battle_file_model(self) -> type[BaseModel]:
        """The battle as saved: the battle, its log and its dice."""

    def validate(self, army: Army, catalogs: Catalogs) -> Report:
        """Costs, totals and every problem, with rule IDs."""

    def options(self, army: Army, unit_id: str, catalogs: Catalogs) -> list[Choice]:
        """Everything the unit may take, eligible or not, with the reasons."""

    def compare(self, army: Army, catalogs: Catalogs) -> list[Change]:
        """What changed for the army since it was stamped (AR-04)."""

    def stamp(self, army: Army, catalogs: Catalogs) -> Army:
        """The army recording the catalogs' revisions and the entries it uses."""

    def start_battle(
        self, sides: Sequence[tuple[str, Army]], catalogs: Catalogs, options: BaseModel | None, first: int
    ) -> BaseModel:
        """A new battle of the armies (with their players' names; `info.sides` of them), with the rules options
        chosen (None: the defaults) and the side that starts where the game asks (`first`)."""

    def phases(self, battle: BaseModel) -> Sequence[Phase]:
        """The steps of the turn (or of a scene) in order, the current one marked."""

    def moves(self, battle: BaseModel) -> Sequence[Action]:
        """The moves every game shares, cheaply (kinds "next_phase", "previous_phase" where the game goes back,
        "end_battle"), each with its refusal: what the shared bar shows after every action. `actions` lists them
        too."""

    def actions(self, battle: BaseModel) -> Sequence[Action]:
        """What may be done now, and what could be but for a rule: each action with its refusal (rule ID)."""

    def odds(self, battle: BaseModel, request: object) -> Odds:
        """The exact chances of one roll (an `Action.request`, or one changed from it), worked out when asked.
        Raises `RefusedError` when they cannot be known (a value still to be given)."""

    def roll(self, battle: BaseModel, request: object, dice: Dice) -> Roll[Any, Any]:
        """The roll worked out once, with the program's dice or the table's: the command carrying its dice, the
        battle after it, and what the log says (`BattleRun.play` carries it out). Raises `RefusedError` (the
        action may not be taken, with its rule) or `DiceError` (the table's dice do not fit)."""

    def summary(self, battle: BaseModel, log: Sequence[LogEntry]) -> Summary:
        """The end of the battle, per side: what it cost and did."""

    @property
    def parse_command(self) -> Callable[[Any], Command[Any]]:
        """A journalled action (its JSON) back as the command it was."""

    def roster_unit(self, unit: Unit, catalogs: Catalogs, languages: Sequence[str]) -> UnitExtras:
        """What an exported roster shows of a unit: its profile's numbers, what it holds, its reserves."""

    def roster_army(self, army: Army, catalogs: Catalogs) -> tuple[str, ...]:
        """Totals an exported roster shows of the whole army ("29 models"); none for most games."""

    @property
    def rule_texts(self) -> Sequence[RuleText]:
        """The program's own short text of each of its rules, for Help → Rules (also read without loading the game,
        from `<package>.rules_text`)."""

    @property
    def templates(self) -> Mapping[str, str]:
        """The English templates of its problems' and refusals' message codes (`N_`-marked, translated)."""


_loaded: dict[str, GameSystem] = {}


def known_systems() -> list[str]:
    return sorted(BUILTIN_SYSTEMS)


def games() -> list[GameInfo]:
    """Every game, to list and name: light (no game is loaded)."""
    return [game_info(system_id) for system_id in BUILTIN_SYSTEMS]


def game_info(system_id: str) -> GameInfo:
    """The game's id, names and sides without loading it; `UnknownSystemError` for an id no game has."""
    package = BUILTIN_SYSTEMS.get(system_id)
    if package is None:
        raise UnknownSystemError(system_id)
    info: GameInfo = importlib.import_module(package).GAME
    return info


def all_templates() -> dict[str, str]:
    """Every game's message templates (`<package>.messages`), without loading the games' rules."""
    found: dict[str, str] = {}
    for package in BUILTIN_SYSTEMS.values():
        found.update(importlib.import_module(f"{package}.messages").TEMPLATES)
    return found


def find_system(system_id: str) -> GameSystem | None:
    """The game with this id, loaded, or None when there is no such game."""
    if system_id in _loaded:
        return _loaded[system_id]
    package = BUILTIN_SYSTEMS.get(system_id)
    if package is None:
        return None
    system: GameSystem = importlib.import_module(f"{package}.system").SYSTEM
    add_templates(system.templates)
    _loaded[system_id] = system
    return system


class UnknownSystemError(KeyError):
    """An id no registered system has."""


def get_system(system_id: str) -> GameSystem:
    system = find_system(system_id)
    if system is None:
        raise UnknownSystemError(system_id)
    return system


def system_of(battle: object) -> GameSystem:
    """The game a battle (or a scene) is of, loaded; `UnknownSystemError` for a value that is none of theirs."""
    system_id = getattr(battle, "system", None)
    return get_system(system_id if isinstance(system_id, str) else repr(system_id))


def points_name(system_id: str) -> str | None:
    """How the game names its army's points, untranslated ("A.P.", "points"); None when armies have none."""
    return game_info(system_id).points_name if system_id in BUILTIN_SYSTEMS else DEFAULT_POINTS_NAME
