"""Power-dice battle rules: the steps and segments (PD-03), hidden markers, restoration (PD-04), incantation
with helpers (PD-05, PD-07), waiting (PD-06) and casting (PD-08). Pure functions of a battle value and dice."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from warband.model import changes
from warband.model.army import Problem, UnitRef, unit_label
from warband.model.catalog import Catalogs
from warband.model.dice import Dice, at_least
from warband.model.edits import replace
from warband.model.messages import COMMA, N_, OR, Phrase, joined, term
from warband.model.names import CatalogName
from warband.model.session import RefusedError
from warband.model.systems.powerdice.battle_state import (
    STEP_NAMES,
    STEPS,
    CasterState,
    LastingSpell,
    Marker,
    PowerDiceBattle,
    RulesOptions,
    Side,
)
from warband.model.systems.powerdice.rules import shares_trait, traits_text
from warband.model.systems.powerdice.schema import Caster, PowerDiceArmy, PowerDiceUnit, Profile, Snapshot, Spell


def model_key(side: int, unit_id: str) -> str:
    return f"{side}:{unit_id}"


def start_battle(
    sides: Sequence[tuple[str, PowerDiceArmy]],
    catalogs: Catalogs,
    options: RulesOptions | None = None,
    initiative: int = 0,
) -> PowerDiceBattle:
    """Both armies with the entries they use; every caster starts with as many dice as its level (PD-02)."""
    if len(sides) != 2:
        raise ValueError("a battle has two sides")
    entries = changes.battle_entries([army for _player, army in sides], catalogs, Snapshot)
    casters: dict[str, CasterState] = {}
    for index, (_player, army) in enumerate(sides):
        for unit in army.units:
            profile = entries.profiles.get(unit.profile)
            if profile is not None and profile.caster is not None:
                casters[model_key(index, unit.id)] = CasterState(reserve=profile.caster.level)
    return PowerDiceBattle.model_validate(
        {
            "options": options or RulesOptions(),
            "sides": tuple(Side(player=p or f"Player {i + 1}", army=a) for i, (p, a) in enumerate(sides)),
            "entries": entries,
            "casters": casters,
            "initiative": initiative,
            "choosing": initiative,
        }
    )


@dataclass(frozen=True)
class CasterModel:
    key: str
    side: int
    unit: PowerDiceUnit
    profile: Profile
    caster: Caster
    state: CasterState
    label: str

    def ref(self) -> UnitRef:
        return UnitRef(self.key, self.side, self.label)


def casters(battle: PowerDiceBattle) -> list[CasterModel]:
    out: list[CasterModel] = []
    for side_index, side in enumerate(battle.sides):
        for unit in side.army.units:
            key = model_key(side_index, unit.id)
            profile = battle.entries.profiles.get(unit.profile)
            if profile is None or profile.caster is None or key not in battle.casters:
                continue
            label = unit_label(unit, profile)
            out.append(CasterModel(key, side_index, unit, profile, profile.caster, battle.casters[key], label))
    return out


def spell_name(battle: PowerDiceBattle, spell_id: str) -> str:
    """The spell's name (a `CatalogName`: English as a string), or its id when the battle does not hold it."""
    spell = battle.entries.spells.get(spell_id)
    return CatalogName(spell.name) if spell is not None else spell_id


def caster(battle: PowerDiceBattle, key: str) -> CasterModel:
    for c in casters(battle):
        if c.key == key:
            return c
    raise KeyError(f"no caster {key!r} in this battle")


def with_caster(battle: PowerDiceBattle, key: str, **changes: object) -> PowerDiceBattle:
    states = dict(battle.casters)
    states[key] = replace(states[key], **changes)
    return replace(battle, casters=states)


def step_problem(battle: PowerDiceBattle, what: str, segment: object) -> Problem:
    """`what` is a term of the rules (marked with `N_`), translated with the sentence."""
    return Problem.of(
        "PD-03", "pd.step", None, what=term(what), segment=segment, step=term(STEP_NAMES[battle.step])
    )


# --- A1 and A3: hidden markers ------------------------------------------------------------------------------
def set_marker(battle: PowerDiceBattle, key: str, marker: Marker | None) -> PowerDiceBattle:
    """A1: the side placing its markers puts one face down on one of its casters."""
    if battle.step != "A1" or battle.choosing is None:
        raise RefusedError(step_problem(battle, N_("Placing magic markers"), "A1"))
    c = caster(battle, key)
    if c.side != battle.choosing:
        player = battle.sides[battle.choosing].player
        raise RefusedError(Problem.of("PD-03", "pd.marker_side", c.ref(), player=player, unit=c.label))
    return with_caster(battle, key, marker=marker)


def hand_over(battle: PowerDiceBattle) -> PowerDiceBattle:
    """The side placing markers is done: its choices are hidden and the other side places its own."""
    if battle.step != "A1" or battle.choosing is None:
        raise RefusedError(step_problem(battle, N_("Handing over"), "A1"))
    side = battle.choosing
    missing = [
        c.label for c in casters(battle) if c.side == side and c.state.marker is None and not c.state.removed
    ]
    if missing:
        player = battle.sides[side].player
        raise RefusedError(
            Problem.of("PD-03", "pd.a1_unfinished", None, player=player, units=joined(missing, COMMA))
        )
    first = battle.initiative
    return replace(battle, choosing=1 - side if side == first else None)


def visible_marker(battle: PowerDiceBattle, key: str, viewer: int | None) -> Marker | None:
    """The marker a viewer may see: all of them once revealed (A3); before, only the viewer's own side's, and
    only while that side is placing them. `viewer` None is a neutral view (the shared screen): nothing."""
    state = battle.casters[key]
    if battle.revealed:
        return state.marker
    side = int(key.split(":", 1)[0])
    if viewer is not None and viewer == side and battle.choosing == side:
        return state.marker
    return None


# --- the steps (PD-03, PD-04, PD-05 end of B3, D4) ---------------------------------------------------------
@dataclass(frozen=True)
class StepReport:
    """What moving on did to the casters and spells, for the log."""

    restored: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()
    expired: tuple[str, ...] = ()
    notes: list[str] = field(default_factory=list)


def next_step(battle: PowerDiceBattle) -> tuple[PowerDiceBattle, StepReport]:
    if battle.step == "A1" and battle.choosing is not None:
        raise RefusedError(Problem.of("PD-03", "pd.a1_choosing"))
    position = STEPS.index(battle.step)
    if battle.step == "B3":
        return end_b3(battle)
    if battle.step == "C":
        states = {k: replace(s, marker=None) if s.marker == "wait" else s for k, s in battle.casters.items()}
        return replace(battle, step="D1", casters=states), StepReport()  # an unused wait marker costs nothing
    if battle.step == "D4":
        return new_turn(battle), StepReport()
    after = STEPS[position + 1]
    if after == "A3":
        return replace(battle, step=after, revealed=True), StepReport()
    if after == "B3":
        return replace(battle, step=after, b3_turn=_first_b3_side(battle), b3_passed=()), StepReport()
    if after == "D4":
        return d4(replace(battle, step=after))
    return replace(battle, step=after), StepReport()


def _first_b3_side(battle: PowerDiceBattle) -> int | None:
    first = battle.initiative if battle.options.b3_first == "initiative" else 1 - battle.initiative
    return _next_b3_side(battle, first, include=True)


def _next_b3_side(battle: PowerDiceBattle, side: int, *, include: bool) -> int | None:
    """The side that casts next in B3: alternating, skipping a side that has passed or has nobody left."""
    order = [side, 1 - side] if include else [1 - side, side]
    for candidate in order:
        if candidate in battle.b3_passed:
            continue
        if any(c.side == candidate and c.state.marker == "incantation" for c in casters(battle)):
            return candidate
    return None


def pass_b3(battle: PowerDiceBattle, side: int) -> PowerDiceBattle:
    """A side casts no more in this B3 (its remaining incantation markers will cost a die, PD-05)."""
    if battle.step != "B3":
        raise RefusedError(step_problem(battle, N_("Passing"), "B3"))
    passed = tuple(sorted({*battle.b3_passed, side}))
    after = replace(battle, b3_passed=passed)
    return replace(after, b3_turn=_next_b3_side(after, side, include=False))


def end_b3(battle: PowerDiceBattle) -> tuple[PowerDiceBattle, StepReport]:
    """The end of B3: restoration (PD-04), then the loss of a die for each unused incantation (PD-05)."""
    states = dict(battle.casters)
    restored: list[str] = []
    lost: list[str] = []
    for c in casters(battle):
        state = states[c.key]
        if state.marker == "restoration":
            states[c.key] = replace(state, reserve=min(c.caster.level, state.reserve + 1), marker=None)
            restored.append(c.label)
    for c in casters(battle):
        state = states[c.key]
        if state.marker == "incantation":
            states[c.key] = replace(state, reserve=max(0, state.reserve - 1), marker=None)
            lost.append(c.label)
    after = replace(battle, step="C", casters=states, b3_turn=None, b3_passed=())
    return after, StepReport(restored=tuple(restored), lost=tuple(lost))


def d4(battle: PowerDiceBattle) -> tuple[PowerDiceBattle, StepReport]:
    """D4: a spell of N turns counts one down and goes at 0 (turned over before); a long spell's counter rises."""
    kept: list[LastingSpell] = []
    expired: list[str] = []
    for spell in battle.lasting:
        if spell.turns_left is not None:
            left = spell.turns_left - 1
            if left <= 0:
                expired.append(spell.spell)
                continue
            kept.append(replace(spell, turns_left=left, turned=True))
        else:
            kept.append(replace(spell, counter=(spell.counter or 0) + 1))
    return replace(battle, lasting=tuple(kept)), StepReport(expired=tuple(expired))


def remove_lasting(battle: PowerDiceBattle, index: int) -> PowerDiceBattle:
    """A long spell ends by its own terms: the player takes its marker off."""
    lasting = list(battle.lasting)
    del lasting[index]
    return replace(battle, lasting=tuple(lasting))


def new_turn(battle: PowerDiceBattle) -> PowerDiceBattle:
    states = {k: replace(s, marker=None) for k, s in battle.casters.items()}
    return replace(
        battle, turn=battle.turn + 1, step="A1", choosing=battle.initiative, revealed=False, casters=states
    )


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


def cast_problems(battle: PowerDiceBattle, request: CastRequest) -> list[Problem]:
    """Every reason the casting may not be made, with its rule (empty: it may)."""
    if battle.step not in ("B3", "C"):
        return [step_problem(battle, N_("Casting a spell"), joined(["B3", "C"], OR))]
    c = caster(battle, request.key)
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
        problems.extend(_gift_problems(battle, c, request))
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


def _gift_problems(battle: PowerDiceBattle, c: CasterModel, request: CastRequest) -> list[Problem]:
    problems: list[Problem] = []
    ref = c.ref()
    for helper_key, dice in request.gifts.items():
        if dice == 0:
            continue
        if helper_key == c.key:
            problems.append(Problem.of("PD-05", "pd.helper_self", ref, unit=c.label))
            continue
        h = caster(battle, helper_key)
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
    if spell is None:
        return Fraction(0)
    return at_least(spell.difficulty, request.total) if request.total > 0 else Fraction(0)


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


def cast(battle: PowerDiceBattle, request: CastRequest, dice: Dice) -> tuple[PowerDiceBattle, CastOutcome]:
    """Cast a spell (PD-08): the dice leave every giver's card, success or not; the participants' markers go
    (PD-05; the wait marker in C); a lasting spell's marker is placed on success."""
    problems = cast_problems(battle, request)
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
        after = replace(after, b3_turn=_next_b3_side(after, c.side, include=False))
    outcome = CastOutcome(
        c.key, c.label, spell.id, CatalogName(spell.name), spell.difficulty, rolled, total, success
    )
    return after, outcome


def claim_order(claims: Sequence[str], active_side: int) -> list[str]:
    """PD-03 C: when both players claim the same moment, the active player's casters cast first."""
    return sorted(claims, key=lambda key: 0 if int(key.split(":", 1)[0]) == active_side else 1)
