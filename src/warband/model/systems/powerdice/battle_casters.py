"""The casters of a power-dice battle: the battle started with every caster's dice (PD-02), each caster with its
unit, profile and state, and the refusal of an action in the wrong step (PD-03)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from warband.model import changes
from warband.model.army import Problem, UnitRef, unit_label
from warband.model.catalog import Catalogs
from warband.model.edits import replace
from warband.model.messages import term
from warband.model.names import CatalogName
from warband.model.systems.powerdice.battle_state import (
    STEP_NAMES,
    CasterState,
    PowerDiceBattle,
    RulesOptions,
    Side,
)
from warband.model.systems.powerdice.schema import Caster, PowerDiceArmy, PowerDiceUnit, Profile, Snapshot


def model_key(side: int, unit_id: str) -> str:
    return f"{side}:{unit_id}"


def start_battle(
    sides: Sequence[tuple[str, PowerDiceArmy]],
    catalogs: Catalogs,
    options: RulesOptions | None = None,
    initiative: int = 0,
) -> PowerDiceBattle:
    """Both armies with the entries they use; every caster starts with as many dice as its level (PD-02)."""
    if len(sides) != 2:
        raise ValueError("a battle has two sides")
    entries = changes.battle_entries([army for _player, army in sides], catalogs, Snapshot)
    casters: dict[str, CasterState] = {}
    for index, (_player, army) in enumerate(sides):
        for unit in army.units:
            profile = entries.profiles.get(unit.profile)
            if profile is not None and profile.caster is not None:
                casters[model_key(index, unit.id)] = CasterState(reserve=profile.caster.level)
    return PowerDiceBattle.model_validate(
        {
            "options": options or RulesOptions(),
            "sides": tuple(Side(player=p or f"Player {i + 1}", army=a) for i, (p, a) in enumerate(sides)),
            "entries": entries,
            "casters": casters,
            "initiative": initiative,
            "choosing": initiative,
        }
    )


@dataclass(frozen=True)
class CasterModel:
    key: str
    side: int
    unit: PowerDiceUnit
    profile: Profile
    caster: Caster
    state: CasterState
    label: str

    def ref(self) -> UnitRef:
        return UnitRef(self.key, self.side, self.label)


def casters(battle: PowerDiceBattle) -> list[CasterModel]:
    out: list[CasterModel] = []
    for side_index, side in enumerate(battle.sides):
        for unit in side.army.units:
            key = model_key(side_index, unit.id)
            profile = battle.entries.profiles.get(unit.profile)
            if profile is None or profile.caster is None or key not in battle.casters:
                continue
            label = unit_label(unit, profile)
            out.append(CasterModel(key, side_index, unit, profile, profile.caster, battle.casters[key], label))
    return out


def spell_name(battle: PowerDiceBattle, spell_id: str) -> str:
    """The spell's name (a `CatalogName`: English as a string), or its id when the battle does not hold it."""
    spell = battle.entries.spells.get(spell_id)
    return CatalogName(spell.name) if spell is not None else spell_id


def find_caster(battle: PowerDiceBattle, key: str) -> CasterModel | None:
    """The caster of that key, or None when the battle holds none (a unit that is no caster, or no unit)."""
    return next((c for c in casters(battle) if c.key == key), None)


def caster(battle: PowerDiceBattle, key: str) -> CasterModel:
    found = find_caster(battle, key)
    if found is None:
        raise KeyError(f"no caster {key!r} in this battle")
    return found


def with_caster(battle: PowerDiceBattle, key: str, **changes: object) -> PowerDiceBattle:
    states = dict(battle.casters)
    states[key] = replace(states[key], **changes)
    return replace(battle, casters=states)


def step_problem(battle: PowerDiceBattle, what: str, segment: object) -> Problem:
    """`what` is a term of the rules (marked with `N_`), translated with the sentence."""
    return Problem.of(
        "PD-03", "pd.step", None, what=term(what), segment=segment, step=term(STEP_NAMES[battle.step])
    )
