"""The selected unit's miracles and magic items: what it holds, with problems, and a picker of what it may take;
above them, the army's own rules option (mixed armies, CF-20).

The panel decides nothing: `options()` and the validation report say what is allowed; every change is a command.
"""

from __future__ import annotations

from typing import cast

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from warband.gui.army_document import ArmyDocument
from warband.gui.builder.entry_tables import choice_name, entry_table, plain_label
from warband.gui.builder.steady_label import SteadyLabel
from warband.gui.document import Change
from warband.gui.systems.confrontation.army_options_box import ArmyOptionsBox
from warband.gui.systems.confrontation.faith_text import aspect_levels, rank_line
from warband.gui.systems.confrontation.held_table_model import Field, HeldTableModel
from warband.gui.systems.confrontation.options_table_model import (
    ASPECT_COLUMNS,
    CHOICE_ROLE,
    NUMERIC,
    Kind,
    OptionsCache,
    OptionsFilterProxyModel,
    OptionsTableModel,
    unit_shown,
)
from warband.gui.widgets.appearance import follow_font, row_height
from warband.gui.widgets.tail_view import TailPaintingTableView
from warband.model.army import Army, Choice, unit_label
from warband.model.edits import AddEntry, RemoveEntry
from warband.model.messages import N_, _, spoken_text
from warband.model.names import display_name
from warband.model.systems.confrontation.peoples import people_name
from warband.model.systems.confrontation.rules import index
from warband.model.systems.confrontation.schema import ConfrontationUnit, Profile

_HELD_TEXTS = {  # title, Remove's accessible name and tooltip, undo label; whole sentences for translators
    "miracles": (
        N_("Miracles held"),
        N_("Remove the selected miracle"),
        N_("Take the selected miracle back (Delete)"),
        N_("Remove miracle {name}"),
    ),
    "items": (
        N_("Magic items held"),
        N_("Remove the selected item"),
        N_("Take the selected item back (Delete)"),
        N_("Remove item {name}"),
    ),
}
_ADD_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
_REMOVE_KEYS = (Qt.Key.Key_Delete, Qt.Key.Key_Backspace)


class UnitPanel(QWidget):
    """Gives the document's selected unit miracles and magic items, and takes them back."""

    def __init__(self, document: ArmyDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("unitPanel")
        self._document = document

        self._army_options = ArmyOptionsBox(document, self)
        self._hint_label = plain_label(self, "unitHint")
        self._hint_label.setText(_("Select a unit in the roster to give it miracles and items."))
        self._title_label = plain_label(self, "unitTitle")
        font = self._title_label.font()
        font.setBold(True)
        if font.pointSizeF() > 0:
            font.setPointSizeF(font.pointSizeF() * 1.25)
        self._title_label.setFont(font)
        self._profile_label = plain_label(self, "unitProfile")
        self._faith_label = plain_label(self, "unitFaith")
        self._body = QSplitter(Qt.Orientation.Vertical, self)
        self._body.setObjectName("unitBody")
        self._body.setChildrenCollapsible(False)

        held = QWidget(self._body)
        held_layout = QBoxLayout(QBoxLayout.Direction.LeftToRight, held)
        held_layout.setContentsMargins(0, 0, 0, 0)
        self._held, self._held_layout = held, held_layout
        held.installEventFilter(self)  # side by side when both lists have room, else one above the other
        self._held_miracles, self._remove_miracle_button = self._build_held(held, "miracles", "Miracle")
        self._held_items, self._remove_item_button = self._build_held(held, "items", "Item")
        self._remove_miracle_button.clicked.connect(self._on_remove_miracle_button_clicked)
        self._remove_item_button.clicked.connect(self._on_remove_item_button_clicked)

        picker = QGroupBox(_("Take from the catalogs"), self._body)
        picker_layout = QVBoxLayout(picker)
        search_row = QHBoxLayout()
        find_label = QLabel(_("&Find:"), picker)
        self._filter_edit = QLineEdit(picker)
        self._filter_edit.setObjectName("pickerFilter")
        self._filter_edit.setAccessibleName(_("Find a miracle or an item"))
        self._filter_edit.setPlaceholderText(_("Name, cult or Path"))
        self._filter_edit.setClearButtonEnabled(True)
        find_label.setBuddy(self._filter_edit)
        self._show_check = QCheckBox(_("Show the ones it may not take"), picker)
        self._show_check.setObjectName("showIneligible")
        self._show_check.setToolTip(_("One it may not take can still be added, as a draft to sort out later"))
        search_row.addWidget(find_label)
        search_row.addWidget(self._filter_edit, 1)
        search_row.addWidget(self._show_check)
        picker_layout.addLayout(search_row)

        self._options = OptionsCache()  # one `options()` call per change serves both pickers
        self._tabs = QTabWidget(picker)
        self._tabs.setObjectName("pickerTabs")
        self._miracle_picker = self._build_picker("miracle", "miraclePicker", _("Miracles to choose from"))
        self._item_picker = self._build_picker("item", "itemPicker", _("Magic items to choose from"))
        self._tabs.addTab(self._miracle_picker, _("Miracles"))
        self._tabs.addTab(self._item_picker, _("Magic items"))
        picker_layout.addWidget(self._tabs, 1)

        add_row = QHBoxLayout()
        self._count_label = plain_label(picker, "pickerCount")
        self._add_button = QPushButton(_("&Add"), picker)
        self._add_button.setObjectName("addChoiceButton")
        self._add_button.setToolTip(_("Give the unit the chosen entry (double-click or Enter does the same)"))
        add_row.addWidget(SteadyLabel(self._count_label, picker), 1)  # counted anew on every keystroke
        add_row.addWidget(self._add_button)
        picker_layout.addLayout(add_row)

        self._body.addWidget(held)
        self._body.addWidget(picker)
        self._body.setStretchFactor(0, 2)
        self._body.setStretchFactor(1, 3)

        layout = QVBoxLayout(self)
        layout.addWidget(self._army_options)
        # The title (typed in the roster), the cost and the faith change with edits and units: in boxes that lay
        # out nothing for a text as long as the one before
        labels = (self._title_label, self._profile_label, self._faith_label)
        self._unit_boxes = [SteadyLabel(label, self) for label in labels]
        layout.addWidget(self._hint_label)
        for box in self._unit_boxes:
            layout.addWidget(box)
        layout.addWidget(self._body, 1)

        self._filter_edit.textChanged.connect(self._on_picker_filter_text_changed)
        self._filter_edit.returnPressed.connect(self._on_picker_filter_return_pressed)
        self._show_check.toggled.connect(self._on_show_ineligible_toggled)
        self._tabs.currentChanged.connect(self._on_picker_tabs_current_changed)
        self._add_button.clicked.connect(self._on_add_choice_button_clicked)
        document.selection_changed.connect(self._on_document_selection_changed)
        document.state_changed.connect(self._on_document_state_changed)
        self._refresh()

    # --- building ------------------------------------------------------------------------------------------
    def _build_held(self, parent: QWidget, field: Field, noun: str) -> tuple[QTableView, QPushButton]:
        title, accessible, tip, _undo = (_(text) for text in _HELD_TEXTS[field])
        box = QGroupBox(title, parent)
        parent_layout = parent.layout()
        assert parent_layout is not None
        parent_layout.addWidget(box)
        # An entry taken or given back repaints the rows from it down, not the rows above
        view = entry_table(box, f"held{field.capitalize()}", title, TailPaintingTableView)
        model = HeldTableModel(self._document, field, view)
        view.setModel(model)
        header = view.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        # Lay out and fit the columns to the new rows at once, not after the rows were painted once (then again)
        for signal in (model.modelReset, model.rowsInserted, model.rowsRemoved):
            signal.connect(view.executeDelayedItemsLayout)
        view.installEventFilter(self)
        follow_font(  # four entries in view, in any font size
            view,
            lambda: view.setMinimumHeight(view.horizontalHeader().sizeHint().height() + 4 * row_height(view) + 4),
        )
        view.selectionModel().selectionChanged.connect(self._on_held_selection_changed)
        button = QPushButton(_("Remove"), box)
        button.setObjectName(f"remove{noun}Button")
        button.setAccessibleName(accessible)
        button.setToolTip(tip)
        box_layout = QVBoxLayout(box)
        box_layout.addWidget(view, 1)
        box_layout.addWidget(button, 0, Qt.AlignmentFlag.AlignRight)
        return view, button

    def _build_picker(self, kind: Kind, name: str, accessible: str) -> QTableView:
        view = entry_table(self._tabs, name, accessible)
        model = OptionsTableModel(self._document, kind, view, shared=self._options)
        proxy = OptionsFilterProxyModel(view)
        proxy.setSourceModel(model)
        view.setModel(proxy)
        view.setSortingEnabled(True)
        view.sortByColumn(model.column("name"), Qt.SortOrder.AscendingOrder)
        header = view.horizontalHeader()
        header.setStretchLastSection(True)

        def fit() -> None:
            metrics = view.fontMetrics()
            for column, key in enumerate(model.columns):
                title = str(model.headerData(column, Qt.Orientation.Horizontal))
                if key in NUMERIC:
                    sample = "00" if key in ASPECT_COLUMNS else "0000"
                    width = max(metrics.horizontalAdvance(sample), metrics.horizontalAdvance(title)) + 16
                    header.resizeSection(column, width)
                elif key != "reason":
                    header.resizeSection(column, metrics.averageCharWidth() * (24 if key == "name" else 16))

        follow_font(view, fit)
        view.setColumnHidden(model.column("reason"), True)  # empty until the refused ones are shown
        view.installEventFilter(self)
        view.doubleClicked.connect(self._on_picker_double_clicked)
        view.selectionModel().currentRowChanged.connect(self._on_picker_current_row_changed)
        return view

    # --- reading -------------------------------------------------------------------------------------------
    def _unit(self) -> ConfrontationUnit | None:
        unit_id = self._document.selected
        unit = self._document.army.unit(unit_id) if unit_id is not None else None
        return unit if isinstance(unit, ConfrontationUnit) else None

    def _proxy(self, view: QTableView) -> OptionsFilterProxyModel:
        return cast(OptionsFilterProxyModel, view.model())

    def _current_picker(self) -> QTableView:
        return self._item_picker if self._tabs.currentWidget() is self._item_picker else self._miracle_picker

    # --- showing -------------------------------------------------------------------------------------------
    def _refresh(self) -> None:
        unit = self._unit()
        self._hint_label.setVisible(unit is None)
        for box in self._unit_boxes:
            box.setVisible(unit is not None)
        self._body.setEnabled(unit is not None)
        if unit is not None:
            self._show_unit(unit)
        self._update_actions()
        self._update_count()

    def _show_unit(self, unit: ConfrontationUnit) -> None:
        idx = index(self._document.catalogs)
        profile = idx.profiles.get(unit.profile)
        self._title_label.setText(spoken_text(unit_label(unit, profile)))
        cost = next((u.cost for u in self._document.report.units if u.id == unit.id), 0)
        if profile is None:
            self._profile_label.setText(_("Unknown profile “{profile}” (AR-02)").format(profile=unit.profile))
        else:
            people = people_name(self._document.catalogs, profile.people)
            name = f"{display_name(profile.name)} ({people})"
            self._profile_label.setText(
                _("{profile} · {cost} A.P. with what it holds").format(profile=name, cost=cost)
            )
        self._faith_label.setText(self._describe_faith(profile))

    def _describe_faith(self, profile: Profile | None) -> str:
        if profile is None:
            return ""
        faithful = profile.faithful
        if faithful is None:
            return _("Not a Faithful: owns no miracles (CF-01)")
        text = rank_line(faithful, index(self._document.catalogs).cults)
        if faithful.warrior_monk:
            text += " " + _("(warrior-monk)")
        return f"{text} — {aspect_levels(faithful)}"

    def _update_actions(self) -> None:
        for view, button in (
            (self._held_miracles, self._remove_miracle_button),
            (self._held_items, self._remove_item_button),
        ):
            button.setEnabled(bool(view.selectionModel().selectedRows()))
        self._add_button.setEnabled(self._current_picker().currentIndex().isValid())

    def _update_count(self) -> None:
        proxy = self._proxy(self._current_picker())
        source = proxy.sourceModel()
        self._count_label.setText(
            _("{shown} of {total} shown").format(shown=proxy.rowCount(), total=source.rowCount())
        )

    # --- changing ------------------------------------------------------------------------------------------
    def _add(self, proxy_index: QModelIndex) -> None:
        unit = self._unit()
        choice = proxy_index.data(CHOICE_ROLE) if proxy_index.isValid() else None
        if unit is None or not isinstance(choice, Choice):
            return
        if choice.kind == "miracle":
            field, label = "miracles", _("Add miracle {name}")
        else:
            field, label = "items", _("Add item {name}")
        self._document.execute(AddEntry(unit.id, field, choice.id, label=label.format(name=choice_name(choice))))

    def _remove_selected(self, view: QTableView) -> None:
        model = cast(HeldTableModel, view.model())
        rows = view.selectionModel().selectedRows()
        if model.unit_id is None or not rows:
            return
        row = rows[0].row()
        label = _(_HELD_TEXTS[model.field][3]).format(name=model.entry(row).name)
        command = RemoveEntry(model.unit_id, model.field, row, label=label)
        if self._document.execute(command) and model.rowCount():
            view.setCurrentIndex(model.index(min(row, model.rowCount() - 1), 0))  # Delete again takes the next

    # --- slots ---------------------------------------------------------------------------------------------
    def _arrange_held(self) -> None:
        """The two held lists side by side when each has room for its names (22 average characters, as the
        catalog's longest miracle names), else one above the other: a name is never cut to a few letters."""
        room = 2 * 22 * self._held.fontMetrics().averageCharWidth() + 60
        wanted = (
            QBoxLayout.Direction.LeftToRight if self._held.width() >= room else QBoxLayout.Direction.TopToBottom
        )
        if self._held_layout.direction() != wanted:
            self._held_layout.setDirection(wanted)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        """Enter adds the picker's current entry; Delete takes back the held one; the held lists follow the
        panel's width."""
        if watched is self._held and event.type() in (QEvent.Type.Resize, QEvent.Type.FontChange):
            self._arrange_held()
        if event.type() == QEvent.Type.KeyPress:
            key = cast(QKeyEvent, event).key()
            if key in _ADD_KEYS and watched in (self._miracle_picker, self._item_picker):
                self._add(watched.currentIndex())
                return True
            if key in _REMOVE_KEYS and watched in (self._held_miracles, self._held_items):
                self._remove_selected(watched)
                return True
        return super().eventFilter(watched, event)

    def _on_document_selection_changed(self, unit_id: object) -> None:
        self._refresh()

    def _on_document_state_changed(self, change: Change[Army]) -> None:
        """The panel shows the selected unit alone (its label, profile, cost, faith): another unit's edit, or the
        army's name or points, leaves it as it is."""
        unit_id = self._document.selected
        if change.touched(lambda army: unit_shown(army, unit_id)):
            self._refresh()

    def _on_remove_miracle_button_clicked(self) -> None:
        self._remove_selected(self._held_miracles)

    def _on_remove_item_button_clicked(self) -> None:
        self._remove_selected(self._held_items)

    def _on_held_selection_changed(self) -> None:
        self._update_actions()

    def _on_add_choice_button_clicked(self) -> None:
        self._add(self._current_picker().currentIndex())

    def _on_picker_double_clicked(self, proxy_index: QModelIndex) -> None:
        self._add(proxy_index)

    def _on_picker_current_row_changed(self) -> None:
        self._update_actions()

    def _on_picker_tabs_current_changed(self, tab: int) -> None:
        self._update_count()
        self._update_actions()

    def _on_picker_filter_text_changed(self, text: str) -> None:
        for view in (self._miracle_picker, self._item_picker):
            self._proxy(view).set_search(text)
        self._update_count()

    def _on_picker_filter_return_pressed(self) -> None:
        """Enter in the search goes to the list, on its first row, so a second Enter adds it."""
        view = self._current_picker()
        if not view.currentIndex().isValid() and view.model().rowCount():
            view.setCurrentIndex(view.model().index(0, 0))
        view.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _on_show_ineligible_toggled(self, checked: bool) -> None:
        for view in (self._miracle_picker, self._item_picker):
            proxy = self._proxy(view)
            proxy.set_show_ineligible(checked)
            view.setColumnHidden(cast(OptionsTableModel, proxy.sourceModel()).column("reason"), not checked)
        self._update_count()
