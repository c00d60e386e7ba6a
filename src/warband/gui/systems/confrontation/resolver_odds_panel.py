"""The chance of success of the call being prepared: exact fraction and percentage, and the chart of totals."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGroupBox, QLabel, QVBoxLayout, QWidget

from warband.gui.systems.confrontation import resolver_divination_view as view
from warband.gui.widgets.odds_chart import OddsChartWidget
from warband.model.messages import _
from warband.model.systems.confrontation.battle_state import ConfrontationBattle


class OddsPanel(QGroupBox):
    """ "7/12 — 58.3%" in large type over the chart of every total, the totals that succeed marked."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Chance of success"), parent)
        self.setObjectName("oddsPanel")
        self.odds_label = QLabel(self)
        self.odds_label.setObjectName("oddsLabel")
        self.odds_label.setTextFormat(Qt.TextFormat.PlainText)
        self.odds_label.setWordWrap(True)
        self.odds_label.setAccessibleName(_("Chance of success"))
        self._plain_font = self.odds_label.font()
        self._big_font = self.odds_label.font()
        self._big_font.setBold(True)
        if self._big_font.pointSizeF() > 0:
            self._big_font.setPointSizeF(self._big_font.pointSizeF() * 1.5)
        self.chart = OddsChartWidget(self, x_title=_("Total"), summary=False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.odds_label)
        layout.addWidget(self.chart, 1)
        self.clear()

    def clear(self) -> None:
        """No call to show."""
        self._say(_("Choose a Faithful and a miracle to see the odds."), big=False)
        self.chart.clear()

    def show_unavailable(self, reason: str) -> None:
        """No odds can be given for this call: why, and no chart."""
        self._say(reason, big=False)
        self.chart.clear()

    def show_call(self, battle: ConfrontationBattle, fervour: int, difficulty: int | None) -> None:
        """The odds of 1D6 + fervour against the difficulty (None: not entered yet) with the battle's options."""
        if difficulty is None:
            self._say(_("Enter the difficulty to see the chance of success."), big=False)
        else:
            self._say(view.odds_text(view.success_chance(battle, fervour, difficulty)), big=True)
        bars = view.divination_bars(battle, fervour, difficulty)
        self.chart.set_distribution(bars.buckets, bars.success_from, bars.sure_failures)

    def _say(self, text: str, *, big: bool) -> None:
        self.odds_label.setFont(self._big_font if big else self._plain_font)
        self.odds_label.setText(text)
