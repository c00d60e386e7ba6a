"""Entries the catalogs no longer know (AR-02) in a battle, without Qt: the army keeps them, the battle keeps them,
and calling or casting one is refused as a value naming AR-02 and the entry — never a ValueError or a KeyError
from deep inside the rules (issue 12, item 6)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from tests.helpers import make_catalogs
from tests.model.test_pfpv import scene_catalogs
from tests.model.test_powerdice import CATALOG as PD_CATALOG
from tests.model.test_powerdice import MARKERS, place, to_step, u
from tests.model.test_powerdice import army as pd_army
from warband.model.army import Problem, load_army
from warband.model.battle import BattleRun
from warband.model.catalog import LoadedCatalog, merge
from warband.model.dice import SeededDice, TypedDice
from warband.model.session import RefusedError
from warband.model.systems.confrontation.battle_calls import CallRequest, call_miracle, call_problems
from warband.model.systems.confrontation.battle_commands import CallMiracle, NextPhase
from warband.model.systems.confrontation.battle_rules import start_battle
from warband.model.systems.pfpv.scene import CastingSetup, ResolveCasting, build_setup, start_scene
from warband.model.systems.pfpv.schema import PfpvArmy
from warband.model.systems.powerdice import battle_rules as pd
from warband.model.systems.powerdice.schema import PowerDiceCatalog

GONE = "lost-miracle"


def army_file(tmp_path, name, units):
    """An army file as a player has it: written by hand, naming entries of catalogs since changed."""
    path = tmp_path / f"{name}.warband.json"
    data = {"format": "warband-army", "version": 1, "system": "confrontation", "name": name, "units": units}
    path.write_text(json.dumps(data), encoding="utf-8")
    return load_army(path)


@pytest.fixture
def divination(tmp_path):
    """A battle in the Divination phase whose priestess owns a miracle no loaded catalog has."""
    aline = army_file(
        tmp_path, "Aline", [{"id": "u1", "profile": "iron-priestess", "miracles": [GONE, "merin-blessing"]}]
    )
    bruno = army_file(tmp_path, "Bruno", [{"id": "u1", "profile": "mid-nor-priest", "miracles": ["dark-pact"]}])
    battle = start_battle([("Aline", aline), ("Bruno", bruno)], make_catalogs())
    while battle.phase != "divination":
        battle = NextPhase().apply(battle)
    assert GONE in battle.sides[0].army.units[0].miracles  # the battle keeps it (AR-02)
    assert GONE not in battle.entries.miracles
    return battle


def assert_ar_02(problem: object, entry: str) -> None:
    assert isinstance(problem, Problem)
    assert problem.rule == "AR-02"
    assert f"“{entry}”" in problem.message
    assert "not in the loaded catalogs" in problem.message
    assert f"“{entry}”" in problem.sentence


# --- Confrontation -----------------------------------------------------------------------------------------------
def test_ar_02_a_miracle_the_catalogs_no_longer_know_cannot_be_called(divination):
    request = CallRequest("0:u1", GONE, 3, True)
    [problem] = call_problems(divination, request)
    assert_ar_02(problem, GONE)
    assert problem.code == "call.unknown_miracle"
    assert problem.unit is not None and problem.unit.id == "0:u1"
    assert "Iron Priestess" in problem.message
    with pytest.raises(RefusedError) as refused:
        call_miracle(divination, request, TypedDice((6, 6)))
    assert refused.value.reason == problem


@pytest.mark.parametrize("difficulty", [None, 7])
def test_ar_02_refused_before_any_die_whatever_the_request_says(divination, difficulty):
    """Even with a difficulty typed in (it would let a ValueError's check pass), nothing is rolled or spent."""
    dice = SeededDice(1)
    before = dice.state()
    with pytest.raises(RefusedError) as refused:
        call_miracle(divination, CallRequest("0:u1", GONE, 0, True, difficulty), dice)
    assert refused.value.reason.rule == "AR-02"
    assert dice.state() == before


def test_ar_02_a_journalled_call_of_an_unknown_miracle_is_refused_not_crashed(divination):
    """A battle file or journal naming such a call (by hand) replays into a refusal, through the session."""
    run = BattleRun(divination)
    command = CallMiracle(key="0:u1", miracle=GONE, fervour=2, target_confirmed=True, difficulty=6, dice=(4,))
    with pytest.raises(RefusedError) as refused:
        run.execute(command, text="call")
    assert refused.value.reason.rule == "AR-02"
    assert run.battle == divination


def test_the_miracles_the_catalogs_know_are_still_called(divination):
    after, outcome = call_miracle(divination, CallRequest("0:u1", "merin-blessing", 1, True), TypedDice((5,)))
    assert outcome.success and after.state("0:u1").called == ("merin-blessing",)


# --- Hex battles with power dice ----------------------------------------------------------------------------------
@pytest.fixture
def pd_battle():
    merged, errors = merge("powerdice", [LoadedCatalog("pd.json", PowerDiceCatalog.model_validate(PD_CATALOG))])
    assert errors == []
    light = pd_army(u("u1", "mage", "lost-spell", "fireball"), u("u2", "apprentice"), u("u3", "priest"))
    dark = pd_army(u("u1", "necro", "raise"), u("u2", "druid", "roots"), u("u3", "spears"))
    return to_step(place(pd.start_battle([("Aline", light), ("Bruno", dark)], merged), MARKERS), "B3")


def test_ar_02_a_spell_the_catalogs_no_longer_know_cannot_be_cast(pd_battle):
    request = pd.CastRequest("0:u1", "lost-spell", 2)
    [problem] = pd.cast_problems(pd_battle, request)
    assert_ar_02(problem, "lost-spell")
    assert problem.code == "pd.spell_unknown"
    assert pd.chance(pd_battle, request) == Fraction(0)
    with pytest.raises(RefusedError) as refused:  # was a KeyError
        pd.cast(pd_battle, request, TypedDice((6, 6)))
    assert refused.value.reason == problem
    assert pd.cast_problems(pd_battle, pd.CastRequest("0:u1", "fireball", 2)) == []


# --- Par le Fer et par le Verbe -----------------------------------------------------------------------------------
def test_ar_02_a_scene_refuses_to_cast_a_spell_it_does_not_hold():
    party = PfpvArmy.model_validate({"system": "pfpv", "name": "P", "units": [{"id": "u1", "profile": "merlin"}]})
    scene = start_scene(party, scene_catalogs())
    with pytest.raises(RefusedError) as refused:  # was a KeyError
        build_setup(scene, "u1", CastingSetup(spell="lost-spell"))
    assert_ar_02(refused.value.reason, "lost-spell")
    run = BattleRun(scene)
    cast = ResolveCasting(key="u1", choice=CastingSetup(spell="lost-spell"), contact={"fire": 2})
    with pytest.raises(RefusedError):
        run.execute(cast, text="cast")
    assert run.battle == scene
