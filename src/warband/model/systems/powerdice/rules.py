"""Power-dice army rules: which spells a caster may use (PD-01), what it all costs, what changed (AR-04)."""

from __future__ import annotations

from collections import Counter
from typing import cast

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
from warband.model.messages import N_, OR, joined, term
from warband.model.names import CatalogName
from warband.model.systems.powerdice import GAME
from warband.model.systems.powerdice.schema import (
    TRAIT_NAMES,
    Caster,
    PowerDiceArmy,
    PowerDiceUnit,
    Profile,
    Snapshot,
    Spell,
)
from warband.model.unit_checks import Checked, ChoiceBase, Memo, UnitChecks

Index = SpellsAndProfiles[Spell, Profile]


def _build_index(c: Catalogs) -> Index:
    return SpellsAndProfiles(c.table("spells", Spell), c.table("profiles", Profile))


def index(catalogs: Catalogs) -> Index:
    """The catalogs' spells and profiles by id, built once per catalog load."""
    return catalogs.view("powerdice.index", _build_index)


def traits_text(traits: tuple[str, ...]) -> object:
    """'magician or shaman (druid)', in the language of the sentence (`messages.localised`)."""
    return joined([term(TRAIT_NAMES[t]) for t in traits], OR)


def shares_trait(caster: Caster, spell: Spell) -> bool:
    """PD-01: a caster may use only spells that share at least one trait with it."""
    return bool(set(caster.traits) & set(spell.traits))


def spell_reasons(spell: Spell, profile: Profile, label: str, ref: UnitRef | None) -> tuple[Problem, ...]:
    name = CatalogName(spell.name)
    if profile.caster is None:
        return (Problem.of("PD-01", "spell.not_caster", ref, unit=label, spell=name),)
    if not shares_trait(profile.caster, spell):
        return (
            Problem.of(
                "PD-01",
                "spell.no_trait",
                ref,
                spell=name,
                traits=traits_text(spell.traits),
                unit=label,
                caster=traits_text(profile.caster.traits),
            ),
        )
    return ()


def _checks(catalogs: Catalogs) -> UnitChecks[None]:
    """Each unit's own problems and cost, kept per frozen unit for these catalogs (an edit checks one unit)."""
    return catalogs.view("powerdice.unit_checks", lambda c: UnitChecks(lambda u, i: _check_unit(u, i, c)))


def validate(army: PowerDiceArmy, catalogs: Catalogs) -> Report:
    """Costs, PD-01, AR-02 and AR-03; each unit checked on its own and kept, the limit worked out from them."""
    checked = _checks(catalogs).results(army.units)
    problems: list[Problem] = [p for each in checked for p in each.problems]
    costs = tuple(each.cost for each in checked)
    total = sum(c.cost for c in costs)
    limit = army.points_limit
    if limit is not None and total > limit:
        problems.append(Problem.of("AR-03", "army.over_limit", None, total=total, limit=limit, over=total - limit))
    return Report("powerdice", total, limit, costs, sort_problems(problems))


def _check_unit(unit: Unit, position: int, catalogs: Catalogs) -> Checked[None]:
    assert isinstance(unit, PowerDiceUnit)
    idx = index(catalogs)
    problems: list[Problem] = []
    profile = idx.profiles.get(unit.profile)
    label = unit_label(unit, profile)
    ref = UnitRef(unit.id, position, label)
    cost = 0
    if profile is None:
        problems.append(Problem.of("AR-02", "profile.unknown", ref, profile=unit.profile))
    else:
        cost += profile.cost
    for spell_id, times in Counter(unit.spells).items():
        spell = idx.spells.get(spell_id)
        if spell is None:
            problems.append(Problem.of("AR-02", "spell.unknown", ref, spell=spell_id, unit=label))
            continue
        cost += spell.cost * times
        if profile is not None:
            problems.extend(spell_reasons(spell, profile, label, ref))
        if times > 1:
            problems.append(
                Problem.of("AR-03", "spell.duplicate", ref, unit=label, spell=CatalogName(spell.name), times=times)
            )
    return Checked(unit, UnitCost(unit.id, position, label, cost), tuple(problems), None)


BASES = 16
"""Units whose choices are kept: the picker goes back and forth between a few."""


def options(army: PowerDiceArmy, unit_id: str, catalogs: Catalogs) -> list[Choice]:
    """Every spell, for this unit: whether it may use it (PD-01), and why not. The choices are kept per unit
    (id, place, label, profile: all their reasons read); what it holds is counted in on each call."""
    found = next(((i, u) for i, u in enumerate(army.units) if u.id == unit_id), None)
    if found is None:
        raise KeyError(f"the army has no unit {unit_id!r}")
    position, unit = found
    bases = catalogs.view("powerdice.choice_bases", lambda _c: Memo[ChoiceBase](BASES))
    key = (unit.id, position, unit.label, unit.profile)
    base = bases.get(key, lambda: ChoiceBase.of(_choices(unit, position, catalogs)))
    return base.held((("spell", dict(Counter(unit.spells))),))


def _choices(unit: PowerDiceUnit, position: int, catalogs: Catalogs) -> list[Choice]:
    """The unit's choices as though it held nothing."""
    idx = index(catalogs)
    profile = idx.profiles.get(unit.profile)
    label = unit_label(unit, profile)
    ref = UnitRef(unit.id, position, label)
    unknown = (Problem.of("AR-02", "profile.unknown", ref, profile=unit.profile),)

    def refused(choice: Choice) -> tuple[Problem, ...]:
        if profile is None:
            return unknown
        return spell_reasons(cast(Spell, choice.entry), profile, label, ref)

    choices: list[Choice] = []
    for spell in idx.spells.values():
        eligible = profile is not None and not spell_reasons(spell, profile, label, ref)
        choices.append(
            Choice(
                "spell",
                spell.id,
                CatalogName(spell.name),
                spell.cost,
                eligible,
                spell,
                0,
                None if eligible else refused,
            )
        )
    return choices


def _used(army: PowerDiceArmy) -> dict[tuple[str, str], list[str]]:
    used: dict[tuple[str, str], list[str]] = {}
    for unit in army.units:
        label = unit.label or unit.profile
        note_use(used, "profiles", unit.profile, label)
        for spell_id in unit.spells:
            note_use(used, "spells", spell_id, label)
    return used


def _kinds(catalogs: Catalogs) -> dict[str, TrackedKind]:
    idx = index(catalogs)
    return {
        "spells": TrackedKind(N_("Spell"), idx.spells, ("traits", "difficulty", "duration")),
        "profiles": TrackedKind(N_("Profile"), idx.profiles, ("caster",)),
    }


def stamp(army: PowerDiceArmy, catalogs: Catalogs) -> PowerDiceArmy:
    """The army recording its catalogs' revisions and a copy of every entry it uses (AR-04)."""
    return changes.stamp(army, catalogs, _used(army), _kinds(catalogs), Snapshot)


def compare(army: PowerDiceArmy, catalogs: Catalogs) -> list[Change]:
    """What changed for the army since it was stamped (AR-04)."""
    return changes.compare(army, catalogs, _used(army), _kinds(catalogs), GAME.points_name)
