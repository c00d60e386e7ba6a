"""A power-dice battle as the shared code plays it: the steps, what may be done now, odds, rolls, summary.

The markers are hidden information until A3 (PD-03): the actions of A1 are the placing side's only, and nothing
listed (label, refusal, command) depends on the other side's markers. Castings are listed in B3 and C only, once
every marker is face up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from warband.model.army import Problem
from warband.model.battle import Roll
from warband.model.battle_commands import EndBattle
from warband.model.battle_log import LogEntry
from warband.model.dice import Dice
from warband.model.messages import N_, Phrase, term
from warband.model.play import Action, Odds, Phase, SideSummary, Summary, phases_of, plain
from warband.model.systems.powerdice import battle_rules as rules
from warband.model.systems.powerdice.battle_commands import (
    HandOver,
    NextStep,
    PassB3,
    PlaceMarker,
    RemoveLasting,
    SetInitiative,
    roll_cast,
)
from warband.model.systems.powerdice.battle_state import MARKERS, STEP_NAMES, STEPS, PowerDiceBattle

MARKER_NAMES: dict[str, str] = {
    "incantation": N_("Incantation"),
    "restoration": N_("Restoration"),
    "wait": N_("Wait"),
}
"""The markers as a placing action names them (the tracker's words, shown to the placing side only)."""


def phases(battle: PowerDiceBattle) -> tuple[Phase, ...]:
    return phases_of(STEPS, STEP_NAMES, battle.step)


def moves(battle: PowerDiceBattle) -> list[Action]:
    """Next step and End battle (or resume it), each with its refusal: cheap, for the shared bar."""
    return [
        plain("next_phase", NextStep(), battle),
        plain("end_battle", EndBattle(ended=not battle.ended), battle),
    ]


def actions(battle: PowerDiceBattle) -> list[Action]:
    """The turn's moves (next step, initiative, lasting spells taken off), the A1 placing and hand-over of the
    side placing now, the B3 pass of the side whose turn it is, and in B3 and C every spell a caster in play
    holds, with its smallest legal dice count and its refusal: the first problem of `cast_problems`."""
    found = moves(battle)  # "Next step": the log says where it leads (`NextStep.log_in`)
    if battle.ended:
        return found
    other = 1 - battle.initiative
    initiative = plain("initiative", SetInitiative(side=other), battle, str(other))
    found.append(
        replace(
            initiative,
            label=Phrase(
                N_("{unit}: {action}"), unit=battle.sides[other].player, action=term(N_("Set the initiative"))
            ),
        )
    )
    if battle.step == "A1" and battle.choosing is not None:
        found.extend(_placing(battle, battle.choosing))
    if battle.step == "B3" and battle.b3_turn is not None:
        side = battle.b3_turn
        passing = plain("pass_b3", PassB3(side=side), battle, str(side))
        player = battle.sides[side].player
        found.append(replace(passing, label=Phrase(N_("{player} casts no more in this B3"), player=player)))
    if battle.step in ("B3", "C"):
        found.extend(_casts(battle))
    for index, lasting in enumerate(battle.lasting):
        removing = plain("remove_lasting", RemoveLasting(index=index), battle, lasting.caster)
        label = Phrase(
            N_("Remove {spell} of {caster}"),
            spell=rules.spell_name(battle, lasting.spell),
            caster=_caster_label(battle, lasting.caster),
        )
        found.append(replace(removing, label=label))
    return found


def _placing(battle: PowerDiceBattle, side: int) -> list[Action]:
    """A1: each marker for each caster in play of the side placing now, then the hand-over (a marker is changed by
    placing another: the hand-over needs one on every caster, so taking one back is not offered). The other side's
    casters are not listed: their markers are face down (PD-03)."""
    found: list[Action] = []
    for c in rules.casters(battle):
        if c.side != side or c.state.removed:
            continue
        for marker in MARKERS:
            placing = plain("place_marker", PlaceMarker(key=c.key, marker=marker), battle, c.key)
            label = Phrase(N_("{unit}: {action}"), unit=c.label, action=term(MARKER_NAMES[marker]))
            found.append(replace(placing, label=label))
    found.append(plain("hand_over", HandOver(), battle, str(side), barrier=True))
    return found


def _casts(battle: PowerDiceBattle) -> list[Action]:
    found: list[Action] = []
    for c in rules.casters(battle):
        if c.state.removed:
            continue
        for spell_id in dict.fromkeys(c.unit.spells):
            request, problems = _default_request(battle, c, spell_id)
            label = Phrase(
                N_("{unit}: {action}"),
                unit=c.label,
                action=Phrase(N_("Cast {spell}"), spell=rules.spell_name(battle, spell_id)),
            )
            refusal: Problem | None = problems[0] if problems else None
            found.append(Action("cast", label, request=request, subject=c.key, refusal=refusal))
    return found


def _default_request(
    battle: PowerDiceBattle, c: rules.CasterModel, spell_id: str
) -> tuple[rules.CastRequest, list[Problem]]:
    """The casting with the fewest dice that breaks no rule (own dice, none given), with no problems; when no
    count is legal, one die and the problems it meets."""
    for dice in range(1, c.caster.level + 2):  # never more than level + 1 (PD-05)
        request = rules.CastRequest(c.key, spell_id, dice)
        if not rules.cast_problems(battle, request):
            return request, []
    request = rules.CastRequest(c.key, spell_id, 1)
    return request, rules.cast_problems(battle, request)


def _caster_label(battle: PowerDiceBattle, key: str) -> str:
    try:
        return rules.caster(battle, key).label
    except KeyError:  # a unit the battle no longer knows as a caster: its key says who it was
        return key


def odds(battle: PowerDiceBattle, request: object) -> Odds:
    """A casting's chance that its dice reach the spell's difficulty (PD-08)."""
    if not isinstance(request, rules.CastRequest):
        raise TypeError(f"Power dice has no roll {type(request).__name__}")
    return Odds(rules.chance(battle, request))


def roll(battle: PowerDiceBattle, request: object, dice: Dice) -> Roll[PowerDiceBattle, rules.CastOutcome]:
    """The casting worked out once, with the program's dice or the table's; `RefusedError` or `DiceError`."""
    if not isinstance(request, rules.CastRequest):
        raise TypeError(f"Power dice has no roll {type(request).__name__}")
    return roll_cast(battle, request, dice)


def summary(battle: PowerDiceBattle, log: Sequence[LogEntry]) -> Summary:
    """Per side: the spells its casters cast and how many succeeded (castings in the log, not undone), and the
    power dice left on its casters' cards of all they started with, with the dice the castings spent (gifts
    included: a casting's dice are all its side's)."""
    everyone = rules.casters(battle)
    sides = []
    for index, side in enumerate(battle.sides):
        mine = [c for c in everyone if c.side == index]
        casts = [e for e in log if not e.undone and e.success is not None and e.side == index]
        lines = (
            Phrase(
                N_("Spells cast: {casts}, succeeded: {successes}"),
                casts=len(casts),
                successes=sum(1 for e in casts if e.success),
            ),
            Phrase(
                N_("Power dice: {left} / {total} left, {spent} spent on castings"),
                left=sum(c.state.reserve for c in mine),
                total=sum(c.caster.level for c in mine),
                spent=sum(len(e.dice) for e in casts),
            ),
        )
        sides.append(SideSummary(side.player, lines))
    return Summary(tuple(sides))
