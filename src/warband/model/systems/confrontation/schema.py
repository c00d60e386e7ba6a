"""Confrontation's catalog and army files (DESIGN.md "Files"; RULES.md CF-01 … CF-07, CF-16, CF-17)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, SerializerFunctionWrapHandler, Strict, model_serializer, model_validator

from warband.model.army import Army, Unit
from warband.model.catalog import (
    CatalogFile,
    Count,
    Entry,
    Flag,
    Frozen,
    Id,
    Reference,
)
from warband.model.messages import N_
from warband.model.names import ShortWords, Words

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


class LeanDump(Frozen):
    """A value whose newer optional fields are left out of files while they hold their default, so that what an
    earlier version saved is saved back the same (and opens there): `OMITTED_AT_DEFAULT` names them."""

    OMITTED_AT_DEFAULT: ClassVar[tuple[str, ...]] = ()

    @model_serializer(mode="wrap")
    def _lean(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict):
            fields = type(self).model_fields
            for name in self.OMITTED_AT_DEFAULT:
                if name in data and getattr(self, name) == fields[name].default:
                    del data[name]
        return data


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
    notes: Words | None = None


class People(Entry):
    """A people's name for players (`"griffins"` → "Griffins of Akkylannia"), matched by profiles' `people` and
    items' `peoples`. Optional: a people no catalog lists is shown by its ID, and fields only its own profiles."""

    id: PeopleId
    may_field: tuple[PeopleId, ...] = ()
    """CF-20: the other peoples (or mercenaries, such as Cadwallon's) an army of this people may field beside its
    own, as profiles' `people` give them."""
    notes: Words | None = None


class DifficultyFormula(Frozen):
    """CF-17: a difficulty worked out from the call, « the fervour chosen + 4 » as `{"fervour_plus": 4}`."""

    fervour_plus: Annotated[int, Strict(), Field(ge=-20, le=100)]
    """The difficulty is the fervour the Faithful spends on the call, plus this."""

    def difficulty(self, fervour: int) -> int:
        return max(0, fervour + self.fervour_plus)


class Miracle(Entry, LeanDump):
    """A miracle card (CF-17). `difficulty: null` means it is set at the table: worked out from the call when
    `difficulty_formula` says how, else typed by the player (`difficulty_note` says how)."""

    OMITTED_AT_DEFAULT: ClassVar[tuple[str, ...]] = ("difficulty_formula",)

    cults: tuple[Id, ...] = ()
    paths: tuple[AlliancePath, ...] = ()
    universal: Flag = False
    aspects: Aspects = Aspects()
    fervour: Count = 0
    difficulty: Annotated[int, Strict(), Field(ge=0, le=100)] | None = None
    difficulty_note: ShortWords | None = None
    """How the table sets a difficulty the card does not fix ("the fervour chosen + 4")."""
    difficulty_formula: DifficultyFormula | None = None
    """The difficulty as a formula of the call (with `difficulty: null`): the program computes it, and the
    player may still override it."""
    range: ShortWords | None = None
    area: ShortWords | None = None
    duration: ShortWords | None = None
    cost: Cost
    notes: Words | None = None

    @model_validator(mode="after")
    def _someone_may_take_it(self) -> Miracle:
        if not (self.cults or self.paths or self.universal):
            raise ValueError("a miracle needs at least one cult, one Alliance Path, or 'universal': true")
        if self.difficulty is not None and self.difficulty_formula is not None:
            raise ValueError("a miracle gives its 'difficulty' or a 'difficulty_formula', not both")
        return self


class Item(Entry):
    """A magic item; any model may take it unless `peoples` or `faithful_only` restrict it (CF-07)."""

    cost: Cost
    peoples: tuple[ShortText, ...] = ()
    faithful_only: Flag = False
    notes: Words | None = None


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
    notes: Words | None = None


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


class ConfrontationArmy(Army, LeanDump):
    OMITTED_AT_DEFAULT: ClassVar[tuple[str, ...]] = ("mixed_peoples",)

    system: Literal["confrontation"] = "confrontation"
    mixed_peoples: Flag = False
    """CF-20, a rules option of the army: it may field profiles of any people (version 2 of the army format)."""
    units: tuple[ConfrontationUnit, ...] = ()
    snapshot: Snapshot | None = None
