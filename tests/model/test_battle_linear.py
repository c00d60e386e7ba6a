"""A long battle costs the same per action (issue 21): a replayed journal is validated once, at its end; undo marks
the lines it touches from an index; a battle file is written and read without validating its log twice. Each fast
path gives exactly what the checked one gives: the same battle, log, dice and undo history, the same bytes, the
same report of a damaged journal."""

from __future__ import annotations

import contextlib
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from tests.model.test_battle_journal import new_battle
from warband import api
from warband.model import replay
from warband.model.battle import BattleRun, _LogMarks, battle_document, load_battle, save_battle
from warband.model.battle_log import LogEntry
from warband.model.dice import DiceError, SeededDice
from warband.model.edits import replace, validate_made, validation_deferred
from warband.model.journal import encode_record
from warband.model.session import RefusedError
from warband.model.storage import dumps, open_envelope, read_json, validate_model
from warband.model.system import find_system
from warband.model.systems.confrontation.battle_commands import COMMANDS, NextPhase, SetModelFlag
from warband.model.systems.confrontation.battle_state import ConfrontationBattle, ModelState
from warband.model.systems.pfpv.scene_state import Casting, CharacterState

GAMES = [game.id for game in api.games()]
FILES = Path(__file__).resolve().parents[1] / "files"


# --- replaying a journal -------------------------------------------------------------------------------------
@cache
def _catalogs(system_id: str) -> api.Catalogs:
    return api.builtin_catalogs(system_id)


def _example(system_id: str) -> api.Army:
    (catalog, *_more) = api.get_system(system_id).info.builtin_catalogs()
    (path,) = sorted((catalog.parent / "examples").glob("*.warband.json"))
    return api.load_army(path)


Move = tuple[str, int]
MOVES = st.lists(
    st.tuples(st.sampled_from(["act", "act", "act", "act", "undo", "undo", "redo", "note"]), st.integers(0, 60)),
    max_size=30,
)


def _played(system_id: str, moves: list[Move], journal: Path, seed: int) -> BattleRun[Any]:
    """A battle of the game's example armies, played through the API: allowed actions (rolls with the program's
    dice), undo, redo and notes of dice thrown for nothing, each journalled."""
    game = api.get_system(system_id)
    sides = [(player, _example(system_id)) for player in ("Aline", "Bruno")[: game.info.sides]]
    run = api.start_battle(sides, _catalogs(system_id), journal=journal, dice=api.SeededDice(seed))
    run.synced = lambda _fd: None
    for kind, n in moves:
        if kind == "undo":
            run.undo()
        elif kind == "redo":
            run.redo()
        elif kind == "note":
            run.note(f"a tie {n}: roll again", dice=run.dice.roll(6, 2), source="rolled")
        else:
            allowed = [a for a in api.actions(run) if a.allowed and a.kind != "end_battle"]
            if allowed:
                with contextlib.suppress(RefusedError, DiceError):  # a value still to be given at the table
                    api.take(run, allowed[n % len(allowed)])
    run.close_journal(remove=False)
    return run


def _held(run: BattleRun[Any]) -> tuple[Any, ...]:
    """Everything a resumed run must give back, its undo history whole."""
    session = run.session
    return (
        run.battle,
        run.log,
        run.dice.state(),
        run.file,
        session.undo_label,
        session.redo_label,
        [(step.label, step.before, step.after) for step in session.history],
        [state.model_dump_json() for state in session.states()],
    )


def _checked(path: Path) -> BattleRun[Any]:
    """The slow reference: every action validated as it is replayed."""
    return replay._read(path, replay._game_of, deferred=False)


def _deferred(path: Path) -> BattleRun[Any]:
    """The fast path alone (it raises rather than falling back on the checked replay)."""
    return replay._read(path, replay._game_of, deferred=True)


@pytest.mark.parametrize("system_id", GAMES)
@settings(max_examples=12)
@given(moves=MOVES, seed=st.integers(0, 2**16))
def test_a_journal_replayed_with_validation_deferred_gives_the_battle_played(
    system_id: str, moves: list[Move], seed: int
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        journal = Path(folder) / "b.battle-journal"
        played = _played(system_id, moves, journal, seed)
        fast, checked, resumed = _deferred(journal), _checked(journal), api.resume_journal(journal)
        assert _held(fast) == _held(played) == _held(checked) == _held(resumed)
        assert fast.read_report == checked.read_report
        while fast.session.can_undo:  # the same history, step by step
            assert fast.undo() and checked.undo()
            assert _held(fast) == _held(checked)
        while fast.session.can_redo:
            assert fast.redo() and checked.redo()
            assert _held(fast) == _held(checked)


@pytest.mark.parametrize(
    "journal", sorted(FILES.glob("*/*.battle-journal")), ids=lambda p: f"{p.parent.name}/{p.stem}"
)
def test_journals_saved_before_replay_the_same_deferred_and_checked(journal: Path, tmp_path: Path) -> None:
    """Journals of earlier versions (kept notes of actions the rules now refuse included)."""
    path = tmp_path / journal.name
    path.write_bytes(journal.read_bytes())
    fast, checked = _deferred(path), _checked(path)
    assert _held(fast) == _held(checked)
    assert fast.read_report == checked.read_report


def _journal_of(run: BattleRun[Any]) -> Path:
    path = run.journal_path
    assert path is not None
    run.close_journal(remove=False)
    return path


def _forged(path: Path, *records: dict[str, Any]) -> None:
    """Lines written by hand, each with a check sum that matches: only replaying them finds what is wrong."""
    with path.open("ab") as handle:
        for record in records:
            handle.write(encode_record(record, str(path)))


def _next_phase_line(battle: ConfrontationBattle) -> dict[str, Any]:
    entry = LogEntry(step=1, turn=battle.turn, phase=battle.phase, text="Next phase")
    return {"op": "do", "command": NextPhase().model_dump(mode="json"), "log": entry.model_dump(mode="json")}


@pytest.mark.parametrize("then", [[], [{"op": "undo"}]], ids=["last", "then undone"])
def test_a_line_that_makes_an_invalid_battle_is_reported_as_when_every_action_was_checked(tmp_path, then):
    """Turn 1,001 is no turn (a battle lasts 1,000): with validation deferred, the replay meets it only at its end
    (in the battle, or in its redo history), and replays the journal again to report the line as before."""
    last_turn = new_battle().model_copy(update={"turn": 1000, "phase": "end"})
    run = BattleRun(last_turn, dice=SeededDice(5), journal=tmp_path / "b.battle-journal")
    run.execute(SetModelFlag(key="0:u2", field="engaged", value=True))
    path = _journal_of(run)
    _forged(path, _next_phase_line(run.battle), *then)
    with pytest.raises(replay._NotAsPlayedError):
        _deferred(path)
    resumed = replay.resume(path, ConfrontationBattle, COMMANDS.validate_python)
    report = resumed.read_report
    assert report is not None and report == _checked(path).read_report
    assert (report.damaged_line, report.dropped) == (3, 1 + len(then))
    assert report.damage is not None and report.damage.where == "line 3"
    assert (
        report.damage.message
        == "the action does not replay: Input should be less than or equal to 1000 (found 1001)"
    )
    assert resumed.battle == run.battle and resumed.log == run.log


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ({"op": "undo"}, "nothing to undo at this point"),  # the first action was a hand-over
        ({"op": "redo"}, "nothing to redo at this point"),
        ({"op": "fly"}, "unknown journal record 'fly'"),
        (
            {"kind": "model_flag", "key": "0:u99"},
            "the action does not replay: \"no model '0:u99' in this battle\"",
        ),
        (
            {"kind": "model_flag", "key": "9:u1"},
            "the action does not replay: tuple index out of range",
        ),  # a crash before
    ],
)
def test_a_line_that_does_not_replay_is_reported_as_before(tmp_path, bad, message):
    run = BattleRun(new_battle(), dice=SeededDice(5), journal=tmp_path / "b.battle-journal")
    run.execute(NextPhase(), barrier=True)
    path = _journal_of(run)
    if "kind" in bad:
        line = LogEntry(step=2, turn=1, phase="movement", text="x").model_dump(mode="json")
        bad = {"op": "do", "command": {**bad, "field": "engaged", "value": True}, "log": line}
    after = LogEntry(step=0, turn=1, phase="movement", text="after").model_dump(mode="json")
    _forged(path, bad, {"op": "note", "log": after})
    resumed = replay.resume(path, ConfrontationBattle, COMMANDS.validate_python)
    report = resumed.read_report
    assert report is not None and report == _checked(path).read_report
    assert (report.damaged_line, report.dropped) == (3, 2)
    assert report.damage is not None and (report.damage.where, report.damage.message) == ("line 3", message)
    assert _held(resumed) == _held(run)


# --- replace, deferred --------------------------------------------------------------------------------------
def _internals(model: BaseModel) -> tuple[Any, ...]:
    return (
        type(model),
        model.__dict__,
        {k: type(v) for k, v in model.__dict__.items()},
        model.__pydantic_fields_set__,
        model.__pydantic_extra__,
        model.__pydantic_private__,
    )


@given(
    faith=st.integers(0, 200),
    engaged=st.booleans(),
    called=st.lists(st.sampled_from(["priere", "renfort"]), max_size=3).map(tuple),
)
def test_replace_deferred_makes_what_validating_makes(faith: int, engaged: bool, called: tuple[str, ...]) -> None:
    battle = new_battle()
    state = ModelState(faith=3)
    changes: dict[str, Any] = {"faith": faith, "engaged": engaged, "called": called}
    with validation_deferred():
        quick_state = replace(state, **changes)
        quick = replace(battle, models={**battle.models, "0:u2": quick_state}, turn=2)
    assert _internals(quick_state) == _internals(replace(state, **changes))
    assert _internals(quick) == _internals(replace(battle, models={**battle.models, "0:u2": quick_state}, turn=2))
    validate_made([quick], known=[battle])


def test_replace_deferred_still_validates_what_validating_would_change() -> None:
    """A model with a validator that makes its values (PF-04's group of spells), a value validation would turn
    into another (a list, a `str` subclass), a field the model does not have: validated, deferred or not."""

    class Words(str):
        pass

    character = CharacterState(don=10, vitality=5)
    two = (Casting(spell="a", started_round=0), Casting(spell="b", started_round=0))
    side = new_battle().sides[0]
    with validation_deferred():
        casting = replace(character, casting=two)
        listed = replace(ModelState(), called=["priere"])
        worded = replace(side, player=Words("Aline"))
        with pytest.raises(ValidationError):
            replace(ModelState(), no_such_field=1)
    assert casting.at_once == 2 and _internals(casting) == _internals(replace(character, casting=two))
    assert _internals(listed) == _internals(replace(ModelState(), called=["priere"]))
    assert listed.called == ("priere",)
    assert _internals(worded) == _internals(replace(side, player=Words("Aline")))


def test_what_replace_copied_unchecked_is_validated_once_at_the_end() -> None:
    battle = new_battle()
    with validation_deferred():
        bad = replace(battle, turn=1001)
        worse = replace(battle, models={**battle.models, "0:u2": replace(ModelState(), faith=999)})
    with pytest.raises(ValidationError):
        validate_made([bad], known=[battle])
    with pytest.raises(ValidationError):
        validate_made([battle, worse], known=[battle])
    validate_made([battle], known=[])  # all of a valid battle, validated again: as it is
    changed = battle.model_copy(
        update={"models": {"0:u2": ModelState().model_copy(update={"called": ["priere"]})}}
    )
    with pytest.raises(ValueError, match="changes it"):
        validate_made([changed], known=[battle])  # validation would make a tuple of it


# --- undo marks the lines it touches ----------------------------------------------------------------------------
def _scan(log: list[LogEntry], step: int) -> list[int]:
    """How undo found an action's lines before the index: back from the end, to the last line of an earlier action."""
    rows = []
    for index in range(len(log) - 1, -1, -1):
        if log[index].step == step:
            rows.append(index)
        elif 0 < log[index].step < step:
            break
    return sorted(rows)


@given(
    st.lists(
        st.one_of(st.tuples(st.just("line"), st.integers(0, 6)), st.tuples(st.just("mark"), st.integers(1, 7))),
        max_size=60,
    )
)
def test_the_log_index_marks_the_lines_the_scan_marked(events: list[tuple[str, int]]) -> None:
    """Any log, its steps in order or not (a hand-written file), lines added between undos."""
    log: list[LogEntry] = []
    marks = _LogMarks()
    for kind, step in events:
        if kind == "line":
            log.append(LogEntry(step=step, turn=1, phase="x", text=str(step)))
        else:
            assert marks.rows(log, step) == _scan(log, step)


def test_a_line_replaced_in_the_log_is_indexed_again() -> None:
    log = [LogEntry(step=s, turn=1, phase="x", text="") for s in (1, 2, 2)]
    marks = _LogMarks()
    assert marks.rows(log, 2) == [1, 2]
    log[2] = LogEntry(step=3, turn=1, phase="x", text="")
    assert marks.rows(log, 2) == _scan(log, 2) == [1]
    del log[1:]
    assert marks.rows(log, 1) == _scan(log, 1) == [0]


def test_undo_and_redo_say_which_rows_they_marked() -> None:
    run = BattleRun(new_battle(), dice=SeededDice(1))
    run.execute(NextPhase())
    run.note("a tie", dice=(3, 3))
    run.execute(NextPhase())
    assert run.undo() and run.marked == [2]
    assert run.undo() and run.marked == [2, 0]
    assert run.redo() and run.marked == [2, 0, 0]
    assert [e.undone for e in run.log] == [False, False, True]


# --- battle files ---------------------------------------------------------------------------------------------
def _document_as_before(run: BattleRun[Any], file_model: type[BaseModel]) -> BaseModel:
    """The battle file's content as it was made before issue 21: every line written out and validated again."""
    data = run.battle.model_dump(mode="json")
    data["log"] = [e.model_dump(mode="json") for e in run.log]
    data["dice"] = run.dice.state()
    return file_model.model_validate(data)


def _loaded_as_before(path: Path) -> tuple[Any, list[LogEntry], dict[str, Any] | None]:
    """A battle file read as before issue 21: the file validated, written out, and validated again in parts."""
    file = str(path)
    data = open_envelope(read_json(path), file, "warband-battle")
    system = find_system(str(data.get("system")))
    assert system is not None
    document = validate_model(system.battle_file_model, data, file)
    dumped = document.model_dump(mode="json")
    log = [LogEntry.model_validate(e) for e in dumped.pop("log")]
    dice = dumped.pop("dice")
    return system.battle_model.model_validate(dumped), log, dice


@pytest.mark.parametrize("system_id", GAMES)
@settings(max_examples=5)
@given(moves=MOVES, seed=st.integers(0, 2**16))
def test_a_battle_file_is_written_and_read_as_before(system_id: str, moves: list[Move], seed: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        run = _played(system_id, moves, Path(folder) / "b.battle-journal", seed)
        file_model = api.get_system(system_id).battle_file_model
        path = Path(folder) / "b.battle.json"
        save_battle(run, file_model, path)
        assert path.read_bytes() == dumps(_document_as_before(run, file_model), str(path))
        assert dumps(battle_document(run, file_model)) == dumps(_document_as_before(run, file_model))
        battle, log, dice = load_battle(path)
        assert (battle, log, dice.state()) == (run.battle, run.log, run.dice.state())
        before = _loaded_as_before(path)
        assert (battle, log, dice.state()) == before
        assert battle.model_dump_json() == before[0].model_dump_json()


@pytest.mark.parametrize("path", sorted(FILES.glob("*/*.battle.json")), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_battle_files_saved_before_are_read_as_before(path: Path) -> None:
    battle, log, dice = load_battle(path)
    before = _loaded_as_before(path)
    assert (battle, log, dice.state()) == before
    assert battle.model_dump_json() == before[0].model_dump_json()


def test_saving_hands_the_log_on_as_it_is(tmp_path: Path) -> None:
    run = BattleRun(new_battle(), dice=SeededDice(2))
    run.execute(NextPhase())
    run.undo()
    lines = list(run.log)
    document = battle_document(run, api.get_system("confrontation").battle_file_model)
    assert all(a is b for a, b in zip(document.log, lines, strict=True))  # type: ignore[attr-defined]
    save_battle(run, type(document), tmp_path / "b.battle.json")
    assert all(a is b for a, b in zip(run.log, lines, strict=True))
