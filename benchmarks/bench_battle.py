"""Battle benchmarks: the exact odds of a Divination roll, and acting on two 100-model armies in the real window.

Run from the top of a checkout:

    python benchmarks/bench_battle.py            # full run, about a minute and a half
    python benchmarks/bench_battle.py --quick    # about half a minute, for a smoke test
    python benchmarks/bench_battle.py --profile  # then where the slowest action spends its time (cProfile)
    python benchmarks/bench_battle.py --json FILE  # also the figures for bench_all.py (results.py)

Every figure is the median and the best of N timed runs (after warm-up runs), in milliseconds, with the ratio
median / target and OK or MISSED. Nothing is asserted on timing: machines are shared and noisy, and the figures
are for people to read. Everything runs offscreen with HOME and the XDG folders in a temporary folder (as in
`bench_gui.py`, whose measurement this reuses), so the player's settings, catalogs and journals are never touched.

1. The odds of a Divination roll (CF-19), as the Resolver shows them on every change of the call:
   `divination_success(difficulty, fervour, one_fails=…, explode=…)` and `divination_distribution(bonus=fervour,
   explode=…)` together, for every difficulty 1..25, fervour 0..20 and the four combinations of the options
   (natural_one_fails x six_rerolls). Target: 5 ms per update, for the median AND for the slowest combination.
   Then the Resolver tab's whole update when its fervour spin changes, in the window of 2., until idle
   (problems, odds, chart, order line, and the paint): one frame, 16 ms (for information).
2. Two 100-model armies (Faithful of the built-in catalog with 2-4 miracles each, picked among those
   `options()` allows, and non-Faithful) in a battle started through the real main window, shown at 1280x800
   on the Turn tracker tab in the Divination phase. Each action is `document.act(...)` (or `roll` of a call,
   `undo`) then `processEvents()`: the command, the journal line written (its fsync is on a worker thread, as
   in the program), every view of both battle tabs brought up to date and painted. Target: one frame, 16 ms.
   (a) a model flag (engaged) on the Faithful whose turn it is, True and False alternately (it leaves and
   rejoins the Divination order); (b) the next phase, and its undo; (c) a Divination call with typed dice, and
   its undo; (d) its T.F. edited (two values alternately). Every action stays in the log and the journal, so
   both grow through the run as in a long battle. Then the size of the journal and the time to `resume()` it.

As in `bench_gui.py`, each change is timed "until idle" (processEvents() until a pass delivers no event: what
the player waits for) and "first processEvents() only".
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import os
import platform
import pstats
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import product
from pathlib import Path
from typing import Any

import warband.gui  # noqa: F401  (first: PySide6's import hook answered cheaply, see warband/gui/__init__.py)

# isort: split

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import qInstallMessageHandler
from PySide6.QtWidgets import QApplication

from bench_gui import (
    TARGET_FRAME_MS,
    BenchAsker,
    Driver,
    Refresh,
    _on_qt_message,
    _where,
    add_refresh,
    isolated_env,
)
from bench_model import DEFAULT_SEED, Figure, Table, measure
from warband.gui.battle_actions import RESOLVER_INDEX, TRACKER_INDEX
from warband.gui.battle_document import BattleDocument
from warband.gui.main_window import MainWindow
from warband.gui.new_battle_dialog import NewBattle
from warband.gui.settings import Settings
from warband.gui.systems.confrontation.divination_order import order_of
from warband.gui.systems.confrontation.resolver_tab import ResolverTab
from warband.model.army import Army, options
from warband.model.battle import BattleRun
from warband.model.catalog import CatalogLoad, Catalogs, builtin_catalog_paths, load_catalogs
from warband.model.dice import TypedDice, divination_distribution, divination_success
from warband.model.replay import resume
from warband.model.systems.confrontation.battle_calls import CallRequest
from warband.model.systems.confrontation.battle_commands import (
    COMMANDS,
    NextPhase,
    SetModelFlag,
    SetModelNumber,
)
from warband.model.systems.confrontation.battle_rules import divination_order, model, models
from warband.model.systems.confrontation.battle_state import ConfrontationBattle, RulesOptions
from warband.model.systems.confrontation.schema import ConfrontationArmy

SYSTEM = "confrontation"

# Targets, in milliseconds.
TARGET_ODDS_MS = 5.0  # one update of the odds shown for a call
# TARGET_FRAME_MS (16 ms, one frame at 60 Hz) for an action and the window brought up to date

UNITS = 100  # per army
DIFFICULTIES = range(1, 26)
FERVOURS = range(21)
OPTION_SETS = tuple(product((True, False), repeat=2))  # (natural_one_fails, six_rerolls)

# The two armies: (player, Faithful profiles, non-Faithful profiles), all from data/confrontation/core.json.
SIDES: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("Aline", ("iron-priestess", "templar-warrior-monk", "saphon-preacher"), ("griffin-trooper",)),
    ("Bruno", ("mid-nor-dark-priest", "wolfen-yllia-devotee"), ("griffin-trooper", "drune-warrior")),
)
FAITHFUL_SHARE = 0.5
MIRACLES_PER_FAITHFUL = (2, 4)
TYPED_DIE = 4  # the die typed for a call: no 6, so one die is thrown


@dataclass(frozen=True)
class Repetitions:
    odds: int  # timed runs of each (difficulty, fervour, options) combination
    fervour: int  # changes of the Resolver's fervour spin
    flags: int  # flag toggles (True, False, True, …)
    phases: int  # next phase + undo pairs
    calls: int  # call + undo pairs
    faith: int  # T.F. edits (two values alternately)
    model_only: int  # flag toggles on a BattleRun without a window
    resumes: int  # resume() of the journal
    warmup: int  # untimed runs before each series


FULL = Repetitions(
    odds=20, fervour=100, flags=160, phases=60, calls=80, faith=160, model_only=400, resumes=5, warmup=5
)
QUICK = Repetitions(
    odds=4, fervour=30, flags=40, phases=20, calls=20, faith=40, model_only=100, resumes=2, warmup=2
)


# --- 1. the odds of a Divination roll ---------------------------------------------------------------------------
def odds_update(difficulty: int, fervour: int, one_fails: bool, explode: bool) -> None:
    """What the Resolver works out on each change of the call: the chance, and the chart of every total."""
    divination_success(difficulty, fervour, one_fails=one_fails, explode=explode)
    divination_distribution(bonus=fervour, explode=explode)


def bench_odds(table: Table, reps: Repetitions) -> None:
    combos = [(d, f, o, e) for (o, e) in OPTION_SETS for d in DIFFICULTIES for f in FERVOURS]
    for combo in combos:  # warm-up
        odds_update(*combo)
    gc.collect()
    runs: dict[tuple[int, int, bool, bool], list[int]] = {combo: [] for combo in combos}
    for _ in range(reps.odds):  # round after round, so a slow moment of the machine hits every combination
        for combo in combos:
            start = time.perf_counter_ns()
            odds_update(*combo)
            runs[combo].append(time.perf_counter_ns() - start)
    every = [ns for series in runs.values() for ns in series]
    worst_combo = max(combos, key=lambda combo: statistics.median(runs[combo]))
    d, f, o, e = worst_combo
    table.section(
        f"1. Odds of a Divination roll: {len(DIFFICULTIES)} difficulties x {len(FERVOURS)} fervours x "
        f"{len(OPTION_SETS)} option sets = {len(combos)} calls, {reps.odds} runs each"
    )
    table.add(Figure("divination_success + _distribution, all combinations", every, TARGET_ODDS_MS))
    table.add(
        Figure(f"  slowest: difficulty {d}, fervour {f}, {_options_text(o, e)}", runs[worst_combo], TARGET_ODDS_MS)
    )
    table.note(
        f"slowest single run of all {len(every)}: {max(every) / 1e6:.3f} ms "
        f"({sum(1 for ns in every if ns > TARGET_ODDS_MS * 1e6)} over {TARGET_ODDS_MS:g} ms)"
    )
    for one_fails, explode in OPTION_SETS:
        series = [ns for (_d, _f, o, e), s in runs.items() if (o, e) == (one_fails, explode) for ns in s]
        table.add(Figure(f"  {_options_text(one_fails, explode)}", series))


def _options_text(one_fails: bool, explode: bool) -> str:
    return f"1 {'fails' if one_fails else 'counts'}, 6 {'rerolled' if explode else 'kept'}"


# --- the armies and the battle ----------------------------------------------------------------------------------
def build_army(name: str, faithful: Sequence[str], others: Sequence[str], catalogs: Catalogs, seed: int) -> Army:
    """`UNITS` units, about half of them Faithful with 2-4 of the miracles `options()` lets them take."""
    rng = random.Random(seed)
    units: list[dict[str, Any]] = []
    for number in range(1, UNITS + 1):
        is_faithful = rng.random() < FAITHFUL_SHARE
        profile = rng.choice(faithful if is_faithful else others)
        units.append({"id": f"u{number:03d}", "profile": profile, "label": f"{name} {number}"})
    draft = ConfrontationArmy.model_validate({"system": SYSTEM, "name": name, "units": units})
    eligible_by_profile: dict[str, list[str]] = {}
    for unit, data in zip(draft.units, units, strict=True):
        if unit.profile not in faithful:
            continue
        if unit.profile not in eligible_by_profile:
            choices = options(draft, unit.id, catalogs)
            eligible_by_profile[unit.profile] = [c.id for c in choices if c.kind == "miracle" and c.eligible]
        eligible = eligible_by_profile[unit.profile]
        low, high = MIRACLES_PER_FAITHFUL
        data["miracles"] = rng.sample(eligible, min(len(eligible), rng.randint(low, high)))
    return ConfrontationArmy.model_validate({"system": SYSTEM, "name": name, "units": units})


@dataclass
class BattleAsker(BenchAsker):
    """BenchAsker with the battle questions: the new battle is the one given, nothing else is chosen."""

    new_battle_answer: NewBattle | None = None

    def new_battle(self, screen_army: Army | None) -> NewBattle | None:
        return self.new_battle_answer

    def open_battle_path(self, folder: Path | None) -> Path | None:
        return None

    def save_battle_path(self, suggested: Path) -> Path | None:
        return None

    def resume_battle(self, journals: list[Path]) -> Path | None:
        return None


@dataclass
class Setup:
    window: MainWindow
    driver: Driver
    document: BattleDocument[ConfrontationBattle]
    resolver: ResolverTab
    figures: list[Figure]  # timed while setting up, printed in section 2


def start_window(app: QApplication, load: CatalogLoad, armies: list[tuple[str, Army]], folder: Path) -> Setup:
    """The main window at 1280x800, a battle started through it, on the Turn tracker in the Divination phase."""
    asker = BattleAsker()
    asker.new_battle_answer = NewBattle((armies[0], armies[1]), RulesOptions())
    gc.collect()
    start = time.perf_counter_ns()
    window = MainWindow(load, Settings(), folder / "autosave", settings_file=folder / "settings.json", asker=asker)
    window.resize(1280, 800)
    window.show()
    driver = Driver(app, window)
    driver.settle()
    built = time.perf_counter_ns() - start
    gc.collect()
    start = time.perf_counter_ns()
    if not window.battles.new_battle() or asker.errors:
        sys.exit(f"the battle does not start: {asker.errors}")
    driver.settle()
    started = time.perf_counter_ns() - start
    document, resolver = window.battles.document, window.battles.resolver
    if document is None or resolver is None or window.tabs.currentIndex() != TRACKER_INDEX:
        sys.exit("the battle started, but the window does not show it on the Turn tracker")
    phases: list[int] = []
    for _ in range(2):  # Tactical roll → Movement → Divination
        start = time.perf_counter_ns()
        document.act(NextPhase())
        driver.idle()
        phases.append(time.perf_counter_ns() - start)
    driver.settle()
    if document.battle.phase != "divination":
        sys.exit(f"the battle is in the {document.battle.phase} phase, not Divination")
    figures = [
        Figure("MainWindow(), show, until idle (first time)", [built]),
        Figure("new battle through the window, until idle (first time)", [started]),
        Figure("the two next phases to Divination, each until idle", phases),
    ]
    return Setup(window, driver, document, resolver, figures)


# --- 1b. the Resolver's fervour spin ----------------------------------------------------------------------------
def bench_fervour(table: Table, setup: Setup, reps: Repetitions) -> Refresh | None:
    """The Resolver shown, on the order's current Faithful and a miracle of fixed difficulty; fervour up, down."""
    window, driver, document, resolver = setup.window, setup.driver, setup.document, setup.resolver
    window.tabs.setCurrentIndex(RESOLVER_INDEX)
    driver.settle()
    current = order_of(document.battle).current
    if current is None:
        print("\n1b. Resolver: skipped, no Faithful may call a miracle")
        return None
    resolver.select_faithful(current.key)
    battle = document.battle
    for i in range(resolver.miracle_combo.count()):
        miracle = battle.entries.miracles.get(resolver.miracle_combo.itemData(i))
        if miracle is not None and miracle.difficulty is not None:
            resolver.miracle_combo.setCurrentIndex(i)
            break
    resolver.sight_check.setChecked(True)
    driver.settle()
    spin = resolver.fervour_spin
    low, high = spin.minimum(), spin.maximum()
    if high <= low or not spin.isEnabled() or resolver.request() is None:
        print("\n1b. Resolver: skipped, the fervour of the chosen call cannot change")
        return None
    values = [*range(low + 1, high + 1), *range(high - 1, low - 1, -1)]  # up to the T.F., down to the minimum
    for value in values[: 2 * reps.warmup]:
        spin.setValue(value)
        driver.idle()
    spin.setValue(low)
    driver.idle()
    gc.collect()
    refresh = Refresh()
    for i in range(reps.fervour):
        driver.timed(partial(spin.setValue, values[i % len(values)]), refresh)
    request = resolver.request()
    miracle = battle.entries.miracles[request.miracle] if request else None
    called = f"{miracle.id} (difficulty {miracle.difficulty})" if miracle else "?"
    table.section(
        f"1b. Resolver tab shown at 1280x800, in the battle of 2.: {current.label} calls {called}, "
        f"fervour {low}..{high}"
    )
    add_refresh(table, "fervour spin changed: the tab's update", refresh, TARGET_FRAME_MS)
    table.note(f"odds shown last: {resolver.odds_label.text()!r}; problems: {len(resolver.problems)}")
    window.tabs.setCurrentIndex(TRACKER_INDEX)
    driver.settle()
    return refresh


# --- 2. acting on the battle ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Step:
    """One timed change: the figure it counts in, and the change (which exits the benchmark if refused)."""

    figure: str
    run: Callable[[], None]


@dataclass(frozen=True)
class Series:
    """Changes repeated in turn, `n` rounds, leaving the battle as it found it after each round."""

    steps: tuple[Step, ...]
    rounds: int
    note: str = ""  # what the series does, printed under its figures


def acted(done: object, what: str) -> None:
    if not done:
        sys.exit(f"{what}: refused or changed nothing")


def run_series(
    driver: Driver, document: BattleDocument[ConfrontationBattle], series: Series, warmup: int
) -> dict[str, Refresh]:
    before = document.battle
    for _ in range(warmup):
        for step in series.steps:
            step.run()
            driver.idle()
    gc.collect()
    refreshes: dict[str, Refresh] = {step.figure: Refresh() for step in series.steps}
    for _ in range(series.rounds):
        for step in series.steps:
            driver.timed(step.run, refreshes[step.figure])
    if document.battle != before:
        sys.exit(f"the battle is not back as it was after {', '.join(refreshes)}")
    return refreshes


@dataclass(frozen=True)
class Subjects:
    """Who the actions are about: the Faithful whose turn it is in the Divination order, and its call."""

    key: str
    label: str
    faith: int
    request: CallRequest


def pick_subjects(document: BattleDocument[ConfrontationBattle]) -> Subjects:
    battle = document.battle
    for slot in order_of(document.battle).slots:
        m = model(battle, slot.key)
        for mid in m.unit.miracles:
            miracle = battle.entries.miracles.get(mid)
            if miracle is not None and miracle.difficulty is not None and miracle.fervour <= m.state.faith:
                request = CallRequest(m.key, mid, miracle.fervour, True, None)
                if m.state.faith >= 1:
                    return Subjects(m.key, m.label, m.state.faith, request)
    sys.exit("no Faithful of the order may call a miracle of fixed difficulty")


def action_series(
    document: BattleDocument[ConfrontationBattle], subjects: Subjects, reps: Repetitions
) -> dict[str, Series]:
    key = subjects.key

    def flag(value: bool) -> Callable[[], None]:
        command = SetModelFlag(key=key, field="engaged", value=value)
        return lambda: acted(document.act(command), f"engaged {value} on {key}")

    def faith(value: int) -> Callable[[], None]:
        command = SetModelNumber(key=key, field="faith", value=value)
        return lambda: acted(document.act(command), f"T.F. {value} on {key}")

    def call() -> None:
        acted(document.roll(subjects.request, TypedDice((TYPED_DIE,))), f"calling {subjects.request}")

    history = document.run.session

    def undo() -> None:
        label = history.undo_label
        document.undo()
        acted(history.redo_label == label, "undo")

    flag_label = "(a) engaged: yes, no, …"
    faith_label = f"(d) T.F.: {subjects.faith - 1}, {subjects.faith}, …"
    return {
        "a": Series(
            (Step(flag_label, flag(True)), Step(flag_label, flag(False))),
            reps.flags // 2,
            f"SetModelFlag({key!r}, engaged): it leaves the Divination order and joins those barred, and back",
        ),
        "b": Series(
            (
                Step("(b) next phase", lambda: acted(document.act(NextPhase()), "next")),
                Step("(b) undo it", undo),
            ),
            reps.phases,
            "NextPhase(): Divination → Shooting, then document.undo()",
        ),
        "c": Series(
            (
                Step("(c) call, typed dice", call),
                Step("(c) undo it", undo),
            ),
            reps.calls,
            f"call_miracle({subjects.request.miracle}, fervour {subjects.request.fervour}, "
            f"TypedDice(({TYPED_DIE},))), then document.undo()",
        ),
        "d": Series(
            (Step(faith_label, faith(subjects.faith - 1)), Step(faith_label, faith(subjects.faith))),
            reps.faith // 2,
            f"SetModelNumber({key!r}, faith)",
        ),
    }


def bench_actions(table: Table, setup: Setup, reps: Repetitions) -> tuple[dict[str, Refresh], dict[str, Series]]:
    document, driver = setup.document, setup.driver
    battle = document.battle
    everyone = models(battle)
    faithful = [m for m in everyone if m.faithful]
    order = order_of(document.battle)
    table.section(
        f"2. Two armies of {UNITS} ({len(everyone)} models, {len(faithful)} Faithful with "
        f"{sum(len(m.unit.miracles) for m in faithful)} miracles), Turn tracker at 1280x800, Divination phase"
    )
    for figure in setup.figures:
        table.add(figure)
    subjects = pick_subjects(document)
    table.note(
        f"Divination order: {len(order.slots)} Faithful, {len(order.barred)} barred; the actions are about "
        f"{subjects.label} ({subjects.key}, T.F. {subjects.faith}), first in the order"
    )
    all_series = action_series(document, subjects, reps)
    refreshes: dict[str, Refresh] = {}
    for letter, series in all_series.items():
        for step, (label, refresh) in enumerate(run_series(driver, document, series, reps.warmup).items()):
            key = f"battle.{letter}" if step == 0 else f"battle.{letter}.undo"  # the action, then its undo
            add_refresh(table, label, refresh, TARGET_FRAME_MS, key)
            refreshes[label] = refresh
        if series.note:
            table.note(series.note)
    run = document.run
    table.note(
        f"after the run: {len(run.log)} log entries ({sum(1 for e in run.log if e.undone)} undone), "
        f"{len(run.session.history)} undo steps"
    )
    return refreshes, all_series


def bench_model_only(table: Table, setup: Setup, reps: Repetitions, folder: Path) -> None:
    """Parts of every action without the window: the command on a BattleRun alone (undo history, log, journal
    line; no fsync), and the Divination order and model list the views work out again after it."""
    battle = setup.document.battle
    key = pick_subjects(setup.document).key
    run = BattleRun(battle, journal=folder / "model-only.battle-journal")
    run.synced = lambda _handle: None  # the window's fsync runs on a worker thread: not on the GUI's time
    commands = [SetModelFlag(key=key, field="engaged", value=value) for value in (True, False)]
    state = {"i": 0}

    def toggle() -> None:
        state["i"] += 1
        run.execute(commands[state["i"] % 2])

    table.note("parts of an action, without the window:")
    table.add(Figure("  (a) on a BattleRun alone: execute + journal line", measure(toggle, reps.model_only)))
    # The order and the model list are kept from the last state asked for: each timed call asks for the other of
    # two states one flag apart (a new state after each action, as the views see it), never the same one twice.
    one_flag_apart = []
    for command in commands:
        run.execute(command)
        one_flag_apart.append(run.battle)
    run.close_journal(remove=True)
    turn = {"i": 0}

    def next_state() -> tuple[object]:
        turn["i"] += 1
        return (one_flag_apart[turn["i"] % len(one_flag_apart)],)

    table.add(
        Figure(
            "  divination_order() of a new state (once per state: order_of)",
            measure(divination_order, reps.model_only, next_state),
        )
    )
    table.add(Figure("  models() of a new state (the model list)", measure(models, reps.model_only, next_state)))


def bench_journal(table: Table, setup: Setup, reps: Repetitions) -> None:
    document = setup.document
    path = document.run.journal_path
    if path is None or not path.is_file():
        table.note("no journal file found: resume() not timed")
        return
    size = path.stat().st_size
    with path.open(encoding="utf-8") as handle:
        lines = sum(1 for _ in handle)
    dice = len(json.dumps(document.run.dice.state(), separators=(",", ":")))
    table.section(
        f"Journal after the run: {size / 1_048_576:.2f} MiB, {lines} lines ({size / lines / 1024:.1f} KiB a line)"
    )
    resumed = resume(path, ConfrontationBattle, COMMANDS.validate_python)
    if resumed.battle != document.battle or len(resumed.log) != len(document.run.log):
        sys.exit("the resumed journal does not give back the battle")
    table.add(
        Figure(
            "resume() of the journal (ConfrontationBattle, COMMANDS)",
            measure(lambda: resume(path, ConfrontationBattle, COMMANDS.validate_python), reps.resumes),
        )
    )
    table.note(f"every line after the first carries the state of the dice: {dice / 1024:.1f} KiB of it")


# --- profile ----------------------------------------------------------------------------------------------------
def profile_worst(
    setup: Setup, refreshes: dict[str, Refresh], all_series: dict[str, Series], n: int, top: int
) -> None:
    """cProfile of the slowest action (by its median until idle), each run until idle; the other steps of its
    series run between, unprofiled, so the battle comes back each round."""
    worst = max(refreshes, key=lambda label: statistics.median(refreshes[label].idle_ns))
    series = next(s for s in all_series.values() if any(step.figure == worst for step in s.steps))
    driver = setup.driver
    profiler = cProfile.Profile()
    profiled = 0
    gc.collect()
    for _ in range(n):
        for step in series.steps:
            if step.figure == worst:
                profiler.enable()
                step.run()
                driver.idle()
                profiler.disable()
                profiled += 1
            else:
                step.run()
                driver.idle()
    stats = pstats.Stats(profiler, stream=io.StringIO())
    rows: dict[tuple[str, int, str], tuple[int, int, float, float, Any]] = stats.stats  # type: ignore[attr-defined]
    total = sum(tottime for _cc, _nc, tottime, _ct, _callers in rows.values())
    for title, column in (("cumulated time (with what it calls)", 3), ("own time", 2)):
        print(
            f"\nProfile: {worst.strip()}, {profiled} runs, each until idle "
            f"({1000 * total / profiled:.1f} ms a run under the profiler), by {title}"
        )
        print(f"{'ms/run':>8} {'calls/run':>10}  function")
        ranked = sorted(rows.items(), key=lambda item: -item[1][column])
        for key, (_cc, ncalls, tottime, cumtime, _callers) in ranked[:top]:
            spent = cumtime if column == 3 else tottime
            print(f"{1000 * spent / profiled:>8.2f} {ncalls / profiled:>10.1f}  {_where(key)}")


# --- main -------------------------------------------------------------------------------------------------------
def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions: a smoke test in about 25 s")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="seed of the armies")
    parser.add_argument(
        "--profile", action="store_true", help="also print where the slowest action spends its time"
    )
    parser.add_argument("--top", type=int, default=25, help="functions per profile (with --profile)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the figures there, for bench_all.py")
    args = parser.parse_args(argv)
    reps = QUICK if args.quick else FULL

    started = time.perf_counter()
    print(
        f"Warband battle benchmarks ({'quick' if args.quick else 'full'} run, seed {args.seed}): "
        f"Python {platform.python_version()}, PySide6 {pyside_version}, "
        f"{platform.machine()} {platform.system()}, {os.cpu_count()} CPUs"
    )
    print("Times in ms: median and best of N runs after a warm-up; ratio = median / target. Never asserted.")
    table = Table("bench_battle")
    table.results.settings = {"quick": args.quick, "seed": args.seed}
    bench_odds(table, reps)
    with tempfile.TemporaryDirectory(prefix="warband-bench-battle-") as tmp:
        folder = Path(tmp)
        home = folder / "home"
        home.mkdir()
        os.environ.update(isolated_env(home))  # no settings, catalogs or journals of the player
        qInstallMessageHandler(_on_qt_message)
        app = QApplication.instance() or QApplication([sys.argv[0]])
        assert isinstance(app, QApplication)
        gen_start = time.perf_counter()
        load = load_catalogs(builtin_catalog_paths())
        if load.errors:
            sys.exit(f"the built-in catalogs do not load: {load.errors[0]}")
        catalogs = load.for_system(SYSTEM)
        armies: list[tuple[str, Army]] = [
            (player, build_army(player, faithful, others, catalogs, args.seed + i))
            for i, (player, faithful, others) in enumerate(SIDES)
        ]
        print(f"\nCatalogs loaded and armies built in {time.perf_counter() - gen_start:.2f} s")
        gc.freeze()  # as app.py does once the catalogs are loaded
        setup = start_window(app, load, armies, folder)
        bench_fervour(table, setup, reps)
        refreshes, all_series = bench_actions(table, setup, reps)
        bench_model_only(table, setup, reps, folder)
        bench_journal(table, setup, reps)
        if args.profile:
            profile_worst(setup, refreshes, all_series, max(10, 4 * reps.warmup), args.top)
        setup.driver.close()
        setup.window.close()  # the battle is discarded (BenchAsker), its journal removed
        setup.window.deleteLater()
        setup.driver.settle()

    targeted = [f for f in table.figures if f.target_ms is not None]
    missed = [f for f in targeted if f.verdict == "MISSED"]
    print(
        f"\n{len(targeted) - len(missed)} of {len(targeted)} targets met in {time.perf_counter() - started:.1f} s."
    )
    for figure in missed:
        print(f"  MISSED: {figure.label.strip()}: {figure.median_ms:.3f} ms for {figure.target_ms:.3g} ms")
    table.results.save(args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
