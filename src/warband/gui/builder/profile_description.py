"""What a system tells the catalog browser about its profiles: the rows, the columns, the filters.

The browser, its table model and its proxy are generic; each system describes its own profiles with these values
(see `warband.gui.systems.registry`), so shared code never asks which system it shows.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from warband.model.messages import _
from warband.model.names import display_name

if TYPE_CHECKING:
    from warband.model.catalog import Catalogs

D = TypeVar("D")

NONE_MARK = "—"
"""Shown for a value a profile does not have (no Discipline, not a caster)."""


def fold(text: str) -> str:
    """Text compared without case or accents, so that "pretresse" finds "Prêtresse"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def all_names(name: str | dict[str, str]) -> list[str]:
    """Every language's name of an entry: the free-text filter finds a profile by any of them."""
    return [name] if isinstance(name, str) else list(name.values())


@dataclass(frozen=True)
class ProfileRow(Generic[D]):
    """One profile as the browser shows it, worked out once per catalog load."""

    id: str
    name: str
    cost: int
    words: tuple[str, ...]
    """What the free-text filter searches: the names in every language and the system's own words."""
    tooltip: str | None
    """Plain text (it may come from a player's catalog); the table escapes it."""
    details: D
    """What the system's columns and filters read."""


@dataclass(frozen=True)
class ProfileColumn(Generic[D]):
    """A column of the profile table."""

    title: str
    text: Callable[[ProfileRow[D]], str]
    sort_key: Callable[[ProfileRow[D]], int | str] | None = None
    """None: the column sorts by its folded text."""
    tooltip: str | None = None
    """The header's tooltip."""
    numeric: bool = False
    """Right-aligned."""


@dataclass(frozen=True)
class ProfileFilter(Generic[D]):
    """A drop-down filter of the browser; its combo box is named `<name>Filter`."""

    name: str
    label: str
    """The combo box's accessible name."""
    choices: Callable[[Sequence[ProfileRow[D]]], list[tuple[str, object]]]
    """(text, value) of each choice for these rows, the first one chosen at start; None: no filter."""
    accepts: Callable[[ProfileRow[D], Any], bool]
    """Whether a row passes the filter set to a value (never called with None)."""


@dataclass(frozen=True)
class ProfileDescription(Generic[D]):
    """Everything the browser needs to list one system's profiles."""

    rows: Callable[[Catalogs, Sequence[str]], list[ProfileRow[D]]]
    """The catalogs' profiles, named in the first of the languages available."""
    columns: tuple[ProfileColumn[D], ...]
    """Name comes first; the browser never hides it nor the last one (the cost)."""
    filters: tuple[ProfileFilter[D], ...] = ()
    search_tip: str = ""
    """The free-text filter's tooltip: what its words are looked for in."""
    hidden_first: tuple[int, ...] = ()
    """The columns to hide, in this order, when the browser is too narrow for them all."""


def name_column() -> ProfileColumn[Any]:
    return ProfileColumn(_("Name"), lambda row: row.name)


def cost_column() -> ProfileColumn[Any]:
    return ProfileColumn(
        _("Cost (A.P.)"), lambda row: str(row.cost), lambda row: row.cost, _("Cost in Army Points"), numeric=True
    )


def plain_profiles(catalogs: Catalogs, languages: Sequence[str]) -> list[ProfileRow[None]]:
    """Name and cost of every profile, for a system that has no description of its own yet."""
    rows: list[ProfileRow[None]] = []
    for entry in catalogs.entries.get("profiles", {}).values():
        cost = getattr(entry, "cost", 0)
        rows.append(
            ProfileRow(
                id=entry.id,
                name=display_name(entry.name, languages),
                cost=cost if isinstance(cost, int) else 0,
                words=tuple(all_names(entry.name)),
                tooltip=None,
                details=None,
            )
        )
    return rows


def plain_description() -> ProfileDescription[None]:
    """The browser of a system without its own description: names and costs, found by name."""
    return ProfileDescription(
        rows=plain_profiles, columns=(name_column(), cost_column()), search_tip=_("Words of a profile's name")
    )
