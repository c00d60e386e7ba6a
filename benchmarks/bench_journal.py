"""The battle journal of a long battle: its size, the time an action spends on it, and resuming it.

Run from the top of a checkout:

    python benchmarks/bench_journal.py            # 25,000 actions, about three minutes (a minute without 4.)
    python benchmarks/bench_journal.py --quick    # 2,500 actions, a quarter of a minute
    python benchmarks/bench_journal.py --json FILE  # also the figures for bench_all.py (results.py)

A Confrontation battle of two built-in armies plays N actions in the model (no window): model flags on and off,
Divination calls with the program's dice, undo and redo, notes of rolls that change nothing. The fsync is left out
(the window does it on a worker thread). Figures:

1. The journal's size after N actions, against the 50 MB that resuming reads at most (target: a third of it, so
   a long battle stays far below), and the bytes per action.
2. The time an action spends writing its line (median and best of every action; target 1 ms). And how that
   cost grows with the battle's length: the mean of the actions just before 2,500, 10,000 and 25,000 actions
   (`--quick`: 250, 1,000, 2,500; the last tenth before each, every kind of action in it), against the log's
   length then, with its growth exponent (0: an action costs the same however long the battle).
3. Resuming the whole journal (target 2 s for 25,000 actions) and the memory it takes at its peak (tracemalloc;
   target 200 MiB, for information).
4. How the costs grow with the battle's length (issue 21: linear, no per-action cost that grows). The battle goes
   on until its journal holds 25,000 lines (`--quick`: 2,500), and its first 2,500, 10,000 and 25,000 lines
   (`--quick`: 250, 1,000, 2,500) are each (a) resumed (target: 25,000 lines in 1.5 s), (b) saved as a battle
   file and (c) loaded again; each with its growth exponent, the slope of log(time) against log(length) (or
   log(size)): 1 is linear. (d) Undo and redo of the last action, in the model with its journal line, early
   in a battle and after the whole journal, and (e) the same through the real main window (offscreen, the
   Turn tracker shown with its battle log), a short journal and the whole one resumed there (`--no-window`
   leaves it out).

Nothing is asserted: machines are shared and noisy, and the figures are for people to read.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from results import Results
from warband.model.army import load_army
from warband.model.battle import BATTLE_SUFFIX, BattleRun, RecordingDice, load_battle, save_battle
from warband.model.catalog import builtin_catalog_paths, load_catalogs
from warband.model.dice import SeededDice
from warband.model.journal import MAX_JOURNAL_BYTES
from warband.model.locations import data_dir
from warband.model.replay import resume
from warband.model.session import RefusedError
from warband.model.systems.confrontation.battle_calls import CallRequest, call_miracle
from warband.model.systems.confrontation.battle_commands import (
    COMMANDS,
    CallMiracle,
    NextPhase,
    SetModelFlag,
    SetTacticalWinner,
)
from warband.model.systems.confrontation.battle_rules import divination_order, start_battle
from warband.model.systems.confrontation.battle_state import ConfrontationBattle, ConfrontationBattleFile

MIRACLES = ("priere", "renfort", "benediction", "chatiment-celeste", "flamme-purificatrice", "lumiere-aveuglante")
"""Miracles of the example army's Faithful; each calls the first of its own it may."""


def new_run(path: Path) -> BattleRun[ConfrontationBattle]:
    army = load_army(data_dir() / "confrontation" / "examples" / "light-of-merin.warband.json")
    catalogs = load_catalogs(builtin_catalog_paths()).for_system("confrontation")
    run: BattleRun[ConfrontationBattle] = BattleRun(
        start_battle([("Aline", army), ("Bruno", army)], catalogs), dice=SeededDice(2026), journal=path
    )
    run.synced = lambda _fd: None  # the window's fsync runs on a worker thread
    return run


def one_action(run: BattleRun[ConfrontationBattle], n: int) -> None:
    """One of a mix of the actions of a battle."""
    kind = n % 8
    if kind in (0, 1):
        run.execute(SetModelFlag(key=f"{kind}:u4", field="engaged", value=(n // 8) % 2 == 0))
    elif kind == 2:
        run.undo()
    elif kind == 3:
        run.redo()
    elif kind == 4:
        first, second = run.dice.roll(6, 2)
        run.note(f"Tactical roll: {first} – {second}, a tie: roll again", dice=(first, second), source="rolled")
    else:
        call_or_advance(run, n)


def call_or_advance(run: BattleRun[ConfrontationBattle], n: int) -> None:
    """In the Divination phase, the Faithful whose turn it is calls one of its miracles it has not called yet;
    otherwise (or when it has none left) a model's state changes, or the next phase comes, with a Tactical winner
    on entering the Divination."""
    battle = run.battle
    slots = [s for s in divination_order(battle).slots if not s.done]
    if battle.phase == "divination" and slots:
        for miracle in MIRACLES:
            recorder = RecordingDice(run.dice)
            try:
                _after, outcome = call_miracle(battle, CallRequest(slots[0].key, miracle, 1, True), recorder)
            except RefusedError:  # not this Faithful's, or called already: the next
                continue
            command = CallMiracle(
                key=slots[0].key, miracle=miracle, fervour=1, target_confirmed=True, dice=tuple(recorder.values)
            )
            run.execute(
                command, text=outcome.sentence(), dice=outcome.dice, source="rolled", success=outcome.success
            )
            return
    if n % 3:  # the players act on the table: a model's state changes (a battle lasts at most 1,000 turns)
        run.execute(SetModelFlag(key=f"{n % 2}:u5", field="engaged", value=(n // 3) % 2 == 0))
        return
    run.execute(NextPhase())
    if run.battle.phase == "divination" and run.battle.tactical_winner is None:
        run.execute(SetTacticalWinner(side=n % 2))


# --- 4. growth with the battle's length -------------------------------------------------------------------------
GROWTH_LINES = (2_500, 10_000, 25_000)
QUICK_GROWTH_LINES = (250, 1_000, 2_500)
GROWTH_RUNS = 3
RESUME_TARGET_S = 1.5
"""25,000 journal lines resumed (issue 21); scaled to the longest journal measured."""
UNDO_PAIRS, QUICK_UNDO_PAIRS = 300, 60
WINDOW_PAIRS, QUICK_WINDOW_PAIRS = 40, 10
EARLY_LINES = 100
"""The short journal of "early in a battle"."""


def timed(fn: Callable[[], object], runs: int) -> list[float]:
    """Seconds each of `runs` calls took."""
    times: list[float] = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def spread(seconds: Sequence[float], unit: str = "ms") -> str:
    """`median (min–max)` in ms or µs."""
    scale = 1e3 if unit == "ms" else 1e6
    values = sorted(s * scale for s in seconds)
    digits = 1 if unit == "ms" else 0
    return f"{statistics.median(values):.{digits}f} {unit} ({values[0]:.{digits}f}–{values[-1]:.{digits}f})"


def play_on(run: BattleRun[ConfrontationBattle], path: Path, first_action: int, lines: int) -> None:
    """Go on with the same mix of actions on a resumed battle until its journal holds `lines` lines."""
    written = [sum(1 for _ in path.open("rb"))]

    def counted(_fd: int) -> None:  # called once a line, instead of the fsync
        written[0] += 1

    run.continue_journal(path)
    run.synced = counted
    n = first_action
    while written[0] < lines:
        one_action(run, n)
        n += 1
    run.close_journal(remove=False)


def undo_redo(run: BattleRun[ConfrontationBattle], pairs: int) -> tuple[list[float], list[float]]:
    """Undo the last action and redo it, `pairs` times: the seconds of each undo and of each redo."""
    undos: list[float] = []
    redos: list[float] = []
    for _ in range(pairs):
        start = time.perf_counter()
        undone = run.undo()
        middle = time.perf_counter()
        redone = run.redo()
        undos.append(middle - start)
        redos.append(time.perf_counter() - middle)
        if not (undone and redone):
            sys.exit("undo or redo refused")
    return undos, redos


def growth(
    run: BattleRun[ConfrontationBattle],
    path: Path,
    actions: int,
    folder: Path,
    results: Results,
    *,
    quick: bool,
    window: bool,
) -> None:
    lengths = QUICK_GROWTH_LINES if quick else GROWTH_LINES
    play_on(run, path, actions, lengths[-1])
    every = path.read_bytes().splitlines(keepends=True)[: lengths[-1]]
    print(
        f"\n4. Growth with the battle's length: the battle played on to {len(every)} journal lines; "
        f"median (min–max) of {GROWTH_RUNS} runs"
    )
    resumes: list[tuple[float, float]] = []
    saves: list[tuple[float, float]] = []
    loads: list[tuple[float, float]] = []
    for lines in lengths:
        part = folder / f"first-{lines}.battle-journal"
        part.write_bytes(b"".join(every[:lines]))
        resume_times = timed(
            lambda part=part: resume(part, ConfrontationBattle, COMMANDS.validate_python), GROWTH_RUNS
        )
        resumed = resume(part, ConfrontationBattle, COMMANDS.validate_python)
        file = folder / f"first-{lines}{BATTLE_SUFFIX}"
        save_times = timed(
            lambda resumed=resumed, file=file: save_battle(resumed, ConfrontationBattleFile, file), GROWTH_RUNS
        )
        load_times = timed(lambda file=file: load_battle(file), GROWTH_RUNS)
        battle, log, dice = load_battle(file)
        if battle != resumed.battle or log != resumed.log or dice.state() != resumed.dice.state():
            sys.exit("the battle file does not give the battle back")
        size = file.stat().st_size
        print(
            f"  {lines:>6} lines, {len(resumed.log):>6} log entries: resume {spread(resume_times)}; "
            f"battle file {size / 1_048_576:.2f} MB: save {spread(save_times)}, load {spread(load_times)}"
        )
        resumes.append((lines, statistics.median(resume_times)))
        saves.append((size, statistics.median(save_times)))
        loads.append((size, statistics.median(load_times)))
        if lines == lengths[-1]:
            results.figure("journal.resume", f"resume, {lines} journal lines", resume_times, unit="s")
    target = RESUME_TARGET_S * lengths[-1] / 25_000
    results.figures["journal.resume"]["target"] = target
    longest = resumes[-1][1]
    resumed_exponent = results.exponent("journal.resume", "journal length: resume", resumes, "journal lines")
    print(
        f"  (a) resume: exponent {resumed_exponent:.2f} over journal lines; {lengths[-1]} lines in "
        f"{longest:.2f} s (target {target:g} s, ratio {longest / target:.2f}  "
        f"{'OK' if longest <= target else 'MISSED'})"
    )
    print(
        f"  (b) save: exponent {results.exponent('file.save', 'file size: save_battle', saves, 'bytes'):.2f} "
        "over file size"
    )
    print(
        f"  (c) load: exponent {results.exponent('file.load', 'file size: load_battle', loads, 'bytes'):.2f} "
        "over file size"
    )

    pairs = QUICK_UNDO_PAIRS if quick else UNDO_PAIRS
    early = new_run(folder / "early.battle-journal")
    for n in range(16):
        one_action(early, n)
    undo_redo(early, 5)  # warm-up
    early_undo, early_redo = undo_redo(early, pairs)
    early_log = len(early.log)
    early.close_journal(remove=True)
    whole = folder / f"first-{lengths[-1]}.battle-journal"
    late = resume(whole, ConfrontationBattle, COMMANDS.validate_python)
    late.continue_journal(whole)
    late.synced = lambda _fd: None
    undo_redo(late, 5)
    late_undo, late_redo = undo_redo(late, pairs)
    late.close_journal(remove=False)
    ratio = statistics.median(late_undo) / statistics.median(early_undo)
    print(
        f"  (d) in the model, with the journal line ({pairs} pairs): early ({early_log} log entries) undo "
        f"{spread(early_undo, 'µs')}, redo {spread(early_redo, 'µs')}; after {len(late.log)} log entries undo "
        f"{spread(late_undo, 'µs')}, redo {spread(late_redo, 'µs')}; late / early undo {ratio:.2f}"
    )
    if window:
        short = folder / f"first-{EARLY_LINES}.battle-journal"
        short.write_bytes(b"".join(every[:EARLY_LINES]))
        window_undo(folder, short, whole, QUICK_WINDOW_PAIRS if quick else WINDOW_PAIRS)


def window_undo(folder: Path, short: Path, long: Path, pairs: int) -> None:
    """(e) Undo and redo through the real main window, each until idle, with a short journal resumed in it, then
    the whole one."""
    import os
    import shutil

    import warband.gui  # noqa: F401  (first: pydantic before PySide6, see warband/gui/__init__.py)

    # isort: split

    from PySide6.QtCore import qInstallMessageHandler
    from PySide6.QtWidgets import QApplication

    from bench_battle import BattleAsker
    from bench_gui import Driver, Refresh, _on_qt_message, isolated_env
    from warband.gui.main_window import MainWindow
    from warband.gui.settings import Settings

    @dataclass
    class ResumeAsker(BattleAsker):
        """Offered a journal to resume at start, the window takes `chosen`."""

        chosen: Path | None = None

        def resume_battle(self, journals: list[Path]) -> Path | None:
            return self.chosen

    home = folder / "home"
    home.mkdir()
    os.environ.update(isolated_env(home))
    qInstallMessageHandler(_on_qt_message)
    app = QApplication.instance() or QApplication([sys.argv[0]])
    assert isinstance(app, QApplication)
    load = load_catalogs(builtin_catalog_paths())
    autosave = folder / "autosave"
    autosave.mkdir()
    asker = ResumeAsker()
    window = MainWindow(load, Settings(), autosave, settings_file=folder / "settings.json", asker=asker)
    window.resize(1280, 800)
    window.show()
    driver = Driver(app, window)
    driver.settle()
    figures: list[str] = []
    for name, journal in (("early", short), ("late", long)):
        asker.chosen = autosave / f"{name}.battle-journal"
        shutil.copyfile(journal, asker.chosen)
        start = time.perf_counter()
        if not window.battles.offer_resume() or asker.errors:
            sys.exit(f"the journal does not resume in the window: {asker.errors}")
        driver.settle()
        resumed_in = time.perf_counter() - start
        document = window.battles.document
        assert document is not None
        for _ in range(3):  # warm-up
            document.undo()
            document.redo()
            driver.idle()
        undos, redos = Refresh(), Refresh()
        for _ in range(pairs):
            driver.timed(document.undo, undos)
            driver.timed(document.redo, redos)
        figures.append(
            f"{name} ({len(document.run.log)} log entries; resumed and shown in {resumed_in:.2f} s): undo "
            f"{spread([ns / 1e9 for ns in undos.idle_ns])}, redo {spread([ns / 1e9 for ns in redos.idle_ns])}"
        )
        window.battles.close_battle()
        driver.settle()
    print(f"  (e) through the main window, each until idle ({pairs} pairs): " + "; ".join(figures))
    driver.close()
    window.close()
    window.deleteLater()
    driver.settle()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--no-window", action="store_true", help="leave out the undo through the main window")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the figures there, for bench_all.py")
    args = parser.parse_args(argv)
    actions = 2_500 if args.quick else 25_000
    results = Results("bench_journal", {"quick": args.quick, "actions": actions, "window": not args.no_window})
    checkpoints = QUICK_GROWTH_LINES if args.quick else GROWTH_LINES  # as many actions as lines there
    log_at: dict[int, int] = {}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.battle-journal"
        run = new_run(path)
        head = path.stat().st_size
        times: list[int] = []
        for n in range(actions):
            start = time.perf_counter_ns()
            one_action(run, n)
            times.append(time.perf_counter_ns() - start)
            if n + 1 in checkpoints:
                log_at[n + 1] = len(run.log)
        run.close_journal(remove=False)
        size = path.stat().st_size
        lines = sum(1 for _ in path.open("rb"))
        target = MAX_JOURNAL_BYTES / 3
        print(f"{actions} actions, {lines} journal lines (the rest changed nothing)")
        print(
            f"journal size: {size / 1_048_576:.2f} MB (start line {head / 1024:.1f} KB); "
            f"{(size - head) / max(1, lines - 1):.0f} bytes per line; "
            f"target {target / 1_048_576:.1f} MB, ratio {size / target:.2f}  "
            f"{'OK' if size <= target else 'MISSED'}"
        )
        median = statistics.median(times) / 1e6
        print(
            f"an action with its journal line: median {median:.3f} ms, best {min(times) / 1e6:.3f} ms; "
            f"target 1 ms, ratio {median:.2f}  {'OK' if median <= 1 else 'MISSED'}"
        )
        per_action = [  # (log entries, the mean of the last tenth of the actions before)
            (log_at[c], statistics.fmean(times[c - c // 10 : c]) / 1e6) for c in checkpoints
        ]
        length_exponent = results.exponent(
            "battle.length", "battle length: an action (model, journal line)", per_action, "log entries", linear=0
        )
        at = ", ".join(f"{ms * 1000:.0f} µs at {entries} log entries" for entries, ms in per_action)
        print(
            f"an action as the battle grows (mean): {at}; exponent {length_exponent:.2f} over log entries "
            "(0: the same however long the battle)"
        )
        start = time.perf_counter()
        resumed = resume(path, ConfrontationBattle, COMMANDS.validate_python)
        elapsed = time.perf_counter() - start
        del resumed
        tracemalloc.start()  # a second time, for its memory: tracemalloc slows what it watches
        resumed = resume(path, ConfrontationBattle, COMMANDS.validate_python)
        _current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        resume_target = 2.0 * actions / 25_000
        assert resumed.battle == run.battle and resumed.dice.state() == run.dice.state()
        print(
            f"resuming it: {elapsed:.2f} s (target {resume_target:g} s, ratio {elapsed / resume_target:.2f}  "
            f"{'OK' if elapsed <= resume_target else 'MISSED'}); peak memory {peak / 1_048_576:.0f} MiB "
            f"(target 200 MiB, ratio {peak / 1_048_576 / 200:.2f})"
        )
        growth(resumed, path, actions, Path(folder), results, quick=args.quick, window=not args.no_window)
    results.save(args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
