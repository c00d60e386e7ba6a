"""The army itself: its name, its units (edit, remove, duplicate, reorder), and the total against the limit."""

from __future__ import annotations

from operator import itemgetter

from PySide6.QtCore import QEvent, QItemSelectionModel, QModelIndex, QObject, QSignalBlocker, Qt
from PySide6.QtGui import QColor, QFont, QKeyEvent, QKeySequence, QPalette, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QStyle,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from warband.gui.army_document import ArmyDocument
from warband.gui.builder.roster_table_model import RosterTableModel
from warband.gui.builder.steady_label import SteadyLabel
from warband.gui.document import Change
from warband.gui.widgets.appearance import follow_font, row_height
from warband.model.army import Army
from warband.model.edits import DuplicateUnit, MoveUnit, RemoveUnits, SetArmyField
from warband.model.messages import _, current_language
from warband.model.system import DEFAULT_POINTS_NAME, points_name

DEFAULT_LIMIT = 400
OVER_LIMIT_COLOUR = "#c0392b"
MAX_LIMIT = 1_000_000


class RosterPanel(QWidget):
    """The roster and its totals. Every change goes through the document as a command."""

    def __init__(self, document: ArmyDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.model = RosterTableModel(document, self)

        self.name_edit = QLineEdit(self)
        self.name_edit.setObjectName("armyName")
        self.name_edit.setPlaceholderText(_("Army name"))
        self.name_edit.setAccessibleName(_("Army name"))
        self.name_edit.setMaxLength(200)

        self.table = QTableView(self)
        self.table.setObjectName("rosterTable")
        self.table.setAccessibleName(_("Roster"))
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.table.setDragEnabled(True)
        self.table.setAcceptDrops(True)
        self.table.setDropIndicatorShown(True)
        self.table.setDragDropOverwriteMode(False)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)  # the notes take the room left: `_fit_notes`
        self.table.viewport().installEventFilter(self)
        self._titles: list[int] = []
        self._titles_key: tuple[str, str, int] | None = None
        self._widths: list[list[int]] = []
        """Each cell's text width, row by row, in the table's font: a change measures only the rows it changed."""
        self._widest: list[int] = []
        """Each column's widest cell: found again among all rows only when a change narrowed the widest one."""
        for signal in (
            self.model.modelReset,
            self.model.rowsInserted,
            self.model.rowsRemoved,
            self.model.layoutChanged,
        ):
            signal.connect(self._on_model_reshaped)
        self.model.dataChanged.connect(self._on_model_data_changed)

        self.remove_button = self._button(_("Remove"), "removeUnitButton", QKeySequence.StandardKey.Delete)
        self.table.installEventFilter(self)
        self.duplicate_button = self._button(_("Duplicate"), "duplicateUnitButton", QKeySequence("Ctrl+D"))
        self.up_button = self._button("▲", "moveUpButton", QKeySequence("Alt+Up"), _("Move up"))
        self.down_button = self._button("▼", "moveDownButton", QKeySequence("Alt+Down"), _("Move down"))

        self.total_label = QLabel(self)
        self.total_label.setObjectName("totalLabel")
        self.total_label.setTextFormat(Qt.TextFormat.PlainText)
        self.total_label.setWordWrap(True)
        self.total_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.total_label.setMinimumWidth(120)
        self._total_box = SteadyLabel(self.total_label, self)  # a new total lays out nothing
        self.limit_check = QCheckBox(_("Points limit"), self)
        self.limit_check.setObjectName("limitCheck")
        self.limit_spin = QSpinBox(self)
        self.limit_spin.setObjectName("limitSpin")
        self.limit_spin.setAccessibleName(_("Points limit"))
        self.limit_spin.setRange(0, MAX_LIMIT)
        self.limit_spin.setSingleStep(10)
        self._points = _(points_name(document.army.system) or DEFAULT_POINTS_NAME)
        """The system's word for its points: "A.P.", "points"."""
        self.limit_spin.setSuffix(" " + self._points)
        self.limit_spin.setKeyboardTracking(False)

        buttons = QHBoxLayout()
        for button in (self.remove_button, self.duplicate_button, self.up_button, self.down_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        totals = QHBoxLayout()
        totals.addWidget(self.limit_check)
        totals.addWidget(self.limit_spin)
        totals.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.name_edit)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        layout.addWidget(self._total_box)
        layout.addLayout(totals)

        if points_name(document.army.system) is None:  # a party: no total, no limit
            for widget in (self._total_box, self.limit_check, self.limit_spin):
                widget.hide()
        self.name_edit.textEdited.connect(self._on_name_edit_text_edited)
        self.name_edit.editingFinished.connect(document.seal)
        self.limit_check.toggled.connect(self._on_limit_check_toggled)
        self.limit_spin.valueChanged.connect(self._on_limit_spin_value_changed)
        self.remove_button.clicked.connect(self.remove_selected)
        self.duplicate_button.clicked.connect(self.duplicate_selected)
        self.up_button.clicked.connect(lambda: self.move_selected(-1))
        self.down_button.clicked.connect(lambda: self.move_selected(+1))
        self.table.selectionModel().selectionChanged.connect(self._on_table_selection_changed)
        document.state_changed.connect(self._on_document_state_changed)
        document.report_changed.connect(self._show_totals)
        document.selection_changed.connect(self._on_document_selection_changed)
        self._on_document_state_changed()
        self._on_document_selection_changed(document.selected)
        follow_font(self, self._on_font_changed)

    def _button(
        self, text: str, name: str, shortcut: QKeySequence | QKeySequence.StandardKey, description: str = ""
    ) -> QPushButton:
        """A button, with a shortcut that works while the roster has the focus (Delete means other things
        elsewhere in the window)."""
        button = QPushButton(text, self)
        button.setObjectName(name)
        description = description or text
        button.setAccessibleName(description)
        sequence = QKeySequence(shortcut)
        keys = QShortcut(sequence, self, context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        keys.activated.connect(button.click)
        button.setToolTip(f"{description} ({sequence.toString(QKeySequence.SequenceFormat.NativeText)})")
        if len(text) == 1:
            button.setFixedWidth(button.fontMetrics().horizontalAdvance(text) * 3 + 12)
        return button

    # --- sizes ---------------------------------------------------------------------------------------------
    def _on_font_changed(self) -> None:
        """The total in a larger bold type, the columns measured again: both follow the font at once."""
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self.total_label.setFont(font)
        self.table.verticalHeader().setDefaultSectionSize(row_height(self.table))
        self._on_model_reshaped()

    def _on_model_reshaped(self) -> None:
        """Rows added, removed, moved or all new (or a new font): every cell measured again."""
        columns = self.model.columnCount()
        self._widths = [[0] * columns for _row in range(self.model.rowCount())]
        self._widest = [0] * columns
        self._measure(0, self.model.rowCount() - 1, 0, columns - 1)
        self._fit_columns()

    def _on_model_data_changed(self, top_left: QModelIndex, bottom_right: QModelIndex, roles: object = ()) -> None:
        """Some cells changed (a unit's row, the costs): only they are measured again, not the whole army."""
        if len(self._widths) != self.model.rowCount():
            self._on_model_reshaped()
            return
        self._measure(top_left.row(), bottom_right.row(), top_left.column(), bottom_right.column())
        self._fit_columns()

    def _measure(self, first_row: int, last_row: int, first_column: int, last_column: int) -> None:
        metrics = self.table.fontMetrics()
        widest = self._widest
        narrowed: set[int] = set()
        for row in range(max(first_row, 0), last_row + 1):
            cells = self._widths[row]
            for column in range(max(first_column, 0), last_column + 1):
                was = cells[column]
                width = cells[column] = metrics.horizontalAdvance(str(self.model.index(row, column).data() or ""))
                if width > widest[column]:
                    widest[column] = width
                elif width < was == widest[column]:
                    narrowed.add(column)
        for column in narrowed:  # the widest cell got narrower: which one is the widest now
            widest[column] = max(map(itemgetter(column), self._widths), default=0)

    def column_needs(self) -> list[int]:
        """How wide each column must be to show its title and its widest cell whole, in the table's font."""
        pad = 2 * (self.table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self.table) + 1)
        titles = self._title_widths()
        widest = self._widest if self._widths else [0] * len(titles)
        return [max(cells + pad + 4, title) for cells, title in zip(widest, titles, strict=True)]

    def _title_widths(self) -> list[int]:
        """Each column's title width, measured once per language and font (an edit asks after every change)."""
        header = self.table.horizontalHeader()
        key = (current_language(), header.font().key(), self.model.columnCount())
        if key != self._titles_key:
            self._titles = [header.sectionSizeFromContents(c).width() for c in range(self.model.columnCount())]
            self._titles_key = key
        return self._titles

    def _fit_columns(self) -> None:
        """Every column but the notes as wide as its content; the table never narrower than that, so that the
        cost is always in view without scrolling. The notes, free text, have the rest (and a tooltip)."""
        needs = self.column_needs()
        header = self.table.horizontalHeader()
        notes = self.model.column_of(RosterTableModel.NOTES)
        for column, need in enumerate(needs):
            if column != notes:
                header.resizeSection(column, need)
        title = self._title_widths()[notes]
        frame = 2 * self.table.frameWidth() + self.table.verticalScrollBar().sizeHint().width()
        fixed = sum(need for column, need in enumerate(needs) if column != notes)
        self.table.setMinimumWidth(fixed + title + frame)
        self._wanted_width = fixed + max(title, min(needs[notes], 2 * title + fixed // 2)) + frame
        self._fixed_width = fixed
        self._notes_title = title
        self._fit_notes()

    def _fit_notes(self) -> None:
        """The notes, free text, have the room the other columns leave (at least their title's width)."""
        notes = self.model.column_of(RosterTableModel.NOTES)
        room = self.table.viewport().width() - self._fixed_width
        self.table.horizontalHeader().resizeSection(notes, max(self._notes_title, room))

    def wanted_width(self) -> int:
        """The width at which the table shows every column, the notes with some room."""
        return self._wanted_width

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        """Delete in the roster removes the unit, unless a label is being edited."""
        if watched is self.table.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_notes()
            return False
        if (
            watched is self.table
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() == Qt.Key.Key_Delete
            and self.table.state() != QAbstractItemView.State.EditingState
        ):
            self.remove_selected()
            return True
        return super().eventFilter(watched, event)

    # --- actions -------------------------------------------------------------------------------------------
    def remove_selected(self) -> None:
        unit_id = self._document.selected
        if unit_id is None:
            return
        row = self.model.row_of(unit_id)
        label = self.model.index(row, 0).data()
        remaining = [u.id for u in self._document.army.units if u.id != unit_id]
        after = remaining[min(row, len(remaining) - 1)] if remaining else None
        self._document.execute(RemoveUnits((unit_id,), label=_("Remove {unit}").format(unit=label)), select=after)

    def duplicate_selected(self) -> None:
        unit_id = self._document.selected
        if unit_id is None:
            return
        label = self.model.index(self.model.row_of(unit_id), 0).data()
        new_id = self._document.new_unit_id()
        self._document.execute(
            DuplicateUnit(unit_id, new_id, label=_("Duplicate {unit}").format(unit=label)), select=new_id
        )

    def move_selected(self, step: int) -> None:
        unit_id = self._document.selected
        if unit_id is None:
            return
        row = self.model.row_of(unit_id)
        target = row + step
        if not 0 <= target < self.model.rowCount():
            return
        self._document.execute(MoveUnit(unit_id, target, label=_("Move unit")), select=unit_id)

    # --- following the document ----------------------------------------------------------------------------
    def _on_document_state_changed(self, change: Change[Army] | None = None) -> None:
        """The name and limit boxes follow the army's (undo too), the buttons and the selected row its units in
        order; the totals follow the report (`report_changed`). No change given: all of it (the panel is new)."""
        army = self._document.army
        if change is None or change.touched(lambda a: (a.name, a.points_limit)):
            if self.name_edit.text() != army.name:
                position = self.name_edit.cursorPosition()
                self.name_edit.setText(army.name)
                self.name_edit.setCursorPosition(min(position, len(army.name)))
            limit = army.points_limit
            with QSignalBlocker(self.limit_check), QSignalBlocker(self.limit_spin):
                self.limit_check.setChecked(limit is not None)
                self.limit_spin.setEnabled(limit is not None)
                if limit is not None:
                    self.limit_spin.setValue(limit)
        if change is None or change.touched(lambda a: [u.id for u in a.units]):
            self._update_buttons()
            self._on_document_selection_changed(self._document.selected)
        if change is None:
            self._show_totals()

    def _show_totals(self) -> None:
        report = self._document.report
        if report.points_limit is None:
            text = _("Total: {total} {points} (no limit)").format(total=report.total_cost, points=self._points)
        else:
            text = _("Total: {total} / {limit} {points}").format(
                total=report.total_cost, limit=report.points_limit, points=self._points
            )
        over = report.points_limit is not None and report.total_cost > report.points_limit
        self.total_label.setText(text)
        if self.total_label.property("over") != over:
            self.total_label.setProperty("over", over)
            # A palette, not a style sheet: a style sheet polishes the label again and lays the panel out again
            palette = QPalette()  # nothing set: the label follows its parent's palette again
            if over:
                palette.setColor(QPalette.ColorRole.WindowText, QColor(OVER_LIMIT_COLOUR))
            self.total_label.setPalette(palette)
        self.total_label.setAccessibleName(text)

    def _on_document_selection_changed(self, unit_id: object) -> None:
        row = self.model.row_of(unit_id) if isinstance(unit_id, str) else -1
        selection = self.table.selectionModel()
        current = selection.selectedRows()
        if row == -1:
            if current:
                selection.clearSelection()
        elif [i.row() for i in current] != [row]:
            index = self.model.index(row, 0)
            selection.setCurrentIndex(
                index, QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
            )
            self.table.scrollTo(index)
        self._update_buttons()

    def _on_table_selection_changed(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        self._document.select(self.model.unit_id(rows[0].row()) if rows else None)
        self._update_buttons()

    def _update_buttons(self) -> None:
        unit_id = self._document.selected
        row = self.model.row_of(unit_id) if unit_id else -1
        for button in (self.remove_button, self.duplicate_button):
            button.setEnabled(row != -1)
        self.up_button.setEnabled(row > 0)
        self.down_button.setEnabled(row != -1 and row < self.model.rowCount() - 1)

    # --- input ---------------------------------------------------------------------------------------------
    def _on_name_edit_text_edited(self, text: str) -> None:
        self._document.execute(SetArmyField("name", text, label=_("Rename army")), merge_key=("army", "name"))

    def _on_limit_check_toggled(self, checked: bool) -> None:
        value = (self.limit_spin.value() or DEFAULT_LIMIT) if checked else None
        label = _("Set points limit") if checked else _("Remove points limit")
        self._document.execute(SetArmyField("points_limit", value, label=label))

    def _on_limit_spin_value_changed(self, value: int) -> None:
        if self.limit_check.isChecked():
            self._document.execute(
                SetArmyField("points_limit", value, label=_("Change points limit")), merge_key=("army", "limit")
            )

    def current_index(self) -> QModelIndex:
        return self.table.currentIndex()
