"""Names shown to players: a plain string, or a map of languages with a fallback."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Annotated, Any

from pydantic import PlainValidator, WithJsonSchema

from warband.model.messages import Localised, current_language

_LANG = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$")
FALLBACK_LANGUAGES: tuple[str, ...] = ("en", "fr")


def _check_name(value: Any) -> str | dict[str, str]:
    if isinstance(value, str):
        if not value.strip():
            raise ValueError("a name may not be empty")
        return value
    if isinstance(value, dict):
        if not value:
            raise ValueError("a map of names needs at least one language")
        for lang, text in value.items():
            if not isinstance(lang, str) or not _LANG.match(lang):
                raise ValueError(f"{lang!r} is not a language code such as 'en' or 'fr'")
            if not isinstance(text, str) or not text.strip():
                raise ValueError(f"the {lang!r} name must be a non-empty string")
        return dict(value)
    raise ValueError("a name is a string or a map of languages to strings")


Name = Annotated[
    str | dict[str, str],
    PlainValidator(_check_name),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "string", "minLength": 1},
                {
                    "type": "object",
                    "minProperties": 1,
                    "propertyNames": {"pattern": _LANG.pattern},
                    "additionalProperties": {"type": "string", "minLength": 1},
                },
            ]
        }
    ),
]
"""`"Messager divin"` or `{"fr": "Messager divin", "en": "Divine messenger"}`."""


def spoken(languages: Sequence[str] | None) -> tuple[str, ...]:
    """The languages asked for, or by default the one the program speaks."""
    return (current_language(),) if languages is None else tuple(languages)


def english_name(name: str | dict[str, str]) -> str:
    """The name as the rules' messages, files and command line give it: in English where the catalog has it."""
    if isinstance(name, str):
        return name
    return name.get("en") or display_name(name, ("en",))  # the usual cases first: pickers ask thousands at once


def display_name(name: str | dict[str, str], languages: Sequence[str] | None = None) -> str:
    """The name in the first language available, then English, French, then any.

    Without `languages`, the language the program speaks (`messages.current_language`, set at start from the
    Preferences): a French player sees the catalogs' French names where they have them.
    """
    if isinstance(name, str):
        return name
    for lang in (*spoken(languages), *FALLBACK_LANGUAGES):
        if lang in name:
            return name[lang]
        base = lang.split("-")[0]
        if base in name:
            return name[base]
    return next(iter(name.values()))


class CatalogName(Localised):
    """A catalog's name inside a sentence: English as a `str` (files, logs), the language spoken when translated.

    A unit's own label is a plain string and stays as the player typed it: `CatalogName(unit.label or
    profile.name)`.
    """

    name: str | dict[str, str]

    def __new__(cls, name: str | dict[str, str]) -> CatalogName:
        made = super().__new__(cls, english_name(name))
        made.name = name
        return made

    def localised(self) -> str:
        return display_name(self.name)

    def __reduce__(self) -> tuple[Any, ...]:
        return (CatalogName, (self.name,))
