"""What each field of a catalog model holds, read from the model's own types: a text (and whether it names an entry
of another kind, `RefersTo`), a text in several languages, a bounded number, a yes/no, a choice, an optional value,
a list, a map, a group of fields. The catalog editor builds its forms from it, so that a new game's catalog gets
an editor without new editor code; the dangling-reference check finds references by it (`references_in`), so that
a game need not list them by hand.
"""

from __future__ import annotations

import types
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Literal, NamedTuple, Union, get_args, get_origin

from annotated_types import Ge, Gt, Le, Lt, MaxLen, MinLen
from pydantic import BaseModel, StringConstraints
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

from warband.model.names import LOCALISED


@dataclass(frozen=True)
class RefersTo:
    """Marks a catalog field (in `Annotated`) whose value is the ID of an entry of another kind: `kind` is that
    kind's list in the catalog ("cults"), as in `CultId = Annotated[Id, RefersTo("cults")]`. The dangling-reference
    check finds references by it (`references_in`), and the catalog editor offers the entries of that kind.
    `loose`: the value may name no entry (a people or faction no catalog lists is shown as written), so it is
    offered the entries but never dangles."""

    kind: str
    loose: bool = False


class Reference(NamedTuple):
    """A catalog entry naming another one: where it is, and what it names."""

    where: str
    kind: str
    id: str


# --- what a field holds -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Text:
    max_length: int | None = None
    min_length: int = 0
    pattern: str | None = None
    refers_to: RefersTo | None = None


@dataclass(frozen=True)
class Words:
    """A text players read, a plain string or a map of languages (`names.Name`, `Words`, `ShortWords`)."""

    required: bool
    """It may not be empty (a name)."""


@dataclass(frozen=True)
class Number:
    low: int | None = None
    high: int | None = None
    decimal: bool = False


@dataclass(frozen=True)
class YesNo:
    pass


@dataclass(frozen=True)
class Choice:
    values: tuple[str | int | bool, ...]


@dataclass(frozen=True)
class Optional:
    """A value or null."""

    inner: Kind


@dataclass(frozen=True)
class Either:
    """One of several kinds of value (a choice or a number: `"instant"`, `"long"` or a number of turns)."""

    options: tuple[Kind, ...]


@dataclass(frozen=True)
class Many:
    """A list of values, in order."""

    item: Kind
    min_length: int = 0
    max_length: int | None = None


@dataclass(frozen=True)
class KeyedMap:
    """A map of keys (usually entry IDs) to values."""

    key: Kind
    value: Kind


@dataclass(frozen=True)
class Group:
    """A group of named fields (a nested model)."""

    model: type[BaseModel]


@dataclass(frozen=True)
class Other:
    """A value of a type nothing above describes; the editor shows it as JSON text."""

    annotation: Any


Kind = Text | Words | Number | YesNo | Choice | Optional | Either | Many | KeyedMap | Group | Other


@dataclass(frozen=True)
class FieldSpec:
    """One field of a model: its name in files, what it holds, and whether a file must give it."""

    name: str
    kind: Kind
    required: bool
    default: Any
    """The value it takes when absent (JSON), or None when required."""


_NO_TYPE = object()


def _metadata(items: Any) -> list[Any]:
    """Metadata objects, with those a `Field(...)` inside `Annotated` carries spread out."""
    found: list[Any] = []
    for item in items:
        if isinstance(item, FieldInfo):
            found.extend(item.metadata)
        else:
            found.append(item)
    return found


def _is_localised(metadata: list[Any]) -> bool:
    return any(item is LOCALISED for item in metadata)


def kind_of(annotation: Any, metadata: tuple[Any, ...] | list[Any] = ()) -> Kind:
    """What a value of this type holds, with the metadata (constraints, marks) that came with it."""
    marks = _metadata(metadata)
    while get_origin(annotation) is Annotated:
        marks.extend(_metadata(annotation.__metadata__))
        annotation = get_args(annotation)[0]
    if _is_localised(marks):
        return Words(required=any(getattr(m, "__name__", "") == "_check_name" for m in _validators(marks)))
    origin = get_origin(annotation)
    if origin in (Union, types.UnionType):
        options = [a for a in get_args(annotation) if a is not type(None)]
        inner = kind_of(options[0], marks) if len(options) == 1 else Either(tuple(kind_of(o) for o in options))
        return Optional(inner) if len(options) < len(get_args(annotation)) else inner
    if origin is Literal:
        return Choice(tuple(get_args(annotation)))
    if origin in (tuple, list):
        args = get_args(annotation)
        item = args[0] if args else Any
        fewest = next((m.min_length for m in marks if isinstance(m, MinLen)), 0)
        most = next((m.max_length for m in marks if isinstance(m, MaxLen)), None)
        return Many(kind_of(item), fewest, most)
    if origin is dict:
        key, value = get_args(annotation) or (str, Any)
        return KeyedMap(kind_of(key), kind_of(value))
    if annotation is bool:
        return YesNo()
    if annotation in (int, float):
        low = _bound(marks, Ge, "ge", Gt, "gt", 1)
        high = _bound(marks, Le, "le", Lt, "lt", -1)
        return Number(low, high, decimal=annotation is float)
    if annotation is str:
        refers = next((m for m in marks if isinstance(m, RefersTo)), None)
        text = Text(refers_to=refers)
        for mark in marks:
            if isinstance(mark, StringConstraints):
                shortest = mark.min_length if isinstance(mark.min_length, int) else 0
                text = Text(mark.max_length, shortest, _pattern(mark.pattern), refers)
            elif isinstance(mark, MaxLen):
                text = Text(mark.max_length, text.min_length, text.pattern, refers)
            elif isinstance(mark, MinLen):
                text = Text(text.max_length, mark.min_length, text.pattern, refers)
        return text
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return Group(annotation)
    return Other(annotation)


def _validators(marks: list[Any]) -> list[Any]:
    return [getattr(m, "func", None) for m in marks if hasattr(m, "func")]


def _pattern(pattern: object) -> str | None:
    return pattern if isinstance(pattern, str) else getattr(pattern, "pattern", None)


def _bound(marks: list[Any], inclusive: type, name: str, exclusive: type, other: str, step: int) -> int | None:
    for mark in marks:
        if isinstance(mark, inclusive):
            value = getattr(mark, name)
            return int(value) if isinstance(value, int | float) else None
        if isinstance(mark, exclusive):
            value = getattr(mark, other)
            return int(value) + step if isinstance(value, int | float) else None
    return None


@cache
def fields_of(model: type[BaseModel]) -> tuple[FieldSpec, ...]:
    """Each field of a model, in its declared order."""
    specs: list[FieldSpec] = []
    for name, info in model.model_fields.items():
        kind = kind_of(info.annotation, info.metadata)
        required = info.is_required()
        default: Any = None
        if not required:
            if info.default_factory is not None:
                default = _json(info.default_factory())  # type: ignore[call-arg]
            elif info.default is not PydanticUndefined:
                default = _json(info.default)
        specs.append(FieldSpec(name, kind, required, default))
    return tuple(specs)


def _json(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, tuple):
        return [_json(v) for v in value]
    if isinstance(value, dict):
        return {k: _json(v) for k, v in value.items()}
    return value


# --- references --------------------------------------------------------------------------------------------------
def references_in(value: BaseModel, where: str = "$") -> Iterator[Reference]:
    """Every field of the value (and of those it holds) marked `RefersTo`, not `loose`, with a value: where it is,
    the kind it names and the ID. A value its data does not give (named in an `Unknowable`'s `unknown`) names
    nothing, whatever stand-in it holds. Only the fields whose type may hold a reference are walked (a catalog
    of thousands of entries is checked at every load)."""
    unknown = getattr(value, "unknown", ())
    for spec in _referring(type(value)):
        if isinstance(unknown, tuple) and spec.name in unknown:
            continue
        yield from _references(spec.kind, getattr(value, spec.name), f"{where}.{spec.name}")


@cache
def _referring(model: type[BaseModel]) -> tuple[FieldSpec, ...]:
    """The model's fields whose type may hold a reference (`RefersTo`, not loose), directly or inside."""
    return tuple(spec for spec in fields_of(model) if _may_refer(spec.kind, frozenset()))


def _may_refer(kind: Kind, seen: frozenset[type[BaseModel]]) -> bool:
    if isinstance(kind, Text):
        return kind.refers_to is not None and not kind.refers_to.loose
    if isinstance(kind, Optional):
        return _may_refer(kind.inner, seen)
    if isinstance(kind, Either):
        return any(_may_refer(option, seen) for option in kind.options)
    if isinstance(kind, Many):
        return _may_refer(kind.item, seen)
    if isinstance(kind, KeyedMap):
        return _may_refer(kind.key, seen) or _may_refer(kind.value, seen)
    if isinstance(kind, Group):
        if kind.model in seen:  # a model holding itself: what it may hold is what it may hold
            return False
        return any(_may_refer(spec.kind, seen | {kind.model}) for spec in fields_of(kind.model))
    return False


def _references(kind: Kind, value: Any, where: str) -> Iterator[Reference]:
    if value is None:
        return
    if isinstance(kind, Text):
        if kind.refers_to is not None and not kind.refers_to.loose and isinstance(value, str):
            yield Reference(where, kind.refers_to.kind, value)
    elif isinstance(kind, Optional):
        yield from _references(kind.inner, value, where)
    elif isinstance(kind, Either):
        for option in kind.options:
            yield from _references(option, value, where)
    elif isinstance(kind, Many) and isinstance(value, tuple | list):
        for index, item in enumerate(value):
            yield from _references(kind.item, item, f"{where}[{index}]")
    elif isinstance(kind, KeyedMap) and isinstance(value, dict):
        for key, item in value.items():
            yield from _references(kind.key, key, f"{where}.{key}")
            yield from _references(kind.value, item, f"{where}.{key}")
    elif isinstance(kind, Group) and isinstance(value, BaseModel):
        yield from references_in(value, where)
