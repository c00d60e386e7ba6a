"""A Strategy Battle Game battle as the shared code plays it: phases, what may be done now, odds, rolls, summary.

The rolls are the priority roll (SB-01), the heroic roll-off (SB-05), each hero's Will (SB-03), Fate (SB-04),
Might on one of its own rolls (SB-02) and Courage test with Might and Will added (SB-06), a warrior's Courage test
(SB-06), and the Courage tests of a broken force (SB-07, `BreakTestRequest`). A roll's refusal is what the rules
refuse before its first die is thrown: `roll` itself, stopped at that die (`_Probe`), so an action's refusal and
the roll's are one rule. Casualties, the Break point and Stand fast are in `warrior_play`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from warband.model.army import Problem
from warband.model.battle import Roll
from warband.model.battle_commands import EndBattle
from warband.model.battle_log import LogEntry
from warband.model.dice import Dice, DiceKind
from warband.model.messages import N_, Phrase, term
from warband.model.names import CatalogName
from warband.model.play import Action, Odds, Phase, SideSummary, Summary, phases_of, plain
from warband.model.session import RefusedError
from warband.model.systems.sbg import battle_rules as rules
from warband.model.systems.sbg import break_rolls, casualties, courage, heroics, warrior_play
from warband.model.systems.sbg.battle_commands import (
    COUNTER_NAMES,
    Declare,
    NameHero,
    NextPhase,
    StopNaming,
    roll_off,
    roll_priority,
)
from warband.model.systems.sbg.battle_state import HEROIC_PHASES, PHASE_NAMES, PHASES, SbgBattle
from warband.model.systems.sbg.hero_rolls import roll_courage, roll_fate, roll_might, roll_will
from warband.model.systems.sbg.warrior_play import BreakTestRequest, UnitBreakRequest

DEFAULT_RESIST = 4
"""The caster's score a resisting hero is offered to beat until the caller says (the resolver's default too)."""
DEFAULT_MIGHT_ROLL = ("to_wound", 4)
"""The roll a hero is offered to put Might on: a roll to wound needing 4+ (change `roll_kind` and `need`)."""


@dataclass(frozen=True)
class PriorityRoll:
    """SB-01: a die for each side, the higher has priority (a tie: the side without it last turn; first turn:
    roll again)."""


@dataclass(frozen=True)
class HeroicRollOff:
    """SB-05: the die the player with priority rolls when both sides declared heroic actions."""


@dataclass(frozen=True)
class WillRequest:
    """SB-03: a hero casts (`need`: the spell's casting value) or resists (`need`: the caster's score) with
    `dice` Will dice (more than one only with the rules option), the highest raised by `might` Might points."""

    key: str
    need: int
    dice: int = 1
    might: int = 0
    resisting: bool = False


@dataclass(frozen=True)
class FateRequest:
    """SB-04: a hero spends up to `dice` Fate to restore `lost` Wounds lost in one event, with up to `might`
    Might put on the dice where that turns one into a success. `at_once` must be the battle's rules option: one
    die at a time (stopping once the Wounds are back) or all the dice together."""

    key: str
    dice: int = 1
    lost: int = 1
    might: int = 0
    at_once: bool = False


@dataclass(frozen=True)
class MightRequest:
    """SB-02: a hero throws one of its own rolls (`roll_kind`, one of `MIGHT_ROLLS`; a Courage test is a total of
    two dice) needing `need` (in a duel, one more than the opponent's die, to beat it), and puts on it the fewest
    of `might` Might points that make it succeed (none when it does already, or when they would not). Might
    lowers a die as well as raises it: with `lower`, the roll succeeds at `need` or below, and the points lower
    it (never a die below 1)."""

    key: str
    roll_kind: str
    need: int
    might: int
    lower: bool = False


@dataclass(frozen=True)
class CourageRequest:
    """SB-06: a hero's Courage test, two dice plus its Courage, passing on 10 or more, with up to `might` Might and
    up to `will` Will points that the player lets it add (+1 each, SB-02, SB-03): the fewest that make it pass
    are added, Might first (`will_first`: Will first); none when it passes already or when all would not. `key`
    may name a unit of warriors: one of them tests, adding nothing (it has no Might nor Will); the test changes
    nothing the battle keeps (the Break point's tests are `BreakTestRequest`)."""

    key: str
    might: int = 0
    will: int = 0
    will_first: bool = False


class _FirstDieError(Exception):
    """A roll reached its first die: nothing refused it."""


class _Probe:
    """Dice that stop a roll at its first die, so that what the rules refuse before any die is its refusal."""

    kind: DiceKind = "rolled"

    def describe(self) -> str:
        return "probe"

    def roll(self, sides: int, count: int = 1, *, low: int = 1) -> tuple[int, ...]:
        raise _FirstDieError


def phases(battle: SbgBattle) -> tuple[Phase, ...]:
    return phases_of(PHASES, PHASE_NAMES, battle.phase)


def moves(battle: SbgBattle) -> list[Action]:
    """Next phase and End battle (or resume it), each with its refusal: cheap, for the shared bar."""
    return [
        plain("next_phase", NextPhase(), battle),
        plain("end_battle", EndBattle(ended=not battle.ended), battle),
    ]


def actions(battle: SbgBattle) -> list[Action]:
    """The turn's moves; the priority roll in the Priority phase; in the Move, Shoot and Fight phases the
    heroic-action declarations (SB-05) of both sides, each refused when it is not that side's step, then the
    roll-off when it is due; for each hero its Will, Fate, Might rolls and Courage test with a default request
    (change it with `dataclasses.replace`), each with the rules' refusal: no Will left, no Fate, no Wounds lost,
    …; then the casualties of each unit of warriors, the Courage tests of broken forces and Stand fast (SB-07,
    `warrior_play`), and a Courage test for each unit of warriors in play (SB-06)."""
    found = moves(battle)  # "Next phase"; the log says where it leads (`NextPhase.log_in`)
    if battle.ended:
        return found
    if battle.phase == "priority":
        found.append(_roll_action(battle, "priority", term(N_("Priority roll")), PriorityRoll()))
    found.extend(_heroics(battle))
    for hero in rules.heroes(battle):
        found.extend(_hero_rolls(battle, hero))
    found.extend(warrior_play.casualty_actions(battle))
    found.extend(warrior_play.break_actions(battle))
    for unit in casualties.warriors(battle):
        if unit.in_play:
            label = Phrase(N_("{unit}: {action}"), unit=unit.label, action=term(N_("Courage test")))
            found.append(_roll_action(battle, "courage", label, CourageRequest(unit.key), unit.key))
    return found


def _player(battle: SbgBattle, side: int) -> str:
    return battle.sides[side].player


def _side_action(action: Action, battle: SbgBattle, side: int) -> Action:
    """A side's move, labelled with its player: "Aline: Declare heroic actions"."""
    label = Phrase(N_("{unit}: {action}"), unit=_player(battle, side), action=action.label)
    return dataclasses.replace(action, label=label)


def _heroics(battle: SbgBattle) -> list[Action]:
    """SB-05: the step of the declarations this phase is at, for both sides (the other side's refused)."""
    h = battle.heroics
    if h is None or battle.phase not in HEROIC_PHASES or h.stage == "done":
        return []
    found: list[Action] = []
    if h.stage in ("priority", "other", "reconsider"):
        for side in (0, 1):
            for kind, wants in (("declare", True), ("decline", False)):
                action = plain(kind, Declare(side=side, wants=wants), battle, str(side))
                found.append(_side_action(action, battle, side))
    elif h.stage == "naming":
        for side in (0, 1):
            for hero in rules.heroes(battle):
                if hero.side == side:
                    action = plain("name_hero", NameHero(side=side, key=hero.key), battle, hero.key)
                    label = Phrase(N_("Name {hero} for a heroic action (1 Might)"), hero=hero.label)
                    found.append(dataclasses.replace(action, label=label))
            found.append(
                _side_action(plain("stop_naming", StopNaming(side=side), battle, str(side)), battle, side)
            )
    elif h.stage == "rolloff" and battle.priority is not None:
        label = Phrase(
            N_("{unit}: {action}"), unit=_player(battle, battle.priority), action=term(N_("Heroic roll-off"))
        )
        found.append(_roll_action(battle, "roll_off", label, HeroicRollOff(), str(battle.priority)))
    return found


def _hero_rolls(battle: SbgBattle, hero: rules.HeroModel) -> list[Action]:
    """The hero's Will rolls (a cast of each of its spells, a resist), its Fate roll, Might on a roll and its
    Courage test (no point added until the caller says)."""
    assert hero.profile.hero is not None
    found: list[Action] = []
    for known in hero.profile.hero.spells:
        entry = battle.entries.spells.get(known.spell)
        spell = CatalogName(entry.name) if entry is not None else known.spell
        label = Phrase(N_("{unit}: {action}"), unit=hero.label, action=Phrase(N_("Cast {spell}"), spell=spell))
        found.append(_roll_action(battle, "cast", label, WillRequest(hero.key, known.casting), hero.key))
    label = Phrase(N_("{unit}: {action}"), unit=hero.label, action=term(N_("Resist a spell")))
    resist = WillRequest(hero.key, DEFAULT_RESIST, resisting=True)
    found.append(_roll_action(battle, "resist", label, resist, hero.key))
    label = Phrase(N_("{unit}: {action}"), unit=hero.label, action=term(N_("Fate roll")))
    found.append(_roll_action(battle, "fate", label, _fate_request(battle, hero), hero.key))
    kind, need = DEFAULT_MIGHT_ROLL
    what = Phrase(N_("Might on {what}"), what=term(rules.MIGHT_ROLLS[kind]))
    label = Phrase(N_("{unit}: {action}"), unit=hero.label, action=what)
    might = MightRequest(hero.key, kind, need, hero.state.might)
    found.append(_roll_action(battle, "might", label, might, hero.key))
    label = Phrase(N_("{unit}: {action}"), unit=hero.label, action=term(N_("Courage test")))
    found.append(_roll_action(battle, "courage", label, CourageRequest(hero.key), hero.key))
    return found


def _fate_request(battle: SbgBattle, hero: rules.HeroModel) -> FateRequest:
    """Every Wound the hero is missing, as lost in one event; one at a time, all its Fate (the roll stops once
    they are back); all at once, as many dice as Wounds; no Might (the caller adds it)."""
    at_once = battle.options.fate_dice == "all_at_once"
    lost = max(1, hero.start("wounds") - hero.state.wounds)
    dice = max(1, min(hero.state.fate, lost) if at_once else hero.state.fate)
    return FateRequest(hero.key, dice, lost, 0, at_once)


def _roll_action(battle: SbgBattle, kind: str, label: str, request: object, subject: str | None = None) -> Action:
    return Action(kind, label, request=request, subject=subject, refusal=_refusal(battle, request))


def _refusal(battle: SbgBattle, request: object) -> Problem | None:
    """What the rules refuse before the roll's first die (None: it may be thrown)."""
    try:
        roll(battle, request, _Probe())
    except _FirstDieError:
        return None
    except RefusedError as exc:
        if isinstance(exc.reason, Problem):
            return exc.reason
        raise
    return None


def odds(battle: SbgBattle, request: object) -> Odds:
    """The exact chance of a roll's success: a side taking priority (not a first-turn tie; `detail`: each
    side's chance), the roll-off (always decided; `detail`: each side's chance of going first), a cast or a
    resist (`will_chance`), restoring the Wounds (`fate_chance`, or `fate_chance_at_once` with that option), a
    roll reaching its need with the Might given (`might_chance`), a Courage test passing with the Might and Will
    given (`courage_chance`; a warrior's with none), a Courage test of a broken force passing (the same, SB-07).
    `RefusedError` for a roll-off not due."""
    if isinstance(request, PriorityRoll):
        return _priority_odds(battle)
    if isinstance(request, HeroicRollOff):
        heroics.rolloff_check(battle)
        firsts = [heroics.rolloff_winner(battle, value) for value in range(1, 7)]
        return Odds(Fraction(1), (Fraction(firsts.count(0), 6), Fraction(firsts.count(1), 6)))
    if isinstance(request, WillRequest):
        return Odds(rules.will_chance(request.need, request.dice, request.might))
    if isinstance(request, FateRequest):
        hero = rules.hero(battle, request.key)
        missing = hero.start("wounds") - hero.state.wounds
        wanted = min(request.lost, missing) if missing > 0 else request.lost
        if request.at_once:
            return Odds(rules.fate_chance_at_once(wanted, request.dice, request.might))
        return Odds(rules.fate_chance(wanted, request.dice, request.might))
    if isinstance(request, MightRequest):
        dice = rules.might_dice(request.roll_kind)
        return Odds(rules.might_chance(request.need, dice, request.might, lower=request.lower))
    if isinstance(request, CourageRequest):
        if request.key not in battle.heroes:
            return Odds(warrior_play.warrior_courage_odds(battle, request.key))
        hero = rules.hero(battle, request.key)
        return Odds(courage.courage_chance(hero.profile.courage, request.might + request.will))
    if isinstance(request, BreakTestRequest):
        return Odds(warrior_play.break_odds(battle, request))
    if isinstance(request, UnitBreakRequest):
        spread = warrior_play.unit_break_odds(battle, request)
        return Odds(spread.all_pass, spread)
    raise TypeError(f"the Strategy Battle Game has no roll {type(request).__name__}")


def _priority_odds(battle: SbgBattle) -> Odds:
    """Each side wins 15 of the 36 throws outright; the 6 ties go to the side without priority last turn, or,
    in the first turn, to nobody (roll again)."""
    outright = Fraction(15, 36)
    last = battle.last_priority
    if last is None:
        return Odds(Fraction(5, 6), (outright, outright))
    ties = Fraction(6, 36)
    chances = [outright, outright]
    chances[1 - last] += ties
    return Odds(Fraction(1), (chances[0], chances[1]))


def roll(battle: SbgBattle, request: object, dice: Dice) -> Roll[SbgBattle, Any]:
    """The roll worked out once, with the program's dice or the table's; `RefusedError` before any die is thrown
    when the rules refuse it, `DiceError` when the table's dice do not fit."""
    if isinstance(request, PriorityRoll):
        return roll_priority(battle, dice)
    if isinstance(request, HeroicRollOff):
        return roll_off(battle, dice)
    if isinstance(request, WillRequest):
        r = request
        return roll_will(battle, r.key, r.need, r.dice, r.might, resisting=r.resisting, dice=dice)
    if isinstance(request, FateRequest):
        f = request
        return roll_fate(battle, f.key, f.dice, f.lost, f.might, at_once=f.at_once, dice=dice)
    if isinstance(request, MightRequest):
        m = request
        return roll_might(battle, m.key, m.roll_kind, m.need, m.might, dice, lower=m.lower)
    if isinstance(request, CourageRequest):
        c = request
        if c.key not in battle.heroes:
            return break_rolls.roll_warrior_courage(battle, c.key, c.might, c.will, dice)
        return roll_courage(battle, c.key, c.might, c.will, will_first=c.will_first, dice=dice)
    if isinstance(request, BreakTestRequest):
        b = request
        return break_rolls.roll_break(battle, b.key, b.might, b.will, will_first=b.will_first, dice=dice)
    if isinstance(request, UnitBreakRequest):
        return break_rolls.roll_unit_break(battle, request.key, request.models, dice)
    raise TypeError(f"the Strategy Battle Game has no roll {type(request).__name__}")


COUNTERS = ("might", "will", "fate")


def summary(battle: SbgBattle, log: Sequence[LogEntry]) -> Summary:
    """Per side, from its heroes' counters and its casualties (the battle keeps them; the log adds nothing): the
    heroes lost (removed, or fled from a failed Courage test), the Might, Will and Fate spent of their starting
    values, the Wounds lost; then its models lost, heroes and warriors, and whether it broke (SB-07)."""
    heroes = rules.heroes(battle)
    sides = []
    for index, side in enumerate(battle.sides):
        mine = [h for h in heroes if h.side == index]
        lost = sum(1 for h in mine if h.state.removed or h.state.courage_failed)
        lines = [Phrase(N_("{lost} / {total} heroes lost"), lost=lost, total=len(mine))]
        for field in COUNTERS:
            spent = sum(max(0, h.start(field) - getattr(h.state, field)) for h in mine)
            total = sum(h.start(field) for h in mine)
            what = term(COUNTER_NAMES[field])
            lines.append(Phrase(N_("{what} spent: {spent} / {total}"), what=what, spent=spent, total=total))
        wounds = sum(max(0, h.start("wounds") - h.state.wounds) for h in mine)
        total_wounds = sum(h.start("wounds") for h in mine)
        lines.append(Phrase(N_("{lost} / {total} Wounds lost"), lost=wounds, total=total_wounds))
        lines.extend(warrior_play.summary_lines(battle, index))
        sides.append(SideSummary(side.player, tuple(lines)))
    return Summary(tuple(sides))
