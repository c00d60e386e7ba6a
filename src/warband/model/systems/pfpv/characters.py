"""Characters built in the party: a unit carrying a character of its own instead of naming a catalog profile
(`PfpvUnit.character`), with the numbers a catalog profile has and spells chosen from the catalogs'; made new, or
built from a catalog profile, and edited one field at a time by commands (each one undo step of the army); and
what is wrong with one (AR-02, PF-X2).

Provisional rules (RULES.md has no such rule; the IDs stand until it gets one):

- PF-X1: a built character has a starting fatigue, 0 … 5 (0 by default), the fatigue level it starts a scene with;
  PF-04 gives fatigue only as a penalty of −1 … −5 on every contact and control roll, which the scene tracks and
  the game master corrects. A catalog character starts a scene at 0, as before.
- PF-X2: a built character's Don Magique is 20 … 400 (RULES.md, PF: « Don Magique (a pool, 20–400) »). A Don
  under 20 is reported, never refused: a player may build a draft (AR-03); a file may hold 0 … 400, as a catalog
  profile may.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args

from pydantic.fields import FieldInfo

from warband.model.army import Army, Problem, Unit, UnitRef
from warband.model.edits import replace, unit_class
from warband.model.messages import N_, Phrase, term
from warband.model.names import CatalogName
from warband.model.systems.pfpv.schema import (
    BUILT_NAME,
    BUILT_PROFILE,
    BuiltCharacter,
    PfpvUnit,
    Profile,
    Sheet,
    Skill,
)

LEAST_DON = 20
"""PF-X2: the least Don Magique a character has (RULES.md, PF: « a pool, 20–400 »)."""
NEW_CHARACTER = BuiltCharacter(don=LEAST_DON, vitality=10, ma=5, recovery=1)
"""A character made new: no skill, no spell, the least Don (PF-X2) and example numbers the player changes."""

NumberField = Literal["don", "vitality", "ma", "recovery", "fatigue"]
NUMBER_FIELDS: tuple[NumberField, ...] = ("don", "vitality", "ma", "recovery", "fatigue")
FIELD_NAMES: dict[str, str] = {
    "don": N_("Don"),
    "vitality": N_("Vitality"),
    "ma": N_("MA"),
    "recovery": N_("Recovery"),
    "fatigue": N_("Starting fatigue"),
}
SkillKind = Literal["contact", "disciplines"]


def _bounds(metadata: Iterable[object]) -> tuple[int, int]:
    """The lowest and highest value a schema's constraints allow (`Field(ge=…, le=…)`, however nested)."""
    low = high = None
    for item in metadata:
        if isinstance(item, FieldInfo):
            low, high = _bounds(item.metadata)
            continue
        ge, le = getattr(item, "ge", None), getattr(item, "le", None)  # pydantic's `Ge` and `Le` constraints
        low = ge if isinstance(ge, int) else low
        high = le if isinstance(le, int) else high
    if low is None or high is None:
        raise TypeError("a bounded whole number has its lowest and highest values")
    return low, high


def number_bounds(field: NumberField) -> tuple[int, int]:
    """The lowest and highest value of a built character's number, as the file format bounds it."""
    return _bounds(BuiltCharacter.model_fields[field].metadata)


SKILL_BOUNDS: tuple[int, int] = _bounds(get_args(Skill)[1:])
"""The lowest and highest skill in a source or a discipline, as the file format bounds it (0 … 30)."""


def built(unit: Unit) -> BuiltCharacter | None:
    """The character the unit carries, if the player built it."""
    return unit.character if isinstance(unit, PfpvUnit) else None


def sheet_of(unit: Unit, profiles: Mapping[str, Profile]) -> Profile | None:
    """The profile the rules read for a character of the party: its own, built by the player, or its catalog
    profile from `profiles` (None: the catalogs do not know it, AR-02)."""
    character = built(unit)
    return character.as_profile() if character is not None else profiles.get(unit.profile)


def name_of(unit: Unit, profile: Profile | None) -> str:
    """How the party's character is named: its label, else (built) "Built character", else its profile's name
    (a `CatalogName`), else the profile's id."""
    if unit.label:
        return unit.label
    if built(unit) is not None:
        return term(BUILT_NAME)
    return CatalogName(profile.name) if profile is not None else unit.profile


def from_profile(profile: Profile) -> BuiltCharacter:
    """A character built from a catalog profile: its numbers, specialisations and spells, copied once."""
    numbers = {field: getattr(profile, field) for field in Sheet.model_fields}
    return BuiltCharacter.model_validate({**numbers, "based_on": profile.id})


# --- what is wrong with a built character -----------------------------------------------------------------------
def character_problems(
    character: BuiltCharacter,
    ref: UnitRef,
    sources: Mapping[str, object],
    disciplines: Mapping[str, object],
    spells: Mapping[str, object],
) -> list[Problem]:
    """A built character's skills in sources and disciplines, and spells, the catalogs do not know (AR-02: kept as
    they are, flagged), and a Don under the least a character has (PF-X2)."""
    problems: list[Problem] = []
    for source in character.contact:
        if source not in sources:
            problems.append(Problem.of("AR-02", "pf.character.source_unknown", ref, unit=ref.label, source=source))
    named = [*character.disciplines, *(s.discipline for s in character.specialisations)]
    for discipline in dict.fromkeys(named):
        if discipline not in disciplines:
            problems.append(
                Problem.of("AR-02", "pf.character.discipline_unknown", ref, unit=ref.label, discipline=discipline)
            )
    known = [*character.spells, *(s.spell for s in character.specialisations if s.spell is not None)]
    for spell in dict.fromkeys(known):
        if spell not in spells:
            problems.append(Problem.of("AR-02", "pf.character.spell_unknown", ref, unit=ref.label, spell=spell))
    if character.don < LEAST_DON:
        problems.append(
            Problem.of("PF-X2", "pf.character.don_low", ref, unit=ref.label, don=character.don, least=LEAST_DON)
        )
    return problems


# --- commands ---------------------------------------------------------------------------------------------------
def _position(army: Army, unit_id: str) -> int:
    for position, unit in enumerate(army.units):
        if unit.id == unit_id:
            return position
    raise KeyError(f"the party has no character {unit_id!r}")


def _character(army: Army, unit_id: str) -> BuiltCharacter:
    character = built(army.units[_position(army, unit_id)])
    if character is None:
        raise ValueError(f"{unit_id!r} is a character of the catalogs: build it first to change its numbers")
    return character


def _with_unit(army: Army, unit_id: str, **changes: Any) -> Army:
    position = _position(army, unit_id)
    units = list(army.units)
    units[position] = replace(units[position], **changes)
    return replace(army, units=tuple(units))


def _with_character(army: Army, unit_id: str, **changes: Any) -> Army:
    """The army with one built character's fields changed, validated again (a value out of its bounds raises
    pydantic's `ValidationError`, and nothing changes)."""
    return _with_unit(army, unit_id, character=replace(_character(army, unit_id), **changes))


def _called(army: Army, unit_id: str) -> str:
    """The character as a label names it: its label, else "Built character"."""
    unit = army.unit(unit_id)
    return name_of(unit, None) if unit is not None else unit_id


@dataclass(frozen=True)
class NewCharacter:
    """Add a character built from nothing (`NEW_CHARACTER`, or the one given), named `name` (its label), at the
    end of the party or at a place in it."""

    unit_id: str
    name: str = ""
    position: int | None = None
    character: BuiltCharacter = NEW_CHARACTER

    @property
    def label(self) -> str:
        return term(N_("New character"))

    def apply(self, state: Army) -> Army:
        unit = unit_class(state).model_validate(
            {"id": self.unit_id, "profile": BUILT_PROFILE, "label": self.name, "character": self.character}
        )
        units = list(state.units)
        units.insert(len(units) if self.position is None else self.position, unit)
        return replace(state, units=tuple(units))


@dataclass(frozen=True)
class BuildFromProfile:
    """A character of the catalogs becomes one built by the player, with its profile's numbers and spells (the
    catalog's `profile`, which the command carries: the army does not hold the catalogs). Its label stays, or is
    `name` (the profile's name as the player reads it) when it had none, so that it is still called so."""

    unit_id: str
    profile: Profile
    name: str = ""

    @property
    def label(self) -> str:
        return Phrase(N_("Build a character from {profile}"), profile=CatalogName(self.profile.name))

    def apply(self, state: Army) -> Army:
        unit = state.units[_position(state, self.unit_id)]
        if built(unit) is not None:
            raise ValueError(f"{self.unit_id!r} is built already")
        return _with_unit(
            state,
            self.unit_id,
            profile=BUILT_PROFILE,
            character=from_profile(self.profile),
            label=unit.label or self.name,
        )


@dataclass(frozen=True)
class SetCharacterField:
    """Don, Vitality, MA, Recovery or the starting fatigue (PF-X1) of a built character, within the bounds a
    catalog profile has (out of them: `ValidationError`, nothing changes). Its label names the field, not the
    value: a run of edits of one field (an arrow key held) is one undo step, under the label of the first."""

    unit_id: str
    field: NumberField
    value: int

    @property
    def label(self) -> str:
        return term(FIELD_NAMES[self.field])

    def label_in(self, state: Army) -> str:
        field = term(FIELD_NAMES[self.field])
        return Phrase(N_("{character}: {field}"), character=_called(state, self.unit_id), field=field)

    def apply(self, state: Army) -> Army:
        if self.field not in NUMBER_FIELDS:
            raise ValueError(f"not a number of a character: {self.field}")
        return _with_character(state, self.unit_id, **{self.field: self.value})


@dataclass(frozen=True)
class SetSkill:
    """A built character's Contact skill in a source (`contact`, PF-02) or its skill in a discipline
    (`disciplines`, PF-03); None takes the skill away. A new skill goes after the others (the character's order,
    its major source first, is the player's); a changed one keeps its place. `name` is the source's or the
    discipline's name for the label (its id when not given)."""

    unit_id: str
    kind: SkillKind
    entry_id: str
    value: int | None
    name: str = ""

    @property
    def label(self) -> str:
        return self._words(self.unit_id)

    def label_in(self, state: Army) -> str:
        return self._words(_called(state, self.unit_id))

    def _words(self, character: str) -> str:
        """'Morgane: Contact skill in Fire' (the value is not said, as `SetCharacterField` does not say it)."""
        what = self.name or self.entry_id
        if self.kind == "contact":
            return Phrase(N_("{character}: Contact skill in {source}"), character=character, source=what)
        return Phrase(N_("{character}: skill in {discipline}"), character=character, discipline=what)

    def apply(self, state: Army) -> Army:
        if self.kind not in ("contact", "disciplines"):
            raise ValueError(f"not a kind of skill: {self.kind}")
        skills = dict(getattr(_character(state, self.unit_id), self.kind))
        if self.value is None:
            skills.pop(self.entry_id, None)
        else:
            skills[self.entry_id] = self.value
        return _with_character(state, self.unit_id, **{self.kind: skills})


@dataclass(frozen=True)
class SetSpellKnown:
    """A built character learns a spell of the catalogs (after those it knows), or forgets one. `name` is the
    spell's name for the label (its id when not given)."""

    unit_id: str
    spell_id: str
    known: bool
    name: str = ""

    @property
    def label(self) -> str:
        return self._words(self.unit_id)

    def label_in(self, state: Army) -> str:
        return self._words(_called(state, self.unit_id))

    def _words(self, character: str) -> str:
        template = N_("{character} learns {spell}") if self.known else N_("{character} forgets {spell}")
        return Phrase(template, character=character, spell=self.name or self.spell_id)

    def apply(self, state: Army) -> Army:
        spells = list(_character(state, self.unit_id).spells)
        if self.known and self.spell_id not in spells:
            spells.append(self.spell_id)
        elif not self.known:
            spells = [s for s in spells if s != self.spell_id]
        return _with_character(state, self.unit_id, spells=tuple(spells))
