"""A party of « Par le Fer et par le Verbe » characters: no points; what each may attempt (PF-01)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from warband.model.army import CatalogRef, Change, Choice, Problem, Report, UnitCost, UnitRef, sort_problems
from warband.model.catalog import Catalogs
from warband.model.changes import catalog_changes
from warband.model.names import CatalogName
from warband.model.systems.pfpv.schema import Combination, PfpvArmy, Profile, Snapshot, Spell


@dataclass(frozen=True)
class Index:
    sources: dict[str, object]
    disciplines: dict[str, object]
    spells: dict[str, Spell]
    profiles: dict[str, Profile]


def index(catalogs: Catalogs) -> Index:
    def build(c: Catalogs) -> Index:
        return Index(
            dict(c.entries.get("sources", {})),
            dict(c.entries.get("disciplines", {})),
            cast(dict[str, Spell], dict(c.entries.get("spells", {}))),
            cast(dict[str, Profile], dict(c.entries.get("profiles", {}))),
        )

    return catalogs.view("pfpv.index", build)


def can_attempt(profile: Profile, combination: Combination) -> bool:
    """PF-01/PF-02/PF-03: a character attempts a combination with a Contact skill in each of its sources and a
    skill in each of its disciplines."""
    return all(p.id in profile.contact for p in combination.sources) and all(
        p.id in profile.disciplines for p in combination.disciplines
    )


def validate(army: PfpvArmy, catalogs: Catalogs) -> Report:
    """A party has no points: only entries the catalogs no longer know are reported (AR-02)."""
    idx = index(catalogs)
    problems: list[Problem] = []
    costs: list[UnitCost] = []
    for position, unit in enumerate(army.units):
        profile = idx.profiles.get(unit.profile)
        label = unit.label or (CatalogName(profile.name) if profile else unit.profile)
        if profile is None:
            problems.append(
                Problem.of("AR-02", "profile.unknown", UnitRef(unit.id, position, label), profile=unit.profile)
            )
        costs.append(UnitCost(unit.id, position, label, 0))
    return Report("pfpv", 0, army.points_limit, tuple(costs), sort_problems(problems))


def options(army: PfpvArmy, unit_id: str, catalogs: Catalogs) -> list[Choice]:
    """Every spell of the catalogs for this character: whether it knows it and can attempt one of its
    combinations (the others are listed, not eligible)."""
    idx = index(catalogs)
    unit = army.unit(unit_id)
    if unit is None:
        raise KeyError(f"the party has no character {unit_id!r}")
    profile = idx.profiles.get(unit.profile)
    choices: list[Choice] = []
    for spell in idx.spells.values():
        usable = profile is not None and any(can_attempt(profile, c) for c in spell.combinations)
        known = profile is not None and spell.id in profile.spells
        choices.append(Choice("spell", spell.id, CatalogName(spell.name), 0, usable, spell, int(known)))
    return choices


def stamp(army: PfpvArmy, catalogs: Catalogs) -> PfpvArmy:
    idx = index(catalogs)
    profiles = {u.profile: idx.profiles[u.profile] for u in army.units if u.profile in idx.profiles}
    spells = {sid: idx.spells[sid] for p in profiles.values() for sid in p.spells if sid in idx.spells}
    snapshot = Snapshot.model_validate(
        {"profiles": profiles, "spells": spells, "sources": idx.sources, "disciplines": idx.disciplines}
    )
    revisions = dict(catalogs.revisions())
    for ref in army.catalogs:  # a catalog not loaded now stays recorded as it was (AR-04)
        revisions.setdefault(ref.id, ref.revision)
    refs = tuple(CatalogRef(id=cid, revision=rev) for cid, rev in sorted(revisions.items()))
    return PfpvArmy.model_validate({**dict(army), "catalogs": refs, "snapshot": snapshot})


def compare(army: PfpvArmy, catalogs: Catalogs) -> list[Change]:
    """The catalogs the party was built with that are now at another revision, or not loaded (AR-04)."""
    return catalog_changes(army, catalogs)
