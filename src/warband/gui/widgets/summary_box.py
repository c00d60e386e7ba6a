"""The end of the battle, for every game: each side's account as its model gives it (`GameSystem.summary`), shown
once the battle is over and hidden while it goes on."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QGroupBox, QLabel, QWidget

from warband.api import system_of
from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.widgets.appearance import side_colour
from warband.model.messages import _, spoken_text


class SummaryBox(QGroupBox):
    """One column a side: the player in the side's colour, then the sentences of its account one under another,
    so that a long account (a party of many characters) grows down, not wider than the window."""

    def __init__(self, document: BattleDocument[Any], parent: QWidget | None = None) -> None:
        super().__init__(_("End of battle"), parent)
        self.setObjectName("summaryBox")
        self._document = document
        self._game = system_of(document.battle)
        self._grid = QGridLayout(self)
        self._grid.setHorizontalSpacing(24)
        self.labels: list[list[QLabel]] = []
        document.changed.connect(self._on_battle_changed)
        document.log_changed.connect(self._on_document_changed)
        self._on_document_changed()

    def _label(self, row: int, column: int, name: str) -> QLabel:
        label = QLabel(self)
        label.setObjectName(name)
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setWordWrap(True)
        self._grid.addWidget(label, row, column, Qt.AlignmentFlag.AlignTop)
        return label

    def texts(self) -> list[list[str]]:
        """What the box shows, side by side: the player, then the account's sentences."""
        return [[label.text() for label in row] for row in self.labels]

    def _on_battle_changed(self, change: Change[Any]) -> None:
        """While the battle goes on the box stays hidden: nothing to work out."""
        if change.before.ended or change.after.ended:
            self._on_document_changed()

    def _on_document_changed(self) -> None:
        battle = self._document.battle
        self.setVisible(bool(battle.ended))
        if not battle.ended:
            return
        summary = self._game.summary(battle, self._document.run.log)
        for side, account in enumerate(summary.sides):
            if side >= len(self.labels):
                player = self._label(0, side, f"summary_{side}_player")
                font = player.font()
                font.setBold(True)
                player.setFont(font)
                player.setStyleSheet(f"color: {side_colour(side).name()};")
                self.labels.append([player])
            column = self.labels[side]
            while len(column) <= len(account.lines):
                column.append(self._label(len(column), side, f"summary_{side}_{len(column)}"))
            column[0].setText(account.player)
            for row, line in enumerate(account.lines, start=1):
                column[row].setText(spoken_text(line))
            self._grid.setColumnStretch(side, 1)
