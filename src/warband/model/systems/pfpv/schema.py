"""« Par le Fer et par le Verbe »: energy sources, disciplines, spells with their combinations, and characters
(RULES.md PF-01 … PF-10). The "army" is a party of characters, without points."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Annotated, Literal

from pydantic import Field, Strict

from warband.model.army import Army, Unit
from warband.model.catalog import CatalogFile, Entry, Frozen, Id, Reference
from warband.model.names import Name, ShortWords, Words

SYSTEM_ID = "pfpv"

Skill = Annotated[int, Strict(), Field(ge=0, le=30)]
Modifier = Annotated[int, Strict(), Field(ge=-30, le=30)]
ShortText = Annotated[str, Strict(), Field(max_length=200)]


class Source(Entry):
    """An energy source (Fire, Earth, …) and the source opposed to it, if any (for links, PF-02)."""

    opposed: Id | None = None
    notes: Words | None = None


class Discipline(Entry):
    notes: Words | None = None


class Part(Frozen):
    """A source or a discipline in a combination, with its modifier (PF-01)."""

    id: Id
    modifier: Modifier


class Combination(Frozen):
    """A common way to cast the spell: its sources and disciplines, each with its modifier (PF-01)."""

    sources: Annotated[tuple[Part, ...], Field(min_length=1, max_length=6)]
    disciplines: Annotated[tuple[Part, ...], Field(min_length=1, max_length=6)]
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

    discipline: Id
    spell: Id | None = None
    bonus: Annotated[int, Strict(), Field(ge=0, le=10)]


class Profile(Entry):
    """A character: Contact skill per source (PF-02), skill per discipline (PF-03), Don, Vitality, MA, Recovery."""

    contact: dict[Id, Skill] = Field(default_factory=dict)
    disciplines: dict[Id, Skill] = Field(default_factory=dict)
    specialisations: tuple[Specialisation, ...] = ()
    don: Annotated[int, Strict(), Field(ge=0, le=400)]
    vitality: Annotated[int, Strict(), Field(ge=1, le=60)]
    ma: Annotated[int, Strict(), Field(ge=0, le=20)]
    recovery: Annotated[int, Strict(), Field(ge=0, le=8)] = 1
    spells: tuple[Id, ...] = ()
    """The spells the character knows."""
    cost: Literal[0] = 0
    notes: Words | None = None


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

    def references(self) -> Iterator[Reference]:
        for i, source in enumerate(self.sources):
            if source.opposed:
                yield Reference(f"$.sources[{i}].opposed", "sources", source.opposed)
        for i, spell in enumerate(self.spells):
            for j, combination in enumerate(spell.combinations):
                for k, part in enumerate(combination.sources):
                    yield Reference(f"$.spells[{i}].combinations[{j}].sources[{k}].id", "sources", part.id)
                for k, part in enumerate(combination.disciplines):
                    yield Reference(f"$.spells[{i}].combinations[{j}].disciplines[{k}].id", "disciplines", part.id)
        for i, profile in enumerate(self.profiles):
            for source_id in profile.contact:
                yield Reference(f"$.profiles[{i}].contact.{source_id}", "sources", source_id)
            for discipline_id in profile.disciplines:
                yield Reference(f"$.profiles[{i}].disciplines.{discipline_id}", "disciplines", discipline_id)
            for j, spell_id in enumerate(profile.spells):
                yield Reference(f"$.profiles[{i}].spells[{j}]", "spells", spell_id)


class PfpvUnit(Unit):
    """A character of the party."""

    count: Literal[1] = 1


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
