"""Warriors and the Break point as the shared code plays them (see `play`): the actions of casualties, the Courage
tests of a broken force and Stand fast (SB-07), a warrior's own Courage test (SB-06), their odds, and what the
summary says of each side's casualties."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction

from warband.model.army import Problem
from warband.model.messages import N_, Phrase, term
from warband.model.play import Action, plain
from warband.model.session import RefusedError
from warband.model.systems.sbg import break_rolls, break_tests, casualties, courage
from warband.model.systems.sbg.battle_state import SbgBattle
from warband.model.systems.sbg.casualty_commands import SetCasualties, StandFast, StandFastPass


@dataclass(frozen=True)
class BreakTestRequest:
    """SB-07: the Courage test of the unit's next model as it is to move, its force broken (two dice plus its
    Courage, 10 or more). A hero may add up to `might` Might and `will` Will points (SB-06), the fewest that make
    it pass, Might first (`will_first`: Will first); a warrior adds none. A fail: the model flees (a casualty)."""

    key: str
    might: int = 0
    will: int = 0
    will_first: bool = False


@dataclass(frozen=True)
class UnitBreakRequest:
    """SB-07: `models` warriors of the unit test Courage at once, their force broken, two dice each (they add no
    points). Each that fails flees."""

    key: str
    models: int = 1


@dataclass(frozen=True)
class UnitBreakOdds:
    """The exact chances of several warriors' tests at once."""

    each: Fraction
    """That one of them passes."""
    all_pass: Fraction
    fleeing: Fraction
    """How many are expected to flee."""


def _labelled(action: Action, unit: str, what: str) -> Action:
    return dataclasses.replace(action, label=Phrase(N_("{unit}: {action}"), unit=unit, action=term(what)))


def casualty_actions(battle: SbgBattle) -> list[Action]:
    """For each unit of warriors: one more model lost (refused once all are), and for warriors of more than one
    Wound one more Wound lost by those in play (refused when they can lose no more: a model is lost instead)."""
    found: list[Action] = []
    for unit in casualties.warriors(battle):
        lost = unit.lost + 1
        wounds = min(unit.wounds, max(0, (unit.start - lost) * (unit.wounds_each - 1)))
        lose = plain("casualty", SetCasualties(key=unit.key, lost=lost, wounds=wounds), battle, unit.key)
        found.append(_labelled(lose, unit.label, N_("A model lost")))
        if unit.wounds_each > 1:
            wound = SetCasualties(key=unit.key, lost=unit.lost, wounds=unit.wounds + 1)
            found.append(_labelled(plain("wound", wound, battle, unit.key), unit.label, N_("A Wound lost")))
    return found


def break_actions(battle: SbgBattle) -> list[Action]:
    """For each unit with models in play: the Courage test of its next model when its force is broken (SB-07),
    and its models passing by Stand fast, each refused until due (the force broke in an earlier turn, it is the
    Move phase) and once all have passed; for each hero in play, Stand fast, refused until it passed its own
    test."""
    found: list[Action] = []
    for unit in casualties.units(battle):
        if unit.in_play == 0:
            continue
        request = BreakTestRequest(unit.key)
        refusal = break_tests.break_refusal(battle, unit.key)
        test = Action("break_test", "", request=request, subject=unit.key, refusal=refusal, side=unit.side)
        found.append(_labelled(test, unit.label, N_("Courage test of a broken force")))
        if unit.hero is None:
            together = UnitBreakRequest(unit.key, max(1, break_tests.to_test(battle, unit)))
            every = break_tests.unit_tests_refusal(battle, unit.key, together.models)
            tests = Action("break_tests", "", request=together, subject=unit.key, refusal=every, side=unit.side)
            found.append(_labelled(tests, unit.label, N_("Courage tests of a broken force, every model left")))
        if unit.hero is not None:
            call = plain("stand_fast", StandFast(key=unit.key), battle, unit.key, side=unit.side)
            found.append(_labelled(call, unit.label, N_("Stand fast!")))
        passing = plain("stand_fast_pass", StandFastPass(key=unit.key), battle, unit.key, side=unit.side)
        found.append(_labelled(passing, unit.label, N_("Pass by Stand fast!")))
    return found


def break_odds(battle: SbgBattle, request: BreakTestRequest) -> Fraction:
    """The exact chance that the test passes with the points given (none for a warrior)."""
    unit = casualties.unit_in_play(battle, request.key)
    if unit.profile is None:
        raise RefusedError(Problem.of("AR-02", "profile.unknown", unit.ref(), profile=unit.unit.profile))
    points = request.might + request.will if unit.hero is not None else 0
    return courage.courage_chance(unit.profile.courage, points)


def unit_break_odds(battle: SbgBattle, request: UnitBreakRequest) -> UnitBreakOdds:
    """The exact chances of `models` warriors' tests: each passes alike, independently."""
    refusal = break_tests.unit_tests_refusal(battle, request.key, request.models)
    unit = casualties.unit_in_play(battle, request.key)
    if unit.profile is None:
        raise RefusedError(Problem.of("AR-02", "profile.unknown", unit.ref(), profile=unit.unit.profile))
    if refusal is not None and refusal.code == "sbg.break_unit_hero":
        raise RefusedError(refusal)
    models = max(1, request.models)
    each = courage.courage_chance(unit.profile.courage)
    return UnitBreakOdds(each, each**models, models * (1 - each))


def warrior_courage_odds(battle: SbgBattle, key: str) -> Fraction:
    """SB-06: the exact chance that one of the unit's warriors passes a Courage test."""
    unit = break_rolls.warrior_check(battle, key, 0, 0)
    assert unit.profile is not None
    return courage.courage_chance(unit.profile.courage)


def summary_lines(battle: SbgBattle, side: int) -> list[Phrase]:
    """The side's casualties, and whether it broke (SB-07)."""
    point = casualties.break_point(battle, side)
    numbers = {"threshold": point.threshold, "total": point.start}
    lines: list[Phrase] = [Phrase(N_("{lost} / {total} models lost"), lost=point.lost, total=point.start)]
    if not battle.options.break_point:
        lines.append(term(N_("The Break point was not played (rules option)")))
    elif point.broken:
        threshold = Phrase(N_("Broken: half or more lost (break point {threshold} / {total})"), **numbers)
        lines.append(threshold)
    else:
        lines.append(Phrase(N_("Not broken: break point {threshold} / {total}"), **numbers))
    return lines
