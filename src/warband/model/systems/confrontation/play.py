"""A Confrontation battle as the shared code plays it: the phases, what may be done now, odds, rolls, summary."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from warband.model.battle import Roll
from warband.model.battle_log import LogEntry
from warband.model.dice import Dice, divination_success
from warband.model.messages import N_, Phrase, term
from warband.model.play import Action, Odds, Phase, SideSummary, Summary, phases_of, plain
from warband.model.session import RefusedError
from warband.model.systems.confrontation import battle_calls as calls
from warband.model.systems.confrontation import battle_rules as rules
from warband.model.systems.confrontation.battle_commands import (
    EndBattle,
    NextPhase,
    PreviousPhase,
    SetModelFlag,
    roll_call,
    roll_tactical,
)
from warband.model.systems.confrontation.battle_state import PHASE_NAMES, PHASES, ConfrontationBattle
from warband.model.systems.confrontation.battle_summary import summary as side_summaries


@dataclass(frozen=True)
class TacticalRoll:
    """The Tactical roll: a die for each side, the higher wins (a tie is thrown again)."""


def phases(battle: ConfrontationBattle) -> tuple[Phase, ...]:
    return phases_of(PHASES, PHASE_NAMES, battle.phase)


def moves(battle: ConfrontationBattle) -> list[Action]:
    """Next phase, Back and End battle (or resume it), each with its refusal: cheap, for the shared bar."""
    return [
        plain("next_phase", NextPhase(), battle),
        plain("previous_phase", PreviousPhase(), battle),
        plain("end_battle", EndBattle(ended=not battle.ended), battle),
    ]


def actions(battle: ConfrontationBattle) -> list[Action]:
    """The turn's moves, the Tactical roll, and every miracle a Faithful could call now, each with its refusal:
    the first reason of `call_problems` (for a Faithful whose turn it is not, the Divination order, CF-13)."""
    found = moves(battle)
    if battle.ended:
        return found
    order = rules.divination_order(battle) if battle.phase == "divination" else None
    # in the Divination phase too while Faithful of both sides share a Discipline and no winner orders them (CF-15)
    if battle.phase == "tactical" or (order is not None and order.needs_tactical_winner):
        found.append(Action("tactical", term(N_("Tactical roll")), request=TacticalRoll()))
    if order is not None:
        found.extend(_calls(battle, order))
    return found


def _call_label(battle: ConfrontationBattle, m: rules.Model, miracle_id: str) -> str:
    return Phrase(N_("{unit} calls {miracle}"), unit=m.label, miracle=rules.miracle_name(battle, miracle_id))


def _calls(battle: ConfrontationBattle, order: rules.DivinationOrder) -> list[Action]:
    current = order.current
    found: list[Action] = []
    for slot in order.slots:
        if slot.done:
            continue
        m = rules.model(battle, slot.key)
        for miracle_id in rules.left_to_call(m):
            miracle = battle.entries.miracles.get(miracle_id)
            fervour = miracle.fervour if miracle is not None else 0
            request = calls.CallRequest(slot.key, miracle_id, fervour, target_confirmed=True)
            problems = calls.call_problems(battle, request, order)  # the Divination order's first (CF-13)
            refusal = problems[0] if problems else None
            label = _call_label(battle, m, miracle_id)
            found.append(Action("call", label, request=request, subject=slot.key, refusal=refusal))
        if slot.key == (current.key if current else None):
            found.append(
                plain(
                    "divination_done",
                    SetModelFlag(key=slot.key, field="divination_done", value=True),
                    battle,
                    slot.key,
                )
            )
    for barred in order.barred:
        m = rules.model(battle, barred.key)
        for miracle_id in dict.fromkeys(m.unit.miracles):
            request = calls.CallRequest(barred.key, miracle_id, 0, target_confirmed=True)
            label = _call_label(battle, m, miracle_id)
            found.append(Action("call", label, request=request, subject=barred.key, refusal=barred.problems[0]))
    return found


def odds(battle: ConfrontationBattle, request: object) -> Odds:
    """A call's chance of success (CF-19, with the battle's options; the difficulty the formula gives unless the
    call overrides it, CF-17); the Tactical roll's of a winner (not a tie). Raises `RefusedError` for a call whose
    difficulty is set at the table and was not given (CF-17)."""
    if isinstance(request, TacticalRoll):
        return Odds(Fraction(5, 6))
    if not isinstance(request, calls.CallRequest):
        raise TypeError(f"Confrontation has no roll {type(request).__name__}")
    miracle = battle.entries.miracles.get(request.miracle)
    if miracle is None:  # AR-02: nothing to roll against
        raise RefusedError(calls.call_problems(battle, request)[0])
    if calls.difficulty_given(miracle, request) is None:
        raise RefusedError(calls.difficulty_missing(battle, request, miracle))
    difficulty = calls.difficulty_of(battle, request)
    options = battle.options
    chance = divination_success(
        difficulty, request.fervour, one_fails=options.natural_one_fails, explode=options.six_rerolls
    )
    return Odds(chance)


def roll(battle: ConfrontationBattle, request: object, dice: Dice) -> Roll[ConfrontationBattle, Any]:
    """The roll worked out once, with the program's dice or the table's; `RefusedError` or `DiceError`."""
    if isinstance(request, TacticalRoll):
        return roll_tactical(battle, dice)
    if not isinstance(request, calls.CallRequest):
        raise TypeError(f"Confrontation has no roll {type(request).__name__}")
    return roll_call(battle, request, dice)


def summary(battle: ConfrontationBattle, log: Sequence[LogEntry]) -> Summary:
    """Per side: models and A.P. lost, miracles called and how many succeeded."""
    sides = []
    for side in side_summaries(battle, log):
        lines = (
            Phrase(N_("{lost} / {total} models lost"), lost=side.lost, total=side.models),
            Phrase(N_("{lost} / {total} A.P. lost"), lost=side.points_lost, total=side.points),
            Phrase(
                N_("Miracles called: {calls}, succeeded: {successes}"), calls=side.calls, successes=side.successes
            ),
            (
                Phrase(N_("{percent} % success"), percent=round(rate * 100))
                if (rate := side.success_rate) is not None
                else term(N_("no call"))
            ),
        )
        sides.append(SideSummary(side.player, lines))
    return Summary(tuple(sides))
