"""What a Par le Fer et par le Verbe roster shows of a character: its profile's numbers (a catalog's, or its own
when the player built it), its skills, its spells and its reserves (Don, Vitality)."""

from __future__ import annotations

from warband.model.army import Unit
from warband.model.catalog import Catalogs
from warband.model.messages import _
from warband.model.names import display_name
from warband.model.roster import Detail, Languages, Track, UnitExtras, named, unknown_detail
from warband.model.systems.pfpv import rules
from warband.model.systems.pfpv.characters import built, sheet_of
from warband.model.systems.pfpv.scene_words import casting_time_text


def _skills(skills: dict[str, int], entries: dict[str, object], languages: Languages) -> str:
    return ", ".join(
        f"{named(getattr(entries.get(key), 'name', None), key, languages)} {value}"
        for key, value in skills.items()
    )


def unit_details(unit: Unit, catalogs: Catalogs, languages: Languages) -> UnitExtras:
    idx = rules.index(catalogs)
    profile = sheet_of(unit, idx.profiles)
    if profile is None:
        return UnitExtras()
    facts = [
        _("Don {value}").format(value=profile.don),
        _("Vitality {value}").format(value=profile.vitality),
        _("MA {value}").format(value=profile.ma),
        _("Recovery {value}").format(value=profile.recovery),
    ]
    character = built(unit)
    if character is not None and character.fatigue:  # PF-X1: the fatigue it starts a scene with
        facts.append(_("Starting fatigue {value}").format(value=character.fatigue))
    lines: list[str] = []
    if profile.contact:
        lines.append(_("Contact: {skills}").format(skills=_skills(profile.contact, idx.sources, languages)))
    if profile.disciplines:
        lines.append(
            _("Disciplines: {skills}").format(skills=_skills(profile.disciplines, idx.disciplines, languages))
        )
    details: list[Detail] = []
    for spell_id in profile.spells:
        spell = idx.spells.get(spell_id)
        if spell is None:
            details.append(unknown_detail(_("Spell"), spell_id))
            continue
        facts_of_spell = (
            _("level {level}").format(level=spell.level),
            _("casting time {time}").format(time=casting_time_text(spell.casting_time, languages)),
        )
        details.append(Detail(_("Spell"), display_name(spell.name, languages), None, facts_of_spell))
    tracks = (Track(_("Don"), profile.don, tick=False), Track(_("Vitality"), profile.vitality))
    return UnitExtras(tuple(facts), tuple(lines), tuple(details), tracks)
