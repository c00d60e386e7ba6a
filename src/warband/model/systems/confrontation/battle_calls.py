"""Calling a miracle in a Confrontation battle (CF-09 … CF-12, CF-17, CF-19): every reason it may not be
called, and the Divination roll with the program's dice or the table's."""

from __future__ import annotations

from dataclasses import dataclass

from warband.model.army import Problem
from warband.model.dice import Dice
from warband.model.messages import N_, Phrase, term
from warband.model.names import CatalogName
from warband.model.session import RefusedError
from warband.model.systems.confrontation.battle_rules import (
    DivinationOrder,
    Model,
    call_bars,
    divination_order,
    miracle_name,
    model,
    with_model,
)
from warband.model.systems.confrontation.battle_state import PHASE_NAMES, ConfrontationBattle, RulesOptions
from warband.model.systems.confrontation.schema import Miracle


# --- calling a miracle (CF-09 … CF-12, CF-17, CF-19) -------------------------------------------------------
@dataclass(frozen=True)
class CallRequest:
    """What the player declares: who calls what, with which fervour, and that it sees its target."""

    key: str
    miracle: str
    fervour: int
    target_confirmed: bool
    difficulty: int | None = None
    """For a miracle whose difficulty is set at the table: required when the catalog gives no formula for it,
    else the player's override of the difficulty the formula gives (CF-17)."""


@dataclass(frozen=True)
class Outcome:
    key: str
    label: str
    miracle: str
    miracle_name: str
    fervour: int
    difficulty: int
    dice: tuple[int, ...]
    total: int
    success: bool
    natural_one: bool

    def sentence(self) -> str:
        """The log's line (a `Phrase`: English as a string, the language spoken in the log)."""
        rolled = " + ".join(str(d) for d in self.dice)
        verdict = (
            N_("success") if self.success else (N_("failure (natural 1)") if self.natural_one else N_("failure"))
        )
        return Phrase(
            N_(
                "{unit} calls {miracle}: fervour {fervour}, dice {dice}, "
                "total {total} against {difficulty}: {verdict}"
            ),
            unit=self.label,
            miracle=self.miracle_name,
            fervour=self.fervour,
            dice=rolled,
            total=self.total,
            difficulty=self.difficulty,
            verdict=term(verdict),
        )


def call_problems(
    battle: ConfrontationBattle,
    request: CallRequest,
    order: DivinationOrder | None = None,
    *,
    as_before: bool = False,
) -> list[Problem]:
    """Every reason the call may not be made now, with its rule (empty: it may).

    `order`: the battle's Divination order, when the caller has it already. `as_before`: as Warband read the
    rules before issue 16 (the order was a hint, a wound recorded this turn did not bar the call)."""
    if battle.phase != "divination":
        return [Problem.of("CF-08", "call.phase", None, phase=term(PHASE_NAMES[battle.phase]))]
    m = model(battle, request.key)
    bars = call_bars(m, as_before=as_before)
    if bars:
        return bars
    ref = m.ref()
    name = miracle_name(battle, request.miracle)
    if request.miracle not in m.unit.miracles:
        return [Problem.of("CF-01", "call.not_owned", ref, unit=m.label, miracle=name)]
    miracle = battle.entries.miracles.get(request.miracle)
    if miracle is None:  # AR-02: kept in the army, but nothing to roll against
        return [Problem.of("AR-02", "call.unknown_miracle", ref, unit=m.label, miracle=request.miracle)]
    problems: list[Problem] = [] if as_before else order_problems(battle, m, order)
    if request.miracle in m.state.called:
        problems.append(Problem.of("CF-09", "call.twice", ref, unit=m.label, miracle=name))
    if request.fervour < miracle.fervour:
        problems.append(
            Problem.of(
                "CF-19",
                "call.fervour_low",
                ref,
                miracle=name,
                minimum=miracle.fervour,
                fervour=request.fervour,
            )
        )
    if difficulty_given(miracle, request) is None:
        problems.append(difficulty_missing(battle, request, miracle))
    if request.fervour > m.state.faith:
        rule, code = ("CF-18", "call.faith_unknown") if m.faith_unknown else ("CF-19", "call.fervour_high")
        problems.append(Problem.of(rule, code, ref, unit=m.label, faith=m.state.faith, fervour=request.fervour))
    if not request.target_confirmed:
        problems.append(Problem.of("CF-12", "call.no_sight", ref, unit=m.label))
    return problems


def order_problems(battle: ConfrontationBattle, m: Model, order: DivinationOrder | None) -> list[Problem]:
    """CF-13: only the Faithful whose turn it is in the Divination order may call, and one done (or that passed)
    may not call again this turn. Who goes first among tied Faithful is their players' choice (CF-14, CF-15):
    the order follows it."""
    if m.state.divination_done:
        return [Problem.of("CF-13", "call.done", m.ref(), unit=m.label)]
    current = (order or divination_order(battle)).current
    if current is not None and current.key != m.key:
        return [Problem.of("CF-13", "call.not_turn", m.ref(), unit=m.label, current=current.label)]
    return []


def computed_difficulty(miracle: Miracle, fervour: int) -> int | None:
    """The difficulty the card gives, or works out from the fervour spent (CF-17); None: typed at the table."""
    if miracle.difficulty is not None:
        return miracle.difficulty
    if miracle.difficulty_formula is not None:
        return miracle.difficulty_formula.difficulty(fervour)
    return None


def difficulty_given(miracle: Miracle, request: CallRequest) -> int | None:
    """The total the call must reach: the card's; else the player's (an override of the formula, CF-17), else
    the formula's; None when the table sets it and the call does not give it."""
    if miracle.difficulty is not None:
        return miracle.difficulty
    if request.difficulty is not None:
        return request.difficulty
    return computed_difficulty(miracle, request.fervour)


def difficulty_missing(battle: ConfrontationBattle, request: CallRequest, miracle: Miracle) -> Problem:
    """CF-17: the miracle's difficulty is set at the table, and the call does not give it."""
    note = miracle.difficulty_note
    how = CatalogName(note) if note else term(N_("see the miracle card"))
    name = miracle_name(battle, request.miracle)
    return Problem.of("CF-17", "call.difficulty", model(battle, request.key).ref(), miracle=name, how=how)


def difficulty_of(battle: ConfrontationBattle, request: CallRequest) -> int:
    """The total to reach: the card's, the formula's or the one set at the table (CF-17). A call that
    `call_problems` lets through always has one."""
    miracle: Miracle | None = battle.entries.miracles.get(request.miracle)
    if miracle is None:
        raise ValueError(f"the miracle {request.miracle!r} is not in the battle's catalog entries")
    difficulty = difficulty_given(miracle, request)
    if difficulty is None:
        raise ValueError("the difficulty is set at the table and was not given")
    return difficulty


def roll_divination(dice: Dice, options: RulesOptions, enough: int) -> tuple[tuple[int, ...], bool]:
    """The Divination roll (CF-19): 1D6, a 6 rolled again and added while it matters; (dice, natural one).

    Once the running total reaches what is needed (`enough`), further 6s change nothing, so no more dice are
    thrown; a natural 1 is the first die only (a 1 after a 6 just adds 1).
    """
    rolled = [dice.roll(6, 1)[0]]
    natural_one = rolled[0] == 1 and options.natural_one_fails
    while options.six_rerolls and rolled[-1] == 6 and sum(rolled) < enough and not natural_one:
        rolled.append(dice.roll(6, 1)[0])
    return tuple(rolled), natural_one


def call_miracle(
    battle: ConfrontationBattle, request: CallRequest, dice: Dice, *, as_before: bool = False
) -> tuple[ConfrontationBattle, Outcome]:
    """Call a miracle: refused (RefusedError with the first problem) or rolled, with the fervour spent, the
    miracle marked as called and the outcome to log. Calling also stops the model from shooting this turn.
    `as_before`: with the checks of Warband before issue 16 (see `call_problems`)."""
    problems = call_problems(battle, request, as_before=as_before)
    if problems:
        raise RefusedError(problems[0])
    m = model(battle, request.key)
    difficulty = difficulty_of(battle, request)
    rolled, natural_one = roll_divination(dice, battle.options, max(1, difficulty - request.fervour))
    total = sum(rolled) + request.fervour
    success = not natural_one and total >= difficulty
    after = with_model(
        battle,
        request.key,
        faith=m.state.faith - request.fervour,
        called=(*m.state.called, request.miracle),
    )
    outcome = Outcome(
        request.key,
        m.label,
        request.miracle,
        miracle_name(battle, request.miracle),
        request.fervour,
        difficulty,
        rolled,
        total,
        success,
        natural_one,
    )
    return after, outcome
