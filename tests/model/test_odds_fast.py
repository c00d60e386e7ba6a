"""Issue 21: exact odds that stay fast with many dice, checked against brute force (the slow ways are the oracles).

SB-04 with the "all at once" option (SB-02 Might on the dice closest to 4) against every throw enumerated, and
PD-08's totals of power dice against every throw and against the one-die-at-a-time convolution."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product
from math import comb
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from warband.model.catalog import Catalogs, builtin_catalog_paths, load_catalogs
from warband.model.dice import at_least, sum_distribution
from warband.model.systems.powerdice import battle_rules as pd_rules
from warband.model.systems.powerdice import play as pd_play
from warband.model.systems.powerdice import totals
from warband.model.systems.powerdice.battle_commands import HandOver, PlaceMarker
from warband.model.systems.powerdice.battle_state import PowerDiceBattle
from warband.model.systems.powerdice.schema import PowerDiceArmy
from warband.model.systems.sbg import battle_rules as sbg_rules


# --- SB-04 all at once ----------------------------------------------------------------------------------------
def fate_at_once_enumerated(lost: int, dice: int, might: int) -> Fraction:
    """The oracle: every one of the 6^dice throws, Might on the failed dice closest to 4 first (as the rule was
    written before issue 21)."""
    total = 0
    for faces in product(range(1, 7), repeat=dice):
        successes = sum(1 for f in faces if f >= 4)
        left = might
        for cost in sorted(4 - f for f in faces if f < 4):
            if cost <= left:
                left -= cost
                successes += 1
        if successes >= lost:
            total += 1
    return Fraction(total, 6**dice)


def fate_at_once_as_played(lost: int, dice: int, might: int) -> Fraction:
    """A second oracle: every throw, with the Might the rule puts on the dice when they are rolled
    (`fate_might_at_once`, which stops once enough dice succeed)."""
    total = 0
    for faces in product(range(1, 7), repeat=dice):
        spent = sbg_rules.fate_might_at_once(faces, lost, might)
        assert sum(spent) <= max(0, might)
        if sum(1 for f, m in zip(faces, spent, strict=True) if f + m >= 4) >= lost:
            total += 1
    return Fraction(total, 6**dice)


def test_sb_04_all_at_once_is_the_enumeration_for_every_small_case() -> None:
    for dice in range(5):
        for lost in range(-1, dice + 3):
            for might in range(-1, 3 * dice + 3):
                expected = fate_at_once_enumerated(lost, dice, might)
                assert sbg_rules.fate_chance_at_once(lost, dice, might) == expected, (lost, dice, might)


@given(lost=st.integers(-2, 7), dice=st.integers(0, 5), might=st.integers(-2, 17))
def test_sb_04_all_at_once_is_the_enumeration(lost: int, dice: int, might: int) -> None:
    fast = sbg_rules.fate_chance_at_once(lost, dice, might)
    assert fast == fate_at_once_enumerated(lost, dice, might)
    assert isinstance(fast, Fraction)


@given(lost=st.integers(0, 5), dice=st.integers(0, 4), might=st.integers(0, 12))
def test_sb_04_all_at_once_is_the_chance_of_the_dice_as_played(lost: int, dice: int, might: int) -> None:
    assert sbg_rules.fate_chance_at_once(lost, dice, might) == fate_at_once_as_played(lost, dice, might)


def test_sb_04_all_at_once_keeps_its_known_values() -> None:
    assert sbg_rules.fate_chance_at_once(1, 2, 0) == Fraction(3, 4)
    assert sbg_rules.fate_chance_at_once(1, 1, 1) == Fraction(2, 3)  # a 3 raised to 4
    assert sbg_rules.fate_chance_at_once(1, 1, 3) == 1  # even a 1
    assert sbg_rules.fate_chance_at_once(2, 1, 9) == 0  # one die restores one Wound at most
    assert sbg_rules.fate_chance_at_once(0, 0, 0) == 1


def test_sb_04_all_at_once_refuses_a_negative_number_of_dice() -> None:
    with pytest.raises(ValueError):
        sbg_rules.fate_chance_at_once(1, -1, 0)


@pytest.mark.parametrize("dice", [9, 10, 11, 12])
def test_sb_04_all_at_once_with_9_to_12_dice_is_worked_out(dice: int) -> None:
    """Many Fate dice (the enumeration took 34 s at 9): the answer comes, and is the one closed forms give."""
    throws = 6**dice
    for lost in range(dice + 2):
        without = sbg_rules.fate_chance_at_once(lost, dice, 0)  # each die a half chance, no Might
        assert without == Fraction(sum(comb(dice, k) for k in range(lost, dice + 1)), 2**dice)
        everything = sbg_rules.fate_chance_at_once(lost, dice, 3 * dice)  # enough Might to raise every 1
        assert everything == (1 if lost <= dice else 0)
        chances = [sbg_rules.fate_chance_at_once(lost, dice, might) for might in range(3 * dice + 1)]
        assert chances == sorted(chances)  # more Might never hurts
        assert all((c * throws).denominator == 1 for c in chances)  # a count of throws out of 6^dice
    one_point = sbg_rules.fate_chance_at_once(1, dice, 1)  # fails only when no die shows 3 or more
    assert one_point == 1 - Fraction(2, 6) ** dice


# --- PD-08: the totals of power dice --------------------------------------------------------------------------
def ways_enumerated(count: int) -> tuple[int, ...]:
    found = [0] * (5 * count + 1)
    for faces in product(range(1, 7), repeat=count):
        found[sum(faces) - count] += 1
    return tuple(found)


def test_pd_08_the_totals_are_those_of_every_throw() -> None:
    for count in range(6):
        assert totals.total_ways(count) == ways_enumerated(count)


@given(st.integers(0, 90))
def test_pd_08_the_totals_are_the_convolution_of_the_dice(count: int) -> None:
    ways = totals.total_ways(count)
    assert ways == tuple(sum_distribution(count, 6).values())
    assert sum(ways) == 6**count


def test_pd_08_the_totals_of_120_dice_are_exact() -> None:
    ways = totals.total_ways(120)
    assert ways == tuple(sum_distribution(120, 6).values())
    assert len(ways) == 601 and ways[0] == ways[-1] == 1 and ways[1] == 120


def test_pd_08_a_negative_number_of_dice_is_refused() -> None:
    with pytest.raises(ValueError):
        totals.total_ways(-1)


@given(difficulty=st.integers(-3, 40), count=st.integers(0, 5))
def test_pd_08_the_chance_is_that_of_every_throw(difficulty: int, count: int) -> None:
    throws = list(product(range(1, 7), repeat=count))
    expected = Fraction(sum(1 for t in throws if sum(t) >= difficulty), len(throws))
    assert totals.chance_at_least(difficulty, count) == expected
    odds = totals.dice_odds(difficulty, count)
    assert odds.chance == expected
    assert Fraction(sum(odds.ways[odds.success_from :]), odds.throws) == expected


@pytest.mark.parametrize("count", [40, 120])
def test_pd_08_the_chance_with_many_dice_is_the_convolutions(count: int) -> None:
    for difficulty in (1, count, 3 * count, 3 * count + 1, 6 * count, 6 * count + 1):
        assert totals.chance_at_least(difficulty, count) == at_least(difficulty, count)


def _catalogs(folder: Path) -> Catalogs:
    """The built-in catalogs and one of level-10 casters with a hard spell, to hold many dice."""
    catalog = {
        "format": "warband-catalog",
        "version": 1,
        "system": "powerdice",
        "id": "many-dice",
        "revision": 1,
        "name": "Level-10 casters",
        "spells": [{"id": "storm", "name": "Storm", "traits": ["magician"], "difficulty": 60}],
        "profiles": [{"id": "magus", "name": "Magus", "cost": 0, "caster": {"traits": ["magician"], "level": 10}}],
    }
    path = folder / "many-dice.json"
    path.write_text(json.dumps(catalog), encoding="utf-8")
    return load_catalogs([*builtin_catalog_paths(), path]).for_system("powerdice")


def _b3_battle(folder: Path, casters: int) -> PowerDiceBattle:
    rows = [{"id": f"u{i}", "profile": "magus", "spells": ["storm"]} for i in range(casters)]
    army = PowerDiceArmy.model_validate({"system": "powerdice", "name": "Tower", "units": rows})
    battle = pd_rules.start_battle([("Aline", army), ("Bruno", army)], _catalogs(folder))
    for side in (0, 1):
        for key in battle.casters:
            if key.startswith(f"{side}:"):
                battle = PlaceMarker(key=key, marker="incantation").apply(battle)
        battle = HandOver().apply(battle)
    while battle.step != "B3":
        battle = pd_rules.next_step(battle)[0]
    return battle


def test_pd_08_a_casting_above_the_cap_has_its_exact_odds(tmp_path: Path) -> None:
    """PD-05: 40 dice against a cap of 11 is refused, and its odds are still shown (and exact)."""
    battle = _b3_battle(tmp_path, 4)
    gifts = {f"0:u{i}": 10 for i in (1, 2, 3)}
    request = pd_rules.CastRequest("0:u0", "storm", 10, gifts, helpers_near=True)
    assert request.total == 40
    assert [p.rule for p in pd_rules.cast_problems(battle, request)] == ["PD-05"]
    odds = pd_rules.casting_odds(battle, request)
    assert odds is not None
    assert (odds.dice, odds.difficulty) == (40, 60)
    assert odds.chance == pd_rules.chance(battle, request) == at_least(60, 40)
    assert pd_play.odds(battle, request).success == odds.chance
    assert odds.ways == tuple(sum_distribution(40, 6).values())
    assert odds.success_from == 20  # the totals 40, 41, … : 60 is the 21st


def test_pd_08_no_odds_without_dice_or_a_known_spell(tmp_path: Path) -> None:
    battle = _b3_battle(tmp_path, 1)
    assert pd_rules.casting_odds(battle, pd_rules.CastRequest("0:u0", "storm", 0)) is None
    assert pd_rules.chance(battle, pd_rules.CastRequest("0:u0", "storm", 0)) == 0
    unknown = pd_rules.CastRequest("0:u0", "no-such-spell", 3)
    assert pd_rules.casting_odds(battle, unknown) is None  # AR-02: nothing to roll against
    assert pd_rules.chance(battle, unknown) == 0
