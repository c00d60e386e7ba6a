"""A « Par le Fer et par le Verbe » scene as the shared code plays it: its phases (out of combat, combat rounds),
what may be done now, the odds of a casting or a distraction roll, the rolls, and the end-of-scene summary.

A party is one side; the scene is the system's "battle" (`PfpvScene`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from warband.model.army import Problem, UnitRef
from warband.model.battle import Roll
from warband.model.battle_log import LogEntry
from warband.model.dice import Dice, at_most
from warband.model.messages import N_, Phrase, joined, term
from warband.model.names import CatalogName
from warband.model.play import Action, Odds, Phase, SideSummary, Summary, phases_of, plain
from warband.model.session import RefusedError
from warband.model.systems.pfpv import casting
from warband.model.systems.pfpv.rules import can_attempt
from warband.model.systems.pfpv.scene import (
    CastingSetup,
    EndCombat,
    EndScene,
    NextRound,
    PfpvScene,
    StartCasting,
    StopCasting,
    TimePasses,
    build_setup,
    combination_of,
    label_of,
    options_of,
    profile_of,
    roll_casting,
    roll_distraction,
    setup_refusal,
    spell_name,
    spell_of,
)
from warband.model.systems.pfpv.schema import Combination

PHASES: tuple[str, ...] = ("scene", "combat")
PHASE_NAMES: dict[str, str] = {"scene": N_("Out of combat"), "combat": N_("Combat")}
"""`PfpvScene.phase`: out of combat, or in a combat round (`PfpvScene.round`)."""
ACTIVITIES: tuple[Literal["asleep", "calm", "intense"], ...] = ("asleep", "calm", "intense")
"""PF-10: the ways an hour may pass, each offered as an action of one hour (change `hours` for more)."""
PLUS = "{first} + {last}"
"""How the sources (or the disciplines) of a combination are put together: not words, not translated."""


@dataclass(frozen=True)
class CastingRequest:
    """A casting (PF-01 … PF-08): the character (its key) and the choices of the casting. Its contact and control
    rolls are the dice: two dice numbered 0–5 for each roll, the sources' in the combination's order, then the
    disciplines' when the control rolls are made (PF-03; the table's `TypedDice` give them in that order).

    The control step (PF-03): `contact` holds the contact rolls already made (`contact_step`, 2d5 totals by
    source, made as `contact_source` says), and the choice the Don chosen for control knowing them; the dice
    are then the control rolls' alone, and the odds those of the control step."""

    key: str
    choice: CastingSetup
    contact: Mapping[str, int] | None = None
    contact_source: Literal["rolled", "typed"] = "typed"


@dataclass(frozen=True)
class DistractionRequest:
    """A distraction roll (PF-09): 2d5 under the character's MA, with the game master's bonus or penalty."""

    key: str
    modifier: int = 0


def phases(scene: PfpvScene) -> tuple[Phase, ...]:
    return phases_of(PHASES, PHASE_NAMES, scene.phase)


def moves(scene: PfpvScene) -> list[Action]:
    """The next combat round and the end of the scene (or resuming it), each with its refusal: cheap, for the
    shared bar. Once the scene is over, only resuming it."""
    end = plain("end_battle", EndScene(ended=not scene.ended), scene)
    return [end] if scene.ended else [plain("next_phase", NextRound(), scene), end]


def actions(scene: PfpvScene) -> list[Action]:
    """The scene's moves (the next combat round, its end while in combat, time passing, the end of the scene —
    kind "end_battle", as in every game) and, per character, starting and stopping spells, every combination of
    every spell it knows that it could cast now with a default setup, each with its refusal, and the distraction
    roll. Once the scene is over, only resuming it."""
    end = plain("end_battle", EndScene(ended=not scene.ended), scene)
    if scene.ended:
        return [end]
    # offered as what it does ("Next combat round"); the log says which round begins (`NextRound.log_in`)
    found = [plain("next_phase", NextRound(), scene)]
    if scene.round:
        found.append(plain("end_combat", EndCombat(), scene))
    found.extend(plain("time", TimePasses(hours=1, activity=activity), scene) for activity in ACTIVITIES)
    found.append(end)
    for key in scene.characters:
        found.extend(_character(scene, key))
    return found


def _character(scene: PfpvScene, key: str) -> list[Action]:
    profile = profile_of(scene, key)
    character = label_of(scene, key)
    found: list[Action] = []
    for spell_id in dict.fromkeys(profile.spells):
        found.append(plain("start_casting", StartCasting(key=key, spell=spell_id), scene, key))
        found.extend(_castings(scene, key, spell_id))
    for index, cast in enumerate(scene.characters[key].casting):
        stop = plain("stop_casting", StopCasting(key=key, index=index), scene, key)
        words = Phrase(
            N_("{character} stops casting {spell}"), character=character, spell=spell_name(scene, cast.spell)
        )
        found.append(dataclasses.replace(stop, label=words))
    words = Phrase(N_("{character} rolls against distraction (PF-09)"), character=character)
    found.append(Action("distraction", words, request=DistractionRequest(key), subject=key))
    return found


def _castings(scene: PfpvScene, key: str, spell_id: str) -> list[Action]:
    """One action per combination of the spell (one for a spell the scene cannot cast by any, with why)."""
    spell = scene.entries.spells.get(spell_id)
    combinations = spell.combinations if spell is not None else ()
    if not combinations:
        request = CastingRequest(key, CastingSetup(spell=spell_id))
        words = Phrase(N_("Cast {spell}"), spell=spell_name(scene, spell_id))
        return [Action("cast", words, request=request, subject=key, refusal=casting_refusal(scene, request))]
    found = []
    for index, combination in enumerate(combinations):
        request = CastingRequest(key, CastingSetup(spell=spell_id, combination=index))
        words = Phrase(
            N_("{character} casts {spell} ({combination})"),
            character=label_of(scene, key),
            spell=spell_name(scene, spell_id),
            combination=combination_words(scene, combination),
        )
        found.append(Action("cast", words, request=request, subject=key, refusal=casting_refusal(scene, request)))
    return found


def combination_words(scene: PfpvScene, combination: Combination) -> str:
    """`Fire −6 + Earth −5 / Destruction −2`: the sources, then the disciplines, with the Grimoire's modifiers."""
    entries = scene.entries

    def parts(names: Mapping[str, Any], values: Sequence[Any]) -> object:
        named = [
            Phrase("{name} {modifier}", name=_name(names, p.id), modifier=_signed(p.modifier)) for p in values
        ]
        return joined(named, PLUS, PLUS)

    return Phrase(
        "{sources} / {disciplines}",
        sources=parts(entries.sources, combination.sources),
        disciplines=parts(entries.disciplines, combination.disciplines),
    )


def _name(names: Mapping[str, Any], key: str) -> str:
    entry = names.get(key)
    return CatalogName(entry.name) if entry is not None else key


def _signed(value: int) -> str:
    """`+2`, `−1` (a true minus sign), `0`."""
    if value > 0:
        return f"+{value}"
    return f"−{-value}" if value < 0 else "0"


def casting_refusal(scene: PfpvScene, request: CastingRequest) -> Problem | None:
    """Why the casting may not be made now: a spell the catalogs no longer know (AR-02), one with no
    combination, or a combination the character has no skill for (PF-01), a setup that breaks PF-02 … PF-04."""
    try:
        setup = build_setup(scene, request.key, request.choice)
    except RefusedError as exc:
        if isinstance(exc.reason, Problem):
            return exc.reason
        raise
    unit = scene.party.unit(request.key)
    profile = profile_of(scene, request.key)
    combination = combination_of(scene, request.choice, spell_of(scene, request.choice, request.key))
    if unit is not None and not can_attempt(profile, combination):
        ref = UnitRef(unit.id, scene.party.units.index(unit), label_of(scene, request.key))
        return Problem.of("PF-01", "pf.cannot_attempt", ref)
    return setup_refusal(setup)


def odds(scene: PfpvScene, request: object) -> Odds:
    """A casting's chance of success with the exact odds of every outcome as `detail` (`casting.Odds`); a
    distraction roll's of keeping concentration. Raises `RefusedError` for a spell that cannot be set up (AR-02,
    PF-01)."""
    if isinstance(request, DistractionRequest):
        target = profile_of(scene, request.key).ma + request.modifier
        return Odds(at_most(target, 2, 6, 0))
    if not isinstance(request, CastingRequest):
        raise TypeError(f"Par le Fer et par le Verbe has no roll {type(request).__name__}")
    setup = build_setup(scene, request.key, request.choice)
    detail = casting.odds(setup, options_of(request.choice), request.contact)
    return Odds(detail.outcomes.get("success", Fraction(0)), detail)


def roll(scene: PfpvScene, request: object, dice: Dice) -> Roll[PfpvScene, Any]:
    """The roll worked out once, with the program's dice or the table's; `RefusedError` (with its rule) or
    `DiceError`. A distraction roll changes nothing: it has no command and is logged as a note with its dice."""
    if isinstance(request, DistractionRequest):
        return roll_distraction(scene, request.key, request.modifier, dice=dice)
    if not isinstance(request, CastingRequest):
        raise TypeError(f"Par le Fer et par le Verbe has no roll {type(request).__name__}")
    refusal = casting_refusal(scene, request)
    if refusal is not None:
        raise RefusedError(refusal)
    return roll_casting(
        scene, request.key, request.choice, request.contact, dice=dice, contact_source=request.contact_source
    )


def summary(scene: PfpvScene, log: Sequence[LogEntry]) -> Summary:
    """The party: the spells cast (not undone) and how many succeeded, the time passed, and each character's Don
    and Vitality left."""
    castings = [e for e in log if not e.undone and e.dice and (e.side == 0 or e.success is not None)]
    lines: list[str] = [
        Phrase(
            N_("Spells cast: {casts}, succeeded: {successes}"),
            casts=len(castings),
            successes=sum(1 for e in castings if e.success),
        ),
        _hours(scene.hours),
    ]
    for key, state in scene.characters.items():
        profile = profile_of(scene, key)
        lines.append(
            Phrase(
                N_("{name} — Don {don}/{don_max}, Vitality {vitality}/{vitality_max}"),
                name=label_of(scene, key),
                don=state.don,
                don_max=profile.don,
                vitality=state.vitality,
                vitality_max=profile.vitality,
            )
        )
    return Summary((SideSummary(scene.player, tuple(lines)),))


def _hours(hours: int) -> str:
    if hours == 0:
        return term(N_("No time passed yet"))
    if hours == 1:
        return term(N_("1 hour passed"))
    return Phrase(N_("{hours} hours passed"), hours=hours)
