"""What a Confrontation roster shows of a unit: its profile's numbers, what it holds, its reserves for battle."""

from __future__ import annotations

from warband.model.army import Unit
from warband.model.catalog import Catalogs
from warband.model.messages import _
from warband.model.names import display_name
from warband.model.roster import Detail, Languages, Track, UnitExtras, named, unknown_detail
from warband.model.systems.confrontation import rules
from warband.model.systems.confrontation.peoples import people_name
from warband.model.systems.confrontation.schema import (
    ASPECT_NAMES,
    ASPECTS,
    RANK_NAMES,
    ConfrontationUnit,
    Miracle,
)

UNKNOWN_MARK = "?"
"""What a roster shows for a value its catalog does not give (CF-X1)."""


def _miracle_detail(miracle: Miracle, languages: Languages) -> Detail:
    fervour = miracle.fervour if miracle.known("fervour") else UNKNOWN_MARK
    facts = [_("fervour {fervour}").format(fervour=fervour)]
    if miracle.difficulty is None:
        how = f" ({display_name(miracle.difficulty_note, languages)})" if miracle.difficulty_note else ""
        facts.append(_("difficulty: table") + how)
    else:
        facts.append(_("difficulty {difficulty}").format(difficulty=miracle.difficulty))
    needs = [f"{_(ASPECT_NAMES[a])} {miracle.aspects.level(a)}" for a in ASPECTS if miracle.aspects.level(a)]
    if not miracle.known("aspects"):
        needs = [UNKNOWN_MARK]
    if needs:
        facts.append(_("Aspects: {aspects}").format(aspects=", ".join(needs)))
    return Detail(_("Miracle"), display_name(miracle.name, languages), miracle.cost, tuple(facts))


def unit_details(unit: Unit, catalogs: Catalogs, languages: Languages) -> UnitExtras:
    held = unit
    if not isinstance(held, ConfrontationUnit):
        raise TypeError(f"a Confrontation roster was given a {type(unit).__name__}")
    idx = rules.index(catalogs)
    profile = idx.profiles.get(held.profile)
    facts: list[str] = []
    tracks: list[Track] = []
    if profile is not None:
        facts.append(people_name(catalogs, profile.people, languages))
        faithful = profile.faithful
        if faithful is not None:
            known = faithful.known
            cult = idx.cults.get(faithful.cult) if known("cult") else None
            cult_name = named(cult.name if cult else None, faithful.cult, languages)
            facts.append(
                _("{rank} — {cult} / {faith}").format(
                    rank=_(RANK_NAMES[faithful.rank]) if known("rank") else UNKNOWN_MARK,
                    cult=cult_name if known("cult") else UNKNOWN_MARK,
                    faith=UNKNOWN_MARK if faithful.faith is None else faithful.faith,
                )
            )
            if faithful.warrior_monk:
                facts.append(_("warrior-monk"))
            levels = ", ".join(f"{_(ASPECT_NAMES[a])} {faithful.aspects.level(a)}" for a in ASPECTS)
            facts.append(_("Aspects: {aspects}").format(aspects=levels if known("aspects") else UNKNOWN_MARK))
            if faithful.faith is not None:  # a T.F. track needs its Faith: one the catalog lacks has none
                tracks.append(Track(_("T.F."), faithful.faith))
        if not profile.known("discipline"):
            facts.append(_("Discipline {value}").format(value=UNKNOWN_MARK))
        elif profile.discipline is None:
            facts.append(_("no Discipline"))
        else:
            facts.append(_("Discipline {value}").format(value=profile.discipline))
        if not profile.known("movement"):
            facts.append(_("Movement {value}").format(value=UNKNOWN_MARK))
        elif profile.movement is not None:
            facts.append(_("Movement {value}").format(value=profile.movement))
    details: list[Detail] = []
    for miracle_id in held.miracles:
        miracle = idx.miracles.get(miracle_id)
        details.append(
            unknown_detail(_("Miracle"), miracle_id) if miracle is None else _miracle_detail(miracle, languages)
        )
    for item_id in held.items:
        item = idx.items.get(item_id)
        details.append(
            unknown_detail(_("Item"), item_id)
            if item is None
            else Detail(_("Item"), display_name(item.name, languages), item.cost)
        )
    return UnitExtras(profile_facts=tuple(facts), details=tuple(details), tracks=tuple(tracks))
