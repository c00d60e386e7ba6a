"""The call being prepared: who, which miracle, how much fervour, the difficulty when the table sets it, the
sight confirmed (CF-12), what stands in the way, and the two ways to throw the dice."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QWidget,
)

from warband.gui.systems.confrontation import resolver_divination_view as view
from warband.gui.widgets.dice_entry import DiceEntryWidget, error_colour
from warband.model.army import Problem
from warband.model.dice import D6
from warband.model.messages import _
from warband.model.names import display_name
from warband.model.systems.confrontation.battle_rules import Model
from warband.model.systems.confrontation.battle_state import ConfrontationBattle
from warband.model.systems.confrontation.schema import Miracle

NO_DIFFICULTY = 0
"""The difficulty spin's "not entered yet" value (shown as a dash): a table-set difficulty is required."""


def plain_label(parent: QWidget, name: str) -> QLabel:
    label = QLabel(parent)
    label.setObjectName(name)
    label.setTextFormat(Qt.TextFormat.PlainText)  # unit labels and player names are the player's own text
    label.setWordWrap(True)
    return label


class CallForm(QGroupBox):
    """The controls of one call; the Resolver tab fills them from the battle and reads them back."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("The call"), parent)
        self.setObjectName("callForm")
        self.faithful_combo = QComboBox(self)
        self.faithful_combo.setObjectName("faithfulCombo")
        self.faithful_combo.setAccessibleName(_("Faithful"))
        self.faithful_combo.setPlaceholderText(_("No Faithful in play"))
        self.miracle_combo = QComboBox(self)
        self.miracle_combo.setObjectName("miracleCombo")
        self.miracle_combo.setAccessibleName(_("Miracle"))
        self.miracle_combo.setPlaceholderText(_("No miracle left to call this turn"))
        self.miracle_details = plain_label(self, "miracleDetails")
        self.fervour_spin = QSpinBox(self)
        self.fervour_spin.setObjectName("fervourSpin")
        self.fervour_spin.setAccessibleName(_("Fervour spent"))
        self.fervour_spin.setToolTip(_("The Temporary Faith spent: at least the miracle's fervour (CF-19)"))
        self.faith_label = plain_label(self, "faithLabel")
        self.difficulty_spin = QSpinBox(self)
        self.difficulty_spin.setObjectName("difficultySpin")
        self.difficulty_spin.setAccessibleName(_("Difficulty set at the table"))
        self.difficulty_spin.setRange(NO_DIFFICULTY, 100)
        self.difficulty_spin.setSpecialValueText("—")
        self.difficulty_hint = plain_label(self, "difficultyHint")
        self.computed_difficulty: int | None = None
        """What the miracle's formula gives for the fervour shown (CF-17); the spin holds another value only when
        the player overrides it."""
        for spin in (self.fervour_spin, self.difficulty_spin):
            spin.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.sight_check = QCheckBox(_("The Faithful &sees its target or is in base contact (CF-12)"), self)
        self.sight_check.setObjectName("sightCheck")
        self.problems_label = plain_label(self, "problemsLabel")
        self.problems_label.setAccessibleName(_("Why the miracle cannot be called"))
        palette = self.problems_label.palette()
        palette.setColor(self.problems_label.foregroundRole(), error_colour(palette))
        self.problems_label.setPalette(palette)
        self.roll_button = QPushButton(_("&Roll"), self)
        self.roll_button.setObjectName("rollButton")
        self.dice_entry = DiceEntryWidget(D6, None, self, button_text=_("Enter dice"))
        self.dice_entry.apply_button.setAccessibleName(_("Use the dice typed from the table"))

        form = QFormLayout(self)
        fervour_row = QHBoxLayout()
        fervour_row.addWidget(self.fervour_spin)
        fervour_row.addWidget(self.faith_label, 1)
        form.addRow(self._buddy(_("&Faithful:"), self.faithful_combo), self.faithful_combo)
        form.addRow(self._buddy(_("&Miracle:"), self.miracle_combo), self.miracle_combo)
        form.addRow("", self.miracle_details)
        form.addRow(self._buddy(_("F&ervour:"), self.fervour_spin), fervour_row)
        self.difficulty_caption = self._buddy(_("D&ifficulty:"), self.difficulty_spin)
        form.addRow(self.difficulty_caption, self.difficulty_spin)
        form.addRow("", self.difficulty_hint)
        form.addRow(self.sight_check)
        form.addRow(self.problems_label)
        buttons = QHBoxLayout()
        buttons.addWidget(self.roll_button)
        buttons.addWidget(self.dice_entry, 1)
        form.addRow(buttons)

    def _buddy(self, text: str, widget: QWidget) -> QLabel:
        label = QLabel(text, self)
        label.setBuddy(widget)
        return label

    def show_faithful(self, battle: ConfrontationBattle, faithful: Sequence[Model], key: str | None) -> None:
        """Every Faithful in play ("Aline — Iron Priestess (T.F. 8)"), `key` selected; texts kept up to date."""
        keys = [m.key for m in faithful]
        combo = self.faithful_combo
        with QSignalBlocker(combo):
            if [combo.itemData(i) for i in range(combo.count())] != keys:
                combo.clear()
                for m in faithful:
                    combo.addItem(view.faithful_text(battle, m), m.key)
            for i, m in enumerate(faithful):
                combo.setItemText(i, view.faithful_text(battle, m))
            combo.setCurrentIndex(combo.findData(key))

    def show_miracles(self, battle: ConfrontationBattle, left: Sequence[str], miracle: str | None) -> None:
        """The miracles not yet called this turn (CF-09), `miracle` selected."""
        with QSignalBlocker(self.miracle_combo):
            self.miracle_combo.clear()
            for mid in left:
                self.miracle_combo.addItem(view.miracle_text(battle, mid), mid)
            self.miracle_combo.setCurrentIndex(self.miracle_combo.findData(miracle))
        self.miracle_combo.setEnabled(bool(left))

    def show_choices(self, chosen: Model | None, miracle: Miracle | None, *, fresh: bool) -> None:
        """Fervour from the miracle's minimum to the T.F.; the difficulty asked only when the table sets it;
        a `fresh` call starts from the minimum, no difficulty (or the one its formula gives, CF-17) and the sight
        not confirmed (CF-12)."""
        minimum = miracle.fervour if miracle else 0
        faith = chosen.state.faith if chosen else 0
        with QSignalBlocker(self.fervour_spin), QSignalBlocker(self.difficulty_spin):
            self.fervour_spin.setRange(minimum, max(minimum, faith))
            if fresh:
                self.fervour_spin.setValue(minimum)
                self.difficulty_spin.setValue(NO_DIFFICULTY)
                self.computed_difficulty = None
        if fresh:
            with QSignalBlocker(self.sight_check):
                self.sight_check.setChecked(False)
        self.fervour_spin.setEnabled(miracle is not None and minimum <= faith)
        self.faith_label.setText(_("of {faith} T.F.").format(faith=faith) if chosen else "")
        self.miracle_details.setText(view.miracle_details(miracle))
        table_set = miracle is not None and miracle.difficulty is None
        for widget in (self.difficulty_caption, self.difficulty_spin, self.difficulty_hint):
            widget.setVisible(table_set)
        self.sight_check.setEnabled(miracle is not None)
        self.follow_fervour(miracle)

    def follow_fervour(self, miracle: Miracle | None) -> None:
        """CF-17: a difficulty worked out from the call follows the fervour chosen, until the player overrides it
        (a value of its own in the spin); the hint says which it is."""
        formula = miracle.difficulty_formula if miracle is not None and miracle.difficulty is None else None
        if formula is None:
            self.computed_difficulty = None
            hint = ""
            if miracle is not None:
                note = miracle.difficulty_note
                hint = display_name(note) if note else _("See the miracle card.")
            if miracle is not None and miracle.difficulty is not None:
                hint = ""
        else:
            computed = formula.difficulty(self.fervour_spin.value())
            if self.difficulty_spin.value() in (NO_DIFFICULTY, self.computed_difficulty):
                with QSignalBlocker(self.difficulty_spin):
                    self.difficulty_spin.setValue(computed)
            self.computed_difficulty = computed
            how = _("the fervour + {plus}").format(plus=formula.fervour_plus)  # the data, in the player's words
            if self.difficulty_spin.value() == computed:
                hint = _("Worked out from the call: {how} = {difficulty}. Change it to override.")
            else:
                hint = _("Overridden: {how} would give {difficulty}.")
            hint = hint.format(how=how, difficulty=computed)
        self.difficulty_hint.setText(hint)
        self.difficulty_spin.setToolTip(hint)

    def difficulty(self, miracle: Miracle | None) -> int | None:
        """The difficulty the call gives (CF-17): None for a card's own, for one not entered yet, and for the one
        the formula gives; the player's value otherwise (an override of the formula)."""
        if miracle is None or miracle.difficulty is not None:
            return None
        value = self.difficulty_spin.value()
        if value == NO_DIFFICULTY or value == self.computed_difficulty:
            return None
        return value

    def show_problems(self, problems: Sequence[Problem], *, anyone: bool) -> None:
        """Each reason with its rule ("CF-11: …"); the dice wait until there is none."""
        text = "\n".join(f"{p.rule}: {p.sentence}" for p in problems) if anyone else _("No Faithful in play.")
        self.problems_label.setText(text)
        self.problems_label.setVisible(bool(text))

    def set_ready(self, ready: bool) -> None:
        self.roll_button.setEnabled(ready)
        self.dice_entry.set_apply_enabled(ready)
