"""The Strategy Battle Game's own controls on the shared battle bar (`BattleBar.add`): who has priority this
turn, rolled with the program's dice or entered from the table (SB-01). The bar itself shows the turn and phase
and moves the battle on (Next phase, F8) or ends it."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QComboBox, QPushButton, QWidget

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.systems.sbg.rolls import roll_priority
from warband.gui.systems.sbg.tracker_text import plain_label, player, priority_rule
from warband.gui.widgets.flow_layout import FlowLayout
from warband.model.messages import N_, Phrase, _
from warband.model.systems.sbg.battle_commands import SetPriority
from warband.model.systems.sbg.battle_state import SbgBattle


def priority_part(battle: SbgBattle) -> tuple[int | None, int | None, tuple[str, ...]]:
    """What the priority controls read: who has it, who had it last turn (the tie-break), the players' names."""
    return battle.priority, battle.last_priority, tuple(side.player for side in battle.sides)


class SbgPriorityControls(QWidget):
    """The priority of the turn (SB-01): who has it, Roll priority, and the combo to enter it from the table."""

    def __init__(self, document: BattleDocument[SbgBattle], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("priorityControls")
        self._document = document
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

        layout = FlowLayout(self)  # on two lines where the bar is narrow (a large font)
        layout.addWidget(self.priority_label)
        layout.addWidget(self.roll_button)
        layout.addWidget(self.priority_combo)

        self.roll_button.clicked.connect(self._on_roll_button_clicked)
        self.priority_combo.currentIndexChanged.connect(self._on_priority_combo_current_index_changed)
        document.changed.connect(self._on_document_changed)
        self._show_priority()

    # --- input ---------------------------------------------------------------------------------------------
    def _on_roll_button_clicked(self) -> None:
        roll_priority(self._document)

    def _on_priority_combo_current_index_changed(self, index: int) -> None:
        side = self.priority_combo.itemData(index)
        if side is None:  # priority cannot be taken back, only rolled or entered again
            self._show_priority()
            return
        text = Phrase(N_("{player} has priority (entered)"), player=player(self._document.battle, int(side)))
        if not self._document.act(SetPriority(side=int(side)), text=text, side=int(side)):
            self._show_priority()  # refused or unchanged: show the battle's priority again

    # --- following the document ----------------------------------------------------------------------------
    def _on_document_changed(self, change: Change[SbgBattle]) -> None:
        """Only the priority (and the players) show here: a counter or a heroic action leaves the controls be."""
        if change.touched(priority_part):
            self._show_priority()

    def _show_priority(self) -> None:
        battle = self._document.battle
        if battle.priority is None:
            self.priority_label.setText(_("No priority yet this turn"))
        else:
            self.priority_label.setText(_("{player} has priority").format(player=player(battle, battle.priority)))
        rule = priority_rule(battle)
        for widget in (self.priority_label, self.roll_button, self.priority_combo):
            widget.setToolTip(rule)
        with QSignalBlocker(self.priority_combo):
            self.priority_combo.setCurrentIndex(0 if battle.priority is None else battle.priority + 1)
