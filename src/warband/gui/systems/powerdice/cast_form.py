"""The casting being prepared (PD-08): who casts, which spell, on what, with how many of its own dice, the
helpers' gifts in B3 (PD-05) or the note of phase C (PD-06), the limits, what stands in the way, and the two
ways to throw the dice. The Resolver tab fills it from the battle and reads it back."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QWidget,
)

from warband.gui.systems.powerdice import resolver_view as view
from warband.gui.systems.powerdice.cast_helpers import CastHelpersBox
from warband.gui.widgets.dice_entry import DiceEntryWidget, error_colour
from warband.model.army import Problem
from warband.model.dice import D6
from warband.model.messages import _, spoken_text
from warband.model.systems.powerdice.battle_rules import CasterModel
from warband.model.systems.powerdice.battle_state import Marker, PowerDiceBattle
from warband.model.systems.powerdice.schema import Spell

TARGET_LENGTH = 200
"""The longest target a lasting spell's marker keeps."""


def plain_label(parent: QWidget, name: str) -> QLabel:
    label = QLabel(parent)
    label.setObjectName(name)
    label.setTextFormat(Qt.TextFormat.PlainText)  # unit labels and player names are the player's own text
    label.setWordWrap(True)
    return label


class CastForm(QGroupBox):
    """The controls of one casting."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("The casting"), parent)
        self.setObjectName("castForm")
        self.caster_combo = QComboBox(self)
        self.caster_combo.setObjectName("casterCombo")
        self.caster_combo.setAccessibleName(_("Caster"))
        self.caster_combo.setPlaceholderText(_("No caster in this battle"))
        self.caster_combo.setToolTip(_("Power dice on the caster's card / its level, and its magic marker"))
        self.caster_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.caster_combo.setMinimumContentsLength(24)
        self.spell_combo = QComboBox(self)
        self.spell_combo.setObjectName("spellCombo")
        self.spell_combo.setAccessibleName(_("Spell"))
        self.spell_combo.setPlaceholderText(_("No spell shares a trait with this caster"))
        self.spell_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.spell_combo.setMinimumContentsLength(24)
        self.target_edit = QLineEdit(self)
        self.target_edit.setObjectName("targetEdit")
        self.target_edit.setAccessibleName(_("Target"))
        self.target_edit.setPlaceholderText(_("What the spell is cast on (optional)"))
        self.target_edit.setMaxLength(TARGET_LENGTH)
        self.dice_spin = QSpinBox(self)
        self.dice_spin.setObjectName("diceSpin")
        self.dice_spin.setAccessibleName(_("Power dice from the caster's own card"))
        self.dice_spin.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.reserve_label = plain_label(self, "reserveLabel")
        self.helpers_box = CastHelpersBox(self)
        self.wait_note = plain_label(self, "waitNote")
        self.wait_note.setText(_("Phase C: 3 dice at most, and no dice may be given (PD-06)."))
        self.limit_label = plain_label(self, "limitLabel")
        bold = self.limit_label.font()
        bold.setBold(True)
        self.limit_label.setFont(bold)
        self.problems_label = plain_label(self, "problemsLabel")
        self.problems_label.setAccessibleName(_("Why the spell cannot be cast"))
        palette = self.problems_label.palette()
        palette.setColor(self.problems_label.foregroundRole(), error_colour(palette))
        self.problems_label.setPalette(palette)
        self.cast_button = QPushButton(_("&Cast"), self)
        self.cast_button.setObjectName("castButton")
        self.cast_button.setToolTip(_("Cast with the program's dice"))
        self.dice_entry = DiceEntryWidget(D6, 1, self, button_text=_("Enter dice"))
        self.dice_entry.apply_button.setAccessibleName(_("Cast with the dice typed from the table"))

        form = QFormLayout(self)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        dice_row = QHBoxLayout()
        dice_row.addWidget(self.dice_spin)
        dice_row.addWidget(self.reserve_label, 1)
        form.addRow(self._buddy(_("C&aster:"), self.caster_combo), self.caster_combo)
        form.addRow(self._buddy(_("&Spell:"), self.spell_combo), self.spell_combo)
        form.addRow(self._buddy(_("&Target:"), self.target_edit), self.target_edit)
        form.addRow(self._buddy(_("&Own dice:"), self.dice_spin), dice_row)
        form.addRow(self.helpers_box)
        form.addRow(self.wait_note)
        form.addRow(self.limit_label)
        form.addRow(self.problems_label)
        buttons = QHBoxLayout()
        buttons.addWidget(self.cast_button)
        buttons.addWidget(self.dice_entry, 1)
        form.addRow(buttons)

    def _buddy(self, text: str, widget: QWidget) -> QLabel:
        label = QLabel(text, self)
        label.setBuddy(widget)
        return label

    # --- showing -------------------------------------------------------------------------------------------
    def show_casters(
        self,
        battle: PowerDiceBattle,
        now: Sequence[CasterModel],
        others: Sequence[CasterModel],
        markers: dict[str, Marker | None],
        key: str | None,
    ) -> None:
        """Those who may cast now, a separator, then every other caster; `key` selected."""
        combo = self.caster_combo
        wanted: list[str | None] = [c.key for c in now]
        if now and others:
            wanted.append(None)  # the separator
        wanted.extend(c.key for c in others)
        with QSignalBlocker(combo):
            if [combo.itemData(i) for i in range(combo.count())] != wanted:
                combo.clear()
                for c in now:
                    combo.addItem(view.caster_text(battle, c, markers[c.key]), c.key)
                if now and others:
                    combo.insertSeparator(combo.count())
                for c in others:
                    combo.addItem(view.caster_text(battle, c, markers[c.key]), c.key)
            else:
                for c in (*now, *others):
                    combo.setItemText(combo.findData(c.key), view.caster_text(battle, c, markers[c.key]))
            combo.setCurrentIndex(combo.findData(key) if key is not None else -1)

    def show_spells(self, spells: Sequence[Spell], spell: str | None) -> None:
        combo = self.spell_combo
        with QSignalBlocker(combo):
            if [combo.itemData(i) for i in range(combo.count())] != [s.id for s in spells]:
                combo.clear()
                for s in spells:
                    combo.addItem(view.spell_text(s), s.id)
            combo.setCurrentIndex(combo.findData(spell) if spell is not None else -1)
        combo.setEnabled(bool(spells))

    def show_dice(
        self,
        battle: PowerDiceBattle,
        chosen: CasterModel | None,
        helpers: Sequence[CasterModel],
        *,
        fresh: bool,
    ) -> None:
        """Own dice from 0 to the reserve, and in B3 the helpers offered; a `fresh` casting starts from as many
        dice as the limits allow, with no target, no gifts and the helpers' distance not confirmed."""
        reserve = chosen.state.reserve if chosen else 0
        with QSignalBlocker(self.dice_spin):
            self.dice_spin.setRange(0, reserve)
            if fresh:
                cap = view.dice_cap(battle, chosen) if chosen else 0
                self.dice_spin.setValue(min(reserve, cap))
        if fresh:
            with QSignalBlocker(self.target_edit):
                self.target_edit.clear()
        self.reserve_label.setText(
            _("of {reserve} on its card (level {level})").format(reserve=reserve, level=chosen.caster.level)
            if chosen
            else ""
        )
        incantation = battle.step == "B3"
        self.helpers_box.setVisible(incantation and chosen is not None)
        self.wait_note.setVisible(battle.step == "C")
        if incantation and chosen is not None:
            self.helpers_box.show_helpers(spoken_text(chosen.label), helpers, fresh=fresh)
        elif fresh:
            self.helpers_box.show_helpers("", (), fresh=True)

    def show_problems(self, problems: Sequence[Problem]) -> None:
        """Each reason with its rule ("PD-05: …"); the dice wait until there is none."""
        text = "\n".join(f"{p.rule}: {p.sentence}" for p in problems)
        self.problems_label.setText(text)
        self.problems_label.setVisible(bool(text))

    def set_ready(self, ready: bool, dice: int) -> None:
        """Cast only without problems; the typed dice are as many as the casting throws."""
        self.cast_button.setEnabled(ready)
        self.dice_entry.set_apply_enabled(ready)
        self.dice_entry.set_dice(D6, max(1, dice))
