"""The markers board of A1 (PD-03): the side placing its markers chooses one for each caster, face down, then
hands the screen over; nothing on the board ever shows the other side which marker a caster holds.

The choices are widgets for the placing side only: every other caster shows a status that reads the same
whatever its marker is ("Marker placed, face down"). The combos show only what `shared_screen.visible_marker`
allows, so even a hidden combo holds nothing once its side has handed over.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.systems.powerdice import battle_parts as parts
from warband.gui.systems.powerdice.actions import hand_over, place_marker
from warband.gui.systems.powerdice.shared_screen import visible_marker
from warband.gui.systems.powerdice.tracker_text import MARKER_NAMES, note_label, plain_label, player, traits_text
from warband.gui.widgets.plain_text import escape_mnemonic
from warband.model.messages import _, spoken_text
from warband.model.systems.powerdice.battle_rules import CasterModel, casters
from warband.model.systems.powerdice.battle_state import MARKERS, PowerDiceBattle

OWN, STATUS = 0, 1
"""The pages of a caster's choice: the combo (its side is placing), or a status that hides the marker."""


class MarkersBoard(QWidget):
    """Both sides' casters; the side placing its markers has a choice for each of its own."""

    def __init__(self, document: BattleDocument[PowerDiceBattle], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        battle = document.battle
        self.heading = plain_label("markersHeading", self)
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        self.note = note_label("markersNote", self, "warning")
        self.combos: dict[str, QComboBox] = {}
        self.statuses: dict[str, QLabel] = {}
        self.choices: dict[str, QStackedWidget] = {}
        self.side_statuses: list[QLabel] = []
        boxes = QVBoxLayout()
        for side in range(len(battle.sides)):
            boxes.addWidget(self._side_box(battle, side))
        self.hand_over_button = QPushButton(self)
        self.hand_over_button.setObjectName("handOverButton")

        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.hand_over_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addWidget(self.note)
        layout.addLayout(boxes)
        layout.addLayout(buttons)
        layout.addStretch(1)

        self.hand_over_button.clicked.connect(self._on_hand_over_button_clicked)
        document.changed.connect(self._on_document_changed)
        self._refresh()

    def _side_box(self, battle: PowerDiceBattle, side: int) -> QGroupBox:
        box = QGroupBox(escape_mnemonic(battle.sides[side].player), self)
        box.setObjectName(f"markersSide_{side}")
        status = plain_label(f"markersSideStatus_{side}", box)
        self.side_statuses.append(status)
        grid = QGridLayout()
        grid.setColumnStretch(0, 1)
        row = 0
        for c in casters(battle):
            if c.side != side:
                continue
            name = plain_label(f"markerCaster_{c.key}", box)
            name.setText(
                _("{unit} — {traits} {level}").format(
                    unit=spoken_text(c.label), traits=traits_text(c), level=c.caster.level
                )
            )
            grid.addWidget(name, row, 0)
            grid.addWidget(self._choice(c, box), row, 1)
            row += 1
        if not row:
            none = plain_label(f"markersNone_{side}", box)
            none.setText(_("No casters"))
            grid.addWidget(none, 0, 0)
        layout = QVBoxLayout(box)
        layout.addWidget(status)
        layout.addLayout(grid)
        return box

    def _choice(self, c: CasterModel, parent: QWidget) -> QStackedWidget:
        stack = QStackedWidget(parent)
        stack.setObjectName(f"markerChoice_{c.key}")
        combo = QComboBox(stack)
        combo.setObjectName(f"markerCombo_{c.key}")
        combo.setAccessibleName(_("Marker for {unit}").format(unit=spoken_text(c.label)))
        combo.addItem(_("— choose —"), "")
        for marker in MARKERS:
            combo.addItem(_(MARKER_NAMES[marker]), marker)
        combo.setToolTip(
            _(
                "Incantation: casts in B3, with more than 3 dice and help; Restoration: a die back at the end "
                "of B3; Wait: casts at any moment of phase C, at most 3 dice"
            )
        )
        combo.currentIndexChanged.connect(lambda _index, key=c.key: self._on_combo_current_index_changed(key))
        status = plain_label(f"markerStatus_{c.key}", stack)
        stack.addWidget(combo)
        stack.addWidget(status)
        stack.setFixedWidth(max(combo.sizeHint().width(), status.fontMetrics().horizontalAdvance("M" * 18)))
        self.combos[c.key] = combo
        self.statuses[c.key] = status
        self.choices[c.key] = stack
        return stack

    # --- input ---------------------------------------------------------------------------------------------
    def _on_combo_current_index_changed(self, key: str) -> None:
        value = self.combos[key].currentData()
        marker = value if value in MARKERS else None
        if not place_marker(self._document, key, marker):
            self._refresh()  # refused or unchanged: show the battle's choice again

    def _on_hand_over_button_clicked(self) -> None:
        hand_over(self._document)

    # --- following the document ----------------------------------------------------------------------------
    def _on_document_changed(self, change: Change[PowerDiceBattle]) -> None:
        """Only A1 shows: who places, and the markers the screen may show (a hand-over hides them at once)."""
        if change.touched(parts.markers_board):
            self._refresh()

    def _refresh(self) -> None:
        battle = self._document.battle
        if battle.step != "A1":
            return  # hidden until the next A1, which refreshes it
        choosing = battle.choosing
        for c in casters(battle):
            own = choosing == c.side and not c.state.removed
            self.choices[c.key].setCurrentIndex(OWN if own else STATUS)
            combo = self.combos[c.key]
            with QSignalBlocker(combo):
                combo.setCurrentIndex(max(0, combo.findData(visible_marker(battle, c.key) or "")))
            self.statuses[c.key].setText(self._status(battle, c))
        for side, label in enumerate(self.side_statuses):
            if choosing == side:
                label.setText(_("Placing the markers now"))
            elif self._placed(battle, side):
                label.setText(_("Markers placed, face down"))
            else:
                label.setText(_("Places the markers after the hand-over"))
        if choosing is None:
            self.heading.setText(_("Every marker is placed, face down"))
            self.note.setText(
                _("The markers stay face down until A3, when both players turn them face up. Next step (F8).")
            )
            self.hand_over_button.setText(_("Both sides have placed their markers"))
            self.hand_over_button.setToolTip("")  # nothing left to hand over
            self.hand_over_button.setEnabled(False)
            return
        other = player(battle, 1 - choosing)
        self.heading.setText(
            _("{player} places the magic markers, face down").format(player=player(battle, choosing))
        )
        self.note.setText(
            _(
                "Only {player} looks at the screen now. Choose a marker for each caster, then hand over to "
                "{other}: from then on the choices are hidden until A3, and the hand-over cannot be undone."
            ).format(player=player(battle, choosing), other=other)
        )
        self.hand_over_button.setText(_("Hand over to {player}").format(player=escape_mnemonic(other)))
        self.hand_over_button.setToolTip(_("Hide these choices until A3; this cannot be undone"))
        self.hand_over_button.setEnabled(True)

    @staticmethod
    def _placed(battle: PowerDiceBattle, side: int) -> bool:
        """Whether the side has handed over this A1 (the side with the initiative places first)."""
        return battle.choosing is None or (battle.choosing != side and side == battle.initiative)

    def _status(self, battle: PowerDiceBattle, c: CasterModel) -> str:
        if c.state.removed:
            return _("Out of play")
        if battle.choosing == c.side:
            return ""
        if not self._placed(battle, c.side):
            return _("Not placed yet")
        return _("Marker placed, face down") if c.state.marker is not None else _("No marker")
