"""Par le Fer at the table (issue 17), through the public API: a casting resolved ends the spell being cast
(PF-04), a journal written before keeps it as it was played, and the model says what a character is casting."""

from __future__ import annotations

from typing import Any

import pytest

from warband import api
from warband.model.systems.pfpv.play import CastingRequest
from warband.model.systems.pfpv.scene import (
    BeingCast,
    EndCombat,
    NextRound,
    ResolveCasting,
    StartCasting,
    TimePasses,
    being_cast,
    roll_casting,
)

MERLIN, APPRENTICE = "u1", "u2"
SHIELD, SLEEP, IGNITE = "bouclier-magique", "sommeil", "enflammer-objet"


@pytest.fixture(scope="module")
def catalogs() -> api.Catalogs:
    return api.builtin_catalogs("pfpv")


def _scene(catalogs: api.Catalogs) -> api.BattleRun[Any]:
    session = api.Session(api.new_army("pfpv", "The company"))
    session.execute(api.AddUnit(MERLIN, "merlin"))
    session.execute(api.AddUnit(APPRENTICE, "apprentie"))
    return api.start_battle([("GM", session.state)], catalogs, dice=api.SeededDice(16))


def _cast(run: api.BattleRun[Any], key: str, spell: str) -> CastingRequest:
    [action] = [
        a
        for a in api.actions(run)
        if a.kind == "cast" and a.subject == key and isinstance(a.request, CastingRequest)
        if (a.request.choice.spell, a.request.choice.combination) == (spell, 0)
    ]
    assert isinstance(action.request, CastingRequest)
    return action.request


def _spells(run: api.BattleRun[Any], key: str) -> list[str]:
    return [c.spell for c in run.battle.characters[key].casting]


def test_pf_04_a_casting_resolved_ends_the_spell_being_cast(catalogs: api.Catalogs) -> None:
    run = _scene(catalogs)
    for spell in (SLEEP, SHIELD):
        assert run.execute(StartCasting(key=MERLIN, spell=spell))
    assert api.take(run, _cast(run, MERLIN, SHIELD), api.TypedDice((1, 2, 3, 3)))
    assert _spells(run, MERLIN) == [SLEEP]
    assert run.battle.characters[MERLIN].group == 2  # PF-04: the group keeps its size until its last spell ends
    assert api.take(run, _cast(run, MERLIN, SLEEP), api.TypedDice((1, 2, 3, 3)))
    assert _spells(run, MERLIN) == [] and run.battle.characters[MERLIN].group == 0
    for command in (NextRound(), EndCombat(), TimePasses(hours=8, activity="asleep")):
        assert run.execute(command)
        assert _spells(run, MERLIN) == []


def test_pf_04_a_spell_cast_without_being_started_leaves_those_being_cast(catalogs: api.Catalogs) -> None:
    run = _scene(catalogs)
    assert run.execute(StartCasting(key=MERLIN, spell=SLEEP))
    assert api.take(run, _cast(run, MERLIN, SHIELD), api.TypedDice((1, 2, 3, 3)))
    assert _spells(run, MERLIN) == [SLEEP]
    assert run.battle.characters[MERLIN].group == 2  # it was cast at once with the sleep


def test_a_casting_of_a_journal_written_before_keeps_its_spell_being_cast(catalogs: api.Catalogs) -> None:
    """A journal's casting holds no `ends`: it replays as it was played, the spell still being cast (stopped by
    hand afterwards), so an old scene resumes the same."""
    run = _scene(catalogs)
    assert run.execute(StartCasting(key=MERLIN, spell=SHIELD))
    made = roll_casting(run.battle, MERLIN, _cast(run, MERLIN, SHIELD).choice, {"lumiere": 3}, {"enchantement": 6})
    assert isinstance(made.command, ResolveCasting) and made.command.ends
    assert made.after.characters[MERLIN].casting == ()
    written = made.command.model_dump(mode="json")
    assert written["ends"] is True
    del written["ends"]
    old = ResolveCasting.model_validate(written)
    assert [c.spell for c in old.apply(run.battle).characters[MERLIN].casting] == [SHIELD]
    assert old.apply(run.battle).characters[MERLIN].don == made.after.characters[MERLIN].don


def test_being_cast_names_the_first_spell_begun_with_a_combination_the_character_can_use(
    catalogs: api.Catalogs,
) -> None:
    run = _scene(catalogs)
    assert being_cast(run.battle, MERLIN) is None
    assert run.execute(StartCasting(key=MERLIN, spell=SLEEP))
    assert run.execute(StartCasting(key=MERLIN, spell=SHIELD))
    assert being_cast(run.battle, MERLIN) == BeingCast(SLEEP, 0)
    assert run.execute(StartCasting(key=APPRENTICE, spell=IGNITE))
    assert being_cast(run.battle, APPRENTICE) == BeingCast(IGNITE, 1)  # no skill for the first combination
    assert being_cast(run.battle, "nobody") is None
