"""The turn bar of a Strategy Battle Game battle: the turn and phase, the phases of the turn with the current one
marked, Next phase (F8), the priority (rolled or entered, SB-01) and ending the battle."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from warband.gui.systems.sbg.battle_document import SbgBattleDocument
from warband.gui.systems.sbg.tracker_text import PHASE_HINTS, plain_label, player, priority_rule, set_look
from warband.model.battle_commands import EndBattle
from warband.model.messages import N_, Phrase, _, term
from warband.model.systems.sbg.battle_commands import NextPhase, SetPriority
from warband.model.systems.sbg.battle_state import PHASE_NAMES, PHASES

NEXT_KEYS = "F8"


class SbgTurnBar(QWidget):
    """Always on top of the tracker: where the turn is, who has priority, and the buttons that move it on."""

    def __init__(self, document: SbgBattleDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.turn_label = plain_label("turnLabel", self)
        font = self.turn_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.5)
        font.setBold(True)
        self.turn_label.setFont(font)
        self.turn_label.setMinimumWidth(self.turn_label.fontMetrics().horizontalAdvance("Turn 10 — Priority  "))

        self.step_labels: dict[str, QLabel] = {}
        steps = QHBoxLayout()
        steps.setSpacing(2)
        for number, phase in enumerate(PHASES):
            if number:
                steps.addWidget(QLabel("›", self))
            label = plain_label(f"phaseStep_{phase}", self)
            label.setText(_(PHASE_NAMES[phase]))
            label.setToolTip(_(PHASE_HINTS[phase]))
            label.setProperty("step", True)
            label.setProperty("current", False)
            self.step_labels[phase] = label
            steps.addWidget(label)

        self.next_button = QPushButton(_("Next phase ▶"), self)
        self.next_button.setObjectName("nextPhaseButton")
        self.next_button.setDefault(True)
        description = _("On to the next phase")
        self.next_button.setAccessibleName(description)
        sequence = QKeySequence(NEXT_KEYS)
        native = sequence.toString(QKeySequence.SequenceFormat.NativeText)
        self.next_button.setToolTip(f"{description} ({native})")
        self.next_shortcut = QShortcut(sequence, self, context=Qt.ShortcutContext.WindowShortcut)
        self.end_button = QPushButton(self)
        self.end_button.setObjectName("endBattleButton")

        self.priority_label = plain_label("priorityLabel", self)
        self.priority_label.setMinimumWidth(self.priority_label.fontMetrics().horizontalAdvance("M" * 22))
        self.roll_button = QPushButton(_("Roll priority"), self)
        self.roll_button.setObjectName("rollPriorityButton")
        self.priority_combo = QComboBox(self)
        self.priority_combo.setObjectName("priorityCombo")
        self.priority_combo.setAccessibleName(_("Priority"))
        self.priority_combo.addItem(_("Priority: not recorded"), None)
        for index, side in enumerate(document.battle.sides):
            self.priority_combo.addItem(_("Priority: {player}").format(player=side.player), index)

        top = QHBoxLayout()
        top.addWidget(self.turn_label)
        top.addSpacing(16)
        top.addLayout(steps)
        top.addStretch(1)
        top.addWidget(self.next_button)
        bottom = QHBoxLayout()
        bottom.addWidget(self.priority_label)
        bottom.addWidget(self.roll_button)
        bottom.addWidget(self.priority_combo)
        bottom.addStretch(1)
        bottom.addWidget(self.end_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addLayout(bottom)

        self.next_shortcut.activated.connect(self.next_button.click)
        self.next_button.clicked.connect(self._on_next_button_clicked)
        self.roll_button.clicked.connect(self._on_roll_button_clicked)
        self.priority_combo.currentIndexChanged.connect(self._on_priority_combo_current_index_changed)
        self.end_button.clicked.connect(self._on_end_button_clicked)
        document.changed.connect(self._on_document_changed)
        self._on_document_changed()

    # --- input ---------------------------------------------------------------------------------------------
    def _on_next_button_clicked(self) -> None:
        battle = self._document.battle
        after = PHASES[(PHASES.index(battle.phase) + 1) % len(PHASES)]
        text = Phrase(N_("On to {phase}"), phase=term(PHASE_NAMES[after]))
        if after == "priority":
            text = Phrase(N_("Turn {turn} begins"), turn=battle.turn + 1)
        self._document.act(NextPhase(), text=text)

    def _on_roll_button_clicked(self) -> None:
        self._document.roll_priority()

    def _on_priority_combo_current_index_changed(self, index: int) -> None:
        side = self.priority_combo.itemData(index)
        if side is None:  # priority cannot be taken back, only rolled or entered again
            self._on_document_changed()
            return
        text = Phrase(N_("{player} has priority (entered)"), player=player(self._document.battle, int(side)))
        if not self._document.act(SetPriority(side=int(side)), text=text, side=int(side)):
            self._on_document_changed()  # refused or unchanged: show the battle's priority again

    def _on_end_button_clicked(self) -> None:
        ended = self._document.battle.ended
        text = term(N_("The battle is resumed") if ended else N_("The battle is over"))
        self._document.act(EndBattle(ended=not ended), text=text)

    # --- following the document ----------------------------------------------------------------------------
    def _on_document_changed(self) -> None:
        battle = self._document.battle
        title = _("Turn {turn} — {phase}").format(turn=battle.turn, phase=_(PHASE_NAMES[battle.phase]))
        self.turn_label.setText(title + (" " + _("(battle over)") if battle.ended else ""))
        for phase, label in self.step_labels.items():
            current = phase == battle.phase
            set_look(label, "current", current)
            name = _(PHASE_NAMES[phase])
            label.setAccessibleName(_("{phase} (current)").format(phase=name) if current else name)
        if battle.priority is None:
            self.priority_label.setText(_("No priority yet this turn"))
        else:
            self.priority_label.setText(_("{player} has priority").format(player=player(battle, battle.priority)))
        rule = priority_rule(battle)
        for widget in (self.priority_label, self.roll_button, self.priority_combo):
            widget.setToolTip(rule)
        with QSignalBlocker(self.priority_combo):
            self.priority_combo.setCurrentIndex(0 if battle.priority is None else battle.priority + 1)
        if battle.ended:
            self.end_button.setText(_("Resume battle"))
            self.end_button.setToolTip(_("The battle is over; resume it to play on"))
        else:
            self.end_button.setText(_("End battle"))
            self.end_button.setToolTip(_("End the battle: the log stays, and it can be resumed"))
