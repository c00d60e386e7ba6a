"""The Divination order (CF-13 … CF-16) of a Confrontation battle as the tracker and the resolver show it: the
model's `divination_order`, worked out once per state however many views ask for it, and what it is worked out
from, for the views to tell whether a change moved it."""

from __future__ import annotations

import weakref

from warband.model.systems.confrontation.battle_rules import DivinationOrder, divination_order
from warband.model.systems.confrontation.battle_state import ConfrontationBattle

_orders: dict[int, tuple[weakref.ref[ConfrontationBattle], DivinationOrder]] = {}
"""Each battle state still alive (by identity: a state never changes) with its order."""


def order_of(battle: ConfrontationBattle) -> DivinationOrder:
    """The Divination order of the battle as it is, worked out once per state (the state is frozen)."""
    key = id(battle)
    known = _orders.get(key)
    if known is not None and known[0]() is battle:
        return known[1]
    order = divination_order(battle)

    def forget(ref: weakref.ref[ConfrontationBattle]) -> None:
        entry = _orders.get(key)
        if entry is not None and entry[0] is ref:
            del _orders[key]

    _orders[key] = (weakref.ref(battle, forget), order)
    return order


def order_inputs(battle: ConfrontationBattle) -> tuple[object, ...]:
    """What `divination_order` reads: the armies (labels, miracles) with the players and tie orders (CF-14), the
    profiles (Discipline, Faith), the models' states, the Tactical winner and the tie option (CF-15)."""
    return (
        battle.sides,
        battle.entries.profiles,
        battle.models,
        battle.tactical_winner,
        battle.options.tie_across_sides,
    )
