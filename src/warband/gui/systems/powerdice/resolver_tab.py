"""The power-dice Resolver tab: a caster casts a spell (PD-05 … PD-08), the exact odds shown first.

The tab decides nothing: `cast_problems` says whether the casting may be made, `helpers` who may give dice,
`casting_odds` the odds; the document rolls (or takes the table's dice), applies and logs the casting.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QAbstractButton, QVBoxLayout, QWidget

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.systems.powerdice import battle_parts as parts
from warband.gui.systems.powerdice import resolver_view as view
from warband.gui.systems.powerdice.cast_form import CastForm, plain_label
from warband.gui.systems.powerdice.resolver_panels import CastOddsPanel, CastOutcomePanel
from warband.gui.systems.powerdice.shared_screen import visible_marker
from warband.gui.widgets.choice_wrap import wrap_choices
from warband.gui.widgets.panes import Arrangement, Panes, PaneSplitter, wrap_forms
from warband.gui.widgets.refresh_when_shown import RefreshWhenShown
from warband.model.army import Problem
from warband.model.dice import Dice, TypedDice
from warband.model.messages import _
from warband.model.systems.powerdice import battle_rules as rules
from warband.model.systems.powerdice.battle_state import PowerDiceBattle


class PowerDiceResolverTab(RefreshWhenShown):
    """Choose a caster, a spell, a target, its dice and its helpers' gifts; see the limits, the problems and the
    odds; cast with the program's dice or type the table's.

    Shortcuts, while the tab has the focus: Ctrl+R casts with the program's dice, Ctrl+E goes to the dice typed
    from the table (Enter uses them). When the segment changes, or after a casting, the first caster who may
    cast now is selected; any other caster may be chosen meanwhile (its problems say why it cannot cast).
    """

    def __init__(self, document: BattleDocument[PowerDiceBattle], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("powerDiceResolverTab")
        self._document = document
        self._key: str | None = None
        self._spell: str | None = None
        self._fresh = True
        self._seen: tuple[int, str] | None = None  # the turn and step last shown
        self._problems: list[Problem] = []
        self._outcome: rules.CastOutcome | None = None
        self._outcome_target = ""
        self._outcome_typed = False
        self._outcome_step = 0  # the log step of the last casting, to tell when it is undone
        self._acting: str | None = None  # where a refusal from the document goes: "typed" or "rolled"

        self.step_label = plain_label(self, "stepLabel")
        bold = self.step_label.font()
        bold.setBold(True)
        self.step_label.setFont(bold)
        self.form = CastForm(self)
        self.odds_panel = CastOddsPanel(self)
        self.outcome_panel = CastOutcomePanel(self)
        # the parts tests and the window reach for, by their role
        self.caster_combo = self.form.caster_combo
        self.spell_combo = self.form.spell_combo
        self.target_edit = self.form.target_edit
        self.dice_spin = self.form.dice_spin
        self.helpers_box = self.form.helpers_box
        self.near_check = self.helpers_box.near_check
        self.wait_note = self.form.wait_note
        self.limit_label = self.form.limit_label
        self.problems_label = self.form.problems_label
        self.cast_button = self.form.cast_button
        self.dice_entry = self.form.dice_entry
        self.odds_label = self.odds_panel.odds_label
        self.chart = self.odds_panel.chart
        self.outcome_label = self.outcome_panel.outcome_label

        self._shortcut(self.cast_button, "Ctrl+R", _("Cast with the program's dice"))
        self._shortcut(self.dice_entry.apply_button, "Ctrl+E", _("Type the dice thrown on the table, then Enter"))
        middle = PaneSplitter(Qt.Orientation.Horizontal, self)
        middle.setObjectName("resolverColumns")
        middle.addWidget(self.form)
        middle.addWidget(self.odds_panel)
        middle.setStretchFactor(0, 5)
        middle.setStretchFactor(1, 4)
        middle.setChildrenCollapsible(False)
        self.panes = Panes(middle, [self.form, self.odds_panel], self, heights=False)
        """The casting beside its odds while both fit; one at a time, the labels above their fields, otherwise."""
        self.panes.arranged.connect(self._on_panes_arranged)
        wrap_choices(self)  # a long choice on two lines, never cut
        layout = QVBoxLayout(self)
        layout.addWidget(self.step_label)
        layout.addWidget(middle, 1)
        layout.addWidget(self.panes, 1)  # in the columns' place when they do not fit
        layout.addWidget(self.outcome_panel)

        self.caster_combo.currentIndexChanged.connect(self._on_caster_combo_current_index_changed)
        self.spell_combo.currentIndexChanged.connect(self._on_spell_combo_current_index_changed)
        self.dice_spin.valueChanged.connect(self._on_dice_spin_value_changed)
        self.helpers_box.gifts_changed.connect(self._on_helpers_box_gifts_changed)
        self.cast_button.clicked.connect(self._on_cast_button_clicked)
        self.dice_entry.dice_entered.connect(self._on_dice_entry_dice_entered)
        document.changed.connect(self._on_document_changed)
        document.refused.connect(self._on_document_refused)
        document.log_changed.connect(self._on_document_log_changed)
        self._refresh()

    def _shortcut(self, button: QAbstractButton, keys: str, description: str) -> None:
        sequence = QKeySequence(keys)
        shortcut = QShortcut(sequence, self, context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        if button is self.dice_entry.apply_button:
            shortcut.activated.connect(self._on_dice_shortcut_activated)
        else:
            shortcut.activated.connect(button.click)  # a disabled button ignores it
            button.setAccessibleName(description)
        button.setToolTip(f"{description} ({sequence.toString(QKeySequence.SequenceFormat.NativeText)})")

    def _on_panes_arranged(self) -> None:
        wrap_forms(self.form, self.panes.arrangement is Arrangement.ONE_AT_A_TIME)  # labels above: more room
        wrap_choices(self)

    # --- public --------------------------------------------------------------------------------------------
    @property
    def selected_key(self) -> str | None:
        return self._key

    @property
    def selected_spell(self) -> str | None:
        return self._spell

    @property
    def problems(self) -> list[Problem]:
        """Why the casting as chosen now may not be made (empty: it may)."""
        return list(self._problems)

    def select_caster(self, key: str) -> None:
        """Show this caster's casting: its first spell, as many dice as allowed, no gifts, nothing confirmed."""
        battle = self._document.battle
        self._seen = (battle.turn, battle.step)  # a segment change not shown yet must not undo this choice
        self._key = key
        self._spell = None
        self._fresh = True
        self._refresh()

    def request(self) -> rules.CastRequest | None:
        """The casting as chosen now, or None when there is no caster or no spell."""
        if self._key is None or self._spell is None or self._document.battle.step not in view.CASTING_STEPS:
            return None
        incantation = self._document.battle.step == "B3"
        return rules.CastRequest(
            key=self._key,
            spell=self._spell,
            dice=self.dice_spin.value(),
            gifts=self.helpers_box.gifts() if incantation else {},
            helpers_near=incantation and self.helpers_box.helpers_near(),
            target=self.target_edit.text().strip(),
        )

    def cast(self) -> rules.CastOutcome | None:
        """Cast with the program's dice; None when the casting is not ready or was refused (the reason shown)."""
        return self._cast(None)

    def cast_with_dice(self, values: tuple[int, ...]) -> rules.CastOutcome | None:
        """Cast with the dice thrown on the table; dice the casting cannot use are refused and change nothing."""
        outcome = self._cast(TypedDice(values))
        if outcome is not None:
            self.dice_entry.clear()
        return outcome

    # --- showing -------------------------------------------------------------------------------------------
    def _refresh(self) -> None:
        """Lists, bounds and choices from the battle as it is now; then the casting's problems and odds."""
        battle = self._document.battle
        seen = (battle.turn, battle.step)
        if seen != self._seen:  # another segment: start from whoever may cast in it
            self._seen = seen
            self._key = None
        now, others = view.ordered_casters(battle)
        everyone = [*now, *others]
        if self._key not in {c.key for c in everyone}:
            self._key = everyone[0].key if everyone else None
            self._spell = None
            self._fresh = True
        chosen = next((c for c in everyone if c.key == self._key), None)
        markers = {c.key: visible_marker(battle, c.key) for c in everyone}
        self.form.show_casters(battle, now, others, markers, self._key)
        spells = view.castable_spells(battle, chosen) if chosen else []
        if self._spell not in {s.id for s in spells}:
            self._spell = spells[0].id if spells else None
        self.form.show_spells(spells, self._spell)
        casting = battle.step in view.CASTING_STEPS
        offered = rules.helpers(battle, chosen.key) if chosen and battle.step == "B3" else []
        self.form.show_dice(battle, chosen if casting else None, offered, fresh=self._fresh)
        self._fresh = False
        self.step_label.setText(view.step_message(battle))
        self.form.setEnabled(casting and chosen is not None)
        self._update_casting()
        self._show_outcome()

    def _update_casting(self) -> None:
        """The limits, the problems with the casting as chosen, its odds and chart, and what may be pressed."""
        battle = self._document.battle
        request = self.request()
        if request is None:
            self._problems = []
            self.form.show_problems([])
            self.limit_label.clear()
            self.form.set_ready(False, 1)
            casting = battle.step in view.CASTING_STEPS
            self.odds_panel.clear("" if casting else view.step_message(battle))
            return
        chosen = rules.caster(battle, request.key)
        self._problems = rules.cast_problems(battle, request)
        self.form.show_problems(self._problems)
        given = request.total - request.dice
        self.limit_label.setText(view.limit_text(battle, chosen, request.dice, given))
        self.form.set_ready(not self._problems, request.total)
        odds = rules.casting_odds(battle, request)  # once per update: the chance and the chart's bars
        if odds is None:
            self.odds_panel.clear()
        else:
            self.odds_panel.show_casting(odds)

    def _show_outcome(self) -> None:
        outcome = self._outcome
        undone = False
        if outcome is not None:
            for entry in reversed(self._document.run.log):  # the casting is among the last lines
                if entry.step == self._outcome_step:
                    undone = entry.undone
                    break
        self.outcome_panel.show_outcome(outcome, self._outcome_target, typed=self._outcome_typed, undone=undone)

    # --- acting --------------------------------------------------------------------------------------------
    def _cast(self, dice: Dice | None) -> rules.CastOutcome | None:
        request = self.request()
        if request is None or self._problems:
            return None
        self.outcome_panel.show_message("")
        self._acting = "rolled" if dice is None else "typed"
        try:
            roll = self._document.roll(request, dice)  # the rule runs once; the journal keeps its dice (PD-08)
        finally:
            self._acting = None
        if roll is None:
            return None
        outcome: rules.CastOutcome = roll.outcome
        log = self._document.run.log
        self._outcome = outcome
        self._outcome_target = request.target
        self._outcome_typed = dice is not None
        self._outcome_step = log[-1].step if log else 0
        battle = self._document.battle
        if not view.may_cast_now(battle, rules.caster(battle, request.key)):
            self._key = None  # done: on to whoever may cast next
            self._refresh()
        else:
            self._show_outcome()
        return outcome

    # --- slots ---------------------------------------------------------------------------------------------
    def _on_document_changed(self, change: Change[PowerDiceBattle]) -> None:
        """A change of what a casting reads refreshes the tab, once it shows; any other (a lasting spell removed,
        the initiative) leaves it alone, and does not make it catch up."""
        if not change.touched(parts.resolver) or self.deferred_while_hidden():
            return
        self._refresh()

    def catch_up(self) -> None:
        """Shown again after the battle changed behind another tab."""
        self._refresh()

    def _on_document_log_changed(self) -> None:
        if self._outcome is not None and not self._stale:
            self._show_outcome()  # undo marks the casting's line after the battle changed

    def _on_document_refused(self, text: str) -> None:
        if self._acting == "typed":
            self.dice_entry.show_error(text)
        elif self._acting is not None:
            self.outcome_panel.show_message(text)

    def _on_caster_combo_current_index_changed(self, index: int) -> None:
        key = self.caster_combo.itemData(index)
        if isinstance(key, str):
            self.select_caster(key)

    def _on_spell_combo_current_index_changed(self, index: int) -> None:
        spell = self.spell_combo.itemData(index)
        if isinstance(spell, str):
            self._spell = spell
            self._update_casting()

    def _on_dice_spin_value_changed(self, _value: int) -> None:
        self._update_casting()

    def _on_helpers_box_gifts_changed(self) -> None:
        self._update_casting()

    def _on_cast_button_clicked(self) -> None:
        self.cast()

    def _on_dice_entry_dice_entered(self, values: tuple[int, ...]) -> None:
        self.cast_with_dice(values)

    def _on_dice_shortcut_activated(self) -> None:
        self.dice_entry.edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.dice_entry.edit.selectAll()
