"""What the four games' `GameSystem`s share: turning the shared code's `Army` into the game's own, checked.

The shared code holds armies and battles by their base types; a game's rules take its own. `own_army` and
`own_options` narrow them with a check (a wrong army is a `TypeError` naming both), never with a cast.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

from pydantic import BaseModel

from warband.model.army import Army
from warband.model.catalog import Catalogs
from warband.model.system import GameInfo

A = TypeVar("A", bound=Army)
Opt = TypeVar("Opt", bound=BaseModel)


class Game(Generic[A, Opt]):
    """The base of a game's `GameSystem`: its info, its army model and its rules-options model."""

    info: GameInfo
    army_model: type[A]
    options_model: type[Opt] | None = None
    """The rules options a battle starts with (File → New Battle), or None when the game has none."""

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def name(self) -> str:
        return self.info.name

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
