"""GUI benchmarks: launch to first paint, and edits with a 200-unit army open in the real main window.

Run from the top of a checkout:

    python benchmarks/bench_gui.py               # full run, under two minutes
    python benchmarks/bench_gui.py --quick       # about half a minute, for a smoke test
    python benchmarks/bench_gui.py --profile     # then where adding a miracle spends its time (cProfile)
    python benchmarks/bench_gui.py --no-imports  # without the `-X importtime` runs of the launch
    python benchmarks/bench_gui.py --launches N  # N launches of each program (default: 10, 4 with --quick)
    python benchmarks/bench_gui.py --json FILE   # also the figures for bench_all.py (results.py)

Every figure is the median and the best of N timed runs (after warm-up runs), in milliseconds, with the ratio
median / target and OK or MISSED. Nothing is asserted on timing: machines are shared and noisy, and the figures
are for people to read. Everything runs offscreen (QT_QPA_PLATFORM=offscreen) with HOME and the XDG folders in a
temporary folder, so the player's settings, catalogs and autosaves are never touched.

1. Launch: `python -m warband --smoke` (the start page, painted once) and `--smoke builder` (on to the builder
   with its catalogs), against `bare_qt_window.py` (a QMainWindow with three empty tabs, painted once), in
   subprocesses, alternating (bare, warband, builder, floor, bare, …) so that a slow moment of the machine hits
   all.
   Targets: the start page within 1.5 times the bare window, the builder within 2. Each launch's CPU time
   (user + system, from `os.wait4`) is given beside its wall time, with the same ratios, and its peak memory
   (the child's maximum resident set; target 80 MiB for the start page, the bare window for comparison).
   Beside them, `builder_floor.py`: the bare window after the model the builder needs (pydantic, the first game,
   its built-in catalogs, a new army) and no builder widget, the least `--smoke builder` could cost.
   Optionally, where the imports spend their time (`-X importtime`).
2. An edit with a 200-unit army open, the window shown at 1280x800: `document.execute(AddEntry(...))` then
   `QApplication.processEvents()`, that is the change, the validation and every view brought up to date and
   painted (roster, totals, problems, the unit panel and its picker). Undo (the same, backwards) alternates with
   it so the army does not grow, and is reported on its own. Target: one frame, 16 ms. Measured on the built-in
   catalog (34 miracles) and on the synthetic stress catalog of `bench_model.py` (5,000 miracles).
3. Selecting another unit (`document.select(id)` then `processEvents()`): no target.

One processEvents() pass does not finish the work: a layout request climbs one level of widgets per pass, and
each level may paint again. So each change is timed twice from the same runs: "until idle" (passes until one
delivers no event: what the player waits for) and "first processEvents() only". An application event filter
counts the events and paints for this; it costs a few microseconds per event (a few hundred per change).
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
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import warband.gui  # noqa: F401  (first: PySide6's import hook answered cheaply, see warband/gui/__init__.py)

# isort: split

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QCoreApplication, QEvent, QMessageLogContext, QObject, QtMsgType, qInstallMessageHandler
from PySide6.QtWidgets import QApplication

from bench_model import DEFAULT_SEED, Figure, Table
from synthetic import make_army, make_catalog
from warband.gui.dialogs import Unsaved
from warband.gui.main_window import MainWindow
from warband.gui.settings import Settings
from warband.model.army import Change, Choice, options
from warband.model.autosave import Recoverable
from warband.model.catalog import CatalogLoad, builtin_catalog_paths, load_catalogs
from warband.model.edits import AddEntry
from warband.model.storage import FileError, read_json

SYSTEM = "confrontation"
HERE = Path(__file__).resolve().parent
BARE_SCRIPT = HERE / "bare_qt_window.py"
FLOOR_SCRIPT = HERE / "builder_floor.py"

# Targets.
TARGET_LAUNCH_RATIO = 1.5  # warband --smoke (the start page) / bare window, medians
TARGET_BUILDER_RATIO = 2.0  # warband --smoke builder (the last game's builder, its catalogs) / bare window
TARGET_FRAME_MS = 16.0  # one frame at 60 Hz
TARGET_LAUNCH_MIB = 80.0  # peak memory of warband --smoke (the start page)

UNITS = 200

# Qt messages known to be harmless offscreen (as in pyproject's qt_log_ignore); any other one is printed.
HARMLESS_QT_MESSAGES = (
    "This plugin does not support propagateSizeHints",
    "QStandardPaths: XDG_RUNTIME_DIR not set",
    "QStandardPaths: runtime directory",
)


@dataclass(frozen=True)
class Repetitions:
    launch_pairs: int  # bare and warband launches, alternating
    edits_builtin: int  # add + undo pairs on the built-in catalog
    edits_stress: int  # add + undo pairs on the 5,000-miracle catalog
    selects: int  # selections (alternating between two units)
    opens: int  # opening the 200-unit army
    warmup: int  # untimed runs before each series


FULL = Repetitions(launch_pairs=10, edits_builtin=200, edits_stress=60, selects=60, opens=5, warmup=5)
QUICK = Repetitions(launch_pairs=4, edits_builtin=40, edits_stress=15, selects=15, opens=2, warmup=2)


# --- 1. launch ------------------------------------------------------------------------------------------------
def isolated_env(home: Path) -> dict[str, str]:
    """Offscreen, and every folder a run may write in (settings, catalogs, autosaves) under `home`."""
    env = {"QT_QPA_PLATFORM": "offscreen", "HOME": str(home)}
    for name, sub in (
        ("XDG_CONFIG_HOME", ".config"),
        ("XDG_DATA_HOME", ".local/share"),
        ("XDG_STATE_HOME", ".local/state"),
        ("XDG_CACHE_HOME", ".cache"),
    ):
        env[name] = str(home / sub)
    return env


def launch_env(home: Path) -> dict[str, str]:
    """The environment of a launch: isolated, and with its bytecode compiled once into a folder of its own.

    Both programs compile into `home/pycache` on the warm-up run and read it afterwards, as an installed
    program reads the bytecode compiled at install time; otherwise a stale `__pycache__` (sources edited since,
    with PYTHONDONTWRITEBYTECODE set) would make every launch compile them again.
    """
    env = {**os.environ, **isolated_env(home), "PYTHONPYCACHEPREFIX": str(home / "pycache")}
    for name in ("PYTHONDONTWRITEBYTECODE", "PYTHONSTARTUP"):
        env.pop(name, None)
    return env


@dataclass(frozen=True)
class Launch:
    """One run of a program: its wall time and CPU time (user + system) in ns, its peak memory in bytes."""

    wall_ns: int
    cpu_ns: int
    peak_bytes: int


def launch_measured(command: Sequence[str], env: dict[str, str], cwd: Path) -> Launch:
    """One subprocess, timed and its resources read from `os.wait4`; leaves the benchmark with a message if it
    fails. Its output goes to a temporary file, read only then (a pipe could fill up and block it)."""
    with tempfile.TemporaryFile() as output:
        start = time.perf_counter_ns()
        child = subprocess.Popen(command, env=env, cwd=cwd, stdout=output, stderr=subprocess.STDOUT)
        _pid, status, usage = os.wait4(child.pid, 0)
        elapsed = time.perf_counter_ns() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            output.seek(0)
            text = output.read().decode(errors="replace")
            sys.exit(f"{' '.join(command)} exited {child.returncode}:\n{text[-2000:]}")
    cpu_ns = round((usage.ru_utime + usage.ru_stime) * 1e9)
    return Launch(elapsed, cpu_ns, usage.ru_maxrss * 1024)  # ru_maxrss is in KiB on Linux


def launch(command: Sequence[str], env: dict[str, str], cwd: Path) -> int:
    """Wall time of one subprocess, in ns; leaves the benchmark with a message if it fails."""
    return launch_measured(command, env, cwd).wall_ns


_IMPORT_LINE = re.compile(r"^import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)$")
_FAMILY = {
    "shiboken6": "PySide6",
    "shibokensupport": "PySide6",
    "pydantic_core": "pydantic",
    "annotated_types": "pydantic",
    "typing_extensions": "pydantic",
    "typing_inspection": "pydantic",
}
_KNOWN = frozenset({"PySide6", "pydantic", "platformdirs"})


def _family(module: str) -> str:
    """warband.gui, warband.model, …; PySide6 with shiboken; pydantic with its helpers; the rest is 'other'."""
    parts = module.split(".")
    if parts[0] == "warband":
        return ".".join(parts[:2])
    family = _FAMILY.get(parts[0], parts[0])
    return family if family in _KNOWN else "other (stdlib, …)"


@dataclass(frozen=True)
class Imports:
    total_us: int
    by_family: list[tuple[str, int]]  # self time, largest first
    cumulative: dict[str, int]  # module → its import with everything it imported, µs


def import_times(command: Sequence[str], env: dict[str, str], cwd: Path) -> Imports:
    """The imports of one run under `-X importtime` (which slows them down somewhat)."""
    done = subprocess.run(
        [command[0], "-X", "importtime", *command[1:]],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )
    by_family: dict[str, int] = {}
    cumulative: dict[str, int] = {}
    total = 0
    for line in done.stderr.splitlines():
        match = _IMPORT_LINE.match(line)
        if match:
            own, module = int(match.group(1)), match.group(4)
            total += own
            by_family[_family(module)] = by_family.get(_family(module), 0) + own
            cumulative[module] = int(match.group(2))
    return Imports(total, sorted(by_family.items(), key=lambda item: -item[1]), cumulative)


def bench_launch(table: Table, reps: Repetitions, home: Path, show_imports: bool) -> None:
    env = launch_env(home)
    bare = [sys.executable, str(BARE_SCRIPT)]
    warband_cmd = [sys.executable, "-m", "warband", "--smoke"]
    builder_cmd = [sys.executable, "-m", "warband", "--smoke", "builder"]
    floor_cmd = [sys.executable, str(FLOOR_SCRIPT)]
    commands = {"bare": bare, "start": warband_cmd, "builder": builder_cmd, "floor": floor_cmd}
    for command in commands.values():  # warm-up: the files in the page cache, the bytecode compiled
        launch(command, env, home)
    programs: dict[str, list[Launch]] = {name: [] for name in commands}
    for _ in range(reps.launch_pairs):  # alternating: the machine's load falls on all of them alike
        for name, command in commands.items():
            programs[name].append(launch_measured(command, env, home))
    bare_runs, warband_runs, builder_runs, floor_runs = ([r.wall_ns for r in runs] for runs in programs.values())
    bare_median = statistics.median(bare_runs) / 1e6
    table.section(f"Launch to first paint, offscreen, {reps.launch_pairs} alternating runs of each")
    table.add(Figure("bare PySide6 window (bare_qt_window.py)", bare_runs), "launch.bare.wall")
    table.add(
        Figure(
            f"warband --smoke, the start page (target: {TARGET_LAUNCH_RATIO:g} x bare)",
            warband_runs,
            TARGET_LAUNCH_RATIO * bare_median,
        ),
        "launch.start.wall",
    )
    table.add(
        Figure(
            f"warband --smoke builder (target: {TARGET_BUILDER_RATIO:g} x bare)",
            builder_runs,
            TARGET_BUILDER_RATIO * bare_median,
        ),
        "launch.builder.wall",
    )
    table.add(
        Figure("floor: bare window + the builder's model (builder_floor.py)", floor_runs), "launch.floor.wall"
    )
    for name, runs, target in (
        ("--smoke", warband_runs, TARGET_LAUNCH_RATIO),
        ("--smoke builder", builder_runs, TARGET_BUILDER_RATIO),
    ):
        ratio = statistics.median(runs) / statistics.median(bare_runs)
        pairwise = statistics.median(w / b for w, b in zip(runs, bare_runs, strict=True))
        table.note(
            f"warband {name} / bare: {ratio:.2f} (medians), {pairwise:.2f} (median of the pairs); target <= "
            f"{target:g}; it costs {statistics.median(runs) / 1e6 - bare_median:.0f} ms more"
        )
    floor_ratio = statistics.median(floor_runs) / statistics.median(bare_runs)
    table.note(
        f"floor / bare: {floor_ratio:.2f} (medians): the bare window after pydantic, the first game and its"
        f" built-in catalogs loaded, with no builder widget; --smoke builder cannot cost less than this"
    )
    cpu = {name: [r.cpu_ns / 1e6 for r in runs] for name, runs in programs.items()}
    peak = {name: [r.peak_bytes / 1_048_576 for r in runs] for name, runs in programs.items()}
    for name in programs:
        table.results.figure(f"launch.{name}.cpu", f"launch CPU time, {name}", cpu[name])
        table.results.figure(f"launch.{name}.memory", f"launch peak memory, {name}", peak[name], unit="MiB")
    bare_cpu = statistics.median(cpu["bare"])
    table.note(
        f"CPU time (user + system), medians: bare {bare_cpu:.0f} ms, --smoke {statistics.median(cpu['start']):.0f}"
        f" ms ({statistics.median(cpu['start']) / bare_cpu:.2f} x bare, target <= {TARGET_LAUNCH_RATIO:g}), "
        f"--smoke builder {statistics.median(cpu['builder']):.0f} ms "
        f"({statistics.median(cpu['builder']) / bare_cpu:.2f} x bare, target <= {TARGET_BUILDER_RATIO:g})"
    )
    start_mib = statistics.median(peak["start"])
    verdict = "OK" if start_mib <= TARGET_LAUNCH_MIB else "MISSED"
    table.note(
        f"peak memory (maximum resident set), medians: bare {statistics.median(peak['bare']):.0f} MiB, --smoke "
        f"{start_mib:.0f} MiB (target {TARGET_LAUNCH_MIB:g} MiB: {verdict}), --smoke builder "
        f"{statistics.median(peak['builder']):.0f} MiB"
    )
    if show_imports:
        for name, command in (("warband", warband_cmd), ("bare", bare)):
            imports = import_times(command, env, home)
            families = ", ".join(f"{family} {us / 1000:.0f}" for family, us in imports.by_family)
            table.note(
                f"imports of {name}, -X importtime: {imports.total_us / 1000:.0f} ms; by package: {families}"
            )
            metadata = imports.cumulative.get("importlib.metadata")
            if name == "warband" and metadata:
                table.note(f"  of which importlib.metadata (warband.__version__): {metadata / 1000:.0f} ms")


# --- 2 and 3. edits in the window -----------------------------------------------------------------------------
@dataclass
class BenchAsker:
    """The window's questions answered without dialogs (see warband.gui.dialogs.Asker); errors are kept."""

    errors: list[str] = field(default_factory=list)

    def unsaved_changes(self, name: str) -> Unsaved:
        return Unsaved.DISCARD

    def open_path(self, folder: Path | None) -> Path | None:
        return None

    def save_path(self, suggested: Path) -> Path | None:
        return None

    def error(self, title: str, text: str) -> None:
        self.errors.append(f"{title}: {text}")

    def warning(self, title: str, text: str) -> None:
        self.errors.append(f"{title}: {text}")

    def journal_failed(self, text: str) -> bool:
        self.errors.append(text)  # a benchmark whose journal cannot be written measures nothing true
        return False

    def catalog_changes(self, name: str, changes: list[Change]) -> bool:
        return True

    def recover(self, found: list[Recoverable]) -> Recoverable | None:
        return None

    def catalog_errors(self, errors: list[FileError]) -> None:
        self.errors.extend(str(e) for e in errors)


@dataclass(frozen=True)
class Case:
    name: str  # "built-in" or "stress"
    describe: str  # the catalog, for titles
    load: CatalogLoad
    army_file: Path
    edits: int  # add + undo pairs


def builtin_case(folder: Path, seed: int, reps: Repetitions) -> Case:
    """The built-in catalogs, and 200 of their Faithful with 2-4 miracles each, drawn from those they may take."""
    paths = builtin_catalog_paths()
    load = load_catalogs(paths)
    if load.errors:
        sys.exit(f"the built-in catalogs do not load: {load.errors[0]}")
    document: dict[str, Any] = {"cults": [], "miracles": [], "items": [], "profiles": []}
    for path in paths:
        data = read_json(path)
        if data.get("system") == SYSTEM:
            for key in document:
                document[key].extend(data.get(key, []))
    army = make_army(
        document,
        seed=seed + 10,
        units=UNITS,
        faithful_share=1.0,
        miracles_per_unit=(2, 4),
        ineligible_share=0.0,
        items_per_unit=(0, 1),
        name="200 Faithful on the built-in catalog",
    )
    army_file = folder / "builtin-200.warband.json"
    army_file.write_text(json.dumps(army, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    miracles = len(load.for_system(SYSTEM).entries.get("miracles", {}))
    return Case("built-in", f"built-in catalog, {miracles} miracles", load, army_file, reps.edits_builtin)


def stress_case(folder: Path, seed: int, reps: Repetitions) -> Case:
    """bench_model.py's stress catalog (5,000 miracles) and army (200 Faithful, 3-8 miracles, some problems)."""
    catalog = make_catalog(seed=seed + 1, miracles=5_000, profiles=400, items=150, catalog_id="bench-stress")
    catalog_file = folder / "bench-stress.json"
    catalog_file.write_text(json.dumps(catalog, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    load = load_catalogs([catalog_file])
    if load.errors:
        sys.exit(f"the synthetic catalog does not load: {load.errors[0]}")
    army = make_army(
        catalog,
        seed=seed + 3,
        units=UNITS,
        faithful_share=1.0,
        miracles_per_unit=(3, 8),
        ineligible_share=0.1,
        items_per_unit=(0, 2),
        duplicate_share=0.02,
        unknown_share=0.01,
        over_limit=True,
        name="Stress synthetic army",
    )
    army_file = folder / "stress-200.warband.json"
    army_file.write_text(json.dumps(army, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return Case("stress", "synthetic catalog, 5,000 miracles", load, army_file, reps.edits_stress)


MAX_PASSES = 50


class EventCounter(QObject):
    """Counts the events the application delivers, and the paints among them, to tell when the window is idle."""

    def __init__(self) -> None:
        super().__init__()
        self.events = 0
        self.paints = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        self.events += 1
        if event.type() == QEvent.Type.Paint:
            self.paints += 1
        return False


@dataclass
class Refresh:
    """One kind of change, timed again and again with the window catching up after it."""

    first_ns: list[int] = field(default_factory=list)  # the change and one processEvents() pass
    idle_ns: list[int] = field(default_factory=list)  # the change and passes until one delivers no event
    passes: list[int] = field(default_factory=list)  # the passes that delivered events
    first_paints: list[int] = field(default_factory=list)
    paints: list[int] = field(default_factory=list)

    def summary(self) -> str:
        return (
            f"{statistics.median(self.passes):g} passes of processEvents() until idle, "
            f"{statistics.median(self.paints):g} widgets painted ({statistics.median(self.first_paints):g} "
            "in the first pass)"
        )


class Driver:
    """Changes the window's document and lets Qt catch up, timing both."""

    def __init__(self, app: QApplication, window: MainWindow) -> None:
        self.app = app
        self.window = window
        self.counter = EventCounter()
        app.installEventFilter(self.counter)

    def close(self) -> None:
        self.app.removeEventFilter(self.counter)

    def idle(self) -> int:
        """processEvents() until a pass delivers no event: a layout request climbs one level of widgets a pass."""
        passes = 0
        for _ in range(MAX_PASSES):
            before = self.counter.events
            self.app.processEvents()
            if self.counter.events == before:
                break
            passes += 1
        return passes

    def settle(self) -> None:
        """Idle, with the widgets given to deleteLater() gone (no event loop runs to delete them)."""
        self.idle()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        self.idle()

    def timed(self, change: Callable[[], object], into: Refresh) -> None:
        paints = self.counter.paints
        start = time.perf_counter_ns()
        change()
        self.app.processEvents()
        first = time.perf_counter_ns()
        first_paints = self.counter.paints - paints
        passes = 1 + self.idle()
        end = time.perf_counter_ns()
        into.first_ns.append(first - start)
        into.idle_ns.append(end - start)
        into.passes.append(passes)
        into.first_paints.append(first_paints)
        into.paints.append(self.counter.paints - paints)


def open_army(driver: Driver, case: Case, asker: BenchAsker) -> None:
    if not driver.window.open_army(case.army_file) or asker.errors:
        sys.exit(f"the {case.name} army does not open: {asker.errors}")
    driver.settle()


@dataclass(frozen=True)
class Edit:
    """The unit to edit, the miracle it gets, and another unit to select."""

    unit_id: str
    miracle: Choice
    other_unit_id: str
    eligible: int  # miracles the unit may take
    held: int  # miracles it holds


def pick_edit(window: MainWindow) -> Edit:
    """The first Faithful with a miracle it may take and does not hold yet, and another Faithful."""
    document = window.document
    army, catalogs = document.army, document.catalogs
    for unit in army.units:
        held = set(getattr(unit, "miracles", ()))
        eligible = [c for c in options(army, unit.id, catalogs) if c.kind == "miracle" and c.eligible]
        fresh = [c for c in eligible if c.id not in held]
        if fresh:
            other = next(u.id for u in reversed(army.units) if u.id != unit.id)
            return Edit(unit.id, fresh[0], other, len(eligible), len(held))
    sys.exit("no unit of the army may take another miracle")


def add_command(edit: Edit) -> AddEntry:
    return AddEntry(edit.unit_id, "miracles", edit.miracle.id, label=f"Add miracle {edit.miracle.name}")


def time_edits(driver: Driver, edit: Edit, n: int, warmup: int) -> tuple[Refresh, Refresh]:
    """Add the miracle then undo it, `n` times (after `warmup` untimed times), so the army does not grow."""
    document = driver.window.document
    command = add_command(edit)
    before = document.army
    for _ in range(warmup):
        if not document.execute(command):
            sys.exit(f"adding {edit.miracle.id} to {edit.unit_id} changed nothing")
        driver.idle()
        document.undo()
        driver.idle()
    gc.collect()
    adds, undos = Refresh(), Refresh()
    for _ in range(n):
        driver.timed(lambda: document.execute(command), adds)
        driver.timed(document.undo, undos)
    if document.army != before:
        sys.exit("the army is not back as it was after adding and undoing")
    return adds, undos


def time_selects(driver: Driver, edit: Edit, n: int, warmup: int) -> Refresh:
    """Select the other unit, then the first one again, and so on."""
    document = driver.window.document
    targets = (edit.other_unit_id, edit.unit_id)
    for i in range(2 * warmup):
        document.select(targets[i % 2])
        driver.idle()
    gc.collect()
    selects = Refresh()
    for i in range(n):
        driver.timed(lambda target=targets[i % 2]: document.select(target), selects)
    document.select(edit.unit_id)
    driver.idle()
    return selects


def time_opens(driver: Driver, case: Case, asker: BenchAsker, n: int) -> list[int]:
    """Open the army file again and again (it is not modified, so nothing is asked): load, builder tab, paint."""
    runs: list[int] = []
    for _ in range(n):
        gc.collect()
        start = time.perf_counter_ns()
        open_army(driver, case, asker)
        runs.append(time.perf_counter_ns() - start)
    return runs


def add_refresh(table: Table, label: str, refresh: Refresh, target: float | None, key: str | None = None) -> None:
    """The change until idle (recorded under `key` for --json) and its first processEvents() pass."""
    table.add(Figure(f"{label}, until idle", refresh.idle_ns, target), key)
    table.add(Figure(f"{label}, first processEvents() only", refresh.first_ns, target))
    table.note(refresh.summary())


def bench_window(
    table: Table, app: QApplication, case: Case, reps: Repetitions, folder: Path, profile_top: int
) -> None:
    asker = BenchAsker()
    gc.collect()
    start = time.perf_counter_ns()
    window = MainWindow(
        case.load, Settings(), folder / "autosave", settings_file=folder / "settings.json", asker=asker
    )
    window.resize(1280, 800)
    window.show()
    driver = Driver(app, window)
    driver.settle()
    built = time.perf_counter_ns() - start
    start = time.perf_counter_ns()
    open_army(driver, case, asker)
    first_open = time.perf_counter_ns() - start
    army = window.document.army
    held = sum(len(getattr(u, "miracles", ())) for u in army.units)
    table.section(
        f"Window at 1280x800, {case.describe}, a {len(army.units)}-unit army "
        f"({held} miracles held, {len(window.document.report.problems)} problems)"
    )
    table.add(Figure(f"{case.name}: MainWindow(), show, until idle (first time)", [built]))
    table.add(Figure(f"{case.name}: open the army file (first time)", [first_open]))
    table.add(Figure(f"{case.name}: open the army file again", time_opens(driver, case, asker, reps.opens)))

    edit = pick_edit(window)
    window.document.select(edit.unit_id)
    driver.settle()
    table.note(
        f"{edit.unit_id} (holds {edit.held} miracles, may take {edit.eligible}) is selected "
        f"and gets {edit.miracle.id}"
    )
    adds, undos = time_edits(driver, edit, case.edits, reps.warmup)
    add_refresh(table, f"{case.name}: add a miracle", adds, TARGET_FRAME_MS, f"{case.name}.add")
    add_refresh(table, f"{case.name}: undo it", undos, TARGET_FRAME_MS, f"{case.name}.undo")
    selects = time_selects(driver, edit, reps.selects, reps.warmup)
    add_refresh(table, f"{case.name}: select another unit", selects, None, f"{case.name}.select")
    if profile_top:
        profile_edits(driver, edit, case, max(10, case.edits // 4), profile_top)
    driver.close()
    window.close()
    window.deleteLater()
    driver.settle()


# --- profile --------------------------------------------------------------------------------------------------
def _where(key: tuple[str, int, str]) -> str:
    """'warband/gui/…/unit_panel.py:123(_refresh)', or the built-in's name."""
    file, line, name = key
    if file == "~":
        return name
    for marker in ("/site-packages/", "/src/", "/lib/python", f"/{HERE.parent.name}/"):
        if marker in file:
            file = file.split(marker, 1)[1]
            break
    return f"{file}:{line}({name})"


def profile_edits(driver: Driver, edit: Edit, case: Case, n: int, top: int) -> None:
    """cProfile of `n` add + undo pairs, each until idle: the functions by cumulated time, then by own time."""
    document = driver.window.document
    command = add_command(edit)
    profiler = cProfile.Profile()
    gc.collect()
    profiler.enable()
    for _ in range(n):
        document.execute(command)
        driver.idle()
        document.undo()
        driver.idle()
    profiler.disable()
    stats = pstats.Stats(profiler, stream=io.StringIO())
    rows: dict[tuple[str, int, str], tuple[int, int, float, float, Any]] = stats.stats  # type: ignore[attr-defined]
    total = sum(tottime for _cc, _nc, tottime, _ct, _callers in rows.values())
    for title, column in (("cumulated time (with what it calls)", 3), ("own time", 2)):
        print(
            f"\nProfile: {case.name}, {n} add + undo pairs, each until idle ({1000 * total / n:.1f} ms a pair "
            f"under the profiler), by {title}"
        )
        print(f"{'ms/pair':>8} {'calls/pair':>10}  function")
        ranked = sorted(rows.items(), key=lambda item: -item[1][column])
        for key, (_cc, ncalls, tottime, cumtime, _callers) in ranked[:top]:
            spent = cumtime if column == 3 else tottime
            print(f"{1000 * spent / n:>8.2f} {ncalls / n:>10.1f}  {_where(key)}")


def _on_qt_message(mode: QtMsgType, context: QMessageLogContext, message: str) -> None:
    if not message.startswith(HARMLESS_QT_MESSAGES):
        print(f"Qt {mode.name}: {message}", file=sys.stderr, flush=True)


# --- main -----------------------------------------------------------------------------------------------------
def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions: a smoke test in about 30 s")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="seed of the synthetic data")
    parser.add_argument("--profile", action="store_true", help="also print where adding a miracle spends its time")
    parser.add_argument("--top", type=int, default=25, help="functions per profile (with --profile)")
    parser.add_argument("--no-imports", action="store_true", help="skip the -X importtime runs")
    parser.add_argument(
        "--player-catalog",
        type=Path,
        action="append",
        default=[],
        metavar="FILE",
        help="put this catalog in the player's folder for the launch (an imported BattleScribe data set)",
    )
    parser.add_argument(
        "--launches", type=int, metavar="N", help="launches of each program (default: 10, 4 quick)"
    )
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the figures there, for bench_all.py")
    args = parser.parse_args(argv)
    reps = QUICK if args.quick else FULL
    if args.launches:
        reps = replace(reps, launch_pairs=args.launches)

    started = time.perf_counter()
    print(
        f"Warband GUI benchmarks ({'quick' if args.quick else 'full'} run, seed {args.seed}): "
        f"Python {platform.python_version()}, PySide6 {pyside_version}, "
        f"{platform.machine()} {platform.system()}, {os.cpu_count()} CPUs"
    )
    print("Times in ms: median and best of N runs after a warm-up; ratio = median / target. Never asserted.")
    with tempfile.TemporaryDirectory(prefix="warband-bench-gui-") as tmp:
        folder = Path(tmp)
        home = folder / "home"
        home.mkdir()
        os.environ.update(isolated_env(home))  # this process too: no settings or autosave of the player
        if args.player_catalog:
            player = home / ".local" / "share" / "warband" / "catalogs"
            player.mkdir(parents=True)
            for catalog in args.player_catalog:
                shutil.copyfile(catalog, player / catalog.name)
            sizes = ", ".join(f"{c.name} ({c.stat().st_size / 1e6:.1f} MB)" for c in args.player_catalog)
            print(f"Player's catalog folder for the launch: {sizes}")
        table = Table("bench_gui")
        table.results.settings = {"quick": args.quick, "seed": args.seed, "launches": reps.launch_pairs}
        bench_launch(table, reps, home, show_imports=not args.no_imports)

        qInstallMessageHandler(_on_qt_message)
        app = QApplication.instance() or QApplication([sys.argv[0]])
        assert isinstance(app, QApplication)
        gen_start = time.perf_counter()
        cases = [builtin_case(folder, args.seed, reps), stress_case(folder, args.seed, reps)]
        print(f"\nCatalogs and armies built and loaded in {time.perf_counter() - gen_start:.2f} s")
        gc.freeze()  # as app.py does once the catalogs are loaded: the collector leaves them alone
        for case in cases:
            bench_window(table, app, case, reps, folder, args.top if args.profile else 0)

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
