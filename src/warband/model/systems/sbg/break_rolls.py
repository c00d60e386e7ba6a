"""The Courage tests of the Break point (SB-07) as rolls, each worked out once and carried by the command that
holds its dice (`BreakTest`), and a warrior's Courage test outside it (SB-06), which changes nothing and is logged
as a note with its dice (AR-05). Each is refused before its first die when the rules refuse it."""

from __future__ import annotations

from collections.abc import Sequence

from warband.model.army import Problem
from warband.model.battle import Roll, thrown
from warband.model.dice import Dice, DiceError, DiceKind
from warband.model.messages import N_, Phrase, joined, term
from warband.model.session import RefusedError
from warband.model.systems.sbg import break_tests, casualties, courage
from warband.model.systems.sbg.battle_state import SbgBattle
from warband.model.systems.sbg.casualty_commands import BreakTest, BreakTests
from warband.model.systems.sbg.hero_rolls import Thrown


def throw_break(battle: SbgBattle, key: str, might: int, will: int, dice: Dice) -> Thrown:
    """SB-07: throw the Courage test of the unit's next model (two dice), the program's or the table's, to choose
    a hero's Might and Will once it is seen (`break_thrown`); refused before any die (`break_refusal`)."""
    break_tests.break_check(battle, key, might, will)
    _values, used = thrown(dice, lambda source: source.roll(6, courage.COURAGE_DICE))
    return used, dice.kind


def _added(might: int, will: int) -> list[object]:
    added: list[object] = []
    if might:
        added.append(Phrase(N_("{points} Might"), points=might))
    if will:
        added.append(Phrase(N_("{points} Will"), points=will))
    return added


def break_text(found: casualties.UnitInPlay, values: Sequence[int], might: int, will: int, passed: bool) -> str:
    """ "Westfold spears tests Courage, its force broken: 3 4 + Courage 3 = 10: passes"."""
    assert found.profile is not None
    verdict = term(N_("passes") if passed else N_("fails and flees"))
    total = break_tests.break_total(found, values) + might + will
    dice = " ".join(map(str, values))
    added = _added(might, will)
    params = {
        "unit": found.label,
        "dice": dice,
        "courage": found.profile.courage,
        "total": total,
        "verdict": verdict,
    }
    if not added:
        return Phrase(
            N_("{unit} tests Courage, its force broken: {dice} + Courage {courage} = {total}: {verdict}"), **params
        )
    return Phrase(
        N_("{unit} tests Courage, its force broken: {dice} + Courage {courage} + {points} = {total}: {verdict}"),
        points=joined(added),
        **params,
    )


def break_thrown(
    battle: SbgBattle, key: str, values: tuple[int, ...], might: int, will: int, source: DiceKind
) -> Roll[SbgBattle, bool]:
    """SB-07: the test's dice already thrown, with a hero's Might and Will added; the rule runs once. The outcome
    and the success: the model passed (a fail removes it: a casualty)."""
    if len(values) != courage.COURAGE_DICE:
        raise DiceError("dice.count_many", expected=courage.COURAGE_DICE, given=len(values))
    found = break_tests.break_check(battle, key, might, will)
    command = BreakTest(key=key, rolled=(values[0], values[1]), might=might, will=will)
    after, passed = break_tests.break_test(battle, key, values, might, will)
    text = break_text(found, values, might, will, passed)
    return Roll(command, after, passed, text, values, source, passed, found.side)


def roll_break(
    battle: SbgBattle, key: str, might: int, will: int, *, will_first: bool, dice: Dice
) -> Roll[SbgBattle, bool]:
    """SB-07: throw the test of the unit's next model; a hero adds the fewest of `might` Might and `will` Will
    points that make it pass (Might first, or Will first), none when it passes already or when all would not."""
    values, source = throw_break(battle, key, might, will, dice)
    found = casualties.unit_in_play(battle, key)
    spent_might = spent_will = 0
    if found.hero is not None:
        total = break_tests.break_total(found, values)
        spent_might, spent_will = courage.courage_points(total, might, will, will_first=will_first)
    return break_thrown(battle, key, values, spent_might, spent_will, source)


def unit_break_text(found: casualties.UnitInPlay, pairs: Sequence[tuple[int, int]], passed: int) -> str:
    """ "Spearmen test Courage, their force broken (Courage 3): 6 of 8 pass, 2 flee — 3 4, 1 2, …"."""
    assert found.profile is not None
    return Phrase(
        N_(
            "{unit} test Courage, their force broken (Courage {courage}): {passed} of {models} pass, {fled} flee"
            " — {dice}"
        ),
        unit=found.label,
        courage=found.profile.courage,
        passed=passed,
        models=len(pairs),
        fled=len(pairs) - passed,
        dice=", ".join(f"{a} {b}" for a, b in pairs),
    )


def roll_unit_break(battle: SbgBattle, key: str, models: int, dice: Dice) -> Roll[SbgBattle, tuple[int, int]]:
    """SB-07: `models` warriors of the unit test Courage at once, two dice each, the program's or the table's
    (typed in the order thrown, two by two); refused before any die (`unit_tests_refusal`). The outcome: how many
    passed and how many fled; the roll succeeds when none fled."""
    refusal = break_tests.unit_tests_refusal(battle, key, models)
    if refusal is not None:
        raise RefusedError(refusal)
    _values, used = thrown(dice, lambda source: source.roll(6, courage.COURAGE_DICE * models))
    pairs = tuple((used[i], used[i + 1]) for i in range(0, len(used), 2))
    found = casualties.unit_in_play(battle, key)
    after, passed = break_tests.unit_tests(battle, key, pairs)
    command = BreakTests(key=key, rolled=pairs)
    text = unit_break_text(found, pairs, passed)
    fled = models - passed
    return Roll(command, after, (passed, fled), text, used, dice.kind, fled == 0, found.side)


# --- SB-06: a warrior's Courage test outside the Break point ----------------------------------------------------
def warrior_check(battle: SbgBattle, key: str, might: int, will: int) -> casualties.UnitInPlay:
    """The unit of warriors, when one of its models may test Courage (it has Courage and models in play, and adds
    no Might nor Will: it has none); refused otherwise."""
    found = casualties.unit_in_play(battle, key)
    ref = found.ref()
    if found.profile is None:
        raise RefusedError(Problem.of("AR-02", "profile.unknown", ref, profile=found.unit.profile))
    if might or will:
        raise RefusedError(Problem.of("SB-06", "sbg.warrior_points", ref, unit=found.label))
    if found.in_play == 0:
        raise RefusedError(Problem.of(casualties.RULE, "sbg.break_gone", ref, unit=found.label))
    return found


def roll_warrior_courage(battle: SbgBattle, key: str, might: int, will: int, dice: Dice) -> Roll[SbgBattle, bool]:
    """SB-06: one of the unit's warriors tests Courage (a charge, a terror): two dice plus its Courage, 10 or more.
    It changes nothing the battle keeps: logged as a note with its dice. The outcome and success: it passed."""
    found = warrior_check(battle, key, might, will)
    (_values, passed), used = thrown(dice, lambda source: _warrior_test(found, source))
    assert found.profile is not None
    text = Phrase(
        N_("{hero} tests Courage: {dice} + Courage {courage} = {total}: {verdict}"),
        hero=found.label,
        dice=" ".join(map(str, used)),
        courage=found.profile.courage,
        total=sum(used) + found.profile.courage,
        verdict=term(N_("passes") if passed else N_("fails")),
    )
    return Roll(None, battle, passed, text, used, dice.kind, passed, found.side)


def _warrior_test(found: casualties.UnitInPlay, source: Dice) -> tuple[tuple[int, ...], bool]:
    assert found.profile is not None
    values = source.roll(6, courage.COURAGE_DICE)
    return values, sum(values) + found.profile.courage >= courage.COURAGE_PASS
