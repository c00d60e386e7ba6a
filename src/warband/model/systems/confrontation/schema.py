"""Confrontation's catalog and army files (DESIGN.md "Files"; RULES.md CF-01 … CF-07, CF-16, CF-17)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    Field,
    SerializerFunctionWrapHandler,
    Strict,
    WithJsonSchema,
    model_serializer,
    model_validator,
)

from warband.model.army import Army, Unit
from warband.model.catalog import (
    ID_PATTERN,
    CatalogFile,
    Entry,
    Flag,
    Frozen,
    Id,
    RefersTo,
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
PeopleId = Annotated[str, Strict(), Field(min_length=1, max_length=200), RefersTo("peoples", loose=True)]
"""A people as profiles' `people` gives it: free text, usually an ID such as `griffins`."""

CultId = Annotated[Id, RefersTo("cults")]
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
            for name in getattr(self, "unknown", ()):  # an `Unknowable`'s unknown values are null in files
                if name in fields:
                    data[name] = None
        return data


class Unknowable(LeanDump):
    """A catalog value some of whose values its data may not give (an import of community data): `unknown` names
    them, and they are null in files, never a guess (version 2 of the catalog format).

    A field whose type has a null holds None. One whose type has none (older code shows it as it is) holds a
    stand-in in memory (`STAND_INS`), which no rule reads: rules ask `known(field)` first. A null not named in
    `unknown` is an error, and so is a value named in it.
    """

    OMITTED_AT_DEFAULT: ClassVar[tuple[str, ...]] = ("unknown",)
    STAND_INS: ClassVar[Mapping[str, Any]] = {}
    """Field → what it holds in memory while `unknown` names it, for a field whose type has no null."""
    NULL_ONLY_IF_UNKNOWN: ClassVar[tuple[str, ...]] = ()
    """Nullable fields whose null means unknown (and so must be named in `unknown`)."""

    # Each subclass declares `unknown: tuple[Literal[…], ...] = ()`, last, naming what its data may lack.

    @model_validator(mode="before")
    @classmethod
    def _stand_ins(cls, data: Any) -> Any:
        if not isinstance(data, dict) or not (cls.STAND_INS or cls.NULL_ONLY_IF_UNKNOWN):
            return data
        listed = data.get("unknown") or ()
        if not isinstance(listed, list | tuple):
            return data  # not a list: the field's own check says so
        filled: dict[str, Any] | None = None
        for name, stand_in in cls.STAND_INS.items():
            if name in listed:
                if data.get(name) is not None:
                    raise ValueError(f"{name!r} is named in 'unknown': its value must be null")
                filled = filled if filled is not None else dict(data)
                filled[name] = stand_in
            elif name in data and data[name] is None:
                raise ValueError(f"{name!r} is null: name it in 'unknown' when the data does not give it")
        for name in cls.NULL_ONLY_IF_UNKNOWN:
            if name in data and data[name] is None and name not in listed:
                raise ValueError(f"{name!r} is null: name it in 'unknown' when the data does not give it")
        return filled if filled is not None else data

    @property
    def unknowns(self) -> tuple[str, ...]:
        """What its data does not give, as `unknown` names it."""
        listed: tuple[str, ...] = getattr(self, "unknown", ())
        return listed

    @model_validator(mode="after")
    def _unknown_is_null(self) -> Unknowable:
        if len(set(self.unknowns)) != len(self.unknowns):
            raise ValueError("'unknown' names a value twice")
        fields = type(self).model_fields
        for name in self.unknowns:
            if name in fields and name not in self.STAND_INS and getattr(self, name) is not None:
                raise ValueError(f"{name!r} is named in 'unknown': its value must be null")
        return self

    def known(self, name: str) -> bool:
        """Whether the data gave this value (a rule that needs an unknown one says so, it does not guess). Asked
        hundreds of times an action (the Divination order reads every model's Discipline): read from the field
        itself, without the property."""
        listed = self.__dict__.get("unknown")
        return not listed or name not in listed


_ASPECTS_OR_NULL: dict[str, Any] = {
    "anyOf": [
        {
            "type": "object",
            "properties": {a: {"type": "integer", "minimum": 0, "maximum": 5} for a in ASPECTS},
            "additionalProperties": False,
        },
        {"type": "null"},
    ]
}
_COUNT_OR_NULL: dict[str, Any] = {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "null"}]}


class Aspects(Frozen):
    """Creation, Alteration, Destruction: a Faithful's levels, or a miracle's requirements (CF-05)."""

    creation: Level = 0
    alteration: Level = 0
    destruction: Level = 0

    def level(self, aspect: str) -> int:
        value: int = getattr(self, aspect)
        return value


class Cult(Entry, Unknowable):
    """A cult and its Alliance Path; `path: null` with `"unknown": ["path"]` when its data does not say it (a cult
    an import met that no catalog lists): its Faithful may take no miracle of a Path until it is known (CF-03)."""

    path: Path | None
    notes: Words | None = None
    unknown: tuple[Literal["path"], ...] = ()

    NULL_ONLY_IF_UNKNOWN: ClassVar[tuple[str, ...]] = ("path",)


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


MiracleUnknown = Literal["access", "aspects", "fervour", "difficulty"]
"""What a miracle's data may not give: who may take it (no cult, Path or Universal Cult), the Aspects it needs, its
Fervour, its difficulty (then set at the table, as `difficulty: null` always is)."""


class Miracle(Entry, Unknowable):
    """A miracle card (CF-17). `difficulty: null` means it is set at the table: worked out from the call when
    `difficulty_formula` says how, else typed by the player (`difficulty_note` says how). `unknown` names what its
    data does not give (an import)."""

    OMITTED_AT_DEFAULT: ClassVar[tuple[str, ...]] = ("difficulty_formula", "unknown")
    STAND_INS: ClassVar[Mapping[str, Any]] = {"aspects": {}, "fervour": 0}

    cults: tuple[CultId, ...] = ()
    paths: tuple[AlliancePath, ...] = ()
    universal: Flag = False
    aspects: Annotated[Aspects, WithJsonSchema(_ASPECTS_OR_NULL)] = Aspects()
    fervour: Annotated[int, Strict(), Field(ge=0), WithJsonSchema(_COUNT_OR_NULL)] = 0
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

    unknown: tuple[MiracleUnknown, ...] = ()

    @model_validator(mode="after")
    def _someone_may_take_it(self) -> Miracle:
        named = bool(self.cults or self.paths or self.universal)
        if "access" in self.unknown:
            if named:
                raise ValueError("a miracle whose access is 'unknown' names no cult, Alliance Path or 'universal'")
        elif not named:
            raise ValueError("a miracle needs at least one cult, one Alliance Path, or 'universal': true")
        if self.difficulty is not None and self.difficulty_formula is not None:
            raise ValueError("a miracle gives its 'difficulty' or a 'difficulty_formula', not both")
        return self


class Item(Entry):
    """A magic item; any model may take it unless `peoples` or `faithful_only` restrict it (CF-07)."""

    cost: Cost
    peoples: tuple[Annotated[ShortText, RefersTo("peoples", loose=True)], ...] = ()
    faithful_only: Flag = False
    notes: Words | None = None


FaithfulUnknown = Literal["rank", "cult", "faith", "aspects"]
"""What a Faithful's data may not give (a later edition's: its rank, its cult, its Faith, its Aspects)."""


class Faithful(Unknowable):
    """ "Dévot de Merin / 10": rank, cult and Faith, with Aspects; warrior-monks are a kind of Faithful.

    What its data does not give is null in files and named in `unknown`: its Faith is then None; its rank, cult
    and Aspects hold stand-ins (`STAND_INS`) that no rule reads (CF-X1: the rules that need them say so)."""

    STAND_INS: ClassVar[Mapping[str, Any]] = {"rank": "devotee", "cult": "unknown", "aspects": {}}
    NULL_ONLY_IF_UNKNOWN: ClassVar[tuple[str, ...]] = ("faith",)

    rank: Annotated[Rank, WithJsonSchema({"anyOf": [{"enum": list(RANK_NAMES)}, {"type": "null"}]})]
    cult: Annotated[
        CultId, WithJsonSchema({"anyOf": [{"type": "string", "pattern": ID_PATTERN}, {"type": "null"}]})
    ]
    faith: Annotated[int, Strict(), Field(ge=0, le=100)] | None
    """None when its data does not give it: the battle then cannot refill its T.F. (CF-18) and says so."""
    warrior_monk: Flag = False
    aspects: Annotated[Aspects, WithJsonSchema(_ASPECTS_OR_NULL)] = Aspects()
    unknown: tuple[FaithfulUnknown, ...] = ()


class Profile(Entry, Unknowable):
    """A model's profile; without `faithful` it is not a Faithful. `discipline: null` is none (CF-16), unless
    `unknown` names it: then its data does not give it (an import), and the Divination order says so."""

    people: Annotated[ShortText, RefersTo("peoples", loose=True)]
    cost: Cost
    discipline: Annotated[int, Strict(), Field(ge=0, le=20)] | None = None
    movement: Annotated[int, Strict(), Field(ge=0, le=100)] | None = None
    faithful: Faithful | None = None
    notes: Words | None = None
    unknown: tuple[Literal["discipline", "movement"], ...] = ()


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
