"""The actions of a Strategy Battle Game battle as commands the journal can write and replay, and the priority
roll (SB-01) and the heroic roll-off (SB-05). The heroes' own rolls, which make the commands of Might, Will, Fate
and the Courage test, are in `hero_rolls`; the commands of casualties and of the Break point (SB-07) in
`casualty_commands`, their rolls in `break_rolls`."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, Strict, TypeAdapter

from warband.model.battle import Roll, thrown
from warband.model.battle_commands import EndBattle
from warband.model.catalog import Flag, Frozen
from warband.model.dice import Dice
from warband.model.messages import N_, Phrase, term
from warband.model.systems.sbg import battle_rules as rules
from warband.model.systems.sbg import courage, heroics
from warband.model.systems.sbg.battle_state import PHASE_NAMES, PHASES, Key, SbgBattle, SideIndex
from warband.model.systems.sbg.casualty_commands import (
    BreakTest,
    BreakTests,
    SetCasualties,
    StandFast,
    StandFastPass,
)

Die = Annotated[int, Strict(), Field(ge=1, le=6)]
Points = Annotated[int, Strict(), Field(ge=0, le=9)]
SignedPoints = Annotated[int, Strict(), Field(ge=-9, le=9)]
"""Might on a roll: positive raises it, negative lowers it (SB-02); each point costs one."""


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
        return heroics.declare(state, self.side, self.wants)


class NameHero(Frozen):
    kind: Literal["name_hero"] = "name_hero"
    side: SideIndex
    key: Key

    @property
    def label(self) -> str:
        return term(N_("Name a hero for a heroic action"))

    def apply(self, state: SbgBattle) -> SbgBattle:
        return heroics.name_hero(state, self.side, self.key)


class StopNaming(Frozen):
    kind: Literal["stop_naming"] = "stop_naming"
    side: SideIndex

    @property
    def label(self) -> str:
        return term(N_("Name no more heroes"))

    def apply(self, state: SbgBattle) -> SbgBattle:
        return heroics.stop_naming(state, self.side)


class RollOff(Frozen):
    kind: Literal["roll_off"] = "roll_off"
    roll: Die

    @property
    def label(self) -> str:
        return term(N_("Heroic roll-off"))

    def apply(self, state: SbgBattle) -> SbgBattle:
        return heroics.roll_off(state, self.roll)


class UseMight(Frozen):
    """SB-02: Might points spent to raise one of the hero's own dice (`points` negative: to lower it), with the
    dice the program threw for it (none when the die was thrown at the table and typed in, and in journals
    written before they were kept)."""

    kind: Literal["use_might"] = "use_might"
    key: Key
    points: SignedPoints
    roll_kind: str
    dice: tuple[Die, ...] = ()

    @property
    def label(self) -> str:
        if self.points < 0:
            return Phrase(N_("Use {points} Might to lower a die"), points=-self.points)
        return Phrase(N_("Use {points} Might"), points=self.points)

    def apply(self, state: SbgBattle) -> SbgBattle:
        rules.might_floor_check(state, self.key, self.points, self.dice)
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

    def as_before(self, state: SbgBattle) -> SbgBattle:
        """As Warband carried it out before SB-04 enforced the procedure: every die thrown counts, even after the
        Wounds were restored one die at a time (a journal of then replays so, and is marked)."""
        return rules.fate_roll(state, self.key, self.rolled, self.might, self.lost, procedure=False)[0]


class CourageTest(Frozen):
    """SB-06: a hero's Courage test, its two dice thrown, with the Might and Will points added to it (a test with
    none added changes nothing: it is logged as a note with its dice)."""

    kind: Literal["courage"] = "courage"
    key: Key
    rolled: tuple[Die, Die]
    might: Points = 0
    will: Points = 0

    @property
    def label(self) -> str:
        return term(N_("Courage test"))

    def apply(self, state: SbgBattle) -> SbgBattle:
        return courage.courage_test(state, self.key, self.rolled, self.might, self.will)[0]


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
    | CourageTest
    | SetCasualties
    | BreakTest
    | BreakTests
    | StandFast
    | StandFastPass
    | EndBattle,
    Field(discriminator="kind"),
]
COMMANDS: TypeAdapter[SbgCommand] = TypeAdapter(SbgCommand)


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
    heroics.rolloff_check(battle)
    (value,), used = thrown(dice, lambda source: source.roll(6, 1))
    command = RollOff(roll=value)
    text = Phrase(N_("Heroic roll-off: {value}"), value=value)
    return Roll(command, command.apply(battle), value, text, used, dice.kind)
