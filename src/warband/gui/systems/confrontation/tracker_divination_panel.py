"""The Divination panel: who calls in which order this turn, who is next, and who may not call and why."""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.systems.confrontation.divination_order import order_inputs, order_of
from warband.gui.systems.confrontation.tracker_barred_model import BarredTableModel
from warband.gui.systems.confrontation.tracker_divination_models import DivinationOrderTableModel
from warband.gui.widgets.appearance import compact_rows, restyle
from warband.gui.widgets.plain_text import plain_tooltip
from warband.gui.widgets.tail_view import TailPaintingTableView
from warband.gui.widgets.tracker_fit import TrackerTableFit
from warband.model.messages import N_, Phrase, _, spoken_text
from warband.model.systems.confrontation.battle_commands import SetModelFlag
from warband.model.systems.confrontation.battle_state import ConfrontationBattle

ACTIVE_STYLE = (
    'QGroupBox#divinationPanel[active="true"] { border: 2px solid palette(highlight); border-radius: 4px;'
    " margin-top: 1.4em; padding-top: 4px; }"
    ' QGroupBox#divinationPanel[active="true"]::title { subcontrol-origin: margin; left: 8px; padding: 0 4px;'
    " color: palette(highlight); }"
)


def _shown(battle: ConfrontationBattle) -> tuple[object, ...]:
    """What the panel shows beyond its tables' rows: whether it is the Divination phase, and the order."""
    return (battle.phase, order_inputs(battle))


def _table(name: str, accessible: str, parent: QWidget) -> TailPaintingTableView:
    """A table of the panel: a Faithful who leaves the order moves the rows below up on screen, not painted again
    (its models tell every cell whose look changed, `tracker_rows`)."""
    table = TailPaintingTableView(parent, moves_rows=True)
    table.setObjectName(name)
    table.setAccessibleName(accessible)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setWordWrap(False)
    table.verticalHeader().setVisible(False)
    compact_rows(table)
    table.horizontalHeader().setHighlightSections(False)
    return table


class DivinationPanel(QGroupBox):
    """The order of the Divination phase; emphasised while the battle is in that phase."""

    resolve_requested = Signal(str)
    """The player wants to call a miracle with this Faithful (model key): the window shows the Resolver."""

    def __init__(self, document: BattleDocument[ConfrontationBattle], parent: QWidget | None = None) -> None:
        super().__init__(_("Divination order"), parent)
        self.setObjectName("divinationPanel")
        self.setProperty("active", False)
        self.setStyleSheet(ACTIVE_STYLE)  # set once: the "active" property switches it
        self._document = document
        document.changed.connect(self._on_document_changing)  # first: before the tables' models hear of it
        self.order_model = DivinationOrderTableModel(document, self)
        self.barred_model = BarredTableModel(document, self)

        self.order_table = _table("divinationOrderTable", _("Divination order"), self)
        self.order_table.setModel(self.order_model)
        self.order_table.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.order_table.setDragEnabled(True)
        self.order_table.setAcceptDrops(True)
        self.order_table.setDropIndicatorShown(True)
        self.order_table.setDragDropOverwriteMode(False)
        order = DivinationOrderTableModel
        # each column as wide as its title and cells; the Faithful has the room left
        self.order_fit = TrackerTableFit(
            self.order_table,
            keep=order.FAITHFUL + 1,
            rows=2,
            samples={order.POSITION: "▶ 99"},
            spare=order.FAITHFUL,
        )

        self.up_button = self._button("▲", "tieUpButton", _("Act earlier among tied Faithful"), "Alt+Up")
        self.down_button = self._button("▼", "tieDownButton", _("Act later among tied Faithful"), "Alt+Down")
        self.done_button = self._button(_("Done ✓"), "divinationDoneButton", "", "Ctrl+Return")
        self.call_button = self._button(_("Call a miracle…"), "callMiracleButton", "", "Ctrl+M")
        self.empty_label = QLabel(_("No Faithful may call a miracle now."), self)
        self.empty_label.setObjectName("divinationEmptyLabel")
        self.empty_label.setTextFormat(Qt.TextFormat.PlainText)

        self.barred_label = QLabel(_("May not call"), self)
        self.barred_label.setObjectName("barredLabel")
        self.barred_table = _table("barredTable", _("May not call"), self)
        self.barred_table.setModel(self.barred_model)
        # Why a Faithful may not call is a sentence: it has the room left, and says the rest in its tooltip
        self.barred_fit = TrackerTableFit(
            self.barred_table, keep=2, free=BarredTableModel.REASON, rows=1, grow=False
        )

        buttons = QHBoxLayout()
        buttons.addWidget(self.up_button)
        buttons.addWidget(self.down_button)
        buttons.addStretch(1)
        buttons.addWidget(self.done_button)
        buttons.addWidget(self.call_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.order_fit.container, 1)  # the order first: every Faithful in it in view
        layout.addWidget(self.empty_label)
        layout.addLayout(buttons)
        layout.addWidget(self.barred_label)
        layout.addWidget(self.barred_fit.container)
        self.unknown_label = QLabel(self)  # CF-X1: a Discipline its imported catalog does not give
        self.unknown_label.setObjectName("divinationUnknown")
        self.unknown_label.setTextFormat(Qt.TextFormat.PlainText)
        self.unknown_label.setWordWrap(True)
        self.unknown_label.setVisible(False)
        layout.addWidget(self.unknown_label)

        self.up_button.clicked.connect(self._on_up_button_clicked)
        self.down_button.clicked.connect(self._on_down_button_clicked)
        self.done_button.clicked.connect(self._on_done_button_clicked)
        self.call_button.clicked.connect(self._on_call_button_clicked)
        self.order_table.doubleClicked.connect(self._on_order_table_double_clicked)
        self.order_table.selectionModel().selectionChanged.connect(self._on_order_table_selection_changed)
        document.changed.connect(self._on_document_changed)
        self._show_order()

    def _button(self, text: str, name: str, description: str, keys: str) -> QPushButton:
        button = QPushButton(text, self)
        button.setObjectName(name)
        button.setAccessibleName(description or text)
        sequence = QKeySequence(keys)
        shortcut = QShortcut(sequence, self, context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(button.click)
        native = sequence.toString(QKeySequence.SequenceFormat.NativeText)
        button.setToolTip(f"{description or text} ({native})")
        if len(text) == 1:
            button.setFixedWidth(button.fontMetrics().horizontalAdvance(text) * 3 + 12)
        return button

    # --- reading -------------------------------------------------------------------------------------------
    def selected_row(self) -> int:
        rows = self.order_table.selectionModel().selectedRows()
        return rows[0].row() if rows else -1

    def chosen_key(self) -> str | None:
        """The Faithful the buttons act on: the selected one, or else the current one."""
        row = self.selected_row()
        if row == -1:
            row = self.order_model.current_row()
        return self.order_model.slot(row).key if row != -1 else None

    def select_key(self, key: str | None) -> None:
        row = self.order_model.row_of(key)
        selection = self.order_table.selectionModel()
        if row == -1:
            selection.clearSelection()
            return
        index = self.order_model.index(row, 0)
        flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
        selection.setCurrentIndex(index, flags)

    # --- input ---------------------------------------------------------------------------------------------
    def _on_up_button_clicked(self) -> None:
        self._move(-1)

    def _on_down_button_clicked(self) -> None:
        self._move(+1)

    def _move(self, step: int) -> None:
        row = self.selected_row()
        if row != -1:
            key = self.order_model.slot(row).key
            if self.order_model.move_tied(row, step):
                self.select_key(key)

    def _on_done_button_clicked(self) -> None:
        order = order_of(self._document.battle)
        unknown = "\n".join(problem.sentence for problem in order.unknown)
        if self.unknown_label.text() != unknown:
            self.unknown_label.setText(unknown)
            self.unknown_label.setVisible(bool(unknown))
        current = order.current
        if current is None:
            return
        command = SetModelFlag(key=current.key, field="divination_done", value=True)
        text = Phrase(N_("{unit} is done calling miracles"), unit=current.label)
        self._document.act(command, text=text, side=current.side)

    def _on_call_button_clicked(self) -> None:
        key = self.chosen_key()
        if key is not None:
            self.resolve_requested.emit(key)

    def _on_order_table_double_clicked(self, index: QModelIndex) -> None:
        if index.isValid():
            self.resolve_requested.emit(self.order_model.slot(index.row()).key)

    # --- following the document ----------------------------------------------------------------------------
    def _on_document_changing(self) -> None:
        """The tables' models are about to follow a change: their columns are fitted once they are done."""
        self.order_fit.hold()
        self.barred_fit.hold()

    def _on_document_changed(self, change: Change[ConfrontationBattle]) -> None:
        """The frame follows the phase; the rest (empty line, barred caption, buttons) follows the order. The
        tables' models have followed the change already (they were told first)."""
        self.order_fit.release()
        self.barred_fit.release()
        for table in (self.order_table, self.barred_table):  # rows inserted, removed or moved: laid out before
            table.lay_out_now()  # they are painted (laid out later, Qt's default, they would be painted twice)
        if change.touched(_shown):
            self._show_order()

    def _show_order(self) -> None:
        active = self._document.battle.phase == "divination"
        if self.property("active") != active:
            self.setAccessibleDescription(_("The Divination phase is now") if active else "")
            self.setProperty("active", active)
            restyle(self)  # the panel alone: the widgets inside keep their styles (but are painted again)
        self.empty_label.setVisible(self.order_model.rowCount() == 0)
        anyone_barred = self.barred_model.rowCount() > 0
        self.barred_label.setText(_("May not call") if anyone_barred else _("May not call: none"))
        self.barred_table.setEnabled(anyone_barred)  # hiding it would lay out the whole tab again
        order = order_of(self._document.battle)
        unknown = "\n".join(problem.sentence for problem in order.unknown)
        if self.unknown_label.text() != unknown:
            self.unknown_label.setText(unknown)
            self.unknown_label.setVisible(bool(unknown))
        current = order.current
        self.done_button.setToolTip(
            plain_tooltip(
                _("Mark {unit} as done: the order moves on to the next Faithful (Ctrl+Return)").format(
                    unit=spoken_text(current.label)
                )
            )
            if current
            else _("Every Faithful in the order is done")
        )
        self._update_buttons()

    def _on_order_table_selection_changed(self) -> None:
        self._update_buttons()

    def _update_buttons(self) -> None:
        row = self.selected_row()
        self.up_button.setEnabled(self.order_model.can_move(row, -1))
        self.down_button.setEnabled(self.order_model.can_move(row, +1))
        self.done_button.setEnabled(order_of(self._document.battle).current is not None)
        self.call_button.setEnabled(self.chosen_key() is not None)
