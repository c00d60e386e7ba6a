"""Power dice without Qt: PD-01 … PD-08 on a small hand-made catalog, the built-in example data, the journal."""

from __future__ import annotations

from fractions import Fraction

import pytest

from warband.model.army import compare, load_army, options, stamp, validate
from warband.model.battle import BattleRun
from warband.model.catalog import LoadedCatalog, builtin_catalog_paths, load_catalogs, merge
from warband.model.dice import SeededDice, TypedDice
from warband.model.locations import data_dir
from warband.model.replay import resume
from warband.model.session import RefusedError
from warband.model.systems.powerdice.battle_commands import COMMANDS, CastSpell, HandOver, PlaceMarker
from warband.model.systems.powerdice.battle_rules import (
    CastRequest,
    cast,
    cast_problems,
    chance,
    claim_order,
    helpers,
    next_step,
    start_battle,
    visible_marker,
)
from warband.model.systems.powerdice.battle_state import PowerDiceBattle
from warband.model.systems.powerdice.schema import PowerDiceArmy, PowerDiceCatalog

CATALOG = {
    "format": "warband-catalog",
    "version": 1,
    "system": "powerdice",
    "id": "pd-test",
    "revision": 1,
    "name": "Test",
    "spells": [
        {"id": "fireball", "name": "Fireball", "traits": ["magician"], "difficulty": 8, "cost": 10},
        {"id": "shield", "name": "Shield", "traits": ["magician", "priest"], "difficulty": 6, "duration": 2},
        {"id": "raise", "name": "Raise dead", "traits": ["necromancer"], "difficulty": 12, "duration": "long"},
        {"id": "roots", "name": "Roots", "traits": ["shaman"], "difficulty": 5, "duration": 1},
    ],
    "profiles": [
        {"id": "mage", "name": "Mage", "cost": 50, "caster": {"traits": ["magician"], "level": 2}},
        {"id": "apprentice", "name": "Apprentice", "cost": 30, "caster": {"traits": ["magician"], "level": 1}},
        {"id": "priest", "name": "Priest", "cost": 40, "caster": {"traits": ["priest"], "level": 3}},
        {"id": "druid", "name": "Druid", "cost": 40, "caster": {"traits": ["shaman"], "level": 2}},
        {"id": "necro", "name": "Necromancer", "cost": 60, "caster": {"traits": ["necromancer"], "level": 4}},
        {"id": "spears", "name": "Spearmen", "cost": 20},
    ],
}


@pytest.fixture(scope="module")
def catalogs():
    loaded = LoadedCatalog("pd.json", PowerDiceCatalog.model_validate(CATALOG))
    merged, errors = merge("powerdice", [loaded])
    assert errors == []
    return merged


def army(*units, limit=None):
    return PowerDiceArmy.model_validate(
        {"system": "powerdice", "name": "A", "points_limit": limit, "units": list(units)}
    )


def u(uid, profile, *spells):
    return {"id": uid, "profile": profile, "spells": list(spells)}


# --- army building --------------------------------------------------------------------------------------------
def test_pd_01_a_caster_uses_only_spells_sharing_a_trait(catalogs):
    report = validate(
        army(u("u1", "mage", "fireball", "shield"), u("u2", "priest", "shield", "fireball")), catalogs
    )
    [problem] = report.problems
    assert (problem.rule, problem.unit.id) == ("PD-01", "u2")
    assert (
        problem.message
        == "Fireball is for the magician; Priest is a priest (cleric) and shares none of these traits."
    )
    assert report.total_cost == 50 + 10 + 0 + 40 + 0 + 10
    choices = {c.id: c for c in options(army(u("u1", "druid")), "u1", catalogs)}
    assert {cid for cid, c in choices.items() if c.eligible} == {"roots"}
    assert choices["fireball"].reasons[0].rule == "PD-01"


def test_pd_01_a_non_caster_uses_no_spell(catalogs):
    [problem] = validate(army(u("u1", "spears", "roots")), catalogs).problems
    assert (problem.rule, problem.code) == ("PD-01", "spell.not_caster")


def test_powerdice_limit_unknown_entries_and_catalog_changes(catalogs):
    report = validate(army(u("u1", "mage", "fireball", "lost"), u("u2", "gone"), limit=40), catalogs)
    assert [(p.rule, p.code) for p in report.problems] == [
        ("AR-02", "spell.unknown"),
        ("AR-02", "profile.unknown"),
        ("AR-03", "army.over_limit"),
    ]
    stamped = stamp(army(u("u1", "mage", "fireball")), catalogs)
    changed = dict(CATALOG, revision=2, spells=[dict(CATALOG["spells"][0], cost=12), *CATALOG["spells"][1:]])
    newer, _ = merge("powerdice", [LoadedCatalog("pd.json", PowerDiceCatalog.model_validate(changed))])
    assert [c.code for c in compare(stamped, newer)] == ["change.catalog_revision", "change.cost"]


def test_builtin_powerdice_data():
    load = load_catalogs(builtin_catalog_paths())
    assert load.errors == ()
    catalogs = load.for_system("powerdice")
    spells = catalogs.entries["spells"].values()
    profiles = catalogs.entries["profiles"].values()
    assert len(spells) >= 12
    assert sum(1 for s in spells if len(s.traits) == 2) >= 2
    assert {s.difficulty for s in spells} >= {3, 15}
    for trait in ("magician", "necromancer", "shaman", "priest"):
        levels = {p.caster.level for p in profiles if p.caster and trait in p.caster.traits}
        assert levels >= {1, 2, 3, 4}, trait
    [example] = sorted((data_dir() / "powerdice" / "examples").glob("*.warband.json"))
    assert validate(load_army(example), catalogs).valid


# --- battles ----------------------------------------------------------------------------------------------------
def battle(catalogs, light=None, dark=None):
    light = light or army(u("u1", "mage", "fireball"), u("u2", "apprentice"), u("u3", "priest", "shield"))
    dark = dark or army(u("u1", "necro", "raise"), u("u2", "druid", "roots"), u("u3", "spears"))
    return start_battle([("Aline", light), ("Bruno", dark)], catalogs)


def place(b, markers):
    """A1 for both sides: side 0 places, hands over, side 1 places, hands over."""
    for side in (0, 1):
        for key, marker in markers.items():
            if key.startswith(f"{side}:"):
                b = PlaceMarker(key=key, marker=marker).apply(b)
        b = HandOver().apply(b)
    return b


def to_step(b, step):
    while b.step != step:
        b = next_step(b)[0]
    return b


MARKERS = {
    "0:u1": "incantation",
    "0:u2": "incantation",
    "0:u3": "restoration",
    "1:u1": "incantation",
    "1:u2": "wait",
}


def test_pd_02_casters_start_with_their_level_in_power_dice(catalogs):
    b = battle(catalogs)
    assert {k: s.reserve for k, s in b.casters.items()} == {"0:u1": 2, "0:u2": 1, "0:u3": 3, "1:u1": 4, "1:u2": 2}
    assert "1:u3" not in b.casters  # spearmen are no casters


def test_pd_03_markers_are_hidden_until_a3_and_placed_side_by_side(catalogs):
    b = PlaceMarker(key="0:u1", marker="incantation").apply(battle(catalogs))
    assert visible_marker(b, "0:u1", viewer=0) == "incantation"
    assert visible_marker(b, "0:u1", viewer=1) is None
    assert visible_marker(b, "0:u1", viewer=None) is None
    with pytest.raises(RefusedError) as err:
        PlaceMarker(key="1:u1", marker="wait").apply(b)  # not Bruno's turn to place
    assert err.value.reason.rule == "PD-03"
    with pytest.raises(RefusedError) as err:
        HandOver().apply(b)  # the apprentice and the priest have no marker yet
    assert err.value.reason.code == "pd.a1_unfinished"
    b = place(battle(catalogs), MARKERS)
    assert b.choosing is None
    assert (
        visible_marker(b, "0:u1", viewer=0) is None
    )  # handed over: hidden from its own side too, on the shared screen
    assert visible_marker(b, "1:u2", viewer=1) is None
    b = to_step(b, "A3")
    assert b.revealed and visible_marker(b, "1:u2", viewer=0) == "wait"


def test_pd_03_a1_must_be_finished_before_moving_on(catalogs):
    with pytest.raises(RefusedError) as err:
        next_step(battle(catalogs))
    assert err.value.reason.code == "pd.a1_choosing"


def test_pd_03_undo_cannot_cross_the_hand_over(catalogs):
    run = BattleRun(battle(catalogs))
    run.execute(PlaceMarker(key="0:u1", marker="incantation"))
    run.execute(PlaceMarker(key="0:u2", marker="wait"))
    run.execute(PlaceMarker(key="0:u3", marker="restoration"))
    run.execute(HandOver(), barrier=True)
    assert run.session.undo_label is None
    assert run.undo() is False
    assert all("incantation" not in e.text and "wait" not in e.text for e in run.log)  # the log shows no marker


def test_pd_03_b3_alternates_starting_with_the_initiative(catalogs):
    b = to_step(place(battle(catalogs), MARKERS), "B3")
    assert b.b3_turn == 0
    problems = cast_problems(b, CastRequest("1:u1", "raise", 2))
    assert [p.code for p in problems] == ["pd.not_your_turn"]
    b, _ = cast(b, CastRequest("0:u1", "fireball", 2), TypedDice((3, 4)))
    assert b.b3_turn == 1  # now Bruno's necromancer
    b, _ = cast(b, CastRequest("1:u1", "raise", 3), TypedDice((6, 5, 2)))
    assert b.b3_turn == 0  # back to Aline's apprentice


def test_pd_04_restoration_never_above_the_level(catalogs):
    b = place(battle(catalogs), MARKERS)
    b = to_step(b, "B3")
    b, report = next_step(b)  # end of B3
    assert b.step == "C"
    assert b.casters["0:u3"].reserve == 3  # the priest was full: still 3, not 4
    assert b.casters["0:u3"].marker is None
    assert "Priest" in report.restored


def test_pd_04_restoration_recovers_one_die(catalogs):
    b = place(battle(catalogs), MARKERS)
    b = to_step(b, "B3")
    b = b.model_copy(
        update={"casters": {**b.casters, "0:u3": b.casters["0:u3"].model_copy(update={"reserve": 1})}}
    )
    b, _ = next_step(b)
    assert b.casters["0:u3"].reserve == 2


def test_pd_05_unused_incantation_markers_cost_a_die_at_the_end_of_b3(catalogs):
    b = to_step(place(battle(catalogs), MARKERS), "B3")
    b, report = next_step(b)
    assert {k: (s.reserve, s.marker) for k, s in b.casters.items() if k in ("0:u1", "0:u2", "1:u1")} == {
        "0:u1": (1, None),
        "0:u2": (0, None),
        "1:u1": (3, None),
    }
    assert set(report.lost) == {"Mage", "Apprentice", "Necromancer"}


def test_pd_05_the_level_plus_one_cap_counts_the_gifts(catalogs):
    b = to_step(place(battle(catalogs), MARKERS), "B3")
    assert [h.key for h in helpers(b, "0:u1")] == ["0:u2"]  # friendly, incantation, a shared trait
    over = cast_problems(b, CastRequest("0:u1", "fireball", 2, {"0:u2": 1}, helpers_near=True))
    assert over == []  # 3 = level 2 + 1
    b2 = b.model_copy(
        update={"casters": {**b.casters, "0:u1": b.casters["0:u1"].model_copy(update={"reserve": 2})}}
    )
    problems = cast_problems(b2, CastRequest("0:u1", "fireball", 2, {"0:u2": 2}, helpers_near=True))
    assert "pd.cap" in [p.code for p in problems]
    assert [p.code for p in cast_problems(b, CastRequest("0:u1", "fireball", 2, {"0:u2": 1}))] == [
        "pd.helpers_near"
    ]
    after, outcome = cast(
        b, CastRequest("0:u1", "fireball", 2, {"0:u2": 1}, helpers_near=True), TypedDice((2, 3, 4))
    )
    assert outcome.success and outcome.total == 9
    assert (after.casters["0:u1"].reserve, after.casters["0:u2"].reserve) == (0, 0)  # the dice leave every giver
    assert (
        after.casters["0:u1"].marker is None and after.casters["0:u2"].marker is None
    )  # every participant's marker


def test_pd_05_helpers_must_be_friendly_with_an_incantation_marker(catalogs):
    b = to_step(place(battle(catalogs), MARKERS), "B3")
    codes = [p.code for p in cast_problems(b, CastRequest("0:u1", "fireball", 1, {"1:u1": 1}, helpers_near=True))]
    assert "pd.helper_side" in codes
    codes = [p.code for p in cast_problems(b, CastRequest("0:u1", "fireball", 1, {"0:u3": 1}, helpers_near=True))]
    assert "pd.helper_marker" in codes


def test_pd_06_wait_casters_cast_in_c_with_three_dice_at_most_and_no_gifts(catalogs):
    light = army(u("u1", "mage", "fireball"), u("u2", "apprentice"), u("u3", "priest", "shield"))
    dark = army(u("u1", "necro", "raise"), u("u2", "druid", "roots"))
    b = start_battle([("Aline", light), ("Bruno", dark)], catalogs)
    b = to_step(place(b, {**MARKERS, "1:u1": "wait"}), "C")
    assert [p.code for p in cast_problems(b, CastRequest("1:u1", "raise", 4))] == ["pd.wait_cap"]
    assert "pd.no_gifts" in [p.code for p in cast_problems(b, CastRequest("1:u1", "raise", 2, {"1:u2": 1}))]
    assert [p.code for p in cast_problems(b, CastRequest("0:u1", "fireball", 1))] == ["pd.marker_needed"]
    b, outcome = cast(b, CastRequest("1:u1", "raise", 3), TypedDice((6, 6, 1)))
    assert outcome.success
    assert b.casters["1:u1"].marker is None  # one casting per wait marker
    assert claim_order(["0:u1", "1:u2"], active_side=1) == ["1:u2", "0:u1"]  # the active player first


def test_pd_07_a_helper_must_share_a_trait(catalogs):
    light = army(u("u1", "mage", "fireball"), u("u2", "druid"))
    b = start_battle([("A", light), ("B", army(u("u1", "spears")))], catalogs)
    b = to_step(place(b, {"0:u1": "incantation", "0:u2": "incantation"}), "B3")
    assert helpers(b, "0:u1") == []
    codes = [p.code for p in cast_problems(b, CastRequest("0:u1", "fireball", 1, {"0:u2": 1}, helpers_near=True))]
    assert codes == ["pd.helper_trait"]


def test_pd_08_the_roll_against_the_difficulty_and_lasting_spells(catalogs):
    b = to_step(place(battle(catalogs), {**MARKERS, "0:u3": "incantation"}), "B3")
    assert chance(b, CastRequest("0:u1", "fireball", 2)) == Fraction(15, 36)  # 2d6 >= 8
    b, outcome = cast(b, CastRequest("0:u1", "fireball", 2), TypedDice((3, 4)))
    assert (outcome.total, outcome.success) == (7, False)
    assert b.casters["0:u1"].reserve == 0  # spent, success or not
    b, outcome = cast(b, CastRequest("1:u1", "raise", 3), TypedDice((6, 5, 2)))
    assert outcome.success
    b, outcome = cast(b, CastRequest("0:u3", "shield", 2, target="the bridge"), TypedDice((4, 4)))
    assert outcome.success
    assert [(s.spell, s.turns_left, s.counter) for s in b.lasting] == [("raise", None, 0), ("shield", 2, None)]
    b = to_step(b, "D4")
    assert [(s.spell, s.turns_left, s.counter, s.turned) for s in b.lasting] == [
        ("raise", None, 1, False),
        ("shield", 1, None, True),
    ]
    b = next_step(b)[0]
    b = to_step(place(b, MARKERS), "D4")
    assert [(s.spell, s.counter) for s in b.lasting] == [("raise", 2)]  # the 2-turn shield went at the second D4


def test_pd_08_refused_outside_b3_and_c(catalogs):
    problems = cast_problems(to_step(place(battle(catalogs), MARKERS), "B1"), CastRequest("0:u1", "fireball", 1))
    assert [p.rule for p in problems] == ["PD-03"]


def test_powerdice_journal_resumes_after_the_hand_over(tmp_path, catalogs):
    journal = tmp_path / "pd.journal"
    run = BattleRun(battle(catalogs), dice=SeededDice(2), journal=journal)
    for key in ("0:u1", "0:u2", "0:u3"):
        run.execute(PlaceMarker(key=key, marker=MARKERS[key]))
    run.execute(HandOver(), barrier=True)
    run.execute(PlaceMarker(key="1:u1", marker="incantation"))
    resumed = resume(journal, PowerDiceBattle, COMMANDS.validate_python)
    assert resumed.battle == run.battle
    assert resumed.session.undo_label == "Place a marker"
    resumed.undo()
    assert resumed.undo() is False  # the hand-over is still a wall after resuming
    labels = [PlaceMarker(key="0:u1", marker=m).label for m in ("incantation", "restoration", "wait", None)]
    assert set(labels) == {"Place a marker"}  # undo labels never tell which marker
    assert CastSpell(key="0:u1", spell="fireball", dice=1, rolled=(4,)).label == "Cast fireball"


def test_pd_03_the_initiative_cannot_change_while_markers_are_placed(catalogs):
    from warband.model.systems.powerdice.battle_commands import SetInitiative

    with pytest.raises(RefusedError) as err:
        SetInitiative(side=1).apply(battle(catalogs))
    assert err.value.reason.rule == "PD-03"
    b = to_step(place(battle(catalogs), MARKERS), "A2")
    assert SetInitiative(side=1).apply(b).initiative == 1
