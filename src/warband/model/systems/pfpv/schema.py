"""« Par le Fer et par le Verbe »: energy sources, disciplines, spells with their combinations, and characters
(RULES.md PF-01 … PF-10). The "army" is a party of characters, without points."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import Field, SerializerFunctionWrapHandler, Strict, model_serializer, model_validator

from warband.model.army import Army, Unit
from warband.model.catalog import CatalogFile, Entry, Frozen, Id, RefersTo
from warband.model.messages import N_, term
from warband.model.names import Name, ShortWords, Words

SYSTEM_ID = "pfpv"

Skill = Annotated[int, Strict(), Field(ge=0, le=30)]
Modifier = Annotated[int, Strict(), Field(ge=-30, le=30)]
ShortText = Annotated[str, Strict(), Field(max_length=200)]
SourceId = Annotated[Id, RefersTo("sources")]
DisciplineId = Annotated[Id, RefersTo("disciplines")]
SpellId = Annotated[Id, RefersTo("spells")]


class Source(Entry):
    """An energy source (Fire, Earth, …) and the source opposed to it, if any (for links, PF-02)."""

    opposed: SourceId | None = None
    notes: Words | None = None


class Discipline(Entry):
    notes: Words | None = None


class Part(Frozen):
    """A source or a discipline in a combination, with its modifier (PF-01)."""

    id: Id
    modifier: Modifier


class SourcePart(Part):
    """A source in a combination, with its modifier."""

    id: SourceId


class DisciplinePart(Part):
    """A discipline in a combination, with its modifier."""

    id: DisciplineId


class Combination(Frozen):
    """A common way to cast the spell: its sources and disciplines, each with its modifier (PF-01)."""

    sources: Annotated[tuple[SourcePart, ...], Field(min_length=1, max_length=6)]
    disciplines: Annotated[tuple[DisciplinePart, ...], Field(min_length=1, max_length=6)]
    notes: Words | None = None


class Effect(Frozen):
    """An effect parameter the power levels are spread over (PF-08): "1 creature per level"."""

    name: Name
    per_level: ShortWords


class Spell(Entry):
    level: Annotated[int, Strict(), Field(ge=1, le=9)]
    casting_time: ShortWords
    combinations: tuple[Combination, ...] = ()
    effects: tuple[Effect, ...] = ()
    notes: Words | None = None


class Specialisation(Frozen):
    """A bonus to control rolls in a discipline, for one spell or for all (PF-03)."""

    discipline: DisciplineId
    spell: SpellId | None = None
    bonus: Annotated[int, Strict(), Field(ge=0, le=10)]


Don = Annotated[int, Strict(), Field(ge=0, le=400)]
Vitality = Annotated[int, Strict(), Field(ge=1, le=60)]
Ma = Annotated[int, Strict(), Field(ge=0, le=20)]
Recovery = Annotated[int, Strict(), Field(ge=0, le=8)]
Fatigue = Annotated[int, Strict(), Field(ge=0, le=5)]
"""A fatigue level, 0 … 5: its penalty on every contact and control roll is −1 … −5 (PF-04)."""


class Sheet(Frozen):
    """A character's numbers, as a catalog's profile and a character the player builds both hold them: Contact
    skill per source (PF-02), skill per discipline (PF-03), Don, Vitality, MA, Recovery, the spells it knows."""

    contact: dict[SourceId, Skill] = Field(default_factory=dict)
    disciplines: dict[DisciplineId, Skill] = Field(default_factory=dict)
    specialisations: tuple[Specialisation, ...] = ()
    don: Don
    vitality: Vitality
    ma: Ma
    recovery: Recovery = 1
    spells: tuple[SpellId, ...] = ()
    """The spells the character knows."""


class Profile(Sheet, Entry):
    """A character of the catalogs: Contact skill per source (PF-02), skill per discipline (PF-03), Don, Vitality,
    MA, Recovery (its fields in a file: `id`, `name`, then the `Sheet`'s, then `cost` and `notes`)."""

    cost: Literal[0] = 0
    notes: Words | None = None


BUILT_PROFILE = "built:character"
"""The `profile` of a party's unit that carries a character of its own, built by the player (`PfpvUnit.character`):
never a catalog entry's id. The rules read such a character's numbers from the unit and never look this id up in
the catalogs: it is not reported missing (AR-02), nor compared with them (AR-04)."""

BUILT_NAME = N_("Built character")
"""How a built character is named where it has no label (its label is its name), and its kind in the roster."""


class BuiltCharacter(Sheet):
    """A character built by the player, held by its unit: the numbers of a catalog profile (`Sheet`), the spells
    it knows chosen from the catalogs', and the fatigue it starts a scene with. Its name is its unit's label."""

    based_on: Id | None = None
    """The catalog profile it was built from, for the player's information: its numbers were copied once; the
    catalogs' later changes to that profile do not reach the character, and that profile gone is no problem."""
    fatigue: Fatigue = 0
    """PF-X1 (provisional; RULES.md gives fatigue only as PF-04's −1 … −5 on every roll, with no value of a
    character's): the fatigue level the character starts a scene with, 0 … 5, corrected during the scene as any
    character's. A catalog character starts at 0."""

    def as_profile(self) -> Profile:
        """The character as the rules read a profile, named as built characters are (its unit's label names it to
        the player). Not cached on the character: a cached value would sit among its fields."""
        numbers = {field: getattr(self, field) for field in Sheet.model_fields}
        return Profile.model_validate({"id": BUILT_PROFILE, "name": BUILT_NAME, **numbers})


class PfpvCatalog(CatalogFile):
    system: Literal["pfpv"]
    sources: tuple[Source, ...] = ()
    disciplines: tuple[Discipline, ...] = ()
    spells: tuple[Spell, ...] = ()
    profiles: tuple[Profile, ...] = ()

    def entry_lists(self) -> Mapping[str, Sequence[Entry]]:
        return {
            "sources": self.sources,
            "disciplines": self.disciplines,
            "spells": self.spells,
            "profiles": self.profiles,
        }


class PfpvUnit(Unit):
    """A character of the party: a catalog's (`profile`), or one built by the player (`character`, with
    `profile` then `BUILT_PROFILE`). `character` is written only when the unit holds one: a party without built
    characters is written as earlier versions wrote it."""

    count: Literal[1] = 1
    character: BuiltCharacter | None = None

    @model_validator(mode="after")
    def _built_or_from_the_catalogs(self) -> PfpvUnit:
        """A built character goes by `BUILT_PROFILE`, and only one does: nothing else takes it for a catalog
        entry, and a unit never names a catalog profile it does not use."""
        if (self.character is not None) != (self.profile == BUILT_PROFILE):
            raise ValueError(
                f"a character built in the party has the profile {BUILT_PROFILE!r} and its own 'character', "
                "and a character of the catalogs names its profile and has no 'character'"
            )
        return self

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if self.character is None:
            data.pop("character", None)
        return data

    def own_profile_name(self) -> str | None:
        """'Built character' (a `Phrase`) for a built character, which names no catalog profile; None for the
        catalogs' characters."""
        return term(BUILT_NAME) if self.character is not None else None


class Snapshot(Frozen):
    sources: dict[Id, Source] = Field(default_factory=dict)
    disciplines: dict[Id, Discipline] = Field(default_factory=dict)
    spells: dict[Id, Spell] = Field(default_factory=dict)
    profiles: dict[Id, Profile] = Field(default_factory=dict)


class PfpvArmy(Army):
    """A party of characters (no points)."""

    system: Literal["pfpv"] = "pfpv"
    units: tuple[PfpvUnit, ...] = ()
    snapshot: Snapshot | None = None
