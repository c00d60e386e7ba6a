"""Names shown to players: a plain string, or a map of languages with a fallback."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from typing import Annotated, Any, get_args, get_origin

from pydantic import BaseModel, PlainValidator, WithJsonSchema

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


class _Localised:
    """The mark of a field players read in their language (`localised_texts` finds them)."""

    def __repr__(self) -> str:
        return "LOCALISED"


LOCALISED = _Localised()

Name = Annotated[
    str | dict[str, str],
    LOCALISED,
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


def _text_check(max_length: int) -> Callable[[Any], str | dict[str, str]]:
    """The check of a catalog's text that players read (a range, a duration, a note): a string, or a map of
    languages; an empty string is allowed, as version 1 of the catalog format allowed it."""

    def check(value: Any) -> str | dict[str, str]:
        if isinstance(value, str):
            if len(value) > max_length:
                raise ValueError(f"a text may hold at most {max_length} characters")
            return value
        if isinstance(value, dict):
            if not value:
                raise ValueError("a map of texts needs at least one language")
            for lang, text in value.items():
                if not isinstance(lang, str) or not _LANG.match(lang):
                    raise ValueError(f"{lang!r} is not a language code such as 'en' or 'fr'")
                if not isinstance(text, str) or not text.strip():
                    raise ValueError(f"the {lang!r} text must be a non-empty string")
                if len(text) > max_length:
                    raise ValueError(f"the {lang!r} text may hold at most {max_length} characters")
            return dict(value)
        raise ValueError("a text is a string or a map of languages to strings")

    return check


def _text_schema(max_length: int) -> dict[str, Any]:
    return {
        "anyOf": [
            {"type": "string", "maxLength": max_length},
            {
                "type": "object",
                "minProperties": 1,
                "propertyNames": {"pattern": _LANG.pattern},
                "additionalProperties": {"type": "string", "minLength": 1, "maxLength": max_length},
            },
        ]
    }


ShortWords = Annotated[
    str | dict[str, str], LOCALISED, PlainValidator(_text_check(200)), WithJsonSchema(_text_schema(200))
]
"""A short text of a catalog's in one or several languages: `"15 cm"` or `{"en": "1 turn", "fr": "1 tour"}`."""
Words = Annotated[
    str | dict[str, str], LOCALISED, PlainValidator(_text_check(20_000)), WithJsonSchema(_text_schema(20_000))
]
"""A catalog's note, in one or several languages."""


@cache
def _marked(model: type[BaseModel]) -> frozenset[str]:
    """The fields of a model marked `LOCALISED`: directly, or inside an optional type (`ShortWords | None`)."""

    def marked(annotation: Any) -> bool:
        if get_origin(annotation) is Annotated:
            return any(mark is LOCALISED for mark in annotation.__metadata__)
        return any(marked(arg) for arg in get_args(annotation))

    return frozenset(
        name
        for name, field in model.model_fields.items()
        if any(mark is LOCALISED for mark in field.metadata) or marked(field.annotation)
    )


def localised_texts(value: object, where: str = "$") -> Iterator[tuple[str, str | dict[str, str]]]:
    """Every text of a file value that players read in their language (the fields marked `LOCALISED`), with its
    JSON path: what a translator fills in, and what a test checks the built-in catalogs give in each language."""
    if isinstance(value, BaseModel):
        marked = _marked(type(value))
        for name in type(value).model_fields:
            item = getattr(value, name)
            if item is not None and name in marked:
                yield f"{where}.{name}", item
            else:
                yield from localised_texts(item, f"{where}.{name}")
    elif isinstance(value, tuple | list):
        for index, item in enumerate(value):
            yield from localised_texts(item, f"{where}[{index}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from localised_texts(item, f"{where}.{key}")


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


def display_note(note: str | dict[str, str], limit: int = 300, languages: Sequence[str] | None = None) -> str:
    """A catalog's note in the player's language, cut at `limit` characters for a tooltip."""
    text = display_name(note, languages)
    return text if len(text) <= limit else text[:limit] + "…"


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
