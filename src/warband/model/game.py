"""What the four games' `GameSystem`s share: turning the shared code's `Army` into the game's own, checked.

The shared code holds armies and battles by their base types; a game's rules take its own. `own_army` and
`own_options` narrow them with a check (a wrong army is a `TypeError` naming both), never with a cast.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from pydantic import BaseModel

from warband.model.army import Army, Change, Choice, Report, Unit
from warband.model.catalog import Catalogs
from warband.model.system import GameInfo

if TYPE_CHECKING:
    from warband.model.battle import Roll
    from warband.model.battle_log import LogEntry
    from warband.model.dice import Dice
    from warband.model.play import Action, Odds, Phase, Summary
    from warband.model.roster import UnitExtras

A = TypeVar("A", bound=Army)
Opt = TypeVar("Opt", bound=BaseModel)
Bt = TypeVar("Bt", bound=BaseModel)


@dataclass(frozen=True)
class ArmyRules(Generic[A]):
    """A game's army-building rules, on its own army type (the base checks the army before calling them)."""

    validate: Callable[[A, Catalogs], Report]
    options: Callable[[A, str, Catalogs], list[Choice]]
    compare: Callable[[A, Catalogs], list[Change]]
    stamp: Callable[[A, Catalogs], A]


@dataclass(frozen=True)
class BattlePlay(Generic[Bt]):
    """A game's battle, played from the shared code, on its own battle type (the base checks the battle first)."""

    phases: Callable[[Bt], Sequence[Phase]]
    moves: Callable[[Bt], Sequence[Action]]
    actions: Callable[[Bt], Sequence[Action]]
    odds: Callable[[Bt, object], Odds]
    roll: Callable[[Bt, object, Dice], Roll[Bt, Any]]
    summary: Callable[[Bt, Sequence[LogEntry]], Summary]


class Game(Generic[A, Opt, Bt]):
    """The base of a game's `GameSystem`: its info, its army and battle models, its army rules, how its battles
    are played, and its rules-options model."""

    info: GameInfo
    army_model: type[A]
    battle_model: type[Bt]
    play_module: str
    """The module of the game's battle play (`phases`, `moves`, `actions`, `odds`, `roll`, `summary`), loaded when
    a battle is first played: loading catalogs and building armies need none of it."""
    roster_module: str | None = None
    """The module of what the game's exported roster shows (`unit_details`, and `army_facts` when the game adds
    totals of the whole army), loaded with the first roster: the builder needs none of it. A game without one
    gives `roster_unit` (and `roster_army`) itself."""
    army_rules: ArmyRules[A]
    options_model: type[Opt] | None = None
    """The rules options a battle starts with (File → New Battle), or None when the game has none."""

    @cached_property
    def play(self) -> BattlePlay[Bt]:
        module = importlib.import_module(self.play_module)
        return BattlePlay(module.phases, module.moves, module.actions, module.odds, module.roll, module.summary)

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def name(self) -> str:
        return self.info.name

    def validate(self, army: Army, catalogs: Catalogs) -> Report:
        return self.army_rules.validate(self.own_army(army), catalogs)

    def options(self, army: Army, unit_id: str, catalogs: Catalogs) -> list[Choice]:
        return self.army_rules.options(self.own_army(army), unit_id, catalogs)

    def compare(self, army: Army, catalogs: Catalogs) -> list[Change]:
        return self.army_rules.compare(self.own_army(army), catalogs)

    def stamp(self, army: Army, catalogs: Catalogs) -> Army:
        return self.army_rules.stamp(self.own_army(army), catalogs)

    def phases(self, battle: BaseModel) -> Sequence[Phase]:
        return self.play.phases(self.own_battle(battle))

    def moves(self, battle: BaseModel) -> Sequence[Action]:
        return self.play.moves(self.own_battle(battle))

    def actions(self, battle: BaseModel) -> Sequence[Action]:
        return self.play.actions(self.own_battle(battle))

    def odds(self, battle: BaseModel, request: object) -> Odds:
        return self.play.odds(self.own_battle(battle), request)

    def roll(self, battle: BaseModel, request: object, dice: Dice) -> Roll[Any, Any]:
        return self.play.roll(self.own_battle(battle), request, dice)

    def summary(self, battle: BaseModel, log: Sequence[LogEntry]) -> Summary:
        return self.play.summary(self.own_battle(battle), log)

    def roster_unit(self, unit: Unit, catalogs: Catalogs, languages: Sequence[str]) -> UnitExtras:
        if self.roster_module is None:
            raise NotImplementedError(f"{self.info.name} names no roster_module and gives no roster_unit")
        details: Callable[[Unit, Catalogs, Sequence[str]], UnitExtras]
        details = importlib.import_module(self.roster_module).unit_details
        return details(unit, catalogs, languages)

    def roster_army(self, army: Army, catalogs: Catalogs) -> tuple[str, ...]:
        """Most games add nothing to the roster of the whole army (a game that does has `army_facts`)."""
        if self.roster_module is None:
            return ()
        facts: Callable[[Army, Catalogs], tuple[str, ...]] | None
        facts = getattr(importlib.import_module(self.roster_module), "army_facts", None)
        if facts is None:
            return ()
        found: tuple[str, ...] = facts(army, catalogs)
        return found

    def own_army(self, army: Army) -> A:
        if not isinstance(army, self.army_model):
            wanted = self.army_model.__name__
            raise TypeError(f"{self.info.name} was given a {type(army).__name__}, not a {wanted}")
        return army

    def own_battle(self, battle: BaseModel) -> Bt:
        if not isinstance(battle, self.battle_model):
            wanted = self.battle_model.__name__
            raise TypeError(f"{self.info.name} was given a {type(battle).__name__}, not a {wanted}")
        return battle

    def own_sides(self, sides: Sequence[tuple[str, Army]]) -> list[tuple[str, A]]:
        """The players and armies of a new battle, as many as the game has sides."""
        return [(player, self.own_army(army)) for player, army in list(sides)[: self.info.sides]]

    def own_options(self, options: BaseModel | None) -> Opt | None:
        """The rules options chosen, or None (the defaults) when they are not this game's."""
        model = self.options_model
        return options if model is not None and isinstance(options, model) else None
