"""What the log and the resolver say of a « Par le Fer et par le Verbe » casting: every step with its numbers, and
the spread of its power levels over the effects (PF-08)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from warband.model.messages import COMMA, N_, SEMICOLON, Phrase, joined, ngettext, term
from warband.model.names import CatalogName, display_name
from warband.model.systems.pfpv import casting
from warband.model.systems.pfpv.scene_state import PfpvScene

OUTCOME_WORDS: dict[str, str] = {
    "no energy": N_("no energy"),
    "harmless failure": N_("harmless failure"),
    "backlash": N_("backlash"),
    "cannot be cast": N_("cannot be cast"),
    "success": N_("success"),
}


def describe(result: casting.Result, level: int, names: Mapping[str, object] | None = None) -> str:
    """Every step of a casting with its numbers, for the log and the resolver (a `Phrase`). `names`: the
    sources' and disciplines' names by id (`CatalogName`s); the ids where it has none."""
    known = names or {}

    def listed(values: Mapping[str, int]) -> object:
        return joined([Phrase("{name} {value}", name=known.get(k, k), value=v) for k, v in values.items()], COMMA)

    parts: list[object] = [Phrase(N_("raw {values}"), values=listed(result.raw))]
    if result.margins:
        parts.append(Phrase(N_("control {values}"), values=listed(result.margins)))
    if result.net:
        parts.append(Phrase(N_("net {values}"), values=listed(result.net)))
    if result.outcome == "success":
        parts.append(Phrase(N_("power {power}, {level} Don paid for the level"), power=result.power, level=level))
    if result.backlash is not None:
        hurt = result.backlash
        template = (
            N_(
                "control lost: the Don for the level was missing: "
                "energy {energy}, {don} Don and {vitality} Vitality lost"
            )
            if result.lost_control
            else N_("backlash: energy {energy}, {don} Don and {vitality} Vitality lost")
        )
        parts.append(Phrase(template, energy=hurt.energy, don=hurt.don_lost, vitality=hurt.vitality_lost))
    steps = joined(parts, SEMICOLON, SEMICOLON)
    return Phrase(N_("{outcome}: {steps}"), outcome=term(OUTCOME_WORDS[result.outcome]), steps=steps)


def spread(
    levels: int, effects: Sequence[str], margins: Mapping[str, int], extra_to: Sequence[int] = ()
) -> list[int] | None:
    """PF-08: the even split when a margin is 2 or less; None when the caster may spread them freely."""
    if casting.free_allowed(margins):
        return None
    return casting.even_split(levels, len(effects), extra_to)


def entry_names(scene: PfpvScene) -> dict[str, object]:
    """The scene's sources and disciplines by id, as `describe` names them."""
    entries = scene.entries
    return {k: CatalogName(v.name) for table in (entries.sources, entries.disciplines) for k, v in table.items()}


_TIME = re.compile(r"(\d+) (round|minute|hour)s?")


def casting_time_text(value: str | dict[str, str], languages: Sequence[str] | None = None) -> str:
    """A spell's casting time in the player's language: "1 round" and "3 hours", the rules' units, are the
    program's words (with the plural the number asks for); any other wording is the catalog's, in its language."""
    if not isinstance(value, str):
        return display_name(value, languages)
    found = _TIME.fullmatch(value.strip())
    if found is None:
        return value
    number, unit = int(found.group(1)), found.group(2)
    words = {  # each pair spelled out, for the extraction of scripts/i18n.py
        "round": ngettext("{n} round", "{n} rounds", number),
        "minute": ngettext("{n} minute", "{n} minutes", number),
        "hour": ngettext("{n} hour", "{n} hours", number),
    }
    return words[unit].format(n=number)
