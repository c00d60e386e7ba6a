"""The two rolls between the sides: Priority at the start of a turn (SB-01), and the heroic roll-off when both
sides declared heroic actions (SB-05), each with the program's dice or the table's, and what it decided."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from warband.gui.battle_document import BattleDocument
from warband.gui.systems.sbg.rolls import roll_priority
from warband.gui.widgets.dice_entry import DiceEntryWidget
from warband.gui.widgets.resolver_parts import big_label, message_label, plain_label, say
from warband.model.dice import D6, TypedDice
from warband.model.messages import _, spoken_text
from warband.model.systems.sbg import battle_rules as rules
from warband.model.systems.sbg.battle_state import SbgBattle
from warband.model.systems.sbg.play import HeroicRollOff

T = TypeVar("T")


class RollsPanel(QGroupBox):
    """Priority and the heroic roll-off."""

    def __init__(self, document: BattleDocument[SbgBattle], parent: QWidget | None = None) -> None:
        super().__init__(_("Priority (SB-01) and heroic roll-off (SB-05)"), parent)
        self.setObjectName("rollsPanel")
        self._document = document
        self._acting = False
        self._refusal = ""

        self.priority_status = plain_label(self, "priorityStatus")
        self.priority_button = QPushButton(_("Roll for priority"), self)
        self.priority_button.setObjectName("priorityButton")
        self.priority_entry = DiceEntryWidget(D6, 2, self, button_text=_("Use these dice"))
        self.priority_entry.setObjectName("priorityEntry")
        self.priority_outcome = big_label(self, "priorityOutcome", 1.1)
        self.rolloff_status = plain_label(self, "rolloffStatus")
        self.rolloff_button = QPushButton(_("Roll off"), self)
        self.rolloff_button.setObjectName("rolloffButton")
        self.rolloff_entry = DiceEntryWidget(D6, 1, self, button_text=_("Use this die"))
        self.rolloff_entry.setObjectName("rolloffEntry")
        self.rolloff_outcome = big_label(self, "rolloffOutcome", 1.1)
        self.message_label = message_label(self, "rollsMessage")

        priority = QHBoxLayout()
        priority.addWidget(self.priority_button)
        priority.addWidget(self.priority_entry, 1)
        rolloff = QHBoxLayout()
        rolloff.addWidget(self.rolloff_button)
        rolloff.addWidget(self.rolloff_entry, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.priority_status)
        layout.addLayout(priority)
        layout.addWidget(self.priority_outcome)
        layout.addWidget(self.rolloff_status)
        layout.addLayout(rolloff)
        layout.addWidget(self.rolloff_outcome)
        layout.addWidget(self.message_label)
        layout.addStretch(1)

        self.priority_button.clicked.connect(self._on_priority_button_clicked)
        self.priority_entry.dice_entered.connect(self._on_priority_entry_dice_entered)
        self.rolloff_button.clicked.connect(self._on_rolloff_button_clicked)
        self.rolloff_entry.dice_entered.connect(self._on_rolloff_entry_dice_entered)
        document.refused.connect(self._on_document_refused)

    # --- public --------------------------------------------------------------------------------------------
    def show_battle(self, battle: SbgBattle) -> None:
        players = [side.player for side in battle.sides]
        if battle.priority is None:
            status = _("Turn {turn}: priority not rolled yet.").format(turn=battle.turn)
        else:
            status = _("Turn {turn}: {player} has priority.").format(
                turn=battle.turn, player=players[battle.priority]
            )
        self.priority_status.setText(
            status + " " + _("Dice: {first}'s, then {second}'s.").format(first=players[0], second=players[1])
        )
        due = battle.heroics is not None and battle.heroics.stage == "rolloff" and battle.priority is not None
        if due and battle.priority is not None:
            self.rolloff_status.setText(
                _(
                    "Both sides declared heroic actions: {player}, who has priority, rolls a die — 1–3 Evil acts "
                    "first, 4–6 Good (both sides alike: 4–6 the side with priority)."
                ).format(player=players[battle.priority])
            )
        else:
            self.rolloff_status.setText(
                _("No roll-off now: it comes when both sides have declared heroic actions and named their heroes.")
            )
        self.rolloff_button.setEnabled(due)
        self.rolloff_entry.set_apply_enabled(due)

    def roll_priority(self, values: tuple[int, int] | None = None) -> tuple[int, int] | None:
        """SB-01 with the program's dice, or the two dice typed (the first side's, then the second's)."""
        say(self.message_label, "")
        dice = None if values is None else TypedDice(values)
        rolls = self._act(lambda: roll_priority(self._document, dice))
        if rolls is None:
            say(self.message_label, self._refusal)
            return None
        battle = self._document.battle
        winner = rules.priority_winner(battle, rolls)
        first, second = rolls
        if winner is None:
            self.priority_outcome.setText(
                _("{first} – {second}: a tie, roll again.").format(first=first, second=second)
            )
        else:
            self.priority_outcome.setText(
                _("{first} – {second}: {player} has priority.").format(
                    first=first, second=second, player=battle.sides[winner].player
                )
            )
        if values is not None:
            self.priority_entry.clear()
        return rolls

    def roll_off(self, value: int | None = None) -> int | None:
        """SB-05 with the program's die, or the die typed; the order of the heroic actions follows."""
        say(self.message_label, "")
        dice = None if value is None else TypedDice((value,))
        rolled = self._act(lambda: self._document.roll(HeroicRollOff(), dice))
        roll: int | None = None if rolled is None else rolled.outcome
        if roll is None:
            say(self.message_label, self._refusal)
            return None
        battle = self._document.battle
        heroics = battle.heroics
        if heroics is not None and heroics.first is not None:
            order = ", ".join(
                f"{number}. {spoken_text(rules.hero(battle, key).label)}"
                for number, key in enumerate(heroics.order, 1)
            )
            self.rolloff_outcome.setText(
                _("Roll-off {roll}: {player}'s heroes act first. {order}").format(
                    roll=roll, player=battle.sides[heroics.first].player, order=order
                )
            )
        if value is not None:
            self.rolloff_entry.clear()
        return roll

    # --- acting --------------------------------------------------------------------------------------------
    def _act(self, action: Callable[[], T]) -> T:
        self._refusal = ""
        self._acting = True
        try:
            return action()
        finally:
            self._acting = False

    # --- slots ---------------------------------------------------------------------------------------------
    def _on_priority_button_clicked(self) -> None:
        self.roll_priority()

    def _on_priority_entry_dice_entered(self, values: tuple[int, ...]) -> None:
        self.roll_priority((values[0], values[1]))

    def _on_rolloff_button_clicked(self) -> None:
        self.roll_off()

    def _on_rolloff_entry_dice_entered(self, values: tuple[int, ...]) -> None:
        self.roll_off(values[0])

    def _on_document_refused(self, message: str) -> None:
        if self._acting:
            self._refusal = message
