"""The Divination order and the model list of a Confrontation battle, worked out from the last state's (issue 21),
are exactly what they are worked out from nothing: for random actions, on every state reached and on the states
of the battle asked about in any order (undo, another document). And a model's state changed alone is the battle
`replace` validates whole."""

from __future__ import annotations

import contextlib
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warband import api
from warband.model.army import Problem, unit_label
from warband.model.dice import TypedDice
from warband.model.edits import replace
from warband.model.session import RefusedError
from warband.model.systems.confrontation import battle_rules as rules
from warband.model.systems.confrontation.battle_calls import CallRequest
from warband.model.systems.confrontation.battle_commands import (
    CallMiracle,
    NextPhase,
    SetModelFlag,
    SetModelNumber,
    SetTacticalWinner,
    SetTieOrder,
    SetWounds,
    roll_call,
)
from warband.model.systems.confrontation.battle_state import (
    WOUND_LEVELS,
    ConfrontationBattle,
    RulesOptions,
    model_key,
)

SYSTEM = "confrontation"
FLAGS = ("removed", "engaged", "wounds_roll", "moved_beyond", "moved_by_effect", "feat", "shot", "divination_done")


@cache
def _start(alternate: bool) -> ConfrontationBattle:
    (catalog, *_more) = api.get_system(SYSTEM).info.builtin_catalogs()
    (path,) = sorted((catalog.parent / "examples").glob("*.warband.json"))
    army = api.load_army(path)
    options = RulesOptions(tie_across_sides="alternate" if alternate else "winner_first")
    battle = rules.start_battle([("Aline", army), ("Bruno", army)], api.builtin_catalogs(SYSTEM), options)
    return rules.next_phase(rules.next_phase(battle))  # the Divination phase


# --- the oracle: the order and the models as they were worked out before issue 21 -----------------------------
def reference_models(battle: ConfrontationBattle) -> list[rules.Model]:
    out = []
    for side_index, side in enumerate(battle.sides):
        for unit in side.army.units:
            key = model_key(side_index, unit.id)
            profile = battle.entries.profiles.get(unit.profile)
            out.append(rules.Model(key, side_index, unit, profile, battle.state(key), unit_label(unit, profile)))
    return out


def reference_order(battle: ConfrontationBattle) -> rules.DivinationOrder:
    able: list[rules.Model] = []
    barred: list[rules.Barred] = []
    for m in reference_models(battle):
        if not m.faithful or not m.in_play:
            continue
        problems = rules.call_bars(m)
        if not problems and not m.unit.miracles:
            problems = [Problem.of("CF-01", "call.no_miracles", m.ref(), unit=m.label)]
        elif not problems and not rules.left_to_call(m):
            problems = [Problem.of("CF-09", "call.all_called", m.ref(), unit=m.label)]
        if problems:
            barred.append(rules.Barred(m.key, m.side, m.label, tuple(problems)))
        else:
            able.append(m)
    winner = battle.tactical_winner
    first = winner if winner is not None else 0
    ranks = {i: {uid: r for r, uid in enumerate(side.tie_order)} for i, side in enumerate(battle.sides)}
    army_rank = {m.key: i for i, m in enumerate(reference_models(battle))}

    def side_rank(m: rules.Model) -> tuple[int, int]:
        return (ranks[m.side].get(m.unit.id, 1 << 20), army_rank[m.key])

    slots: list[rules.Slot] = []
    needs_winner = False
    for discipline in sorted({m.discipline for m in able}, reverse=True):
        group = [m for m in able if m.discipline == discipline]
        by_side = [sorted((m for m in group if m.side == s), key=side_rank) for s in (0, 1)]
        across = bool(by_side[0]) and bool(by_side[1])
        needs_winner = needs_winner or (across and winner is None)
        leading, trailing = by_side[first], by_side[1 - first]
        if battle.options.tie_across_sides == "alternate":
            sequence: list[rules.Model] = []
            for i in range(max(len(leading), len(trailing))):
                sequence.extend(leading[i : i + 1])
                sequence.extend(trailing[i : i + 1])
        else:
            sequence = leading + trailing
        for m in sequence:
            tied = len(by_side[m.side]) > 1
            slots.append(
                rules.Slot(len(slots), m.key, m.side, m.label, discipline, tied, across, m.state.divination_done)
            )
    unknown = tuple(
        Problem.of("CF-X1", "order.discipline_unknown", m.ref(), unit=m.label, discipline=m.discipline)
        for m in able
        if m.discipline_unknown
    )
    return rules.DivinationOrder(tuple(slots), tuple(barred), needs_winner, unknown)


# --- random actions ----------------------------------------------------------------------------------------------
ACTIONS = st.lists(
    st.one_of(
        st.tuples(st.just("flag"), st.integers(0, 99), st.sampled_from(FLAGS), st.booleans()),
        st.tuples(st.just("flag"), st.integers(0, 99), st.just("divination_done"), st.just(True)),
        st.tuples(st.just("flag"), st.integers(0, 99), st.just("engaged"), st.booleans()),
        st.tuples(st.just("bonus"), st.integers(0, 99), st.integers(-3, 3)),
        st.tuples(st.just("faith"), st.integers(0, 99), st.integers(0, 12)),
        st.tuples(st.just("wounds"), st.integers(0, 99), st.sampled_from(WOUND_LEVELS)),
        st.tuples(st.just("call"), st.integers(0, 99), st.integers(0, 9), st.integers(1, 6)),
        st.tuples(st.just("winner"), st.sampled_from([None, 0, 1])),
        st.tuples(st.just("tie"), st.integers(0, 1), st.randoms(use_true_random=False)),
        st.tuples(st.just("next"), st.integers(1, 6)),
    ),
    max_size=40,
)


def _after(battle: ConfrontationBattle, action: tuple[object, ...]) -> ConfrontationBattle:
    """The battle after one random action, or as it was when the rules refuse it."""
    keys = [m.key for m in reference_models(battle)]
    kind = action[0]
    with contextlib.suppress(RefusedError, ValueError, KeyError):
        if kind == "flag":
            _kind, n, field, value = action
            return SetModelFlag(key=keys[int(n) % len(keys)], field=field, value=value).apply(battle)  # type: ignore[arg-type]
        if kind in ("bonus", "faith"):
            _kind, n, value = action
            field = "discipline_bonus" if kind == "bonus" else "faith"
            return SetModelNumber(key=keys[int(n) % len(keys)], field=field, value=value).apply(battle)  # type: ignore[arg-type]
        if kind == "wounds":
            _kind, n, level = action
            return SetWounds(key=keys[int(n) % len(keys)], wounds=level).apply(battle)  # type: ignore[arg-type]
        if kind == "call":
            _kind, n, which, die = action
            m = rules.model(battle, keys[int(n) % len(keys)])
            owned = list(dict.fromkeys(m.unit.miracles))
            if owned:
                miracle = owned[int(which) % len(owned)]
                request = CallRequest(m.key, miracle, 1, True, 6)
                roll = roll_call(battle, request, TypedDice((int(die),)))
                assert isinstance(roll.command, CallMiracle)
                return roll.after
            return battle
        if kind == "winner":
            return SetTacticalWinner(side=action[1]).apply(battle)  # type: ignore[arg-type]
        if kind == "tie":
            _kind, side, rng = action
            order = list(battle.sides[int(side)].tie_order)
            rng.shuffle(order)  # type: ignore[attr-defined]
            return SetTieOrder(side=side, order=tuple(order)).apply(battle)  # type: ignore[arg-type]
        if kind == "next":
            for _ in range(int(action[1])):
                battle = NextPhase().apply(battle)
            return battle
    return battle


def _same_as_from_nothing(battle: ConfrontationBattle) -> None:
    assert rules.models(battle) == reference_models(battle)
    assert rules.divination_order(battle) == reference_order(battle)
    for m in reference_models(battle)[::17]:
        assert rules.model(battle, m.key) == m


@settings(max_examples=40, deadline=None)
@given(actions=ACTIONS, alternate=st.booleans(), again=st.randoms(use_true_random=False))
def test_the_order_worked_out_from_the_last_state_is_the_order_worked_out_from_nothing(actions, alternate, again):
    battle = _start(alternate)
    seen = [battle]
    _same_as_from_nothing(battle)
    for action in actions:
        battle = _after(battle, action)
        seen.append(battle)
        _same_as_from_nothing(battle)
    again.shuffle(seen)  # the states asked about in another order: undo, redo, another view
    for state in seen:
        _same_as_from_nothing(state)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(0, 199), field=st.sampled_from(FLAGS), value=st.booleans(), faith=st.integers(0, 200))
def test_a_model_state_changed_alone_is_the_battle_validated_whole(n, field, value, faith):
    battle = _start(False)
    key = reference_models(battle)[n % len(reference_models(battle))].key
    fast = rules.with_model(battle, key, **{field: value, "faith": faith})
    states = dict(battle.models)
    states[key] = replace(battle.state(key), **{field: value, "faith": faith})
    checked = replace(battle, models=states)
    assert fast == checked
    assert fast.model_dump(mode="json") == checked.model_dump(mode="json")
    assert ConfrontationBattle.model_validate(fast.model_dump()) == fast


def test_a_model_without_a_state_yet_is_checked_against_both_armies():
    battle = _start(False)
    key = reference_models(battle)[0].key
    states = dict(battle.models)
    del states[key]
    bare = replace(battle, models=states)
    assert rules.with_model(bare, key, engaged=True).state(key).engaged  # validated whole, as `replace` does
    with pytest.raises(ValueError, match="in neither army"):
        rules.with_model(bare, "0:nobody", engaged=True)
