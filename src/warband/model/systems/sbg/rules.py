"""Strategy Battle Game army rules: what an army costs, how many models and how much Might, Will and Fate it
fields, what is wrong with it (AR-02, AR-03, SB-08, SB-X2), and what changed in its catalogs (AR-04).

Heroes come with their spells (SB-03): a player chooses profiles, numbers of warriors and the wargear options of
each (`wargear`), bought per model.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from warband.model import changes
from warband.model.army import (
    Change,
    Choice,
    Problem,
    Report,
    Unit,
    UnitCost,
    UnitRef,
    sort_problems,
    unit_label,
)
from warband.model.catalog import Catalogs, SpellsAndProfiles
from warband.model.changes import TrackedKind, note_use
from warband.model.messages import COMMA, N_, Phrase, joined
from warband.model.names import CatalogName, display_name
from warband.model.systems.sbg import GAME, wargear
from warband.model.systems.sbg.schema import Hero, Profile, SbgArmy, SbgUnit, Snapshot, Spell
from warband.model.unit_checks import Checked, Memo, UnitChecks

LISTED_NAMES = 3
"""How many units a sentence names before "and N more"."""


Index = SpellsAndProfiles[Spell, Profile]


def _build_index(c: Catalogs) -> Index:
    return SpellsAndProfiles(c.table("spells", Spell), c.table("profiles", Profile))


def index(catalogs: Catalogs) -> Index:
    """The catalogs' spells and profiles by id, built once per catalog load."""
    return catalogs.view("sbg.index", _build_index)


@dataclass(frozen=True)
class SbgTotals:
    """What an army fields: its points, its models, and the Might, Will and Fate of its heroes."""

    points: int
    models: int
    might: int
    will: int
    fate: int


def mwf_text(hero: Hero | None, none: str = "—") -> str:
    """'3/6/3' — Might/Will/Fate as profile cards print them; `none` for a warrior."""
    return none if hero is None else f"{hero.might}/{hero.will}/{hero.fate}"


def spell_names(
    hero: Hero | None, spells: Mapping[str, Spell], languages: Sequence[str] | None = None
) -> list[str]:
    """'Immobilise 3+' for each spell a hero knows, in the profile's order."""
    if hero is None:
        return []
    names: list[str] = []
    for known in hero.spells:
        spell = spells.get(known.spell)
        name = display_name(spell.name, languages) if spell is not None else known.spell
        names.append(f"{name} {known.casting}+")
    return names


def _names(labels: Sequence[str]) -> object:
    """'Théoden, Orc Shaman and 2 more' — a few names, so that a sentence stays a sentence."""
    shown = joined(labels[:LISTED_NAMES], COMMA)
    rest = len(labels) - LISTED_NAMES
    return Phrase(N_("{names} and {count} more"), names=shown, count=rest) if rest > 0 else shown


def _checks(catalogs: Catalogs) -> _UnitChecks:
    """Each unit's own problems and cost, kept per frozen unit for these catalogs (an edit checks one unit)."""
    return catalogs.view("sbg.unit_checks", lambda c: _UnitChecks(c))


class _UnitChecks(UnitChecks[Profile | None]):
    """The checks, which read the profiles of the army's snapshot (`kept`) besides the unit."""

    def __init__(self, catalogs: Catalogs) -> None:
        super().__init__(lambda unit, position: _check_unit(unit, position, catalogs, self.kept))
        self.kept: Mapping[str, Profile] = {}

    def of(self, army: SbgArmy) -> list[Checked[Profile | None]]:
        snapshot = army.snapshot
        self.kept = snapshot.profiles if snapshot is not None else {}
        return self.results(army.units, snapshot)


def validate(army: SbgArmy, catalogs: Catalogs) -> Report:
    """Costs ((profile cost + its wargear bought) × count); unknown profiles and wargear (AR-02); wargear its
    profile does not list or bought twice (SB-X2); heroes in numbers, named heroes held more than once (SB-08),
    mixed sides, limit (AR-03); profiles whose alignment the catalog does not know (SB-X1). Each unit is checked
    on its own and kept; the army's own rules are worked out from every unit's results."""
    checked = _checks(catalogs).of(army)
    problems: list[Problem] = _unique_problems(checked)
    sides: dict[str | None, list[str]] = {"good": [], "evil": [], None: []}
    for each in checked:
        problems.extend(each.problems)
        if each.extra is not None:
            sides[each.extra.alignment].append(each.cost.label)
    costs = tuple(each.cost for each in checked)
    if sides["good"] and sides["evil"]:
        problems.append(
            Problem.of("AR-03", "sbg.alignment", None, good=_names(sides["good"]), evil=_names(sides["evil"]))
        )
    if sides[None]:
        problems.append(Problem.of("SB-X1", "sbg.alignment_unknown", None, units=_names(sides[None])))
    total = sum(c.cost for c in costs)
    limit = army.points_limit
    if limit is not None and total > limit:
        problems.append(Problem.of("AR-03", "sbg.over_limit", None, total=total, limit=limit, over=total - limit))
    return Report("sbg", total, limit, costs, sort_problems(problems))


def _check_unit(
    unit: Unit, position: int, catalogs: Catalogs, kept: Mapping[str, Profile]
) -> Checked[Profile | None]:
    """One unit's own problems and cost, and its profile (None: unknown) for the army's rules."""
    assert isinstance(unit, SbgUnit)
    idx = index(catalogs)
    problems: list[Problem] = []
    profile = idx.profiles.get(unit.profile)
    label = unit_label(unit, profile)
    ref = UnitRef(unit.id, position, label)
    cost = 0
    if profile is None:
        problems.append(Problem.of("AR-02", "profile.unknown", ref, profile=unit.profile))
    else:
        cost = wargear.unit_cost(unit, profile)
        problems.extend(wargear.problems(unit, profile, kept.get(unit.profile), ref, catalogs))
        if profile.hero is not None and unit.count != 1:
            problems.append(Problem.of("AR-03", "sbg.hero_count", ref, unit=label, count=unit.count))
    return Checked(unit, UnitCost(unit.id, position, label, cost), tuple(problems), profile)


def _unique_problems(checked: list[Checked[Profile | None]]) -> list[Problem]:
    """SB-08: a named hero (`unique` in its catalog) held by two units, or by one with a count above 1: one
    problem, on the unit that holds it once too often (the second, or the one in numbers)."""
    held: dict[str, list[Checked[Profile | None]]] = {}
    for each in checked:
        if each.extra is not None and each.extra.unique:
            held.setdefault(each.unit.profile, []).append(each)
    problems: list[Problem] = []
    for units in held.values():
        count = sum(each.unit.count for each in units)
        if count < 2:
            continue
        profile = units[0].extra
        assert profile is not None
        labels = [each.cost.label for each in units]
        which = units[1 if len(units) > 1 else 0]
        hero = CatalogName(profile.name)
        problems.append(Problem.of("SB-08", "sbg.unique", which.ref, hero=hero, count=count, units=_names(labels)))
    return problems


def totals(army: SbgArmy, catalogs: Catalogs) -> SbgTotals:
    """Points and models of the whole army; Might, Will and Fate of its heroes (each hero × its count).

    A unit of an unknown profile (AR-02) counts its models but no points, as `validate` does; its wargear is
    counted as `validate` counts it.
    """
    idx = index(catalogs)
    points = models = might = will = fate = 0
    for unit in army.units:
        models += unit.count
        profile = idx.profiles.get(unit.profile)
        if profile is None:
            continue
        points += wargear.unit_cost(unit, profile)
        if profile.hero is not None:
            might += profile.hero.might * unit.count
            will += profile.hero.will * unit.count
            fate += profile.hero.fate * unit.count
    return SbgTotals(points, models, might, will, fate)


KEPT_OPTIONS = 16
"""Units whose choices are kept: the picker goes back and forth between a few."""


def options(army: SbgArmy, unit_id: str, catalogs: Catalogs) -> list[Choice]:
    """What the unit may take: its profile's wargear options (kind "wargear", at their cost per model, each
    `owned` as many times as the unit holds it), then the options it holds that its profile does not list
    (refused, with the reason: AR-02, SB-X2); and a hero's spells, which come with its profile, listed held, for
    information. Kept per frozen unit and place: an edit of another unit recomputes nothing."""
    position, found = next(((i, u) for i, u in enumerate(army.units) if u.id == unit_id), (None, None))
    if found is None or position is None:
        raise KeyError(f"the army has no unit {unit_id!r}")
    kept = army.snapshot.profiles.get(found.profile) if army.snapshot is not None else None
    memo = catalogs.view("sbg.choices", lambda _c: Memo[tuple[Choice, ...]](KEPT_OPTIONS))
    key = (id(found), position, id(kept))
    return list(memo.get(key, lambda: tuple(_choices(found, position, kept, catalogs)), alive=(found, kept)))


def _choices(found: SbgUnit, position: int, kept: Profile | None, catalogs: Catalogs) -> list[Choice]:
    idx = index(catalogs)
    profile = idx.profiles.get(found.profile)
    ref = UnitRef(found.id, position, unit_label(found, profile))
    choices = wargear.choices(found, profile, kept, ref)
    if profile is None or profile.hero is None:
        return choices
    for known in profile.hero.spells:
        spell = idx.spells.get(known.spell)
        name = CatalogName(spell.name) if spell is not None else known.spell
        choices.append(Choice("spell", known.spell, name, 0, True, spell, 1))
    return choices


# --- AR-04: what the army was built with, and what changed since ----------------------------------------------
KIND_NAMES: dict[str, str] = {"profiles": N_("Profile"), "spells": N_("Spell")}


def _used(
    army: SbgArmy, idx: Index, kept: Mapping[str, Profile] | None = None
) -> dict[tuple[str, str], list[str]]:
    """Every entry the army uses (kind, id) → the labels of the units using it: profiles and their spells.

    `kept`: profiles of an earlier snapshot, for the spells of a profile the catalogs no longer have.
    """
    used: dict[tuple[str, str], list[str]] = {}
    for unit in army.units:
        profile = idx.profiles.get(unit.profile) or (kept or {}).get(unit.profile)
        label = unit_label(unit, profile)
        note_use(used, "profiles", unit.profile, label)
        if profile is not None and profile.hero is not None:
            for known in profile.hero.spells:
                note_use(used, "spells", known.spell, label)
    return used


def _kinds(idx: Index) -> dict[str, TrackedKind]:
    return {
        "profiles": TrackedKind(KIND_NAMES["profiles"], idx.profiles, _profile_differences, "sbg.change.profile"),
        # a spell comes with its profile: recorded, and a change to it shows there
        "spells": TrackedKind(KIND_NAMES["spells"], idx.spells, compared=False),
    }


def stamp(army: SbgArmy, catalogs: Catalogs) -> SbgArmy:
    """The army recording its catalogs' revisions and a copy of every entry it uses (AR-04)."""
    idx = index(catalogs)
    old = army.snapshot or Snapshot()
    return changes.stamp(army, catalogs, _used(army, idx, old.profiles), _kinds(idx), Snapshot)


def _profile_differences(before: Profile, after: Profile) -> list[str]:
    """The parts of a profile that changed, as a player names them."""
    differing: list[str] = []
    if before.alignment != after.alignment:
        differing.append("alignment")
    if before.courage != after.courage:
        differing.append("Courage")
    if before.wargear != after.wargear:
        differing.append("wargear")
    if before.stats != after.stats or before.raw != after.raw:
        differing.append("characteristics")
    if before.heroic_tier != after.heroic_tier:
        differing.append("heroic tier")
    old, new = before.hero, after.hero
    if (old is None) != (new is None):
        differing.append("hero or warrior")
    elif old is not None and new is not None:
        for field, name in (("might", "Might"), ("will", "Will"), ("fate", "Fate"), ("wounds", "Wounds")):
            if getattr(old, field) != getattr(new, field):
                differing.append(name)
        if old.spells != new.spells:
            differing.append("spells")
    return differing


def compare(army: SbgArmy, catalogs: Catalogs) -> list[Change]:
    """Catalog revisions, profiles gone, costs and profile values changed since the army was stamped; then the
    wargear bought that its profile no longer offers, or whose cost changed."""
    idx = index(catalogs)
    kept = army.snapshot.profiles if army.snapshot is not None else None
    told = changes.compare(army, catalogs, _used(army, idx, kept), _kinds(idx), GAME.points_name)
    labels = [
        unit_label(unit, idx.profiles.get(unit.profile) or (kept or {}).get(unit.profile)) for unit in army.units
    ]
    return told + wargear.changes(army, idx.profiles, kept or {}, labels, GAME.points_name)
