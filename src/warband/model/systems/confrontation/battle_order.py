"""Who may call a miracle (CF-10, CF-11) and the Divination order (CF-13 … CF-16) of a Confrontation battle.

The order is worked out again for every battle state, and a battle of two hundred models changes one model an
action: each model's part in it (barred and why, or its Discipline) is worked out once per model
(`battle_models.remembered`), and the order of the Faithful who may call is kept sorted from one state to the
next, each model that changed taken out and put back at its place. The order is the same as when it is worked
out from nothing (`_worked_out`), which the tests check.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from dataclasses import dataclass

from warband.model.army import Problem
from warband.model.systems.confrontation.battle_models import Model, models, remembered
from warband.model.systems.confrontation.battle_state import ConfrontationBattle


# --- who may call (CF-10, CF-11) ---------------------------------------------------------------------------
def call_bars(m: Model, *, as_before: bool = False) -> list[Problem]:
    """Why this Faithful may not call any miracle now, whatever the miracle (empty: it may). `as_before`: as
    Warband read the rules before issue 16 (a wound recorded this turn did not bar the call)."""
    if not m.in_play:
        return [Problem.of("CF-11", "call.out_of_play", m.ref(), unit=m.label)]
    if not m.faithful:
        return [Problem.of("CF-01", "call.not_faithful", m.ref(), unit=m.label)]
    state = m.state
    if not (state.shot or state.feat or state.moved_beyond or state.engaged or state.wounds_roll or state.wounded):
        return []  # nothing done this turn that bars a call: most Faithful, most of the time
    ref = m.ref()
    bars: list[Problem] = []
    if state.shot:
        bars.append(Problem.of("CF-10", "call.shot", ref, unit=m.label))
    if state.feat:
        bars.append(Problem.of("CF-10", "call.feat", ref, unit=m.label))
    if state.moved_beyond and not state.moved_by_effect and not m.warrior_monk:
        bars.append(Problem.of("CF-10", "call.moved", ref, unit=m.label))
    if not m.warrior_monk:
        if state.engaged:
            bars.append(Problem.of("CF-11", "call.engaged", ref, unit=m.label))
        if state.wounds_roll:
            bars.append(Problem.of("CF-11", "call.wounds_roll", ref, unit=m.label))
        elif state.wounded and not as_before:  # a wound implies a Wounds roll
            bars.append(Problem.of("CF-11", "call.wounded", ref, unit=m.label))
    return bars


def left_to_call(m: Model) -> list[str]:
    """The miracles this Faithful owns and has not called this turn (CF-09), each once."""
    return [mid for mid in dict.fromkeys(m.unit.miracles) if mid not in m.state.called]


# --- the Divination order (CF-13 … CF-16) ------------------------------------------------------------------
@dataclass(frozen=True)
class Slot:
    """A Faithful's place in the Divination order."""

    position: int
    key: str
    side: int
    label: str
    discipline: int
    tied: bool
    """Others of its own side share its Discipline: their player orders them (CF-14)."""
    across: bool
    """Faithful of the other side share its Discipline: the Tactical winner acts first (CF-15)."""
    done: bool


@dataclass(frozen=True)
class Barred:
    key: str
    side: int
    label: str
    problems: tuple[Problem, ...]


@dataclass(frozen=True)
class DivinationOrder:
    slots: tuple[Slot, ...]
    barred: tuple[Barred, ...]
    needs_tactical_winner: bool
    """A tie across sides and no Tactical winner recorded yet: the order shown puts side 1 first, for now."""
    unknown: tuple[Problem, ...] = ()
    """CF-X1: the Faithful placed without their Discipline, which their catalog does not give (placed at their
    Discipline bonus), each with the sentence that says so."""

    @property
    def current(self) -> Slot | None:
        """The first Faithful of the order that has not finished."""
        return next((s for s in self.slots if not s.done), None)


@dataclass(frozen=True)
class _Place:
    """What a model alone says of its place in the Divination order: none (not a Faithful in play), barred (why
    not), or in it at its Discipline."""

    able: bool
    barred: Barred | None
    discipline: int
    unknown: bool


_OUT = _Place(False, None, 0, False)


def _place(m: Model) -> _Place:
    if not m.faithful or not m.in_play:
        return _OUT
    problems = call_bars(m)
    if not problems and not m.unit.miracles:
        problems = [Problem.of("CF-01", "call.no_miracles", m.ref(), unit=m.label)]
    elif not problems and all(mid in m.state.called for mid in m.unit.miracles):  # none `left_to_call`
        problems = [Problem.of("CF-09", "call.all_called", m.ref(), unit=m.label)]
    if problems:
        return _Place(False, Barred(m.key, m.side, m.label, tuple(problems)), 0, False)
    return _Place(True, None, m.discipline, m.discipline_unknown)


_UNRANKED = 1 << 20
_CHANGED_AT_MOST = 16
"""More models changed than this (or more than half of them) since the state the order was last worked out for:
worked out from nothing."""

SortKey = tuple[int, int, int, int]
"""A Faithful's place among those who may call: highest Discipline first, then by side, its player's order among
tied Faithful (CF-14), its place in its army; the last is the model's index in `models()`."""


@dataclass(frozen=True)
class _Worked:
    """A battle's order, with what the next state's order is worked out from."""

    battle: ConfrontationBattle
    everyone: tuple[Model, ...]
    places: tuple[_Place, ...]
    able: tuple[SortKey, ...]
    """The sort keys of the Faithful who may call, sorted."""
    order: DivinationOrder


_last: _Worked | None = None
"""The last battle asked about (kept alive, so that `is` tells it apart) with its order."""
_before: _Worked | None = None
"""The one asked about before it: an action asks about the battle before it (may the Faithful call?) once the
views have asked about the battle after the last one, and undo comes back to it."""


def divination_order(battle: ConfrontationBattle) -> DivinationOrder:
    """Who calls miracles in which order this turn; a Faithful calls all its miracles at its place (CF-13)."""
    global _last, _before
    last, before = _last, _before
    if last is not None and last.battle is battle:
        return last.order
    if before is not None and before.battle is battle:
        _last, _before = before, last
        return before.order
    worked = _worked_out(battle, last)
    _last, _before = worked, last
    return worked.order


def _sort_key(battle: ConfrontationBattle, m: Model, place: _Place, index: int) -> SortKey:
    rank = _tie_ranks(battle)[m.side].get(m.unit.id, _UNRANKED)
    return (-place.discipline, m.side, rank, index)


_ranks: tuple[object, list[dict[str, int]]] | None = None


def _tie_ranks(battle: ConfrontationBattle) -> list[dict[str, int]]:
    """Each side's order of its tied Faithful (CF-14), by unit id, once per `sides`."""
    global _ranks
    known = _ranks
    if known is None or known[0] is not battle.sides:
        known = _ranks = (
            battle.sides,
            [{uid: i for i, uid in enumerate(side.tie_order)} for side in battle.sides],
        )
    return known[1]


def _worked_out(battle: ConfrontationBattle, last: _Worked | None = None) -> _Worked:
    """The order, from the last one worked out when the battle has the same sides (armies, tie orders) and few
    models changed since; else from nothing."""
    everyone = tuple(models(battle))
    changed: list[int] | None = None
    if last is not None and last.battle.sides is battle.sides and len(last.everyone) == len(everyone):
        changed = [i for i, (old, new) in enumerate(zip(last.everyone, everyone, strict=True)) if old is not new]
        if len(changed) > _CHANGED_AT_MOST or 2 * len(changed) > len(everyone):  # a new turn: all of them
            changed = None
    if last is None or changed is None:
        places = tuple(remembered(m, _place) for m in everyone)
        able = sorted(
            _sort_key(battle, m, p, i) for i, (m, p) in enumerate(zip(everyone, places, strict=True)) if p.able
        )
        barred = tuple(p.barred for p in places if p.barred is not None)
    else:
        place_list, able = list(last.places), list(last.able)
        barred_changed = False
        for i in changed:
            old_place, new_place = last.places[i], remembered(everyone[i], _place)
            place_list[i] = new_place
            if old_place.able:
                del able[bisect_left(able, _sort_key(battle, last.everyone[i], old_place, i))]
            if new_place.able:
                insort(able, _sort_key(battle, everyone[i], new_place, i))
            barred_changed = barred_changed or old_place.barred is not None or new_place.barred is not None
        places = tuple(place_list)
        barred = tuple(p.barred for p in places if p.barred is not None) if barred_changed else last.order.barred
    order = _sequenced(battle, everyone, places, able, barred, last.order if last is not None else None)
    return _Worked(battle, everyone, places, tuple(able), order)


def _sequenced(
    battle: ConfrontationBattle,
    everyone: tuple[Model, ...],
    places: tuple[_Place, ...],
    able: list[SortKey],
    barred: tuple[Barred, ...],
    last: DivinationOrder | None,
) -> DivinationOrder:
    """The slots of the sorted Faithful, a Discipline at a time: the Tactical winner's first (CF-15), or the
    sides alternating. A slot the last order held the same is handed on as it was."""
    winner = battle.tactical_winner
    first = winner if winner is not None else 0
    alternate = battle.options.tie_across_sides == "alternate"
    before = {s.key: s for s in last.slots} if last is not None else {}
    slots: list[Slot] = []
    needs_winner = False
    start, count = 0, len(able)
    while start < count:
        negated = able[start][0]
        end = start
        while end < count and able[end][0] == negated:
            end += 1
        by_side: list[list[Model]] = [[], []]
        for key in able[start:end]:
            by_side[key[1]].append(everyone[key[3]])
        start = end
        across = bool(by_side[0]) and bool(by_side[1])
        needs_winner = needs_winner or (across and winner is None)
        leading, trailing = by_side[first], by_side[1 - first]
        if alternate:
            sequence: list[Model] = []
            for i in range(max(len(leading), len(trailing))):
                sequence.extend(leading[i : i + 1])
                sequence.extend(trailing[i : i + 1])
        else:
            sequence = leading + trailing
        for m in sequence:
            tied = len(by_side[m.side]) > 1
            done = m.state.divination_done
            slot = before.get(m.key)
            if (
                slot is None
                or slot.position != len(slots)
                or slot.discipline != -negated
                or slot.tied != tied
                or slot.across != across
                or slot.done != done
                or slot.label is not m.label
            ):
                slot = Slot(len(slots), m.key, m.side, m.label, -negated, tied, across, done)
            slots.append(slot)
    unknown = tuple(
        Problem.of("CF-X1", "order.discipline_unknown", m.ref(), unit=m.label, discipline=p.discipline)
        for m, p in zip(everyone, places, strict=True)
        if p.able and p.unknown
    )
    return DivinationOrder(tuple(slots), barred, needs_winner, unknown)
