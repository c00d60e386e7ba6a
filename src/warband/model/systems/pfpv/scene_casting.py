"""A casting in a « Par le Fer et par le Verbe » scene: its choices as the journal keeps them (PF-01 … PF-04), the
contact step and then the control step with the Don chosen for it (PF-02, PF-03), and the command that applies
the outcome to the caster (PF-05 … PF-07).

PF-01: the Grimoire's combinations are a help, not a limit. The caster may use any sources and disciplines it
has, with the game master's modifiers (`CastingSetup.parts`), and may cast a spell that is in no Grimoire, its
level, combination, modifiers and effect parameters decided at the table (`CastingSetup.table_spell`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field, Strict, model_validator

from warband.model.army import Problem
from warband.model.battle import Roll as BattleRoll
from warband.model.battle import thrown
from warband.model.catalog import Flag, Frozen, Id
from warband.model.dice import Dice
from warband.model.messages import N_, Phrase
from warband.model.names import CatalogName
from warband.model.session import RefusedError
from warband.model.systems.pfpv import casting
from warband.model.systems.pfpv.rules import can_attempt
from warband.model.systems.pfpv.scene_state import MOST_AT_ONCE, PfpvScene, label_of, profile_of, with_character
from warband.model.systems.pfpv.scene_words import describe, entry_names
from warband.model.systems.pfpv.schema import Combination, Effect, Spell

Roll = Annotated[int, Strict(), Field(ge=0, le=10)]
TABLE_SPELL_ID = "table-spell"
"""The id a spell in no Grimoire goes by while it is cast (it never reaches a catalog)."""


class TableSpell(Frozen):
    """A spell in no Grimoire, decided at the table (PF-01: « Le mage n'est pas restreint à un sort du
    Grimoire »): its name, level, casting time, and the effect parameters its power levels go to (PF-08)."""

    name: Annotated[str, Strict(), Field(min_length=1, max_length=200)]
    level: Annotated[int, Strict(), Field(ge=1, le=9)]
    casting_time: Annotated[str, Strict(), Field(max_length=200)] = ""
    effects: Annotated[tuple[Effect, ...], Field(max_length=12)] = ()


class CastingSetup(Frozen):
    """The choices of a casting, as the journal keeps them (see casting.Setup)."""

    spell: Id | None = None
    """The Grimoire's spell; None for a spell in no Grimoire (`table_spell`)."""
    table_spell: TableSpell | None = None
    combination: Annotated[int, Strict(), Field(ge=0)] = 0
    """The Grimoire's combination, by its number (from 0), when `parts` are not given."""
    parts: Combination | None = None
    """The sources and disciplines chosen at the table, each with the game master's modifier (PF-01: any the
    caster has); None: the Grimoire's combination number `combination`."""
    source_modifiers: dict[Id, Annotated[int, Strict(), Field(ge=-30, le=30)]] = Field(default_factory=dict)
    discipline_modifiers: dict[Id, Annotated[int, Strict(), Field(ge=-30, le=30)]] = Field(default_factory=dict)
    don_contact: dict[Id, Annotated[int, Strict(), Field(ge=0, le=400)]] = Field(default_factory=dict)
    don_control: dict[Id, Annotated[int, Strict(), Field(ge=0, le=10)]] = Field(default_factory=dict)
    """The Don on each control roll (PF-03): chosen at the control step, spent only when it is made."""
    links: dict[Id, Annotated[int, Strict(), Field(ge=-2, le=2)]] = Field(default_factory=dict)
    support: Annotated[int, Strict(), Field(ge=0, le=10)] = 0
    whisper: Flag = False
    no_gesture: Flag = False
    grimoire: Flag = False
    time: Annotated[int, Strict(), Field(ge=-10, le=10)] = 0
    backlash_per_roll: Flag = True
    vitality_factor: Annotated[int, Strict(), Field(ge=1, le=4)] = 2

    @model_validator(mode="after")
    def _one_spell(self) -> CastingSetup:
        if (self.spell is None) == (self.table_spell is None):
            raise ValueError("a casting names a spell of the Grimoire or one decided at the table: one of them")
        if self.table_spell is not None and self.parts is None:
            raise ValueError("a spell decided at the table needs its sources and disciplines (parts)")
        return self

    @property
    def spell_key(self) -> str:
        """The spell's id, or the one a spell in no Grimoire goes by."""
        return self.spell if self.spell is not None else TABLE_SPELL_ID


def refused(code: str, rule: str, **params: object) -> RefusedError:
    return RefusedError(Problem.of(rule, code, None, **params))


def spell_of(scene: PfpvScene, choice: CastingSetup, key: str = "") -> Spell:
    """The spell cast: the scene's Grimoire entry, or the one decided at the table (PF-01) as an entry of its
    own. A spell the scene's catalogs do not hold is refused (AR-02)."""
    table = choice.table_spell
    if table is not None:
        combinations = (choice.parts,) if choice.parts is not None else ()
        return Spell(
            id=TABLE_SPELL_ID,
            name=table.name,
            level=table.level,
            casting_time=table.casting_time,
            combinations=combinations,
            effects=table.effects,
        )
    spell = scene.entries.spells.get(choice.spell or "")
    if spell is None:  # AR-02: no level, no combinations to cast it by
        unit = label_of(scene, key) if key else ""
        raise refused("pf.spell_unknown", "AR-02", unit=unit, spell=choice.spell)
    return spell


def spell_words(scene: PfpvScene, choice: CastingSetup) -> str:
    """The spell's name as the log says it: the Grimoire's, the table's, or the id of one no longer known."""
    if choice.table_spell is not None:
        return choice.table_spell.name
    spell = scene.entries.spells.get(choice.spell or "")
    return CatalogName(spell.name) if spell is not None else str(choice.spell)


def combination_of(
    scene: PfpvScene, choice: CastingSetup, spell: Spell, *, as_before: bool = False
) -> Combination:
    """The combination cast by (PF-01): the one set at the table, or the Grimoire's by its number; a stray
    modifier, Don or link (for a source or discipline the combination does not use) is refused."""
    if choice.parts is not None:
        combination = choice.parts
        for parts, table in (
            (combination.sources, scene.entries.sources),
            (combination.disciplines, scene.entries.disciplines),
        ):
            ids = [p.id for p in parts]
            for part_id in ids:
                if part_id not in table:
                    raise refused("pf.unknown_part", "PF-01", part=part_id)
                if ids.count(part_id) > 1:
                    raise refused("pf.part_twice", "PF-01", part=_part_name(scene, part_id))
    elif not spell.combinations:  # the game master sets one (`parts`)
        raise refused("pf.no_combination", "PF-01")
    elif not 0 <= choice.combination < len(spell.combinations):
        if as_before:
            raise ValueError(f"the spell {spell.id!r} has no combination number {choice.combination + 1}")
        raise refused(
            "pf.no_such_combination",
            "PF-01",
            spell=CatalogName(spell.name),
            number=choice.combination + 1,
            count=len(spell.combinations),
        )
    else:
        combination = spell.combinations[choice.combination]
    if not as_before:  # earlier versions let such a value change nothing, silently
        sources = {p.id for p in combination.sources}
        disciplines = {p.id for p in combination.disciplines}
        for keys, used in (
            (choice.source_modifiers, sources),
            (choice.don_contact, sources),
            (choice.links, sources),
            (choice.discipline_modifiers, disciplines),
            (choice.don_control, disciplines),
        ):
            for part_id in keys:
                if part_id not in used:
                    raise refused("pf.not_in_combination", "PF-01", part=_part_name(scene, part_id))
    return combination


def _part_name(scene: PfpvScene, part_id: str) -> str:
    entry = scene.entries.sources.get(part_id) or scene.entries.disciplines.get(part_id)
    return CatalogName(entry.name) if entry is not None else part_id


def build_setup(scene: PfpvScene, key: str, choice: CastingSetup, *, as_before: bool = False) -> casting.Setup:
    """The casting's numbers from the character, the combination (the Grimoire's or the table's, with the game
    master's modifiers, PF-01), and the choices; fatigue and the spells cast at once come from the scene
    (PF-04: the group the spell is cast in). Refused: a spell the scene's catalogs do not hold (AR-02), a
    combination that cannot be used (PF-01), a seventh spell at once (PF-04). `as_before`: as versions before
    issue 16 did (the spells being cast counted now, stray values ignored), for a journal's casting."""
    profile = profile_of(scene, key)
    spell = spell_of(scene, choice, key)
    combination = combination_of(scene, choice, spell, as_before=as_before)
    sources = {p.id: choice.source_modifiers.get(p.id, p.modifier) for p in combination.sources}
    disciplines = {p.id: choice.discipline_modifiers.get(p.id, p.modifier) for p in combination.disciplines}
    specialisation = {
        s.discipline: s.bonus
        for s in profile.specialisations
        if s.spell in (None, spell.id) and s.discipline in disciplines
    }
    character = scene.characters[key]
    if as_before:
        at_once = min(max(1, len(character.casting)), MOST_AT_ONCE)
    else:
        at_once = character.at_once_for(choice.spell)
        if at_once > MOST_AT_ONCE:
            raise refused("pf.simultaneous", "PF-04", unit=label_of(scene, key), count=len(character.casting))
    return casting.Setup(
        level=spell.level,
        source_skills={s: profile.contact.get(s, 0) for s in sources},
        source_modifiers=sources,
        discipline_skills={d: profile.disciplines.get(d, 0) for d in disciplines},
        discipline_modifiers=disciplines,
        don=character.don,
        vitality=character.vitality,
        don_contact=dict(choice.don_contact),
        don_control=dict(choice.don_control),
        links=dict(choice.links),
        specialisation=specialisation,
        support=choice.support,
        whisper=choice.whisper,
        no_gesture=choice.no_gesture,
        grimoire=choice.grimoire,
        fatigue=character.fatigue,
        simultaneous=at_once,
        time=choice.time,
    )


def setup_refusal(setup: casting.Setup) -> Problem | None:
    """The first reason the setup is impossible (PF-02 … PF-04), as a problem with its rule; None if it is not."""
    problems = casting.setup_problems(setup)
    if not problems:
        return None
    rule = problems[0].split(":", 1)[0]
    return Problem.of(rule, "pf.setup", None, reason=problems[0])


def options_of(choice: CastingSetup) -> casting.CastingOptions:
    return casting.CastingOptions(choice.backlash_per_roll, choice.vitality_factor)


def missing_roll(setup: casting.Setup, contact: Mapping[str, int], control: Mapping[str, int]) -> Problem | None:
    """A contact roll missing (PF-02), or a control roll missing where the control is made (PF-03)."""
    for source in setup.source_skills:
        if source not in contact:
            return Problem.of("PF-02", "pf.roll_missing", None, part=source)
    if casting.control_made(casting.raw_energies(setup, contact)):
        for discipline in setup.discipline_skills:
            if discipline not in control:
                return Problem.of("PF-03", "pf.control_missing", None, part=discipline)
    return None


LETTER: Literal[2] = 2
"""`ResolveCasting.rules` of a casting played by the rules read to the letter (issue 16)."""


class ResolveCasting(Frozen):
    """A casting with its rolls already made: the outcome applied to the caster's Don and Vitality."""

    kind: Literal["resolve_casting"] = "resolve_casting"
    key: Annotated[str, Strict(), Field(max_length=100)]
    choice: CastingSetup
    contact: dict[Id, Roll]
    control: dict[Id, Roll] = Field(default_factory=dict)
    rules: Literal[1, 2] = 1
    """The reading of the rules the casting was played by: 2 (`LETTER`) as RULES.md now reads PF-01, PF-03 and
    PF-04, which `roll_casting` writes; 1 before (a journal written then holds none): such a casting replays as
    it was played — the penalty for the spells being cast then, no control roll unless a raw energy was
    positive, every Don pledged spent — so an old scene resumes the same; one the rules now refuse is kept as
    played and marked (`as_before`)."""
    ends: Flag = False
    """The spell resolved leaves the spells being cast (PF-04), as `roll_casting` writes; a journal written
    before issue 17 holds none: its spell stayed among those being cast until stopped by hand, and replays so."""

    @property
    def label(self) -> str:
        name = self.choice.table_spell.name if self.choice.table_spell is not None else self.choice.spell
        return Phrase(N_("Cast {spell}"), spell=name)

    def label_in(self, state: PfpvScene) -> str:
        return Phrase(N_("Cast {spell}"), spell=spell_words(state, self.choice))

    def result(self, state: PfpvScene, *, as_before: bool = False) -> casting.Result:
        setup = build_setup(state, self.key, self.choice, as_before=as_before)
        refusal = setup_refusal(setup)
        if refusal is None and not as_before:
            refusal = missing_roll(setup, self.contact, self.control)
        if refusal is not None:
            raise RefusedError(refusal)
        if as_before:
            return casting.resolve_as_before(setup, self.contact, self.control, options_of(self.choice))
        return casting.resolve(setup, self.contact, self.control, options_of(self.choice))

    def apply(self, state: PfpvScene) -> PfpvScene:
        if self.rules < LETTER:  # played before: refused where the rules now refuse it, else as it was played
            self.result(state)
            return self.as_before(state)
        return self.applied(state, self.result(state))

    def as_before(self, state: PfpvScene) -> PfpvScene:
        """The casting as versions before issue 16 carried it out, for a journal's casting the rules now refuse:
        no control roll when no raw energy was positive (the Don pledged for it spent all the same), a
        modifier for a source or discipline the combination does not use ignored, the penalty for the spells
        being cast at that moment (PF-04)."""
        return self.applied(state, self.result(state, as_before=True))

    def applied(self, state: PfpvScene, result: casting.Result) -> PfpvScene:
        """The scene after the casting's result: the caster's Don and Vitality; a spell cast at once with those
        being cast without being started joins their group (PF-04); a spell being cast ends (`ends`), the group
        keeping its size until the last of its spells ends."""
        character = state.characters[self.key]
        at_once = character.at_once
        now = character.casting
        begun = next((i for i, c in enumerate(now) if c.spell == self.choice.spell), None)
        if now and begun is None:
            at_once = min(MOST_AT_ONCE, max(character.group, len(now) + 1))
        elif begun is not None and self.ends:
            now = (*now[:begun], *now[begun + 1 :])
            at_once = at_once if now else 0
        return with_character(
            state,
            self.key,
            don=max(0, result.don_after),
            vitality=result.vitality_after,
            casting=now,
            at_once=at_once,
        )


@dataclass(frozen=True)
class BeingCast:
    """The casting a character is in the middle of, as the resolver starts from it: the spell and the first of
    its Grimoire's combinations the character can use (None: none can be, the sources and disciplines are chosen
    at the table, PF-01). The level is the spell's."""

    spell: str
    combination: int | None


def being_cast(scene: PfpvScene, key: str) -> BeingCast | None:
    """The first begun of the spells the character is casting (PF-04) that it knows and the scene holds; None
    when it casts none."""
    character = scene.characters.get(key)
    if character is None:
        return None
    profile = profile_of(scene, key)
    for begun in character.casting:
        spell = scene.entries.spells.get(begun.spell)
        if spell is not None and begun.spell in profile.spells:
            usable = (i for i, c in enumerate(spell.combinations) if can_attempt(profile, c))
            return BeingCast(begun.spell, next(usable, None))
    return None


@dataclass(frozen=True)
class ContactStep:
    """The contact rolls of a casting (PF-02), before its control step: the raw energies, and whether the control
    rolls are made (PF-03), whose Don is chosen now."""

    rolls: Mapping[str, int]
    raw: Mapping[str, int]
    control: bool
    dice: tuple[int, ...]
    """The dice thrown (two d5 a roll), none when the rolls were typed as totals."""
    source: Literal["rolled", "typed"]


def _thrown_rolls(dice: Dice, names: Iterable[str]) -> dict[str, int]:
    keys = list(names)
    values = dice.roll(6, 2 * len(keys), low=0)
    return {k: values[2 * i] + values[2 * i + 1] for i, k in enumerate(keys)}


def contact_step(
    scene: PfpvScene,
    key: str,
    choice: CastingSetup,
    contact: Mapping[str, int] | None = None,
    dice: Dice | None = None,
) -> ContactStep:
    """PF-02: the contact rolls, typed from the table (each 0 … 10) or thrown now as 2d5 each with `dice` (the
    program's, recorded with the casting the journal then keeps, or the table's). Raises `RefusedError` for a
    casting that may not be made, `DiceError`."""
    setup = build_setup(scene, key, choice)
    refusal = setup_refusal(setup)
    if refusal is not None:
        raise RefusedError(refusal)
    used: tuple[int, ...] = ()
    source: Literal["rolled", "typed"] = "typed"
    if contact is not None:
        rolls = dict(contact)
    elif dice is not None:
        rolls, used = thrown(dice, lambda recorder: _thrown_rolls(recorder, setup.source_skills))
        source = dice.kind
    else:
        raise ValueError("the contact rolls are typed, or thrown with dice")
    missing = missing_roll(setup, rolls, dict.fromkeys(setup.discipline_skills, 0))
    if missing is not None:
        raise RefusedError(missing)
    raw = casting.raw_energies(setup, rolls)
    return ContactStep(rolls, raw, casting.control_made(raw), used, source)


def roll_casting(
    scene: PfpvScene,
    key: str,
    choice: CastingSetup,
    contact: Mapping[str, int] | None = None,
    control: Mapping[str, int] | None = None,
    dice: Dice | None = None,
    contact_source: Literal["rolled", "typed"] = "typed",
) -> BattleRoll[PfpvScene, casting.Result]:
    """A casting with its rolls typed from the table (each 0 … 10), or thrown now as 2d5 each with `dice` (the
    program's or the table's): the contact rolls first, then the control rolls only when they are made (PF-03).
    Contact rolls already made (`contact_step`) are given, with how they were made (`contact_source`), and the
    control rolls thrown with `dice` or typed. The rule runs once. Raises `RefusedError` (the casting may not be
    made, AR-02 for a spell the catalogs no longer know, a roll missing), `DiceError`."""
    setup = build_setup(scene, key, choice)
    source = contact_source
    if dice is not None and (contact is None or control is None):

        def throw(recorder: Dice) -> tuple[Mapping[str, int], Mapping[str, int]]:
            made = contact if contact is not None else _thrown_rolls(recorder, setup.source_skills)
            if control is not None or set(made) != set(setup.source_skills):
                return made, control or {}
            if not casting.control_made(casting.raw_energies(setup, made)):
                return made, {}
            return made, _thrown_rolls(recorder, setup.discipline_skills)

        (contact, control), used = thrown(dice, throw)
        if used and dice.kind == "rolled":
            source = "rolled"
    if contact is None:
        raise ValueError("a casting needs its rolls, or the dice to roll them")
    command = ResolveCasting(
        key=key, choice=choice, contact=dict(contact), control=dict(control or {}), rules=LETTER, ends=True
    )
    result = command.result(scene)
    text = Phrase(
        N_("{character} casts {spell}: {result}"),
        character=label_of(scene, key),
        spell=spell_words(scene, choice),
        result=describe(result, setup.level, entry_names(scene)),
    )
    rolls = (*command.contact.values(), *command.control.values())
    after = command.applied(scene, result)
    success = result.outcome == "success"
    return BattleRoll(command, after, result, text, rolls, source, success, side=0)  # side 0: the party's
