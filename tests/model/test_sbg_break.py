"""Issue 19: the Break point of a Strategy Battle Game force (SB-07) and the Courage test (SB-06) — the threshold at
odd and even numbers of models, breaking, the tests due from the next turn as the models move, a fail fleeing,
Stand fast, exact odds with Might and Will, the rules option, and the journal of the new commands."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warband import api
from warband.model.catalog import LoadedCatalog, merge
from warband.model.session import RefusedError
from warband.model.systems.sbg import break_rolls, break_tests, casualties, courage
from warband.model.systems.sbg.battle_commands import COMMANDS, NextPhase, SetCounter, SetHeroFlag, SetPriority
from warband.model.systems.sbg.battle_state import RulesOptions
from warband.model.systems.sbg.casualty_commands import (
    BreakTest,
    BreakTests,
    SetCasualties,
    StandFast,
    StandFastPass,
)
from warband.model.systems.sbg.play import BreakTestRequest, CourageRequest, UnitBreakRequest
from warband.model.systems.sbg.schema import SbgArmy, SbgCatalog


def hero(pid: str, name: str, alignment: str, courage: int, might: int = 2, will: int = 1) -> dict:
    return {
        "id": pid,
        "name": name,
        "alignment": alignment,
        "faction": "test",
        "cost": 50,
        "courage": courage,
        "hero": {"might": might, "will": will, "fate": 1, "wounds": 2},
    }


def warrior(pid: str, name: str, alignment: str, courage: int) -> dict:
    return {"id": pid, "name": name, "alignment": alignment, "faction": "test", "cost": 8, "courage": courage}


CATALOG = {
    "format": "warband-catalog",
    "version": 2,
    "system": "sbg",
    "id": "sbg-test",
    "revision": 1,
    "name": "Test",
    "profiles": [
        hero("captain", "Captain", "good", 4),
        hero("marshal", "Marshal", "good", 5, might=1, will=1),
        warrior("spears", "Spearmen", "good", 3),
        hero("orc-captain", "Orc Captain", "evil", 3),
        warrior("orc", "Orc", "evil", 2),
    ],
}
CAPTAIN, MARSHAL, SPEARS, ORC_CAPTAIN, ORCS = "0:u1", "0:u2", "0:u3", "1:u1", "1:u2"


@pytest.fixture(scope="module")
def catalogs() -> api.Catalogs:
    merged, errors = merge("sbg", [LoadedCatalog("sbg.json", SbgCatalog.model_validate(CATALOG))])
    assert errors == []
    return merged


def army(*units: dict) -> SbgArmy:
    return SbgArmy.model_validate({"system": "sbg", "name": "A", "units": list(units)})


def start(
    catalogs: api.Catalogs, spears: int = 8, orcs: int = 9, options: Any = None, journal: Path | None = None
) -> api.BattleRun[Any]:
    """Aline: a Captain, a Marshal and `spears` Spearmen; Bruno: an Orc Captain and `orcs` Orcs."""
    good = army(
        {"id": "u1", "profile": "captain"},
        {"id": "u2", "profile": "marshal"},
        {"id": "u3", "profile": "spears", "count": spears},
    )
    evil = army({"id": "u1", "profile": "orc-captain"}, {"id": "u2", "profile": "orc", "count": orcs})
    return api.start_battle(
        [("Aline", good), ("Bruno", evil)], catalogs, options, journal=journal, dice=api.SeededDice(3)
    )


def to_next_turn(run: api.BattleRun[Any]) -> None:
    """On to the Move phase of the next turn, Aline having priority."""
    while run.battle.phase != "end":
        assert run.execute(NextPhase())
    assert run.execute(NextPhase())
    assert run.execute(SetPriority(side=0))
    assert run.execute(NextPhase())
    assert run.battle.phase == "move"


def broken_next_turn(catalogs: api.Catalogs, **kwargs: Any) -> api.BattleRun[Any]:
    """Aline's force (10 models) broken in turn 1 (5 Spearmen lost), in the Move phase of turn 2."""
    run = start(catalogs, **kwargs)
    assert run.execute(SetCasualties(key=SPEARS, lost=5))
    to_next_turn(run)
    return run


def action(run: api.BattleRun[Any], kind: str, subject: str) -> api.Action:
    [found] = [a for a in api.actions(run) if a.kind == kind and a.subject == subject]
    return found


def refusal(run: api.BattleRun[Any], kind: str, subject: str) -> tuple[str, str] | None:
    found = action(run, kind, subject).refusal
    return None if found is None else (found.rule, found.code)


def brute_force(courage_value: int, points: int) -> Fraction:
    """The chance two dice plus Courage plus up to `points` reach 10, counted throw by throw."""
    wins = sum(1 for a, b in product(range(1, 7), repeat=2) if a + b + courage_value + points >= 10)
    return Fraction(wins, 36)


# --- SB-07: the threshold -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("start_models", "threshold"), [(1, 1), (2, 1), (9, 5), (10, 5), (11, 6), (29, 15)])
def test_sb_07_a_force_breaks_at_half_its_models_rounded_up(start_models, threshold):
    assert casualties.break_at(start_models) == threshold


@pytest.mark.parametrize(("spears", "orcs"), [(8, 9), (7, 8)])
def test_sb_07_breaking_at_odd_and_even_counts(catalogs, spears, orcs):
    """Aline fields 10 models (or 9), Bruno 10 (or 9): each breaks at 5 lost, not at 4."""
    run = start(catalogs, spears, orcs)
    for side, key in ((0, SPEARS), (1, ORCS)):
        point = casualties.break_point(run.battle, side)
        assert (point.start, point.threshold, point.lost, point.broken) == (
            spears + 2 if side == 0 else orcs + 1,
            5,
            0,
            False,
        )
        assert run.execute(SetCasualties(key=key, lost=4))
        point = casualties.break_point(run.battle, side)
        assert (point.lost, point.broken, point.to_break) == (4, False, 1)
        assert run.execute(SetCasualties(key=key, lost=5))
        point = casualties.break_point(run.battle, side)
        assert (point.broken, point.testing, point.tests_from, point.to_break) == (True, False, None, 0)


def test_sb_07_heroes_lost_count_towards_the_break_point(catalogs):
    run = start(catalogs)  # 10 models
    assert run.execute(SetCasualties(key=SPEARS, lost=4))
    assert not casualties.break_point(run.battle, 0).broken
    assert run.execute(SetHeroFlag(key=CAPTAIN, field="removed", value=True))
    assert casualties.break_point(run.battle, 0).broken


# --- SB-07: the tests due from the next turn --------------------------------------------------------------------------
def test_sb_07_the_tests_are_due_from_the_next_turn_as_the_models_move(catalogs):
    run = start(catalogs)
    assert run.execute(SetCasualties(key=SPEARS, lost=5))
    assert refusal(run, "break_test", SPEARS) == ("SB-07", "sbg.break_next_turn")
    assert break_tests.tests_due(run.battle) == []
    while run.battle.phase != "end":
        assert run.execute(NextPhase())
    assert run.execute(NextPhase())  # turn 2 begins with the force broken
    point = casualties.break_point(run.battle, 0)
    assert (run.battle.turn, point.tests_from, point.testing) == (2, 2, True)
    assert run.battle.breaks == (2, None)
    assert refusal(run, "break_test", SPEARS) == ("SB-07", "sbg.break_phase")  # in the Priority phase
    due = break_tests.tests_due(run.battle)
    assert [(d.key, d.label, d.models, d.hero, d.courage) for d in due] == [
        (CAPTAIN, "Captain", 1, True, 4),
        (MARSHAL, "Marshal", 1, True, 5),
        (SPEARS, "Spearmen", 3, False, 3),
    ]
    assert run.execute(SetPriority(side=0)) and run.execute(NextPhase())
    assert refusal(run, "break_test", SPEARS) is None
    assert refusal(run, "break_test", ORCS) == ("SB-07", "sbg.not_broken")  # Bruno's force is whole
    assert run.execute(NextPhase())
    assert break_tests.tests_due(run.battle) == []  # the models have moved


def test_sb_07_a_warrior_that_fails_flees_and_one_that_passes_is_tested(catalogs):
    run = broken_next_turn(catalogs)
    test = action(run, "break_test", SPEARS)
    assert test.label == "Spearmen: Courage test of a broken force" and test.allowed
    assert api.take(run, test, api.TypedDice((3, 4)))  # 7 + Courage 3 = 10: passes
    assert run.log[-1].text == "Spearmen tests Courage, its force broken: 3 4 + Courage 3 = 10: passes"
    assert run.battle.break_tests.passed == {SPEARS: 1}
    assert api.take(run, action(run, "break_test", SPEARS), api.TypedDice((1, 2)))  # 6: flees
    assert run.log[-1].text.endswith("= 6: fails and flees") and run.log[-1].success is False
    assert run.battle.warriors[SPEARS].lost == 6
    assert [d.models for d in break_tests.tests_due(run.battle) if d.key == SPEARS] == [1]
    assert api.take(run, action(run, "break_test", SPEARS), api.TypedDice((6, 6)))
    assert refusal(run, "break_test", SPEARS) == ("SB-07", "sbg.break_tested")
    to_next_turn(run)  # a new turn: every model tests again
    assert run.battle.break_tests.passed == {} and refusal(run, "break_test", SPEARS) is None


def test_sb_07_a_hero_that_fails_flees_and_fate_cannot_save_it(catalogs):
    run = broken_next_turn(catalogs)
    assert api.take(run, action(run, "break_test", CAPTAIN), api.TypedDice((1, 1)))  # 2 + Courage 4: fails
    assert run.battle.heroes[CAPTAIN].courage_failed
    assert run.battle.heroes[CAPTAIN].might == 2  # no point added by default: the caller says
    assert casualties.unit_in_play(run.battle, CAPTAIN).lost == 1
    assert [a for a in api.actions(run) if a.kind == "break_test" and a.subject == CAPTAIN] == []  # gone
    assert run.execute(SetCounter(key=CAPTAIN, field="wounds", value=1))
    fate = next(a for a in api.actions(run) if a.kind == "fate" and a.subject == CAPTAIN)
    assert fate.refusal is not None and fate.refusal.code == "sbg.courage"


def test_sb_06_sb_07_a_hero_adds_might_and_will_by_the_players_choice(catalogs):
    run = broken_next_turn(catalogs)
    request = replace(action(run, "break_test", CAPTAIN).request, might=2, will=1)
    assert api.take(run, request, api.TypedDice((2, 2)))  # 4 + Courage 4 = 8: 2 points make it pass
    assert run.log[-1].text == ("Captain tests Courage, its force broken: 2 2 + Courage 4 + 2 Might = 10: passes")
    assert (run.battle.heroes[CAPTAIN].might, run.battle.heroes[CAPTAIN].will) == (0, 1)
    request = BreakTestRequest(MARSHAL, might=1, will=1, will_first=True)
    assert api.take(run, request, api.TypedDice((1, 3)))  # 4 + 5 = 9: one point, Will first
    assert (run.battle.heroes[MARSHAL].might, run.battle.heroes[MARSHAL].will) == (1, 0)
    with pytest.raises(RefusedError) as err:
        api.take(run, BreakTestRequest(SPEARS, might=1), api.TypedDice((1, 1)))
    assert (err.value.reason.rule, err.value.reason.code) == ("SB-06", "sbg.warrior_points")


# --- SB-07: Stand fast ----------------------------------------------------------------------------------------------
def test_sb_07_stand_fast_is_called_by_a_hero_who_passed_and_lets_models_pass(catalogs):
    run = broken_next_turn(catalogs)
    assert refusal(run, "stand_fast", CAPTAIN) == ("SB-07", "sbg.stand_fast_not_passed")
    assert refusal(run, "stand_fast_pass", SPEARS) == ("SB-07", "sbg.no_stand_fast")
    assert api.take(run, action(run, "break_test", CAPTAIN), api.TypedDice((3, 3)))  # 6 + 4 = 10
    call = action(run, "stand_fast", CAPTAIN)
    assert call.label == "Captain: Stand fast!" and call.allowed
    assert api.take(run, call)
    assert run.log[-1].text == "Captain calls Stand fast!"
    assert casualties.break_point(run.battle, 0).stand_fast == (CAPTAIN,)
    assert refusal(run, "stand_fast", CAPTAIN) == ("SB-07", "sbg.stand_fast_called")
    assert run.execute(StandFastPass(key=SPEARS, models=2))  # the player says which models are within range
    assert run.log[-1].text == "Spearmen: passed by Stand fast! (2)"
    assert [d.models for d in break_tests.tests_due(run.battle) if d.key == SPEARS] == [1]
    with pytest.raises(RefusedError) as err:
        run.execute(StandFastPass(key=SPEARS, models=2))
    assert err.value.reason.code == "sbg.stand_fast_more"
    assert api.take(run, action(run, "break_test", SPEARS), api.TypedDice((1, 1)))  # out of range: tests, flees
    assert run.battle.warriors[SPEARS].lost == 6
    assert api.take(run, action(run, "stand_fast_pass", MARSHAL))  # a hero within range passes too
    assert break_tests.tests_due(run.battle) == []
    to_next_turn(run)
    assert casualties.break_point(run.battle, 0).stand_fast == ()  # for that turn only


def test_sb_07_a_hero_who_passed_by_stand_fast_may_not_call_it(catalogs):
    run = broken_next_turn(catalogs)
    assert api.take(run, action(run, "break_test", CAPTAIN), api.TypedDice((5, 5)))
    assert run.execute(StandFast(key=CAPTAIN))
    assert run.execute(StandFastPass(key=MARSHAL))
    assert refusal(run, "stand_fast", MARSHAL) == ("SB-07", "sbg.stand_fast_not_passed")
    assert refusal(run, "stand_fast", CAPTAIN) == ("SB-07", "sbg.stand_fast_called")
    assert [a for a in api.actions(run) if a.kind == "stand_fast" and a.subject == SPEARS] == []


# --- SB-06: exact odds ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("courage_value", range(8))
@pytest.mark.parametrize("points", range(7))
def test_sb_06_the_courage_tests_exact_odds_with_might_and_will(courage_value, points):
    assert courage.courage_chance(courage_value, points) == brute_force(courage_value, points)


def test_sb_06_sb_07_the_odds_of_each_test_count_the_points_a_hero_may_add(catalogs):
    run = broken_next_turn(catalogs)
    spears = action(run, "break_test", SPEARS)
    assert api.odds(run, spears).success == Fraction(21, 36) == brute_force(3, 0)  # 7 or more on two dice
    assert api.odds(run, BreakTestRequest(CAPTAIN)).success == Fraction(26, 36)  # 6 or more
    assert api.odds(run, BreakTestRequest(CAPTAIN, might=2, will=1)).success == Fraction(35, 36)  # 3 or more
    assert api.odds(run, BreakTestRequest(MARSHAL, might=1, will=1)).success == brute_force(5, 2)
    assert api.odds(run, BreakTestRequest(SPEARS, might=2)).success == brute_force(3, 0)  # a warrior adds none
    assert api.odds(run, CourageRequest(ORCS)).success == Fraction(15, 36)  # 8 or more


def test_sb_06_a_warriors_own_courage_test_changes_nothing_and_keeps_its_dice(catalogs):
    run = start(catalogs)
    test = action(run, "courage", ORCS)
    assert test.label == "Orc: Courage test" and test.allowed
    before = run.battle
    assert api.take(run, test, api.TypedDice((4, 4)))
    assert run.battle == before and run.log[-1].step == 0 and run.log[-1].dice == (4, 4)
    assert run.log[-1].text == "Orc tests Courage: 4 4 + Courage 2 = 10: passes"


# --- the rules option ----------------------------------------------------------------------------------------------
def test_sb_07_without_the_break_point_casualties_are_counted_and_no_force_breaks(catalogs):
    options = RulesOptions(break_point=False)
    run = broken_next_turn(catalogs, options=options)
    point = casualties.break_point(run.battle, 0)
    assert (point.lost, point.broken, point.testing) == (5, False, False)
    assert refusal(run, "break_test", SPEARS) == ("SB-07", "sbg.break_off")
    assert run.battle.options.model_dump() == {
        "will_dice": "one",
        "fate_dice": "one_at_a_time",
        "fate_restores": "same_event",
        "break_point": False,
    }
    assert "break_point" not in RulesOptions().model_dump()  # the default is written as before
    assert api.summary(run).sides[0].lines[-1] == "The Break point was not played (rules option)"


def test_sb_07_a_force_brought_back_under_its_break_point_stops_testing(catalogs):
    run = broken_next_turn(catalogs)
    assert run.execute(SetCasualties(key=SPEARS, lost=4))  # a mistake corrected
    assert refusal(run, "break_test", SPEARS) == ("SB-07", "sbg.not_broken")
    to_next_turn(run)
    assert run.battle.breaks == (None, None)
    assert run.execute(SetCasualties(key=SPEARS, lost=5))  # broken again: from the next turn
    assert refusal(run, "break_test", SPEARS) == ("SB-07", "sbg.break_next_turn")


# --- the journal ---------------------------------------------------------------------------------------------------
def test_the_break_commands_are_journalled_with_their_dice_and_resume_the_same(catalogs, tmp_path):
    journal = tmp_path / "b.battle-journal"
    run = broken_next_turn(catalogs, journal=journal)
    assert api.take(run, BreakTestRequest(CAPTAIN, might=1), api.TypedDice((2, 3)))
    assert api.take(run, action(run, "stand_fast", CAPTAIN))
    assert api.take(run, action(run, "stand_fast_pass", SPEARS))
    assert api.take(run, action(run, "break_test", SPEARS))  # the program's dice
    assert run.undo() and run.redo()
    records = [json.loads(line) for line in journal.read_bytes().splitlines()]
    commands = [r["command"] for r in records if r.get("op") == "do"]
    assert commands[-4] == {"kind": "break_test", "key": CAPTAIN, "rolled": [2, 3], "might": 1, "will": 0}
    assert commands[-3:-1] == [
        {"kind": "stand_fast", "key": CAPTAIN},
        {"kind": "stand_fast_pass", "key": SPEARS, "models": 1},
    ]
    assert [type(COMMANDS.validate_python(c)) for c in commands[-4:]] == [
        BreakTest,
        StandFast,
        StandFastPass,
        BreakTest,
    ]
    resumed = api.resume_journal(journal)
    assert resumed.battle == run.battle and resumed.log == run.log
    assert resumed.dice.state() == run.dice.state()
    assert (resumed.session.undo_label, resumed.session.redo_label) == (
        run.session.undo_label,
        run.session.redo_label,
    )
    path = tmp_path / "b.battle.json"
    api.save_battle_file(run, path)
    assert api.open_battle(path).battle == run.battle


def test_sb_06_sb_07_the_resolver_shows_the_dice_then_the_player_adds_points(catalogs):
    """The resolver's way: the dice thrown first (`throw_break`), then the Might and Will the player adds once they
    are seen (`break_thrown`); refused before any die when the test is not due."""
    run = broken_next_turn(catalogs)
    values, source = break_rolls.throw_break(run.battle, CAPTAIN, 2, 1, api.TypedDice((2, 3)))
    assert (values, source) == ((2, 3), "typed")
    roll = break_rolls.break_thrown(run.battle, CAPTAIN, values, 0, 1, source)  # 5 + 4 + 1 Will = 10
    assert roll.outcome is True and run.play(roll)
    assert run.log[-1].text == "Captain tests Courage, its force broken: 2 3 + Courage 4 + 1 Will = 10: passes"
    assert run.battle.heroes[CAPTAIN].will == 0
    with pytest.raises(RefusedError) as err:
        break_rolls.throw_break(run.battle, ORC_CAPTAIN, 0, 0, api.TypedDice((2, 3)))
    assert err.value.reason.code == "sbg.not_broken"


# --- SB-07: a unit's warriors tested together -----------------------------------------------------------------------
def test_sb_07_a_units_warriors_test_together_each_that_fails_flees(catalogs):
    """Three Spearmen left of eight test at once (Courage 3: 7 or more on two dice): one action, one log line with
    every pair, each failure a casualty, the rest tested this turn."""
    run = broken_next_turn(catalogs)
    together = action(run, "break_tests", SPEARS)
    assert together.request == UnitBreakRequest(SPEARS, 3) and together.allowed
    assert together.label == "Spearmen: Courage tests of a broken force, every model left"
    assert api.take(run, together, api.TypedDice((3, 4, 1, 2, 6, 6)))
    entry = run.log[-1]
    assert (
        entry.text == "Spearmen test Courage, their force broken (Courage 3): 2 of 3 pass, 1 flee — 3 4, 1 2, 6 6"
    )
    assert entry.dice == (3, 4, 1, 2, 6, 6) and entry.success is False
    assert run.battle.warriors[SPEARS].lost == 6 and run.battle.break_tests.passed == {SPEARS: 2}
    assert refusal(run, "break_tests", SPEARS) == ("SB-07", "sbg.break_tested")
    assert run.undo() and run.battle.warriors[SPEARS].lost == 5 and run.battle.break_tests.passed == {}


def test_sb_07_warriors_tested_together_take_no_more_than_are_left_and_no_hero(catalogs):
    run = broken_next_turn(catalogs)
    assert api.take(run, action(run, "break_test", SPEARS), api.TypedDice((5, 5)))  # one passed alone
    assert api.actions(run) and action(run, "break_tests", SPEARS).request == UnitBreakRequest(SPEARS, 2)
    with pytest.raises(RefusedError) as err:
        break_rolls.roll_unit_break(run.battle, SPEARS, 3, api.TypedDice((6,) * 6))
    assert (err.value.reason.code, err.value.reason.params["left"]) == ("sbg.break_more", 2)
    with pytest.raises(RefusedError) as err:
        break_rolls.roll_unit_break(run.battle, CAPTAIN, 1, api.TypedDice((6, 6)))
    assert err.value.reason.code == "sbg.break_unit_hero"
    assert not [a for a in api.actions(run) if a.kind == "break_tests" and a.subject in (CAPTAIN, MARSHAL)]
    with pytest.raises(api.DiceError):  # the table's dice: two a model
        api.take(run, UnitBreakRequest(SPEARS, 2), api.TypedDice((6, 6, 6)))
    assert run.battle.break_tests.passed == {SPEARS: 1}
    before = break_tests.tests_due(run.battle)
    stale = BreakTests(key=SPEARS, rolled=((6, 6),) * 3)
    assert stale.refusal_in(run.battle).code == "sbg.break_more"
    assert break_tests.tests_due(run.battle) == before


@pytest.mark.parametrize("models", [1, 2, 5])
def test_sb_07_the_exact_odds_of_warriors_tested_together(catalogs, models):
    """Each Spearman passes on 7 or more (21 of 36); all of them pass with that chance to the power of their
    number, counted throw by throw; the expected number fleeing is the models times the chance of failing."""
    run = start(catalogs, spears=10)
    assert run.execute(SetCasualties(key=SPEARS, lost=5))
    to_next_turn(run)
    odds = api.odds(run, UnitBreakRequest(SPEARS, models))
    each = brute_force(3, 0)
    assert each == Fraction(21, 36) and odds.detail.each == each
    assert odds.success == each**models
    if models <= 2:  # counted throw by throw: two dice a model
        throws = list(product(range(1, 7), repeat=2 * models))
        wins = sum(1 for t in throws if all(a + b >= 7 for a, b in zip(t[::2], t[1::2], strict=True)))
        assert odds.success == Fraction(wins, len(throws))
    assert odds.detail.fleeing == models * (1 - each)


def test_warriors_tested_together_are_journalled_and_resume_the_same(catalogs, tmp_path):
    journal = tmp_path / "t.battle-journal"
    run = broken_next_turn(catalogs, journal=journal)
    assert api.take(run, action(run, "break_tests", SPEARS))  # the program's dice
    records = [json.loads(line) for line in journal.read_bytes().splitlines()]
    [last] = [r["command"] for r in records if r.get("op") == "do"][-1:]
    assert last["kind"] == "break_tests" and len(last["rolled"]) == 3
    assert type(COMMANDS.validate_python(last)) is BreakTests
    resumed = api.resume_journal(journal)
    assert resumed.battle == run.battle and resumed.log == run.log


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 50), st.integers(0, 2**16)), max_size=12))
def test_break_tests_in_any_order_undo_to_the_start_and_redo_to_the_end(catalogs, steps):
    """Whatever is allowed, taken in any order with any dice (tests alone and together, Stand fast and the models
    it covers, casualties, phases): undo all gives the battle before, redo all the battle after."""
    run = broken_next_turn(catalogs)
    first = run.battle
    kinds = {"break_test", "break_tests", "stand_fast", "stand_fast_pass", "casualty", "next_phase"}
    taken = 0
    for choice, seed in steps:
        allowed = [a for a in api.actions(run) if a.allowed and a.kind in kinds]
        if not allowed:
            break
        assert api.take(run, allowed[choice % len(allowed)], api.SeededDice(seed))
        taken += 1
        for unit in casualties.units(run.battle):
            assert 0 <= break_tests.to_test(run.battle, unit) <= unit.in_play
    last = run.battle
    for _step in range(taken):
        assert run.undo()
    assert run.battle == first
    for _step in range(taken):
        assert run.redo()
    assert run.battle == last
