"""A Strategy Battle Game battle as a frozen value: the turn and priority (SB-01), each hero's Might, Will,
Fate and Wounds (SB-02 … SB-04), and the heroic actions declared in this phase (SB-05)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, Strict

from warband.model.battle_log import LogEntry
from warband.model.catalog import Flag, Frozen
from warband.model.messages import N_
from warband.model.systems.sbg.schema import SbgArmy, Snapshot

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


class RulesOptions(Frozen):
    will_dice: Literal["one", "several"] = "one"
    """SB-03: one Will point and one die per attempt (2002–2004, default), or several Will dice, highest counts."""
    fate_dice: Literal["one_at_a_time", "all_at_once"] = "one_at_a_time"
    """SB-04: roll Fate dice one at a time (default), or spend several at once and roll them together."""
    fate_restores: Literal["same_event", "any"] = "same_event"
    """SB-04: only the Wounds lost in the same event (default), or any lost Wound."""


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


class Side(Frozen):
    player: Annotated[str, Strict(), Field(max_length=80)]
    army: SbgArmy


class SbgBattle(Frozen):
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


class SbgBattleFile(SbgBattle):
    log: tuple[LogEntry, ...] = ()
    dice: dict[str, Any] | None = None
