"""The tracker of a « Par le Fer et par le Verbe » scene: the shared battle bar on top (out of combat or in which
combat round, Next combat round (F8) and End battle, which ends the scene), with the hours passed and End of combat
on its second row; the summary of the scene once it is over; the party with its Don, Vitality, fatigue, MA and the
spells each casts at once (PF-04); below, the chosen character's castings and distraction rolls (PF-09), time
passing (PF-10) and the log.

Every input becomes an action of the scene document; what the rules refuse comes back through the document's
`refused` signal and shows on the message line, with its rule.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelection, QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.systems.pfpv.tracker_casting import CastingPanel
from warband.gui.systems.pfpv.tracker_characters import CharactersTableModel, ValueDelegate
from warband.gui.systems.pfpv.tracker_distraction import DistractionPanel
from warband.gui.systems.pfpv.tracker_header import PfpvSceneControls
from warband.gui.systems.pfpv.tracker_log import PfpvLogTableModel
from warband.gui.systems.pfpv.tracker_text import TRACKER_QSS, plain_label, set_look
from warband.gui.systems.pfpv.tracker_time import TimePanel
from warband.gui.widgets.battle_bar import BattleBar
from warband.gui.widgets.battle_log import AskPath, BattleLogPanel
from warband.gui.widgets.panes import Panes, PaneSplitter
from warband.gui.widgets.plain_text import escape_mnemonic
from warband.gui.widgets.summary_box import SummaryBox
from warband.gui.widgets.table_fit import table_fit
from warband.gui.widgets.tracker_parts import boxed, editable_table, message_line, show_on_message_line
from warband.model.messages import _, spoken_text
from warband.model.systems.pfpv.scene import PfpvScene, label_of


class PfpvTrackerTab(QWidget):
    """One scene in play, as the game master follows it round by round and hour by hour."""

    resolve_requested = Signal(str)
    """Cast with this character (its key, the unit id): the window shows the resolver."""

    def __init__(
        self,
        document: BattleDocument[PfpvScene],
        parent: QWidget | None = None,
        *,
        ask_path: AskPath | None = None,
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.setStyleSheet(TRACKER_QSS)
        self.battle_bar = BattleBar(document, self)
        self.scene_controls = PfpvSceneControls(document, self)
        self.battle_bar.add(self.scene_controls)
        bar = self.battle_bar  # Tab follows the bar as it reads: Next, then End of combat, End battle
        QWidget.setTabOrder(bar.next_button, self.scene_controls.end_button)
        QWidget.setTabOrder(self.scene_controls.end_button, bar.end_button)
        self.message_label = message_line(self)
        self.summary_box = SummaryBox(document, self)

        self.characters_model = CharactersTableModel(document, self)
        self.characters_table = self._characters_table()
        self.resolve_button = QPushButton(_("Resolve…"), self)
        self.resolve_button.setObjectName("resolveCharacterButton")
        self.resolve_button.setToolTip(_("Cast a spell with the selected character in the resolver"))
        hint = plain_label("charactersHint", self, wrap=True)
        hint.setText(_("Double-click Don, Vitality or Fatigue to correct it, or a character to cast with it."))
        characters = QWidget(self)
        characters_layout = QVBoxLayout(characters)
        characters_layout.setContentsMargins(0, 0, 0, 0)
        characters_layout.addWidget(self.characters_fit.container, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(hint, 1)  # wrapped where the width runs out
        buttons.addWidget(self.resolve_button)
        characters_layout.addLayout(buttons)

        self.casting_panel = CastingPanel(document, self)
        self.distraction_panel = DistractionPanel(document, self)
        self.time_panel = TimePanel(document, self)
        self.log_panel = BattleLogPanel(PfpvLogTableModel(document), self, ask_path=ask_path)
        self.casting_box = boxed(_("Casting"), "castingBox", self.casting_panel, self)
        self.distraction_box = boxed(_("Distraction (PF-09)"), "distractionBox", self.distraction_panel, self)
        self.left = left = QSplitter(Qt.Orientation.Vertical, self)
        left.setObjectName("pfpvCastingColumn")
        left.addWidget(self.casting_box)
        left.addWidget(self.distraction_box)
        left.setStretchFactor(0, 3)
        left.setStretchFactor(1, 2)
        left.setChildrenCollapsible(False)
        time_box = boxed(_("Time passes (PF-10)"), "timeBox", self.time_panel, self)
        log_box = boxed(_("Scene log"), "logBox", self.log_panel, self)
        self.right = right = QSplitter(Qt.Orientation.Vertical, self)
        right.setObjectName("pfpvSceneColumn")
        right.addWidget(time_box)
        right.addWidget(log_box)
        right.setStretchFactor(1, 1)
        right.setChildrenCollapsible(False)
        self.columns = QSplitter(Qt.Orientation.Horizontal, self)
        self.columns.setObjectName("pfpvColumns")
        self.columns.addWidget(left)
        self.columns.addWidget(right)
        self.columns.setStretchFactor(0, 4)
        self.columns.setStretchFactor(1, 5)
        self.columns.setChildrenCollapsible(False)
        party_box = boxed(_("Party"), "partyBox", characters, self)
        self.rows = PaneSplitter(Qt.Orientation.Vertical, self)
        self.rows.setObjectName("pfpvRows")
        self.rows.addWidget(party_box)
        self.rows.addWidget(self.columns)
        self.rows.setStretchFactor(1, 1)
        self.rows.setChildrenCollapsible(False)
        self.panes = Panes(
            self.rows,
            [party_box, self.casting_box, self.distraction_box, time_box, log_box],
            self,
            names=[_("Party"), _("Casting"), _("Distraction (PF-09)"), _("Time passes (PF-10)"), _("Scene log")],
        )
        """The party over the chosen character's castings and distraction beside time and the log while they
        fit; one at a time otherwise."""

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.battle_bar)
        layout.addWidget(self.message_label)
        layout.addWidget(self.summary_box)
        layout.addWidget(self.rows, 1)
        layout.addWidget(self.panes, 1)  # in the rows' place when they do not fit
        self.setFocusProxy(self.characters_table)

        self.characters_table.doubleClicked.connect(self._on_characters_table_double_clicked)
        self.characters_table.selectionModel().selectionChanged.connect(self._on_characters_selection_changed)
        self.resolve_button.clicked.connect(self._on_resolve_button_clicked)
        self.log_panel.reported.connect(self._on_log_panel_reported)
        document.refused.connect(self._on_document_refused)
        document.changed.connect(self._on_document_changed)
        self._show_combat()
        if self.characters_model.rowCount():
            self.characters_table.selectRow(0)
        else:
            self._on_characters_selection_changed()

    def _characters_table(self) -> QTableView:
        m = CharactersTableModel
        widths = {m.DON: "400 / 400", m.VITALITY: "60 / 60", m.FATIGUE: "20"}  # and their spin boxes
        table = editable_table(self, "charactersTable", _("Party"), self.characters_model, widths, pad=24, keep=1)
        fit = table_fit(table)
        assert fit is not None
        self.characters_fit = fit
        """The party's columns as wide as their titles and cells; a page at a time where they do not fit."""
        self._value_delegate = ValueDelegate(table)
        for column in CharactersTableModel.FIELDS:
            table.setItemDelegateForColumn(column, self._value_delegate)
        return table

    def splitters(self) -> dict[str, QSplitter]:
        """The splitters whose sizes are kept between sessions, by name."""
        return {
            "pfpv.columns": self.columns,
            "pfpv.rows": self.rows,
            "pfpv.casting": self.left,
            "pfpv.scene": self.right,
        }

    def selected_character(self) -> str | None:
        rows = self.characters_table.selectionModel().selectedRows()
        return self.characters_model.key(rows[0].row()) if rows else None

    def select_character(self, key: str) -> None:
        self.characters_table.selectRow(self.characters_model.row_of(key))

    def show_message(self, text: str, *, refusal: bool = True) -> None:
        """Show a sentence on the message line (empty: clear it); a refusal stands out."""
        show_on_message_line(self.message_label, text, refusal=refusal)

    def _on_characters_selection_changed(self, *_args: QItemSelection) -> None:
        key = self.selected_character()
        self.casting_panel.set_key(key)
        self.distraction_panel.set_key(key)
        name = (
            escape_mnemonic(spoken_text(label_of(self.document.battle, key))) if key is not None else ""
        )  # box titles
        self.casting_box.setTitle(_("Casting — {character}").format(character=name) if name else _("Casting"))
        self.distraction_box.setTitle(
            _("Distraction — {character} (PF-09)").format(character=name) if name else _("Distraction (PF-09)")
        )

    def _on_characters_table_double_clicked(self, index: QModelIndex) -> None:
        if not index.isValid() or self.characters_model.flags(index) & Qt.ItemFlag.ItemIsEditable:
            return  # a value is being corrected
        self.resolve_requested.emit(self.characters_model.key(index.row()))

    def _on_resolve_button_clicked(self) -> None:
        key = self.selected_character()
        if key is None:
            self.show_message(_("Select a character first, then Resolve."), refusal=False)
            return
        self.resolve_requested.emit(key)

    def _on_document_refused(self, reason: str) -> None:
        self.show_message(reason)

    def _show_combat(self) -> None:
        """The shared turn label ("Out of combat", "Turn 3 — Combat") in the scene's combat colour in combat."""
        set_look(self.battle_bar.turn_label, "combat", "true" if self.document.battle.round else "false")

    def _on_document_changed(self, change: Change[PfpvScene]) -> None:
        """Any action clears the message line; the turn label's combat colour follows the round alone."""
        self.show_message("")  # an action went through: the last refusal no longer applies
        if change.touched(lambda scene: scene.round):
            self._show_combat()

    def _on_log_panel_reported(self, text: str, failed: bool) -> None:
        self.show_message(text, refusal=failed)
