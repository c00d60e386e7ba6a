"""Power dice read to the letter (issue 16): a caster out of play gives no dice (PD-05), a side that passed casts
no more in B3 (PD-03), and a casting that names what the battle does not hold is refused with its rule (AR-02),
through the public API."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from warband import api
from warband.model.systems.powerdice import battle_rules as rules
from warband.model.systems.powerdice.battle_commands import CastSpell, HandOver, NextStep, PassB3, PlaceMarker

GAME = api.get_system("powerdice")


@pytest.fixture(scope="module")
def catalogs() -> api.Catalogs:
    return api.builtin_catalogs("powerdice")


def _army(name: str, *units: tuple[str, str, tuple[str, ...]]) -> api.Army:
    session = api.Session(api.new_army("powerdice", name))
    for unit_id, profile, spells in units:
        session.execute(api.AddUnit(unit_id, profile))
        for spell in spells:
            session.execute(api.AddEntry(unit_id, "spells", spell))
    return session.state


def _b3(catalogs: api.Catalogs, markers: dict[str, str], *, out: tuple[str, ...] = ()) -> api.BattleRun[Any]:
    """Aline: a battle mage and an apprentice (magicians, Fireball); Bruno: a war priest and a clan shaman. The
    casters in `out` are out of play, as a battle file may hold them; the markers are placed, then B3."""
    aline = _army(
        "Gate",
        ("u1", "magicien-de-bataille", ("boule-de-feu",)),
        ("u2", "apprenti-magicien", ("boule-de-feu",)),
    )
    bruno = _army(
        "Wood", ("u1", "pretre-de-guerre", ("soins",)), ("u2", "shaman-de-clan", ("racines-entravantes",))
    )
    battle = api.start_battle([("Aline", aline), ("Bruno", bruno)], catalogs).battle
    for key in out:
        battle = rules.with_caster(battle, key, removed=True)
    run = api.BattleRun(battle)
    for side in (0, 1):
        for key, marker in markers.items():
            if key.startswith(f"{side}:"):
                assert run.execute(PlaceMarker(key=key, marker=marker))  # type: ignore[arg-type]
        assert run.execute(HandOver())
    while run.battle.step != "B3":
        assert run.execute(NextStep())
    return run


def _cast(run: api.BattleRun[Any], key: str, spell: str) -> api.Action:
    return next(
        a
        for a in api.actions(run)
        if a.kind == "cast" and a.subject == key and isinstance(a.request, rules.CastRequest)
        if a.request.spell == spell
    )


ALL_INCANTATION = {"0:u1": "incantation", "0:u2": "incantation", "1:u1": "incantation", "1:u2": "incantation"}


# --- PD-05: friendly casters still in play only ---------------------------------------------------------------
def test_pd_05_a_caster_out_of_play_cannot_give_dice(catalogs: api.Catalogs) -> None:
    run = _b3(catalogs, ALL_INCANTATION, out=("0:u2",))
    assert [h.key for h in rules.helpers(run.battle, "0:u1")] == []  # not offered as a helper
    fireball = replace(_cast(run, "0:u1", "boule-de-feu").request, dice=2, gifts={"0:u2": 1}, helpers_near=True)
    problems = rules.cast_problems(run.battle, fireball)
    assert [(p.rule, p.code) for p in problems] == [("PD-05", "pd.helper_out")]
    assert problems[0].message == "Apprentice magician is out of play and cannot give dice."
    before, logged = run.battle, len(run.log)
    with pytest.raises(api.RefusedError) as refused:
        api.take(run, fireball, api.TypedDice((4, 3, 2)))
    assert refused.value.reason == problems[0] and run.battle == before and len(run.log) == logged
    with pytest.raises(api.RefusedError):  # the command itself, as a journal would hold it
        CastSpell(
            key="0:u1", spell="boule-de-feu", dice=2, gifts={"0:u2": 1}, helpers_near=True, rolled=(4, 3, 2)
        ).apply(before)
    assert api.take(run, replace(fireball, gifts={}), api.TypedDice((4, 3)))  # alone, it may cast


def test_pd_05_a_casting_refused_for_a_helper_out_of_play_replays_as_it_was_played(catalogs: api.Catalogs) -> None:
    run = _b3(catalogs, ALL_INCANTATION, out=("0:u2",))
    command = CastSpell(
        key="0:u1", spell="boule-de-feu", dice=2, gifts={"0:u2": 1}, helpers_near=True, rolled=(4, 3, 2)
    )
    after = command.as_before(run.battle)
    assert {k: (s.reserve, s.marker) for k, s in after.casters.items() if k.startswith("0:")} == {
        "0:u1": (0, None),
        "0:u2": (0, None),
    }  # as earlier versions did it: the die left the apprentice's card


# --- PD-03: a side that passed casts no more in this B3 ------------------------------------------------------------
def test_pd_03_once_both_sides_are_out_of_turns_a_side_that_passed_casts_no_more(catalogs: api.Catalogs) -> None:
    run = _b3(catalogs, ALL_INCANTATION)
    assert api.take(run, replace(_cast(run, "0:u1", "boule-de-feu").request, dice=1), api.TypedDice((2,)))
    assert run.execute(PassB3(side=1))  # Bruno stops, his two casters still holding their markers
    assert api.take(run, replace(_cast(run, "0:u2", "boule-de-feu").request, dice=1), api.TypedDice((2,)))
    assert run.battle.b3_turn is None and run.battle.b3_passed == (1,)  # both sides out of turns
    for key, spell in (("1:u1", "soins"), ("1:u2", "racines-entravantes")):
        action = _cast(run, key, spell)
        assert action.refusal is not None and (action.refusal.rule, action.refusal.code) == ("PD-03", "pd.passed")
        with pytest.raises(api.RefusedError) as refused:
            api.take(run, action.request, api.TypedDice((6,)))
        assert refused.value.reason == action.refusal
    assert run.execute(PassB3(side=0))  # both passed: still nobody casts
    assert _cast(run, "1:u1", "soins").refusal is not None
    assert not [a for a in api.actions(run) if a.kind == "pass_b3"]


def test_pd_03_a_side_whose_incantations_are_all_out_of_play_has_no_turn(catalogs: api.Catalogs) -> None:
    run = _b3(
        catalogs,
        {"0:u1": "wait", "0:u2": "incantation", "1:u1": "incantation", "1:u2": "wait"},
        out=("0:u2",),
    )
    assert run.battle.b3_turn == 1  # Aline's only incantation is on a caster out of play: Bruno casts
    assert _cast(run, "1:u1", "soins").allowed


# --- AR-02: what the battle does not hold -------------------------------------------------------------------
def test_ar_02_a_casting_of_an_unknown_spell_or_caster_is_refused_not_a_key_error(catalogs: api.Catalogs) -> None:
    run = _b3(catalogs, ALL_INCANTATION)
    fireball = _cast(run, "0:u1", "boule-de-feu").request
    for request, code in (
        (replace(fireball, spell="no-such-spell"), "pd.spell_unknown"),
        (replace(fireball, key="0:u9"), "pd.not_caster"),
        (replace(fireball, key="0:u3"), "pd.not_caster"),
        (replace(fireball, gifts={"0:u9": 1}, helpers_near=True), "pd.not_caster"),
    ):
        [problem] = [p for p in rules.cast_problems(run.battle, request) if p.rule == "AR-02"]
        assert problem.code == code and problem.message
        with pytest.raises(api.RefusedError) as refused:
            api.take(run, request, api.TypedDice((6, 6)))
        assert refused.value.reason.rule == "AR-02"
        command = CastSpell(
            key=request.key,
            spell=request.spell,
            dice=request.dice,
            gifts=dict(request.gifts),
            helpers_near=request.helpers_near,
            rolled=(6,) * request.total,
        )
        with pytest.raises(api.RefusedError):
            command.apply(run.battle)
    assert GAME.odds(run.battle, replace(fireball, spell="no-such-spell")).success == 0
