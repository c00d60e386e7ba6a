"""What every registered game does the same way, through its `GameSystem` and `warband.api`, with its example army.

Each test runs once per game the registry lists, so a game added to the registry is held to all of it.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from warband import api
from warband.model.rules_text import RULES as RULE_TEXTS

GAMES = [game.id for game in api.games()]
RULE_ID = r"^[A-Z]{2}-[0-9A-Z]+$"


def example(system_id: str) -> api.Army:
    """The game's example army, in the folder of its built-in catalogs (Warband's `data/<id>/`, or a plug-in's own)."""
    (catalog, *_more) = api.get_system(system_id).info.builtin_catalogs()
    (path,) = sorted((catalog.parent / "examples").glob("*.warband.json"))
    return api.load_army(path)


@pytest.fixture(scope="module")
def catalogs() -> dict[str, api.Catalogs]:
    return {system_id: api.builtin_catalogs(system_id) for system_id in GAMES}


def _rules_of(system_id: str) -> tuple[str, ...]:
    return (api.get_system(system_id).info.rule_prefix + "-", "AR-")


@pytest.mark.parametrize("system_id", GAMES)
def test_the_game_is_whole(system_id: str) -> None:
    game = api.get_system(system_id)
    assert game.info.id == system_id and game.info.sides in (1, 2)
    assert game.army_model.model_fields["system"].default == system_id
    assert game.battle_model.model_fields["system"].default == system_id
    assert issubclass(game.battle_file_model, game.battle_model)
    for code, template in game.templates.items():
        assert template.strip(), code
    assert game.rule_texts and all(text.id.startswith(game.info.rule_prefix + "-") for text in game.rule_texts)
    assert game.options_model is None or game.options_model() is not None  # defaults for every option


@pytest.mark.parametrize("system_id", GAMES)
def test_an_army_is_built_validated_stamped_and_saved(
    system_id: str, catalogs: dict[str, api.Catalogs], tmp_path: Path
) -> None:
    army, cats = example(system_id), catalogs[system_id]
    report = api.validate(army, cats)
    assert [cost.id for cost in report.units] == [unit.id for unit in army.units]
    assert report.valid, [p.message for p in report.problems]
    for problem in report.problems:
        assert problem.rule.startswith(_rules_of(system_id)) and problem.rule in RULE_TEXTS
    for choice in api.options(army, army.units[0].id, cats):
        assert choice.eligible or choice.reasons, choice.id  # a choice refused says why
    stamped = api.stamp(army, cats)
    assert api.compare(stamped, cats) == []
    api.save_army(stamped, tmp_path / "army.warband.json")
    assert api.load_army(tmp_path / "army.warband.json") == stamped


def _walk(run: api.BattleRun[Any], system_id: str, steps: int) -> list[str]:
    """Take allowed actions in turn (never ending the battle), checking each list; the kinds taken."""
    taken: list[str] = []
    prefixes = _rules_of(system_id)
    for step in range(steps):
        actions = api.actions(run)
        assert actions, "a battle in play always has something to do"
        for action in actions:
            assert str(action.label).strip()
            assert (action.command is None) != (action.request is None), action.kind
            if action.refusal is not None:
                assert action.refusal.rule.startswith(prefixes), action.refusal
                assert action.refusal.rule in RULE_TEXTS  # Help → Rules explains it
                assert action.refusal.message and "{" not in action.refusal.message
        moves = api.get_system(system_id).moves(run.battle)  # the shared bar's: the same as in the list
        assert list(moves) == [a for a in actions if a.kind in {m.kind for m in moves}]
        assert {m.kind for m in moves} <= {"next_phase", "previous_phase", "end_battle"}
        allowed = [a for a in actions if a.allowed and a.kind not in ("end_battle", "previous_phase")]
        assert allowed, [a.kind for a in actions]
        rolls = [a for a in allowed if a.request is not None]
        for roll in rolls:
            try:
                chance = api.odds(run, roll).success
            except api.RefusedError:
                continue  # a value still to be given at the table
            assert Fraction(0) <= chance <= Fraction(1)
        choices = rolls if rolls and step % 3 != 2 else allowed  # mostly rolls, and on through the turn
        pick = choices[step % len(choices)]
        api.take(run, pick)
        taken.append(pick.kind)
    return taken


@pytest.mark.parametrize("system_id", GAMES)
def test_a_battle_is_played_saved_and_resumed(
    system_id: str, catalogs: dict[str, api.Catalogs], tmp_path: Path
) -> None:
    game = api.get_system(system_id)
    sides = [(player, example(system_id)) for player in ("Aline", "Bruno")[: game.info.sides]]
    journal = tmp_path / "b.battle-journal"
    run = api.start_battle(sides, catalogs[system_id], journal=journal, dice=api.SeededDice(7))
    phases = api.phases(run)
    assert len([p for p in phases if p.current]) == 1 and all(p.name for p in phases)
    taken = _walk(run, system_id, 40)
    assert len(set(taken)) > 1, taken
    assert any(entry.dice for entry in run.log), "some action rolled dice"
    resumed = api.resume_journal(journal)
    assert resumed.battle == run.battle and resumed.log == run.log
    api.save_battle_file(run, tmp_path / "b.battle.json")
    reopened = api.open_battle(tmp_path / "b.battle.json")
    assert reopened.battle == run.battle and reopened.log == run.log
    summary = api.summary(run)
    assert [side.player for side in summary.sides] == [player for player, _army in sides]
    assert all(side.lines and all(str(line).strip() for line in side.lines) for side in summary.sides)


@pytest.mark.parametrize("system_id", GAMES)
def test_ending_a_battle_is_an_action_and_undone(system_id: str, catalogs: dict[str, api.Catalogs]) -> None:
    game = api.get_system(system_id)
    sides = [(player, example(system_id)) for player in ("Aline", "Bruno")[: game.info.sides]]
    run = api.start_battle(sides, catalogs[system_id])
    before = run.battle
    (end,) = [a for a in api.actions(run) if a.kind == "end_battle"]
    assert api.take(run, end)
    assert [a.kind for a in api.actions(run) if a.allowed and a.kind == "end_battle"]  # to resume it
    run.undo()
    assert run.battle == before


@pytest.mark.parametrize("system_id", GAMES)
def test_the_side_an_action_names_is_in_its_log_line(system_id: str, catalogs: dict[str, api.Catalogs]) -> None:
    from dataclasses import replace

    game = api.get_system(system_id)
    sides = [(player, example(system_id)) for player in ("Aline", "Bruno")[: game.info.sides]]
    run = api.start_battle(sides, catalogs[system_id])
    (end,) = [a for a in api.actions(run) if a.kind == "end_battle"]
    assert api.take(run, replace(end, side=game.info.sides - 1))
    assert run.log[-1].side == game.info.sides - 1


@pytest.mark.parametrize("system_id", GAMES)
def test_a_refused_action_changes_nothing(system_id: str, catalogs: dict[str, api.Catalogs]) -> None:
    game = api.get_system(system_id)
    sides = [(player, example(system_id)) for player in ("Aline", "Bruno")[: game.info.sides]]
    run = api.start_battle(sides, catalogs[system_id], dice=api.SeededDice(3))
    refused = None
    for _ in range(30):
        refused = next((a for a in api.actions(run) if not a.allowed), None)
        if refused is not None:
            break
        api.take(run, next(a for a in api.actions(run) if a.allowed and a.kind != "end_battle"))
    assert refused is not None, "some action is refused along the way"
    before, log = run.battle, list(run.log)
    with pytest.raises(api.RefusedError):
        api.take(run, refused)
    assert run.battle == before and run.log == log
