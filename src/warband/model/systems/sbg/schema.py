"""Strategy Battle Game: catalog and army files — heroes with Might, Will, Fate and Wounds, spell-casting
heroes with their casting values, named heroes marked unique, warriors bought in numbers (RULES.md SB-01 …
SB-08)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, SerializerFunctionWrapHandler, Strict, model_serializer, model_validator

from warband.model.army import Army, Unit
from warband.model.catalog import CatalogFile, Entry, Flag, Frozen, Id, RefersTo
from warband.model.messages import N_
from warband.model.names import Name, Words

SYSTEM_ID = "sbg"

Alignment = Literal["good", "evil"]
ALIGNMENT_NAMES: dict[str | None, str] = {"good": N_("Good"), "evil": N_("Evil"), None: N_("Unknown")}
"""What a player reads for a profile's `alignment`; None is an alignment the catalog does not know (SB-X1)."""
Unknown = Literal["alignment"]
"""A value a profile's catalog does not know (an imported one whose data does not say it), listed in `unknown`."""
Cost = Annotated[int, Strict(), Field(ge=0, le=100_000)]
Stat = Annotated[int, Strict(), Field(ge=0, le=9)]
ShortText = Annotated[str, Strict(), Field(max_length=200)]
FactionId = Annotated[str, Strict(), Field(min_length=1, max_length=200)]
SpellId = Annotated[Id, RefersTo("spells")]
"""A faction as profiles' `faction` gives it: free text ("Minas Tirith")."""


class LeanDump(Frozen):
    """A value some of whose fields are written only when they differ from their default, so that a file without
    them is saved back as an earlier version saved it (and opens there): `OMITTED_AT_DEFAULT` names them."""

    OMITTED_AT_DEFAULT: ClassVar[tuple[str, ...]] = ()

    @model_serializer(mode="wrap")
    def _lean(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict):
            fields = type(self).model_fields
            for name in self.OMITTED_AT_DEFAULT:
                if getattr(self, name) == fields[name].get_default(call_default_factory=True):
                    data.pop(name, None)
        return data


class Faction(Entry):
    """A faction's name for players (`"Fellowship"` → "Communauté de l'Anneau"), matched by profiles' `faction`
    text. Optional: a faction no catalog lists is shown as the profiles write it."""

    id: FactionId
    notes: Words | None = None


class Spell(Entry):
    """A spell a hero may know; its casting value is the hero's own (SB-03)."""

    notes: Words | None = None


class HeroSpell(LeanDump):
    OMITTED_AT_DEFAULT: ClassVar[tuple[str, ...]] = ("range",)

    spell: SpellId
    casting: Annotated[int, Strict(), Field(ge=1, le=6)]
    """The score one Will die must reach to cast it (SB-03)."""
    range: ShortText | None = None
    """How far this hero casts it, as its data writes it ('12"'); optional, written only when given."""


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


class Stats(LeanDump):
    """The values of a profile card that no rule of the program reads, as the data writes them ('6"', '4/4+'); a
    warrior's Wounds among them. Each is optional, and written only when given."""

    OMITTED_AT_DEFAULT: ClassVar[tuple[str, ...]] = (
        "move",
        "fight",
        "strength",
        "defence",
        "attacks",
        "wounds",
        "intelligence",
    )

    move: ShortText | None = None
    fight: ShortText | None = None
    strength: ShortText | None = None
    defence: ShortText | None = None
    attacks: ShortText | None = None
    wounds: ShortText | None = None
    intelligence: ShortText | None = None


class Raw(LeanDump):
    """The text of a number the rules read, where the data wrote more than the number ('3*', '-' for none): the
    number used is the profile's own field. Each is optional, and written only when given."""

    OMITTED_AT_DEFAULT: ClassVar[tuple[str, ...]] = ("courage", "might", "will", "fate", "wounds")

    courage: ShortText | None = None
    might: ShortText | None = None
    will: ShortText | None = None
    fate: ShortText | None = None
    wounds: ShortText | None = None


class Wargear(Frozen):
    """A wargear option of a profile (a shield, a horse) and what it adds to the profile's cost."""

    id: Id
    name: Name
    cost: Cost


class Profile(Entry, LeanDump):
    """A hero (with `hero`) or a warrior profile (without: no Might, Will or Fate, one Wound). `unique` marks a
    named hero, which an army may hold only once (SB-08); a catalog without the field keeps working (none is).

    The fields after `notes` are optional and written only when given, so that a catalog without them reads and
    saves as before: a profile imported from data that does not say its alignment has `alignment` null and
    `unknown` listing it (SB-X1); `wargear` lists its options with their points beside the base `cost`; `stats`
    keeps the card's other values as text; `raw` the text beside a number that the data wrote as more than one
    (`{"might": "3*"}`); `heroic_tier` is the hero's tier as the data names it."""

    OMITTED_AT_DEFAULT: ClassVar[tuple[str, ...]] = ("unique", "unknown", "wargear", "stats", "raw", "heroic_tier")

    alignment: Alignment | None
    faction: Annotated[ShortText, RefersTo("factions", loose=True)]
    cost: Cost
    courage: Annotated[int, Strict(), Field(ge=0, le=9)]
    hero: Hero | None = None
    unique: Flag = Field(default=False, description=UNIQUE_HELP)
    notes: Words | None = None
    unknown: tuple[Unknown, ...] = ()
    wargear: tuple[Wargear, ...] = ()
    stats: Stats = Stats()
    raw: Raw = Raw()
    heroic_tier: ShortText | None = None

    @model_validator(mode="after")
    def _unknown_said(self) -> Profile:
        """An alignment is null exactly when `unknown` lists it: a null by mistake is not an unknown one."""
        if (self.alignment is None) != ("alignment" in self.unknown):
            raise ValueError(
                "a profile whose alignment is not known has 'alignment': null and 'unknown': ['alignment'], "
                "and only then"
            )
        if len(set(self.unknown)) != len(self.unknown):
            raise ValueError("'unknown' lists each value once")
        return self


class SbgCatalog(CatalogFile):
    system: Literal["sbg"]
    factions: tuple[Faction, ...] = ()
    spells: tuple[Spell, ...] = ()
    profiles: tuple[Profile, ...] = ()

    def entry_lists(self) -> Mapping[str, Sequence[Entry]]:
        return {"spells": self.spells, "profiles": self.profiles, "factions": self.factions}


class SbgUnit(Unit):
    """A hero (count 1) or a number of warriors of one profile (`count`), with the wargear options bought for each
    of its models (ids of its profile's `wargear`, each once; SB-X2). `wargear` is optional and written only when
    the unit holds some (see `SbgArmy`), so that an army without it saves as earlier versions saved it."""

    wargear: tuple[Id, ...] = ()


class Snapshot(Frozen):
    spells: dict[Id, Spell] = Field(default_factory=dict)
    profiles: dict[Id, Profile] = Field(default_factory=dict)


class SbgArmy(Army):
    system: Literal["sbg"] = "sbg"
    units: tuple[SbgUnit, ...] = ()
    snapshot: Snapshot | None = None

    @model_serializer(mode="wrap")
    def _lean_units(self, handler: SerializerFunctionWrapHandler) -> Any:
        """A unit without wargear is written without the field, as before wargear was bought. Done here, not on the
        unit: a unit's own dump keeps every field, so that code adding to its lists finds them all."""
        data = handler(self)
        if isinstance(data, dict):
            for unit in data.get("units", ()):
                if isinstance(unit, dict) and not unit.get("wargear", True):
                    del unit["wargear"]
        return data
