"""The actions of a Confrontation battle, as commands: small frozen values that the journal can write and replay.

A roll is made once, when the action is taken; the command carries the dice, so replaying it (redo, or resuming
after a crash) gives the same outcome, while undoing and acting again rolls new dice (AR-05).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, Strict, TypeAdapter

from warband.model.army import Problem
from warband.model.battle import Roll, thrown
from warband.model.battle_commands import EndBattle
from warband.model.catalog import Flag, Frozen, Id
from warband.model.dice import Dice, TypedDice
from warband.model.edits import replace
from warband.model.messages import N_, Phrase, term
from warband.model.session import RefusedError
from warband.model.systems.confrontation import battle_calls as calls
from warband.model.systems.confrontation import battle_rules as rules
from warband.model.systems.confrontation.battle_state import (
    PHASE_NAMES,
    WOUND_LEVELS,
    ConfrontationBattle,
    SideIndex,
)

FLAG_FIELDS: dict[str, str] = {
    "removed": N_("Removed from play"),
    "engaged": N_("Engaged in melee"),
    "wounds_roll": N_("Wounds roll suffered"),
    "moved_beyond": N_("Moved beyond its Movement"),
    "moved_by_effect": N_("Extra movement from an effect"),
    "feat": N_("Physical Feat"),
    "shot": N_("Shot"),
    "divination_done": N_("Done in the Divination phase"),
}
NUMBER_FIELDS: dict[str, str] = {"faith": N_("T.F."), "discipline_bonus": N_("Discipline bonus")}
WOUND_NAMES: dict[str, str] = {
    "unhurt": N_("Unhurt"),
    "light": N_("Light wound"),
    "serious": N_("Serious wound"),
    "critical": N_("Critical wound"),
    "killed": N_("Killed"),
}


class NextPhase(Frozen):
    kind: Literal["next_phase"] = "next_phase"

    @property
    def label(self) -> str:
        return term(N_("Next phase"))

    def refusal_in(self, state: ConfrontationBattle) -> Problem | None:
        return rules.next_phase_refusal(state)

    def apply(self, state: ConfrontationBattle) -> ConfrontationBattle:
        return rules.next_phase(state)


class PreviousPhase(Frozen):
    kind: Literal["previous_phase"] = "previous_phase"

    @property
    def label(self) -> str:
        return term(N_("Previous phase"))

    def refusal_in(self, state: ConfrontationBattle) -> Problem | None:
        return rules.previous_phase_refusal(state)

    def apply(self, state: ConfrontationBattle) -> ConfrontationBattle:
        return rules.previous_phase(state)


class SetTacticalWinner(Frozen):
    """Record this turn's Tactical roll: its winner, and the dice when the program rolled them."""

    kind: Literal["tactical_winner"] = "tactical_winner"
    side: SideIndex | None
    rolls: tuple[int, ...] = ()

    @property
    def label(self) -> str:
        return term(N_("Tactical roll")) if self.rolls else term(N_("Set the Tactical winner"))

    def apply(self, state: ConfrontationBattle) -> ConfrontationBattle:
        return replace(state, tactical_winner=self.side)


class SetModelFlag(Frozen):
    kind: Literal["model_flag"] = "model_flag"
    key: Annotated[str, Strict(), Field(max_length=100)]
    field: Literal[
        "removed", "engaged", "wounds_roll", "moved_beyond", "moved_by_effect", "feat", "shot", "divination_done"
    ]
    value: Flag

    @property
    def label(self) -> str:
        return Phrase(
            N_("{field}: {value}"),
            field=term(FLAG_FIELDS[self.field]),
            value=term(N_("yes")) if self.value else term(N_("no")),
        )

    def label_in(self, state: ConfrontationBattle) -> str:
        """A Faithful done in the Divination phase is named, for the log and the Edit menu ("Mother Superior is
        done calling miracles"); the other flags keep their label."""
        if self.field != "divination_done" or not self.value:
            return self.label
        try:
            who: object = rules.model(state, self.key).label
        except KeyError:  # a model the battle does not hold: refused when applied
            return self.label
        return Phrase(N_("{unit} is done calling miracles"), unit=who)

    def refusal_in(self, state: ConfrontationBattle) -> Problem | None:
        return rules.flag_refusal(state, self.key, self.field, self.value)

    def apply(self, state: ConfrontationBattle) -> ConfrontationBattle:
        refusal = self.refusal_in(state)
        if refusal is not None:
            raise RefusedError(refusal)
        return rules.with_model(state, self.key, **{self.field: self.value})

    def as_before(self, state: ConfrontationBattle) -> ConfrontationBattle:
        """As Warband carried it out before issue 16 (a journal's action is kept as played): a Faithful marked
        done could be unmarked, and the extra movement of one that called unmarked as an effect's."""
        refusal = rules.flag_refusal(state, self.key, self.field, self.value, as_before=True)
        if refusal is not None:
            raise RefusedError(refusal)
        return rules.with_model(state, self.key, **{self.field: self.value})


class SetModelNumber(Frozen):
    kind: Literal["model_number"] = "model_number"
    key: Annotated[str, Strict(), Field(max_length=100)]
    field: Literal["faith", "discipline_bonus"]
    value: Annotated[int, Strict(), Field(ge=-20, le=200)]

    @property
    def label(self) -> str:
        return Phrase(N_("{field}: {value}"), field=term(NUMBER_FIELDS[self.field]), value=self.value)

    def apply(self, state: ConfrontationBattle) -> ConfrontationBattle:
        return rules.with_model(state, self.key, **{self.field: self.value})


class SetWounds(Frozen):
    kind: Literal["wounds"] = "wounds"
    key: Annotated[str, Strict(), Field(max_length=100)]
    wounds: Literal["unhurt", "light", "serious", "critical", "killed"]

    @property
    def label(self) -> str:
        return Phrase(N_("Wounds: {wounds}"), wounds=term(WOUND_NAMES[self.wounds]))

    def apply(self, state: ConfrontationBattle) -> ConfrontationBattle:
        """A worse wound than the model had is a wound recorded this turn: it implies a Wounds roll (CF-11)."""
        assert self.wounds in WOUND_LEVELS
        before = state.state(self.key).wounds
        if WOUND_LEVELS.index(self.wounds) > WOUND_LEVELS.index(before):
            return rules.with_model(state, self.key, wounds=self.wounds, wounded=True)
        return rules.with_model(state, self.key, wounds=self.wounds)


class SetTieOrder(Frozen):
    """A player orders its Faithful of equal Discipline (CF-14)."""

    kind: Literal["tie_order"] = "tie_order"
    side: SideIndex
    order: tuple[Id, ...]

    @property
    def label(self) -> str:
        return term(N_("Reorder tied Faithful"))

    def apply(self, state: ConfrontationBattle) -> ConfrontationBattle:
        side = state.sides[self.side]
        known = [u.id for u in side.army.units]
        order = [uid for uid in self.order if uid in known]
        order += [uid for uid in side.tie_order if uid not in order]
        sides = list(state.sides)
        sides[self.side] = replace(side, tie_order=tuple(order))
        return replace(state, sides=tuple(sides))


class CallMiracle(Frozen):
    """A Divination roll (CF-19) with its dice, already thrown."""

    kind: Literal["call_miracle"] = "call_miracle"
    key: Annotated[str, Strict(), Field(max_length=100)]
    miracle: Id
    fervour: Annotated[int, Strict(), Field(ge=0, le=200)]
    target_confirmed: Flag
    difficulty: Annotated[int, Strict(), Field(ge=0, le=100)] | None = None
    dice: tuple[Annotated[int, Strict(), Field(ge=1, le=6)], ...]
    typed: Flag = False
    """The dice came from the table rather than from the program."""

    @property
    def label(self) -> str:
        return Phrase(N_("Call {miracle}"), miracle=self.miracle)

    def label_in(self, state: ConfrontationBattle) -> str:
        return Phrase(N_("Call {miracle}"), miracle=rules.miracle_name(state, self.miracle))

    def request(self) -> calls.CallRequest:
        return calls.CallRequest(self.key, self.miracle, self.fervour, self.target_confirmed, self.difficulty)

    def apply(self, state: ConfrontationBattle) -> ConfrontationBattle:
        battle, _outcome = calls.call_miracle(state, self.request(), TypedDice(self.dice))
        return battle

    def as_before(self, state: ConfrontationBattle) -> ConfrontationBattle:
        """As Warband carried it out before issue 16 (a journal's action is kept as played): out of the
        Divination order, after the Faithful was done, or with a wound recorded this turn."""
        battle, _outcome = calls.call_miracle(state, self.request(), TypedDice(self.dice), as_before=True)
        return battle

    def outcome(self, state: ConfrontationBattle) -> calls.Outcome:
        return calls.call_miracle(state, self.request(), TypedDice(self.dice))[1]


BattleCommand = Annotated[
    NextPhase
    | PreviousPhase
    | SetTacticalWinner
    | SetModelFlag
    | SetModelNumber
    | SetWounds
    | SetTieOrder
    | CallMiracle
    | EndBattle,
    Field(discriminator="kind"),
]
COMMANDS: TypeAdapter[BattleCommand] = TypeAdapter(BattleCommand)


def phase_label(state: ConfrontationBattle) -> str:
    return Phrase(N_("Turn {turn}, {phase}"), turn=state.turn, phase=term(PHASE_NAMES[state.phase]))


__all__ = [
    "COMMANDS",
    "BattleCommand",
    "CallMiracle",
    "EndBattle",
    "NextPhase",
    "PreviousPhase",
    "RefusedError",
    "SetModelFlag",
    "SetModelNumber",
    "SetTacticalWinner",
    "SetTieOrder",
    "SetWounds",
]


def roll_call(
    battle: ConfrontationBattle, request: calls.CallRequest, dice: Dice
) -> Roll[ConfrontationBattle, calls.Outcome]:
    """The Divination roll (CF-19) with the program's dice or the table's: the rule runs once, and the roll comes
    back as the command carrying its dice. Raises `RefusedError` (the call may not be made) or `DiceError`."""
    (after, outcome), used = thrown(dice, lambda recorder: calls.call_miracle(battle, request, recorder))
    command = CallMiracle(
        key=request.key,
        miracle=request.miracle,
        fervour=request.fervour,
        target_confirmed=request.target_confirmed,
        difficulty=request.difficulty,
        dice=used,
        typed=dice.kind == "typed",
    )
    side = int(request.key.split(":", 1)[0])
    return Roll(command, after, outcome, outcome.sentence(), outcome.dice, dice.kind, outcome.success, side)


def roll_tactical(battle: ConfrontationBattle, dice: Dice) -> Roll[ConfrontationBattle, tuple[int, int]]:
    """The Tactical roll: each side rolls a die and the higher wins (CF-15 then orders the ties across sides). A
    tie changes nothing: the roll has no command, and is logged so that its dice are kept (roll again). Raises
    `RefusedError` when the battle is over."""
    (first, second), used = thrown(dice, lambda source: source.roll(6, 2))
    if first == second:
        text = Phrase(N_("Tactical roll: {first} – {second}, a tie: roll again"), first=first, second=second)
        return Roll(None, battle, (first, second), text, used, dice.kind)
    winner = 0 if first > second else 1
    command = SetTacticalWinner(side=winner, rolls=(first, second))
    player = battle.sides[winner].player
    text = Phrase(
        N_("Tactical roll: {first} – {second}, {player} wins"), first=first, second=second, player=player
    )
    return Roll(command, command.apply(battle), (first, second), text, used, dice.kind)
