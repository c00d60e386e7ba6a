"""Casting a spell, step by step (PF-01 … PF-09), and the exact odds of every outcome before the dice roll.

A roll "under X" is 2d5 (two d6 numbered 0–5, total 0–10); its margin is X − roll, 0 being a success. Contact:
one roll per source, raw energy = its margin (PF-02). Control: one roll per discipline (PF-03), made unless every
raw energy is negative (0 is not), with the Don chosen for it once the contact rolls are known, and spent only
then. Then failure and backlash (PF-05), or net energies and power (PF-06), the Don paid for the level (PF-07),
and the spread of the power levels over the effects (PF-08).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import prod
from typing import Literal, get_args

from warband.model.dice import sum_distribution
from warband.model.messages import N_, Phrase, term

SIMULTANEOUS: dict[int, int] = {1: 0, 2: -1, 3: -3, 4: -5, 5: -7, 6: -9}
"""PF-04: the penalty on every roll of every spell cast at once."""
RECOVERY_RATES: dict[str, int] = {"asleep": 2, "calm": 1, "intense": 0}
"""PF-10: Don recovered per hour, times the Recovery performance."""
ROLL: dict[int, int] = sum_distribution(2, 6, 0)
"""2d5: the number of ways (out of 36) of each total 0 … 10."""
Outcome = Literal["no energy", "harmless failure", "backlash", "cannot be cast", "success"]


@dataclass(frozen=True)
class CastingOptions:
    backlash_per_roll: bool = True
    """PF-05: each control roll failed by 3 or more brings its own backlash (option: one backlash in all)."""
    vitality_factor: int = 2
    """PF-05: Vitality lost per point of energy left once the Don is gone (rule: 2; the seed's example: 1)."""


@dataclass(frozen=True)
class Setup:
    """Everything decided before the dice: targets of every roll, the modifiers, the Don spent (PF-01 … PF-04)."""

    level: int
    source_skills: Mapping[str, int]
    """Contact skill per source of the combination."""
    source_modifiers: Mapping[str, int]
    """The spell's modifier per source (applied to the raw energy, not the roll, PF-06)."""
    discipline_skills: Mapping[str, int]
    discipline_modifiers: Mapping[str, int]
    don: int
    """The caster's Don before casting."""
    vitality: int
    don_contact: Mapping[str, int] = field(default_factory=dict)
    """Don spent on each contact roll: +1 a point, no cap (PF-02)."""
    don_control: Mapping[str, int] = field(default_factory=dict)
    """Don spent on each control roll: +1 per 2, at most 10 (PF-03); spent only when the control rolls are made."""
    links: Mapping[str, int] = field(default_factory=dict)
    """+1/+2 near a minor/major link to the source, −1/−2 near one to the opposed source (PF-02)."""
    specialisation: Mapping[str, int] = field(default_factory=dict)
    support: int = 0
    whisper: bool = False
    no_gesture: bool = False
    grimoire: bool = False
    fatigue: int = 0
    """0 … 5, a penalty on every roll (PF-04)."""
    simultaneous: int = 1
    time: int = 0
    """Hurrying (a penalty) or taking longer (a bonus), a game-master value on every roll (PF-04)."""

    @property
    def common(self) -> int:
        return -self.fatigue + SIMULTANEOUS[self.simultaneous] + self.time

    @property
    def don_spent(self) -> int:
        """The most Don the rolls may take: on contact, and on control if it is made."""
        return sum(self.don_contact.values()) + sum(self.don_control.values())

    def contact_target(self, source: str) -> int:
        return (
            self.source_skills[source]
            + self.links.get(source, 0)
            + self.support
            + self.don_contact.get(source, 0)
            + self.common
        )

    def control_target(self, discipline: str) -> int:
        return (
            self.discipline_skills[discipline]
            + self.discipline_modifiers[discipline]
            + self.specialisation.get(discipline, 0)
            + min(self.don_control.get(discipline, 0), 10) // 2
            - (1 if self.whisper else 0)
            - (2 if self.no_gesture else 0)
            + (2 if self.grimoire else 0)
            + self.common
        )


def setup_problems(setup: Setup) -> list[str]:
    """What makes the setup impossible, as rule-tagged sentences (`Phrase`s: English as strings)."""
    problems: list[str] = []
    if setup.simultaneous not in SIMULTANEOUS:
        problems.append(term(N_("PF-04: between 1 and 6 spells may be cast at once.")))
    if not 0 <= setup.fatigue <= 5:
        problems.append(term(N_("PF-04: fatigue goes from 0 to −5.")))
    if any(d > 10 or d < 0 for d in setup.don_control.values()):
        problems.append(term(N_("PF-03: at most 10 Don on each control roll.")))
    if any(d < 0 for d in setup.don_contact.values()):
        problems.append(term(N_("PF-02: Don spent on a contact roll cannot be negative.")))
    if setup.don_spent > setup.don:
        problems.append(
            Phrase(
                N_("PF-02: {spent} Don spent on the rolls, but only {don} left."),
                spent=setup.don_spent,
                don=setup.don,
            )
        )
    return problems


@dataclass(frozen=True)
class Backlash:
    energy: int
    don_lost: int
    vitality_lost: int


def backlash(energy: int, don: int, factor: int) -> Backlash:
    """PF-05: 10 Don lost per point of energy (whole steps of 10), then `factor` Vitality per point left."""
    absorbed = min(energy, don // 10)
    left = energy - absorbed
    return Backlash(energy, absorbed * 10, left * factor)


@dataclass(frozen=True)
class Result:
    """Every step of a casting with its numbers, and what it does to the caster."""

    outcome: Outcome
    raw: Mapping[str, int]
    margins: Mapping[str, int]
    net: Mapping[str, int]
    power: int
    don_after: int
    vitality_after: int
    backlash: Backlash | None
    lost_control: bool
    """The Don for the level could not be paid (PF-07): a failed control roll with margin −3."""


def raw_energies(setup: Setup, contact_rolls: Mapping[str, int]) -> dict[str, int]:
    """PF-02: each source's raw energy, the margin of its contact roll."""
    return {s: setup.contact_target(s) - contact_rolls[s] for s in setup.source_skills}


def control_made(raw: Mapping[str, int]) -> bool:
    """PF-03: the control rolls are made unless every raw energy is negative (« mais pas si elles le sont
    toutes »); a raw energy of 0 is not negative."""
    return any(r >= 0 for r in raw.values())


def resolve(
    setup: Setup, contact_rolls: Mapping[str, int], control_rolls: Mapping[str, int], options: CastingOptions
) -> Result:
    """The casting for given rolls (each 0 … 10): the outcome and its effect on the caster's Don and Vitality.
    The Don on control is spent only when the control rolls are made (PF-03)."""
    don = setup.don - sum(setup.don_contact.values())
    raw = raw_energies(setup, contact_rolls)
    energy = sum(r for r in raw.values() if r > 0)
    if not control_made(raw):  # nothing brought: no control roll, no risk (PF-03)
        return Result("no energy", raw, {}, {}, 0, don, setup.vitality, None, False)
    don -= sum(setup.don_control.values())
    margins = {d: setup.control_target(d) - control_rolls[d] for d in setup.discipline_skills}
    if any(m < 0 for m in margins.values()):
        bad = sum(1 for m in margins.values() if m <= -3)
        if bad == 0 or energy == 0:  # no energy to disperse into the caster's body: harmless (PF-05)
            return Result("harmless failure", raw, margins, {}, 0, don, setup.vitality, None, False)
        hits = bad if options.backlash_per_roll else 1
        hurt = backlash(energy * hits, don, options.vitality_factor)
        return Result(
            "backlash", raw, margins, {}, 0, don - hurt.don_lost, setup.vitality - hurt.vitality_lost, hurt, False
        )
    net = {s: raw[s] + setup.source_modifiers[s] for s in raw}
    if any(n < 0 for n in net.values()):
        return Result("cannot be cast", raw, margins, net, 0, don, setup.vitality, None, False)
    power = sum(net.values()) + sum(margins.values())
    if don < setup.level:  # PF-07: control lost, as one control roll failed by 3
        hurt = backlash(energy, don, options.vitality_factor)
        return Result(
            "backlash", raw, margins, net, 0, don - hurt.don_lost, setup.vitality - hurt.vitality_lost, hurt, True
        )
    return Result("success", raw, margins, net, power, don - setup.level, setup.vitality, None, False)


def resolve_as_before(
    setup: Setup, contact_rolls: Mapping[str, int], control_rolls: Mapping[str, int], options: CastingOptions
) -> Result:
    """The casting as versions before issue 16 resolved it, to replay a journal's casting the rules now refuse:
    no control roll unless some raw energy was positive, and every Don pledged spent, control roll or not."""
    raw = raw_energies(setup, contact_rolls)
    if any(r > 0 for r in raw.values()):
        return resolve(setup, contact_rolls, control_rolls, options)  # then the same as now
    return Result("no energy", raw, {}, {}, 0, setup.don - setup.don_spent, setup.vitality, None, False)


@dataclass(frozen=True)
class Odds:
    """The exact chance of each outcome, the expected cost of a backlash, and the power levels of a success."""

    outcomes: Mapping[str, Fraction]
    power: Mapping[int, Fraction]
    expected_don_lost: Fraction
    expected_vitality_lost: Fraction


def odds(setup: Setup, options: CastingOptions, contact_rolls: Mapping[str, int] | None = None) -> Odds:
    """The exact odds, by convolutions over integer counts of the 2d5 rolls (`_odds`). `contact_rolls`: the
    contact rolls already made (PF-03: the control step chooses its Don knowing them), whose odds are then those
    of the control rolls alone."""
    sources = tuple(
        (
            setup.contact_target(source),
            setup.source_modifiers[source],
            None if contact_rolls is None else contact_rolls[source],
        )
        for source in setup.source_skills
    )
    controls = tuple(setup.control_target(discipline) for discipline in setup.discipline_skills)
    found = _odds(sources, controls, setup.don - setup.don_spent, setup.level, options)
    return Odds(dict(found.outcomes), dict(found.power), found.expected_don_lost, found.expected_vitality_lost)


def _sum_ways(parts: Sequence[Mapping[int, int]]) -> dict[int, int]:
    """The number of ways of each sum of one value from each part (value → ways): a convolution of integer
    counts over a list per part. Sums that cannot happen are left out."""
    low, ways = 0, [1]
    for part in parts:
        if not part:
            return {}
        base = min(part)
        step = [0] * (max(part) - base + 1)
        for value, count in part.items():
            step[value - base] += count
        folded = [0] * (len(ways) + len(step) - 1)
        for i, w in enumerate(ways):
            if w:
                for j, count in enumerate(step):
                    folded[i + j] += w * count
        low, ways = low + base, folded
    return {low + i: w for i, w in enumerate(ways) if w}


@lru_cache(maxsize=256)
def _odds(
    sources: tuple[tuple[int, int, int | None], ...],
    controls: tuple[int, ...],
    don: int,
    level: int,
    options: CastingOptions,
) -> Odds:
    """The odds from the targets alone: per source (contact target, modifier, the roll if made), per discipline
    its control target, the Don left once every roll is paid for, and the spell's level.

    Every joint outcome depends on the rolls through a few sums only, so each is a product or a convolution of
    one distribution per roll: the energy (sum of positive raw energies, PF-05) over every contact; the sum of net
    energies when none is negative (PF-06), minus those where every raw energy is negative too (no control roll,
    PF-03); the sum of control margins when none is negative, and the number of rolls failed by 3 or more."""
    energy_parts: list[dict[int, int]] = []  # energy brought by each source
    valid_net: list[dict[int, int]] = []  # net energy of each source, when it is not negative
    valid_net_none: list[dict[int, int]] = []  # the same, when the raw energy is negative
    valid_energy: list[dict[int, int]] = []  # energy brought, when the net energy is not negative
    negative: list[int] = []  # ways of a negative raw energy
    contact_ways = 1
    for target, modifier, made in sources:
        rolls = ROLL if made is None else {made: 1}
        contact_ways *= sum(rolls.values())
        brought: dict[int, int] = defaultdict(int)
        net_part: dict[int, int] = {}
        net_none: dict[int, int] = {}
        energy_valid: dict[int, int] = defaultdict(int)
        for roll, count in rolls.items():
            raw = target - roll
            brought[max(raw, 0)] += count
            if raw + modifier >= 0:
                net_part[raw + modifier] = count
                energy_valid[max(raw, 0)] += count
                if raw < 0:
                    net_none[raw + modifier] = count
        energy_parts.append(brought)
        valid_net.append(net_part)
        valid_net_none.append(net_none)
        valid_energy.append(energy_valid)
        negative.append(sum(count for roll, count in rolls.items() if target - roll < 0))
    none_ways = prod(negative)  # every raw energy negative: no control roll (PF-03)
    some_ways = contact_ways - none_ways
    margin_parts = [
        {target - roll: count for roll, count in ROLL.items() if roll <= target} for target in controls
    ]
    bad_ways = (sum(count for roll, count in ROLL.items() if target - roll <= -3) for target in controls)
    bad_parts = [{0: 36 - ways, 1: ways} for ways in bad_ways]  # 1: a roll failed by 3 or more
    control_ways = 36 ** len(controls)
    margins = _sum_ways(margin_parts)  # every margin 0 or more
    passed = sum(margins.values())
    failed = _sum_ways(bad_parts)  # rolls failed by 3 or more → ways (1 or more: a failure)
    cap = don // 10  # PF-05: points of energy the Don absorbs

    def hurt(energy: int, ways: int) -> tuple[int, int]:
        absorbed = min(energy, cap)
        return ways * absorbed * 10, ways * (energy - absorbed) * options.vitality_factor

    outcomes = {"no energy": none_ways * control_ways, "harmless failure": some_ways * (control_ways - passed)}
    lost_don = lost_vitality = backlashes = 0
    for energy, e_ways in _sum_ways(energy_parts).items():  # a failed roll: a backlash needs energy (PF-05)
        for bad, f_ways in failed.items():
            if energy > 0 and bad > 0:
                ways = e_ways * f_ways
                don_lost, vitality_lost = hurt(energy * (bad if options.backlash_per_roll else 1), ways)
                backlashes += ways
                lost_don += don_lost
                lost_vitality += vitality_lost
    outcomes["harmless failure"] -= backlashes
    nets = _sum_ways(valid_net)
    for net, ways in _sum_ways(valid_net_none).items():
        nets[net] -= ways
    valid_ways = sum(nets.values())  # every net energy 0 or more, and the control rolls made
    outcomes["cannot be cast"] = (some_ways - valid_ways) * passed
    power: dict[int, int] = {}
    if don < level:  # PF-07: control lost, as one control roll failed by 3
        energies = _sum_ways(valid_energy)
        energies[0] = energies.get(0, 0) - prod(sum(part.values()) for part in valid_net_none)
        for energy, ways in energies.items():
            don_lost, vitality_lost = hurt(energy, ways * passed)
            lost_don += don_lost
            lost_vitality += vitality_lost
        backlashes += valid_ways * passed
    else:
        outcomes["success"] = valid_ways * passed
        power = _sum_ways([{k: v for k, v in nets.items() if v}, margins])
    outcomes["backlash"] = backlashes
    total_ways = contact_ways * control_ways
    return Odds(
        {k: Fraction(outcomes[k], total_ways) for k in get_args(Outcome) if outcomes.get(k)},
        {k: Fraction(v, total_ways) for k, v in sorted(power.items())},
        Fraction(lost_don, total_ways),
        Fraction(lost_vitality, total_ways),
    )


def even_split(levels: int, effects: int, extra_to: Sequence[int] = ()) -> list[int]:
    """PF-08 with a control margin of 2 or less: every level spread evenly (shares differ by at most one); the
    caster picks which effects get the extra levels (`extra_to`, in order; by default the first ones)."""
    if effects <= 0:
        return []
    base, extra = divmod(levels, effects)
    order = list(dict.fromkeys([*extra_to, *range(effects)]))
    chosen = set(order[:extra])
    return [base + (1 if i in chosen else 0) for i in range(effects)]


def free_allowed(margins: Mapping[str, int]) -> bool:
    """PF-08: the caster spreads the levels freely (and may leave some) only when every margin is above 2."""
    return all(m > 2 for m in margins.values())


def distraction(ma: int, modifier: int, roll: int) -> bool:
    """PF-09: a roll under MA (2d5), with the game master's bonus or penalty; False: the energy dissipates,
    harmlessly, and no Don is paid for the level."""
    return roll <= ma + modifier


def recover(don: int, don_max: int, hours: int, activity: str, recovery: int) -> int:
    """PF-10: Don recovered over hours of sleep, calm or intense activity, never above the maximum."""
    return min(don_max, don + hours * RECOVERY_RATES[activity] * recovery)
