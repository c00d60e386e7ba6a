"""The Courage tests of a broken force (SB-07) in the resolver: the units whose models test this turn as they move,
one chosen; its exact chance first; then the dice (the program's, or the table's typed in).

A hero tests alone: its dice are shown, then the player adds Might and Will (the fewest that make it pass are
offered, Might first) and applies, as in the hero's own Courage test; a hero who passed may call "Stand fast!" at
once. Warriors add nothing: as many of them as the player says test together, two dice each, in one action. The
model says what is due and refuses what is not; the program's dice count once thrown (AR-05).
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from warband.gui.battle_document import BattleDocument
from warband.gui.systems.sbg import resolver_text as text
from warband.gui.systems.sbg import rolls
from warband.gui.widgets.dice_entry import DiceEntryWidget
from warband.gui.widgets.odds_chart import format_percent
from warband.gui.widgets.resolver_parts import big_label, colour_outcome, message_label, plain_label, say
from warband.model.dice import D6, TypedDice
from warband.model.messages import _, spoken_text
from warband.model.systems.sbg import break_tests, casualties, courage
from warband.model.systems.sbg.battle_state import SbgBattle
from warband.model.systems.sbg.casualty_commands import StandFast, StandFastPass
from warband.model.systems.sbg.warrior_play import UnitBreakRequest, unit_break_odds


def break_part(battle: SbgBattle) -> tuple[object, ...]:
    """What the panel reads: the units and their casualties, the heroes' counters, the Break point (option, when
    each force broke, the tests this turn), the turn and the phase (tests are due in the Move phase)."""
    b = battle
    return b.sides, b.entries.profiles, b.warriors, b.heroes, b.options, b.breaks, b.break_tests, b.turn, b.phase


def due_title(battle: SbgBattle, due: break_tests.DueTest) -> str:
    """ "Aline — Spearmen: 3 to test" for the choice of unit."""
    return _("{player} — {unit}: {models} to test").format(
        unit=spoken_text(due.label), player=battle.sides[due.side].player, models=due.models
    )


def nothing_due_text(battle: SbgBattle) -> str:
    """Why no test is due now: a broken force's own reason (it broke this turn, not the Move phase), else the
    rule in a sentence."""
    for side in (0, 1):
        point = casualties.break_point(battle, side)
        refusal = break_tests.side_refusal(battle, side)
        if point.broken and refusal is not None:
            return refusal.sentence
    if not battle.options.break_point:
        return _("This battle is played without the Break point (rules option).")
    return _(
        "No Courage test is due: a force that has lost half its models or more tests as its models move, from "
        "the turn after it broke."
    )


class BreakTestPanel(QGroupBox):
    """The break tests due: a unit, its chance, its dice; a hero's points added once its dice are seen."""

    pending_changed = Signal(bool)
    """A hero's dice were thrown and wait for the points to add (True), or the test was applied (False)."""
    acted = Signal()
    """Dice were thrown or applied: the outcome is to be seen."""

    def __init__(self, document: BattleDocument[SbgBattle], parent: QWidget | None = None) -> None:
        super().__init__(_("Courage tests of a broken force (SB-07)"), parent)
        self.setObjectName("breakTestPanel")
        self._document = document
        self._key: str | None = None
        self._pending: rolls.Thrown | None = None
        self._acting: str | None = None  # where a refusal goes: "typed" or "rolled"
        self._tested: str | None = None  # the hero who just passed: it may call Stand fast

        self.unit_combo = QComboBox(self)
        self.unit_combo.setObjectName("breakUnitCombo")
        self.unit_combo.setAccessibleName(_("Unit to test"))
        self.unit_combo.setPlaceholderText(_("No test due"))
        self.state_label = plain_label(self, "breakState")
        self.state_label.setWordWrap(True)
        self.models_spin = QSpinBox(self)
        self.models_spin.setObjectName("breakModelsSpin")
        self.models_spin.setAccessibleName(_("Models testing together"))
        self.models_spin.setToolTip(_("Warriors tested at once, two dice each"))
        self.might_spin = QSpinBox(self)
        self.might_spin.setObjectName("breakMightSpin")
        self.might_spin.setAccessibleName(_("Might usable on the test"))
        self.will_spin = QSpinBox(self)
        self.will_spin.setObjectName("breakWillSpin")
        self.will_spin.setAccessibleName(_("Will usable on the test"))
        self.chance_label = big_label(self, "breakChance")
        self.chance_label.setAccessibleName(_("Chance of passing"))
        self.detail_label = plain_label(self, "breakDetail")
        self.detail_label.setWordWrap(True)
        self.roll_button = QPushButton(_("Roll the test"), self)
        self.roll_button.setObjectName("breakRollButton")
        self.dice_entry = DiceEntryWidget(D6, courage.COURAGE_DICE, self, button_text=_("Use these dice"))
        self.dice_label = plain_label(self, "breakDice")
        self.dice_label.setWordWrap(True)
        self.add_might_spin = QSpinBox(self)
        self.add_might_spin.setObjectName("breakAddMightSpin")
        self.add_might_spin.setAccessibleName(_("Might added to the test"))
        self.add_will_spin = QSpinBox(self)
        self.add_will_spin.setObjectName("breakAddWillSpin")
        self.add_will_spin.setAccessibleName(_("Will added to the test"))
        self.apply_button = QPushButton(_("Apply"), self)
        self.apply_button.setObjectName("breakApplyButton")
        self.outcome_label = big_label(self, "breakOutcome", 1.2)
        self.stand_fast_button = QPushButton(_("Stand fast!"), self)
        self.stand_fast_button.setObjectName("breakStandFastButton")
        self.stand_fast_button.setToolTip(
            _('The hero who passed calls Stand fast!: models of its side within 6"/14 cm pass this turn')
        )
        self.pass_spin = QSpinBox(self)
        self.pass_spin.setObjectName("breakPassSpin")
        self.pass_spin.setAccessibleName(_("Models within range of Stand fast!"))
        self.pass_button = QPushButton(_("Pass by Stand fast!"), self)
        self.pass_button.setObjectName("breakPassButton")
        self.pass_button.setToolTip(_("These models are within range of a hero who called Stand fast!: they pass"))
        self.message_label = message_label(self, "breakMessage")

        self.form = QFormLayout()
        self.form.addRow(_("Unit:"), self.unit_combo)
        self.form.addRow(_("Models testing:"), self.models_spin)
        self.form.addRow(_("Might usable:"), self.might_spin)
        self.form.addRow(_("Will usable:"), self.will_spin)
        top = QHBoxLayout()
        top.addLayout(self.form, 1)
        chance = QVBoxLayout()
        chance.addWidget(self.chance_label)
        chance.addWidget(self.detail_label)
        top.addLayout(chance, 1)
        throw = QHBoxLayout()
        throw.addWidget(self.roll_button)
        throw.addWidget(self.dice_entry, 1)
        self.points_row = QWidget(self)
        added = QHBoxLayout(self.points_row)
        added.setContentsMargins(0, 0, 0, 0)
        added.addWidget(self.dice_label, 1)
        added.addWidget(plain_label(self.points_row, "breakAddMightLabel", _("Might:")))
        added.addWidget(self.add_might_spin)
        added.addWidget(plain_label(self.points_row, "breakAddWillLabel", _("Will:")))
        added.addWidget(self.add_will_spin)
        added.addWidget(self.apply_button)
        self.pass_row = QWidget(self)
        passing = QHBoxLayout(self.pass_row)
        passing.setContentsMargins(0, 0, 0, 0)
        passing.addWidget(plain_label(self.pass_row, "breakPassLabel", _("Models within range:")))
        passing.addWidget(self.pass_spin)
        passing.addWidget(self.pass_button)
        passing.addStretch(1)
        outcome = QHBoxLayout()
        outcome.addWidget(self.outcome_label, 1)
        outcome.addWidget(self.stand_fast_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.state_label)
        layout.addLayout(top)
        layout.addLayout(throw)
        layout.addWidget(self.points_row)
        layout.addWidget(self.pass_row)
        layout.addLayout(outcome)
        layout.addWidget(self.message_label)

        self.unit_combo.currentIndexChanged.connect(self._on_unit_combo_current_index_changed)
        for spin in (self.models_spin, self.might_spin, self.will_spin, self.add_might_spin, self.add_will_spin):
            spin.valueChanged.connect(self._on_spin_value_changed)
        self.roll_button.clicked.connect(self._on_roll_button_clicked)
        self.dice_entry.dice_entered.connect(self._on_dice_entry_dice_entered)
        self.apply_button.clicked.connect(self._on_apply_button_clicked)
        self.stand_fast_button.clicked.connect(self._on_stand_fast_button_clicked)
        self.pass_button.clicked.connect(self._on_pass_button_clicked)
        document.refused.connect(self._on_document_refused)

    # --- public --------------------------------------------------------------------------------------------
    @property
    def selected_key(self) -> str | None:
        return self._key

    @property
    def pending(self) -> tuple[int, ...]:
        """A hero's dice thrown and shown, not yet applied."""
        return self._pending[0] if self._pending is not None else ()

    def due(self) -> list[break_tests.DueTest]:
        return break_tests.tests_due(self._document.battle)

    def select_unit(self, key: str) -> bool:
        """Test this unit (a key of `tests_due`): False when it has no test due, or a hero's dice wait."""
        if self._pending is not None or key not in {d.key for d in self.due()}:
            return False
        self._choose(key)
        self.show_battle(self._document.battle)
        return True

    def show_battle(self, battle: SbgBattle) -> None:
        """The tests due now; the unit chosen kept while it is due, else the first."""
        due = break_tests.tests_due(battle)
        if self._pending is None and self._key not in {d.key for d in due}:
            self._choose(due[0].key if due else None)
        with QSignalBlocker(self.unit_combo):
            self.unit_combo.clear()
            for each in due:
                self.unit_combo.addItem(due_title(battle, each), each.key)
            self.unit_combo.setCurrentIndex(self.unit_combo.findData(self._key) if self._key is not None else -1)
        self._update()

    def roll(self) -> bool:
        """Throw the test with the program's dice: a hero's shown for its points (applied with `apply`), the
        warriors' applied at once. False when refused (told)."""
        return self._throw(None)

    def roll_with_dice(self, values: tuple[int, ...]) -> bool:
        """The dice thrown on the table: two a model, in the order thrown."""
        done = self._throw(values)
        if done:
            self.dice_entry.clear()
        return done

    def apply(self) -> bool | None:
        """Add the Might and Will chosen to the hero's dice shown: passed or not, or None (refused, or no dice)."""
        if self._key is None or self._pending is None:
            return None
        values, source = self._pending
        key = self._key
        say(self.message_label, "")
        self._acting = "rolled"
        try:
            passed = rolls.apply_break(
                self._document, key, values, self.add_might_spin.value(), self.add_will_spin.value(), source
            )
        finally:
            self._acting = None
        if passed is None:
            return None
        self._pending = None
        self.pending_changed.emit(False)
        label = spoken_text(casualties.unit_in_play(self._document.battle, key).label)
        self._tell_outcome(
            (_("{hero} passes: it may call Stand fast!") if passed else _("{hero} fails and flees.")).format(
                hero=label
            ),
            passed,
        )
        self._tested = key if passed else None
        self.show_battle(self._document.battle)
        self.acted.emit()
        return passed

    def stand_fast(self) -> bool:
        """The hero who just passed calls Stand fast! (one action of the battle); False when refused (told)."""
        if self._tested is None:
            return False
        key = self._tested
        side = casualties.unit_in_play(self._document.battle, key).side
        self._acting = "rolled"
        try:
            done = self._document.act(StandFast(key=key), side=side)
        finally:
            self._acting = None
        if done:
            self._tested = None
            self._update()
        return done

    def pass_by_stand_fast(self) -> bool:
        """The models the spin box counts pass by a Stand fast! called on their side (one action); False when
        refused (told)."""
        found = self._found()
        if found is None or self._pending is not None:
            return False
        say(self.message_label, "")
        self._acting = "rolled"
        try:
            command = StandFastPass(key=found.key, models=max(1, self.pass_spin.value()))
            done = self._document.act(command, side=found.side)
        finally:
            self._acting = None
        if done:
            self.show_battle(self._document.battle)
        return done

    # --- showing -------------------------------------------------------------------------------------------
    def _choose(self, key: str | None) -> None:
        if key != self._key:
            self._key = key
            say(self.message_label, "")
            found = casualties.unit_in_play(self._document.battle, key) if key is not None else None
            hero = found.hero if found is not None else None
            with QSignalBlocker(self.might_spin), QSignalBlocker(self.will_spin), QSignalBlocker(self.models_spin):
                self.might_spin.setRange(0, hero.might if hero else 0)
                self.might_spin.setValue(self.might_spin.maximum())
                self.will_spin.setRange(0, hero.will if hero else 0)
                self.will_spin.setValue(self.will_spin.maximum())
                left = break_tests.to_test(self._document.battle, found) if found is not None else 0
                self.models_spin.setRange(min(1, left), left)
                self.models_spin.setValue(left)  # the whole unit at once, as most tables throw

    def _found(self) -> casualties.UnitInPlay | None:
        return casualties.unit_in_play(self._document.battle, self._key) if self._key is not None else None

    def _update(self) -> None:
        battle = self._document.battle
        found = self._found()
        hero = found is not None and found.hero is not None
        warriors = found is not None and found.hero is None
        self._set_row(self.models_spin, warriors)
        self._set_row(self.might_spin, hero)
        self._set_row(self.will_spin, hero)
        self.points_row.setVisible(hero)
        if found is not None:
            left = break_tests.to_test(battle, found)
            with QSignalBlocker(self.models_spin):
                everything = self.models_spin.value() == self.models_spin.maximum()
                self.models_spin.setRange(min(1, left), left)
                if everything:
                    self.models_spin.setValue(left)
            if found.hero is not None:
                with QSignalBlocker(self.might_spin), QSignalBlocker(self.will_spin):
                    for spin, most in ((self.might_spin, found.hero.might), (self.will_spin, found.hero.will)):
                        everything = spin.value() == spin.maximum()
                        spin.setRange(0, most)
                        if everything:
                            spin.setValue(most)
        self._show_state(battle, found)
        self._show_chance(battle, found)
        may_throw = found is not None and self._pending is None
        self.roll_button.setEnabled(may_throw)
        self.dice_entry.set_apply_enabled(may_throw)
        count = courage.COURAGE_DICE * (self.models_spin.value() if warriors else 1)
        self.dice_entry.set_dice(D6, max(courage.COURAGE_DICE, count))
        for widget in (self.unit_combo, self.models_spin, self.might_spin, self.will_spin):
            widget.setEnabled(self._pending is None and found is not None)
        self._show_pending(found)
        covered = found is not None and bool(casualties.break_point(battle, found.side).stand_fast)
        self.pass_row.setVisible(covered)
        if found is not None and covered:
            left = break_tests.to_test(battle, found)
            with QSignalBlocker(self.pass_spin):
                self.pass_spin.setRange(min(1, left), left)
        self.pass_row.setEnabled(covered and self._pending is None)
        tested = self._tested
        may_call = tested is not None and break_tests.stand_fast_refusal(battle, tested) is None
        self.stand_fast_button.setVisible(may_call)

    def _set_row(self, field: QWidget, shown: bool) -> None:
        self.form.setRowVisible(field, shown)

    def _show_state(self, battle: SbgBattle, found: casualties.UnitInPlay | None) -> None:
        if found is None:
            self.state_label.setText(nothing_due_text(battle))
            return
        left = break_tests.to_test(battle, found)
        point = casualties.break_point(battle, found.side)
        courage_value = found.profile.courage if found.profile is not None else None
        shown = "?" if courage_value is None else str(courage_value)
        if found.hero is not None:
            sentence = _(
                "{player}'s force is broken: {unit} tests as it moves, Courage {courage}: two dice + {courage}, "
                "{target} or more passes"
            )
        else:
            sentence = _(
                "{player}'s force is broken: {unit} has {left} of {models} models to test as they move, Courage "
                "{courage}: two dice + {courage}, {target} or more passes"
            )
        line = sentence.format(
            player=battle.sides[found.side].player,
            unit=spoken_text(found.label),
            left=left,
            models=found.in_play,
            courage=shown,
            target=courage.COURAGE_PASS,
        )
        if point.stand_fast:
            callers = ", ".join(spoken_text(casualties.unit_in_play(battle, k).label) for k in point.stand_fast)
            line += " " + _("Stand fast! called by {heroes}: models within range pass.").format(heroes=callers)
        self.state_label.setText(line)

    def _show_chance(self, battle: SbgBattle, found: casualties.UnitInPlay | None) -> None:
        if found is None or found.profile is None:
            self.chance_label.clear()
            self.detail_label.clear()
            return
        if found.hero is not None:
            points = self.might_spin.value() + self.will_spin.value()
            self.chance_label.setText(text.odds_text(courage.courage_chance(found.profile.courage, points)))
            self.detail_label.setText(_("with up to {points} Might and Will added").format(points=points))
            return
        models = max(1, self.models_spin.value())
        odds = unit_break_odds(battle, UnitBreakRequest(found.key, models))
        self.chance_label.setText(text.odds_text(odds.each))
        self.detail_label.setText(
            _("each model; all {models} pass: {all}; expected to flee: {fleeing}").format(
                models=models, all=format_percent(odds.all_pass), fleeing=f"{float(odds.fleeing):.1f}"
            )
        )

    def _show_pending(self, found: casualties.UnitInPlay | None) -> None:
        values = self.pending
        waiting = found is not None and found.hero is not None and bool(values)
        for widget in (self.add_might_spin, self.add_will_spin, self.apply_button):
            widget.setEnabled(waiting)
        if not waiting or found is None or found.profile is None:
            with QSignalBlocker(self.add_might_spin), QSignalBlocker(self.add_will_spin):
                self.add_might_spin.setRange(0, 0)
                self.add_will_spin.setRange(0, 0)
            self.dice_label.setText(_("No dice thrown yet") if found is not None and found.hero else "")
            return
        total = break_tests.break_total(found, values)
        added = total + self.add_might_spin.value() + self.add_will_spin.value()
        verdict = _("passes") if added >= courage.COURAGE_PASS else _("fails and flees")
        self.dice_label.setText(
            _("Rolled {dice} + Courage {courage} = {total}; with the points added {added}: {verdict}").format(
                dice=" + ".join(map(str, values)),
                courage=found.profile.courage,
                total=total,
                added=added,
                verdict=verdict,
            )
        )

    def _tell_outcome(self, sentence: str, passed: bool) -> None:
        self.outcome_label.setText(sentence)
        colour_outcome(self.outcome_label, passed)

    # --- acting --------------------------------------------------------------------------------------------
    def _throw(self, values: tuple[int, ...] | None) -> bool:
        found = self._found()
        if found is None or self._pending is not None:
            return False
        say(self.message_label, "")
        self.outcome_label.clear()
        self._tested = None
        dice = None if values is None else TypedDice(values)
        self._acting = "rolled" if values is None else "typed"
        try:
            if found.hero is None:
                return self._roll_warriors(found, dice)
            might, will = self.might_spin.value(), self.will_spin.value()
            thrown = rolls.throw_break(self._document, found.key, might, will, dice)
        finally:
            self._acting = None
        if thrown is None:
            return False
        self._pending = thrown
        self.pending_changed.emit(True)
        spent = courage.courage_points(break_tests.break_total(found, thrown[0]), might, will)
        with QSignalBlocker(self.add_might_spin), QSignalBlocker(self.add_will_spin):
            self.add_might_spin.setRange(0, might)
            self.add_will_spin.setRange(0, will)
            self.add_might_spin.setValue(spent[0])  # the fewest that pass, Might first: the player may change it
            self.add_will_spin.setValue(spent[1])
        self._update()
        self.acted.emit()
        return True

    def _roll_warriors(self, found: casualties.UnitInPlay, dice: TypedDice | None) -> bool:
        models = self.models_spin.value()
        roll = self._document.roll(UnitBreakRequest(found.key, models), dice)
        if roll is None:
            return False
        passed, fled = roll.outcome
        sentence = _("{unit}: {passed} of {models} pass, {fled} flee.").format(
            unit=spoken_text(found.label), passed=passed, models=models, fled=fled
        )
        self._tell_outcome(sentence, fled == 0)
        self.show_battle(self._document.battle)
        self.acted.emit()
        return True

    # --- slots ---------------------------------------------------------------------------------------------
    def _on_unit_combo_current_index_changed(self, index: int) -> None:
        key = self.unit_combo.itemData(index)
        if isinstance(key, str):
            self.select_unit(key)

    def _on_spin_value_changed(self, _value: int) -> None:
        self._update()

    def _on_roll_button_clicked(self) -> None:
        self.roll()

    def _on_dice_entry_dice_entered(self, values: tuple[int, ...]) -> None:
        self.roll_with_dice(values)

    def _on_apply_button_clicked(self) -> None:
        self.apply()

    def _on_stand_fast_button_clicked(self) -> None:
        self.stand_fast()

    def _on_pass_button_clicked(self) -> None:
        self.pass_by_stand_fast()

    def _on_document_refused(self, message: str) -> None:
        if self._acting == "typed":
            self.dice_entry.show_error(message)
        elif self._acting is not None:
            say(self.message_label, message)
