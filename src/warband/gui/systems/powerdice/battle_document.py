"""A power-dice battle in play: markers placed side by side with a hand-over, castings with their dice, and
steps whose magic segments restore, take dice away and count lasting spells down (logged, never showing a
marker before A3)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject

from warband.gui.battle_base import BattleDocumentBase
from warband.model.battle import BattleRun
from warband.model.dice import Dice
from warband.model.messages import COMMA, N_, SEMICOLON, Phrase, joined, term
from warband.model.session import Command, RefusedError
from warband.model.systems.powerdice import battle_rules as rules
from warband.model.systems.powerdice.battle_commands import HandOver, NextStep, PlaceMarker, roll_cast
from warband.model.systems.powerdice.battle_state import STEP_NAMES, Marker, PowerDiceBattle


class PowerDiceBattleDocument(BattleDocumentBase[PowerDiceBattle]):
    """The battle and the actions its tracker and resolver take."""

    def __init__(self, run: BattleRun[PowerDiceBattle], parent: QObject | None = None) -> None:
        super().__init__(run, parent)

    def act(self, command: Command[PowerDiceBattle], **log: Any) -> bool:
        """Carry out an action; the next step taken as a bare command (the battle bar's Next) is logged with what
        its magic segments did, as `next_step` logs it."""
        if isinstance(command, NextStep) and not log:
            return self.next_step()
        return super().act(command, **log)

    @property
    def viewer(self) -> int | None:
        """Whose eyes are on the shared screen for hidden markers: the side placing them in A1, else nobody."""
        battle = self.battle
        return battle.choosing if battle.step == "A1" and not battle.revealed else None

    def visible_marker(self, key: str) -> Marker | None:
        return rules.visible_marker(self.battle, key, self.viewer)

    def place_marker(self, key: str, marker: Marker | None) -> bool:
        side = int(key.split(":", 1)[0])
        player = self.battle.sides[side].player
        return self.act(
            PlaceMarker(key=key, marker=marker),
            text=Phrase(N_("{player} places a marker"), player=player),
            side=side,
        )

    def hand_over(self) -> bool:
        """The side placing markers is done: hide them, and let nobody undo back to them."""
        side = self.battle.choosing
        player = self.battle.sides[side].player if side is not None else ""
        return self.act(HandOver(), text=Phrase(N_("{player} hands over"), player=player), side=side, barrier=True)

    def next_step(self) -> bool:
        """Move on; the log says what the magic segments did (restoration, dice lost, spells gone)."""
        try:
            _after, report = rules.next_step(self.battle)
        except RefusedError as exc:
            self._refuse(exc.reason)
            return False
        parts: list[object] = [Phrase(N_("Next step: {step}"), step=term(STEP_NAMES[_after.step]))]
        if report.restored:
            parts.append(Phrase(N_("restored a die: {units}"), units=joined(report.restored, COMMA)))
        if report.lost:
            parts.append(
                Phrase(N_("lost a die for an unused incantation: {units}"), units=joined(report.lost, COMMA))
            )
        if report.expired:
            parts.append(Phrase(N_("spells ended: {spells}"), spells=joined(report.expired, COMMA)))
        return self.act(NextStep(), text=joined(parts, SEMICOLON, SEMICOLON))

    def cast(self, request: rules.CastRequest, dice: Dice | None = None) -> rules.CastOutcome | None:
        """A casting with the program's dice or the table's; the outcome applied and logged (PD-08). The rule
        runs once (`roll_cast`), and the journal keeps the command with its dice."""
        return self.rolled(lambda: roll_cast(self.battle, request, dice or self.run.dice))
