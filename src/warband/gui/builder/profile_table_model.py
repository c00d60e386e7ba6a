"""The catalogs' profiles as a read-only table, and the proxy that filters and sorts it for the catalog browser.

Both are generic: the system's `ProfileDescription` says what the rows, columns and filters are.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from warband.gui.builder.profile_description import ProfileDescription, ProfileRow, fold
from warband.gui.widgets.plain_text import plain_tooltip
from warband.model.catalog import Catalogs
from warband.model.names import spoken

SORT_ROLE = Qt.ItemDataRole.UserRole
"""Numbers for numeric columns (none is -1), folded text for the others."""
PROFILE_ID_ROLE = Qt.ItemDataRole.UserRole + 1
"""The profile's catalog id, in every column."""

ModelIndex = QModelIndex | QPersistentModelIndex


class ProfileTableModel(QAbstractTableModel):
    """Adapts the catalogs' profiles to a table; it only reads, adding a unit is the browser's business."""

    NAME = 0

    def __init__(
        self,
        catalogs: Catalogs,
        languages: Sequence[str] | None = None,
        parent: QObject | None = None,
        *,
        description: ProfileDescription[Any] | None = None,
    ) -> None:
        super().__init__(parent)
        if description is None:  # the catalogs' system says how to show them
            from warband.gui.systems.registry import builder_panels

            description = builder_panels(catalogs.system).profiles
        self.description: ProfileDescription[Any] = description
        self._languages = spoken(languages)
        self._rows: list[ProfileRow[Any]] = []
        self._haystacks: list[str] = []
        self._sort_keys: dict[int, list[object]] = {}
        """Each sorted column's keys, by row (the rows' order), until the rows are built again."""
        self._build_rows(catalogs)

    # --- reading -------------------------------------------------------------------------------------------
    @property
    def cost_column(self) -> int:
        return len(self.description.columns) - 1

    @property
    def rows(self) -> Sequence[ProfileRow[Any]]:
        return self._rows

    def profile_row(self, row: int) -> ProfileRow[Any]:
        return self._rows[row]

    def haystack(self, row: int) -> str:
        """The row's words, folded: what the free-text filter searches."""
        return self._haystacks[row]

    def row_of(self, profile_id: str) -> int:
        """The row of a profile, or -1 when the catalogs do not hold it."""
        return next((r for r, p in enumerate(self._rows) if p.id == profile_id), -1)

    def profile_name(self, profile_id: str) -> str:
        row = self.row_of(profile_id)
        return self._rows[row].name if row >= 0 else profile_id

    def accepts(self, row: int, name: str, value: object) -> bool:
        """Whether a row passes the description's filter `name` set to `value` (None: every row does)."""
        if value is None:
            return True
        found = next((f for f in self.description.filters if f.name == name), None)
        return found is None or found.accepts(self._rows[row], value)

    # --- changing ------------------------------------------------------------------------------------------
    def set_catalogs(self, catalogs: Catalogs) -> None:
        self.beginResetModel()
        self._build_rows(catalogs)
        self.endResetModel()

    def _build_rows(self, catalogs: Catalogs) -> None:
        self._rows = self.description.rows(catalogs, self._languages)
        self._haystacks = [fold("\n".join(row.words)) for row in self._rows]
        self._sort_keys = {}

    def _sort_key(self, row: int, column: int) -> object:
        """The row's sort key in a column, worked out for the whole column the first time it is sorted (a sort
        asks for two keys at each of its comparisons, and folding a text each time was most of its cost)."""
        keys = self._sort_keys.get(column)
        if keys is None:
            spec = self.description.columns[column]
            if spec.sort_key is None:
                keys = [fold(spec.text(profile)) for profile in self._rows]
            else:
                keys = [spec.sort_key(profile) for profile in self._rows]
            self._sort_keys[column] = keys
        return keys[row]

    # --- shape ---------------------------------------------------------------------------------------------
    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.description.columns)

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        columns = self.description.columns
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(columns):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return columns[section].title
        if role == Qt.ItemDataRole.ToolTipRole:
            return columns[section].tooltip
        return None

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren

    # --- data ----------------------------------------------------------------------------------------------
    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        column = self.description.columns[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.text(row)
        if role == SORT_ROLE:
            return self._sort_key(index.row(), index.column())
        if role == PROFILE_ID_ROLE:
            return row.id
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == self.NAME:
            return plain_tooltip(row.tooltip)  # catalog text may come from a player's file
        if role == Qt.ItemDataRole.TextAlignmentRole and column.numeric:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class ProfileFilterProxyModel(QSortFilterProxyModel):
    """Shows the profiles that match the browser's filters, sorted by the sort role (so costs sort as numbers)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._terms: tuple[str, ...] = ()
        self._values: dict[str, object] = {}
        self.setSortRole(SORT_ROLE)
        self.setSortLocaleAware(True)

    def filter_value(self, name: str) -> object:
        return self._values.get(name)

    def set_text(self, text: str) -> None:
        """Keep the profiles whose words hold every word of `text` (case and accents ignored)."""
        terms = tuple(fold(text).split())
        if terms != self._terms:
            self.beginFilterChange()
            self._terms = terms
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_filter(self, name: str, value: object) -> None:
        """Set one of the description's filters (by name) to a value of its choices; None filters nothing."""
        if value != self._values.get(name):
            self.beginFilterChange()
            self._values[name] = value
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: ModelIndex) -> bool:  # noqa: N802
        model = self.sourceModel()
        if not isinstance(model, ProfileTableModel) or source_parent.isValid():
            return True
        if not all(model.accepts(source_row, name, value) for name, value in self._values.items()):
            return False
        haystack = model.haystack(source_row)
        return all(term in haystack for term in self._terms)
