"""Every figure of issue 21's table in one command, each against its target, and the growth exponents.

Run from the top of a checkout:

    python benchmarks/bench_all.py                     # about 2.5 minutes on a 2-core machine (at most 5)
    python benchmarks/bench_all.py --quick             # about a minute: shorter journal, fewer launches
    python benchmarks/bench_all.py --only odds,model   # some of the benchmarks (odds, model, battle, gui, journal)
    python benchmarks/bench_all.py --json FILE         # also the final table as JSON

It measures nothing itself: it runs the other benchmarks one after the other, each in a process of its own with
`--json` (see `results.py`), their own output shown as they go, then prints one table of the figures read from
their files. The settings, chosen to stay under 5 minutes:

- `bench_odds.py` (31 runs a figure), `bench_battle.py` (60 to 160 runs an action) and `bench_model.py` (the
  catalog's sizes and the chain of player catalogs: 5 to 15 runs a size): their full runs;
- `bench_gui.py --quick --no-imports --launches 10` (10 alternating launches of each program; 40 edits on the
  built-in catalog, 15 on the 5,000-miracle one);
- `bench_journal.py --no-window`: the full 25,000 actions, for the 25,000-line resume.

With `--quick`, every one with `--quick`: 4 launches, 2,500 actions (the resume's target scaled to 2,500 lines).

The table gives each figure's median and min–max over its runs, its target, the ratio median / target and OK or
MISSED. The targets are issue 21's, stricter than some benchmarks' own (an action in a battle or an added miracle:
8 ms here, one frame of 16 ms there): a figure may be OK in its benchmark's output and MISSED here. A launch is
compared with its yardstick, `bare_qt_window.py` launched alternately with it: the ratio row's runs are the
ratios of each pair of runs (wall time, then CPU time: user + system). Then the growth exponents, each the slope
of log(cost) against log(size) over the sizes measured, with what it measures and the value a linear program
gives (1 for a whole, 0 for a cost per action); "ABOVE" marks one more than 0.2 over it. Nothing is asserted:
machines are shared and noisy, and the figures are for people to read.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from results import Results, load

HERE = Path(__file__).resolve().parent
EXPONENT_TOLERANCE = 0.2


@dataclass(frozen=True)
class Bench:
    name: str
    script: str
    args: tuple[str, ...]
    quick_args: tuple[str, ...]


BENCHES = (
    Bench("odds", "bench_odds.py", (), ("--quick",)),
    Bench("model", "bench_model.py", (), ("--quick",)),
    Bench("battle", "bench_battle.py", (), ("--quick",)),
    Bench("gui", "bench_gui.py", ("--quick", "--no-imports", "--launches", "10"), ("--quick", "--no-imports")),
    Bench("journal", "bench_journal.py", ("--no-window",), ("--quick", "--no-window")),
)


@dataclass(frozen=True)
class Spec:
    """A row of the table: a figure of a benchmark's file (`key`), held to `target` (None: the file's own)."""

    label: str
    bench: str
    key: str
    target: float | None = None
    yardstick: str | None = None  # a figure of the same benchmark: the row is the ratio of each pair of runs
    untargeted: bool = False  # the figure's own target left out (its ratio row holds it)


SECTIONS: tuple[tuple[str, tuple[Spec, ...]], ...] = (
    (
        "Launch to first paint (offscreen), against the bare Qt window",
        (
            Spec("wall: bare Qt window (the yardstick)", "gui", "launch.bare.wall"),
            Spec("wall: warband --smoke (start page)", "gui", "launch.start.wall", untargeted=True),
            Spec("wall: warband --smoke / bare", "gui", "launch.start.wall", 1.5, "launch.bare.wall"),
            Spec("wall: warband --smoke builder", "gui", "launch.builder.wall", untargeted=True),
            Spec("wall: warband --smoke builder / bare", "gui", "launch.builder.wall", 2.0, "launch.bare.wall"),
            Spec(
                "wall: floor under the builder (builder_floor.py) / bare",
                "gui",
                "launch.floor.wall",
                None,
                "launch.bare.wall",
            ),
            Spec("CPU: bare Qt window (the yardstick)", "gui", "launch.bare.cpu"),
            Spec("CPU: warband --smoke (start page)", "gui", "launch.start.cpu"),
            Spec("CPU: warband --smoke / bare", "gui", "launch.start.cpu", 1.5, "launch.bare.cpu"),
            Spec("CPU: warband --smoke builder", "gui", "launch.builder.cpu"),
            Spec("CPU: warband --smoke builder / bare", "gui", "launch.builder.cpu", 2.0, "launch.bare.cpu"),
            Spec(
                "CPU: floor under the builder (builder_floor.py) / bare",
                "gui",
                "launch.floor.cpu",
                None,
                "launch.bare.cpu",
            ),
            Spec("peak memory: bare Qt window (for comparison)", "gui", "launch.bare.memory"),
            Spec("peak memory: warband --smoke (start page)", "gui", "launch.start.memory", 80.0),
            Spec("peak memory: warband --smoke builder", "gui", "launch.builder.memory"),
        ),
    ),
    (
        "A battle of 2 x 100 models in the window (Turn tracker), until idle",
        (
            Spec("model flag (engaged)", "battle", "battle.a", 8.0),
            Spec("next phase", "battle", "battle.b", 8.0),
            Spec("Divination call, typed dice", "battle", "battle.c", 8.0),
            Spec("T.F. edited", "battle", "battle.d", 8.0),
        ),
    ),
    (
        "The builder, a 200-unit army open, until idle",
        (
            Spec("add a miracle, built-in catalog", "gui", "built-in.add", 8.0),
            Spec("add a miracle, 5,000-miracle catalog", "gui", "stress.add", 16.0),
            Spec("select a unit, 5,000-miracle picker", "gui", "stress.select", 16.0),
        ),
    ),
    (
        "Exact odds, cold (caches emptied before each run)",
        (
            Spec('SBG Fate "all at once", 9 dice', "odds", "odds.fate", 5.0),
            Spec("PF casting odds, 6 x 6, large modifiers", "odds", "odds.pf", 5.0),
            Spec("power dice above the cap, 40 dice", "odds", "odds.powerdice.40", 2.0),
            Spec("power dice above the cap, 120 dice", "odds", "odds.powerdice.120", 2.0),
        ),
    ),
    (
        "Files and catalogs",
        (
            Spec("resume a battle journal of 25,000 lines (--quick: 2,500)", "journal", "journal.resume"),
            Spec("merge the built-in + a chain of 1,600 player catalogs", "model", "catalog.chain.1600"),
        ),
    ),
)

EXPONENTS: tuple[tuple[str, str, str], ...] = (  # (label, benchmark, key)
    ("battle length: an action's cost (model, journal line)", "journal", "battle.length"),
    ("journal length: resume", "journal", "journal.resume"),
    ("file size: battle file saved", "journal", "file.save"),
    ("file size: battle file loaded", "journal", "file.load"),
    ("catalog size: load_catalogs (read, check, merge)", "model", "catalog.load"),
    ("catalog size: merge()", "model", "catalog.merge"),
    ("catalog size: options(), first time (cold index)", "model", "catalog.options"),
    ("catalog count: merge() of a chain of player catalogs", "model", "catalog.chain"),
)


@dataclass(frozen=True)
class Row:
    label: str
    unit: str
    runs: tuple[float, ...]  # empty: not measured
    target: float | None
    missing: str = ""  # why there are no runs

    @property
    def median(self) -> float:
        return statistics.median(self.runs)

    @property
    def verdict(self) -> str:
        if not self.runs:
            return "-"
        if self.target is None:
            return ""
        return "OK" if self.median <= self.target else "MISSED"


def row(spec: Spec, found: dict[str, Results], failed: Sequence[str] = ()) -> Row:
    """The row of `spec` from the benchmarks' results (`found`, by benchmark name; `failed`: those that did)."""
    results = found.get(spec.bench)
    figure = results.figures.get(spec.key) if results else None
    if results is None or figure is None:
        if results is not None:
            why = f"no {spec.key} in bench_{spec.bench}"
        else:
            why = f"bench_{spec.bench} {'failed' if spec.bench in failed else 'not run'}"
        return Row(spec.label, "", (), spec.target, why)
    target = spec.target if spec.target is not None or spec.untargeted else figure["target"]
    if spec.yardstick is None:
        return Row(spec.label, figure["unit"], tuple(figure["runs"]), target)
    yardstick = results.figures.get(spec.yardstick)
    if yardstick is None or len(yardstick["runs"]) != len(figure["runs"]):
        return Row(spec.label, "x", (), target, f"no {spec.yardstick} paired with {spec.key}")
    ratios = tuple(run / bare for run, bare in zip(figure["runs"], yardstick["runs"], strict=True))
    return Row(spec.label, "x", ratios, target)


def _value(value: float, unit: str) -> str:
    if unit == "x":
        return f"{value:.2f}"
    if unit == "s":
        return f"{value:.2f}"
    return f"{value:.3f}" if value < 10 else f"{value:.1f}" if value < 10_000 else f"{value:.0f}"


WIDTH = 60
HEADER = f"{'figure':<{WIDTH}}{'N':>4}{'median':>10}{'min–max':>19}{'unit':>5}{'target':>8}{'ratio':>7}  verdict"


def format_row(r: Row) -> str:
    if not r.runs:
        blank = f"{'-':>4}{'-':>10}{'-':>19}{'':>5}{_target(r):>8}{'-':>7}"
        return f"{r.label:<{WIDTH}}{blank}  not measured: {r.missing}"
    spread = f"{_value(min(r.runs), r.unit)}–{_value(max(r.runs), r.unit)}"
    ratio = f"{r.median / r.target:.2f}" if r.target else "-"
    return (
        f"{r.label:<{WIDTH}}{len(r.runs):>4}{_value(r.median, r.unit):>10}{spread:>19}{r.unit:>5}{_target(r):>8}"
        f"{ratio:>7}  {r.verdict}"
    ).rstrip()


def _target(r: Row) -> str:
    return "-" if r.target is None else f"{r.target:g}"


def exponent_rows(found: dict[str, Results]) -> list[str]:
    lines = [f"{'growth exponent':<{WIDTH}}{'value':>7}{'linear':>8}  over (sizes measured)"]
    for label, bench, key in EXPONENTS:
        results = found.get(bench)
        fitted = results.exponents.get(key) if results else None
        if fitted is None:
            lines.append(f"{label:<{WIDTH}}{'-':>7}{'':>8}  not measured (bench_{bench})")
            continue
        sizes = [p[0] for p in fitted["points"]]
        above = "  ABOVE" if fitted["value"] > fitted["linear"] + EXPONENT_TOLERANCE else ""
        lines.append(
            f"{label:<{WIDTH}}{fitted['value']:>7.2f}{fitted['linear']:>8g}  {fitted['over']} "
            f"({', '.join(f'{size:,.0f}' for size in sizes)}){above}"
        )
    return lines


def table(found: dict[str, Results], failed: Sequence[str] = ()) -> tuple[list[str], list[Row]]:
    """The final table's lines, and its rows, from the benchmarks' results (by name) and those that failed."""
    lines: list[str] = []
    rows: list[Row] = []
    for title, specs in SECTIONS:
        lines += ["", title, "-" * len(HEADER), HEADER]
        for spec in specs:
            r = row(spec, found, failed)
            rows.append(r)
            lines.append(format_row(r))
    lines += ["", "-" * len(HEADER), *exponent_rows(found)]
    targeted = [r for r in rows if r.runs and r.target is not None]
    missed = [r for r in targeted if r.verdict == "MISSED"]
    unmeasured = [r for r in rows if not r.runs]
    summary = f"{len(targeted) - len(missed)} of {len(targeted)} targets met"
    if unmeasured:
        summary += f"; {len(unmeasured)} figures not measured"
    lines += ["", summary + "."]
    lines += [
        f"  MISSED: {r.label}: {_value(r.median, r.unit)} {r.unit} for {r.target:g} {r.unit}" for r in missed
    ]
    return lines, rows


def run_bench(bench: Bench, quick: bool, folder: Path) -> tuple[Results | None, float]:
    """Run one benchmark with `--json`, its output shown; its results (None if it failed) and seconds taken."""
    out = folder / f"{bench.name}.json"
    command = [sys.executable, str(HERE / bench.script), *(bench.quick_args if quick else bench.args)]
    print(f"\n=== {' '.join([bench.script, *command[2:]])}", flush=True)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    start = time.perf_counter()
    done = subprocess.run([*command, "--json", str(out)], cwd=HERE.parent, env=env, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0 or not out.is_file():
        print(f"=== {bench.script} failed (exit {done.returncode}) after {elapsed:.0f} s", flush=True)
        return None, elapsed
    print(f"=== {bench.script}: {elapsed:.0f} s", flush=True)
    return load(out), elapsed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--quick", action="store_true", help="a shorter journal and fewer launches: about a minute"
    )
    parser.add_argument(
        "--only", metavar="NAMES", help=f"comma-separated, among {', '.join(b.name for b in BENCHES)}"
    )
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the final table there")
    args = parser.parse_args(argv)
    names = [b.name for b in BENCHES]
    chosen = names if args.only is None else [n.strip() for n in args.only.split(",") if n.strip()]
    unknown = sorted(set(chosen) - set(names))
    if unknown:
        parser.error(f"unknown benchmarks: {', '.join(unknown)} (known: {', '.join(names)})")

    started = time.perf_counter()
    found: dict[str, Results] = {}
    took: dict[str, float] = {}
    failed: list[str] = []
    with tempfile.TemporaryDirectory(prefix="warband-bench-all-") as tmp:
        for bench in BENCHES:
            if bench.name not in chosen:
                continue
            results, took[bench.name] = run_bench(bench, args.quick, Path(tmp))
            if results is None:
                failed.append(bench.name)
            else:
                found[bench.name] = results
    lines, rows = table(found, failed)
    total = time.perf_counter() - started
    spent = ", ".join(f"{name} {seconds:.0f} s" for name, seconds in took.items())
    print(f"\n\nIssue 21: every figure, {'quick' if args.quick else 'full'} run ({spent}; {total:.0f} s in all)")
    print("Medians and min–max of the runs (ms unless the unit says: x a ratio, MiB, s); ratio = median / target.")
    print("\n".join(lines))
    if failed:
        print(f"FAILED: {', '.join(f'bench_{name}.py' for name in failed)}")
    if args.json:
        data = {
            "quick": args.quick,
            "seconds": total,
            "failed": failed,
            "rows": [
                {"label": r.label, "unit": r.unit, "runs": list(r.runs), "target": r.target, "verdict": r.verdict}
                for r in rows
            ],
            "exponents": {
                f"{name}.{key}": value for name, res in found.items() for key, value in res.exponents.items()
            },
        }
        args.json.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
