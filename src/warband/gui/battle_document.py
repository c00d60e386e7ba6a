"""A Confrontation battle in play, for the Turn tracker and the Resolver: the Divination order, the
Divination roll with the program's dice or the table's, and the Tactical roll."""

from __future__ import annotations

from PySide6.QtCore import QObject

from warband.gui.battle_base import BattleDocumentBase
from warband.model.army import Problem
from warband.model.battle import BattleRun, RecordingDice
from warband.model.dice import Dice, DiceError, TypedDice
from warband.model.messages import N_, Phrase
from warband.model.session import RefusedError
from warband.model.systems.confrontation.battle_calls import CallRequest, Outcome, call_miracle
from warband.model.systems.confrontation.battle_commands import CallMiracle, SetTacticalWinner
from warband.model.systems.confrontation.battle_rules import DivinationOrder, divination_order
from warband.model.systems.confrontation.battle_state import ConfrontationBattle

Battle = ConfrontationBattle


class BattleDocument(BattleDocumentBase[ConfrontationBattle]):
    """A Confrontation battle and what the tracker and resolver need to know about it."""

    def __init__(self, run: BattleRun[Battle], parent: QObject | None = None) -> None:
        super().__init__(run, parent)
        self._order: DivinationOrder | None = None
        self._order_for: Battle | None = None

    def order(self) -> DivinationOrder:
        """The Divination order of the battle as it is now, worked out once per state."""
        if self._order is None or self._order_for is not self.battle:
            self._order = divination_order(self.battle)
            self._order_for = self.battle
        return self._order

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
            if self.note(
                Phrase(N_("Tactical roll: {first} – {second}, a tie: roll again"), first=first, second=second),
                dice=(first, second),
                source="rolled",
            ):
                self.refused.emit(Problem.of("CF-15", "tactical.tie", None, roll=first).sentence)
            return first, second
        winner = 0 if first > second else 1
        player = self.battle.sides[winner].player
        self.act(
            SetTacticalWinner(side=winner, rolls=(first, second)),
            text=Phrase(
                N_("Tactical roll: {first} – {second}, {player} wins"), first=first, second=second, player=player
            ),
            dice=(first, second),
            source="rolled",
        )
        return first, second
