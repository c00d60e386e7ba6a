"""Strategy Battle Game casualties and the Break point (SB-07): each unit's models lost (a hero's as today, by its
Removed and Courage flags; warriors counted per unit, with the Wounds of warriors of more than one), and per side
the starting models, the casualties and the point at which the force breaks. Pure functions of a battle value.

A force breaks when it has lost half or more of its starting models: 5 of 10, 5 of 9 (`break_at`). Its models test
Courage when they move from the next turn: the first turn that begins with the force broken is recorded
(`SbgBattle.breaks`, by `turn_begins`), and a force brought back under its break point (casualties corrected) is
no longer broken from the next turn on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from warband.model.army import Problem, UnitRef, unit_label
from warband.model.edits import replace
from warband.model.session import RefusedError
from warband.model.systems.sbg.battle_state import BreakTests, HeroState, SbgBattle, WarriorState, model_key
from warband.model.systems.sbg.schema import Profile, SbgUnit

RULE = "SB-07"
_NUMBER = re.compile(r"\s*(\d{1,4})")


def wounds_each(profile: Profile | None) -> int:
    """The Wounds of each model of a profile: a hero's; a warrior's as its card gives them (`stats.wounds`, or the
    text `raw.wounds`: '3'), else one."""
    if profile is None:
        return 1
    if profile.hero is not None:
        return profile.hero.wounds
    for text in (profile.stats.wounds, profile.raw.wounds):
        found = _NUMBER.match(text or "")
        if found is not None and int(found.group(1)) >= 1:
            return int(found.group(1))
    return 1


@dataclass(frozen=True)
class UnitInPlay:
    """A unit of a side in the battle, hero or warriors, with its casualties."""

    key: str
    side: int
    unit: SbgUnit
    profile: Profile | None
    """None for a profile the battle's catalog entries do not hold (AR-02): its models are counted all the same."""
    label: str
    hero: HeroState | None
    """A hero's counters; None for warriors."""
    lost: int
    """Models lost: a hero's all of them once removed or fled from a failed Courage test."""
    wounds: int
    """Wounds lost by the warriors still in play (warriors of more than one Wound)."""
    wounds_each: int

    @property
    def start(self) -> int:
        return self.unit.count

    @property
    def in_play(self) -> int:
        return self.start - self.lost

    @property
    def most_wounds(self) -> int:
        """The Wounds its warriors in play may lose and stay in play: all but one of each model's."""
        return self.in_play * (self.wounds_each - 1)

    def ref(self) -> UnitRef:
        return UnitRef(self.key, self.side, self.label)


@dataclass(frozen=True)
class _Seen:
    """Every unit of one battle value, worked out once: the rules ask for units by key many times for one value
    (each action's refusal), and a battle value never changes."""

    battle: SbgBattle
    units: tuple[UnitInPlay, ...]
    by_key: dict[str, UnitInPlay]
    points: dict[int, BreakPoint]


_last: _Seen | None = None
"""The last battle value asked about (kept alive, so that `is` tells it apart from any later one)."""


def _seen(battle: SbgBattle) -> _Seen:
    global _last
    seen = _last
    if seen is None or seen.battle is not battle:
        found = tuple(
            _in_play(battle, side, unit) for side, each in enumerate(battle.sides) for unit in each.army.units
        )
        seen = _Seen(battle, found, {u.key: u for u in found}, {})
        _last = seen
    return seen


def units(battle: SbgBattle) -> list[UnitInPlay]:
    """Every unit of both sides, in army order, heroes and warriors."""
    return list(_seen(battle).units)


def _in_play(battle: SbgBattle, side: int, unit: SbgUnit) -> UnitInPlay:
    key = model_key(side, unit.id)
    profile = battle.entries.profiles.get(unit.profile)
    label = unit_label(unit, profile)
    hero = battle.heroes.get(key)
    if hero is not None:
        lost = unit.count if hero.removed or hero.courage_failed else 0
        return UnitInPlay(key, side, unit, profile, label, hero, lost, 0, wounds_each(profile))
    state = battle.warriors.get(key, WarriorState())
    return UnitInPlay(key, side, unit, profile, label, None, state.lost, state.wounds, wounds_each(profile))


def unit_in_play(battle: SbgBattle, key: str) -> UnitInPlay:
    found = _seen(battle).by_key.get(key)
    if found is None:
        raise KeyError(f"no unit {key!r} in this battle")
    return found


def warriors(battle: SbgBattle) -> list[UnitInPlay]:
    """The units of warriors of both sides, in army order."""
    return [u for u in units(battle) if u.hero is None]


# --- the Break point -------------------------------------------------------------------------------------------
def break_at(start: int) -> int:
    """The models lost at which a force of `start` models breaks: half of them, rounded up (5 of 9, 5 of 10)."""
    return (start + 1) // 2


@dataclass(frozen=True)
class BreakPoint:
    """A side's casualties against its break point (SB-07), as the tracker shows it at any time."""

    side: int
    start: int
    """Its starting models, heroes and warriors."""
    lost: int
    threshold: int
    """The models lost at which it breaks (`break_at`)."""
    broken: bool
    """Half or more of its starting models are lost (and the Break point is played: the rules option)."""
    tests_from: int | None
    """The turn from which its models test Courage when they move: the first turn begun with it broken."""
    testing: bool
    """Its models test Courage when they move this turn (it broke in an earlier turn and still is)."""
    stand_fast: tuple[str, ...]
    """The heroes of the side who called Stand fast this turn (their keys)."""

    @property
    def to_break(self) -> int:
        """How many more models it may lose before it breaks (0 once broken)."""
        return max(0, self.threshold - self.lost)


def break_point(battle: SbgBattle, side: int) -> BreakPoint:
    seen = _seen(battle)
    point = seen.points.get(side)
    if point is None:
        point = seen.points[side] = _break_point(battle, side, [u for u in seen.units if u.side == side])
    return point


def _break_point(battle: SbgBattle, side: int, mine: list[UnitInPlay]) -> BreakPoint:
    start = sum(u.start for u in mine)
    lost = sum(u.lost for u in mine)
    threshold = break_at(start)
    broken = battle.options.break_point and start > 0 and lost >= threshold
    tests_from = battle.breaks[side]
    testing = broken and tests_from is not None and tests_from <= battle.turn
    called = tuple(k for k in battle.break_tests.stand_fast if k.startswith(f"{side}:"))
    return BreakPoint(side, start, lost, threshold, broken, tests_from, testing, called)


def break_points(battle: SbgBattle) -> tuple[BreakPoint, BreakPoint]:
    """Both sides' break points, side 0 first."""
    return break_point(battle, 0), break_point(battle, 1)


def turn_begins(battle: SbgBattle) -> SbgBattle:
    """A new turn (the battle's turn already advanced): each side broken now tests Courage from this turn on, if it
    did not already; one no longer broken does not; this turn's tests and Stand fast begin anew."""
    breaks: list[int | None] = []
    for side in (0, 1):
        point = break_point(battle, side)
        breaks.append((battle.breaks[side] or battle.turn) if point.broken else None)
    marks = (breaks[0], breaks[1])
    if marks == battle.breaks and battle.break_tests == BreakTests():
        return battle
    return replace(battle, breaks=marks, break_tests=BreakTests())


# --- casualties of warriors ------------------------------------------------------------------------------------
def casualty_refusal(battle: SbgBattle, key: str, lost: int, wounds: int) -> Problem | None:
    """Why a unit of warriors may not be given `lost` models lost and `wounds` Wounds on those in play (None: it
    may). A hero's losses are its Wounds and its Removed flag, as before."""
    found = unit_in_play(battle, key)
    ref = found.ref()
    if found.hero is not None:
        return Problem.of(RULE, "sbg.casualty_hero", ref, unit=found.label)
    if lost < 0 or wounds < 0:
        return Problem.of(RULE, "sbg.casualty_negative", ref, unit=found.label)
    if lost > found.start:
        return Problem.of(RULE, "sbg.casualty_more", ref, unit=found.label, count=found.start, lost=lost)
    if wounds and found.wounds_each == 1:
        return Problem.of(RULE, "sbg.casualty_one_wound", ref, unit=found.label)
    most = (found.start - lost) * (found.wounds_each - 1)
    if wounds > most:
        return Problem.of(
            RULE, "sbg.casualty_wounds", ref, unit=found.label, models=found.start - lost, most=most, wounds=wounds
        )
    return None


def with_casualties(battle: SbgBattle, key: str, lost: int, wounds: int) -> SbgBattle:
    """The unit's casualties as given, unchecked (see `casualty_refusal`); a unit of none is not listed."""
    states = dict(battle.warriors)
    if lost or wounds:
        states[key] = WarriorState(lost=lost, wounds=wounds)
    else:
        states.pop(key, None)
    return replace(battle, warriors=states)


def set_casualties(battle: SbgBattle, key: str, lost: int, wounds: int = 0) -> SbgBattle:
    """A unit of warriors has lost `lost` models, and its warriors in play `wounds` Wounds; refused beyond what it
    has (`casualty_refusal`)."""
    refusal = casualty_refusal(battle, key, lost, wounds)
    if refusal is not None:
        raise RefusedError(refusal)
    return with_casualties(battle, key, lost, wounds)


def lose_model(battle: SbgBattle, key: str) -> SbgBattle:
    """One more model of a unit of warriors lost (fled, SB-07), its Wounds kept within what those left can lose."""
    found = unit_in_play(battle, key)
    lost = found.lost + 1
    return with_casualties(battle, key, lost, min(found.wounds, (found.start - lost) * (found.wounds_each - 1)))
