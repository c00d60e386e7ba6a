"""A Confrontation battle as a frozen value: both sides' armies, the turn cursor, each model's state, the options.

The battle embeds the catalog entries its armies use, so that it reopens the same even if the catalogs change.
What is not undoable — the log and the dice — lives beside it (see `warband.model.battle`).
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, Strict, model_validator

from warband.model.battle_log import LogEntry
from warband.model.catalog import Flag, Frozen, Id
from warband.model.messages import N_
from warband.model.systems.confrontation.schema import ConfrontationArmy, LeanDump, Snapshot

Phase = Literal["tactical", "movement", "divination", "shooting", "melee", "end"]
PHASES: tuple[Phase, ...] = ("tactical", "movement", "divination", "shooting", "melee", "end")
"""CF-08: Tactical roll → Movement → Divination → Shooting → Melee → end of turn."""
PHASE_NAMES: dict[str, str] = {
    "tactical": N_("Tactical roll"),
    "movement": N_("Movement"),
    "divination": N_("Divination"),
    "shooting": N_("Shooting"),
    "melee": N_("Melee"),
    "end": N_("End of turn"),
}
Wounds = Literal["unhurt", "light", "serious", "critical", "killed"]
WOUND_LEVELS: tuple[Wounds, ...] = ("unhurt", "light", "serious", "critical", "killed")
SideIndex = Annotated[int, Strict(), Field(ge=0, le=1)]
Small = Annotated[int, Strict(), Field(ge=-20, le=20)]
Reserve = Annotated[int, Strict(), Field(ge=0, le=200)]


class RulesOptions(Frozen):
    """The rules options of RULES.md, chosen at battle start and saved with it."""

    tie_across_sides: Literal["winner_first", "alternate"] = "winner_first"
    """CF-15: the Tactical winner's tied Faithful all first, or the sides alternating, winner first."""
    refill_faith: Flag = True
    """CF-18: Temporary Faith refilled to the Faith value at the start of each turn."""
    natural_one_fails: Flag = True
    """CF-19: a natural 1 on the Divination roll always fails."""
    six_rerolls: Flag = True
    """CF-19: a 6 is rolled again and added (open-ended)."""


class ModelState(LeanDump):
    """One model in play: lasting state, and what it did this turn (reset at the next turn)."""

    OMITTED_AT_DEFAULT: ClassVar[tuple[str, ...]] = ("wounded",)

    wounds: Wounds = "unhurt"
    removed: Flag = False
    """Removed from play (killed, fled, …)."""
    engaged: Flag = False
    """Engaged in melee by an enemy (kept from turn to turn until the player clears it)."""
    wounds_roll: Flag = False
    """Suffered a Wounds roll since the start of the turn (CF-11)."""
    wounded: Flag = False
    """A wound was recorded since the start of the turn: that implies a Wounds roll suffered (CF-11)."""
    moved_beyond: Flag = False
    """Moved farther than its own Movement this turn (CF-10)."""
    moved_by_effect: Flag = False
    """… and that extra distance came from a miracle, ability, item or experience card: it does not count."""
    feat: Flag = False
    """Performed a Physical Feat this turn (CF-10)."""
    shot: Flag = False
    """Shot this turn (CF-10)."""
    called: tuple[Id, ...] = ()
    """Miracles called this turn, in order (CF-09)."""
    faith: Reserve = 0
    """Temporary Faith reserve (CF-18)."""
    discipline_bonus: Small = 0
    """A temporary Discipline bonus for this turn (CF-13)."""
    divination_done: Flag = False
    """It has called what it wanted this turn: the Divination order moves on to the next Faithful."""


class Side(Frozen):
    player: Annotated[str, Strict(), Field(max_length=80)]
    army: ConfrontationArmy
    tie_order: tuple[Id, ...] = ()
    """The order this player set for its Faithful of equal Discipline (CF-14); unit ids, first first."""


class ConfrontationBattle(Frozen):
    """Everything about a battle that undo restores."""

    format: Literal["warband-battle"] = "warband-battle"
    version: Annotated[int, Strict(), Field(ge=1)] = 1
    system: Literal["confrontation"] = "confrontation"
    options: RulesOptions = RulesOptions()
    sides: tuple[Side, Side]
    entries: Snapshot = Snapshot()
    """Every catalog entry the two armies use, as it was when the battle started."""
    turn: Annotated[int, Strict(), Field(ge=1, le=1000)] = 1
    phase: Phase = "tactical"
    tactical_winner: SideIndex | None = None
    """The side that won this turn's Tactical roll (CF-15), once known."""
    models: dict[str, ModelState] = Field(default_factory=dict)
    """Model key (`"<side>:<unit id>"`) → its state."""
    ended: Flag = False

    @model_validator(mode="after")
    def _every_model_known(self) -> ConfrontationBattle:
        keys = {model_key(i, u.id) for i, side in enumerate(self.sides) for u in side.army.units}
        unknown = set(self.models) - keys
        if unknown:
            raise ValueError(f"state for models that are in neither army: {', '.join(sorted(unknown))}")
        return self

    def state(self, key: str) -> ModelState:
        return self.models.get(key) or ModelState()


def model_key(side: int, unit_id: str) -> str:
    return f"{side}:{unit_id}"


def split_key(key: str) -> tuple[int, str]:
    side, _, unit_id = key.partition(":")
    return int(side), unit_id


class ConfrontationBattleFile(ConfrontationBattle):
    """A `*.battle.json` file: the battle, its log and the state of the program's dice (AR-05)."""

    log: tuple[LogEntry, ...] = ()
    dice: dict[str, Any] | None = None
