"""The Strategy Battle Game read to the letter (issue 16), through `warband.api` and the model's commands: Will on
Courage tests and the Courage test itself (SB-03, SB-06), Might lowering a die (SB-02), the Fate procedure held to
(SB-04), named heroes bought once (SB-08), and the Fate log line naming the Might spent.

What the fixes add (the Courage request, the hero rolls' module) is imported inside the tests, so that each test
fails on its own against the program before them."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

import pytest

from warband import api
from warband.model.systems.sbg.battle_commands import FateRoll, SetCounter, UseMight
from warband.model.systems.sbg.battle_state import RulesOptions
from warband.model.systems.sbg.play import FateRequest, MightRequest

GANDALF, CAPTAIN, SHAMAN, GRIMA = "0:u1", "0:u2", "1:u1", "1:u2"
"""Gandalf (M3 W6 F3, 3 Wounds, Courage 7) and a Captain of Rohan (M2 W1 F1, 2 Wounds, Courage 4) for Aline; an
Orc Shaman (M1 W3 F1, Courage 3) and Gríma (M0 W3 F0, Courage 2) for Bruno."""


@pytest.fixture(scope="module")
def catalogs() -> api.Catalogs:
    return api.builtin_catalogs("sbg")


def _army(*profiles: str, count: int = 1) -> api.Army:
    session = api.Session(api.new_army("sbg", "Host"))
    for index, profile in enumerate(profiles, 1):
        session.execute(api.AddUnit(f"u{index}", profile))
        if count != 1:
            session.execute(api.SetUnitField(f"u{index}", "count", count))
    return session.state


def _start(
    catalogs: api.Catalogs, options: RulesOptions | None = None, journal: Path | None = None
) -> api.BattleRun[Any]:
    sides = [("Aline", _army("gandalf-the-grey", "captain-of-rohan")), ("Bruno", _army("orc-shaman", "grima"))]
    return api.start_battle(sides, catalogs, options, journal=journal, dice=api.SeededDice(7))


def _one(run: api.BattleRun[Any], kind: str, subject: str) -> api.Action:
    [found] = [a for a in api.actions(run) if a.kind == kind and a.subject == subject]
    return found


def _rule(refused: pytest.ExceptionInfo[api.RefusedError]) -> tuple[str, str]:
    return refused.value.reason.rule, refused.value.reason.code


# --- SB-06, SB-03: the Courage test, with Might and Will ---------------------------------------------------------
def test_sb_06_every_hero_has_a_courage_test_with_its_exact_odds(catalogs: api.Catalogs) -> None:
    from warband.model.systems.sbg.play import CourageRequest

    run = _start(catalogs)
    test = _one(run, "courage", CAPTAIN)
    assert test.label == "Captain of Rohan: Courage test" and test.allowed
    assert test.request == CourageRequest(CAPTAIN)  # no point added until the player says
    for might, will in product(range(3), range(2)):
        request = replace(test.request, might=might, will=will)
        brute = sum(1 for a, b in product(range(1, 7), repeat=2) if a + b + 4 + might + will >= 10)
        assert api.odds(run, request).success == Fraction(brute, 36)
    assert api.odds(run, test).success == Fraction(26, 36)  # 6+ on two dice
    assert api.odds(run, _one(run, "courage", GANDALF)).success == Fraction(35, 36)  # Courage 7: 3+


def test_sb_03_will_alone_on_a_courage_test(catalogs: api.Catalogs) -> None:
    from warband.model.systems.sbg.play import CourageRequest

    run = _start(catalogs)
    assert api.take(run, CourageRequest(SHAMAN, will=3), api.TypedDice((2, 3)))  # 5 + Courage 3 = 8: 2 Will
    state = run.battle.heroes[SHAMAN]
    assert (state.will, state.might) == (1, 1)
    entry = run.log[-1]
    assert entry.text == "Orc Shaman tests Courage: 2 3 + Courage 3 + 2 Will = 10: passes"
    assert (entry.dice, entry.source, entry.success, entry.side) == ((2, 3), "typed", True, 1)


def test_sb_06_might_and_will_mixed_in_the_order_the_player_chooses(catalogs: api.Catalogs) -> None:
    from warband.model.systems.sbg.play import CourageRequest

    run = _start(catalogs)
    request = CourageRequest(CAPTAIN, might=2, will=1)  # Courage 4: a 3 needs 3 points
    assert api.take(run, request, api.TypedDice((1, 2)))
    state = run.battle.heroes[CAPTAIN]
    assert (state.might, state.will) == (0, 0)
    assert run.log[-1].text == "Captain of Rohan tests Courage: 1 2 + Courage 4 + 2 Might and 1 Will = 10: passes"
    run = _start(catalogs)
    assert api.take(run, replace(request, will_first=True), api.TypedDice((2, 2)))  # 2 short: Will, then Might
    state = run.battle.heroes[CAPTAIN]
    assert (state.might, state.will) == (1, 0)


def test_sb_06_no_point_spent_for_nothing_and_the_dice_are_kept(catalogs: api.Catalogs) -> None:
    from warband.model.systems.sbg.play import CourageRequest

    run = _start(catalogs)
    request = CourageRequest(CAPTAIN, might=2, will=1)
    assert api.take(run, request, api.TypedDice((3, 3)))  # 6 + 4: passes as it is
    assert api.take(run, request, api.TypedDice((1, 1)))  # 2 + 4 + 3 points: 9, fails whatever is added
    assert run.battle.heroes[CAPTAIN].might == 2 and run.battle.heroes[CAPTAIN].will == 1
    assert [(e.text, e.dice, e.step) for e in run.log] == [  # notes: nothing changed, the dice kept
        ("Captain of Rohan tests Courage: 3 3 + Courage 4 = 10: passes", (3, 3), 0),
        ("Captain of Rohan tests Courage: 1 1 + Courage 4 = 6: fails", (1, 1), 0),
    ]


def test_sb_06_more_might_or_will_than_the_hero_has_is_refused_before_the_dice(catalogs: api.Catalogs) -> None:
    from warband.model.systems.sbg.play import CourageRequest

    run = _start(catalogs)
    before = run.dice.state()
    with pytest.raises(api.RefusedError) as refused:
        api.take(run, CourageRequest(CAPTAIN, will=2))  # the Captain has 1 Will
    assert _rule(refused) == ("SB-03", "sbg.spent")
    with pytest.raises(api.RefusedError) as refused:
        api.take(run, CourageRequest(GRIMA, might=1))
    assert _rule(refused) == ("SB-02", "sbg.spent")
    assert run.dice.state() == before and run.log == []
    assert run.execute(SetCounter(key=CAPTAIN, field="will", value=0))
    assert _one(run, "courage", CAPTAIN).allowed  # with no point to add, the test is still taken
    with pytest.raises(api.DiceError):
        api.take(run, CourageRequest(CAPTAIN), api.TypedDice((4,)))  # two dice


def test_sb_06_the_points_chosen_once_the_dice_are_seen(catalogs: api.Catalogs) -> None:
    """Two steps, as the resolver plays it: the dice thrown and shown, then the Might and Will the player adds."""
    from warband.model.systems.sbg import hero_rolls

    run = _start(catalogs)
    values, source = hero_rolls.throw_courage(run.battle, GANDALF, 0, 0, api.TypedDice((1, 1)))
    assert (values, source) == ((1, 1), "typed")
    roll = hero_rolls.courage_thrown(run.battle, GANDALF, values, 0, 1, source)  # 2 + 7 + 1 Will = 10
    assert roll.outcome is True and run.play(roll)
    assert run.battle.heroes[GANDALF].will == 5 and run.battle.heroes[GANDALF].might == 3
    assert run.session.undo_label == "Courage test"
    with pytest.raises(api.RefusedError) as refused:
        hero_rolls.courage_thrown(run.battle, GRIMA, (6, 6), 0, 4, "typed")  # Gríma has 3 Will
    assert _rule(refused) == ("SB-03", "sbg.spent")


def test_sb_06_a_courage_test_is_journalled_with_its_dice_and_resumes_the_same(
    catalogs: api.Catalogs, tmp_path: Path
) -> None:
    from warband.model.systems.sbg.play import CourageRequest

    journal = tmp_path / "sbg.battle-journal"
    run = _start(catalogs, journal=journal)
    for _ in range(4):
        state = run.battle.heroes[CAPTAIN]
        assert api.take(run, CourageRequest(CAPTAIN, might=state.might, will=state.will))
    assert api.take(run, CourageRequest(SHAMAN, will=3), api.TypedDice((2, 3)))  # 2 Will added
    records = [json.loads(line) for line in journal.read_bytes().splitlines()]
    kept = [r for r in records if r.get("op") == "do" and r["command"]["kind"] == "courage"]
    assert kept and all(r["command"]["rolled"] == r["log"]["dice"] for r in kept)
    resumed = api.resume_journal(journal)
    assert resumed.battle == run.battle and resumed.log == run.log
    assert resumed.dice.state() == run.dice.state()


# --- SB-02: Might lowers a die as well as raises it -------------------------------------------------------------
def test_sb_02_might_lowers_a_die(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    lower = MightRequest(GANDALF, "jump", 3, 3, lower=True)
    assert api.take(run, lower, api.TypedDice((5,)))
    assert run.battle.heroes[GANDALF].might == 1
    entry = run.log[-1]
    assert entry.text == "Gandalf the Grey spends 2 Might on a Jump test: 5 → 3" and entry.success is True
    assert run.session.undo_label == "Use 2 Might to lower a die"
    for need, might in product(range(8), range(4)):
        request = replace(lower, need=need, might=might)
        brute = sum(1 for face in range(1, 7) if need >= 1 and face - might <= need)
        assert api.odds(run, request).success == Fraction(brute, 6)


def test_sb_02_a_lowering_command_costs_its_points_and_never_takes_a_die_below_1(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    assert run.execute(UseMight(key=CAPTAIN, points=-1, roll_kind="duel", dice=(4,)))
    assert run.battle.heroes[CAPTAIN].might == 1
    with pytest.raises(api.RefusedError) as refused:
        run.execute(UseMight(key=GANDALF, points=-2, roll_kind="duel", dice=(2,)))
    assert _rule(refused) == ("SB-02", "sbg.might_floor")
    with pytest.raises(api.RefusedError) as refused:
        run.execute(UseMight(key=CAPTAIN, points=-2, roll_kind="duel"))  # one Might left
    assert _rule(refused) == ("SB-02", "sbg.spent")


# --- SB-04: the Fate procedure held to ----------------------------------------------------------------------------
def test_sb_04_one_at_a_time_no_die_is_rolled_once_the_wound_is_restored(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    assert run.execute(SetCounter(key=GANDALF, field="wounds", value=2))  # one Wound lost
    with pytest.raises(api.RefusedError) as refused:
        run.execute(FateRoll(key=GANDALF, rolled=(5, 6, 2), might=(0, 0, 0), lost=1))
    assert _rule(refused) == ("SB-04", "sbg.fate_stop")
    assert "after die 1 of 3" in refused.value.reason.sentence
    with pytest.raises(api.RefusedError) as refused:  # the Might made the second die a success: no third
        run.execute(FateRoll(key=GANDALF, rolled=(1, 3, 2), might=(0, 1, 0), lost=1))
    assert _rule(refused) == ("SB-04", "sbg.fate_stop")
    assert run.battle.heroes[GANDALF].fate == 3
    assert run.execute(FateRoll(key=GANDALF, rolled=(1, 2, 5), might=(0, 0, 0), lost=1))  # stops at the 5
    assert run.battle.heroes[GANDALF].wounds == 3 and run.battle.heroes[GANDALF].fate == 0


def test_sb_04_one_die_per_roll_when_rolling_one_at_a_time(catalogs: api.Catalogs) -> None:
    from warband.model.systems.sbg import hero_rolls

    run = _start(catalogs)
    assert run.execute(SetCounter(key=GANDALF, field="wounds", value=1))
    before = run.dice.state()
    with pytest.raises(api.RefusedError) as refused:
        hero_rolls.throw_fate(run.battle, GANDALF, 2, run.dice)
    assert _rule(refused) == ("SB-04", "sbg.fate_one_at_a_time") and run.dice.state() == before
    assert hero_rolls.throw_fate(run.battle, GANDALF, 1, api.TypedDice((5,))) == ((5,), "typed")


def test_sb_04_all_at_once_the_dice_are_thrown_together(catalogs: api.Catalogs) -> None:
    run = _start(catalogs, RulesOptions(fate_dice="all_at_once"))
    assert run.execute(SetCounter(key=GANDALF, field="wounds", value=2))
    assert run.execute(FateRoll(key=GANDALF, rolled=(5, 6, 2), might=(0, 0, 0), lost=1))
    assert run.battle.heroes[GANDALF].fate == 0 and run.battle.heroes[GANDALF].wounds == 3


def test_sb_04_the_fate_log_line_names_the_might_spent_on_the_dice(catalogs: api.Catalogs) -> None:
    run = _start(catalogs)
    assert run.execute(SetCounter(key=GANDALF, field="wounds", value=2))
    request = replace(_one(run, "fate", GANDALF).request, might=2)
    assert api.take(run, request, api.TypedDice((2,)))  # the 2 needs 2 Might: spent, the Wound restored
    assert run.log[-1].text == "Gandalf the Grey spends 1 Fate and 2 Might: 2+2, restores 1"
    assert run.battle.heroes[GANDALF].might == 1
    run = _start(catalogs)
    assert run.execute(SetCounter(key=GANDALF, field="wounds", value=2))
    assert api.take(run, FateRequest(GANDALF, dice=3, lost=1), api.TypedDice((4,)))
    assert run.log[-1].text == "Gandalf the Grey spends 1 Fate: 4, restores 1"  # no Might: as before


# --- SB-08: named heroes are unique ---------------------------------------------------------------------------
def _problems(army: api.Army, catalogs: api.Catalogs) -> list[tuple[str, str, str | None]]:
    return [(p.rule, p.code, p.unit.id if p.unit else None) for p in api.validate(army, catalogs).problems]


def test_sb_08_a_named_hero_bought_twice_is_reported(catalogs: api.Catalogs) -> None:
    twice = _army("legolas", "gimli", "legolas")
    problems = api.validate(twice, catalogs).problems
    [unique] = [p for p in problems if p.rule == "SB-08"]
    assert (unique.code, unique.unit.id) == ("sbg.unique", "u3")  # the second Legolas
    assert unique.message == "Legolas is a named hero: an army may hold only one, not 2 (Legolas, Legolas)."
    in_numbers = _army("legolas", count=2)
    assert ("SB-08", "sbg.unique", "u1") in _problems(in_numbers, catalogs)
    assert ("AR-03", "sbg.hero_count", "u1") in _problems(in_numbers, catalogs)


def test_sb_08_generic_heroes_may_be_bought_more_than_once(catalogs: api.Catalogs) -> None:
    captains = _army("captain-of-rohan", "captain-of-rohan", "legolas")
    assert [p for p in _problems(captains, catalogs) if p[0] == "SB-08"] == []


def test_sb_08_the_builtin_catalog_marks_its_named_heroes(catalogs: api.Catalogs) -> None:
    profiles = catalogs.table("profiles", object)
    unique = {pid for pid, p in profiles.items() if getattr(p, "unique", False)}
    assert {"gandalf-the-grey", "legolas", "aragorn-strider", "grima", "lurtz", "saruman"} <= unique
    assert not unique & {"captain-of-rohan", "orc-shaman", "orc-captain", "ringwraith", "uruk-hai-captain"}
    assert all(getattr(profiles[pid], "hero", None) is not None for pid in unique)


def test_sb_08_a_catalog_without_the_field_keeps_working(tmp_path: Path) -> None:
    catalog = {
        "format": "warband-catalog",
        "version": 1,
        "system": "sbg",
        "id": "old-heroes",
        "revision": 1,
        "name": "Written before unique",
        "profiles": [
            {
                "id": "old-hero",
                "name": "Old hero",
                "alignment": "good",
                "faction": "Rohan",
                "cost": 50,
                "courage": 4,
                "hero": {"might": 1, "will": 1, "fate": 1, "wounds": 2},
            }
        ],
    }
    path = tmp_path / "old.json"
    path.write_text(json.dumps(catalog), encoding="utf-8")
    old = api.load_catalogs([path]).for_system("sbg")
    army = _army("old-hero", "old-hero")
    assert [p for p in _problems(army, old) if p[0] == "SB-08"] == []  # not marked: generic
    profile = old.table("profiles", object)["old-hero"]
    assert "unique" not in profile.model_dump(mode="json")  # saved back as it was written
    marked = dict(catalog, profiles=[dict(catalog["profiles"][0], unique=True)])
    path.write_text(json.dumps(marked), encoding="utf-8")
    new = api.load_catalogs([path]).for_system("sbg")
    assert ("SB-08", "sbg.unique", "u2") in _problems(army, new)
