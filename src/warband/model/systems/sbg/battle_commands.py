"""The actions of a Strategy Battle Game battle as commands the journal can write and replay."""

from __future__ import annotations

import dataclasses
from typing import Annotated, Literal

from pydantic import Field, Strict, TypeAdapter

from warband.model.army import Problem
from warband.model.battle import Roll, thrown
from warband.model.battle_commands import EndBattle
from warband.model.catalog import Flag, Frozen
from warband.model.dice import Dice, DiceError, DiceKind, TypedDice
from warband.model.messages import N_, Phrase, term
from warband.model.session import RefusedError
from warband.model.systems.sbg import battle_rules as rules
from warband.model.systems.sbg.battle_state import PHASE_NAMES, PHASES, Key, SbgBattle, SideIndex

Die = Annotated[int, Strict(), Field(ge=1, le=6)]
Points = Annotated[int, Strict(), Field(ge=0, le=9)]


def next_phase_text(battle: SbgBattle) -> Phrase:
    """The log line of Next phase: the phase it leads to, or the turn that begins ("On to Move", "Turn 2
    begins")."""
    after = PHASES[(PHASES.index(battle.phase) + 1) % len(PHASES)]
    if after == "priority":
        return Phrase(N_("Turn {turn} begins"), turn=battle.turn + 1)
    return Phrase(N_("On to {phase}"), phase=term(PHASE_NAMES[after]))


class NextPhase(Frozen):
    kind: Literal["next_phase"] = "next_phase"

    @property
    def label(self) -> str:
        return term(N_("Next phase"))

    def log_in(self, state: SbgBattle) -> str:
        """Where it leads from `state` (`next_phase_text`): the log's words, and what Undo undoes."""
        return next_phase_text(state)

    def apply(self, state: SbgBattle) -> SbgBattle:
        return rules.next_phase(state)


class SetPriority(Frozen):
    """SB-01: the Priority roll (both dice), or the side with priority typed in."""

    kind: Literal["priority"] = "priority"
    rolls: tuple[Die, Die] | None = None
    side: SideIndex | None = None

    @property
    def label(self) -> str:
        return term(N_("Priority roll")) if self.rolls else term(N_("Set priority"))

    def apply(self, state: SbgBattle) -> SbgBattle:
        return rules.set_priority(state, self.rolls, self.side)


COUNTER_NAMES: dict[str, str] = {
    "might": N_("Might"),
    "will": N_("Will"),
    "fate": N_("Fate"),
    "wounds": N_("Wounds"),
}


class SetCounter(Frozen):
    kind: Literal["counter"] = "counter"
    key: Key
    field: Literal["might", "will", "fate", "wounds"]
    value: Annotated[int, Strict(), Field(ge=-20, le=20)]

    @property
    def label(self) -> str:
        return Phrase(N_("{field}: {value}"), field=term(COUNTER_NAMES[self.field]), value=max(0, self.value))

    def apply(self, state: SbgBattle) -> SbgBattle:
        return rules.set_counter(state, self.key, self.field, self.value)


class SetHeroFlag(Frozen):
    kind: Literal["hero_flag"] = "hero_flag"
    key: Key
    field: Literal["removed", "courage_failed"]
    value: Flag

    @property
    def label(self) -> str:
        names = {"removed": N_("Removed"), "courage_failed": N_("Failed a Courage test")}
        return Phrase(
            N_("{field}: {value}"),
            field=term(names[self.field]),
            value=term(N_("yes")) if self.value else term(N_("no")),
        )

    def apply(self, state: SbgBattle) -> SbgBattle:
        return rules.with_hero(state, self.key, **{self.field: self.value})


class Declare(Frozen):
    kind: Literal["declare"] = "declare"
    side: SideIndex
    wants: Flag

    @property
    def label(self) -> str:
        return term(N_("Declare heroic actions")) if self.wants else term(N_("Decline heroic actions"))

    def apply(self, state: SbgBattle) -> SbgBattle:
        return rules.declare(state, self.side, self.wants)


class NameHero(Frozen):
    kind: Literal["name_hero"] = "name_hero"
    side: SideIndex
    key: Key

    @property
    def label(self) -> str:
        return term(N_("Name a hero for a heroic action"))

    def apply(self, state: SbgBattle) -> SbgBattle:
        return rules.name_hero(state, self.side, self.key)


class StopNaming(Frozen):
    kind: Literal["stop_naming"] = "stop_naming"
    side: SideIndex

    @property
    def label(self) -> str:
        return term(N_("Name no more heroes"))

    def apply(self, state: SbgBattle) -> SbgBattle:
        return rules.stop_naming(state, self.side)


class RollOff(Frozen):
    kind: Literal["roll_off"] = "roll_off"
    roll: Die

    @property
    def label(self) -> str:
        return term(N_("Heroic roll-off"))

    def apply(self, state: SbgBattle) -> SbgBattle:
        return rules.roll_off(state, self.roll)


class UseMight(Frozen):
    """SB-02: Might points spent to change one of the hero's own dice, with the dice the program threw for it
    (none when the die was thrown at the table and typed in, and in journals written before they were kept)."""

    kind: Literal["use_might"] = "use_might"
    key: Key
    points: Points
    roll_kind: str
    dice: tuple[Die, ...] = ()

    @property
    def label(self) -> str:
        return Phrase(N_("Use {points} Might"), points=self.points)

    def apply(self, state: SbgBattle) -> SbgBattle:
        return rules.use_might(state, self.key, self.points, self.roll_kind)


class WillAttempt(Frozen):
    """SB-03: casting or resisting, with its Will dice already thrown."""

    kind: Literal["will"] = "will"
    key: Key
    need: Die
    rolled: tuple[Die, ...]
    might: Points = 0
    resisting: Flag = False

    @property
    def label(self) -> str:
        return term(N_("Resist a spell")) if self.resisting else term(N_("Cast a spell"))

    def apply(self, state: SbgBattle) -> SbgBattle:
        return rules.will_attempt(state, self.key, self.rolled, self.might, self.need)[0]


class FateRoll(Frozen):
    """SB-04: Fate dice already thrown, with the Might put on each."""

    kind: Literal["fate"] = "fate"
    key: Key
    rolled: tuple[Die, ...]
    might: tuple[Points, ...]
    lost: Annotated[int, Strict(), Field(ge=0, le=9)]

    @property
    def label(self) -> str:
        return term(N_("Fate roll"))

    def apply(self, state: SbgBattle) -> SbgBattle:
        return rules.fate_roll(state, self.key, self.rolled, self.might, self.lost)[0]


SbgCommand = Annotated[
    NextPhase
    | SetPriority
    | SetCounter
    | SetHeroFlag
    | Declare
    | NameHero
    | StopNaming
    | RollOff
    | UseMight
    | WillAttempt
    | FateRoll
    | EndBattle,
    Field(discriminator="kind"),
]
COMMANDS: TypeAdapter[SbgCommand] = TypeAdapter(SbgCommand)


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


def fate_thrown(
    battle: SbgBattle, key: str, values: tuple[int, ...], might: tuple[int, ...], lost: int, source: DiceKind
) -> Roll[SbgBattle, int]:
    """SB-04: Fate dice already thrown (shown before the Might is put on them), with the Might on each; the rule
    runs once. The outcome is the Wounds restored."""
    spent = tuple(might) + (0,) * (len(values) - len(might))
    after, restored = rules.fate_roll(battle, key, values, spent, lost)
    hero = rules.hero(battle, key)
    text = Phrase(
        N_("{hero} spends {fate} Fate: {dice}, restores {restored}"),
        hero=hero.label,
        fate=len(values),
        dice=" ".join(map(str, values)),
        restored=restored,
    )
    command = FateRoll(key=key, rolled=values, might=spent, lost=lost)
    return Roll(command, after, restored, text, values, source, restored > 0, hero.side)


def roll_priority(battle: SbgBattle, dice: Dice) -> Roll[SbgBattle, tuple[int, int]]:
    """SB-01: each side rolls a die for priority, the program's or the table's. A tie in the first turn changes
    nothing: the roll has no command, and is logged so that its dice are kept (roll again)."""
    (first, second), used = thrown(dice, lambda source: source.roll(6, 2))
    winner = rules.priority_winner(battle, (first, second))
    if winner is None:
        text = Phrase(
            N_("Priority roll: {first} – {second}, a tie in the first turn: roll again"),
            first=first,
            second=second,
        )
        return Roll(None, battle, (first, second), text, used, dice.kind)
    command = SetPriority(rolls=(first, second))
    text = Phrase(
        N_("Priority roll: {first} – {second}, {player} has priority"),
        first=first,
        second=second,
        player=battle.sides[winner].player,
    )
    return Roll(command, command.apply(battle), (first, second), text, used, dice.kind)


def roll_off(battle: SbgBattle, dice: Dice) -> Roll[SbgBattle, int]:
    """SB-05: the priority player's roll-off die when both sides declared heroic actions; refused (`RefusedError`)
    before the die is thrown when no roll-off is due."""
    rules.rolloff_check(battle)
    (value,), used = thrown(dice, lambda source: source.roll(6, 1))
    command = RollOff(roll=value)
    text = Phrase(N_("Heroic roll-off: {value}"), value=value)
    return Roll(command, command.apply(battle), value, text, used, dice.kind)


# --- SB-02: Might on a roll ---------------------------------------------------------------------------------
def throw_might(battle: SbgBattle, key: str, roll_kind: str, dice: Dice) -> tuple[tuple[int, ...], DiceKind]:
    """SB-02: throw the hero's own roll (two dice for a Courage test), the program's dice or the table's, to
    choose the Might to put on it once it is seen (`might_thrown`). Refused before any die is thrown for a kind
    of roll SB-02 does not list. The dice and where they came from."""
    rules.might_check(battle, key, roll_kind, 0)
    count = rules.might_dice(roll_kind)
    _values, used = thrown(dice, lambda source: source.roll(6, count))
    return used, dice.kind


def might_text(battle: SbgBattle, key: str, points: int, roll_kind: str, roll: int) -> Phrase:
    """The log's words for Might spent on a roll: "Captain spends 1 Might on a roll to wound: 4 → 5"."""
    return Phrase(
        N_("{hero} spends {points} Might on {what}: {roll} → {result}"),
        hero=rules.hero(battle, key).label,
        points=points,
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
) -> Roll[SbgBattle, int]:
    """SB-02: Might put on dice already thrown (`throw_might`), the command carrying them; the rule runs once. No
    Might spent is a note, its dice kept (AR-05). The outcome is the result; the success, when `need` is given,
    that it reaches it."""
    hero = rules.hero(battle, key)
    total = sum(values)
    result = total + points
    success = None if need is None else result >= need
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
    battle: SbgBattle, key: str, roll_kind: str, need: int, might: int, dice: Dice
) -> Roll[SbgBattle, int]:
    """SB-02: throw the hero's roll and put on it the fewest of `might` points that make it reach `need` (none
    when it already does, or when even all of them would not). Refused before any die is thrown, also when the
    hero has no Might to put on it (or `might` is 0: then there is nothing to choose)."""
    rules.might_check(battle, key, roll_kind, max(1, might))
    values, source = throw_might(battle, key, roll_kind, dice)
    points = rules.fewest_might(sum(values), need, might)
    return might_thrown(battle, key, points, roll_kind, values, source, need)


# --- SB-04: Fate --------------------------------------------------------------------------------------------
def throw_fate(battle: SbgBattle, key: str, count: int, dice: Dice) -> tuple[tuple[int, ...], DiceKind]:
    """SB-04: throw `count` Fate dice, the program's or the table's, to show them before the Might is put on them
    and they are applied (`fate_thrown`). Refused before any die is thrown when the hero may not spend them."""
    rules.fate_check(battle, key, count)
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
