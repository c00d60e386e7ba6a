"""Confrontation army rules CF-01 … CF-07, tested without Qt on a hand-made catalog."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import BASE_CATALOG, make_army, make_catalogs, unit
from warband.model.army import options, validate
from warband.model.names import display_name


@pytest.fixture
def catalogs():
    return make_catalogs()


def problems_of(report, rule=None):
    return [p for p in report.problems if rule is None or p.rule == rule]


def choice(choices, entry_id):
    return next(c for c in choices if c.id == entry_id)


def test_cf_01_a_non_faithful_owns_no_miracles(catalogs):
    army = make_army(unit("u1", "templar", miracles=["small-grace"]))
    report = validate(army, catalogs)
    [problem] = report.problems
    assert problem.rule == "CF-01"
    assert problem.code == "miracle.not_faithful"
    assert problem.unit is not None and problem.unit.id == "u1"
    assert "Templar is not a Faithful" in problem.message
    # the picker says the same for every miracle
    assert all(
        not c.eligible and c.reasons[0].rule == "CF-01"
        for c in options(army, "u1", catalogs)
        if c.kind == "miracle"
    )


def test_cf_01_two_faithful_may_own_the_same_miracle(catalogs):
    army = make_army(
        unit("u1", "iron-priestess", miracles=["messager-divin"]),
        unit("u2", "mid-nor-priest", miracles=["messager-divin"]),
        mixed=True,  # peoples mixed on purpose (CF-20 aside)
    )
    report = validate(army, catalogs)
    assert report.valid, report.problems
    assert [u.cost for u in report.units] == [30 + 12, 35 + 12]


def test_cf_02_a_cult_miracle_only_for_faithful_of_that_cult(catalogs):
    army = make_army(
        unit("u1", "iron-priestess", miracles=["merin-blessing"]),
        unit("u2", "mid-nor-priest", miracles=["merin-blessing"]),
        mixed=True,  # peoples mixed on purpose (CF-20 aside)
    )
    [problem] = validate(army, catalogs).problems
    assert (problem.rule, problem.unit.id) == ("CF-02", "u2")
    assert problem.message == (
        "Mid-Nor priest may not take Merin Blessing (access — cult: Merin; Mid-Nor priest — cult: Mid-Nor, "
        "Path: the Meanders of Darkness)."
    )


def test_cf_02_a_miracle_may_list_several_cults(catalogs):
    army = make_army(
        unit("u1", "iron-priestess", miracles=["messager-divin"]),
        unit("u2", "mid-nor-priest", miracles=["messager-divin"]),
        unit("u3", "wolfen-shaman", miracles=["messager-divin"]),
        mixed=True,  # peoples mixed on purpose (CF-20 aside)
    )
    [problem] = validate(army, catalogs).problems
    assert (problem.rule, problem.unit.id) == ("CF-02", "u3")
    assert "access — cults: Merin and Mid-Nor;" in problem.message


def test_cf_03_a_path_miracle_for_every_faithful_of_that_path(catalogs):
    # the Faithful's Path is its cult's Path (RULES.md decision)
    light = make_army(unit("u1", "iron-priestess", miracles=["renfort"]), unit("u2", "monk", miracles=["renfort"]))
    assert validate(light, catalogs).valid
    dark = make_army(unit("u1", "iron-priestess", miracles=["execration"]))
    [problem] = validate(dark, catalogs).problems
    assert problem.rule == "CF-03"
    assert "the Meanders of Darkness" in problem.message
    assert "Path: the Ways of Light)" in problem.message


def test_cf_03_cult_or_path_access_either_suffices(catalogs):
    # wild-call is for the cult of Yllia and the Path of Destiny
    army = make_army(unit("u1", "wolfen-shaman", miracles=["wild-call"]))
    assert validate(army, catalogs).valid


def test_cf_04_universal_miracles_for_every_faithful(catalogs):
    army = make_army(
        unit("u1", "iron-priestess", miracles=["small-grace"]),
        unit("u2", "mid-nor-priest", miracles=["small-grace"]),
        unit("u3", "wolfen-shaman", miracles=["small-grace"]),
        unit("u4", "monk", miracles=["small-grace"]),
        mixed=True,  # peoples mixed on purpose (CF-20 aside)
    )
    assert validate(army, catalogs).valid


def test_cf_04_universal_does_not_lift_the_aspects(catalogs):
    army = make_army(unit("u1", "iron-priestess", miracles=["abnegation"]))
    [problem] = validate(army, catalogs).problems
    assert problem.rule == "CF-05"
    assert problem.message == "Abnegation needs Creation 1; Iron Priestess has Creation 0."


def test_cf_05_each_aspect_must_cover_the_miracle(catalogs):
    army = make_army(unit("u1", "iron-priestess", miracles=["merin-wrath"]))
    [problem] = validate(army, catalogs).problems
    assert problem.rule == "CF-05"
    assert problem.params == {
        "miracle": "Merin Wrath",
        "aspect": "Alteration",
        "need": 3,
        "have": 2,
        "unit": "Iron Priestess",
    }


def test_cf_05_all_reasons_at_once(catalogs):
    # dark-pact: cult Mid-Nor, Creation 1, Destruction 2 — three reasons for the Iron Priestess
    army = make_army(unit("u1", "iron-priestess", miracles=["dark-pact"]))
    report = validate(army, catalogs)
    assert [(p.rule, p.code) for p in report.problems] == [
        ("CF-02", "miracle.no_access"),
        ("CF-05", "miracle.aspect"),
        ("CF-05", "miracle.aspect"),
    ]
    messages = [p.message for p in report.problems]
    assert (
        "Iron Priestess may not take Dark Pact (access — cult: Mid-Nor; Iron Priestess — cult: Merin"
        in messages[0]
    )
    assert messages[1] == "Dark Pact needs Creation 1; Iron Priestess has Creation 0."
    assert messages[2] == "Dark Pact needs Destruction 2; Iron Priestess has Destruction 1."
    [dark] = [c for c in options(army, "u1", catalogs) if c.id == "dark-pact"]
    assert [r.message for r in dark.reasons] == messages


def test_cf_05_seed_example_iron_priestess(catalogs):
    """The seed: Dévot de Merin / 10, C0 A2 D1 — Merin, Ways of Light and Universal, within her Aspects."""
    army = make_army(unit("u1", "iron-priestess"))
    choices = {c.id: c for c in options(army, "u1", catalogs) if c.kind == "miracle"}
    eligible = {cid for cid, c in choices.items() if c.eligible}
    assert eligible == {"messager-divin", "merin-blessing", "renfort", "small-grace"}
    assert choices["merin-wrath"].reasons[0].code == "miracle.aspect"  # Alteration 3 > 2
    assert choices["abnegation"].reasons[0].params["aspect"] == "Creation"  # any Creation is too much
    assert choices["execration"].reasons[0].rule == "CF-03"  # a Path of Darkness miracle
    assert choices["mid-nor-curse"].reasons[0].rule == "CF-02"


def test_cf_06_no_limit_to_the_number_of_miracles(catalogs):
    army = make_army(
        unit("u1", "iron-priestess", miracles=["messager-divin", "merin-blessing", "renfort", "small-grace"])
    )
    report = validate(army, catalogs)
    assert report.valid
    assert report.total_cost == 30 + 12 + 10 + 25 + 5


def test_cf_06_the_same_miracle_twice_is_reported_and_counted(catalogs):
    army = make_army(unit("u1", "iron-priestess", miracles=["renfort", "small-grace", "renfort"]))
    report = validate(army, catalogs)
    [problem] = report.problems
    assert (problem.rule, problem.params["times"]) == ("CF-06", 2)
    assert report.total_cost == 30 + 25 + 5 + 25
    assert choice(options(army, "u1", catalogs), "renfort").owned == 2


def test_cf_07_costs_add_to_the_faithful_and_the_army(catalogs):
    army = make_army(
        unit("u1", "iron-priestess", miracles=["renfort"], items=["amulet"]),
        unit("u2", "templar", items=["griffin-blade"]),
        unit("u3", "beast"),
        limit=200,
        mixed=True,  # peoples mixed on purpose (CF-20 aside)
    )
    report = validate(army, catalogs)
    assert report.valid
    assert [(u.id, u.cost) for u in report.units] == [("u1", 65), ("u2", 32), ("u3", 15)]
    assert report.total_cost == 112
    assert report.points_limit == 200


def test_cf_07_draft_entries_that_break_a_rule_are_counted(catalogs):
    army = make_army(unit("u1", "iron-priestess", miracles=["execration", "dark-pact"]))
    report = validate(army, catalogs)
    assert not report.valid
    assert report.total_cost == 30 + 10 + 7


def test_cf_07_over_the_limit_is_a_problem_never_a_cut(catalogs):
    army = make_army(unit("u1", "iron-priestess", miracles=["renfort"]), unit("u2", "templar"), limit=60)
    report = validate(army, catalogs)
    [problem] = report.problems
    assert (problem.rule, problem.code, problem.unit) == ("CF-07", "army.over_limit", None)
    assert problem.message == "The army costs 75 A.P., 15 over its limit of 60 A.P."
    assert report.total_cost == 75
    assert len(report.units) == 2


def test_cf_07_at_the_limit_or_without_one_is_fine(catalogs):
    assert validate(make_army(unit("u1", "templar"), limit=20), catalogs).valid
    assert validate(make_army(unit("u1", "templar"), limit=None), catalogs).valid


def test_cf_07_items_for_any_model_unless_restricted(catalogs):
    army = make_army(
        unit("u1", "beast", items=["amulet"]),
        unit("u2", "beast", items=["relic", "griffin-blade"]),
        unit("u3", "monk", items=["relic", "griffin-blade"]),
        mixed=True,  # peoples mixed on purpose (CF-20 aside)
    )
    report = validate(army, catalogs)
    assert [(p.rule, p.unit.id, p.params["item"]) for p in report.problems] == [
        ("CF-07", "u2", "Holy relic"),
        ("CF-07", "u2", "Griffin blade"),
    ]
    assert report.problems[1].message == "Griffin blade is only for the people griffins; Beast is not."
    beast_items = {c.id: c.eligible for c in options(army, "u2", catalogs) if c.kind == "item"}
    assert beast_items == {"amulet": True, "relic": False, "griffin-blade": False}


def test_cf_16_profile_without_discipline_loads(catalogs):
    assert catalogs.get("profiles", "beast").discipline is None


def test_problems_sorted_by_unit_then_rule(catalogs):
    army = make_army(
        unit("u1", "iron-priestess", miracles=["merin-wrath", "mid-nor-curse"]),
        unit("u2", "templar", miracles=["renfort"]),
        limit=10,
    )
    report = validate(army, catalogs)
    assert [(p.unit.index if p.unit else None, p.rule) for p in report.problems] == [
        (0, "CF-02"),
        (0, "CF-05"),
        (1, "CF-01"),
        (None, "CF-07"),
    ]


def test_options_lists_every_miracle_and_item_with_costs(catalogs):
    army = make_army(unit("u1", "iron-priestess", miracles=["renfort"]))
    choices = options(army, "u1", catalogs)
    assert [c.kind for c in choices].count("miracle") == 10
    assert [c.kind for c in choices].count("item") == 3
    messager = choice(choices, "messager-divin")
    assert (messager.name, messager.cost, messager.eligible, messager.reasons) == (
        "Divine messenger",
        12,
        True,
        (),
    )
    assert choice(choices, "renfort").owned == 1


def test_options_for_an_unknown_unit_is_an_error(catalogs):
    with pytest.raises(KeyError):
        options(make_army(), "nobody", catalogs)


def test_unit_label_is_used_in_messages(catalogs):
    army = make_army(unit("u1", "templar", miracles=["renfort"], label="Sir Gawen"))
    [problem] = validate(army, catalogs).problems
    assert problem.unit.label == "Sir Gawen"
    assert problem.message.startswith("Sir Gawen is not a Faithful")


PROFILE_IDS = ["iron-priestess", "monk", "mid-nor-priest", "wolfen-shaman", "templar", "beast", "gone"]
MIRACLE_IDS = [m["id"] for m in BASE_CATALOG["miracles"]] + ["lost"]
ITEM_IDS = ["amulet", "relic", "griffin-blade", "lost-item"]


@st.composite
def random_armies(draw):
    units = [
        unit(
            f"u{i}",
            draw(st.sampled_from(PROFILE_IDS)),
            miracles=draw(st.lists(st.sampled_from(MIRACLE_IDS), max_size=6)),
            items=draw(st.lists(st.sampled_from(ITEM_IDS), max_size=3)),
        )
        for i in range(draw(st.integers(0, 8)))
    ]
    return make_army(*units, limit=draw(st.none() | st.integers(0, 500)), mixed=draw(st.booleans()))


@given(army=random_armies())
def test_costs_are_never_negative_and_add_up(army):
    catalogs = make_catalogs()
    report = validate(army, catalogs)
    assert all(u.cost >= 0 for u in report.units)
    assert report.total_cost == sum(u.cost for u in report.units)
    assert report.valid == (not report.problems)
    rules = {"AR-02", "CF-01", "CF-02", "CF-03", "CF-05", "CF-06", "CF-07", "CF-20"}
    assert all(p.rule in rules for p in report.problems)
    # CF-20: none in a mixed army; else the army's people leaves out no more than the most common one would
    strangers = [p for p in report.problems if p.rule == "CF-20"]
    peoples = Counter(catalogs.get("profiles", u.profile).people for u in army.units if u.profile != "gone")
    assert len(strangers) <= (0 if army.mixed_peoples else peoples.total() - max(peoples.values(), default=0))
    assert all(p.message for p in report.problems)
    # the picker and the validator agree on every miracle a known profile holds
    for position, held in enumerate(army.units):
        if held.profile == "gone":
            continue  # AR-02: nothing to judge against; the picker refuses everything
        refused = {c.id for c in options(army, held.id, catalogs) if c.kind == "miracle" and not c.eligible}
        reported = {
            p.params.get("miracle")
            for p in report.problems
            if p.unit and p.unit.index == position and p.rule in {"CF-01", "CF-02", "CF-03", "CF-05"}
        }
        assert {display_name(catalogs.get("miracles", m).name) for m in held.miracles if m in refused} == reported
