"""Names for the ids profiles give as plain text (a Confrontation people, an SBG faction): a catalog may list
them with a name in several languages; one no catalog lists is shown as the profiles write it, so catalogs written
without the list keep working."""

from __future__ import annotations

from collections.abc import Sequence

from warband.model.catalog import Catalogs
from warband.model.names import CatalogName, display_name


def listed_name(catalogs: Catalogs, kind: str, entry_id: str) -> str | dict[str, str] | None:
    """The name a catalog's `kind` list gives the id, or None when none lists it."""
    entry = catalogs.get(kind, entry_id)
    return None if entry is None else entry.name


def name_of(catalogs: Catalogs, kind: str, entry_id: str, languages: Sequence[str] | None = None) -> str:
    """The id's name in `languages` (by default the language spoken); the id itself when no catalog names it."""
    name = listed_name(catalogs, kind, entry_id)
    return entry_id if name is None else display_name(name, languages)


def named_id(catalogs: Catalogs, kind: str, entry_id: str) -> str:
    """The id as a rule's sentence names it: its `CatalogName` where a catalog lists it, else the id."""
    name = listed_name(catalogs, kind, entry_id)
    return entry_id if name is None else CatalogName(name)


def words_of(catalogs: Catalogs, kind: str, entry_id: str) -> tuple[str, ...]:
    """The id and its name in every language: what a search finds it by."""
    name = listed_name(catalogs, kind, entry_id)
    if name is None:
        return (entry_id,)
    return (entry_id, *([name] if isinstance(name, str) else name.values()))
