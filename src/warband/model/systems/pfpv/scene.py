"""A « Par le Fer et par le Verbe » scene: the party's Don, Vitality and fatigue, the spells being cast at once
(PF-04), combat rounds, time passing (PF-10), and castings resolved with their rolls (PF-01 … PF-09).

The scene is the system's "battle": one side (the party); the shared battle code works with it unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field, Strict, TypeAdapter

from warband.model import changes
from warband.model.army import Problem
from warband.model.battle import Roll as BattleRoll
from warband.model.battle import thrown
from warband.model.battle_log import LogEntry
from warband.model.catalog import Catalogs, Flag, Frozen, Id
from warband.model.dice import Dice
from warband.model.edits import replace
from warband.model.messages import COMMA, N_, SEMICOLON, Phrase, joined, term
from warband.model.names import CatalogName
from warband.model.session import RefusedError
from warband.model.systems.pfpv import casting
from warband.model.systems.pfpv.schema import PfpvArmy, Profile, Snapshot

Key = Annotated[str, Strict(), Field(max_length=100)]
Roll = Annotated[int, Strict(), Field(ge=0, le=10)]


class Casting(Frozen):
    """A spell being cast (PF-04: spells cast at once each take their own time; the shortest ends first)."""

    spell: Id
    started_round: Annotated[int, Strict(), Field(ge=0)]


class CharacterState(Frozen):
    don: Annotated[int, Strict(), Field(ge=0, le=400)]
    vitality: Annotated[int, Strict(), Field(ge=-60, le=60)]
    fatigue: Annotated[int, Strict(), Field(ge=0, le=5)] = 0
    casting: tuple[Casting, ...] = ()


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
    snapshot = changes.battle_entries([party], catalogs, Snapshot)
    characters = {}
    for unit in party.units:
        profile = snapshot.profiles.get(unit.profile)
        if profile is not None:
            characters[unit.id] = CharacterState(don=profile.don, vitality=profile.vitality)
    return PfpvScene(party=party, player=player or "Game master", entries=snapshot, characters=characters)


def profile_of(scene: PfpvScene, key: str) -> Profile:
    unit = scene.party.unit(key)
    if unit is None or unit.profile not in scene.entries.profiles:
        raise KeyError(f"no character {key!r} in this scene")
    return scene.entries.profiles[unit.profile]


def spell_name(scene: PfpvScene, spell_id: str) -> str:
    """The spell's name (a `CatalogName`), or its id when the scene does not hold it."""
    spell = scene.entries.spells.get(spell_id)
    return CatalogName(spell.name) if spell is not None else spell_id


def label_of(scene: PfpvScene, key: str) -> str:
    unit = scene.party.unit(key)
    if unit is None:
        return key
    return unit.label or CatalogName(profile_of(scene, key).name)


def with_character(scene: PfpvScene, key: str, **changes: object) -> PfpvScene:
    states = dict(scene.characters)
    states[key] = replace(states[key], **changes)
    return replace(scene, characters=states)


# --- commands -----------------------------------------------------------------------------------------------
VALUE_NAMES: dict[str, str] = {"don": N_("Don"), "vitality": N_("Vitality"), "fatigue": N_("Fatigue")}
ACTIVITY_NAMES: dict[str, str] = {"asleep": N_("asleep"), "calm": N_("calm"), "intense": N_("intense")}


class SetValue(Frozen):
    """Don, Vitality or fatigue set by hand, held within 0 … the character's maximum (fatigue 0 … 5)."""

    kind: Literal["set_value"] = "set_value"
    key: Key
    field: Literal["don", "vitality", "fatigue"]
    value: Annotated[int, Strict(), Field(ge=-60, le=400)]

    @property
    def label(self) -> str:
        return Phrase(N_("{field}: {value}"), field=term(VALUE_NAMES[self.field]), value=self.value)

    def apply(self, state: PfpvScene) -> PfpvScene:
        profile = profile_of(state, self.key)
        top = {"don": profile.don, "vitality": profile.vitality, "fatigue": 5}[self.field]
        return with_character(state, self.key, **{self.field: max(0, min(top, self.value))})


class NextRound(Frozen):
    kind: Literal["next_round"] = "next_round"

    @property
    def label(self) -> str:
        return term(N_("Next combat round"))

    def log_in(self, state: PfpvScene) -> str:
        """The round that begins, as the log says it ("Combat begins: round 1", "Round 3 begins")."""
        after = state.round + 1
        if after == 1:
            return term(N_("Combat begins: round 1"))
        return Phrase(N_("Round {round} begins"), round=after)

    def apply(self, state: PfpvScene) -> PfpvScene:
        return replace(state, round=state.round + 1)


class EndCombat(Frozen):
    kind: Literal["end_combat"] = "end_combat"

    @property
    def label(self) -> str:
        return term(N_("End of combat"))

    def apply(self, state: PfpvScene) -> PfpvScene:
        return replace(state, round=0)


class TimePasses(Frozen):
    """PF-10: hours asleep, in calm or intense activity; Don recovered, never above the maximum."""

    kind: Literal["time"] = "time"
    hours: Annotated[int, Strict(), Field(ge=1, le=1000)]
    activity: Literal["asleep", "calm", "intense"]

    @property
    def label(self) -> str:
        return Phrase(N_("{hours} h {activity}"), hours=self.hours, activity=term(ACTIVITY_NAMES[self.activity]))

    def apply(self, state: PfpvScene) -> PfpvScene:
        states = {}
        for key, character in state.characters.items():
            profile = profile_of(state, key)
            don = casting.recover(character.don, profile.don, self.hours, self.activity, profile.recovery)
            states[key] = replace(character, don=don)
        return replace(state, characters=states, hours=state.hours + self.hours)


class StartCasting(Frozen):
    """A spell begins; spells cast at once put their penalty on every roll of each of them (PF-04)."""

    kind: Literal["start_casting"] = "start_casting"
    key: Key
    spell: Id

    @property
    def label(self) -> str:
        return Phrase(N_("Start casting {spell}"), spell=self.spell)

    def label_in(self, state: PfpvScene) -> str:
        return Phrase(N_("Start casting {spell}"), spell=spell_name(state, self.spell))

    def apply(self, state: PfpvScene) -> PfpvScene:
        character = state.characters[self.key]
        if len(character.casting) >= 6:
            label = label_of(state, self.key)
            raise RefusedError(
                Problem.of("PF-04", "pf.simultaneous", None, unit=label, count=len(character.casting))
            )
        cast = Casting(spell=self.spell, started_round=state.round)
        return with_character(state, self.key, casting=(*character.casting, cast))


class StopCasting(Frozen):
    """A spell ends (resolved, distracted away (PF-09), or given up): it no longer counts as cast at once."""

    kind: Literal["stop_casting"] = "stop_casting"
    key: Key
    index: Annotated[int, Strict(), Field(ge=0)]

    @property
    def label(self) -> str:
        return term(N_("Stop casting"))

    def apply(self, state: PfpvScene) -> PfpvScene:
        character = state.characters[self.key]
        if self.index >= len(character.casting):
            raise ValueError(f"{label_of(state, self.key)} casts no spell number {self.index + 1}")
        casting_now = list(character.casting)
        del casting_now[self.index]
        return with_character(state, self.key, casting=tuple(casting_now))


class EndScene(Frozen):
    """The scene is over (or, `ended` False, goes on again): the shared code then offers only to resume it."""

    kind: Literal["end_scene"] = "end_scene"
    ended: Flag = True

    @property
    def label(self) -> str:
        return term(N_("End the scene")) if self.ended else term(N_("Resume the scene"))

    def apply(self, state: PfpvScene) -> PfpvScene:
        return replace(state, ended=self.ended)


class CastingSetup(Frozen):
    """The choices of a casting, as the journal keeps them (see casting.Setup)."""

    spell: Id
    combination: Annotated[int, Strict(), Field(ge=0)] = 0
    source_modifiers: dict[Id, Annotated[int, Strict(), Field(ge=-30, le=30)]] = Field(default_factory=dict)
    discipline_modifiers: dict[Id, Annotated[int, Strict(), Field(ge=-30, le=30)]] = Field(default_factory=dict)
    don_contact: dict[Id, Annotated[int, Strict(), Field(ge=0, le=400)]] = Field(default_factory=dict)
    don_control: dict[Id, Annotated[int, Strict(), Field(ge=0, le=10)]] = Field(default_factory=dict)
    links: dict[Id, Annotated[int, Strict(), Field(ge=-2, le=2)]] = Field(default_factory=dict)
    support: Annotated[int, Strict(), Field(ge=0, le=10)] = 0
    whisper: Flag = False
    no_gesture: Flag = False
    grimoire: Flag = False
    time: Annotated[int, Strict(), Field(ge=-10, le=10)] = 0
    backlash_per_roll: Flag = True
    vitality_factor: Annotated[int, Strict(), Field(ge=1, le=4)] = 2


def build_setup(scene: PfpvScene, key: str, choice: CastingSetup) -> casting.Setup:
    """The casting's numbers from the character, the spell's combination (the game master's modifiers when
    given, PF-01), and the choices; fatigue and the spells cast at once come from the scene (PF-04). A spell the
    scene's catalogs do not hold is refused (AR-02)."""
    profile = profile_of(scene, key)
    spell = scene.entries.spells.get(choice.spell)
    if spell is None:  # AR-02: no level, no combinations to cast it by
        raise RefusedError(
            Problem.of("AR-02", "pf.spell_unknown", None, unit=label_of(scene, key), spell=choice.spell)
        )
    if not spell.combinations:  # PF-01: the game master sets one first (the scene cannot hold it yet)
        raise RefusedError(Problem.of("PF-01", "pf.no_combination", None))
    if not 0 <= choice.combination < len(spell.combinations):
        raise ValueError(f"the spell {spell.id!r} has no combination number {choice.combination + 1}")
    combination = spell.combinations[choice.combination]
    sources = {p.id: choice.source_modifiers.get(p.id, p.modifier) for p in combination.sources}
    disciplines = {p.id: choice.discipline_modifiers.get(p.id, p.modifier) for p in combination.disciplines}
    specialisation = {
        s.discipline: s.bonus
        for s in profile.specialisations
        if s.spell in (None, spell.id) and s.discipline in disciplines
    }
    character = scene.characters[key]
    at_once = max(1, len(character.casting))
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
        simultaneous=min(at_once, 6),
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


class ResolveCasting(Frozen):
    """A casting with its rolls already made: the outcome applied to the caster's Don and Vitality."""

    kind: Literal["resolve_casting"] = "resolve_casting"
    key: Key
    choice: CastingSetup
    contact: dict[Id, Roll]
    control: dict[Id, Roll] = Field(default_factory=dict)

    @property
    def label(self) -> str:
        return Phrase(N_("Cast {spell}"), spell=self.choice.spell)

    def label_in(self, state: PfpvScene) -> str:
        return Phrase(N_("Cast {spell}"), spell=spell_name(state, self.choice.spell))

    def result(self, state: PfpvScene) -> casting.Result:
        setup = build_setup(state, self.key, self.choice)
        refusal = setup_refusal(setup)
        if refusal is not None:
            raise RefusedError(refusal)
        return casting.resolve(setup, self.contact, self.control, options_of(self.choice))

    def apply(self, state: PfpvScene) -> PfpvScene:
        return self.applied(state, self.result(state))

    def applied(self, state: PfpvScene, result: casting.Result) -> PfpvScene:
        """The scene after the casting's result: the caster's Don and Vitality."""
        return with_character(state, self.key, don=max(0, result.don_after), vitality=result.vitality_after)


def roll_casting(
    scene: PfpvScene,
    key: str,
    choice: CastingSetup,
    contact: Mapping[str, int] | None = None,
    control: Mapping[str, int] | None = None,
    dice: Dice | None = None,
) -> BattleRoll[PfpvScene, casting.Result]:
    """A casting with the rolls typed from the table (each 0 … 10), or rolled now as 2d5 each with `dice` (the
    program's or the table's). The rule runs once. Raises `RefusedError` (the casting may not be made, AR-02 for
    a spell the catalogs no longer know), `DiceError`, or `KeyError` for a roll missing from those typed."""
    setup = build_setup(scene, key, choice)
    source: Literal["rolled", "typed"] = "typed"
    if contact is None:
        if dice is None:
            raise ValueError("a casting needs its rolls, or the dice to roll them")
        count = len(setup.source_skills) + len(setup.discipline_skills)
        values, _used = thrown(dice, lambda recorder: recorder.roll(6, 2 * count, low=0))
        rolled = tuple(values[i] + values[i + 1] for i in range(0, len(values), 2))
        contact = dict(zip(setup.source_skills, rolled, strict=False))
        control = dict(zip(setup.discipline_skills, rolled[len(setup.source_skills) :], strict=False))
        source = dice.kind
    command = ResolveCasting(key=key, choice=choice, contact=dict(contact), control=dict(control or {}))
    result = command.result(scene)
    spell = scene.entries.spells[choice.spell]
    text = Phrase(
        N_("{character} casts {spell}: {result}"),
        character=label_of(scene, key),
        spell=CatalogName(spell.name),
        result=describe(result, spell.level, entry_names(scene)),
    )
    rolls = (*command.contact.values(), *command.control.values())
    after = command.applied(scene, result)
    success = result.outcome == "success"
    return BattleRoll(command, after, result, text, rolls, source, success, side=0)  # side 0: the party's


# --- PF-09: distraction ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Distraction:
    """A distraction roll judged (PF-09): a roll under MA, with the game master's bonus or penalty."""

    key: str
    ma: int
    modifier: int
    roll: int
    """The 2d5 total, 0 … 10."""
    casting: int
    """Spells the character was casting: on a failure one of them is lost (the player chooses which)."""
    kept: bool
    """Concentration kept (`casting.distraction`): the spells in progress go on."""

    @property
    def target(self) -> int:
        return self.ma + self.modifier

    @property
    def loses_spell(self) -> bool:
        """The energy of a spell in progress dissipates (harmlessly, no Don paid): which one is still to choose."""
        return not self.kept and self.casting > 0


def target_words(ma: int, modifier: int) -> str:
    """`MA 7`, `MA 7 − 2`, `MA 7 + 1` (a `Phrase`)."""
    if not modifier:
        return Phrase(N_("MA {ma}"), ma=ma)
    return Phrase(N_("MA {ma} {sign} {amount}"), ma=ma, sign="+" if modifier > 0 else "−", amount=abs(modifier))


def distraction_words(scene: PfpvScene, outcome: Distraction) -> str:
    """What the log says of a distraction roll (a `Phrase`)."""
    if outcome.kept:
        template = N_("{character} keeps concentration: {roll} ≤ {target} (PF-09)")
    elif outcome.casting:
        template = N_("{character} is distracted: {roll} > {target}; a spell in progress is lost (PF-09)")
    else:
        template = N_("{character} is distracted: {roll} > {target}, but was casting nothing (PF-09)")
    target = target_words(outcome.ma, outcome.modifier)
    return Phrase(template, character=label_of(scene, outcome.key), roll=outcome.roll, target=target)


def roll_distraction(
    scene: PfpvScene, key: str, modifier: int = 0, roll: int | None = None, dice: Dice | None = None
) -> BattleRoll[PfpvScene, Distraction]:
    """PF-09 for a character: the 2d5 typed from the table (`roll`, 0 … 10), or thrown now with `dice` (the
    program's, recorded for the journal, or the table's two dice numbered 0–5). It changes nothing in the scene
    (the spell lost, if any, is the player's choice, `StopCasting`): a roll without a command, logged as a note
    with its dice; its success is the concentration kept. Raises `KeyError` for a character not in the scene,
    `ValueError` for a typed roll outside 0 … 10, `DiceError` for the table's dice that do not fit."""
    ma = profile_of(scene, key).ma
    source: Literal["rolled", "typed"] = "typed"
    if roll is None:
        if dice is None:
            raise ValueError("a distraction roll needs its 2d5, or the dice to roll them")
        values, _used = thrown(dice, lambda recorder: recorder.roll(6, 2, low=0))
        roll, source = sum(values), dice.kind
    elif not 0 <= roll <= 10:
        raise ValueError(f"a roll of 2d5 goes from 0 to 10, not {roll}")
    kept = casting.distraction(ma, modifier, roll)
    outcome = Distraction(key, ma, modifier, roll, len(scene.characters[key].casting), kept)
    text = distraction_words(scene, outcome)
    return BattleRoll(None, scene, outcome, text, (roll,), source, outcome.kept)


SceneCommand = Annotated[
    SetValue | NextRound | EndCombat | TimePasses | StartCasting | StopCasting | ResolveCasting | EndScene,
    Field(discriminator="kind"),
]
COMMANDS: TypeAdapter[SceneCommand] = TypeAdapter(SceneCommand)


OUTCOME_WORDS: dict[str, str] = {
    "no energy": N_("no energy"),
    "harmless failure": N_("harmless failure"),
    "backlash": N_("backlash"),
    "cannot be cast": N_("cannot be cast"),
    "success": N_("success"),
}


def describe(result: casting.Result, level: int, names: Mapping[str, object] | None = None) -> str:
    """Every step of a casting with its numbers, for the log and the resolver (a `Phrase`). `names`: the
    sources' and disciplines' names by id (`CatalogName`s); the ids where it has none."""
    known = names or {}

    def listed(values: Mapping[str, int]) -> object:
        return joined([Phrase("{name} {value}", name=known.get(k, k), value=v) for k, v in values.items()], COMMA)

    parts: list[object] = [Phrase(N_("raw {values}"), values=listed(result.raw))]
    if result.margins:
        parts.append(Phrase(N_("control {values}"), values=listed(result.margins)))
    if result.net:
        parts.append(Phrase(N_("net {values}"), values=listed(result.net)))
    if result.outcome == "success":
        parts.append(Phrase(N_("power {power}, {level} Don paid for the level"), power=result.power, level=level))
    if result.backlash is not None:
        hurt = result.backlash
        template = (
            N_(
                "control lost: the Don for the level was missing: "
                "energy {energy}, {don} Don and {vitality} Vitality lost"
            )
            if result.lost_control
            else N_("backlash: energy {energy}, {don} Don and {vitality} Vitality lost")
        )
        parts.append(Phrase(template, energy=hurt.energy, don=hurt.don_lost, vitality=hurt.vitality_lost))
    steps = joined(parts, SEMICOLON, SEMICOLON)
    return Phrase(N_("{outcome}: {steps}"), outcome=term(OUTCOME_WORDS[result.outcome]), steps=steps)


def spread(
    levels: int, effects: Sequence[str], margins: Mapping[str, int], extra_to: Sequence[int] = ()
) -> list[int] | None:
    """PF-08: the even split when a margin is 2 or less; None when the caster may spread them freely."""
    if casting.free_allowed(margins):
        return None
    return casting.even_split(levels, len(effects), extra_to)


def entry_names(scene: PfpvScene) -> dict[str, object]:
    """The scene's sources and disciplines by id, as `describe` names them."""
    entries = scene.entries
    return {k: CatalogName(v.name) for table in (entries.sources, entries.disciplines) for k, v in table.items()}
