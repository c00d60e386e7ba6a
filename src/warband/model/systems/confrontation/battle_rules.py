"""Confrontation battle rules: starting a battle, the turn (CF-08, CF-18), the Divination order (CF-13 … CF-16)
and calling a miracle (CF-09 … CF-12, CF-17, CF-19). Pure functions of a battle value and, for rolls, of dice.
"""

from __future__ import annotations

from collections.abc import Sequence

from warband.model import changes
from warband.model.army import Problem
from warband.model.catalog import Catalogs
from warband.model.edits import copied, replace
from warband.model.messages import N_, term
from warband.model.names import CatalogName
from warband.model.session import RefusedError
from warband.model.systems.confrontation.battle_models import Model as Model
from warband.model.systems.confrontation.battle_models import model as model
from warband.model.systems.confrontation.battle_models import model_state
from warband.model.systems.confrontation.battle_models import models as models
from warband.model.systems.confrontation.battle_order import Barred as Barred
from warband.model.systems.confrontation.battle_order import DivinationOrder as DivinationOrder
from warband.model.systems.confrontation.battle_order import Slot as Slot
from warband.model.systems.confrontation.battle_order import call_bars as call_bars
from warband.model.systems.confrontation.battle_order import divination_order as divination_order
from warband.model.systems.confrontation.battle_order import left_to_call as left_to_call
from warband.model.systems.confrontation.battle_state import (
    PHASES,
    ConfrontationBattle,
    ModelState,
    RulesOptions,
    Side,
    model_key,
)
from warband.model.systems.confrontation.schema import ConfrontationArmy, Snapshot

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
def miracle_name(battle: ConfrontationBattle, miracle_id: str) -> str:
    """The miracle's name (a `CatalogName`: English as a string), or its ID when the catalogs lack it."""
    miracle = battle.entries.miracles.get(miracle_id)
    return CatalogName(miracle.name) if miracle else miracle_id


def with_model(battle: ConfrontationBattle, key: str, **changes: object) -> ConfrontationBattle:
    """The battle with one model's state changed: that state is validated (what changed), not the whole battle.
    A model the battle holds no state for yet is checked against both armies, as `replace` does."""
    models_now = dict(battle.models)
    models_now[key] = replace(battle.state(key), **changes)
    if key in battle.models:  # the same models hold a state: nothing else to check
        return copied(battle, models=models_now)
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
    """Every model's state of this turn reset, in army order (as `models` lists them, without making them: the
    rules ask about the models of the new turn, not of the old)."""
    refreshed: dict[str, ModelState] = {}
    profiles = battle.entries.profiles
    for side_index, side in enumerate(battle.sides):
        for unit in side.army.units:
            key = model_key(side_index, unit.id)
            profile = profiles.get(unit.profile)
            changes = dict(PER_TURN_RESET)
            faithful = profile.faithful if profile is not None else None
            if battle.options.refill_faith and faithful is not None and faithful.faith is not None:
                changes["faith"] = faithful.faith  # an unknown Faith refills nothing: the T.F. stays as it was set
            refreshed[key] = replace(battle.state(key), **changes)
    return replace(battle, turn=battle.turn + 1, phase="tactical", tactical_winner=None, models=refreshed)


def flag_refusal(
    battle: ConfrontationBattle, key: str, field: str, value: bool, *, as_before: bool = False
) -> Problem | None:
    """Why a model's flag may not be set so now, or None.

    CF-10: a Faithful that called a miracle this turn may not shoot, perform a Feat or move farther than its
    Movement after; movement from an effect, and a warrior-monk's, stay allowed (so the extra movement may not be
    unmarked as an effect's once it called). CF-13: done in the Divination phase is final for the turn (undo
    aside). `as_before`: as Warband read the rules before issue 16.
    """
    state = model_state(battle, key)
    if field == "divination_done" and not value and state.divination_done and not as_before:
        m = model(battle, key)
        return Problem.of("CF-13", "done.final", m.ref(), unit=m.label)
    if not state.called:
        return None
    m = model(battle, key)
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
