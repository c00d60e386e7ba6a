"""Hex battles with power dice: catalog and army files (RULES.md PD-01, PD-02)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, Strict

from warband.model.army import Army, Unit
from warband.model.catalog import CatalogFile, Entry, Frozen, Id
from warband.model.messages import N_
from warband.model.names import Words

SYSTEM_ID = "powerdice"

Trait = Literal["magician", "necromancer", "shaman", "priest"]
TRAITS: tuple[Trait, ...] = ("magician", "necromancer", "shaman", "priest")
TRAIT_NAMES: dict[str, str] = {
    "magician": N_("magician"),
    "necromancer": N_("necromancer"),
    "shaman": N_("shaman (druid)"),
    "priest": N_("priest (cleric)"),
}
Cost = Annotated[int, Strict(), Field(ge=0, le=100_000)]
Duration = Literal["instant", "long"] | Annotated[int, Strict(), Field(ge=1, le=20)]
"""`"instant"`, a number of turns, or `"long"` (a counter raised at each D4 until the spell ends by its terms)."""


def _unique(traits: tuple[Trait, ...]) -> tuple[Trait, ...]:
    if len(set(traits)) != len(traits):
        raise ValueError("a trait is listed twice")
    return traits


Traits = Annotated[tuple[Trait, ...], Field(min_length=1, max_length=4), AfterValidator(_unique)]


class Spell(Entry):
    """A spell (PD-08): who may cast it (PD-01), how hard it is, how long it lasts."""

    traits: Traits
    difficulty: Annotated[int, Strict(), Field(ge=1, le=60)]
    duration: Duration = "instant"
    cost: Cost = 0
    notes: Words | None = None


class Caster(Frozen):
    """A caster's magic traits and level: the most power dice its card holds (PD-02)."""

    traits: Traits
    level: Annotated[int, Strict(), Field(ge=1, le=10)]


class Profile(Entry):
    cost: Cost
    caster: Caster | None = None
    notes: Words | None = None


class PowerDiceCatalog(CatalogFile):
    system: Literal["powerdice"]
    spells: tuple[Spell, ...] = ()
    profiles: tuple[Profile, ...] = ()

    def entry_lists(self) -> Mapping[str, Sequence[Entry]]:
        return {"spells": self.spells, "profiles": self.profiles}


class PowerDiceUnit(Unit):
    """A unit of the army; a caster may be given the spells it will use (PD-01)."""

    count: Literal[1] = 1
    spells: tuple[Id, ...] = ()


class Snapshot(Frozen):
    """The entries an army used when it was saved (AR-04)."""

    spells: dict[Id, Spell] = Field(default_factory=dict)
    profiles: dict[Id, Profile] = Field(default_factory=dict)


class PowerDiceArmy(Army):
    system: Literal["powerdice"] = "powerdice"
    units: tuple[PowerDiceUnit, ...] = ()
    snapshot: Snapshot | None = None
