"""The Turn tracker of a power-dice battle: the battle bar on top (the steps, Next step, End battle, and the
initiative on its second row), the summary below it once the battle is over; the panel of the step (the markers
board in A1, the castings of B3 and C) beside the casters; the lasting spells beside the log.

Every input becomes an action of the battle document; what the rules refuse comes back through the document's
`refused` signal and shows on the message line, with its rule. Before A3 nothing here names a side's markers to
the other side: the markers board, the casters table and the log show only what `visible_marker` allows.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QLabel,
    QSpinBox,
    QSplitter,
    QStackedWidget,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.systems.powerdice import battle_parts as parts
from warband.gui.systems.powerdice.markers_board import MarkersBoard
from warband.gui.systems.powerdice.tracker_lasting import LastingPanel
from warband.gui.systems.powerdice.tracker_log import PowerDiceLogTableModel
from warband.gui.systems.powerdice.tracker_models import CastersTableModel
from warband.gui.systems.powerdice.tracker_segments import CastingPanel, step_info
from warband.gui.systems.powerdice.tracker_step_bar import STEP_QSS, InitiativeCombo, StepMarks
from warband.gui.systems.powerdice.tracker_text import NOTE_QSS, note_label
from warband.gui.widgets.battle_bar import BattleBar
from warband.gui.widgets.battle_log import AskPath, BattleLogPanel
from warband.gui.widgets.panes import Panes, PaneSplitter
from warband.gui.widgets.summary_box import SummaryBox
from warband.gui.widgets.table_fit import table_fit
from warband.gui.widgets.tracker_parts import boxed, editable_table, message_line, show_on_message_line
from warband.model.messages import _
from warband.model.systems.powerdice.battle_state import PowerDiceBattle

ModelIndex = QModelIndex | QPersistentModelIndex
MESSAGE_QSS = (
    'QLabel#messageLabel[kind="refusal"] { background: #fdecea; color: #8a1c12; border: 1px solid #e6a39b;'
    " border-radius: 3px; padding: 3px 6px; }"
    ' QLabel#messageLabel[kind="note"] { background: #e8f1fb; color: #173f6b; border: 1px solid #a9c6e8;'
    " border-radius: 3px; padding: 3px 6px; }"
    ' QLabel#messageLabel[kind=""] { border: 1px solid transparent; padding: 3px 6px; }'
)
MARKERS, B3, C, INFO = range(4)
"""The pages of the step panel."""


class ReserveDelegate(QStyledItemDelegate):
    """A spin box for a caster's power dice; above its level the battle refuses it (PD-02)."""

    def createEditor(  # noqa: N802
        self, parent: QWidget, option: QStyleOptionViewItem, index: ModelIndex
    ) -> QWidget:
        spin = QSpinBox(parent)
        spin.setObjectName("reserveEditor")
        spin.setRange(0, 20)
        return spin

    def setEditorData(self, editor: QWidget, index: ModelIndex) -> None:  # noqa: N802
        value = index.data(Qt.ItemDataRole.EditRole)
        if isinstance(editor, QSpinBox) and isinstance(value, int):
            with QSignalBlocker(editor):
                editor.setValue(value)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: ModelIndex) -> None:  # noqa: N802
        if isinstance(editor, QSpinBox):
            editor.interpretText()
            if editor.value() != index.data(Qt.ItemDataRole.EditRole):
                model.setData(index, editor.value(), Qt.ItemDataRole.EditRole)


class PowerDiceTrackerTab(QWidget):
    """One power-dice battle in play, as the players follow it step by step."""

    resolve_requested = Signal(str)
    """Cast a spell with this caster (its key, `"<side>:<unit id>"`): the window shows the resolver."""

    def __init__(
        self,
        document: BattleDocument[PowerDiceBattle],
        parent: QWidget | None = None,
        *,
        ask_path: AskPath | None = None,
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.setStyleSheet(NOTE_QSS + " " + MESSAGE_QSS + " " + STEP_QSS)
        self.battle_bar = BattleBar(document, self)
        self.step_marks = StepMarks(document, self.battle_bar)
        self.initiative_combo = InitiativeCombo(document, self)
        self.battle_bar.add(self.initiative_combo)
        self.message_label = message_line(self)
        self.summary_box = SummaryBox(document, self)

        self.markers = MarkersBoard(document, self)
        for label in self.markers.findChildren(QLabel):
            if label.objectName().startswith("markerCaster_"):
                label.setWordWrap(True)  # a long name on two lines at a large font, never cut
        self.b3 = CastingPanel(document, "B3", self)
        self.c = CastingPanel(document, "C", self)
        self.info_label = note_label("stepInfoLabel", self)
        info = QWidget(self)
        info_layout = QVBoxLayout(info)
        info_layout.setContentsMargins(0, 0, 0, 0)
        info_layout.addWidget(self.info_label)
        info_layout.addStretch(1)
        self.step_panel = QStackedWidget(self)
        self.step_panel.setObjectName("stepPanel")
        for page in (self.markers, self.b3, self.c, info):
            self.step_panel.addWidget(page)

        self.casters_model = CastersTableModel(document, self)
        self.casters_table = self._casters_table()
        self.lasting = LastingPanel(document, self)
        self.log_panel = BattleLogPanel(PowerDiceLogTableModel(document), self, ask_path=ask_path)

        self.step_box = boxed(_("This step"), "stepBox", self.step_panel, self)
        lasting_box = boxed(_("Lasting spells"), "lastingBox", self.lasting, self)
        log_box = boxed(_("Battle log"), "logBox", self.log_panel, self)
        self.side = QSplitter(Qt.Orientation.Vertical, self)
        self.side.setObjectName("powerdiceSide")
        self.side.addWidget(lasting_box)
        self.side.addWidget(log_box)
        self.side.setStretchFactor(1, 1)
        self.side.setChildrenCollapsible(False)
        self.columns = QSplitter(Qt.Orientation.Horizontal, self)
        self.columns.setObjectName("powerdiceColumns")
        self.columns.addWidget(self.step_box)
        self.columns.addWidget(self.side)
        self.columns.setStretchFactor(0, 10)
        self.columns.setStretchFactor(1, 11)
        self.columns.setChildrenCollapsible(False)
        casters_box = boxed(_("Casters"), "castersBox", self.casters_fit.container, self)
        self.rows = PaneSplitter(Qt.Orientation.Vertical, self)
        self.rows.setObjectName("powerdiceRows")
        self.rows.addWidget(casters_box)
        self.rows.addWidget(self.columns)
        self.rows.setStretchFactor(1, 1)
        self.rows.setChildrenCollapsible(False)
        self.panes = Panes(self.rows, [casters_box, self.step_box, lasting_box, log_box], self)
        """The casters over the step's panel beside the lasting spells and the log while they fit; one at a
        time otherwise."""

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.battle_bar)
        layout.addWidget(self.message_label)
        layout.addWidget(self.summary_box)
        layout.addWidget(self.rows, 1)
        layout.addWidget(self.panes, 1)  # in the rows' place when they do not fit
        self.setFocusProxy(self.casters_table)

        self.b3.resolve_requested.connect(self.resolve_requested)
        self.c.resolve_requested.connect(self.resolve_requested)
        self.log_panel.reported.connect(self._on_log_panel_reported)
        document.refused.connect(self._on_document_refused)
        document.changed.connect(self._on_document_changed)
        self._show_step()

    def _casters_table(self) -> QTableView:
        widths = {CastersTableModel.DICE: "20 / 20"}  # and its spin box
        table = editable_table(self, "castersTable", _("Casters"), self.casters_model, widths, pad=24, keep=2)
        fit = table_fit(table)
        assert fit is not None
        self.casters_fit = fit
        """The casters' columns as wide as their titles and cells; a page at a time where they do not fit."""
        self._reserve_delegate = ReserveDelegate(table)
        table.setItemDelegateForColumn(CastersTableModel.DICE, self._reserve_delegate)
        return table

    def splitters(self) -> dict[str, QSplitter]:
        """The splitters whose sizes are kept between sessions, by name."""
        return {"powerdice.columns": self.columns, "powerdice.side": self.side, "powerdice.rows": self.rows}

    def show_message(self, text: str, *, refusal: bool = True) -> None:
        """Show a sentence on the message line (empty: clear it); a refusal stands out."""
        show_on_message_line(self.message_label, text, refusal=refusal)

    def _show_step(self) -> None:
        step = self.document.battle.step
        page = {"A1": MARKERS, "B3": B3, "C": C}.get(step, INFO)
        self.step_panel.setCurrentIndex(page)
        if page == INFO:
            self.info_label.setText(step_info(self.document.battle))

    def _on_document_refused(self, reason: str) -> None:
        self.show_message(reason)

    def _on_document_changed(self, change: Change[PowerDiceBattle]) -> None:
        """Any action clears the message line; only a step changes the step panel."""
        self.show_message("")  # an action went through: the last refusal no longer applies
        if change.touched(parts.step):
            self._show_step()

    def _on_log_panel_reported(self, text: str, failed: bool) -> None:
        self.show_message(text, refusal=failed)
