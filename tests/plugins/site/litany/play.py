"""A Litany battle as Warband's shared code plays it: the phases, what may be done now, exact odds, the prayers
rolled with the program's dice or the table's, and the summary (`Game.play_module` names this module)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import product

from litany.battle import (
    PHASE_NAMES,
    PHASES,
    LitanyBattle,
    NextPhase,
    Pray,
    PrayOutcome,
    PrayRequest,
    PreviousPhase,
    SetFallen,
    answered,
    model,
    models,
    pray,
    pray_problems,
    prayer_name,
    priests,
)
from warband.model.army import Problem
from warband.model.battle import Roll, thrown
from warband.model.battle_commands import EndBattle
from warband.model.battle_log import LogEntry
from warband.model.dice import Dice
from warband.model.messages import N_, Phrase
from warband.model.play import Action, Odds, Phase, SideSummary, Summary, phases_of, plain
from warband.model.session import RefusedError

__all__ = ["PrayRequest", "actions", "moves", "odds", "phases", "roll", "summary"]


def phases(battle: LitanyBattle) -> tuple[Phase, ...]:
    return phases_of(PHASES, PHASE_NAMES, battle.phase)


def moves(battle: LitanyBattle) -> list[Action]:
    """Next phase, previous phase and End battle (or resume it), each with its refusal: for the shared bar."""
    return [
        plain("next_phase", NextPhase(), battle),
        plain("previous_phase", PreviousPhase(), battle),
        plain("end_battle", EndBattle(ended=not battle.ended), battle),
    ]


def actions(battle: LitanyBattle) -> list[Action]:
    """The moves; then each prayer each priest holds, with its refusal (the first of `pray_problems`: LI-03
    outside the Vigil, once the priest prayed this turn, once it fell); then, for every model, falling (or
    standing again). An ended battle offers its moves only."""
    found = moves(battle)
    if battle.ended:
        return found
    for priest in priests(battle):
        for prayer_id in dict.fromkeys(priest.unit.prayers):
            request = PrayRequest(priest.key, prayer_id)
            problems = pray_problems(battle, request)
            label = Phrase(
                N_("{unit}: {action}"),
                unit=priest.label,
                action=Phrase(N_("Pray {prayer}"), prayer=prayer_name(battle, prayer_id)),
            )
            refusal: Problem | None = problems[0] if problems else None
            action = Action("pray", label, request=request, subject=priest.key, refusal=refusal, side=priest.side)
            found.append(action)
    for each in models(battle):
        fall = SetFallen(key=each.key, value=not each.state.fallen)
        found.append(plain("fallen", fall, battle, each.key, side=each.side))  # the log names the side
    return found


def _request(request: object) -> PrayRequest:
    if not isinstance(request, PrayRequest):
        raise TypeError(f"Litany has no roll {type(request).__name__}")
    return request


def odds(battle: LitanyBattle, request: object) -> Odds:
    """The exact chance that the prayer is answered (LI-03), by counting the 36 throws of two dice. Raises
    `RefusedError` when it cannot be known (a prayer the battle does not hold, a model that is not a priest)."""
    asked = _request(request)
    prayer = battle.entries.prayers.get(asked.prayer)
    piety = model(battle, asked.key).piety
    if prayer is None or piety is None:
        raise RefusedError(pray_problems(battle, asked)[0])
    double_six = battle.options.double_six_always_answers
    throws = list(product(range(1, 7), repeat=2))
    hits = sum(1 for first, second in throws if answered((first, second), piety, prayer.difficulty, double_six))
    return Odds(Fraction(hits, len(throws)))


def roll(battle: LitanyBattle, request: object, dice: Dice) -> Roll[LitanyBattle, PrayOutcome]:
    """The prayer worked out once, with the program's dice or the table's: the `Pray` command carrying its two
    dice, the battle after it, and the log's words. Raises `RefusedError` (LI-01, LI-03) or `DiceError`."""
    asked = _request(request)
    (after, outcome), used = thrown(dice, lambda recorder: pray(battle, asked, recorder))
    first, second = used
    command = Pray(key=asked.key, prayer=asked.prayer, dice=(first, second))
    side = int(asked.key.split(":", 1)[0])
    return Roll(command, after, outcome, outcome.sentence(), used, dice.kind, outcome.answered, side)


def summary(battle: LitanyBattle, log: Sequence[LogEntry]) -> Summary:
    """Per side: the prayers said and how many were answered (prayers in the log, not undone), and the models
    fallen of all it brought."""
    everyone = models(battle)
    sides = []
    for index, side in enumerate(battle.sides):
        said = [e for e in log if not e.undone and e.success is not None and e.side == index]
        mine = [m for m in everyone if m.side == index]
        lines = (
            Phrase(
                N_("Prayers: {said} said, {answered} answered"),
                said=len(said),
                answered=sum(1 for e in said if e.success),
            ),
            Phrase(
                N_("Models fallen: {fallen} of {models}"),
                fallen=sum(1 for m in mine if m.state.fallen),
                models=len(mine),
            ),
        )
        sides.append(SideSummary(side.player, lines))
    return Summary(tuple(sides))
