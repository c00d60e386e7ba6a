"""The Resolver tab: a Faithful calls a miracle (CF-09 … CF-12, CF-17 … CF-19), the exact odds shown first.

The tab decides nothing: `call_problems` says whether the call may be made, `divination_success` and
`divination_distribution` give the odds, and the document rolls, applies and logs the call (AR-05).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QAbstractButton, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.systems.confrontation import resolver_divination_view as view
from warband.gui.systems.confrontation.divination_order import order_of
from warband.gui.systems.confrontation.resolver_call_form import CallForm, plain_label
from warband.gui.systems.confrontation.resolver_odds_panel import OddsPanel
from warband.gui.systems.confrontation.resolver_outcome_panel import OutcomePanel
from warband.gui.widgets.choice_wrap import wrap_choices
from warband.gui.widgets.panes import Arrangement, Panes, PaneSplitter, wrap_forms
from warband.gui.widgets.refresh_when_shown import RefreshWhenShown
from warband.model.army import Problem
from warband.model.dice import Dice, DiceError, TypedDice
from warband.model.messages import _
from warband.model.session import RefusedError
from warband.model.systems.confrontation import battle_calls as calls
from warband.model.systems.confrontation import battle_rules as rules
from warband.model.systems.confrontation.battle_commands import SetModelFlag
from warband.model.systems.confrontation.battle_state import ConfrontationBattle
from warband.model.systems.confrontation.schema import Miracle


def _shown(battle: ConfrontationBattle) -> tuple[object, ...]:
    """What a call reads: the phase (CF-08), the Faithful and their miracles, the catalog entries, the models'
    states, the Divination order (tie orders, Tactical winner) and the options (odds, CF-19)."""
    return (battle.phase, battle.sides, battle.entries, battle.models, battle.tactical_winner, battle.options)


class ResolverTab(RefreshWhenShown):
    """Choose a Faithful, a miracle, the fervour; see the odds and what stands in the way; roll or type the dice.

    Shortcuts, while the tab has the focus: Ctrl+R rolls, Ctrl+E goes to the dice typed from the table (Enter
    uses them), Ctrl+D is done with this Faithful. Whenever the Divination order moves on, its current Faithful
    is selected; any other Faithful in play may be chosen meanwhile.
    """

    def __init__(self, document: BattleDocument[ConfrontationBattle], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("resolverTab")
        self._document = document
        self._key: str | None = None
        self._miracle: str | None = None
        self._choices_for: tuple[str, str] | None = None
        self._order_current: str | None = None
        self._outcome: calls.Outcome | None = None
        self._outcome_typed = False
        self._acting: str | None = None  # where a refusal from the document goes: "typed", "rolled", "done"
        self._problems: list[Problem] = []

        self.order_label = plain_label(self, "orderLabel")
        self.form = CallForm(self)
        self.odds_panel = OddsPanel(self)
        self.outcome_panel = OutcomePanel(self)
        self.done_button = QPushButton(_("Done with this Faithful"), self)
        self.done_button.setObjectName("doneButton")
        # the parts tests and the window reach for, by their role
        self.faithful_combo = self.form.faithful_combo
        self.miracle_combo = self.form.miracle_combo
        self.fervour_spin = self.form.fervour_spin
        self.difficulty_spin = self.form.difficulty_spin
        self.sight_check = self.form.sight_check
        self.problems_label = self.form.problems_label
        self.roll_button = self.form.roll_button
        self.dice_entry = self.form.dice_entry
        self.odds_label = self.odds_panel.odds_label
        self.chart = self.odds_panel.chart
        self.outcome_label = self.outcome_panel.outcome_label

        self._shortcut(self.roll_button, "Ctrl+R", _("Roll the program's dice"))
        self._shortcut(self.dice_entry.apply_button, "Ctrl+E", _("Type the dice thrown on the table, then Enter"))
        self._shortcut(self.done_button, "Ctrl+D", _("Move on to the next Faithful in the Divination order"))
        middle = PaneSplitter(Qt.Orientation.Horizontal, self)
        middle.setObjectName("resolverColumns")
        middle.addWidget(self.form)
        middle.addWidget(self.odds_panel)
        middle.setStretchFactor(0, 1)
        middle.setStretchFactor(1, 1)
        middle.setChildrenCollapsible(False)
        self.panes = Panes(middle, [self.form, self.odds_panel], self, heights=False)
        """The call beside its odds while both fit; one at a time, the labels above their fields, otherwise."""
        self.panes.arranged.connect(self._on_panes_arranged)
        wrap_choices(self)  # a long choice on two lines, never cut
        bottom = QHBoxLayout()
        bottom.addStretch(1)
        bottom.addWidget(self.done_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.order_label)
        layout.addWidget(middle, 1)
        layout.addWidget(self.panes, 1)  # in the columns' place when they do not fit
        layout.addWidget(self.outcome_panel)
        layout.addLayout(bottom)

        self.faithful_combo.currentIndexChanged.connect(self._on_faithful_combo_current_index_changed)
        self.miracle_combo.currentIndexChanged.connect(self._on_miracle_combo_current_index_changed)
        self.fervour_spin.valueChanged.connect(self._on_fervour_spin_value_changed)
        self.difficulty_spin.valueChanged.connect(self._on_difficulty_spin_value_changed)
        self.sight_check.toggled.connect(self._on_sight_check_toggled)
        self.roll_button.clicked.connect(self._on_roll_button_clicked)
        self.dice_entry.dice_entered.connect(self._on_dice_entry_dice_entered)
        self.done_button.clicked.connect(self._on_done_button_clicked)
        document.changed.connect(self._on_document_changed)
        document.refused.connect(self._on_document_refused)
        self._catch_up_now()

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
    def selected_miracle(self) -> str | None:
        return self._miracle

    @property
    def problems(self) -> list[Problem]:
        """Why the call as chosen now may not be made (empty: it may)."""
        return list(self._problems)

    def select_faithful(self, key: str) -> None:
        """Show this Faithful's calls: its first miracle left, the minimum fervour, the sight not confirmed."""
        self._key = key
        self._miracle = None
        self._refresh()

    def request(self) -> calls.CallRequest | None:
        """The call as chosen now, or None when there is no Faithful or no miracle to call."""
        if self._key is None or self._miracle is None:
            return None
        miracle = self._document.battle.entries.miracles.get(self._miracle)
        return calls.CallRequest(
            self._key,
            self._miracle,
            self.fervour_spin.value(),
            self.sight_check.isChecked(),
            self.form.difficulty(miracle),
        )

    def roll(self) -> calls.Outcome | None:
        """Call with the program's dice; None when the call is not ready or was refused (the reason shown)."""
        request = self.request()
        if request is None or self._problems:
            return None
        return self._call(request, None)

    def call_with_dice(self, values: tuple[int, ...]) -> calls.Outcome | None:
        """Call with the dice thrown on the table; dice the roll cannot use are refused and change nothing."""
        request = self.request()
        if request is None or self._problems:
            return None
        probe = TypedDice(values)
        try:
            calls.call_miracle(self._document.battle, request, probe)  # a pure trial: how many dice it takes
        except (RefusedError, DiceError):
            pass  # the document refuses it the same way, with the reason
        else:
            if probe.remaining:  # dice left over would be dropped without a word
                used = len(values) - len(probe.remaining)
                code = "dice.count_one" if used == 1 else "dice.count_many"
                self.dice_entry.show_error(DiceError(code, expected=used, given=len(values)).sentence)
                return None
        outcome = self._call(request, TypedDice(values))
        if outcome is not None:
            self.dice_entry.clear()
        return outcome

    # --- showing -------------------------------------------------------------------------------------------
    def _refresh(self) -> None:
        """Lists, bounds and choices from the battle as it is now; then the call's problems and odds."""
        battle = self._document.battle
        faithful = [m for m in rules.models(battle) if m.faithful and m.in_play]
        keys = [m.key for m in faithful]
        if self._key not in keys:
            self._key = self._order_current if self._order_current in keys else (keys[0] if keys else None)
            self._miracle = None
        self.form.show_faithful(battle, faithful, self._key)
        chosen = next((m for m in faithful if m.key == self._key), None)
        left = rules.left_to_call(chosen) if chosen else []
        if self._miracle not in left:  # the first the catalogs know (AR-02: the others cannot be called)
            known = [mid for mid in left if mid in battle.entries.miracles]
            self._miracle = next(iter(known or left), None)
        self.form.show_miracles(battle, left, self._miracle)
        call = None if chosen is None or self._miracle is None else (chosen.key, self._miracle)
        miracle = battle.entries.miracles.get(self._miracle) if self._miracle else None
        self.form.show_choices(chosen, miracle, fresh=call != self._choices_for)
        self._choices_for = call
        self._update_call()
        self._show_outcome()

    def _update_call(self) -> None:
        """The problems with the call as chosen, its odds and chart, and what may be pressed."""
        battle = self._document.battle
        order = order_of(battle)
        request = self.request()
        if request is not None:
            self._problems = calls.call_problems(battle, request)
        else:  # no miracle left to call: why, as the order says
            barred = next((b for b in order.barred if b.key == self._key), None)
            self._problems = list(barred.problems) if barred else []
        self.form.show_problems(self._problems, anyone=self._key is not None)
        self.form.set_ready(request is not None and not self._problems)
        self._show_odds(request)
        self.order_label.setText(view.order_text(battle, order))
        self.done_button.setEnabled(any(s.key == self._key and not s.done for s in order.slots))

    def _show_odds(self, request: calls.CallRequest | None) -> None:
        battle = self._document.battle
        if request is None:
            self.odds_panel.clear()
            return
        miracle = battle.entries.miracles.get(request.miracle)
        if miracle is None:  # AR-02: no fervour, no difficulty, no odds
            self.odds_panel.show_unavailable(_("No odds: the miracle is not in the loaded catalogs."))
            return
        self.odds_panel.show_call(battle, request.fervour, calls.difficulty_given(miracle, request))

    def _show_outcome(self) -> None:
        outcome = self._outcome
        undone = False
        if outcome is not None:
            try:
                undone = outcome.miracle not in rules.model(self._document.battle, outcome.key).state.called
            except KeyError:
                undone = True
        self.outcome_panel.show_outcome(outcome, typed=self._outcome_typed, undone=undone)

    # --- acting --------------------------------------------------------------------------------------------
    def _call(self, request: calls.CallRequest, dice: Dice | None) -> calls.Outcome | None:
        self.outcome_panel.show_message("")
        self._acting = "rolled" if dice is None else "typed"
        try:
            roll = self._document.roll(request, dice)
        finally:
            self._acting = None
        outcome: calls.Outcome | None = roll.outcome if roll is not None else None
        if outcome is not None:
            self._outcome = outcome
            self._outcome_typed = dice is not None
            self._show_outcome()
        return outcome

    def _follow_order(self) -> bool:
        """Select the order's current Faithful if the order moved on since last seen; True if it did."""
        current = order_of(self._document.battle).current
        key = current.key if current else None
        if key == self._order_current:
            return False
        self._order_current = key
        if key is None:
            return False
        self.select_faithful(key)
        return True

    # --- slots ---------------------------------------------------------------------------------------------
    def _on_document_changed(self, change: Change[ConfrontationBattle]) -> None:
        """A change of what the call reads (not the turn number, not the battle's end) refreshes the tab, or
        marks it to catch up when it is shown again."""
        if not change.touched(_shown) or self.deferred_while_hidden():
            return
        self._catch_up_now()

    def catch_up(self) -> None:
        """Shown again after the battle changed behind another tab."""
        self._catch_up_now()

    def _catch_up_now(self) -> None:
        """Select the order's current Faithful if the order moved on (that shows it), else read it all again."""
        if not self._follow_order():
            self._refresh()

    def _on_document_refused(self, text: str) -> None:
        if self._acting == "typed":
            self.dice_entry.show_error(text)
        elif self._acting is not None:
            self.outcome_panel.show_message(text)

    def _on_faithful_combo_current_index_changed(self, index: int) -> None:
        key = self.faithful_combo.itemData(index)
        if isinstance(key, str):
            self.select_faithful(key)

    def _on_miracle_combo_current_index_changed(self, index: int) -> None:
        mid = self.miracle_combo.itemData(index)
        if isinstance(mid, str):
            self._miracle = mid
            self._refresh()

    def _on_fervour_spin_value_changed(self, _value: int) -> None:
        self.form.follow_fervour(self._chosen_miracle())
        self._update_call()

    def _on_difficulty_spin_value_changed(self, _value: int) -> None:
        self.form.follow_fervour(self._chosen_miracle())  # the hint says whether it overrides the formula
        self._update_call()

    def _chosen_miracle(self) -> Miracle | None:
        return self._document.battle.entries.miracles.get(self._miracle) if self._miracle else None

    def _on_sight_check_toggled(self, _checked: bool) -> None:
        self._update_call()

    def _on_roll_button_clicked(self) -> None:
        self.roll()

    def _on_dice_entry_dice_entered(self, values: tuple[int, ...]) -> None:
        self.call_with_dice(values)

    def _on_dice_shortcut_activated(self) -> None:
        self.dice_entry.edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.dice_entry.edit.selectAll()

    def _on_done_button_clicked(self) -> None:
        if self._key is None:
            return
        self.outcome_panel.show_message("")
        self._acting = "done"
        try:
            self._document.act(SetModelFlag(key=self._key, field="divination_done", value=True))
        finally:
            self._acting = None
