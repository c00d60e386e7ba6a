"""A Litany battle as a frozen value, and the commands that change it (LI-03).

The battle holds both armies with a snapshot of the catalog entries they use, the rules options, the turn and
its phase (the Vigil, then the Clash), and each model's state. Every change is a command the journal writes
and replays (`COMMANDS`); a prayer is a command carrying its two dice (`Pray`), worked out once (`pray`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field, Strict, TypeAdapter

from litany.schema import LitanyArmy, LitanyUnit, Prayer, Profile, Snapshot
from warband.model import changes
from warband.model.army import Problem, UnitRef, unit_label
from warband.model.battle_commands import EndBattle
from warband.model.battle_log import LogEntry
from warband.model.catalog import Catalogs, Flag, Frozen, Id
from warband.model.dice import Dice, TypedDice
from warband.model.edits import replace
from warband.model.messages import N_, Phrase, term
from warband.model.names import CatalogName
from warband.model.session import RefusedError

PhaseId = Literal["vigil", "clash"]
PHASES: tuple[PhaseId, ...] = ("vigil", "clash")
PHASE_NAMES: dict[str, str] = {"vigil": N_("Vigil"), "clash": N_("Clash")}
Key = Annotated[str, Strict(), Field(max_length=100)]
D6 = Annotated[int, Strict(), Field(ge=1, le=6)]


class RulesOptions(Frozen):
    """Litany's rules options, chosen at the start of a battle (File → New Battle) and saved with it."""

    double_six_always_answers: Flag = True
    """LI-03: a natural double six answers a prayer whatever its difficulty (default), or counts as 12."""


class ModelState(Frozen):
    """One model in the battle: whether it prayed this turn, whether it fell, how many prayers were answered."""

    prayed: Flag = False
    fallen: Flag = False
    answered: Annotated[int, Strict(), Field(ge=0, le=100_000)] = 0


class Side(Frozen):
    player: Annotated[str, Strict(), Field(max_length=80)]
    army: LitanyArmy


class LitanyBattle(Frozen):
    """Everything about a Litany battle that undo restores."""

    format: Literal["warband-battle"] = "warband-battle"
    version: Annotated[int, Strict(), Field(ge=1)] = 1
    system: Literal["litany"] = "litany"
    options: RulesOptions = RulesOptions()
    sides: tuple[Side, Side]
    entries: Snapshot = Snapshot()
    turn: Annotated[int, Strict(), Field(ge=1, le=1000)] = 1
    phase: PhaseId = "vigil"
    models: dict[Key, ModelState] = Field(default_factory=dict)
    """Model key (`"<side>:<unit id>"`) → its state, for every model of both armies."""
    ended: Flag = False


class LitanyBattleFile(LitanyBattle):
    """A `*.battle.json` file of a Litany battle: the battle, its log and the dice state."""

    log: tuple[LogEntry, ...] = ()
    dice: dict[str, Any] | None = None


def model_key(side: int, unit_id: str) -> str:
    return f"{side}:{unit_id}"


def start_battle(
    sides: Sequence[tuple[str, LitanyArmy]], catalogs: Catalogs, options: RulesOptions | None
) -> LitanyBattle:
    """Both armies with the entries they use, every model standing, in the Vigil of turn 1."""
    if len(sides) != 2:
        raise ValueError("a Litany battle has two sides")
    entries = changes.battle_entries([army for _player, army in sides], catalogs, Snapshot)
    models = {model_key(i, unit.id): ModelState() for i, (_p, army) in enumerate(sides) for unit in army.units}
    return LitanyBattle.model_validate(
        {
            "options": options or RulesOptions(),
            "sides": tuple(Side(player=p or f"Player {i + 1}", army=a) for i, (p, a) in enumerate(sides)),
            "entries": entries,
            "models": models,
        }
    )


# --- the models ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Model:
    """A model of the battle, as the rules see it: where it is, its profile (None: unknown), its state."""

    key: str
    side: int
    unit: LitanyUnit
    profile: Profile | None
    state: ModelState
    label: str

    @property
    def piety(self) -> int | None:
        return self.profile.piety if self.profile is not None else None

    def ref(self) -> UnitRef:
        return UnitRef(self.key, self.side, self.label)


def models(battle: LitanyBattle) -> list[Model]:
    """Every model of both sides, in army order."""
    found: list[Model] = []
    for index, side in enumerate(battle.sides):
        for unit in side.army.units:
            key = model_key(index, unit.id)
            profile = battle.entries.profiles.get(unit.profile)
            state = battle.models.get(key, ModelState())
            found.append(Model(key, index, unit, profile, state, unit_label(unit, profile)))
    return found


def model(battle: LitanyBattle, key: str) -> Model:
    for each in models(battle):
        if each.key == key:
            return each
    raise KeyError(f"no model {key!r} in this battle")


def priests(battle: LitanyBattle) -> list[Model]:
    return [m for m in models(battle) if m.piety is not None]


def prayer_name(battle: LitanyBattle, prayer_id: str) -> str:
    """The prayer's name (a `CatalogName`: English as a string), or its id when the battle does not hold it."""
    prayer = battle.entries.prayers.get(prayer_id)
    return CatalogName(prayer.name) if prayer is not None else prayer_id


def with_model(battle: LitanyBattle, key: str, **update: object) -> LitanyBattle:
    states = dict(battle.models)
    states[key] = replace(states.get(key, ModelState()), **update)
    return replace(battle, models=states)


# --- praying (LI-01, LI-03) ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class PrayRequest:
    """A prayer to say: which model (its key) and which of its prayers."""

    key: str
    prayer: str


def pray_problems(battle: LitanyBattle, request: PrayRequest) -> list[Problem]:
    """Every reason the prayer may not be said now, with its rule (empty: it may)."""
    m = model(battle, request.key)
    ref = m.ref()
    name = prayer_name(battle, request.prayer)
    prayer = battle.entries.prayers.get(request.prayer)
    if prayer is None:  # AR-02: nothing to roll against
        return [Problem.of("AR-02", "litany.cannot_pray_unknown", ref, prayer=request.prayer, unit=m.label)]
    problems: list[Problem] = []
    if m.piety is None:
        problems.append(Problem.of("LI-01", "litany.not_priest", ref, unit=m.label, prayer=name))
    elif request.prayer not in m.unit.prayers:
        problems.append(Problem.of("LI-01", "litany.not_held", ref, unit=m.label, prayer=name))
    elif m.piety < prayer.min_piety:
        problems.append(
            Problem.of(
                "LI-01", "litany.piety_low", ref, prayer=name, needed=prayer.min_piety, unit=m.label, piety=m.piety
            )
        )
    if battle.phase != "vigil":
        problems.append(Problem.of("LI-03", "litany.not_vigil", ref, phase=term(PHASE_NAMES[battle.phase])))
    if m.state.fallen:
        problems.append(Problem.of("LI-03", "litany.fallen", ref, unit=m.label))
    elif m.state.prayed:
        problems.append(Problem.of("LI-03", "litany.prayed", ref, unit=m.label))
    return problems


def answered(dice: tuple[int, int], piety: int, difficulty: int, double_six: bool) -> bool:
    """LI-03: 2d6 + piety reaching the difficulty; a natural double six always, when the option says so."""
    return (double_six and dice == (6, 6)) or sum(dice) + piety >= difficulty


@dataclass(frozen=True)
class PrayOutcome:
    key: str
    label: str
    prayer: str
    prayer_name: str
    piety: int
    difficulty: int
    dice: tuple[int, int]
    answered: bool

    def sentence(self) -> str:
        """The log's line (a `Phrase`: English as a string, the language spoken in the log)."""
        return Phrase(
            N_("{unit} prays {prayer}: {dice} + piety {piety} = {total} against {difficulty}: {verdict}"),
            unit=self.label,
            prayer=self.prayer_name,
            dice=" + ".join(str(d) for d in self.dice),
            piety=self.piety,
            total=sum(self.dice) + self.piety,
            difficulty=self.difficulty,
            verdict=term(N_("answered") if self.answered else N_("unanswered")),
        )


def pray(battle: LitanyBattle, request: PrayRequest, dice: Dice) -> tuple[LitanyBattle, PrayOutcome]:
    """Say a prayer (LI-03): two dice; the priest has prayed this turn, and one more prayer is answered or not."""
    problems = pray_problems(battle, request)
    if problems:
        raise RefusedError(problems[0])
    m = model(battle, request.key)
    prayer: Prayer = battle.entries.prayers[request.prayer]
    piety = m.piety or 0
    first, second = dice.roll(6, 2)
    rolled = (first, second)
    success = answered(rolled, piety, prayer.difficulty, battle.options.double_six_always_answers)
    after = with_model(battle, m.key, prayed=True, answered=m.state.answered + int(success))
    outcome = PrayOutcome(
        m.key, m.label, prayer.id, CatalogName(prayer.name), piety, prayer.difficulty, rolled, success
    )
    return after, outcome


# --- the commands -------------------------------------------------------------------------------------------
class NextPhase(Frozen):
    """The Vigil → the Clash; the Clash → the next turn's Vigil, where every model may pray again."""

    kind: Literal["next_phase"] = "next_phase"

    @property
    def label(self) -> str:
        return term(N_("Next phase"))

    def refusal_in(self, state: LitanyBattle) -> Problem | None:
        return None

    def log_in(self, state: LitanyBattle) -> str:
        after = self.apply(state)
        return Phrase(
            N_("Next phase: {phase} of turn {turn}"), phase=term(PHASE_NAMES[after.phase]), turn=after.turn
        )

    def apply(self, state: LitanyBattle) -> LitanyBattle:
        if state.phase == "vigil":
            return replace(state, phase="clash")
        states = {key: replace(s, prayed=False) for key, s in state.models.items()}
        return replace(state, turn=state.turn + 1, phase="vigil", models=states)


class PreviousPhase(Frozen):
    """Back from the Clash to the Vigil of the same turn (never further: LI-03)."""

    kind: Literal["previous_phase"] = "previous_phase"

    @property
    def label(self) -> str:
        return term(N_("Previous phase"))

    def refusal_in(self, state: LitanyBattle) -> Problem | None:
        return Problem.of("LI-03", "litany.first_phase") if state.phase == "vigil" else None

    def apply(self, state: LitanyBattle) -> LitanyBattle:
        refusal = self.refusal_in(state)
        if refusal is not None:
            raise RefusedError(refusal)
        return replace(state, phase="vigil")


class SetFallen(Frozen):
    """A model falls (or stands again, a mistake corrected)."""

    kind: Literal["fallen"] = "fallen"
    key: Key
    value: Flag = True

    @property
    def label(self) -> str:
        return term(N_("A model falls")) if self.value else term(N_("A model stands again"))

    def label_in(self, state: LitanyBattle) -> str:
        what = term(N_("Fallen")) if self.value else term(N_("Standing again"))
        return Phrase(N_("{unit}: {action}"), unit=model(state, self.key).label, action=what)

    def refusal_in(self, state: LitanyBattle) -> Problem | None:
        return None

    def apply(self, state: LitanyBattle) -> LitanyBattle:
        model(state, self.key)  # a key the battle does not know is an error, not a new model
        return with_model(state, self.key, fallen=self.value)


class Pray(Frozen):
    """A prayer with its two dice, already thrown (LI-03)."""

    kind: Literal["pray"] = "pray"
    key: Key
    prayer: Id
    dice: tuple[D6, D6]

    @property
    def label(self) -> str:
        return Phrase(N_("Pray {prayer}"), prayer=self.prayer)

    def label_in(self, state: LitanyBattle) -> str:
        return Phrase(N_("Pray {prayer}"), prayer=prayer_name(state, self.prayer))

    def request(self) -> PrayRequest:
        return PrayRequest(self.key, self.prayer)

    def apply(self, state: LitanyBattle) -> LitanyBattle:
        return pray(state, self.request(), TypedDice(self.dice))[0]


LitanyCommand = Annotated[NextPhase | PreviousPhase | SetFallen | Pray | EndBattle, Field(discriminator="kind")]
COMMANDS: TypeAdapter[LitanyCommand] = TypeAdapter(LitanyCommand)
"""A journalled command (its JSON) back as the command it was."""
