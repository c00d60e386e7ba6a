"""The outcome of the last call, in large type, kept until the next one; and what the document refused."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QGroupBox, QLabel, QVBoxLayout, QWidget

from warband.gui.systems.confrontation import resolver_divination_view as view
from warband.gui.widgets.dice_entry import error_colour
from warband.gui.widgets.odds_chart import BarKind, bar_colours
from warband.model.messages import _
from warband.model.systems.confrontation.battle_calls import Outcome


def _label(parent: QWidget, name: str) -> QLabel:
    label = QLabel(parent)
    label.setObjectName(name)
    label.setTextFormat(Qt.TextFormat.PlainText)  # unit labels are the player's own text
    label.setWordWrap(True)
    return label


class OutcomePanel(QGroupBox):
    """ "Success: 6 + 3 + 2 = 11 against 9", who called what, and a refusal when there was one."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Outcome"), parent)
        self.setObjectName("outcomePanel")
        self.outcome_label = _label(self, "outcomeLabel")
        self.outcome_label.setAccessibleName(_("Outcome of the last call"))
        font = self.outcome_label.font()
        font.setBold(True)
        if font.pointSizeF() > 0:
            font.setPointSizeF(font.pointSizeF() * 1.8)
        self.outcome_label.setFont(font)
        self.outcome_detail = _label(self, "outcomeDetail")
        self.message_label = _label(self, "resolverMessage")
        palette = self.message_label.palette()
        palette.setColor(self.message_label.foregroundRole(), error_colour(palette))
        self.message_label.setPalette(palette)
        layout = QVBoxLayout(self)
        layout.addWidget(self.outcome_label)
        layout.addWidget(self.outcome_detail)
        layout.addWidget(self.message_label)
        self.show_outcome(None)

    def show_outcome(self, outcome: Outcome | None, *, typed: bool = False, undone: bool = False) -> None:
        """The last call's outcome (None: no call yet); `undone` when undo took it back (AR-05)."""
        if outcome is None:
            self.outcome_label.setText(_("No call yet."))
            self.outcome_detail.clear()
            return
        self.outcome_label.setText(view.outcome_text(outcome))
        self.outcome_detail.setText(view.outcome_detail(outcome, typed, undone=undone))
        palette = self.outcome_label.palette()
        kind = BarKind.SUCCESS if outcome.success else BarKind.SURE_FAILURE
        colour = bar_colours(palette)[kind]
        if undone:  # greyed: it no longer stands
            colour = palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText)
        palette.setColor(self.outcome_label.foregroundRole(), colour)
        self.outcome_label.setPalette(palette)

    def show_message(self, text: str) -> None:
        """A refusal of the last action, or nothing."""
        self.message_label.setText(text)
