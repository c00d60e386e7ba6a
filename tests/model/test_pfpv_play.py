"""« Par le Fer et par le Verbe » played through the game's seam (`GameSystem.phases/actions/odds/roll/summary`)
and `warband.api`, without Qt: a scene of one party, its rounds, castings (PF-01 … PF-08), distraction (PF-09)."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from warband import api
from warband.model.edits import replace as replace_model
from warband.model.systems.pfpv import casting
from warband.model.systems.pfpv.play import CastingRequest
from warband.model.systems.pfpv.scene import SetValue, build_setup, options_of, roll_distraction

MERLIN, APPRENTICE, PYROMANCER = "u1", "u2", "u3"
SHIELD, FIREBALL, IGNITE = "bouclier-magique", "boule-de-feu", "enflammer-objet"


@pytest.fixture(scope="module")
def catalogs() -> api.Catalogs:
    return api.builtin_catalogs("pfpv")


def _party() -> api.Army:
    session = api.Session(api.new_army("pfpv", "The company"))
    for key, profile in ((MERLIN, "merlin"), (APPRENTICE, "apprentie"), (PYROMANCER, "pyromancien")):
        session.execute(api.AddUnit(key, profile))
    session.execute(api.SetUnitField(APPRENTICE, "label", "Merlin's apprentice"))
    return session.state


def _scene(catalogs: api.Catalogs, **kwargs: Any) -> api.BattleRun[Any]:
    return api.start_battle([("GM", _party())], catalogs, **kwargs)


def _all(run: api.BattleRun[Any], kind: str, subject: str | None = None) -> list[api.Action]:
    return [a for a in api.actions(run) if a.kind == kind and (subject is None or a.subject == subject)]


def _one(run: api.BattleRun[Any], kind: str, subject: str | None = None) -> api.Action:
    found = _all(run, kind, subject)
    assert found, f"no {kind} action"
    return found[0]


def _cast(run: api.BattleRun[Any], key: str, spell: str, combination: int = 0) -> api.Action:
    found = [
        a
        for a in _all(run, "cast", key)
        if isinstance(a.request, CastingRequest)
        and (a.request.choice.spell, a.request.choice.combination) == (spell, combination)
    ]
    assert len(found) == 1, f"{key} cannot cast {spell} by combination {combination}"
    return found[0]


# --- phases and the scene's moves ------------------------------------------------------------------------------
def test_pf_phases_are_the_scene_then_combat_rounds(catalogs: api.Catalogs) -> None:
    run = _scene(catalogs)
    assert [(p.id, p.name, p.current) for p in api.phases(run)] == [
        ("scene", "Out of combat", True),
        ("combat", "Combat", False),
    ]
    assert not _all(run, "end_combat")  # out of combat: nothing to end
    assert api.take(run, _one(run, "next_phase"))
    assert run.battle.round == 1 and [p.id for p in api.phases(run) if p.current] == ["combat"]
    assert api.take(run, _one(run, "end_combat"))
    assert run.battle.round == 0 and api.phases(run)[0].current


def test_pf_10_time_passing_is_offered_for_each_activity(catalogs: api.Catalogs) -> None:
    run = _scene(catalogs)
    times = _all(run, "time")
    assert [str(a.label) for a in times] == ["1 h asleep", "1 h calm", "1 h intense"]
    run.execute(SetValue(key=MERLIN, field="don", value=100))
    longer = times[0].command.model_copy(update={"hours": 3})  # a plain action's command, changed
    assert api.take(run, replace(times[0], command=longer))
    assert run.battle.characters[MERLIN].don == 120 and run.battle.hours == 3  # never above the maximum


def test_pf_an_ended_scene_offers_only_to_resume_it(catalogs: api.Catalogs) -> None:
    run = _scene(catalogs)
    assert api.take(run, _one(run, "end_battle"))
    assert run.battle.ended
    [resume] = api.actions(run)
    assert resume.kind == "end_battle" and resume.label == "Resume the scene"
    assert api.take(run, resume) and not run.battle.ended
    assert _all(run, "cast")


# --- castings and their refusals -------------------------------------------------------------------------------
def test_pf_01_every_combination_is_offered_with_the_skills_it_needs(catalogs: api.Catalogs) -> None:
    run = _scene(catalogs)
    ignite = [a for a in _all(run, "cast", APPRENTICE) if a.request.choice.spell == IGNITE]
    assert [str(a.label) for a in ignite] == [
        "Merlin's apprentice casts Ignite an object (Fire −1 / Destruction −1)",
        "Merlin's apprentice casts Ignite an object (Fire −1 / Enchantment −2)",
        "Merlin's apprentice casts Ignite an object (Light −3 / Destruction −1)",
    ]
    assert [a.refusal.rule if a.refusal else None for a in ignite] == ["PF-01", None, "PF-01"]
    refused = ignite[0].refusal
    assert refused is not None and refused.code == "pf.cannot_attempt"
    assert refused.unit is not None and refused.unit.id == APPRENTICE
    with pytest.raises(api.RefusedError) as caught:
        api.take(run, ignite[0])
    assert caught.value.reason == refused
    with pytest.raises(api.RefusedError):  # the request alone, past the action: refused the same
        api.take(run, ignite[0].request)
    assert run.log == []


def test_ar_02_a_spell_the_catalogs_no_longer_know_is_offered_refused(catalogs: api.Catalogs) -> None:
    run = _scene(catalogs)
    scene = run.battle
    entries = replace_model(scene.entries, spells={k: v for k, v in scene.entries.spells.items() if k != FIREBALL})
    run = api.BattleRun(replace_model(scene, entries=entries))
    [fireball] = [a for a in _all(run, "cast", PYROMANCER) if a.request.choice.spell == FIREBALL]
    assert fireball.refusal is not None and fireball.refusal.rule == "AR-02"
    assert fireball.refusal.code == "pf.spell_unknown" and str(fireball.label) == "Cast boule-de-feu"
    with pytest.raises(api.RefusedError):
        api.odds(run, fireball)
    with pytest.raises(api.RefusedError):
        api.take(run, fireball.request, api.TypedDice((1, 1, 1, 1)))


def test_pf_04_a_seventh_spell_at_once_is_refused(catalogs: api.Catalogs) -> None:
    run = _scene(catalogs)
    for _spell in range(6):
        assert api.take(run, _one(run, "start_casting", PYROMANCER))
    start = _one(run, "start_casting", PYROMANCER)
    assert start.refusal is not None and start.refusal.rule == "PF-04" and start.refusal.code == "pf.simultaneous"
    stops = _all(run, "stop_casting", PYROMANCER)
    assert len(stops) == 6 and str(stops[0].label) == "Pyromancer stops casting Fireball"
    assert api.take(run, stops[0]) and len(run.battle.characters[PYROMANCER].casting) == 5


def test_pf_02_a_setup_spending_more_don_than_left_is_refused(catalogs: api.Catalogs) -> None:
    run = _scene(catalogs)
    action = _cast(run, APPRENTICE, SHIELD)
    assert action.allowed
    greedy = replace(
        action.request, choice=action.request.choice.model_copy(update={"don_contact": {"lumiere": 31}})
    )
    with pytest.raises(api.RefusedError) as caught:
        api.take(run, greedy, api.TypedDice((0, 0, 0, 0)))
    assert caught.value.reason.rule == "PF-02"
    assert run.log == [] and run.battle.characters[APPRENTICE].don == 30


# --- odds and rolls ---------------------------------------------------------------------------------------------
def test_pf_06_odds_are_the_castings_exact_odds(catalogs: api.Catalogs) -> None:
    run = _scene(catalogs)
    action = _cast(run, MERLIN, SHIELD, 2)
    request = action.request
    expected = casting.odds(build_setup(run.battle, MERLIN, request.choice), options_of(request.choice))
    odds = api.odds(run, action)
    assert odds.detail == expected and odds.success == expected.outcomes["success"]
    helped = replace(request, choice=request.choice.model_copy(update={"grimoire": True}))
    assert api.odds(run, helped).success > odds.success  # the Grimoire's ritual, +2 on control (PF-03)


def test_pf_06_a_casting_with_the_tables_dice_is_played_once(catalogs: api.Catalogs) -> None:
    run = _scene(catalogs)
    request = _cast(run, MERLIN, SHIELD).request  # Light −3 / Enchantment −4; Merlin: Light 9, Enchantment 12
    game = api.get_system("pfpv")
    made = game.roll(run.battle, request, api.TypedDice((2, 1, 1, 1)))  # contact 3, control 2
    assert made.outcome.outcome == "success" and made.outcome.raw == {"lumiere": 6}
    assert made.outcome.margins == {"enchantement": 6} and made.outcome.power == 3 + 6  # net 6 − 3, margin 6
    assert made.dice == (3, 2) and made.source == "typed" and made.success
    assert run.play(made)
    assert run.battle == made.after and run.battle.characters[MERLIN].don == 117  # level 3 paid (PF-07)
    entry = run.log[-1]
    assert entry.text.startswith("Merlin casts Magic shield: success: raw Light 6")
    assert (entry.dice, entry.source, entry.success, entry.side) == ((3, 2), "typed", True, 0)
    with pytest.raises(api.DiceError):  # too few of the table's dice: nothing changes
        api.take(run, request, api.TypedDice((2, 1)))
    with pytest.raises(TypeError):
        game.roll(run.battle, object(), api.TypedDice(()))
    with pytest.raises(TypeError):
        game.odds(run.battle, "a tactical roll")


def test_pf_09_distraction_odds_are_a_roll_under_ma(catalogs: api.Catalogs) -> None:
    run = _scene(catalogs)
    action = _one(run, "distraction", APPRENTICE)  # MA 4
    assert action.allowed and str(action.label) == "Merlin's apprentice rolls against distraction (PF-09)"
    assert api.odds(run, action).success == Fraction(1 + 2 + 3 + 4 + 5, 36)
    assert api.odds(run, replace(action.request, modifier=-5)).success == 0
    assert api.odds(run, replace(action.request, modifier=6)).success == 1


def test_pf_09_distraction_with_the_tables_dice_is_a_note_with_its_dice(catalogs: api.Catalogs) -> None:
    run = _scene(catalogs)
    assert api.take(run, _one(run, "start_casting", PYROMANCER))
    before, before_undo = run.battle, run.session.undo_label
    action = _one(run, "distraction", PYROMANCER)  # MA 7
    assert api.take(run, replace(action.request, modifier=-2), api.TypedDice((2, 3)))
    entry = run.log[-1]
    assert entry.text == "Pyromancer keeps concentration: 5 ≤ MA 7 − 2 (PF-09)"
    assert (entry.dice, entry.source, entry.step) == ((5,), "typed", 0)  # a note: it changed nothing
    assert run.battle == before and run.session.undo_label == before_undo
    made = api.get_system("pfpv").roll(run.battle, replace(action.request, modifier=1), api.TypedDice((5, 4)))
    assert made.command is None and made.after is run.battle and made.success is False
    assert made.outcome.loses_spell and made.outcome.target == 8
    assert made.text == "Pyromancer is distracted: 9 > MA 7 + 1; a spell in progress is lost (PF-09)"
    with pytest.raises(api.DiceError):  # one of the two dice numbered 0–5 is missing
        api.take(run, action.request, api.TypedDice((3,)))


def test_pf_09_distraction_typed_as_the_tables_total(catalogs: api.Catalogs) -> None:
    run = _scene(catalogs)
    made = roll_distraction(run.battle, APPRENTICE, 0, roll=10)
    assert not made.outcome.kept and not made.outcome.loses_spell  # casting nothing: nothing to lose
    assert made.text == "Merlin's apprentice is distracted: 10 > MA 4, but was casting nothing (PF-09)"
    assert (made.dice, made.source) == ((10,), "typed")
    assert run.play(made) and run.log[-1].dice == (10,) and run.log[-1].step == 0
    with pytest.raises(ValueError):
        roll_distraction(run.battle, APPRENTICE, 0, roll=11)


def test_pf_09_distraction_with_the_programs_dice_resumes_from_the_journal(
    catalogs: api.Catalogs, tmp_path: Path
) -> None:
    journal = tmp_path / "scene.battle-journal"
    run = _scene(catalogs, journal=journal, dice=api.SeededDice(7))
    assert api.take(run, _one(run, "start_casting", MERLIN))
    expected = api.SeededDice(7)
    thrown = expected.roll(6, 2, low=0)  # the same generator: the two dice the program throws
    assert api.take(run, _one(run, "distraction", MERLIN))
    entry = run.log[-1]
    assert (entry.dice, entry.source, entry.step) == ((sum(thrown),), "rolled", 0)
    assert run.dice.state() == expected.state()
    record = json.loads(journal.read_bytes().splitlines()[-1])
    assert record["op"] == "note" and record["rolls"] == [[6, 2, 0]]  # the dice thrown, for the generator
    assert api.take(run, _one(run, "distraction", MERLIN))  # and again, from where the dice stopped
    resumed = api.resume_journal(journal)
    assert resumed.battle == run.battle
    assert resumed.log == run.log
    assert resumed.dice.state() == run.dice.state()
    assert resumed.dice.roll(6, 2, low=0) == run.dice.roll(6, 2, low=0)
    run.close_journal(remove=False)


# --- the summary -----------------------------------------------------------------------------------------------
def test_pf_summary_tells_the_spells_cast_the_time_and_what_each_character_has_left(
    catalogs: api.Catalogs,
) -> None:
    run = _scene(catalogs)
    shield = _cast(run, MERLIN, SHIELD).request
    assert api.take(run, shield, api.TypedDice((2, 1, 1, 1)))  # a success: 3 Don paid
    apprentice = _cast(run, APPRENTICE, SHIELD).request
    api.take(run, apprentice, api.TypedDice((5, 5)))  # no energy, no control roll: a note with its dice
    assert run.log[-1].step == 0 and run.log[-1].dice == (10,)
    assert api.take(run, _one(run, "distraction", PYROMANCER), api.TypedDice((0, 0)))  # not a casting
    assert api.take(run, _cast(run, PYROMANCER, FIREBALL).request, api.TypedDice((0, 0, 0, 0)))
    run.undo()  # undone: not counted
    assert api.take(run, _all(run, "time")[2])  # intense: no Don recovered (PF-10)
    [party] = api.summary(run).sides
    assert party.player == "GM"
    assert list(party.lines) == [
        "Spells cast: 2, succeeded: 1",
        "1 hour passed",
        "Merlin — Don 117/120, Vitality 14/14",
        "Merlin's apprentice — Don 30/30, Vitality 8/8",
        "Pyromancer — Don 80/80, Vitality 16/16",
    ]
