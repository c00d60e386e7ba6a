"""What the Strategy Battle Game resolver says, as plain strings: a hero's counters, exact odds, the rows of the
Might table (SB-02), the bars of a Will roll (SB-03) and how Might spreads over Fate dice (SB-04). No widgets
here, and no rules: the numbers come from `battle_rules`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from warband.gui.widgets.odds_chart import format_percent
from warband.model.army import Problem
from warband.model.messages import _, spoken_text
from warband.model.names import display_name
from warband.model.session import RefusedError
from warband.model.systems.sbg import battle_rules as rules
from warband.model.systems.sbg.battle_state import SbgBattle

FATE_SUCCESS = rules.FATE_SUCCESS


def odds_text(chance: Fraction) -> str:
    """ "3/4 — 75.0%": the exact chance, then the rounded percentage."""
    return f"{chance} — {format_percent(chance)}"


def refusal_text(problem: Problem) -> str:
    """ "SB-03: Shaman has no Will left: …" — the rule first, as the document reports refusals."""
    return f"{problem.rule}: {problem.sentence}"


def hero_title(battle: SbgBattle, hero: rules.HeroModel) -> str:
    """ "Captain (Aline) — M 2 / W 1 / F 1 / Wounds 2", marked when the hero is off the table."""
    s = hero.state
    player = battle.sides[hero.side].player
    text = _("{hero} ({player}) — M {might} / W {will} / F {fate} / Wounds {wounds}").format(
        hero=spoken_text(hero.label), player=player, might=s.might, will=s.will, fate=s.fate, wounds=s.wounds
    )
    if s.courage_failed:
        return _("{text} — failed a Courage test").format(text=text)
    if s.removed:
        return _("{text} — removed").format(text=text)
    return text


def will_problem(battle: SbgBattle, key: str, dice: int) -> Problem | None:
    """Why this hero may not cast or resist with `dice` Will dice now (SB-03), as the rules say."""
    try:
        rules.will_check(battle, key, dice)
    except RefusedError as exc:
        return exc.reason if isinstance(exc.reason, Problem) else None
    return None


def fate_problem(battle: SbgBattle, key: str) -> Problem | None:
    """Why this hero may not roll a Fate die now (SB-04): the rules asked about one die, with no Might."""
    try:
        rules.fate_roll(battle, key, (FATE_SUCCESS,), (0,), 1)
    except RefusedError as exc:
        return exc.reason if isinstance(exc.reason, Problem) else None
    return None


def spell_choices(battle: SbgBattle, hero: rules.HeroModel) -> list[tuple[str, int, str]]:
    """The hero's spells: id, casting value and "Immobilise — casting 3+"."""
    out: list[tuple[str, int, str]] = []
    assert hero.profile.hero is not None
    for known in hero.profile.hero.spells:
        entry = battle.entries.spells.get(known.spell)
        name = display_name(entry.name) if entry is not None else known.spell
        text = _("{spell} — casting {casting}+").format(spell=name, casting=known.casting)
        out.append((known.spell, known.casting, text))
    return out


# --- SB-02: what each Might point would change ---------------------------------------------------------------
@dataclass(frozen=True)
class MightRow:
    points: int
    result: int
    verdict: str
    success: bool | None
    """True: the roll succeeds; False: it fails; None: a tie (a duel)."""


def might_rows(
    roll: int, might: int, need: int, *, duel: bool, lower: bool = False, low: int = 1
) -> list[MightRow]:
    """One row per number of Might points, lowering the roll (negative) or raising it (SB-02), as far as the hero's
    Might goes and never below `low` (1 a die): the result and what it means. In a duel the result must beat the
    opponent's die (`need`); otherwise reach the score needed, or with `lower` come to it or below."""
    rows: list[MightRow] = []
    for points, result in rules.might_changes(roll, might, low):
        success: bool | None
        if duel:
            success = True if result > need else (None if result == need else False)
            verdict = {True: _("wins"), None: _("ties"), False: _("loses")}[success]
        else:
            success = result <= need if lower else result >= need
            verdict = _("success") if success else _("failure")
        rows.append(MightRow(points, result, verdict, success))
    return rows


def fewest_points(rows: Sequence[MightRow]) -> int | None:
    """The fewest Might points that make the roll succeed (0: it already does; negative: lowering it; None: no
    number does)."""
    winning = [row.points for row in rows if row.success]
    return min(winning, key=abs) if winning else None


def signed(points: int) -> str:
    """ "+2", "0", "−1": Might points raising or lowering a roll."""
    return f"+{points}" if points > 0 else (f"\u2212{-points}" if points < 0 else "0")


# --- SB-03: the Will roll's bars -----------------------------------------------------------------------------
def will_bars(dice: int, might: int) -> list[tuple[str, Fraction]]:
    """The chance of each result (the highest Will die plus the Might): the differences of `will_chance`."""
    bars: list[tuple[str, Fraction]] = []
    for result in range(might + 1, might + 7):
        exact = rules.will_chance(result, dice, might) - rules.will_chance(result + 1, dice, might)
        bars.append((str(result), exact))
    return bars


def will_detail(need: int, dice: int, might: int, *, resisting: bool) -> str:
    what = (
        _("resisting a score of {need}").format(need=need)
        if resisting
        else _("casting on {need}+").format(need=need)
    )
    if dice == 1:
        text = _("1 Will die, {what}").format(what=what)
    else:
        text = _("{count} Will dice, the highest counts, {what}").format(count=dice, what=what)
    if might:
        text = _("{text}, +{might} Might").format(text=text, might=might)
    return text


# --- SB-04: Might on Fate dice -------------------------------------------------------------------------------
def might_needed(values: Sequence[int], lost: int) -> int:
    """The Might that would turn failed Fate dice into successes, the cheapest first, up to `lost` successes:
    the most it is worth putting on these dice."""
    successes = sum(1 for v in values if v >= FATE_SUCCESS)
    costs = sorted(FATE_SUCCESS - v for v in values if v < FATE_SUCCESS)
    return sum(costs[: max(0, lost - successes)])


def spread_might(values: Sequence[int], points: int) -> tuple[int, ...]:
    """Put `points` of Might on the failed dice closest to 4 first, each only when it then reaches 4; whatever
    cannot make a die succeed stays unspent."""
    spent = [0] * len(values)
    left = points
    for index in sorted(range(len(values)), key=lambda i: FATE_SUCCESS - values[i]):
        cost = FATE_SUCCESS - values[index]
        if 0 < cost <= left:
            spent[index] = cost
            left -= cost
    return tuple(spent)


def dice_text(values: Sequence[int]) -> str:
    return " ".join(str(v) for v in values)
