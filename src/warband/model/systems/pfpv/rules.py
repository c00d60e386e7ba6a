"""A party of « Par le Fer et par le Verbe » characters: no points; what each may attempt (PF-01)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from warband.model import changes
from warband.model.army import Change, Choice, Problem, Report, Unit, UnitCost, UnitRef, sort_problems
from warband.model.catalog import Catalogs, Table
from warband.model.changes import TrackedKind, Used, note_use
from warband.model.messages import N_
from warband.model.names import CatalogName
from warband.model.systems.pfpv.characters import built, character_problems, name_of, sheet_of
from warband.model.systems.pfpv.schema import Combination, Discipline, PfpvArmy, Profile, Snapshot, Source, Spell
from warband.model.unit_checks import Checked, Memo, UnitChecks


@dataclass(frozen=True)
class Index:
    """The merged catalogs' tables, by id."""

    sources: Table[object]
    """Each a `Source` (checked): typed `object` for the callers that take a `dict[str, object]` of names."""
    disciplines: Table[object]
    """Each a `Discipline` (checked), typed as `sources` is."""
    spells: Table[Spell]
    profiles: Table[Profile]


def _build_index(c: Catalogs) -> Index:
    return Index(
        c.table("sources", Source),
        c.table("disciplines", Discipline),
        c.table("spells", Spell),
        c.table("profiles", Profile),
    )


def index(catalogs: Catalogs) -> Index:
    """The catalogs' sources, disciplines, spells and profiles by id, built once per catalog load."""
    return catalogs.view("pfpv.index", _build_index)


def can_attempt(profile: Profile, combination: Combination) -> bool:
    """PF-01/PF-02/PF-03: a character attempts a combination with a Contact skill in each of its sources and a
    skill in each of its disciplines."""
    return all(p.id in profile.contact for p in combination.sources) and all(
        p.id in profile.disciplines for p in combination.disciplines
    )


def _checks(catalogs: Catalogs) -> UnitChecks[None]:
    """Each character's problems, kept per frozen unit for these catalogs (an edit checks one character)."""
    return catalogs.view("pfpv.unit_checks", lambda c: UnitChecks(lambda u, i: _check_unit(u, i, c)))


def validate(army: PfpvArmy, catalogs: Catalogs) -> Report:
    """A party has no points: only entries the catalogs no longer know are reported (AR-02), and for a character
    built in the party, its skills and spells the catalogs do not know (AR-02) and a Don too low (PF-X2). A built
    character names no catalog profile: none is missing. Each character is checked on its own, and kept."""
    checked = _checks(catalogs).results(army.units)
    problems = [p for each in checked for p in each.problems]
    costs = tuple(each.cost for each in checked)
    return Report("pfpv", 0, army.points_limit, costs, sort_problems(problems))


def _check_unit(unit: Unit, position: int, catalogs: Catalogs) -> Checked[None]:
    idx = index(catalogs)
    problems: list[Problem] = []
    character = built(unit)
    profile = idx.profiles.get(unit.profile) if character is None else None
    label = name_of(unit, profile)
    ref = UnitRef(unit.id, position, label)
    if character is not None:
        problems.extend(character_problems(character, ref, idx.sources, idx.disciplines, idx.spells))
    elif profile is None:
        problems.append(Problem.of("AR-02", "profile.unknown", ref, profile=unit.profile))
    return Checked(unit, UnitCost(unit.id, position, label, 0), tuple(problems), None)


KEPT_OPTIONS = 16
"""Characters whose choices are kept: the picker goes back and forth between a few."""


def options(army: PfpvArmy, unit_id: str, catalogs: Catalogs) -> list[Choice]:
    """Every spell of the catalogs for this character (a catalog's or a built one): whether it knows it and can
    attempt one of its combinations (the others are listed, not eligible). They read the character alone: kept
    per frozen unit, so an edit of another character recomputes nothing."""
    unit = army.unit(unit_id)
    if unit is None:
        raise KeyError(f"the party has no character {unit_id!r}")
    kept = catalogs.view("pfpv.choices", lambda _c: Memo[tuple[Choice, ...]](KEPT_OPTIONS))
    return list(kept.get(id(unit), lambda: tuple(_choices(unit, catalogs)), alive=unit))


def _choices(unit: Unit, catalogs: Catalogs) -> list[Choice]:
    idx = index(catalogs)
    profile = sheet_of(unit, idx.profiles)
    choices: list[Choice] = []
    for spell in idx.spells.values():
        usable = profile is not None and any(can_attempt(profile, c) for c in spell.combinations)
        known = profile is not None and spell.id in profile.spells
        choices.append(Choice("spell", spell.id, CatalogName(spell.name), 0, usable, spell, int(known)))
    return choices


def _used(army: PfpvArmy, idx: Index, kept: Mapping[str, Profile]) -> Used:
    """What a party records: its characters' profiles and the spells they know (`kept`: the profiles of the
    snapshot before, for a profile the catalogs no longer have), and every source and discipline, which a scene
    names and links (PF-02). A character built in the party uses no catalog profile (the one it was built from
    is neither recorded nor compared): only the spells it knows."""
    used: dict[tuple[str, str], list[str]] = {}
    for unit in army.units:
        character = built(unit)
        profile = (idx.profiles.get(unit.profile) or kept.get(unit.profile)) if character is None else None
        label = name_of(unit, profile)
        if character is None:
            note_use(used, "profiles", unit.profile, label)
        spells = character.spells if character is not None else profile.spells if profile is not None else ()
        for spell_id in spells:
            note_use(used, "spells", spell_id, label)
    for kind, table in (("sources", idx.sources), ("disciplines", idx.disciplines)):
        for entry_id in table:
            used[(kind, entry_id)] = []
    return used


KIND_NAMES: dict[str, str] = {"profiles": N_("Character"), "spells": N_("Spell")}


def _kinds(idx: Index, catalogs: Catalogs) -> dict[str, TrackedKind]:
    """What a party records, and what it tells once the catalogs changed: a character or a spell it knows gone
    from them (a party has no costs; its characters' numbers are the catalog's, read anew)."""
    return {
        "sources": TrackedKind.recorded(catalogs.table("sources", Source)),
        "disciplines": TrackedKind.recorded(catalogs.table("disciplines", Discipline)),
        "spells": TrackedKind(KIND_NAMES["spells"], idx.spells),
        "profiles": TrackedKind(KIND_NAMES["profiles"], idx.profiles),
    }


def stamp(army: PfpvArmy, catalogs: Catalogs) -> PfpvArmy:
    """The party recording its catalogs' revisions and a copy of every entry it uses (AR-04); a character (and
    the spells it knows) the catalogs no longer have keeps its last known copy (AR-02)."""
    idx = index(catalogs)
    old = army.snapshot or Snapshot()
    return changes.stamp(army, catalogs, _used(army, idx, old.profiles), _kinds(idx, catalogs), Snapshot)


def compare(army: PfpvArmy, catalogs: Catalogs) -> list[Change]:
    """What changed for the party since it was saved (AR-04): the catalogs now at another revision or not
    loaded, and each character or spell it knows that the catalogs no longer have."""
    idx = index(catalogs)
    old = army.snapshot or Snapshot()
    used = {key: labels for key, labels in _used(army, idx, old.profiles).items() if labels}
    return changes.compare(army, catalogs, used, _kinds(idx, catalogs), None)
