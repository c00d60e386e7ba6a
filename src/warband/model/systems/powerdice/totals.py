"""PD-08's exact odds: how many throws of n d6 give each total, and the chance of reaching a difficulty.

The counts come from a recurrence over the totals (O(n) big-integer steps, not the O(n²) of convolving one die at
a time), worked out once per number of dice: a Resolver whose dice spin goes up and down asks again and again.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

SIDES = 6
"""Power dice are six-sided (RULES PD, a decision)."""


def _count_ways(count: int) -> tuple[int, ...]:
    """The throws of `count` d6 giving each total from `count` to 6·`count`.

    They are the coefficients c_k of Pⁿ, P = 1 + x + … + x⁵ (n = `count`, k = total − n). From P·(Pⁿ)' = n·P'·Pⁿ,
    k·c_k = Σ_{j=1..5} ((n + 1)·j − k)·c_{k−j} = (n + 1)·T_k − k·S_k, an exact division, with the window sums
    S_k = Σ_{j=1..5} c_{k−j} and T_k = Σ_{j=1..5} j·c_{k−j} carried from one k to the next. And c_k = c_{5n−k}
    (every die turned over), so only the first half is worked out."""
    if count < 0:
        raise ValueError(f"cannot roll {count} dice")
    high = (SIDES - 1) * count
    half = high // 2
    ways = [1] * (half + 1)
    window = weighted = 0  # S_k and T_k
    previous = 1  # c_{k-1}
    for k in range(1, half + 1):
        gone = ways[k - SIDES] if k >= SIDES else 0  # c_{k-6}, leaving the window
        weighted += window + previous - SIDES * gone
        window += previous - gone
        previous = ways[k] = ((count + 1) * weighted - k * window) // k
    return (*ways, *reversed(ways[: high - half]))


@lru_cache(maxsize=64)
def total_ways(count: int) -> tuple[int, ...]:
    """`total_ways(n)[i]`: the throws of n d6 (of 6ⁿ) whose total is n + i; a number of dice is its only input."""
    return _count_ways(count)


@lru_cache(maxsize=64)
def _tails(count: int) -> tuple[int, ...]:
    """`_tails(n)[i]`: the throws of n d6 whose total is n + i or more."""
    tails: list[int] = []
    running = 0
    for ways in reversed(total_ways(count)):
        running += ways
        tails.append(running)
    return tuple(reversed(tails))


@lru_cache(maxsize=1024)
def chance_at_least(difficulty: int, count: int) -> Fraction:
    """P(the total of `count` d6 ≥ `difficulty`), exactly; no dice reach nothing above 0."""
    tails = _tails(count)
    index = max(0, difficulty - count)
    return Fraction(tails[index] if index < len(tails) else 0, SIDES**count)


@dataclass(frozen=True)
class CastingOdds:
    """What the Resolver shows of a casting before the dice (PD-08): the chance, and the spread of the totals."""

    dice: int
    difficulty: int
    chance: Fraction
    ways: tuple[int, ...]
    """`ways[i]`: the throws (of 6^dice) whose total is `dice` + i."""

    @property
    def throws(self) -> int:
        throws: int = SIDES**self.dice
        return throws

    @property
    def lowest(self) -> int:
        """The smallest total: every die a 1."""
        return self.dice

    @property
    def success_from(self) -> int:
        """The index in `ways` of the first total that reaches the difficulty (`len(ways)`: none does)."""
        return min(len(self.ways), max(0, self.difficulty - self.dice))


def dice_odds(difficulty: int, dice: int) -> CastingOdds:
    """The odds of `dice` d6 against `difficulty`, from the one distribution of their totals."""
    return CastingOdds(dice, difficulty, chance_at_least(difficulty, dice), total_ways(dice))
