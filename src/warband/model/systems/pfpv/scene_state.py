"""A « Par le Fer et par le Verbe » scene as a frozen value: the party's Don, Vitality and fatigue, the spells each
character is casting at once (PF-04), the combat round and the hours passed (PF-10).

The scene is the system's "battle": one side (the party); the shared battle code works with it unchanged.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, SerializerFunctionWrapHandler, Strict, model_serializer, model_validator

from warband.model import changes
from warband.model.battle_log import LogEntry
from warband.model.catalog import Catalogs, Flag, Frozen, Id
from warband.model.edits import replace
from warband.model.names import CatalogName
from warband.model.systems.pfpv.characters import built, name_of, sheet_of
from warband.model.systems.pfpv.schema import PfpvArmy, Profile, Snapshot

MOST_AT_ONCE = 6
"""PF-04: the table of penalties stops at six spells cast at once."""


class Casting(Frozen):
    """A spell being cast (PF-04: spells cast at once each take their own time; the shortest ends first)."""

    spell: Id
    started_round: Annotated[int, Strict(), Field(ge=0)]


class CharacterState(Frozen):
    don: Annotated[int, Strict(), Field(ge=0, le=400)]
    vitality: Annotated[int, Strict(), Field(ge=-60, le=60)]
    fatigue: Annotated[int, Strict(), Field(ge=0, le=5)] = 0
    casting: tuple[Casting, ...] = ()
    at_once: Annotated[int, Strict(), Field(ge=0, le=MOST_AT_ONCE)] = 0
    """PF-04: how many spells the group being cast holds — the spells begun together, and every spell begun or
    resolved while they go on. The group keeps its size until the last of its spells ends (« même si l'un des
    sorts prend effet alors que l'incantation des autres n'est pas finie »). A scene saved before it was kept
    counts the spells it was casting (`group`)."""

    @model_validator(mode="before")
    @classmethod
    def _count_the_group(cls, data: Any) -> Any:
        """A group holds at least the spells being cast, and nothing once none is (a scene saved before it was
        kept holds no `at_once`)."""
        if isinstance(data, dict) and isinstance(data.get("at_once", 0), int):
            casting = data.get("casting") or ()
            at_once = min(MOST_AT_ONCE, max(data.get("at_once", 0), len(casting))) if casting else 0
            data = {**data, "at_once": at_once}
        return data

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """`at_once` is written only when it says more than the spells being cast (a group that lost some of its
        spells): a scene where it does not is written as earlier versions wrote it."""
        data: dict[str, Any] = handler(self)
        if self.at_once == len(self.casting):
            data.pop("at_once", None)
        return data

    @property
    def group(self) -> int:
        """The size of the group being cast (0 when the character casts nothing)."""
        return self.at_once

    def at_once_for(self, spell: str | None) -> int:
        """PF-04: how many spells a casting of `spell` counts as cast at once: its group's size when it is one of
        the spells being cast; one more than those being cast when it was not started (a spell resolved at once,
        or one in no Grimoire, `spell` None) — alone, one."""
        if spell is not None and any(c.spell == spell for c in self.casting):
            return max(1, self.group)
        return max(self.group, len(self.casting) + 1)


class PfpvScene(Frozen):
    format: Literal["warband-battle"] = "warband-battle"
    version: Annotated[int, Strict(), Field(ge=1)] = 1
    system: Literal["pfpv"] = "pfpv"
    party: PfpvArmy
    player: Annotated[str, Strict(), Field(max_length=80)] = "Game master"
    entries: Snapshot = Snapshot()
    round: Annotated[int, Strict(), Field(ge=0, le=100_000)] = 0
    """Combat rounds so far (0: not in combat)."""
    hours: Annotated[int, Strict(), Field(ge=0, le=1_000_000)] = 0
    characters: dict[str, CharacterState] = Field(default_factory=dict)
    ended: Flag = False

    @property
    def turn(self) -> int:
        """The battle log's turn: the combat round."""
        return self.round

    @property
    def phase(self) -> str:
        return "combat" if self.round else "scene"

    @property
    def sides(self) -> tuple[Any, ...]:
        """One side, the party, for the code that names the players of a battle."""
        return (_PartySide(self.player),)


class _PartySide:
    def __init__(self, player: str) -> None:
        self.player = player


class PfpvSceneFile(PfpvScene):
    log: tuple[LogEntry, ...] = ()
    dice: dict[str, Any] | None = None


def start_scene(party: PfpvArmy, catalogs: Catalogs, player: str = "Game master") -> PfpvScene:
    """A scene of the party: each character at its full Don and Vitality; a character built in the party at its
    starting fatigue (PF-X1), a catalog's at none. A character whose profile the catalogs do not know is left out
    (AR-02)."""
    snapshot = changes.battle_entries([party], catalogs, Snapshot)
    characters = {}
    for unit in party.units:
        profile = sheet_of(unit, snapshot.profiles)
        if profile is not None:
            character = built(unit)
            fatigue = character.fatigue if character is not None else 0
            characters[unit.id] = CharacterState(don=profile.don, vitality=profile.vitality, fatigue=fatigue)
    return PfpvScene(party=party, player=player or "Game master", entries=snapshot, characters=characters)


def profile_of(scene: PfpvScene, key: str) -> Profile:
    """The character's profile: the one it carries, built in the party (the scene embeds the party), or its
    catalog profile as the scene embeds it."""
    unit = scene.party.unit(key)
    profile = sheet_of(unit, scene.entries.profiles) if unit is not None else None
    if profile is None:
        raise KeyError(f"no character {key!r} in this scene")
    return profile


def spell_name(scene: PfpvScene, spell_id: str) -> str:
    """The spell's name (a `CatalogName`), or its id when the scene does not hold it."""
    spell = scene.entries.spells.get(spell_id)
    return CatalogName(spell.name) if spell is not None else spell_id


def label_of(scene: PfpvScene, key: str) -> str:
    unit = scene.party.unit(key)
    if unit is None:
        return key
    return name_of(unit, profile_of(scene, key))


def with_character(scene: PfpvScene, key: str, **changes: object) -> PfpvScene:
    states = dict(scene.characters)
    states[key] = replace(states[key], **changes)
    return replace(scene, characters=states)
