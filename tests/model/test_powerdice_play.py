"""Power dice played through the game's seam (`GameSystem.phases/actions/odds/roll/summary`), without Qt."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from warband import api
from warband.model.dice import DiceError, at_least
from warband.model.messages import load_language, spoken_text
from warband.model.play import Action
from warband.model.systems.powerdice import battle_rules as rules
from warband.model.systems.powerdice import play as battle_play
from warband.model.systems.powerdice.battle_commands import CastSpell, HandOver, PlaceMarker, SetReserve
from warband.model.systems.powerdice.battle_state import STEP_NAMES, STEPS, PowerDiceBattle

GAME = api.get_system("powerdice")
ALINE_CASTERS = ("0:u1", "0:u2")
BRUNO_CASTERS = ("1:u1", "1:u2")
RULE_ID = re.compile(r"^(PD|AR)-\d\d$")


@pytest.fixture(scope="module")
def catalogs() -> api.Catalogs:
    return api.builtin_catalogs("powerdice")


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    load_language("en")


def _army(name: str, *units: tuple[str, str, tuple[str, ...]]) -> api.Army:
    session = api.Session(api.new_army("powerdice", name))
    for unit_id, profile, spells in units:
        session.execute(api.AddUnit(unit_id, profile))
        for spell in spells:
            session.execute(api.AddEntry(unit_id, "spells", spell))
    return session.state


def _run(catalogs: api.Catalogs) -> api.BattleRun[Any]:
    """Aline: a battle mage (magician 2: Fireball 8, Arcane shield 6 for a turn), an apprentice (magician 1:
    Fireball) and halberdiers. Bruno: a war priest (priest 2: Healing 3, Blessing 5, and a Fireball it shares no
    trait with, a draft) and a clan shaman (shaman 2: Binding roots 5)."""
    aline = _army(
        "Gate",
        ("u1", "magicien-de-bataille", ("boule-de-feu", "bouclier-arcanique")),
        ("u2", "apprenti-magicien", ("boule-de-feu",)),
        ("u3", "hallebardiers", ()),
    )
    bruno = _army(
        "Wood",
        ("u1", "pretre-de-guerre", ("soins", "benediction", "boule-de-feu")),
        ("u2", "shaman-de-clan", ("racines-entravantes",)),
    )
    return api.start_battle([("Aline", aline), ("Bruno", bruno)], catalogs)


def _actions(run: api.BattleRun[Any], kind: str, subject: str | None = None) -> list[Action]:
    return [a for a in GAME.actions(run.battle) if a.kind == kind and (subject is None or a.subject == subject)]


def _one(run: api.BattleRun[Any], kind: str, subject: str | None = None) -> Action:
    found = _actions(run, kind, subject)
    assert found, f"no {kind} action for {subject}"
    return found[0]


def _take(run: api.BattleRun[Any], action: Action) -> None:
    assert action.allowed, action.refusal and action.refusal.message
    assert action.command is not None
    assert run.execute(action.command)


def _cast(run: api.BattleRun[Any], key: str, spell: str) -> Action:
    return next(
        a
        for a in _actions(run, "cast", key)
        if isinstance(a.request, rules.CastRequest) and a.request.spell == spell
    )


def _request(run: api.BattleRun[Any], key: str, spell: str) -> rules.CastRequest:
    """The default request of a listed casting."""
    request = _cast(run, key, spell).request
    assert isinstance(request, rules.CastRequest)
    return request


def _place(run: api.BattleRun[Any], markers: dict[str, str]) -> None:
    """The side placing now puts its markers (through its listed actions) and hands over."""
    for key, marker in markers.items():
        placing = next(
            a
            for a in _actions(run, "place_marker", key)
            if isinstance(a.command, PlaceMarker) and a.command.marker == marker
        )
        _take(run, placing)
    _take(run, _one(run, "hand_over"))


def _next(run: api.BattleRun[Any], until: str) -> None:
    while run.battle.step != until:
        _take(run, _one(run, "next_phase"))


def _b3(catalogs: api.Catalogs, aline: dict[str, str], bruno: dict[str, str]) -> api.BattleRun[Any]:
    run = _run(catalogs)
    _place(run, aline)
    _place(run, bruno)
    _next(run, "B3")
    return run


def _usual_b3(catalogs: api.Catalogs) -> api.BattleRun[Any]:
    return _b3(
        catalogs,
        {"0:u1": "incantation", "0:u2": "restoration"},
        {"1:u1": "incantation", "1:u2": "wait"},
    )


def _refusal(action: Action) -> tuple[str, str] | None:
    return (action.refusal.rule, action.refusal.code) if action.refusal else None


# --- phases ---------------------------------------------------------------------------------------------------
def test_the_game_registers_its_play() -> None:
    play = GAME.play  # type: ignore[attr-defined]
    assert (play.phases, play.actions, play.odds, play.roll, play.summary) == (
        battle_play.phases,
        battle_play.actions,
        battle_play.odds,
        battle_play.roll,
        battle_play.summary,
    )


def test_pd_03_phases_are_the_steps_and_mark_the_current_one(catalogs: api.Catalogs) -> None:
    run = _run(catalogs)
    phases = GAME.phases(run.battle)
    assert [p.id for p in phases] == list(STEPS)
    assert [p.name for p in phases] == [STEP_NAMES[s] for s in STEPS]
    assert [p.id for p in phases if p.current] == ["A1"]
    _place(run, {"0:u1": "wait", "0:u2": "wait"})
    _place(run, {"1:u1": "wait", "1:u2": "wait"})
    for step in STEPS[1:]:
        _take(run, _one(run, "next_phase"))
        assert [p.id for p in GAME.phases(run.battle) if p.current] == [step]
    _take(run, _one(run, "next_phase"))  # D4 → the next turn's A1
    assert [p.id for p in GAME.phases(run.battle) if p.current] == ["A1"] and run.battle.turn == 2


# --- actions in each step -------------------------------------------------------------------------------------
def test_pd_03_in_a1_the_placing_side_chooses_its_markers_then_hands_over(catalogs: api.Catalogs) -> None:
    run = _run(catalogs)
    assert _refusal(_one(run, "next_phase")) == ("PD-03", "pd.a1_choosing")
    placing = _actions(run, "place_marker")
    assert {a.subject for a in placing} == set(ALINE_CASTERS)  # the halberdiers are no caster
    assert [str(a.label) for a in placing if a.subject == "0:u1"] == [
        "Battle mage: Incantation",
        "Battle mage: Restoration",
        "Battle mage: Wait",
    ]
    assert all(a.allowed for a in placing)
    hand_over = _one(run, "hand_over")
    assert _refusal(hand_over) == ("PD-03", "pd.a1_unfinished") and hand_over.subject == "0"
    assert not _actions(run, "cast") and not _actions(run, "pass_b3")
    _take(run, placing[0])
    assert _actions(run, "place_marker") == placing  # the same choices, whatever was placed
    _take(run, next(a for a in _actions(run, "place_marker", "0:u2")))
    _take(run, _one(run, "hand_over"))
    assert {a.subject for a in _actions(run, "place_marker")} == set(BRUNO_CASTERS)
    assert _one(run, "hand_over").subject == "1"


def test_pd_03_the_initiative_changes_outside_the_placing_of_a1(catalogs: api.Catalogs) -> None:
    run = _run(catalogs)
    initiative = _one(run, "initiative")
    assert initiative.subject == "1" and str(initiative.label) == "Bruno: Set the initiative"
    assert initiative.refusal is not None and initiative.refusal.rule == "PD-03"
    _place(run, {"0:u1": "wait", "0:u2": "wait"})
    _place(run, {"1:u1": "wait", "1:u2": "wait"})
    _take(run, _one(run, "initiative"))
    assert run.battle.initiative == 1
    assert _one(run, "initiative").subject == "0"


def test_pd_03_b3_lists_the_pass_and_every_spell_of_every_caster(catalogs: api.Catalogs) -> None:
    run = _usual_b3(catalogs)
    assert _one(run, "pass_b3").subject == "0"  # the side with the initiative casts first
    assert str(_one(run, "pass_b3").label) == "Aline casts no more in this B3"
    casts = {
        (a.subject, a.request.spell): a for a in _actions(run, "cast") if isinstance(a.request, rules.CastRequest)
    }
    assert sorted(casts) == [
        ("0:u1", "bouclier-arcanique"),
        ("0:u1", "boule-de-feu"),
        ("0:u2", "boule-de-feu"),
        ("1:u1", "benediction"),
        ("1:u1", "boule-de-feu"),
        ("1:u1", "soins"),
        ("1:u2", "racines-entravantes"),
    ]
    assert str(casts["0:u1", "boule-de-feu"].label) == "Battle mage: Cast Fireball"
    assert casts["0:u1", "boule-de-feu"].allowed
    assert _refusal(casts["0:u2", "boule-de-feu"]) == ("PD-05", "pd.marker_needed")  # restoration
    assert _refusal(casts["1:u1", "soins"]) == ("PD-03", "pd.not_your_turn")
    assert _refusal(casts["1:u2", "racines-entravantes"]) == ("PD-05", "pd.marker_needed")  # wait


def test_pd_03_b3_sides_alternate_and_a_side_passes(catalogs: api.Catalogs) -> None:
    run = _b3(
        catalogs,
        {"0:u1": "incantation", "0:u2": "incantation"},
        {"1:u1": "incantation", "1:u2": "incantation"},
    )
    assert run.play(GAME.roll(run.battle, _request(run, "0:u1", "boule-de-feu"), api.TypedDice((2,))))
    assert _cast(run, "1:u1", "soins").allowed and _refusal(_cast(run, "0:u2", "boule-de-feu")) == (
        "PD-03",
        "pd.not_your_turn",
    )
    passing = _one(run, "pass_b3")
    assert passing.subject == "1"
    _take(run, passing)
    assert run.battle.b3_passed == (1,) and run.battle.b3_turn == 0
    assert _cast(run, "0:u2", "boule-de-feu").allowed
    assert _refusal(_cast(run, "1:u1", "soins")) == ("PD-03", "pd.passed")


def test_pd_03_a_side_that_passed_casts_no_more_in_this_b3(catalogs: api.Catalogs) -> None:
    run = _b3(
        catalogs,
        {"0:u1": "incantation", "0:u2": "incantation"},
        {"1:u1": "incantation", "1:u2": "incantation"},
    )
    assert run.play(GAME.roll(run.battle, _request(run, "0:u1", "boule-de-feu"), api.TypedDice((2,))))
    _take(run, _one(run, "pass_b3"))  # Bruno stops casting
    assert run.play(GAME.roll(run.battle, _request(run, "0:u2", "boule-de-feu"), api.TypedDice((2,))))
    assert run.battle.b3_turn is None and run.battle.b3_passed == (1,)
    assert _cast(run, "1:u1", "soins").refusal is not None


def test_pd_01_a_spell_sharing_no_trait_is_refused_with_its_rule(catalogs: api.Catalogs) -> None:
    run = _b3(catalogs, {"0:u1": "wait", "0:u2": "wait"}, {"1:u1": "incantation", "1:u2": "wait"})
    assert run.battle.b3_turn == 1  # Aline has no incantation: Bruno's turn
    fireball = _cast(run, "1:u1", "boule-de-feu")
    assert _refusal(fireball) == ("PD-01", "spell.no_trait")
    assert fireball.refusal is not None and fireball.refusal.unit is not None
    assert fireball.refusal.unit.id == "1:u1"
    with pytest.raises(api.RefusedError) as refused:
        GAME.roll(run.battle, fireball.request, api.TypedDice((6,)))
    assert refused.value.reason == fireball.refusal


def test_pd_06_phase_c_casts_only_with_a_wait_marker_and_three_dice(catalogs: api.Catalogs) -> None:
    run = _usual_b3(catalogs)
    _next(run, "C")
    assert not _actions(run, "pass_b3")
    roots = _cast(run, "1:u2", "racines-entravantes")
    assert roots.allowed and isinstance(roots.request, rules.CastRequest) and roots.request.dice == 1
    others = [a for a in _actions(run, "cast") if a.subject != "1:u2"]
    assert {a.subject for a in others} == {"0:u1", "0:u2", "1:u1"}
    for action in others:  # the priest's Fireball is refused first for its trait (PD-01)
        assert _refusal(action) in {("PD-06", "pd.marker_needed"), ("PD-01", "spell.no_trait")}
        assert isinstance(action.request, rules.CastRequest)
        assert ("PD-06", "pd.marker_needed") in {
            (p.rule, p.code) for p in rules.cast_problems(run.battle, action.request)
        }
    too_many = replace(_request(run, "1:u2", "racines-entravantes"), dice=4)
    with pytest.raises(api.RefusedError) as refused:
        GAME.roll(run.battle, too_many, api.TypedDice((1, 2, 3, 4)))
    assert isinstance(refused.value.reason, api.Problem) and refused.value.reason.rule == "PD-06"


def test_pd_02_the_default_request_uses_the_fewest_legal_dice_else_its_refusal(catalogs: api.Catalogs) -> None:
    run = _usual_b3(catalogs)
    _next(run, "C")
    for action in _actions(run, "cast"):
        assert isinstance(action.request, rules.CastRequest)
        assert (action.request.dice, dict(action.request.gifts), action.request.helpers_near) == (1, {}, False)
    assert run.execute(SetReserve(key="1:u2", reserve=0))
    empty = _cast(run, "1:u2", "racines-entravantes")
    assert _refusal(empty) == ("PD-02", "pd.reserve")


def test_every_refusal_is_a_problem_with_its_rule_id(catalogs: api.Catalogs) -> None:
    run = _run(catalogs)
    _place(run, {"0:u1": "incantation", "0:u2": "wait"})
    _place(run, {"1:u1": "incantation", "1:u2": "wait"})
    seen = 0
    for _step in range(len(STEPS)):
        for action in GAME.actions(run.battle):
            if action.refusal is not None:
                assert isinstance(action.refusal, api.Problem) and RULE_ID.match(action.refusal.rule)
                assert action.refusal.message  # a sentence the player reads
                seen += 1
        _take(run, _one(run, "next_phase"))
    assert seen


def test_an_ended_battle_lists_only_the_next_step_and_resuming(catalogs: api.Catalogs) -> None:
    battle = _run(catalogs).battle.model_copy(update={"ended": True})
    assert [(a.kind, a.label) for a in GAME.actions(battle)] == [
        ("next_phase", "Next step"),
        ("end_battle", "Resume the battle"),
    ]


# --- hidden markers (PD-03) -----------------------------------------------------------------------------------
def _placed(battle: PowerDiceBattle, markers: dict[str, str]) -> PowerDiceBattle:
    for key, marker in markers.items():
        battle = PlaceMarker(key=key, marker=marker).apply(battle)  # type: ignore[arg-type]
    return HandOver().apply(battle)


def _texts(actions: Sequence[Action]) -> list[str]:
    return [str(a.label) for a in actions] + [a.refusal.message for a in actions if a.refusal]


MARKER_WORDS = re.compile("incantation|restoration|wait", re.IGNORECASE)


def test_pd_03_no_action_shows_the_other_sides_markers_before_a3(catalogs: api.Catalogs) -> None:
    start = _run(catalogs).battle
    choices = list(itertools.product(("incantation", "restoration", "wait"), repeat=2))
    # A1, Bruno placing: whatever Aline chose, he is offered exactly the same actions, words and refusals
    views = [GAME.actions(_placed(start, dict(zip(ALINE_CASTERS, aline, strict=True)))) for aline in choices]
    bruno_view = views[0]
    assert all(view == bruno_view for view in views)
    assert all(_texts(view) == _texts(bruno_view) for view in views)
    assert not {a.subject for a in bruno_view} & set(ALINE_CASTERS)
    assert not [t for t in _texts([a for a in bruno_view if a.kind != "place_marker"]) if MARKER_WORDS.search(t)]
    # every marker placed (A1 over) and A2: the same actions whatever both sides chose, no marker named
    for step in ("A1", "A2"):
        views = []
        for aline, bruno in itertools.product(choices, repeat=2):
            battle = _placed(
                _placed(start, dict(zip(ALINE_CASTERS, aline, strict=True))),
                dict(zip(BRUNO_CASTERS, bruno, strict=True)),
            )
            if step == "A2":
                battle = rules.next_step(battle)[0]
            assert battle.step == step
            views.append(GAME.actions(battle))
        assert all(view == views[0] for view in views), step
        assert not [t for t in _texts(views[0]) if MARKER_WORDS.search(t)], step


def test_pd_03_a1_lists_only_the_placing_sides_casters(catalogs: api.Catalogs) -> None:
    run = _run(catalogs)
    assert all(a.subject in (*ALINE_CASTERS, "0", None, "1") for a in GAME.actions(run.battle))
    assert {a.subject for a in _actions(run, "place_marker")} == set(ALINE_CASTERS)
    _place(run, {"0:u1": "incantation", "0:u2": "restoration"})
    listed = GAME.actions(run.battle)
    assert not [a for a in listed if a.subject in ALINE_CASTERS]
    hand_over = _one(run, "hand_over")  # Bruno's casters lack markers: only they are named
    assert hand_over.refusal is not None and "War priest" in hand_over.refusal.message
    assert "Battle mage" not in hand_over.refusal.message


# --- odds ------------------------------------------------------------------------------------------------------
def _brute_force(difficulty: int, count: int) -> Fraction:
    throws = list(itertools.product(range(1, 7), repeat=count))
    return Fraction(sum(1 for t in throws if sum(t) >= difficulty), len(throws))


def test_pd_08_odds_are_the_chance_that_the_dice_reach_the_difficulty(catalogs: api.Catalogs) -> None:
    run = _b3(catalogs, {"0:u1": "incantation", "0:u2": "incantation"}, {"1:u1": "wait", "1:u2": "wait"})
    fireball = _request(run, "0:u1", "boule-de-feu")
    for dice in (1, 2):
        request = replace(fireball, dice=dice)
        odds = GAME.odds(run.battle, request)
        assert odds.success == rules.chance(run.battle, request) == _brute_force(8, dice)
    helped = replace(fireball, dice=2, gifts={"0:u2": 1}, helpers_near=True)  # PD-05: level + 1 dice in all
    assert GAME.odds(run.battle, helped).success == _brute_force(8, 3) == at_least(8, 3)
    assert GAME.odds(run.battle, _request(run, "0:u1", "bouclier-arcanique")).success == Fraction(1, 6)


def test_odds_and_rolls_of_another_game_are_a_type_error(catalogs: api.Catalogs) -> None:
    battle = _run(catalogs).battle
    with pytest.raises(TypeError, match="Power dice has no roll object"):
        GAME.odds(battle, object())
    with pytest.raises(TypeError, match="Power dice has no roll object"):
        GAME.roll(battle, object(), api.TypedDice((1,)))


# --- rolls -----------------------------------------------------------------------------------------------------
def test_pd_08_a_roll_with_typed_dice_changes_the_battle_like_the_old_path(catalogs: api.Catalogs) -> None:
    run = _usual_b3(catalogs)
    before = run.battle
    request = replace(_request(run, "0:u1", "bouclier-arcanique"), dice=2, target="halberdiers")
    old_after, outcome = rules.cast(before, request, api.TypedDice((5, 4)))
    roll = GAME.roll(before, request, api.TypedDice((5, 4)))
    assert run.battle is before  # a roll worked out changes nothing until it is played
    assert run.play(roll)
    assert run.battle == old_after == roll.after
    assert run.battle.casters["0:u1"].reserve == 0 and run.battle.casters["0:u1"].marker is None
    assert [s.spell for s in run.battle.lasting] == ["bouclier-arcanique"]
    command = CastSpell(
        key="0:u1", spell="bouclier-arcanique", dice=2, target="halberdiers", rolled=(5, 4), typed=True
    )
    assert roll.command == command and command.apply(before) == old_after  # the journal replays it so
    entry = run.log[-1]
    assert (entry.text, entry.dice, entry.source, entry.success, entry.side) == (
        outcome.sentence(),
        (5, 4),
        "typed",
        True,
        0,
    )
    assert entry.text == "Battle mage casts Arcane shield: 5 + 4 = 9 against 6: success"
    assert run.undo() and run.battle == before and run.log[-1].undone  # AR-05


def test_pd_08_a_helped_casting_takes_the_givers_dice(catalogs: api.Catalogs) -> None:
    run = _b3(catalogs, {"0:u1": "incantation", "0:u2": "incantation"}, {"1:u1": "wait", "1:u2": "wait"})
    request = replace(_request(run, "0:u1", "boule-de-feu"), dice=2, gifts={"0:u2": 1}, helpers_near=True)
    over = replace(request, gifts={"0:u2": 2})  # 4 dice for a level 2: over level + 1, and more than it holds
    with pytest.raises(api.RefusedError) as refused:
        GAME.roll(run.battle, over, api.TypedDice((1, 2, 3, 4)))
    assert isinstance(refused.value.reason, api.Problem) and refused.value.reason.rule == "PD-05"
    assert "pd.cap" in {p.code for p in rules.cast_problems(run.battle, over)}
    assert run.play(GAME.roll(run.battle, request, api.TypedDice((1, 2, 3))))
    assert run.log[-1].success is False  # 6 against 8: the dice are spent all the same
    assert {k: (s.reserve, s.marker) for k, s in run.battle.casters.items() if k in ALINE_CASTERS} == {
        "0:u1": (0, None),
        "0:u2": (0, None),
    }


def test_the_rule_runs_once_per_roll(catalogs: api.Catalogs, monkeypatch: pytest.MonkeyPatch) -> None:
    run = _usual_b3(catalogs)
    calls: list[rules.CastRequest] = []
    real = rules.cast

    def counted(battle: PowerDiceBattle, request: rules.CastRequest, dice: Any) -> Any:
        calls.append(request)
        return real(battle, request, dice)

    monkeypatch.setattr(rules, "cast", counted)
    fireball = _cast(run, "0:u1", "boule-de-feu")
    GAME.odds(run.battle, fireball.request)
    assert calls == []  # listing the actions and their odds casts nothing
    assert run.play(GAME.roll(run.battle, fireball.request, api.TypedDice((6,))))
    assert calls == [fireball.request]
    assert run.play(GAME.roll(run.battle, _request(run, "1:u1", "soins"), run.dice))  # the program's dice
    assert len(calls) == 2


def test_typed_dice_that_do_not_fit_change_nothing(catalogs: api.Catalogs) -> None:
    run = _usual_b3(catalogs)
    before, log = run.battle, list(run.log)
    request = _request(run, "0:u1", "boule-de-feu")
    with pytest.raises(DiceError) as extra:
        GAME.roll(run.battle, request, api.TypedDice((3, 4)))
    assert extra.value.code == "dice.extra"
    with pytest.raises(DiceError):
        GAME.roll(run.battle, request, api.TypedDice((7,)))
    assert run.battle == before and run.log == log


def test_pd_03_a_lasting_spell_can_be_taken_off(catalogs: api.Catalogs) -> None:
    run = _usual_b3(catalogs)
    assert not _actions(run, "remove_lasting")
    shield = _request(run, "0:u1", "bouclier-arcanique")
    assert run.play(GAME.roll(run.battle, shield, api.TypedDice((6,))))
    removing = _one(run, "remove_lasting", "0:u1")
    assert str(removing.label) == "Remove Arcane shield of Battle mage"
    _take(run, removing)
    assert run.battle.lasting == ()


# --- summary ---------------------------------------------------------------------------------------------------
def test_summary_counts_the_castings_and_the_power_dice(catalogs: api.Catalogs) -> None:
    run = _usual_b3(catalogs)
    fireball = replace(_request(run, "0:u1", "boule-de-feu"), dice=2)
    assert run.play(GAME.roll(run.battle, fireball, api.TypedDice((5, 4))))  # 9 ≥ 8: success
    assert run.play(GAME.roll(run.battle, _request(run, "1:u1", "soins"), api.TypedDice((2,))))  # 2 < 3
    _next(run, "C")
    roots = _request(run, "1:u2", "racines-entravantes")
    assert run.play(GAME.roll(run.battle, roots, api.TypedDice((6,))))  # 6 ≥ 5
    assert _refusal(_cast(run, "1:u2", "racines-entravantes")) == ("PD-06", "pd.marker_needed")  # one each
    summary = GAME.summary(run.battle, run.log)
    assert [(side.player, [str(line) for line in side.lines]) for side in summary.sides] == [
        ("Aline", ["Spells cast: 1, succeeded: 1", "Power dice: 1 / 3 left, 2 spent on castings"]),
        ("Bruno", ["Spells cast: 2, succeeded: 1", "Power dice: 2 / 4 left, 2 spent on castings"]),
    ]


def test_summary_leaves_out_an_undone_casting(catalogs: api.Catalogs) -> None:
    run = _usual_b3(catalogs)
    assert run.play(GAME.roll(run.battle, _request(run, "0:u1", "boule-de-feu"), api.TypedDice((6,))))
    assert run.undo()
    aline = GAME.summary(run.battle, run.log).sides[0]
    assert [str(line) for line in aline.lines] == [
        "Spells cast: 0, succeeded: 0",
        "Power dice: 3 / 3 left, 0 spent on castings",
    ]


# --- words ------------------------------------------------------------------------------------------------------
def _spoken(text: str) -> str:
    """In the language spoken, with French typography's no-break spaces as plain ones."""
    return " ".join(spoken_text(text).split())


def test_the_labels_speak_the_players_language(catalogs: api.Catalogs) -> None:
    run = _usual_b3(catalogs)
    assert load_language("fr")
    assert _spoken(_cast(run, "0:u1", "boule-de-feu").label) == "Magicien de bataille : Lancer Boule de feu"
    assert _spoken(_one(run, "pass_b3").label) == "Aline ne lance plus dans ce B3"
    start = _run(catalogs)
    placing = _actions(start, "place_marker", "0:u1")
    assert [_spoken(a.label) for a in placing] == [
        "Magicien de bataille : Incantation",
        "Magicien de bataille : Restauration",
        "Magicien de bataille : Attente",
    ]


def test_pd_03_a_hand_over_taken_through_the_api_cannot_be_undone(catalogs: api.Catalogs) -> None:
    run = _run(catalogs)
    for action in [a for a in api.actions(run) if a.kind == "place_marker" and "incantation" in str(a.command)]:
        api.take(run, action)
    hand_over = _one(run, "hand_over")
    assert hand_over.barrier
    assert api.take(run, hand_over)
    assert run.battle.choosing == 1
    assert not run.session.can_undo  # the second player cannot undo back into the first side's hidden markers
