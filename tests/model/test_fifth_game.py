"""Litany, the fifth game (issue 15): a package of its own, found through its entry point, played through
Warband's public API like the four built-in games. Its rules: LI-01 (prayers are for priests of enough piety),
LI-02 (as many prayers as piety), LI-03 (the Vigil: when and how a prayer is said)."""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
from collections.abc import Iterator
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from warband import api
from warband.model.messages import _, load_language, spoken_text
from warband.model.rules_text import RULES, SYSTEMS, rules_of

PLUGIN = Path(__file__).resolve().parents[1] / "plugins" / "site" / "litany"
EXAMPLE = PLUGIN / "data" / "examples" / "chapel-guard.warband.json"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def catalogs() -> api.Catalogs:
    return api.builtin_catalogs("litany")


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    load_language("en")


def army(*units: tuple[str, str, tuple[str, ...]], limit: int | None = None) -> api.Army:
    session = api.Session(api.new_army("litany", "Test chapel", points_limit=limit))
    for unit_id, profile, prayers in units:
        session.execute(api.AddUnit(unit_id, profile))
        for prayer in prayers:
            session.execute(api.AddEntry(unit_id, "prayers", prayer))
    return session.state


def rules(report: api.Report) -> list[tuple[str, str | None, str]]:
    return [(p.rule, p.unit.id if p.unit else None, p.code) for p in report.problems]


# --- the plug-in --------------------------------------------------------------------------------------------
def test_the_game_is_found_through_its_entry_point():
    entry = api.registered()["litany"]
    assert (entry.distribution, entry.version, entry.package) == ("litany-game", "0.3", "litany")
    import litany
    from litany.system import SYSTEM

    assert entry.info is litany.GAME and api.get_system("litany") is SYSTEM
    assert (SYSTEM.info.rule_prefix, SYSTEM.info.sides, SYSTEM.info.points_name) == ("LI", 2, "points")
    assert SYSTEM.info.builtin_catalogs() == [PLUGIN / "data" / "core.json"]
    assert "litany" not in [error.name for error in api.load_errors()]


def test_the_plugin_uses_warbands_public_pieces_and_no_other_games():
    """It never imports another game (`warband.*.systems.*`), and its model side imports no Qt and no window."""
    others = tuple(
        f"warband.{side}.systems.{game.id}"
        for game in api.games()
        if game.id != "litany"
        for side in ("model", "gui")
    )
    for path in sorted(PLUGIN.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
        names += [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
        assert not [n for n in names if n.startswith(others)], path
        if "gui" not in path.relative_to(PLUGIN).parts:
            assert not [n for n in names if n.startswith(("PySide6", "warband.gui", "litany.gui"))], path


def test_its_rules_are_in_the_help_under_its_prefix():
    assert [r.id for r in rules_of("LI")] == ["LI-01", "LI-02", "LI-03"]
    assert SYSTEMS["LI"] == "Litany: chapels and prayers"
    for rule_id in ("LI-01", "LI-02", "LI-03"):
        text = RULES[rule_id]
        assert text.title[0].isupper() and len(text.title) <= 60 and text.text.endswith(".")
    assert RULES["LI-03"].options  # the double six, a rules option


# --- army building ------------------------------------------------------------------------------------------
def test_the_example_army_is_valid_and_costs_its_units_and_prayers(catalogs):
    report = api.validate(api.load_army(EXAMPLE), catalogs)
    assert report.valid, [p.message for p in report.problems]
    # Abbess 40 + Litany of the saints 15 + Bell of wrath 12; Chaplain 25 + Lamp 8; Hermit 30 + 5 + 10; 8; 10
    assert [(c.id, c.cost) for c in report.units] == [("u1", 67), ("u2", 33), ("u3", 45), ("u4", 8), ("u5", 10)]
    assert (report.total_cost, report.points_limit) == (163, 200)


def test_li_01_a_prayer_for_no_priest_or_a_priest_of_too_little_piety(catalogs):
    report = api.validate(
        army(("u1", "halberdier", ("threshold-blessing",)), ("u2", "chaplain", ("wrath-bell",))), catalogs
    )
    assert rules(report) == [("LI-01", "u1", "litany.not_priest"), ("LI-01", "u2", "litany.piety_low")]
    assert report.problems[1].message == "Bell of wrath asks for piety 3; Chaplain has piety 2."
    assert report.total_cost == 8 + 5 + 25 + 12  # a draft that breaks a rule is still counted


def test_li_02_a_priest_holds_at_most_its_piety_in_prayers(catalogs):
    chaplain = army(("u1", "chaplain", ("threshold-blessing", "vigil-lamp", "wall-hymn")))
    report = api.validate(chaplain, catalogs)
    assert rules(report) == [("LI-02", "u1", "litany.too_many")]
    assert report.problems[0].message == "Chaplain holds 3 prayers; a priest of piety 2 holds at most 2."
    assert api.validate(army(("u1", "chaplain", ("threshold-blessing", "vigil-lamp"))), catalogs).valid


def test_li_01_and_li_02_in_the_options_with_their_reasons(catalogs):
    choices = {c.id: c for c in api.options(army(("u1", "chaplain", ("vigil-lamp",))), "u1", catalogs)}
    assert set(choices) == {"threshold-blessing", "vigil-lamp", "wall-hymn", "wrath-bell", "litany-of-saints"}
    assert [i for i, c in choices.items() if c.eligible] == ["threshold-blessing", "vigil-lamp", "wall-hymn"]
    assert choices["vigil-lamp"].owned == 1 and choices["wall-hymn"].owned == 0
    assert [p.rule for p in choices["wrath-bell"].reasons] == ["LI-01"]
    full = {c.id: c for c in api.options(army(("u1", "chaplain", ("vigil-lamp", "wall-hymn"))), "u1", catalogs)}
    assert not any(c.eligible for c in full.values())
    assert [p.rule for p in full["threshold-blessing"].reasons] == ["LI-02"]
    assert [p.rule for p in full["litany-of-saints"].reasons] == ["LI-01", "LI-02"]
    soldier = api.options(army(("u1", "archer", ())), "u1", catalogs)
    assert all(not c.eligible and [p.code for p in c.reasons] == ["litany.not_priest"] for c in soldier)
    with pytest.raises(KeyError):
        api.options(army(("u1", "archer", ())), "u9", catalogs)


def test_ar_02_an_unknown_prayer_or_profile_is_kept_flagged_and_not_counted(catalogs, tmp_path):
    drafted = army(("u1", "abbess", ("lost-psalm", "wrath-bell")), ("u2", "gone-knight", ()))
    report = api.validate(drafted, catalogs)
    assert rules(report) == [("AR-02", "u1", "litany.prayer_unknown"), ("AR-02", "u2", "profile.unknown")]
    assert [c.cost for c in report.units] == [40 + 12, 0]
    assert "“lost-psalm”" in report.problems[0].message
    unknown = api.options(drafted, "u2", catalogs)
    assert all([p.rule for p in c.reasons] == ["AR-02"] for c in unknown)
    api.save_army(drafted, tmp_path / "draft.warband.json")  # written back unchanged
    assert api.load_army(tmp_path / "draft.warband.json").units[0].prayers == ("lost-psalm", "wrath-bell")


def test_ar_03_over_the_limit_in_the_games_points(catalogs):
    report = api.validate(army(("u1", "abbess", ("litany-of-saints",)), limit=50), catalogs)
    assert rules(report) == [("AR-03", None, "litany.over_limit")]
    assert report.problems[0].message == "The army costs 55 points, 5 over its limit of 50 points."


def test_an_army_saved_and_loaded_is_the_same(catalogs, tmp_path):
    built = api.stamp(army(("u1", "hermit", ("wall-hymn",)), ("u2", "archer", ()), limit=100), catalogs)
    assert [(ref.id, ref.revision) for ref in built.catalogs] == [("litany-core", 1)]
    path = tmp_path / "hermit.warband.json"
    api.save_army(built, path)
    loaded = api.load_army(path)
    assert loaded == built and type(loaded).__name__ == "LitanyArmy"
    assert json.loads(path.read_text(encoding="utf-8"))["units"][0]["prayers"] == ["wall-hymn"]


def test_ar_04_a_prayer_made_harder_is_told(catalogs, tmp_path):
    built = api.stamp(army(("u1", "hermit", ("wall-hymn",))), catalogs)
    core = json.loads((PLUGIN / "data" / "core.json").read_text(encoding="utf-8"))
    core["revision"] = 2
    core["prayers"] = [dict(p, difficulty=12) if p["id"] == "wall-hymn" else p for p in core["prayers"]]
    (tmp_path / "core.json").write_text(json.dumps(core), encoding="utf-8")
    load = api.load_catalogs([tmp_path / "core.json"])
    told = [(c.code, c.message) for c in api.compare(built, load.for_system("litany"))]
    assert told == [
        (
            "change.catalog_revision",
            "The catalog “litany-core” was at revision 1 when this army was saved; it is now at 2.",
        ),
        ("change.requirements", "Prayer Hymn of the wall: its requirements changed (difficulty) (hermit)."),
    ]


def test_the_roster_shows_piety_and_the_prayers_held(catalogs):
    unit, soldier = api.load_army(EXAMPLE).units[0], api.load_army(EXAMPLE).units[3]
    extras = api.get_system("litany").roster_unit(unit, catalogs, ("fr",))
    assert extras.profile_facts == ("Piety 4",)
    assert [(d.kind, d.name, d.cost, d.facts) for d in extras.details] == [
        ("Prayer", "Litanie des saints", 15, ("difficulty 13", "piety 4+")),
        ("Prayer", "Cloche de colère", 12, ("difficulty 11", "piety 3+")),
    ]
    assert api.get_system("litany").roster_unit(soldier, catalogs, ("en",)).profile_facts == ("Not a priest",)


# --- a battle -----------------------------------------------------------------------------------------------
def battle(catalogs: api.Catalogs, options: Any = None, **kwargs: Any) -> api.BattleRun[Any]:
    example = api.load_army(EXAMPLE)
    return api.start_battle([("Aline", example), ("Bruno", example)], catalogs, options, **kwargs)


def prayers(run: api.BattleRun[Any], key: str | None = None) -> list[api.Action]:
    return [a for a in api.actions(run) if a.kind == "pray" and (key is None or a.subject == key)]


def kind(run: api.BattleRun[Any], name: str) -> api.Action:
    (found,) = [a for a in api.actions(run) if a.kind == name]
    return found


def test_a_battle_starts_in_the_vigil_with_every_model_standing(catalogs):
    from litany.battle import LitanyBattle, ModelState, RulesOptions

    run = battle(catalogs)
    state = run.battle
    assert isinstance(state, LitanyBattle) and state.options == RulesOptions()
    assert (state.turn, state.phase, state.ended) == (1, "vigil", False)
    assert state.models == {f"{side}:u{n}": ModelState() for side in (0, 1) for n in range(1, 6)}
    assert [(p.id, p.name, p.current) for p in api.phases(run)] == [
        ("vigil", "Vigil", True),
        ("clash", "Clash", False),
    ]
    assert set(state.entries.prayers) == {
        "litany-of-saints",
        "wrath-bell",
        "vigil-lamp",
        "threshold-blessing",
        "wall-hymn",
    }


def test_li_03_the_phases_go_on_to_the_clash_and_the_next_turn_and_back_once(catalogs):
    run = battle(catalogs)
    assert kind(run, "previous_phase").refusal.code == "litany.first_phase"  # type: ignore[union-attr]
    assert api.take(run, kind(run, "next_phase"))
    assert run.log[-1].text == "Next phase: Clash of turn 1"
    assert (run.battle.turn, run.battle.phase) == (1, "clash")
    assert api.take(run, kind(run, "previous_phase"))
    assert (run.battle.turn, run.battle.phase) == (1, "vigil")
    api.take(run, prayers(run, "0:u2")[0])
    assert run.battle.models["0:u2"].prayed
    api.take(run, kind(run, "next_phase"))
    api.take(run, kind(run, "next_phase"))
    assert (run.battle.turn, run.battle.phase) == (2, "vigil") and [p.current for p in api.phases(run)] == [
        True,
        False,
    ]
    assert not any(state.prayed for state in run.battle.models.values())  # a new Vigil: everyone may pray again


def test_the_actions_are_the_moves_then_each_priests_prayers_then_falling(catalogs):
    actions = api.actions(battle(catalogs))
    assert [a.kind for a in actions[:3]] == ["next_phase", "previous_phase", "end_battle"]
    pray = [(a.subject, a.request.prayer) for a in actions if a.kind == "pray"]  # type: ignore[union-attr]
    mine = [("0:u1", "litany-of-saints"), ("0:u1", "wrath-bell"), ("0:u2", "vigil-lamp")]
    mine += [("0:u3", "threshold-blessing"), ("0:u3", "wall-hymn")]
    assert pray == mine + [(f"1:{key[2:]}", prayer) for key, prayer in mine]
    assert all(a.allowed and a.command is None for a in actions if a.kind == "pray")
    assert [a.subject for a in actions if a.kind == "fallen"] == [f"{s}:u{n}" for s in (0, 1) for n in range(1, 6)]
    assert str(actions[3].label) == "Mother Agathe: Pray Litany of the saints"


def test_li_03_no_prayer_outside_the_vigil(catalogs):
    run = battle(catalogs)
    api.take(run, kind(run, "next_phase"))
    refused = prayers(run)
    assert refused and all(a.refusal is not None and a.refusal.rule == "LI-03" for a in refused)
    assert refused[0].refusal.message == "Prayers are said in the Vigil; this is the Clash."  # type: ignore[union-attr]
    before, log = run.battle, list(run.log)
    with pytest.raises(api.RefusedError) as refusal:
        api.take(run, refused[0].request, api.TypedDice((6, 6)))  # the request alone: refused by the rule too
    assert refusal.value.reason.rule == "LI-03"
    assert (run.battle, run.log) == (before, log)


def test_li_03_a_priest_prays_once_a_turn(catalogs):
    run = battle(catalogs)
    first, second = prayers(run, "0:u1")
    assert api.take(run, first, api.TypedDice((1, 2)))
    for action in prayers(run, "0:u1"):
        assert (action.refusal.rule, action.refusal.code) == ("LI-03", "litany.prayed")  # type: ignore[union-attr]
    assert prayers(run, "0:u1")[1].refusal.message == "Mother Agathe has already prayed this turn."  # type: ignore[union-attr]
    assert all(a.allowed for a in prayers(run, "1:u1"))  # the other side's abbess has not
    with pytest.raises(api.RefusedError):
        api.take(run, second.request, api.TypedDice((6, 6)))


def test_li_03_a_fallen_priest_prays_no_more_and_may_stand_again(catalogs):
    run = battle(catalogs)
    falling = next(a for a in api.actions(run) if a.kind == "fallen" and a.subject == "0:u3")
    assert str(falling.label) == "Hermit of the well: Fallen"
    assert api.take(run, falling)
    assert run.battle.models["0:u3"].fallen
    refused = prayers(run, "0:u3")
    assert [(a.refusal.rule, a.refusal.code) for a in refused] == [("LI-03", "litany.fallen")] * 2  # type: ignore[union-attr]
    assert refused[0].refusal.message == "Hermit of the well has fallen and prays no more."  # type: ignore[union-attr]
    with pytest.raises(api.RefusedError):
        api.take(run, refused[0])
    standing = next(a for a in api.actions(run) if a.kind == "fallen" and a.subject == "0:u3")
    assert str(standing.label) == "Hermit of the well: Standing again"
    api.take(run, standing)
    assert all(a.allowed for a in prayers(run, "0:u3"))


def brute_force(piety: int, difficulty: int, double_six: bool) -> Fraction:
    """The oracle: every one of the 36 throws of two dice, counted one by one."""
    hits = 0
    for first, second in product(range(1, 7), repeat=2):
        if first + second + piety >= difficulty or (double_six and first == second == 6):
            hits += 1
    return Fraction(hits, 36)


@pytest.mark.parametrize("double_six", [True, False])
def test_li_03_the_odds_are_exact(catalogs, double_six):
    from litany.battle import RulesOptions

    run = battle(catalogs, RulesOptions(double_six_always_answers=double_six))
    entries = run.battle.entries
    for action in prayers(run):
        piety = entries.profiles[run.battle.sides[0].army.unit(action.subject[2:]).profile].piety  # type: ignore[union-attr, index]
        difficulty = entries.prayers[action.request.prayer].difficulty  # type: ignore[union-attr]
        assert api.odds(run, action).success == brute_force(piety, difficulty, double_six), action.label
    litany = next(a for a in prayers(run) if a.request.prayer == "litany-of-saints")  # type: ignore[union-attr]
    assert api.odds(run, litany).success == Fraction(10, 36)  # piety 4 against 13: 9 or more on 2d6


@pytest.mark.parametrize("double_six", [True, False])
def test_li_03_the_odds_over_every_piety_and_difficulty(tmp_path, double_six):
    """A player's catalog with a priest of each piety and a prayer of each difficulty: every pair, exact."""
    from litany.battle import PrayRequest, RulesOptions

    catalog = {
        "format": "warband-catalog", "version": 1, "system": "litany", "id": "odds", "revision": 1, "name": "Odds",
        "profiles": [{"id": f"p{n}", "name": f"Priest {n}", "cost": 1, "piety": n} for n in range(1, 7)],
        "prayers": [{"id": f"d{n}", "name": f"Prayer {n}", "difficulty": n, "min_piety": 1} for n in range(2, 21)],
    }  # fmt: skip
    (tmp_path / "odds.json").write_text(json.dumps(catalog), encoding="utf-8")
    cats = api.builtin_catalogs("litany", tmp_path / "odds.json")
    every = tuple(f"d{n}" for n in range(2, 21))
    units = [(f"u{n}", f"p{n}", every) for n in range(1, 7)]  # a draft (LI-02): the battle holds every prayer
    sides = [("A", army(*units)), ("B", army(*units))]
    run = api.start_battle(sides, cats, RulesOptions(double_six_always_answers=double_six))
    for piety in range(1, 7):
        for difficulty in range(2, 21):
            request = PrayRequest(f"0:u{piety}", f"d{difficulty}")
            want = brute_force(piety, difficulty, double_six)
            assert api.odds(run, request).success == want, (piety, difficulty)
    assert api.odds(run, PrayRequest("0:u1", "d20")).success == (Fraction(1, 36) if double_six else 0)
    assert api.take(run, PrayRequest("0:u1", "d20"), api.TypedDice((6, 6)))  # 12 + 1 against 20
    assert run.log[-1].success is double_six and run.battle.models["0:u1"].answered == int(double_six)


def test_the_odds_of_no_priest_or_an_unknown_prayer_are_refused(catalogs):
    from litany.battle import PrayRequest

    run = battle(catalogs)
    with pytest.raises(api.RefusedError) as soldier:
        api.odds(run, PrayRequest("0:u4", "wall-hymn"))
    assert soldier.value.reason.code == "litany.not_priest"
    with pytest.raises(api.RefusedError) as unknown:
        api.odds(run, PrayRequest("0:u1", "lost-psalm"))
    assert unknown.value.reason.rule == "AR-02"
    with pytest.raises(TypeError):
        api.odds(run, "a prayer")


@pytest.mark.parametrize(
    ("double_six", "dice", "answered"), [(True, (6, 6), True), (False, (4, 4), False), (True, (4, 5), True)]
)
def test_a_roll_with_typed_dice_is_carried_out_logged_and_undone(catalogs, double_six, dice, answered):
    """The abbess (piety 4) prays the Litany of the saints (13) with the table's dice; undoing it restores the
    battle, the log keeps the roll, struck out (AR-05)."""
    from litany.battle import RulesOptions

    run = battle(catalogs, RulesOptions(double_six_always_answers=double_six))
    before = run.battle
    litany = prayers(run, "1:u1")[0]
    assert api.take(run, litany, api.TypedDice(dice))
    entry = run.log[-1]
    assert (entry.dice, entry.source, entry.success, entry.side) == (dice, "typed", answered, 1)
    verdict = "answered" if answered else "unanswered"
    total = sum(dice) + 4
    assert entry.text == (
        f"Mother Agathe prays Litany of the saints: {dice[0]} + {dice[1]} + piety 4 = {total} against 13: {verdict}"
    )
    state = run.battle.models["1:u1"]
    assert (state.prayed, state.answered) == (True, int(answered))
    assert run.session.undo_label == "Pray Litany of the saints"
    assert run.undo()
    assert run.battle == before and run.log[-1].undone


def test_typed_dice_that_do_not_fit_change_nothing(catalogs):
    run = battle(catalogs)
    action = prayers(run, "0:u2")[0]
    for typed in ((3,), (3, 4, 5)):
        with pytest.raises(api.DiceError):
            api.take(run, action, api.TypedDice(typed))
    with pytest.raises(api.DiceError):
        api.take(run, action, api.TypedDice((7, 1)))
    assert run.log == [] and not run.battle.models["0:u2"].prayed


def test_the_summary_counts_prayers_said_and_answered_and_models_fallen(catalogs):
    run = battle(catalogs)
    api.take(run, prayers(run, "0:u1")[0], api.TypedDice((6, 6)))  # answered
    api.take(run, prayers(run, "0:u2")[0], api.TypedDice((1, 1)))  # 2 + 2 against 9: not
    api.take(run, prayers(run, "0:u3")[0], api.TypedDice((2, 3)))  # 5 + 3 against 7: answered
    api.take(run, prayers(run, "1:u2")[0], api.TypedDice((3, 3)))  # 6 + 2 against 9: not
    run.undo()  # an undone prayer is not counted
    api.take(run, next(a for a in api.actions(run) if a.kind == "fallen" and a.subject == "1:u4"))
    api.take(run, kind(run, "end_battle"))
    summary = api.summary(run)
    assert [(side.player, [str(line) for line in side.lines]) for side in summary.sides] == [
        ("Aline", ["Prayers: 3 said, 2 answered", "Models fallen: 0 of 5"]),
        ("Bruno", ["Prayers: 0 said, 0 answered", "Models fallen: 1 of 5"]),
    ]
    assert [a.kind for a in api.actions(run)] == ["next_phase", "previous_phase", "end_battle"]  # ended: moves


def test_a_battle_saved_reopens_and_its_journal_resumes_the_same(catalogs, tmp_path):
    journal = tmp_path / "chapel.battle-journal"
    run = battle(catalogs, journal=journal, dice=api.SeededDice(5))
    api.take(run, prayers(run, "0:u1")[1])  # the program's dice
    api.take(run, prayers(run, "1:u3")[0], api.TypedDice((2, 2)))
    api.take(run, next(a for a in api.actions(run) if a.kind == "fallen" and a.subject == "1:u1"))
    api.take(run, kind(run, "next_phase"))
    api.take(run, kind(run, "previous_phase"))
    run.undo()
    api.take(run, kind(run, "next_phase"))
    assert any(entry.source == "rolled" for entry in run.log)
    resumed = api.resume_journal(journal)
    assert (resumed.battle, resumed.log) == (run.battle, run.log)
    assert resumed.dice.state() == run.dice.state()
    path = tmp_path / "chapel.battle.json"
    api.save_battle_file(run, path)
    reopened = api.open_battle(path)
    assert (reopened.battle, reopened.log) == (run.battle, run.log)
    assert json.loads(path.read_text(encoding="utf-8"))["system"] == "litany"
    assert api.take(reopened, prayers(reopened, "1:u2")[0])  # and the battle goes on, its dice rolling on


@given(picks=st.lists(st.integers(0, 10_000), max_size=25), seed=st.integers(0, 1000))
def test_any_actions_undone_give_the_start_and_redone_the_end(picks, seed):
    """Property: whatever allowed actions are taken, undoing them all gives the battle it started as, and
    redoing them all the battle it came to (the dice are not rewound: the rolls are carried by the commands)."""
    run = battle(api.builtin_catalogs("litany"), dice=api.SeededDice(seed))
    start = run.battle
    for pick in picks:
        allowed = [a for a in api.actions(run) if a.allowed]
        api.take(run, allowed[pick % len(allowed)])
    end = run.battle
    while run.undo():
        pass
    assert run.battle == start
    while run.redo():
        pass
    assert run.battle == end


def test_every_command_is_journalled_as_itself():
    from litany.battle import NextPhase, Pray, PreviousPhase, SetFallen

    parse = api.get_system("litany").parse_command
    for command in (
        NextPhase(),
        PreviousPhase(),
        SetFallen(key="0:u1", value=False),
        Pray(key="0:u1", prayer="wall-hymn", dice=(3, 6)),
    ):
        assert parse(command.model_dump(mode="json")) == command


# --- its own language ---------------------------------------------------------------------------------------
def test_french_comes_from_the_plugins_own_catalog(catalogs):
    run = battle(catalogs)
    assert load_language("fr")
    assert [_(phase.name) for phase in api.phases(run)] == ["Veillée", "Mêlée"]
    assert _(api.get_system("litany").info.name) == "Litanie"
    api.take(run, kind(run, "next_phase"))
    refusal = prayers(run)[0].refusal
    assert (
        refusal is not None
        and refusal.sentence == "Les prières se disent pendant la Veillée ; c’est maintenant la phase Mêlée."
    )
    assert refusal.message == "Prayers are said in the Vigil; this is the Clash."  # files and logs stay English
    said = _("{unit}: {action}").format(unit="Mother Agathe", action="Prier Litanie des saints")  # Warband's words
    assert spoken_text(prayers(run)[0].label) == said
    load_language("en")
    assert _("Vigil") == "Vigil"


def test_the_plugins_catalogs_are_compiled_and_not_warbands():
    """Its .mo is its .po compiled (by `locale/update.py`, with Warband's own msgfmt), and Warband's template does
    not hold its strings, so Warband's `scripts/i18n.py --check` is not touched by the plug-in."""
    spec = importlib.util.spec_from_file_location("warband_i18n", ROOT / "scripts" / "i18n.py")
    assert spec is not None and spec.loader is not None
    i18n = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, i18n)
    spec.loader.exec_module(i18n)
    po = PLUGIN / "locale" / "fr" / "LC_MESSAGES" / "warband-litany.po"
    catalog = i18n.parse_po(po.read_text(encoding="utf-8"))
    assert po.with_suffix(".mo").read_bytes() == i18n.compile_mo(catalog)
    translated = {e.msgid for e in catalog.entries if e.msgstr and not e.obsolete}
    assert {"Litany", "Vigil", "Clash", "Prayers are said in the Vigil; this is the {phase}."} <= translated
    pot = (ROOT / "resources" / "locale" / "warband.pot").read_text(encoding="utf-8")
    assert 'msgid "Vigil"' not in pot and "litany" not in pot
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "i18n.py"), "--check"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
