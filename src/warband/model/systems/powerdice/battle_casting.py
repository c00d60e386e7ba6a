"""Casting in a power-dice battle (PD-01, PD-05 … PD-08): what may be cast and why not, the helpers, the exact
chance (counted in `totals`), and the casting with its dice."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from warband.model.army import Problem
from warband.model.dice import Dice
from warband.model.edits import replace
from warband.model.messages import N_, OR, Phrase, joined, term
from warband.model.names import CatalogName
from warband.model.session import RefusedError
from warband.model.systems.powerdice.battle_casters import (
    CasterModel,
    caster,
    casters,
    find_caster,
    step_problem,
    with_caster,
)
from warband.model.systems.powerdice.battle_state import (
    LastingSpell,
    PowerDiceBattle,
)
from warband.model.systems.powerdice.battle_steps import next_b3_side
from warband.model.systems.powerdice.rules import shares_trait, traits_text
from warband.model.systems.powerdice.schema import Spell
from warband.model.systems.powerdice.totals import CastingOdds, chance_at_least, dice_odds


# --- casting (PD-01, PD-05 … PD-08) ------------------------------------------------------------------------
@dataclass(frozen=True)
class CastRequest:
    key: str
    spell: str
    dice: int
    """Dice from the caster's own reserve."""
    gifts: Mapping[str, int] = field(default_factory=dict)
    """Helper key → dice it gives (B3 only)."""
    helpers_near: bool = False
    """The player confirms the helpers are within 3 hexes (PD-05)."""
    target: str = ""

    @property
    def total(self) -> int:
        return self.dice + sum(self.gifts.values())


def cast_problems(battle: PowerDiceBattle, request: CastRequest, *, as_before: bool = False) -> list[Problem]:
    """Every reason the casting may not be made, with its rule (empty: it may). `as_before`: without the checks
    added since earlier versions (a helper out of play, PD-05), to replay a journal as they played it."""
    if battle.step not in ("B3", "C"):
        return [step_problem(battle, N_("Casting a spell"), joined(["B3", "C"], OR))]
    c = find_caster(battle, request.key)
    if c is None:  # AR-02: a unit the battle does not hold as a caster (a journal or request by hand)
        return [Problem.of("AR-02", "pd.not_caster", None, unit=request.key)]
    ref = c.ref()
    if c.state.removed:
        return [Problem.of("PD-03", "pd.out_of_play", ref, unit=c.label)]
    spell = battle.entries.spells.get(request.spell)
    if spell is None:  # AR-02: nothing to roll against
        return [Problem.of("AR-02", "pd.spell_unknown", ref, spell=request.spell, unit=c.label)]
    problems: list[Problem] = []
    if not shares_trait(c.caster, spell):
        problems.append(
            Problem.of(
                "PD-01",
                "spell.no_trait",
                ref,
                spell=CatalogName(spell.name),
                traits=traits_text(spell.traits),
                unit=c.label,
                caster=traits_text(c.caster.traits),
            )
        )
    if battle.step == "B3":
        if c.state.marker != "incantation":
            problems.append(
                Problem.of(
                    "PD-05", "pd.marker_needed", ref, unit=c.label, marker=term(N_("incantation")), segment="B3"
                )
            )
        elif c.side in battle.b3_passed:
            problems.append(Problem.of("PD-03", "pd.passed", ref, player=battle.sides[c.side].player))
        elif battle.b3_turn is not None and battle.b3_turn != c.side:
            problems.append(
                Problem.of("PD-03", "pd.not_your_turn", ref, player=battle.sides[battle.b3_turn].player)
            )
        problems.extend(_gift_problems(battle, c, request, as_before=as_before))
        cap = c.caster.level + 1
        if request.total > cap:
            problems.append(Problem.of("PD-05", "pd.cap", ref, dice=request.total, unit=c.label, cap=cap))
    else:
        if c.state.marker != "wait":
            problems.append(
                Problem.of("PD-06", "pd.marker_needed", ref, unit=c.label, marker=term(N_("wait")), segment="C")
            )
        if request.gifts:
            problems.append(Problem.of("PD-06", "pd.no_gifts", ref))
        if request.total > 3:
            problems.append(Problem.of("PD-06", "pd.wait_cap", ref, dice=request.total))
    if request.dice > c.state.reserve or request.dice < 0:
        problems.append(
            Problem.of("PD-02", "pd.reserve", ref, unit=c.label, reserve=c.state.reserve, dice=request.dice)
        )
    if request.total < 1:
        problems.append(Problem.of("PD-08", "pd.no_dice", ref))
    return problems


def _gift_problems(
    battle: PowerDiceBattle, c: CasterModel, request: CastRequest, *, as_before: bool = False
) -> list[Problem]:
    problems: list[Problem] = []
    ref = c.ref()
    for helper_key, dice in request.gifts.items():
        if dice == 0:
            continue
        if helper_key == c.key:
            problems.append(Problem.of("PD-05", "pd.helper_self", ref, unit=c.label))
            continue
        h = find_caster(battle, helper_key)
        if h is None:  # AR-02: no caster of the battle by that key
            problems.append(Problem.of("AR-02", "pd.not_caster", ref, unit=helper_key))
            continue
        if h.state.removed and not as_before:  # PD-05: friendly casters still in play only
            problems.append(Problem.of("PD-05", "pd.helper_out", ref, helper=h.label))
        if h.side != c.side:
            problems.append(Problem.of("PD-05", "pd.helper_side", ref, helper=h.label, unit=c.label))
        if h.state.marker != "incantation":
            problems.append(Problem.of("PD-05", "pd.helper_marker", ref, helper=h.label))
        if not set(h.caster.traits) & set(c.caster.traits):
            problems.append(Problem.of("PD-07", "pd.helper_trait", ref, helper=h.label, unit=c.label))
        if dice > h.state.reserve or dice < 0:
            problems.append(
                Problem.of("PD-05", "pd.helper_reserve", ref, helper=h.label, reserve=h.state.reserve, dice=dice)
            )
    if any(d for d in request.gifts.values()) and not request.helpers_near:
        problems.append(Problem.of("PD-05", "pd.helpers_near", ref, unit=c.label))
    return problems


def helpers(battle: PowerDiceBattle, key: str) -> list[CasterModel]:
    """Who may give dice to this caster in B3: friendly, an incantation marker, a shared trait (PD-05, PD-07)."""
    c = caster(battle, key)
    return [
        h
        for h in casters(battle)
        if h.key != key
        and h.side == c.side
        and h.state.marker == "incantation"
        and not h.state.removed
        and set(h.caster.traits) & set(c.caster.traits)
    ]


def chance(battle: PowerDiceBattle, request: CastRequest) -> Fraction:
    """PD-08: the exact chance that the dice reach the spell's difficulty (none for a spell the catalogs no
    longer know, AR-02: it cannot be cast)."""
    spell = battle.entries.spells.get(request.spell)
    if spell is None or request.total < 1:
        return Fraction(0)
    return chance_at_least(spell.difficulty, request.total)


def casting_odds(battle: PowerDiceBattle, request: CastRequest) -> CastingOdds | None:
    """PD-08: the chance (as `chance`) and the spread of the totals of the casting's dice, worked out together;
    None when there is nothing to roll (no dice, or a spell the catalogs no longer know)."""
    spell = battle.entries.spells.get(request.spell)
    if spell is None or request.total < 1:
        return None
    return dice_odds(spell.difficulty, request.total)


@dataclass(frozen=True)
class CastOutcome:
    key: str
    label: str
    spell: str
    spell_name: str
    difficulty: int
    dice: tuple[int, ...]
    total: int
    success: bool

    def sentence(self) -> str:
        """The log's line (a `Phrase`: English as a string, the language spoken in the log)."""
        return Phrase(
            N_("{unit} casts {spell}: {dice} = {total} against {difficulty}: {verdict}"),
            unit=self.label,
            spell=self.spell_name,
            dice=" + ".join(str(d) for d in self.dice),
            total=self.total,
            difficulty=self.difficulty,
            verdict=term(N_("success") if self.success else N_("failure")),
        )


def cast(
    battle: PowerDiceBattle, request: CastRequest, dice: Dice, *, as_before: bool = False
) -> tuple[PowerDiceBattle, CastOutcome]:
    """Cast a spell (PD-08): the dice leave every giver's card, success or not; the participants' markers go
    (PD-05; the wait marker in C); a lasting spell's marker is placed on success. `as_before`: as earlier
    versions allowed it (see `cast_problems`), for a journal's casting the rules now refuse."""
    problems = cast_problems(battle, request, as_before=as_before)
    if problems:
        raise RefusedError(problems[0])
    c = caster(battle, request.key)
    spell: Spell = battle.entries.spells[request.spell]
    rolled = dice.roll(6, request.total)
    total = sum(rolled)
    success = total >= spell.difficulty
    after = with_caster(battle, c.key, reserve=c.state.reserve - request.dice, marker=None)
    for helper_key, given in request.gifts.items():
        if given:
            helper_state = after.casters[helper_key]
            after = with_caster(after, helper_key, reserve=helper_state.reserve - given, marker=None)
    if success and spell.duration != "instant":
        lasting = LastingSpell(
            spell=spell.id,
            caster=c.key,
            target=request.target,
            turns_left=spell.duration if isinstance(spell.duration, int) else None,
            counter=0 if spell.duration == "long" else None,
        )
        after = replace(after, lasting=(*after.lasting, lasting))
    if after.step == "B3" and after.b3_turn is not None:
        after = replace(after, b3_turn=next_b3_side(after, c.side, include=False))
    outcome = CastOutcome(
        c.key, c.label, spell.id, CatalogName(spell.name), spell.difficulty, rolled, total, success
    )
    return after, outcome


def claim_order(claims: Sequence[str], active_side: int) -> list[str]:
    """PD-03 C: when both players claim the same moment, the active player's casters cast first."""
    return sorted(claims, key=lambda key: 0 if int(key.split(":", 1)[0]) == active_side else 1)
