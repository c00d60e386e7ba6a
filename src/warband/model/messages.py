"""Message keys and their English templates; translated with gettext.

The model speaks in keys with parameters so that the window can show a sentence in the player's language while
files and the command line keep the English one. Every template names its parameters in braces.

The catalogs are resources/locale/<lang>/LC_MESSAGES/warband.mo, compiled from the .po files by
scripts/i18n.py; a string without a translation stays in English. A game of its own package may bring its own
catalogs (`GameInfo.locale`, domain `warband-<id>`), asked for what Warband's do not translate.
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from warband.model.locations import resources_dir

DOMAIN = "warband"
SOURCE_LANGUAGE = "en"

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE


def _(text: str) -> str:
    """Translate one of our strings into the current language."""
    return _translation.gettext(text)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence for the number `n` in the current language ("{n} round", "{n} rounds"): French and
    Russian count otherwise than English (Russian has three forms). Give the number to `format` as well."""
    return _translation.ngettext(singular, plural, n)


def N_(text: str) -> str:  # noqa: N802 (the gettext convention)
    """Mark a string for translation without translating it now (for tables of templates)."""
    return text


def use_translation(translation: gettext.NullTranslations) -> None:
    """Switch the language of every later message (the window calls this from Preferences)."""
    global _translation, _language
    _translation = translation
    _language = translation.info().get("language") or SOURCE_LANGUAGE


def locale_dir() -> Path:
    """Where the compiled catalogs are: resources/locale, in the wheel or in the checkout."""
    return resources_dir() / "locale"


def available_languages() -> list[str]:
    """English and every language with a compiled catalog ("fr", "ru"…), for the Preferences."""
    found = {path.parent.parent.name for path in locale_dir().glob(f"*/LC_MESSAGES/{DOMAIN}.mo")}
    return [SOURCE_LANGUAGE, *sorted(found - {SOURCE_LANGUAGE})]


def _normalised(lang: str) -> str:
    """The gettext name of "fr-FR", "fr_FR.UTF-8" or "fr_FR@euro": "fr_FR"."""
    return lang.strip().split(".")[0].split("@")[0].replace("-", "_")


def load_language(lang: str) -> bool:
    """Translate every later message into `lang` ("fr", "ru", "fr_FR", "en"…).

    Returns whether the language is available: English always is; a language without a catalog falls back to
    English (False), as does every string its catalog does not translate.
    """
    code = _normalised(lang)
    if code in ("", "C", "POSIX") or code.split("_")[0].lower() == SOURCE_LANGUAGE:
        use_translation(gettext.NullTranslations())
        return True
    translation = gettext.translation(DOMAIN, str(locale_dir()), [code], fallback=True)
    found = type(translation) is not gettext.NullTranslations
    from warband.model.system import games  # the registry imports this module: only here

    for game in games():  # a game of its own package brings its own catalogs, asked after Warband's
        if game.locale is not None:
            own = gettext.translation(f"{DOMAIN}-{game.id}", str(game.locale), [code], fallback=True)
            if type(own) is not gettext.NullTranslations:
                translation.add_fallback(own)
    use_translation(translation)
    return found


def current_language() -> str:
    """The language of the loaded catalog ("fr", "ru"), or "en"."""
    return _language


class Localised(str):
    """A value inside a sentence that has its own words in each language (a term of the rules, a catalog name).

    As a `str` it is its English words, so files, logs, the command line and comparisons see plain English;
    `translated()` asks it for `localised()`, its words in the language spoken.
    """

    def localised(self) -> str:
        return str(self)


class Phrase(Localised):
    """Words made from a template (marked with `N_()`) and values, which may be `Localised` themselves.

    `Phrase(N_("the cult of {cult}"), cult=CatalogName(...))` is "the cult of Merin" in English and
    "le culte de Mérin" in French. Without values it is a term of the rules: `Phrase(N_("Creation"))`.
    """

    template: str
    params: Mapping[str, object]

    def __new__(cls, template: str, /, **params: object) -> Phrase:
        phrase = super().__new__(cls, template.format(**params) if params else template)
        phrase.template = template
        phrase.params = params
        return phrase

    def localised(self) -> str:
        return _(self.template).format(**localised_params(self.params)) if self.params else _(self.template)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_phrase, (self.template, dict(self.params)))


def _phrase(template: str, params: dict[str, object]) -> Phrase:
    return Phrase(template, **params)


def term(text: str) -> Phrase:
    """A word of the rules' vocabulary (a phase, an aspect, a marker), translated with the sentence."""
    return Phrase(text)


AND = N_("{first} and {last}")
"""The conjunction of `joined()` by default: `A, B and C`."""
OR = N_("{first} or {last}")
"""The conjunction of `joined()` for alternatives."""
COMMA = N_("{first}, {last}")
"""How `joined()` puts the parts before the last together; as the conjunction too: a plain list, `A, B, C`."""
SEMICOLON = N_("{first}; {last}")
"""Steps of one account, `A; B; C` (separator and conjunction)."""


def joined(parts: Sequence[object], conjunction: str = AND, separator: str = COMMA) -> object:
    """`A`, `A and B`, `A, B and C` — in the language of the sentence. `conjunction` and `separator` are templates
    of `{first}` and `{last}` (`OR`, `COMMA`, `SEMICOLON`). Nothing: an empty string."""
    if not parts:
        return ""
    if len(parts) == 1:
        return parts[0]
    first: object = parts[0]
    for part in parts[1:-1]:
        first = Phrase(separator, first=first, last=part)
    return Phrase(conjunction, first=first, last=parts[-1])


def localised(value: object) -> object:
    """A parameter as the language spoken words it: `Localised` values in their words, others as they are."""
    return value.localised() if isinstance(value, Localised) else value


def spoken_text(value: object) -> str:
    """A value as the window shows it: a `Localised` in the language spoken, anything else as a string."""
    return str(localised(value))


def localised_params(params: Mapping[str, object]) -> dict[str, object]:
    return {key: localised(value) for key, value in params.items()}


TEMPLATES: dict[str, str] = {
    # AR: armies and files, for every game
    "profile.unknown": N_(
        "The profile “{profile}” is not in the loaded catalogs: the unit is kept as it is, "
        "and its cost is not counted."
    ),
    "army.over_limit": N_("The army costs {total} A.P., {over} over its limit of {limit} A.P."),
    "change.catalog_revision": N_(
        "The catalog “{catalog}” was at revision {old} when this army was saved; it is now at {new}."
    ),
    "change.catalog_missing": N_("The catalog “{catalog}” (revision {old}) used by this army is not loaded."),
    "change.entry_gone": N_("{kind} {entry} is no longer in the catalogs ({units})."),
    "change.cost": N_("{kind} {entry}: its cost went from {old} to {new} {points} ({units})."),
    "change.requirements": N_("{kind} {entry}: its requirements changed ({what}) ({units})."),
}
"""The shared code's own templates; each game keeps its own (`<game>/messages.py`), found by `template()`."""


_GAME_TEMPLATES: dict[str, str] = {}
"""The templates of the games loaded so far (each game's `TEMPLATES`, added as it loads)."""


def add_templates(templates: Mapping[str, str]) -> None:
    """A game's templates, found from now on by `template()`; a code two games (or the shared code) both use, with
    other words, is refused: a sentence must not depend on which game loaded first."""
    for code, text in templates.items():
        known = TEMPLATES.get(code, _GAME_TEMPLATES.get(code))
        if known is not None and known != text:
            raise ValueError(f"two templates for the message code {code!r}")
        _GAME_TEMPLATES[code] = text


def template(code: str) -> str:
    """The English template of a message code: the shared code's, or a game's (every game's templates load the
    first time a code is not found: a problem may come from a game's rules used without its registry entry)."""
    found = TEMPLATES.get(code) or _GAME_TEMPLATES.get(code)
    if found is None:
        from warband.model.system import all_templates  # the registry imports this module: only here

        add_templates(all_templates())
        found = _GAME_TEMPLATES.get(code)
        if found is None:
            raise KeyError(f"no message template for the code {code!r}")
    return found


def english(code: str, params: Mapping[str, object]) -> str:
    """The English sentence of a message key."""
    return template(code).format(**params)


def translated(code: str, params: Mapping[str, object]) -> str:
    """The sentence in the current language (English when no translation is loaded), its values too."""
    return _(template(code)).format(**localised_params(params))
