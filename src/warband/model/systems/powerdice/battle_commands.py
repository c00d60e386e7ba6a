"""The actions of a power-dice battle as commands the journal can write and replay.

Their labels never name a marker: undo labels, the log and the journal's texts are seen by both players, and
the markers stay hidden until A3.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, Strict, TypeAdapter

from warband.model.battle import Roll, thrown
from warband.model.battle_commands import EndBattle
from warband.model.catalog import Flag, Frozen, Id
from warband.model.dice import Dice, TypedDice
from warband.model.edits import replace
from warband.model.messages import COMMA, N_, SEMICOLON, Phrase, joined, term
from warband.model.session import RefusedError
from warband.model.systems.powerdice import battle_rules as rules
from warband.model.systems.powerdice.battle_state import STEP_NAMES, Marker, PowerDiceBattle, SideIndex

Key = Annotated[str, Strict(), Field(max_length=100)]


class PlaceMarker(Frozen):
    kind: Literal["place_marker"] = "place_marker"
    key: Key
    marker: Marker | None

    @property
    def label(self) -> str:
        return term(N_("Place a marker"))

    def apply(self, state: PowerDiceBattle) -> PowerDiceBattle:
        return rules.set_marker(state, self.key, self.marker)


class HandOver(Frozen):
    """A1: the side placing markers hands the screen over; its choices are hidden, and cannot be undone."""

    kind: Literal["hand_over"] = "hand_over"

    @property
    def label(self) -> str:
        return term(N_("Hand over"))

    def apply(self, state: PowerDiceBattle) -> PowerDiceBattle:
        return rules.hand_over(state)


class NextStep(Frozen):
    kind: Literal["next_step"] = "next_step"

    @property
    def label(self) -> str:
        return term(N_("Next step"))

    def log_in(self, state: PowerDiceBattle) -> str:
        """The step it leads to and what the magic segments did on the way (the dice restored and lost, the
        spells ended); the plain label where the step may not be taken."""
        try:
            after, report = rules.next_step(state)
        except RefusedError:
            return self.label
        parts: list[object] = [Phrase(N_("Next step: {step}"), step=term(STEP_NAMES[after.step]))]
        if report.restored:
            parts.append(Phrase(N_("restored a die: {units}"), units=joined(report.restored, COMMA)))
        if report.lost:
            parts.append(
                Phrase(N_("lost a die for an unused incantation: {units}"), units=joined(report.lost, COMMA))
            )
        if report.expired:
            parts.append(Phrase(N_("spells ended: {spells}"), spells=joined(report.expired, COMMA)))
        words = joined(parts, SEMICOLON, SEMICOLON)  # a Phrase: the log keeps its words in every language
        return words if isinstance(words, str) else str(words)

    def apply(self, state: PowerDiceBattle) -> PowerDiceBattle:
        return rules.next_step(state)[0]


class SetInitiative(Frozen):
    kind: Literal["initiative"] = "initiative"
    side: SideIndex

    @property
    def label(self) -> str:
        return term(N_("Set the initiative"))

    def apply(self, state: PowerDiceBattle) -> PowerDiceBattle:
        if state.step == "A1" and state.choosing is not None:  # the order of placing follows the initiative
            raise RefusedError(
                rules.step_problem(state, "Changing the initiative", "another step than A1's placing")
            )
        return replace(state, initiative=self.side)


class PassB3(Frozen):
    kind: Literal["pass_b3"] = "pass_b3"
    side: SideIndex

    @property
    def label(self) -> str:
        return term(N_("Cast no more in B3"))

    def apply(self, state: PowerDiceBattle) -> PowerDiceBattle:
        return rules.pass_b3(state, self.side)


class CastSpell(Frozen):
    """A casting with its dice, already thrown (PD-08)."""

    kind: Literal["cast_spell"] = "cast_spell"
    key: Key
    spell: Id
    dice: Annotated[int, Strict(), Field(ge=0, le=20)]
    gifts: dict[str, Annotated[int, Strict(), Field(ge=0, le=20)]] = Field(default_factory=dict)
    helpers_near: Flag = False
    target: Annotated[str, Strict(), Field(max_length=200)] = ""
    rolled: tuple[Annotated[int, Strict(), Field(ge=1, le=6)], ...]
    typed: Flag = False

    @property
    def label(self) -> str:
        return Phrase(N_("Cast {spell}"), spell=self.spell)

    def label_in(self, state: PowerDiceBattle) -> str:
        return Phrase(N_("Cast {spell}"), spell=rules.spell_name(state, self.spell))

    def request(self) -> rules.CastRequest:
        return rules.CastRequest(self.key, self.spell, self.dice, dict(self.gifts), self.helpers_near, self.target)

    def apply(self, state: PowerDiceBattle) -> PowerDiceBattle:
        return rules.cast(state, self.request(), TypedDice(self.rolled))[0]

    def as_before(self, state: PowerDiceBattle) -> PowerDiceBattle:
        """The casting as earlier versions carried it out, for a journal's casting the rules now refuse: a
        helper out of play gave its dice (PD-05)."""
        return rules.cast(state, self.request(), TypedDice(self.rolled), as_before=True)[0]


class RemoveLasting(Frozen):
    kind: Literal["remove_lasting"] = "remove_lasting"
    index: Annotated[int, Strict(), Field(ge=0)]

    @property
    def label(self) -> str:
        return term(N_("Remove a lasting spell"))

    def apply(self, state: PowerDiceBattle) -> PowerDiceBattle:
        return rules.remove_lasting(state, self.index)


class SetReserve(Frozen):
    """Correct a caster's power dice by hand (never above its level, PD-02)."""

    kind: Literal["reserve"] = "reserve"
    key: Key
    reserve: Annotated[int, Strict(), Field(ge=0, le=20)]

    @property
    def label(self) -> str:
        return Phrase(N_("Power dice: {reserve}"), reserve=self.reserve)

    def apply(self, state: PowerDiceBattle) -> PowerDiceBattle:
        c = rules.caster(state, self.key)
        if self.reserve > c.caster.level:
            from warband.model.army import Problem

            raise RefusedError(
                Problem.of("PD-02", "pd.reserve", c.ref(), unit=c.label, reserve=c.caster.level, dice=self.reserve)
            )
        return rules.with_caster(state, self.key, reserve=self.reserve)


PowerDiceCommand = Annotated[
    PlaceMarker
    | HandOver
    | NextStep
    | SetInitiative
    | PassB3
    | CastSpell
    | RemoveLasting
    | SetReserve
    | EndBattle,
    Field(discriminator="kind"),
]
COMMANDS: TypeAdapter[PowerDiceCommand] = TypeAdapter(PowerDiceCommand)


def roll_cast(
    battle: PowerDiceBattle, request: rules.CastRequest, dice: Dice
) -> Roll[PowerDiceBattle, rules.CastOutcome]:
    """A casting (PD-08) with the program's dice or the table's: the rule runs once, and the roll comes back as
    the command carrying its dice. Raises `RefusedError` (the casting may not be made) or `DiceError`."""
    (after, outcome), used = thrown(dice, lambda recorder: rules.cast(battle, request, recorder))
    command = CastSpell(
        key=request.key,
        spell=request.spell,
        dice=request.dice,
        gifts=dict(request.gifts),
        helpers_near=request.helpers_near,
        target=request.target,
        rolled=used,
        typed=dice.kind == "typed",
    )
    side = int(request.key.split(":", 1)[0])
    return Roll(command, after, outcome, outcome.sentence(), outcome.dice, dice.kind, outcome.success, side)
