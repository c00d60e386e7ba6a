"""Factions as players read them: a catalog may name a faction (its `factions` list, matched by the text profiles
give as `faction`); one no catalog names is shown as the profiles write it, so older catalogs keep working."""

from __future__ import annotations

from collections.abc import Sequence

from warband.model.catalog import Catalogs
from warband.model.named_ids import name_of, words_of

KIND = "factions"


def faction_name(catalogs: Catalogs, faction: str, languages: Sequence[str] | None = None) -> str:
    """'Communauté de l'Anneau' for `Fellowship` to a French player; the profiles' text when no catalog names it.

    Without `languages`, the language the program speaks (see `names.display_name`).
    """
    return name_of(catalogs, KIND, faction, languages)


def faction_words(catalogs: Catalogs, faction: str) -> tuple[str, ...]:
    """The profiles' text and the faction's name in every language: what a search finds a faction by."""
    return words_of(catalogs, KIND, faction)
