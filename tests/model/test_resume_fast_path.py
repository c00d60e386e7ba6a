"""Resuming a long journal quickly (issue 21: 25,000 lines in 1.5 s) changes nothing a resumed battle gives back.

A line is read by pydantic-core's parser when it is exactly as Warband writes it, and by the strict reading
otherwise; commands met before are parsed once; a model is copied without pydantic's generic copy; battles are
compared without its generic comparison; what the replay made goes to the collector's oldest generation. Each
fast path is held to the slow one: the same battle, log, dice, undo and redo history for random battles of every
game, and the same verdict, line and words for a damaged or hostile line.
"""

from __future__ import annotations

import contextlib
import gc
import json
import tempfile
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict, ValidationError

from tests.model.test_battle_journal import new_battle
from tests.model.test_battle_linear import _catalogs, _checked, _deferred, _example, _held
from warband import api
from warband.model import battle as battle_module
from warband.model import journal, replay
from warband.model.army import Problem, unit_label
from warband.model.battle import BattleRun, _equal, collector_paused
from warband.model.battle_log import LogEntry
from warband.model.dice import DiceError, SeededDice
from warband.model.edits import copied, replace, validation_deferred
from warband.model.journal import MAX_FILE_BYTES, decode_line, encode_record
from warband.model.messages import term
from warband.model.session import RefusedError
from warband.model.storage import FileError, parse_json_bytes
from warband.model.systems.confrontation import battle_calls, battle_models, battle_order
from warband.model.systems.confrontation import battle_rules as rules
from warband.model.systems.confrontation.battle_commands import COMMANDS, NextPhase, SetModelFlag
from warband.model.systems.confrontation.battle_state import ConfrontationBattle, ModelState

GAMES = [game.id for game in api.games()]
FILES = Path(__file__).resolve().parents[1] / "files"


# --- reading a line ---------------------------------------------------------------------------------------------
def _strictly(raw: bytes, file: str, number: int) -> dict[str, Any]:
    """The oracle: a line read as before issue 21, every line by the strict reading."""
    where = f"line {number}"
    mark = raw.rfind(b',"crc":')
    if mark >= 0 and raw.endswith(b"}"):
        digits = raw[mark + 7 : -1]
        if not digits.isdigit() or len(digits) > 10 or int(digits) != zlib.crc32(raw[:mark]):
            raise FileError(file, where, "the line is damaged (its check sum does not match)")
    try:
        record = parse_json_bytes(raw, file)
    except FileError as exc:
        raise FileError(file, where, exc.message) from None
    if not isinstance(record, dict):
        raise FileError(file, where, "not a journal record")
    record.pop("crc", None)
    return record


def _verdict(read: Any, raw: bytes) -> tuple[str, Any]:
    """What a reading makes of a line: the record, to the types of its values, or the error's place and words."""
    try:
        record = read(raw, "j", 7)
    except FileError as exc:
        return "refused", (exc.file, exc.where, exc.message)
    return "read", (record, json.dumps(record, sort_keys=False, default=repr), _types(record))


def _types(value: Any) -> Any:
    if isinstance(value, dict):
        return [(k, _types(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [_types(v) for v in value]
    return type(value).__name__


def _with_crc(body: bytes) -> bytes:
    """A line written by hand with a check sum that matches: only reading it finds what is wrong."""
    return body + b',"crc":' + str(zlib.crc32(body)).encode() + b"}"


TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12) | st.sampled_from(
    ['"', "\\", "\n\t\b\f\r", "\x00\x1f\x7f", "\u2028", "é – ✓", "😀", "/", ',"crc":1}']
)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | TEXT
)
VALUES = st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4), max_leaves=12
)
RECORDS = st.builds(
    lambda op, rest: {"op": op, **rest},
    st.sampled_from(["do", "note", "undo", "redo", "saved"]) | TEXT,
    st.dictionaries(TEXT, VALUES, max_size=6),
).filter(lambda r: "crc" not in r)
"""Records as `encode_record` is given them (an `op` first: it writes no empty record)."""


@settings(max_examples=120)
@given(record=RECORDS)
def test_a_line_as_written_is_read_as_the_strict_reading_reads_it(record: dict[str, Any]) -> None:
    line = encode_record(record, "j")[:-1]
    assert _verdict(decode_line, line) == _verdict(_strictly, line)
    assert decode_line(line, "j", 7) == record


def _hand_made(line: bytes, how: str, at: int) -> bytes:
    """A line as Warband writes it, changed by hand as a player or an attacker might, its check sum made to
    match again."""
    body = line[: line.rfind(b',"crc":')]
    colons = [i for i in range(len(body)) if body[i : i + 2] == b'":']
    place = colons[at % len(colons)] + 2 if colons else 1
    if how == "space":
        changed = body[:place] + b" " + body[place:]
    elif how == "key twice":
        first = body[1 : body.index(b'":') + 2]
        changed = b"{" + first + b"0," + body[1:]
    elif how == "escape":
        changed = body.replace(b"e", b"\\u0065", 1)
    elif how == "surrogate":
        changed = body[:place] + b'"\\ud800",' + body[place:] if colons else body
    elif how == "NaN":
        changed = body[:place] + b"NaN," + body[place:]
    elif how == "huge":
        changed = body[:place] + b"1e400," + body[place:]
    elif how == "digits":
        changed = body[:place] + b"9" * 5000 + b"," + body[place:]
    elif how == "minus zero":
        changed = body[:place] + b"-0," + body[place:]
    elif how == "bom":
        changed = b"\xef\xbb\xbf" + body
    elif how == "not utf-8":
        changed = body[:place] + b'"\xff",' + body[place:]
    elif how == "carriage return":
        changed = body + b"\r"
    elif how == "nested":
        changed = body[:place] + b"[" * 300 + b"]" * 300 + b"," + body[place:]
    else:
        raise AssertionError(how)
    return _with_crc(changed)


HOW = st.sampled_from(
    [
        "space",
        "key twice",
        "escape",
        "surrogate",
        "NaN",
        "huge",
        "digits",
        "minus zero",
        "bom",
        "not utf-8",
        "carriage return",
        "nested",
    ]
)


@settings(max_examples=120)
@given(record=RECORDS, how=HOW, at=st.integers(0, 20))
def test_a_line_changed_by_hand_is_read_as_the_strict_reading_reads_it(
    record: dict[str, Any], how: str, at: int
) -> None:
    """A hostile line with a check sum that matches: a key twice is refused, a space is read, as before."""
    line = _hand_made(encode_record(record, "j")[:-1], how, at)
    assert _verdict(decode_line, line) == _verdict(_strictly, line)


@pytest.mark.parametrize(
    "line",
    [
        _with_crc(b'{"op":"undo","op":"redo"}'),
        _with_crc(b'{"op":"note","log":{"step":0,"step":1,"turn":1,"phase":"x","text":""}}'),
        _with_crc(b'{"op": "undo"}'),
        _with_crc(b'{"op":"undo","n":NaN}'),
        _with_crc(b'{"op":"undo","n":Infinity}'),
        _with_crc(b'{"op":"undo","t":"\\udc00"}'),
        _with_crc(b'{"op":"undo","n":' + b"9" * 4400 + b"}"),
        _with_crc(b'{"op":"undo","n":1.0}'),
        _with_crc(b'{"op":"undo","n":01}'),
        _with_crc(b"[1,2]"),
        _with_crc(b'{"op":"note","t":"' + b"x" * 5000 + b'"}'),
        b'{"op":"undo","crc":0123}',
        b'{"op":"undo","crc":"1"}',
        b'{"x":[{"crc":1}],"crc":5}',
        b'{"op":"undo"}',
        b"",
    ],
)
def test_a_hostile_line_is_read_as_the_strict_reading_reads_it(line: bytes) -> None:
    assert _verdict(decode_line, line) == _verdict(_strictly, line)


def test_only_a_line_exactly_as_written_takes_the_quick_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    line = encode_record({"op": "note", "log": {"text": "é"}}, "j")[:-1]
    crc = zlib.crc32(line[: line.rfind(b',"crc":')])
    assert journal._as_written(line) == {"op": "note", "log": {"text": "é"}, "crc": crc}
    assert journal._as_written(line.replace(b"{", b"{ ", 1)) is None
    assert journal._as_written(b'{"a":1,"a":1}') is None
    monkeypatch.setattr(journal, "MAX_FILE_BYTES", len(line) - 1)
    assert journal._as_written(line) is None
    assert len(line) < MAX_FILE_BYTES


# --- resuming random battles of every game --------------------------------------------------------------------
MOVES = st.lists(
    st.tuples(
        st.sampled_from(["act", "act", "act", "act", "act", "undo", "undo", "redo", "note", "save"]),
        st.integers(0, 60),
    ),
    max_size=60,
)


def _played(system_id: str, moves: list[tuple[str, int]], folder: Path, seed: int) -> BattleRun[Any]:
    """A battle of the game's example armies played through the API: allowed actions with the program's dice,
    undo, redo, notes of dice thrown for nothing and saves, each journalled."""
    game = api.get_system(system_id)
    sides = [(player, _example(system_id)) for player in ("Aline", "Bruno")[: game.info.sides]]
    run = api.start_battle(
        sides, _catalogs(system_id), journal=folder / "b.battle-journal", dice=api.SeededDice(seed)
    )
    run.synced = lambda _fd: None
    for kind, n in moves:
        if kind == "undo":
            run.undo()
        elif kind == "redo":
            run.redo()
        elif kind == "note":
            run.note(f"a tie {n}: roll again", dice=run.dice.roll(6, 2), source="rolled")
        elif kind == "save":
            run.saved_to(folder / f"saved-{n}.battle.json")
        else:
            allowed = [a for a in api.actions(run) if a.allowed and a.kind != "end_battle"]
            if allowed:
                with contextlib.suppress(RefusedError, DiceError):  # a value still to be given at the table
                    api.take(run, allowed[n % len(allowed)])
    run.close_journal(remove=False)
    return run


def _made_as(model: BaseModel) -> tuple[Any, ...]:
    """A model to its pydantic internals: a quick copy must be the copy pydantic would have made."""
    return (type(model), model.__dict__, model.__pydantic_fields_set__, model.__pydantic_extra__)


def _whole(run: BattleRun[Any]) -> tuple[Any, ...]:
    """`_held`, with the internals of every state and log line, the rows undo marked and the dice's calls."""
    return (
        _held(run),
        [_made_as(state) for state in run.session.states()],
        [_made_as(entry) for entry in run.log],
        [step.label for step in run.session._redo],
        run.marked,
        run.dice.calls,
        run.session.modified,
        run.read_report,
    )


@contextlib.contextmanager
def _as_before_issue_21() -> Iterator[None]:
    """The replay as it was before this quick path: every line read strictly, pydantic's copies and comparison,
    Confrontation's models made for every flag set, its bars, places, labels and new turns as they were worked
    out. The checked replay within it is the oracle."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(replay, "decode_line", _strictly)
        patch.setattr(replay, "_log_entry", LogEntry.model_validate)
        patch.setattr(battle_module, "_equal", lambda a, b: a == b)
        patch.setattr(battle_module, "copied", lambda model, **update: model.model_copy(update=update))
        patch.setattr(rules, "copied", lambda model, **update: model.model_copy(update=update))
        patch.setattr(rules, "model_state", lambda battle, key: rules.model(battle, key).state)
        patch.setattr(rules, "new_turn", _new_turn_as_before)
        patch.setattr(battle_order, "call_bars", _bars_as_before)
        patch.setattr(battle_calls, "call_bars", _bars_as_before)
        patch.setattr(battle_order, "_place", _place_as_before)
        patch.setattr(battle_models, "_made_for", _made_for_as_before)
        battle_order._last = battle_order._before = battle_models._last = None
        battle_models._made.clear()
        try:
            yield
        finally:
            battle_order._last = battle_order._before = battle_models._last = None
            battle_models._made.clear()


def _new_turn_as_before(battle: ConfrontationBattle) -> ConfrontationBattle:
    refreshed: dict[str, ModelState] = {}
    for m in rules.models(battle):
        changes = dict(rules.PER_TURN_RESET)
        faithful = m.profile.faithful if m.profile is not None else None
        if battle.options.refill_faith and faithful is not None and faithful.faith is not None:
            changes["faith"] = faithful.faith
        refreshed[m.key] = replace(m.state, **changes)
    return replace(battle, turn=battle.turn + 1, phase="tactical", tactical_winner=None, models=refreshed)


def _place_as_before(m: rules.Model) -> Any:
    if not m.faithful or not m.in_play:
        return battle_order._OUT
    problems = _bars_as_before(m)
    if not problems and not m.unit.miracles:
        problems = [Problem.of("CF-01", "call.no_miracles", m.ref(), unit=m.label)]
    elif not problems and not battle_order.left_to_call(m):
        problems = [Problem.of("CF-09", "call.all_called", m.ref(), unit=m.label)]
    if problems:
        return battle_order._Place(False, rules.Barred(m.key, m.side, m.label, tuple(problems)), 0, False)
    return battle_order._Place(True, None, m.discipline, m.discipline_unknown)


def _made_for_as_before(side: int, key: str, unit: Any, battle: ConfrontationBattle) -> Any:
    profile = battle.entries.profiles.get(unit.profile)
    state = battle.models.get(key) or battle_models._UNTOUCHED
    made = battle_models._made.get(key)
    if made is None or made.unit is not unit or made.profile is not profile or made.state is not state:
        made = battle_models._made[key] = battle_models._Made(
            unit, profile, state, rules.Model(key, side, unit, profile, state, unit_label(unit, profile))
        )
    return made


@pytest.mark.parametrize("system_id", GAMES)
@settings(max_examples=10, deadline=None)
@given(moves=MOVES, seed=st.integers(0, 2**16))
def test_every_game_resumes_quickly_what_it_resumed_before(
    system_id: str, moves: list[tuple[str, int]], seed: int
) -> None:
    """The quick path against the replay as it was: checked, every line read strictly, nothing kept between
    lines."""
    with tempfile.TemporaryDirectory() as folder:
        played = _played(system_id, moves, Path(folder), seed)
        path = Path(folder) / "b.battle-journal"
        fast = replay.resume_journal(path)
        with _as_before_issue_21():
            before = _checked(path)
        assert _whole(fast) == _whole(before)
        assert _held(fast) == _held(played)
        while fast.undo():
            with _as_before_issue_21():
                assert before.undo()
            assert _whole(fast) == _whole(before)


@pytest.mark.parametrize("system_id", GAMES)
@settings(max_examples=10, deadline=None)
@given(moves=MOVES, seed=st.integers(0, 2**16))
def test_every_game_resumes_the_same_quickly_and_checked(
    system_id: str, moves: list[tuple[str, int]], seed: int
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        played = _played(system_id, moves, Path(folder), seed)
        path = Path(folder) / "b.battle-journal"
        fast, checked = _deferred(path), _checked(path)  # the quick path raises rather than fall back
        assert _whole(fast) == _whole(checked)
        assert _held(fast) == _held(played)
        assert fast.read_report is not None and fast.read_report.dropped == 0
        for go in (fast.undo, fast.redo):  # the same history, step by step, each way
            other = checked.undo if go == fast.undo else checked.redo
            while go():
                assert other()
                assert _whole(fast) == _whole(checked)
            assert not other()
        # and the battle goes on from where it was resumed: the next allowed action, journalled
        going_on = _deferred(path)
        going_on.continue_journal(path)
        going_on.synced = lambda _fd: None
        allowed = [a for a in api.actions(going_on) if a.allowed and a.kind != "end_battle"]
        if allowed:
            with contextlib.suppress(RefusedError, DiceError):
                api.take(going_on, allowed[0])
        going_on.close_journal(remove=False)
        assert _whole(_deferred(path)) == _whole(_checked(path))
        assert _held(_deferred(path)) == _held(going_on)


@pytest.mark.parametrize(
    "journal_file", sorted(FILES.glob("*/*.battle-journal")), ids=lambda p: f"{p.parent.name}/{p.stem}"
)
def test_journals_saved_before_resume_the_same_quickly_and_checked(journal_file: Path, tmp_path: Path) -> None:
    """Journals of earlier versions: version 1, actions the rules now refuse kept as played."""
    path = tmp_path / journal_file.name
    path.write_bytes(journal_file.read_bytes())
    assert _whole(_deferred(path)) == _whole(_checked(path))
    with _as_before_issue_21():
        before = _checked(path)
    assert _whole(replay.resume_journal(path)) == _whole(before)


# --- a damaged or hostile line in the middle of a journal ----------------------------------------------------------
def _battle_journal(folder: Path) -> tuple[BattleRun[Any], Path, list[int]]:
    """A short Confrontation battle, and where each of its lines ends."""
    path = folder / "b.battle-journal"
    run = BattleRun(new_battle(), dice=SeededDice(4), journal=path)
    ends = [path.stat().st_size]
    for action in (
        lambda: run.execute(NextPhase()),
        lambda: run.execute(SetModelFlag(key="0:u2", field="engaged", value=True)),
        lambda: run.execute(SetModelFlag(key="1:u2", field="engaged", value=True)),
        run.undo,
        lambda: run.execute(NextPhase()),
    ):
        action()
        ends.append(path.stat().st_size)
    run.close_journal(remove=False)
    return run, path, ends


def _line_changed(path: Path, ends: list[int], line: int, change: Any) -> None:
    """Line `line` (2 is the first action's) written again by `change`, with a check sum that matches."""
    whole = path.read_bytes()
    start, end = ends[line - 2], ends[line - 1]
    body = whole[start : end - 1]
    body = body[: body.rfind(b',"crc":')]
    path.write_bytes(whole[:start] + _with_crc(change(body)) + b"\n" + whole[end:])


@pytest.mark.parametrize(
    ("change", "where", "words"),
    [
        (lambda b: b.replace(b'"op":"do"', b'"op":"do","op":"do"'), "line 3", "not valid JSON (the key 'op'"),
        (lambda b: b.replace(b'"field":"engaged"', b'"field":"engaged","field":"shot"'), "line 3", "twice"),
        (lambda b: b.replace(b'"step":2', b'"step":2,"step":NaN'), "line 3", "not valid JSON"),
        (lambda b: b.replace(b'"text":"', b'"text":"\\udbff'), "line 3", "lone surrogate"),
        (lambda b: b.replace(b'"key":"0:u2"', b'"key":"0:u9"'), "line 3", "no model '0:u9' in this battle"),
        (lambda b: b.replace(b'"value":true', b'"value":1'), "line 3", "the action does not replay"),
        (lambda b: b.replace(b'"turn":1', b'"turn":' + b"1" * 4400), "line 3", "not valid JSON"),
        (lambda b: b.replace(b'"op":"do"', b'"op": "do"'), None, None),  # spaces: read as before
        (lambda b: b.replace(b'"text":"', b'"text":"\\u00e9'), None, None),  # an escape: read as before
    ],
)
def test_a_hostile_line_in_the_middle_is_cut_as_before(
    tmp_path: Path, change: Any, where: Any, words: Any
) -> None:
    run, path, ends = _battle_journal(tmp_path)
    _line_changed(path, ends, 3, change)
    resumed = replay.resume(path, ConfrontationBattle, COMMANDS.validate_python)
    checked = _checked(path)
    assert _whole(resumed) == _whole(checked)
    with _as_before_issue_21():
        assert _whole(replay.resume(path, ConfrontationBattle, COMMANDS.validate_python)) == _whole(checked)
    report = resumed.read_report
    assert report is not None
    if where is None:
        assert report.dropped == 0 and report.damage is None
        assert resumed.battle == run.battle and [e.text for e in resumed.log][:1] == [e.text for e in run.log][:1]
        assert _whole(_deferred(path)) == _whole(checked)  # and no fallback was needed
    else:
        assert (report.damaged_line, report.dropped) == (3, len(ends) - 2)
        assert report.damage is not None and report.damage.where == where and words in report.damage.message
        assert resumed.battle == rules.next_phase(new_battle())


def test_a_bit_flipped_in_every_byte_of_a_line_is_found_as_before(tmp_path: Path) -> None:
    _run, path, ends = _battle_journal(tmp_path)
    whole = path.read_bytes()
    for at in range(ends[1], ends[2] - 1, 7):  # the second action's line, but its newline
        flipped = bytearray(whole)
        flipped[at] ^= 0x04
        path.write_bytes(bytes(flipped))
        resumed = replay.resume(path, ConfrontationBattle, COMMANDS.validate_python)
        with _as_before_issue_21():
            before = _checked(path)
        assert _whole(resumed) == _whole(before), at


# --- the quick copies, comparisons and commands -------------------------------------------------------------
class _Private(BaseModel):
    model_config = ConfigDict(frozen=True)
    a: int = 0
    _secret: int = 1


class _Extra(BaseModel):
    model_config = ConfigDict(frozen=True, extra="allow")
    a: int = 0


@given(
    undone=st.booleans(),
    step=st.integers(0, 9),
    faith=st.integers(0, 200),
    engaged=st.booleans(),
)
def test_a_quick_copy_is_the_copy_pydantic_makes(undone: bool, step: int, faith: int, engaged: bool) -> None:
    entry = LogEntry(step=step, turn=1, phase="x", text="t")
    state = ModelState(faith=faith)
    battle = new_battle()
    models = {**battle.models, "0:u1": state}
    for model, update in (
        (entry, {"undone": undone}),
        (entry.model_copy(update={"undone": not undone}), {"undone": undone}),
        (state, {"engaged": engaged, "faith": faith}),
        (battle, {"models": models}),
        (ModelState.model_construct(faith=faith), {"engaged": engaged}),
        (_Private(a=step), {"a": faith}),
        (_Extra(a=step, b=2), {"a": faith}),
    ):
        quick, slow = copied(model, **update), model.model_copy(update=update)
        assert _made_as(quick) == _made_as(slow)
        assert quick.__pydantic_private__ == slow.__pydantic_private__ and quick == slow


@given(
    first=st.fixed_dictionaries({"faith": st.integers(0, 3), "engaged": st.booleans()}),
    second=st.fixed_dictionaries({"faith": st.integers(0, 3), "engaged": st.booleans()}),
    turn=st.integers(1, 2),
)
def test_battles_compare_as_pydantic_compares_them(
    first: dict[str, Any], second: dict[str, Any], turn: int
) -> None:
    battle = new_battle()
    one = battle.model_copy(update={"models": {"0:u1": ModelState(**first)}})
    other = battle.model_copy(update={"models": {"0:u1": ModelState(**second)}, "turn": turn})
    odd = battle.model_copy()
    object.__setattr__(odd, "__dict__", {**odd.__dict__, "cached": 1})  # a value that is no field
    for a, b in ((one, other), (other, one), (one, one), (one, copied(one)), (battle, odd), (odd, battle)):
        assert _equal(a, b) == (a == b)
    assert _equal(_Private(a=1), _Private(a=1)) and not _equal(_Extra(a=1, b=1), _Extra(a=1, b=2))
    assert not _equal(_Private(a=1), _Extra(a=1))


def test_a_command_met_before_is_parsed_once_when_it_is_a_frozen_value() -> None:
    parsed: list[Any] = []

    def counting(data: Any) -> Any:
        parsed.append(data)
        return COMMANDS.validate_python(data)

    parse = replay._remembering(counting)
    flag = {"kind": "model_flag", "key": "0:u1", "field": "engaged", "value": True}
    assert parse(flag) is parse(dict(flag)) == COMMANDS.validate_python(flag)
    assert parse({"kind": "next_phase"}) == NextPhase()
    assert len(parsed) == 2
    with pytest.raises(ValidationError):
        parse({**flag, "value": 1})  # not the command `true` made: parsed, and refused
    assert len(parsed) == 3

    class Loose(BaseModel):
        kind: str
        label: str = "loose"

        def apply(self, state: Any) -> Any:
            return state

    class Keeping(Loose):
        model_config = ConfigDict(frozen=True)
        _seen: int = 0

    loose = replay._remembering(Loose.model_validate)
    assert loose({"kind": "x"}) is not loose({"kind": "x"})  # not frozen: each line its own command
    keeping = replay._remembering(Keeping.model_validate)
    assert keeping({"kind": "x"}) is not keeping({"kind": "x"})  # a private value may still change


# --- the collector --------------------------------------------------------------------------------------------
def test_what_a_paused_collector_saw_made_goes_to_the_oldest_generation() -> None:
    frozen = gc.get_freeze_count()  # nothing, unless a test of the window froze its catalogs
    with collector_paused():
        made = [[n] for n in range(5000)]
    assert gc.isenabled() and gc.get_freeze_count() == frozen
    if not frozen:
        assert gc.get_count()[0] < 1000
        assert any(made[0] is item for item in gc.get_objects(generation=2))


def test_objects_frozen_before_stay_frozen() -> None:
    """The window freezes its catalogs once loaded: a resumed battle never thaws them."""
    before = gc.get_freeze_count()
    kept = [[n] for n in range(10)]
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with collector_paused():
            made = [[n] for n in range(5000)]
        assert gc.get_freeze_count() == frozen > before and gc.isenabled()
        assert not any(made[0] is item for item in gc.get_objects(generation=2))  # a young collection's
    finally:
        if not before:
            gc.unfreeze()
    assert kept


# --- Confrontation: a flag set without making its model, a call without bars -----------------------------------
FLAG_FIELDS = ("removed", "engaged", "wounds_roll", "moved_beyond", "moved_by_effect", "feat", "shot")


def _bars_as_before(m: rules.Model, *, as_before: bool = False) -> list[Problem]:
    """The oracle: `call_bars` as it was before issue 21."""
    ref = m.ref()
    if not m.in_play:
        return [Problem.of("CF-11", "call.out_of_play", ref, unit=m.label)]
    if not m.faithful:
        return [Problem.of("CF-01", "call.not_faithful", ref, unit=m.label)]
    bars: list[Problem] = []
    state = m.state
    if state.shot:
        bars.append(Problem.of("CF-10", "call.shot", ref, unit=m.label))
    if state.feat:
        bars.append(Problem.of("CF-10", "call.feat", ref, unit=m.label))
    if state.moved_beyond and not state.moved_by_effect and not m.warrior_monk:
        bars.append(Problem.of("CF-10", "call.moved", ref, unit=m.label))
    if not m.warrior_monk:
        if state.engaged:
            bars.append(Problem.of("CF-11", "call.engaged", ref, unit=m.label))
        if state.wounds_roll:
            bars.append(Problem.of("CF-11", "call.wounds_roll", ref, unit=m.label))
        elif state.wounded and not as_before:
            bars.append(Problem.of("CF-11", "call.wounded", ref, unit=m.label))
    return bars


@given(
    flags=st.dictionaries(st.sampled_from((*FLAG_FIELDS, "wounded", "divination_done")), st.booleans()),
    called=st.lists(st.sampled_from(["priere", "renfort", "benediction"]), max_size=2, unique=True),
    wounds=st.sampled_from(["unhurt", "light", "killed"]),
    as_before=st.booleans(),
)
def test_a_model_is_barred_and_refused_as_before(
    flags: dict[str, bool], called: list[str], wounds: str, as_before: bool
) -> None:
    battle = rules.start_battle(
        [("A", _example("confrontation")), ("B", _example("confrontation"))], _catalogs("confrontation")
    )
    state = ModelState(wounds=wounds, called=tuple(called), **flags)
    battle = battle.model_copy(update={"models": dict.fromkeys(battle.models, state)})
    for m in rules.models(battle):
        assert battle_order.call_bars(m, as_before=as_before) == _bars_as_before(m, as_before=as_before)
        assert battle_models.model_state(battle, m.key) is m.state is rules.model(battle, m.key).state
        for field in (*FLAG_FIELDS, "divination_done"):
            for value in (True, False):
                refusal = rules.flag_refusal(battle, m.key, field, value, as_before=as_before)
                assert refusal == _flag_refusal_as_before(battle, m.key, field, value, as_before=as_before)


def _flag_refusal_as_before(
    battle: ConfrontationBattle, key: str, field: str, value: bool, *, as_before: bool
) -> Problem | None:
    m = rules.model(battle, key)
    state = m.state
    if field == "divination_done" and not value and state.divination_done and not as_before:
        return Problem.of("CF-13", "done.final", m.ref(), unit=m.label)
    if not state.called:
        return None
    if value and field in ("shot", "feat"):
        act = "shoot" if field == "shot" else "perform a Physical Feat"
        return Problem.of("CF-10", "act.after_call", m.ref(), unit=m.label, act=term(act))
    if m.warrior_monk:
        return None
    over_long = value and field == "moved_beyond" and (as_before or not state.moved_by_effect)
    unmarked = not value and field == "moved_by_effect" and state.moved_beyond and not as_before
    if over_long or unmarked:
        return Problem.of("CF-10", "act.moved_after_call", m.ref(), unit=m.label)
    return None


@pytest.mark.parametrize("key", ["0:u99", "9:u1", "x:u1", "0", "-1:u1"])
def test_a_flag_on_a_model_the_battle_lacks_is_refused_as_before(key: str) -> None:
    battle = new_battle()

    def outcome(read: Any) -> tuple[str, str]:
        try:
            return "read", repr(read(battle, key))
        except Exception as exc:  # the very error, for the words of a damaged line
            return type(exc).__name__, str(exc)

    assert outcome(battle_models.model_state) == outcome(lambda b, k: rules.model(b, k).state)
    with validation_deferred():
        assert outcome(lambda b, k: SetModelFlag(key=k, field="engaged", value=True).apply(b).models) == outcome(
            lambda b, k: (rules.model(b, k), rules.with_model(b, k, engaged=True).models)[1]
        )
