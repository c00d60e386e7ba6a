"""Commands that change an army: each a small frozen value with a label and `apply(army) -> army`.

They work on any system's army: units are rebuilt through the system's own models, so a field a system does
not have is refused by validation rather than slipped in.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Iterable, Iterator, ValuesView
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar

from pydantic import BaseModel

from warband.model.army import Army, Unit

M = TypeVar("M", bound=BaseModel)
_UNIT_NUMBER = re.compile(r"^u(\d+)$")


def replace(model: M, **changes: Any) -> M:
    """A copy of a frozen model with some fields changed, validated again (`model_copy` would skip that).

    While a journal is replayed (`validation_deferred`), a copy whose validation could only check it is not
    validated: the replay validates what it keeps once, at its end (`validate_made`)."""
    if _DEFERRED.get():
        fields = _unchecked_fields(type(model))
        if fields and changes.keys() <= fields and _plain(changes.values()):
            return _copied(model, changes)
    return type(model).model_validate({**dict(model), **changes})


def copied(model: M, **update: Any) -> M:
    """`model.model_copy(update=update)`: the very same copy, its fields set included, made a few times quicker
    for a model without private or extra values (pydantic's copy looks for them at length). Not validated: for
    a change validated already (one model's state within a battle, an undo mark on a log line)."""
    if not without_private_or_extra(model):
        return model.model_copy(update=update)
    return _bare_copy(model, {**model.__dict__, **update}, model.__pydantic_fields_set__ | update.keys())


def without_private_or_extra(model: BaseModel) -> bool:
    """A model with no private attributes nor extra fields set: its `__dict__` is all there is to it."""
    return getattr(model, "__pydantic_private__", None) is None and model.__pydantic_extra__ is None


def _bare_copy(model: M, values: dict[str, Any], fields_set: set[str]) -> M:
    """A model of `model`'s class holding `values`, with no private nor extra values, not validated."""
    cls = type(model)
    copy = cls.__new__(cls)
    object.__setattr__(copy, "__dict__", values)
    object.__setattr__(copy, "__pydantic_fields_set__", fields_set)
    object.__setattr__(copy, "__pydantic_extra__", None)
    object.__setattr__(copy, "__pydantic_private__", None)
    return copy


# --- validation deferred while a journal is replayed ----------------------------------------------------------
_DEFERRED: ContextVar[bool] = ContextVar("warband_validation_deferred", default=False)
_SCALARS = frozenset({bool, int, str, type(None)})
_PLAIN = _SCALARS | {tuple, dict, frozenset}
"""The types of changed values `replace` copies unvalidated: what validation gives back as it is (a float, a
list, a `str` subclass would come back changed)."""


@contextmanager
def validation_deferred() -> Iterator[None]:
    """Within, `replace` copies without validating where it can: for a journal being replayed, whose actions were
    validated when they were played. The caller then validates what it keeps (`validate_made`), and does it all
    again without deferring when that fails: a rule must not count on `replace` refusing a value within."""
    token = _DEFERRED.set(True)
    try:
        yield
    finally:
        _DEFERRED.reset(token)


def validate_made(kept: Iterable[object], known: Iterable[object] = ()) -> None:
    """Validate, once each, the models reachable from `kept` that are not reachable from `known` (validated
    before), as `replace` validates them, and check that validation gives each back as it is.

    Raises `ValidationError`, or `ValueError` for a model that validation changes (then what `replace` copied
    unvalidated is not what validating would have made: replay again without deferring)."""
    seen: set[int] = set()
    _walk(known, seen, None)
    _walk(kept, seen, _validated_as_is)


def _walk(roots: Iterable[object], seen: set[int], visit: Callable[[BaseModel], None] | None) -> None:
    stack = list(roots)
    while stack:
        item = stack.pop()
        if type(item) in _SCALARS or id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, BaseModel):
            if visit is not None:
                visit(item)
            stack.extend(item.__dict__.values())
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, tuple | list | frozenset | set):
            stack.extend(item)


def _validated_as_is(model: BaseModel) -> None:
    again = type(model).model_validate({**dict(model)})
    if not _same(again.__dict__, model.__dict__):
        raise ValueError(f"validating a {type(model).__name__} changes it")


def _same(a: object, b: object) -> bool:
    """Equal, and of the same types all the way down (`1 == 1.0` would hide a change, and so would a `str`
    subclass)."""
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, BaseModel) and isinstance(b, BaseModel):
        return _same(a.__dict__, b.__dict__)
    if isinstance(a, dict) and isinstance(b, dict):
        if list(a) != list(b):
            return False
        a, b = a.values(), b.values()
    if isinstance(a, tuple | list | ValuesView) and isinstance(b, tuple | list | ValuesView):
        if len(a) != len(b):
            return False
        return all(map(operator.is_, a, b)) or all(map(_same, a, b))  # mostly the very same values
    return a == b


def _plain(values: Iterable[object]) -> bool:
    others = set(map(type, values)) - _PLAIN
    return not others or all(issubclass(kind, BaseModel) for kind in others)


def _copied(model: M, changes: dict[str, Any]) -> M:
    """What `model_validate({**dict(model), **changes})` makes of a model that `_checks_only`, unchecked."""
    values = {**model.__dict__, **changes}
    return _bare_copy(model, values, set(values))


@cache
def _unchecked_fields(cls: type[BaseModel]) -> frozenset[str]:
    """The fields `replace` may change without validating, deferred: all of a model that `_checks_only`."""
    return frozenset(cls.model_fields) if _checks_only(cls) else frozenset()


def _checks_only(cls: type[BaseModel]) -> bool:
    """Whether validating the model's own fields can only check them, never change them: no validator functions
    but the model's after-validators (a check of the whole, run again by `validate_made`), no private attributes,
    no extra fields, no `model_post_init`. Nested models do not count: `replace` hands their instances on."""
    if cls.__private_attributes__ or cls.model_config.get("extra") == "allow" or cls.__pydantic_post_init__:
        return False
    if not cls.__pydantic_complete__:  # built when first used (`defer_build`): its schema is read below
        cls.model_rebuild()
    schema: Any = cls.__pydantic_core_schema__
    listed = schema.get("definitions", ()) if schema["type"] == "definitions" else ()
    definitions = {d.get("ref"): d for d in listed}
    stack: list[Any] = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
            continue
        if not isinstance(node, dict):
            continue
        kind = node.get("type")
        if kind == "model" and node.get("cls") is not cls:
            continue  # a nested model: handed on as it is
        if kind == "model" and (node.get("post_init") or node.get("custom_init") or node.get("root_model")):
            return False
        if kind in ("function-before", "function-wrap", "function-plain"):
            return False
        if kind == "function-after" and not _wraps(node.get("schema"), cls, definitions):
            return False
        stack.extend(value for key, value in node.items() if key not in ("metadata", "serialization"))
    return True


def _wraps(schema: Any, cls: type[BaseModel], definitions: dict[Any, Any]) -> bool:
    """Whether an after-validator is the model's own (it gets the model built, and checks it)."""
    while isinstance(schema, dict) and schema.get("type") in ("function-after", "definition-ref"):
        if schema["type"] == "function-after":
            schema = schema.get("schema")
        else:
            schema = definitions.get(schema["schema_ref"])
    return isinstance(schema, dict) and schema.get("type") == "model" and schema.get("cls") is cls


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
