"""Strategy Battle Game army building without Qt: costs × count, heroes, sides, totals, AR-02 … AR-04, built-in data."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from warband.model.army import compare, load_army, options, stamp, validate
from warband.model.catalog import LoadedCatalog, builtin_catalog_paths, load_catalogs, merge
from warband.model.locations import data_dir
from warband.model.system import get_system
from warband.model.systems.sbg.rules import SbgTotals, index, mwf_text, spell_names, totals
from warband.model.systems.sbg.schema import SbgArmy, SbgCatalog

CATALOG = {
    "format": "warband-catalog",
    "version": 1,
    "system": "sbg",
    "id": "sbg-test",
    "revision": 1,
    "name": "Test",
    "spells": [{"id": "immobilise", "name": "Immobilise"}, {"id": "fury", "name": "Fury"}],
    "profiles": [
        {
            "id": "wizard",
            "name": "Wizard",
            "alignment": "good",
            "faction": "Wanderers",
            "cost": 170,
            "courage": 7,
            "hero": {
                "might": 3,
                "will": 6,
                "fate": 3,
                "wounds": 3,
                "spells": [{"spell": "immobilise", "casting": 3}],
            },
        },
        {
            "id": "captain",
            "name": "Captain",
            "alignment": "good",
            "faction": "Rohan",
            "cost": 45,
            "courage": 4,
            "hero": {"might": 2, "will": 1, "fate": 1, "wounds": 2},
        },
        {"id": "rider", "name": "Rider", "alignment": "good", "faction": "Rohan", "cost": 13, "courage": 3},
        {
            "id": "shaman",
            "name": "Shaman",
            "alignment": "evil",
            "faction": "Mordor",
            "cost": 50,
            "courage": 3,
            "hero": {"might": 1, "will": 3, "fate": 1, "wounds": 2, "spells": [{"spell": "fury", "casting": 3}]},
        },
        {"id": "orc", "name": "Orc", "alignment": "evil", "faction": "Mordor", "cost": 5, "courage": 2},
    ],
}


def make_catalogs(doc: dict = CATALOG):
    merged, errors = merge("sbg", [LoadedCatalog("sbg.json", SbgCatalog.model_validate(doc))])
    assert errors == []
    return merged


@pytest.fixture(scope="module")
def catalogs():
    return make_catalogs()


def army(*units, limit=None):
    return SbgArmy.model_validate({"system": "sbg", "name": "A", "points_limit": limit, "units": list(units)})


def u(uid, profile, count=1, label=""):
    return {"id": uid, "profile": profile, "count": count, "label": label}


# --- costs, problems and totals ---------------------------------------------------------------------------------
def test_a_unit_costs_its_profile_times_its_count(catalogs):
    report = validate(army(u("u1", "captain"), u("u2", "rider", 8), u("u3", "wizard")), catalogs)
    assert [c.cost for c in report.units] == [45, 104, 170]
    assert report.total_cost == 319
    assert report.valid and report.system == "sbg"


def test_ar_03_a_hero_is_one_model(catalogs):
    report = validate(army(u("u1", "captain", 3, "Erkenbrand"), u("u2", "rider", 3)), catalogs)
    [problem] = report.problems
    assert (problem.rule, problem.code, problem.unit.id) == ("AR-03", "sbg.hero_count", "u1")
    assert problem.message == "Erkenbrand is a hero: one model, not 3."
    assert report.units[0].cost == 135  # counted as it stands: the problem warns, it does not change the army


def test_ar_03_an_army_mixing_good_and_evil_is_a_problem_the_project_decided(catalogs):
    report = validate(army(u("u1", "captain"), u("u2", "orc", 10), u("u3", "rider", 2)), catalogs)
    [problem] = report.problems
    assert (problem.rule, problem.code, problem.unit) == ("AR-03", "sbg.alignment", None)
    assert problem.message.startswith(
        "The army mixes Good and Evil profiles: Captain, Rider (Good) with Orc (Evil)."
    )
    assert "project decision" in problem.message
    assert validate(army(u("u1", "shaman"), u("u2", "orc", 10)), catalogs).valid


def test_ar_03_a_long_mix_names_a_few_units_only(catalogs):
    units = [u(f"u{i}", "rider", 1, f"Rider {i}") for i in range(1, 7)]
    report = validate(army(*units, u("u9", "orc")), catalogs)
    [problem] = report.problems
    assert "Rider 1, Rider 2, Rider 3 and 3 more (Good) with Orc (Evil)" in problem.message


def test_ar_03_over_the_points_limit(catalogs):
    report = validate(army(u("u1", "wizard"), u("u2", "rider", 10), limit=250), catalogs)
    [problem] = report.problems
    assert (problem.rule, problem.code, problem.unit) == ("AR-03", "sbg.over_limit", None)
    assert (problem.params["total"], problem.params["over"]) == (300, 50)
    assert problem.message == "The army costs 300 points, 50 over its limit of 250 points."  # not A.P.
    assert validate(army(u("u1", "wizard"), u("u2", "rider", 10), limit=300), catalogs).valid


def test_ar_02_an_unknown_profile_stays_and_costs_nothing_known(catalogs):
    the_army = army(u("u1", "balrog"), u("u2", "rider", 4))
    report = validate(the_army, catalogs)
    [problem] = report.problems
    assert (problem.rule, problem.code, problem.unit.id, problem.unit.label) == (
        "AR-02",
        "profile.unknown",
        "u1",
        "balrog",
    )
    assert report.total_cost == 52
    assert [unit.profile for unit in the_army.units] == ["balrog", "rider"]
    assert totals(the_army, catalogs) == SbgTotals(points=52, models=5, might=0, will=0, fate=0)
    assert options(the_army, "u1", catalogs) == []


def test_totals_sum_heroes_might_will_fate_and_every_model(catalogs):
    the_army = army(u("u1", "wizard"), u("u2", "captain"), u("u3", "rider", 8), u("u4", "rider", 6))
    assert totals(the_army, catalogs) == SbgTotals(points=170 + 45 + 13 * 14, models=16, might=5, will=7, fate=4)
    assert totals(the_army, catalogs).points == validate(the_army, catalogs).total_cost
    doubled = army(u("u1", "captain", 2))  # a hero in numbers (a problem) counts each model
    assert totals(doubled, catalogs) == SbgTotals(points=90, models=2, might=4, will=2, fate=2)
    assert totals(army(), catalogs) == SbgTotals(0, 0, 0, 0, 0)


def test_options_list_a_heros_spells_held_and_nothing_for_warriors(catalogs):
    the_army = army(u("u1", "wizard"), u("u2", "rider", 5))
    [choice] = options(the_army, "u1", catalogs)
    assert (choice.kind, choice.id, choice.name, choice.cost, choice.eligible, choice.owned) == (
        "spell",
        "immobilise",
        "Immobilise",
        0,
        True,
        1,
    )
    assert options(the_army, "u2", catalogs) == []
    with pytest.raises(KeyError):
        options(the_army, "u9", catalogs)


def test_profile_texts(catalogs):
    idx = index(catalogs)
    assert mwf_text(idx.profiles["wizard"].hero) == "3/6/3"
    assert mwf_text(idx.profiles["rider"].hero) == "—"
    assert spell_names(idx.profiles["wizard"].hero, idx.spells) == ["Immobilise 3+"]
    assert spell_names(None, idx.spells) == []


# --- AR-04 -----------------------------------------------------------------------------------------------------
def test_ar_04_stamp_records_profiles_and_their_spells_and_compare_tells_what_changed(catalogs):
    stamped = stamp(army(u("u1", "wizard", label="Grey"), u("u2", "rider", 8), u("u3", "orc")), catalogs)
    assert [(r.id, r.revision) for r in stamped.catalogs] == [("sbg-test", 1)]
    assert set(stamped.snapshot.profiles) == {"wizard", "rider", "orc"}
    assert set(stamped.snapshot.spells) == {"immobilise"}
    assert compare(stamped, catalogs) == []

    doc = {**CATALOG, "revision": 2, "profiles": [dict(p) for p in CATALOG["profiles"] if p["id"] != "orc"]}
    for p in doc["profiles"]:
        if p["id"] == "rider":
            p["cost"] = 14
        if p["id"] == "wizard":
            p["hero"] = {**p["hero"], "will": 5, "spells": []}
            p["courage"] = 6
    changed = make_catalogs(doc)
    messages = [c.message for c in compare(stamped, changed)]
    assert messages == [
        "The catalog “sbg-test” was at revision 1 when this army was saved; it is now at 2.",
        "Profile Wizard: its profile changed (Courage, Will, spells) (Grey).",
        "Profile Rider: its cost went from 13 to 14 points (Rider).",  # the game counts points, not A.P.
        "Profile Orc is no longer in the catalogs (Orc).",
    ]
    restamped = stamp(stamped, changed)  # the profile gone stays in the snapshot, with its spells
    assert "orc" in restamped.snapshot.profiles
    assert [(r.id, r.revision) for r in restamped.catalogs] == [("sbg-test", 2)]


def test_the_system_is_registered():
    system = get_system("sbg")
    assert (system.id, system.name) == ("sbg", "Strategy Battle Game")
    assert system.army_model is SbgArmy and system.catalog_model is SbgCatalog


# --- the built-in data -----------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def builtin():
    load = load_catalogs(builtin_catalog_paths())
    assert load.errors == ()
    return load.for_system("sbg")


def test_builtin_sbg_catalog_has_heroes_warriors_and_casters_of_both_sides(builtin):
    idx = index(builtin)
    assert [lc.document.id for lc in builtin.loaded] == ["sbg-core"]
    heroes = [p for p in idx.profiles.values() if p.hero is not None]
    warriors = [p for p in idx.profiles.values() if p.hero is None]
    assert len(heroes) >= 15 and len(warriors) >= 10
    assert {p.alignment for p in heroes} == {"good", "evil"} == {p.alignment for p in warriors}
    assert len({p.faction for p in warriors}) >= 5
    assert all(p.notes for p in idx.profiles.values())  # each entry says which values are examples
    published = {
        "gandalf-the-grey": (170, "3/6/3"),
        "aragorn-strider": (160, "3/3/3"),
        "theoden": (75, "3/3/1"),
        "captain-of-rohan": (45, "2/1/1"),
        "orc-shaman": (50, "1/3/1"),
    }
    for profile_id, (cost, mwf) in published.items():
        profile = idx.profiles[profile_id]
        assert (profile.cost, mwf_text(profile.hero)) == (cost, mwf), profile_id
        assert 1 <= profile.hero.wounds <= 3
    for caster in ("gandalf-the-grey", "saruman", "orc-shaman", "ringwraith"):
        assert idx.profiles[caster].hero.spells, caster
    assert "Immobilise 3+" in spell_names(idx.profiles["gandalf-the-grey"].hero, idx.spells)
    assert len(idx.spells) >= 8


def test_builtin_sbg_example_army_is_valid(builtin):
    [example] = sorted((data_dir() / "sbg" / "examples").glob("*.warband.json"))
    the_army = load_army(example)
    assert isinstance(the_army, SbgArmy)
    report = validate(the_army, builtin)
    assert report.problems == ()
    assert report.total_cost <= the_army.points_limit == 500
    assert 4 <= len(the_army.units) <= 6
    assert {index(builtin).profiles[unit.profile].alignment for unit in the_army.units} == {"good"}
    assert any(unit.count > 1 for unit in the_army.units)
    assert compare(the_army, builtin) == []


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["wizard", "captain", "rider", "shaman", "orc", "gone"]), st.integers(1, 10_000)
        ),
        max_size=12,
    ),
    st.one_of(st.none(), st.integers(0, 1_000_000)),
)
def test_costs_are_never_negative_and_totals_agree_with_the_report(units, limit):
    catalogs = make_catalogs()
    the_army = army(*(u(f"u{i}", p, n) for i, (p, n) in enumerate(units)), limit=limit)
    report = validate(the_army, catalogs)
    assert all(c.cost >= 0 for c in report.units)
    counted = totals(the_army, catalogs)
    assert counted.points == report.total_cost >= 0
    assert counted.models == sum(n for _, n in units)
    assert report.valid == (not report.problems)
