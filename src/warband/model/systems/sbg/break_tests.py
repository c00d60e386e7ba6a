"""The Courage tests of a broken force (SB-07) and Stand fast: from the turn after the force broke, each of its
models tests Courage (SB-06: two dice plus its Courage, 10 or more) when it is to move; one that fails flees and
is a casualty. A hero adds Might and Will to its own test as the player chooses; one who passed by its own dice may
call "Stand fast!", and models of its side within range then pass that turn without a test.

The program cannot see ranges. **Decision:** Stand fast is recorded for the side for the turn (who called it),
and the player counts the models it covers as passing (`stand_fast_pass`), unit by unit and model by model: a
unit in Warband is a line of the army list, not a formation on the table, so its models may stand partly within
the hero's range and partly not; naming whole units would be wrong as often as right. Pure functions of a battle
value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from warband.model.army import Problem
from warband.model.edits import replace
from warband.model.session import RefusedError
from warband.model.systems.sbg import casualties, courage
from warband.model.systems.sbg.battle_rules import with_hero
from warband.model.systems.sbg.battle_state import SbgBattle
from warband.model.systems.sbg.casualties import RULE, UnitInPlay, unit_in_play


def to_test(battle: SbgBattle, found: UnitInPlay) -> int:
    """The unit's models in play that have not passed this turn's test (by their dice or by Stand fast)."""
    return max(0, found.in_play - battle.break_tests.passed.get(found.key, 0))


def side_refusal(battle: SbgBattle, side: int) -> Problem | None:
    """Why the side's models take no break test now (None: they do, in this Move phase)."""
    player = battle.sides[side].player
    if not battle.options.break_point:
        return Problem.of(RULE, "sbg.break_off")
    point = casualties.break_point(battle, side)
    if not point.broken:
        return Problem.of(RULE, "sbg.not_broken", None, player=player, threshold=point.threshold, lost=point.lost)
    if not point.testing:
        return Problem.of(RULE, "sbg.break_next_turn", None, player=player)
    if battle.phase != "move":
        return Problem.of(RULE, "sbg.break_phase")
    return None


def break_refusal(battle: SbgBattle, key: str, might: int = 0, will: int = 0) -> Problem | None:
    """Why the unit's next model may not take its break test with `might` Might and `will` Will added (None: it
    may)."""
    found = unit_in_play(battle, key)
    refusal = side_refusal(battle, found.side)
    if refusal is not None:
        return refusal
    ref = found.ref()
    if found.profile is None:
        return Problem.of("AR-02", "profile.unknown", ref, profile=found.unit.profile)
    if found.hero is None and (might or will):
        return Problem.of("SB-06", "sbg.warrior_points", ref, unit=found.label)
    if found.in_play == 0:
        return Problem.of(RULE, "sbg.break_gone", ref, unit=found.label)
    if to_test(battle, found) == 0:
        return Problem.of(RULE, "sbg.break_tested", ref, unit=found.label)
    if found.hero is not None:
        try:
            courage.courage_check(battle, key, might, will)
        except RefusedError as exc:
            if isinstance(exc.reason, Problem):
                return exc.reason
            raise
    return None


def break_check(battle: SbgBattle, key: str, might: int = 0, will: int = 0) -> UnitInPlay:
    refusal = break_refusal(battle, key, might, will)
    if refusal is not None:
        raise RefusedError(refusal)
    return unit_in_play(battle, key)


def break_total(found: UnitInPlay, rolled: Sequence[int]) -> int:
    """The dice plus the model's Courage, before any point is added."""
    assert found.profile is not None
    return sum(rolled) + found.profile.courage


def break_test(
    battle: SbgBattle, key: str, rolled: Sequence[int], might: int = 0, will: int = 0
) -> tuple[SbgBattle, bool]:
    """One model of the unit tests Courage, its dice thrown: a pass counts it as tested this turn (a hero's, by
    its own dice, lets it call Stand fast); a fail removes it (a casualty: a hero is marked as fled, which Fate
    cannot save, SB-04). A hero's Might and Will added are spent, pass or fail."""
    found = break_check(battle, key, might, will)
    passed = break_total(found, rolled) + might + will >= courage.COURAGE_PASS
    after = battle
    if found.hero is not None:
        if might or will:
            after = with_hero(after, key, might=found.hero.might - might, will=found.hero.will - will)
        if not passed:
            return with_hero(after, key, courage_failed=True), False
        tests = after.break_tests
        rolled_by = tests.rolled if key in tests.rolled else (*tests.rolled, key)
        tests = replace(tests, passed={**tests.passed, key: 1}, rolled=rolled_by)
        return replace(after, break_tests=tests), True
    if not passed:
        return casualties.lose_model(after, key), False
    tests = after.break_tests
    tests = replace(tests, passed={**tests.passed, key: tests.passed.get(key, 0) + 1})
    return replace(after, break_tests=tests), True


def unit_tests_refusal(battle: SbgBattle, key: str, models: int) -> Problem | None:
    """Why `models` of the unit's warriors may not take their break tests at once (None: they may): a hero tests
    alone, its Might and Will its own to add; no more than are left to test."""
    found = unit_in_play(battle, key)
    if found.hero is not None:
        return Problem.of(RULE, "sbg.break_unit_hero", found.ref(), hero=found.label)
    refusal = break_refusal(battle, key)
    if refusal is not None:
        return refusal
    left = to_test(battle, found)
    if models < 1 or models > left:
        return Problem.of(RULE, "sbg.break_more", found.ref(), unit=found.label, left=left, models=models)
    return None


def unit_tests(battle: SbgBattle, key: str, rolled: Sequence[Sequence[int]]) -> tuple[SbgBattle, int]:
    """Several warriors of the unit test Courage at once, two dice each, in the order thrown: each that passes is
    tested this turn, each that fails flees. The battle after, and how many passed."""
    refusal = unit_tests_refusal(battle, key, len(rolled))
    if refusal is not None:
        raise RefusedError(refusal)
    passed = 0
    for pair in rolled:
        battle, ok = break_test(battle, key, pair)
        passed += ok
    return battle, passed


# --- Stand fast ------------------------------------------------------------------------------------------------
def stand_fast_refusal(battle: SbgBattle, key: str) -> Problem | None:
    """Why the hero may not call Stand fast now (None: it may): it must have passed its own break test this turn,
    by its dice, and still be in play; once a turn."""
    found = unit_in_play(battle, key)
    ref = found.ref()
    if found.hero is None:
        return Problem.of(RULE, "sbg.stand_fast_hero", ref, unit=found.label)
    refusal = side_refusal(battle, found.side)
    if refusal is not None:
        return refusal
    if found.in_play == 0:
        return Problem.of(RULE, "sbg.break_gone", ref, unit=found.label)
    if key in battle.break_tests.stand_fast:
        return Problem.of(RULE, "sbg.stand_fast_called", ref, hero=found.label)
    if key not in battle.break_tests.rolled:
        return Problem.of(RULE, "sbg.stand_fast_not_passed", ref, hero=found.label)
    return None


def stand_fast(battle: SbgBattle, key: str) -> SbgBattle:
    """The hero calls Stand fast: recorded for its side, this turn."""
    refusal = stand_fast_refusal(battle, key)
    if refusal is not None:
        raise RefusedError(refusal)
    tests = battle.break_tests
    return replace(battle, break_tests=replace(tests, stand_fast=(*tests.stand_fast, key)))


def stand_fast_pass_refusal(battle: SbgBattle, key: str, models: int) -> Problem | None:
    """Why `models` models of the unit may not pass by Stand fast (None: they may): a hero of their side must have
    called it this turn, and they must still be to test."""
    found = unit_in_play(battle, key)
    refusal = side_refusal(battle, found.side)
    if refusal is not None:
        return refusal
    ref = found.ref()
    if not casualties.break_point(battle, found.side).stand_fast:
        return Problem.of(RULE, "sbg.no_stand_fast", ref, player=battle.sides[found.side].player)
    left = to_test(battle, found)
    if left == 0:
        return Problem.of(RULE, "sbg.break_tested", ref, unit=found.label)
    if models < 1 or models > left:
        return Problem.of(RULE, "sbg.stand_fast_more", ref, unit=found.label, left=left, models=models)
    return None


def stand_fast_pass(battle: SbgBattle, key: str, models: int) -> SbgBattle:
    """`models` models of the unit, within range of a hero who called Stand fast, pass without a test."""
    refusal = stand_fast_pass_refusal(battle, key, models)
    if refusal is not None:
        raise RefusedError(refusal)
    tests = battle.break_tests
    passed = {**tests.passed, key: tests.passed.get(key, 0) + models}
    return replace(battle, break_tests=replace(tests, passed=passed))


# --- what is due -----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DueTest:
    """A unit whose models are to test Courage this turn when they move (SB-07)."""

    key: str
    side: int
    label: str
    hero: bool
    models: int
    """Its models in play that have not passed yet."""
    courage: int | None
    """Their Courage (None: the profile is unknown, AR-02)."""


def tests_due(battle: SbgBattle) -> list[DueTest]:
    """The units of broken forces whose models test Courage this turn when they move, in army order, with the
    models still to test: empty while no force's tests are due (a force tests from the turn after it broke), and
    once the Move phase is over."""
    due: list[DueTest] = []
    testing = {side for side in (0, 1) if casualties.break_point(battle, side).testing}
    if not testing or battle.phase not in ("priority", "move"):
        return due
    for found in casualties.units(battle):
        if found.side not in testing:
            continue
        left = to_test(battle, found)
        if left:
            courage_value = found.profile.courage if found.profile is not None else None
            due.append(DueTest(found.key, found.side, found.label, found.hero is not None, left, courage_value))
    return due
