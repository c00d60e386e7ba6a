"""The commands of warriors' casualties and of the Break point (SB-07), as the journal writes and replays them:
the casualties of a unit, a model's Courage test when its force is broken (its dice thrown), a hero's Stand fast,
and models passing by it. Each can tell its refusal without being carried out (`refusal_in`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, Strict

from warband.model.army import Problem
from warband.model.catalog import Frozen
from warband.model.messages import N_, Phrase, term
from warband.model.systems.sbg import break_tests, casualties
from warband.model.systems.sbg.battle_state import Key, SbgBattle

Die = Annotated[int, Strict(), Field(ge=1, le=6)]
Points = Annotated[int, Strict(), Field(ge=0, le=9)]
Models = Annotated[int, Strict(), Field(ge=0, le=10_000)]


class SetCasualties(Frozen):
    """A unit of warriors has lost `lost` models, and its warriors still in play `wounds` Wounds (warriors of more
    than one Wound): the numbers as they now stand, as the tracker's counters set them."""

    kind: Literal["casualties"] = "casualties"
    key: Key
    lost: Models
    wounds: Annotated[int, Strict(), Field(ge=0, le=100_000)] = 0

    @property
    def label(self) -> str:
        return term(N_("Casualties"))

    def label_in(self, state: SbgBattle) -> str:
        found = casualties.unit_in_play(state, self.key)
        if found.wounds_each > 1:
            return Phrase(
                N_("{unit}: {lost} / {count} models lost, {wounds} Wounds lost by the others"),
                unit=found.label,
                lost=self.lost,
                count=found.start,
                wounds=self.wounds,
            )
        return Phrase(
            N_("{unit}: {lost} / {count} models lost"), unit=found.label, lost=self.lost, count=found.start
        )

    def refusal_in(self, state: SbgBattle) -> Problem | None:
        return casualties.casualty_refusal(state, self.key, self.lost, self.wounds)

    def apply(self, state: SbgBattle) -> SbgBattle:
        return casualties.set_casualties(state, self.key, self.lost, self.wounds)


class BreakTest(Frozen):
    """SB-07: one model of a unit (a hero, or one of a unit of warriors) tests Courage as it is to move, its force
    broken, its two dice thrown; a hero with the Might and Will points added (SB-06). A fail: the model flees."""

    kind: Literal["break_test"] = "break_test"
    key: Key
    rolled: tuple[Die, Die]
    might: Points = 0
    will: Points = 0

    @property
    def label(self) -> str:
        return term(N_("Courage test of a broken force"))

    def refusal_in(self, state: SbgBattle) -> Problem | None:
        return break_tests.break_refusal(state, self.key, self.might, self.will)

    def apply(self, state: SbgBattle) -> SbgBattle:
        return break_tests.break_test(state, self.key, self.rolled, self.might, self.will)[0]


class BreakTests(Frozen):
    """SB-07: several warriors of a unit test Courage at once as they are to move, their force broken, two dice
    each (in the order thrown); each that fails flees. One action for a unit tested together at the table."""

    kind: Literal["break_tests"] = "break_tests"
    key: Key
    rolled: Annotated[tuple[tuple[Die, Die], ...], Field(min_length=1, max_length=10_000)]

    @property
    def label(self) -> str:
        return term(N_("Courage tests of a broken force"))

    def refusal_in(self, state: SbgBattle) -> Problem | None:
        return break_tests.unit_tests_refusal(state, self.key, len(self.rolled))

    def apply(self, state: SbgBattle) -> SbgBattle:
        return break_tests.unit_tests(state, self.key, self.rolled)[0]


class StandFast(Frozen):
    """SB-07: a hero who passed its own Courage test this turn calls "Stand fast!" for its side."""

    kind: Literal["stand_fast"] = "stand_fast"
    key: Key

    @property
    def label(self) -> str:
        return term(N_("Stand fast!"))

    def label_in(self, state: SbgBattle) -> str:
        return Phrase(N_("{hero} calls Stand fast!"), hero=casualties.unit_in_play(state, self.key).label)

    def refusal_in(self, state: SbgBattle) -> Problem | None:
        return break_tests.stand_fast_refusal(state, self.key)

    def apply(self, state: SbgBattle) -> SbgBattle:
        return break_tests.stand_fast(state, self.key)


class StandFastPass(Frozen):
    """SB-07: `models` models of a unit, within range of a hero of their side who called Stand fast this turn,
    pass without a test (the player says which: the program cannot see ranges)."""

    kind: Literal["stand_fast_pass"] = "stand_fast_pass"
    key: Key
    models: Annotated[int, Strict(), Field(ge=1, le=10_000)] = 1

    @property
    def label(self) -> str:
        return term(N_("Pass by Stand fast!"))

    def label_in(self, state: SbgBattle) -> str:
        found = casualties.unit_in_play(state, self.key)
        return Phrase(N_("{unit}: passed by Stand fast! ({models})"), unit=found.label, models=self.models)

    def refusal_in(self, state: SbgBattle) -> Problem | None:
        return break_tests.stand_fast_pass_refusal(state, self.key, self.models)

    def apply(self, state: SbgBattle) -> SbgBattle:
        return break_tests.stand_fast_pass(state, self.key, self.models)
