"""The heroes' own rolls in a Strategy Battle Game battle, each worked out once and carried by the command that
holds its dice (so the journal replays it exactly): Might on a roll (SB-02), Will to cast or resist (SB-03), Fate
to restore lost Wounds (SB-04) and the Courage test with Might and Will added (SB-06). Each is refused before its
first die when the rules refuse it; a roll that changes nothing is logged as a note with its dice (AR-05)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from warband.model.army import Problem
from warband.model.battle import Roll, thrown
from warband.model.dice import Dice, DiceError, DiceKind, TypedDice
from warband.model.messages import N_, Phrase, joined, term
from warband.model.session import RefusedError
from warband.model.systems.sbg import battle_rules as rules
from warband.model.systems.sbg import courage
from warband.model.systems.sbg.battle_commands import CourageTest, FateRoll, UseMight, WillAttempt
from warband.model.systems.sbg.battle_state import SbgBattle

Thrown = tuple[tuple[int, ...], DiceKind]
"""Dice thrown and shown before they are used: their values and where they came from."""


# --- SB-03: Will --------------------------------------------------------------------------------------------
def roll_will(
    battle: SbgBattle, key: str, need: int, count: int, might: int, *, resisting: bool, dice: Dice
) -> Roll[SbgBattle, bool]:
    """SB-03: cast or resist with `count` Will dice (and Might on the highest), the program's or the table's. The
    rule runs once; refused (`RefusedError`) before any die is thrown. The outcome is the success."""
    rules.will_check(battle, key, count)
    if might:
        rules.might_check(battle, key, "will", might)
    (after, success), used = thrown(
        dice, lambda source: rules.will_attempt(battle, key, source.roll(6, count), might, need)
    )
    hero = rules.hero(battle, key)
    template = (
        N_("{hero} resists: {dice} (+{might} Might) against {need}+: {verdict}")
        if resisting
        else N_("{hero} casts: {dice} (+{might} Might) against {need}+: {verdict}")
    )
    verdict = term(N_("success") if success else N_("failure"))
    text = Phrase(
        template, hero=hero.label, dice=" ".join(map(str, used)), might=might, need=need, verdict=verdict
    )
    command = WillAttempt(key=key, need=need, rolled=used, might=might, resisting=resisting)
    return Roll(command, after, success, text, used, dice.kind, success, hero.side)


# --- SB-02: Might on a roll ---------------------------------------------------------------------------------
def throw_might(battle: SbgBattle, key: str, roll_kind: str, dice: Dice) -> Thrown:
    """SB-02: throw the hero's own roll (two dice for a Courage test), the program's dice or the table's, to
    choose the Might to put on it once it is seen (`might_thrown`). Refused before any die is thrown for a kind
    of roll SB-02 does not list. The dice and where they came from."""
    rules.might_check(battle, key, roll_kind, 0)
    count = rules.might_dice(roll_kind)
    _values, used = thrown(dice, lambda source: source.roll(6, count))
    return used, dice.kind


def might_text(battle: SbgBattle, key: str, points: int, roll_kind: str, roll: int) -> Phrase:
    """The log's words for Might spent on a roll: "Captain spends 1 Might on a roll to wound: 4 → 5" (or to
    lower it, `points` negative: "… 4 → 3")."""
    return Phrase(
        N_("{hero} spends {points} Might on {what}: {roll} → {result}"),
        hero=rules.hero(battle, key).label,
        points=abs(points),
        what=term(rules.MIGHT_ROLLS.get(roll_kind, roll_kind)),
        roll=roll,
        result=roll + points,
    )


def might_thrown(
    battle: SbgBattle,
    key: str,
    points: int,
    roll_kind: str,
    values: tuple[int, ...],
    source: DiceKind,
    need: int | None = None,
    *,
    lower: bool = False,
) -> Roll[SbgBattle, int]:
    """SB-02: Might put on dice already thrown (`throw_might`), raising them (or lowering them: `points`
    negative), the command carrying them; the rule runs once. No Might spent is a note, its dice kept (AR-05). The
    outcome is the result; the success, when `need` is given, that it reaches it (with `lower`, that it comes to
    `need` or below)."""
    hero = rules.hero(battle, key)
    total = sum(values)
    result = total + points
    success = None if need is None else (result <= need if lower else result >= need)
    if points == 0:
        rules.might_check(battle, key, roll_kind, 0)
        text = Phrase(
            N_("{hero} throws {dice} for {what}: no Might spent"),
            hero=hero.label,
            dice=" ".join(map(str, values)),
            what=term(rules.MIGHT_ROLLS.get(roll_kind, roll_kind)),
        )
        return Roll(None, battle, result, text, values, source, success, hero.side)
    command = UseMight(key=key, points=points, roll_kind=roll_kind, dice=values)
    text = might_text(battle, key, points, roll_kind, total)
    return Roll(command, command.apply(battle), result, text, values, source, success, hero.side)


def roll_might(
    battle: SbgBattle, key: str, roll_kind: str, need: int, might: int, dice: Dice, *, lower: bool = False
) -> Roll[SbgBattle, int]:
    """SB-02: throw the hero's roll and put on it the fewest of `might` points that make it reach `need` (with
    `lower`: that lower it to `need` or below); none when it already does, or when even all of them would not.
    Refused before any die is thrown, also when the hero has no Might to put on it (or `might` is 0: then there
    is nothing to choose)."""
    rules.might_check(battle, key, roll_kind, max(1, might))
    values, source = throw_might(battle, key, roll_kind, dice)
    low = rules.might_dice(roll_kind)
    points = rules.fewest_might(sum(values), need, might, lower=lower, low=low)
    return might_thrown(battle, key, points, roll_kind, values, source, need, lower=lower)


# --- SB-04: Fate --------------------------------------------------------------------------------------------
def fate_dice_text(values: Sequence[int], might: Sequence[int]) -> str:
    """ "2 3+1": each Fate die, with the Might put on it."""
    return " ".join(f"{v}+{m}" if m else str(v) for v, m in zip(values, might, strict=True))


def fate_thrown(
    battle: SbgBattle, key: str, values: tuple[int, ...], might: tuple[int, ...], lost: int, source: DiceKind
) -> Roll[SbgBattle, int]:
    """SB-04: Fate dice already thrown (shown before the Might is put on them), with the Might on each; the rule
    runs once. The outcome is the Wounds restored; the log names the Might spent on the dice too."""
    spent = tuple(might) + (0,) * (len(values) - len(might))
    after, restored = rules.fate_roll(battle, key, values, spent, lost)
    hero = rules.hero(battle, key)
    if sum(spent):
        text = Phrase(
            N_("{hero} spends {fate} Fate and {might} Might: {dice}, restores {restored}"),
            hero=hero.label,
            fate=len(values),
            might=sum(spent),
            dice=fate_dice_text(values, spent),
            restored=restored,
        )
    else:
        text = Phrase(
            N_("{hero} spends {fate} Fate: {dice}, restores {restored}"),
            hero=hero.label,
            fate=len(values),
            dice=" ".join(map(str, values)),
            restored=restored,
        )
    command = FateRoll(key=key, rolled=values, might=spent, lost=lost)
    return Roll(command, after, restored, text, values, source, restored > 0, hero.side)


def throw_fate(battle: SbgBattle, key: str, count: int, dice: Dice) -> Thrown:
    """SB-04: throw `count` Fate dice, the program's or the table's, to show them before the Might is put on them
    and they are applied (`fate_thrown`). Refused before any die is thrown when the hero may not spend them, and
    for more than one die when the battle rolls them one at a time (one die per roll)."""
    rules.fate_check(battle, key, count)
    if count != 1 and battle.options.fate_dice == "one_at_a_time":
        raise RefusedError(Problem.of("SB-04", "sbg.fate_one_at_a_time", rules.hero(battle, key).ref()))
    _values, used = thrown(dice, lambda source: source.roll(6, count))
    return used, dice.kind


def roll_fate(
    battle: SbgBattle, key: str, count: int, lost: int, might: int, *, at_once: bool, dice: Dice
) -> Roll[SbgBattle, int]:
    """SB-04: spend up to `count` Fate to restore the Wounds lost in one event, with up to `might` Might on the
    dice, in the way the battle's rules option says. One at a time: die after die, stopping once the Wounds are
    back (the table's dice: as many as were typed, the player taking the wound after the last); Might goes on a
    die only when it turns it into a success and that helps, as the odds (`fate_chance`) count. All at once:
    `count` dice together, Might on the failed dice closest to 4 first, only as many as the Wounds need. The rule
    runs once (`fate_thrown`); refused before any die is thrown. The outcome is the Wounds restored; the success,
    that all of them were."""
    if at_once != (battle.options.fate_dice == "all_at_once"):
        code = "sbg.fate_one_at_a_time" if at_once else "sbg.fate_all_at_once"
        raise RefusedError(Problem.of("SB-04", code, rules.hero(battle, key).ref()))
    if count < 1 or lost < 1:
        raise ValueError("a Fate roll throws at least one die to restore at least one Wound")
    rules.fate_check(battle, key, count, might)
    wanted = rules.fate_wanted(battle, key, lost)
    limit = count
    if isinstance(dice, TypedDice) and not at_once:
        if not dice.remaining:
            raise DiceError("dice.count_one", given=0)
        limit = min(count, len(dice.remaining))

    def together(source: Dice) -> tuple[tuple[int, ...], tuple[int, ...]]:
        values = source.roll(6, count)
        return values, rules.fate_might_at_once(values, wanted, might)

    def one_at_a_time(source: Dice) -> tuple[tuple[int, ...], tuple[int, ...]]:
        values: list[int] = []
        spent: list[int] = []
        restored, left = 0, might
        while len(values) < limit and restored < wanted:
            (die,) = source.roll(6, 1)
            put = rules.fate_might(die, wanted - restored, count - len(values) - 1, left)
            values.append(die)
            spent.append(put)
            left -= put
            if die + put >= rules.FATE_SUCCESS:
                restored += 1
        return tuple(values), tuple(spent)

    (values, spent), _used = thrown(dice, together if at_once else one_at_a_time)
    roll = fate_thrown(battle, key, values, spent, lost, dice.kind)
    return dataclasses.replace(roll, success=roll.outcome >= wanted)


# --- SB-06: the Courage test --------------------------------------------------------------------------------
def throw_courage(battle: SbgBattle, key: str, might: int, will: int, dice: Dice) -> Thrown:
    """SB-06: throw a hero's Courage test (two dice), the program's or the table's, to choose the Might and Will
    to add once it is seen (`courage_thrown`); refused before any die when the hero has not `might` Might and
    `will` Will to add."""
    courage.courage_check(battle, key, might, will)
    _values, used = thrown(dice, lambda source: source.roll(6, courage.COURAGE_DICE))
    return used, dice.kind


def courage_text(battle: SbgBattle, key: str, values: Sequence[int], might: int, will: int, passed: bool) -> str:
    """ "Gandalf tests Courage: 3 4 + Courage 7 = 14: passes" (the points added after the Courage)."""
    hero = rules.hero(battle, key)
    added: list[object] = []
    if might:
        added.append(Phrase(N_("{points} Might"), points=might))
    if will:
        added.append(Phrase(N_("{points} Will"), points=will))
    verdict = term(N_("passes") if passed else N_("fails"))
    total = courage.courage_total(hero, values) + might + will
    dice = " ".join(map(str, values))
    if not added:
        return Phrase(
            N_("{hero} tests Courage: {dice} + Courage {courage} = {total}: {verdict}"),
            hero=hero.label,
            dice=dice,
            courage=hero.profile.courage,
            total=total,
            verdict=verdict,
        )
    return Phrase(
        N_("{hero} tests Courage: {dice} + Courage {courage} + {points} = {total}: {verdict}"),
        hero=hero.label,
        dice=dice,
        courage=hero.profile.courage,
        points=joined(added),
        total=total,
        verdict=verdict,
    )


def courage_thrown(
    battle: SbgBattle, key: str, values: tuple[int, ...], might: int, will: int, source: DiceKind
) -> Roll[SbgBattle, bool]:
    """SB-06: the Courage test's dice already thrown, with the Might and Will the player adds; the rule runs once.
    With no point added nothing changes: a note, its dice kept (AR-05). The outcome and the success: it passed."""
    if len(values) != courage.COURAGE_DICE:
        raise DiceError("dice.count_many", expected=courage.COURAGE_DICE, given=len(values))
    after, passed = courage.courage_test(battle, key, values, might, will)
    hero = rules.hero(battle, key)
    text = courage_text(battle, key, values, might, will, passed)
    if not might and not will:
        return Roll(None, after, passed, text, values, source, passed, hero.side)
    command = CourageTest(key=key, rolled=(values[0], values[1]), might=might, will=will)
    return Roll(command, after, passed, text, values, source, passed, hero.side)


def roll_courage(
    battle: SbgBattle, key: str, might: int, will: int, *, will_first: bool, dice: Dice
) -> Roll[SbgBattle, bool]:
    """SB-06: throw the hero's Courage test and add to it the fewest of `might` Might and `will` Will points that
    make it pass, Might first (or Will first); none when it passes already, or when all of them would not.
    Refused before any die is thrown."""
    values, source = throw_courage(battle, key, might, will, dice)
    total = courage.courage_total(rules.hero(battle, key), values)
    spent_might, spent_will = courage.courage_points(total, might, will, will_first=will_first)
    return courage_thrown(battle, key, values, spent_might, spent_will, source)
