"""The selected Strategy Battle Game unit's wargear, bought per model: what it holds, taken back with Remove or
Delete, and the options its profile offers, bought with Add, Enter or a double-click. Each change is one command,
named for the undo history ("Add wargear Horse to Captain of Rohan").

The box decides nothing: `options()` says what the unit may take and why not, the validation report what is
wrong with what it holds and what the unit costs.
"""

from __future__ import annotations

from typing import cast

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QGroupBox, QPushButton, QTableView, QVBoxLayout, QWidget

from warband.gui.army_document import ArmyDocument
from warband.gui.builder.entry_tables import choice_name, describe_reasons, entry_table, plain_label
from warband.gui.document import Change
from warband.gui.systems.sbg.builder_wargear_models import (
    CHOICE_ROLE,
    NAME,
    HeldWargearTableModel,
    WargearOptionsTableModel,
    addable,
    unit_shown,
)
from warband.gui.widgets.table_fit import TableFit
from warband.model.army import Army, Choice, unit_label
from warband.model.edits import AddEntry, RemoveEntry
from warband.model.messages import _, spoken_text
from warband.model.names import display_name
from warband.model.systems.sbg import wargear
from warband.model.systems.sbg.rules import index
from warband.model.systems.sbg.schema import SbgUnit

_ADD_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
_REMOVE_KEYS = (Qt.Key.Key_Delete, Qt.Key.Key_Backspace)
_ROWS = 6
"""The rows a wargear table shows before it scrolls (profiles offer a handful of options)."""


def _fit(table: QTableView) -> TableFit:
    """Numbers as wide as their titles and cells, the name the room left (a long one says the rest in its
    tooltip), as high as the rows (up to `_ROWS`); in a narrow pane, the numbers a page at a time beside the name,
    so that the panel is never wider for a unit with wargear than for one without."""
    return TableFit(table, keep=1, free=NAME, rows=_ROWS, grow=False)


class WargearBox(QWidget):
    """Buys wargear options for the document's selected unit, and takes them back."""

    def __init__(self, document: ArmyDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("wargearBox")
        self._document = document

        self.held_box = QGroupBox(_("Wargear held"), self)
        self.held_box.setObjectName("wargearHeldBox")
        self.held_table = entry_table(self.held_box, "heldWargear", _("Wargear held"))
        self.held_model = HeldWargearTableModel(document, self.held_table)
        self.held_table.setModel(self.held_model)
        self.held_fit = _fit(self.held_table)
        self._none_held = plain_label(self.held_box, "noWargearHeld")
        self._none_held.setText(_("No wargear bought yet."))
        self.remove_button = QPushButton(_("Remove"), self.held_box)
        self.remove_button.setObjectName("removeWargearButton")
        self.remove_button.setAccessibleName(_("Remove the selected wargear"))
        self.remove_button.setToolTip(_("Take the selected wargear back (Delete)"))
        held_layout = QVBoxLayout(self.held_box)
        held_layout.addWidget(self.held_fit.container)
        held_layout.addWidget(self._none_held)
        held_layout.addWidget(self.remove_button, 0, Qt.AlignmentFlag.AlignRight)

        self.options_box = QGroupBox(_("Wargear options"), self)
        self.options_box.setObjectName("wargearOptionsBox")
        self.options_table = entry_table(self.options_box, "wargearOptions", _("Wargear options"))
        self.options_model = WargearOptionsTableModel(document, self.options_table)
        self.options_table.setModel(self.options_model)
        self.options_fit = _fit(self.options_table)
        self._no_options = plain_label(self.options_box, "noWargearOptions")
        self.why_label = plain_label(self.options_box, "wargearWhyNot")
        """Why the current option cannot be bought: for a keyboard player, who sees no tooltip."""
        self.add_button = QPushButton(_("&Add"), self.options_box)
        self.add_button.setObjectName("addWargearButton")
        self.add_button.setAccessibleName(_("Buy the chosen wargear"))
        self.add_button.setToolTip(
            _("Buy the chosen option for every model of the unit (double-click or Enter does the same)")
        )
        options_layout = QVBoxLayout(self.options_box)
        options_layout.addWidget(self.options_fit.container)
        options_layout.addWidget(self._no_options)
        options_layout.addWidget(self.why_label)
        options_layout.addWidget(self.add_button, 0, Qt.AlignmentFlag.AlignRight)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.held_box)
        layout.addWidget(self.options_box)
        # each table before its button (the fits moved the tables into their page holders after the buttons)
        QWidget.setTabOrder(self.held_table, self.remove_button)
        QWidget.setTabOrder(self.remove_button, self.options_table)
        QWidget.setTabOrder(self.options_table, self.add_button)

        for table in (self.held_table, self.options_table):
            table.installEventFilter(self)
        self.remove_button.clicked.connect(self._on_remove_button_clicked)
        self.add_button.clicked.connect(self._on_add_button_clicked)
        self.held_table.selectionModel().selectionChanged.connect(self._on_held_selection_changed)
        self.held_table.selectionModel().currentRowChanged.connect(self._on_held_selection_changed)
        self.options_table.doubleClicked.connect(self._on_options_double_clicked)
        self.options_table.selectionModel().currentRowChanged.connect(self._on_options_current_row_changed)
        for model in (self.held_model, self.options_model):
            model.modelReset.connect(self._on_model_changed)
            model.dataChanged.connect(self._on_model_changed)
        document.selection_changed.connect(self._on_document_selection_changed)
        document.state_changed.connect(self._on_document_state_changed)
        self._refresh()

    # --- reading -------------------------------------------------------------------------------------------
    def _unit(self) -> SbgUnit | None:
        unit_id = self._document.selected
        unit = self._document.army.unit(unit_id) if unit_id is not None else None
        return unit if isinstance(unit, SbgUnit) else None

    def _unit_name(self, unit: SbgUnit) -> str:
        profile = index(self._document.catalogs).profiles.get(unit.profile)
        return spoken_text(unit_label(unit, profile))

    def held_row(self) -> int | None:
        """The held option Remove takes back: the selected one, else the current one (a keyboard player who
        tabbed into the list has a current row, not yet a selection)."""
        rows = self.held_table.selectionModel().selectedRows()
        current = self.held_table.currentIndex()
        if rows:
            return rows[0].row()
        return current.row() if current.isValid() else None

    def current_choice(self) -> Choice | None:
        """The option the options table's current row shows, if any."""
        choice = self.options_table.currentIndex().data(CHOICE_ROLE)
        return choice if isinstance(choice, Choice) else None

    # --- showing -------------------------------------------------------------------------------------------
    def _refresh(self) -> None:
        """What shows: the held list or its note, the options or the note that there are none."""
        unit = self._unit()
        held = self.held_model.rowCount() > 0
        self.held_fit.container.setVisible(held)
        self._none_held.setVisible(not held)
        self.remove_button.setVisible(held)
        offered = self.options_model.offered()
        self.held_box.setVisible(unit is not None and (held or offered > 0))  # nothing to hold: the note says it
        self.options_fit.container.setVisible(self.options_model.rowCount() > 0)
        self._no_options.setVisible(unit is not None and offered == 0)
        self.add_button.setVisible(offered > 0)
        if unit is not None and offered == 0:
            self._no_options.setText(self._none_offered(unit))
        self._update_actions()

    def _none_offered(self, unit: SbgUnit) -> str:
        profile = index(self._document.catalogs).profiles.get(unit.profile)
        if profile is None:
            return _("Its profile is unknown (AR-02): there is no wargear to choose from.")
        return _("{profile} has no wargear options.").format(profile=display_name(profile.name))

    def _update_actions(self) -> None:
        self.remove_button.setEnabled(self.held_row() is not None)
        choice = self.current_choice()
        self.add_button.setEnabled(choice is not None and addable(choice))
        why = ""
        if choice is not None and not choice.eligible:
            why = describe_reasons(choice.reasons, "\n") + "."
        elif choice is not None and choice.owned:
            why = _("Held already: each model takes it once.")
        self.why_label.setText(why)
        self.why_label.setVisible(bool(why))

    # --- changing ------------------------------------------------------------------------------------------
    def add(self, choice: Choice | None) -> bool:
        """Buy the option for every model of the selected unit: one command, one undo step."""
        unit = self._unit()
        if unit is None or choice is None or not addable(choice):
            return False
        label = _("Add wargear {wargear} to {unit}").format(
            wargear=choice_name(choice), unit=self._unit_name(unit)
        )
        return self._document.execute(AddEntry(unit.id, wargear.KIND, choice.id, label=label))

    def remove_selected(self) -> bool:
        """Take back the selected held option; the next one is then selected, so that Delete goes on."""
        unit = self._unit()
        row = self.held_row()
        if unit is None or self.held_model.unit_id != unit.id or row is None:
            return False
        name = self.held_model.entry(row).name
        label = _("Remove wargear {wargear} from {unit}").format(wargear=name, unit=self._unit_name(unit))
        if not self._document.execute(RemoveEntry(unit.id, wargear.KIND, row, label=label)):
            return False
        left = self.held_model.rowCount()
        if left:
            self.held_table.setCurrentIndex(self.held_model.index(min(row, left - 1), 0))
        else:
            self.options_table.setFocus(Qt.FocusReason.OtherFocusReason)  # the held list is gone
        return True

    # --- slots ---------------------------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        """Enter buys the current option; Delete takes back the held one."""
        if event.type() == QEvent.Type.KeyPress:
            key = cast(QKeyEvent, event).key()
            if key in _ADD_KEYS and watched is self.options_table:
                self.add(self.current_choice())
                return True
            if key in _REMOVE_KEYS and watched is self.held_table:
                self.remove_selected()
                return True
        return super().eventFilter(watched, event)

    def _on_remove_button_clicked(self) -> None:
        self.remove_selected()

    def _on_add_button_clicked(self) -> None:
        self.add(self.current_choice())

    def _on_options_double_clicked(self, model_index: QModelIndex) -> None:
        choice = model_index.data(CHOICE_ROLE)
        self.add(choice if isinstance(choice, Choice) else None)

    def _on_held_selection_changed(self) -> None:
        self._update_actions()

    def _on_options_current_row_changed(self) -> None:
        self._update_actions()

    def _on_model_changed(self) -> None:
        self._refresh()

    def _on_document_selection_changed(self, unit_id: object) -> None:
        self._refresh()

    def _on_document_state_changed(self, change: Change[Army]) -> None:
        """The notes name the selected unit's profile: only a change of that unit (or the catalogs) shows."""
        unit_id = self._document.selected
        if change.touched(lambda army: unit_shown(army, unit_id)):
            self._refresh()
