"""The panels of the magic segments B3 and C (PD-03, PD-05, PD-06): who may cast now, "Cast a spell…" for the
resolver, and Pass in B3; and what the other steps mean for magic."""

from __future__ import annotations

from typing import Literal

from PySide6.QtCore import QModelIndex, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.systems.powerdice import battle_parts as parts
from warband.gui.systems.powerdice.tracker_models import CastingTableModel
from warband.gui.systems.powerdice.tracker_text import note_label, plain_label, player
from warband.gui.widgets.appearance import compact_rows
from warband.gui.widgets.plain_text import escape_mnemonic, plain_tooltip
from warband.gui.widgets.table_fit import TableFit
from warband.model.messages import N_, Phrase, _
from warband.model.systems.powerdice.battle_commands import PassB3
from warband.model.systems.powerdice.battle_state import STEP_NAMES, PowerDiceBattle


class CastingPanel(QWidget):
    """The casters that may cast in this segment, and the buttons that act for them."""

    resolve_requested = Signal(str)
    """Cast a spell with this caster (its key): the window shows the resolver."""

    def __init__(
        self, document: BattleDocument[PowerDiceBattle], segment: Literal["B3", "C"], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._document = document
        self.segment = segment
        prefix = segment.lower()
        self.heading = plain_label(f"{prefix}Heading", self, wrap=True)
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        self.model = CastingTableModel(document, segment, self)
        self.table = QTableView(self)
        self.table.setObjectName(f"{prefix}Table")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        compact_rows(self.table)
        self.table.horizontalHeader().setHighlightSections(False)
        self.fit = TableFit(self.table, keep=2)  # each column as wide as its title and cells
        self.cast_button = QPushButton(_("Cast a spell…"), self)
        self.cast_button.setObjectName(f"{prefix}CastButton")
        self.cast_button.setToolTip(_("Cast a spell with the selected caster, in the resolver"))
        self.cast_button.setEnabled(False)
        self.pass_button: QPushButton | None = None
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        if segment == "B3":
            self.pass_button = QPushButton(self)
            self.pass_button.setObjectName("b3PassButton")
            buttons.addWidget(self.pass_button)
            self.setAccessibleName(_("Segment B3"))
        else:
            self.setAccessibleName(_("Phase C"))
        buttons.addWidget(self.cast_button)
        self.note = note_label(f"{prefix}Note", self)
        self.table.setAccessibleName(_("Casters who may cast now"))

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addWidget(self.fit.container, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.note)

        self.cast_button.clicked.connect(self._on_cast_button_clicked)
        if self.pass_button is not None:
            self.pass_button.clicked.connect(self._on_pass_button_clicked)
        self.table.activated.connect(self._on_table_activated)
        self.table.selectionModel().selectionChanged.connect(self._on_table_selection_changed)
        self.model.modelReset.connect(self._on_model_reset)
        document.changed.connect(self._on_document_changed)
        self._refresh()
        self._on_model_reset()

    def selected_key(self) -> str | None:
        rows = self.table.selectionModel().selectedRows()
        return self.model.key(rows[0].row()) if rows else None

    # --- input ---------------------------------------------------------------------------------------------
    def _on_cast_button_clicked(self) -> None:
        key = self.selected_key()
        if key is not None:
            self.resolve_requested.emit(key)

    def _on_table_activated(self, index: QModelIndex) -> None:
        if index.isValid():
            self.resolve_requested.emit(self.model.key(index.row()))

    def _on_pass_button_clicked(self) -> None:
        battle = self._document.battle
        side = battle.b3_turn
        if side is not None:
            text = Phrase(N_("{player} casts no more in this B3"), player=player(battle, side))
            self._document.act(PassB3(side=side), text=text, side=side)

    def _on_table_selection_changed(self) -> None:
        self.cast_button.setEnabled(self.selected_key() is not None)

    def _on_model_reset(self) -> None:
        """New casters may cast: the first is ready, so that Cast a spell… is one click."""
        if self.model.rowCount():
            self.table.selectRow(0)
        self.cast_button.setEnabled(self.selected_key() is not None)

    # --- following the document ----------------------------------------------------------------------------
    def _on_document_changed(self, change: Change[PowerDiceBattle]) -> None:
        """The panel shows whose turn it is in its segment; outside it, nothing."""
        if change.touched(self._shown):
            self._refresh()

    def _shown(self, battle: PowerDiceBattle) -> object:
        return parts.segment(battle, self.segment)

    def _refresh(self) -> None:
        battle = self._document.battle
        if battle.step != self.segment:
            return  # hidden; the segment's first change refreshes it
        if self.segment == "C":
            self.heading.setText(
                _(
                    "Casters with a wait marker may cast at any moment of this phase, during a friendly or an "
                    "enemy activation: at most 3 dice, and no dice given (PD-06); one casting each."
                )
            )
            self.note.setText(_("If both players claim the same moment, the active player casts first (PD-03)."))
            return
        side = battle.b3_turn
        if side is None:
            self.heading.setText(_("Nobody has an incantation left to try: Next step (F8) ends B3."))
        else:
            self.heading.setText(
                _(
                    "{player}'s turn: one caster with an incantation marker tries a spell, then the other side, "
                    "as artillery does (PD-03)."
                ).format(player=player(battle, side))
            )
        self.note.setText(
            _(
                "At the end of B3 (Next step), each caster with a restoration marker recovers one power die "
                "(PD-04), then each caster still holding an incantation marker loses one (PD-05)."
            )
        )
        if self.pass_button is None:
            return
        self.pass_button.setEnabled(side is not None)
        if side is None:
            self.pass_button.setText(_("Pass"))
            self.pass_button.setToolTip(_("Both sides are done casting in this B3"))
            return
        self.pass_button.setText(_("{player} passes").format(player=escape_mnemonic(player(battle, side))))
        self.pass_button.setToolTip(
            plain_tooltip(
                _("{player} casts no more in this B3: each incantation marker left will cost a die").format(
                    player=player(battle, side)
                )
            )
        )


def step_info(battle: PowerDiceBattle) -> str:
    """What a step without a panel of its own means for magic."""
    step = battle.step
    if step == "A1":
        return _("Both sides have placed their markers: Next step (F8).")
    if step == "A3":
        return _("Every marker is face up now, for both players: see the casters table. Next step (F8) moves on.")
    if step == "D4":
        return _(
            "Lasting spells were counted down: a spell of one turn is gone, one of two turns is turned over, and "
            "a long spell's counter went up. Remove a long spell when it ends by its own terms."
        )
    return _("{step}: nothing to do for magic. Next step (F8) moves on.").format(step=_(STEP_NAMES[step]))
