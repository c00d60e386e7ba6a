"""Confrontation's catalog and army files (DESIGN.md "Files"; RULES.md CF-01 … CF-07, CF-16, CF-17)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Annotated, Literal

from pydantic import Field, Strict, model_validator

from warband.model.army import Army, Unit
from warband.model.catalog import (
    CatalogFile,
    Count,
    Entry,
    Flag,
    Frozen,
    Id,
    Reference,
    Text,
)
from warband.model.messages import N_

SYSTEM_ID = "confrontation"

Path = Literal["light", "darkness", "destiny", "neutral"]
"""The Alliance Paths, and `neutral` for cults outside the alliances (Cadwallon)."""
AlliancePath = Literal["light", "darkness", "destiny"]
Rank = Literal["devotee", "zealot", "dean"]
Level = Annotated[int, Strict(), Field(ge=0, le=5)]
Cost = Annotated[int, Strict(), Field(ge=0, le=100_000)]
ShortText = Annotated[str, Strict(), Field(max_length=200)]
PeopleId = Annotated[str, Strict(), Field(min_length=1, max_length=200)]
"""A people as profiles' `people` gives it: free text, usually an ID such as `griffins`."""

ASPECTS: tuple[str, ...] = ("creation", "alteration", "destruction")
RANK_NAMES: dict[str, str] = {"devotee": N_("Devotee"), "zealot": N_("Zealot"), "dean": N_("Dean")}
ASPECT_NAMES: dict[str, str] = {
    "creation": N_("Creation"),
    "alteration": N_("Alteration"),
    "destruction": N_("Destruction"),
}
PATH_NAMES: dict[str, str] = {
    "light": N_("the Ways of Light"),
    "darkness": N_("the Meanders of Darkness"),
    "destiny": N_("the Path of Destiny"),
    "neutral": N_("no Alliance Path"),
}


class Aspects(Frozen):
    """Creation, Alteration, Destruction: a Faithful's levels, or a miracle's requirements (CF-05)."""

    creation: Level = 0
    alteration: Level = 0
    destruction: Level = 0

    def level(self, aspect: str) -> int:
        value: int = getattr(self, aspect)
        return value


class Cult(Entry):
    path: Path
    notes: Text | None = None


class People(Entry):
    """A people's name for players (`"griffins"` → "Griffins of Akkylannia"), matched by profiles' `people` and
    items' `peoples`. Optional: a people no catalog lists is shown by its ID."""

    id: PeopleId
    notes: Text | None = None


class Miracle(Entry):
    """A miracle card (CF-17). `difficulty: null` means it is set at the table (see `notes`)."""

    cults: tuple[Id, ...] = ()
    paths: tuple[AlliancePath, ...] = ()
    universal: Flag = False
    aspects: Aspects = Aspects()
    fervour: Count = 0
    difficulty: Annotated[int, Strict(), Field(ge=0, le=100)] | None = None
    difficulty_note: ShortText | None = None
    """How the table sets a difficulty the card does not fix ("the fervour chosen + 4")."""
    range: ShortText | None = None
    area: ShortText | None = None
    duration: ShortText | None = None
    cost: Cost
    notes: Text | None = None

    @model_validator(mode="after")
    def _someone_may_take_it(self) -> Miracle:
        if not (self.cults or self.paths or self.universal):
            raise ValueError("a miracle needs at least one cult, one Alliance Path, or 'universal': true")
        return self


class Item(Entry):
    """A magic item; any model may take it unless `peoples` or `faithful_only` restrict it (CF-07)."""

    cost: Cost
    peoples: tuple[ShortText, ...] = ()
    faithful_only: Flag = False
    notes: Text | None = None


class Faithful(Frozen):
    """ "Dévot de Merin / 10": rank, cult and Faith, with Aspects; warrior-monks are a kind of Faithful."""

    rank: Rank
    cult: Id
    faith: Annotated[int, Strict(), Field(ge=0, le=100)]
    warrior_monk: Flag = False
    aspects: Aspects = Aspects()


class Profile(Entry):
    """A model's profile; without `faithful` it is not a Faithful. `discipline: null` is none (CF-16)."""

    people: ShortText
    cost: Cost
    discipline: Annotated[int, Strict(), Field(ge=0, le=20)] | None = None
    movement: Annotated[int, Strict(), Field(ge=0, le=100)] | None = None
    faithful: Faithful | None = None
    notes: Text | None = None


class ConfrontationCatalog(CatalogFile):
    system: Literal["confrontation"]
    peoples: tuple[People, ...] = ()
    cults: tuple[Cult, ...] = ()
    miracles: tuple[Miracle, ...] = ()
    items: tuple[Item, ...] = ()
    profiles: tuple[Profile, ...] = ()

    def entry_lists(self) -> Mapping[str, Sequence[Entry]]:
        return {
            "cults": self.cults,
            "miracles": self.miracles,
            "items": self.items,
            "profiles": self.profiles,
            "peoples": self.peoples,
        }

    def references(self) -> Iterator[Reference]:
        for i, miracle in enumerate(self.miracles):
            for j, cult in enumerate(miracle.cults):
                yield Reference(f"$.miracles[{i}].cults[{j}]", "cults", cult)
        for i, profile in enumerate(self.profiles):
            if profile.faithful is not None:
                yield Reference(f"$.profiles[{i}].faithful.cult", "cults", profile.faithful.cult)


class ConfrontationUnit(Unit):
    """A model in the army, with its miracles (Faithful only, CF-01) and magic items."""

    count: Literal[1] = 1
    miracles: tuple[Id, ...] = ()
    items: tuple[Id, ...] = ()


class Snapshot(Frozen):
    """The catalog entries an army used when it was saved, to tell later what changed (AR-04)."""

    cults: dict[Id, Cult] = Field(default_factory=dict)
    miracles: dict[Id, Miracle] = Field(default_factory=dict)
    items: dict[Id, Item] = Field(default_factory=dict)
    profiles: dict[Id, Profile] = Field(default_factory=dict)


class ConfrontationArmy(Army):
    system: Literal["confrontation"] = "confrontation"
    units: tuple[ConfrontationUnit, ...] = ()
    snapshot: Snapshot | None = None
