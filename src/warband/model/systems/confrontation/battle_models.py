"""The models of a Confrontation battle as the rules read them (`Model`), made once per model state.

A battle is a frozen value and an action copies only the model it changes: the unit, profile and state of every
other model are the very same objects before and after. So each `Model` is kept by its key with the objects it was
made from, and made again only when one of them is another object; what the rules work out from a model alone
(its place in the Divination order) is kept with it (`remembered`). An action then costs what it changes, not a
walk over both armies (issue 21).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from warband.model.army import UnitRef, unit_label
from warband.model.systems.confrontation.battle_state import (
    ConfrontationBattle,
    ModelState,
    Side,
    model_key,
    split_key,
)
from warband.model.systems.confrontation.schema import ConfrontationUnit, Profile

T = TypeVar("T")


@dataclass(frozen=True)
class Model:
    """A model of the battle with what the rules need to know about it."""

    key: str
    side: int
    unit: ConfrontationUnit
    profile: Profile | None
    state: ModelState
    label: str

    @property
    def faithful(self) -> bool:
        return self.profile is not None and self.profile.faithful is not None

    @property
    def warrior_monk(self) -> bool:
        return bool(self.profile and self.profile.faithful and self.profile.faithful.warrior_monk)

    @property
    def in_play(self) -> bool:
        return not self.state.removed and self.state.wounds != "killed"

    @property
    def discipline_unknown(self) -> bool:
        """Its catalog does not give its Discipline (CF-X1): the order places it at its bonus, and says so."""
        return self.profile is not None and not self.profile.known("discipline")

    @property
    def faith_unknown(self) -> bool:
        """It is a Faithful whose catalog does not give its Faith (CF-X1): its T.F. is not refilled (CF-18)."""
        faithful = self.profile.faithful if self.profile is not None else None
        return faithful is not None and not faithful.known("faith")

    @property
    def discipline(self) -> int:
        """CF-13, CF-16: Discipline with this turn's bonus; no Discipline counts as 0, which nothing changes. One
        its catalog does not give is not none: the bonus the player sets stands for it (never below 0)."""
        if self.discipline_unknown:
            return max(0, self.state.discipline_bonus)
        if self.profile is None or self.profile.discipline is None:
            return 0
        return max(0, self.profile.discipline + self.state.discipline_bonus)

    def ref(self) -> UnitRef:
        return UnitRef(self.key, self.side, self.label)


_UNTOUCHED = ModelState()
"""The state of a model the battle holds none for (`ConfrontationBattle.state`), one object for all of them."""


class _Made:
    """A model as made, with the objects it was made from and what was worked out from it alone."""

    __slots__ = ("derived", "model", "profile", "state", "unit")

    def __init__(self, unit: ConfrontationUnit, profile: Profile | None, state: ModelState, model: Model) -> None:
        self.unit, self.profile, self.state, self.model = unit, profile, state, model
        self.derived: dict[Callable[[Model], Any], Any] = {}


_made: dict[str, _Made] = {}
"""The last model made for each key (of whichever battle asked last): a key holds one, so the cache never grows
beyond the models of the battles in play."""
_MADE_AT_MOST = 50_000
_last: tuple[ConfrontationBattle, tuple[Model, ...]] | None = None
"""The last battle value asked about (kept alive, so that `is` tells it apart from any later one), its models."""


def _made_for(side: int, key: str, unit: ConfrontationUnit, battle: ConfrontationBattle) -> _Made:
    profile = battle.entries.profiles.get(unit.profile)
    state = battle.models.get(key) or _UNTOUCHED
    made = _made.get(key)
    if made is None or made.unit is not unit or made.profile is not profile:
        if len(_made) >= _MADE_AT_MOST:
            _made.clear()
        made = _made[key] = _Made(
            unit, profile, state, Model(key, side, unit, profile, state, unit_label(unit, profile))
        )
    elif made.state is not state:  # the same unit in another state: its label is the one worked out for it
        made = _made[key] = _Made(unit, profile, state, Model(key, side, unit, profile, state, made.model.label))
    return made


def models(battle: ConfrontationBattle) -> list[Model]:
    """Every model of both sides, in army order, first side first."""
    global _last
    last = _last
    if last is None or last[0] is not battle:
        last = _last = (battle, _models_of(battle, last))
    return list(last[1])


def _models_of(
    battle: ConfrontationBattle, last: tuple[ConfrontationBattle, tuple[Model, ...]] | None
) -> tuple[Model, ...]:
    """The models, from those of the last battle asked about when it has the same armies and catalog entries:
    only the models whose state is another object are made again."""
    if last is not None and last[0].sides is battle.sides and last[0].entries is battle.entries:
        states, found = battle.models, list(last[1])
        for index, m in enumerate(found):
            state = states.get(m.key) or _UNTOUCHED
            if state is not m.state:
                found[index] = _made_for(m.side, m.key, m.unit, battle).model
        return tuple(found)
    return tuple(
        _made_for(side_index, model_key(side_index, unit.id), unit, battle).model
        for side_index, side in enumerate(battle.sides)
        for unit in side.army.units
    )


def model(battle: ConfrontationBattle, key: str) -> Model:
    """The model of this key; `KeyError` when the battle has none."""
    side, unit_id = split_key(key)
    unit = _units_of(battle.sides[side]).get(unit_id)
    if unit is None:
        raise KeyError(f"no model {key!r} in this battle")
    return _made_for(side, key, unit, battle).model


def model_state(battle: ConfrontationBattle, key: str) -> ModelState:
    """`model(battle, key).state`, without making the model (a flag set on it, replayed thousands of times, asks
    only that); `KeyError` when the battle has none."""
    side, unit_id = split_key(key)
    if unit_id not in _units_of(battle.sides[side]):
        raise KeyError(f"no model {key!r} in this battle")
    return battle.models.get(key) or _UNTOUCHED


_units: dict[int, tuple[Side, dict[str, ConfrontationUnit]]] = {}
"""Each side's units by id, for the sides of the battles asked about last (a side is a frozen value)."""


def _units_of(side: Side) -> dict[str, ConfrontationUnit]:
    known = _units.get(id(side))
    if known is None or known[0] is not side:
        if len(_units) >= 8:
            _units.clear()
        by_id: dict[str, ConfrontationUnit] = {}
        for unit in side.army.units:
            by_id.setdefault(unit.id, unit)  # the first of an id, as a search from the start finds it
        known = _units[id(side)] = (side, by_id)
    return known[1]


def remembered(m: Model, work_out: Callable[[Model], T]) -> T:
    """What `work_out` (a pure function of the model alone) gives for this model, worked out once per model."""
    made = _made.get(m.key)
    if made is None or made.model is not m:
        return work_out(m)
    derived = made.derived
    if work_out in derived:
        found: T = derived[work_out]
        return found
    value = derived[work_out] = work_out(m)
    return value
