"""Dice sources and exact odds: checked against known values and against brute-force enumeration."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from warband.model.dice import (
    D5,
    D6,
    Bucket,
    Dice,
    DiceError,
    Die,
    SeededDice,
    TypedDice,
    at_least,
    at_most,
    chance_at_least,
    distribution_at_least,
    divination_distribution,
    divination_success,
    normalise,
    open_ended_at_least,
    parse_typed,
    sum_distribution,
)

# --- Oracles: brute force, written independently of the module ----------------------------------------------------


def brute_sums(count: int, sides: int, low: int = 1) -> dict[int, int]:
    """Every one of the sides**count throws, counted by total."""
    return dict(Counter(sum(throw) for throw in itertools.product(range(low, low + sides), repeat=count)))


DEPTH = 4  # sequences of up to 4 dice: exact for every total below 6 * DEPTH + 1


def brute_divination(bonus: int, *, one_fails: bool, explode: bool) -> tuple[Counter[object], Fraction]:
    """Every sequence of DEPTH dice, played as CF-19 says: (chance of each final total or "fail"/"tail", unit)."""
    outcomes: Counter[object] = Counter()
    for seq in itertools.product(range(1, 7), repeat=DEPTH):
        total = 0
        result: object = "tail"  # four 6s in a row: the total is at least 6 * DEPTH + 1
        for i, die in enumerate(seq):
            if i == 0 and one_fails and die == 1:
                result = "fail"
                break
            total += die
            if not (explode and die == 6):
                result = total + bonus
                break
        outcomes[result] += 1
    return outcomes, Fraction(1, 6**DEPTH)


def brute_success(difficulty: int, bonus: int, *, one_fails: bool, explode: bool) -> Fraction:
    assert difficulty - bonus <= 6 * DEPTH + 1, "beyond what the enumeration decides"
    outcomes, unit = brute_divination(bonus, one_fails=one_fails, explode=explode)
    wins = sum(
        n
        for result, n in outcomes.items()
        if result == "tail" or (isinstance(result, int) and result >= difficulty)
    )
    return wins * unit


@cache
def recursive_at_least(need: int) -> Fraction:
    """P(open-ended d6 ≥ need), written as the plain recursion over the six faces."""
    if need <= 1:
        return Fraction(1)
    return sum(
        (
            Fraction(1, 6) * (recursive_at_least(need - 6) if face == 6 else Fraction(face >= need))
            for face in range(1, 7)
        ),
        Fraction(0),
    )


# --- Sums of dice ----------------------------------------------------------------------------------------------------


def test_six_d6_counts_are_the_known_ones_and_mirrored() -> None:
    half = [1, 6, 21, 56, 126, 252, 456, 756, 1161, 1666, 2247, 2856, 3431, 3906, 4221, 4332]
    counts = sum_distribution(6)
    assert list(counts) == list(range(6, 37))
    assert list(counts.values()) == half + half[-2::-1]
    assert sum(counts.values()) == 6**6


def test_at_least_known_values() -> None:
    assert at_least(10, 3) == Fraction(135, 216)
    assert at_least(11, 3) == Fraction(1, 2)
    assert at_least(14, 4) == Fraction(721, 1296)
    assert at_least(4, 1) == Fraction(1, 2)  # SB-04: a Fate die saves on 4+
    assert at_least(2, 0) == 0 and at_least(0, 0) == 1  # no dice: a total of 0


@pytest.mark.parametrize(
    ("count", "sides", "low"), [(1, 6, 1), (2, 6, 1), (3, 6, 1), (2, 6, 0), (4, 3, 1), (0, 6, 1)]
)
def test_sum_distribution_matches_enumeration(count: int, sides: int, low: int) -> None:
    assert sum_distribution(count, sides, low) == brute_sums(count, sides, low)


def test_pf_two_d5_rolls_under_a_skill() -> None:
    """PF: 2d5 is two d6 numbered 0–5, totals 0–10; a roll under 5 succeeds on ≤ 5."""
    counts = sum_distribution(2, D5.sides, D5.low)
    assert list(counts) == list(range(11))
    assert at_most(5, 2, 6, 0) == Fraction(21, 36)
    assert at_most(-1, 2, 6, 0) == 0 and at_most(10, 2, 6, 0) == 1


@given(
    count=st.integers(0, 4),
    sides=st.integers(1, 8),
    low=st.integers(-2, 2),
    t1=st.integers(-15, 40),
    t2=st.integers(-15, 40),
)
def test_at_least_is_monotone_and_complements_at_most(count: int, sides: int, low: int, t1: int, t2: int) -> None:
    lo, hi = sorted((t1, t2))
    assert at_least(lo, count, sides, low) >= at_least(hi, count, sides, low)
    assert at_least(t1, count, sides, low) + at_most(t1 - 1, count, sides, low) == 1
    assert 0 <= at_least(t1, count, sides, low) <= 1


@given(count=st.integers(0, 6), sides=st.integers(1, 10), low=st.integers(-3, 3))
def test_sum_distribution_is_symmetric_and_complete(count: int, sides: int, low: int) -> None:
    counts = sum_distribution(count, sides, low)
    assert sum(counts.values()) == sides**count
    totals = list(counts)
    assert totals == list(range(count * low, count * (low + sides - 1) + 1))
    assert [counts[t] for t in totals] == [counts[t] for t in reversed(totals)]


def test_bad_dice_counts_are_programming_errors() -> None:
    with pytest.raises(ValueError):
        sum_distribution(-1)
    with pytest.raises(ValueError):
        sum_distribution(2, 0)
    with pytest.raises(ValueError):
        Die(0)


# --- General helpers on distributions --------------------------------------------------------------------------------


def test_distribution_at_least_gives_every_target_at_once() -> None:
    table = distribution_at_least(sum_distribution(3))
    assert (
        table[3] == 1
        and table[10] == Fraction(5, 8)
        and table[11] == Fraction(1, 2)
        and table[18] == Fraction(1, 216)
    )
    assert all(table[t] == at_least(t, 3) for t in table)
    assert chance_at_least({1: 1, 3: 1}, 2) == Fraction(1, 2)
    assert chance_at_least({1: 1, 3: 1}, 4) == 0


def test_normalise_sums_to_exactly_one_and_refuses_empty_weights() -> None:
    chances = normalise({2: 1, 1: Fraction(1, 2), 5: 0})
    assert list(chances) == [1, 2, 5]
    assert sum(chances.values()) == 1 and chances[1] == Fraction(1, 3)
    with pytest.raises(ValueError):
        normalise({})
    with pytest.raises(ValueError):
        normalise({1: -1, 2: 2})


# --- CF-19: the Divination roll --------------------------------------------------------------------------------------

OPTIONS = [(True, True), (True, False), (False, True), (False, False)]


@pytest.mark.parametrize(("one_fails", "explode"), OPTIONS)
@pytest.mark.parametrize("bonus", [0, 3])
def test_cf_19_success_matches_enumeration_of_sequences(one_fails: bool, explode: bool, bonus: int) -> None:
    for difficulty in range(bonus - 3, bonus + 6 * DEPTH + 2):
        exact = divination_success(difficulty, bonus, one_fails=one_fails, explode=explode)
        assert exact == brute_success(difficulty, bonus, one_fails=one_fails, explode=explode), difficulty


@pytest.mark.parametrize("explode", [True, False])
@pytest.mark.parametrize("bonus", [0, 4])
def test_cf_19_distribution_matches_enumeration(explode: bool, bonus: int) -> None:
    outcomes, unit = brute_divination(bonus, one_fails=False, explode=explode)
    cap = 6 * DEPTH + 1 + bonus
    buckets = divination_distribution(bonus, explode=explode, cap=cap)
    for bucket in buckets:
        expected = outcomes["tail"] * unit if bucket.tail else outcomes[bucket.total] * unit
        assert bucket.chance == expected, bucket
    assert sum(b.chance for b in buckets) == 1


def test_cf_19_open_ended_matches_the_plain_recursion() -> None:
    for need in range(-5, 80):
        assert open_ended_at_least(need) == recursive_at_least(need), need


def test_cf_19_natural_one_fails_even_when_the_fervour_covers_the_difficulty() -> None:
    assert divination_success(3, 5) == Fraction(5, 6)
    assert divination_success(3, 5, one_fails=False) == 1


def test_cf_19_a_one_rolled_after_a_six_only_adds_one() -> None:
    """The decision: only the FIRST die showing 1 is the natural 1; 6 then 1 is a total of 7."""
    assert divination_success(7, 0) == Fraction(1, 6)  # 6, then anything (1 included)
    assert divination_success(8, 0) == Fraction(5, 36)  # 6, then 2..5, or 6 and anything
    assert divination_success(12, 0) == divination_success(13, 0) == Fraction(1, 36)  # 6 + 6 is never final


def test_cf_19_without_explosion_nothing_beats_six_plus_the_fervour() -> None:
    assert divination_success(9, 3, explode=False) == Fraction(1, 6)
    assert divination_success(10, 3, explode=False) == 0
    assert divination_success(10, 3) == Fraction(1, 6)


def test_cf_19_distribution_default_cap_and_labels() -> None:
    buckets = divination_distribution(2)
    assert buckets[0] == Bucket(3, Fraction(1, 6))  # the natural 1
    assert [b.total for b in buckets] == list(range(3, 16))
    assert buckets[5].chance == 0 and buckets[5].total == 8  # 6 + bonus: a 6 is always rolled again
    assert buckets[-1].tail and buckets[-1].label == "≥15" and buckets[0].label == "3"
    assert buckets[-1].chance == Fraction(1, 36)
    assert divination_distribution(0, cap=-4) == [Bucket(1, Fraction(1), tail=True)]
    assert divination_distribution(0, explode=False, cap=99) == [Bucket(t, Fraction(1, 6)) for t in range(1, 7)]
    assert divination_distribution(0, explode=False, cap=5)[-1] == Bucket(5, Fraction(1, 3), tail=True)


@given(
    difficulty=st.integers(-10, 60),
    other=st.integers(-10, 60),
    bonus=st.integers(-5, 15),
    shift=st.integers(-20, 20),
    one_fails=st.booleans(),
    explode=st.booleans(),
)
def test_cf_19_success_properties(
    difficulty: int, other: int, bonus: int, shift: int, one_fails: bool, explode: bool
) -> None:
    p = divination_success(difficulty, bonus, one_fails=one_fails, explode=explode)
    assert 0 <= p <= 1
    # only difficulty − fervour matters
    assert p == divination_success(difficulty + shift, bonus + shift, one_fails=one_fails, explode=explode)
    lo, hi = sorted((difficulty, other))
    assert divination_success(lo, bonus, one_fails=one_fails, explode=explode) >= divination_success(
        hi, bonus, one_fails=one_fails, explode=explode
    )
    assert divination_success(difficulty, bonus, one_fails=True, explode=explode) <= divination_success(
        difficulty, bonus, one_fails=False, explode=explode
    )
    assert divination_success(difficulty, bonus, one_fails=one_fails, explode=True) >= divination_success(
        difficulty, bonus, one_fails=one_fails, explode=False
    )


@given(
    bonus=st.integers(-5, 15),
    cap=st.integers(-10, 60),
    difficulty=st.integers(-10, 60),
    one_fails=st.booleans(),
    explode=st.booleans(),
)
def test_cf_19_distribution_sums_to_one_and_agrees_with_success(
    bonus: int, cap: int, difficulty: int, one_fails: bool, explode: bool
) -> None:
    buckets = divination_distribution(bonus, explode=explode, cap=cap)
    assert sum(b.chance for b in buckets) == 1
    assert all(isinstance(b.chance, Fraction) for b in buckets)
    assert [b.total for b in buckets] == list(range(buckets[0].total, buckets[0].total + len(buckets)))
    if difficulty <= max(cap, bonus + 1):  # the tail does not straddle the difficulty
        wins = sum((b.chance for b in buckets if b.total >= difficulty), Fraction(0))
        if one_fails and bonus + 1 >= difficulty:
            wins -= Fraction(1, 6)  # the natural 1 is the lowest bucket
        assert wins == divination_success(difficulty, bonus, one_fails=one_fails, explode=explode)


# --- Dice sources ----------------------------------------------------------------------------------------------------


def _as_dice(dice: Dice) -> Dice:
    """Both sources satisfy the protocol (checked by mypy on this file)."""
    return dice


def test_sources_say_how_the_dice_were_got() -> None:
    assert _as_dice(SeededDice(1)).kind == "rolled" and SeededDice(1).describe() == "rolled"
    assert _as_dice(TypedDice([1])).kind == "typed" and TypedDice([1]).describe() == "typed in"


def test_seeded_dice_are_reproducible_and_within_the_faces() -> None:
    assert SeededDice(42).roll(6, 50) == SeededDice(42).roll(6, 50)
    rolls = SeededDice(7).roll(6, 600)
    assert set(rolls) == set(range(1, 7))
    assert set(D5.roll(SeededDice(7), 600)) == set(range(6))
    assert SeededDice(3).roll(6, 0) == ()
    assert len(SeededDice().roll(20, 5)) == 5


def test_ar_05_saved_state_restores_the_exact_next_rolls_through_json() -> None:
    dice = SeededDice(2024)
    dice.roll(6, 17)
    saved = json.loads(json.dumps(dice.state()))
    ahead = [dice.roll(6, 3), dice.roll(20), D5.roll(dice, 4)]
    restored = SeededDice.from_state(saved)
    assert [restored.roll(6, 3), restored.roll(20), D5.roll(restored, 4)] == ahead
    assert restored.state() == dice.state()


def test_ar_05_rolling_on_gives_new_dice_not_a_replay() -> None:
    """The generator moves on with every roll: its state is not part of what undo restores."""
    dice = SeededDice(5)
    before = dice.state()
    first, second = dice.roll(6, 20), dice.roll(6, 20)
    assert first != second
    assert dice.state() != before


def test_ar_05_state_keeps_a_pending_gaussian() -> None:
    generator = random.Random(9)
    generator.gauss(0, 1)  # leaves gauss_next set
    version, internal, gauss_next = generator.getstate()
    assert isinstance(gauss_next, float)
    state = json.loads(json.dumps({"version": version, "internal": list(internal), "gauss_next": gauss_next}))
    assert SeededDice.from_state(state).state()["gauss_next"] == gauss_next


@pytest.mark.parametrize(
    "damage",
    [
        lambda s: [1, 2, 3],
        lambda s: {**s, "extra": 1},
        lambda s: {k: v for k, v in s.items() if k != "gauss_next"},
        lambda s: {**s, "version": "3"},
        lambda s: {**s, "version": 99},
        lambda s: {**s, "internal": s["internal"][:-1]},
        lambda s: {**s, "internal": [*s["internal"][:-1], 10_000]},
        lambda s: {**s, "internal": [True, *s["internal"][1:]]},
        lambda s: {**s, "internal": [-1, *s["internal"][1:]]},
        lambda s: {**s, "gauss_next": "0.5"},
    ],
)
def test_ar_05_a_damaged_state_is_refused_clearly(damage: object) -> None:
    state = SeededDice(1).state()
    with pytest.raises(DiceError) as caught:
        SeededDice.from_state(damage(state))  # type: ignore[operator]
    assert caught.value.message.startswith("The saved state of the dice cannot be used")


# --- Typed-in dice ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["3 5 6", "3,5,6", "356", " 3, 5 ,6 ", "3;5;6", "35 6", "3+5+6"])
def test_typed_dice_formats(text: str) -> None:
    assert parse_typed(text, 6, 3) == (3, 5, 6)


def test_typed_dice_of_other_sizes() -> None:
    assert parse_typed("0 5", D5, 2) == (0, 5)
    assert parse_typed("05", D5, 2) == (0, 5)
    assert parse_typed("12 20 1", 20, 3) == (12, 20, 1)  # faces of two digits are never split
    assert parse_typed("-1 0 1", Die(3, low=-1), 3) == (-1, 0, 1)


@pytest.mark.parametrize(
    ("text", "die", "count", "message"),
    [
        ("3 5 7", D6, 3, "7 is not a face of a d6 (1–6)"),
        ("357", D6, 3, "7 is not a face of a d6 (1–6)"),
        ("3 5", D6, 3, "3 dice expected, 2 given"),
        ("", D6, 3, "3 dice expected, 0 given"),
        ("3 5", D6, 1, "1 die expected, 2 given"),
        ("3 x 5", D6, 3, "'x' is not a number"),
        ("3.5", D6, 1, "'3.5' is not a number"),
        ("6", D5, 1, "6 is not a face of a d5 (0–5)"),
        ("0", D6, 1, "0 is not a face of a d6 (1–6)"),
        ("21", Die(20), 1, "21 is not a face of a d20 (1–20)"),
        ("9" * 30, Die(20), 1, "99999999999999999999… is not a face of a d20 (1–20)"),
        ("y" * 30, D6, 1, "'yyyyyyyyyyyyyyyyyyyy…' is not a number"),
    ],
)
def test_typed_dice_refuse_bad_input_saying_what_is_wrong(text: str, die: Die, count: int, message: str) -> None:
    with pytest.raises(DiceError) as caught:
        parse_typed(text, die, count)
    assert caught.value.message == message
    assert caught.value.sentence == message  # no translation loaded: English
    assert str(caught.value) == message


def test_typed_dice_are_handed_out_in_order_and_refusals_consume_nothing() -> None:
    dice = TypedDice.parse("3 6 1 4", 6, 4)
    assert dice.roll(6, 2) == (3, 6)
    with pytest.raises(DiceError) as caught:
        dice.roll(6, 3)
    assert caught.value.message == "3 dice asked for, but only 2 typed-in dice are left"
    with pytest.raises(DiceError):
        D5.roll(TypedDice([6]))  # 6 is not a face of a d5
    assert dice.remaining == (1, 4)
    assert dice.roll(6) == (1,)
    assert dice.roll(6, 1) == (4,)
    assert not dice.remaining


def test_typed_dice_check_faces_before_taking_any() -> None:
    dice = TypedDice([2, 9])
    with pytest.raises(DiceError) as caught:
        dice.roll(6, 2)
    assert caught.value.message == "9 is not a face of a d6 (1–6)"
    assert dice.remaining == (2, 9)
    assert dice.roll(10, 2) == (2, 9)


faces = st.integers(1, 6)


@given(values=st.lists(faces, min_size=0, max_size=8), sep=st.sampled_from([" ", ",", ", ", ""]))
def test_typed_dice_round_trip(values: list[int], sep: str) -> None:
    assert parse_typed(sep.join(map(str, values)), 6, len(values)) == tuple(values)


@given(text=st.text(max_size=30), count=st.integers(0, 5), sides=st.integers(1, 30))
def test_typed_dice_never_fail_other_than_with_a_dice_error(text: str, count: int, sides: int) -> None:
    try:
        values = parse_typed(text, sides, count)
    except DiceError as error:
        assert error.message
    else:
        assert len(values) == count and all(1 <= v <= sides for v in values)
