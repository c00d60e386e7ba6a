"""The choices of a casting (PF-01 … PF-04): the spell, its combination with the game master's modifiers, the Don
spent on each roll within its limits, links, support, the ritual's restrictions, the casting time, and the rules
options. What the scene decides (fatigue, spells cast at once) is shown by the tab, not edited here."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Signal
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from warband.gui.systems.pfpv import resolver_text as text
from warband.gui.systems.pfpv.resolver_widgets import clear_layout, spin_box
from warband.gui.widgets.plain_text import plain_tooltip
from warband.gui.widgets.resolver_parts import message_label, note_label, plain_label, say
from warband.model.messages import _
from warband.model.systems.pfpv.rules import can_attempt
from warband.model.systems.pfpv.scene import CastingSetup, PfpvScene, profile_of
from warband.model.systems.pfpv.schema import Part, Spell

CONTROL_DON_CAP = 10
"""PF-03: at most 10 Don (+5) on each control roll."""


class ChoicesPanel(QGroupBox):
    """Everything decided before the dice; `changed` when any of it changes, `choice()` to read it."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("The casting (PF-01 … PF-04)"), parent)
        self.setObjectName("pfpvChoicesPanel")
        self._scene: PfpvScene | None = None
        self._key: str | None = None
        self._names: text.Names | None = None
        self.modifier_spins: dict[str, QSpinBox] = {}
        """The game master's modifier for each source and discipline, prefilled with the catalog's (PF-01)."""
        self.don_contact_spins: dict[str, QSpinBox] = {}
        self.don_control_spins: dict[str, QSpinBox] = {}
        self.link_spins: dict[str, QSpinBox] = {}

        self.spell_combo = QComboBox(self)
        self.spell_combo.setObjectName("pfpvSpellCombo")
        self.spell_combo.setAccessibleName(_("Spell"))
        self.spell_combo.setPlaceholderText(_("This character knows no spell"))
        self.combination_combo = QComboBox(self)
        self.combination_combo.setObjectName("pfpvCombinationCombo")
        self.combination_combo.setAccessibleName(_("Combination of sources and disciplines"))
        self.rows = QWidget(self)
        self.rows.setObjectName("pfpvChoiceRows")
        self._grid = QGridLayout(self.rows)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self.don_label = plain_label(self, "pfpvDonSpent")
        self.don_warning = message_label(self, "pfpvDonWarning")
        self.support_spin = spin_box(
            self, "pfpvSupportSpin", 0, 10, _("Support bonus"), _("A wand, a talisman (PF-02)")
        )
        self.time_spin = spin_box(
            self,
            "pfpvTimeSpin",
            -10,
            10,
            _("Casting time"),
            _("Hurrying (a penalty) or taking longer (a bonus): the game master's value, on every roll (PF-04)"),
        )
        self.whisper_check = QCheckBox(_("Whispered words (−1)"), self)
        self.whisper_check.setObjectName("pfpvWhisperCheck")
        self.no_gesture_check = QCheckBox(_("No gesture (−2)"), self)
        self.no_gesture_check.setObjectName("pfpvNoGestureCheck")
        self.grimoire_check = QCheckBox(_("Grimoire's ritual (+2)"), self)
        self.grimoire_check.setObjectName("pfpvGrimoireCheck")
        self.backlash_combo = QComboBox(self)
        self.backlash_combo.setObjectName("pfpvBacklashCombo")
        self.backlash_combo.setAccessibleName(_("Backlash"))
        self.backlash_combo.addItem(_("One per control roll failed by 3+"), True)
        self.backlash_combo.addItem(_("Only one, however many failed"), False)
        self.factor_combo = QComboBox(self)
        self.factor_combo.setObjectName("pfpvFactorCombo")
        self.factor_combo.setAccessibleName(_("Vitality per point of energy left"))
        self.factor_combo.addItem(_("2 a point (the rule)"), 2)
        self.factor_combo.addItem(_("1 a point (the seed's example)"), 1)
        for combo in (self.spell_combo, self.combination_combo, self.backlash_combo, self.factor_combo):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(12)
        self.locked_note = note_label(self, "pfpvLockedNote", _("The rolls have begun: the combination is fixed."))
        self.locked_note.hide()

        form = QFormLayout()
        form.addRow(_("Spell:"), self.spell_combo)
        form.addRow(_("Combination:"), self.combination_combo)
        ritual = QVBoxLayout()
        for check in (self.whisper_check, self.no_gesture_check, self.grimoire_check):
            ritual.addWidget(check)
        options = QFormLayout()
        options.addRow(_("Support:"), self.support_spin)
        options.addRow(_("Hurry − / extra time +:"), self.time_spin)
        options.addRow(plain_label(self, "pfpvBacklashLabel", _("Backlash (PF-05):")))
        options.addRow(self.backlash_combo)
        options.addRow(plain_label(self, "pfpvFactorLabel", _("Vitality lost per point of energy left (PF-05):")))
        options.addRow(self.factor_combo)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.rows)
        layout.addWidget(self.don_label)
        layout.addWidget(self.don_warning)
        layout.addLayout(ritual)
        layout.addLayout(options)
        layout.addWidget(self.locked_note)
        layout.addStretch(1)

        self.spell_combo.currentIndexChanged.connect(self._on_spell_combo_current_index_changed)
        self.combination_combo.currentIndexChanged.connect(self._on_combination_combo_current_index_changed)
        for spin in (self.support_spin, self.time_spin):
            spin.valueChanged.connect(self._on_input_changed)
        for check in (self.whisper_check, self.no_gesture_check, self.grimoire_check):
            check.toggled.connect(self._on_input_changed)
        for combo in (self.backlash_combo, self.factor_combo):
            combo.currentIndexChanged.connect(self._on_input_changed)

    # --- public --------------------------------------------------------------------------------------------
    def show_character(self, scene: PfpvScene, key: str | None) -> None:
        """A new character starts afresh; the same one keeps its choices, its Don spending held within its Don."""
        self._scene = scene
        self._names = text.Names.of(scene)
        if key != self._key:
            self._key = key
            self._fill_spells()
        else:
            self._fit_don()

    def choice(self) -> CastingSetup | None:
        spell = self.spell
        if spell is None or self.combination_combo.currentIndex() < 0:
            return None
        combination = spell.combinations[self.combination_combo.currentIndex()]
        sources = {p.id: self.modifier_spins[f"s:{p.id}"].value() for p in combination.sources}
        disciplines = {p.id: self.modifier_spins[f"d:{p.id}"].value() for p in combination.disciplines}
        return CastingSetup(
            spell=spell.id,
            combination=self.combination_combo.currentIndex(),
            source_modifiers={k: v for k, v in sources.items() if v != _default(combination.sources, k)},
            discipline_modifiers={
                k: v for k, v in disciplines.items() if v != _default(combination.disciplines, k)
            },
            don_contact={k: s.value() for k, s in self.don_contact_spins.items() if s.value()},
            don_control={k: s.value() for k, s in self.don_control_spins.items() if s.value()},
            links={k: s.value() for k, s in self.link_spins.items() if s.value()},
            support=self.support_spin.value(),
            whisper=self.whisper_check.isChecked(),
            no_gesture=self.no_gesture_check.isChecked(),
            grimoire=self.grimoire_check.isChecked(),
            time=self.time_spin.value(),
            backlash_per_roll=bool(self.backlash_combo.currentData()),
            vitality_factor=int(self.factor_combo.currentData()),
        )

    @property
    def spell(self) -> Spell | None:
        spell_id = self.spell_combo.currentData()
        if self._scene is None or not isinstance(spell_id, str):
            return None
        return self._scene.entries.spells.get(spell_id)

    def select_spell(self, spell_id: str, combination: int | None = None) -> None:
        self.spell_combo.setCurrentIndex(self.spell_combo.findData(spell_id))
        if combination is not None:
            self.combination_combo.setCurrentIndex(combination)

    def set_locked(self, locked: bool) -> None:
        """Once the rolls begin the combination is fixed (PF-01): nothing here changes until they are done."""
        for child in self.findChildren(QWidget):
            if child is not self.locked_note:
                child.setEnabled(not locked)
        self.locked_note.setVisible(locked)

    # --- filling -------------------------------------------------------------------------------------------
    def _fill_spells(self) -> None:
        scene, key = self._scene, self._key
        with QSignalBlocker(self.spell_combo):
            self.spell_combo.clear()
            if scene is not None and key is not None:
                for spell_id in profile_of(scene, key).spells:
                    spell = scene.entries.spells.get(spell_id)
                    if spell is not None:
                        label = _("{spell} (level {level}, {time})").format(
                            spell=text.Names.of(scene).spells[spell_id], level=spell.level, time=spell.casting_time
                        )
                        self.spell_combo.addItem(label, spell_id)
            self.spell_combo.setCurrentIndex(0 if self.spell_combo.count() else -1)
        self._fill_combinations()

    def _fill_combinations(self) -> None:
        spell, scene, key = self.spell, self._scene, self._key
        with QSignalBlocker(self.combination_combo):
            self.combination_combo.clear()
            first = -1
            if spell is not None and scene is not None and key is not None and self._names is not None:
                profile = profile_of(scene, key)
                model = self.combination_combo.model()
                for i, combination in enumerate(spell.combinations):
                    self.combination_combo.addItem(text.combination_text(self._names, combination), i)
                    usable = can_attempt(profile, combination)
                    if isinstance(model, QStandardItemModel) and not usable:
                        item = model.item(i)
                        item.setEnabled(False)
                        item.setToolTip(_("The character has no skill in one of these sources or disciplines"))
                    if usable and first < 0:
                        first = i
            self.combination_combo.setCurrentIndex(first)
        self._fill_rows()

    def _fill_rows(self) -> None:
        """One row per source (modifier, Don on contact, link) and per discipline (modifier, Don on control)."""
        clear_layout(self._grid)
        for spins in (self.modifier_spins, self.don_contact_spins, self.don_control_spins, self.link_spins):
            spins.clear()
        spell, names = self.spell, self._names
        index = self.combination_combo.currentIndex()
        self.spell_combo.setToolTip(plain_tooltip(self.spell_combo.currentText()))  # a player's catalog's name
        self.combination_combo.setToolTip(
            plain_tooltip(
                "\n".join(
                    [self.combination_combo.currentText(), _("Those the character has no skill for are greyed.")]
                )
            )
        )
        if spell is None or names is None or index < 0:
            self._fit_don()
            return
        combination = spell.combinations[index]
        heads = (_("GM modifier"), _("Don"), _("Link"))
        for column, head in enumerate(heads, start=1):
            self._grid.addWidget(QLabel(head, self.rows), 0, column)
        row = 1
        for part in combination.sources:
            name = names.source(part.id)
            label = plain_label(self.rows, "pfpvSourceName", _("Contact {source}").format(source=name))
            self._grid.addWidget(label, row, 0)
            self._row_spins(row, f"s:{part.id}", part.modifier, name)
            don = spin_box(
                self.rows, "pfpvDonContactSpin", 0, 400, _("Don on the {source} contact roll").format(source=name)
            )
            don.setToolTip(_("+1 per point of Don, no cap (PF-02)"))
            link = spin_box(self.rows, "pfpvLinkSpin", -2, 2, _("Link to {source}").format(source=name))
            link.setToolTip(_("+1/+2 near a minor/major link to the source, −1/−2 to the opposed source (PF-02)"))
            self.don_contact_spins[part.id] = don
            self.link_spins[part.id] = link
            self._grid.addWidget(don, row, 2)
            self._grid.addWidget(link, row, 3)
            row += 1
        for part in combination.disciplines:
            name = names.discipline(part.id)
            self._grid.addWidget(
                plain_label(self.rows, "pfpvDisciplineName", _("Control {d}").format(d=name)), row, 0
            )
            self._row_spins(row, f"d:{part.id}", part.modifier, name)
            don = spin_box(
                self.rows,
                "pfpvDonControlSpin",
                0,
                CONTROL_DON_CAP,
                _("Don on the {d} control roll").format(d=name),
            )
            don.setSingleStep(2)
            don.setToolTip(_("+1 per 2 Don, at most 10 Don (+5) on each control roll (PF-03)"))
            self.don_control_spins[part.id] = don
            self._grid.addWidget(don, row, 2)
            row += 1
        for spin in (
            *self.don_contact_spins.values(),
            *self.don_control_spins.values(),
            *self.link_spins.values(),
        ):
            spin.valueChanged.connect(self._on_input_changed)
        self._fit_don()

    def _row_spins(self, row: int, key: str, modifier: int, name: str) -> None:
        spin = spin_box(self.rows, "pfpvModifierSpin", -30, 30, _("Modifier for {name}").format(name=name))
        spin.setValue(modifier)
        spin.setToolTip(
            _("The spell's modifier ({value} in the catalog); the game master may change it (PF-01)").format(
                value=text.signed(modifier)
            )
        )
        spin.valueChanged.connect(self._on_input_changed)
        self.modifier_spins[key] = spin
        self._grid.addWidget(spin, row, 1)

    def _fit_don(self) -> None:
        """Every Don spin's maximum is what the others leave of the character's Don (and 10 on control)."""
        don = self._don()
        spins = [*self.don_contact_spins.values(), *self.don_control_spins.values()]
        caps = [400] * len(self.don_contact_spins) + [CONTROL_DON_CAP] * len(self.don_control_spins)
        values, total = [], 0
        for spin, cap in zip(spins, caps, strict=True):
            value = min(spin.value(), cap, don - total)
            values.append(value)
            total += value
        for spin, cap, value in zip(spins, caps, values, strict=True):
            with QSignalBlocker(spin):
                spin.setMaximum(max(0, min(cap, don - (total - value))))
                spin.setValue(value)
        spell = self.spell
        level = spell.level if spell is not None else 0
        self.don_label.setText(
            _("Don spent on the rolls: {spent} of {don}; {left} left, the level takes {level} (PF-07).").format(
                spent=total, don=don, left=don - total, level=level
            )
        )
        short = spell is not None and don - total < level
        say(
            self.don_warning,
            _("Not enough Don left for the level: a success would lose control (PF-07).") if short else "",
        )

    def _don(self) -> int:
        if self._scene is None or self._key is None:
            return 0
        return self._scene.characters[self._key].don

    # --- slots ---------------------------------------------------------------------------------------------
    def _on_spell_combo_current_index_changed(self, _index: int) -> None:
        self._fill_combinations()
        self.changed.emit()

    def _on_combination_combo_current_index_changed(self, _index: int) -> None:
        self._fill_rows()
        self.changed.emit()

    def _on_input_changed(self, *_args: object) -> None:
        self._fit_don()
        self.changed.emit()


def _default(parts: tuple[Part, ...], key: str) -> int | None:
    """The catalog's modifier: only the game master's changes go into the journal (PF-01)."""
    return next((p.modifier for p in parts if p.id == key), None)
