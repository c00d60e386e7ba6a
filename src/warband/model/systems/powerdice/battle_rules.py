"""Power-dice battle rules: the steps and segments (PD-03), hidden markers, restoration (PD-04), incantation
with helpers (PD-05, PD-07), waiting (PD-06) and casting (PD-08). Pure functions of a battle value and dice."""

from __future__ import annotations

from warband.model.systems.powerdice.battle_casters import (
    CasterModel,
    caster,
    casters,
    find_caster,
    model_key,
    spell_name,
    start_battle,
    step_problem,
    with_caster,
)
from warband.model.systems.powerdice.battle_casting import (
    CastOutcome,
    CastRequest,
    cast,
    cast_problems,
    casting_odds,
    chance,
    claim_order,
    helpers,
)
from warband.model.systems.powerdice.battle_steps import (
    StepReport,
    d4,
    end_b3,
    hand_over,
    new_turn,
    next_b3_side,
    next_step,
    pass_b3,
    remove_lasting,
    set_marker,
    visible_marker,
)
from warband.model.systems.powerdice.totals import CastingOdds

__all__ = [
    "CastOutcome",
    "CastRequest",
    "CasterModel",
    "CastingOdds",
    "StepReport",
    "cast",
    "cast_problems",
    "caster",
    "casters",
    "casting_odds",
    "chance",
    "claim_order",
    "d4",
    "end_b3",
    "find_caster",
    "hand_over",
    "helpers",
    "model_key",
    "new_turn",
    "next_b3_side",
    "next_step",
    "pass_b3",
    "remove_lasting",
    "set_marker",
    "spell_name",
    "start_battle",
    "step_problem",
    "visible_marker",
    "with_caster",
]
