"""Rebuilding a battle in play from its journal: every complete action replayed, the damage reported by line.

A torn or zero-filled tail is the action in progress when the program stopped: it is dropped. A damaged line (a
check sum that does not match, JSON that does not parse, a record that does not fit the battle as it then was)
stops the replay: every action before it is kept, and `BattleRun.read_report` says how many lines were dropped
and why. Nothing but the journal's start can make resuming fail (`FileError`).

Replaying never refuses an action an earlier version of Warband accepted: when the rules have since been read
more strictly, a command that says how it was carried out before (`as_before(state)`) is replayed so, and a note
under it in the log names the rule that now refuses it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pydantic_core
from pydantic import BaseModel, ValidationError

from warband.model.battle import BattleRun, collector_paused
from warband.model.battle_log import LogEntry
from warband.model.dice import DiceError, SeededDice
from warband.model.edits import validate_made, validation_deferred
from warband.model.journal import (
    JOURNAL_VERSION,
    ReadReport,
    check_head,
    check_size,
    decode_line,
    first_record,
    optional_path,
    roll_calls,
)
from warband.model.messages import N_, Phrase, template
from warband.model.session import Command, RefusedError
from warband.model.storage import FileError, describe_validation_error, validate_model
from warband.model.system import find_system, unknown_system

B = TypeVar("B", bound=BaseModel)

_DAMAGE = (FileError, ValidationError, RefusedError, DiceError, ValueError, TypeError, LookupError, RecursionError)
"""What replaying a line that does not fit the battle can raise: the line is damaged, the ones before it stand."""


def resume(
    path: Path,
    battle_model: type[B],
    parse_command: Callable[[Any], Command[B]],
) -> BattleRun[B]:
    """Rebuild a battle from its journal: the state after the last complete action, with its undo history.

    A last line cut short by a crash (or a zero-filled tail after a power cut) is the action in progress: it is
    dropped. A damaged line stops the replay there: every action before it is kept, and `read_report` tells how
    many lines were dropped and why. Only a journal whose start cannot be used raises `FileError`. The file is
    not changed here (see `BattleRun.continue_journal`).
    """
    return _resume(path, lambda _head, _file: (battle_model, parse_command))


def resume_journal(path: Path) -> BattleRun[Any]:
    """`resume` for a journal of any game: the game is named by its first line, and found in the registry."""
    return _resume(path, _game_of)


ReplayedGame = tuple[type[B], Callable[[Any], Command[B]]]
"""The battle model and the command parser a journal is replayed with."""


def _game_of(head: dict[str, Any], file: str) -> ReplayedGame[Any]:
    battle = head.get("battle")
    system_id = battle.get("system") if isinstance(battle, dict) else None
    if not isinstance(system_id, str):
        raise FileError(file, "line 1", "not a Warband battle journal (no game named)")
    system = find_system(system_id)
    if system is None:
        raise FileError(file, "line 1", unknown_system(system_id, "battle system"))
    return system.battle_model, system.parse_command


class _NotAsPlayedError(Exception):
    """A replay with validation deferred met something it cannot vouch for: replay the journal checking it all."""


def _resume(path: Path, game: Callable[[dict[str, Any], str], ReplayedGame[B]]) -> BattleRun[B]:
    """Resume with the game `game` finds for the journal's first line, read once with the rest.

    The actions are replayed with validation deferred (`edits.validation_deferred`: they were validated when
    they were played), and what the run keeps is validated once, at the end. When a line does not replay, or what
    the run keeps does not validate, the journal is replayed again with every action checked as it was played:
    that finds the damaged line and reports it, as it always did."""
    check_size(path)
    with collector_paused():  # the log and the undo history grow by thousands of objects, none of them garbage
        try:
            return _read(path, game, deferred=True)
        except _NotAsPlayedError:
            return _read(path, game, deferred=False)


def _read(path: Path, game: Callable[[dict[str, Any], str], ReplayedGame[B]], *, deferred: bool) -> BattleRun[B]:
    file = str(path)
    try:
        with path.open("rb") as handle:
            first = handle.readline()
            if not first.endswith(b"\n"):
                raise FileError(file, "line 1", "not a Warband battle journal (its first line is incomplete)")
            head = check_head(first_record(first[:-1], file), file)
            battle_model, parse_command = game(head, file)
            if deferred:
                parse_command = _remembering(parse_command)
            run = _start_from(head, battle_model, file)
            start = run.battle
            kept_bytes = len(first)
            dropped, damage, damaged_line, torn = 0, None, None, False
            with validation_deferred() if deferred else contextlib.nullcontext():
                for number, raw in enumerate(handle, start=2):  # one line at a time: there may be 100,000
                    if not raw.endswith(b"\n"):
                        torn = True
                    elif damage is not None:
                        dropped += 1
                    else:
                        try:
                            _replay(run, decode_line(raw[:-1], file, number), parse_command, file, number)
                        except Exception as exc:
                            if deferred:
                                raise _NotAsPlayedError from exc
                            if not isinstance(exc, _DAMAGE):
                                raise
                            damage = exc if isinstance(exc, FileError) else _damaged(file, number, exc)
                            damaged_line = number
                            dropped += 1
                            continue
                        kept_bytes += len(raw)
    except OSError as exc:
        raise FileError(file, "", f"the journal cannot be read ({exc.strerror or exc})") from None
    if deferred:
        try:
            validate_made(run.session.states(), known=(start,))
        except (ValidationError, ValueError, TypeError, RecursionError) as exc:
            raise _NotAsPlayedError from exc
    run.dice.forget_calls()
    run.read_report = ReadReport(head["version"], kept_bytes, dropped, damage, damaged_line, torn)
    if head["version"] < JOURNAL_VERSION:
        run._old_head = dict(head, version=JOURNAL_VERSION)
    return run


_REMEMBERED_AT_MOST = 4096


def _remembering(parse_command: Callable[[Any], Command[B]]) -> Callable[[Any], Command[B]]:
    """`parse_command` for a journal replayed with validation deferred: a command written as one met before (the
    same JSON, to the types of its values and the order of its keys) is the value parsed then, when nothing can
    change that (`_frozen`). A battle repeats a few commands thousands of times (a model engaged, the next
    phase)."""
    known: dict[bytes, Command[B]] = {}

    def parse(data: Any) -> Command[B]:
        key = pydantic_core.to_json(data)
        command = known.get(key)
        if command is None:
            command = parse_command(data)
            if _frozen(command):
                if len(known) >= _REMEMBERED_AT_MOST:
                    known.clear()
                known[key] = command
        return command

    return parse


def _frozen(command: object) -> bool:
    """A value that nothing changes once made: a frozen pydantic model without private attributes (which a frozen
    model may still set)."""
    return (
        isinstance(command, BaseModel)
        and bool(command.model_config.get("frozen"))
        and not type(command).__private_attributes__
    )


def _damaged(file: str, number: int, exc: BaseException) -> FileError:
    if isinstance(exc, RefusedError):
        why = str(exc.reason)
    elif isinstance(exc, ValidationError):
        why = describe_validation_error(exc, file).message
    elif isinstance(exc, RecursionError):
        why = "the line is nested too deeply"
    else:
        why = str(exc) or type(exc).__name__
    return FileError(file, f"line {number}", f"the action does not replay: {why}")


def _start_from(head: dict[str, Any], battle_model: type[B], file: str) -> BattleRun[B]:
    """The run as the journal started: its battle, log, dice and file."""
    try:
        battle = validate_model(battle_model, head.get("battle") or {}, file)
        logs = head.get("log", [])
        if not isinstance(logs, list):
            raise FileError(file, "line 1", "'log' is not a list")
        log = [validate_model(LogEntry, e, file) for e in logs]
        dice = SeededDice.from_state(head.get("dice"))
    except FileError as exc:
        raise FileError(file, "line 1", f"the battle cannot be used: {exc.message}") from None
    except (DiceError, RecursionError) as exc:
        raise FileError(file, "line 1", f"the battle cannot be used: {exc}") from None
    run: BattleRun[B] = BattleRun(battle, dice=dice, log=log)
    try:
        run.file = optional_path(head.get("file"), file, "line 1")
    except FileError:
        run.file = None  # the battle stands; only where it was saved is forgotten (it is offered as unsaved)
    return run


def _log_entry(data: Any) -> LogEntry:
    """`LogEntry.model_validate(data)`, without the keyword arguments it hands on as None (a line at a time)."""
    entry: LogEntry = LogEntry.__pydantic_validator__.validate_python(data)
    return entry


def kept_note(reason: object) -> Phrase:
    """What the log says under an action an earlier version of Warband allowed and the rules now refuse: it is
    kept as it was played (a journal's battle never changes on resuming), and marked."""
    rule = getattr(reason, "rule", "")
    code = getattr(reason, "code", None)
    params = getattr(reason, "params", {})
    why: object = Phrase(template(code), **params) if isinstance(code, str) else str(reason)
    return Phrase(KEPT, rule=rule, reason=why)


KEPT = N_(
    "Kept as played: an earlier version of Warband allowed this action, which the rules now refuse ({rule}: "
    "{reason})."
)


def _replay(
    run: BattleRun[B], record: dict[str, Any], parse_command: Callable[[Any], Command[B]], file: str, number: int
) -> None:
    """Carry out one journal record again. Everything is checked before the run changes, so a line that does not
    fit changes nothing."""
    op = record.get("op")
    rolls = record.get("rolls")
    calls = roll_calls(rolls, file, f"line {number}") if rolls is not None else ()
    state = SeededDice.from_state(record["dice"]) if "dice" in record else None
    if op == "do":
        command = parse_command(record["command"])
        entry = _log_entry(record["log"])
        barrier = bool(record.get("barrier"))
        kept: object = None
        try:
            done = run.replayed(command, entry, barrier=barrier)
        except RefusedError as exc:
            as_before = getattr(command, "as_before", None)
            if not callable(as_before):
                raise
            done = run.replayed(command, entry, barrier=barrier, after=as_before(run.battle))
            kept = exc.reason
        if not done:
            raise FileError(file, f"line {number}", "the action changes nothing in the battle as it is then")
        if kept is not None:
            run.note(kept_note(kept), side=entry.side)
    elif op == "note":
        run.log.append(_log_entry(record["log"]))
    elif op == "undo":
        if not run.undo():
            raise FileError(file, f"line {number}", "nothing to undo at this point")
    elif op == "redo":
        if not run.redo():
            raise FileError(file, f"line {number}", "nothing to redo at this point")
    elif op == "saved":
        saved = optional_path(record.get("file"), file, f"line {number}")
        run.file = saved
        run.session.mark_saved()
    else:
        raise FileError(file, f"line {number}", f"unknown journal record {op!r}")
    for sides, count, low in calls:
        run.dice.roll(sides, count, low=low)
    if state is not None:
        run.dice = state
