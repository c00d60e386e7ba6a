"""The Courage test (SB-06): two dice plus the hero's Courage, 10 or more passes, with Might (SB-02) and Will
(SB-03) points added as the player chooses. The exact chance with the points the player allows shows first; the
dice are thrown (the program's, or the table's typed in) and shown; the player then adds Might and Will, alone or
mixed (the fewest that make it pass are offered, Might first), and applies. The model says what may be added and
whether it passes; the program's dice count once thrown (AR-05), so the hero may not change meanwhile."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Signal
from PySide6.QtWidgets import QFormLayout, QGroupBox, QHBoxLayout, QPushButton, QSpinBox, QVBoxLayout, QWidget

from warband.gui.battle_document import BattleDocument
from warband.gui.systems.sbg import resolver_text as text
from warband.gui.systems.sbg import rolls
from warband.gui.widgets.dice_entry import DiceEntryWidget
from warband.gui.widgets.resolver_parts import big_label, colour_outcome, message_label, plain_label, say
from warband.model.dice import D6, TypedDice
from warband.model.messages import _, spoken_text
from warband.model.systems.sbg import battle_rules as rules
from warband.model.systems.sbg import courage
from warband.model.systems.sbg.battle_state import SbgBattle


class CouragePanel(QGroupBox):
    """A hero's Courage test: the points it may add, the odds, the dice, then the Might and Will added to them."""

    pending_changed = Signal(bool)
    """The dice were thrown and wait for the points to add (True), or the test was applied (False)."""

    def __init__(self, document: BattleDocument[SbgBattle], parent: QWidget | None = None) -> None:
        super().__init__(_("Courage test (SB-06)"), parent)
        self.setObjectName("couragePanel")
        self._document = document
        self._key: str | None = None
        self._pending: rolls.Thrown | None = None
        self._acting: str | None = None  # where a refusal goes: "typed" or "rolled"

        self.courage_label = plain_label(self, "courageValue")
        self.might_spin = QSpinBox(self)
        self.might_spin.setObjectName("courageMightSpin")
        self.might_spin.setAccessibleName(_("Might usable on the test"))
        self.will_spin = QSpinBox(self)
        self.will_spin.setObjectName("courageWillSpin")
        self.will_spin.setAccessibleName(_("Will usable on the test"))
        self.chance_label = big_label(self, "courageChance")
        self.chance_label.setAccessibleName(_("Chance of passing"))
        self.roll_button = QPushButton(_("Roll the Courage test"), self)
        self.roll_button.setObjectName("courageRollButton")
        self.dice_entry = DiceEntryWidget(D6, courage.COURAGE_DICE, self, button_text=_("Use these dice"))
        self.dice_label = plain_label(self, "courageDice")
        self.add_might_spin = QSpinBox(self)
        self.add_might_spin.setObjectName("courageAddMightSpin")
        self.add_might_spin.setAccessibleName(_("Might added to the test"))
        self.add_will_spin = QSpinBox(self)
        self.add_will_spin.setObjectName("courageAddWillSpin")
        self.add_will_spin.setAccessibleName(_("Will added to the test"))
        self.apply_button = QPushButton(_("Apply"), self)
        self.apply_button.setObjectName("courageApplyButton")
        self.outcome_label = big_label(self, "courageOutcome", 1.2)
        self.message_label = message_label(self, "courageMessage")

        form = QFormLayout()
        form.addRow(_("Courage:"), self.courage_label)
        form.addRow(_("Might usable:"), self.might_spin)
        form.addRow(_("Will usable:"), self.will_spin)
        top = QHBoxLayout()
        top.addLayout(form, 1)
        top.addWidget(self.chance_label, 1)
        throw = QHBoxLayout()
        throw.addWidget(self.roll_button)
        throw.addWidget(self.dice_entry, 1)
        added = QHBoxLayout()
        added.addWidget(self.dice_label, 1)
        added.addWidget(plain_label(self, "courageAddMightLabel", _("Might:")))
        added.addWidget(self.add_might_spin)
        added.addWidget(plain_label(self, "courageAddWillLabel", _("Will:")))
        added.addWidget(self.add_will_spin)
        added.addWidget(self.apply_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(throw)
        layout.addLayout(added)
        layout.addWidget(self.outcome_label)
        layout.addWidget(self.message_label)

        self.might_spin.valueChanged.connect(self._on_usable_changed)
        self.will_spin.valueChanged.connect(self._on_usable_changed)
        self.add_might_spin.valueChanged.connect(self._on_added_changed)
        self.add_will_spin.valueChanged.connect(self._on_added_changed)
        self.roll_button.clicked.connect(self._on_roll_button_clicked)
        self.dice_entry.dice_entered.connect(self._on_dice_entry_dice_entered)
        self.apply_button.clicked.connect(self._on_apply_button_clicked)
        document.refused.connect(self._on_document_refused)

    # --- public --------------------------------------------------------------------------------------------
    @property
    def pending(self) -> tuple[int, ...]:
        """The dice thrown and shown, not yet applied."""
        return self._pending[0] if self._pending is not None else ()

    def show_hero(self, battle: SbgBattle, key: str | None) -> None:
        """The hero taking the test (None: none); another hero starts with all its Might and Will usable."""
        hero = rules.hero(battle, key) if key is not None else None
        if key != self._key:
            self._key = key
            say(self.message_label, "")
            self.outcome_label.clear()
            with QSignalBlocker(self.might_spin), QSignalBlocker(self.will_spin):
                self.might_spin.setRange(0, hero.state.might if hero else 0)
                self.might_spin.setValue(self.might_spin.maximum())
                self.will_spin.setRange(0, hero.state.will if hero else 0)
                self.will_spin.setValue(self.will_spin.maximum())
        self._update(hero)

    def roll(self) -> tuple[int, ...] | None:
        """Throw the test's dice with the program's dice and show them; applied with `apply`."""
        return self._throw(None)

    def roll_with_dice(self, values: tuple[int, ...]) -> tuple[int, ...] | None:
        """Show the dice thrown on the table; applied with `apply`."""
        thrown = self._throw(values)
        if thrown is not None:
            self.dice_entry.clear()
        return thrown

    def apply(self) -> bool | None:
        """Add the Might and Will chosen to the dice shown: passed or not, or None (refused, or no dice)."""
        if self._key is None or self._pending is None:
            return None
        values, source = self._pending
        might, will = self.add_might_spin.value(), self.add_will_spin.value()
        say(self.message_label, "")
        self._acting = "rolled"
        try:
            passed = rolls.apply_courage(self._document, self._key, values, might, will, source)
        finally:
            self._acting = None
        if passed is None:
            return None
        self._pending = None
        self.pending_changed.emit(False)
        hero = rules.hero(self._document.battle, self._key)
        outcome = _("{hero} passes the Courage test.") if passed else _("{hero} fails the Courage test.")
        self.outcome_label.setText(outcome.format(hero=spoken_text(hero.label)))
        colour_outcome(self.outcome_label, passed)
        self._update(hero)
        return passed

    # --- showing -------------------------------------------------------------------------------------------
    def _update(self, hero: rules.HeroModel | None) -> None:
        might = hero.state.might if hero is not None else 0
        will = hero.state.will if hero is not None else 0
        with QSignalBlocker(self.might_spin), QSignalBlocker(self.will_spin):
            for spin, most in ((self.might_spin, might), (self.will_spin, will)):
                everything = spin.value() == spin.maximum()  # all usable stays all usable as the counter moves
                spin.setRange(0, most)
                if everything:
                    spin.setValue(most)
        if hero is None:
            self.courage_label.clear()
            self.chance_label.clear()
        else:
            value = hero.profile.courage
            self.courage_label.setText(
                _("{courage}: two dice + {courage}, {target} or more passes").format(
                    courage=value, target=courage.COURAGE_PASS
                )
            )
            points = self.might_spin.value() + self.will_spin.value()
            self.chance_label.setText(text.odds_text(courage.courage_chance(value, points)))
        may_throw = hero is not None and self._pending is None
        self.roll_button.setEnabled(may_throw)
        self.dice_entry.set_apply_enabled(may_throw)
        self.might_spin.setEnabled(self._pending is None)
        self.will_spin.setEnabled(self._pending is None)
        self._show_pending(hero)

    def _show_pending(self, hero: rules.HeroModel | None) -> None:
        values = self.pending
        waiting = hero is not None and bool(values)
        for spin in (self.add_might_spin, self.add_will_spin):
            spin.setEnabled(waiting)
        self.apply_button.setEnabled(waiting)
        if not waiting or hero is None:
            with QSignalBlocker(self.add_might_spin), QSignalBlocker(self.add_will_spin):
                self.add_might_spin.setRange(0, 0)
                self.add_will_spin.setRange(0, 0)
            self.dice_label.setText("" if hero is None else _("No dice thrown yet"))
            return
        total = courage.courage_total(hero, values)
        added = total + self.add_might_spin.value() + self.add_will_spin.value()
        verdict = _("passes") if added >= courage.COURAGE_PASS else _("fails")
        self.dice_label.setText(
            _("Rolled {dice} + Courage {courage} = {total}; with the points added {added}: {verdict}").format(
                dice=" + ".join(map(str, values)),
                courage=hero.profile.courage,
                total=total,
                added=added,
                verdict=verdict,
            )
        )

    # --- acting --------------------------------------------------------------------------------------------
    def _throw(self, values: tuple[int, ...] | None) -> tuple[int, ...] | None:
        if self._key is None or self._pending is not None:
            return None
        say(self.message_label, "")
        self.outcome_label.clear()
        might, will = self.might_spin.value(), self.will_spin.value()
        self._acting = "rolled" if values is None else "typed"
        try:
            dice = None if values is None else TypedDice(values)
            thrown = rolls.throw_courage(self._document, self._key, might, will, dice)
        finally:
            self._acting = None
        if thrown is None:
            return None
        self._pending = thrown
        self.pending_changed.emit(True)
        hero = rules.hero(self._document.battle, self._key)
        spent_might, spent_will = courage.courage_points(courage.courage_total(hero, thrown[0]), might, will)
        with QSignalBlocker(self.add_might_spin), QSignalBlocker(self.add_will_spin):
            self.add_might_spin.setRange(0, might)
            self.add_will_spin.setRange(0, will)
            self.add_might_spin.setValue(
                spent_might
            )  # the fewest that pass, Might first: the player may change it
            self.add_will_spin.setValue(spent_will)
        self._update(hero)
        return thrown[0]

    # --- slots ---------------------------------------------------------------------------------------------
    def _on_usable_changed(self, _value: int) -> None:
        self._update(rules.hero(self._document.battle, self._key) if self._key is not None else None)

    def _on_added_changed(self, _value: int) -> None:
        self._update(rules.hero(self._document.battle, self._key) if self._key is not None else None)

    def _on_roll_button_clicked(self) -> None:
        self.roll()

    def _on_dice_entry_dice_entered(self, values: tuple[int, ...]) -> None:
        self.roll_with_dice(values)

    def _on_apply_button_clicked(self) -> None:
        self.apply()

    def _on_document_refused(self, message: str) -> None:
        if self._acting == "typed":
            self.dice_entry.show_error(message)
        elif self._acting is not None:
            say(self.message_label, message)
