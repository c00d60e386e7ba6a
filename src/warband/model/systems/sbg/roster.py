"""What a Strategy Battle Game roster shows of a unit, and of the army: its profile's numbers, its spells, its
reserves for battle (Might, Will, Fate, Wounds), and the army's totals."""

from __future__ import annotations

from warband.model.army import Army, Unit
from warband.model.catalog import Catalogs
from warband.model.messages import _
from warband.model.roster import Detail, Languages, Track, UnitExtras, named
from warband.model.systems.sbg import rules
from warband.model.systems.sbg.factions import faction_name
from warband.model.systems.sbg.schema import ALIGNMENT_NAMES, SbgArmy


def unit_details(unit: Unit, catalogs: Catalogs, languages: Languages) -> UnitExtras:
    idx = rules.index(catalogs)
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
    facts.insert(0, _("Might/Will/Fate {mwf}").format(mwf=rules.mwf_text(hero)))
    facts.insert(1, _("Wounds {value}").format(value=hero.wounds))
    details = []
    for known in hero.spells:
        spell = idx.spells.get(known.spell)
        name = named(spell.name if spell else None, known.spell, languages)
        details.append(Detail(_("Spell"), name, None, (_("casting {value}+").format(value=known.casting),)))
    tracks = (
        Track(_("Might"), hero.might),
        Track(_("Will"), hero.will),
        Track(_("Fate"), hero.fate),
        Track(_("Wounds"), hero.wounds),
    )
    return UnitExtras(profile_facts=tuple(facts), details=tuple(details), tracks=tracks)


def army_facts(army: Army, catalogs: Catalogs) -> tuple[str, ...]:
    """The army's totals of models, Might, Will and Fate."""
    if not isinstance(army, SbgArmy):
        raise TypeError(f"an SBG roster was given a {type(army).__name__}")
    totals = rules.totals(army, catalogs)
    return (
        _("{models} models").format(models=totals.models),
        _("Might {might} · Will {will} · Fate {fate}").format(
            might=totals.might, will=totals.will, fate=totals.fate
        ),
    )
