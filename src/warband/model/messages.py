"""Message keys and their English templates; translated with gettext.

The model speaks in keys with parameters so that the window can show a sentence in the player's language while
files and the command line keep the English one. Every template names its parameters in braces.

The catalogs are resources/locale/<lang>/LC_MESSAGES/warband.mo, compiled from the .po files by
scripts/i18n.py; a string without a translation stays in English.
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
    use_translation(translation)
    return type(translation) is not gettext.NullTranslations


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
    # AR: armies and files
    "profile.unknown": N_(
        "The profile “{profile}” is not in the loaded catalogs: the unit is kept as it is, "
        "and its cost is not counted."
    ),
    "miracle.unknown": N_(
        "The miracle “{miracle}” of {unit} is not in the loaded catalogs: it is kept as it is, "
        "and its cost is not counted."
    ),
    "item.unknown": N_(
        "The magic item “{item}” of {unit} is not in the loaded catalogs: it is kept as it is, "
        "and its cost is not counted."
    ),
    # CF: Confrontation army building
    "miracle.not_faithful": N_("{unit} is not a Faithful and cannot own the miracle {miracle}."),
    "miracle.no_access": N_(
        "{miracle} belongs to {access}, which is neither the cult of {unit} ({cult}), "
        "nor its Path ({path}), nor the Universal Cult."
    ),
    "miracle.aspect": N_("{miracle} needs {aspect} {need}; {unit} has {aspect} {have}."),
    "miracle.duplicate": N_("{unit} owns {miracle} {times} times: one is enough, and every copy is counted."),
    "item.restricted": N_("{item} is only for {allowed}; {unit} is not."),
    "army.over_limit": N_("The army costs {total} A.P., {over} over its limit of {limit} A.P."),
    # AR-04: what changed in the catalogs since the army was saved
    "change.catalog_revision": N_(
        "The catalog “{catalog}” was at revision {old} when this army was saved; it is now at {new}."
    ),
    "change.catalog_missing": N_("The catalog “{catalog}” (revision {old}) used by this army is not loaded."),
    "change.entry_gone": N_("{kind} {entry} is no longer in the catalogs ({units})."),
    "change.cost": N_("{kind} {entry}: its cost went from {old} to {new} {points} ({units})."),
    "change.requirements": N_("{kind} {entry}: its requirements changed ({what}) ({units})."),
    "change.profile": N_("{kind} {entry}: its Faithful profile changed ({what}) ({units})."),
    # Hex battles with power dice: army building
    "spell.unknown": N_(
        "The spell “{spell}” of {unit} is not in the loaded catalogs: it is kept as it is, "
        "and its cost is not counted."
    ),
    "spell.not_caster": N_("{unit} is not a caster and uses no spell ({spell})."),
    "spell.no_trait": N_("{spell} is for the {traits}; {unit} is a {caster} and shares none of these traits."),
    "spell.duplicate": N_("{unit} lists {spell} {times} times: once is enough, and every copy is counted."),
    # Strategy Battle Game: army building
    "sbg.hero_count": N_("{unit} is a hero: one model, not {count}."),
    "sbg.alignment": N_(
        "The army mixes Good and Evil profiles: {good} (Good) with {evil} (Evil). "
        "Warband keeps each army on one side (a project decision: the rules say nothing of it)."
    ),
    "sbg.over_limit": N_("The army costs {total} points, {over} over its limit of {limit} points."),
    "sbg.change.profile": N_("{kind} {entry}: its profile changed ({what}) ({units})."),
    # Hex battles with power dice: segments, markers and castings
    "pd.step": N_("{what} happens in {segment}; this is {step}."),
    "pd.not_caster": N_("{unit} is not a caster."),
    "pd.out_of_play": N_("{unit} is out of play."),
    "pd.marker_needed": N_("{unit} holds no {marker} marker: only those casters cast in {segment}."),
    "pd.not_your_turn": N_("It is {player}'s turn to cast in B3."),
    "pd.reserve": N_("{unit} has {reserve} power dice and cannot use {dice}."),
    "pd.cap": N_("{dice} dice in all, gifts included: {unit} may use at most its level + 1, that is {cap}."),
    "pd.wait_cap": N_("A casting in phase C uses at most 3 dice; {dice} were asked for."),
    "pd.no_gifts": N_("No dice may be given in phase C."),
    "pd.helper_self": N_("{unit} cannot give dice to itself."),
    "pd.helper_side": N_("{helper} is not on {unit}'s side and cannot give it dice."),
    "pd.helper_marker": N_("{helper} holds no incantation marker and cannot give dice."),
    "pd.helper_trait": N_("{helper} shares no magic trait with {unit} and cannot help it."),
    "pd.helper_reserve": N_("{helper} has {reserve} power dice and cannot give {dice}."),
    "pd.helpers_near": N_("Confirm that the helpers are within 3 hexes of {unit}."),
    "pd.no_dice": N_("A casting uses at least one die."),
    "pd.marker_side": N_("{player} places markers now; {unit} is not one of theirs."),
    "pd.a1_unfinished": N_("{player} has casters without a marker: {units}."),
    "pd.a1_choosing": N_("Both sides place their markers before A1 ends."),
    # Confrontation battles: the turn, the Divination phase and calling miracles
    "phase.first": N_("This is the first phase of the turn; undo to go back into the last turn."),
    "battle.ended": N_("The battle is over."),
    "tactical.tie": N_("Both sides rolled {roll} for the Tactical roll: roll again."),
    "call.phase": N_("Miracles are called in the Divination phase; this is the {phase} phase."),
    "call.out_of_play": N_("{unit} is out of play."),
    "call.not_faithful": N_("{unit} is not a Faithful and calls no miracle."),
    "call.not_owned": N_("{unit} does not own the miracle {miracle}."),
    "call.twice": N_("{unit} has already called {miracle} this turn, successfully or not."),
    "call.all_called": N_("{unit} has called all its miracles this turn."),
    "call.no_miracles": N_("{unit} owns no miracle."),
    "call.shot": N_("{unit} has shot this turn and cannot call a miracle."),
    "call.feat": N_("{unit} performed a Physical Feat this turn and cannot call a miracle."),
    "call.moved": N_("{unit} moved farther than its Movement this turn and cannot call a miracle."),
    "call.engaged": N_("{unit} is engaged in melee by an enemy and cannot call a miracle."),
    "call.wounds_roll": N_("{unit} suffered a Wounds roll this turn and cannot call a miracle."),
    "call.no_sight": N_("{unit} must see its target or be in base contact with it: confirm it first."),
    "call.fervour_low": N_("{miracle} needs a fervour of at least {minimum}; {fervour} was declared."),
    "call.fervour_high": N_("{unit} has {faith} T.F. left and cannot spend a fervour of {fervour}."),
    "call.difficulty": N_("The difficulty of {miracle} is set at the table ({how}): enter it."),
    "act.after_call": N_("{unit} called a miracle this turn and cannot {act} in the same turn."),
}


def english(code: str, params: Mapping[str, object]) -> str:
    """The English sentence of a message key."""
    return TEMPLATES[code].format(**params)


def translated(code: str, params: Mapping[str, object]) -> str:
    """The sentence in the current language (English when no translation is loaded), its values too."""
    return _(TEMPLATES[code]).format(**localised_params(params))
