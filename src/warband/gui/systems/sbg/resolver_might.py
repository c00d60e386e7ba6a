"""Might on a roll (SB-02): the kind of roll, the die (typed, or thrown by the program), the score it needs or
the opponent's die in a duel; a table of what each Might point would make of it, lowering it or raising it; and
spending the points."""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QSignalBlocker, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QPushButton,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from warband.gui.battle_document import BattleDocument
from warband.gui.systems.sbg import resolver_text as text
from warband.gui.systems.sbg import rolls
from warband.gui.widgets.resolver_parts import message_label, note_label, plain_label, say
from warband.gui.widgets.table_fit import TableFit
from warband.model.dice import Dice
from warband.model.messages import _, spoken_text
from warband.model.systems.sbg import battle_rules as rules
from warband.model.systems.sbg.battle_state import SbgBattle

Index = QModelIndex | QPersistentModelIndex


class MightTableModel(QAbstractTableModel):
    """One row per number of Might points: the result and what it means; the cheapest success in bold."""

    COLUMNS = 3

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rows: list[text.MightRow] = []
        self._best: int | None = None

    def set_rows(self, rows: list[text.MightRow]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self._best = text.fewest_points(rows)
        self.endResetModel()

    def rows(self) -> list[text.MightRow]:
        return list(self._rows)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else self.COLUMNS

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return (text.signed(row.points), str(row.result), row.verdict)[index.column()]
        if role == Qt.ItemDataRole.FontRole and row.points == self._best:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() < 2:
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role != Qt.ItemDataRole.DisplayRole or orientation != Qt.Orientation.Horizontal:
            return None
        if 0 <= section < self.COLUMNS:
            # the die as Might makes it, and what that die does: two words in every language ("Résultat" was both)
            return (_("Might points"), _("Die with Might"), _("Effect"))[section]
        return None


class MightPanel(QGroupBox):
    """The roll a hero may change with Might, and the points to spend on it."""

    def __init__(self, document: BattleDocument[SbgBattle], parent: QWidget | None = None) -> None:
        super().__init__(_("Might on a roll (SB-02)"), parent)
        self.setObjectName("mightPanel")
        self._document = document
        self._key: str | None = None
        self._thrown: rolls.Thrown | None = None  # the dice thrown by the model, now in the spin
        self._acting = False
        self._inputs: tuple[object, ...] = ()

        self.kind_combo = QComboBox(self)
        self.kind_combo.setObjectName("mightKindCombo")
        self.kind_combo.setAccessibleName(_("Kind of roll"))
        for kind, description in rules.MIGHT_ROLLS.items():
            self.kind_combo.addItem(_(description).capitalize(), kind)
        self.roll_spin = QSpinBox(self)
        self.roll_spin.setObjectName("mightRollSpin")
        self.roll_spin.setAccessibleName(_("Die rolled"))
        self.roll_spin.setRange(1, 6)
        self.roll_spin.setValue(3)
        self.roll_button = QPushButton(_("Roll"), self)
        self.roll_button.setObjectName("mightRollButton")
        self.roll_button.setToolTip(_("Throw the die with the program's dice"))
        self.need_spin = QSpinBox(self)
        self.need_spin.setObjectName("mightNeedSpin")
        self.need_spin.setAccessibleName(_("Score needed"))
        self.need_spin.setRange(1, 12)
        self.need_spin.setValue(4)
        self.opponent_spin = QSpinBox(self)
        self.opponent_spin.setObjectName("mightOpponentSpin")
        self.opponent_spin.setAccessibleName(_("The opponent's die"))
        self.opponent_spin.setRange(1, 6)
        self.opponent_spin.setValue(4)
        self.lower_check = QCheckBox(_("Lower is better: the roll succeeds at the score or below"), self)
        self.lower_check.setObjectName("mightLowerCheck")
        self.lower_check.setToolTip(_("Might lowers a die as well as raises it (SB-02)"))
        self.note = note_label(
            self,
            "mightNote",
            _(
                "Might changes only the hero's own rolls of these kinds, one point one more or one less, after "
                "the roll; never a die below 1."
            ),
        )
        self.table_model = MightTableModel(self)
        self.table = QTableView(self)
        self.table.setObjectName("mightTable")
        self.table.setAccessibleName(_("What each Might point would change"))
        self.table.setModel(self.table_model)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.verticalHeader().hide()
        self.table.setSizeAdjustPolicy(QAbstractItemView.SizeAdjustPolicy.AdjustToContents)
        # Each column as wide as its title and cells, the effect the rest; the section never narrower than that
        self.table_fit = TableFit(self.table, keep=None, rows=2)
        self.points_spin = QSpinBox(self)
        self.points_spin.setObjectName("mightPointsSpin")
        self.points_spin.setAccessibleName(_("Might points to spend"))
        self.points_spin.setToolTip(_("Positive raises the roll, negative lowers it; each point costs one Might"))
        self.spend_button = QPushButton(self)
        self.spend_button.setObjectName("mightSpendButton")
        self.outcome_label = plain_label(self, "mightOutcome")
        self.message_label = message_label(self, "mightMessage")

        roll_row = QHBoxLayout()
        roll_row.addWidget(self.roll_spin, 1)
        roll_row.addWidget(self.roll_button)
        self.form = QFormLayout()
        self.form.addRow(_("Kind of roll:"), self.kind_combo)
        self.roll_label = plain_label(self, "mightRollLabel", _("Die rolled:"))
        self.form.addRow(self.roll_label, roll_row)
        self.form.addRow(_("Score needed:"), self.need_spin)
        self.form.addRow(_("Opponent's die:"), self.opponent_spin)
        self.form.addRow("", self.lower_check)
        spend_row = QHBoxLayout()
        spend_row.addWidget(self.points_spin)
        spend_row.addWidget(self.spend_button, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.note)
        layout.addWidget(self.table, 1)
        layout.addLayout(spend_row)
        layout.addWidget(self.outcome_label)
        layout.addWidget(self.message_label)

        self.kind_combo.currentIndexChanged.connect(self._on_kind_combo_current_index_changed)
        self.roll_spin.valueChanged.connect(self._on_roll_spin_value_changed)
        self.need_spin.valueChanged.connect(self._on_need_spin_value_changed)
        self.opponent_spin.valueChanged.connect(self._on_need_spin_value_changed)
        self.lower_check.toggled.connect(self._on_lower_check_toggled)
        self.points_spin.valueChanged.connect(self._on_points_spin_value_changed)
        self.roll_button.clicked.connect(self._on_roll_button_clicked)
        self.spend_button.clicked.connect(self._on_spend_button_clicked)
        document.refused.connect(self._on_document_refused)
        self._show_kind()

    # --- public --------------------------------------------------------------------------------------------
    def kind(self) -> str:
        return str(self.kind_combo.currentData())

    def set_kind(self, kind: str) -> None:
        self.kind_combo.setCurrentIndex(self.kind_combo.findData(kind))

    def show_hero(self, battle: SbgBattle, key: str | None) -> None:
        """The hero whose roll it is (None: no hero); the inputs stay as typed."""
        if key != self._key:
            self._key = key
            say(self.outcome_label, "")
            say(self.message_label, "")
        self._update(battle)

    def roll(self, dice: Dice | None = None) -> tuple[int, ...] | None:
        """Throw the roll with the program's dice (or `dice`, the table's) and show its total; the Might is put on
        it with `spend`, which keeps the dice."""
        if self._key is None:
            return None
        say(self.message_label, "")
        self._acting = True
        try:
            thrown = rolls.throw_might(self._document, self._key, self.kind(), dice)
        finally:
            self._acting = False
        if thrown is None:
            return None
        with QSignalBlocker(self.roll_spin):
            self.roll_spin.setValue(sum(thrown[0]))
        self._thrown = thrown
        say(self.outcome_label, _("Rolled {dice}.").format(dice=" + ".join(map(str, thrown[0]))))
        self._update(self._document.battle)
        return thrown[0]

    def spend(self) -> bool:
        """Spend the Might points chosen on this roll, raising it (or lowering it: negative points), a `UseMight`
        carrying the dice thrown, if they were; False when refused (the reason shown)."""
        if self._key is None or self.points_spin.value() == 0:
            return False
        hero = rules.hero(self._document.battle, self._key)
        points, roll, kind = self.points_spin.value(), self.roll_spin.value(), self.kind()
        say(self.message_label, "")
        self._acting = True
        try:
            done = rolls.spend_might(self._document, self._key, points, kind, roll, self._thrown)
        finally:
            self._acting = False
        if done:
            self._thrown = None  # those dice are in the log: more Might on the roll is logged without them
            say(
                self.outcome_label,
                _("{hero} spent {points} Might: the {roll} becomes {result}.").format(
                    hero=spoken_text(hero.label), points=abs(points), roll=roll, result=roll + points
                ),
            )
        return done

    # --- showing -------------------------------------------------------------------------------------------
    def _show_kind(self) -> None:
        duel = self.kind() == "duel"
        dice = rules.might_dice(self.kind())
        with QSignalBlocker(self.roll_spin):
            self.roll_spin.setRange(dice, 6 * dice)
        self.form.setRowVisible(self.need_spin, not duel)
        self.form.setRowVisible(self.opponent_spin, duel)
        self.form.setRowVisible(self.lower_check, not duel)
        self.roll_label.setText(_("Total rolled:") if dice > 1 else _("Die rolled:"))

    def _update(self, battle: SbgBattle) -> None:
        hero = rules.hero(battle, self._key) if self._key is not None else None
        might = hero.state.might if hero is not None else 0
        duel = self.kind() == "duel"
        lower = self.lower_check.isChecked() and not duel
        need = self.opponent_spin.value() if duel else self.need_spin.value()
        low = rules.might_dice(self.kind())  # each die no lower than 1
        roll = self.roll_spin.value()
        rows = text.might_rows(roll, might, need, duel=duel, lower=lower, low=low)
        self.table_model.set_rows(rows)
        inputs = (self._key, self.kind(), roll, need, might, lower)
        with QSignalBlocker(self.points_spin):
            self.points_spin.setRange(max(-might, low - roll), might)
            if inputs != self._inputs:  # another roll: suggest the fewest points that succeed
                self.points_spin.setValue(text.fewest_points(rows) or 0)
        self._inputs = inputs
        self.roll_button.setEnabled(hero is not None)
        self._update_button()

    def _update_button(self) -> None:
        points = self.points_spin.value()
        if points < 0:
            self.spend_button.setText(_("Spend {points} Might to lower the roll").format(points=-points))
        else:
            self.spend_button.setText(_("Spend {points} Might").format(points=points))
        self.spend_button.setEnabled(self._key is not None and points != 0)

    # --- slots ---------------------------------------------------------------------------------------------
    def _on_kind_combo_current_index_changed(self, _index: int) -> None:
        if self._thrown is not None and len(self._thrown[0]) != rules.might_dice(self.kind()):
            self._thrown = None  # thrown for a roll of another number of dice: the spin is the table's now
        self._show_kind()
        self._update(self._document.battle)

    def _on_roll_spin_value_changed(self, _value: int) -> None:
        self._thrown = None  # typed over the program's dice: the table's die now
        self._update(self._document.battle)

    def _on_need_spin_value_changed(self, _value: int) -> None:
        self._update(self._document.battle)

    def _on_lower_check_toggled(self, _checked: bool) -> None:
        self._update(self._document.battle)

    def _on_points_spin_value_changed(self, _value: int) -> None:
        self._update_button()

    def _on_roll_button_clicked(self) -> None:
        self.roll()

    def _on_spend_button_clicked(self) -> None:
        self.spend()

    def _on_document_refused(self, message: str) -> None:
        if self._acting:
            say(self.message_label, message)
