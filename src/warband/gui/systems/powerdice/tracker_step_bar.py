"""The power-dice parts of the battle bar (the shared `BattleBar` moves the battle on and ends it): the steps of
the turn named by their numbers, the magic segments marked (PD-03), and the initiative.

There is no Back: the magic segments have effects (markers turned face up, dice restored or lost, spells
counted down); undo is the way back, and it stops at a hand-over.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSignalBlocker
from PySide6.QtWidgets import QComboBox, QWidget

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.systems.powerdice import battle_parts as parts
from warband.gui.systems.powerdice.tracker_text import STEP_HINTS, player
from warband.gui.widgets.appearance import follow_font, restyle
from warband.gui.widgets.battle_bar import BattleBar
from warband.gui.widgets.flow_layout import FLOW_WIDTH
from warband.model.messages import N_, Phrase, _
from warband.model.systems.powerdice.battle_commands import SetInitiative
from warband.model.systems.powerdice.battle_state import MAGIC_STEPS, STEP_NAMES, STEPS, PowerDiceBattle

STEP_QSS = (
    'QLabel[step="true"] { border: 1px solid transparent; }'
    ' QLabel[step="true"][magic="true"] { font-weight: bold; border: 1px solid palette(mid); }'
)
"""Set once on the tab, beside the bar's own look of its steps (their padding, the current one highlighted): a
step's `magic` property never changes, so neither does its size."""


class StepMarks(QObject):
    """The bar's steps as the power-dice tracker shows them: "A1", "A2"…, the magic segments in bold and framed,
    what each step is for in its tooltip and accessible name (which the bar sets anew from the step's text each
    time it shows the battle anew: they are set again after it, on its `shown`)."""

    def __init__(self, document: BattleDocument[PowerDiceBattle], bar: BattleBar) -> None:
        super().__init__(bar)
        self._document = document
        self._labels = bar.step_labels
        self._hints: dict[str, str] = {}
        for step, label in self._labels.items():
            label.setText(step)
            label.setProperty("magic", step in MAGIC_STEPS)
            restyle(label)
            hint = _(STEP_HINTS[step])
            self._hints[step] = hint + (" " + _("(a magic segment)") if step in MAGIC_STEPS else "")
            label.setToolTip(self._hints[step])
        self._turn_label = bar.turn_label
        follow_font(bar.turn_label, self._on_turn_label_font_changed)
        bar.shown.connect(self._name_steps)  # the bar names its steps from their text: named again after it
        self._name_steps()

    def _on_turn_label_font_changed(self) -> None:
        """The steps stay where they are as the turn label's words change from step to step: the bar keeps the
        room of its widest words for it, where the width allows (`FLOW_WIDTH`; narrower, the words wrap)."""
        label = self._turn_label
        metrics = label.fontMetrics()
        widest = max(
            metrics.horizontalAdvance(_("Turn {turn} — {phase}").format(turn=10, phase=_(STEP_NAMES[step])))
            for step in STEPS
        )
        label.setProperty(FLOW_WIDTH, widest + 1)
        label.updateGeometry()

    def _name(self, step: str, now: str) -> str:
        hint = self._hints[step]
        return _("{step} (current)").format(step=hint) if step == now else hint

    def _name_steps(self) -> None:
        now = self._document.battle.step
        for step, label in self._labels.items():
            label.setAccessibleName(self._name(step, now))


class InitiativeCombo(QComboBox):
    """Who has the initiative, as the host game decides: it orders B3, and its side places its markers first next
    turn. Not while the markers are placed: changing it halfway through A1 would skip the other side's turn."""

    def __init__(self, document: BattleDocument[PowerDiceBattle], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.setObjectName("initiativeCombo")
        self.setAccessibleName(_("Initiative"))
        for index, side in enumerate(document.battle.sides):
            self.addItem(_("Initiative: {player}").format(player=side.player), index)
        self.currentIndexChanged.connect(self._on_current_index_changed)
        document.changed.connect(self._on_document_changed)
        self._refresh()

    def _on_current_index_changed(self, index: int) -> None:
        side = self.itemData(index)
        if side is None:
            return
        text = Phrase(N_("Initiative: {player}"), player=player(self._document.battle, int(side)))
        if not self._document.act(SetInitiative(side=int(side)), text=text):
            self._refresh()  # refused or unchanged: show the battle's initiative again

    def _on_document_changed(self, change: Change[PowerDiceBattle]) -> None:
        """The combo shows the initiative, enabled unless markers are being placed."""
        if change.touched(parts.initiative):
            self._refresh()

    def _refresh(self) -> None:
        battle = self._document.battle
        with QSignalBlocker(self):
            self.setCurrentIndex(battle.initiative)
        placing = battle.step == "A1" and battle.choosing is not None
        self.setEnabled(not placing)
        self.setToolTip(
            _("Set once both sides have placed their markers; the side with the initiative places first next turn")
            if placing
            else _("Decided by the host game: it orders B3 and places its markers first next turn")
        )
