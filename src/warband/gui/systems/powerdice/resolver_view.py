"""What the power-dice Resolver shows, as text and chart bars: formatting and ordering only, the rules decide."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from warband.gui.widgets.odds_chart import format_percent
from warband.model.messages import _, spoken_text
from warband.model.names import display_name
from warband.model.systems.powerdice import battle_rules as rules
from warband.model.systems.powerdice.battle_state import STEP_NAMES, Marker, PowerDiceBattle
from warband.model.systems.powerdice.rules import shares_trait
from warband.model.systems.powerdice.schema import Spell

CASTING_STEPS = ("B3", "C")
WAIT_CAP = 3
"""PD-06: the most dice of a casting in phase C."""


def marker_text(marker: Marker | None) -> str:
    return {
        "incantation": _("incantation"),
        "restoration": _("restoration"),
        "wait": _("wait"),
        None: _("no marker"),
    }[marker]


def casting_marker(battle: PowerDiceBattle) -> Marker | None:
    """The marker a caster needs to cast now (PD-03): incantation in B3, wait in C, none elsewhere."""
    if battle.step == "B3":
        return "incantation"
    return "wait" if battle.step == "C" else None


def may_cast_now(battle: PowerDiceBattle, c: rules.CasterModel) -> bool:
    """Holds the marker of this segment and is in play (the rules still have the last word)."""
    marker = casting_marker(battle)
    return marker is not None and c.state.marker == marker and not c.state.removed


def ordered_casters(battle: PowerDiceBattle) -> tuple[list[rules.CasterModel], list[rules.CasterModel]]:
    """Those who may cast now (in B3 the side whose turn it is first), then every other caster."""
    everyone = rules.casters(battle)
    first = battle.b3_turn if battle.step == "B3" and battle.b3_turn is not None else -1
    now = sorted((c for c in everyone if may_cast_now(battle, c)), key=lambda c: 0 if c.side == first else 1)
    others = [c for c in everyone if not may_cast_now(battle, c)]
    return now, others


def caster_text(battle: PowerDiceBattle, c: rules.CasterModel, marker: Marker | None) -> str:
    """ "Aline — Battle mage (2/2 dice; incantation)": the dice on its card of the most it holds (its level),
    and the marker as the shared screen may show it (`marker`: the visible one)."""
    if c.state.removed:
        state = _("out of play")
    elif marker is None and c.state.marker is not None:
        state = _("marker face down")  # the card shows one lies there, not which (PD-03)
    else:
        state = marker_text(marker)
    return _("{player} — {unit} ({reserve}/{level} dice; {state})").format(
        player=battle.sides[c.side].player,
        unit=spoken_text(c.label),
        reserve=c.state.reserve,
        level=c.caster.level,
        state=state,
    )


def duration_text(spell: Spell) -> str:
    if spell.duration == "instant":
        return _("instant")
    if spell.duration == "long":
        return _("lasts long")
    if spell.duration == 1:
        return _("lasts 1 turn")
    return _("lasts {turns} turns").format(turns=spell.duration)


def spell_text(spell: Spell) -> str:
    """ "Fireball — difficulty 8, instant"."""
    return _("{name} — difficulty {difficulty}, {duration}").format(
        name=display_name(spell.name), difficulty=spell.difficulty, duration=duration_text(spell)
    )


def castable_spells(battle: PowerDiceBattle, c: rules.CasterModel) -> list[Spell]:
    """The spells the unit lists that share a trait with it (PD-01); when it lists none, every spell of the
    battle's entries that shares one."""
    entries = battle.entries.spells
    if c.unit.spells:
        listed = [entries[s] for s in dict.fromkeys(c.unit.spells) if s in entries]
    else:
        listed = list(entries.values())
    return [s for s in listed if shares_trait(c.caster, s)]


def step_message(battle: PowerDiceBattle) -> str:
    """Which segment this is, and who casts in it."""
    step = _(STEP_NAMES[battle.step])
    if battle.step == "B3":
        if battle.b3_turn is None:
            return _("{step}: no caster is left to try a spell.").format(step=step)
        player = battle.sides[battle.b3_turn].player
        return _("{step}: {player}'s turn to cast (PD-05).").format(step=step, player=player)
    if battle.step == "C":
        return _("{step}: casters with a wait marker may cast at any moment (PD-06).").format(step=step)
    return _("Spells are cast in B3 (incantation) and C (wait); this is {step}.").format(step=step)


def limit_text(battle: PowerDiceBattle, c: rules.CasterModel, own: int, given: int) -> str:
    """ "Dice in all: 3 of at most 3 (level + 1): 2 own, 1 given" in B3; "… of at most 3" in C."""
    total = own + given
    if battle.step == "B3":
        text = _("Dice in all: {total} of at most {cap} (level + 1)").format(total=total, cap=c.caster.level + 1)
        return text + (_(": {own} own, {given} given").format(own=own, given=given) if given else "")
    return _("Dice in all: {total} of at most {cap}").format(total=total, cap=WAIT_CAP)


def dice_cap(battle: PowerDiceBattle, c: rules.CasterModel) -> int:
    return c.caster.level + 1 if battle.step == "B3" else WAIT_CAP


def odds_text(chance: Fraction) -> str:
    """ "5/12 — 41.7%": the exact chance, then the rounded percentage."""
    return f"{chance} — {format_percent(chance)}"


def odds_detail(total: int, difficulty: int) -> str:
    if total == 1:
        return _("1 die against difficulty {difficulty}").format(difficulty=difficulty)
    return _("{count} dice against difficulty {difficulty}").format(count=total, difficulty=difficulty)


@dataclass(frozen=True)
class ChartBars:
    buckets: tuple[tuple[str, Fraction], ...]
    success_from: int


@lru_cache(maxsize=32)
def _total_buckets(dice: int, ways: tuple[int, ...]) -> tuple[tuple[str, Fraction], ...]:
    """The bars of `dice` d6 ("total", chance), the same whatever the difficulty: worked out once per count. The
    spread is symmetric (every die turned over), so each chance is made once and shown twice."""
    throws = 6**dice
    last = len(ways) - 1
    chances = [Fraction(n, throws) for n in ways[: last // 2 + 1]]
    chances += reversed(chances[: last + 1 - len(chances)])
    return tuple((str(dice + i), chance) for i, chance in enumerate(chances))


def total_bars(odds: rules.CastingOdds) -> ChartBars:
    """PD-08: the chance of each total of the casting's dice, the totals that reach the difficulty marked (from
    the odds the rules worked out, never counted again)."""
    return ChartBars(_total_buckets(odds.dice, odds.ways), odds.success_from)


def outcome_text(outcome: rules.CastOutcome) -> str:
    """ "Success: 4 + 5 + 2 = 11 against 8"."""
    terms = [str(d) for d in outcome.dice]
    sum_text = terms[0] if len(terms) == 1 else f"{' + '.join(terms)} = {outcome.total}"
    verdict = _("Success") if outcome.success else _("Failure")
    return _("{verdict}: {sum} against {difficulty}").format(
        verdict=verdict, sum=sum_text, difficulty=outcome.difficulty
    )


def outcome_detail(outcome: rules.CastOutcome, target: str, *, typed: bool, undone: bool) -> str:
    """Who cast what on whom, and whose dice; an undone casting says so (AR-05)."""
    source = _("typed in") if typed else _("rolled")
    if target:
        text = _("{unit} cast {spell} on {target}; dice {source}.").format(
            unit=spoken_text(outcome.label), spell=outcome.spell_name, target=target, source=source
        )
    else:
        text = _("{unit} cast {spell}; dice {source}.").format(
            unit=spoken_text(outcome.label), spell=outcome.spell_name, source=source
        )
    return text + (" " + _("This casting was undone.") if undone else "")
