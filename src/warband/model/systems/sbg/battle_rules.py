"""Strategy Battle Game battle rules: the heroes and their counters, priority (SB-01), Might on a roll (SB-02),
Will (SB-03) and Fate with its exact odds (SB-04). Pure functions of a battle value. The heroic-action protocol
(SB-05) is in `heroics`, the Courage test (SB-06) in `courage`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from warband.model import changes
from warband.model.army import Problem, UnitRef
from warband.model.catalog import Catalogs
from warband.model.edits import replace
from warband.model.messages import N_, term
from warband.model.names import CatalogName
from warband.model.session import RefusedError
from warband.model.systems.sbg import casualties
from warband.model.systems.sbg.battle_state import (
    HEROIC_PHASES,
    PHASE_NAMES,
    PHASES,
    Heroics,
    HeroState,
    RulesOptions,
    SbgBattle,
    Side,
    model_key,
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


_last: tuple[SbgBattle, tuple[HeroModel, ...], dict[str, HeroModel]] | None = None
"""The heroes of the last battle value asked about, worked out once: each action's refusal asks for a hero by key,
and a battle value never changes (kept alive, so that `is` tells it apart from any later one)."""


def _heroes(battle: SbgBattle) -> tuple[tuple[HeroModel, ...], dict[str, HeroModel]]:
    global _last
    seen = _last
    if seen is None or seen[0] is not battle:
        out: list[HeroModel] = []
        for side_index, side in enumerate(battle.sides):
            for unit in side.army.units:
                key = model_key(side_index, unit.id)
                profile = battle.entries.profiles.get(unit.profile)
                if profile is None or profile.hero is None or key not in battle.heroes:
                    continue
                label = unit.label or CatalogName(profile.name)
                out.append(HeroModel(key, side_index, unit, profile, battle.heroes[key], label))
        seen = _last = (battle, tuple(out), {h.key: h for h in out})
    return seen[1], seen[2]


def heroes(battle: SbgBattle) -> list[HeroModel]:
    return list(_heroes(battle)[0])


def hero(battle: SbgBattle, key: str) -> HeroModel:
    found = _heroes(battle)[1].get(key)
    if found is None:
        raise KeyError(f"no hero {key!r} in this battle")
    return found


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
        after = replace(
            battle,
            turn=battle.turn + 1,
            phase="priority",
            last_priority=battle.priority,
            priority=None,
            heroics=None,
        )
        return casualties.turn_begins(after)
    phase = PHASES[position + 1]
    heroics = Heroics() if phase in HEROIC_PHASES else None
    return replace(battle, phase=phase, heroics=heroics)


# --- SB-02, SB-03, SB-04: Might, Will, Fate ----------------------------------------------------------------
def might_changes(roll: int, might: int, low: int = 1) -> list[tuple[int, int]]:
    """What Might could make of a roll, which it may lower or raise (SB-02, « уменьшить или увеличить »), one a
    point: (points, result) from the most lowering (negative points) to the most raising, never below `low` (a
    die's 1; the total of a Courage test's two dice, 2)."""
    return [(points, roll + points) for points in range(-might, might + 1) if roll + points >= low]


def might_dice(kind: str) -> int:
    """The dice thrown for a roll of this kind (their total is what Might changes)."""
    return MIGHT_DICE.get(kind, 1)


def might_check(battle: SbgBattle, key: str, kind: str, points: int) -> HeroModel:
    """The hero, when it may spend `points` Might on a roll of this kind (SB-02); refused otherwise."""
    h = hero(battle, key)
    if kind not in MIGHT_ROLLS:
        raise RefusedError(Problem.of("SB-02", "sbg.no_roll_kind", h.ref(), kind=kind))
    if abs(points) > h.state.might:
        raise RefusedError(Problem.of("SB-02", "sbg.spent", h.ref(), hero=h.label, what=term(N_("Might"))))
    return h


def might_floor_check(battle: SbgBattle, key: str, points: int, dice: Sequence[int]) -> None:
    """Might lowers a roll (negative `points`) no further than its dice can fall: each die to 1 (SB-02)."""
    total = sum(dice)
    if dice and points < 0 and total + points < len(dice):
        h = hero(battle, key)
        raise RefusedError(Problem.of("SB-02", "sbg.might_floor", h.ref(), roll=total, points=-points))


def use_might(battle: SbgBattle, key: str, points: int, kind: str) -> SbgBattle:
    """Spend Might on a roll: `points` raise it, or lower it when negative; each costs one Might (SB-02)."""
    h = might_check(battle, key, kind, points)
    return with_hero(battle, key, might=h.state.might - abs(points))


def fewest_might(total: int, need: int, might: int, *, lower: bool = False, low: int = 1) -> int:
    """The fewest Might points (at most `might`) that bring a roll's `total` to `need`: 0 when it already does,
    and 0 too when even all of them would not (Might is never spent for nothing). With `lower`, the roll succeeds
    at `need` or below and Might lowers it, never under `low`: the points are negative."""
    if lower:
        over = max(0, total - need)
        return -over if over <= might and need >= low else 0
    short = max(0, need - total)
    return short if short <= might else 0


def might_chance(need: int, dice: int, might: int, *, lower: bool = False) -> Fraction:
    """The exact chance that the total of `dice` dice, raised by up to `might` points, reaches `need`; with
    `lower`, that lowered by up to `might` points (each die no lower than 1) it comes to `need` or below."""
    if lower:
        if need < dice:
            return Fraction(0)
        return 1 - might_chance(need + might + 1, dice, 0)
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


def fate_stop_check(battle: SbgBattle, key: str, rolled: Sequence[int], might: Sequence[int], lost: int) -> None:
    """SB-04, one die at a time (the default): each Fate die is a roll of its own, and the rolling stops once the
    Wounds are restored (those lost in the event, never more than the hero is missing). Refused: a die thrown
    after that. With the rules option "all at once", any number of dice thrown together."""
    if battle.options.fate_dice != "one_at_a_time":
        return
    h = hero(battle, key)
    missing = h.start("wounds") - h.state.wounds
    wanted = min(lost, missing) if missing > 0 else lost
    successes = 0
    for number, (die, put) in enumerate(zip(rolled, might, strict=True)):
        if number and successes >= wanted:
            raise RefusedError(
                Problem.of("SB-04", "sbg.fate_stop", h.ref(), hero=h.label, number=number, dice=len(rolled))
            )
        if die + put >= FATE_SUCCESS:
            successes += 1


def fate_roll(
    battle: SbgBattle,
    key: str,
    rolled: tuple[int, ...],
    might: tuple[int, ...],
    lost: int,
    *,
    procedure: bool = True,
) -> tuple[SbgBattle, int]:
    """Spend one Fate point per die (success or not); each die of 4+ (after its Might) restores a Wound, never
    more than were lost in the event nor above the starting Wounds. The dice follow the battle's procedure
    (`fate_stop_check`); `procedure=False` only to replay what an earlier version allowed."""
    h = fate_check(battle, key, len(rolled), sum(might))
    if procedure:
        fate_stop_check(battle, key, rolled, might, lost)
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
    4 first. The exact chance that at least `lost` dice come to 4+.

    Only how many dice fell on each face below 4 matters: a 3 costs one Might, a 2 two, a 1 three, and the Might
    goes on the cheapest failures while it lasts (as `fate_might_at_once` spends it). So the throws are counted
    by those numbers (multinomial coefficients, 3 faces of success each): O(dice³), whatever the Might."""
    if dice < 0:
        raise ValueError(f"cannot roll {dice} dice")
    if lost <= 0:
        return Fraction(1)
    wanted = 0  # throws that restore at least `lost` Wounds
    for failed in range(dice + 1):
        succeeded = dice - failed
        if succeeded + min(failed, max(0, might)) < lost:
            continue  # even a point of Might per failure would not do (each costs at least one)
        ways_succeeded = comb(dice, failed) * 3**succeeded
        for threes in range(failed + 1):
            for twos in range(failed - threes + 1):
                ones = failed - threes - twos
                left = max(0, might)
                raised = min(threes, left)
                left -= raised
                by_two = min(twos, left // 2)
                left -= 2 * by_two
                raised += by_two + min(ones, left // 3)
                if succeeded + raised >= lost:
                    wanted += ways_succeeded * comb(failed, threes) * comb(failed - threes, twos)
    return Fraction(wanted, 6**dice)
