"""The form of a character built in the party: its name (its unit's label), Don, Vitality, MA, Recovery and the
fatigue it starts a scene with (PF-X1), its Contact skill per source (PF-02) and skill per discipline (PF-03) for
the sources and disciplines of the loaded catalogs, and the spells it knows, checked in the catalogs' list.

Every edit is one command of the army, named for the undo history ("Morgane: Don 60"); a run of steps of one spin
box (an arrow key held) is one undo step. The spin boxes are bounded as the file format bounds the numbers; what
the rules find wrong (a Don under 20, PF-X2) shows in the problems, as every game's do.
"""

from __future__ import annotations

from functools import partial
from itertools import pairwise

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from warband.gui.army_document import ArmyDocument
from warband.gui.builder.entry_tables import plain_label
from warband.gui.systems.pfpv.builder_known_spells_model import KnownSpellsListModel
from warband.gui.systems.pfpv.builder_text import entry_name, joined, specialisation_text
from warband.gui.widgets.appearance import follow_font
from warband.gui.widgets.flow_layout import FlowLayout
from warband.model.edits import SetUnitField
from warband.model.messages import _
from warband.model.names import CatalogName, display_name
from warband.model.systems.pfpv.characters import (
    NUMBER_FIELDS,
    SKILL_BOUNDS,
    NumberField,
    SetCharacterField,
    SetSkill,
    SkillKind,
    built,
    number_bounds,
)
from warband.model.systems.pfpv.rules import index
from warband.model.systems.pfpv.schema import BuiltCharacter, PfpvUnit

SPELL_ROWS = 6
"""The spells the list shows before it scrolls."""
SKILL_KINDS: tuple[SkillKind, ...] = ("contact", "disciplines")


def _number_titles() -> dict[str, tuple[str, str]]:
    return {
        "don": (_("Don"), _("Don Magique at its maximum, 20 to 400: paid for spells (PF-07), lost to backlash")),
        "vitality": (_("Vitality"), _("Lost to backlash once the Don is gone (PF-05)")),
        "ma": (_("MA"), _("Rolled under against distraction while casting (PF-09)")),
        "recovery": (_("Recovery"), _("Don recovered per hour: 2 asleep, 1 in calm activity, times this (PF-10)")),
        "fatigue": (
            _("Starting fatigue"),
            _("The fatigue it starts a scene with, 0 to 5: its penalty on every contact and control roll (PF-04)"),
        ),
    }


def _pair(parent: QWidget, title: str, spin: QSpinBox) -> QWidget:
    """A title and its spin box, kept together on a line of the flow."""
    pair = QWidget(parent)
    layout = QHBoxLayout(pair)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(4)
    label = QLabel(_("{title}:").format(title=title), pair)  # "Don :" in French
    label.setTextFormat(Qt.TextFormat.PlainText)  # a catalog's name
    label.setBuddy(spin)
    label.setToolTip(spin.toolTip())
    spin.setParent(pair)
    layout.addWidget(label)
    layout.addWidget(spin)
    pair.setObjectName(f"{spin.objectName()}Pair")
    return pair


def _spin(name: str, low: int, high: int, accessible: str, tip: str) -> QSpinBox:
    spin = QSpinBox()
    spin.setObjectName(name)
    spin.setRange(low, high)
    spin.setAccessibleName(accessible)
    spin.setToolTip(tip)
    spin.setKeyboardTracking(False)  # a number typed is one edit, told when it is finished
    spin.setAlignment(Qt.AlignmentFlag.AlignRight)
    return spin


class CharacterForm(QGroupBox):
    """Edits the document's selected character when the player built it (the panel shows it then)."""

    def __init__(self, document: ArmyDocument, parent: QWidget | None = None) -> None:
        super().__init__(_("Character"), parent)
        self.setObjectName("characterForm")
        self._document = document
        self._unit_id: str | None = None
        self._skill_key: tuple[object, ...] | None = None
        """The catalogs and the entries the skill boxes were built for: built again only when these change."""
        self.next_in_tab: QWidget | None = None
        """What Tab reaches after the form (the panel's next control): kept when the skill boxes are rebuilt."""

        self.name_edit = QLineEdit(self)
        self.name_edit.setObjectName("characterName")
        self.name_edit.setAccessibleName(_("Character's name"))
        self.name_edit.setPlaceholderText(_("Built character"))
        self.name_edit.setMaxLength(200)
        self.basis_label = plain_label(self, "characterBasis")

        titles = _number_titles()
        self.number_spins: dict[str, QSpinBox] = {}
        numbers = QWidget(self)
        numbers.setObjectName("characterNumbers")
        numbers_flow = FlowLayout(numbers)
        for field in NUMBER_FIELDS:
            title, tip = titles[field]
            low, high = number_bounds(field)
            spin = _spin(f"character_{field}", low, high, title, tip)
            self.number_spins[field] = spin
            numbers_flow.addWidget(_pair(numbers, title, spin))
            spin.valueChanged.connect(partial(self._on_number_spin_value_changed, field))
            spin.editingFinished.connect(document.seal)

        self.skill_boxes: dict[str, QGroupBox] = {
            "contact": QGroupBox(_("Contact skill per source (PF-02)"), self),
            "disciplines": QGroupBox(_("Skill per discipline (PF-03)"), self),
        }
        self.skill_spins: dict[str, dict[str, QSpinBox]] = {kind: {} for kind in SKILL_KINDS}
        for kind, box in self.skill_boxes.items():
            box.setObjectName(f"{kind}Skills")
            FlowLayout(box).setContentsMargins(6, 6, 6, 6)
        self.specialisations_label = plain_label(self, "characterSpecialisations")

        self.spells_box = QGroupBox(_("Spells known"), self)
        self.spells_box.setObjectName("knownSpellsBox")
        self.spells_model = KnownSpellsListModel(document, self)
        self.spells_view = QListView(self.spells_box)
        self.spells_view.setObjectName("knownSpells")
        self.spells_view.setAccessibleName(_("Spells the character knows: Space checks or unchecks one"))
        self.spells_view.setToolTip(_("Check the spells the character knows (Space, or a click on the box)"))
        self.spells_view.setModel(self.spells_model)
        self.spells_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.spells_view.setUniformItemSizes(True)
        follow_font(self.spells_view, self._fit_spells_view)
        spells_layout = QVBoxLayout(self.spells_box)
        spells_layout.addWidget(self.spells_view)

        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        name_title = QLabel(_("&Name:"), self)
        name_title.setBuddy(self.name_edit)
        form.addRow(name_title, self.name_edit)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.basis_label)
        layout.addWidget(numbers)
        for box in self.skill_boxes.values():
            layout.addWidget(box)
        layout.addWidget(self.specialisations_label)
        layout.addWidget(self.spells_box)

        self.name_edit.textEdited.connect(self._on_name_edit_text_edited)
        self.name_edit.editingFinished.connect(document.seal)
        self.spells_model.modelReset.connect(self._fit_spells_view)

    # --- reading -------------------------------------------------------------------------------------------
    @property
    def unit_id(self) -> str | None:
        return self._unit_id

    def _character(self) -> BuiltCharacter | None:
        unit = self._document.army.unit(self._unit_id) if self._unit_id is not None else None
        return built(unit) if unit is not None else None

    # --- showing -------------------------------------------------------------------------------------------
    def show_unit(self, unit: PfpvUnit) -> None:
        """The built character's values in the fields, without telling them back as edits."""
        character = unit.character
        if character is None:
            return
        if unit.id != self._unit_id:
            self._document.seal()  # another character's field is another undo step
        self._unit_id = unit.id
        if self.name_edit.text() != unit.label:
            position = self.name_edit.cursorPosition()
            with QSignalBlocker(self.name_edit):
                self.name_edit.setText(unit.label)
            self.name_edit.setCursorPosition(min(position, len(unit.label)))
        self.basis_label.setText(self._basis(character))
        for field, spin in self.number_spins.items():
            with QSignalBlocker(spin):
                spin.setValue(getattr(character, field))
        self._build_skills(character)
        for kind in SKILL_KINDS:
            skills: dict[str, int] = getattr(character, kind)
            for entry_id, spin in self.skill_spins[kind].items():
                with QSignalBlocker(spin):
                    spin.setValue(skills.get(entry_id, spin.minimum()))
        idx = index(self._document.catalogs)
        specialisations = joined(specialisation_text(s, idx) for s in character.specialisations)
        self.specialisations_label.setText(_("Specialisations: {list}").format(list=specialisations))
        self.specialisations_label.setVisible(bool(character.specialisations))

    def _basis(self, character: BuiltCharacter) -> str:
        if character.based_on is None:
            return _("Built by the player: it names no catalog profile.")
        profile = index(self._document.catalogs).profiles.get(character.based_on)
        if profile is None:
            return _(
                "Built from “{profile}”, which the catalogs no longer hold: the character keeps its numbers."
            ).format(profile=character.based_on)
        return _(
            "Built from {profile}: its numbers were copied; the catalog's later changes do not reach it."
        ).format(profile=display_name(profile.name))

    def _build_skills(self, character: BuiltCharacter) -> None:
        """A spin box per source and per discipline of the catalogs, and per one the character has a skill in
        that the catalogs no longer hold (AR-02); built again only when that list changes."""
        idx = index(self._document.catalogs)
        tables = {"contact": idx.sources, "disciplines": idx.disciplines}
        ids = {
            kind: [*tables[kind], *(e for e in getattr(character, kind) if e not in tables[kind])]
            for kind in SKILL_KINDS
        }
        key = (self._document.catalogs, tuple(tuple(ids[kind]) for kind in SKILL_KINDS))
        if key == self._skill_key:
            return
        self._skill_key = key
        low, high = SKILL_BOUNDS
        for kind in SKILL_KINDS:
            box = self.skill_boxes[kind]
            flow = box.layout()
            assert isinstance(flow, FlowLayout)
            while flow.count():
                item = flow.takeAt(0)
                widget = item.widget() if item is not None else None
                if widget is not None:  # out of the box now (its titles are measured below), deleted later
                    widget.hide()
                    widget.setParent(None)
                    widget.deleteLater()
            spins: dict[str, QSpinBox] = {}
            for entry_id in ids[kind]:
                known = entry_id in tables[kind]
                name = entry_name(tables[kind], entry_id)
                title = name if known else _("{entry} (not in the catalogs)").format(entry=entry_id)
                spin = _spin(
                    f"{kind}_{entry_id}", low - 1, high, self._skill_words(kind, name), self._skill_tip(kind)
                )
                spin.setSpecialValueText(_("none"))  # the lowest: no skill, which `can_attempt` tells from 0
                spins[entry_id] = spin
                pair = _pair(box, title, spin)
                flow.addWidget(pair)
                pair.show()  # a child added to a box already shown is shown now, not on a later turn of the loop
                spin.valueChanged.connect(partial(self._on_skill_spin_value_changed, kind, entry_id))
                spin.editingFinished.connect(self._document.seal)
            self.skill_spins[kind] = spins
            self._even_titles(box)
        self._chain_tab_order()

    @staticmethod
    def _skill_words(kind: str, name: str) -> str:
        if kind == "contact":
            return _("Contact skill in {source}").format(source=name)
        return _("Skill in {discipline}").format(discipline=name)

    @staticmethod
    def _skill_tip(kind: str) -> str:
        if kind == "contact":
            return _("One contact roll under it for the source (PF-02); “none”: the character cannot draw on it")
        return _("One control roll under it for the discipline (PF-03); “none”: the character cannot use it")

    @staticmethod
    def _even_titles(box: QWidget) -> None:
        """The titles of a box as wide as its widest: its pairs line up in columns where they wrap."""
        titles = [
            pair.findChild(QLabel)
            for pair in box.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
        ]
        shown = [t for t in titles if t is not None]
        widest = max((t.sizeHint().width() for t in shown), default=0)
        for title in shown:
            title.setMinimumWidth(widest)

    def _chain_tab_order(self) -> None:
        """Tab goes through the fields in the order they are shown: the rebuilt boxes would come last."""
        chain: list[QWidget] = [self.name_edit, *self.number_spins.values()]
        for kind in SKILL_KINDS:
            chain.extend(self.skill_spins[kind].values())
        chain.append(self.spells_view)
        if self.next_in_tab is not None:
            chain.append(self.next_in_tab)
        for first, then in pairwise(chain):
            QWidget.setTabOrder(first, then)

    def _fit_spells_view(self) -> None:
        """As high as the spells (up to `SPELL_ROWS`, then it scrolls)."""
        count = self.spells_model.rowCount()
        row = self.spells_view.sizeHintForRow(0) if count else -1
        height = row if row > 0 else self.spells_view.fontMetrics().height() + 4
        frame = 2 * self.spells_view.frameWidth()
        self.spells_view.setFixedHeight(max(1, min(SPELL_ROWS, count)) * height + frame)

    # --- changing ------------------------------------------------------------------------------------------
    def _on_name_edit_text_edited(self, text: str) -> None:
        if self._unit_id is None:
            return
        command = SetUnitField(self._unit_id, "label", text, label=_("Rename character"))
        self._document.execute(command, merge_key=("pfpv.character", self._unit_id, "label"))

    def _on_number_spin_value_changed(self, field: NumberField, value: int) -> None:
        character = self._character()
        if self._unit_id is None or character is None or getattr(character, field) == value:
            return
        command = SetCharacterField(self._unit_id, field, value)
        self._document.execute(command, merge_key=("pfpv.character", self._unit_id, field))

    def _on_skill_spin_value_changed(self, kind: SkillKind, entry_id: str, value: int) -> None:
        character = self._character()
        if self._unit_id is None or character is None:
            return
        skill = None if value < SKILL_BOUNDS[0] else value
        if getattr(character, kind).get(entry_id) == skill:
            return
        tables = index(self._document.catalogs)
        found = getattr((tables.sources if kind == "contact" else tables.disciplines).get(entry_id), "name", None)
        name = CatalogName(found) if isinstance(found, str | dict) else entry_id
        command = SetSkill(self._unit_id, kind, entry_id, skill, name=name)
        self._document.execute(command, merge_key=("pfpv.character", self._unit_id, kind, entry_id))
