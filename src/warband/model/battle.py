"""A battle being played: its undoable state, and beside it what undo never touches — the log and the dice.

`BattleRun` executes commands on a session of the battle and logs each action. Undoing a roll restores the
battle but not the dice, and the log keeps the undone roll, marked as undone (AR-05). Every action is also
appended to a journal file as it happens, so a crash loses at most the action in progress: replaying the
journal gives back the battle, its log, its dice and its undo history.
"""

from __future__ import annotations

import contextlib
import gc
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel

from warband.model.battle_log import LogEntry, spoken_words
from warband.model.dice import Dice, DiceError, DiceKind, SeededDice, TypedDice
from warband.model.edits import copied, without_private_or_extra
from warband.model.file_names import BATTLE_SUFFIX as BATTLE_SUFFIX  # its home; here too for older imports
from warband.model.journal import (
    JOURNAL_FORMAT,
    JOURNAL_VERSION,
    JournalFile,
    JournalWriteError,
    ReadReport,
    encode_record,
)
from warband.model.session import Command, Session, logged_as
from warband.model.storage import (
    FileError,
    dumps,
    open_envelope,
    read_json,
    validate_model,
    write_bytes_atomic,
)

B = TypeVar("B", bound=BaseModel)


class RecordingDice:
    """Dice that remember what they gave, so an action can carry its dice into the journal (AR-05)."""

    def __init__(self, dice: Dice) -> None:
        self._dice = dice
        self.values: list[int] = []

    @property
    def kind(self) -> DiceKind:
        return self._dice.kind

    def describe(self) -> str:
        return self._dice.describe()

    def roll(self, sides: int, count: int = 1, *, low: int = 1) -> tuple[int, ...]:
        rolled = self._dice.roll(sides, count, low=low)
        self.values.extend(rolled)
        return rolled


def _entry(
    state: Any,
    step: int,
    words: str,
    dice: Sequence[int],
    source: Literal["", "rolled", "typed"],
    side: int | None,
    success: bool | None = None,
) -> LogEntry:
    """A log line at the state's turn and phase: `words` in English, and in the language spoken when they are
    `Localised` (see `battle_log.spoken_words`)."""
    return LogEntry(
        step=step,
        turn=state.turn,
        phase=state.phase,
        text=str(words),
        spoken=spoken_words(words),
        dice=tuple(dice),
        source=source,
        success=success,
        side=side,
    )


T = TypeVar("T")
Out = TypeVar("Out")


@dataclass(frozen=True)
class Roll(Generic[B, Out]):
    """A roll the rules worked out once: the command that carries its dice (so the journal replays it exactly),
    the battle after it, the game's account of it (`outcome`), and what the log says of it."""

    command: Command[B] | None
    """None for a roll that changes nothing (a tie to throw again): it is logged as a note, its dice kept."""
    after: B
    outcome: Out
    text: str
    """The log's words (`Localised` where the game words them so)."""
    dice: tuple[int, ...]
    source: Literal["rolled", "typed"]
    success: bool | None = None
    side: int | None = None

    def log(self) -> dict[str, Any]:
        """How `BattleRun.execute` carries it out and logs it: its words, dice, outcome and the battle after."""
        return {
            "text": self.text,
            "dice": self.dice,
            "source": self.source,
            "success": self.success,
            "side": self.side,
            "after": self.after,
        }


def thrown(source: Dice, throw: Callable[[Dice], T]) -> tuple[T, tuple[int, ...]]:
    """Run a roll's rule once, on the program's dice or the table's, and give back what it made with the dice it
    used (the program's are recorded for the journal, AR-05).

    Raises `DiceError`: `dice.reroll` when the table's dice ran out on a die rolled again (type the next one),
    `dice.extra` when more dice were typed than the roll used, or the rule's own.
    """
    recorder = RecordingDice(source)
    try:
        result = throw(recorder)
    except DiceError as exc:
        if exc.code == "dice.used_up" and recorder.values:  # a 6 to roll again: the table needs one more die
            raise DiceError("dice.reroll", last=recorder.values[-1], given=len(recorder.values)) from None
        raise
    if isinstance(source, TypedDice) and source.remaining:
        given = len(recorder.values) + len(source.remaining)
        raise DiceError("dice.extra", given=given, used=len(recorder.values))
    return result, tuple(recorder.values)


class BattleRun(Generic[B]):
    """One battle in play: state with undo, log, dice, and the journal that makes it crash-proof.

    An action is journalled before it is carried out: one that cannot be journalled (a full disk) raises
    `JournalWriteError` and changes nothing, so the battle on screen never runs ahead of the one on disk.
    """

    def __init__(
        self,
        battle: B,
        *,
        dice: SeededDice | None = None,
        log: Sequence[LogEntry] = (),
        journal: Path | None = None,
        file: Path | None = None,
    ) -> None:
        self.session: Session[B] = Session(battle)
        self.dice = dice or SeededDice()
        self.log: list[LogEntry] = list(log)
        """Newest last; lines are only ever added, and undo and redo mark them (`marked` says which)."""
        self.marked: list[int] = []
        """The rows of `log` whose `undone` mark undo or redo set, in the order they did: a view of the log keeps
        how many it has seen, and updates the rows after those (a battle's log is never compared row by row)."""
        self._marks = _LogMarks()
        self.file = file
        self._undo_steps: list[int] = []
        self._redo_steps: list[int] = []
        self._next_step = max((e.step for e in self.log), default=0) + 1
        self._journal: JournalFile | None = None
        self._journal_path = journal
        self.read_report: ReadReport | None = None
        """What resuming read of the journal this run was rebuilt from (None for a new run)."""
        self.kept_aside: Path | None = None
        """Where a damaged journal was kept when this run went on from the part of it that could be used."""
        self._old_head: dict[str, Any] | None = None
        """The start record of a resumed journal of an older version, in this version, to rewrite it with."""
        self.synced: Callable[[int], None] = os.fsync
        """How a journal line reaches the disk, given the journal's file descriptor. By default at once (an
        error then undoes the line and refuses the action); the window hands this to a worker thread and reports
        an error there itself."""
        if journal is not None:
            self._start_journal(journal)

    @property
    def battle(self) -> B:
        return self.session.state

    # --- acting --------------------------------------------------------------------------------------------
    def execute(
        self,
        command: Command[B],
        *,
        text: str | None = None,
        dice: Sequence[int] = (),
        source: Literal["", "rolled", "typed"] = "",
        success: bool | None = None,
        side: int | None = None,
        barrier: bool = False,
        after: B | None = None,
    ) -> bool:
        """Carry out an action and log it; a refusal (`RefusedError`) changes and logs nothing.

        `text` (else the command's label) may be `Localised`: the line keeps its English words and, for a player
        of another language, its words in that language too. An action that changes nothing but threw dice
        (a Tactical roll won by the side that already had it) is logged as a note: dice thrown are never
        forgotten (AR-05).

        A `barrier` action cannot be undone, nor anything before it (the hand-over of hidden choices).
        `after` is the battle the command makes, when the rules already worked it out (a `Roll`): they do not
        run a second time. Raises `JournalWriteError` when the journal cannot be written: then nothing changed.
        """
        before = self.session.state
        if after is None:
            after = command.apply(before)
        if after == before:
            if dice:
                self.note(text or logged_as(command, before), dice=dice, source=source, side=side)
            return False
        entry = _entry(before, self._next_step, text or logged_as(command, before), dice, source, side, success)
        self._carry_out(command, after, entry, barrier)
        return True

    def replayed(
        self, command: Command[B], entry: LogEntry, *, barrier: bool = False, after: B | None = None
    ) -> bool:
        """Carry out again an action of the journal this run is rebuilt from, logged with the line the journal
        kept for it: `execute` with that line, which it need not make (nor journal: a run being rebuilt has no
        journal yet). False when it changes nothing."""
        before = self.session.state
        if after is None:
            after = command.apply(before)
        if _equal(after, before):
            return False
        if not entry.text:
            logged_as(command, before)  # what `execute` would word the line with: it may refuse the battle
        self._carry_out(command, after, entry, barrier)
        return True

    def _carry_out(self, command: Command[B], after: B, entry: LogEntry, barrier: bool) -> None:
        """Journal an action worked out (`after`), then keep it, in the undo history and the log."""
        if not isinstance(command, BaseModel):
            raise TypeError(f"a battle command must be a pydantic model to be journalled, not {type(command)}")
        step = self._next_step
        if self._journal is None:
            self.dice.forget_calls()  # nowhere to keep them (see `_write`)
        else:
            record: dict[str, Any] = {"op": "do", "command": _dump(command), "log": entry.model_dump(mode="json")}
            if barrier:
                record["barrier"] = True
            self._write(record)
        self.session.commit(command, after)
        self._next_step += 1
        self._undo_steps.append(step)
        del self._undo_steps[: -self.session.limit]
        self._redo_steps.clear()
        self.log.append(entry)
        if barrier:
            self.session.forget_history()
            self._undo_steps.clear()
            self._redo_steps.clear()

    def play(self, roll: Roll[B, Any]) -> bool:
        """Carry out a roll the rules worked out (`thrown`): its command with its dice, logged as the rules say;
        a roll without a command (a tie), or one that changes nothing, is logged as a note with its dice. True
        when the battle changed or the roll was logged."""
        if roll.command is None:
            self.note(roll.text, dice=roll.dice, source=roll.source, side=roll.side)
            return True
        return self.execute(roll.command, **roll.log()) or bool(roll.dice)

    def note(
        self,
        text: str,
        *,
        dice: Sequence[int] = (),
        source: Literal["", "rolled", "typed"] = "",
        side: int | None = None,
    ) -> None:
        """Log something that changes no state (a tied roll to throw again): it is never undone."""
        entry = _entry(self.session.state, 0, text, dice, source, side)
        self._write({"op": "note", "log": entry.model_dump(mode="json")})
        self.log.append(entry)

    def undo(self) -> bool:
        if not self.session.can_undo:
            return False
        self._write({"op": "undo"})
        self.session.undo()
        step = self._undo_steps.pop()
        self._redo_steps.append(step)
        self._mark(step, undone=True)
        return True

    def redo(self) -> bool:
        if not self.session.can_redo:
            return False
        self._write({"op": "redo"})
        self.session.redo()
        step = self._redo_steps.pop()
        self._undo_steps.append(step)
        self._mark(step, undone=False)
        return True

    def _mark(self, step: int, *, undone: bool) -> None:
        """Strike out (or back in) the lines of an action: those of its step after the last line of an earlier
        action. They are found in an index of the log, so that undo costs the same in a battle of thousands of
        lines (and replaying its journal too)."""
        rows = self._marks.rows(self.log, step)
        for row in rows:
            self.log[row] = copied(self.log[row], undone=undone)
        self.marked.extend(rows)

    # --- the journal ---------------------------------------------------------------------------------------
    def continue_journal(self, path: Path) -> None:
        """Go on appending to the journal this run was resumed from, so its whole history stays resumable: after
        its last complete action (a torn or damaged tail is cut off; a damaged original is kept aside whole, see
        `kept_aside`), in this program's version of the format. Raises `JournalWriteError`."""
        report = self.read_report
        if report is None:
            raise ValueError("only a run rebuilt by resume() continues a journal")
        head = encode_record(self._old_head, str(path)) if self._old_head is not None else None
        self._journal, self.kept_aside = JournalFile.reopen(path, report, head)
        self._journal_path = path
        self.dice.forget_calls()

    def _start_journal(self, path: Path) -> None:
        head = {
            "op": "start",
            "format": JOURNAL_FORMAT,
            "version": JOURNAL_VERSION,
            "battle": self.session.state.model_dump(mode="json"),
            "dice": self.dice.state(),
            "log": [e.model_dump(mode="json") for e in self.log],
            "file": str(self.file) if self.file else None,
        }
        line = encode_record(head, str(path))  # before the file exists: a text that cannot be written leaves none
        self.dice.forget_calls()
        self._journal = JournalFile.create(path, line)

    def _write(self, record: dict[str, Any]) -> None:
        """Journal one record, with the dice rolled since the last one; raise `JournalWriteError` (nothing
        written) when it cannot be."""
        journal = self._journal
        if journal is None:
            self.dice.forget_calls()  # nowhere to keep them: never let them pile up in a long unjournalled run
            return
        calls = self.dice.calls
        if calls:
            record["rolls"] = [list(call) for call in calls]
        line = encode_record(record, str(journal.path))
        journal.append(line)
        fd = journal.fileno
        if fd is not None:
            try:
                self.synced(fd)
            except OSError as exc:
                journal.unwritten(line)
                raise JournalWriteError(str(journal.path), "", exc.strerror or str(exc)) from None
        self.dice.forget_calls()

    def restart_journal(self, path: Path) -> None:
        """Journal anew from the battle as it is now, in a new file (the old one stopped: see `journal_broken`).
        The undo history goes, as at a hand-over: the new journal could not replay it. Raises
        `JournalWriteError`, and then nothing changed."""
        old = self._journal
        self._start_journal(path)
        if old is not None:
            old.close()
            old.path.unlink(missing_ok=True)
        self._journal_path = path
        self.session.forget_history()
        self._undo_steps.clear()
        self._redo_steps.clear()

    @property
    def journal_path(self) -> Path | None:
        return self._journal_path

    @property
    def journal_broken(self) -> bool:
        """A write failed and could not be cut off: the journal stopped (save the battle to keep it)."""
        return self._journal is not None and self._journal.broken

    def saved_to(self, path: Path) -> None:
        """The battle was saved to a file: mark it clean and note where, for a resumed journal. The file is saved
        even when the note cannot be journalled (`JournalWriteError` is raised after marking it)."""
        self.file = path
        self.session.mark_saved()
        self._write({"op": "saved", "file": str(path)})

    def close_journal(self, *, remove: bool) -> None:
        """Stop journalling; `remove` on a clean close (nothing left to resume)."""
        if self._journal is not None:
            self._journal.close()
            self._journal = None
        if remove and self._journal_path is not None:
            self._journal_path.unlink(missing_ok=True)


class _LogMarks:
    """Which rows of a log undo marks for each step: the lines of the step after the last line of an earlier
    action (0 is a note's, never marked); a line of an earlier action written after them leaves them as they are.

    Kept up to date as lines are added at the end (`rows` reads those it has not seen), with the steps that still
    have rows to mark in a stack, lowest first: each line costs the same however long the log."""

    def __init__(self) -> None:
        self._rows: dict[int, list[int]] = {}
        self._steps: list[int] = []
        self._seen = 0

    def rows(self, log: Sequence[LogEntry], step: int) -> list[int]:
        if len(log) < self._seen:  # the log was cut: index it again
            self._reset()
        self._add(log)
        rows = self._rows.get(step, [])
        if any(log[row].step != step for row in rows):  # a line replaced by another's: index it all again
            self._reset()
            self._add(log)
            rows = self._rows.get(step, [])
        return list(rows)

    def _reset(self) -> None:
        self._rows.clear()
        self._steps.clear()
        self._seen = 0

    def _add(self, log: Sequence[LogEntry]) -> None:
        rows, steps = self._rows, self._steps
        for row in range(self._seen, len(log)):
            step = log[row].step
            if step <= 0:
                continue
            while steps and steps[-1] > step:
                del rows[steps.pop()]
            if not steps or steps[-1] != step:
                steps.append(step)
                rows[step] = []
            rows[step].append(row)
        self._seen = len(log)


def _equal(a: BaseModel, b: BaseModel) -> bool:
    """`a == b` for two battles: pydantic's comparison, without its generic look at the models' private and extra
    values when they have none (a journal of thousands of actions compares as many)."""
    if type(a) is type(b) and without_private_or_extra(a) and without_private_or_extra(b):
        if a.__dict__ == b.__dict__:
            return True
        fields = type(a).__pydantic_fields__.keys()
        if a.__dict__.keys() <= fields and b.__dict__.keys() <= fields:
            return False
    return a == b


def _dump(command: object) -> dict[str, Any]:
    if not isinstance(command, BaseModel):
        raise TypeError(f"a battle command must be a pydantic model to be journalled, not {type(command)}")
    return command.model_dump(mode="json")


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector held off while a long battle is read or written in bulk: it would walk the
    growing log again and again, and what is made holds no cycles to collect. It runs again after."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            _to_oldest_generation()
            gc.enable()


def _to_oldest_generation() -> None:
    """Hand what was made with the collector held off to its oldest generation, as it is: a young collection
    would walk the hundred thousand objects of a long battle's log (70 ms) to find no cycle. They are walked
    with the oldest generation, when the collector next does that. Only when nothing is frozen (`gc.freeze`,
    which the window does once its catalogs are loaded): freezing and unfreezing would also thaw those."""
    if gc.get_freeze_count() == 0:
        gc.freeze()
        gc.unfreeze()


def battle_document(run: BattleRun[B], file_model: type[BaseModel]) -> BaseModel:
    """The battle file's content: the state, validated as the file will be read, the log and the dice. The log's
    lines were validated as they were made: they are handed on as they are (a long battle saves in a time that
    grows with its log, not faster)."""
    data = run.battle.model_dump(mode="json")
    data["log"] = run.log
    data["dice"] = run.dice.state()
    return file_model.model_validate(data)


def save_battle(run: BattleRun[B], file_model: type[BaseModel], path: Path) -> None:
    """Write the battle atomically; on failure the previous file is untouched and `FileError` says why."""
    try:
        with collector_paused():
            data = dumps(battle_document(run, file_model), str(path))
        write_bytes_atomic(path, data)
    except OSError as exc:
        raise FileError(str(path), "", f"cannot save: {exc.strerror or exc}") from None
    with contextlib.suppress(JournalWriteError):  # the file is saved; the journal, cut back whole, lacks the note
        run.saved_to(path)


def load_battle(path: Path) -> tuple[Any, list[LogEntry], SeededDice]:
    """Read a battle file: (battle state, log, dice). Every problem raises `FileError`."""
    from warband.model.system import find_system, unknown_system

    file = str(path)
    with collector_paused():
        data = open_envelope(read_json(path), file, "warband-battle")
        system = find_system(str(data.get("system")))
        if system is None:
            raise FileError(file, "$.system", unknown_system(data.get("system"), "battle system"))
        document = validate_model(system.battle_file_model, data, file)
        battle, log, dice_state = _parts(document, system.battle_model)
    try:
        dice = SeededDice.from_state(dice_state) if dice_state is not None else SeededDice()
    except DiceError as exc:
        raise FileError(file, "$.dice", exc.message) from None
    return battle, log, dice


def _parts(document: BaseModel, battle_model: type[BaseModel]) -> tuple[Any, list[LogEntry], Any]:
    """A battle file's battle, log and dice state. A file model that is the battle model with its log and dice
    hands the battle's fields on as they were validated, and the log's lines; another is written out and read
    again."""
    fields = battle_model.model_fields.keys()
    values = document.__dict__
    if isinstance(document, battle_model) and type(document).model_fields.keys() == fields | {"log", "dice"}:
        battle = battle_model.model_validate({name: values[name] for name in fields})
        return battle, list(values["log"]), document.model_dump(mode="json", include={"dice"})["dice"]
    dumped = document.model_dump(mode="json")
    log = [LogEntry.model_validate(e) for e in dumped.pop("log")]
    dice_state = dumped.pop("dice")
    return battle_model.model_validate(dumped), log, dice_state
