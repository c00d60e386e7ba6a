"""A power-dice battle as a frozen value: the turn's steps with their magic segments (PD-03), each caster's
power-dice reserve (PD-02) and hidden magic marker, and the lasting spells in play (PD-03 D4)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, Strict

from warband.model.battle_log import LogEntry
from warband.model.catalog import Flag, Frozen, Id
from warband.model.messages import N_
from warband.model.systems.powerdice.schema import PowerDiceArmy, Snapshot

Step = Literal["A1", "A2", "A3", "B1", "B2", "B3", "C", "D1", "D2", "D3", "D4"]
STEPS: tuple[Step, ...] = ("A1", "A2", "A3", "B1", "B2", "B3", "C", "D1", "D2", "D3", "D4")
STEP_NAMES: dict[str, str] = {
    "A1": N_("A1 Magic markers, face down"),
    "A2": N_("A2 (host game)"),
    "A3": N_("A3 Markers turned face up"),
    "B1": N_("B1 (host game)"),
    "B2": N_("B2 (host game)"),
    "B3": N_("B3 Incantations, then restoration"),
    "C": N_("C Activations (wait markers)"),
    "D1": N_("D1 (host game)"),
    "D2": N_("D2 (host game)"),
    "D3": N_("D3 (host game)"),
    "D4": N_("D4 Lasting spells"),
}
MAGIC_STEPS: frozenset[str] = frozenset({"A1", "A3", "B3", "C", "D4"})
Marker = Literal["incantation", "restoration", "wait"]
MARKERS: tuple[Marker, ...] = ("incantation", "restoration", "wait")
SideIndex = Annotated[int, Strict(), Field(ge=0, le=1)]
Dice = Annotated[int, Strict(), Field(ge=0, le=20)]


class RulesOptions(Frozen):
    """The rules options of RULES.md for power dice, chosen at battle start and saved with it."""

    b3_first: Literal["initiative", "other"] = "initiative"
    """PD-03 B3: the side with the initiative casts first (default), or the other side."""


class CasterState(Frozen):
    reserve: Dice = 0
    """Power dice on the caster's card (PD-02: never above its level)."""
    marker: Marker | None = None
    removed: Flag = False
    """Out of play."""


class LastingSpell(Frozen):
    """A spell in play after a successful casting: turns left, or the counter of a long spell (D4)."""

    spell: Id
    caster: Annotated[str, Strict(), Field(max_length=100)]
    target: Annotated[str, Strict(), Field(max_length=200)] = ""
    turns_left: Annotated[int, Strict(), Field(ge=0, le=20)] | None = None
    counter: Annotated[int, Strict(), Field(ge=0, le=1000)] | None = None
    turned: Flag = False
    """Turned over at a D4 (a 2-turn spell in its second turn)."""


class Side(Frozen):
    player: Annotated[str, Strict(), Field(max_length=80)]
    army: PowerDiceArmy


class PowerDiceBattle(Frozen):
    """Everything about a power-dice battle that undo restores."""

    format: Literal["warband-battle"] = "warband-battle"
    version: Annotated[int, Strict(), Field(ge=1)] = 1
    system: Literal["powerdice"] = "powerdice"
    options: RulesOptions = RulesOptions()
    sides: tuple[Side, Side]
    entries: Snapshot = Snapshot()
    turn: Annotated[int, Strict(), Field(ge=1, le=1000)] = 1
    step: Step = "A1"
    initiative: SideIndex = 0
    """The side with the initiative this turn (decided by the host game)."""
    choosing: SideIndex | None = 0
    """In A1: the side placing its markers now; None once both sides have."""
    revealed: Flag = False
    """The markers are face up (from A3 until the next A1)."""
    b3_turn: SideIndex | None = None
    """In B3: the side whose caster casts next; None when neither side has an incantation left to try."""
    b3_passed: tuple[SideIndex, ...] = ()
    """Sides that have stopped casting in this B3."""
    casters: dict[str, CasterState] = Field(default_factory=dict)
    """Model key (`"<side>:<unit id>"`) → its state, for casters."""
    lasting: tuple[LastingSpell, ...] = ()
    ended: Flag = False

    @property
    def phase(self) -> str:
        """The step, under the name the battle log uses for every system."""
        return self.step


class PowerDiceBattleFile(PowerDiceBattle):
    """A `*.battle.json` file of a power-dice battle: the battle, its log and the dice state."""

    log: tuple[LogEntry, ...] = ()
    dice: dict[str, Any] | None = None
