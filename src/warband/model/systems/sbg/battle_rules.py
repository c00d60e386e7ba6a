"""Strategy Battle Game battle rules: priority (SB-01), Might on a roll (SB-02), Will (SB-03), Fate with its exact
odds (SB-04) and the heroic-action protocol (SB-05). Pure functions of a battle value."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from warband.model import changes
from warband.model.army import Problem, UnitRef
from warband.model.catalog import Catalogs
from warband.model.edits import replace
from warband.model.messages import N_, term
from warband.model.names import CatalogName
from warband.model.session import RefusedError
from warband.model.systems.sbg.battle_state import (
    HEROIC_PHASES,
    PHASE_NAMES,
    PHASES,
    Heroics,
    HeroState,
    RulesOptions,
    SbgBattle,
    Side,
)
from warband.model.systems.sbg.schema import Profile, SbgArmy, SbgUnit, Snapshot

MIGHT_ROLLS: dict[str, str] = {
    "duel": N_("the duel roll in a fight"),
    "to_hit": N_("the roll to hit when shooting"),
    "to_wound": N_("a roll to wound"),
    "courage": N_("a Courage test"),
    "jump": N_("a Jump test"),
    "climb": N_("a Climb test"),
    "thrown_rider": N_("a Thrown-rider test"),
    "will": N_("a Will die"),
    "fate": N_("a Fate roll"),
}
"""SB-02: the rolls Might may change, for the hero's own actions."""
MIGHT_DICE: dict[str, int] = {"courage": 2}
"""How many dice a roll Might changes is a total of (a Courage test: two, SB-06); otherwise one."""


def model_key(side: int, unit_id: str) -> str:
    return f"{side}:{unit_id}"


def start_battle(
    sides: Sequence[tuple[str, SbgArmy]], catalogs: Catalogs, options: RulesOptions | None = None
) -> SbgBattle:
    if len(sides) != 2:
        raise ValueError("a battle has two sides")
    entries = changes.battle_entries([army for _player, army in sides], catalogs, Snapshot)
    heroes: dict[str, HeroState] = {}
    for index, (_player, army) in enumerate(sides):
        for unit in army.units:
            profile = entries.profiles.get(unit.profile)
            if profile is not None and profile.hero is not None:
                h = profile.hero
                heroes[model_key(index, unit.id)] = HeroState(
                    might=h.might, will=h.will, fate=h.fate, wounds=h.wounds
                )
    return SbgBattle.model_validate(
        {
            "options": options or RulesOptions(),
            "sides": tuple(Side(player=p or f"Player {i + 1}", army=a) for i, (p, a) in enumerate(sides)),
            "entries": entries,
            "heroes": heroes,
        }
    )


@dataclass(frozen=True)
class HeroModel:
    key: str
    side: int
    unit: SbgUnit
    profile: Profile
    state: HeroState
    label: str

    def ref(self) -> UnitRef:
        return UnitRef(self.key, self.side, self.label)

    def start(self, field: str) -> int:
        """The starting value of a counter (its profile's)."""
        assert self.profile.hero is not None
        value: int = getattr(self.profile.hero, field)
        return value


def heroes(battle: SbgBattle) -> list[HeroModel]:
    out: list[HeroModel] = []
    for side_index, side in enumerate(battle.sides):
        for unit in side.army.units:
            key = model_key(side_index, unit.id)
            profile = battle.entries.profiles.get(unit.profile)
            if profile is None or profile.hero is None or key not in battle.heroes:
                continue
            label = unit.label or CatalogName(profile.name)
            out.append(HeroModel(key, side_index, unit, profile, battle.heroes[key], label))
    return out


def hero(battle: SbgBattle, key: str) -> HeroModel:
    for h in heroes(battle):
        if h.key == key:
            return h
    raise KeyError(f"no hero {key!r} in this battle")


def with_hero(battle: SbgBattle, key: str, **changes: object) -> SbgBattle:
    states = dict(battle.heroes)
    states[key] = replace(states[key], **changes)
    return replace(battle, heroes=states)


def set_counter(battle: SbgBattle, key: str, field: str, value: int) -> SbgBattle:
    """Counters never leave 0 … their starting value."""
    h = hero(battle, key)
    return with_hero(battle, key, **{field: max(0, min(h.start(field), value))})


# --- SB-01: the turn and priority --------------------------------------------------------------------------
def priority_winner(battle: SbgBattle, rolls: tuple[int, int]) -> int | None:
    """Highest roll wins; a tie goes to the side that did not have priority last turn; first turn: roll again."""
    first, second = rolls
    if first != second:
        return 0 if first > second else 1
    if battle.last_priority is None:
        return None
    return 1 - battle.last_priority


def set_priority(battle: SbgBattle, rolls: tuple[int, int] | None, side: int | None) -> SbgBattle:
    winner = side if rolls is None else priority_winner(battle, rolls)
    if winner is None:
        raise RefusedError(Problem.of("SB-01", "sbg.priority_tie", None, roll=rolls[0] if rolls else 0))
    return replace(battle, priority=winner)


def next_phase(battle: SbgBattle) -> SbgBattle:
    position = PHASES.index(battle.phase)
    if position == len(PHASES) - 1:
        return replace(
            battle,
            turn=battle.turn + 1,
            phase="priority",
            last_priority=battle.priority,
            priority=None,
            heroics=None,
        )
    phase = PHASES[position + 1]
    heroics = Heroics() if phase in HEROIC_PHASES else None
    return replace(battle, phase=phase, heroics=heroics)


# --- SB-05: heroic actions ----------------------------------------------------------------------------------
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
    """SB-05: 1–3 the Evil side first, 4–6 the Good; same alignment: the side with priority first on 4–6."""
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


def rolloff_check(battle: SbgBattle) -> Heroics:
    """The declarations of this phase when a roll-off is due (both sides named heroes); refused otherwise."""
    h = _heroics(battle)
    if h.stage != "rolloff":
        raise RefusedError(Problem.of("SB-05", "sbg.heroic_stage"))
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


# --- SB-02, SB-03, SB-04: Might, Will, Fate ----------------------------------------------------------------
def might_changes(roll: int, might: int) -> list[int]:
    """What each Might point would make of a die: the result with 0, 1, 2 … points (up or down by one each)."""
    return [roll + points for points in range(might + 1)]


def might_dice(kind: str) -> int:
    """The dice thrown for a roll of this kind (their total is what Might changes)."""
    return MIGHT_DICE.get(kind, 1)


def might_check(battle: SbgBattle, key: str, kind: str, points: int) -> HeroModel:
    """The hero, when it may spend `points` Might on a roll of this kind (SB-02); refused otherwise."""
    h = hero(battle, key)
    if kind not in MIGHT_ROLLS:
        raise RefusedError(Problem.of("SB-02", "sbg.no_roll_kind", h.ref(), kind=kind))
    if points > h.state.might:
        raise RefusedError(Problem.of("SB-02", "sbg.spent", h.ref(), hero=h.label, what=term(N_("Might"))))
    return h


def use_might(battle: SbgBattle, key: str, points: int, kind: str) -> SbgBattle:
    h = might_check(battle, key, kind, points)
    return with_hero(battle, key, might=h.state.might - abs(points))


def fewest_might(total: int, need: int, might: int) -> int:
    """The fewest Might points (at most `might`) that bring a roll's `total` to `need`: 0 when it already does,
    and 0 too when even all of them would not (Might is never spent for nothing)."""
    short = max(0, need - total)
    return short if short <= might else 0


def might_chance(need: int, dice: int, might: int) -> Fraction:
    """The exact chance that the total of `dice` dice, raised by up to `might` points, reaches `need`."""
    target = need - might
    counts = [1]  # ways of making each total with the dice thrown so far
    for _die in range(dice):
        step = [0] * (len(counts) + 6)
        for total, ways in enumerate(counts):
            for face in range(1, 7):
                step[total + face] += ways
        counts = step
    return Fraction(sum(ways for total, ways in enumerate(counts) if total >= target), 6**dice)


def will_check(battle: SbgBattle, key: str, dice: int) -> None:
    h = hero(battle, key)
    if h.state.will < 1:
        raise RefusedError(Problem.of("SB-03", "sbg.no_will", h.ref(), hero=h.label))
    if battle.options.will_dice == "one" and dice != 1:
        raise RefusedError(Problem.of("SB-03", "sbg.will_dice", h.ref(), dice=dice))
    if dice < 1 or dice > h.state.will:
        raise RefusedError(Problem.of("SB-03", "sbg.spent", h.ref(), hero=h.label, what=term(N_("Will for that"))))


def will_attempt(
    battle: SbgBattle, key: str, rolled: tuple[int, ...], might: int, need: int
) -> tuple[SbgBattle, bool]:
    """Cast (need = the casting value) or resist (need = the caster's score): the Will dice are spent whatever
    happens; the highest die counts, raised by Might."""
    will_check(battle, key, len(rolled))
    h = hero(battle, key)
    after = with_hero(battle, key, will=h.state.will - len(rolled))
    if might:
        after = use_might(after, key, might, "will")
    return after, max(rolled) + might >= need


def will_chance(need: int, dice: int, might: int = 0) -> Fraction:
    """The exact chance that the highest of `dice` Will dice, plus up to `might` points, reaches `need`."""
    target = max(1, need - might)
    if target > 6:
        return Fraction(0)
    return 1 - Fraction(target - 1, 6) ** dice


@lru_cache(maxsize=4096)
def fate_chance(lost: int, fate: int, might: int) -> Fraction:
    """SB-04: the exact chance of restoring `lost` Wounds with `fate` dice, each 4+ restoring one, spending Might
    (+1 a point) on a die only when it turns a failure into a success, and only when that helps. Dynamic
    programming over (Wounds still to restore, Fate left, Might left)."""
    if lost <= 0:
        return Fraction(1)
    if fate <= 0 or fate < lost:
        return Fraction(0)
    total = Fraction(0)
    for die in range(1, 7):
        if die >= 4:
            total += fate_chance(lost - 1, fate - 1, might)
            continue
        keep = fate_chance(lost, fate - 1, might)
        needed = 4 - die
        boost = fate_chance(lost - 1, fate - 1, might - needed) if might >= needed else Fraction(0)
        total += max(keep, boost)
    return total / 6


def fate_check(battle: SbgBattle, key: str, dice: int, might: int = 0) -> HeroModel:
    """The hero, when it may spend `dice` Fate with `might` Might on them (SB-04, SB-02); refused otherwise."""
    h = hero(battle, key)
    if h.state.courage_failed:
        raise RefusedError(Problem.of("SB-04", "sbg.courage", h.ref(), hero=h.label))
    if h.state.fate < 1:
        raise RefusedError(Problem.of("SB-04", "sbg.spent", h.ref(), hero=h.label, what=term(N_("Fate"))))
    if dice > h.state.fate:
        raise RefusedError(
            Problem.of("SB-04", "sbg.fate_more", h.ref(), hero=h.label, fate=h.state.fate, dice=dice)
        )
    if might > h.state.might:
        raise RefusedError(Problem.of("SB-02", "sbg.spent", h.ref(), hero=h.label, what=term(N_("Might"))))
    return h


def fate_wanted(battle: SbgBattle, key: str, lost: int) -> int:
    """The Wounds a Fate roll is to restore: those lost in the event (`lost`), never more than the hero is below
    its starting Wounds (SB-04). Refused when it has lost none."""
    h = hero(battle, key)
    missing = h.start("wounds") - h.state.wounds
    if missing < 1:
        raise RefusedError(Problem.of("SB-04", "sbg.no_wounds_lost", h.ref(), hero=h.label))
    return max(0, min(lost, missing))


FATE_SUCCESS = 4
"""A Fate die restores a Wound on 4+ (SB-04)."""


def fate_might(die: int, wanted: int, fate_after: int, might: int) -> int:
    """The Might to put on a Fate die thrown one at a time: what turns it into a success, when that raises the
    chance of restoring the `wanted` Wounds with the `fate_after` dice still to come (as `fate_chance` counts);
    otherwise none."""
    cost = FATE_SUCCESS - die
    if cost <= 0 or wanted <= 0 or cost > might:
        return 0
    keep = fate_chance(wanted, fate_after, might)
    boost = fate_chance(wanted - 1, fate_after, might - cost)
    return cost if boost > keep else 0


def fate_might_at_once(values: Sequence[int], wanted: int, might: int) -> tuple[int, ...]:
    """The Might on Fate dice thrown together: on the failed dice closest to 4 first, each only when it then
    succeeds, until `wanted` dice succeed (as `fate_chance_at_once` counts)."""
    spent = [0] * len(values)
    successes = sum(1 for v in values if v >= FATE_SUCCESS)
    left = might
    for index in sorted(range(len(values)), key=lambda i: FATE_SUCCESS - values[i]):
        cost = FATE_SUCCESS - values[index]
        if successes >= wanted:
            break
        if 0 < cost <= left:
            spent[index] = cost
            left -= cost
            successes += 1
    return tuple(spent)


def fate_roll(
    battle: SbgBattle, key: str, rolled: tuple[int, ...], might: tuple[int, ...], lost: int
) -> tuple[SbgBattle, int]:
    """Spend one Fate point per die (success or not); each die of 4+ (after its Might) restores a Wound, never
    more than were lost in the event nor above the starting Wounds."""
    h = fate_check(battle, key, len(rolled), sum(might))
    spent_might = sum(might)
    successes = sum(1 for d, m in zip(rolled, might, strict=True) if d + m >= FATE_SUCCESS)
    cap = lost if battle.options.fate_restores == "same_event" else h.start("wounds")
    restored = min(successes, cap, h.start("wounds") - h.state.wounds)
    after = with_hero(
        battle,
        key,
        fate=h.state.fate - len(rolled),
        might=h.state.might - spent_might,
        wounds=h.state.wounds + restored,
    )
    return after, restored


def phase_title(battle: SbgBattle) -> str:
    return f"Turn {battle.turn} — {PHASE_NAMES[battle.phase]}"


def fate_chance_at_once(lost: int, dice: int, might: int) -> Fraction:
    """SB-04 option: `dice` Fate points spent at once and rolled together; Might then goes on the dice closest to
    4 first. The exact chance that at least `lost` dice come to 4+."""
    from itertools import product

    total = Fraction(0)
    for faces in product(range(1, 7), repeat=dice):
        successes = sum(1 for f in faces if f >= 4)
        left = might
        for cost in sorted(4 - f for f in faces if f < 4):
            if cost <= left:
                left -= cost
                successes += 1
        if successes >= lost:
            total += 1
    return total / Fraction(6**dice)
