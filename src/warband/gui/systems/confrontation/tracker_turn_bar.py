"""Confrontation's own controls on the shared battle bar (`warband.gui.widgets.battle_bar`): the Tactical roll,
rolled with the program's dice or entered from the table, and the warning when Faithful of both sides tie and no
winner is recorded to order them (CF-15). Moving between phases and ending the battle are the shared bar's."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import QComboBox, QLabel, QPushButton, QWidget

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.systems.confrontation.divination_order import order_inputs, order_of
from warband.gui.systems.confrontation.rolls import roll_tactical
from warband.gui.widgets.appearance import WARNING_STYLE
from warband.gui.widgets.flow_layout import FlowLayout
from warband.gui.widgets.plain_text import plain_label
from warband.model.messages import N_, Phrase, _, term
from warband.model.systems.confrontation.battle_commands import SetTacticalWinner
from warband.model.systems.confrontation.battle_state import ConfrontationBattle


def _winner(battle: ConfrontationBattle) -> tuple[object, ...]:
    """What the Tactical row shows: who won this turn's roll, by the player's name."""
    return (battle.tactical_winner, tuple(side.player for side in battle.sides))


class TacticalRow(QWidget):
    """On the bar's second row: who won the Tactical roll this turn, the Roll button and the winner's combo."""

    def __init__(self, document: BattleDocument[ConfrontationBattle], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tacticalRow")
        self._document = document
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
        layout = FlowLayout(self)  # on two lines where the bar is narrow (a large font)
        layout.addWidget(self.tactical_label)
        layout.addWidget(self.roll_button)
        layout.addWidget(self.tactical_combo)

        self.roll_button.clicked.connect(self._on_roll_button_clicked)
        self.tactical_combo.currentIndexChanged.connect(self._on_tactical_combo_current_index_changed)
        document.changed.connect(self._on_document_changed)
        self._show_winner()

    # --- input ---------------------------------------------------------------------------------------------
    def _on_roll_button_clicked(self) -> None:
        roll_tactical(self._document)

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
            self._show_winner()  # refused or unchanged: show the battle's winner again

    # --- following the document ----------------------------------------------------------------------------
    def _on_document_changed(self, change: Change[ConfrontationBattle]) -> None:
        """Only the Tactical winner (and the players' names it says) is shown here."""
        if change.touched(_winner):
            self._show_winner()

    def _show_winner(self) -> None:
        battle = self._document.battle
        winner = battle.tactical_winner
        if winner is None:
            self.tactical_label.setText(_("No Tactical winner yet this turn"))
        else:
            self.tactical_label.setText(
                _("{player} won the Tactical roll").format(player=battle.sides[winner].player)
            )
        with QSignalBlocker(self.tactical_combo):
            self.tactical_combo.setCurrentIndex(0 if winner is None else winner + 1)


class TieWarning(QLabel):
    """Just below the bar, while Faithful of both sides share a Discipline and no Tactical winner says who acts
    first (CF-15)."""

    def __init__(self, document: BattleDocument[ConfrontationBattle], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tieWarning")
        self._document = document
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setText(
            _("Faithful of both sides share a Discipline: record the Tactical winner, who acts first (CF-15).")
        )
        self.setStyleSheet(WARNING_STYLE)
        self.setWordWrap(True)
        document.changed.connect(self._on_document_changed)
        self._show_tie()

    def _on_document_changed(self, change: Change[ConfrontationBattle]) -> None:
        """The warning follows the Divination order (a tie across sides, no winner yet)."""
        if change.touched(order_inputs):
            self._show_tie()

    def _show_tie(self) -> None:
        self.setVisible(order_of(self._document.battle).needs_tactical_winner)
