"""The Turn tracker tab: the shared battle bar on top (the turn and phase, Back, Next, End battle) with the
Tactical roll on its second row and the CF-15 tie warning below it; the end-of-battle summary while the battle is
over; every model below, then the Divination order beside the log.

Every input becomes a command through the battle document; what the rules refuse comes back through the
document's `refused` signal and is shown on the message line, with its rule.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QSplitter, QVBoxLayout, QWidget

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.systems.confrontation.tracker_divination_panel import DivinationPanel
from warband.gui.systems.confrontation.tracker_log import LogTableModel
from warband.gui.systems.confrontation.tracker_models_panel import ModelsPanel
from warband.gui.systems.confrontation.tracker_turn_bar import TacticalRow, TieWarning
from warband.gui.widgets.appearance import NOTE_STYLE, REFUSAL_STYLE
from warband.gui.widgets.battle_bar import BattleBar
from warband.gui.widgets.battle_log import AskPath, BattleLogPanel
from warband.gui.widgets.panes import Panes, PaneSplitter
from warband.gui.widgets.summary_box import SummaryBox
from warband.gui.widgets.tracker_parts import boxed
from warband.model.messages import _
from warband.model.systems.confrontation.battle_state import ConfrontationBattle


class TrackerTab(QWidget):
    """One battle in play, as the players follow it turn by turn."""

    resolve_requested = Signal(str)
    """Call a miracle with this Faithful (model key): the window switches to the Resolver."""

    def __init__(
        self,
        document: BattleDocument[ConfrontationBattle],
        parent: QWidget | None = None,
        *,
        ask_path: AskPath | None = None,
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.battle_bar = BattleBar(document, self)
        self.tactical = TacticalRow(document, self)
        self.battle_bar.add(self.tactical)
        bar = self.battle_bar  # Tab follows the bar as it reads: Back, Next, then the Tactical roll, End battle
        QWidget.setTabOrder(bar.next_button, self.tactical.roll_button)
        QWidget.setTabOrder(self.tactical.roll_button, self.tactical.tactical_combo)
        QWidget.setTabOrder(self.tactical.tactical_combo, bar.end_button)
        self.tie_warning = TieWarning(document, self)
        self.message_label = QLabel(self)
        self.message_label.setObjectName("messageLabel")
        self.message_label.setTextFormat(Qt.TextFormat.PlainText)
        self.message_label.setWordWrap(True)
        self.message_label.setAccessibleName(_("Message"))
        self.message_label.hide()
        self.summary_box = SummaryBox(document, self)
        self.models = ModelsPanel(document, self)
        self.divination = DivinationPanel(document, self)
        self.log_panel = BattleLogPanel(LogTableModel(document), self, ask_path=ask_path)

        self.columns = QSplitter(Qt.Orientation.Horizontal, self)
        self.columns.setObjectName("trackerColumns")
        self.columns.addWidget(self.divination)
        log_box = boxed(_("Battle log"), "logBox", self.log_panel, self)
        self.columns.addWidget(log_box)
        self.columns.setStretchFactor(0, 1)
        self.columns.setStretchFactor(1, 1)
        self.columns.setChildrenCollapsible(False)
        self.rows = PaneSplitter(Qt.Orientation.Vertical, self)
        self.rows.setObjectName("trackerRows")
        models_box = boxed(_("Models"), "modelsBox", self.models, self)
        self.rows.addWidget(models_box)
        self.rows.addWidget(self.columns)
        self.rows.setStretchFactor(0, 1)
        self.rows.setStretchFactor(1, 1)
        self.rows.setChildrenCollapsible(False)
        self.panes = Panes(self.rows, [models_box, self.divination, log_box], self)
        """The models over the order beside the log while they fit (every table's columns whole); one at a time
        at a large font preset."""

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.battle_bar)
        layout.addWidget(self.tie_warning)
        layout.addWidget(self.message_label)
        layout.addWidget(self.summary_box)
        layout.addWidget(self.rows, 1)
        layout.addWidget(self.panes, 1)  # in the rows' place when they do not fit
        self.setFocusProxy(self.models.table)

        self.divination.resolve_requested.connect(self.resolve_requested)
        self.log_panel.reported.connect(self._on_log_panel_reported)
        document.refused.connect(self._on_document_refused)
        document.changed.connect(self._on_document_changed)

    def splitters(self) -> dict[str, QSplitter]:
        """The splitters whose sizes are kept between sessions, by name."""
        return {"tracker.columns": self.columns, "tracker.rows": self.rows}

    def show_message(self, text: str, *, refusal: bool = True) -> None:
        """Show a sentence on the message line (empty: hide it); a refusal stands out. Nothing is set again
        that is already so (every action clears the line): a new style sheet restyles the label."""
        label = self.message_label
        style = REFUSAL_STYLE if refusal else NOTE_STYLE
        if label.text() == text and label.styleSheet() == style and label.isHidden() != bool(text):
            return
        self.message_label.setStyleSheet(style)
        self.message_label.setText(text)
        self.message_label.setAccessibleDescription(text)
        self.message_label.setVisible(bool(text))

    def _on_document_refused(self, reason: str) -> None:
        self.show_message(reason)

    def _on_document_changed(self, change: Change[ConfrontationBattle]) -> None:
        """Whatever it changed, an action went through: the last refusal no longer applies."""
        self.show_message("")

    def _on_log_panel_reported(self, text: str, failed: bool) -> None:
        self.show_message(text, refusal=failed)
