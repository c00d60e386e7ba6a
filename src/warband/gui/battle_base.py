"""A battle in play, for the battle tabs of any system: the run (state, log, dice, journal) as Qt signals.

Widgets act through `act` (a command); a refusal comes back through `refused` with its rule, and nothing
changes. The journal is written on every action; reaching the disk (fsync) happens off the GUI thread, so the
window never waits on it. Each system's document adds the actions only it has (a Divination roll, a hand-over).
"""

from __future__ import annotations

import contextlib
import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import IO, Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError
from PySide6.QtCore import QObject, Signal

from warband.model.army import Problem
from warband.model.battle import BattleRun
from warband.model.session import Command, RefusedError

B = TypeVar("B", bound=BaseModel)


class BattleDocumentBase(QObject, Generic[B]):
    """The battle on the table, whatever its system."""

    changed = Signal()
    """The battle changed (an action, undo, redo)."""
    log_changed = Signal()
    history_changed = Signal()
    refused = Signal(str)
    """An action refused, with the rule and the reason; nothing changed."""

    def __init__(self, run: BattleRun[B], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.run = run
        self._syncer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="journal")
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
        return f"Battle: {players}"

    def act(self, command: Command[B], **log: Any) -> bool:
        """Carry out an action; a refusal is reported through `refused` with its rule, and nothing changes."""
        try:
            done = self.run.execute(command, **log)
        except RefusedError as exc:
            self._refuse(exc.reason)
            return False
        except (ValidationError, ValueError, KeyError) as exc:
            self.refused.emit(str(exc))
            return False
        if done:
            self.log_changed.emit()
            self.history_changed.emit()
        return done

    def undo(self) -> None:
        if self.run.undo():
            self.log_changed.emit()
            self.history_changed.emit()

    def redo(self) -> None:
        if self.run.redo():
            self.log_changed.emit()
            self.history_changed.emit()

    def close(self, *, keep_journal: bool = False) -> None:
        """Stop journalling; the journal goes unless it must stay to be resumed."""
        self.run.close_journal(remove=not keep_journal)
        self._syncer.shutdown(wait=True)

    def _refuse(self, reason: object) -> None:
        if isinstance(reason, Problem):
            self.refused.emit(f"{reason.rule}: {reason.sentence}")
        else:
            self.refused.emit(str(reason))

    def _sync_later(self, handle: IO[str]) -> None:
        def sync() -> None:
            with contextlib.suppress(OSError, ValueError):  # closed meanwhile: closing flushed it
                os.fsync(handle.fileno())

        self._syncer.submit(sync)

    def _on_session_changed(self, old: B, new: B) -> None:
        self.changed.emit()
