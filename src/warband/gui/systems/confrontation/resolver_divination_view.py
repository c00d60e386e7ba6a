"""What the Resolver shows of a Divination call, as text and chart bars: formatting only, the rules decide."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from warband.gui.widgets.odds_chart import format_percent
from warband.model.dice import divination_distribution, divination_success
from warband.model.messages import _, spoken_text
from warband.model.names import display_name
from warband.model.systems.confrontation.battle_calls import Outcome
from warband.model.systems.confrontation.battle_rules import DivinationOrder, Model, miracle_name
from warband.model.systems.confrontation.battle_state import ConfrontationBattle
from warband.model.systems.confrontation.schema import Miracle


def faithful_text(battle: ConfrontationBattle, m: Model) -> str:
    """ "Aline — Iron Priestess (T.F. 8)"."""
    return _("{player} — {unit} (T.F. {faith})").format(
        player=battle.sides[m.side].player, unit=spoken_text(m.label), faith=m.state.faith
    )


def miracle_text(battle: ConfrontationBattle, miracle_id: str) -> str:
    """ "Renfort — fervour 2+, difficulty 8"; a difficulty set at the table says so (or how the call works it out,
    CF-17), and a miracle the catalogs no longer know says that it cannot be called (AR-02)."""
    miracle = battle.entries.miracles.get(miracle_id)
    name = spoken_text(miracle_name(battle, miracle_id))  # the catalog's name in the player's language
    if miracle is None:
        return _("{name} — not in the loaded catalogs: cannot be called (AR-02)").format(name=name)
    if miracle.difficulty is None and miracle.difficulty_formula is not None:
        return _("{name} — fervour {fervour}+, difficulty the fervour + {plus}").format(
            name=name, fervour=miracle.fervour, plus=miracle.difficulty_formula.fervour_plus
        )
    if miracle.difficulty is None:
        return _("{name} — fervour {fervour}+, difficulty set at the table").format(
            name=name, fervour=miracle.fervour
        )
    return _("{name} — fervour {fervour}+, difficulty {difficulty}").format(
        name=name, fervour=miracle.fervour, difficulty=miracle.difficulty
    )


def miracle_details(miracle: Miracle | None) -> str:
    """The card's range, area and duration, on one line ("Range 15 cm · Duration 1 turn")."""
    if miracle is None:
        return ""
    parts = [
        template.format(value=display_name(value))
        for template, value in (
            (_("Range {value}"), miracle.range),
            (_("Area {value}"), miracle.area),
            (_("Duration {value}"), miracle.duration),
        )
        if value
    ]
    return " · ".join(parts)


def odds_text(chance: Fraction) -> str:
    """ "7/12 — 58.3%": the exact chance, then the rounded percentage."""
    return f"{chance} — {format_percent(chance)}"


def outcome_text(outcome: Outcome) -> str:
    """ "Success: 6 + 3 + 2 = 11 against 9": the dice, then the fervour spent."""
    terms = [str(d) for d in outcome.dice] + ([str(outcome.fervour)] if outcome.fervour else [])
    sum_text = " + ".join(terms) if len(terms) == 1 else f"{' + '.join(terms)} = {outcome.total}"
    if outcome.success:
        verdict = _("Success")
    elif outcome.natural_one:
        verdict = _("Failure (natural 1)")
    else:
        verdict = _("Failure")
    return _("{verdict}: {sum} against {difficulty}").format(
        verdict=verdict, sum=sum_text, difficulty=outcome.difficulty
    )


def outcome_detail(outcome: Outcome, typed: bool, *, undone: bool = False) -> str:
    """Who called what, with which fervour and whose dice; an undone call says so (AR-05)."""
    text = _("{unit} called {miracle} with a fervour of {fervour}; dice {source}.").format(
        unit=spoken_text(outcome.label),
        miracle=spoken_text(outcome.miracle_name),
        fervour=outcome.fervour,
        source=_("typed in") if typed else _("rolled"),
    )
    return text + (" " + _("This call was undone.") if undone else "")


def order_text(battle: ConfrontationBattle, order: DivinationOrder) -> str:
    """Whose place it is in the Divination order, and whether that order waits on the Tactical roll."""
    current = order.current
    if current is None:
        text = _("Divination order: no Faithful is waiting to call.")
    else:
        text = _("Divination order: {player} — {unit} calls now ({position} of {count}).").format(
            player=battle.sides[current.side].player,
            unit=spoken_text(current.label),
            position=current.position + 1,
            count=len(order.slots),
        )
    if order.needs_tactical_winner:
        text += " " + _("The Tactical roll's winner is not recorded yet: this order may change.")
    return text


@dataclass(frozen=True)
class ChartBars:
    """The odds chart's input: bars, the first that succeeds (None: no difficulty yet) and the sure failures."""

    buckets: tuple[tuple[str, Fraction], ...]
    success_from: int | None
    sure_failures: frozenset[int]


def divination_bars(battle: ConfrontationBattle, fervour: int, difficulty: int | None) -> ChartBars:
    """CF-19: the chance of each total 1D6 + fervour, with the totals that reach the difficulty marked.

    The lumped "≥" bar starts no lower than the difficulty, so every bar either succeeds or fails; the lowest
    total is exactly the natural 1 (`divination_distribution`), a sure failure when that option is on.
    """
    options = battle.options
    cap = 13 + fervour if difficulty is None else max(13 + fervour, difficulty)
    buckets = divination_distribution(fervour, explode=options.six_rerolls, cap=cap)
    success_from = None
    if difficulty is not None:
        success_from = next((i for i, b in enumerate(buckets) if b.total >= difficulty), len(buckets))
    return ChartBars(
        tuple((b.label, b.chance) for b in buckets),
        success_from,
        frozenset({0}) if options.natural_one_fails else frozenset(),
    )


def success_chance(battle: ConfrontationBattle, fervour: int, difficulty: int) -> Fraction:
    """CF-19 with the battle's options: P(1D6 + fervour ≥ difficulty), exactly."""
    options = battle.options
    return divination_success(
        difficulty, fervour, one_fails=options.natural_one_fails, explode=options.six_rerolls
    )
