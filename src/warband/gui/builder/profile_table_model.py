"""The catalogs' profiles as a read-only table, and the proxy that filters and sorts it for the catalog browser."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import Qt as QtGuiNamespace

from warband.model.catalog import Catalogs
from warband.model.messages import N_, _
from warband.model.names import display_name
from warband.model.systems.confrontation.rules import index as confrontation_index
from warband.model.systems.confrontation.schema import ASPECTS, Cult, Profile

SORT_ROLE = Qt.ItemDataRole.UserRole
"""Numbers for Discipline and Cost (none is -1), folded text for the other columns."""
PROFILE_ID_ROLE = Qt.ItemDataRole.UserRole + 1
"""The profile's catalog id, in every column."""

KindFilter = Literal["all", "faithful", "other"]
ModelIndex = QModelIndex | QPersistentModelIndex

NONE_MARK = "—"
RANK_NAMES: dict[str, str] = {"devotee": N_("Devotee"), "zealot": N_("Zealot"), "dean": N_("Dean")}
ASPECT_NAMES: dict[str, str] = {
    "creation": N_("Creation"),
    "alteration": N_("Alteration"),
    "destruction": N_("Destruction"),
}


def fold(text: str) -> str:
    """Text compared without case or accents, so that "pretresse" finds "Prêtresse"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _plain_tooltip(text: str) -> str:
    """Catalog text may come from a player's file: a tooltip that looks like HTML is escaped, not rendered."""
    if QtGuiNamespace.mightBeRichText(text):
        return QtGuiNamespace.convertFromPlainText(text, QtGuiNamespace.WhiteSpaceMode.WhiteSpaceNormal)
    return text


def _all_names(name: str | dict[str, str]) -> list[str]:
    return [name] if isinstance(name, str) else list(name.values())


@dataclass(frozen=True)
class ProfileRow:
    """One profile as the table shows it, worked out once per catalog load."""

    id: str
    name: str
    people: str
    cult_id: str | None
    cult_name: str
    faithful: bool
    kind: str
    discipline: int | None
    cost: int
    tooltip: str | None
    haystack: str
    """Every name of the profile and of its cult, and its people, folded: what the free-text filter searches."""


class ProfileTableModel(QAbstractTableModel):
    """Adapts the catalogs' profiles to a table; it only reads, adding a unit is the browser's business."""

    NAME, PEOPLE, CULT, KIND, DISCIPLINE, COST = range(6)

    def __init__(
        self, catalogs: Catalogs, languages: Sequence[str] = ("en",), parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._languages = tuple(languages)
        self._rows: list[ProfileRow] = self._build_rows(catalogs)

    # --- reading -------------------------------------------------------------------------------------------
    def profile_row(self, row: int) -> ProfileRow:
        return self._rows[row]

    def row_of(self, profile_id: str) -> int:
        """The row of a profile, or -1 when the catalogs do not hold it."""
        return next((r for r, p in enumerate(self._rows) if p.id == profile_id), -1)

    def profile_name(self, profile_id: str) -> str:
        row = self.row_of(profile_id)
        return self._rows[row].name if row >= 0 else profile_id

    def peoples(self) -> list[str]:
        """Every people that has a profile, in alphabetical order."""
        return sorted({r.people for r in self._rows}, key=fold)

    def cults(self) -> list[tuple[str, str]]:
        """(id, name) of every cult that has a Faithful profile, in alphabetical order of name."""
        found = {r.cult_id: r.cult_name for r in self._rows if r.cult_id is not None}
        return sorted(found.items(), key=lambda item: (fold(item[1]), item[0]))

    # --- changing ------------------------------------------------------------------------------------------
    def set_catalogs(self, catalogs: Catalogs) -> None:
        self.beginResetModel()
        self._rows = self._build_rows(catalogs)
        self.endResetModel()

    def _build_rows(self, catalogs: Catalogs) -> list[ProfileRow]:
        idx = confrontation_index(catalogs)
        return [self._build_row(p, idx.cults) for p in idx.profiles.values()]

    def _build_row(self, profile: Profile, cults: dict[str, Cult]) -> ProfileRow:
        name = display_name(profile.name, self._languages)
        words = [*_all_names(profile.name), profile.people]
        faithful = profile.faithful
        cult_id: str | None = None
        cult_name = ""
        tooltip: str | None = None
        kind = NONE_MARK
        if faithful is not None:
            cult_id = faithful.cult
            cult = cults.get(cult_id)  # a merged catalog never dangles; the id is the fallback all the same
            cult_name = cult_id if cult is None else display_name(cult.name, self._languages)
            words += [cult_id] if cult is None else _all_names(cult.name)
            kind = _("Warrior-monk") if faithful.warrior_monk else _("Faithful")
            aspects = ", ".join(f"{_(ASPECT_NAMES[a])} {faithful.aspects.level(a)}" for a in ASPECTS)
            rank = _("{rank} of {cult} / {faith}").format(
                rank=_(RANK_NAMES[faithful.rank]), cult=cult_name, faith=faithful.faith
            )
            tooltip = _plain_tooltip(f"{rank} — {aspects}")
        return ProfileRow(
            id=profile.id,
            name=name,
            people=profile.people,
            cult_id=cult_id,
            cult_name=cult_name,
            faithful=faithful is not None,
            kind=kind,
            discipline=profile.discipline,
            cost=profile.cost,
            tooltip=tooltip,
            haystack=fold("\n".join(words)),
        )

    # --- shape ---------------------------------------------------------------------------------------------
    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else 6

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < 6:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            titles = (_("Name"), _("People"), _("Cult"), _("Kind"), _("Discipline"), _("Cost (A.P.)"))
            return titles[section]
        if role == Qt.ItemDataRole.ToolTipRole and section == self.COST:
            return _("Cost in Army Points")
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
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, column)
        if role == SORT_ROLE:
            if column == self.DISCIPLINE:
                return -1 if row.discipline is None else row.discipline
            if column == self.COST:
                return row.cost
            return fold(self._text(row, column))
        if role == PROFILE_ID_ROLE:
            return row.id
        if role == Qt.ItemDataRole.ToolTipRole and column == self.NAME:
            return row.tooltip
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (self.DISCIPLINE, self.COST):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _text(self, row: ProfileRow, column: int) -> str:
        if column == self.NAME:
            return row.name
        if column == self.PEOPLE:
            return row.people
        if column == self.CULT:
            return row.cult_name
        if column == self.KIND:
            return row.kind
        if column == self.DISCIPLINE:
            return NONE_MARK if row.discipline is None else str(row.discipline)
        return str(row.cost)


class ProfileFilterProxyModel(QSortFilterProxyModel):
    """Shows the profiles that match the browser's filters, sorted by the sort role (so costs sort as numbers)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._terms: tuple[str, ...] = ()
        self._people: str | None = None
        self._cult: str | None = None
        self._kind: KindFilter = "all"
        self.setSortRole(SORT_ROLE)
        self.setSortLocaleAware(True)

    def set_text(self, text: str) -> None:
        """Keep the profiles whose names, people or cult hold every word of `text` (case and accents ignored)."""
        terms = tuple(fold(text).split())
        if terms != self._terms:
            self.beginFilterChange()
            self._terms = terms
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_people(self, people: str | None) -> None:
        if people != self._people:
            self.beginFilterChange()
            self._people = people
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_cult(self, cult_id: str | None) -> None:
        if cult_id != self._cult:
            self.beginFilterChange()
            self._cult = cult_id
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_kind(self, kind: KindFilter) -> None:
        if kind != self._kind:
            self.beginFilterChange()
            self._kind = kind
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: ModelIndex) -> bool:  # noqa: N802
        model = self.sourceModel()
        if not isinstance(model, ProfileTableModel) or source_parent.isValid():
            return True
        row = model.profile_row(source_row)
        if self._people is not None and row.people != self._people:
            return False
        if self._cult is not None and row.cult_id != self._cult:
            return False
        if self._kind != "all" and row.faithful != (self._kind == "faithful"):
            return False
        return all(term in row.haystack for term in self._terms)
