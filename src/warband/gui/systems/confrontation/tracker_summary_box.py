"""The end-of-battle summary: per side, models and A.P. lost, miracles called and how many succeeded."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QGroupBox, QLabel, QWidget

from warband.gui.systems.confrontation.battle_document import BattleDocument
from warband.gui.widgets.appearance import side_colour
from warband.model.messages import _
from warband.model.systems.confrontation.battle_summary import SideSummary, summary

COLUMNS = ("player", "models", "points", "calls", "rate")


def summary_texts(side: SideSummary) -> dict[str, str]:
    """What the box shows for one side, by column."""
    rate = side.success_rate
    return {
        "player": side.player,
        "models": _("{lost} / {total} models lost").format(lost=side.lost, total=side.models),
        "points": _("{lost} / {total} A.P. lost").format(lost=side.points_lost, total=side.points),
        "calls": _("Miracles: {calls} called, {successes} succeeded").format(
            calls=side.calls, successes=side.successes
        ),
        "rate": _("{percent} % success").format(percent=round(rate * 100)) if rate is not None else _("no call"),
    }


class SummaryBox(QGroupBox):
    """Shown once the battle is over (`battle.ended`), hidden while it goes on."""

    def __init__(self, document: BattleDocument, parent: QWidget | None = None) -> None:
        super().__init__(_("End of battle"), parent)
        self.setObjectName("summaryBox")
        self._document = document
        self.labels: list[dict[str, QLabel]] = []
        grid = QGridLayout(self)
        grid.setHorizontalSpacing(24)
        for side in range(2):
            row: dict[str, QLabel] = {}
            for column, name in enumerate(COLUMNS):
                label = QLabel(self)
                label.setObjectName(f"summary_{side}_{name}")
                label.setTextFormat(Qt.TextFormat.PlainText)
                if name == "player":
                    font = label.font()
                    font.setBold(True)
                    label.setFont(font)
                    label.setStyleSheet(f"color: {side_colour(side).name()};")
                grid.addWidget(label, side, column)
                row[name] = label
            self.labels.append(row)
        grid.setColumnStretch(len(COLUMNS), 1)
        document.changed.connect(self._on_document_changed)
        document.log_changed.connect(self._on_document_changed)
        self._on_document_changed()

    def _on_document_changed(self) -> None:
        battle = self._document.battle
        if self.parentWidget() is not None:  # never shown as a window of its own
            self.setVisible(battle.ended)
        if not battle.ended:
            return
        for labels, side in zip(self.labels, summary(battle, self._document.run.log), strict=True):
            for name, text in summary_texts(side).items():
                labels[name].setText(text)
