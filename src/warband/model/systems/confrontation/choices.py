"""What a Confrontation unit may take (`options`), kept per unit and profile: an edit of what it holds patches
the counts of a few choices, and an edit of another unit recomputes nothing.

Every choice but what the unit holds depends on the unit's id, place, label and profile only (its reasons name
it): those choices are built once (`ChoiceBase`) and the held counts are counted in on each call.
"""

from __future__ import annotations

from collections import Counter
from typing import cast

from warband.model.army import Choice, Problem, UnitRef, unit_label
from warband.model.catalog import Catalogs
from warband.model.names import CatalogName, english_name
from warband.model.systems.confrontation.rules import _Judge, describe_allowed, index, item_allowed
from warband.model.systems.confrontation.schema import ConfrontationArmy, ConfrontationUnit, Item, Miracle
from warband.model.unit_checks import ChoiceBase, Memo

BASES = 16
"""Units whose choices are kept: the picker goes back and forth between a few."""


def _bases(catalogs: Catalogs) -> Memo[ChoiceBase]:
    return catalogs.view("confrontation.choice_bases", lambda _c: Memo(BASES))


def unit_options(army: ConfrontationArmy, unit_id: str, catalogs: Catalogs) -> list[Choice]:
    """Every miracle and item of the catalogs for this unit: eligible or not, with all the reasons on demand.

    A picker over thousands of miracles is refreshed after every edit, so this stays lean: the verdicts are
    kept per profile, the choices per unit and profile, and the reasons are worked out when read.
    """
    position, unit = next(((i, u) for i, u in enumerate(army.units) if u.id == unit_id), (None, None))
    if unit is None or position is None:
        raise KeyError(f"the army has no unit {unit_id!r}")
    key = (unit.id, position, unit.label, unit.profile)  # all that the choices but the counts read of the unit
    base = _bases(catalogs).get(key, lambda: ChoiceBase.of(_choices(unit, position, catalogs)))
    return base.held((("miracle", dict(Counter(unit.miracles))), ("item", dict(Counter(unit.items)))))


def _choices(unit: ConfrontationUnit, position: int, catalogs: Catalogs) -> list[Choice]:
    """The unit's choices as though it held nothing."""
    idx = index(catalogs)
    profile = idx.profiles.get(unit.profile)
    label = unit_label(unit, profile)
    ref = UnitRef(unit.id, position, label)
    new = tuple.__new__
    choices: list[Choice] = []
    append = choices.append

    def item_refused(choice: Choice) -> tuple[Problem, ...]:
        item = cast(Item, choice.entry)
        allowed = describe_allowed(item, catalogs)
        return (
            Problem.of("CF-07", "item.restricted", ref, item=CatalogName(item.name), allowed=allowed, unit=label),
        )

    if profile is None:
        unknown = (Problem.of("AR-02", "profile.unknown", ref, profile=unit.profile),)

        def profile_unknown(choice: Choice) -> tuple[Problem, ...]:
            return unknown

        for m in idx.miracles.values():
            append(new(Choice, ("miracle", m.id, idx.name(m), m.cost, False, m, 0, profile_unknown)))
        for i in idx.items.values():
            append(new(Choice, ("item", i.id, english_name(i.name), i.cost, False, i, 0, profile_unknown)))
        return choices

    if profile.faithful is None:

        def not_faithful(choice: Choice) -> tuple[Problem, ...]:
            return (
                Problem.of(
                    "CF-01",
                    "miracle.not_faithful",
                    ref,
                    miracle=CatalogName(cast(Miracle, choice.entry).name),
                    unit=label,
                ),
            )

        for m in idx.miracles.values():
            append(new(Choice, ("miracle", m.id, idx.name(m), m.cost, False, m, 0, not_faithful)))
    else:
        judge = _Judge(label, profile.faithful, idx)
        verdicts = idx.verdicts.get(profile.id)
        if verdicts is None:  # every unit of the profile is judged alike: once
            verdicts = [(m, idx.name(m), judge.may_take(m)) for m in idx.miracles.values()]
            idx.verdicts[profile.id] = verdicts

        def refused(choice: Choice) -> tuple[Problem, ...]:
            return tuple(judge.reasons(cast(Miracle, choice.entry), ref))

        for m, name, eligible in verdicts:
            append(new(Choice, ("miracle", m.id, name, m.cost, eligible, m, 0, None if eligible else refused)))
    for i in idx.items.values():
        allowed = item_allowed(i, profile)
        why_item = None if allowed else item_refused
        append(new(Choice, ("item", i.id, english_name(i.name), i.cost, allowed, i, 0, why_item)))
    return choices
