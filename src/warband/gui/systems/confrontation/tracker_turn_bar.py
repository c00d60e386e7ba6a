"""The turn bar: which turn and phase it is, moving between phases, the Tactical roll and ending the battle."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from warband.gui.systems.confrontation.battle_document import BattleDocument
from warband.gui.widgets.appearance import WARNING_STYLE
from warband.gui.widgets.plain_text import plain_label
from warband.model.messages import N_, Phrase, _, term
from warband.model.systems.confrontation.battle_commands import (
    EndBattle,
    NextPhase,
    PreviousPhase,
    SetTacticalWinner,
)
from warband.model.systems.confrontation.battle_state import PHASE_NAMES, PHASES

NEXT_KEYS = "F8"
BACK_KEYS = "Shift+F8"
STEP_STYLE = (
    'QLabel[step="true"] { padding: 2px 8px; border-radius: 3px; }'
    ' QLabel[step="true"][current="true"] { background: palette(highlight); color: palette(highlighted-text); }'
)
"""Set once on the bar; a step's `current` property switches it. The weight does not change, so neither does
the step's size: moving to the next phase repaints the steps, not the whole tab."""


class TurnBar(QWidget):
    """Always on top of the tracker: where the turn is, and the buttons that move it on."""

    def __init__(self, document: BattleDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.turn_label = plain_label("turnLabel", self)
        font = self.turn_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.6)
        font.setBold(True)
        self.turn_label.setFont(font)
        self.setStyleSheet(STEP_STYLE)
        self.step_labels: dict[str, QLabel] = {}
        steps = QHBoxLayout()
        steps.setSpacing(2)
        for number, phase in enumerate(PHASES):
            if number:
                steps.addWidget(QLabel("›", self))
            label = plain_label(f"phaseStep_{phase}", self)
            label.setText(_(PHASE_NAMES[phase]))
            label.setProperty("step", True)
            label.setProperty("current", False)
            self.step_labels[phase] = label
            steps.addWidget(label)

        self.back_button = self._button(
            _("◀ Back"), "previousPhaseButton", _("Back to the previous phase"), BACK_KEYS
        )
        self.next_button = self._button(_("Next phase ▶"), "nextPhaseButton", _("On to the next phase"), NEXT_KEYS)
        self.next_button.setDefault(True)

        self.tactical_label = plain_label("tacticalLabel", self)
        self.roll_button = QPushButton(_("Roll"), self)
        self.roll_button.setObjectName("rollTacticalButton")
        self.roll_button.setToolTip(_("Roll the Tactical roll with the program's dice: one die per side"))
        self.tactical_combo = QComboBox(self)
        self.tactical_combo.setObjectName("tacticalCombo")
        self.tactical_combo.setAccessibleName(_("Tactical winner"))
        self.tactical_combo.setToolTip(_("Enter the winner of the Tactical roll made at the table"))
        self.tactical_combo.addItem(_("Winner: not recorded"), None)
        for index, side in enumerate(document.battle.sides):
            self.tactical_combo.addItem(_("Winner: {player}").format(player=side.player), index)
        self.tie_warning = plain_label("tieWarning", self)
        self.tie_warning.setText(
            _("Faithful of both sides share a Discipline: record the Tactical winner, who acts first (CF-15).")
        )
        self.tie_warning.setStyleSheet(WARNING_STYLE)
        self.tie_warning.setWordWrap(True)
        self.end_button = QPushButton(self)
        self.end_button.setObjectName("endBattleButton")

        top = QHBoxLayout()
        top.addWidget(self.turn_label)
        top.addSpacing(16)
        top.addLayout(steps)
        top.addStretch(1)
        top.addWidget(self.back_button)
        top.addWidget(self.next_button)
        bottom = QHBoxLayout()
        bottom.addWidget(self.tactical_label)
        bottom.addWidget(self.roll_button)
        bottom.addWidget(self.tactical_combo)
        bottom.addStretch(1)
        bottom.addWidget(self.end_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addLayout(bottom)
        layout.addWidget(self.tie_warning)

        self.back_button.clicked.connect(self._on_back_button_clicked)
        self.next_button.clicked.connect(self._on_next_button_clicked)
        self.roll_button.clicked.connect(self._on_roll_button_clicked)
        self.tactical_combo.currentIndexChanged.connect(self._on_tactical_combo_current_index_changed)
        self.end_button.clicked.connect(self._on_end_button_clicked)
        document.changed.connect(self._on_document_changed)
        self._on_document_changed()

    def _button(self, text: str, name: str, description: str, keys: str) -> QPushButton:
        """A button with a shortcut that works wherever the focus is in the window, while the tracker shows."""
        button = QPushButton(text, self)
        button.setObjectName(name)
        button.setAccessibleName(description)
        sequence = QKeySequence(keys)
        shortcut = QShortcut(sequence, self, context=Qt.ShortcutContext.WindowShortcut)
        shortcut.activated.connect(button.click)
        native = sequence.toString(QKeySequence.SequenceFormat.NativeText)
        button.setToolTip(f"{description} ({native})")
        return button

    # --- input ---------------------------------------------------------------------------------------------
    def _on_back_button_clicked(self) -> None:
        self._document.act(PreviousPhase())

    def _on_next_button_clicked(self) -> None:
        self._document.act(NextPhase())

    def _on_roll_button_clicked(self) -> None:
        self._document.roll_tactical()

    def _on_tactical_combo_current_index_changed(self, index: int) -> None:
        side = self.tactical_combo.itemData(index)
        if side is None:
            command = SetTacticalWinner(side=None)
            text: str = term(N_("Tactical winner cleared"))
        else:
            command = SetTacticalWinner(side=int(side))
            player = self._document.battle.sides[int(side)].player
            text = Phrase(N_("Tactical roll won by {player} (entered)"), player=player)
        if not self._document.act(command, text=text):
            self._on_document_changed()  # refused or unchanged: show the battle's winner again

    def _on_end_button_clicked(self) -> None:
        ended = self._document.battle.ended
        self._document.act(EndBattle(ended=not ended))

    # --- following the document ----------------------------------------------------------------------------
    def _on_document_changed(self) -> None:
        battle = self._document.battle
        phase_name = _(PHASE_NAMES[battle.phase])
        self.turn_label.setText(_("Turn {turn} — {phase}").format(turn=battle.turn, phase=phase_name))
        for phase, label in self.step_labels.items():
            current = phase == battle.phase
            if label.property("current") != current:
                label.setProperty("current", current)
                label.style().unpolish(label)
                label.style().polish(label)
            label.setAccessibleName(
                _("{phase} (current)").format(phase=label.text()) if phase == battle.phase else label.text()
            )
        winner = battle.tactical_winner
        if winner is None:
            self.tactical_label.setText(_("No Tactical winner yet this turn"))
        else:
            self.tactical_label.setText(
                _("{player} won the Tactical roll").format(player=battle.sides[winner].player)
            )
        with QSignalBlocker(self.tactical_combo):
            self.tactical_combo.setCurrentIndex(0 if winner is None else winner + 1)
        self.tie_warning.setVisible(self._document.order().needs_tactical_winner)
        if battle.ended:
            self.end_button.setText(_("Resume battle"))
            self.end_button.setToolTip(_("The battle is over; resume it to play on"))
        else:
            self.end_button.setText(_("End battle"))
            self.end_button.setToolTip(_("End the battle and show the summary"))
