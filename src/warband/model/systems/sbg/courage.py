"""The Courage test (SB-06, from the 2002–04 rules): two dice plus the model's Courage, 10 or more passes. A hero
may add Might (SB-02) and Will (SB-03) points to its own test, +1 each, alone or mixed as the player chooses.
Pure functions of a battle value: the check, the test, its exact chance and the fewest points that make it pass.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from warband.model.army import Problem
from warband.model.messages import N_, term
from warband.model.session import RefusedError
from warband.model.systems.sbg.battle_rules import HeroModel, hero, might_chance, with_hero
from warband.model.systems.sbg.battle_state import SbgBattle

COURAGE_PASS = 10
"""Two dice plus Courage (plus the points added) pass on this total or more."""
COURAGE_DICE = 2


def courage_check(battle: SbgBattle, key: str, might: int, will: int) -> HeroModel:
    """The hero, when it may add `might` Might and `will` Will points to its Courage test; refused otherwise."""
    h = hero(battle, key)
    if might > h.state.might:
        raise RefusedError(Problem.of("SB-02", "sbg.spent", h.ref(), hero=h.label, what=term(N_("Might"))))
    if will > h.state.will:
        raise RefusedError(Problem.of("SB-03", "sbg.spent", h.ref(), hero=h.label, what=term(N_("Will"))))
    return h


def courage_total(h: HeroModel, rolled: Sequence[int]) -> int:
    """The dice plus the hero's Courage, before any point is added."""
    return sum(rolled) + h.profile.courage


def courage_test(
    battle: SbgBattle, key: str, rolled: Sequence[int], might: int, will: int
) -> tuple[SbgBattle, bool]:
    """The test with its dice thrown: the Might and Will points added are spent, pass or fail; passed when the
    dice, the Courage and the points come to 10 or more."""
    h = courage_check(battle, key, might, will)
    after = battle
    if might or will:
        after = with_hero(battle, key, might=h.state.might - might, will=h.state.will - will)
    return after, courage_total(h, rolled) + might + will >= COURAGE_PASS


def courage_chance(courage: int, points: int = 0) -> Fraction:
    """The exact chance that two dice plus `courage`, with up to `points` Might and Will added, pass."""
    return might_chance(COURAGE_PASS - courage, COURAGE_DICE, points)


def courage_points(total: int, might: int, will: int, *, will_first: bool = False) -> tuple[int, int]:
    """The fewest points (Might, Will), of at most `might` and `will`, that bring `total` (the dice plus Courage)
    to a pass: Might first, or Will first; none when the test passes already or when all of them would not."""
    short = max(0, COURAGE_PASS - total)
    if short == 0 or short > might + will:
        return 0, 0
    if will_first:
        spent_will = min(short, will)
        return short - spent_will, spent_will
    spent_might = min(short, might)
    return spent_might, short - spent_might
