"""A Strategy Battle Game battle as a frozen value: the turn and priority (SB-01), each hero's Might, Will,
Fate and Wounds (SB-02 … SB-04), the heroic actions declared in this phase (SB-05), the warriors lost, and the
Break point's Courage tests (SB-06, SB-07).

The fields added with warriors' casualties and the Break point are optional and written only when they differ
from their defaults, so that a battle saved before opens, resumes and saves back the same."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, Strict

from warband.model.battle_log import LogEntry
from warband.model.catalog import Flag, Frozen
from warband.model.messages import N_
from warband.model.systems.sbg.schema import LeanDump, SbgArmy, Snapshot

Phase = Literal["priority", "move", "shoot", "fight", "end"]
PHASES: tuple[Phase, ...] = ("priority", "move", "shoot", "fight", "end")
PHASE_NAMES: dict[str, str] = {
    "priority": N_("Priority"),
    "move": N_("Move"),
    "shoot": N_("Shoot"),
    "fight": N_("Fight"),
    "end": N_("End"),
}
HEROIC_PHASES: frozenset[str] = frozenset({"move", "shoot", "fight"})
SideIndex = Annotated[int, Strict(), Field(ge=0, le=1)]
Counter = Annotated[int, Strict(), Field(ge=0, le=9)]
Key = Annotated[str, Strict(), Field(max_length=100)]
Stage = Literal["priority", "other", "reconsider", "naming", "rolloff", "done"]
Models = Annotated[int, Strict(), Field(ge=0, le=10_000)]
Turn = Annotated[int, Strict(), Field(ge=1, le=1000)]


def model_key(side: int, unit_id: str) -> str:
    """How a battle names a unit of a side, for its hero's counters or its warriors' casualties: "<side>:<unit
    id>"."""
    return f"{side}:{unit_id}"


class RulesOptions(LeanDump):
    OMITTED_AT_DEFAULT: ClassVar[tuple[str, ...]] = ("break_point",)

    will_dice: Literal["one", "several"] = "one"
    """SB-03: one Will point and one die per attempt (2002–2004, default), or several Will dice, highest counts."""
    fate_dice: Literal["one_at_a_time", "all_at_once"] = "one_at_a_time"
    """SB-04: roll Fate dice one at a time (default), or spend several at once and roll them together."""
    fate_restores: Literal["same_event", "any"] = "same_event"
    """SB-04: only the Wounds lost in the same event (default), or any lost Wound."""
    break_point: Flag = True
    """SB-07: a force that has lost half its models or more breaks, and its models test Courage when they move
    from the next turn (default); off: casualties are counted, no force breaks. Written only when off."""


class HeroState(Frozen):
    might: Counter
    will: Counter
    fate: Counter
    wounds: Counter
    removed: Flag = False
    courage_failed: Flag = False
    """Removed for failing a Courage test: Fate cannot save it (SB-04)."""


class Heroics(Frozen):
    """The heroic actions of one phase (SB-05): who declared, who named which heroes, and the final order."""

    stage: Stage = "priority"
    declared: tuple[SideIndex, ...] = ()
    named: tuple[tuple[Key, ...], tuple[Key, ...]] = ((), ())
    naming: SideIndex | None = None
    """The side naming a hero now."""
    stopped: tuple[SideIndex, ...] = ()
    rolloff: Annotated[int, Strict(), Field(ge=1, le=6)] | None = None
    first: SideIndex | None = None
    order: tuple[Key, ...] = ()
    """The heroes in the order their actions are resolved, numbered from 1."""


class WarriorState(LeanDump):
    """A unit of warriors in play: the models it has lost, and the Wounds lost by those still in play (warriors of
    more than one Wound; written only when some are)."""

    OMITTED_AT_DEFAULT: ClassVar[tuple[str, ...]] = ("wounds",)

    lost: Models = 0
    wounds: Annotated[int, Strict(), Field(ge=0, le=100_000)] = 0


class BreakTests(LeanDump):
    """This turn's Courage tests of broken forces (SB-07), cleared when a turn begins."""

    OMITTED_AT_DEFAULT: ClassVar[tuple[str, ...]] = ("passed", "rolled", "stand_fast")

    passed: dict[Key, Models] = Field(default_factory=dict)
    """Unit key → its models that passed this turn (by their dice or by Stand fast): a hero's is 1."""
    rolled: tuple[Key, ...] = ()
    """The heroes who passed by their own dice this turn: they may call Stand fast."""
    stand_fast: tuple[Key, ...] = ()
    """The heroes who called Stand fast this turn: models of their side within range pass without a test."""


class Side(Frozen):
    player: Annotated[str, Strict(), Field(max_length=80)]
    army: SbgArmy


class SbgBattle(LeanDump):
    OMITTED_AT_DEFAULT: ClassVar[tuple[str, ...]] = ("warriors", "breaks", "break_tests")

    format: Literal["warband-battle"] = "warband-battle"
    version: Annotated[int, Strict(), Field(ge=1)] = 1
    system: Literal["sbg"] = "sbg"
    options: RulesOptions = RulesOptions()
    sides: tuple[Side, Side]
    entries: Snapshot = Snapshot()
    turn: Annotated[int, Strict(), Field(ge=1, le=1000)] = 1
    phase: Phase = "priority"
    priority: SideIndex | None = None
    """The side with priority this turn, once rolled (SB-01)."""
    last_priority: SideIndex | None = None
    heroes: dict[str, HeroState] = Field(default_factory=dict)
    """Hero key (`"<side>:<unit id>"`) → its counters."""
    heroics: Heroics | None = None
    ended: Flag = False
    warriors: dict[Key, WarriorState] = Field(default_factory=dict)
    """Unit key → the casualties of a unit of warriors; a unit without any is not listed."""
    breaks: tuple[Turn | None, Turn | None] = (None, None)
    """Per side, the turn from which its models test Courage when they move (SB-07): the first turn that began
    with the force broken; None while it is not."""
    break_tests: BreakTests = BreakTests()


class SbgBattleFile(SbgBattle):
    log: tuple[LogEntry, ...] = ()
    dice: dict[str, Any] | None = None
