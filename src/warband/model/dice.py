"""Dice: where randomness enters the rules, and the exact odds shown before a roll.

Rules never call `random` themselves: they take a `Dice` argument, the program's seeded roller or the dice the
player typed in from the table (DESIGN, "How data flows" 1). Odds are exact integers and `Fraction`s, computed by
convolution or by recursion over what is still needed, never by enumerating every outcome nor with floats.

AR-05: the generator's state is saved in the battle file but lives outside the undo snapshots, so undoing a roll
restores the battle and not the dice: rolling again gives new dice. The owner of the battle keeps one `SeededDice`
beside its `Session`, never inside a snapshot.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal, NamedTuple, Protocol

from warband.model.messages import N_, _

DiceKind = Literal["rolled", "typed"]

TEMPLATES: dict[str, str] = {
    "dice.not_a_number": N_("'{text}' is not a number"),
    "dice.not_a_face": N_("{value} is not a face of a {die} ({low}–{high})"),
    "dice.count_one": N_("1 die expected, {given} given"),
    "dice.count_many": N_("{expected} dice expected, {given} given"),
    "dice.used_up": N_("{expected} dice asked for, but only {left} typed-in dice are left"),
    "dice.bad_state": N_("The saved state of the dice cannot be used: {why}"),
    "dice.reroll": N_("The {last} is rolled again and added: type the next die too ({given} typed so far)."),
    "dice.extra": N_("{given} dice typed, but the roll used {used}: check the dice."),
}


class DiceError(ValueError):
    """Dice that cannot be given or used, as a value: a message key, its parameters and the English sentence."""

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params: Mapping[str, object] = params
        self.message = TEMPLATES[code].format(**params)
        super().__init__(self.message)

    @property
    def sentence(self) -> str:
        """The sentence in the player's language."""
        return _(TEMPLATES[self.code]).format(**self.params)


@dataclass(frozen=True)
class Die:
    """One kind of die: `sides` consecutive faces from `low` (a PF "d5" is a d6 numbered 0–5)."""

    sides: int = 6
    low: int = 1
    name: str = ""

    def __post_init__(self) -> None:
        if self.sides < 1:
            raise ValueError(f"a die has at least one face, not {self.sides}")

    @property
    def high(self) -> int:
        return self.low + self.sides - 1

    @property
    def faces(self) -> range:
        return range(self.low, self.high + 1)

    @property
    def label(self) -> str:
        """What players call it: "d6", or the given name ("d5")."""
        return self.name or f"d{self.sides}"

    def check(self, value: int) -> None:
        """Refuse a value that is not one of the faces, naming the die and its faces."""
        if value not in self.faces:
            raise DiceError("dice.not_a_face", value=value, die=self.label, low=self.low, high=self.high)

    def roll(self, dice: Dice, count: int = 1) -> tuple[int, ...]:
        """Roll `count` of this die from a dice source."""
        return dice.roll(self.sides, count, low=self.low)


D6 = Die(6)
D5 = Die(6, low=0, name="d5")


class Dice(Protocol):
    """A source of dice: the seeded roller or the player's typed-in dice."""

    @property
    def kind(self) -> DiceKind: ...

    def describe(self) -> str:
        """How the log says the dice were got: "rolled" or "typed in" (translated)."""
        ...

    def roll(self, sides: int, count: int = 1, *, low: int = 1) -> tuple[int, ...]:
        """`count` dice of `sides` faces numbered from `low`; raises `DiceError` when it cannot give them."""
        ...


def _check_roll(sides: int, count: int) -> None:
    if sides < 1:
        raise ValueError(f"a die has at least one face, not {sides}")
    if count < 0:
        raise ValueError(f"cannot roll {count} dice")


class SeededDice:
    """The program's own roller; its state goes into the battle file so a reopened battle rolls on (AR-05)."""

    kind: DiceKind = "rolled"

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)
        self._calls: list[tuple[int, int, int]] = []

    def describe(self) -> str:
        return _("rolled")

    def roll(self, sides: int, count: int = 1, *, low: int = 1) -> tuple[int, ...]:
        _check_roll(sides, count)
        self._calls.append((sides, count, low))
        return tuple(self._random.randint(low, low + sides - 1) for _ in range(count))

    @property
    def calls(self) -> tuple[tuple[int, int, int], ...]:
        """The rolls asked for since `forget_calls`, as `(sides, count, low)`: replaying them on the generator as
        it was then gives its state now. The journal keeps these few numbers instead of the 6.7 KB state."""
        return tuple(self._calls)

    def forget_calls(self) -> None:
        self._calls.clear()

    def state(self) -> dict[str, Any]:
        """The generator's state as JSON values: `{"version", "internal": [625 ints], "gauss_next"}`."""
        version, internal, gauss_next = self._random.getstate()
        return {"version": version, "internal": list(internal), "gauss_next": gauss_next}

    @classmethod
    def from_state(cls, state: object) -> SeededDice:
        """A roller continuing exactly where the saved one stopped; a damaged state raises `DiceError`."""
        if not isinstance(state, Mapping) or set(state) != {"version", "internal", "gauss_next"}:
            raise DiceError("dice.bad_state", why="expected the keys version, internal and gauss_next")
        version, internal, gauss_next = state["version"], state["internal"], state["gauss_next"]
        if type(version) is not int:
            raise DiceError("dice.bad_state", why="version is not a whole number")
        if not isinstance(internal, list) or not all(type(x) is int for x in internal):
            raise DiceError("dice.bad_state", why="internal is not a list of whole numbers")
        if gauss_next is not None and type(gauss_next) is not float:
            raise DiceError("dice.bad_state", why="gauss_next is neither null nor a number")
        dice = cls()
        try:
            dice._random.setstate((version, tuple(internal), gauss_next))
        except (ValueError, TypeError, OverflowError) as error:
            raise DiceError("dice.bad_state", why=str(error)) from None
        return dice


class TypedDice:
    """The dice the player threw on the table and typed in, handed out in the order typed."""

    kind: DiceKind = "typed"

    def __init__(self, values: tuple[int, ...] | list[int]) -> None:
        self._values = tuple(values)
        self._next = 0

    @classmethod
    def parse(cls, text: str, die: Die | int, count: int) -> TypedDice:
        """Typed dice from the player's text (see `parse_typed`)."""
        return cls(parse_typed(text, die, count))

    @property
    def remaining(self) -> tuple[int, ...]:
        return self._values[self._next :]

    def describe(self) -> str:
        return _("typed in")

    def roll(self, sides: int, count: int = 1, *, low: int = 1) -> tuple[int, ...]:
        """The next `count` values; refused values are not consumed, so a corrected roll can follow."""
        _check_roll(sides, count)
        left = len(self._values) - self._next
        if count > left:
            raise DiceError("dice.used_up", expected=count, left=left)
        taken = self._values[self._next : self._next + count]
        die = Die(sides, low)
        for value in taken:
            die.check(value)
        self._next += count
        return taken


_SEPARATORS = re.compile(r"[\s,;/+]+")
_NUMBER = re.compile(r"-?[0-9]+")
_SHOWN = 20  # characters of a bad token quoted back to the player


def parse_typed(text: str, die: Die | int, count: int) -> tuple[int, ...]:
    """The values in "3 5 6", "3,5,6" or, when every face is one digit, "356"; `DiceError` says what is wrong.

    Args:
        text: what the player typed.
        die: the die thrown (`Die`, or a number of sides for faces 1..sides).
        count: how many dice were thrown.
    """
    die = Die(die) if isinstance(die, int) else die
    single_digits = die.low >= 0 and die.high <= 9
    values: list[int] = []
    for token in _SEPARATORS.split(text.strip()):
        if not token:
            continue
        shown = token if len(token) <= _SHOWN else token[:_SHOWN] + "…"
        if not _NUMBER.fullmatch(token):
            raise DiceError("dice.not_a_number", text=shown)
        if single_digits and token.isdigit():
            found = [int(digit) for digit in token]  # "356": one die per digit
        elif len(token.lstrip("-")) > 9:  # no die has a billion faces (and int() of huge text is slow)
            raise DiceError("dice.not_a_face", value=shown, die=die.label, low=die.low, high=die.high)
        else:
            found = [int(token)]
        for value in found:
            die.check(value)
        values.extend(found)
    if len(values) != count:
        code = "dice.count_one" if count == 1 else "dice.count_many"
        raise DiceError(code, expected=count, given=len(values))
    return tuple(values)


# --- Exact odds ------------------------------------------------------------------------------------------------


def sum_distribution(count: int, sides: int = 6, low: int = 1) -> dict[int, int]:
    """How many of the sides**count throws give each total, by convolving one die at a time (PD-08, PF 2d5)."""
    _check_roll(sides, count)
    ways = {0: 1}
    for _die in range(count):
        nxt: dict[int, int] = {}
        for total, n in ways.items():
            for face in range(low, low + sides):
                nxt[total + face] = nxt.get(total + face, 0) + n
        ways = nxt
    return dict(sorted(ways.items()))


def at_least(target: int, count: int, sides: int = 6, low: int = 1) -> Fraction:
    """P(the sum of `count` dice ≥ target), exactly."""
    ways = sum_distribution(count, sides, low)
    return Fraction(sum(n for total, n in ways.items() if total >= target), sides**count)


def at_most(target: int, count: int, sides: int = 6, low: int = 1) -> Fraction:
    """P(the sum of `count` dice ≤ target): PF's rolls "under" a skill."""
    return 1 - at_least(target + 1, count, sides, low)


def normalise(dist: Mapping[int, int | Fraction]) -> dict[int, Fraction]:
    """Weights (ways, or unnormalised chances) as probabilities that sum to exactly 1, by value."""
    total = sum(dist.values(), Fraction(0))
    if total <= 0 or any(w < 0 for w in dist.values()):
        raise ValueError("a distribution needs non-negative weights with a positive total")
    return {value: Fraction(dist[value]) / total for value in sorted(dist)}


def distribution_at_least(dist: Mapping[int, int | Fraction]) -> dict[int, Fraction]:
    """For each value of a distribution, P(result ≥ value): the odds of every target at once."""
    chances = normalise(dist)
    out: dict[int, Fraction] = {}
    tail = Fraction(0)
    for value in sorted(chances, reverse=True):
        tail += chances[value]
        out[value] = tail
    return dict(sorted(out.items()))


def chance_at_least(dist: Mapping[int, int | Fraction], target: int) -> Fraction:
    """P(result ≥ target) for any target, also between or beyond the values of the distribution."""
    return sum((p for value, p in normalise(dist).items() if value >= target), Fraction(0))


# --- CF-19: the open-ended d6 of the Divination roll -------------------------------------------------------------


def open_ended_at_least(need: int) -> Fraction:
    """P(an open-ended d6 ≥ need): every 6 is rolled again and added.

    Recursion over what is still needed: need ≤ 1 always; 2..6 needs a face ≥ need ((7 − need)/6, a 6 reaches it
    whatever follows); above 6 it needs a 6 (1/6) and then need − 6 from a fresh die. So k = (need − 1) // 6 sixes
    are needed before the last die, which must show need − 6k or more: exact, finite, and O(1).
    """
    if need <= 1:
        return Fraction(1)
    sixes = (need - 1) // 6
    last = need - 6 * sixes  # 1..6
    return Fraction(7 - last, 6 ** (sixes + 1))


def divination_success(difficulty: int, bonus: int, *, one_fails: bool = True, explode: bool = True) -> Fraction:
    """CF-19: P(1D6 + fervour spent ≥ Difficulty), exactly.

    Decision: "a natural 1" is the FIRST die showing 1, which fails whatever the bonus when `one_fails`; a 1 rolled
    after a 6 only adds 1 (6 + 1 = 7). With `explode`, a 6 is rolled again and added, and so is every further 6.

    Args:
        difficulty: the miracle's Difficulty.
        bonus: the fervour spent (or any modifier added to the die).
        one_fails: a natural 1 always fails (CF-19 default).
        explode: a 6 is rolled again and added, open-ended (CF-19 default).
    """
    need = difficulty - bonus
    first_faces = range(2 if one_fails else 1, 7)
    if not explode:
        return Fraction(sum(1 for face in first_faces if face >= need), 6)
    plain = sum(1 for face in first_faces if face != 6 and face >= need)
    return Fraction(plain, 6) + Fraction(1, 6) * open_ended_at_least(need - 6)


class Bucket(NamedTuple):
    """One bar of the odds chart: a final total, or with `tail` that total or more."""

    total: int
    chance: Fraction
    tail: bool = False

    @property
    def label(self) -> str:
        return f"≥{self.total}" if self.tail else str(self.total)


def divination_distribution(bonus: int = 0, *, explode: bool = True, cap: int | None = None) -> list[Bucket]:
    """CF-19: the exact chance of each final total 1D6 + bonus, totals from `cap` on lumped into "≥cap".

    The chances sum to exactly 1. The lowest total, 1 + bonus, is exactly the natural 1 (after a 6 the total is
    at least 7 + bonus), so the chart can mark it as failing whatever the Difficulty when that option is on. With
    `explode`, the totals 6 + bonus, 12 + bonus, … have chance 0: a 6 is always rolled again.

    Args:
        bonus: the fervour spent.
        explode: a 6 is rolled again and added.
        cap: the first total lumped into the tail; defaults to 13 + bonus (two 6s and more).
    """
    cap = 13 + bonus if cap is None else cap
    lowest = 1 + bonus
    buckets: list[Bucket] = []
    if explode:
        for total in range(lowest, cap):
            sixes, last = divmod(total - bonus, 6)
            buckets.append(Bucket(total, Fraction(0) if last == 0 else Fraction(1, 6 ** (sixes + 1))))
        start = max(cap, lowest)
        buckets.append(Bucket(start, open_ended_at_least(start - bonus), tail=True))
        return buckets
    highest = 6 + bonus
    buckets = [Bucket(total, Fraction(1, 6)) for total in range(lowest, min(cap, highest + 1))]
    if cap <= highest:
        start = max(cap, lowest)
        buckets.append(Bucket(start, Fraction(highest - start + 1, 6), tail=True))
    return buckets
