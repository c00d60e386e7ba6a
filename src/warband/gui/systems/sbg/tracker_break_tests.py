"""The Courage tests due in the Turn tracker (SB-07): once a force is broken, from the next turn, a button for each
unit whose models are still to test as they move ("Spearmen (Aline): 3 to test", which opens its test in the
resolver), and "Stand fast!" for each hero who passed its own test and may call it. Hidden while nothing is due.

It reads `break_tests` only, and rebuilds its buttons only when what it reads changed.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QPushButton, QVBoxLayout, QWidget

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.systems.sbg.resolver_break import break_part, due_title
from warband.gui.widgets.flow_layout import FlowLayout
from warband.gui.widgets.layout_rows import clear_layout
from warband.gui.widgets.plain_text import plain_label
from warband.model.messages import _, spoken_text
from warband.model.systems.sbg import break_tests, casualties
from warband.model.systems.sbg.battle_state import SbgBattle
from warband.model.systems.sbg.casualty_commands import StandFast


def callers(battle: SbgBattle) -> list[casualties.UnitInPlay]:
    """The heroes who may call Stand fast! now: they passed their own test this turn and have not called it."""
    return [
        unit
        for unit in casualties.units(battle)
        if unit.hero is not None and break_tests.stand_fast_refusal(battle, unit.key) is None
    ]


def called_text(battle: SbgBattle) -> str:
    """ "Stand fast! called by Captain (Aline): models within 6"/14 cm pass this turn" for each side that did."""
    lines = []
    for side in (0, 1):
        heroes = casualties.break_point(battle, side).stand_fast
        if heroes:
            names = ", ".join(spoken_text(casualties.unit_in_play(battle, key).label) for key in heroes)
            lines.append(
                _('Stand fast! called by {heroes} ({player}): models within 6"/14 cm pass this turn').format(
                    heroes=names, player=battle.sides[side].player
                )
            )
    return "\n".join(lines)


class BreakTestsStrip(QWidget):
    """The tests due and the heroes who may call Stand fast!, as buttons that wrap where the width runs out."""

    test_requested = Signal(str)
    """Open this unit's test in the resolver (its key)."""

    def __init__(self, document: BattleDocument[SbgBattle], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("breakTestsStrip")
        self._document = document
        self._shown: tuple[object, ...] | None = None
        self.title = plain_label("breakTestsTitle", self, wrap=True)
        self.called_label = plain_label("standFastCalled", self, wrap=True)
        self.buttons_box = QWidget(self)
        self._flow = FlowLayout(self.buttons_box)
        self._flow.setContentsMargins(0, 0, 0, 0)
        self.test_buttons: dict[str, QPushButton] = {}
        self.stand_fast_buttons: dict[str, QPushButton] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.title)
        layout.addWidget(self.buttons_box)
        layout.addWidget(self.called_label)
        self._show()
        document.changed.connect(self._on_document_changed)

    def texts(self) -> list[str]:
        """The buttons' texts, tests first."""
        return [b.text() for b in (*self.test_buttons.values(), *self.stand_fast_buttons.values())]

    def _show(self) -> None:
        battle = self._document.battle
        due = break_tests.tests_due(battle)
        heroes = callers(battle)
        called = called_text(battle)
        shown = (tuple(due), tuple(h.key for h in heroes), called, battle.ended)
        if shown == self._shown:
            return
        self._shown = shown
        clear_layout(self._flow)
        self.test_buttons.clear()
        self.stand_fast_buttons.clear()
        for each in due:
            button = QPushButton(due_title(battle, each), self.buttons_box)
            button.setObjectName("breakTestButton")
            button.setToolTip(_("Roll this unit's Courage tests in the resolver"))
            button.clicked.connect(lambda _checked=False, key=each.key: self.test_requested.emit(key))
            self._flow.addWidget(button)
            self.test_buttons[each.key] = button
        for hero in heroes:
            button = QPushButton(_("Stand fast! — {hero}").format(hero=spoken_text(hero.label)), self.buttons_box)
            button.setObjectName("standFastButton")
            button.setToolTip(_('The hero passed its Courage test: models of its side within 6"/14 cm pass'))
            button.clicked.connect(lambda _checked=False, key=hero.key: self._on_stand_fast_clicked(key))
            self._flow.addWidget(button)
            self.stand_fast_buttons[hero.key] = button
        if due:
            self.title.setText(_("Courage tests due as the models move (SB-07): two dice + Courage, 10 or more"))
        elif heroes:
            self.title.setText(_("Every model has tested Courage this turn (SB-07)"))
        else:
            self.title.setText("")
        self.called_label.setText(called)
        self.called_label.setVisible(bool(called))
        self.setVisible(not battle.ended and bool(due or heroes or called))

    def _on_stand_fast_clicked(self, key: str) -> None:
        side = casualties.unit_in_play(self._document.battle, key).side
        self._document.act(StandFast(key=key), side=side)

    def _on_document_changed(self, change: Change[SbgBattle]) -> None:
        if change.touched(break_part) or change.before.ended != change.after.ended:
            self._show()
