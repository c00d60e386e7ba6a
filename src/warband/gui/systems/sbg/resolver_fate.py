"""Fate (SB-04): a hero that lost Wounds in one event spends Fate, a die a point, each 4+ restoring one. The exact
chance shows first; one at a time (the default), each die is thrown, shown, given Might if that helps, then
applied, until the Wounds are back, the Fate runs out, or the player takes the wound. With the rules option
"all at once", the chosen number of dice is thrown together."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Signal
from PySide6.QtWidgets import QFormLayout, QGroupBox, QHBoxLayout, QPushButton, QSpinBox, QVBoxLayout, QWidget

from warband.gui.battle_document import BattleDocument
from warband.gui.systems.sbg import resolver_text as text
from warband.gui.systems.sbg import rolls
from warband.gui.widgets.dice_entry import DiceEntryWidget
from warband.gui.widgets.flow_layout import FlowLayout
from warband.gui.widgets.resolver_parts import big_label, message_label, note_label, plain_label, say
from warband.model.dice import D6, TypedDice
from warband.model.messages import _
from warband.model.systems.sbg import battle_rules as rules
from warband.model.systems.sbg.battle_state import SbgBattle


class FatePanel(QGroupBox):
    """The Wounds lost, the Fate and Might to spend, the odds, and the Fate dice one by one (or together)."""

    pending_changed = Signal(bool)
    """Fate dice were thrown and wait to be applied (True), or were applied (False): the program's dice count
    (AR-05), so the hero may not change meanwhile."""

    def __init__(self, document: BattleDocument[SbgBattle], parent: QWidget | None = None) -> None:
        super().__init__(_("Fate: restore lost Wounds (SB-04)"), parent)
        self.setObjectName("fatePanel")
        self._document = document
        self._key: str | None = None
        self._restored = 0  # in this event
        self._pending: tuple[tuple[int, ...], str] | None = None  # dice thrown, not yet applied
        self._started = False  # a die was thrown in this event
        self._closed = False  # the event is over: restored, out of Fate, or the wound taken
        self._acting: str | None = None

        self.lost_spin = QSpinBox(self)
        self.lost_spin.setObjectName("fateLostSpin")
        self.lost_spin.setAccessibleName(_("Wounds lost in this event"))
        self.lost_spin.setRange(1, 1)
        self.fate_label = plain_label(self, "fateLeft")
        self.might_spin = QSpinBox(self)
        self.might_spin.setObjectName("fateMightSpin")
        self.might_spin.setAccessibleName(_("Might usable"))
        self.might_spin.setToolTip(_("The Might the hero may put on its Fate dice; the rest stays for later"))
        self.dice_spin = QSpinBox(self)
        self.dice_spin.setObjectName("fateDiceSpin")
        self.dice_spin.setAccessibleName(_("Fate dice to roll together"))
        self.dice_spin.setRange(1, 1)
        self.chance_label = big_label(self, "fateChance")
        self.chance_label.setAccessibleName(_("Chance of restoring the Wounds"))
        self.wounds_note = note_label(self, "fateWoundsNote")
        self.problem_label = message_label(self, "fateProblem")
        self.roll_button = QPushButton(self)
        self.roll_button.setObjectName("fateRollButton")
        self.dice_entry = DiceEntryWidget(D6, 1, self, button_text=_("Use this die"))
        self.die_label = big_label(self, "fateDie", 1.1)
        self.die_label.setWordWrap(False)
        self.die_might_spin = QSpinBox(self)
        self.die_might_spin.setObjectName("fateDieMightSpin")
        self.die_might_spin.setAccessibleName(_("Might on the Fate dice"))
        self.apply_button = QPushButton(_("Apply"), self)
        self.apply_button.setObjectName("fateApplyButton")
        self.take_button = QPushButton(_("Take the wound"), self)
        self.take_button.setObjectName("fateTakeButton")
        self.status_label = plain_label(self, "fateStatus")
        self.message_label = message_label(self, "fateMessage")

        self.form = QFormLayout()
        self.form.addRow(_("Wounds lost in this event:"), self.lost_spin)
        self.form.addRow(_("Fate left:"), self.fate_label)
        self.form.addRow(_("Might usable:"), self.might_spin)
        self.form.addRow(_("Fate dice at once:"), self.dice_spin)
        odds = QVBoxLayout()
        odds.addWidget(self.chance_label)
        odds.addStretch(1)
        top = QHBoxLayout()
        top.addLayout(self.form, 1)
        top.addLayout(odds, 1)
        rolls = QHBoxLayout()
        rolls.addWidget(self.roll_button)
        rolls.addWidget(self.dice_entry, 1)
        pending = FlowLayout()  # on two lines where the pane is narrow (a large font)
        pending.addWidget(self.die_label)
        might = QWidget(self)  # the label stays with its spin box
        might_layout = QHBoxLayout(might)
        might_layout.setContentsMargins(0, 0, 0, 0)
        might_label = plain_label(might, "fateDieMightLabel", _("Might on it:"))
        might_label.setWordWrap(False)
        might_layout.addWidget(might_label)
        might_layout.addWidget(self.die_might_spin)
        pending.addWidget(might)
        pending.addWidget(self.apply_button)
        pending.addWidget(self.take_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.wounds_note)
        layout.addWidget(self.problem_label)
        layout.addLayout(rolls)
        layout.addLayout(pending)
        layout.addWidget(self.status_label)
        layout.addWidget(self.message_label)
        layout.addStretch(1)

        self.lost_spin.valueChanged.connect(self._on_lost_spin_value_changed)
        self.might_spin.valueChanged.connect(self._on_odds_input_changed)
        self.dice_spin.valueChanged.connect(self._on_odds_input_changed)
        self.roll_button.clicked.connect(self._on_roll_button_clicked)
        self.dice_entry.dice_entered.connect(self._on_dice_entry_dice_entered)
        self.apply_button.clicked.connect(self._on_apply_button_clicked)
        self.take_button.clicked.connect(self._on_take_button_clicked)
        document.refused.connect(self._on_document_refused)

    # --- public --------------------------------------------------------------------------------------------
    @property
    def at_once(self) -> bool:
        return self._document.battle.options.fate_dice == "all_at_once"

    @property
    def pending(self) -> tuple[int, ...]:
        """The Fate dice thrown and shown, not yet applied."""
        return self._pending[0] if self._pending is not None else ()

    @property
    def remaining(self) -> int:
        """The Wounds of this event still to restore."""
        return max(0, self.lost_spin.value() - self._restored)

    def show_hero(self, battle: SbgBattle, key: str | None) -> None:
        """The hero spending Fate (None: none); another hero starts another event."""
        hero = rules.hero(battle, key) if key is not None else None
        if key != self._key:
            self._key = key
            self._new_event()
            say(self.message_label, "")
            self.status_label.clear()
            with QSignalBlocker(self.might_spin):
                self.might_spin.setRange(0, hero.state.might if hero else 0)
                self.might_spin.setValue(self.might_spin.maximum())
        self._update(battle, hero)

    def roll(self) -> tuple[int, ...] | None:
        """Throw the Fate dice with the program's dice and show them; applied with `apply`."""
        return self._throw(None)

    def roll_with_dice(self, values: tuple[int, ...]) -> tuple[int, ...] | None:
        """Show the Fate dice thrown on the table; applied with `apply`."""
        thrown = self._throw(values)
        if thrown is not None:
            self.dice_entry.clear()
        return thrown

    def apply(self) -> int | None:
        """Spend the Fate on the dice shown, with the Might put on them: the Wounds restored, or None."""
        if self._key is None or self._pending is None:
            return None
        values, source = self._pending
        spent = text.spread_might(values, self.die_might_spin.value())
        say(self.message_label, "")
        self._acting = "apply"
        try:
            restored = rolls.apply_fate(self._document, self._key, values, spent, self.remaining, source)
        finally:
            self._acting = None
        if restored is None:
            return None
        self._pending = None
        self.pending_changed.emit(False)
        self._restored += restored
        with QSignalBlocker(self.might_spin):
            self.might_spin.setValue(max(0, self.might_spin.value() - sum(spent)))
        hero = rules.hero(self._document.battle, self._key)
        start = hero.start("wounds")
        if self.remaining == 0:
            self._closed = True
            status = _("Restored {restored} of {lost} Wounds: the event is over.")
        elif hero.state.wounds >= start:
            self._closed = True
            status = _("Restored {restored} of {lost} Wounds: Wounds are back to their starting value.")
        elif hero.state.fate == 0:
            self._closed = True
            status = _("Restored {restored} of {lost} Wounds; no Fate left: the hero takes the rest.")
        else:
            status = _("Restored {restored} of {lost} Wounds: roll another Fate die, or take the wound.")
        self.status_label.setText(status.format(restored=self._restored, lost=self.lost_spin.value()))
        self._update(self._document.battle, hero)
        return restored

    def take_wound(self) -> None:
        """The player stops spending Fate: the event is over."""
        if self._pending is not None or self._key is None:
            return
        self._closed = True
        self.status_label.setText(
            _("Restored {restored} of {lost} Wounds; the hero takes the wound.").format(
                restored=self._restored, lost=self.lost_spin.value()
            )
        )
        self._update(self._document.battle, rules.hero(self._document.battle, self._key))

    # --- showing -------------------------------------------------------------------------------------------
    def _new_event(self) -> None:
        self._started = False
        self._restored = 0
        self._pending = None
        self._closed = False

    def _update(self, battle: SbgBattle, hero: rules.HeroModel | None) -> None:
        at_once = battle.options.fate_dice == "all_at_once"
        fate = hero.state.fate if hero is not None else 0
        might = hero.state.might if hero is not None else 0
        busy = self._started and not self._closed
        with QSignalBlocker(self.lost_spin), QSignalBlocker(self.might_spin), QSignalBlocker(self.dice_spin):
            self.lost_spin.setRange(1, hero.start("wounds") if hero is not None else 1)
            self.might_spin.setRange(0, might)
            self.dice_spin.setRange(1, max(1, fate))
        self.lost_spin.setEnabled(not busy)
        self.form.setRowVisible(self.dice_spin, at_once)
        self.fate_label.setText(str(fate))
        problem = text.fate_problem(battle, self._key) if self._key is not None else None
        say(self.problem_label, text.refusal_text(problem) if problem is not None else "")
        lost = self.lost_spin.value() if self._closed else self.remaining
        if at_once:
            chance = rules.fate_chance_at_once(lost, self.dice_spin.value(), self.might_spin.value())
        else:
            chance = rules.fate_chance(lost, fate, self.might_spin.value())
        self.chance_label.setText(text.odds_text(chance))
        self._show_wounds_note(hero)
        count = self.dice_spin.value() if at_once else 1
        self.roll_button.setText(
            _("Roll a Fate die") if count == 1 else _("Roll {count} Fate dice").format(count=count)
        )
        self.dice_entry.set_dice(D6, count)
        may_act = hero is not None and problem is None
        may_throw = may_act and self._pending is None
        may_throw = may_throw and (self._closed or self.remaining > 0) and fate > 0
        self.roll_button.setEnabled(may_throw)
        self.dice_entry.set_apply_enabled(may_throw)
        self._show_pending()
        self.take_button.setEnabled(may_act and self._started and self._pending is None and not self._closed)

    def _show_wounds_note(self, hero: rules.HeroModel | None) -> None:
        if hero is None:
            self.wounds_note.clear()
            return
        missing = hero.start("wounds") - hero.state.wounds
        note = _("Wounds now {wounds} of {start}.").format(wounds=hero.state.wounds, start=hero.start("wounds"))
        if missing < self.remaining and not self._closed:
            note += " " + _("Fate never raises them above the start: lose the Wounds in the tracker first.")
        self.wounds_note.setText(note)

    def _show_pending(self) -> None:
        values = self.pending
        if not values:
            self.die_label.setText("" if self._started else _("No Fate die thrown yet"))
            with QSignalBlocker(self.die_might_spin):
                self.die_might_spin.setRange(0, 0)
            self.die_might_spin.setEnabled(False)
            self.apply_button.setEnabled(False)
            return
        worth = min(self.might_spin.value(), text.might_needed(values, self.remaining))
        with QSignalBlocker(self.die_might_spin):
            self.die_might_spin.setRange(0, worth)
        self.die_might_spin.setEnabled(worth > 0)  # Might only where it turns a die into a success
        shown = text.dice_text(values)
        self.die_label.setText(
            _("Fate die: {dice}").format(dice=shown)
            if len(values) == 1
            else _("Fate dice: {dice}").format(dice=shown)
        )
        self.apply_button.setEnabled(True)

    # --- acting --------------------------------------------------------------------------------------------
    def _throw(self, values: tuple[int, ...] | None) -> tuple[int, ...] | None:
        if self._key is None or self._pending is not None or not self.roll_button.isEnabled():
            return None
        if self._closed:
            self._new_event()
        count = self.dice_spin.value() if self.at_once else 1
        say(self.message_label, "")
        self._acting = "rolled" if values is None else "typed"
        try:
            dice = None if values is None else TypedDice(values)
            thrown = rolls.throw_fate(self._document, self._key, count, dice)
        finally:
            self._acting = None
        if thrown is None:
            return None
        self._pending = thrown
        self._started = True
        self.pending_changed.emit(True)
        with QSignalBlocker(self.die_might_spin):
            self.die_might_spin.setValue(0)
        self.status_label.clear()
        self._update(self._document.battle, rules.hero(self._document.battle, self._key))
        return thrown[0]

    # --- slots ---------------------------------------------------------------------------------------------
    def _on_lost_spin_value_changed(self, _value: int) -> None:
        self._new_event()
        self.status_label.clear()
        self._refresh()

    def _on_odds_input_changed(self, _value: int) -> None:
        self._refresh()

    def _refresh(self) -> None:
        battle = self._document.battle
        self._update(battle, rules.hero(battle, self._key) if self._key is not None else None)

    def _on_roll_button_clicked(self) -> None:
        self.roll()

    def _on_dice_entry_dice_entered(self, values: tuple[int, ...]) -> None:
        self.roll_with_dice(values)

    def _on_apply_button_clicked(self) -> None:
        self.apply()

    def _on_take_button_clicked(self) -> None:
        self.take_wound()

    def _on_document_refused(self, message: str) -> None:
        if self._acting == "typed":
            self.dice_entry.show_error(message)
        elif self._acting is not None:
            say(self.message_label, message)
