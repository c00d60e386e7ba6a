"""Commands that change an army: each a small frozen value with a label and `apply(army) -> army`.

They work on any system's army: units are rebuilt through the system's own models, so a field a system does
not have is refused by validation rather than slipped in.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel

from warband.model.army import Army, Unit

M = TypeVar("M", bound=BaseModel)
_UNIT_NUMBER = re.compile(r"^u(\d+)$")


def replace(model: M, **changes: Any) -> M:
    """A copy of a frozen model with some fields changed, validated again (`model_copy` would skip that)."""
    return type(model).model_validate({**dict(model), **changes})


def unit_class(army: Army) -> type[Unit]:
    """The system's own unit model, from the army model's `units` field."""
    annotation = type(army).model_fields["units"].annotation
    args = getattr(annotation, "__args__", ())
    unit_type = args[0] if args else Unit
    assert isinstance(unit_type, type) and issubclass(unit_type, Unit)
    return unit_type


def new_unit_ids(army: Army, count: int = 1, floor: int = 0) -> list[str]:
    """Fresh unit ids `u<n>` above every id in the army and above `floor` (the highest ever given)."""
    highest = floor
    for unit in army.units:
        match = _UNIT_NUMBER.match(unit.id)
        if match:
            highest = max(highest, int(match.group(1)))
    return [f"u{highest + i}" for i in range(1, count + 1)]


def _index(army: Army, unit_id: str) -> int:
    for position, unit in enumerate(army.units):
        if unit.id == unit_id:
            return position
    raise KeyError(f"the army has no unit {unit_id!r}")


def _with_units(army: Army, units: Iterable[Unit]) -> Army:
    return replace(army, units=tuple(units))


def _with_unit(army: Army, unit_id: str, **changes: Any) -> Army:
    """The army with one unit's fields changed, the unit validated again."""
    position = _index(army, unit_id)
    units = list(army.units)
    units[position] = replace(units[position], **changes)
    return _with_units(army, units)


@dataclass(frozen=True)
class SetArmyField:
    """Rename the army, or change its points limit (None: no limit)."""

    field: str
    value: Any
    label: str = "Edit army"

    def apply(self, state: Army) -> Army:
        if self.field not in ("name", "points_limit"):
            raise ValueError(f"not an army field: {self.field}")
        return replace(state, **{self.field: self.value})


@dataclass(frozen=True)
class AddUnit:
    """Add a model of a profile, at the end or at a place in the roster."""

    unit_id: str
    profile: str
    label: str = "Add unit"
    position: int | None = None

    def apply(self, state: Army) -> Army:
        unit = unit_class(state).model_validate({"id": self.unit_id, "profile": self.profile})
        units = list(state.units)
        units.insert(len(units) if self.position is None else self.position, unit)
        return _with_units(state, units)


@dataclass(frozen=True)
class RemoveUnits:
    unit_ids: tuple[str, ...]
    label: str = "Remove unit"

    def apply(self, state: Army) -> Army:
        gone = set(self.unit_ids)
        return _with_units(state, (u for u in state.units if u.id not in gone))


@dataclass(frozen=True)
class DuplicateUnit:
    """A copy of a unit, with everything it holds, placed right after it."""

    unit_id: str
    new_id: str
    label: str = "Duplicate unit"

    def apply(self, state: Army) -> Army:
        position = _index(state, self.unit_id)
        units = list(state.units)
        units.insert(position + 1, replace(units[position], id=self.new_id))
        return _with_units(state, units)


@dataclass(frozen=True)
class MoveUnit:
    """Move a unit to another place in the roster (drag and drop, up and down)."""

    unit_id: str
    to: int
    label: str = "Move unit"

    def apply(self, state: Army) -> Army:
        units = list(state.units)
        unit = units.pop(_index(state, self.unit_id))
        units.insert(max(0, min(self.to, len(units))), unit)
        return _with_units(state, units)


@dataclass(frozen=True)
class SetUnitField:
    """Change one field of a unit (label, notes, count, …)."""

    unit_id: str
    field: str
    value: Any
    label: str = "Edit unit"

    def apply(self, state: Army) -> Army:
        if self.field in ("id",):
            raise ValueError("a unit's id never changes")
        return _with_unit(state, self.unit_id, **{self.field: self.value})


@dataclass(frozen=True)
class AddEntry:
    """Give a unit an entry of the catalog (a miracle, an item) in one of its lists."""

    unit_id: str
    field: str
    entry_id: str
    label: str = "Add entry"

    def apply(self, state: Army) -> Army:
        held = tuple(getattr(state.units[_index(state, self.unit_id)], self.field))
        return _with_unit(state, self.unit_id, **{self.field: (*held, self.entry_id)})


@dataclass(frozen=True)
class RemoveEntry:
    """Take back the entry at a place in one of a unit's lists."""

    unit_id: str
    field: str
    index: int
    label: str = "Remove entry"

    def apply(self, state: Army) -> Army:
        held = list(getattr(state.units[_index(state, self.unit_id)], self.field))
        del held[self.index]
        return _with_unit(state, self.unit_id, **{self.field: tuple(held)})


@dataclass(frozen=True)
class ReplaceArmy:
    """Put a whole army in place (a catalog refresh, a stamp before saving)."""

    army: Army
    label: str = "Update army"

    def apply(self, state: Army) -> Army:
        return self.army
