"""Litany's army rules: who may take which prayer (LI-01), how many (LI-02), what it all costs, what changed
since the army was saved (AR-04, with Warband's shared helpers)."""

from __future__ import annotations

from typing import cast

from litany import GAME
from litany.schema import LitanyArmy, LitanyUnit, Prayer, Profile, Snapshot
from warband.model import changes
from warband.model.army import Change, Choice, Problem, Report, UnitCost, UnitRef, sort_problems, unit_label
from warband.model.catalog import Catalogs, Table
from warband.model.changes import TrackedKind, note_use
from warband.model.messages import N_
from warband.model.names import CatalogName


class Index:
    """The catalogs' profiles and prayers by id, built once per catalog load."""

    def __init__(self, catalogs: Catalogs) -> None:
        self.profiles: Table[Profile] = catalogs.table("profiles", Profile)
        self.prayers: Table[Prayer] = catalogs.table("prayers", Prayer)


def index(catalogs: Catalogs) -> Index:
    return catalogs.view("litany.index", Index)


def prayer_reasons(prayer: Prayer, profile: Profile, label: str, ref: UnitRef | None) -> tuple[Problem, ...]:
    """LI-01: a prayer is for a priest whose piety is at least the prayer's requirement."""
    name = CatalogName(prayer.name)
    if profile.piety is None:
        return (Problem.of("LI-01", "litany.not_priest", ref, unit=label, prayer=name),)
    if profile.piety < prayer.min_piety:
        return (
            Problem.of(
                "LI-01",
                "litany.piety_low",
                ref,
                prayer=name,
                needed=prayer.min_piety,
                unit=label,
                piety=profile.piety,
            ),
        )
    return ()


def validate(army: LitanyArmy, catalogs: Catalogs) -> Report:
    idx = index(catalogs)
    problems: list[Problem] = []
    costs: list[UnitCost] = []
    for position, unit in enumerate(army.units):
        profile = idx.profiles.get(unit.profile)
        label = unit_label(unit, profile)
        ref = UnitRef(unit.id, position, label)
        cost = 0
        if profile is None:
            problems.append(Problem.of("AR-02", "profile.unknown", ref, profile=unit.profile))
        else:
            cost += profile.cost
        for prayer_id in unit.prayers:
            prayer = idx.prayers.get(prayer_id)
            if prayer is None:
                problems.append(Problem.of("AR-02", "litany.prayer_unknown", ref, prayer=prayer_id, unit=label))
                continue
            cost += prayer.cost
            if profile is not None:
                problems.extend(prayer_reasons(prayer, profile, label, ref))
        if profile is not None and profile.piety is not None and len(unit.prayers) > profile.piety:
            problems.append(
                Problem.of(
                    "LI-02", "litany.too_many", ref, unit=label, held=len(unit.prayers), piety=profile.piety
                )
            )
        costs.append(UnitCost(unit.id, position, label, cost))
    total = sum(c.cost for c in costs)
    limit = army.points_limit
    if limit is not None and total > limit:
        problems.append(
            Problem.of("AR-03", "litany.over_limit", None, total=total, limit=limit, over=total - limit)
        )
    return Report(GAME.id, total, limit, tuple(costs), sort_problems(problems))


def _full(unit: LitanyUnit, profile: Profile, label: str, ref: UnitRef) -> tuple[Problem, ...]:
    """LI-02: a priest holding as many prayers as its piety takes no other."""
    if profile.piety is not None and len(unit.prayers) >= profile.piety:
        return (Problem.of("LI-02", "litany.full", ref, unit=label, held=len(unit.prayers)),)
    return ()


def options(army: LitanyArmy, unit_id: str, catalogs: Catalogs) -> list[Choice]:
    """Every prayer, for this unit: whether it may take it (LI-01, LI-02), and why not."""
    idx = index(catalogs)
    found = next(((i, u) for i, u in enumerate(army.units) if u.id == unit_id), None)
    if found is None:
        raise KeyError(f"the army has no unit {unit_id!r}")
    position, unit = found
    profile = idx.profiles.get(unit.profile)
    label = unit_label(unit, profile)
    ref = UnitRef(unit.id, position, label)

    def refused(choice: Choice) -> tuple[Problem, ...]:
        if profile is None:
            return (Problem.of("AR-02", "profile.unknown", ref, profile=unit.profile),)
        return prayer_reasons(cast(Prayer, choice.entry), profile, label, ref) + _full(unit, profile, label, ref)

    full = profile is not None and bool(_full(unit, profile, label, ref))
    choices: list[Choice] = []
    for prayer in idx.prayers.values():
        eligible = profile is not None and not full and not prayer_reasons(prayer, profile, label, ref)
        owned = unit.prayers.count(prayer.id)
        why = None if eligible else refused
        choices.append(
            Choice("prayer", prayer.id, CatalogName(prayer.name), prayer.cost, eligible, prayer, owned, why)
        )
    return choices


def _used(army: LitanyArmy) -> dict[tuple[str, str], list[str]]:
    used: dict[tuple[str, str], list[str]] = {}
    for unit in army.units:
        label = unit.label or unit.profile
        note_use(used, "profiles", unit.profile, label)
        for prayer_id in unit.prayers:
            note_use(used, "prayers", prayer_id, label)
    return used


def _kinds(catalogs: Catalogs) -> dict[str, TrackedKind]:
    idx = index(catalogs)
    return {
        "profiles": TrackedKind(N_("Profile"), idx.profiles, ("piety",)),
        "prayers": TrackedKind(N_("Prayer"), idx.prayers, ("difficulty", "min_piety")),
    }


def stamp(army: LitanyArmy, catalogs: Catalogs) -> LitanyArmy:
    """The army recording its catalogs' revisions and a copy of every entry it uses (AR-04)."""
    return changes.stamp(army, catalogs, _used(army), _kinds(catalogs), Snapshot)


def compare(army: LitanyArmy, catalogs: Catalogs) -> list[Change]:
    """What changed for the army since it was stamped (AR-04)."""
    return changes.compare(army, catalogs, _used(army), _kinds(catalogs), GAME.points_name)
