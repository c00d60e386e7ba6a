"""Peoples as players read them: a catalog may name a people (its `peoples` list); one no catalog names is shown by
the ID its profiles give, so catalogs written without the list keep working."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from warband.model.catalog import Catalogs
from warband.model.named_ids import name_of, words_of

KIND = "peoples"


def people_name(catalogs: Catalogs, people_id: str, languages: Sequence[str] | None = None) -> str:
    """'Griffons d'Akkylannie' for `griffins` to a French player; the ID itself when no catalog names it.

    Without `languages`, the language the program speaks (see `names.display_name`).
    """
    return name_of(catalogs, KIND, people_id, languages)


def people_names(
    catalogs: Catalogs, people_ids: Iterable[str], languages: Sequence[str] | None = None
) -> list[str]:
    """Each people's name, in the order given (an item's `peoples`)."""
    return [people_name(catalogs, people_id, languages) for people_id in people_ids]


def people_words(catalogs: Catalogs, people_id: str) -> tuple[str, ...]:
    """The ID and the people's name in every language: what a search finds a people by."""
    return words_of(catalogs, KIND, people_id)
