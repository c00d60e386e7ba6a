"""Strategy Battle Game heroic actions (SB-05): who declares first, the heroes named in turn, the roll-off when
both sides declared, and the order the actions are resolved in. Pure functions of a battle value."""

from __future__ import annotations

from warband.model.army import Problem
from warband.model.edits import replace
from warband.model.messages import N_, joined, term
from warband.model.session import RefusedError
from warband.model.systems.sbg.battle_rules import hero, heroes, with_hero
from warband.model.systems.sbg.battle_state import HEROIC_PHASES, Heroics, SbgBattle


def _heroics(battle: SbgBattle) -> Heroics:
    if battle.heroics is None or battle.phase not in HEROIC_PHASES:
        raise RefusedError(Problem.of("SB-05", "sbg.heroic_phase"))
    if battle.priority is None:
        raise RefusedError(Problem.of("SB-05", "sbg.heroic_priority"))
    return battle.heroics


def _turn_problem(battle: SbgBattle, side: int) -> Problem:
    return Problem.of("SB-05", "sbg.heroic_turn", None, player=battle.sides[side].player)


def heroic_turn(battle: SbgBattle) -> int | None:
    """Whose decision or naming it is now in the declarations (None when none is awaited)."""
    h = battle.heroics
    if h is None or battle.priority is None:
        return None
    p = battle.priority
    return {"priority": p, "other": 1 - p, "reconsider": p, "naming": h.naming}.get(h.stage)


def declare(battle: SbgBattle, side: int, wants: bool) -> SbgBattle:
    """A side declares (or declines) heroic actions: priority first; then the other; then priority may change
    its mind."""
    h = _heroics(battle)
    p = battle.priority
    assert p is not None
    if h.stage not in ("priority", "other", "reconsider"):
        raise RefusedError(Problem.of("SB-05", "sbg.heroic_stage"))
    if heroic_turn(battle) != side:
        raise RefusedError(_turn_problem(battle, 1 - side))
    if h.stage == "priority":
        # the side with priority declares first (or declines); either way the other side then chooses
        after = replace(h, declared=(p,) if wants else (), stage="other")
    elif h.stage == "other":
        if p in h.declared:  # priority declared: the other side joins in, or leaves it the phase alone
            declared = (p, 1 - p) if wants else (p,)
            after = replace(h, declared=declared, stage="naming", naming=p)
        else:
            after = replace(h, declared=(1 - p,), stage="reconsider") if wants else replace(h, stage="done")
    else:  # the side with priority may change its mind
        declared = (p, 1 - p) if wants else (1 - p,)
        after = replace(h, declared=declared, stage="naming", naming=p if wants else 1 - p)
    return replace(battle, heroics=after)


def name_hero(battle: SbgBattle, side: int, key: str) -> SbgBattle:
    """A side names one of its heroes for a heroic action; declaring spends 1 Might, never refunded."""
    h = _heroics(battle)
    if h.stage != "naming":
        raise RefusedError(Problem.of("SB-05", "sbg.heroic_stage"))
    if h.naming != side:
        raise RefusedError(_turn_problem(battle, 1 - side))
    target = hero(battle, key)
    player = battle.sides[side].player
    if target.side != side or target.state.removed:
        raise RefusedError(Problem.of("SB-05", "sbg.heroic_hero", target.ref(), hero=target.label, player=player))
    if key in h.named[0] or key in h.named[1]:
        raise RefusedError(Problem.of("SB-05", "sbg.heroic_twice", target.ref(), hero=target.label))
    if target.state.might < 1:
        raise RefusedError(
            Problem.of("SB-05", "sbg.spent", target.ref(), hero=target.label, what=term(N_("Might")))
        )
    named = list(h.named)
    named[side] = (*named[side], key)
    other = 1 - side
    both = len(h.declared) == 2
    naming = other if both and other not in h.stopped else side
    after = replace(h, named=(named[0], named[1]), naming=naming)
    return replace(with_hero(battle, key, might=target.state.might - 1), heroics=after)


def stop_naming(battle: SbgBattle, side: int) -> SbgBattle:
    """A side names no more heroes; the other may name as many more as it wants; then the roll-off or the end."""
    h = _heroics(battle)
    if h.stage != "naming" or h.naming != side:
        raise RefusedError(
            _turn_problem(battle, 1 - side) if h.stage == "naming" else Problem.of("SB-05", "sbg.heroic_stage")
        )
    stopped = tuple(sorted({*h.stopped, side}))
    remaining = [s for s in h.declared if s not in stopped]
    if remaining:
        return replace(battle, heroics=replace(h, stopped=stopped, naming=remaining[0]))
    if len(h.declared) == 2 and h.named[0] and h.named[1]:
        return replace(battle, heroics=replace(h, stopped=stopped, naming=None, stage="rolloff"))
    order = h.named[0] + h.named[1]
    return replace(battle, heroics=replace(h, stopped=stopped, naming=None, stage="done", order=order))


def rolloff_winner(battle: SbgBattle, roll: int) -> int:
    """SB-05: 1–3 the Evil side first, 4–6 the Good; same alignment: the side with priority first on 4–6.

    Only a roll-off `rolloff_check` lets through is decided by it: with a hero's alignment unknown (SB-X1) the
    answer is the same-alignment one, which the program does not apply."""
    p = battle.priority
    assert p is not None
    alignments = [_alignment(battle, s) for s in (0, 1)]
    if alignments[0] == alignments[1] or None in alignments:
        return p if roll >= 4 else 1 - p
    good = alignments.index("good")
    return good if roll >= 4 else 1 - good


def _alignment(battle: SbgBattle, side: int) -> str | None:
    found = {p.alignment for h in heroes(battle) if h.side == side for p in [h.profile]}
    return found.pop() if len(found) == 1 else None


def unknown_alignments(battle: SbgBattle) -> list[str]:
    """The heroes in play whose alignment their catalog does not know (SB-X1), by label."""
    return [h.label for h in heroes(battle) if h.profile.alignment is None]


def rolloff_check(battle: SbgBattle) -> Heroics:
    """The declarations of this phase when a roll-off is due (both sides named heroes); refused otherwise, and
    refused too when a hero's alignment is unknown (SB-X1, provisional): which side is Good decides the roll-off,
    and the program does not guess it — the players settle the order at the table."""
    h = _heroics(battle)
    if h.stage != "rolloff":
        raise RefusedError(Problem.of("SB-05", "sbg.heroic_stage"))
    unknown = unknown_alignments(battle)
    if unknown:
        raise RefusedError(Problem.of("SB-X1", "sbg.rolloff_unknown", None, heroes=joined(unknown)))
    return h


def roll_off(battle: SbgBattle, roll: int) -> SbgBattle:
    """The roll-off when both sides declared: the winner's first hero, then the sides alternate."""
    h = rolloff_check(battle)
    first = rolloff_winner(battle, roll)
    lists = [list(h.named[first]), list(h.named[1 - first])]
    order: list[str] = []
    while lists[0] or lists[1]:
        for names in lists:
            if names:
                order.append(names.pop(0))
    return replace(battle, heroics=replace(h, rolloff=roll, first=first, order=tuple(order), stage="done"))
