"""The selected power-dice unit's spells: what it holds, with problems, and a picker of the spells it may use.

The panel decides nothing: `options()` and the validation report say what is allowed (PD-01); every change is a
command.
"""

from __future__ import annotations

from typing import cast

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from warband.gui.army_document import ArmyDocument
from warband.gui.builder.entry_tables import choice_name, entry_table, plain_label
from warband.gui.document import Change
from warband.gui.systems.powerdice.builder_held_model import HeldSpellsTableModel
from warband.gui.systems.powerdice.builder_profiles import trait_name, traits_list
from warband.gui.systems.powerdice.builder_spells_model import (
    CHOICE_ROLE,
    COLUMNS,
    NUMERIC,
    SpellOptionsFilterProxyModel,
    SpellOptionsTableModel,
    selected_unit,
)
from warband.gui.widgets.appearance import follow_font, row_height
from warband.model.army import Army, Choice, unit_label
from warband.model.edits import AddEntry, RemoveEntry
from warband.model.messages import _, spoken_text
from warband.model.names import display_name
from warband.model.systems.powerdice.rules import index
from warband.model.systems.powerdice.schema import PowerDiceUnit, Profile

_ADD_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
_REMOVE_KEYS = (Qt.Key.Key_Delete, Qt.Key.Key_Backspace)


def describe_caster(profile: Profile) -> str:
    """'Battle mage — magician, level 2: may use spells of the magician trait (PD-01)'."""
    name = display_name(profile.name)
    caster = profile.caster
    if caster is None:
        return _("{profile} — not a caster: uses no spell (PD-01)").format(profile=name)
    traits = traits_list(caster.traits)
    if len(caster.traits) == 1:
        rule = _("may use spells of the {trait} trait (PD-01)").format(trait=trait_name(caster.traits[0]))
    else:
        rule = _("may use spells that share one of these traits (PD-01)")
    return _("{profile} — {traits}, level {level}: {rule}").format(
        profile=name, traits=traits, level=caster.level, rule=rule
    )


class PowerDiceUnitPanel(QWidget):
    """Gives the document's selected unit spells, and takes them back."""

    def __init__(self, document: ArmyDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("unitPanel")
        self._document = document

        self._hint_label = plain_label(self, "unitHint")
        self._hint_label.setText(_("Select a unit in the roster to give it spells."))
        self._title_label = plain_label(self, "unitTitle")
        font = self._title_label.font()
        font.setBold(True)
        if font.pointSizeF() > 0:
            font.setPointSizeF(font.pointSizeF() * 1.25)
        self._title_label.setFont(font)
        self._caster_label = plain_label(self, "unitCaster")
        self._cost_label = plain_label(self, "unitCost")
        self._body = QSplitter(Qt.Orientation.Vertical, self)
        self._body.setObjectName("unitBody")
        self._body.setChildrenCollapsible(False)

        held = QGroupBox(_("Spells held"), self._body)
        self._held = entry_table(held, "heldSpells", _("Spells held"))
        self._held.setModel(HeldSpellsTableModel(document, self._held))
        header = self._held.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)  # the list changes with every edit:

        def fit_held() -> None:  # fixed widths for cost and problem, never ResizeToContents; they follow the font
            metrics = self._held.fontMetrics()
            header.resizeSection(1, metrics.horizontalAdvance(_("unknown")) + 16)
            header.resizeSection(2, metrics.horizontalAdvance("PD-01, AR-03") + 16)
            rows = row_height(self._held)
            self._held.setMinimumHeight(header.sizeHint().height() + 3 * rows + 4)  # three spells in view

        follow_font(self._held, fit_held)
        self._held.installEventFilter(self)
        self._remove_button = QPushButton(_("Remove"), held)
        self._remove_button.setObjectName("removeSpellButton")
        self._remove_button.setAccessibleName(_("Remove the selected spell"))
        self._remove_button.setToolTip(_("Take the selected spell back (Delete)"))
        held_layout = QVBoxLayout(held)
        held_layout.addWidget(self._held, 1)
        held_layout.addWidget(self._remove_button, 0, Qt.AlignmentFlag.AlignRight)

        picker = QGroupBox(_("Spells to choose from"), self._body)
        search_row = QHBoxLayout()
        find_label = QLabel(_("&Find:"), picker)
        self._filter_edit = QLineEdit(picker)
        self._filter_edit.setObjectName("pickerFilter")
        self._filter_edit.setAccessibleName(_("Find a spell"))
        self._filter_edit.setPlaceholderText(_("Name or trait"))
        self._filter_edit.setClearButtonEnabled(True)
        find_label.setBuddy(self._filter_edit)
        self._show_check = QCheckBox(_("Show the ones it may not use"), picker)
        self._show_check.setObjectName("showIneligible")
        self._show_check.setToolTip(_("One it may not use can still be added, as a draft to sort out later"))
        search_row.addWidget(find_label)
        search_row.addWidget(self._filter_edit, 1)
        search_row.addWidget(self._show_check)
        self._picker = self._build_picker(picker)
        add_row = QHBoxLayout()
        self._count_label = plain_label(picker, "pickerCount")
        self._add_button = QPushButton(_("&Add"), picker)
        self._add_button.setObjectName("addChoiceButton")
        self._add_button.setToolTip(_("Give the unit the chosen spell (double-click or Enter does the same)"))
        add_row.addWidget(self._count_label, 1)
        add_row.addWidget(self._add_button)
        picker_layout = QVBoxLayout(picker)
        picker_layout.addLayout(search_row)
        picker_layout.addWidget(self._picker, 1)
        picker_layout.addLayout(add_row)

        self._body.addWidget(held)
        self._body.addWidget(picker)
        self._body.setStretchFactor(0, 1)  # a caster holds a few spells; the picker lists the catalogs'
        self._body.setStretchFactor(1, 3)

        layout = QVBoxLayout(self)
        for widget in (self._hint_label, self._title_label, self._caster_label, self._cost_label):
            layout.addWidget(widget)
        layout.addWidget(self._body, 1)

        self._remove_button.clicked.connect(self._on_remove_button_clicked)
        self._held.selectionModel().selectionChanged.connect(self._on_held_selection_changed)
        self._filter_edit.textChanged.connect(self._on_picker_filter_text_changed)
        self._filter_edit.returnPressed.connect(self._on_picker_filter_return_pressed)
        self._show_check.toggled.connect(self._on_show_ineligible_toggled)
        self._add_button.clicked.connect(self._on_add_choice_button_clicked)
        self._picker.doubleClicked.connect(self._on_picker_double_clicked)
        self._picker.selectionModel().currentRowChanged.connect(self._on_picker_current_row_changed)
        self._proxy.rowsInserted.connect(self._on_proxy_rows_changed)
        self._proxy.rowsRemoved.connect(self._on_proxy_rows_changed)
        self._proxy.modelReset.connect(self._on_proxy_rows_changed)
        document.selection_changed.connect(self._on_document_selection_changed)
        document.state_changed.connect(self._on_document_state_changed)
        self._refresh()

    def _build_picker(self, parent: QWidget) -> QTableView:
        view = entry_table(parent, "spellPicker", _("Spells to choose from"))
        self._options = SpellOptionsTableModel(self._document, view)
        self._proxy = SpellOptionsFilterProxyModel(view)
        self._proxy.setSourceModel(self._options)
        view.setModel(self._proxy)
        view.setSortingEnabled(True)
        view.sortByColumn(self._options.column("name"), Qt.SortOrder.AscendingOrder)
        header = view.horizontalHeader()
        header.setStretchLastSection(True)
        widths = {"name": 18, "duration": 9}

        def fit_picker() -> None:
            metrics = view.fontMetrics()
            for column, name in enumerate(COLUMNS):
                title = str(self._options.headerData(column, Qt.Orientation.Horizontal))
                if name in NUMERIC:
                    width = max(metrics.horizontalAdvance("0000"), metrics.horizontalAdvance(title))
                    header.resizeSection(column, width + 16)
                elif name in widths:
                    header.resizeSection(column, metrics.averageCharWidth() * widths[name])
            self._show_reasons(view, not view.isColumnHidden(COLUMNS.index("reason")))

        view.setColumnHidden(COLUMNS.index("reason"), True)  # empty until the refused ones are shown
        follow_font(view, fit_picker)
        view.installEventFilter(self)
        return view

    # --- reading -------------------------------------------------------------------------------------------
    def _unit(self) -> PowerDiceUnit | None:
        unit_id = self._document.selected
        unit = self._document.army.unit(unit_id) if unit_id is not None else None
        return unit if isinstance(unit, PowerDiceUnit) else None

    # --- showing -------------------------------------------------------------------------------------------
    def _refresh(self) -> None:
        unit = self._unit()
        self._hint_label.setVisible(unit is None)
        for label in (self._title_label, self._caster_label, self._cost_label):
            label.setVisible(unit is not None)
        self._body.setEnabled(unit is not None)
        if unit is not None:
            self._show_unit(unit)
        self._update_actions()
        self._update_count()

    def _show_unit(self, unit: PowerDiceUnit) -> None:
        profile = index(self._document.catalogs).profiles.get(unit.profile)
        self._title_label.setText(spoken_text(unit_label(unit, profile)))
        if profile is None:
            self._caster_label.setText(_("Unknown profile “{profile}” (AR-02)").format(profile=unit.profile))
        else:
            self._caster_label.setText(describe_caster(profile))
        cost = next((u.cost for u in self._document.report.units if u.id == unit.id), 0)
        self._cost_label.setText(_("{cost} A.P. with its spells").format(cost=cost))

    def _update_actions(self) -> None:
        self._remove_button.setEnabled(bool(self._held.selectionModel().selectedRows()))
        self._add_button.setEnabled(self._picker.currentIndex().isValid())

    def _update_count(self) -> None:
        self._count_label.setText(
            _("{shown} of {total} shown").format(shown=self._proxy.rowCount(), total=self._options.rowCount())
        )

    # --- changing ------------------------------------------------------------------------------------------
    def _add(self, proxy_index: QModelIndex) -> None:
        unit = self._unit()
        choice = proxy_index.data(CHOICE_ROLE) if proxy_index.isValid() else None
        if unit is None or not isinstance(choice, Choice):
            return
        label = _("Add spell {name}").format(name=choice_name(choice))
        self._document.execute(AddEntry(unit.id, "spells", choice.id, label=label))

    def _remove_selected(self) -> None:
        model = cast(HeldSpellsTableModel, self._held.model())
        rows = self._held.selectionModel().selectedRows()
        if model.unit_id is None or not rows:
            return
        row = rows[0].row()
        label = _("Remove spell {name}").format(name=model.entry(row).name)
        if self._document.execute(RemoveEntry(model.unit_id, "spells", row, label=label)) and model.rowCount():
            self._held.setCurrentIndex(model.index(min(row, model.rowCount() - 1), 0))  # Delete again: the next

    # --- slots ---------------------------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        """Enter adds the picker's current spell; Delete takes back the held one."""
        if event.type() == QEvent.Type.KeyPress:
            key = cast(QKeyEvent, event).key()
            if key in _ADD_KEYS and watched is self._picker:
                self._add(self._picker.currentIndex())
                return True
            if key in _REMOVE_KEYS and watched is self._held:
                self._remove_selected()
                return True
        return super().eventFilter(watched, event)

    def _on_document_selection_changed(self, unit_id: object) -> None:
        self._refresh()

    def _on_document_state_changed(self, change: Change[Army]) -> None:
        """The panel shows the selected unit: its label, profile and cost (its own, with its spells)."""
        if change.touched(selected_unit(self._document)):
            self._refresh()

    def _on_remove_button_clicked(self) -> None:
        self._remove_selected()

    def _on_held_selection_changed(self) -> None:
        self._update_actions()

    def _on_add_choice_button_clicked(self) -> None:
        self._add(self._picker.currentIndex())

    def _on_picker_double_clicked(self, proxy_index: QModelIndex) -> None:
        self._add(proxy_index)

    def _on_picker_current_row_changed(self) -> None:
        self._update_actions()

    def _on_proxy_rows_changed(self) -> None:
        self._update_count()
        self._update_actions()

    def _on_picker_filter_text_changed(self, text: str) -> None:
        self._proxy.set_search(text)

    def _on_picker_filter_return_pressed(self) -> None:
        """Enter in the search goes to the list, on its first row, so a second Enter adds it."""
        if not self._picker.currentIndex().isValid() and self._proxy.rowCount():
            self._picker.setCurrentIndex(self._proxy.index(0, 0))
        self._picker.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _on_show_ineligible_toggled(self, checked: bool) -> None:
        self._proxy.set_show_ineligible(checked)
        self._show_reasons(self._picker, checked)

    def _show_reasons(self, view: QTableView, shown: bool) -> None:
        """The Reason column when the refused spells show; otherwise room for whole trait lists."""
        view.setColumnHidden(COLUMNS.index("reason"), not shown)
        width = view.fontMetrics().averageCharWidth() * (22 if shown else 30)  # "necromancer, shaman (druid)"
        view.horizontalHeader().resizeSection(COLUMNS.index("traits"), width)
