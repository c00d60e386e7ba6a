"""Will (SB-03): a hero casts one of its spells (a die against its casting value) or resists a spell (a die
against the caster's score), with one Will die — or several, when the battle's rules option allows — and Might
added; the exact chance first, then the program's dice or the table's."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from warband.gui.battle_document import BattleDocument
from warband.gui.systems.sbg import resolver_text as text
from warband.gui.widgets.dice_entry import DiceEntryWidget
from warband.gui.widgets.odds_chart import OddsChartWidget
from warband.gui.widgets.resolver_parts import (
    big_label,
    colour_outcome,
    message_label,
    note_label,
    plain_label,
    say,
)
from warband.model.dice import D6, Dice, TypedDice
from warband.model.messages import _
from warband.model.systems.sbg import battle_rules as rules
from warband.model.systems.sbg.battle_state import SbgBattle
from warband.model.systems.sbg.play import WillRequest


class WillPanel(QGroupBox):
    """Cast or resist: what is needed, how many Will dice and how much Might, the odds, and the roll."""

    def __init__(self, document: BattleDocument[SbgBattle], parent: QWidget | None = None) -> None:
        super().__init__(_("Will: cast or resist a spell (SB-03)"), parent)
        self.setObjectName("willPanel")
        self._document = document
        self._key: str | None = None
        self._acting: str | None = None  # where a refusal goes: "typed" or "rolled"

        self.cast_radio = QRadioButton(_("Cast"), self)
        self.cast_radio.setObjectName("willCastRadio")
        self.cast_radio.setChecked(True)
        self.resist_radio = QRadioButton(_("Resist"), self)
        self.resist_radio.setObjectName("willResistRadio")
        self._mode = QButtonGroup(self)
        self._mode.addButton(self.cast_radio)
        self._mode.addButton(self.resist_radio)
        self.spell_combo = QComboBox(self)
        self.spell_combo.setObjectName("willSpellCombo")
        self.spell_combo.setAccessibleName(_("Spell"))
        self.spell_combo.setPlaceholderText(_("This hero knows no spell"))
        self.caster_spin = QSpinBox(self)
        self.caster_spin.setObjectName("willCasterSpin")
        self.caster_spin.setAccessibleName(_("The caster's score"))
        self.caster_spin.setRange(1, 6)
        self.caster_spin.setValue(4)
        self.dice_spin = QSpinBox(self)
        self.dice_spin.setObjectName("willDiceSpin")
        self.dice_spin.setAccessibleName(_("Will dice"))
        self.dice_spin.setRange(1, 1)
        self.might_spin = QSpinBox(self)
        self.might_spin.setObjectName("willMightSpin")
        self.might_spin.setAccessibleName(_("Might to add"))
        self.dice_note = note_label(self, "willDiceNote")
        self.chance_label = big_label(self, "willChance")
        self.chance_label.setAccessibleName(_("Chance of success"))
        self.detail_label = plain_label(self, "willDetail")
        self.chart = OddsChartWidget(self, x_title=_("Result"), summary=False)
        self.chart.setMinimumHeight(120)
        self.problem_label = message_label(self, "willProblem")
        self.roll_button = QPushButton(_("Roll the Will dice"), self)
        self.roll_button.setObjectName("willRollButton")
        self.dice_entry = DiceEntryWidget(D6, 1, self, button_text=_("Use these dice"))
        self.outcome_label = big_label(self, "willOutcome", 1.2)
        self.message_label = message_label(self, "willMessage")

        modes = QHBoxLayout()
        modes.addWidget(self.cast_radio)
        modes.addWidget(self.resist_radio)
        modes.addStretch(1)
        self.form = QFormLayout()
        self.form.addRow(modes)
        self.form.addRow(_("Spell:"), self.spell_combo)
        self.form.addRow(_("Caster's score:"), self.caster_spin)
        self.form.addRow(_("Will dice:"), self.dice_spin)
        self.form.addRow(_("Might to add:"), self.might_spin)
        self.form.addRow(self.dice_note)
        odds = QVBoxLayout()
        odds.addWidget(self.chance_label)
        odds.addWidget(self.detail_label)
        odds.addWidget(self.chart, 1)
        top = QHBoxLayout()
        top.addLayout(self.form, 1)
        top.addLayout(odds, 1)
        rolls = QHBoxLayout()
        rolls.addWidget(self.roll_button)
        rolls.addWidget(self.dice_entry, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top, 1)
        layout.addWidget(self.problem_label)
        layout.addLayout(rolls)
        layout.addWidget(self.outcome_label)
        layout.addWidget(self.message_label)

        self._mode.buttonToggled.connect(self._on_mode_button_toggled)
        self.spell_combo.currentIndexChanged.connect(self._on_input_changed)
        self.caster_spin.valueChanged.connect(self._on_input_changed)
        self.dice_spin.valueChanged.connect(self._on_input_changed)
        self.might_spin.valueChanged.connect(self._on_input_changed)
        self.roll_button.clicked.connect(self._on_roll_button_clicked)
        self.dice_entry.dice_entered.connect(self._on_dice_entry_dice_entered)
        document.refused.connect(self._on_document_refused)
        self._show_mode()

    # --- public --------------------------------------------------------------------------------------------
    @property
    def resisting(self) -> bool:
        return self.resist_radio.isChecked()

    def need(self) -> int | None:
        """The score the highest Will die (with Might) must reach: the casting value, or the caster's score."""
        if self.resisting:
            return self.caster_spin.value()
        casting = self.spell_combo.currentData()
        return casting if isinstance(casting, int) else None

    def show_hero(self, battle: SbgBattle, key: str | None) -> None:
        """The hero casting or resisting (None: no hero); the spell list and the limits follow its counters."""
        hero = rules.hero(battle, key) if key is not None else None
        if key != self._key:
            self._key = key
            say(self.message_label, "")
            self.outcome_label.clear()
            self._show_spells(battle, hero)
        several = battle.options.will_dice == "several"
        with QSignalBlocker(self.dice_spin), QSignalBlocker(self.might_spin):
            self.dice_spin.setRange(1, max(1, hero.state.will) if hero is not None and several else 1)
            self.might_spin.setRange(0, hero.state.might if hero is not None else 0)
        self.dice_spin.setEnabled(several)
        self.dice_note.setText(
            _("Several Will dice may be rolled at once; the highest counts (rules option).")
            if several
            else _("One Will point and one die per attempt (several dice: a rules option, off in this battle).")
        )
        self._update()

    def roll(self) -> bool | None:
        """Cast or resist with the program's dice: the outcome, or None when refused (the reason shown)."""
        return self._attempt(None)

    def roll_with_dice(self, values: tuple[int, ...]) -> bool | None:
        """Cast or resist with the dice thrown on the table."""
        outcome = self._attempt(TypedDice(values))
        if outcome is not None:
            self.dice_entry.clear()
        return outcome

    # --- showing -------------------------------------------------------------------------------------------
    def _show_spells(self, battle: SbgBattle, hero: rules.HeroModel | None) -> None:
        with QSignalBlocker(self.spell_combo):
            self.spell_combo.clear()
            for _spell, casting, label in text.spell_choices(battle, hero) if hero is not None else []:
                self.spell_combo.addItem(label, casting)
            self.spell_combo.setCurrentIndex(0 if self.spell_combo.count() else -1)
        knows = self.spell_combo.count() > 0
        self.cast_radio.setEnabled(knows)
        # another hero: casting when it knows a spell; otherwise it may still resist one
        (self.cast_radio if knows else self.resist_radio).setChecked(True)

    def _show_mode(self) -> None:
        self.form.setRowVisible(self.spell_combo, not self.resisting)
        self.form.setRowVisible(self.caster_spin, self.resisting)

    def _update(self) -> None:
        battle = self._document.battle
        need = self.need()
        dice, might = self.dice_spin.value(), self.might_spin.value()
        self.dice_entry.set_dice(D6, dice)
        problem = text.will_problem(battle, self._key, dice) if self._key is not None else None
        say(self.problem_label, text.refusal_text(problem) if problem is not None else "")
        if need is None:
            self.chance_label.setText(_("No spell to cast"))
            self.detail_label.setText(_("This hero knows no spell; it may still resist one."))
            self.chart.clear()
        else:
            chance = rules.will_chance(need, dice, might)
            self.chance_label.setText(text.odds_text(chance))
            self.detail_label.setText(text.will_detail(need, dice, might, resisting=self.resisting))
            success_from = max(0, min(6, need - might - 1))
            self.chart.set_distribution(text.will_bars(dice, might), success_from)
        ready = self._key is not None and need is not None and problem is None
        self.roll_button.setEnabled(ready)
        self.dice_entry.set_apply_enabled(ready)

    # --- acting --------------------------------------------------------------------------------------------
    def _attempt(self, dice: Dice | None) -> bool | None:
        need = self.need()
        if self._key is None or need is None or self.problem_label.text():
            return None  # the reason is shown already
        say(self.message_label, "")
        self._acting = "rolled" if dice is None else "typed"
        try:
            request = WillRequest(
                self._key, need, self.dice_spin.value(), self.might_spin.value(), resisting=self.resisting
            )
            roll = self._document.roll(request, dice)
            outcome: bool | None = None if roll is None else roll.outcome
        finally:
            self._acting = None
        if outcome is None:
            return None
        entry = self._document.run.log[-1] if self._document.run.log else None
        rolled = text.dice_text(entry.dice) if entry is not None else ""
        if self.resisting:
            template = _("Resisted ({dice})") if outcome else _("Failed to resist ({dice})")
        else:
            template = _("Cast ({dice})") if outcome else _("Failed to cast ({dice})")
        self.outcome_label.setText(template.format(dice=rolled))
        colour_outcome(self.outcome_label, outcome)
        return outcome

    # --- slots ---------------------------------------------------------------------------------------------
    def _on_mode_button_toggled(self, _button: object, checked: bool) -> None:
        if checked:
            self._show_mode()
            self._update()

    def _on_input_changed(self, _value: int) -> None:
        self._update()

    def _on_roll_button_clicked(self) -> None:
        self.roll()

    def _on_dice_entry_dice_entered(self, values: tuple[int, ...]) -> None:
        self.roll_with_dice(values)

    def _on_document_refused(self, message: str) -> None:
        if self._acting == "typed":
            self.dice_entry.show_error(message)
        elif self._acting is not None:
            say(self.message_label, message)
