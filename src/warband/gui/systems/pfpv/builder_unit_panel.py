"""The selected « Par le Fer et par le Verbe » character: its card, and the combinations of its spells it can and
cannot attempt (PF-01 … PF-03); a character built in the party instead shows its form, where each field is edited
(`CharacterForm`). "New character…" adds a character built from nothing, "Build from this profile" turns the
selected catalog character into one built in the party with its numbers: each one command of the army. A party
has no points: nothing here is bought.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from warband.gui.army_document import ArmyDocument
from warband.gui.builder.entry_tables import WARNING_MARK, describe_reasons, plain_label, warning_colour
from warband.gui.document import Change
from warband.gui.systems.pfpv.builder_character_form import CharacterForm
from warband.gui.systems.pfpv.builder_combinations_model import COLUMNS, SPELL_ID_ROLE, CombinationsTreeModel
from warband.gui.systems.pfpv.builder_text import (
    NO_BREAK,
    effects_text,
    joined,
    recovery_text,
    skills_text,
    specialisation_text,
    unit_label,
)
from warband.gui.widgets.appearance import follow_font
from warband.model.army import Army, Problem, Report, Unit
from warband.model.messages import _, spoken_text
from warband.model.names import display_name
from warband.model.systems.pfpv.characters import BuildFromProfile, NewCharacter
from warband.model.systems.pfpv.rules import index
from warband.model.systems.pfpv.scene_words import casting_time_text
from warband.model.systems.pfpv.schema import PfpvUnit, Profile

CARD_FIELDS = ("contact", "disciplines", "specialisations", "don", "vitality", "ma", "recovery")
_NUMBERS = ("don", "vitality", "ma")


def _card_titles() -> dict[str, str]:
    return {
        "contact": _("Contact"),
        "disciplines": _("Disciplines"),
        "specialisations": _("Specialisations"),
        "don": _("Don"),
        "vitality": _("Vitality"),
        "ma": _("MA"),
        "recovery": _("Recovery"),
    }


def _card_tips() -> dict[str, str]:
    return {
        "contact": _("Contact skill per energy source: one roll under it per source (PF-02)"),
        "disciplines": _("Skill per magic discipline: one control roll under it per discipline (PF-03)"),
        "specialisations": _("Bonuses to control rolls in a discipline, for one spell or for all (PF-03)"),
        "don": _("Don Magique at its maximum: paid for spells (PF-07), lost to backlash (PF-05)"),
        "vitality": _("Lost to backlash once the Don is gone (PF-05)"),
        "ma": _("Rolled under against distraction while casting (PF-09)"),
        "recovery": _(
            "Don recovered per hour: 2 asleep, 1 in calm activity, 0 in intense activity, times this (PF-10)"
        ),
    }


def unit_part(army: Army, unit_id: str | None) -> Unit | None:
    """What the card reads of the army: the selected character alone (the catalogs reloaded say everything)."""
    return army.unit(unit_id) if unit_id is not None else None


def problems_part(report: Report, unit_id: str) -> tuple[Problem, ...]:
    """What the panel shows of the report: the character's own problems."""
    return tuple(p for p in report.problems if p.unit is not None and p.unit.id == unit_id)


class _WrappingDelegate(QStyledItemDelegate):
    """Gives each row the height of its wrapped text: a tree view asks its delegate for heights without saying
    how wide the column is, so the delegate looks it up."""

    def __init__(self, tree: QTreeView) -> None:
        super().__init__(tree)
        self._tree = tree

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:  # noqa: N802
        width = self._tree.columnWidth(index.column())
        if index.column() == 0:
            depth, parent = 1, index.parent()  # the root is decorated: every row is indented at least once
            while parent.isValid():
                depth, parent = depth + 1, parent.parent()
            width -= depth * self._tree.indentation()
        item = QStyleOptionViewItem(option)
        self.initStyleOption(item, index)
        item.rect = QRect(0, 0, max(width, 1), 1)
        item.features |= QStyleOptionViewItem.ViewItemFeature.WrapText
        style = self._tree.style()
        return style.sizeFromContents(QStyle.ContentsType.CT_ItemViewItem, item, QSize(), self._tree)


class PfpvUnitPanel(QWidget):
    """Shows the selected character's card and what it can attempt; the party's totals line above it all."""

    def __init__(self, document: ArmyDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("unitPanel")
        self._document = document
        self._shown_problems: tuple[Problem, ...] | None = None
        """The character's problems as last shown: a report that differs elsewhere leaves the panel alone."""

        self.totals_label = plain_label(self, "pfpvTotals")
        self.totals_label.setText(_("A party: no points"))
        self.totals_label.setAccessibleName(_("Party totals"))
        self.totals_label.setToolTip(_("Characters are not bought: the party has no points and no limit"))
        font = self.totals_label.font()
        font.setBold(True)
        self.totals_label.setFont(font)

        self.new_button = QPushButton(_("New character…"), self)
        self.new_button.setObjectName("newCharacterButton")
        self.new_button.setToolTip(
            _("Add a character built from nothing to the party: its skills, numbers and spells are yours to set")
        )
        self.build_button = QPushButton(_("Build from this profile"), self)
        self.build_button.setObjectName("buildCharacterButton")
        self.build_button.setToolTip(
            _(
                "Make the selected character one built in the party, with its profile's numbers and spells, "
                "to change them"
            )
        )
        buttons = QHBoxLayout()
        buttons.addWidget(self.new_button)
        buttons.addWidget(self.build_button)
        buttons.addStretch(1)

        self._hint_label = plain_label(self, "unitHint")
        self._hint_label.setText(
            _(
                "Select a character in the roster to see its card and the spells it can attempt, or make a new "
                "character of your own."
            )
        )
        self._title_label = plain_label(self, "unitTitle")
        title_font = self._title_label.font()
        title_font.setBold(True)
        if title_font.pointSizeF() > 0:
            title_font.setPointSizeF(title_font.pointSizeF() * 1.25)
        self._title_label.setFont(title_font)

        self._card = QGroupBox(_("Card"), self)
        self._card.setObjectName("profileCard")
        form = QFormLayout(self._card)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setVerticalSpacing(2)
        titles, tips = _card_titles(), _card_tips()
        self._labels: dict[str, QLabel] = {}
        numbers = QHBoxLayout()  # Don, Vitality and MA share a line: the combinations need the height
        for key in CARD_FIELDS:
            label = plain_label(self._card, f"card_{key}")
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            label.setToolTip(tips[key])
            self._labels[key] = label
            if key in _NUMBERS:
                title = QLabel(titles[key] + ":", self._card)
                title.setToolTip(tips[key])
                label.setWordWrap(False)
                numbers.addWidget(title)
                numbers.addSpacing(4)
                numbers.addWidget(label)
                numbers.addSpacing(16)
                if key == _NUMBERS[-1]:
                    numbers.addStretch(1)
                    form.addRow(numbers)
            else:
                form.addRow(titles[key] + ":", label)

        self.form = CharacterForm(document, self)

        self._spells_box = QGroupBox(_("Spells and combinations"), self)
        self._spells_box.setObjectName("spellsBox")
        self.every_check = QCheckBox(_("Show every spell of the catalogs"), self._spells_box)
        self.every_check.setObjectName("showEverySpell")
        self.every_check.setToolTip(
            _("Also list the spells the character does not know, with the combinations it could attempt")
        )
        self.combinations = CombinationsTreeModel(document, self)
        self._tree = self._build_tree(self._spells_box)
        self._details_label = plain_label(self._spells_box, "spellDetails")
        spells_layout = QVBoxLayout(self._spells_box)
        spells_layout.addWidget(self.every_check)
        spells_layout.addWidget(self._tree, 1)
        spells_layout.addWidget(self._details_label)

        self._problems_label = plain_label(self, "unitProblems")
        palette = self._problems_label.palette()
        palette.setColor(self._problems_label.foregroundRole(), warning_colour())
        self._problems_label.setPalette(palette)

        layout = QVBoxLayout(self)
        layout.addWidget(self.totals_label)
        layout.addSpacing(4)
        layout.addLayout(buttons)
        layout.addWidget(self._hint_label, 1, Qt.AlignmentFlag.AlignTop)  # shown alone: at the top
        for widget in (self._title_label, self._card, self.form, self._problems_label):
            layout.addWidget(widget)
        layout.addWidget(self._spells_box, 1)
        self.form.next_in_tab = self.every_check

        self.new_button.clicked.connect(self._on_new_button_clicked)
        self.build_button.clicked.connect(self._on_build_button_clicked)
        self.every_check.toggled.connect(self._on_every_check_toggled)
        self.combinations.modelReset.connect(self._on_combinations_model_reset)
        self._tree.selectionModel().currentChanged.connect(self._on_tree_current_changed)
        document.selection_changed.connect(self._on_document_selection_changed)
        document.state_changed.connect(self._on_document_state_changed)
        document.report_changed.connect(self._on_document_report_changed)
        self._on_combinations_model_reset()
        self._refresh()

    def _build_tree(self, parent: QWidget) -> QTreeView:
        tree = QTreeView(parent)
        tree.setObjectName("combinationTree")
        tree.setAccessibleName(_("Spells and the combinations the character can attempt"))
        tree.setModel(self.combinations)
        tree.setAlternatingRowColors(True)
        tree.setWordWrap(True)  # a combination and its reasons wrap rather than hide in a narrow column
        tree.setItemDelegate(_WrappingDelegate(tree))
        follow_font(tree, lambda: tree.setIndentation(tree.fontMetrics().horizontalAdvance("M") * 3 // 2))
        tree.setEditTriggers(QTreeView.EditTrigger.NoEditTriggers)
        header = tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(COLUMNS.index("name"), QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COLUMNS.index("attempt"), QHeaderView.ResizeMode.Interactive)
        header.sectionResized.connect(self._on_tree_section_resized)
        tree.viewport().installEventFilter(self)
        return tree

    # --- reading -------------------------------------------------------------------------------------------
    @property
    def tree(self) -> QTreeView:
        return self._tree

    def _unit(self) -> PfpvUnit | None:
        unit_id = self._document.selected
        unit = self._document.army.unit(unit_id) if unit_id is not None else None
        return unit if isinstance(unit, PfpvUnit) else None

    def _catalog_profile(self, unit: PfpvUnit) -> Profile | None:
        """The selected character's catalog profile (None: built in the party, or unknown to the catalogs)."""
        return index(self._document.catalogs).profiles.get(unit.profile) if unit.character is None else None

    # --- showing -------------------------------------------------------------------------------------------
    def _refresh(self) -> None:
        unit = self._unit()
        self._hint_label.setVisible(unit is None)
        for widget in (self._title_label, self._spells_box):
            widget.setVisible(unit is not None)
        character = unit.character if unit is not None else None
        self._card.setVisible(unit is not None and character is None)
        self.form.setVisible(character is not None)
        profile = self._catalog_profile(unit) if unit is not None else None
        self.build_button.setVisible(profile is not None)
        if unit is None:
            self._shown_problems = None
            self._problems_label.setVisible(False)
            return
        title = unit_label(unit, profile)
        if unit.character is not None:
            kind = spoken_text(unit.own_profile_name())
            self.form.show_unit(unit)
        else:
            kind = display_name(profile.name) if profile is not None else unit.profile
            self._show_card(unit, profile)
        self._title_label.setText(title if kind == title else f"{title} — {kind}")
        self._show_problems(unit)

    def _show_problems(self, unit: PfpvUnit) -> None:
        """The character's problems, as the validation report gives them."""
        self._shown_problems = problems = problems_part(self._document.report, unit.id)
        self._problems_label.setVisible(bool(problems))
        self._problems_label.setText(f"{WARNING_MARK} " + describe_reasons(problems, f"\n{WARNING_MARK} "))

    def _show_card(self, unit: PfpvUnit, profile: Profile | None) -> None:
        labels = self._labels
        if profile is None:
            self._card.setTitle(_("Unknown character “{profile}” (AR-02)").format(profile=unit.profile))
            for label in labels.values():
                label.setText("—")
            return
        idx = index(self._document.catalogs)
        self._card.setTitle(_("Card"))
        contact = skills_text(profile.contact, idx.sources, space=NO_BREAK)
        labels["contact"].setText(contact or _("none"))
        labels["disciplines"].setText(
            skills_text(profile.disciplines, idx.disciplines, space=NO_BREAK) or _("none")
        )
        labels["specialisations"].setText(joined(specialisation_text(s, idx) for s in profile.specialisations))
        labels["don"].setText(str(profile.don))
        labels["vitality"].setText(str(profile.vitality))
        labels["ma"].setText(str(profile.ma))
        labels["recovery"].setText(recovery_text(profile.recovery))

    def _show_details(self, current: QModelIndex) -> None:
        """Under the tree: the current spell's casting time and effects, which its power levels are spread over."""
        spell_id = current.data(SPELL_ID_ROLE) if current.isValid() else None
        row = self.combinations.spell_row(spell_id) if isinstance(spell_id, str) else -1
        spell = self.combinations.spells[row].spell if row >= 0 else None
        if spell is None:
            self._details_label.setText(_("Select a spell to see its casting time and effects."))
            return
        text = _("{spell}: level {level}, casting time {time}").format(
            spell=display_name(spell.name), level=spell.level, time=casting_time_text(spell.casting_time)
        )
        if spell.effects:
            text += "\n" + _("Effects (PF-08): {effects}").format(effects=effects_text(spell))
        self._details_label.setText(text)

    # --- changing ------------------------------------------------------------------------------------------
    def new_character(self) -> bool:
        """Add a character built from nothing at the end of the party, selected, its name ready to be typed."""
        unit_id = self._document.new_unit_id()
        if not self._document.execute(NewCharacter(unit_id, _("New character")), select=unit_id):
            return False
        self.form.name_edit.setFocus(Qt.FocusReason.OtherFocusReason)
        self.form.name_edit.selectAll()
        return True

    def build_from_profile(self) -> bool:
        """The selected catalog character becomes one built in the party, with its profile's numbers and spells
        (its label kept, or its profile's name when it had none)."""
        unit = self._unit()
        profile = self._catalog_profile(unit) if unit is not None else None
        if unit is None or profile is None:
            return False
        command = BuildFromProfile(unit.id, profile, name=display_name(profile.name))
        if not self._document.execute(command, select=unit.id):
            return False
        self.form.name_edit.setFocus(Qt.FocusReason.OtherFocusReason)
        return True

    # --- slots ---------------------------------------------------------------------------------------------
    def _on_new_button_clicked(self) -> None:
        self.new_character()

    def _on_build_button_clicked(self) -> None:
        self.build_from_profile()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        """The tree's width is shared again when it changes."""
        if watched is self._tree.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_columns()
        return super().eventFilter(watched, event)

    def _fit_columns(self) -> None:
        """The Attempt column as wide as its longest line, up to half the tree; the combinations take the rest."""
        metrics = self._tree.fontMetrics()
        attempt = COLUMNS.index("attempt")
        title = str(self.combinations.headerData(attempt, Qt.Orientation.Horizontal))
        widest = max(metrics.horizontalAdvance(line) for line in [title, *self.combinations.attempt_lines()])
        room = self._tree.viewport().width()
        self._tree.header().resizeSection(attempt, max(min(widest + 16, room // 2), 60))

    def _on_tree_section_resized(self) -> None:
        """Wrapped rows change height with their column's width."""
        self._tree.doItemsLayout()

    def _on_every_check_toggled(self, checked: bool) -> None:
        self.combinations.set_every_spell(checked)

    def _on_combinations_model_reset(self) -> None:
        """Every spell shows its combinations: they are the point of the list."""
        self._tree.expandAll()
        self._fit_columns()
        self._show_details(self._tree.currentIndex())

    def _on_tree_current_changed(self, current: QModelIndex) -> None:
        self._show_details(current)

    def _on_document_selection_changed(self, unit_id: object) -> None:
        self._refresh()

    def _on_document_state_changed(self, change: Change[Army]) -> None:
        """The card shows the selected character alone: another's edit, or the party's name, leaves it be."""
        unit_id = self._document.selected
        if change.touched(lambda army: unit_part(army, unit_id)):
            self._refresh()

    def _on_document_report_changed(self) -> None:
        """The report carries no change: its problems show when the selected character's differ from those shown
        (a report that differs for another character leaves the panel alone)."""
        unit = self._unit()
        if unit is not None and problems_part(self._document.report, unit.id) != self._shown_problems:
            self._show_problems(unit)
