"""What each system adds to a roster: its profiles' numbers, what units hold, and their reserves for battle.

One `RosterSystem` per system id in `ROSTER_SYSTEMS`; the shared roster code asks the registry and never tests
which system it is exporting.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

from warband.export.rows import Detail, Track, UnitExtras
from warband.model.army import Army, Unit
from warband.model.catalog import Catalogs
from warband.model.messages import _, spoken_text
from warband.model.names import Name, display_name
from warband.model.systems.confrontation import rules as cf
from warband.model.systems.confrontation.peoples import people_name
from warband.model.systems.confrontation.schema import (
    ASPECT_NAMES,
    ASPECTS,
    RANK_NAMES,
    ConfrontationUnit,
    Miracle,
)
from warband.model.systems.pfpv import rules as pf
from warband.model.systems.powerdice import rules as pd
from warband.model.systems.powerdice.schema import PowerDiceUnit
from warband.model.systems.sbg import rules as sb
from warband.model.systems.sbg.factions import faction_name
from warband.model.systems.sbg.schema import ALIGNMENT_NAMES, SbgArmy

Languages = Sequence[str]
UnitDetails = Callable[[Unit, Catalogs, Languages], UnitExtras]
ArmyFacts = Callable[[Army, Catalogs], tuple[str, ...]]


def _no_army_facts(army: Army, catalogs: Catalogs) -> tuple[str, ...]:
    return ()


@dataclass(frozen=True)
class RosterSystem:
    """How one system's rosters are worded."""

    unit: UnitDetails
    army: ArmyFacts = _no_army_facts


def _unknown(kind: str, entry_id: str) -> Detail:
    """An entry the catalogs no longer know (AR-02): shown by its id, its cost not counted."""
    return Detail(kind, entry_id, None, (_("not in the loaded catalogs"),))


def _named(name: Name | None, fallback: str, languages: Languages) -> str:
    return fallback if name is None else display_name(name, languages)


# Confrontation


def _miracle_detail(miracle: Miracle, languages: Languages) -> Detail:
    facts = [_("fervour {fervour}").format(fervour=miracle.fervour)]
    if miracle.difficulty is None:
        how = f" ({miracle.difficulty_note})" if miracle.difficulty_note else ""
        facts.append(_("difficulty: table") + how)
    else:
        facts.append(_("difficulty {difficulty}").format(difficulty=miracle.difficulty))
    needs = [f"{_(ASPECT_NAMES[a])} {miracle.aspects.level(a)}" for a in ASPECTS if miracle.aspects.level(a)]
    if needs:
        facts.append(_("Aspects: {aspects}").format(aspects=", ".join(needs)))
    return Detail(_("Miracle"), display_name(miracle.name, languages), miracle.cost, tuple(facts))


def _confrontation_unit(unit: Unit, catalogs: Catalogs, languages: Languages) -> UnitExtras:
    held = cast(ConfrontationUnit, unit)
    idx = cf.index(catalogs)
    profile = idx.profiles.get(held.profile)
    facts: list[str] = []
    tracks: list[Track] = []
    if profile is not None:
        facts.append(people_name(catalogs, profile.people, languages))
        faithful = profile.faithful
        if faithful is not None:
            cult = idx.cults.get(faithful.cult)
            facts.append(
                _("{rank} of {cult} / {faith}").format(
                    rank=_(RANK_NAMES[faithful.rank]),
                    cult=_named(cult.name if cult else None, faithful.cult, languages),
                    faith=faithful.faith,
                )
            )
            if faithful.warrior_monk:
                facts.append(_("warrior-monk"))
            levels = ", ".join(f"{_(ASPECT_NAMES[a])} {faithful.aspects.level(a)}" for a in ASPECTS)
            facts.append(_("Aspects: {aspects}").format(aspects=levels))
            tracks.append(Track(_("T.F."), faithful.faith))
        if profile.discipline is None:
            facts.append(_("no Discipline"))
        else:
            facts.append(_("Discipline {value}").format(value=profile.discipline))
        if profile.movement is not None:
            facts.append(_("Movement {value}").format(value=profile.movement))
    details: list[Detail] = []
    for miracle_id in held.miracles:
        miracle = idx.miracles.get(miracle_id)
        details.append(
            _unknown(_("Miracle"), miracle_id) if miracle is None else _miracle_detail(miracle, languages)
        )
    for item_id in held.items:
        item = idx.items.get(item_id)
        details.append(
            _unknown(_("Item"), item_id)
            if item is None
            else Detail(_("Item"), display_name(item.name, languages), item.cost)
        )
    return UnitExtras(profile_facts=tuple(facts), details=tuple(details), tracks=tuple(tracks))


# Hex battles with power dice


def _duration(duration: str | int) -> str:
    if duration == "instant":
        return _("instant")
    if duration == "long":
        return _("long (until it ends)")
    return _("1 turn") if duration == 1 else _("{turns} turns").format(turns=duration)


def _powerdice_unit(unit: Unit, catalogs: Catalogs, languages: Languages) -> UnitExtras:
    held = cast(PowerDiceUnit, unit)
    idx = pd.index(catalogs)
    profile = idx.profiles.get(held.profile)
    facts: list[str] = []
    tracks: list[Track] = []
    if profile is not None and profile.caster is not None:
        facts.append(
            _("Caster: {traits}, level {level}").format(
                traits=spoken_text(pd.traits_text(profile.caster.traits)), level=profile.caster.level
            )
        )
        tracks.append(Track(_("Power dice"), profile.caster.level))
    details: list[Detail] = []
    for spell_id in held.spells:
        spell = idx.spells.get(spell_id)
        if spell is None:
            details.append(_unknown(_("Spell"), spell_id))
            continue
        facts_of_spell = (
            _("difficulty {difficulty}").format(difficulty=spell.difficulty),
            _("duration: {duration}").format(duration=_duration(spell.duration)),
        )
        details.append(Detail(_("Spell"), display_name(spell.name, languages), spell.cost, facts_of_spell))
    return UnitExtras(profile_facts=tuple(facts), details=tuple(details), tracks=tuple(tracks))


# Strategy Battle Game


def _sbg_unit(unit: Unit, catalogs: Catalogs, languages: Languages) -> UnitExtras:
    idx = sb.index(catalogs)
    profile = idx.profiles.get(unit.profile)
    if profile is None:
        return UnitExtras()
    facts = [
        f"{faction_name(catalogs, profile.faction, languages)} ({_(ALIGNMENT_NAMES[profile.alignment])})",
        _("Courage {value}").format(value=profile.courage),
    ]
    hero = profile.hero
    if hero is None:
        facts.insert(0, _("{count} × {cost} points").format(count=unit.count, cost=profile.cost))
        return UnitExtras(profile_facts=tuple(facts), tracks=(Track(_("Models lost"), unit.count),))
    facts.insert(0, _("Might/Will/Fate {mwf}").format(mwf=sb.mwf_text(hero)))
    facts.insert(1, _("Wounds {value}").format(value=hero.wounds))
    details = []
    for known in hero.spells:
        spell = idx.spells.get(known.spell)
        name = _named(spell.name if spell else None, known.spell, languages)
        details.append(Detail(_("Spell"), name, None, (_("casting {value}+").format(value=known.casting),)))
    tracks = (
        Track(_("Might"), hero.might),
        Track(_("Will"), hero.will),
        Track(_("Fate"), hero.fate),
        Track(_("Wounds"), hero.wounds),
    )
    return UnitExtras(profile_facts=tuple(facts), details=tuple(details), tracks=tracks)


def _sbg_army(army: Army, catalogs: Catalogs) -> tuple[str, ...]:
    totals = sb.totals(cast(SbgArmy, army), catalogs)
    return (
        _("{models} models").format(models=totals.models),
        _("Might {might} · Will {will} · Fate {fate}").format(
            might=totals.might, will=totals.will, fate=totals.fate
        ),
    )


# Par le Fer et par le Verbe


def _skills(skills: dict[str, int], entries: dict[str, object], languages: Languages) -> str:
    return ", ".join(
        f"{_named(getattr(entries.get(key), 'name', None), key, languages)} {value}"
        for key, value in skills.items()
    )


def _pfpv_unit(unit: Unit, catalogs: Catalogs, languages: Languages) -> UnitExtras:
    idx = pf.index(catalogs)
    profile = idx.profiles.get(unit.profile)
    if profile is None:
        return UnitExtras()
    facts = [
        _("Don {value}").format(value=profile.don),
        _("Vitality {value}").format(value=profile.vitality),
        _("MA {value}").format(value=profile.ma),
        _("Recovery {value}").format(value=profile.recovery),
    ]
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
            details.append(_unknown(_("Spell"), spell_id))
            continue
        facts_of_spell = (
            _("level {level}").format(level=spell.level),
            _("casting time {time}").format(time=spell.casting_time),
        )
        details.append(Detail(_("Spell"), display_name(spell.name, languages), None, facts_of_spell))
    tracks = (Track(_("Don"), profile.don, tick=False), Track(_("Vitality"), profile.vitality))
    return UnitExtras(tuple(facts), tuple(lines), tuple(details), tracks)


ROSTER_SYSTEMS: dict[str, RosterSystem] = {
    "confrontation": RosterSystem(_confrontation_unit),
    "powerdice": RosterSystem(_powerdice_unit),
    "sbg": RosterSystem(_sbg_unit, _sbg_army),
    "pfpv": RosterSystem(_pfpv_unit),
}
"""System id → how its rosters are worded; the name of its points is the system's (`system.points_name`)."""


def no_details(unit: Unit, catalogs: Catalogs, languages: Languages) -> UnitExtras:
    """A system without its own roster wording: units with their costs only."""
    return UnitExtras()


def roster_system(system_id: str) -> RosterSystem:
    return ROSTER_SYSTEMS.get(system_id) or RosterSystem(no_details)
