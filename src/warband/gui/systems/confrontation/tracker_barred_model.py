"""The Faithful who may not call a miracle now (CF-10, CF-11, CF-16 …), as a table beside the Divination order."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, Qt

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.systems.confrontation.divination_order import order_inputs, order_of
from warband.gui.systems.confrontation.tracker_divination_models import KEY_ROLE, ModelIndex
from warband.gui.widgets.appearance import side_colour
from warband.gui.widgets.plain_text import plain_tooltip
from warband.gui.widgets.tracker_rows import follow_rows, runs
from warband.model.army import Problem
from warband.model.messages import _, spoken_text
from warband.model.systems.confrontation.battle_rules import Barred
from warband.model.systems.confrontation.battle_state import ConfrontationBattle


class BarredTableModel(QAbstractTableModel):
    """The Faithful who may not call a miracle now, one row per reason, each with its rule."""

    SIDE, FAITHFUL, REASON = range(3)

    def __init__(self, document: BattleDocument[ConfrontationBattle], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._rows = _barred_rows(order_of(document.battle).barred)
        self._players = document.battle.sides
        document.changed.connect(self._on_document_changed)

    def key(self, row: int) -> str:
        return self._rows[row][1].key

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else 3

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        return (_("Side"), _("Faithful"), _("Why not"))[section] if 0 <= section < 3 else None

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        _key, barred, problem = self._rows[index.row()]
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            if column == self.SIDE:
                text = self._document.battle.sides[barred.side].player
            elif column == self.FAITHFUL:
                text = spoken_text(barred.label)
            else:
                text = f"{problem.rule}: {problem.sentence}"
            return text if role == Qt.ItemDataRole.DisplayRole else plain_tooltip(text)
        if role == KEY_ROLE:
            return barred.key
        if role == Qt.ItemDataRole.DecorationRole and column == self.SIDE:
            return side_colour(barred.side)
        return None

    def _on_document_changed(self, change: Change[ConfrontationBattle]) -> None:
        """Who may not call and why, from the order, with the players' names (in `sides`): a Faithful barred or
        no longer barred is a row inserted or removed (`follow_rows`), and only the rows that changed repaint."""
        if not change.touched(order_inputs):
            return
        battle = self._document.battle
        rows = _barred_rows(order_of(battle).barred)
        renamed = battle.sides != self._players
        self._players = battle.sides
        if rows == self._rows and not renamed:
            return
        before = {row[0]: row for row in self._rows}
        follow_rows(self, self._rows, rows, _row_key)
        self._rows[:] = rows
        changed = [n for n, row in enumerate(rows) if row[0] in before and (renamed or before[row[0]] != row)]
        for first, last in runs(changed):
            self.dataChanged.emit(self.index(first, 0), self.index(last, self.REASON))


BarredRow = tuple[tuple[str, int], Barred, Problem]
"""A row's key (its Faithful's, and which of its reasons it says), the Faithful and the reason."""


def _row_key(row: BarredRow) -> tuple[str, int]:
    return row[0]


def _barred_rows(barred: Sequence[Barred]) -> list[BarredRow]:
    return [((b.key, number), b, p) for b in barred for number, p in enumerate(b.problems)]
