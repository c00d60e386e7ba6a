"""What the four games' `GameSystem`s share: turning the shared code's `Army` into the game's own, checked.

The shared code holds armies and battles by their base types; a game's rules take its own. `own_army` and
`own_options` narrow them with a check (a wrong army is a `TypeError` naming both), never with a cast.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from pydantic import BaseModel

from warband.model.army import Army, Change, Choice, Report
from warband.model.catalog import Catalogs
from warband.model.system import GameInfo

A = TypeVar("A", bound=Army)
Opt = TypeVar("Opt", bound=BaseModel)


@dataclass(frozen=True)
class ArmyRules(Generic[A]):
    """A game's army-building rules, on its own army type (the base checks the army before calling them)."""

    validate: Callable[[A, Catalogs], Report]
    options: Callable[[A, str, Catalogs], list[Choice]]
    compare: Callable[[A, Catalogs], list[Change]]
    stamp: Callable[[A, Catalogs], A]


class Game(Generic[A, Opt]):
    """The base of a game's `GameSystem`: its info, its army model, its army rules and its rules-options model."""

    info: GameInfo
    army_model: type[A]
    army_rules: ArmyRules[A]
    options_model: type[Opt] | None = None
    """The rules options a battle starts with (File → New Battle), or None when the game has none."""

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

    def roster_army(self, army: Army, catalogs: Catalogs) -> tuple[str, ...]:
        """Most games add nothing to the roster of the whole army."""
        return ()

    def own_army(self, army: Army) -> A:
        if not isinstance(army, self.army_model):
            wanted = self.army_model.__name__
            raise TypeError(f"{self.info.name} was given a {type(army).__name__}, not a {wanted}")
        return army

    def own_sides(self, sides: Sequence[tuple[str, Army]]) -> list[tuple[str, A]]:
        """The players and armies of a new battle, as many as the game has sides."""
        return [(player, self.own_army(army)) for player, army in list(sides)[: self.info.sides]]

    def own_options(self, options: BaseModel | None) -> Opt | None:
        """The rules options chosen, or None (the defaults) when they are not this game's."""
        model = self.options_model
        return options if model is not None and isinstance(options, model) else None
