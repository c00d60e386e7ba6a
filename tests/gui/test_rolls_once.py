"""Rolls are model commands carrying their dice, and their rule runs once per action (issue 13): a Divination call
and a power-dice casting, made in the window's documents, with the program's dice and the table's."""

from __future__ import annotations

import json

import pytest

from tests.gui.test_battles import start
from tests.gui.test_powerdice_tracker import FIRST_CHOICES, SECOND_CHOICES, make_document, pd_army, pd_catalogs  # noqa: F401  (its fixtures below)  # noqa: F401
from tests.gui.test_powerdice_tracker import document as pd_document  # noqa: F401
from warband.gui.systems.powerdice.actions import hand_over, place_marker
from warband.model.dice import TypedDice
from warband.model.replay import resume_journal
from warband.model.systems.confrontation import battle_calls
from warband.model.systems.confrontation.battle_calls import CallRequest
from warband.model.systems.confrontation.battle_commands import NextPhase, SetTacticalWinner
from warband.model.systems.powerdice import battle_rules
from warband.model.systems.powerdice.battle_commands import NextStep
from warband.model.systems.powerdice.battle_rules import CastRequest


def last_record(document) -> dict:
    lines = document.run.journal_path.read_bytes().splitlines()
    return json.loads(lines[-1])


def counted(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[int]:
    """Count the calls of a rule function (every caller looks it up in its module, so all are counted)."""
    calls: list[int] = []
    real = getattr(module, name)

    def counting(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counting)
    return calls


@pytest.mark.parametrize("typed", [False, True])
def test_a_divination_call_runs_its_rule_once_and_journals_its_dice(window, asker, monkeypatch, typed):
    document = start(window, asker)
    document.act(NextPhase())
    document.act(NextPhase())
    document.act(SetTacticalWinner(side=0))
    runs = counted(monkeypatch, battle_calls, "call_miracle")
    roll = document.roll(CallRequest("0:u1", "renfort", 2, True), TypedDice((4,)) if typed else None)
    assert roll is not None and runs == [1]  # once: not again to carry it out
    outcome = roll.outcome
    entry = document.run.log[-1]
    assert entry.dice == outcome.dice and entry.source == ("typed" if typed else "rolled")
    record = last_record(document)
    assert record["command"]["kind"] == "call_miracle"
    assert tuple(record["command"]["dice"]) == outcome.dice and record["command"]["typed"] is typed
    monkeypatch.undo()
    resumed = resume_journal(document.run.journal_path)
    assert resumed.battle == document.battle  # replayed from the command's dice alone


def test_a_refused_call_rolls_no_dice(window, asker):
    document = start(window, asker)
    before = document.run.dice.state()
    assert document.roll(CallRequest("0:u1", "renfort", 2, True)) is None  # not the Divination phase
    assert document.run.dice.state() == before


def test_a_power_dice_casting_runs_its_rule_once(pd_document, monkeypatch):  # noqa: F811
    for key, marker in {**FIRST_CHOICES}.items():
        place_marker(pd_document, key, marker)
    hand_over(pd_document)
    for key, marker in SECOND_CHOICES.items():
        place_marker(pd_document, key, marker)
    hand_over(pd_document)
    for _step in range(5):
        pd_document.act(NextStep())
    runs = counted(monkeypatch, battle_rules, "cast")
    roll = pd_document.roll(CastRequest("0:u1", "boule-de-feu", 2), TypedDice((5, 4)))
    assert roll is not None and runs == [1]
    assert pd_document.run.log[-1].dice == (5, 4)
    assert pd_document.run.session.history[-1].after == pd_document.battle


def test_sbg_will_and_fate_run_their_rule_once(sbg_catalogs, monkeypatch):
    """The document alone (the resolver's views ask the rules what may be done, on every change: not counted)."""
    from tests.gui.test_sbg_resolver import WIZARD, army
    from warband.gui.battle_document import BattleDocument
    from warband.gui.systems.sbg import rolls
    from warband.model.battle import BattleRun
    from warband.model.systems.sbg import battle_rules as sbg_rules
    from warband.model.systems.sbg.play import WillRequest

    good = army({"id": "u1", "profile": "captain"}, {"id": "u2", "profile": "wizard"})
    evil = army({"id": "u1", "profile": "orc-captain"}, {"id": "u2", "profile": "shaman"})
    document = BattleDocument(BattleRun(sbg_rules.start_battle([("A", good), ("B", evil)], sbg_catalogs)))
    try:
        will_runs = counted(monkeypatch, sbg_rules, "will_attempt")
        roll = document.roll(WillRequest(WIZARD, 3), TypedDice((4,)))
        assert roll is not None and roll.outcome is True
        assert will_runs == [1]
        fate_runs = counted(monkeypatch, sbg_rules, "fate_roll")
        thrown = rolls.throw_fate(document, WIZARD, 1, TypedDice((5,)))
        assert thrown is not None
        assert rolls.apply_fate(document, WIZARD, thrown[0], (), 1, thrown[1]) is not None
        assert fate_runs == [1]
        assert [e.dice for e in document.run.log[-2:]] == [(4,), (5,)]
    finally:
        document.close()


@pytest.mark.parametrize("typed", [False, True])
def test_sbg_might_is_thrown_by_the_model_and_spent_with_its_dice_once(sbg_catalogs, monkeypatch, tmp_path, typed):
    """SB-02: the die thrown first (shown), the Might chosen, then spent by a command carrying the die."""
    from tests.gui.test_sbg_resolver import CAPTAIN, army
    from warband.gui.battle_document import BattleDocument
    from warband.gui.systems.sbg import rolls
    from warband.model.battle import BattleRun
    from warband.model.systems.sbg import battle_rules as sbg_rules

    good = army({"id": "u1", "profile": "captain"})
    evil = army({"id": "u1", "profile": "orc-captain"})
    battle = sbg_rules.start_battle([("A", good), ("B", evil)], sbg_catalogs)
    document = BattleDocument(BattleRun(battle, journal=tmp_path / "sbg.battle-journal"))
    try:
        runs = counted(monkeypatch, sbg_rules, "use_might")
        thrown = rolls.throw_might(document, CAPTAIN, "to_wound", TypedDice((3,)) if typed else None)
        assert thrown is not None and runs == []  # shown, nothing spent yet
        values, source = thrown
        assert len(values) == 1 and source == ("typed" if typed else "rolled")
        assert rolls.spend_might(document, CAPTAIN, 1, "to_wound", sum(values), thrown)
        assert runs == [1]  # once: not again to carry it out
        entry = document.run.log[-1]
        assert entry.dice == values and entry.source == source
        record = last_record(document)
        assert record["command"]["kind"] == "use_might" and tuple(record["command"]["dice"]) == values
        monkeypatch.undo()
        resumed = resume_journal(document.run.journal_path)
        assert resumed.battle == document.battle and resumed.log == document.run.log
    finally:
        document.close()


@pytest.fixture(scope="module")
def sbg_catalogs():
    from tests.gui.test_sbg_resolver import sbg_catalogs as build

    return build.__wrapped__()


@pytest.mark.parametrize("typed", [False, True])
def test_a_par_le_fer_casting_runs_its_rule_once(monkeypatch, typed):
    from warband.gui.battle_document import BattleDocument
    from warband.gui.systems.pfpv.rolls import typed_casting
    from warband.model.army import load_army
    from warband.model.battle import BattleRun
    from warband.model.catalog import builtin_catalog_paths, load_catalogs
    from warband.model.dice import SeededDice
    from warband.model.locations import data_dir
    from warband.model.systems.pfpv import casting
    from warband.model.systems.pfpv.play import CastingRequest
    from warband.model.systems.pfpv.scene import CastingSetup, build_setup, start_scene

    party = load_army(data_dir() / "pfpv" / "examples" / "the-company.warband.json")
    catalogs = load_catalogs(builtin_catalog_paths()).for_system("pfpv")
    document = BattleDocument(BattleRun(start_scene(party, catalogs), dice=SeededDice(1)))
    try:
        choice = CastingSetup(spell="bouclier-magique")
        setup = build_setup(document.battle, "u1", choice)
        runs = counted(monkeypatch, casting, "resolve")
        request = CastingRequest("u1", choice)
        if typed:
            contact = dict.fromkeys(setup.source_skills, 5)
            control = dict.fromkeys(setup.discipline_skills, 5)
            result = typed_casting(document, request, contact, control)
        else:
            made = document.roll(request)
            result = made.outcome if made is not None else None
        assert result is not None and runs == [1]
        assert document.run.log[-1].source == ("typed" if typed else "rolled")
    finally:
        document.close()


def test_the_tactical_roll_is_a_model_roll_a_tie_logged_without_a_command():
    from tests.model.test_battle_journal import new_battle
    from warband.model.battle import BattleRun
    from warband.model.systems.confrontation.battle_commands import roll_tactical

    run = BattleRun(new_battle())
    tie = roll_tactical(run.battle, TypedDice((3, 3)))
    assert tie.command is None and tie.after is run.battle
    assert run.play(tie) and run.log[-1].text == "Tactical roll: 3 – 3, a tie: roll again"
    won = roll_tactical(run.battle, TypedDice((2, 5)))
    assert run.play(won) and run.battle.tactical_winner == 1
    assert run.log[-1].text == "Tactical roll: 2 – 5, B wins" and run.log[-1].dice == (2, 5)


def test_sbg_priority_is_a_model_roll(sbg_catalogs):
    from tests.gui.test_sbg_resolver import army
    from warband.model.battle import BattleRun
    from warband.model.systems.sbg import battle_rules as sbg_rules
    from warband.model.systems.sbg.battle_commands import roll_priority

    good = army({"id": "u1", "profile": "captain"})
    evil = army({"id": "u1", "profile": "orc-captain"})
    run = BattleRun(sbg_rules.start_battle([("A", good), ("B", evil)], sbg_catalogs))
    tie = roll_priority(run.battle, TypedDice((4, 4)))  # a tie in the first turn: roll again (SB-01)
    assert tie.command is None and run.play(tie)
    won = roll_priority(run.battle, TypedDice((6, 1)))
    assert run.play(won) and run.battle.priority == 0
    assert [e.dice for e in run.log] == [(4, 4), (6, 1)]


@pytest.mark.parametrize("typed", [False, True])
def test_a_par_le_fer_distraction_is_a_model_roll_judged_once(monkeypatch, tmp_path, typed):
    """PF-09 in the scene document: the model throws (or takes the table's 2d5) and judges once; the roll changes
    nothing, so it is logged as a note with its dice, and the journal replays it to the same log and dice."""
    from warband.gui.battle_document import BattleDocument
    from warband.gui.systems.pfpv.rolls import typed_distraction
    from warband.model.army import load_army
    from warband.model.battle import BattleRun
    from warband.model.catalog import builtin_catalog_paths, load_catalogs
    from warband.model.dice import SeededDice
    from warband.model.locations import data_dir
    from warband.model.systems.pfpv import casting
    from warband.model.systems.pfpv.play import DistractionRequest
    from warband.model.systems.pfpv.scene import StartCasting, start_scene

    party = load_army(data_dir() / "pfpv" / "examples" / "the-company.warband.json")
    catalogs = load_catalogs(builtin_catalog_paths()).for_system("pfpv")
    journal = tmp_path / "scene.battle-journal"
    run = BattleRun(start_scene(party, catalogs), dice=SeededDice(1), journal=journal)
    document = BattleDocument(run)
    try:
        assert document.act(StartCasting(key="u1", spell="boule-de-feu"))
        before = document.battle
        runs = counted(monkeypatch, casting, "distraction")
        request = DistractionRequest("u1", -2)
        made = typed_distraction(document, request, 9) if typed else document.roll(request)
        assert made is not None and runs == [1] and made.command is None
        entry = document.run.log[-1]
        assert entry.step == 0 and entry.dice == (made.outcome.roll,)
        assert entry.source == ("typed" if typed else "rolled") and document.battle == before
        record = last_record(document)
        assert record["op"] == "note" and ("rolls" in record) is not typed  # the program's dice, for the generator
        monkeypatch.undo()
        resumed = resume_journal(journal)
        assert resumed.log == document.run.log and resumed.dice.state() == document.run.dice.state()
    finally:
        document.close()
