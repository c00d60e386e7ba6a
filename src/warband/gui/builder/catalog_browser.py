"""The catalog browser: find a profile by name or by the system's filters, and add it to the army.

It is generic: the system's `ProfileDescription` (from the registry) says which columns and filters it has.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QEvent, QItemSelectionModel, QModelIndex, QObject, QSignalBlocker, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from warband.gui.army_document import ArmyDocument
from warband.gui.builder.profile_description import ProfileDescription, ProfileFilter
from warband.gui.builder.profile_table_model import PROFILE_ID_ROLE, ProfileFilterProxyModel, ProfileTableModel
from warband.gui.document import Change
from warband.gui.systems.registry import builder_panels
from warband.gui.widgets.appearance import combo_width, compact_rows, follow_font
from warband.gui.widgets.text_columns_view import TextColumnsView
from warband.model.army import Army
from warband.model.catalog import Catalogs
from warband.model.edits import AddUnit
from warband.model.messages import _

_ADD_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


class CatalogBrowser(QWidget):
    """Lists the catalogs' profiles with filters; double-click, Enter or "Add to army" adds one to the army."""

    def __init__(
        self,
        document: ArmyDocument,
        parent: QWidget | None = None,
        *,
        languages: Sequence[str] | None = None,
        profiles: ProfileDescription[Any] | None = None,
    ) -> None:
        super().__init__(parent)
        self._document = document
        self._catalogs: Catalogs = document.catalogs
        description = profiles if profiles is not None else builder_panels(document.army.system).profiles
        self._model = ProfileTableModel(document.catalogs, languages, self, description=description)
        self._proxy = ProfileFilterProxyModel(self)
        self._proxy.setSourceModel(self._model)

        self._filter_edit = QLineEdit(self)
        self._filter_edit.setObjectName("profileFilter")
        self._filter_edit.setPlaceholderText(_("Filter profiles…"))
        self._filter_edit.setClearButtonEnabled(True)
        self._filter_edit.setAccessibleName(_("Filter profiles"))
        self._filter_edit.setToolTip(description.search_tip)
        self._filter_edit.installEventFilter(self)

        self._combos: list[tuple[ProfileFilter[Any], QComboBox]] = [
            (chosen, self._combo(f"{chosen.name}Filter", chosen.label)) for chosen in description.filters
        ]
        self._fill_filter_combos()

        self._view = TextColumnsView(self)
        self._view.setObjectName("profileTable")
        self._view.setAccessibleName(_("Profiles"))
        self._view.setModel(self._proxy)
        self._view.setSortingEnabled(True)
        self._view.sortByColumn(ProfileTableModel.NAME, Qt.SortOrder.AscendingOrder)
        self._view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self._view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self._view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self._view.setAlternatingRowColors(True)
        self._view.setWordWrap(False)
        self._view.verticalHeader().hide()
        compact_rows(self._view)
        header = self._view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(ProfileTableModel.NAME, QHeaderView.ResizeMode.Stretch)
        self._view.installEventFilter(self)
        self._view.viewport().installEventFilter(self)

        self._add_button = QPushButton(_("Add to army"), self)
        self._add_button.setObjectName("addProfileButton")
        self._add_button.setAccessibleName(_("Add to army"))
        self._add_button.setToolTip(_("Add a model of the selected profile to the army (Enter, or double-click)"))

        # On lines of their own, as many to a line as fit whole; the browser may be as narrow as the widest one
        # (its minimum does not depend on how many are on a line now, or it could never be made narrower)
        self._combo_box = QWidget(self)
        self._combo_grid = QGridLayout(self._combo_box)
        self._combo_grid.setContentsMargins(0, 0, 0, 0)
        self._combos_per_line = 0
        self._wanted_width = 0
        self._wanted: list[int] = []
        """Each column's width for the rows shown, in the font (measured by `_fit_columns`)."""
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self._add_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._filter_edit)
        if self._combos:
            layout.addWidget(self._combo_box)
        else:
            self._combo_box.hide()
        layout.addWidget(self._view, 1)
        layout.addLayout(buttons)
        self.setFocusProxy(self._filter_edit)  # focusing the browser starts a search

        self._filter_edit.textChanged.connect(self._on_filter_edit_text_changed)
        for _filter, combo in self._combos:
            combo.currentIndexChanged.connect(self._on_filter_combo_current_index_changed)
        self._view.selectionModel().selectionChanged.connect(self._on_view_selection_changed)
        self._proxy.modelReset.connect(self._on_proxy_rows_changed)
        self._proxy.rowsRemoved.connect(self._on_proxy_rows_changed)
        self._proxy.rowsInserted.connect(self._on_proxy_rows_changed)
        self._proxy.layoutChanged.connect(self._on_proxy_rows_changed)
        self._add_button.clicked.connect(self._on_add_button_clicked)
        document.state_changed.connect(self._on_document_state_changed)
        follow_font(self, self._on_font_changed)
        self._on_proxy_rows_changed()

    # --- reading -------------------------------------------------------------------------------------------
    @property
    def profile_view(self) -> QTableView:
        return self._view

    @property
    def profile_model(self) -> ProfileTableModel:
        return self._model

    @property
    def filter_model(self) -> ProfileFilterProxyModel:
        return self._proxy

    def selected_profile(self) -> str | None:
        """The id of the profile selected in the table, if any."""
        rows = self._view.selectionModel().selectedRows()
        return str(rows[0].data(PROFILE_ID_ROLE)) if rows else None

    # --- changing ------------------------------------------------------------------------------------------
    def select_profile(self, profile_id: str) -> bool:
        """Select a profile's row, if the filters show it."""
        source_row = self._model.row_of(profile_id)
        if source_row < 0:
            return False
        index = self._proxy.mapFromSource(self._model.index(source_row, 0))
        if not index.isValid():
            return False
        flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
        self._view.selectionModel().setCurrentIndex(index, flags)
        self._view.scrollTo(index)
        return True

    def add_selected(self) -> bool:
        """Add a model of the selected profile to the army, and select the new unit."""
        rows = self._view.selectionModel().selectedRows()
        return self._add(rows[0]) if rows else False

    def _add(self, index: QModelIndex) -> bool:
        profile_id = index.data(PROFILE_ID_ROLE) if index.isValid() else None
        if not isinstance(profile_id, str):
            return False
        unit_id = self._document.new_unit_id()
        label = _("Add {profile}").format(profile=self._model.profile_name(profile_id))
        done = self._document.execute(AddUnit(unit_id, profile_id, label=label), select=unit_id)
        self._view.setFocus(Qt.FocusReason.OtherFocusReason)  # the player may add more at once
        return done

    # --- building ------------------------------------------------------------------------------------------
    def _combo(self, name: str, accessible: str) -> QComboBox:
        combo = QComboBox(self)
        combo.setObjectName(name)
        combo.setAccessibleName(accessible)
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(4)  # the list may hold long cult names: only the chosen one must fit
        return combo

    def _fit_combos(self) -> None:
        """Each filter box at least as wide as its chosen text, then as many to a line as fit whole."""
        for _filter, combo in self._combos:
            combo.setMinimumWidth(combo_width(combo, combo.currentText()))
        self._flow_combos()

    def _flow_combos(self) -> None:
        if not self._combos:
            return
        spacing = max(self._combo_grid.horizontalSpacing(), 0)
        widest = max(combo.minimumWidth() for _filter, combo in self._combos)
        self._combo_box.setMinimumWidth(widest)
        widest += spacing
        room = self.contentsRect().width() + spacing
        per_line = max(1, min(len(self._combos), room // max(widest, 1)))
        if per_line == self._combos_per_line:
            return
        self._combos_per_line = per_line
        for _filter, combo in self._combos:
            self._combo_grid.removeWidget(combo)
        for place, (_filter, combo) in enumerate(self._combos):
            self._combo_grid.addWidget(combo, place // per_line, place % per_line)
        for column in range(len(self._combos)):
            self._combo_grid.setColumnStretch(column, 1 if column < per_line else 0)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._flow_combos()

    def _on_font_changed(self) -> None:
        self._fit_combos()
        self._fit_columns()

    def _fill_filter_combos(self) -> None:
        """List each filter's choices for the catalogs, keeping the player's choices that still exist."""
        for chosen, combo in self._combos:
            current = combo.currentData()
            with QSignalBlocker(combo):
                combo.clear()
                for text, value in chosen.choices(self._model.rows):
                    if value is None:
                        combo.addItem(text)  # no data: no filter
                    else:
                        combo.addItem(text, value)
                combo.setCurrentIndex(max(0, combo.findData(current)) if current is not None else 0)
            self._proxy.set_filter(chosen.name, combo.currentData())
        if hasattr(self, "_combo_grid"):
            self._fit_combos()

    def _update_add_button(self) -> None:
        self._add_button.setEnabled(bool(self._view.selectionModel().selectedRows()))

    def _fit_columns(self) -> None:
        """Measure the columns for the rows shown and the font, then arrange them (rows or font changed)."""
        header = self._view.horizontalHeader()
        # sectionSizeFromContents, unlike sectionSizeHint, also measures the titles of hidden columns
        self._wanted = [
            max(self._view.sizeHintForColumn(c), header.sectionSizeFromContents(c).width())
            for c in range(header.count())
        ]
        self._arrange_columns()

    def _arrange_columns(self) -> None:
        """In a narrow column, hide the least needed columns rather than squeeze Name or scroll away from Cost.

        Only arranged again when the table is resized: measuring asks every row of every column for its text,
        and a resize changes none of them."""
        header = self._view.horizontalHeader()
        wanted = self._wanted
        if len(wanted) != header.count():
            self._fit_columns()
            return
        columns = range(header.count())
        # Never narrower than the names and the cost need, so that no name is cut (the builder stacks its panes
        # when the window cannot give that much)
        frame = 2 * self._view.frameWidth() + self._view.verticalScrollBar().sizeHint().width()
        hidden_first = self._model.description.hidden_first  # never Name, nor the cost (the last column)
        kept = [c for c in columns if c not in hidden_first]
        self._view.setMinimumWidth(sum(wanted[c] for c in kept) + frame)
        self._wanted_width = sum(wanted) + frame
        room = self._view.viewport().width() - wanted[ProfileTableModel.NAME]
        shown = set(columns) - {ProfileTableModel.NAME}
        for column in hidden_first:
            if sum(wanted[c] for c in shown) <= room:
                break
            shown.discard(column)
        for column in hidden_first:
            if header.isSectionHidden(column) == (column in shown):
                header.setSectionHidden(column, column not in shown)

    def wanted_width(self) -> int:
        """How wide the table would be with every column shown whole."""
        return max(self._wanted_width, self._view.minimumWidth())

    # --- events --------------------------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        """Down in the filter line goes to the table; Enter or a double-click in the table adds a profile."""
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            key = event.key()
            if watched is self._filter_edit and key == Qt.Key.Key_Down:
                self._focus_table()
                return True
            if watched is self._view and key in _ADD_KEYS:
                self.add_selected()
                return True
        elif watched is self._view.viewport():
            if event.type() == QEvent.Type.Resize:
                self._arrange_columns()
            # Here rather than the view's doubleClicked: that one needs the press before it on the same row.
            elif (
                event.type() == QEvent.Type.MouseButtonDblClick
                and isinstance(event, QMouseEvent)
                and event.button() == Qt.MouseButton.LeftButton
            ):
                index = self._view.indexAt(event.position().toPoint())
                if index.isValid():
                    self._add(index)
                    return True
        return super().eventFilter(watched, event)

    def _focus_table(self) -> None:
        self._view.setFocus(Qt.FocusReason.TabFocusReason)
        if not self._view.selectionModel().selectedRows() and self._proxy.rowCount() > 0:
            flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
            self._view.selectionModel().setCurrentIndex(self._proxy.index(0, 0), flags)

    def _on_filter_edit_text_changed(self, text: str) -> None:
        self._proxy.set_text(text)

    def _on_filter_combo_current_index_changed(self, _index: int) -> None:
        for chosen, combo in self._combos:
            self._proxy.set_filter(chosen.name, combo.currentData())
        self._fit_combos()

    def _on_view_selection_changed(self) -> None:
        self._update_add_button()

    def _on_proxy_rows_changed(self) -> None:
        self._update_add_button()
        self._fit_columns()

    def _on_add_button_clicked(self) -> None:
        self.add_selected()

    def _on_document_state_changed(self, change: Change[Army]) -> None:
        """Most changes are to the army; only new catalogs change what the browser lists."""
        if not change.everything or self._document.catalogs is self._catalogs:
            return
        self._catalogs = self._document.catalogs
        selected = self.selected_profile()
        self._model.set_catalogs(self._catalogs)
        self._fill_filter_combos()
        if selected is not None:
            self.select_profile(selected)
        self._update_add_button()
