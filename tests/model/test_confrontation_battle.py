"""Confrontation battles, CF-08 … CF-19 and AR-05, without Qt: the turn, the Divination order, calling miracles."""

from __future__ import annotations

import pytest

from tests.helpers import catalog_doc, faithful, make_army, make_catalogs, unit
from warband.model.battle import BattleRun, RecordingDice
from warband.model.dice import DiceError, SeededDice, TypedDice
from warband.model.session import RefusedError
from warband.model.systems.confrontation.battle_calls import CallRequest, call_miracle, call_problems
from warband.model.systems.confrontation.battle_commands import (
    CallMiracle,
    NextPhase,
    PreviousPhase,
    SetModelFlag,
    SetModelNumber,
    SetTacticalWinner,
    SetTieOrder,
)
from warband.model.systems.confrontation.battle_rules import divination_order, start_battle
from warband.model.systems.confrontation.battle_state import PHASES, RulesOptions


@pytest.fixture(scope="module")
def catalogs():
    doc = catalog_doc()
    doc["profiles"].append(
        {
            "id": "wild-seer",
            "name": "Wild seer",
            "people": "wolfen",
            "cost": 20,
            "discipline": None,
            "faithful": faithful("yllia", (0, 1, 0), faith=4),
        }
    )
    return make_catalogs(doc)


def light_army():
    return make_army(
        unit("u1", "iron-priestess", miracles=["renfort", "messager-divin", "small-grace"]),
        unit("u2", "monk", miracles=["renfort"]),
        unit("u3", "templar"),
        unit("u4", "iron-priestess", miracles=["small-grace"], label="Second priestess"),
    )


def dark_army():
    return make_army(
        unit("u1", "mid-nor-priest", miracles=["mid-nor-curse"]),
        unit("u2", "wolfen-shaman", miracles=["wild-call"]),
        unit("u3", "wild-seer", miracles=["small-grace"]),
    )


def battle(catalogs, options=None, phase="divination"):
    b = start_battle([("Aline", light_army()), ("Bruno", dark_army())], catalogs, options)
    while b.phase != phase:
        b = NextPhase().apply(b)
    return b


def flag(b, key, field, value=True):
    return SetModelFlag(key=key, field=field, value=value).apply(b)


def its_turn(b, key):
    """The battle with every Faithful before `key` in the Divination order done (CF-13)."""
    while (current := divination_order(b).current) is not None and current.key != key:
        b = flag(b, current.key, "divination_done")
    return b


def call(b, key="0:u1", miracle="renfort", fervour=2, dice=(5,), confirmed=True, difficulty=None):
    return call_miracle(b, CallRequest(key, miracle, fervour, confirmed, difficulty), TypedDice(dice))


def refusal(b, **kwargs):
    with pytest.raises(RefusedError) as err:
        call(b, **kwargs)
    return err.value.reason


def test_battle_embeds_armies_and_catalog_entries(catalogs):
    b = battle(catalogs, phase="tactical")
    assert [s.player for s in b.sides] == ["Aline", "Bruno"]
    assert set(b.entries.miracles) >= {"renfort", "messager-divin", "mid-nor-curse", "wild-call"}
    assert set(b.entries.profiles) >= {"iron-priestess", "wild-seer", "templar"}
    assert b.state("0:u1").faith == 10
    assert b.state("1:u3").faith == 4
    again = start_battle([("A", light_army()), ("B", light_army())], catalogs)  # one file twice is fine
    assert set(again.models) == {f"{s}:u{i}" for s in (0, 1) for i in range(1, 5)}


def test_cf_08_the_turn_and_its_phases(catalogs):
    b = battle(catalogs, phase="tactical")
    seen = [b.phase]
    for _ in range(len(PHASES) - 1):
        b = NextPhase().apply(b)
        seen.append(b.phase)
    assert seen == ["tactical", "movement", "divination", "shooting", "melee", "end"]
    b = PreviousPhase().apply(b)
    assert b.phase == "melee"
    b = NextPhase().apply(NextPhase().apply(b))
    assert (b.turn, b.phase) == (2, "tactical")
    with pytest.raises(RefusedError) as err:
        PreviousPhase().apply(b)
    assert err.value.reason.rule == "CF-08"


def test_cf_08_miracles_only_in_the_divination_phase(catalogs):
    reason = refusal(battle(catalogs, phase="movement"))
    assert (reason.rule, reason.message) == (
        "CF-08",
        "Miracles are called in the Divination phase; this is the Movement phase.",
    )


def test_cf_09_a_miracle_once_per_turn_whether_it_succeeds_or_not(catalogs):
    b, outcome = call(battle(catalogs), dice=(1,))
    assert not outcome.success
    reason = refusal(b)
    assert reason.rule == "CF-09"
    assert reason.message == "Iron Priestess has already called Renfort this turn, successfully or not."
    b2, _ = call(b, miracle="small-grace", fervour=1, dice=(4,))  # another miracle: fine
    assert b2.state("0:u1").called == ("renfort", "small-grace")
    for _ in range(len(PHASES)):
        b2 = NextPhase().apply(b2)
    while b2.phase != "divination":
        b2 = NextPhase().apply(b2)
    call(b2)  # a new turn: Renfort again


def test_cf_10_no_call_after_a_feat_a_shot_or_an_over_long_move(catalogs):
    b = battle(catalogs)
    assert refusal(flag(b, "0:u1", "feat")).message == (
        "Iron Priestess performed a Physical Feat this turn and cannot call a miracle."
    )
    assert refusal(flag(b, "0:u1", "shot")).rule == "CF-10"
    assert refusal(flag(b, "0:u1", "moved_beyond")).code == "call.moved"
    # movement from a miracle, ability, item or experience does not count
    call(flag(flag(b, "0:u1", "moved_beyond"), "0:u1", "moved_by_effect"))


def test_cf_10_warrior_monks_may_over_move_but_not_shoot_or_perform_a_feat(catalogs):
    b = its_turn(battle(catalogs), "0:u2")
    call(flag(b, "0:u2", "moved_beyond"), key="0:u2")
    assert refusal(flag(b, "0:u2", "feat"), key="0:u2").rule == "CF-10"
    assert refusal(flag(b, "0:u2", "shot"), key="0:u2").rule == "CF-10"


def test_cf_10_calling_forbids_shooting_or_a_feat_later_in_the_turn(catalogs):
    b, _ = call(battle(catalogs))
    with pytest.raises(RefusedError) as err:
        flag(b, "0:u1", "shot")
    assert err.value.reason.rule == "CF-10"
    assert (
        err.value.reason.message == "Iron Priestess called a miracle this turn and cannot shoot in the same turn."
    )
    with pytest.raises(RefusedError):
        flag(b, "0:u1", "feat")
    flag(b, "0:u4", "shot")  # another Faithful that has not called may shoot


def test_cf_11_engaged_or_wounded_faithful_cannot_call(catalogs):
    b = battle(catalogs)
    reason = refusal(flag(b, "0:u1", "engaged"))
    assert (reason.rule, reason.code) == ("CF-11", "call.engaged")
    assert refusal(flag(b, "0:u1", "wounds_roll")).code == "call.wounds_roll"


def test_cf_11_warrior_monks_are_exempt(catalogs):
    b = flag(flag(its_turn(battle(catalogs), "0:u2"), "0:u2", "engaged"), "0:u2", "wounds_roll")
    _, outcome = call(b, key="0:u2", dice=(6, 2))
    assert outcome.success


def test_cf_12_the_player_confirms_sight_or_contact(catalogs):
    reason = refusal(battle(catalogs), confirmed=False)
    assert (reason.rule, reason.message) == (
        "CF-12",
        "Iron Priestess must see its target or be in base contact with it: confirm it first.",
    )


def test_cf_13_highest_discipline_first_with_bonuses(catalogs):
    order = divination_order(SetTacticalWinner(side=0).apply(battle(catalogs)))
    assert [(s.key, s.discipline) for s in order.slots] == [
        ("0:u1", 4),
        ("0:u4", 4),
        ("0:u2", 3),
        ("1:u1", 3),
        ("1:u2", 2),
        ("1:u3", 0),
    ]
    boosted = SetModelNumber(key="1:u2", field="discipline_bonus", value=3).apply(battle(catalogs))
    assert divination_order(boosted).slots[0].key == "1:u2"  # 2 + 3 = 5


def test_cf_13_a_faithful_calls_all_its_miracles_at_its_place(catalogs):
    b = SetTacticalWinner(side=0).apply(battle(catalogs))
    b, _ = call(b, dice=(5,))
    assert divination_order(b).current.key == "0:u1"  # it may call its other miracles now
    b, _ = call(b, miracle="small-grace", fervour=1, dice=(3,))
    b = flag(b, "0:u1", "divination_done")
    assert divination_order(b).current.key == "0:u4"


def test_cf_14_ties_within_a_side_in_the_order_its_player_chose(catalogs):
    b = SetTacticalWinner(side=0).apply(battle(catalogs))
    slots = divination_order(b).slots
    assert [s.key for s in slots[:2]] == ["0:u1", "0:u4"]
    assert slots[0].tied and slots[1].tied and not slots[5].tied
    b = SetTieOrder(side=0, order=("u4", "u1")).apply(b)
    assert [s.key for s in divination_order(b).slots[:2]] == ["0:u4", "0:u1"]


def test_cf_15_ties_across_sides_the_tactical_winner_first(catalogs):
    b = battle(catalogs)
    unknown = divination_order(b)
    assert unknown.needs_tactical_winner
    assert [s.key for s in unknown.slots if s.discipline == 3] == ["0:u2", "1:u1"]
    assert all(s.across for s in unknown.slots if s.discipline == 3)
    won = divination_order(SetTacticalWinner(side=1).apply(b))
    assert not won.needs_tactical_winner
    assert [s.key for s in won.slots if s.discipline == 3] == ["1:u1", "0:u2"]


def test_cf_15_option_alternate_sides_winner_first(catalogs):
    light = make_army(*(unit(f"u{i}", "iron-priestess", miracles=["renfort"]) for i in range(1, 4)))
    dark = make_army(*(unit(f"u{i}", "iron-priestess", miracles=["renfort"]) for i in range(1, 3)))
    b = start_battle([("A", light), ("B", dark)], catalogs, RulesOptions(tie_across_sides="alternate"))
    b = SetTacticalWinner(side=1).apply(b)
    assert [s.key for s in divination_order(b).slots] == ["1:u1", "0:u1", "1:u2", "0:u2", "0:u3"]
    b_first = start_battle([("A", light), ("B", dark)], catalogs)
    b_first = SetTacticalWinner(side=1).apply(b_first)
    assert [s.key for s in divination_order(b_first).slots] == ["1:u1", "1:u2", "0:u1", "0:u2", "0:u3"]


def test_cf_16_no_discipline_counts_zero_and_no_bonus_changes_it(catalogs):
    b = SetModelNumber(key="1:u3", field="discipline_bonus", value=5).apply(battle(catalogs))
    [seer] = [s for s in divination_order(b).slots if s.key == "1:u3"]
    assert seer.discipline == 0
    assert divination_order(b).slots[-1].key == "1:u3"


def test_cf_10_cf_11_faithful_who_may_not_call_are_listed_apart(catalogs):
    b = flag(flag(battle(catalogs), "0:u1", "engaged"), "1:u1", "feat")
    order = divination_order(b)
    barred = {x.key: [p.rule for p in x.problems] for x in order.barred}
    assert barred == {"0:u1": ["CF-11"], "1:u1": ["CF-10"]}
    assert "0:u1" not in [s.key for s in order.slots]
    assert "0:u3" not in barred  # the templar is no Faithful: not in the Divination order at all


def test_cf_17_a_difficulty_set_at_the_table_is_asked_for(catalogs):
    b = battle(catalogs)
    reason = refusal(b, miracle="messager-divin", fervour=3)
    assert (reason.rule, reason.code) == ("CF-17", "call.difficulty")
    assert (
        reason.message
        == "The difficulty of Divine messenger is set at the table (the fervour chosen + 4): enter it."
    )
    _, outcome = call(b, miracle="messager-divin", fervour=3, difficulty=7, dice=(4,))
    assert (outcome.difficulty, outcome.total, outcome.success) == (7, 7, True)


def test_cf_18_temporary_faith_is_refilled_each_turn(catalogs):
    b, _ = call(battle(catalogs), fervour=4, dice=(5,))
    assert b.state("0:u1").faith == 6
    while b.phase != "tactical":
        b = NextPhase().apply(b)
    assert (b.turn, b.state("0:u1").faith, b.state("0:u1").called) == (2, 10, ())


def test_cf_18_option_no_refill(catalogs):
    b, _ = call(battle(catalogs, RulesOptions(refill_faith=False)), fervour=4, dice=(5,))
    while b.phase != "tactical":
        b = NextPhase().apply(b)
    assert b.state("0:u1").faith == 6


def test_cf_19_fervour_within_the_miracle_minimum_and_the_reserve(catalogs):
    b = battle(catalogs)
    assert refusal(b, fervour=0).message == "Renfort needs a fervour of at least 1; 0 was declared."
    assert refusal(b, fervour=11).message == "Iron Priestess has 10 T.F. left and cannot spend a fervour of 11."
    problems = call_problems(b, CallRequest("0:u1", "renfort", 11, False))
    assert [p.rule for p in problems] == ["CF-19", "CF-12"]  # every reason at once


def test_cf_19_the_divination_roll_and_its_options(catalogs):
    b = battle(catalogs)
    # Renfort: difficulty 8 (test catalog default 8), 1D6 + fervour
    after, outcome = call(b, fervour=2, dice=(6,))
    assert (outcome.dice, outcome.total, outcome.success) == ((6,), 8, True)  # enough: no more dice
    assert after.state("0:u1").faith == 8  # the fervour is spent
    _, outcome = call(b, fervour=1, dice=(6, 3))
    assert (outcome.dice, outcome.total, outcome.success) == ((6, 3), 10, True)  # a 6 rolled again and added
    _, outcome = call(b, fervour=9, dice=(1,))
    assert (outcome.success, outcome.natural_one) == (False, True)  # a natural 1 always fails
    after, outcome = call(b, fervour=3, dice=(2,))
    assert not outcome.success and after.state("0:u1").faith == 7  # spent even on a failure
    _, outcome = call(battle(catalogs, RulesOptions(natural_one_fails=False)), fervour=9, dice=(1,))
    assert outcome.success
    _, outcome = call(battle(catalogs, RulesOptions(six_rerolls=False)), fervour=1, dice=(6, 3))
    assert (outcome.dice, outcome.total, outcome.success) == ((6,), 7, False)


def test_cf_19_typed_dice_that_run_out_change_nothing(catalogs):
    b = battle(catalogs)
    with pytest.raises(DiceError):
        call(b, fervour=1, dice=(6,))  # a 6 short of the difficulty: the next die is needed
    assert b.state("0:u1").called == ()


def test_ar_05_undo_does_not_rewind_the_dice_and_the_log_keeps_the_undone_roll(catalogs):
    run = BattleRun(battle(catalogs), dice=SeededDice(7))
    twin = SeededDice(7)

    def roll_and_call():
        recorder = RecordingDice(run.dice)
        request = CallRequest("0:u1", "renfort", 2, True)
        _, outcome = call_miracle(run.battle, request, recorder)
        command = CallMiracle(
            key="0:u1", miracle="renfort", fervour=2, target_confirmed=True, dice=tuple(recorder.values)
        )
        run.execute(command, text=outcome.sentence(), dice=outcome.dice, source="rolled", success=outcome.success)
        return outcome.dice

    first = roll_and_call()
    assert first == twin.roll(6, len(first))
    run.undo()
    assert run.battle.state("0:u1").called == ()
    assert run.log[-1].undone
    second = roll_and_call()
    assert second == twin.roll(6, len(second))  # the dice went on: no second chance at the same roll
    assert [e.undone for e in run.log] == [True, False]
    assert run.redo() is False  # a new action cleared what could be redone
