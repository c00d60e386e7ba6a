"""What a power-dice roster shows of a unit: its profile's numbers, what it holds, its reserves for battle."""

from __future__ import annotations

from warband.model.army import Unit
from warband.model.catalog import Catalogs
from warband.model.messages import _, spoken_text
from warband.model.names import display_name
from warband.model.roster import Detail, Languages, Track, UnitExtras, unknown_detail
from warband.model.systems.powerdice import rules
from warband.model.systems.powerdice.schema import PowerDiceUnit


def _duration(duration: str | int) -> str:
    if duration == "instant":
        return _("instant")
    if duration == "long":
        return _("long (until it ends)")
    return _("1 turn") if duration == 1 else _("{turns} turns").format(turns=duration)


def unit_details(unit: Unit, catalogs: Catalogs, languages: Languages) -> UnitExtras:
    held = unit
    if not isinstance(held, PowerDiceUnit):
        raise TypeError(f"a power-dice roster was given a {type(unit).__name__}")
    idx = rules.index(catalogs)
    profile = idx.profiles.get(held.profile)
    facts: list[str] = []
    tracks: list[Track] = []
    if profile is not None and profile.caster is not None:
        facts.append(
            _("Caster: {traits}, level {level}").format(
                traits=spoken_text(rules.traits_text(profile.caster.traits)), level=profile.caster.level
            )
        )
        tracks.append(Track(_("Power dice"), profile.caster.level))
    details: list[Detail] = []
    for spell_id in held.spells:
        spell = idx.spells.get(spell_id)
        if spell is None:
            details.append(unknown_detail(_("Spell"), spell_id))
            continue
        facts_of_spell = (
            _("difficulty {difficulty}").format(difficulty=spell.difficulty),
            _("duration: {duration}").format(duration=_duration(spell.duration)),
        )
        details.append(Detail(_("Spell"), display_name(spell.name, languages), spell.cost, facts_of_spell))
    return UnitExtras(profile_facts=tuple(facts), details=tuple(details), tracks=tuple(tracks))
