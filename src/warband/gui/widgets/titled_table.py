"""A table model whose columns are titled by a class-level list and whose rows are a list it holds."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from warband.model.messages import _

ModelIndex = QModelIndex | QPersistentModelIndex
Row = TypeVar("Row")


class TitledTableModel(QAbstractTableModel, Generic[Row]):
    """Rows and header for the trackers' tables; a subclass fills `_rows` and answers `data`.

    `TITLES` holds, per column, its title and its tooltip, both untranslated (`N_`): they are translated when
    shown, so that the header speaks the language chosen at start.
    """

    TITLES: tuple[tuple[str, str], ...] = ()
    _rows: Sequence[Row]

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.TITLES)

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.TITLES):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return _(self.TITLES[section][0])
        if role == Qt.ItemDataRole.ToolTipRole:
            return _(self.TITLES[section][1])
        return None
