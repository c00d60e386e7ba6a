"""The step bar of a power-dice battle: the turn and step, the steps of the turn with the magic segments
marked (PD-03), Next step (F8) and the initiative.

There is no Back: the magic segments have effects (markers turned face up, dice restored or lost, spells
counted down); undo is the way back, and it stops at a hand-over.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QWidget

from warband.gui.systems.powerdice.battle_document import PowerDiceBattleDocument
from warband.gui.systems.powerdice.tracker_text import STEP_HINTS, plain_label, player
from warband.model.messages import N_, Phrase, _
from warband.model.systems.powerdice.battle_commands import SetInitiative
from warband.model.systems.powerdice.battle_state import MAGIC_STEPS, STEP_NAMES, STEPS

NEXT_KEYS = "F8"
STEP_QSS = (
    'QLabel[step="true"] { padding: 2px 7px; border-radius: 3px; border: 1px solid transparent; }'
    ' QLabel[step="true"][magic="true"] { font-weight: bold; border: 1px solid palette(mid); }'
    ' QLabel[step="true"][current="true"] { background: palette(highlight); color: palette(highlighted-text); }'
)
"""Set once on the bar; a step's `current` property switches its look (no style sheet per change)."""


class StepBar(QWidget):
    """Where the turn is, and the one way forward."""

    def __init__(self, document: PowerDiceBattleDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.setStyleSheet(STEP_QSS)
        self.turn_label = plain_label("turnLabel", self)
        font = self.turn_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self.turn_label.setFont(font)
        self.turn_label.setMinimumWidth(self.turn_label.fontMetrics().horizontalAdvance("Turn 10 — ") * 4)

        self.step_labels: dict[str, QLabel] = {}
        steps = QHBoxLayout()
        steps.setSpacing(2)
        for number, step in enumerate(STEPS):
            if number and step[0] != STEPS[number - 1][0]:
                steps.addSpacing(10)  # A, B, C and D are the host game's phases
            label = plain_label(f"step_{step}", self)
            label.setText(step)
            label.setProperty("step", True)
            label.setProperty("magic", step in MAGIC_STEPS)
            label.setProperty("current", False)
            hint = _(STEP_HINTS[step])
            label.setToolTip(hint + (" " + _("(a magic segment)") if step in MAGIC_STEPS else ""))
            label.setAccessibleName(label.toolTip())
            self.step_labels[step] = label
            steps.addWidget(label)

        self.initiative_combo = QComboBox(self)
        self.initiative_combo.setObjectName("initiativeCombo")
        self.initiative_combo.setAccessibleName(_("Initiative"))
        for index, side in enumerate(document.battle.sides):
            self.initiative_combo.addItem(_("Initiative: {player}").format(player=side.player), index)

        self.next_button = QPushButton(_("Next step ▶"), self)
        self.next_button.setObjectName("nextStepButton")
        self.next_button.setDefault(True)
        description = _("On to the next step")
        self.next_button.setAccessibleName(description)
        sequence = QKeySequence(NEXT_KEYS)
        native = sequence.toString(QKeySequence.SequenceFormat.NativeText)
        self.next_button.setToolTip(f"{description} ({native})")
        self.next_shortcut = QShortcut(sequence, self, context=Qt.ShortcutContext.WindowShortcut)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.turn_label)
        layout.addSpacing(12)
        layout.addLayout(steps)
        layout.addStretch(1)
        layout.addWidget(self.initiative_combo)
        layout.addWidget(self.next_button)

        self.next_shortcut.activated.connect(self.next_button.click)
        self.next_button.clicked.connect(self._on_next_button_clicked)
        self.initiative_combo.currentIndexChanged.connect(self._on_initiative_combo_current_index_changed)
        document.changed.connect(self._on_document_changed)
        self._on_document_changed()

    # --- input ---------------------------------------------------------------------------------------------
    def _on_next_button_clicked(self) -> None:
        self._document.next_step()

    def _on_initiative_combo_current_index_changed(self, index: int) -> None:
        side = self.initiative_combo.itemData(index)
        if side is None:
            return
        text = Phrase(N_("Initiative: {player}"), player=player(self._document.battle, int(side)))
        if not self._document.act(SetInitiative(side=int(side)), text=text):
            self._on_document_changed()  # refused or unchanged: show the battle's initiative again

    # --- following the document ----------------------------------------------------------------------------
    def _on_document_changed(self) -> None:
        battle = self._document.battle
        self.turn_label.setText(
            _("Turn {turn} — {step}").format(turn=battle.turn, step=_(STEP_NAMES[battle.step]))
        )
        for step, label in self.step_labels.items():
            current = step == battle.step
            if label.property("current") != current:
                label.setProperty("current", current)
                label.style().unpolish(label)
                label.style().polish(label)
                hint = label.toolTip()
                label.setAccessibleName(_("{step} (current)").format(step=hint) if current else hint)
        with QSignalBlocker(self.initiative_combo):
            self.initiative_combo.setCurrentIndex(battle.initiative)
        # The side with the initiative places its markers first: changing it halfway through A1 would skip
        # the other side's turn to place them.
        placing = battle.step == "A1" and battle.choosing is not None
        self.initiative_combo.setEnabled(not placing)
        self.initiative_combo.setToolTip(
            _("Set once both sides have placed their markers; the side with the initiative places first next turn")
            if placing
            else _("Decided by the host game: it orders B3 and places its markers first next turn")
        )
