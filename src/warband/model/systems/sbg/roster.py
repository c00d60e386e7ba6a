"""What a Strategy Battle Game roster shows of a unit, and of the army: its profile's numbers, its wargear and
spells, its reserves for battle (Might, Will, Fate, Wounds), and the army's totals."""

from __future__ import annotations

from warband.model.army import Army, Unit
from warband.model.catalog import Catalogs
from warband.model.messages import _
from warband.model.names import display_name
from warband.model.roster import Detail, Languages, Track, UnitExtras, named, unknown_detail
from warband.model.systems.sbg import rules, wargear
from warband.model.systems.sbg.factions import faction_name
from warband.model.systems.sbg.schema import ALIGNMENT_NAMES, Profile, SbgArmy, SbgUnit


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
    gear = _wargear(unit, profile, languages) if isinstance(unit, SbgUnit) else ()
    if hero is None:
        facts.insert(0, _("{count} × {cost} points").format(count=unit.count, cost=profile.cost))
        lost = (Track(_("Models lost"), unit.count),)
        return UnitExtras(profile_facts=tuple(facts), details=gear, tracks=lost)
    facts.insert(0, _("Might/Will/Fate {mwf}").format(mwf=rules.mwf_text(hero)))
    facts.insert(1, _("Wounds {value}").format(value=hero.wounds))
    details = list(gear)
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


def _wargear(unit: SbgUnit, profile: Profile, languages: Languages) -> tuple[Detail, ...]:
    """Each option the unit holds, with what it adds to the unit's cost (per model × the count: "2 × 1 points" for
    warriors); one its profile does not list is shown by its id, not counted (AR-02, SB-X2)."""
    shown: list[Detail] = []
    for wargear_id in unit.wargear:
        found = wargear.option(profile, wargear_id)
        if found is None:
            shown.append(unknown_detail(_("Wargear"), wargear_id))
            continue
        facts = (
            ()
            if profile.hero is not None
            else (_("{count} × {cost} points").format(count=unit.count, cost=found.cost),)
        )
        shown.append(Detail(_("Wargear"), display_name(found.name, languages), found.cost * unit.count, facts))
    return tuple(shown)


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
