"""The bar on top of every game's Turn tracker: where the battle is (its phases, the current one marked), and the
moves every game shares, Back, Next and End battle, each enabled as the game's model says (`GameSystem.actions`).

The words are the game's own: the Next button says "Next step" in a power-dice battle and "Next round" in a
scene, as the action's label does. A game adds its own controls beside (`add`), such as Confrontation's Tactical
roll or the SBG's priority.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from warband.api import Action, system_of
from warband.gui.battle_document import BattleDocument
from warband.gui.widgets.appearance import follow_font, restyle
from warband.gui.widgets.flow_layout import FlowLayout
from warband.gui.widgets.plain_text import plain_label
from warband.model.messages import _, spoken_text

NEXT_KEYS = "F8"
BACK_KEYS = "Shift+F8"
STEP_STYLE = (
    'QLabel[step="true"] { padding: 2px 8px; border-radius: 3px; }'
    ' QLabel[step="true"][current="true"] { background: palette(highlight); color: palette(highlighted-text); }'
)
"""Set once on the bar; a step's `current` property switches it. The weight does not change, so neither does
the step's size: moving to the next phase repaints the steps, not the whole tab."""
SHARED = ("previous_phase", "next_phase", "end_battle")
TURN_SCALE = (1.6, 1.25, 8.0)
"""The turn's type: 1.6 times the font, at most 8 points more (a large preset needs the room), at least 1.25
times it."""


def _step(label: QLabel, *, first: bool, parent: QWidget) -> QWidget:
    """A phase with the mark before it ("› Movement"), kept together when the steps wrap onto a new line."""
    step = QWidget(parent)
    layout = QHBoxLayout(step)
    layout.setContentsMargins(8 if first else 0, 0, 0, 0)
    layout.setSpacing(2)
    if not first:
        layout.addWidget(QLabel("›", step))
    label.setParent(step)
    layout.addWidget(label)
    return step


class BattleBar(QWidget):
    """Always on top of the tracker: the turn and phase, Back (Shift+F8), Next (F8) and End battle."""

    shown = Signal()
    """The bar showed the battle anew (its steps named again from their text): a game that marks the steps its
    own way marks them again then."""

    def __init__(self, document: BattleDocument[Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("battleBar")
        self._document = document
        self._game = system_of(document.battle)
        self._actions: dict[str, Action] = {}
        self.turn_label = plain_label("turnLabel", self, wrap=True)
        follow_font(self, self._on_font_changed)
        self.setStyleSheet(STEP_STYLE)
        self.step_labels: dict[str, QLabel] = {}
        head = FlowLayout()
        """The turn, then the phases: on as many lines as the width needs (a large font, a long name)."""
        head.addWidget(self.turn_label)
        phases = self._game.phases(document.battle)
        for number, phase in enumerate(phases):
            label = plain_label(f"phaseStep_{phase.id}", self)
            label.setText(_(phase.name))
            label.setProperty("step", True)
            label.setProperty("current", False)
            self.step_labels[phase.id] = label
            head.addWidget(_step(label, first=not number, parent=self))
        offered = {action.kind for action in self._game.moves(document.battle)}
        self.back_button = self._button("previousPhaseButton", _("Back to the previous phase"), BACK_KEYS)
        self.back_button.setText(_("◀ Back"))
        self.back_button.setVisible("previous_phase" in offered)
        self.next_button = self._button("nextPhaseButton", _("On to the next phase"), NEXT_KEYS)
        self.next_button.setDefault(True)
        self.end_button = QPushButton(self)
        self.end_button.setObjectName("endBattleButton")
        self.over_label = plain_label("battleOverLabel", self)
        self.over_label.setText(_("(battle over)"))
        """On the second row, not after the turn: a long phase name in Russian keeps the bar within 1280 px."""
        self.extra = FlowLayout()
        """The game's own controls, on the bar's second row (on more lines where the width needs)."""
        head.add_trailing(self.back_button)
        head.add_trailing(self.next_button)
        bottom = QHBoxLayout()
        bottom.addLayout(self.extra, 1)
        bottom.addWidget(self.over_label, 0, Qt.AlignmentFlag.AlignTop)
        bottom.addWidget(self.end_button, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(head)
        layout.addLayout(bottom)
        self.back_button.clicked.connect(lambda: self._take("previous_phase"))
        self.next_button.clicked.connect(lambda: self._take("next_phase"))
        self.end_button.clicked.connect(lambda: self._take("end_battle"))
        self._shown: object = None
        document.changed.connect(self._on_document_changed)
        self._on_document_changed()

    def _on_font_changed(self) -> None:
        """The turn in a larger bold type, which follows a new font preset at once."""
        font = QFont(self.font())
        size = font.pointSizeF()
        font.setPointSizeF(max(size * TURN_SCALE[1], min(size * TURN_SCALE[0], size + TURN_SCALE[2])))
        font.setBold(True)
        self.turn_label.setFont(font)

    def add(self, widget: QWidget) -> None:
        """A control of the game's own, on the bar's second row."""
        self.extra.addWidget(widget)

    def _button(self, name: str, description: str, keys: str) -> QPushButton:
        """A button with a shortcut that works wherever the focus is in the window, while the tracker shows."""
        button = QPushButton(self)
        button.setObjectName(name)
        button.setAccessibleName(description)
        sequence = QKeySequence(keys)
        shortcut = QShortcut(sequence, self, context=Qt.ShortcutContext.WindowShortcut)
        shortcut.activated.connect(button.click)
        native = sequence.toString(QKeySequence.SequenceFormat.NativeText)
        button.setToolTip(f"{description} ({native})")
        return button

    def _take(self, kind: str) -> None:
        action = self._actions.get(kind)
        if action is not None:
            self._document.take(action)  # a refusal is told with its rule, as every action's is

    def _on_document_changed(self) -> None:
        """The moves are asked again after every action (they are cheap); the widgets change only when what they
        show did, which most actions (a flag, a call, a marker) leave alone."""
        battle = self._document.battle
        self._actions = {a.kind: a for a in self._game.moves(battle) if a.kind in SHARED}
        phases = self._game.phases(battle)
        shown = (
            battle.turn,
            bool(battle.ended),
            tuple((p.id, p.name, p.current) for p in phases),
            tuple((a.kind, a.label, a.refusal) for a in self._actions.values()),
        )
        if shown == self._shown:
            return
        self._shown = shown
        current = next((p for p in phases if p.current), None)
        named = _(current.name) if current else ""
        title = self._game.info.turn_title
        words = _(title).format(turn=battle.turn, phase=named) if battle.turn else named
        self.turn_label.setText(words)
        self.over_label.setVisible(bool(battle.ended))
        for phase in phases:
            label = self.step_labels.get(phase.id)
            if label is None:
                continue
            if label.property("current") != phase.current:
                label.setProperty("current", phase.current)
                restyle(label)
            label.setAccessibleName(
                _("{phase} (current)").format(phase=label.text()) if phase.current else label.text()
            )
        self._show(self.back_button, self._actions.get("previous_phase"))
        following = self._actions.get("next_phase")
        if following is not None or not self.next_button.text():  # none once over: it keeps the game's words
            self.next_button.setText(spoken_text(following.label) + " ▶" if following else _("Next phase ▶"))
        self._show(self.next_button, following)
        ending = self._actions.get("end_battle")
        self.end_button.setVisible(ending is not None)
        if ending is not None:
            resume = battle.ended
            self.end_button.setText(_("Resume battle") if resume else _("End battle"))
            self.end_button.setToolTip(
                _("The battle is over; resume it to play on")
                if resume
                else _("End the battle and show the summary")
            )
            self.end_button.setEnabled(ending.allowed)
        self.shown.emit()

    @staticmethod
    def _show(button: QPushButton, action: Action | None) -> None:
        button.setEnabled(action is not None and action.allowed)
        refusal = action.refusal if action is not None else None
        button.setStatusTip(refusal.sentence if refusal is not None else "")  # why it is greyed, if it is
