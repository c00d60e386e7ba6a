"""The choices of a casting (PF-01 … PF-04): the spell — one the character knows, or one in no Grimoire decided at
the table —, its combination — one of the Grimoire's, or any sources and disciplines the character has — with the
game master's modifiers, the Don spent on each contact roll within its limits, links, support, the ritual's
restrictions, the casting time, and the rules options. The Don for control is chosen at the control step, once
the contact rolls are known (PF-03: the rolls panel). What the scene decides (fatigue, spells cast at once) is
shown by the tab, not edited here."""

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
from warband.gui.systems.pfpv.resolver_options import RitualOptions
from warband.gui.systems.pfpv.resolver_table_spell import TableSpellBox
from warband.gui.systems.pfpv.resolver_widgets import clear_layout, spin_box
from warband.gui.widgets.plain_text import plain_tooltip
from warband.gui.widgets.resolver_parts import message_label, note_label, plain_label, say
from warband.model.messages import _
from warband.model.systems.pfpv.rules import can_attempt
from warband.model.systems.pfpv.scene import Casting, CastingSetup, PfpvScene, being_cast, profile_of
from warband.model.systems.pfpv.scene_words import casting_time_text
from warband.model.systems.pfpv.schema import Combination, DisciplinePart, Part, SourcePart, Spell

TABLE = ""
"""The spell list's entry for a spell in no Grimoire (PF-01)."""
FREE = -1
"""The combination list's entry for the sources and disciplines chosen at the table (PF-01)."""


class ChoicesPanel(QGroupBox):
    """Everything decided before the dice; `changed` when any of it changes, `choice()` to read it."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("The casting (PF-01 … PF-04)"), parent)
        self.setObjectName("pfpvChoicesPanel")
        self._scene: PfpvScene | None = None
        self._key: str | None = None
        self._names: text.Names | None = None
        self._casting: tuple[Casting, ...] = ()
        """The spells the character was casting when last shown: a change preselects the one being cast."""
        self.modifier_spins: dict[str, QSpinBox] = {}
        """The game master's modifier for each source and discipline, prefilled with the catalog's (PF-01)."""
        self.use_checks: dict[str, QCheckBox] = {}
        """In a free combination: whether each source ("s:id") and discipline ("d:id") it has is used."""
        self.don_contact_spins: dict[str, QSpinBox] = {}
        self.link_spins: dict[str, QSpinBox] = {}

        self.spell_combo = QComboBox(self)
        self.spell_combo.setObjectName("pfpvSpellCombo")
        self.spell_combo.setAccessibleName(_("Spell"))
        self.spell_combo.setPlaceholderText(_("This character knows no spell"))
        self.table_spell = TableSpellBox(self)
        self.table_spell.hide()
        self.combination_combo = QComboBox(self)
        self.combination_combo.setObjectName("pfpvCombinationCombo")
        self.combination_combo.setAccessibleName(_("Combination of sources and disciplines"))
        self.rows = QWidget(self)
        self.rows.setObjectName("pfpvChoiceRows")
        self._grid = QGridLayout(self.rows)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self.control_note = note_label(
            self,
            "pfpvDonControlNote",
            _("The Don for control is chosen once the contact rolls are known (PF-03)."),
        )
        self.don_label = plain_label(self, "pfpvDonSpent")
        self.don_warning = message_label(self, "pfpvDonWarning")
        self.options = RitualOptions(self)
        self.support_spin, self.time_spin = self.options.support_spin, self.options.time_spin
        self.whisper_check, self.no_gesture_check = self.options.whisper_check, self.options.no_gesture_check
        self.grimoire_check = self.options.grimoire_check
        self.backlash_combo, self.factor_combo = self.options.backlash_combo, self.options.factor_combo
        for combo in (self.spell_combo, self.combination_combo):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(12)
        self.locked_note = note_label(self, "pfpvLockedNote", _("The rolls have begun: the combination is fixed."))
        self.locked_note.hide()

        form = QFormLayout()
        form.addRow(_("Spell:"), self.spell_combo)
        form.addRow(_("Combination:"), self.combination_combo)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.table_spell)
        layout.addWidget(self.rows)
        layout.addWidget(self.control_note)
        layout.addWidget(self.don_label)
        layout.addWidget(self.don_warning)
        layout.addWidget(self.options)
        layout.addWidget(self.locked_note)
        layout.addStretch(1)

        self.spell_combo.currentIndexChanged.connect(self._on_spell_combo_current_index_changed)
        self.combination_combo.currentIndexChanged.connect(self._on_combination_combo_current_index_changed)
        self.table_spell.changed.connect(self._on_input_changed)
        self.table_spell.level_spin.valueChanged.connect(self._on_table_spell_level_changed)
        self.options.changed.connect(self._on_input_changed)

    # --- public --------------------------------------------------------------------------------------------
    def show_character(self, scene: PfpvScene, key: str | None) -> None:
        """A new character starts afresh; the same one keeps its choices, its Don spending held within its Don."""
        self._scene = scene
        self._names = text.Names.of(scene)
        if key != self._key:
            self._key = key
            self._fill_spells()
            self._choose_being_cast()
        elif not self._follow_casting():
            self._fit_don()

    def _casting_now(self) -> tuple[Casting, ...]:
        state = self._scene.characters.get(self._key) if self._scene and self._key is not None else None
        return state.casting if state is not None else ()

    def _follow_casting(self) -> bool:
        """A spell begun in the tracker, or one resolved: the one being cast now is chosen — once the rolls in
        progress are done (the combination is fixed until then). Whether it was."""
        if self._casting_now() == self._casting or self.locked_note.isVisibleTo(self):
            return False
        self._choose_being_cast()
        return True

    def _choose_being_cast(self) -> None:
        """The spell the character is casting (PF-04), with the first of its combinations it can use: the one the
        player comes to resolve; a character casting nothing keeps the choices shown."""
        scene, key = self._scene, self._key
        self._casting = self._casting_now()
        now = being_cast(scene, key) if scene is not None and key is not None else None
        if now is not None:
            self.select_spell(now.spell, FREE if now.combination is None else now.combination)
        self._fit_don()

    @property
    def is_table_spell(self) -> bool:
        """A spell in no Grimoire is chosen (PF-01)."""
        return self.spell_combo.currentData() == TABLE and self.spell_combo.currentIndex() >= 0

    @property
    def is_free(self) -> bool:
        """The sources and disciplines are chosen at the table (PF-01), not one of the Grimoire's combinations."""
        return self.is_table_spell or self.combination_combo.currentData() == FREE

    def combination(self) -> Combination | None:
        """The combination as chosen, with the game master's modifiers; None while a free one lacks a source or a
        discipline."""
        spell, index = self.spell, self.combination_combo.currentIndex()
        if self.is_free:
            sources = [SourcePart(id=k[2:], modifier=self.modifier_spins[k].value()) for k in self._used("s:")]
            disciplines = [
                DisciplinePart(id=k[2:], modifier=self.modifier_spins[k].value()) for k in self._used("d:")
            ]
            if not sources or not disciplines or len(sources) > 6 or len(disciplines) > 6:
                return None
            return Combination(sources=tuple(sources), disciplines=tuple(disciplines))
        if spell is None or not 0 <= index < len(spell.combinations):
            return None
        return spell.combinations[index]

    def _used(self, kind: str) -> list[str]:
        return [k for k, check in self.use_checks.items() if k.startswith(kind) and check.isChecked()]

    def choice(self) -> CastingSetup | None:
        """The casting as chosen (its Don for control is chosen later: none here); None while it is incomplete."""
        combination = self.combination()
        spell = self.spell
        if combination is None or (spell is None and not self.is_table_spell):
            return None
        sources = {p.id for p in combination.sources}
        chosen: dict[str, object] = {}
        if self.is_table_spell:
            table = self.table_spell.table_spell()
            if table is None:
                return None
            chosen = {"table_spell": table, "parts": combination}
        elif self.is_free and spell is not None:
            chosen = {"spell": spell.id, "parts": combination}
        elif spell is not None:
            index = self.combination_combo.currentIndex()
            modifiers = {p.id: self.modifier_spins[f"s:{p.id}"].value() for p in combination.sources}
            disciplines = {p.id: self.modifier_spins[f"d:{p.id}"].value() for p in combination.disciplines}
            chosen = {
                "spell": spell.id,
                "combination": index,
                "source_modifiers": {k: v for k, v in modifiers.items() if v != _default(combination.sources, k)},
                "discipline_modifiers": {
                    k: v for k, v in disciplines.items() if v != _default(combination.disciplines, k)
                },
            }
        return CastingSetup.model_validate(
            {
                **chosen,
                "don_contact": {
                    k: s.value() for k, s in self.don_contact_spins.items() if s.value() and k in sources
                },
                "links": {k: s.value() for k, s in self.link_spins.items() if s.value() and k in sources},
                **self.options.values(),
            }
        )

    @property
    def spell(self) -> Spell | None:
        """The Grimoire's spell chosen (None for a spell in no Grimoire)."""
        spell_id = self.spell_combo.currentData()
        if self._scene is None or not isinstance(spell_id, str) or not spell_id:
            return None
        return self._scene.entries.spells.get(spell_id)

    def select_spell(self, spell_id: str, combination: int | None = None) -> None:
        """A spell the character knows (`TABLE`: one in no Grimoire), and a combination of it (`FREE`: chosen at
        the table)."""
        self.spell_combo.setCurrentIndex(self.spell_combo.findData(spell_id))
        if combination is not None:
            self.combination_combo.setCurrentIndex(self.combination_combo.findData(combination))

    def use(self, kind: str, part: str, modifier: int | None = None, *, used: bool = True) -> None:
        """In a free combination, use (or leave out) a source (`kind` "s") or a discipline ("d") the character
        has, with the game master's modifier."""
        key = f"{kind}:{part}"
        if modifier is not None:
            self.modifier_spins[key].setValue(modifier)
        self.use_checks[key].setChecked(used)

    def set_locked(self, locked: bool) -> None:
        """Once the rolls begin the combination is fixed (PF-01): nothing here changes until they are done."""
        for child in self.findChildren(QWidget):
            if child is not self.locked_note:
                child.setEnabled(not locked)
        self.locked_note.setVisible(locked)
        if not locked:
            self._follow_casting()

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
                            spell=text.Names.of(scene).spells[spell_id],
                            level=spell.level,
                            time=casting_time_text(spell.casting_time),
                        )
                        self.spell_combo.addItem(label, spell_id)
                self.spell_combo.addItem(_("A spell in no Grimoire, decided at the table…"), TABLE)
            self.spell_combo.setCurrentIndex(0 if self.spell_combo.count() else -1)
        self._fill_combinations()

    def _fill_combinations(self) -> None:
        spell, scene, key = self.spell, self._scene, self._key
        self.table_spell.setVisible(self.is_table_spell)
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
            if scene is not None and key is not None and (spell is not None or self.is_table_spell):
                self.combination_combo.addItem(_("Sources and disciplines chosen at the table…"), FREE)
                if first < 0:
                    first = self.combination_combo.count() - 1
            self.combination_combo.setCurrentIndex(first)
        self._fill_rows()

    def _fill_rows(self) -> None:
        """One row per source (modifier, Don on contact, link) and per discipline (modifier): the combination's,
        or in a free one every source and discipline the character has, each to use or not (PF-01)."""
        clear_layout(self._grid)
        for spins in (self.modifier_spins, self.don_contact_spins, self.link_spins):
            spins.clear()
        self.use_checks.clear()
        names, scene, key = self._names, self._scene, self._key
        self.spell_combo.setToolTip(plain_tooltip(self.spell_combo.currentText()))  # a player's catalog's name
        self.combination_combo.setToolTip(
            plain_tooltip(
                "\n".join(
                    [self.combination_combo.currentText(), _("Those the character has no skill for are greyed.")]
                )
            )
        )
        rows = self._rows()
        if names is None or scene is None or key is None or rows is None:
            self._fit_don()
            return
        sources, disciplines, used = rows
        heads = (_("GM modifier"), _("Don"), _("Link"))
        for column, head in enumerate(heads, start=1):
            self._grid.addWidget(QLabel(head, self.rows), 0, column)
        row = 1
        for part in sources:
            name = names.source(part.id)
            self._name_cell(row, f"s:{part.id}", _("Contact {source}").format(source=name), used)
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
        for discipline in disciplines:
            name = names.discipline(discipline.id)
            self._name_cell(row, f"d:{discipline.id}", _("Control {d}").format(d=name), used)
            self._row_spins(row, f"d:{discipline.id}", discipline.modifier, name)
            row += 1
        for spin in (*self.don_contact_spins.values(), *self.link_spins.values()):
            spin.valueChanged.connect(self._on_input_changed)
        for check in self.use_checks.values():
            check.toggled.connect(self._on_input_changed)
        self._fit_don()

    def _rows(self) -> tuple[list[SourcePart], list[DisciplinePart], set[str] | None] | None:
        """The sources and disciplines shown, with the modifiers they start from, and (free) those used."""
        spell, scene, key = self.spell, self._scene, self._key
        if scene is None or key is None:
            return None
        if not self.is_free:
            index = self.combination_combo.currentIndex()
            if spell is None or not 0 <= index < len(spell.combinations):
                return None
            combination = spell.combinations[index]
            return list(combination.sources), list(combination.disciplines), None
        profile = profile_of(scene, key)
        level = spell.level if spell is not None else self.table_spell.level_spin.value()
        start = next((c for c in spell.combinations if can_attempt(profile, c)), None) if spell else None
        given = {f"s:{p.id}": p.modifier for p in start.sources} if start else {}
        given |= {f"d:{p.id}": p.modifier for p in start.disciplines} if start else {}
        sources = [
            SourcePart(id=s, modifier=given.get(f"s:{s}", -level))
            for s in scene.entries.sources
            if s in profile.contact
        ]
        disciplines = [
            DisciplinePart(id=d, modifier=given.get(f"d:{d}", -level))
            for d in scene.entries.disciplines
            if d in profile.disciplines
        ]
        return sources, disciplines, set(given)

    def _name_cell(self, row: int, key: str, name: str, used: set[str] | None) -> None:
        if used is None:
            label = plain_label(
                self.rows, "pfpvSourceName" if key.startswith("s:") else "pfpvDisciplineName", name
            )
            self._grid.addWidget(label, row, 0)
            return
        check = QCheckBox(name, self.rows)
        check.setObjectName("pfpvUsePartCheck")
        check.setToolTip(_("Use it in the combination, with the game master's modifier (PF-01)"))
        check.setChecked(key in used)
        self.use_checks[key] = check
        self._grid.addWidget(check, row, 0)

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
        """Every Don spin's maximum is what the others leave of the character's Don."""
        don, total = self._don(), 0
        for spin in self.don_contact_spins.values():
            with QSignalBlocker(spin):
                spin.setValue(min(spin.value(), don - total))
            total += spin.value()
        for spin in self.don_contact_spins.values():
            with QSignalBlocker(spin):
                spin.setMaximum(max(0, min(400, don - (total - spin.value()))))
        spell = self.spell
        level = spell.level if spell is not None else self.table_spell.level_spin.value()
        self.don_label.setText(
            _("Don spent on contact: {spent} of {don}; {left} left, the level takes {level} (PF-07).").format(
                spent=total, don=don, left=don - total, level=level
            )
        )
        short = (spell is not None or self.is_table_spell) and don - total < level
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

    def _on_table_spell_level_changed(self, level: int) -> None:
        """The parts not used yet start from the new level as a penalty (PF-01)."""
        for key, check in self.use_checks.items():
            if not check.isChecked():
                with QSignalBlocker(self.modifier_spins[key]):
                    self.modifier_spins[key].setValue(-level)

    def _on_input_changed(self, *_args: object) -> None:
        self._fit_don()
        self.changed.emit()


def _default(parts: tuple[Part, ...], key: str) -> int | None:
    """The catalog's modifier: only the game master's changes go into the journal (PF-01)."""
    return next((p.modifier for p in parts if p.id == key), None)
