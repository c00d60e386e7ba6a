"""The steps of a power-dice turn (PD-03): the hidden markers of A1 and A3, B3's turns and passes, restoration
(PD-04) and the loss of a die for an unused incantation (PD-05), the lasting spells of D4."""

from __future__ import annotations

from dataclasses import dataclass, field

from warband.model.army import Problem
from warband.model.edits import replace
from warband.model.messages import COMMA, N_, joined
from warband.model.session import RefusedError
from warband.model.systems.powerdice.battle_casters import caster, casters, step_problem, with_caster
from warband.model.systems.powerdice.battle_state import (
    STEPS,
    LastingSpell,
    Marker,
    PowerDiceBattle,
)


# --- A1 and A3: hidden markers ------------------------------------------------------------------------------
def set_marker(battle: PowerDiceBattle, key: str, marker: Marker | None) -> PowerDiceBattle:
    """A1: the side placing its markers puts one face down on one of its casters."""
    if battle.step != "A1" or battle.choosing is None:
        raise RefusedError(step_problem(battle, N_("Placing magic markers"), "A1"))
    c = caster(battle, key)
    if c.side != battle.choosing:
        player = battle.sides[battle.choosing].player
        raise RefusedError(Problem.of("PD-03", "pd.marker_side", c.ref(), player=player, unit=c.label))
    return with_caster(battle, key, marker=marker)


def hand_over(battle: PowerDiceBattle) -> PowerDiceBattle:
    """The side placing markers is done: its choices are hidden and the other side places its own."""
    if battle.step != "A1" or battle.choosing is None:
        raise RefusedError(step_problem(battle, N_("Handing over"), "A1"))
    side = battle.choosing
    missing = [
        c.label for c in casters(battle) if c.side == side and c.state.marker is None and not c.state.removed
    ]
    if missing:
        player = battle.sides[side].player
        raise RefusedError(
            Problem.of("PD-03", "pd.a1_unfinished", None, player=player, units=joined(missing, COMMA))
        )
    first = battle.initiative
    return replace(battle, choosing=1 - side if side == first else None)


def visible_marker(battle: PowerDiceBattle, key: str, viewer: int | None) -> Marker | None:
    """The marker a viewer may see: all of them once revealed (A3); before, only the viewer's own side's, and
    only while that side is placing them. `viewer` None is a neutral view (the shared screen): nothing."""
    state = battle.casters[key]
    if battle.revealed:
        return state.marker
    side = int(key.split(":", 1)[0])
    if viewer is not None and viewer == side and battle.choosing == side:
        return state.marker
    return None


# --- the steps (PD-03, PD-04, PD-05 end of B3, D4) ---------------------------------------------------------
@dataclass(frozen=True)
class StepReport:
    """What moving on did to the casters and spells, for the log."""

    restored: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()
    expired: tuple[str, ...] = ()
    notes: list[str] = field(default_factory=list)


def next_step(battle: PowerDiceBattle) -> tuple[PowerDiceBattle, StepReport]:
    if battle.step == "A1" and battle.choosing is not None:
        raise RefusedError(Problem.of("PD-03", "pd.a1_choosing"))
    position = STEPS.index(battle.step)
    if battle.step == "B3":
        return end_b3(battle)
    if battle.step == "C":
        states = {k: replace(s, marker=None) if s.marker == "wait" else s for k, s in battle.casters.items()}
        return replace(battle, step="D1", casters=states), StepReport()  # an unused wait marker costs nothing
    if battle.step == "D4":
        return new_turn(battle), StepReport()
    after = STEPS[position + 1]
    if after == "A3":
        return replace(battle, step=after, revealed=True), StepReport()
    if after == "B3":
        return replace(battle, step=after, b3_turn=_first_b3_side(battle), b3_passed=()), StepReport()
    if after == "D4":
        return d4(replace(battle, step=after))
    return replace(battle, step=after), StepReport()


def _first_b3_side(battle: PowerDiceBattle) -> int | None:
    first = battle.initiative if battle.options.b3_first == "initiative" else 1 - battle.initiative
    return next_b3_side(battle, first, include=True)


def next_b3_side(battle: PowerDiceBattle, side: int, *, include: bool) -> int | None:
    """The side that casts next in B3: alternating, skipping a side that has passed or has nobody left."""
    order = [side, 1 - side] if include else [1 - side, side]
    for candidate in order:
        if candidate in battle.b3_passed:
            continue
        if any(
            c.side == candidate and c.state.marker == "incantation" and not c.state.removed
            for c in casters(battle)
        ):  # a caster out of play cannot cast: it gives its side no turn
            return candidate
    return None


def pass_b3(battle: PowerDiceBattle, side: int) -> PowerDiceBattle:
    """A side casts no more in this B3 (its remaining incantation markers will cost a die, PD-05)."""
    if battle.step != "B3":
        raise RefusedError(step_problem(battle, N_("Passing"), "B3"))
    passed = tuple(sorted({*battle.b3_passed, side}))
    after = replace(battle, b3_passed=passed)
    return replace(after, b3_turn=next_b3_side(after, side, include=False))


def end_b3(battle: PowerDiceBattle) -> tuple[PowerDiceBattle, StepReport]:
    """The end of B3: restoration (PD-04), then the loss of a die for each unused incantation (PD-05)."""
    states = dict(battle.casters)
    restored: list[str] = []
    lost: list[str] = []
    for c in casters(battle):
        state = states[c.key]
        if state.marker == "restoration":
            states[c.key] = replace(state, reserve=min(c.caster.level, state.reserve + 1), marker=None)
            restored.append(c.label)
    for c in casters(battle):
        state = states[c.key]
        if state.marker == "incantation":
            states[c.key] = replace(state, reserve=max(0, state.reserve - 1), marker=None)
            lost.append(c.label)
    after = replace(battle, step="C", casters=states, b3_turn=None, b3_passed=())
    return after, StepReport(restored=tuple(restored), lost=tuple(lost))


def d4(battle: PowerDiceBattle) -> tuple[PowerDiceBattle, StepReport]:
    """D4: a spell of N turns counts one down and goes at 0 (turned over before); a long spell's counter rises."""
    kept: list[LastingSpell] = []
    expired: list[str] = []
    for spell in battle.lasting:
        if spell.turns_left is not None:
            left = spell.turns_left - 1
            if left <= 0:
                expired.append(spell.spell)
                continue
            kept.append(replace(spell, turns_left=left, turned=True))
        else:
            kept.append(replace(spell, counter=(spell.counter or 0) + 1))
    return replace(battle, lasting=tuple(kept)), StepReport(expired=tuple(expired))


def remove_lasting(battle: PowerDiceBattle, index: int) -> PowerDiceBattle:
    """A long spell ends by its own terms: the player takes its marker off."""
    lasting = list(battle.lasting)
    del lasting[index]
    return replace(battle, lasting=tuple(lasting))


def new_turn(battle: PowerDiceBattle) -> PowerDiceBattle:
    states = {k: replace(s, marker=None) for k, s in battle.casters.items()}
    return replace(
        battle, turn=battle.turn + 1, step="A1", choosing=battle.initiative, revealed=False, casters=states
    )
