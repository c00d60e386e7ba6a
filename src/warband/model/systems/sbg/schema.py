"""Strategy Battle Game: catalog and army files — heroes with Might, Will, Fate and Wounds, spell-casting
heroes with their casting values, named heroes marked unique, warriors bought in numbers (RULES.md SB-01 …
SB-08)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import Field, SerializerFunctionWrapHandler, Strict, model_serializer

from warband.model.army import Army, Unit
from warband.model.catalog import CatalogFile, Entry, Flag, Frozen, Id, Reference
from warband.model.messages import N_
from warband.model.names import Words

SYSTEM_ID = "sbg"

Alignment = Literal["good", "evil"]
ALIGNMENT_NAMES: dict[str, str] = {"good": N_("Good"), "evil": N_("Evil")}
Cost = Annotated[int, Strict(), Field(ge=0, le=100_000)]
Stat = Annotated[int, Strict(), Field(ge=0, le=9)]
ShortText = Annotated[str, Strict(), Field(max_length=200)]
FactionId = Annotated[str, Strict(), Field(min_length=1, max_length=200)]
"""A faction as profiles' `faction` gives it: free text ("Minas Tirith")."""


class Faction(Entry):
    """A faction's name for players (`"Fellowship"` → "Communauté de l'Anneau"), matched by profiles' `faction`
    text. Optional: a faction no catalog lists is shown as the profiles write it."""

    id: FactionId
    notes: Words | None = None


class Spell(Entry):
    """A spell a hero may know; its casting value is the hero's own (SB-03)."""

    notes: Words | None = None


class HeroSpell(Frozen):
    spell: Id
    casting: Annotated[int, Strict(), Field(ge=1, le=6)]
    """The score one Will die must reach to cast it (SB-03)."""


class Hero(Frozen):
    might: Stat
    will: Stat
    fate: Stat
    wounds: Annotated[int, Strict(), Field(ge=1, le=9)]
    spells: tuple[HeroSpell, ...] = ()


UNIQUE_HELP = (
    "A named hero (Legolas, Gríma): an army may hold it only once (SB-08). Optional, false by default: a generic "
    "hero (a Captain of Rohan) may be bought more than once."
)


class Profile(Entry):
    """A hero (with `hero`) or a warrior profile (without: no Might, Will or Fate, one Wound). `unique` marks a
    named hero, which an army may hold only once (SB-08); a catalog without the field keeps working (none is)."""

    alignment: Alignment
    faction: ShortText
    cost: Cost
    courage: Annotated[int, Strict(), Field(ge=0, le=9)]
    hero: Hero | None = None
    unique: Flag = Field(default=False, description=UNIQUE_HELP)
    notes: Words | None = None

    @model_serializer(mode="wrap")
    def _unique_only_when_true(self, handler: SerializerFunctionWrapHandler) -> Any:
        """`unique` is written only when true: a profile that is not saves as an earlier version saved it (and
        opens there)."""
        data = handler(self)
        if isinstance(data, dict) and not self.unique:
            data.pop("unique", None)
        return data


class SbgCatalog(CatalogFile):
    system: Literal["sbg"]
    factions: tuple[Faction, ...] = ()
    spells: tuple[Spell, ...] = ()
    profiles: tuple[Profile, ...] = ()

    def entry_lists(self) -> Mapping[str, Sequence[Entry]]:
        return {"spells": self.spells, "profiles": self.profiles, "factions": self.factions}

    def references(self) -> Iterator[Reference]:
        for i, profile in enumerate(self.profiles):
            if profile.hero is not None:
                for j, known in enumerate(profile.hero.spells):
                    yield Reference(f"$.profiles[{i}].hero.spells[{j}].spell", "spells", known.spell)


class SbgUnit(Unit):
    """A hero (count 1) or a number of warriors of one profile (`count`)."""


class Snapshot(Frozen):
    spells: dict[Id, Spell] = Field(default_factory=dict)
    profiles: dict[Id, Profile] = Field(default_factory=dict)


class SbgArmy(Army):
    system: Literal["sbg"] = "sbg"
    units: tuple[SbgUnit, ...] = ()
    snapshot: Snapshot | None = None
