"""« Par le Fer et par le Verbe » casting, PF-01 … PF-10, with the seed's worked examples and exact odds."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from warband.model.systems.pfpv.casting import (
    ROLL,
    SIMULTANEOUS,
    CastingOptions,
    Setup,
    backlash,
    distraction,
    even_split,
    free_allowed,
    odds,
    recover,
    resolve,
    setup_problems,
)
from warband.model.systems.pfpv.rules import can_attempt
from warband.model.systems.pfpv.schema import Combination, Profile

DEFAULT = CastingOptions()


def eruption(**changes):
    """Volcanic eruption with Fire −6 and Earth −5, one discipline at −2 (the seed's combination)."""
    values = {
        "level": 6,
        "source_skills": {"fire": 10, "earth": 10},
        "source_modifiers": {"fire": -6, "earth": -5},
        "discipline_skills": {"destruction": 9},
        "discipline_modifiers": {"destruction": -2},
        "don": 100,
        "vitality": 20,
    }
    values.update(changes)
    return Setup(**values)


def test_pf_01_a_combination_needs_a_skill_in_each_of_its_sources_and_disciplines():
    combination = Combination.model_validate(
        {
            "sources": [{"id": "fire", "modifier": -6}, {"id": "earth", "modifier": -5}],
            "disciplines": [{"id": "destruction", "modifier": -2}],
        }
    )
    mage = Profile.model_validate(
        {
            "id": "m",
            "name": "Mage",
            "contact": {"fire": 8, "earth": 6},
            "disciplines": {"destruction": 7},
            "don": 50,
            "vitality": 10,
            "ma": 5,
        }
    )
    assert can_attempt(mage, combination)
    novice = mage.model_copy(update={"contact": {"fire": 8}})
    assert not can_attempt(novice, combination)


def test_pf_02_raw_energy_is_the_margin_of_each_contact_roll_with_its_bonuses():
    setup = eruption(links={"fire": 2, "earth": -1}, support=1, don_contact={"fire": 3})
    assert setup.contact_target("fire") == 10 + 2 + 1 + 3
    assert setup.contact_target("earth") == 10 - 1 + 1
    result = resolve(setup, {"fire": 8, "earth": 4}, {"destruction": 2}, DEFAULT)
    assert result.raw == {"fire": 8, "earth": 6}  # the spell's modifiers do not touch the contact rolls
    assert result.don_after == 100 - 3 - 6  # Don spent on contact, then the level


def test_pf_03_control_bonuses_and_the_don_cap():
    setup = eruption(
        don_control={"destruction": 10},
        whisper=True,
        no_gesture=True,
        grimoire=True,
        specialisation={"destruction": 1},
    )
    assert setup.control_target("destruction") == 9 - 2 + 1 + 5 - 1 - 2 + 2
    assert setup_problems(eruption(don_control={"destruction": 12})) == [
        "PF-03: at most 10 Don on each control roll."
    ]


def test_pf_03_no_control_roll_only_when_every_raw_energy_is_negative():
    """The seed's Merlin: raw Fire −1 and Earth −2, no control roll; −1 and +5, the control roll is made."""
    result = resolve(eruption(), {"fire": 11, "earth": 12}, {}, DEFAULT)  # nothing brought
    assert (result.outcome, result.margins, result.vitality_after) == ("no energy", {}, 20)
    mixed = resolve(eruption(), {"fire": 11, "earth": 5}, {"destruction": 9}, DEFAULT)  # one positive: roll
    assert mixed.margins == {"destruction": -2}


def test_pf_04_simultaneous_spells_fatigue_and_time_on_every_roll():
    assert SIMULTANEOUS == {1: 0, 2: -1, 3: -3, 4: -5, 5: -7, 6: -9}
    setup = eruption(simultaneous=3, fatigue=2, time=1)
    assert setup.contact_target("fire") == 10 - 3 - 2 + 1
    assert setup.control_target("destruction") == 9 - 2 - 3 - 2 + 1
    assert "PF-04" in setup_problems(eruption(simultaneous=7))[0]


def test_pf_05_merlin_backlash_seed_example():
    """Raw energy 6, control failed by 5, 20 Don left: 20 Don lost for 2 points, 4 points left."""
    assert backlash(6, 20, 2) == backlash(6, 20, 2)
    hurt = backlash(6, 20, 2)
    assert (hurt.don_lost, hurt.vitality_lost) == (20, 8)  # the default factor 2
    assert backlash(6, 20, 1).vitality_lost == 4  # the seed's example, factor 1
    assert backlash(3, 25, 2).don_lost == 20  # whole steps of 10; the 5 left stays
    setup = Setup(
        level=3,
        source_skills={"earth": 10},
        source_modifiers={"earth": -2},
        discipline_skills={"enchantment": 5},
        discipline_modifiers={"enchantment": 0},
        don=20,
        vitality=20,
    )
    result = resolve(setup, {"earth": 4}, {"enchantment": 10}, DEFAULT)
    assert (result.outcome, result.raw["earth"], result.margins["enchantment"]) == ("backlash", 6, -5)
    assert (result.don_after, result.vitality_after) == (0, 12)
    harmless = resolve(setup, {"earth": 4}, {"enchantment": 7}, DEFAULT)  # failed by 2: disperses harmlessly
    assert (harmless.outcome, harmless.don_after, harmless.vitality_after) == ("harmless failure", 20, 20)


def test_pf_05_each_failed_roll_brings_its_backlash_by_default():
    setup = eruption(
        discipline_skills={"destruction": 5, "fire-art": 5},
        discipline_modifiers={"destruction": 0, "fire-art": 0},
        don=0,
    )
    rolls = {"destruction": 9, "fire-art": 10}
    result = resolve(setup, {"fire": 4, "earth": 6}, rolls, DEFAULT)  # energy 6 + 4 = 10, two rolls failed by 3+
    assert result.backlash.energy == 20 and result.vitality_after == 20 - 40
    once = resolve(setup, {"fire": 4, "earth": 6}, rolls, CastingOptions(backlash_per_roll=False))
    assert once.backlash.energy == 10


def test_pf_06_volcanic_eruption_seed_example_six_power_levels():
    # raw Fire 8 and Earth 6; control margin 3
    result = resolve(eruption(), {"fire": 2, "earth": 4}, {"destruction": 4}, DEFAULT)
    assert (result.raw, result.margins) == ({"fire": 8, "earth": 6}, {"destruction": 3})
    assert result.net == {"fire": 2, "earth": 1}
    assert (result.outcome, result.power) == ("success", 6)
    # Fire alone at −9 would have failed: net energy −1, the spell cannot be cast, without harm
    alone = eruption(source_skills={"fire": 10}, source_modifiers={"fire": -9})
    failed = resolve(alone, {"fire": 2}, {"destruction": 4}, DEFAULT)
    assert (failed.outcome, failed.net, failed.vitality_after, failed.don_after) == (
        "cannot be cast",
        {"fire": -1},
        20,
        100,
    )


def test_pf_07_the_don_for_the_level_or_control_is_lost():
    result = resolve(eruption(don=5), {"fire": 2, "earth": 4}, {"destruction": 4}, DEFAULT)
    assert result.lost_control and result.outcome == "backlash"
    assert result.backlash.energy == 14 and result.don_after == 5  # 5 Don: no whole step of 10 to absorb
    paid = resolve(eruption(don=6), {"fire": 2, "earth": 4}, {"destruction": 4}, DEFAULT)
    assert (paid.outcome, paid.don_after) == ("success", 0)


def test_pf_08_fifteen_levels_spread_evenly_or_freely():
    assert even_split(15, 2) == [8, 7]
    assert even_split(15, 2, extra_to=[1]) == [7, 8]  # the caster picks which effect gets the extra level
    assert even_split(7, 3) == [3, 2, 2]
    assert not free_allowed({"enchantment": 1})
    assert free_allowed({"enchantment": 4, "protection": 3})
    assert not free_allowed({"enchantment": 4, "protection": 2})


def test_pf_09_distraction_is_a_roll_under_ma():
    assert distraction(ma=5, modifier=-1, roll=4)
    assert not distraction(ma=5, modifier=-1, roll=5)


def test_pf_10_recovery_per_hour_never_above_the_maximum():
    assert recover(20, 120, 3, "asleep", 2) == 32
    assert recover(20, 120, 3, "calm", 2) == 26
    assert recover(20, 120, 3, "intense", 2) == 20
    assert recover(110, 120, 8, "asleep", 4) == 120


def test_the_2d5_roll():
    assert sum(ROLL.values()) == 36
    assert sum(c for r, c in ROLL.items() if r <= 5) == 21 and sum(c for r, c in ROLL.items() if r <= 7) == 30


def brute_force(setup, options):
    """Every roll, one by one: the oracle the dynamic programming must match."""
    sources, disciplines = list(setup.source_skills), list(setup.discipline_skills)
    counts = {}
    power = {}
    don = vitality = 0
    for rolls in product(range(11), repeat=len(sources) + len(disciplines)):
        ways = 1
        for r in rolls:
            ways *= ROLL[r]
        result = resolve(
            setup,
            dict(zip(sources, rolls, strict=False)),
            dict(zip(disciplines, rolls[len(sources) :], strict=False)),
            options,
        )
        counts[result.outcome] = counts.get(result.outcome, 0) + ways
        if result.outcome == "success":
            power[result.power] = power.get(result.power, 0) + ways
        if result.backlash:
            don += ways * result.backlash.don_lost
            vitality += ways * result.backlash.vitality_lost
    total = 36 ** len(rolls)
    return (
        {k: Fraction(v, total) for k, v in counts.items()},
        {k: Fraction(v, total) for k, v in sorted(power.items())},
        Fraction(don, total),
        Fraction(vitality, total),
    )


@pytest.mark.parametrize(
    "setup",
    [
        eruption(),
        eruption(don=25),
        eruption(don=4, don_control={"destruction": 2}),
        eruption(source_skills={"fire": 4}, source_modifiers={"fire": -1}),
        eruption(
            discipline_skills={"destruction": 3, "protection": 6},
            discipline_modifiers={"destruction": 0, "protection": -1},
            source_skills={"fire": 6},
            source_modifiers={"fire": -2},
        ),
    ],
)
@pytest.mark.parametrize("options", [DEFAULT, CastingOptions(backlash_per_roll=False, vitality_factor=1)])
def test_exact_odds_match_brute_force(setup, options):
    got = odds(setup, options)
    outcomes, power, don, vitality = brute_force(setup, options)
    assert dict(got.outcomes) == outcomes
    assert dict(got.power) == power
    assert (got.expected_don_lost, got.expected_vitality_lost) == (don, vitality)
    assert sum(got.outcomes.values()) == 1


# --- the scene ---------------------------------------------------------------------------------------------------
def scene_catalogs():
    from warband.model.catalog import LoadedCatalog, merge
    from warband.model.systems.pfpv.schema import PfpvCatalog

    doc = {
        "format": "warband-catalog",
        "version": 1,
        "system": "pfpv",
        "id": "pf-test",
        "revision": 1,
        "name": "T",
        "sources": [
            {"id": "fire", "name": "Fire", "opposed": "water"},
            {"id": "water", "name": "Water", "opposed": "fire"},
            {"id": "earth", "name": "Earth"},
        ],
        "disciplines": [{"id": "destruction", "name": "Destruction"}],
        "spells": [
            {
                "id": "eruption",
                "name": "Volcanic eruption",
                "level": 6,
                "casting_time": "1 round",
                "combinations": [
                    {
                        "sources": [{"id": "fire", "modifier": -6}, {"id": "earth", "modifier": -5}],
                        "disciplines": [{"id": "destruction", "modifier": -2}],
                    }
                ],
                "effects": [{"name": "creatures", "per_level": "1 creature per level"}],
            }
        ],
        "profiles": [
            {
                "id": "merlin",
                "name": "Merlin",
                "contact": {"fire": 10, "earth": 10},
                "disciplines": {"destruction": 9},
                "don": 120,
                "vitality": 20,
                "ma": 6,
                "recovery": 2,
                "spells": ["eruption"],
            }
        ],
    }
    merged, errors = merge("pfpv", [LoadedCatalog("pf.json", PfpvCatalog.model_validate(doc))])
    assert errors == []
    return merged


def test_pf_scene_casting_applied_time_passing_and_the_journal(tmp_path):
    from warband.model.battle import BattleRun
    from warband.model.replay import resume
    from warband.model.systems.pfpv.scene import (
        COMMANDS,
        CastingSetup,
        PfpvScene,
        ResolveCasting,
        SetValue,
        StartCasting,
        TimePasses,
        start_scene,
    )
    from warband.model.systems.pfpv.schema import PfpvArmy

    party = PfpvArmy.model_validate({"system": "pfpv", "name": "P", "units": [{"id": "u1", "profile": "merlin"}]})
    scene = start_scene(party, scene_catalogs())
    assert scene.characters["u1"].don == 120
    journal = tmp_path / "scene.journal"
    run = BattleRun(scene, journal=journal)
    cast = ResolveCasting(
        key="u1",
        choice=CastingSetup(spell="eruption"),
        contact={"fire": 2, "earth": 4},
        control={"destruction": 4},
    )
    assert cast.result(run.battle).power == 6  # the seed's eruption
    run.execute(cast)
    assert run.battle.characters["u1"].don == 114  # 6 Don for the level (PF-07)
    run.execute(SetValue(key="u1", field="don", value=300))
    assert run.battle.characters["u1"].don == 120  # never above the maximum
    run.execute(SetValue(key="u1", field="don", value=10))
    run.execute(TimePasses(hours=3, activity="asleep"))
    assert run.battle.characters["u1"].don == 10 + 3 * 2 * 2  # PF-10 with Recovery 2
    run.execute(StartCasting(key="u1", spell="eruption"))
    run.execute(StartCasting(key="u1", spell="eruption"))
    from warband.model.systems.pfpv.scene import build_setup

    assert build_setup(run.battle, "u1", CastingSetup(spell="eruption")).common == -1  # two at once (PF-04)
    resumed = resume(journal, PfpvScene, COMMANDS.validate_python)
    assert resumed.battle == run.battle
