"""Strategy Battle Game wargear bought per model (a horse, a shield, a bow): what a unit's options cost (each one
per model, so × the unit's count for warriors), what is wrong with them, what a unit may take, and what changed
for them in the catalogs (AR-04).

A unit's `wargear` holds ids of its profile's options. One its profile does not list, or one bought twice, is a
problem under SB-X2 (provisional: the rules summarised in RULES.md say nothing of wargear, whose lists are the
catalog's); one the catalogs no longer know — the unit's profile listed it when the army was saved, or no profile
of the loaded catalogs lists it — is an AR-02 entry: kept, flagged, never counted, saved back unchanged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from warband.model.army import Change, Choice, Problem, UnitRef
from warband.model.catalog import Catalogs
from warband.model.messages import COMMA, N_, joined, term
from warband.model.names import CatalogName
from warband.model.systems.sbg.schema import Profile, SbgArmy, SbgUnit, Wargear

RULE = "SB-X2"
"""Provisional rule ID of wargear a profile does not list, or bought twice."""
KIND = "wargear"
"""The `Choice.kind` of a wargear option: the unit's field of the same name holds it (list import, rosters)."""
KIND_NAME = N_("Wargear")


def known_ids(catalogs: Catalogs) -> frozenset[str]:
    """The ids of every wargear option some profile of the catalogs lists, built once per catalog load."""

    def build(c: Catalogs) -> frozenset[str]:
        return frozenset(w.id for p in c.table("profiles", Profile).values() for w in p.wargear)

    return catalogs.view("sbg.wargear", build)


def option(profile: Profile | None, wargear_id: str) -> Wargear | None:
    """The option of that id the profile lists, if it does."""
    if profile is None:
        return None
    return next((w for w in profile.wargear if w.id == wargear_id), None)


def held(unit: SbgUnit) -> dict[str, int]:
    """The options the unit holds, each with how many times it is listed, in the order first listed."""
    return dict(Counter(unit.wargear))


def unit_cost(unit: SbgUnit, profile: Profile) -> int:
    """The unit's points: its profile's cost and each option it holds that the profile lists (as many times as it
    is listed: a duplicate is a problem, never counted as 0), per model, × its count."""
    per_model = profile.cost
    for wargear_id in unit.wargear:
        found = option(profile, wargear_id)
        if found is not None:
            per_model += found.cost
    return per_model * unit.count


def problems(
    unit: SbgUnit,
    profile: Profile,
    kept: Profile | None,
    ref: UnitRef,
    catalogs: Catalogs,
) -> list[Problem]:
    """What is wrong with the unit's wargear: an option the catalogs no longer know (AR-02), one its profile does
    not list or one bought twice (SB-X2). `kept`: the profile as the army saved it (its snapshot), if it did."""
    found: list[Problem] = []
    label = ref.label
    for wargear_id, times in held(unit).items():
        listed = option(profile, wargear_id)
        if listed is None:
            was = option(kept, wargear_id)
            if was is not None or wargear_id not in known_ids(catalogs):
                name = CatalogName(was.name) if was is not None else wargear_id
                found.append(Problem.of("AR-02", "sbg.wargear_unknown", ref, wargear=name, unit=label))
            else:
                found.append(
                    Problem.of(
                        RULE,
                        "sbg.wargear_not_listed",
                        ref,
                        wargear=wargear_id,
                        unit=label,
                        profile=CatalogName(profile.name),
                    )
                )
            continue
        if times > 1:
            found.append(
                Problem.of(
                    RULE, "sbg.wargear_twice", ref, wargear=CatalogName(listed.name), unit=label, times=times
                )
            )
    return found


def choices(unit: SbgUnit, profile: Profile | None, kept: Profile | None, ref: UnitRef) -> list[Choice]:
    """The options the unit may take (its profile's wargear, each at its cost per model, eligible), then those it
    holds that its profile does not list (refused, with the reason: AR-02 or SB-X2), so they can be taken back."""
    owned = held(unit)
    made: list[Choice] = []
    listed_ids: set[str] = set()
    for offered in profile.wargear if profile is not None else ():
        listed_ids.add(offered.id)
        made.append(
            Choice(
                KIND, offered.id, CatalogName(offered.name), offered.cost, True, offered, owned.get(offered.id, 0)
            )
        )
    for wargear_id, times in owned.items():
        if wargear_id in listed_ids:
            continue
        was = option(kept, wargear_id)
        name = CatalogName(was.name) if was is not None else wargear_id
        if profile is None:
            reason = Problem.of("AR-02", "profile.unknown", ref, profile=unit.profile)
        elif was is not None:
            reason = Problem.of("AR-02", "sbg.wargear_unknown", ref, wargear=name, unit=ref.label)
        else:
            reason = Problem.of(
                RULE,
                "sbg.wargear_not_listed",
                ref,
                wargear=wargear_id,
                unit=ref.label,
                profile=CatalogName(profile.name),
            )
        made.append(Choice(KIND, wargear_id, name, 0, False, was, times, _because(reason)))
    return made


def _because(reason: Problem) -> Callable[[Choice], tuple[Problem, ...]]:
    def why(_choice: Choice) -> tuple[Problem, ...]:
        return (reason,)

    return why


# --- AR-04: what changed for the wargear bought -----------------------------------------------------------------
@dataclass(frozen=True)
class _Bought:
    before: Wargear
    after: Wargear | None
    labels: list[str]


def changes(
    army: SbgArmy,
    profiles: Mapping[str, Profile],
    kept: Mapping[str, Profile],
    labels: Sequence[str],
    points: str | None,
) -> list[Change]:
    """For each option bought (in army order), whose profile the army saved and the catalogs still have: gone from
    the profile, or its cost changed. `labels`: each unit's label, in army order."""
    bought: dict[tuple[str, str], _Bought] = {}
    for unit, label in zip(army.units, labels, strict=True):
        before_profile, after_profile = kept.get(unit.profile), profiles.get(unit.profile)
        if before_profile is None or after_profile is None:
            continue  # never recorded, or the profile itself is gone (told as such)
        for wargear_id in held(unit):
            before = option(before_profile, wargear_id)
            if before is None:
                continue  # not recorded: validation tells what is wrong with it
            entry = bought.setdefault(
                (unit.profile, wargear_id), _Bought(before, option(after_profile, wargear_id), [])
            )
            if label not in entry.labels:
                entry.labels.append(label)
    told: list[Change] = []
    for (profile_id, wargear_id), entry in bought.items():
        said = {
            "kind": term(KIND_NAME),
            "entry": CatalogName(entry.before.name),
            "units": joined(entry.labels, COMMA),
        }
        key = (KIND, f"{profile_id}/{wargear_id}", tuple(entry.labels))
        if entry.after is None:
            profile = CatalogName(profiles[profile_id].name)
            told.append(Change.of("sbg.change.wargear_gone", *key, **said, profile=profile))
        elif entry.after.cost != entry.before.cost:
            told.append(
                Change.of(
                    "change.cost",
                    *key,
                    **said,
                    old=entry.before.cost,
                    new=entry.after.cost,
                    points=term(points or ""),
                )
            )
    return told
