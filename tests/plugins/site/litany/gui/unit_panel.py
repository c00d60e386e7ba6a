"""The selected Litany unit's prayers: those it holds (with their problems), and every prayer of the catalogs with
whether it may take it (LI-01, LI-02), to add or take back.

The panel decides nothing: `options()` and the validation report say what is allowed; every change is a command
of `warband.model.edits`, undone with its label.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QHeaderView, QPushButton, QSplitter, QVBoxLayout, QWidget

from litany.rules import index
from litany.schema import LitanyUnit, Prayer, Profile
from warband.gui.army_document import ArmyDocument
from warband.gui.builder.entry_tables import (
    choice_name,
    describe_reasons,
    disabled_text_colour,
    entry_table,
    plain_label,
    tooltip_html,
)
from warband.gui.builder.held_model import HeldEntriesModel, HeldEntry, held_entries
from warband.gui.document import Change
from warband.model.army import Army, Choice, Unit, options, unit_label
from warband.model.edits import AddEntry, RemoveEntry
from warband.model.messages import _, spoken_text
from warband.model.names import display_name

Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()
COLUMNS = ("name", "cost", "difficulty", "min_piety", "reason")
NUMERIC = frozenset({"cost", "difficulty", "min_piety"})


def describe_priest(profile: Profile) -> str:
    """'Abbess — priest, piety 4: up to 4 prayers, each of piety 4 or less (LI-01, LI-02)'."""
    name = display_name(profile.name)
    if profile.piety is None:
        return _("{profile} — not a priest: says no prayer (LI-01)").format(profile=name)
    return _(
        "{profile} — priest, piety {piety}: up to {piety} prayers, each of piety {piety} or less (LI-01, LI-02)"
    ).format(profile=name, piety=profile.piety)


def selected_unit(document: ArmyDocument) -> Callable[[Army], object]:
    """The part of an army the panel shows: the selected unit at its place (what `options()` reads of it)."""
    unit_id = document.selected

    def part(army: Army) -> object:
        return next(((i, u) for i, u in enumerate(army.units) if u.id == unit_id), None)

    return part


class HeldPrayersTableModel(HeldEntriesModel):
    """The `prayers` of the selected unit; a problem's row is found by the prayer it names."""

    field = "prayers"
    param = "prayer"

    def read(self, unit: Unit) -> list[HeldEntry] | None:
        if not isinstance(unit, LitanyUnit):
            return None
        return held_entries(unit.prayers, index(self._document.catalogs).prayers)


class PrayerChoicesTableModel(QAbstractTableModel):
    """Every prayer of the catalogs for the selected unit, in catalog order: may it take it, and why not."""

    def __init__(self, document: ArmyDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._choices: list[Choice] = []
        self._reasons: list[str] = []
        document.selection_changed.connect(self._on_document_selection_changed)
        document.state_changed.connect(self._on_document_state_changed)
        self.refresh()

    def choice(self, row: int) -> Choice:
        return self._choices[row]

    def refresh(self) -> None:
        """Take the options again: the same prayers repaint the rows that changed, other prayers reset."""
        document = self._document
        unit = document.army.unit(document.selected) if document.selected is not None else None
        choices = options(document.army, unit.id, document.catalogs) if isinstance(unit, LitanyUnit) else []
        reasons = ["" if c.eligible else describe_reasons(c.reasons) for c in choices]
        if [c.id for c in choices] != [c.id for c in self._choices]:
            self.beginResetModel()
            self._choices, self._reasons = choices, reasons
            self.endResetModel()
            return
        old = [(c[:7], r) for c, r in zip(self._choices, self._reasons, strict=True)]
        new = [(c[:7], r) for c, r in zip(choices, reasons, strict=True)]
        self._choices, self._reasons = choices, reasons
        for row, (before, after) in enumerate(zip(old, new, strict=True)):
            if before != after:
                self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))

    def _on_document_selection_changed(self, unit_id: object) -> None:
        self.refresh()

    def _on_document_state_changed(self, change: Change[Army]) -> None:
        if change.touched(selected_unit(self._document)):
            self.refresh()

    # --- QAbstractTableModel -------------------------------------------------------------------------------
    def rowCount(self, parent: Index = _ROOT) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else len(self._choices)

    def columnCount(self, parent: Index = _ROOT) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(  # noqa: N802 (Qt's name)
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        titles = {
            "name": (_("Name"), None),
            "cost": (_("Cost"), _("Points")),
            "difficulty": (_("Difficulty"), _("2d6 plus the priest's piety must reach it (LI-03)")),
            "min_piety": (_("Piety"), _("The piety a priest needs to take it (LI-01)")),
            "reason": (_("Reason"), _("Why the unit may not take it (empty when it may)")),
        }
        title, tip = titles[COLUMNS[section]]
        if role == Qt.ItemDataRole.DisplayRole:
            return title
        return tip if role == Qt.ItemDataRole.ToolTipRole else None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._choices):
            return None
        choice = self._choices[index.row()]
        column = COLUMNS[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(choice, column, self._reasons[index.row()])
        if role == Qt.ItemDataRole.ForegroundRole and not choice.eligible:
            return disabled_text_colour()
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [choice_name(choice)]
            if self._reasons[index.row()]:
                lines.append(self._reasons[index.row()] + ".")
            if choice.owned:
                lines.append(_("The unit holds it already ({times}×).").format(times=choice.owned))
            prayer = choice.entry
            if isinstance(prayer, Prayer) and prayer.notes:
                lines.append(prayer.notes if len(prayer.notes) <= 300 else prayer.notes[:300] + "…")
            return tooltip_html("\n".join(lines))
        if role == Qt.ItemDataRole.TextAlignmentRole and column in NUMERIC:
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        if role == Qt.ItemDataRole.FontRole and choice.owned and column == "name":
            font = QFont()
            font.setBold(True)
            return font
        return None

    @staticmethod
    def _display(choice: Choice, column: str, reason: str) -> str:
        prayer = choice.entry
        if column == "name":
            return choice_name(choice)
        if column == "cost":
            return str(choice.cost)
        if column == "reason":
            return reason
        if not isinstance(prayer, Prayer):
            return ""
        return str(prayer.difficulty if column == "difficulty" else prayer.min_piety)


class LitanyUnitPanel(QWidget):
    """Gives the document's selected unit prayers, and takes them back."""

    def __init__(self, document: ArmyDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("unitPanel")
        self._document = document
        self._hint_label = plain_label(self, "unitHint")
        self._hint_label.setText(_("Select a unit in the roster to give it prayers."))
        self._title_label = plain_label(self, "unitTitle")
        font = self._title_label.font()
        font.setBold(True)
        if font.pointSizeF() > 0:
            font.setPointSizeF(font.pointSizeF() * 1.25)
        self._title_label.setFont(font)
        self._priest_label = plain_label(self, "unitPriest")
        self._cost_label = plain_label(self, "unitCost")
        self._body = QSplitter(Qt.Orientation.Vertical, self)
        self._body.setObjectName("unitBody")
        self._body.setChildrenCollapsible(False)

        held = QGroupBox(_("Prayers held"), self._body)
        self.held_model = HeldPrayersTableModel(document, held)
        self.held = entry_table(held, "heldPrayers", _("Prayers held"))
        self.held.setModel(self.held_model)
        header = self.held.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        metrics = self.held.fontMetrics()
        header.resizeSection(1, metrics.horizontalAdvance(_("unknown")) + 16)
        header.resizeSection(2, metrics.horizontalAdvance("LI-01, LI-02") + 16)
        self.remove_button = QPushButton(_("Remove"), held)
        self.remove_button.setObjectName("removePrayerButton")
        self.remove_button.setAccessibleName(_("Remove the selected prayer"))
        self.remove_button.setToolTip(_("Take the selected prayer back"))
        held_layout = QVBoxLayout(held)
        held_layout.addWidget(self.held, 1)
        held_layout.addWidget(self.remove_button, 0, Qt.AlignmentFlag.AlignRight)

        picker = QGroupBox(_("Prayers to choose from"), self._body)
        self.choices_model = PrayerChoicesTableModel(document, picker)
        self.picker = entry_table(picker, "prayerPicker", _("Prayers to choose from"))
        self.picker.setModel(self.choices_model)
        header = self.picker.horizontalHeader()
        header.setStretchLastSection(True)
        header.resizeSection(0, metrics.averageCharWidth() * 22)
        for column, name in enumerate(COLUMNS):
            if name in NUMERIC:
                title = str(self.choices_model.headerData(column, Qt.Orientation.Horizontal))
                header.resizeSection(
                    column, max(metrics.horizontalAdvance("000"), metrics.horizontalAdvance(title)) + 20
                )
        self.add_button = QPushButton(_("&Add"), picker)
        self.add_button.setObjectName("addChoiceButton")
        self.add_button.setToolTip(
            _(
                "Give the unit the chosen prayer (double-click does the same); one it may not take is kept as a draft"
            )
        )
        add_row = QHBoxLayout()
        add_row.addStretch(1)
        add_row.addWidget(self.add_button)
        picker_layout = QVBoxLayout(picker)
        picker_layout.addWidget(self.picker, 1)
        picker_layout.addLayout(add_row)
        self._body.addWidget(held)
        self._body.addWidget(picker)
        self._body.setStretchFactor(0, 2)  # a priest holds a few prayers; the picker lists every one
        self._body.setStretchFactor(1, 3)

        layout = QVBoxLayout(self)
        for widget in (self._hint_label, self._title_label, self._priest_label, self._cost_label):
            layout.addWidget(widget)
        layout.addWidget(self._body, 1)

        self.remove_button.clicked.connect(self._on_remove_button_clicked)
        self.add_button.clicked.connect(self._on_add_button_clicked)
        self.picker.doubleClicked.connect(self._on_picker_double_clicked)
        self.held.selectionModel().selectionChanged.connect(self._on_selection_changed)
        self.picker.selectionModel().currentRowChanged.connect(self._on_selection_changed)
        self.choices_model.modelReset.connect(self._on_selection_changed)
        self.held_model.modelReset.connect(self._on_selection_changed)
        document.selection_changed.connect(self._on_document_selection_changed)
        document.state_changed.connect(self._on_document_state_changed)
        document.report_changed.connect(self._on_document_report_changed)
        self._refresh()

    # --- showing -------------------------------------------------------------------------------------------
    def _unit(self) -> LitanyUnit | None:
        unit_id = self._document.selected
        unit = self._document.army.unit(unit_id) if unit_id is not None else None
        return unit if isinstance(unit, LitanyUnit) else None

    def _refresh(self) -> None:
        unit = self._unit()
        self._hint_label.setVisible(unit is None)
        for label in (self._title_label, self._priest_label, self._cost_label):
            label.setVisible(unit is not None)
        self._body.setEnabled(unit is not None)
        if unit is not None:
            profile = index(self._document.catalogs).profiles.get(unit.profile)
            self._title_label.setText(spoken_text(unit_label(unit, profile)))
            if profile is None:
                self._priest_label.setText(_("Unknown profile “{profile}” (AR-02)").format(profile=unit.profile))
            else:
                self._priest_label.setText(describe_priest(profile))
            self._show_cost()
        self._update_actions()

    def _show_cost(self) -> None:
        unit = self._unit()
        if unit is not None:
            cost = next((u.cost for u in self._document.report.units if u.id == unit.id), 0)
            self._cost_label.setText(_("{cost} points with its prayers").format(cost=cost))

    def _update_actions(self) -> None:
        self.remove_button.setEnabled(bool(self.held.selectionModel().selectedRows()))
        self.add_button.setEnabled(self.picker.currentIndex().isValid())

    # --- changing ------------------------------------------------------------------------------------------
    def add(self, row: int) -> bool:
        """Give the unit the prayer of this row of the picker (refused ones too: a draft, its problem shown)."""
        unit = self._unit()
        if unit is None or not 0 <= row < self.choices_model.rowCount():
            return False
        choice = self.choices_model.choice(row)
        label = _("Add prayer {name}").format(name=choice_name(choice))
        return self._document.execute(AddEntry(unit.id, "prayers", choice.id, label=label))

    def remove(self, row: int) -> bool:
        """Take back the held prayer of this row."""
        model = self.held_model
        if model.unit_id is None or not 0 <= row < model.rowCount():
            return False
        label = _("Remove prayer {name}").format(name=model.entry(row).name)
        done = self._document.execute(RemoveEntry(model.unit_id, "prayers", row, label=label))
        if done and model.rowCount():
            self.held.setCurrentIndex(model.index(min(row, model.rowCount() - 1), 0))
        return done

    # --- slots ---------------------------------------------------------------------------------------------
    def _on_remove_button_clicked(self) -> None:
        rows = self.held.selectionModel().selectedRows()
        if rows:
            self.remove(rows[0].row())

    def _on_add_button_clicked(self) -> None:
        current = self.picker.currentIndex()
        if current.isValid():
            self.add(current.row())

    def _on_picker_double_clicked(self, proxy_index: QModelIndex) -> None:
        self.add(proxy_index.row())

    def _on_selection_changed(self) -> None:
        self._update_actions()

    def _on_document_selection_changed(self, unit_id: object) -> None:
        self._refresh()

    def _on_document_state_changed(self, change: Change[Army]) -> None:
        if change.touched(selected_unit(self._document)):
            self._refresh()

    def _on_document_report_changed(self) -> None:
        self._show_cost()
