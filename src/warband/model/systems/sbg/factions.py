"""Factions as players read them: a catalog may name a faction (its `factions` list, matched by the text profiles
give as `faction`); one no catalog names is shown as the profiles write it, so older catalogs keep working."""

from __future__ import annotations

from collections.abc import Sequence

from warband.model.catalog import Catalogs
from warband.model.names import display_name
from warband.model.systems.sbg.schema import Faction

KIND = "factions"


def find_faction(catalogs: Catalogs, faction: str) -> Faction | None:
    """The catalogs' entry for a faction, if one names it."""
    entry = catalogs.get(KIND, faction)
    return entry if isinstance(entry, Faction) else None


def faction_name(catalogs: Catalogs, faction: str, languages: Sequence[str] | None = None) -> str:
    """'Communauté de l'Anneau' for `Fellowship` to a French player; the profiles' text when no catalog names it.

    Without `languages`, the language the program speaks (see `names.display_name`).
    """
    found = find_faction(catalogs, faction)
    return faction if found is None else display_name(found.name, languages)


def faction_words(catalogs: Catalogs, faction: str) -> tuple[str, ...]:
    """The profiles' text and the faction's name in every language: what a search finds a faction by."""
    found = find_faction(catalogs, faction)
    if found is None:
        return (faction,)
    name = found.name
    return (faction, *([name] if isinstance(name, str) else name.values()))
