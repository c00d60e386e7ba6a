"""The Turn tracker of a Strategy Battle Game battle: the shared battle bar on top (the turn and phase, Next phase,
End battle) with the game's priority controls on its second row (SB-01), and the shared summary once the battle is
over; each side's Break point always in view, and once a force is broken the Courage tests due and Stand fast!
(SB-07); the heroes with their Might, Will, Fate and Wounds (SB-02 … SB-04); the warriors' casualties (SB-07); the
heroic actions of the phase (SB-05) beside the log.

Every input becomes an action of the battle document; what the rules refuse comes back through the document's
`refused` signal and shows on the message line, with its rule.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from warband.gui.battle_document import BattleDocument
from warband.gui.systems.sbg.tracker_break_tests import BreakTestsStrip
from warband.gui.systems.sbg.tracker_heroes import CounterDelegate, HeroesTableModel
from warband.gui.systems.sbg.tracker_heroics import HeroicsPanel
from warband.gui.systems.sbg.tracker_log import SbgLogTableModel
from warband.gui.systems.sbg.tracker_text import PHASE_HINTS, TRACKER_QSS, plain_label
from warband.gui.systems.sbg.tracker_turn_bar import SbgPriorityControls
from warband.gui.systems.sbg.tracker_warriors import BreakPointPanel, WarriorsTableModel
from warband.gui.widgets.battle_bar import BattleBar
from warband.gui.widgets.battle_log import AskPath, BattleLogPanel
from warband.gui.widgets.panes import Panes, PaneSplitter
from warband.gui.widgets.summary_box import SummaryBox
from warband.gui.widgets.table_fit import table_fit
from warband.gui.widgets.tracker_parts import boxed, editable_table, message_line, show_on_message_line
from warband.model.messages import _
from warband.model.systems.sbg.battle_state import SbgBattle

ModelIndex = QModelIndex | QPersistentModelIndex


class SbgTrackerTab(QWidget):
    """One Strategy Battle Game battle in play, as the players follow it phase by phase."""

    resolve_requested = Signal(str)
    """Resolve an action of this hero (its key, `"<side>:<unit id>"`): the window shows the resolver."""

    def __init__(
        self,
        document: BattleDocument[SbgBattle],
        parent: QWidget | None = None,
        *,
        ask_path: AskPath | None = None,
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.setStyleSheet(TRACKER_QSS)
        self.battle_bar = BattleBar(document, self)
        for phase, step in self.battle_bar.step_labels.items():
            step.setToolTip(_(PHASE_HINTS[phase]))
        self.priority = SbgPriorityControls(document, self.battle_bar)
        self.battle_bar.add(self.priority)
        self.message_label = message_line(self)
        self.summary_box = SummaryBox(document, self)
        self.break_panel = BreakPointPanel(document, self)
        self.break_tests = BreakTestsStrip(document, self)

        self.heroes_model = HeroesTableModel(document, self)
        self.heroes_table = self._heroes_table()
        self.resolve_button = QPushButton(_("Resolve…"), self)
        self.resolve_button.setObjectName("resolveHeroButton")
        self.resolve_button.setToolTip(_("Cast, resist or roll Fate with the selected hero in the resolver"))
        heroes = QWidget(self)
        heroes_layout = QVBoxLayout(heroes)
        heroes_layout.setContentsMargins(0, 0, 0, 0)
        heroes_layout.addWidget(self.heroes_fit.container, 1)
        self.heroes_hint = plain_label("heroesHint", self, wrap=True)
        self.heroes_hint.setText(_("Double-click a counter to correct it, or a hero to resolve its actions."))
        buttons = QHBoxLayout()
        buttons.addWidget(self.heroes_hint, 1)  # wrapped where the width runs out
        buttons.addWidget(self.resolve_button)
        heroes_layout.addLayout(buttons)

        self.warriors_model = WarriorsTableModel(document, self)
        self.warriors_table = self._warriors_table()
        warriors = QWidget(self)
        warriors_layout = QVBoxLayout(warriors)
        warriors_layout.setContentsMargins(0, 0, 0, 0)
        warriors_layout.addWidget(self.warriors_fit.container, 1)

        self.heroics = HeroicsPanel(document, self)
        self.log_panel = BattleLogPanel(SbgLogTableModel(document), self, ask_path=ask_path)
        self.heroics_box = boxed(_("Heroic actions"), "heroicsBox", self.heroics, self)
        log_box = boxed(_("Battle log"), "logBox", self.log_panel, self)
        self.columns = QSplitter(Qt.Orientation.Horizontal, self)
        self.columns.setObjectName("sbgColumns")
        self.columns.addWidget(self.heroics_box)
        self.columns.addWidget(log_box)
        self.columns.setStretchFactor(0, 4)
        self.columns.setStretchFactor(1, 5)
        self.columns.setChildrenCollapsible(False)
        heroes_box = boxed(_("Heroes"), "heroesBox", heroes, self)
        warriors_box = boxed(_("Warriors"), "warriorsBox", warriors, self)
        self.rows = PaneSplitter(Qt.Orientation.Vertical, self)
        self.rows.setObjectName("sbgRows")
        self.rows.addWidget(heroes_box)
        self.rows.addWidget(warriors_box)
        self.rows.addWidget(self.columns)
        self.rows.setStretchFactor(2, 1)
        self.rows.setChildrenCollapsible(False)
        self.panes = Panes(self.rows, [heroes_box, warriors_box, self.heroics_box, log_box], self)
        """The heroes over the warriors over the heroic actions beside the log while they fit; one at a time
        otherwise."""

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.battle_bar)
        layout.addWidget(self.message_label)
        layout.addWidget(self.summary_box)
        layout.addWidget(self.break_panel)
        layout.addWidget(self.break_tests)
        layout.addWidget(self.rows, 1)
        layout.addWidget(self.panes, 1)  # in the rows' place when they do not fit
        self.setFocusProxy(self.heroes_table)

        self.heroes_table.doubleClicked.connect(self._on_heroes_table_double_clicked)
        self.resolve_button.clicked.connect(self._on_resolve_button_clicked)
        self.break_tests.test_requested.connect(self.resolve_requested)
        self.log_panel.reported.connect(self._on_log_panel_reported)
        document.refused.connect(self._on_document_refused)
        document.changed.connect(self._on_document_changed)

    def _heroes_table(self) -> QTableView:
        widths = dict.fromkeys(HeroesTableModel.FIELDS, "10 / 10")  # a counter and its spin box
        table = editable_table(self, "heroesTable", _("Heroes"), self.heroes_model, widths, pad=32, keep=2)
        fit = table_fit(table)
        assert fit is not None
        self.heroes_fit = fit
        """The heroes' columns as wide as their titles and cells; a page at a time where they do not fit."""
        self._counter_delegate = CounterDelegate(table)
        for column in HeroesTableModel.FIELDS:
            table.setItemDelegateForColumn(column, self._counter_delegate)
        return table

    def _warriors_table(self) -> QTableView:
        widths = dict.fromkeys(WarriorsTableModel.EDITABLE, "100 / 100")  # a count and its spin box
        table = editable_table(self, "warriorsTable", _("Warriors"), self.warriors_model, widths, pad=32, keep=2)
        fit = table_fit(table)
        assert fit is not None
        self.warriors_fit = fit
        """The warriors' columns as wide as their titles and cells; a page at a time where they do not fit."""
        self._casualty_delegate = CounterDelegate(table)  # one a view: a shared delegate closes others' editors
        for column in WarriorsTableModel.EDITABLE:
            table.setItemDelegateForColumn(column, self._casualty_delegate)
        return table

    def splitters(self) -> dict[str, QSplitter]:
        """The splitters whose sizes are kept between sessions, by name."""
        return {"sbg.columns": self.columns, "sbg.rows": self.rows}

    def selected_hero(self) -> str | None:
        rows = self.heroes_table.selectionModel().selectedRows()
        return self.heroes_model.key(rows[0].row()) if rows else None

    def show_message(self, text: str, *, refusal: bool = True) -> None:
        """Show a sentence on the message line (empty: clear it); a refusal stands out."""
        show_on_message_line(self.message_label, text, refusal=refusal)

    def _on_heroes_table_double_clicked(self, index: QModelIndex) -> None:
        if not index.isValid() or self.heroes_model.flags(index) & (
            Qt.ItemFlag.ItemIsEditable | Qt.ItemFlag.ItemIsUserCheckable
        ):
            return  # a counter is being corrected, or a mark ticked
        self.resolve_requested.emit(self.heroes_model.key(index.row()))

    def _on_resolve_button_clicked(self) -> None:
        key = self.selected_hero()
        if key is None:
            self.show_message(_("Select a hero first, then Resolve."), refusal=False)
            return
        self.resolve_requested.emit(key)

    def _on_document_refused(self, reason: str) -> None:
        self.show_message(reason)

    def _on_document_changed(self) -> None:
        self.show_message("")  # an action went through: the last refusal no longer applies

    def _on_log_panel_reported(self, text: str, failed: bool) -> None:
        self.show_message(text, refusal=failed)
