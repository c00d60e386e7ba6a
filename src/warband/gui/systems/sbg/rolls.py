"""The Strategy Battle Game's rolls in the window, on the shared battle document, where the game's model has no
request for them (`play.py` has those: the priority roll, the roll-off and Will are `document.roll(request)`): a
die shown before it is used, its dice thrown by the model (`hero_rolls`) and carried by the command that uses
them (AR-05). Might (SB-02) is thrown by `throw_might`, then spent by `spend_might`; Fate (SB-04) is thrown by
`throw_fate`, then applied with the Might put on each die by `apply_fate`; a Courage test (SB-06) is thrown by
`throw_courage`, then applied with the Might and Will added by `apply_courage`. Refusals are told through the
document's `refused`, and nothing changes."""

from __future__ import annotations

from collections.abc import Callable

from warband.gui.battle_document import BattleDocument
from warband.model.army import Problem
from warband.model.dice import Dice, DiceError, DiceKind
from warband.model.session import RefusedError
from warband.model.systems.sbg import battle_rules as rules
from warband.model.systems.sbg import break_rolls
from warband.model.systems.sbg import hero_rolls as commands
from warband.model.systems.sbg.battle_commands import UseMight
from warband.model.systems.sbg.battle_state import SbgBattle
from warband.model.systems.sbg.play import PriorityRoll

Thrown = commands.Thrown
"""Dice thrown and shown before they are used: their values and where they came from."""


def tell(document: BattleDocument[SbgBattle], reason: object) -> None:
    """A refusal, told as the document tells its own: "SB-04: …" for a rule."""
    document.refused.emit(f"{reason.rule}: {reason.sentence}" if isinstance(reason, Problem) else str(reason))


def roll_priority(document: BattleDocument[SbgBattle], dice: Dice | None = None) -> tuple[int, int] | None:
    """SB-01: each side rolls a die (the program's, or the table's); a first-turn tie is logged, changes nothing
    and is told as the rule's refusal (roll again). Both dice, or None when the roll was refused (told)."""
    roll = document.roll(PriorityRoll(), dice)
    if roll is None:
        return None
    first, second = roll.outcome
    if roll.command is None:
        tell(document, Problem.of("SB-01", "sbg.priority_tie", None, roll=first))
    return first, second


def _thrown(
    document: BattleDocument[SbgBattle], throw: Callable[[Dice], Thrown], dice: Dice | None
) -> Thrown | None:
    """Dice the model throws (the program's, or the table's), or None when it refuses them (told)."""
    try:
        return throw(dice or document.run.dice)
    except RefusedError as exc:
        tell(document, exc.reason)
    except DiceError as exc:
        document.refused.emit(exc.sentence)
    return None


# --- SB-02: Might on a roll --------------------------------------------------------------------------------
def throw_might(
    document: BattleDocument[SbgBattle], key: str, roll_kind: str, dice: Dice | None = None
) -> Thrown | None:
    """Throw the hero's roll (two dice for a Courage test) to choose the Might once it is seen; the program's dice
    are carried by the `UseMight` that spends it (AR-05)."""
    return _thrown(document, lambda source: commands.throw_might(document.battle, key, roll_kind, source), dice)


def spend_might(
    document: BattleDocument[SbgBattle], key: str, points: int, roll_kind: str, roll: int, thrown: Thrown | None
) -> bool:
    """Spend Might on a roll: the dice `throw_might` threw (their total is the roll), or a roll made at the table
    and typed in (`roll`, no dice kept). False when refused (told)."""
    battle = document.battle
    if thrown is not None:
        values, source = thrown
        spent = document.rolled(lambda: commands.might_thrown(battle, key, points, roll_kind, values, source))
        return spent is not None
    try:
        side = rules.hero(battle, key).side
        text = commands.might_text(battle, key, points, roll_kind, roll)
    except KeyError as exc:
        document.refused.emit(str(exc))
        return False
    return document.act(UseMight(key=key, points=points, roll_kind=roll_kind), text=text, side=side)


# --- SB-04: Fate -------------------------------------------------------------------------------------------
def throw_fate(
    document: BattleDocument[SbgBattle], key: str, count: int, dice: Dice | None = None
) -> Thrown | None:
    """Throw Fate dice (the program's, or take the table's) before deciding how to use them: a Fate die shown
    first, then the Might put on it (`apply_fate`). The program's dice go on whatever is decided (AR-05)."""
    return _thrown(document, lambda source: commands.throw_fate(document.battle, key, count, source), dice)


def apply_fate(
    document: BattleDocument[SbgBattle],
    key: str,
    values: tuple[int, ...],
    might: tuple[int, ...],
    lost: int,
    source: str,
) -> int | None:
    """SB-04: Fate dice already thrown, with the Might the player put on each; the Wounds restored, or None when
    refused (told)."""
    kind: DiceKind = "typed" if source == "typed" else "rolled"
    return document.rolled(lambda: commands.fate_thrown(document.battle, key, values, might, lost, kind))


# --- SB-06: the Courage test ---------------------------------------------------------------------------------
def throw_courage(
    document: BattleDocument[SbgBattle], key: str, might: int, will: int, dice: Dice | None = None
) -> Thrown | None:
    """Throw a hero's Courage test (two dice, the program's or the table's) before the player adds Might and Will
    (`apply_courage`); refused (told) when the hero has not `might` Might and `will` Will to add."""
    return _thrown(
        document, lambda source: commands.throw_courage(document.battle, key, might, will, source), dice
    )


def apply_courage(
    document: BattleDocument[SbgBattle], key: str, values: tuple[int, ...], might: int, will: int, source: str
) -> bool | None:
    """SB-06: the Courage test's dice already thrown, with the Might and Will the player adds: passed or not, or
    None when refused (told)."""
    kind: DiceKind = "typed" if source == "typed" else "rolled"
    return document.rolled(lambda: commands.courage_thrown(document.battle, key, values, might, will, kind))


# --- SB-07: the Courage tests of a broken force ----------------------------------------------------------------
def throw_break(
    document: BattleDocument[SbgBattle], key: str, might: int, will: int, dice: Dice | None = None
) -> Thrown | None:
    """Throw the break test of a hero (or of one warrior) before the player adds Might and Will (`apply_break`);
    refused (told) when the test is not due or the hero has not the points."""
    return _thrown(
        document, lambda source: break_rolls.throw_break(document.battle, key, might, will, source), dice
    )


def apply_break(
    document: BattleDocument[SbgBattle], key: str, values: tuple[int, ...], might: int, will: int, source: str
) -> bool | None:
    """SB-07: the break test's dice already thrown, with the Might and Will the player adds: passed or not (a fail
    flees), or None when refused (told)."""
    kind: DiceKind = "typed" if source == "typed" else "rolled"
    return document.rolled(lambda: break_rolls.break_thrown(document.battle, key, values, might, will, kind))
