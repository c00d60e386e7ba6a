"""The games, found through the entry-point group `warband.systems`; shared code asks the registry, never
`if system == ...`.

Each entry point names a game's `GameInfo` (`name = "package:GAME"`, the name being the game's id); the four
built-in games are registered the same way in Warband's own `pyproject.toml`, so a fifth game is a package of its
own. Finding and naming the games is light: a game's package holds only its `GAME`, so menus and lists of games
import neither pydantic nor a game's rules. The game itself (`GameSystem`, `SYSTEM` in the package's `system`
module) loads when it is first used. A game that cannot be loaded (an import error, not a `GameInfo`, not a whole
`GameSystem`) is left out and remembered with the reason (`load_errors()`): the other games still work.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from warband.model.locations import data_dir
from warband.model.messages import N_, _, add_templates

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

GROUP = "warband.systems"
"""The entry-point group games register in."""

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
    ui: str | None = None
    """The module holding the game's `UI` (a `SystemUi`: its builder panels, battle tabs, options box) for the
    window; None: the window lists its armies with names and costs only."""
    locale: Path | None = None
    """The folder of the game's own translations (`<lang>/LC_MESSAGES/warband-<id>.mo`), for a game shipped as a
    package of its own; None: its strings are in Warband's catalogs."""

    def folder(self) -> Path:
        """The folder of its built-in catalogs (its example armies are in `examples/` there)."""
        return self.catalog_folder if self.catalog_folder is not None else data_dir() / self.id

    def builtin_catalogs(self) -> list[Path]:
        """Its built-in catalog files, in a stable order."""
        return sorted(self.folder().glob("*.json"))


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


@dataclass(frozen=True)
class Registered:
    """A game found through its entry point: what it says of itself, where it is, and who ships it."""

    info: GameInfo
    package: str
    """Its package (the entry point's module): `system`, `messages` and `rules_text` are found in it."""
    distribution: str
    version: str


@dataclass(frozen=True)
class GameLoadError:
    """A game left out, by the name it was registered under: what was tried, and why it failed."""

    name: str
    source: str
    """The entry point's value ("package:GAME"), and its distribution and version when known."""
    reason: str

    @property
    def sentence(self) -> str:
        return f"the game {self.name!r} ({self.source}) could not be loaded: {self.reason}"


_loaded: dict[str, GameSystem] = {}
_errors: dict[str, GameLoadError] = {}


@cache
def registered() -> dict[str, Registered]:
    """Every game found through the entry points, by id (a game that cannot even be named is left out, with its
    reason in `load_errors()`)."""
    from warband.model.entry_points import find_entry_points, normalized

    found: dict[str, Registered] = {}
    points = find_entry_points(GROUP)
    own = [p for p in points if normalized(p.distribution) == "warband"]
    for point in own + [p for p in points if p not in own]:  # Warband's own games first, then the plug-ins
        distribution, version = point.distribution, point.version
        source = f"{point.value}, {distribution} {version}"
        try:
            info = point.load()
        except Exception as exc:  # a plug-in's import may fail in any way: it is left out, the others work
            _errors[point.name] = GameLoadError(point.name, source, f"{type(exc).__name__}: {exc}")
            continue
        if not isinstance(info, GameInfo):
            reason = f"it names a {type(info).__name__}, not a GameInfo"
        elif info.id != point.name:
            reason = f"its GameInfo has the id {info.id!r}, not the entry point's name"
        elif info.id in found:
            reason = f"another game has that id ({found[info.id].package}, {found[info.id].distribution})"
        else:
            found[info.id] = Registered(info, point.module, distribution, version)
            continue
        _errors[point.name] = GameLoadError(point.name, source, reason)
    return found


def load_errors() -> list[GameLoadError]:
    """The games left out so far, each with its reason: those whose entry point failed, and those whose `system`
    failed when first used."""
    registered()
    return sorted(_errors.values(), key=lambda error: error.name)


def note_load_error(system_id: str, reason: str) -> None:
    """A part of a registered game (its window parts, its rules texts) that failed to load: remembered, named."""
    entry = registered().get(system_id)
    source = f"{entry.package}, {entry.distribution} {entry.version}" if entry else system_id
    _errors.setdefault(system_id, GameLoadError(system_id, source, reason))


def known_systems() -> list[str]:
    return sorted(registered())


def games() -> list[GameInfo]:
    """Every game, to list and name: light (no game is loaded)."""
    return [entry.info for entry in registered().values()]


def game_info(system_id: str) -> GameInfo:
    """The game's id, names and sides without loading it; `UnknownSystemError` for an id no game has."""
    entry = registered().get(system_id)
    if entry is None:
        raise UnknownSystemError(system_id)
    return entry.info


def game_modules(name: str) -> dict[str, Any]:
    """Each game's module `<package>.<name>` ("messages", "rules_text"), by id, for the games that have one; a game
    whose module fails to import is left out and remembered."""
    found: dict[str, Any] = {}
    for system_id, entry in registered().items():
        module = f"{entry.package}.{name}"
        try:
            found[system_id] = importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:  # a game may have no such module; one that fails to import is told
                note_load_error(system_id, f"{module}: {type(exc).__name__}: {exc}")
        except Exception as exc:  # a plug-in's module may fail in any way
            note_load_error(system_id, f"{module}: {type(exc).__name__}: {exc}")
    return found


def all_templates() -> dict[str, str]:
    """Every game's message templates (`<package>.messages`), without loading the games' rules."""
    found: dict[str, str] = {}
    for module in game_modules("messages").values():
        found.update(getattr(module, "TEMPLATES", {}))
    return found


_MEMBERS = tuple(name for name in GameSystem.__dict__ if not name.startswith("_"))
"""What a `GameSystem` has: a game's `SYSTEM` lacking any of them is refused, by name."""
_ABSENT = object()


def find_system(system_id: str) -> GameSystem | None:
    """The game with this id, loaded, or None when there is no such game or it cannot be loaded (the reason is
    in `load_errors()` and `unknown_system(system_id)`)."""
    if system_id in _loaded:
        return _loaded[system_id]
    entry = registered().get(system_id)
    if entry is None or system_id in _errors:
        return None
    try:
        system: GameSystem = importlib.import_module(f"{entry.package}.system").SYSTEM
    except Exception as exc:  # a plug-in may fail in any way: the other games still work
        note_load_error(system_id, f"{entry.package}.system: {type(exc).__name__}: {exc}")
        return None
    # looked up without running them: a game's battle side is a cached property, loaded with its first battle
    missing = [name for name in _MEMBERS if inspect.getattr_static(system, name, _ABSENT) is _ABSENT]
    if missing:
        note_load_error(system_id, f"its SYSTEM is not a whole GameSystem: it has no {', '.join(missing)}")
        return None
    add_templates(system.templates)
    _loaded[system_id] = system
    return system


def unknown_system(system_id: object, kind: str = "system") -> str:
    """Why there is no game for this id, in a sentence for a message: not loaded (and why), or none has it
    ("unknown battle system 'x' (known: …)" with `kind` "battle system")."""
    error = _errors.get(system_id) if isinstance(system_id, str) else None
    if error is not None:
        return error.sentence
    return f"unknown {kind} {system_id!r} (known: {', '.join(known_systems())})"


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
    return game_info(system_id).points_name if system_id in registered() else DEFAULT_POINTS_NAME


def points_title(system_id: str) -> str:
    """The game's word for its points as a column's title, in the language spoken and with a capital ("Points",
    "A.P."); armies without points fall back to the default word."""
    word = _(points_name(system_id) or DEFAULT_POINTS_NAME)
    return word[:1].upper() + word[1:]
