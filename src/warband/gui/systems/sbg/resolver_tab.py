"""The Strategy Battle Game Resolver tab: a hero's Might on a roll (SB-02), Will to cast or resist (SB-03), Fate
to restore lost Wounds (SB-04) and its Courage test with Might and Will added (SB-06), each with its exact chance
first; and the Priority roll (SB-01) and the heroic roll-off (SB-05).

The tab decides nothing: `battle_rules` says what may be done and the odds; the model throws the dice (the
program's, or the table's typed in) through the shared battle document (`roll`, or `rolls` for the dice shown
before Might, Fate or Courage points are put on them), which applies each action as a command and logs it.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt, QTimer
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.systems.sbg import resolver_text as text
from warband.gui.systems.sbg.resolver_break import BreakTestPanel, break_part
from warband.gui.systems.sbg.resolver_courage import CouragePanel
from warband.gui.systems.sbg.resolver_fate import FatePanel
from warband.gui.systems.sbg.resolver_might import MightPanel
from warband.gui.systems.sbg.resolver_rolls import RollsPanel
from warband.gui.systems.sbg.resolver_will import WillPanel
from warband.gui.widgets.choice_wrap import wrap_choices
from warband.gui.widgets.panes import Arrangement, Panes, PaneSplitter, wrap_forms
from warband.gui.widgets.refresh_when_shown import RefreshWhenShown
from warband.gui.widgets.resolver_parts import plain_label
from warband.model.messages import _
from warband.model.systems.sbg import battle_rules as rules
from warband.model.systems.sbg.battle_state import SbgBattle

REVEAL_MS = 300
"""How long a section asked for stays in view as the layout settles."""


def resolver_part(battle: SbgBattle) -> tuple[object, ...]:
    """What the tab reads: the heroes (sides, profiles and spells, counters), the rules options, and for the rolls
    the turn, the priority (this turn's and the last, the tie-break) and the heroic actions; not the phase."""
    return (
        battle.sides,
        battle.entries,
        battle.heroes,
        battle.options,
        battle.turn,
        battle.priority,
        battle.last_priority,
        battle.heroics,
    )


def _splitter(orientation: Qt.Orientation, *parts: QWidget, root: bool = False) -> QSplitter:
    splitter = PaneSplitter(orientation) if root else QSplitter(orientation)
    for part in parts:
        splitter.addWidget(part)
        splitter.setStretchFactor(splitter.count() - 1, 1)
    splitter.setChildrenCollapsible(False)
    return splitter


class SbgResolverTab(RefreshWhenShown):
    """Choose a hero, then resolve its Might, Will and Fate; the sides' Priority and roll-off beside them.

    While the tab is behind another one it does not follow the battle; it catches up when shown.
    """

    def __init__(self, document: BattleDocument[SbgBattle], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sbgResolverTab")
        self._document = document
        self._key: str | None = None

        self.hero_combo = QComboBox(self)
        self.hero_combo.setObjectName("heroCombo")
        self.hero_combo.setAccessibleName(_("Hero"))
        self.hero_combo.setPlaceholderText(_("No hero in this battle"))
        self.hero_combo.setToolTip(_("The hero's Might, Will, Fate and Wounds now"))
        self.hero_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.hero_combo.setMinimumContentsLength(40)
        self.might_panel = MightPanel(document, self)
        self.will_panel = WillPanel(document, self)
        self.fate_panel = FatePanel(document, self)
        self.courage_panel = CouragePanel(document, self)
        self.rolls_panel = RollsPanel(document, self)
        self.break_test_panel = BreakTestPanel(document, self)

        top = QHBoxLayout()
        top.addWidget(plain_label(self, "heroLabel", _("Hero:")))
        top.addWidget(self.hero_combo, 1)
        first = _splitter(Qt.Orientation.Horizontal, self.might_panel, self.will_panel)
        right = _splitter(Qt.Orientation.Vertical, self.courage_panel, self.rolls_panel)
        left = _splitter(Qt.Orientation.Vertical, self.fate_panel, self.break_test_panel)
        second = _splitter(Qt.Orientation.Horizontal, left, right)
        rows = _splitter(Qt.Orientation.Vertical, first, second, root=True)
        rows.setStretchFactor(0, 1)  # the table and the chart take the room the rolls below leave
        panels = [
            self.might_panel,
            self.will_panel,
            self.fate_panel,
            self.courage_panel,
            self.rolls_panel,
            self.break_test_panel,
        ]
        self.panes = Panes(rows, panels, self, heights=False)
        """Two columns of sections while they fit; one at a time, the labels above their fields, otherwise."""
        self.panes.arranged.connect(self._on_panes_arranged)
        body = QWidget(self)
        body_layout = QVBoxLayout(body)
        body_layout.setContentsMargins(0, 0, 0, 0)
        body_layout.addWidget(rows)
        body_layout.addWidget(self.panes)  # in the sections' place when they do not fit
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        # It scrolls what does not fit: the tab never grows (and scrolls) for the sections' whole height
        scroll.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
        self.scroll_area = scroll
        self._revealing: QWidget | None = None
        scroll.verticalScrollBar().rangeChanged.connect(self._on_scroll_range_changed)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(scroll, 1)
        wrap_choices(self)  # a long choice on two lines, never cut

        self.hero_combo.currentIndexChanged.connect(self._on_hero_combo_current_index_changed)
        self.fate_panel.pending_changed.connect(self._on_panel_pending_changed)
        self.courage_panel.pending_changed.connect(self._on_panel_pending_changed)
        self.break_test_panel.pending_changed.connect(self._on_panel_pending_changed)
        self.break_test_panel.acted.connect(self._on_break_test_panel_acted)
        document.changed.connect(self._on_document_changed)
        self._refresh()

    # --- public --------------------------------------------------------------------------------------------
    @property
    def selected_key(self) -> str | None:
        return self._key

    def select(self, key: str) -> None:
        """Show this unit: its hero's rolls when it is a hero, and its Courage test when its force's are due
        (the section brought into view)."""
        if self.break_test_panel.select_unit(key):
            self.panes.reveal(self.break_test_panel)
            self.reveal(self.break_test_panel)
        self.select_hero(key)

    def reveal(self, widget: QWidget) -> None:
        """Scroll a section into view, now and as the sections grow in the next moments (a tab just shown, a
        section that grew with what it shows): its place is not known until then."""
        self._revealing = widget
        self.scroll_area.ensureWidgetVisible(widget, 0, 0)
        QTimer.singleShot(REVEAL_MS, self, self._stop_revealing)

    def _stop_revealing(self) -> None:
        self._revealing = None

    def _on_break_test_panel_acted(self) -> None:
        self.reveal(self.break_test_panel)

    def _on_scroll_range_changed(self, _low: int, _high: int) -> None:
        if self._revealing is not None:
            self.scroll_area.ensureWidgetVisible(self._revealing, 0, 0)

    def select_hero(self, key: str) -> None:
        """Resolve this hero's rolls (a key of `battle_rules.heroes`); an unknown key changes nothing, nor does
        any key while Fate dice or a Courage test's dice thrown wait to be applied (AR-05)."""
        if key not in {h.key for h in rules.heroes(self._document.battle)} or self._pending():
            return
        self._key = key
        self._refresh()

    # --- showing -------------------------------------------------------------------------------------------
    def _refresh(self) -> None:
        battle = self._document.battle
        heroes = rules.heroes(battle)
        if self._key not in {h.key for h in heroes}:
            self._key = heroes[0].key if heroes else None
        with QSignalBlocker(self.hero_combo):
            self.hero_combo.clear()
            for hero in heroes:
                self.hero_combo.addItem(text.hero_title(battle, hero), hero.key)
            self.hero_combo.setCurrentIndex(self.hero_combo.findData(self._key) if self._key is not None else -1)
        self.might_panel.show_hero(battle, self._key)
        self.will_panel.show_hero(battle, self._key)
        self.fate_panel.show_hero(battle, self._key)
        self.courage_panel.show_hero(battle, self._key)
        self.rolls_panel.show_battle(battle)
        self.break_test_panel.show_battle(battle)

    def _pending(self) -> bool:
        return bool(self.fate_panel.pending or self.courage_panel.pending or self.break_test_panel.pending)

    # --- slots ---------------------------------------------------------------------------------------------
    def _on_document_changed(self, change: Change[SbgBattle]) -> None:
        """A change of nothing the tab shows (the phase alone, the battle ended) is not even deferred."""
        if not change.touched(resolver_part) and not change.touched(break_part):
            return
        if self.deferred_while_hidden():
            return
        if change.touched(resolver_part):
            self._refresh()
        else:
            self.break_test_panel.show_battle(self._document.battle)

    def _on_panes_arranged(self) -> None:
        wrap_forms(self, self.panes.arrangement is Arrangement.ONE_AT_A_TIME)  # labels above: more room
        wrap_choices(self)

    def catch_up(self) -> None:
        """Shown again after the battle changed behind another tab."""
        self._refresh()

    def _on_panel_pending_changed(self, _pending: bool) -> None:
        pending = self._pending()
        self.hero_combo.setEnabled(not pending)
        self.hero_combo.setToolTip(
            _("Apply the dice thrown before choosing another hero")
            if pending
            else _("The hero's Might, Will, Fate and Wounds now")
        )

    def _on_hero_combo_current_index_changed(self, index: int) -> None:
        key = self.hero_combo.itemData(index)
        if isinstance(key, str):
            self.select_hero(key)
