"""A battle in play, the one document of every game's battle tabs: the run (state, log, dice, journal) as Qt
signals, and the game's own actions through its model (`GameSystem.actions`, `roll`).

Widgets act through `act` (a command), `take` (an action the model lists) or `roll` (a roll's request, with the
program's dice or the table's); a refusal comes back through `refused` with its rule, and nothing changes. The
journal is written on every action, before the action is carried out: one that cannot be written (a full disk)
is not carried out, and `journal_failed` says so. Reaching the disk (fsync) happens off the GUI thread, so the
window never waits on it; an error there comes back through `journal_failed` too.
"""

from __future__ import annotations

import contextlib
import errno
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError
from PySide6.QtCore import QObject, Signal

from warband.api import Action, GameSystem, system_of
from warband.gui.document import Change
from warband.model.army import Problem
from warband.model.battle import BattleRun, Roll
from warband.model.dice import Dice, DiceError
from warband.model.journal import JournalWriteError
from warband.model.messages import _
from warband.model.session import Command, RefusedError

B = TypeVar("B", bound=BaseModel)
Out = TypeVar("Out")


class BattleDocument(QObject, Generic[B]):
    """The battle on the table, whatever its game."""

    changed = Signal(object)
    """The battle changed (an action, undo, redo): a `Change` of the battle, whose `touched(part)` tells a view
    whether the part it shows changed, so that it refreshes only that (a slot may also take nothing)."""
    log_changed = Signal()
    history_changed = Signal()
    refused = Signal(str)
    """An action refused, with the rule and the reason; nothing changed."""
    journal_failed = Signal(str)
    """The journal could not be written (the sentence to show): the action was not carried out, or — when the
    disk failed after it — the last actions may not be on disk. The window offers to save the battle elsewhere."""
    _sync_failed = Signal(str)
    """From the worker thread that reaches the disk; delivered on the GUI thread."""

    def __init__(self, run: BattleRun[B], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.run = run
        self._syncer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="journal")
        self._sync_failed.connect(self._on_sync_failed)
        run.synced = self._sync_later
        run.session.add_listener(self._on_session_changed)

    @property
    def battle(self) -> B:
        return self.run.battle

    @property
    def path(self) -> Path | None:
        return self.run.file

    @property
    def modified(self) -> bool:
        return self.run.session.modified

    def display_name(self) -> str:
        if self.run.file is not None:
            return self.run.file.name
        state: Any = self.battle
        players = " – ".join(side.player for side in state.sides)
        return _("Battle: {players}").format(players=players)

    @property
    def undo_label(self) -> str | None:
        return self.run.session.undo_label

    @property
    def redo_label(self) -> str | None:
        return self.run.session.redo_label

    @property
    def game(self) -> GameSystem:
        return system_of(self.run.battle)

    def actions(self) -> Sequence[Action]:
        """What may be done now, each with its refusal if any (the game's model says)."""
        return self.game.actions(self.battle)

    def roll(self, request: object, dice: Dice | None = None, **log: Any) -> Roll[B, Any] | None:
        """A roll of the game's (its request), worked out once with the program's dice or the table's, carried
        out and logged; None when refused (told). `log` overrides what the log says of it (`text`, …)."""
        roll = self.worked_out(lambda: self.game.roll(self.battle, request, dice or self.run.dice))
        if roll is None:
            return None
        if log:
            roll = replace(roll, **log)
        return roll if self.play(roll) else None

    def take(self, action: Action, dice: Dice | None = None) -> bool:
        """Carry out an action the model listed: refused (told) when it has a refusal, else its command, or its
        roll with the program's dice or the table's."""
        if action.refusal is not None:
            self._refuse(action.refusal)
            return False
        if action.command is not None:
            return self.act(action.command, barrier=action.barrier, side=action.side)
        return self.roll(action.request, dice) is not None

    def act(self, command: Command[B], **log: Any) -> bool:
        """Carry out an action; a refusal is reported through `refused` with its rule, and nothing changes."""
        return self._carry(lambda: self.run.execute(command, **log))

    def play(self, roll: Roll[B, Any]) -> bool:
        """Carry out a roll the rules worked out once (its command carries its dice); refused like `act`. A roll
        without a command (a tie) is logged as a note. True when the roll is in the log."""
        return self._carry(lambda: self.run.play(roll))

    def worked_out(self, make: Callable[[], Roll[B, Out]]) -> Roll[B, Out] | None:
        """A roll the game's rules work out (`make`, the dice thrown); None when they refuse it or the dice do not
        fit, told through `refused`."""
        try:
            return make()
        except RefusedError as exc:
            self._refuse(exc.reason)
        except DiceError as exc:
            self.refused.emit(exc.sentence)
        return None

    def rolled(self, make: Callable[[], Roll[B, Out]]) -> Out | None:
        """Work a roll out and carry it out: its outcome, or None when it was refused (and told)."""
        roll = self.worked_out(make)
        return roll.outcome if roll is not None and self.play(roll) else None

    def note(self, text: str, **log: Any) -> bool:
        """Log what changes nothing (a tie to roll again); False when it could not be journalled."""

        def noted() -> bool:
            self.run.note(text, **log)
            return True

        return self._carry(noted)

    def undo(self) -> None:
        self._carry(self.run.undo)

    def redo(self) -> None:
        self._carry(self.run.redo)

    def _carry(self, action: Callable[[], bool]) -> bool:
        """Run one of the run's actions: a refusal or a journal that cannot be written is told, and nothing
        changes; otherwise the views hear of what changed (the log, and the battle with its undo history)."""
        lines, before = len(self.run.log), self.battle
        try:
            done = action()
        except RefusedError as exc:
            self._refuse(exc.reason)
            return False
        except JournalWriteError as exc:
            self._not_journalled(exc)
            return False
        except (ValidationError, ValueError, KeyError) as exc:
            self.refused.emit(str(exc))
            return False
        if done or len(self.run.log) != lines:  # also dice thrown for nothing that changed: a note (AR-05)
            self.log_changed.emit()
        if done and self.battle is not before:
            self.history_changed.emit()
        return done

    def close(self, *, keep_journal: bool = False) -> None:
        """Stop journalling; the journal goes unless it must stay to be resumed."""
        self._syncer.shutdown(wait=True)  # first: no fsync may run on a descriptor closed (and reused) meanwhile
        self.run.close_journal(remove=not keep_journal)

    def _not_journalled(self, error: JournalWriteError) -> None:
        self.journal_failed.emit(
            _(
                "The battle's journal could not be written ({reason}), so that action was not carried out: the "
                "battle is as it was, and nothing is lost. Free some space on the disk and try again, or save the "
                "battle elsewhere."
            ).format(reason=error.message)
        )

    def _refuse(self, reason: object) -> None:
        if isinstance(reason, Problem):
            self.refused.emit(f"{reason.rule}: {reason.sentence}")
        else:
            self.refused.emit(str(reason))

    def _sync_later(self, fd: int) -> None:
        def sync() -> None:
            try:
                os.fsync(fd)
            except OSError as exc:
                if exc.errno != errno.EBADF:  # closed meanwhile (a journal started anew): closing flushed it
                    self._sync_failed.emit(exc.strerror or str(exc))

        with contextlib.suppress(RuntimeError):  # closing: the journal is closed after the last fsync ran
            self._syncer.submit(sync)

    def _on_sync_failed(self, reason: str) -> None:
        self.journal_failed.emit(
            _(
                "The disk reported an error after the last action ({reason}): the battle's journal may not hold "
                "it, so a crash now could lose it. Save the battle elsewhere to keep it."
            ).format(reason=reason)
        )

    def _on_session_changed(self, old: B, new: B) -> None:
        self.changed.emit(Change(old, new))
