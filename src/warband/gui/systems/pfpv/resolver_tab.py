"""The « Par le Fer et par le Verbe » Resolver tab: a casting step by step (PF-01 … PF-08). Choose the character,
the spell and its combination (with the game master's modifiers), the Don and the rest; see the targets and the
exact odds of every outcome; then roll with the program's dice or type the table's; the outcome is applied and
logged by the document, and shown here with every step and the spread of the power levels.

The tab decides nothing: `scene` and `casting` say the targets, the odds and the outcome; the document applies it.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.systems.pfpv import resolver_text as text
from warband.gui.systems.pfpv.resolver_choices import ChoicesPanel
from warband.gui.systems.pfpv.resolver_odds import OddsPanel
from warband.gui.systems.pfpv.resolver_result import ResultPanel
from warband.gui.systems.pfpv.resolver_rolls import RollsPanel
from warband.gui.systems.pfpv.rolls import casting_odds, control_casting
from warband.gui.widgets.choice_wrap import wrap_choices
from warband.gui.widgets.panes import Arrangement, Panes, PaneSplitter, wrap_forms
from warband.gui.widgets.refresh_when_shown import RefreshWhenShown
from warband.gui.widgets.resolver_parts import message_label, plain_label, say
from warband.model.army import Problem
from warband.model.messages import _
from warband.model.session import RefusedError
from warband.model.systems.pfpv import casting
from warband.model.systems.pfpv.play import CastingRequest
from warband.model.systems.pfpv.rules import can_attempt
from warband.model.systems.pfpv.scene import (
    CastingSetup,
    ContactStep,
    PfpvScene,
    build_setup,
    combination_of,
    contact_step,
    profile_of,
    spell_of,
)


def resolver_part(scene: PfpvScene) -> tuple[object, ...]:
    """What the tab reads: the characters' states (Don, Vitality, fatigue, spells at once), the party (labels,
    profiles) and the entries (spells, sources, disciplines); not the round, the hours, nor the end."""
    return scene.characters, scene.party, scene.entries


class PfpvResolverTab(RefreshWhenShown):
    """Choose a character, then cast one of its spells; the choices, the odds, the rolls and the outcome.

    While the tab is behind another one it does not follow the scene; it catches up when shown.
    """

    def __init__(self, document: BattleDocument[PfpvScene], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pfpvResolverTab")
        self._document = document
        self._key: str | None = None
        self._acting = False
        self._step: int | None = None  # the log step of the casting shown, to say when it is undone
        self._step_made: ContactStep | None = None  # the contact rolls made, at the control step (PF-03)

        self.character_combo = QComboBox(self)
        self.character_combo.setObjectName("pfpvCharacterCombo")
        self.character_combo.setAccessibleName(_("Character"))
        self.character_combo.setPlaceholderText(_("No character in this scene"))
        self.character_combo.setToolTip(_("The character's Don and Vitality now"))
        self.character_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.character_combo.setMinimumContentsLength(40)
        self.message_label = message_label(self, "pfpvMessage")
        self.choices = ChoicesPanel(self)
        self.odds_panel = OddsPanel(self)
        self.rolls_panel = RollsPanel(self)
        self.result_panel = ResultPanel(self)

        top = QHBoxLayout()
        top.addWidget(plain_label(self, "pfpvCharacterLabel", _("Character:")))
        top.addWidget(self.character_combo, 1)
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(self.rolls_panel)
        right.addWidget(self.result_panel)
        right.setStretchFactor(1, 1)
        right.setChildrenCollapsible(False)
        columns = PaneSplitter(Qt.Orientation.Horizontal)
        columns.addWidget(self.choices)
        columns.addWidget(self.odds_panel)
        columns.addWidget(right)
        for column, stretch in enumerate((10, 11, 11)):
            columns.setStretchFactor(column, stretch)
        columns.setChildrenCollapsible(False)
        panels = [self.choices, self.odds_panel, self.rolls_panel, self.result_panel]
        self.panes = Panes(columns, panels, self, heights=False)
        """Three columns while they fit; one at a time, the labels above their fields, otherwise."""
        self.panes.arranged.connect(self._on_panes_arranged)
        body = QWidget(self)
        body_layout = QVBoxLayout(body)
        body_layout.setContentsMargins(0, 0, 0, 0)
        body_layout.addWidget(columns)
        body_layout.addWidget(self.panes)  # in the columns' place when they do not fit
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        # It scrolls what does not fit: the tab never grows (and scrolls) for the sections' whole height
        scroll.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.message_label)
        layout.addWidget(scroll, 1)
        wrap_choices(self)  # a long choice on two lines, never cut

        self.character_combo.currentIndexChanged.connect(self._on_character_combo_current_index_changed)
        self.choices.changed.connect(self._on_choices_changed)
        self.rolls_panel.started.connect(self._on_rolls_panel_started)
        self.rolls_panel.roll_requested.connect(self._on_rolls_panel_roll_requested)
        self.rolls_panel.cast_requested.connect(self._on_rolls_panel_cast_requested)
        self.rolls_panel.don_changed.connect(self._update_odds)
        document.changed.connect(self._on_document_changed)
        document.log_changed.connect(self._on_document_log_changed)
        document.refused.connect(self._on_document_refused)
        self._refresh()

    # --- public --------------------------------------------------------------------------------------------
    @property
    def selected_key(self) -> str | None:
        return self._key

    def select_character(self, key: str) -> None:
        """Cast with this character (a unit id of the party); an unknown key changes nothing."""
        if key not in self._document.battle.characters or key == self._key:
            return
        self._key = key
        self._step = None
        self._step_made = None  # a casting begun with another character is given up
        self.result_panel.clear()
        self.rolls_panel.finish()
        self._refresh()

    def choice(self) -> CastingSetup | None:
        return self.choices.choice()

    def cast(self, typed: bool) -> casting.Result | None:
        """The step in progress, with the rolls typed or the program's dice: the contact rolls (PF-02), then the
        control step (PF-03) with the Don chosen for it; the document applies and logs the casting once its rolls
        are all made — at once when every raw energy is negative (no control roll). The casting's result, or
        None while it waits for its control step (or was refused, told)."""
        if self.rolls_panel.stage == "contact":
            return self._contact(typed)
        return self._control(typed)

    def full_choice(self) -> CastingSetup | None:
        """The choices with the Don chosen for control at the control step (PF-03)."""
        choice = self.choices.choice()
        if choice is None:
            return None
        return choice.model_copy(update={"don_control": self.rolls_panel.don_control()})

    def _contact(self, typed: bool) -> casting.Result | None:
        choice = self.choices.choice()
        if self._key is None or choice is None:
            return None
        battle = self._document.battle
        say(self.message_label, "")
        try:
            if typed:
                step = contact_step(battle, self._key, choice, self.rolls_panel.rolls()[0])
            else:  # the program's dice, recorded with the casting the journal then keeps
                step = contact_step(battle, self._key, choice, dice=self._document.run.dice)
        except RefusedError as exc:
            reason = exc.reason
            say(
                self.message_label,
                f"{reason.rule}: {reason.sentence}" if isinstance(reason, Problem) else str(reason),
            )
            return None
        self._step_made = step
        if not step.control:  # every raw energy negative: nothing to control, the casting is over (PF-03)
            return self._control(typed)
        self.rolls_panel.set_rolls(step.rolls, {})
        don_left = battle.characters[self._key].don - sum(choice.don_contact.values())
        self.rolls_panel.enter_control(step.raw, don_left, thrown=step.source == "rolled")
        self._update_odds()
        return None

    def _control(self, typed: bool) -> casting.Result | None:
        choice, step = self.full_choice(), self._step_made
        if self._key is None or choice is None or step is None:
            return None
        battle = self._document.battle
        setup = build_setup(battle, self._key, choice)
        before = (battle.characters[self._key].don, battle.characters[self._key].vitality)
        request = CastingRequest(self._key, choice)
        control = self.rolls_panel.rolls()[1] if typed and step.control else None
        say(self.message_label, "")
        self._acting = True
        try:
            result = control_casting(self._document, request, step, control)
        finally:
            self._acting = False
        if result is None:
            return None
        contact = dict(step.rolls)
        control = {d: setup.control_target(d) - m for d, m in result.margins.items()}
        self.rolls_panel.set_rolls(contact, control)
        log = self._document.run.log
        self._step = log[-1].step if log else None
        spell = spell_of(battle, choice, self._key)
        self.result_panel.show_result(text.Names.of(battle), spell, setup, result, (contact, control), before)
        self._step_made = None
        self.rolls_panel.finish()
        return result

    # --- showing -------------------------------------------------------------------------------------------
    def _refresh(self) -> None:
        scene = self._document.battle
        keys = list(scene.characters)
        if self._key not in keys:
            self._key = keys[0] if keys else None
        with QSignalBlocker(self.character_combo):
            self.character_combo.clear()
            for key in keys:
                self.character_combo.addItem(text.character_title(scene, key), key)
            self.character_combo.setCurrentIndex(self.character_combo.findData(self._key) if self._key else -1)
        self.choices.show_character(scene, self._key)
        self._mark_undone()
        self._update_odds()

    def _mark_undone(self) -> None:
        entry = next((e for e in reversed(self._document.run.log) if e.step == self._step), None)
        self.result_panel.mark_undone(entry is not None and entry.undone)

    def _update_odds(self) -> None:
        choice = self.full_choice()
        if self._key is None or choice is None:
            self.odds_panel.clear()
            self.rolls_panel.show_setup(None, None)
            self.rolls_panel.set_ready(False)
            return
        scene = self._document.battle
        names = text.Names.of(scene)
        problems: list[str] = []
        try:
            setup = build_setup(scene, self._key, choice)
            combination = combination_of(scene, choice, spell_of(scene, choice, self._key))
        except RefusedError as exc:  # a combination the rules refuse (PF-01, PF-04)
            reason = exc.reason
            self.odds_panel.clear()
            say(
                self.message_label,
                f"{reason.rule}: {reason.sentence}" if isinstance(reason, Problem) else str(reason),
            )
            self.rolls_panel.set_ready(False)
            return
        problems = casting.setup_problems(setup)
        if not can_attempt(profile_of(scene, self._key), combination):
            problems.append(_("PF-01: the character has no skill in one of these sources or disciplines."))
        step = self._step_made
        contact = step.rolls if step is not None and self.rolls_panel.stage == "control" else None
        note = (
            _("The contact rolls are made: the odds of the control step, with its Don (PF-03).") if contact else ""
        )
        self.odds_panel.show_odds(names, setup, casting_odds(scene, self._key, choice, contact), problems, note)
        self.rolls_panel.show_setup(names, setup)
        self.rolls_panel.set_ready(not problems)

    # --- slots ---------------------------------------------------------------------------------------------
    def _on_document_changed(self, change: Change[PfpvScene]) -> None:
        """A change of nothing the tab shows (a round, the hours) is not even deferred; the log marks an undone
        casting through `log_changed`."""
        if not change.touched(resolver_part) or self.deferred_while_hidden():
            return
        self._refresh()

    def _on_panes_arranged(self) -> None:
        wrap_forms(self, self.panes.arrangement is Arrangement.ONE_AT_A_TIME)  # labels above: more room
        wrap_choices(self)

    def catch_up(self) -> None:
        """Shown again after the battle changed behind another tab."""
        self._refresh()

    def _on_document_log_changed(self) -> None:
        self._mark_undone()  # an undo marks the log after the scene changed

    def _on_document_refused(self, message: str) -> None:
        if self._acting:
            say(self.message_label, message)

    def _on_character_combo_current_index_changed(self, index: int) -> None:
        key = self.character_combo.itemData(index)
        if isinstance(key, str):
            self.select_character(key)

    def _on_choices_changed(self) -> None:
        say(self.message_label, "")
        self._update_odds()

    def _on_rolls_panel_started(self, started: bool) -> None:
        self.choices.set_locked(started)

    def _on_rolls_panel_roll_requested(self) -> None:
        self.cast(typed=False)

    def _on_rolls_panel_cast_requested(self) -> None:
        self.cast(typed=True)
