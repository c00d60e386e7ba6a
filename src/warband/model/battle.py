"""A battle being played: its undoable state, and beside it what undo never touches — the log and the dice.

`BattleRun` executes commands on a session of the battle and logs each action. Undoing a roll restores the
battle but not the dice, and the log keeps the undone roll, marked as undone (AR-05). Every action is also
appended to a journal file as it happens, so a crash loses at most the action in progress: replaying the
journal gives back the battle, its log, its dice and its undo history.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any, Generic, Literal, TypeVar

from pydantic import BaseModel

from warband.model.battle_log import LogEntry, spoken_words
from warband.model.dice import Dice, DiceError, DiceKind, SeededDice
from warband.model.session import Command, Session, label_of
from warband.model.storage import FileError, dumps, open_envelope, read_json, validate_model, write_bytes_atomic

JOURNAL_FORMAT = "warband-journal"


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


class BattleRun(Generic[B]):
    """One battle in play: state with undo, log, dice, and the journal that makes it crash-proof."""

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
        self.file = file
        self._undo_steps: list[int] = []
        self._redo_steps: list[int] = []
        self._next_step = max((e.step for e in self.log), default=0) + 1
        self._journal_path = journal
        self._journal: IO[str] | None = None
        self._journal_dice: dict[str, Any] | None = None
        self.synced: Callable[[IO[str]], None] = _fsync
        """How a journal line reaches the disk; the window hands this to a worker thread."""
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
    ) -> bool:
        """Carry out an action and log it; a refusal (`RefusedError`) changes and logs nothing.

        `text` (else the command's label) may be `Localised`: the line keeps its English words and, for a player
        of another language, its words in that language too.

        A `barrier` action cannot be undone, nor anything before it (the hand-over of hidden choices).
        """
        before = self.session.state
        if not self.session.execute(command):
            return False
        step = self._next_step
        self._next_step += 1
        self._undo_steps.append(step)
        del self._undo_steps[: -self.session.limit]
        self._redo_steps.clear()
        entry = _entry(before, step, text or label_of(command, before), dice, source, side, success)
        self.log.append(entry)
        record: dict[str, Any] = {"op": "do", "command": _dump(command), "log": entry.model_dump(mode="json")}
        if barrier:
            self.session.forget_history()
            self._undo_steps.clear()
            self._redo_steps.clear()
            record["barrier"] = True
        self._write(record)
        return True

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
        self.log.append(entry)
        self._write({"op": "note", "log": entry.model_dump(mode="json")})

    def undo(self) -> bool:
        if self.session.undo() is None:
            return False
        step = self._undo_steps.pop()
        self._redo_steps.append(step)
        self._mark(step, undone=True)
        self._write({"op": "undo"})
        return True

    def redo(self) -> bool:
        if self.session.redo() is None:
            return False
        step = self._redo_steps.pop()
        self._undo_steps.append(step)
        self._mark(step, undone=False)
        self._write({"op": "redo"})
        return True

    def _mark(self, step: int, *, undone: bool) -> None:
        self.log = [e.model_copy(update={"undone": undone}) if e.step == step else e for e in self.log]

    # --- the journal ---------------------------------------------------------------------------------------
    def continue_journal(self, path: Path) -> None:
        """Go on appending to the journal this run was resumed from, so its whole history stays resumable."""
        self._journal_path = path
        self._journal_dice = self.dice.state()
        self._journal = path.open("a", encoding="utf-8")

    def _start_journal(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._journal = path.open("w", encoding="utf-8")
        self._journal_dice = self.dice.state()
        self._write(
            {
                "op": "start",
                "format": JOURNAL_FORMAT,
                "version": 1,
                "battle": self.session.state.model_dump(mode="json"),
                "dice": self.dice.state(),
                "log": [e.model_dump(mode="json") for e in self.log],
                "file": str(self.file) if self.file else None,
            }
        )

    def _write(self, record: dict[str, Any]) -> None:
        if self._journal is None:
            return
        if record["op"] != "start":
            dice = self.dice.state()
            if dice != self._journal_dice:  # only when they rolled: the state is 6 KB
                record["dice"] = self._journal_dice = dice
        self._journal.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
        self._journal.flush()  # in the OS now: a crash of the program loses nothing written
        self.synced(self._journal)

    @property
    def journal_path(self) -> Path | None:
        return self._journal_path

    def saved_to(self, path: Path) -> None:
        """The battle was saved to a file: mark it clean and note where, for a resumed journal."""
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


def _fsync(handle: IO[str]) -> None:
    os.fsync(handle.fileno())


def _dump(command: object) -> dict[str, Any]:
    if not isinstance(command, BaseModel):
        raise TypeError(f"a battle command must be a pydantic model to be journalled, not {type(command)}")
    return command.model_dump(mode="json")


def resume(
    path: Path,
    battle_model: type[B],
    parse_command: Callable[[Any], Command[B]],
) -> BattleRun[B]:
    """Rebuild a battle from its journal: the state after the last complete action, with its undo history.

    A last line cut short by a crash is the action in progress: it is dropped.
    """
    file = str(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise FileError(file, "", f"the journal cannot be read ({exc.strerror or exc})") from None
    records: list[dict[str, Any]] = []
    for number, line in enumerate(lines, start=1):
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            if number == len(lines):
                break  # the action in progress when the program stopped
            raise FileError(file, f"line {number}", "a damaged line in the middle of the journal") from None
        if not isinstance(record, dict):
            raise FileError(file, f"line {number}", "not a journal record")
        records.append(record)
    if not records or records[0].get("op") != "start" or records[0].get("format") != JOURNAL_FORMAT:
        raise FileError(file, "line 1", "not a Warband battle journal")
    head = records[0]
    if head.get("version") != 1:
        raise FileError(file, "line 1", f"journal version {head.get('version')!r} is not one this program reads")
    try:
        battle = battle_model.model_validate(head["battle"])
        log = [LogEntry.model_validate(e) for e in head.get("log", [])]
        run: BattleRun[B] = BattleRun(battle, dice=SeededDice.from_state(head["dice"]), log=log)
        run.file = Path(head["file"]) if head.get("file") else None
        for number, record in enumerate(records[1:], start=2):
            op = record.get("op")
            if op == "do":
                run.execute(
                    parse_command(record["command"]),
                    text=LogEntry.model_validate(record["log"]).text,
                    barrier=bool(record.get("barrier")),
                )
                entry = LogEntry.model_validate(record["log"])
                run.log[-1] = entry
            elif op == "undo":
                run.undo()
            elif op == "redo":
                run.redo()
            elif op == "note":
                run.log.append(LogEntry.model_validate(record["log"]))
            elif op == "saved":
                run.file = Path(record["file"])
                run.session.mark_saved()
            else:
                raise FileError(file, f"line {number}", f"unknown journal record {op!r}")
            if "dice" in record:
                run.dice = SeededDice.from_state(record["dice"])
    except FileError:
        raise
    except Exception as exc:  # a journal that does not replay is reported, never half-loaded
        raise FileError(file, "", f"the journal does not replay: {exc}") from None
    return run


BATTLE_SUFFIX = ".battle.json"


def battle_document(run: BattleRun[B], file_model: type[BaseModel]) -> BaseModel:
    """The battle file's content: the state, the log and the dice."""
    data = run.battle.model_dump(mode="json")
    data["log"] = [e.model_dump(mode="json") for e in run.log]
    data["dice"] = run.dice.state()
    return file_model.model_validate(data)


def save_battle(run: BattleRun[B], file_model: type[BaseModel], path: Path) -> None:
    """Write the battle atomically; on failure the previous file is untouched and `FileError` says why."""
    try:
        write_bytes_atomic(path, dumps(battle_document(run, file_model)))
    except OSError as exc:
        raise FileError(str(path), "", f"cannot save: {exc.strerror or exc}") from None
    run.saved_to(path)


def load_battle(path: Path) -> tuple[Any, list[LogEntry], SeededDice]:
    """Read a battle file: (battle state, log, dice). Every problem raises `FileError`."""
    from warband.model.system import find_system, known_systems

    file = str(path)
    data = open_envelope(read_json(path), file, "warband-battle")
    system = find_system(str(data.get("system")))
    file_model = getattr(system, "battle_file_model", None) if system else None
    battle_model = getattr(system, "battle_model", None) if system else None
    if file_model is None or battle_model is None:
        raise FileError(
            file, "$.system", f"unknown battle system {data.get('system')!r} (known: {', '.join(known_systems())})"
        )
    document = validate_model(file_model, data, file)
    dumped = document.model_dump(mode="json")
    log = [LogEntry.model_validate(e) for e in dumped.pop("log")]
    dice_state = dumped.pop("dice")
    try:
        dice = SeededDice.from_state(dice_state) if dice_state is not None else SeededDice()
    except DiceError as exc:
        raise FileError(file, "$.dice", exc.message) from None
    return battle_model.model_validate(dumped), log, dice


def journal_system(path: Path) -> str:
    """The system of the battle a journal holds, read from its first line."""
    file = str(path)
    try:
        with path.open(encoding="utf-8") as handle:
            head = json.loads(handle.readline())
    except (OSError, json.JSONDecodeError, UnicodeDecodeError):
        raise FileError(file, "line 1", "not a Warband battle journal") from None
    battle = head.get("battle") if isinstance(head, dict) else None
    system = battle.get("system") if isinstance(battle, dict) else None
    if not isinstance(system, str):
        raise FileError(file, "line 1", "not a Warband battle journal")
    return system
