"""A « Par le Fer et par le Verbe » scene: the party's Don, Vitality and fatigue, the spells being cast at once
(PF-04), combat rounds, time passing (PF-10), and castings resolved with their rolls (PF-01 … PF-09).

The scene is the system's "battle": one side (the party); the shared battle code works with it unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field, Strict, TypeAdapter

from warband.model.army import Problem
from warband.model.battle import Roll as BattleRoll
from warband.model.battle import thrown
from warband.model.catalog import Flag, Frozen, Id
from warband.model.dice import Dice
from warband.model.edits import replace
from warband.model.messages import N_, Phrase, term
from warband.model.session import RefusedError
from warband.model.systems.pfpv import casting
from warband.model.systems.pfpv.scene_casting import (
    LETTER,
    TABLE_SPELL_ID,
    BeingCast,
    CastingSetup,
    ContactStep,
    ResolveCasting,
    TableSpell,
    being_cast,
    build_setup,
    combination_of,
    contact_step,
    options_of,
    roll_casting,
    setup_refusal,
    spell_of,
    spell_words,
)
from warband.model.systems.pfpv.scene_state import (
    MOST_AT_ONCE,
    Casting,
    CharacterState,
    PfpvScene,
    PfpvSceneFile,
    label_of,
    profile_of,
    spell_name,
    start_scene,
    with_character,
)
from warband.model.systems.pfpv.scene_words import OUTCOME_WORDS, describe, entry_names, spread

__all__ = [
    "COMMANDS",
    "LETTER",
    "MOST_AT_ONCE",
    "OUTCOME_WORDS",
    "TABLE_SPELL_ID",
    "BeingCast",
    "Casting",
    "CastingSetup",
    "CharacterState",
    "ContactStep",
    "Distraction",
    "EndCombat",
    "EndScene",
    "NextRound",
    "PfpvScene",
    "PfpvSceneFile",
    "ResolveCasting",
    "SceneCommand",
    "SetValue",
    "StartCasting",
    "StopCasting",
    "TableSpell",
    "TimePasses",
    "being_cast",
    "build_setup",
    "combination_of",
    "contact_step",
    "describe",
    "distraction_words",
    "entry_names",
    "label_of",
    "options_of",
    "profile_of",
    "roll_casting",
    "roll_distraction",
    "setup_refusal",
    "spell_name",
    "spell_of",
    "spell_words",
    "spread",
    "start_scene",
    "target_words",
    "with_character",
]

Key = Annotated[str, Strict(), Field(max_length=100)]


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
    """A spell begins; spells cast at once put their penalty on every roll of each of them (PF-04): begun while
    others are being cast, it joins their group, which keeps its size until the last of its spells ends."""

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
        if len(character.casting) >= MOST_AT_ONCE:
            label = label_of(state, self.key)
            raise RefusedError(
                Problem.of("PF-04", "pf.simultaneous", None, unit=label, count=len(character.casting))
            )
        now = (*character.casting, Casting(spell=self.spell, started_round=state.round))
        return with_character(state, self.key, casting=now, at_once=max(character.group, len(now)))


class StopCasting(Frozen):
    """A spell ends (resolved, distracted away (PF-09), or given up). The others keep the penalty of their group
    (PF-04: « même si l'un des sorts prend effet alors que l'incantation des autres n'est pas finie ») until the
    last of them ends."""

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
        group = character.group if casting_now else 0
        return with_character(state, self.key, casting=tuple(casting_now), at_once=group)


class EndScene(Frozen):
    """The scene is over (or, `ended` False, goes on again): the shared code then offers only to resume it."""

    kind: Literal["end_scene"] = "end_scene"
    ended: Flag = True

    @property
    def label(self) -> str:
        return term(N_("End the scene")) if self.ended else term(N_("Resume the scene"))

    def apply(self, state: PfpvScene) -> PfpvScene:
        return replace(state, ended=self.ended)


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
