"""The two panels beside the casting: its exact chance with the chart of every total (PD-08), and the outcome
of the last casting in large type, with what the document refused."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QGroupBox, QLabel, QVBoxLayout, QWidget

from warband.gui.systems.powerdice import resolver_view as view
from warband.gui.widgets.dice_entry import error_colour
from warband.gui.widgets.odds_chart import BarKind, OddsChartWidget, bar_colours
from warband.model.messages import _
from warband.model.systems.powerdice.battle_rules import CastingOdds, CastOutcome


def _label(parent: QWidget, name: str) -> QLabel:
    label = QLabel(parent)
    label.setObjectName(name)
    label.setTextFormat(Qt.TextFormat.PlainText)  # unit labels and targets are the player's own text
    label.setWordWrap(True)
    return label


class CastOddsPanel(QGroupBox):
    """ "5/12 — 41.7%" in large type, "2 dice against difficulty 8", and the chart of every total."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Chance of success"), parent)
        self.setObjectName("oddsPanel")
        self.odds_label = _label(self, "oddsLabel")
        self.odds_label.setAccessibleName(_("Chance of success"))
        self._plain_font = self.odds_label.font()
        self._big_font = self.odds_label.font()
        self._big_font.setBold(True)
        if self._big_font.pointSizeF() > 0:
            self._big_font.setPointSizeF(self._big_font.pointSizeF() * 1.5)
        self.odds_detail = _label(self, "oddsDetail")
        self.chart = OddsChartWidget(self, x_title=_("Total"), summary=False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.odds_label)
        layout.addWidget(self.odds_detail)
        layout.addWidget(self.chart, 1)
        self._big: bool | None = None
        self.clear()

    def clear(self, text: str = "") -> None:
        """No casting to show the odds of, and why."""
        self._say(text or _("Choose a caster, a spell and at least one die to see the odds."), big=False)
        self.odds_detail.clear()
        self.chart.clear()

    def show_casting(self, odds: CastingOdds) -> None:
        """The exact chance the rules give, and the totals of the dice with those reaching the difficulty."""
        self._say(view.odds_text(odds.chance), big=True)
        self.odds_detail.setText(view.odds_detail(odds.dice, odds.difficulty))
        bars = view.total_bars(odds)
        self.chart.set_distribution(bars.buckets, bars.success_from)

    def _say(self, text: str, *, big: bool) -> None:
        if big != self._big:  # a font change relays the panel out: only when it changes
            self._big = big
            self.odds_label.setFont(self._big_font if big else self._plain_font)
        self.odds_label.setText(text)


class CastOutcomePanel(QGroupBox):
    """ "Success: 4 + 5 + 2 = 11 against 8", who cast what, and a refusal when there was one."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Outcome"), parent)
        self.setObjectName("outcomePanel")
        self.outcome_label = _label(self, "outcomeLabel")
        self.outcome_label.setAccessibleName(_("Outcome of the last casting"))
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
        self.message_label.hide()
        layout = QVBoxLayout(self)
        layout.addWidget(self.outcome_label)
        layout.addWidget(self.outcome_detail)
        layout.addWidget(self.message_label)
        self.show_outcome(None)

    def show_outcome(
        self, outcome: CastOutcome | None, target: str = "", *, typed: bool = False, undone: bool = False
    ) -> None:
        """The last casting's outcome (None: none yet); `undone` when undo took it back (AR-05)."""
        palette = self.outcome_label.palette()
        if outcome is None:
            self.outcome_label.setText(_("No casting yet."))
            self.outcome_detail.clear()
            colour = self.palette().color(QPalette.ColorRole.WindowText)
        else:
            self.outcome_label.setText(view.outcome_text(outcome))
            self.outcome_detail.setText(view.outcome_detail(outcome, target, typed=typed, undone=undone))
            colour = bar_colours(palette)[BarKind.SUCCESS if outcome.success else BarKind.SURE_FAILURE]
            if undone:  # greyed: it no longer stands
                colour = palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText)
        if palette.color(self.outcome_label.foregroundRole()) != colour:
            palette.setColor(self.outcome_label.foregroundRole(), colour)
            self.outcome_label.setPalette(palette)

    def show_message(self, text: str) -> None:
        """A refusal of the last action, or nothing."""
        self.message_label.setText(text)
        self.message_label.setVisible(bool(text))
