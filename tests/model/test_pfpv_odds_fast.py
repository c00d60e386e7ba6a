"""Issue 21: the PF casting odds (PF-02 … PF-08) by convolutions over integer counts, against the dynamic
programme they replaced (kept here, unchanged, as the oracle) and against every roll enumerated.

The fast odds must give exactly the same Fractions for every outcome, the same power levels and the same expected
costs of a backlash, for any combination: sources and disciplines from none to six, any skills, large modifiers,
Don spent, the contact rolls already made (PF-03), both backlash options (PF-05) and the Don for the level (PF-07).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from warband.model.systems.pfpv import casting
from warband.model.systems.pfpv.casting import ROLL, SIMULTANEOUS, CastingOptions, Odds, Setup, backlash, odds

OPTIONS = (CastingOptions(), CastingOptions(backlash_per_roll=False, vitality_factor=1))


def reference_odds(setup: Setup, options: CastingOptions, contact_rolls: Mapping[str, int] | None = None) -> Odds:
    """The odds as worked out before issue 21 (a copy of that code): states of every source folded into
    (energy, sum of net energies or None, a raw energy 0 or more), disciplines into (rolls failed by 3+, any
    failed, sum of margins), then every pair of states combined. Slow with many wide rolls, exact: the oracle."""
    sources: dict[tuple[int, int | None, bool], int] = {(0, 0, False): 1}
    for source in setup.source_skills:
        target = setup.contact_target(source)
        modifier = setup.source_modifiers[source]
        rolls = {contact_rolls[source]: 1} if contact_rolls is not None else ROLL
        folded: dict[tuple[int, int | None, bool], int] = defaultdict(int)
        for (energy, net_sum, some), ways in sources.items():
            for roll, count in rolls.items():
                raw = target - roll
                net = raw + modifier
                new_net = None if net_sum is None or net < 0 else net_sum + net
                folded[(energy + max(raw, 0), new_net, some or raw >= 0)] += ways * count
        sources = folded
    disciplines: dict[tuple[int, bool, int], int] = {(0, False, 0): 1}
    for discipline in setup.discipline_skills:
        target = setup.control_target(discipline)
        folded_d: dict[tuple[int, bool, int], int] = defaultdict(int)
        for (bad, failed, margin_sum), ways in disciplines.items():
            for roll, count in ROLL.items():
                margin = target - roll
                folded_d[(bad + (margin <= -3), failed or margin < 0, margin_sum + margin)] += ways * count
        disciplines = folded_d
    contact_ways = 36 ** len(setup.source_skills) if contact_rolls is None else 1
    total_ways = contact_ways * 36 ** len(setup.discipline_skills)
    outcomes: dict[str, int] = defaultdict(int)
    power: dict[int, int] = defaultdict(int)
    don_lost = vitality_lost = 0
    don = setup.don - setup.don_spent  # the Don on control is spent whenever the control rolls are made
    control_ways = 36 ** len(setup.discipline_skills)
    for (energy, net_sum, some), s_ways in sources.items():
        if not some:  # every raw energy negative: no control roll (PF-03)
            outcomes["no energy"] += s_ways * control_ways
            continue
        for (bad, failed, margin_sum), d_ways in disciplines.items():
            ways = s_ways * d_ways
            if failed:
                if bad == 0 or energy == 0:
                    outcomes["harmless failure"] += ways
                    continue
                hurt = backlash(energy * (bad if options.backlash_per_roll else 1), don, options.vitality_factor)
            elif net_sum is None:
                outcomes["cannot be cast"] += ways
                continue
            elif don < setup.level:
                hurt = backlash(energy, don, options.vitality_factor)
            else:
                outcomes["success"] += ways
                power[net_sum + margin_sum] += ways
                continue
            outcomes["backlash"] += ways
            don_lost += ways * hurt.don_lost
            vitality_lost += ways * hurt.vitality_lost
    return Odds(
        {k: Fraction(v, total_ways) for k, v in outcomes.items()},
        {k: Fraction(v, total_ways) for k, v in sorted(power.items())},
        Fraction(don_lost, total_ways),
        Fraction(vitality_lost, total_ways),
    )


def make_setup(
    contacts: list[tuple[int, int]],
    controls: list[tuple[int, int]],
    *,
    don: int = 100,
    level: int = 3,
    **more: object,
) -> Setup:
    """Sources s0, s1, … with (Contact skill, spell modifier) and disciplines d0, d1, … with (skill, modifier)."""
    sources = [f"s{i}" for i in range(len(contacts))]
    disciplines = [f"d{i}" for i in range(len(controls))]
    return Setup(
        level=level,
        source_skills={s: skill for s, (skill, _m) in zip(sources, contacts, strict=True)},
        source_modifiers={s: modifier for s, (_s, modifier) in zip(sources, contacts, strict=True)},
        discipline_skills={d: skill for d, (skill, _m) in zip(disciplines, controls, strict=True)},
        discipline_modifiers={d: modifier for d, (_s, modifier) in zip(disciplines, controls, strict=True)},
        don=don,
        vitality=14,
        **more,  # type: ignore[arg-type]
    )


def assert_same(setup: Setup, options: CastingOptions, contact_rolls: Mapping[str, int] | None = None) -> Odds:
    casting._odds.cache_clear()  # the work itself, not a remembered answer
    got = odds(setup, options, contact_rolls)
    expected = reference_odds(setup, options, contact_rolls)
    assert dict(got.outcomes) == dict(expected.outcomes)
    assert list(got.power.items()) == list(expected.power.items())  # the same levels, in order
    assert got.expected_don_lost == expected.expected_don_lost
    assert got.expected_vitality_lost == expected.expected_vitality_lost
    assert all(type(v) is Fraction for v in [*got.outcomes.values(), *got.power.values()])
    assert type(got.expected_don_lost) is Fraction and type(got.expected_vitality_lost) is Fraction
    assert sum(got.outcomes.values()) == 1
    assert all(v > 0 for v in got.outcomes.values())  # an outcome that cannot happen is left out, as before
    assert got.outcomes.get("success", 0) == sum(got.power.values())
    assert got == odds(setup, options, contact_rolls)  # asked again (from the cache): the same
    return got


# --- small cases, every value that changes a roll ---------------------------------------------------------------
CONTACT_TARGETS = (-1, 0, 1, 4, 7, 10, 11)  # below, at and above both ends of 2d5 (0 … 10)
MODIFIERS = (-12, -6, -3, 0, 2)
CONTROL_TARGETS = (-4, -3, -1, 0, 2, 3, 5, 8, 10, 13)
DON_LEVEL = ((100, 3), (25, 3), (2, 3), (0, 0))  # Don for 10 points of backlash, for 2, for none; level unpaid


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize(("don", "level"), DON_LEVEL)
def test_one_source_one_discipline_every_target_and_modifier(options, don, level):
    for contact, modifier, control in product(CONTACT_TARGETS, MODIFIERS, CONTROL_TARGETS):
        assert_same(make_setup([(contact, modifier)], [(control, 0)], don=don, level=level), options)


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize(("don", "level"), DON_LEVEL)
def test_two_sources_two_disciplines(options, don, level):
    contacts = [(-1, 0), (0, -3), (5, -6), (10, 2), (11, -12)]
    controls = [(-3, 0), (2, 1), (8, -3), (13, 0)]
    for pair, disciplines in product(product(contacts, repeat=2), product(controls, repeat=2)):
        assert_same(make_setup(list(pair), list(disciplines), don=don, level=level), options)


@pytest.mark.parametrize("options", OPTIONS)
def test_no_source_or_no_discipline(options):
    for contacts, controls in [([], []), ([], [(5, 0)]), ([(5, -2)], []), ([(5, -2), (0, 0)], [])]:
        for don, level in DON_LEVEL:
            assert_same(make_setup(contacts, controls, don=don, level=level), options)


@pytest.mark.parametrize("options", OPTIONS)
def test_the_control_step_knowing_the_contact_rolls(options):
    """PF-03: the odds of the control rolls alone, once the contact rolls are made (raw energies of every sign)."""
    setup = make_setup([(5, -2), (7, 0)], [(6, -1), (3, 0)], don=30, level=4, don_control={"d0": 4})
    for rolls in product(range(11), repeat=2):
        got = assert_same(setup, options, {"s0": rolls[0], "s1": rolls[1]})
        if rolls[0] > 5 and rolls[1] > 7:  # every raw energy negative: no control roll
            assert dict(got.outcomes) == {"no energy": 1}


def test_the_volcanic_eruption_matches_every_roll_enumerated():
    """The seed's combination (PF-06), against the rolls one by one through `resolve`."""
    setup = make_setup([(10, -6), (10, -5)], [(9, -2)], level=6)
    options = CastingOptions()
    counts: dict[str, int] = defaultdict(int)
    power: dict[int, int] = defaultdict(int)
    don = vitality = 0
    for fire, earth, control in product(range(11), repeat=3):
        ways = ROLL[fire] * ROLL[earth] * ROLL[control]
        result = casting.resolve(setup, {"s0": fire, "s1": earth}, {"d0": control}, options)
        counts[result.outcome] += ways
        if result.outcome == "success":
            power[result.power] += ways
        if result.backlash:
            don += ways * result.backlash.don_lost
            vitality += ways * result.backlash.vitality_lost
    got = assert_same(setup, options)
    total = 36**3
    assert dict(got.outcomes) == {k: Fraction(v, total) for k, v in counts.items()}
    assert dict(got.power) == {k: Fraction(v, total) for k, v in sorted(power.items())}
    assert (got.expected_don_lost, got.expected_vitality_lost) == (Fraction(don, total), Fraction(vitality, total))


# --- six sources × six disciplines with large modifiers (the figure of issue 21) ------------------------------
def six_by_six(
    contact: int, source_modifier: int, control: int, discipline_modifier: int, don: int = 400
) -> Setup:
    return make_setup([(contact, source_modifier)] * 6, [(control, discipline_modifier)] * 6, don=don, level=5)


@pytest.mark.parametrize(
    "setup",
    [
        six_by_six(5, 10, 10, -3),  # benchmarks/bench_odds.py: every roll counts
        six_by_six(5, 10, 10, -3, don=3),  # the level unpaid (PF-07)
        six_by_six(8, -4, 7, 4, don=45),  # some net energies negative, backlash beyond the Don
        make_setup([(2, 25), (9, -8), (5, 0), (0, 12), (11, -1), (6, 6)], [(14, -9), (3, 7), (10, -10)] * 2),
    ],
)
@pytest.mark.parametrize("options", OPTIONS)
def test_six_sources_six_disciplines_large_modifiers(setup, options):
    got = assert_same(setup, options)
    assert bool(got.power) == (setup.don >= setup.level)  # only the unpaid level (PF-07) rules out a success


def test_the_benchmark_case_returns_the_same_odds_as_before():
    setup = six_by_six(5, 10, 10, -3)
    got = odds(setup, CastingOptions())
    assert got == reference_odds(setup, CastingOptions())
    assert list(got.power) == list(range(35, 133))  # a raw energy of 0 at least (PF-03), up to 6 × 15 + 6 × 7


def test_a_remembered_answer_is_never_shared():
    """The cache keeps one answer per set of targets; each caller gets its own mappings to change."""
    setup = six_by_six(5, 10, 10, -3)
    first = odds(setup, CastingOptions())
    first.outcomes.clear()  # type: ignore[attr-defined]
    first.power.clear()  # type: ignore[attr-defined]
    again = odds(setup, CastingOptions())
    assert again == reference_odds(setup, CastingOptions())


def test_the_answer_follows_every_field_of_the_setup():
    """The cache is keyed by the targets the rolls are made against: any change of a bonus gives new odds."""
    base = make_setup([(5, -2), (7, 1)], [(6, -1)], don=40, level=4)
    changes: list[dict[str, object]] = [
        {"links": {"s0": 2}},
        {"support": 1},
        {"don_contact": {"s1": 3}},
        {"don_control": {"d0": 6}},
        {"specialisation": {"d0": 1}},
        {"whisper": True},
        {"no_gesture": True},
        {"grimoire": True},
        {"fatigue": 3},
        {"simultaneous": 3},
        {"time": -2},
        {"level": 9},
        {"don": 12},
    ]
    for change in changes:
        changed = replace(base, **change)  # type: ignore[arg-type]
        for options in OPTIONS:
            assert_same(changed, options)
            assert odds(changed, options) == reference_odds(changed, options)


# --- random combinations ---------------------------------------------------------------------------------------
skills = st.integers(min_value=-4, max_value=16)
modifiers = st.one_of(st.integers(min_value=-12, max_value=12), st.integers(min_value=-60, max_value=60))


@st.composite
def setups(draw: st.DrawFn, most: int = 5) -> Setup:
    contacts = draw(st.lists(st.tuples(skills, modifiers), max_size=most))
    controls = draw(st.lists(st.tuples(skills, modifiers), max_size=most))
    sources = [f"s{i}" for i in range(len(contacts))]
    disciplines = [f"d{i}" for i in range(len(controls))]

    def some(keys: list[str], values: st.SearchStrategy[int]) -> dict[str, int]:
        return draw(st.dictionaries(st.sampled_from(keys), values, max_size=2)) if keys else {}

    return make_setup(
        contacts,
        controls,
        don=draw(st.integers(min_value=0, max_value=400)),
        level=draw(st.integers(min_value=1, max_value=9)),
        don_contact=some(sources, st.integers(0, 6)),
        don_control=some(disciplines, st.integers(0, 10)),
        links=some(sources, st.integers(-2, 2)),
        specialisation=some(disciplines, st.integers(0, 3)),
        support=draw(st.integers(0, 3)),
        whisper=draw(st.booleans()),
        no_gesture=draw(st.booleans()),
        grimoire=draw(st.booleans()),
        fatigue=draw(st.integers(0, 5)),
        simultaneous=draw(st.sampled_from(sorted(SIMULTANEOUS))),
        time=draw(st.integers(-3, 3)),
    )


option_sets = st.builds(CastingOptions, st.booleans(), st.integers(min_value=0, max_value=3))


@given(setups(), option_sets)
def test_random_combinations_match_the_oracle(setup, options):
    assert_same(setup, options)


@given(setups(most=4), option_sets, st.data())
def test_random_control_steps_match_the_oracle(setup, options, data):
    rolls = {s: data.draw(st.integers(min_value=0, max_value=10), label=s) for s in setup.source_skills}
    assert_same(setup, options, rolls)
