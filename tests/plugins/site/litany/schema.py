"""Litany's catalog and army files: priests with their piety, prayers with their difficulty (LI-01, LI-02)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Annotated, Literal

from pydantic import Field, Strict

from warband.model.army import Army, Unit
from warband.model.catalog import CatalogFile, Entry, Frozen, Id, Reference, Text

SYSTEM_ID = "litany"

Cost = Annotated[int, Strict(), Field(ge=0, le=100_000)]
Piety = Annotated[int, Strict(), Field(ge=1, le=6)]
Difficulty = Annotated[int, Strict(), Field(ge=2, le=20)]


class Profile(Entry):
    """A model of the catalog: what it costs, and its piety when it is a priest (null: it is not)."""

    cost: Cost
    piety: Piety | None = None
    notes: Text | None = None


class Prayer(Entry):
    """A prayer: what it costs, how hard it is to have answered (LI-03), the piety it asks for (LI-01)."""

    cost: Cost = 0
    difficulty: Difficulty
    min_piety: Piety = 1
    notes: Text | None = None


class LitanyCatalog(CatalogFile):
    system: Literal["litany"]
    profiles: tuple[Profile, ...] = ()
    prayers: tuple[Prayer, ...] = ()

    def entry_lists(self) -> Mapping[str, Sequence[Entry]]:
        return {"profiles": self.profiles, "prayers": self.prayers}

    def references(self) -> Iterator[Reference]:
        return iter(())


class LitanyUnit(Unit):
    """One model of the army; a priest is given the prayers it will say (LI-01, LI-02)."""

    count: Literal[1] = 1
    prayers: tuple[Id, ...] = ()


class Snapshot(Frozen):
    """The entries an army (or a battle) used when it was saved (AR-04)."""

    profiles: dict[Id, Profile] = Field(default_factory=dict)
    prayers: dict[Id, Prayer] = Field(default_factory=dict)


class LitanyArmy(Army):
    system: Literal["litany"] = "litany"
    units: tuple[LitanyUnit, ...] = ()
    snapshot: Snapshot | None = None
