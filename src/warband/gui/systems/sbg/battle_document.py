"""A Strategy Battle Game battle in play: rolls thrown by the program or typed from the table (priority,
roll-off, Will, Fate and Might dice), each applied as a command that carries its dice, and logged. The dice are
thrown by the model (`battle_commands`), never here: a die shown before it is used (a Fate die, a roll to put
Might on) is thrown by `throw_fate` or `throw_might` and carried by the command that uses it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject

from warband.gui.battle_base import BattleDocumentBase
from warband.model.army import Problem
from warband.model.battle import BattleRun
from warband.model.dice import Dice, DiceError, DiceKind
from warband.model.messages import N_, Phrase, term
from warband.model.session import Command, RefusedError
from warband.model.systems.sbg import battle_rules as rules
from warband.model.systems.sbg.battle_commands import (
    NextPhase,
    UseMight,
    fate_thrown,
    might_text,
    might_thrown,
    roll_off,
    roll_priority,
    roll_will,
    throw_fate,
    throw_might,
)
from warband.model.systems.sbg.battle_state import PHASE_NAMES, PHASES, SbgBattle

Thrown = tuple[tuple[int, ...], DiceKind]
"""Dice thrown and shown before they are used: their values and where they came from."""


class SbgBattleDocument(BattleDocumentBase[SbgBattle]):
    """The battle and the rolls its tracker and resolver make."""

    def __init__(self, run: BattleRun[SbgBattle], parent: QObject | None = None) -> None:
        super().__init__(run, parent)

    def act(self, command: Command[SbgBattle], **log: Any) -> bool:
        """Carry out an action; moving on (the shared bar's Next phase) is logged with where it leads: "On to
        Move", "Turn 2 begins"."""
        if isinstance(command, NextPhase) and log.get("text") is None:
            log["text"] = next_phase_text(self.battle)
        return super().act(command, **log)

    def _thrown(self, throw: Callable[[Dice], Thrown], dice: Dice | None) -> Thrown | None:
        """Dice the model throws (the program's, or the table's), or None when it refuses them (told)."""
        try:
            return throw(dice or self.run.dice)
        except RefusedError as exc:
            self._refuse(exc.reason)
        except DiceError as exc:
            self.refused.emit(exc.sentence)
        return None

    def roll_priority(self, dice: Dice | None = None) -> tuple[int, int] | None:
        """SB-01: each side rolls a die; a first-turn tie is logged and changes nothing (roll again)."""
        roll = self.worked_out(lambda: roll_priority(self.battle, dice or self.run.dice))
        if roll is None:
            return None
        first, second = roll.outcome
        if self.play(roll) and roll.command is None:
            self._refuse(Problem.of("SB-01", "sbg.priority_tie", None, roll=first))
        return first, second

    def roll_off(self, dice: Dice | None = None) -> int | None:
        """SB-05: the priority player's roll-off die when both sides declared heroic actions."""
        return self.rolled(lambda: roll_off(self.battle, dice or self.run.dice))

    def will(
        self, key: str, need: int, count: int, might: int, *, resisting: bool, dice: Dice | None = None
    ) -> bool | None:
        """SB-03: cast or resist with `count` Will dice (and Might on the highest); None when refused."""
        return self.rolled(
            lambda: roll_will(
                self.battle, key, need, count, might, resisting=resisting, dice=dice or self.run.dice
            )
        )

    # --- SB-02: Might on a roll ----------------------------------------------------------------------------
    def throw_might(self, key: str, roll_kind: str, dice: Dice | None = None) -> Thrown | None:
        """Throw the hero's roll (two dice for a Courage test) to choose the Might once it is seen; the program's
        dice are carried by the `UseMight` that spends it (AR-05)."""
        return self._thrown(lambda source: throw_might(self.battle, key, roll_kind, source), dice)

    def spend_might(self, key: str, points: int, roll_kind: str, roll: int, thrown: Thrown | None) -> bool:
        """Spend Might on a roll: the dice `throw_might` threw (their total is the roll), or a roll made at the
        table and typed in (`roll`, no dice kept). False when refused (told)."""
        if thrown is not None:
            values, source = thrown
            return (
                self.rolled(lambda: might_thrown(self.battle, key, points, roll_kind, values, source)) is not None
            )
        try:
            side = rules.hero(self.battle, key).side
            text = might_text(self.battle, key, points, roll_kind, roll)
        except KeyError as exc:
            self.refused.emit(str(exc))
            return False
        return self.act(UseMight(key=key, points=points, roll_kind=roll_kind), text=text, side=side)

    # --- SB-04: Fate ---------------------------------------------------------------------------------------
    def throw_fate(self, key: str, count: int, dice: Dice | None = None) -> Thrown | None:
        """Throw Fate dice (the program's, or take the table's) before deciding how to use them: a Fate die shown
        first, then the Might put on it (`apply_fate`). The program's dice go on whatever is decided (AR-05)."""
        return self._thrown(lambda source: throw_fate(self.battle, key, count, source), dice)

    def apply_fate(
        self, key: str, values: tuple[int, ...], might: tuple[int, ...], lost: int, source: str
    ) -> int | None:
        """SB-04: Fate dice already thrown, with the Might the player put on each; the Wounds restored."""
        kind: DiceKind = "typed" if source == "typed" else "rolled"
        return self.rolled(lambda: fate_thrown(self.battle, key, values, might, lost, kind))

    def fate(
        self, key: str, count: int, lost: int, might: tuple[int, ...] = (), dice: Dice | None = None
    ) -> int | None:
        """SB-04: roll `count` Fate dice and apply them (Might per die decided beforehand)."""
        thrown = self.throw_fate(key, count, dice)
        if thrown is None:
            return None
        values, source = thrown
        return self.apply_fate(key, values, might, lost, source)


def next_phase_text(battle: SbgBattle) -> Phrase:
    """The log line of Next phase: the phase it leads to, or the turn that begins."""
    after = PHASES[(PHASES.index(battle.phase) + 1) % len(PHASES)]
    if after == "priority":
        return Phrase(N_("Turn {turn} begins"), turn=battle.turn + 1)
    return Phrase(N_("On to {phase}"), phase=term(PHASE_NAMES[after]))
