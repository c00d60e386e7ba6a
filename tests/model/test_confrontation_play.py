"""Confrontation played through the game's seam (`GameSystem.phases/actions/odds/roll/summary`) and `warband.api`."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from warband import api
from warband.model.dice import divination_success
from warband.model.systems.confrontation import battle_calls
from warband.model.systems.confrontation.battle_commands import SetModelFlag, SetWounds


@pytest.fixture(scope="module")
def catalogs() -> api.Catalogs:
    return api.builtin_catalogs("confrontation")


def _army(label: str = "") -> api.Army:
    session = api.Session(api.new_army("confrontation", "Gate"))
    session.execute(api.AddUnit("u1", "iron-priestess"))
    session.execute(api.AddEntry("u1", "miracles", "renfort"))
    if label:
        session.execute(api.SetUnitField("u1", "label", label))
    return session.state


def _divination(catalogs: api.Catalogs) -> api.BattleRun[Any]:
    run = api.start_battle([("Aline", _army()), ("Bruno", _army("Sister Agnes"))], catalogs)
    api.take(run, _one(run, "tactical"), api.TypedDice((6, 1)))
    _take(run, "next_phase")
    _take(run, "next_phase")
    return run


def _one(run: api.BattleRun[Any], kind: str, subject: str | None = None) -> api.Action:
    found = [a for a in api.actions(run) if a.kind == kind and (subject is None or a.subject == subject)]
    assert found, f"no {kind} action"
    return found[0]


def _take(run: api.BattleRun[Any], kind: str) -> None:
    assert api.take(run, _one(run, kind))


def test_phases_follow_the_turn(catalogs: api.Catalogs) -> None:
    run = api.start_battle([("Aline", _army()), ("Bruno", _army())], catalogs)
    ids = [phase.id for phase in api.phases(run)]
    assert ids == ["tactical", "movement", "divination", "shooting", "melee", "end"]
    assert [p.id for p in api.phases(run) if p.current] == ["tactical"]
    _take(run, "next_phase")
    assert [p.id for p in api.phases(run) if p.current] == ["movement"]
    assert api.phases(run)[1].name == "Movement"


def test_the_first_phase_has_no_back(catalogs: api.Catalogs) -> None:
    run = api.start_battle([("Aline", _army()), ("Bruno", _army())], catalogs)
    back = _one(run, "previous_phase")
    assert back.refusal is not None and back.refusal.code == "phase.first"
    with pytest.raises(api.RefusedError):
        api.take(run, back)
    assert run.battle.phase == "tactical"


def test_tactical_roll_with_the_table_dice_and_a_tie_kept_as_a_note(catalogs: api.Catalogs) -> None:
    run = api.start_battle([("Aline", _army()), ("Bruno", _army())], catalogs)
    tactical = _one(run, "tactical")
    assert api.odds(run, tactical).success == Fraction(5, 6)
    assert api.take(run, tactical, api.TypedDice((3, 3)))
    assert run.battle.tactical_winner is None and run.log[-1].dice == (3, 3) and run.log[-1].step == 0
    assert api.take(run, tactical, api.TypedDice((2, 5)))
    assert run.battle.tactical_winner == 1


def test_cf_13_only_the_faithful_whose_turn_it_is_may_call(catalogs: api.Catalogs) -> None:
    run = _divination(catalogs)
    calls = {a.subject: a for a in api.actions(run) if a.kind == "call"}
    assert calls["0:u1"].allowed
    refusal = calls["1:u1"].refusal
    assert refusal is not None and refusal.rule == "CF-13"
    assert (
        refusal.message
        == "It is Iron Priestess's turn to call miracles, not Sister Agnes's (the Divination order)."
    )
    with pytest.raises(api.RefusedError):
        api.take(run, calls["1:u1"])
    _take(run, "divination_done")  # Aline's Faithful has finished: Bruno's turn
    calls = {a.subject: a for a in api.actions(run) if a.kind == "call"}
    assert "0:u1" not in calls and calls["1:u1"].allowed


def test_cf_11_a_barred_faithful_is_listed_with_its_reason(catalogs: api.Catalogs) -> None:
    run = _divination(catalogs)
    run.execute(SetModelFlag(key="0:u1", field="engaged", value=True))
    call = _one(run, "call", "0:u1")
    assert call.refusal is not None and (call.refusal.rule, call.refusal.code) == ("CF-11", "call.engaged")
    assert _one(run, "call", "1:u1").allowed  # the next in order may call now


def test_cf_19_odds_are_the_exact_chance_with_the_battle_options(catalogs: api.Catalogs) -> None:
    run = _divination(catalogs)
    call = _one(run, "call", "0:u1")
    for fervour in range(2, 9):
        request = replace(call.request, fervour=fervour)
        assert api.odds(run, request).success == divination_success(8, fervour)
    no_rerolls = run.battle.model_copy(update={"options": replace_options(run, six_rerolls=False)})
    game = api.get_system("confrontation")
    assert game.odds(no_rerolls, replace(call.request, fervour=1)).success == divination_success(
        8, 1, explode=False
    )


def replace_options(run: api.BattleRun[Any], **changes: object) -> Any:
    return run.battle.options.model_copy(update=changes)


def test_cf_17_odds_of_a_difficulty_set_at_the_table_need_it(catalogs: api.Catalogs) -> None:
    session = api.Session(_army())
    session.execute(api.AddEntry("u1", "miracles", "execration"))  # the Power of the target mage: typed
    session.execute(api.AddEntry("u1", "miracles", "messager-divin"))  # the fervour chosen + 4: computed
    run = api.start_battle([("Aline", session.state), ("Bruno", _army())], catalogs)
    game = api.get_system("confrontation")
    request = battle_calls.CallRequest("0:u1", "execration", 2, True)
    with pytest.raises(api.RefusedError) as refused:
        game.odds(run.battle, request)
    assert "CF-17" in repr(refused.value.reason)
    assert game.odds(run.battle, replace(request, difficulty=7)).success == divination_success(7, 2)
    computed = battle_calls.CallRequest("0:u1", "messager-divin", 1, True)
    assert game.odds(run.battle, computed).success == divination_success(5, 1)
    assert game.odds(run.battle, replace(computed, difficulty=7)).success == divination_success(7, 1)


def test_a_call_runs_the_rule_once_and_keeps_its_dice(
    catalogs: api.Catalogs, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = _divination(catalogs)
    runs = 0
    real = battle_calls.call_miracle

    def counted(*args: Any) -> Any:
        nonlocal runs
        runs += 1
        return real(*args)

    monkeypatch.setattr(battle_calls, "call_miracle", counted)
    assert api.take(run, _one(run, "call", "0:u1"), api.TypedDice((6,)))
    assert runs == 1
    entry = run.log[-1]
    assert (entry.dice, entry.source, entry.success) == ((6,), "typed", True)
    assert run.battle.state("0:u1").faith == 8


def test_program_dice_are_journalled_and_resume_the_same(catalogs: api.Catalogs, tmp_path: Any) -> None:
    journal = tmp_path / "b.battle-journal"
    run = api.start_battle([("Aline", _army()), ("Bruno", _army())], catalogs, journal=journal)
    for _ in range(8):  # rolls, ties and phases with the program's dice
        tactical = [a for a in api.actions(run) if a.kind == "tactical"]
        api.take(run, tactical[0] if tactical and run.battle.tactical_winner is None else _one(run, "next_phase"))
    resumed = api.resume_journal(journal)
    assert resumed.battle == run.battle and resumed.log == run.log


def test_an_ended_battle_offers_only_to_resume(catalogs: api.Catalogs) -> None:
    run = _divination(catalogs)
    _take(run, "end_battle")
    allowed = [(a.kind, a.label) for a in api.actions(run) if a.allowed]
    assert allowed == [("previous_phase", "Previous phase"), ("end_battle", "Resume the battle")]
    assert _one(run, "next_phase").refusal.code == "battle.ended"  # type: ignore[union-attr]


def test_summary_counts_losses_and_calls(catalogs: api.Catalogs) -> None:
    run = _divination(catalogs)
    api.take(run, _one(run, "call", "0:u1"), api.TypedDice((1,)))
    run.execute(SetWounds(key="1:u1", wounds="killed"))
    aline, bruno = api.summary(run).sides
    assert (aline.player, aline.lines) == (
        "Aline",
        ("0 / 1 models lost", "0 / 55 A.P. lost", "Miracles called: 1, succeeded: 0", "0 % success"),
    )
    assert bruno.lines[:2] == ("1 / 1 models lost", "55 / 55 A.P. lost")


def test_a_move_tells_its_refusal_as_carrying_it_out_would(catalogs: api.Catalogs) -> None:
    """`refusal_in` (asked by the shared bar after every action) gives exactly what `apply` raises, or None."""
    from warband.model.battle_commands import EndBattle
    from warband.model.systems.confrontation.battle_commands import NextPhase, PreviousPhase

    run = api.start_battle([("Aline", _army()), ("Bruno", _army())], catalogs)
    battles = [run.battle]
    for _ in range(7):
        run.execute(NextPhase())
        battles.append(run.battle)
    battles.append(run.battle.model_copy(update={"ended": True}))
    for battle in battles:
        for command in (NextPhase(), PreviousPhase(), EndBattle(ended=not battle.ended)):
            try:
                command.apply(battle)
                raised = None
            except api.RefusedError as exc:
                raised = exc.reason
            assert command.refusal_in(battle) == raised, (battle.phase, command)
