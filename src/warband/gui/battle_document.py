"""One battle in play, for the Turn tracker and the Resolver: the run (state, log, dice, journal) as signals.

Widgets act through `act` (a command) or `call_miracle`; a refusal comes back through `refused` with its rule,
and nothing changes. The journal is written on every action; reaching the disk (fsync) happens off the GUI
thread, so the window never waits on it.
"""

from __future__ import annotations

import contextlib
import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import IO, Any

from pydantic import ValidationError
from PySide6.QtCore import QObject, Signal

from warband.model.army import Problem
from warband.model.battle import BattleRun, RecordingDice
from warband.model.dice import Dice, DiceError, TypedDice
from warband.model.session import Command, RefusedError
from warband.model.systems.confrontation.battle_calls import CallRequest, Outcome, call_miracle
from warband.model.systems.confrontation.battle_commands import CallMiracle, SetTacticalWinner
from warband.model.systems.confrontation.battle_rules import DivinationOrder, divination_order
from warband.model.systems.confrontation.battle_state import ConfrontationBattle

Battle = ConfrontationBattle


class BattleDocument(QObject):
    """The battle on the table, and what the tracker and resolver need to know about it."""

    changed = Signal()
    """The battle changed (an action, undo, redo)."""
    log_changed = Signal()
    history_changed = Signal()
    refused = Signal(str)
    """An action refused, with the rule and the reason; nothing changed."""

    def __init__(self, run: BattleRun[Battle], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.run = run
        self._order: DivinationOrder | None = None
        self._order_for: Battle | None = None
        self._syncer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="journal")
        run.synced = self._sync_later
        run.session.add_listener(self._on_session_changed)

    # --- reading -------------------------------------------------------------------------------------------
    @property
    def battle(self) -> Battle:
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
        players = " – ".join(side.player for side in self.battle.sides)
        return f"Battle: {players}"

    def order(self) -> DivinationOrder:
        """The Divination order of the battle as it is now, worked out once per state."""
        if self._order is None or self._order_for is not self.battle:
            self._order = divination_order(self.battle)
            self._order_for = self.battle
        return self._order

    # --- acting --------------------------------------------------------------------------------------------
    def act(self, command: Command[Battle], **log: Any) -> bool:
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

    def call_miracle(self, request: CallRequest, dice: Dice | None = None) -> Outcome | None:
        """The Divination roll with the program's dice or the table's; the outcome applied and logged."""
        source = dice or self.run.dice
        recorder = RecordingDice(source)
        try:
            _after, outcome = call_miracle(self.battle, request, recorder)
        except RefusedError as exc:
            self._refuse(exc.reason)
            return None
        except DiceError as exc:
            if exc.code == "dice.used_up" and recorder.values:  # a 6 to roll again: the table needs one more die
                exc = DiceError("dice.reroll", last=recorder.values[-1], given=len(recorder.values))
            self.refused.emit(exc.sentence)
            return None
        if isinstance(source, TypedDice) and source.remaining:
            given = len(recorder.values) + len(source.remaining)
            self.refused.emit(DiceError("dice.extra", given=given, used=len(recorder.values)).sentence)
            return None
        command = CallMiracle(
            key=request.key,
            miracle=request.miracle,
            fervour=request.fervour,
            target_confirmed=request.target_confirmed,
            difficulty=request.difficulty,
            dice=tuple(recorder.values),
            typed=source.kind == "typed",
        )
        side = int(request.key.split(":", 1)[0])
        self.act(
            command,
            text=outcome.sentence(),
            dice=outcome.dice,
            source=source.kind,
            success=outcome.success,
            side=side,
        )
        return outcome

    def roll_tactical(self) -> tuple[int, int]:
        """Each side rolls a die; the higher wins. A tie is logged and changes nothing: roll again."""
        first, second = self.run.dice.roll(6, 2)
        if first == second:
            self.run.note(
                f"Tactical roll: {first} – {second}, a tie: roll again", dice=(first, second), source="rolled"
            )
            self.log_changed.emit()
            self.refused.emit(Problem.of("CF-15", "tactical.tie", None, roll=first).sentence)
            return first, second
        winner = 0 if first > second else 1
        player = self.battle.sides[winner].player
        self.act(
            SetTacticalWinner(side=winner, rolls=(first, second)),
            text=f"Tactical roll: {first} – {second}, {player} wins",
            dice=(first, second),
            source="rolled",
        )
        return first, second

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

    def _on_session_changed(self, old: Battle, new: Battle) -> None:
        self.changed.emit()
