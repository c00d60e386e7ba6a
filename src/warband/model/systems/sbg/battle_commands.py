"""The actions of a Strategy Battle Game battle as commands the journal can write and replay."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, Strict, TypeAdapter

from warband.model.battle import Roll, thrown
from warband.model.catalog import Flag, Frozen
from warband.model.dice import Dice, DiceKind
from warband.model.edits import replace
from warband.model.messages import N_, Phrase, term
from warband.model.systems.sbg import battle_rules as rules
from warband.model.systems.sbg.battle_state import Key, SbgBattle, SideIndex

Die = Annotated[int, Strict(), Field(ge=1, le=6)]
Points = Annotated[int, Strict(), Field(ge=0, le=9)]


class NextPhase(Frozen):
    kind: Literal["next_phase"] = "next_phase"

    @property
    def label(self) -> str:
        return term(N_("Next phase"))

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
    """SB-02: Might points spent to change one of the hero's own dice."""

    kind: Literal["use_might"] = "use_might"
    key: Key
    points: Points
    roll_kind: str

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


class EndBattle(Frozen):
    kind: Literal["end_battle"] = "end_battle"
    ended: Flag = True

    @property
    def label(self) -> str:
        return term(N_("End the battle")) if self.ended else term(N_("Resume the battle"))

    def apply(self, state: SbgBattle) -> SbgBattle:
        return replace(state, ended=self.ended)


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
    """SB-05: the priority player's roll-off die when both sides declared heroic actions."""
    (value,), used = thrown(dice, lambda source: source.roll(6, 1))
    command = RollOff(roll=value)
    text = Phrase(N_("Heroic roll-off: {value}"), value=value)
    return Roll(command, command.apply(battle), value, text, used, dice.kind)
