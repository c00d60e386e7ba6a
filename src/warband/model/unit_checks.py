"""Validation and options worked out per unit and kept, so that an edit re-checks only what it changed.

Armies are frozen values and an edit copies only the unit it changes: every other unit is the very same object
before and after. A game's rules check each unit on its own (`UnitChecks`), keyed by the identity of the frozen
unit (kept alive, so that `is` tells it apart from any later one), and then work out the army-level rules
(totals, limit, uniqueness, peoples) from those results, which is cheap. A unit met at another place (a move, a
removal above it) keeps its problems, re-indexed. The caches live in the catalogs' views (`Catalogs.view`), so a
catalog reload starts afresh. `afresh()` turns every cache off: tests compare the two answers.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Generic, TypeVar

from warband.model.army import Choice, Problem, Unit, UnitCost, UnitRef

T = TypeVar("T")
V = TypeVar("V")

_AFRESH: ContextVar[bool] = ContextVar("warband_checks_afresh", default=False)


@contextmanager
def afresh() -> Iterator[None]:
    """Within, validation and options are worked out in full, reading and keeping nothing (the oracle of tests)."""
    token = _AFRESH.set(True)
    try:
        yield
    finally:
        _AFRESH.reset(token)


def caching() -> bool:
    """Whether caches may be read and filled (not within `afresh()`)."""
    return not _AFRESH.get()


@dataclass(frozen=True, slots=True)
class Checked(Generic[T]):
    """One unit's own problems and cost, as checked at a place in the army, with what the army-level rules need
    of it (`extra`: its people, its alignment, …)."""

    unit: Unit
    cost: UnitCost
    problems: tuple[Problem, ...]
    extra: T

    @property
    def ref(self) -> UnitRef:
        return UnitRef(self.cost.id, self.cost.index, self.cost.label)

    def at(self, position: int) -> Checked[T]:
        """The same results for the unit at another place: problems name a unit by its position."""
        ref = UnitRef(self.cost.id, position, self.cost.label)
        problems = tuple(
            Problem(p.rule, p.code, p.params, ref) if p.unit is not None and p.unit.id == ref.id else p
            for p in self.problems
        )
        cost = UnitCost(self.cost.id, position, self.cost.label, self.cost.cost)
        return Checked(self.unit, cost, problems, self.extra)


class UnitChecks(Generic[T]):
    """Each unit's `Checked` results, kept by the identity of the frozen unit for the armies last validated (two
    generations: undo brings back the units of the army before)."""

    def __init__(self, check: Callable[[Unit, int], Checked[T]]) -> None:
        self._check = check
        self._kept: dict[int, Checked[T]] = {}
        self._older: dict[int, Checked[T]] = {}
        self._context: object = None

    def results(self, units: Sequence[Unit], context: object = None) -> list[Checked[T]]:
        """Every unit's results, in army order; `context` is what the checks read of the army besides its units
        (a snapshot): when it differs from the last one, nothing kept is reused."""
        check = self._check
        if not caching():
            return [check(unit, position) for position, unit in enumerate(units)]
        if context is not self._context and context != self._context:
            self._kept, self._older = {}, {}
        self._context = context
        kept, older = self._kept, self._older
        made: dict[int, Checked[T]] = {}
        out: list[Checked[T]] = []
        for position, unit in enumerate(units):
            key = id(unit)
            found = kept.get(key) or older.get(key)
            if found is None or found.unit is not unit:
                found = check(unit, position)
            elif found.cost.index != position:
                found = found.at(position)
            made[key] = found
            out.append(found)
        self._older, self._kept = kept, made
        return out


class Memo(Generic[V]):
    """A bounded map of answers by key, least recently used dropped first (options kept per unit and profile)."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._answers: OrderedDict[Hashable, tuple[object, V]] = OrderedDict()

    def get(self, key: Hashable, make: Callable[[], V], alive: object = None) -> V:
        """The answer kept for `key`, or `make()`'s (kept, unless within `afresh()`). A key holding `id()`s names
        their objects in `alive` (one, or a tuple of them), kept with the answer so that an id cannot be another
        object's."""
        if not caching():
            return make()
        answers = self._answers
        found = answers.get(key)
        if found is None or not _same(found[0], alive):
            found = answers[key] = (alive, make())
            if len(answers) > self._size:
                answers.popitem(last=False)
        else:
            answers.move_to_end(key)
        return found[1]


def _same(kept: object, alive: object) -> bool:
    if kept is alive:
        return True
    if type(kept) is tuple and type(alive) is tuple and len(kept) == len(alive):
        return all(a is b for a, b in zip(kept, alive, strict=True))
    return False


@dataclass(frozen=True)
class ChoiceBase:
    """Every choice of a unit as though it held nothing, and where each entry is: a held count patches a few."""

    choices: tuple[Choice, ...]
    places: dict[tuple[str, str], int]
    """(kind, entry id) → its place in `choices`."""

    @classmethod
    def of(cls, choices: Sequence[Choice]) -> ChoiceBase:
        return cls(tuple(choices), {(c.kind, c.id): place for place, c in enumerate(choices)})

    def held(self, counts: Sequence[tuple[str, dict[str, int]]]) -> list[Choice]:
        """The choices with what the unit holds of each kind counted in (`owned`); the others are the very same
        `Choice` values from one call to the next, so a view can tell what changed by identity."""
        choices = list(self.choices)
        places = self.places
        for kind, held in counts:
            for entry_id, times in held.items():
                place = places.get((kind, entry_id))
                if place is not None:
                    choices[place] = choices[place]._replace(owned=times)
        return choices
