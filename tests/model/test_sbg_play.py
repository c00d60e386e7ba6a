"""The Strategy Battle Game played through the game's seam (`GameSystem.phases/actions/odds/roll/summary`) and
`warband.api`, without Qt: priority (SB-01), Might (SB-02), Will (SB-03), Fate (SB-04), heroic actions (SB-05)."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

import pytest

from warband import api
from warband.model.systems.sbg import battle_rules as rules
from warband.model.systems.sbg.battle_commands import COMMANDS, SetCounter, SetHeroFlag, UseMight
from warband.model.systems.sbg.battle_state import RulesOptions
from warband.model.systems.sbg.play import FateRequest, HeroicRollOff, MightRequest, PriorityRoll, WillRequest

GANDALF, CAPTAIN, SHAMAN, GRIMA = "0:u1", "0:u2", "1:u1", "1:u2"
"""Gandalf (M3 W6 F3, 3 Wounds) and a Captain of Rohan (M2 W1 F1, 2 Wounds) for Aline; an Orc Shaman (M1 W3 F1,
2 Wounds) and Gríma (M0 W3 F0, 1 Wound) for Bruno."""


@pytest.fixture(scope="module")
def catalogs() -> api.Catalogs:
    return api.builtin_catalogs("sbg")


def _army(*profiles: str) -> api.Army:
    session = api.Session(api.new_army("sbg", "Host"))
    for index, profile in enumerate(profiles, 1):
        session.execute(api.AddUnit(f"u{index}", profile))
    return session.state


def _start(
    catalogs: api.Catalogs, options: RulesOptions | None = None, journal: Path | None = None
) -> api.BattleRun[Any]:
    sides = [("Aline", _army("gandalf-the-grey", "captain-of-rohan")), ("Bruno", _army("orc-shaman", "grima"))]
    return api.start_battle(sides, catalogs, options, journal=journal, dice=api.SeededDice(7))


def _all(run: api.BattleRun[Any], kind: str, subject: str | None = None) -> list[api.Action]:
    return [a for a in api.actions(run) if a.kind == kind and (subject is None or a.subject == subject)]


def _one(run: api.BattleRun[Any], kind: str, subject: str | None = None) -> api.Action:
    found = _all(run, kind, subject)
    assert found, f"no {kind} action for {subject}"
    return found[0]


def _refusal(action: api.Action) -> tuple[str, str] | None:
    return None if action.refusal is None else (action.refusal.rule, action.refusal.code)


def _in_move(catalogs: api.Catalogs, priority: tuple[int, int] = (6, 1)) -> api.BattleRun[Any]:
    run = _start(catalogs)
    assert api.take(run, _one(run, "priority"), api.TypedDice(priority))
    assert api.take(run, _one(run, "next_phase"))
    return run


def _lose_wounds(run: api.BattleRun[Any], key: str, wounds: int) -> None:
    assert run.execute(SetCounter(key=key, field="wounds", value=wounds))


def _journal(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_bytes().splitlines()]


# --- SB-01: the turn and priority ----------------------------------------------------------------------------
def test_sb_01_phases_follow_the_turn(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    assert [p.id for p in api.phases(run)] == ["priority", "move", "shoot", "fight", "end"]
    assert [p.name for p in api.phases(run) if p.current] == ["Priority"]
    for _ in range(5):
        assert api.take(run, _one(run, "next_phase"))
    assert [p.id for p in api.phases(run) if p.current] == ["priority"] and run.battle.turn == 2


def test_sb_01_the_priority_roll_only_in_the_priority_phase(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    assert [a.label for a in _all(run, "priority")] == ["Priority roll"]
    assert api.take(run, _one(run, "next_phase"))
    assert _all(run, "priority") == []


def test_sb_01_a_first_turn_tie_is_a_note_then_the_higher_die_wins(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    priority = _one(run, "priority")
    odds = api.odds(run, priority)
    assert odds.success == Fraction(5, 6) and odds.detail == (Fraction(5, 12), Fraction(5, 12))
    assert api.take(run, priority, api.TypedDice((4, 4)))
    assert run.battle.priority is None and run.log[-1].step == 0 and run.log[-1].dice == (4, 4)
    assert api.take(run, priority, api.TypedDice((2, 5)))
    assert run.battle.priority == 1 and run.log[-1].text == "Priority roll: 2 – 5, Bruno has priority"


def test_sb_01_after_the_first_turn_a_tie_goes_to_the_other_side(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    assert api.take(run, _one(run, "priority"), api.TypedDice((6, 1)))  # Aline has priority in turn 1
    for _ in range(5):
        assert api.take(run, _one(run, "next_phase"))
    odds = api.odds(run, _one(run, "priority"))
    assert odds.success == 1 and odds.detail == (Fraction(5, 12), Fraction(7, 12))
    assert api.take(run, _one(run, "priority"), api.TypedDice((3, 3)))
    assert run.battle.priority == 1


# --- SB-05: heroic actions -----------------------------------------------------------------------------------
def test_sb_05_no_declarations_outside_move_shoot_and_fight(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    assert _all(run, "declare") == [] and _all(run, "roll_off") == []


def test_sb_05_declarations_wait_for_priority(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    assert api.take(run, _one(run, "next_phase"))  # into Move with no priority recorded
    assert {_refusal(a) for a in _all(run, "declare") + _all(run, "decline")} == {("SB-05", "sbg.heroic_priority")}


def test_sb_05_the_side_with_priority_declares_first(catalogs: api.Catalogs) -> None:
    run = _in_move(catalogs)
    declares = {a.subject: a for a in _all(run, "declare")}
    assert declares["0"].allowed and declares["0"].label == "Aline: Declare heroic actions"
    assert _refusal(declares["1"]) == ("SB-05", "sbg.heroic_turn")
    with pytest.raises(api.RefusedError):
        api.take(run, declares["1"])
    assert api.take(run, _one(run, "decline", "0"))
    assert _one(run, "declare", "1").allowed and _refusal(_one(run, "declare", "0")) == (
        "SB-05",
        "sbg.heroic_turn",
    )


def test_sb_05_naming_in_turn_and_the_roll_off(catalogs: api.Catalogs) -> None:
    run = _in_move(catalogs)
    for kind, side in (("decline", "0"), ("declare", "1"), ("declare", "0")):  # Aline changes her mind
        assert api.take(run, _one(run, kind, side))
    names = {a.subject: a for a in _all(run, "name_hero")}
    assert names[GANDALF].allowed and names[GANDALF].label == "Name Gandalf the Grey for a heroic action (1 Might)"
    assert _refusal(names[SHAMAN]) == ("SB-05", "sbg.heroic_turn")  # Aline, with priority, names first
    assert api.take(run, names[GANDALF])
    assert run.battle.heroes[GANDALF].might == 2
    assert _refusal(_one(run, "name_hero", GRIMA)) == ("SB-05", "sbg.spent")  # Gríma has no Might
    assert api.take(run, _one(run, "name_hero", SHAMAN))
    assert _refusal(_one(run, "name_hero", GANDALF)) == ("SB-05", "sbg.heroic_twice")
    assert _all(run, "roll_off") == []
    assert api.take(run, _one(run, "stop_naming", "0"))
    assert api.take(run, _one(run, "stop_naming", "1"))
    roll_off = _one(run, "roll_off")
    assert roll_off.label == "Aline: Heroic roll-off" and roll_off.allowed
    odds = api.odds(run, roll_off)
    assert odds.success == 1 and odds.detail == (Fraction(1, 2), Fraction(1, 2))
    assert api.take(run, roll_off, api.TypedDice((2,)))  # 1–3: Evil goes first
    assert run.battle.heroics.order == (SHAMAN, GANDALF)
    assert _all(run, "roll_off") == [] and _all(run, "name_hero") == []


def test_sb_05_a_roll_off_not_due_is_refused_before_its_die(catalogs: api.Catalogs) -> None:
    run = _in_move(catalogs)
    game = api.get_system("sbg")
    before = run.dice.state()
    with pytest.raises(api.RefusedError) as refused:
        game.roll(run.battle, HeroicRollOff(), run.dice)
    assert refused.value.reason.rule == "SB-05"
    assert run.dice.state() == before


# --- SB-03: Will ---------------------------------------------------------------------------------------------
def test_sb_03_each_spell_is_a_cast_and_every_hero_may_resist(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    casts = _all(run, "cast", GANDALF)
    assert casts[0].label == "Gandalf the Grey: Cast Blinding Light" and casts[0].request == WillRequest(
        GANDALF, 2
    )
    assert len(casts) == 5 and _all(run, "cast", CAPTAIN) == []
    resist = _one(run, "resist", CAPTAIN)
    assert resist.allowed and resist.request == WillRequest(CAPTAIN, 4, resisting=True)


def test_sb_03_a_hero_with_no_will_left_is_refused(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    assert run.execute(SetCounter(key=SHAMAN, field="will", value=0))
    assert _refusal(_one(run, "resist", SHAMAN)) == ("SB-03", "sbg.no_will")
    assert {_refusal(a) for a in _all(run, "cast", SHAMAN)} == {("SB-03", "sbg.no_will")}
    before = run.dice.state()
    with pytest.raises(api.RefusedError):
        api.take(run, _one(run, "resist", SHAMAN))
    assert run.dice.state() == before  # refused before a die is thrown


def test_sb_03_several_will_dice_only_with_the_rules_option(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    two = replace(_one(run, "cast", GANDALF).request, dice=2)
    with pytest.raises(api.RefusedError) as refused:
        api.take(run, two)
    assert (refused.value.reason.rule, refused.value.reason.code) == ("SB-03", "sbg.will_dice")
    several = _start(catalogs, RulesOptions(will_dice="several"))
    assert api.take(several, two, api.TypedDice((1, 2)))
    assert several.battle.heroes[GANDALF].will == 4 and several.log[-1].success is True


def test_sb_03_odds_are_will_chance(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    cast = _one(run, "cast", GANDALF).request
    for need, dice, might in product(range(1, 8), range(1, 3), range(3)):
        request = replace(cast, need=need, dice=dice, might=might)
        assert api.odds(run, request).success == rules.will_chance(need, dice, might)
    assert api.odds(run, replace(cast, need=3)).success == Fraction(2, 3)


def test_sb_03_a_cast_with_typed_dice_played_with_run_play(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    game = api.get_system("sbg")
    request = replace(_one(run, "cast", GANDALF).request, need=3, might=1)
    roll = game.roll(run.battle, request, api.TypedDice((2,)))
    assert roll.outcome is True and roll.source == "typed" and roll.dice == (2,)
    assert run.battle.heroes[GANDALF].will == 6  # worked out, not yet played
    assert run.play(roll)
    state = run.battle.heroes[GANDALF]
    assert (state.will, state.might) == (5, 2)
    entry = run.log[-1]
    assert entry.text == "Gandalf the Grey casts: 2 (+1 Might) against 3+: success"
    assert (entry.dice, entry.source, entry.success, entry.side) == ((2,), "typed", True, 0)


def test_sb_03_might_on_a_will_die_is_checked_before_the_die(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    request = replace(_one(run, "resist", CAPTAIN).request, might=3)  # the Captain has 2 Might
    before = run.dice.state()
    with pytest.raises(api.RefusedError) as refused:
        api.take(run, request)
    assert (refused.value.reason.rule, refused.value.reason.code) == ("SB-02", "sbg.spent")
    assert run.dice.state() == before


# --- SB-04: Fate ---------------------------------------------------------------------------------------------
def test_sb_04_fate_is_refused_with_no_wounds_lost_no_fate_or_a_failed_courage_test(
    catalogs: api.Catalogs,
) -> None:
    run = _start(catalogs)
    assert _refusal(_one(run, "fate", GANDALF)) == ("SB-04", "sbg.no_wounds_lost")
    refusal = _one(run, "fate", GANDALF).refusal
    assert (
        refusal is not None
        and refusal.message == "Gandalf the Grey has lost no Wounds: Fate has nothing to restore."
    )
    _lose_wounds(run, GRIMA, 0)
    assert _refusal(_one(run, "fate", GRIMA)) == ("SB-04", "sbg.spent")  # Gríma has no Fate
    _lose_wounds(run, CAPTAIN, 1)
    assert _one(run, "fate", CAPTAIN).allowed
    assert run.execute(SetHeroFlag(key=CAPTAIN, field="courage_failed", value=True))
    assert _refusal(_one(run, "fate", CAPTAIN)) == ("SB-04", "sbg.courage")


def test_sb_04_the_request_follows_the_rules_option(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    _lose_wounds(run, GANDALF, 1)
    fate = _one(run, "fate", GANDALF)
    assert fate.request == FateRequest(GANDALF, dice=3, lost=2, might=0, at_once=False)
    with pytest.raises(api.RefusedError) as refused:
        api.take(run, replace(fate.request, at_once=True))
    assert (refused.value.reason.rule, refused.value.reason.code) == ("SB-04", "sbg.fate_one_at_a_time")
    together = _start(catalogs, RulesOptions(fate_dice="all_at_once"))
    _lose_wounds(together, GANDALF, 1)
    fate = _one(together, "fate", GANDALF)
    assert fate.request == FateRequest(GANDALF, dice=2, lost=2, might=0, at_once=True)
    with pytest.raises(api.RefusedError) as refused:
        api.take(together, replace(fate.request, at_once=False))
    assert refused.value.reason.code == "sbg.fate_all_at_once"
    with pytest.raises(api.RefusedError) as refused:
        api.take(together, replace(fate.request, dice=4))
    assert (refused.value.reason.rule, refused.value.reason.code) == ("SB-04", "sbg.fate_more")


def test_sb_04_odds_equal_the_exact_functions(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    _lose_wounds(run, GANDALF, 2)
    _lose_wounds(run, CAPTAIN, 1)
    two_fate = FateRequest(GANDALF, dice=2, lost=1)
    assert api.odds(run, two_fate).success == Fraction(3, 4) == rules.fate_chance(1, 2, 0)
    one_and_might = _one(run, "fate", CAPTAIN).request
    assert one_and_might == FateRequest(CAPTAIN, dice=1, lost=1)
    assert api.odds(run, replace(one_and_might, might=1)).success == Fraction(2, 3) == rules.fate_chance(1, 1, 1)
    _lose_wounds(run, GANDALF, 1)
    for dice, lost, might in product(range(1, 4), range(1, 3), range(3)):
        request = FateRequest(GANDALF, dice, lost, might)
        assert api.odds(run, request).success == rules.fate_chance(lost, dice, might)
        at_once = replace(request, at_once=True)
        assert api.odds(run, at_once).success == rules.fate_chance_at_once(lost, dice, might)


def test_sb_04_one_at_a_time_stops_once_the_wound_is_restored(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    _lose_wounds(run, GANDALF, 2)
    fate = _one(run, "fate", GANDALF)  # up to 3 Fate for the 1 Wound lost
    assert api.take(run, fate, api.TypedDice((2, 5)))
    state = run.battle.heroes[GANDALF]
    assert (state.wounds, state.fate) == (3, 1)  # the third Fate is kept
    assert run.log[-1].text == "Gandalf the Grey spends 2 Fate: 2 5, restores 1"
    assert run.log[-1].success is True


def test_sb_04_more_table_dice_than_the_roll_used_or_fewer_when_the_hero_takes_the_wound(
    catalogs: api.Catalogs,
) -> None:
    run = _start(catalogs)
    _lose_wounds(run, GANDALF, 2)
    fate = _one(run, "fate", GANDALF)
    with pytest.raises(api.DiceError) as error:
        api.take(run, fate, api.TypedDice((6, 6)))  # the first die restored the Wound
    assert error.value.code == "dice.extra"
    assert run.battle.heroes[GANDALF].fate == 3
    assert api.take(run, fate, api.TypedDice((1,)))  # one die thrown, then the player took the wound
    state = run.battle.heroes[GANDALF]
    assert (state.wounds, state.fate) == (2, 2) and run.log[-1].success is False


def test_sb_04_might_goes_on_a_fate_die_only_where_it_saves_it(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    _lose_wounds(run, GANDALF, 2)
    request = replace(_one(run, "fate", GANDALF).request, might=1)
    assert api.take(run, request, api.TypedDice((2, 3)))  # the 2 needs 2 Might: kept; the 3 needs 1: spent
    state = run.battle.heroes[GANDALF]
    assert (state.wounds, state.fate, state.might) == (3, 1, 2)


def test_sb_04_all_at_once_with_the_rules_option(catalogs: api.Catalogs) -> None:
    run = _start(catalogs, RulesOptions(fate_dice="all_at_once"))
    _lose_wounds(run, GANDALF, 1)
    request = FateRequest(GANDALF, dice=3, lost=2, might=1, at_once=True)
    assert api.take(run, request, api.TypedDice((3, 1, 5)))
    state = run.battle.heroes[GANDALF]
    assert (state.wounds, state.fate, state.might) == (3, 0, 2)


# --- SB-02: Might on a roll ----------------------------------------------------------------------------------
def test_sb_02_might_is_offered_on_a_roll_to_wound_and_refused_without_might(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    might = _one(run, "might", CAPTAIN)
    assert might.label == "Captain of Rohan: Might on a roll to wound" and might.allowed
    assert might.request == MightRequest(CAPTAIN, "to_wound", 4, 2)
    assert _refusal(_one(run, "might", GRIMA)) == ("SB-02", "sbg.spent")
    with pytest.raises(api.RefusedError) as refused:
        api.take(run, replace(might.request, roll_kind="damage_of_a_catapult"))
    assert (refused.value.reason.rule, refused.value.reason.code) == ("SB-02", "sbg.no_roll_kind")


def test_sb_02_the_fewest_points_that_succeed_are_spent(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    request = replace(_one(run, "might", CAPTAIN).request, need=5)
    assert api.take(run, request, api.TypedDice((3,)))
    assert run.battle.heroes[CAPTAIN].might == 0
    entry = run.log[-1]
    assert entry.text == "Captain of Rohan spends 2 Might on a roll to wound: 3 → 5"
    assert (entry.dice, entry.source, entry.success, entry.side) == ((3,), "typed", True, 0)


def test_sb_02_no_might_is_spent_for_nothing_and_the_die_is_kept(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    request = replace(_one(run, "might", GANDALF).request, need=6)
    assert api.take(run, request, api.TypedDice((6,)))  # succeeds already
    assert api.take(run, request, api.TypedDice((1,)))  # 3 Might cannot make a 1 reach 6
    assert run.battle.heroes[GANDALF].might == 3
    assert [(e.text, e.dice, e.step) for e in run.log] == [  # notes (step 0): nothing changed, dice kept
        ("Gandalf the Grey throws 6 for a roll to wound: no Might spent", (6,), 0),
        ("Gandalf the Grey throws 1 for a roll to wound: no Might spent", (1,), 0),
    ]


def test_sb_02_a_courage_test_is_a_total_of_two_dice(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    request = MightRequest(GANDALF, "courage", 10, 3)
    assert api.take(run, request, api.TypedDice((4, 4)))
    assert run.battle.heroes[GANDALF].might == 1 and run.log[-1].dice == (4, 4)
    with pytest.raises(api.DiceError):
        api.take(run, replace(request, might=1), api.TypedDice((4,)))


def test_sb_02_odds_are_exact(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    for need, might in product(range(1, 10), range(4)):
        one = MightRequest(GANDALF, "to_hit", need, might)
        assert api.odds(run, one).success == rules.will_chance(need, 1, might)
        two = MightRequest(GANDALF, "courage", need + 3, might)
        brute = sum(1 for a, b in product(range(1, 7), repeat=2) if a + b + might >= need + 3)
        assert api.odds(run, two).success == Fraction(brute, 36)


def test_sb_02_a_might_roll_runs_its_rule_once(catalogs: api.Catalogs, monkeypatch: pytest.MonkeyPatch) -> None:
    run = _start(catalogs)
    runs: list[int] = []
    real = rules.use_might

    def counting(*args: Any) -> Any:
        runs.append(1)
        return real(*args)

    monkeypatch.setattr(rules, "use_might", counting)
    assert api.take(run, replace(_one(run, "might", CAPTAIN).request, need=5), api.TypedDice((4,)))
    assert runs == [1]


def test_sb_02_a_might_roll_is_journalled_with_its_dice_and_resumes_the_same(
    catalogs: api.Catalogs, tmp_path: Path
) -> None:
    journal = tmp_path / "sbg.battle-journal"
    run = _start(catalogs, journal=journal)
    request = MightRequest(GANDALF, "to_wound", 7, 3)  # a 4, 5 or 6 needs Might: spent; lower: a note
    for _ in range(6):
        assert api.take(run, request)
        if run.battle.heroes[GANDALF].might == 0:
            break
    spent = [r for r in _journal(journal) if r.get("op") == "do" and r["command"]["kind"] == "use_might"]
    assert spent, "the seeded dice spent no Might"
    for record in spent:
        assert record["command"]["dice"] == record["log"]["dice"] and len(record["command"]["dice"]) == 1
    resumed = api.resume_journal(journal)
    assert resumed.battle == run.battle and resumed.log == run.log
    assert resumed.dice.state() == run.dice.state()


def test_sb_02_use_might_written_before_its_dice_were_kept_still_loads() -> None:
    old = {"kind": "use_might", "key": CAPTAIN, "points": 1, "roll_kind": "duel"}
    command = COMMANDS.validate_python(old)
    assert isinstance(command, UseMight) and command.dice == ()
    new = UseMight(key=CAPTAIN, points=1, roll_kind="duel", dice=(3,))
    assert COMMANDS.validate_python(new.model_dump(mode="json")) == new


# --- the seam ------------------------------------------------------------------------------------------------
def test_a_refused_roll_throws_no_dice_and_a_roll_the_game_lacks_is_a_type_error(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    game = api.get_system("sbg")
    with pytest.raises(TypeError):
        game.odds(run.battle, object())
    with pytest.raises(TypeError):
        game.roll(run.battle, "fate", run.dice)
    assert isinstance(_one(run, "priority").request, PriorityRoll)


def test_an_ended_battle_offers_only_its_moves(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    assert api.take(run, _one(run, "end_battle"))
    assert [(a.kind, a.label) for a in api.actions(run)] == [
        ("next_phase", "Next phase"),
        ("end_battle", "Resume the battle"),
    ]


def test_summary_counts_heroes_lost_counters_spent_and_wounds(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    assert api.take(run, replace(_one(run, "cast", GANDALF).request, need=3, might=1), api.TypedDice((4,)))
    _lose_wounds(run, CAPTAIN, 1)
    assert api.take(run, _one(run, "fate", CAPTAIN), api.TypedDice((2,)))
    assert run.execute(SetHeroFlag(key=GRIMA, field="removed", value=True))
    aline, bruno = api.summary(run).sides
    assert (aline.player, aline.lines) == (
        "Aline",
        (
            "0 / 2 heroes lost",
            "Might spent: 1 / 5",
            "Will spent: 1 / 7",
            "Fate spent: 1 / 4",
            "1 / 5 Wounds lost",
            "0 / 2 models lost",
            "Not broken: break point 1 / 2",
        ),
    )
    assert bruno.lines[0] == "1 / 2 heroes lost" and bruno.lines[4] == "0 / 3 Wounds lost"
