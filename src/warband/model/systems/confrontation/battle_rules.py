"""Confrontation battle rules: starting a battle, the turn (CF-08, CF-18), the Divination order (CF-13 … CF-16)
and calling a miracle (CF-09 … CF-12, CF-17, CF-19). Pure functions of a battle value and, for rolls, of dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from warband.model import changes
from warband.model.army import Problem, UnitRef, unit_label
from warband.model.catalog import Catalogs
from warband.model.edits import replace
from warband.model.messages import N_, term
from warband.model.names import CatalogName
from warband.model.session import RefusedError
from warband.model.systems.confrontation.battle_state import (
    PHASES,
    ConfrontationBattle,
    ModelState,
    RulesOptions,
    Side,
    model_key,
    split_key,
)
from warband.model.systems.confrontation.schema import (
    ConfrontationArmy,
    ConfrontationUnit,
    Profile,
    Snapshot,
)

PER_TURN_RESET: dict[str, object] = {
    "wounds_roll": False,
    "wounded": False,
    "moved_beyond": False,
    "moved_by_effect": False,
    "feat": False,
    "shot": False,
    "called": (),
    "discipline_bonus": 0,
    "divination_done": False,
}


# --- starting ----------------------------------------------------------------------------------------------
def start_battle(
    sides: Sequence[tuple[str, ConfrontationArmy]], catalogs: Catalogs, options: RulesOptions | None = None
) -> ConfrontationBattle:
    """A battle between two armies (the same file twice is fine), with the catalog entries they use embedded."""
    if len(sides) != 2:
        raise ValueError("a battle has two sides")
    entries = changes.battle_entries([army for _player, army in sides], catalogs, Snapshot)
    models: dict[str, ModelState] = {}
    for index, (_player, army) in enumerate(sides):
        for unit in army.units:
            profile = entries.profiles.get(unit.profile)
            faith = profile.faithful.faith if profile and profile.faithful else None
            # CF-18: the T.F. starts at the Faith value; one its catalog does not give starts empty (the player
            # sets it in the tracker, and a call beyond it says why)
            models[model_key(index, unit.id)] = ModelState(faith=faith or 0)
    side_values = tuple(
        Side(player=player or f"Player {i + 1}", army=army, tie_order=tuple(u.id for u in army.units))
        for i, (player, army) in enumerate(sides)
    )
    return ConfrontationBattle.model_validate(
        {"options": options or RulesOptions(), "sides": side_values, "entries": entries, "models": models}
    )


# --- looking things up -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Model:
    """A model of the battle with what the rules need to know about it."""

    key: str
    side: int
    unit: ConfrontationUnit
    profile: Profile | None
    state: ModelState
    label: str

    @property
    def faithful(self) -> bool:
        return self.profile is not None and self.profile.faithful is not None

    @property
    def warrior_monk(self) -> bool:
        return bool(self.profile and self.profile.faithful and self.profile.faithful.warrior_monk)

    @property
    def in_play(self) -> bool:
        return not self.state.removed and self.state.wounds != "killed"

    @property
    def discipline_unknown(self) -> bool:
        """Its catalog does not give its Discipline (CF-X1): the order places it at its bonus, and says so."""
        return self.profile is not None and not self.profile.known("discipline")

    @property
    def faith_unknown(self) -> bool:
        """It is a Faithful whose catalog does not give its Faith (CF-X1): its T.F. is not refilled (CF-18)."""
        faithful = self.profile.faithful if self.profile is not None else None
        return faithful is not None and not faithful.known("faith")

    @property
    def discipline(self) -> int:
        """CF-13, CF-16: Discipline with this turn's bonus; no Discipline counts as 0, which nothing changes. One
        its catalog does not give is not none: the bonus the player sets stands for it (never below 0)."""
        if self.discipline_unknown:
            return max(0, self.state.discipline_bonus)
        if self.profile is None or self.profile.discipline is None:
            return 0
        return max(0, self.profile.discipline + self.state.discipline_bonus)

    def ref(self) -> UnitRef:
        return UnitRef(self.key, self.side, self.label)


def models(battle: ConfrontationBattle) -> list[Model]:
    out: list[Model] = []
    for side_index, side in enumerate(battle.sides):
        for unit in side.army.units:
            key = model_key(side_index, unit.id)
            profile = battle.entries.profiles.get(unit.profile)
            out.append(Model(key, side_index, unit, profile, battle.state(key), unit_label(unit, profile)))
    return out


def model(battle: ConfrontationBattle, key: str) -> Model:
    side, unit_id = split_key(key)
    for unit in battle.sides[side].army.units:
        if unit.id == unit_id:
            profile = battle.entries.profiles.get(unit.profile)
            return Model(key, side, unit, profile, battle.state(key), unit_label(unit, profile))
    raise KeyError(f"no model {key!r} in this battle")


def miracle_name(battle: ConfrontationBattle, miracle_id: str) -> str:
    """The miracle's name (a `CatalogName`: English as a string), or its ID when the catalogs lack it."""
    miracle = battle.entries.miracles.get(miracle_id)
    return CatalogName(miracle.name) if miracle else miracle_id


def with_model(battle: ConfrontationBattle, key: str, **changes: object) -> ConfrontationBattle:
    models_now = dict(battle.models)
    models_now[key] = replace(battle.state(key), **changes)
    return replace(battle, models=models_now)


# --- the turn (CF-08, CF-18) -------------------------------------------------------------------------------
def next_phase_refusal(battle: ConfrontationBattle) -> Problem | None:
    """Why the battle may not move on (it is over), or None."""
    return Problem.of("CF-08", "battle.ended") if battle.ended else None


def previous_phase_refusal(battle: ConfrontationBattle) -> Problem | None:
    """Why the battle may not go back (this is the turn's first phase: undo goes into the last turn), or None."""
    return Problem.of("CF-08", "phase.first") if PHASES.index(battle.phase) == 0 else None


def next_phase(battle: ConfrontationBattle) -> ConfrontationBattle:
    """The next step of the turn; after the end of the turn, a new turn with its state reset (CF-18)."""
    refusal = next_phase_refusal(battle)
    if refusal is not None:
        raise RefusedError(refusal)
    position = PHASES.index(battle.phase)
    if position < len(PHASES) - 1:
        return replace(battle, phase=PHASES[position + 1])
    return new_turn(battle)


def previous_phase(battle: ConfrontationBattle) -> ConfrontationBattle:
    refusal = previous_phase_refusal(battle)
    if refusal is not None:
        raise RefusedError(refusal)
    position = PHASES.index(battle.phase)
    return replace(battle, phase=PHASES[position - 1])


def new_turn(battle: ConfrontationBattle) -> ConfrontationBattle:
    refreshed: dict[str, ModelState] = {}
    for m in models(battle):
        changes = dict(PER_TURN_RESET)
        faithful = m.profile.faithful if m.profile is not None else None
        if battle.options.refill_faith and faithful is not None and faithful.faith is not None:
            changes["faith"] = faithful.faith  # an unknown Faith refills nothing: the T.F. stays as the player set
        refreshed[m.key] = replace(m.state, **changes)
    return replace(battle, turn=battle.turn + 1, phase="tactical", tactical_winner=None, models=refreshed)


# --- who may call (CF-10, CF-11) ---------------------------------------------------------------------------
def call_bars(m: Model, *, as_before: bool = False) -> list[Problem]:
    """Why this Faithful may not call any miracle now, whatever the miracle (empty: it may). `as_before`: as
    Warband read the rules before issue 16 (a wound recorded this turn did not bar the call)."""
    ref = m.ref()
    if not m.in_play:
        return [Problem.of("CF-11", "call.out_of_play", ref, unit=m.label)]
    if not m.faithful:
        return [Problem.of("CF-01", "call.not_faithful", ref, unit=m.label)]
    bars: list[Problem] = []
    state = m.state
    if state.shot:
        bars.append(Problem.of("CF-10", "call.shot", ref, unit=m.label))
    if state.feat:
        bars.append(Problem.of("CF-10", "call.feat", ref, unit=m.label))
    if state.moved_beyond and not state.moved_by_effect and not m.warrior_monk:
        bars.append(Problem.of("CF-10", "call.moved", ref, unit=m.label))
    if not m.warrior_monk:
        if state.engaged:
            bars.append(Problem.of("CF-11", "call.engaged", ref, unit=m.label))
        if state.wounds_roll:
            bars.append(Problem.of("CF-11", "call.wounds_roll", ref, unit=m.label))
        elif state.wounded and not as_before:  # a wound implies a Wounds roll
            bars.append(Problem.of("CF-11", "call.wounded", ref, unit=m.label))
    return bars


def left_to_call(m: Model) -> list[str]:
    """The miracles this Faithful owns and has not called this turn (CF-09), each once."""
    return [mid for mid in dict.fromkeys(m.unit.miracles) if mid not in m.state.called]


def flag_refusal(
    battle: ConfrontationBattle, key: str, field: str, value: bool, *, as_before: bool = False
) -> Problem | None:
    """Why a model's flag may not be set so now, or None.

    CF-10: a Faithful that called a miracle this turn may not shoot, perform a Feat or move farther than its
    Movement after; movement from an effect, and a warrior-monk's, stay allowed (so the extra movement may not be
    unmarked as an effect's once it called). CF-13: done in the Divination phase is final for the turn (undo
    aside). `as_before`: as Warband read the rules before issue 16.
    """
    m = model(battle, key)
    state = m.state
    if field == "divination_done" and not value and state.divination_done and not as_before:
        return Problem.of("CF-13", "done.final", m.ref(), unit=m.label)
    if not state.called:
        return None
    if value and field in ("shot", "feat"):
        act = N_("shoot") if field == "shot" else N_("perform a Physical Feat")
        return Problem.of("CF-10", "act.after_call", m.ref(), unit=m.label, act=term(act))
    if m.warrior_monk:
        return None
    over_long = value and field == "moved_beyond" and (as_before or not state.moved_by_effect)
    unmarked = not value and field == "moved_by_effect" and state.moved_beyond and not as_before
    if over_long or unmarked:
        return Problem.of("CF-10", "act.moved_after_call", m.ref(), unit=m.label)
    return None


# --- the Divination order (CF-13 … CF-16) ------------------------------------------------------------------
@dataclass(frozen=True)
class Slot:
    """A Faithful's place in the Divination order."""

    position: int
    key: str
    side: int
    label: str
    discipline: int
    tied: bool
    """Others of its own side share its Discipline: their player orders them (CF-14)."""
    across: bool
    """Faithful of the other side share its Discipline: the Tactical winner acts first (CF-15)."""
    done: bool


@dataclass(frozen=True)
class Barred:
    key: str
    side: int
    label: str
    problems: tuple[Problem, ...]


@dataclass(frozen=True)
class DivinationOrder:
    slots: tuple[Slot, ...]
    barred: tuple[Barred, ...]
    needs_tactical_winner: bool
    """A tie across sides and no Tactical winner recorded yet: the order shown puts side 1 first, for now."""
    unknown: tuple[Problem, ...] = ()
    """CF-X1: the Faithful placed without their Discipline, which their catalog does not give (placed at their
    Discipline bonus), each with the sentence that says so."""

    @property
    def current(self) -> Slot | None:
        """The first Faithful of the order that has not finished."""
        return next((s for s in self.slots if not s.done), None)


def divination_order(battle: ConfrontationBattle) -> DivinationOrder:
    """Who calls miracles in which order this turn; a Faithful calls all its miracles at its place (CF-13)."""
    able: list[Model] = []
    barred: list[Barred] = []
    for m in models(battle):
        if not m.faithful or not m.in_play:
            continue
        problems = call_bars(m)
        if not problems and not m.unit.miracles:
            problems = [Problem.of("CF-01", "call.no_miracles", m.ref(), unit=m.label)]
        elif not problems and not left_to_call(m):
            problems = [Problem.of("CF-09", "call.all_called", m.ref(), unit=m.label)]
        if problems:
            barred.append(Barred(m.key, m.side, m.label, tuple(problems)))
        else:
            able.append(m)
    winner = battle.tactical_winner
    first = winner if winner is not None else 0
    ranks = {
        side_index: {uid: i for i, uid in enumerate(side.tie_order)}
        for side_index, side in enumerate(battle.sides)
    }
    army_rank = {m.key: i for i, m in enumerate(models(battle))}

    def side_rank(m: Model) -> tuple[int, int]:
        return (ranks[m.side].get(m.unit.id, 1 << 20), army_rank[m.key])

    slots: list[Slot] = []
    needs_winner = False
    for discipline in sorted({m.discipline for m in able}, reverse=True):
        group = [m for m in able if m.discipline == discipline]
        by_side = [sorted((m for m in group if m.side == s), key=side_rank) for s in (0, 1)]
        across = bool(by_side[0]) and bool(by_side[1])
        needs_winner = needs_winner or (across and winner is None)
        leading, trailing = by_side[first], by_side[1 - first]
        if battle.options.tie_across_sides == "alternate":
            sequence: list[Model] = []
            for i in range(max(len(leading), len(trailing))):
                sequence.extend(leading[i : i + 1])
                sequence.extend(trailing[i : i + 1])
        else:
            sequence = leading + trailing
        for m in sequence:
            tied = len(by_side[m.side]) > 1
            slots.append(
                Slot(len(slots), m.key, m.side, m.label, discipline, tied, across, m.state.divination_done)
            )
    unknown = tuple(
        Problem.of("CF-X1", "order.discipline_unknown", m.ref(), unit=m.label, discipline=m.discipline)
        for m in able
        if m.discipline_unknown
    )
    return DivinationOrder(tuple(slots), tuple(barred), needs_winner, unknown)
