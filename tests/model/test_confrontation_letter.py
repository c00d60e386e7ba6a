"""Confrontation read to the letter (issue 16), through the public API: the Divination order is a rule (CF-13),
CF-10 both ways with its exemptions, a wound recorded this turn bars a call (CF-11), a difficulty given as a
formula is computed (CF-17), and an army is drawn from one people (CF-20)."""

from __future__ import annotations

import io
import json
from fractions import Fraction

import pytest

from tests.helpers import catalog_doc, faithful, make_army, make_catalogs, miracle, unit, write_json
from warband import api
from warband.cli import main as cli_main
from warband.model.systems.confrontation.army_edits import SetMixedPeoples
from warband.model.systems.confrontation.battle_calls import CallRequest, call_problems
from warband.model.systems.confrontation.battle_commands import (
    SetModelFlag,
    SetTacticalWinner,
    SetTieOrder,
    SetWounds,
)
from warband.model.systems.confrontation.battle_rules import divination_order

PRIESTESS, MONK, SECOND = "0:u1", "0:u2", "0:u4"
DARK, SHAMAN, SEER = "1:u1", "1:u2", "1:u3"


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


@pytest.fixture(scope="module")
def formula_catalogs():
    """With Herald, whose difficulty is the fervour spent + 4 (CF-17)."""
    doc = catalog_doc()
    formula = {"fervour_plus": 4}
    doc["miracles"].append(miracle("herald", 12, universal=True, difficulty=None, difficulty_formula=formula))
    return make_catalogs(doc)


def armies(*more_miracles: str):
    light = make_army(
        unit("u1", "iron-priestess", miracles=["renfort", "small-grace", *more_miracles]),  # Discipline 4
        unit("u2", "monk", miracles=["renfort", "small-grace"]),  # Discipline 3, a warrior-monk
        unit("u3", "templar"),
        unit("u4", "iron-priestess", miracles=["small-grace"], label="Second priestess"),  # Discipline 4
    )
    dark = make_army(
        unit("u1", "mid-nor-priest", miracles=["mid-nor-curse"]),  # Discipline 3
        unit("u2", "wolfen-shaman", miracles=["wild-call"]),  # Discipline 2
        unit("u3", "wild-seer", miracles=["small-grace"]),  # no Discipline
        mixed=True,
    )
    return [("Aline", light), ("Bruno", dark)]


def in_phase(catalogs, phase="divination", winner=0, more_miracles=()):
    run = api.start_battle(armies(*more_miracles), catalogs, dice=api.SeededDice(3))
    assert run.execute(SetTacticalWinner(side=winner))
    while run.battle.phase != phase:
        assert api.take(run, next(a for a in api.actions(run) if a.kind == "next_phase"))
    return run


def flag(run, key, field, value=True):
    return run.execute(SetModelFlag(key=key, field=field, value=value))


def call(run, key=PRIESTESS, miracle_id="renfort", fervour=2, dice=(5,), difficulty=None):
    return api.take(run, CallRequest(key, miracle_id, fervour, True, difficulty), api.TypedDice(dice))


def refused(run, **kwargs):
    with pytest.raises(api.RefusedError) as err:
        call(run, **kwargs)
    return err.value.reason


def flag_refused(run, key, field, value=True):
    with pytest.raises(api.RefusedError) as err:
        flag(run, key, field, value)
    return err.value.reason


def its_turn(run, key):
    """Every Faithful before `key` in the Divination order passes (done, CF-13)."""
    while (current := divination_order(run.battle).current) is not None and current.key != key:
        assert flag(run, current.key, "divination_done")


# --- CF-13: the Divination order is a rule -----------------------------------------------------------------
def test_cf_13_only_the_current_faithful_may_call(catalogs):
    run = in_phase(catalogs)
    assert divination_order(run.battle).current.key == PRIESTESS
    reason = refused(run, key=DARK, miracle_id="mid-nor-curse", fervour=3)  # Discipline 3, while 4 waits
    assert (reason.rule, reason.code) == ("CF-13", "call.not_turn")
    assert reason.message == (
        "It is Iron Priestess's turn to call miracles, not Mid-Nor priest's (the Divination order)."
    )
    assert refused(run, key=SEER, miracle_id="small-grace", fervour=1).rule == "CF-13"  # no Discipline: last
    assert run.battle.state(DARK).called == ()
    assert call(run)  # the current Faithful may
    action = next(a for a in api.actions(run) if a.kind == "call" and a.subject == DARK)
    assert action.refusal.rule == "CF-13"
    with pytest.raises(api.RefusedError):
        api.take(run, action, api.TypedDice((6, 6)))


def test_cf_13_a_faithful_done_may_not_call_again(catalogs):
    run = in_phase(catalogs)
    assert call(run)
    assert flag(run, PRIESTESS, "divination_done")
    reason = refused(run, miracle_id="small-grace", fervour=1)
    assert (reason.rule, reason.code) == ("CF-13", "call.done")
    assert reason.message == "Iron Priestess is done in the Divination phase this turn and may not call again."
    assert divination_order(run.battle).current.key == SECOND
    assert call(run, key=SECOND, miracle_id="small-grace", fervour=1, dice=(4,))


def test_cf_13_done_is_final_for_the_turn_undo_aside(catalogs):
    run = in_phase(catalogs)
    assert flag(run, PRIESTESS, "divination_done")  # it passes
    reason = flag_refused(run, PRIESTESS, "divination_done", False)
    assert (reason.rule, reason.code) == ("CF-13", "done.final")
    assert refused(run).rule == "CF-13"
    assert run.undo()  # undo takes it back
    assert call(run)
    while run.battle.phase != "divination" or run.battle.turn == 1:  # a new turn: a new place in the order
        assert api.take(run, next(a for a in api.actions(run) if a.kind == "next_phase"))
    assert not run.battle.state(PRIESTESS).divination_done


def test_cf_13_cf_14_who_goes_first_among_tied_faithful_stays_the_players_choice(catalogs):
    run = in_phase(catalogs)
    assert refused(run, key=SECOND, miracle_id="small-grace", fervour=1).rule == "CF-13"
    assert run.execute(SetTieOrder(side=0, order=("u4", "u1")))  # Aline puts her second priestess first
    assert divination_order(run.battle).current.key == SECOND
    assert refused(run).rule == "CF-13"  # now the first priestess waits her turn
    assert call(run, key=SECOND, miracle_id="small-grace", fervour=1, dice=(4,))
    assert call(run)  # the second has called all it has: the first's turn


def test_cf_13_cf_15_the_tactical_winners_tied_faithful_go_first(catalogs):
    run = in_phase(catalogs, winner=1)
    its_turn(run, DARK)  # the two priestesses pass; the monk (3) and the dark priest (3) tie across sides
    assert divination_order(run.battle).current.key == DARK  # Bruno won the Tactical roll
    assert refused(run, key=MONK).rule == "CF-13"
    assert call(run, key=DARK, miracle_id="mid-nor-curse", fervour=3, dice=(5,))


# --- CF-10: both ways, with its exemptions -----------------------------------------------------------------
def test_cf_10_moving_by_an_effect_after_a_call_is_allowed(catalogs):
    run = in_phase(catalogs)
    assert call(run)
    assert flag(run, PRIESTESS, "moved_by_effect")  # the extra movement comes from a miracle …
    assert flag(run, PRIESTESS, "moved_beyond")  # … so moving beyond its Movement is allowed
    reason = flag_refused(run, PRIESTESS, "moved_by_effect", False)  # it was no effect: an over-long move
    assert (reason.rule, reason.code) == ("CF-10", "act.moved_after_call")


def test_cf_10_a_warrior_monks_over_long_move_after_a_call_is_allowed(catalogs):
    run = in_phase(catalogs)
    its_turn(run, MONK)
    assert call(run, key=MONK, dice=(6,))
    assert flag(run, MONK, "moved_beyond")
    assert flag(run, MONK, "moved_by_effect") and flag(run, MONK, "moved_by_effect", False)
    assert flag_refused(run, MONK, "shot").rule == "CF-10"  # still no shot …
    assert flag_refused(run, MONK, "feat").rule == "CF-10"  # … and no Feat


def test_cf_10_after_a_call_a_feat_or_a_plain_over_long_move_stays_refused(catalogs):
    run = in_phase(catalogs)
    assert call(run)
    reason = flag_refused(run, PRIESTESS, "feat")
    assert reason.message == (
        "Iron Priestess called a miracle this turn and cannot perform a Physical Feat in the same turn."
    )
    assert flag_refused(run, PRIESTESS, "shot").rule == "CF-10"
    reason = flag_refused(run, PRIESTESS, "moved_beyond")
    assert (reason.rule, reason.code) == ("CF-10", "act.moved_after_call")
    assert "mark it “By effect” first" in reason.message
    assert flag(run, SECOND, "moved_beyond")  # another Faithful, which has not called, may


@pytest.mark.parametrize(
    ("field", "code"), [("shot", "call.shot"), ("feat", "call.feat"), ("moved_beyond", "call.moved")]
)
def test_cf_10_before_a_call_a_shot_a_feat_or_a_plain_over_long_move_forbids_it(catalogs, field, code):
    run = in_phase(catalogs, phase="movement")
    assert flag(run, PRIESTESS, field)
    assert api.take(run, next(a for a in api.actions(run) if a.kind == "next_phase"))
    its_turn(run, PRIESTESS)
    reason = refused(run)
    assert (reason.rule, reason.code) == ("CF-10", code)


# --- CF-11: a wound recorded this turn ---------------------------------------------------------------------
def test_cf_11_a_wound_recorded_this_turn_counts_as_a_wounds_roll(catalogs):
    run = in_phase(catalogs, phase="movement")
    assert run.execute(SetWounds(key=PRIESTESS, wounds="light"))
    assert api.take(run, next(a for a in api.actions(run) if a.kind == "next_phase"))
    reason = refused(run)
    assert (reason.rule, reason.code) == ("CF-11", "call.wounded")
    assert reason.message == (
        "Iron Priestess was wounded this turn, so it suffered a Wounds roll, and cannot call a miracle."
    )
    assert PRIESTESS in {b.key for b in divination_order(run.battle).barred}
    assert run.execute(SetWounds(key=PRIESTESS, wounds="unhurt"))  # healed: the roll was still suffered
    assert refused(run).rule == "CF-11"
    while run.battle.turn == 1 or run.battle.phase != "divination":  # next turn: an old wound does not bar
        assert api.take(run, next(a for a in api.actions(run) if a.kind == "next_phase"))
    assert run.execute(SetWounds(key=PRIESTESS, wounds="light"))  # wounded again, now …
    assert refused(run).code == "call.wounded"
    assert run.undo() and call(run)  # … undone: it may call


def test_cf_11_a_warrior_monk_wounded_this_turn_may_call(catalogs):
    run = in_phase(catalogs)
    assert run.execute(SetWounds(key=MONK, wounds="serious"))
    its_turn(run, MONK)
    assert call(run, key=MONK, dice=(6,))


def test_cf_11_a_wound_of_an_earlier_turn_or_a_lighter_one_does_not_bar(catalogs):
    run = in_phase(catalogs, phase="melee")
    assert run.execute(SetWounds(key=PRIESTESS, wounds="serious"))
    while run.battle.phase != "divination":
        assert api.take(run, next(a for a in api.actions(run) if a.kind == "next_phase"))
    assert run.execute(SetWounds(key=PRIESTESS, wounds="light"))  # better, not a new wound
    assert call(run)


# --- CF-17: a difficulty given as a formula of the call ----------------------------------------------------
def test_cf_17_a_difficulty_formula_is_computed_from_the_fervour(formula_catalogs):
    run = in_phase(formula_catalogs, more_miracles=("herald",))
    request = CallRequest(PRIESTESS, "herald", 3, True)
    assert call_problems(run.battle, request) == []  # nothing to type at the table
    assert api.odds(run, request).success == Fraction(1, 2)  # 1D6 + 3 against 3 + 4: 4, 5 or 6
    assert api.take(run, request, api.TypedDice((4,)))
    assert run.log[-1].text == "Iron Priestess calls Herald: fervour 3, dice 4, total 7 against 7: success"


def test_cf_17_the_player_may_override_the_computed_difficulty(formula_catalogs):
    run = in_phase(formula_catalogs, more_miracles=("herald",))
    request = CallRequest(PRIESTESS, "herald", 3, True, difficulty=9)
    assert api.odds(run, request).success == Fraction(1, 6) * Fraction(5, 6) + Fraction(1, 6) * Fraction(1, 6)
    assert api.take(run, request, api.TypedDice((5,)))
    assert run.log[-1].text.endswith("total 8 against 9: failure")


def test_cf_17_the_builtin_messager_divin_computes_the_fervour_chosen_plus_4():
    catalogs = api.builtin_catalogs("confrontation")
    messenger = catalogs.get("miracles", "messager-divin")
    assert messenger.difficulty is None and messenger.difficulty_note["en"] == "the fervour chosen + 4"
    assert messenger.difficulty_formula.fervour_plus == 4
    assert catalogs.get("miracles", "execration").difficulty_formula is None  # the target mage's Power: typed


def check(path) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli_main(["catalog", "check", str(path)], out, err)
    return code, out.getvalue() + err.getvalue()


def test_cf_17_a_catalog_with_a_formula_passes_catalog_check(tmp_path):
    formula = {"fervour_plus": 4}
    doc = catalog_doc(id="formulas", cults=[], profiles=[], items=[])
    doc["miracles"] = [miracle("herald-2", 12, universal=True, difficulty=None, difficulty_formula=formula)]
    assert check(write_json(tmp_path / "mine.json", doc))[0] == 0
    doc["miracles"][0]["difficulty"] = 8  # both: which one?
    code, text = check(write_json(tmp_path / "both.json", doc))
    assert code == 2 and "'difficulty' or a 'difficulty_formula', not both" in text
    doc["miracles"][0].update(difficulty=None, difficulty_formula={"fervour_plus": 4, "times": 2})
    code, text = check(write_json(tmp_path / "typo.json", doc))
    assert code == 2 and "unknown field 'times'" in text
    old = catalog_doc(id="old-style", cults=[], profiles=[], items=[])  # difficulty null and a note: as before
    old["miracles"] = [miracle("herald-3", 12, universal=True, difficulty=None, difficulty_note="fervour + 4")]
    assert check(write_json(tmp_path / "old.json", old))[0] == 0


# --- CF-20: one people per army ----------------------------------------------------------------------------
def builtin_army(*profiles: str, mixed: bool = False) -> api.Army:
    session = api.Session(api.new_army("confrontation", "Test"))
    for index, profile in enumerate(profiles, 1):
        session.execute(api.AddUnit(f"u{index}", profile))
    if mixed:
        session.execute(SetMixedPeoples(True))
    return session.state


def test_cf_20_a_profile_of_a_people_the_army_may_not_field_is_a_problem():
    catalogs = api.builtin_catalogs("confrontation")
    army = builtin_army("iron-priestess", "griffin-trooper", "dirz-arh-tolth-zealot")
    [problem] = api.validate(army, catalogs).problems
    assert (problem.rule, problem.code, problem.unit.id) == ("CF-20", "army.people", "u3")
    assert problem.message == (
        "Zealot of Arh-Tolth belongs to the people Dirz alchemists, and this is an army of Griffins of "
        "Akkylannia: an army is drawn from one people unless it allows mixed armies."
    )
    assert api.validate(builtin_army("iron-priestess", "griffin-trooper"), catalogs).valid


def test_cf_20_the_armys_people_is_the_one_leaving_the_fewest_models_out():
    catalogs = api.builtin_catalogs("confrontation")
    army = builtin_army("dirz-arh-tolth-zealot", "iron-priestess", "griffin-trooper")  # the stranger first
    assert [(p.rule, p.unit.id) for p in api.validate(army, catalogs).problems] == [("CF-20", "u1")]
    tie = builtin_army("dirz-arh-tolth-zealot", "iron-priestess")  # one each: the first in army order
    assert [(p.rule, p.unit.id) for p in api.validate(tie, catalogs).problems] == [("CF-20", "u2")]


def test_cf_20_the_catalog_may_name_the_peoples_a_people_may_field_beside_its_own(tmp_path):
    mine = {
        "format": "warband-catalog",
        "version": 1,
        "system": "confrontation",
        "id": "allies",
        "revision": 1,
        "name": "Allies",
        "peoples": [{"id": "hired-blades", "name": "Hired blades"}],
        "profiles": [{"id": "sellsword", "name": "Sellsword", "people": "hired-blades", "cost": 10}],
    }
    allies = api.builtin_catalogs("confrontation", write_json(tmp_path / "allies.json", mine))
    army = builtin_army("iron-priestess", "sellsword", "dirz-arh-tolth-zealot")
    assert [p.unit.id for p in api.validate(army, allies).problems] == ["u2", "u3"]
    doc = catalog_doc(peoples=[{"id": "griffins", "name": "Griffins", "may_field": ["wolfen", "wild"]}])
    catalogs = make_catalogs(doc)
    army = make_army(unit("u1", "iron-priestess"), unit("u2", "wolfen-shaman"), unit("u3", "mid-nor-priest"))
    [problem] = api.validate(army, catalogs).problems
    assert (problem.rule, problem.code, problem.unit.id) == ("CF-20", "army.people_beside", "u3")
    assert problem.message == (
        "Mid-Nor priest belongs to the people mid-nor; beside its own people, an army of Griffins may field "
        "only wolfen or wild, unless it allows mixed armies."
    )


def test_cf_20_the_army_may_allow_mixed_armies_and_saves_the_option(tmp_path):
    catalogs = api.builtin_catalogs("confrontation")
    session = api.Session(builtin_army("iron-priestess", "dirz-arh-tolth-zealot"))
    assert not api.validate(session.state, catalogs).valid
    assert session.execute(SetMixedPeoples(True))
    assert api.validate(session.state, catalogs).valid
    path = tmp_path / "mixed.warband.json"
    api.save_army(session.state, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert (data["version"], data["mixed_peoples"]) == (3, True)  # the option came with version 2
    assert api.load_army(path) == session.state
    assert session.undo() and not api.validate(session.state, catalogs).valid  # undo: one people again
    api.save_army(session.state, path)
    assert "mixed_peoples" not in json.loads(path.read_text(encoding="utf-8"))  # the default is not written
