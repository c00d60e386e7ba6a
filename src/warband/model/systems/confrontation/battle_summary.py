"""The end-of-battle summary: models lost per side, A.P. lost, miracles called and their success rate."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from warband.model.battle_log import LogEntry
from warband.model.systems.confrontation.battle_rules import models
from warband.model.systems.confrontation.battle_state import ConfrontationBattle
from warband.model.systems.confrontation.schema import ConfrontationUnit, Snapshot


@dataclass(frozen=True)
class SideSummary:
    player: str
    models: int
    lost: int
    points: int
    points_lost: int
    calls: int
    successes: int

    @property
    def success_rate(self) -> Fraction | None:
        return Fraction(self.successes, self.calls) if self.calls else None


def unit_cost(unit: ConfrontationUnit, entries: Snapshot) -> int:
    """What a model cost in the army, from the entries the battle embeds (unknown entries count nothing)."""
    profile = entries.profiles.get(unit.profile)
    cost = profile.cost * unit.count if profile else 0
    cost += sum(m.cost for mid in unit.miracles if (m := entries.miracles.get(mid)))
    cost += sum(i.cost for iid in unit.items if (i := entries.items.get(iid)))
    return cost


def summary(battle: ConfrontationBattle, log: Sequence[LogEntry]) -> tuple[SideSummary, SideSummary]:
    """Per side: models and A.P. lost (killed or removed), and the miracles its Faithful called (not undone)."""
    per_side = []
    for side_index, side in enumerate(battle.sides):
        mine = [m for m in models(battle) if m.side == side_index]
        lost = [m for m in mine if not m.in_play]
        calls = [e for e in log if not e.undone and e.success is not None and e.side == side_index]
        per_side.append(
            SideSummary(
                side.player,
                len(mine),
                len(lost),
                sum(unit_cost(m.unit, battle.entries) for m in mine),
                sum(unit_cost(m.unit, battle.entries) for m in lost),
                len(calls),
                sum(1 for e in calls if e.success),
            )
        )
    return per_side[0], per_side[1]
