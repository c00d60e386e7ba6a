"""Model benchmarks: army validation, options, army files and catalog loading, against their targets.

Run from the top of a checkout:

    python benchmarks/bench_model.py            # full run (200 / 50 repetitions), well under a minute
    python benchmarks/bench_model.py --quick    # about 15 seconds, for a smoke test
    python benchmarks/bench_model.py --profile  # then where the time goes, per figure (cProfile)
    python benchmarks/bench_model.py --json FILE  # also the figures for bench_all.py (results.py)

Every figure is the median and the best of N timed runs (after one warm-up run), in milliseconds, with the
ratio median / target and OK or MISSED. Nothing is asserted on timing: machines are shared and noisy, and
the figures are for people to read. The data is synthetic and deterministic (see `synthetic.py`).

Validation is measured twice: "cold" on merged catalogs whose typed index (`Catalogs.view`) is not built
yet, as for the first validation after the catalogs are (re)loaded, and "warm" on catalogs already indexed,
as the window validates an army many times against catalogs merged once. The cold figure is held to the
same target: the first validation should feel as instant as the next ones.

Last, the growth with the catalog's size (issue 21: linear), each with its exponent, the slope of log(time)
against log(size), 1 being linear: loading one synthetic catalog of 625 to 5,000 miracles from disk
(`load_catalogs`) and merging it (`merge`), against its entries; `options()` for one Faithful the first time
(cold index: the typed index built and every miracle judged), against its miracles; and merging the built-in
catalogs with a chain of 200 to 1,600 player catalogs, each defining a cult and miracles and a Faithful of the
previous one's cult (`synthetic.make_chain`), the lengths timed round after round, against the number of player
catalogs (no target: issue 21 asks for it linear; before, 1,600 took seconds, exponent about 1.5).
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
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pydantic

from results import Results
from synthetic import make_army, make_catalog, make_chain
from warband.model.army import Report, load_army, options, save_army, stamp, validate
from warband.model.catalog import (
    Catalogs,
    LoadedCatalog,
    builtin_catalog_paths,
    load_catalog,
    load_catalogs,
    merge,
)
from warband.model.storage import dumps, read_json, validate_model, write_bytes_atomic
from warband.model.systems.confrontation.rules import index
from warband.model.systems.confrontation.schema import ConfrontationArmy, ConfrontationCatalog

SYSTEM = "confrontation"
DEFAULT_SEED = 20_240_601

# Targets, in milliseconds.
TARGET_VALIDATE_REALISTIC = 2.0
TARGET_VALIDATE_STRESS = 16.0
TARGET_OPTIONS = 10.0
TARGET_ARMY_FILE = 50.0

GROWTH_MIRACLES = (625, 1_250, 2_500, 5_000)
CHAIN_LENGTHS = (200, 400, 800, 1_600)


@dataclass(frozen=True)
class Repetitions:
    small: int  # the realistic army, and other sub-millisecond cases
    stress: int  # the stress army and the 5,000-miracle options
    files: int  # saving and loading the stress army
    disk: int  # loading the 5,000-miracle catalog from disk
    growth: int  # each size of the growth figures


FULL = Repetitions(small=200, stress=50, files=50, disk=5, growth=5)
QUICK = Repetitions(small=30, stress=10, files=10, disk=2, growth=3)


@dataclass(frozen=True)
class Figure:
    label: str
    runs_ns: list[int]
    target_ms: float | None = None

    @property
    def median_ms(self) -> float:
        return statistics.median(self.runs_ns) / 1e6

    @property
    def best_ms(self) -> float:
        return min(self.runs_ns) / 1e6

    @property
    def verdict(self) -> str:
        if self.target_ms is None:
            return ""
        return "OK" if self.median_ms <= self.target_ms else "MISSED"


def measure(
    fn: Callable[..., object],
    repetitions: int,
    setup: Callable[[], Sequence[Any]] | None = None,
    warmup: int = 1,
) -> list[int]:
    """Time `fn(*setup())` `repetitions` times (after `warmup` untimed runs); `setup` is not timed."""
    for _ in range(warmup):
        fn(*(setup() if setup else ()))
    gc.collect()
    runs: list[int] = []
    for _ in range(repetitions):
        args = setup() if setup else ()
        start = time.perf_counter_ns()
        fn(*args)
        runs.append(time.perf_counter_ns() - start)
    return runs


class Table:
    """Prints figures as they are measured, and keeps them for the summary; those given a `key` are also
    recorded in `results`, for `--json` (bench_all.py reads them by key)."""

    HEADER = f"{'figure':<62} {'N':>4} {'median ms':>10} {'best ms':>9} {'target':>7} {'ratio':>6}  verdict"

    def __init__(self, benchmark: str = "") -> None:
        self.figures: list[Figure] = []
        self.results = Results(benchmark)

    def section(self, title: str) -> None:
        print(f"\n{title}\n{'-' * len(self.HEADER)}\n{self.HEADER}", flush=True)

    def add(self, figure: Figure, key: str | None = None) -> Figure:
        self.figures.append(figure)
        if key is not None:
            self.results.figure(key, figure.label, [ns / 1e6 for ns in figure.runs_ns], figure.target_ms)
        if figure.target_ms is None:
            target = ratio = "-"
        else:
            target = f"{figure.target_ms:g}"
            ratio = f"{figure.median_ms / figure.target_ms:.2f}"
        print(
            f"{figure.label:<62} {len(figure.runs_ns):>4} {figure.median_ms:>10.3f} {figure.best_ms:>9.3f}"
            f" {target:>7} {ratio:>6}  {figure.verdict}".rstrip(),
            flush=True,
        )
        return figure

    def note(self, text: str) -> None:
        print(f"    {text}", flush=True)


def fresh(catalogs: Catalogs) -> Catalogs:
    """The same merged catalogs with no typed index built yet (as right after merging)."""
    return Catalogs(catalogs.system, catalogs.loaded, catalogs.entries, catalogs.origin)


def merged(document: dict[str, Any], file: str) -> Catalogs:
    loaded = LoadedCatalog(file=file, document=ConfrontationCatalog.model_validate(document))
    catalogs, errors = merge(SYSTEM, [loaded])
    if errors:
        sys.exit(f"the synthetic catalog {file} does not merge: {errors[0]}")
    return catalogs


def describe_report(report: Report) -> str:
    rules = Counter(p.rule for p in report.problems)
    listed = ", ".join(f"{rule} x{n}" for rule, n in sorted(rules.items())) or "none"
    return f"total {report.total_cost} A.P. / limit {report.points_limit}; problems: {listed}"


def army_shape(army: ConfrontationArmy) -> str:
    miracles = sum(len(u.miracles) for u in army.units)
    with_miracles = sum(1 for u in army.units if u.miracles)
    return f"{len(army.units)} units, {with_miracles} with miracles, {miracles} miracles taken"


@dataclass
class Data:
    """The synthetic documents and the model objects built from them (outside any timing)."""

    small_doc: dict[str, Any]
    stress_doc: dict[str, Any]
    small: Catalogs
    stress: Catalogs
    realistic_army: ConfrontationArmy
    stress_army: ConfrontationArmy


def build_data(seed: int) -> Data:
    small_doc = make_catalog(seed=seed, miracles=300, profiles=200, items=40, catalog_id="bench-small")
    stress_doc = make_catalog(seed=seed + 1, miracles=5_000, profiles=400, items=150, catalog_id="bench-stress")
    realistic = make_army(
        small_doc,
        seed=seed + 2,
        units=20,
        faithful_share=0.5,
        miracles_per_unit=(2, 5),
        ineligible_share=0.12,
        items_per_unit=(0, 1),
        name="Realistic synthetic army",
    )
    stress = make_army(
        stress_doc,
        seed=seed + 3,
        units=200,
        faithful_share=1.0,
        miracles_per_unit=(3, 8),
        ineligible_share=0.1,
        items_per_unit=(0, 2),
        duplicate_share=0.02,
        unknown_share=0.01,
        over_limit=True,
        name="Stress synthetic army",
    )
    return Data(
        small_doc,
        stress_doc,
        merged(small_doc, "bench-small.json"),
        merged(stress_doc, "bench-stress.json"),
        ConfrontationArmy.model_validate(realistic),
        ConfrontationArmy.model_validate(stress),
    )


def bench_validation(table: Table, data: Data, reps: Repetitions) -> None:
    cases = (
        ("realistic", data.realistic_army, data.small, "300 miracles", reps.small, TARGET_VALIDATE_REALISTIC),
        ("stress", data.stress_army, data.stress, "5,000 miracles", reps.stress, TARGET_VALIDATE_STRESS),
    )
    for name, army, catalogs, against, n, target in cases:
        table.section(f"Validation: {name} army ({army_shape(army)}) against {against}")
        table.note(describe_report(validate(army, fresh(catalogs))))
        table.add(
            Figure(
                f"{name}: first validation (cold index)",
                measure(validate, n, setup=lambda army=army, catalogs=catalogs: (army, fresh(catalogs))),
                target,
            )
        )
        table.add(
            Figure(
                f"{name}:   of which building the index",
                measure(index, n, setup=lambda catalogs=catalogs: (fresh(catalogs),)),
            )
        )
        validate(army, catalogs)  # builds the index of these catalogs once, as the window does
        table.add(
            Figure(
                f"{name}: full validation (warm index)",
                measure(validate, n, lambda army=army, catalogs=catalogs: (army, catalogs)),
                target,
            )
        )


def bench_options(table: Table, data: Data, reps: Repetitions) -> None:
    table.section("options(): every miracle and item for one unit (warm index)")
    cases: list[tuple[str, ConfrontationArmy, Catalogs, bool, int, float | None]] = [
        ("one Faithful, 5,000 miracles", data.stress_army, data.stress, True, reps.stress, TARGET_OPTIONS),
        (
            "one non-Faithful, 5,000 miracles (all refused, CF-01)",
            data.stress_army,
            data.stress,
            False,
            reps.stress,
            None,
        ),
        ("one Faithful, 300 miracles", data.realistic_army, data.small, True, reps.small, None),
    ]
    for label, army, catalogs, want_faithful, n, target in cases:
        idx = index(catalogs)
        unit = next(
            (
                u
                for u in army.units
                if (p := idx.profiles.get(u.profile)) and (p.faithful is not None) == want_faithful
            ),
            None,
        )
        if unit is None:  # the stress army is all Faithful: borrow a non-Faithful profile
            profile = next(p for p in idx.profiles.values() if p.faithful is None)
            unit = army.units[0].model_copy(update={"profile": profile.id, "miracles": ()})
            army = army.model_copy(update={"units": (*army.units[1:], unit)})
        unit_id = unit.id
        choices = options(army, unit_id, catalogs)
        eligible = sum(1 for c in choices if c.eligible)
        table.add(Figure(label, measure(options, n, lambda a=army, u=unit_id, c=catalogs: (a, u, c)), target))
        table.note(f"{len(choices)} choices for {unit_id}, {eligible} eligible")
        if want_faithful:  # the first picker for a profile judges every miracle; later ones reuse the verdicts
            table.add(
                Figure(
                    f"{label}, first time for this profile (cold index)",
                    measure(options, n, lambda a=army, u=unit_id, c=catalogs: (a, u, fresh(c))),
                    target,
                )
            )


def bench_army_files(table: Table, data: Data, reps: Repetitions, folder: Path) -> None:
    stamped = stamp(data.stress_army, data.stress)
    table.section("Army files: the stress army, saved and loaded in a temporary folder")
    table.add(
        Figure(
            "stamp() (record catalogs and entries used, AR-04)",
            measure(stamp, reps.stress, lambda: (data.stress_army, data.stress)),
        )
    )
    files = (
        ("stamped (with its AR-04 snapshot)", stamped, "stress-stamped.warband.json"),
        ("not stamped", data.stress_army, "stress-plain.warband.json"),
    )
    for label, army, file in files:
        path = folder / file
        save_army(army, path)
        size = path.stat().st_size
        table.add(
            Figure(
                f"save_army, {label}",
                measure(save_army, reps.files, lambda a=army, p=path: (a, p)),
                TARGET_ARMY_FILE,
            )
        )
        table.add(
            Figure(f"load_army, {label}", measure(load_army, reps.files, lambda p=path: (p,)), TARGET_ARMY_FILE)
        )
        table.note(f"{size / 1024:.0f} KiB; snapshot of {_snapshot_size(army)} entries")
    table.note("the parts of the stamped save and load, each timed on its own:")
    path = folder / "stress-parts.warband.json"
    payload = dumps(stamped)
    raw = json.loads(payload)
    table.add(
        Figure(
            "  save, part: dumps() (model_dump + json.dumps indent=2)",
            measure(dumps, reps.files, lambda: (stamped,)),
        )
    )
    table.add(
        Figure(
            "  save, part: write_bytes_atomic() (write + 2 fsyncs)",
            measure(write_bytes_atomic, reps.files, lambda: (path, payload)),
        )
    )
    table.add(
        Figure(
            "  load, part: read_json() (read + strict JSON parse)", measure(read_json, reps.files, lambda: (path,))
        )
    )
    table.add(
        Figure(
            "  load, part: validate_model() (pydantic)",
            measure(validate_model, reps.files, lambda: (ConfrontationArmy, raw, str(path))),
        )
    )


def _snapshot_size(army: ConfrontationArmy) -> int:
    snap = army.snapshot
    if snap is None:
        return 0
    return len(snap.cults) + len(snap.miracles) + len(snap.items) + len(snap.profiles)


def bench_catalog_load(table: Table, data: Data, reps: Repetitions, folder: Path) -> None:
    path = folder / "bench-stress.json"
    path.write_text(json.dumps(data.stress_doc, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    loaded = load_catalogs([path])
    if loaded.errors:
        sys.exit(f"the synthetic catalog does not load: {loaded.errors[0]}")
    table.section(f"Catalog: 5,000 miracles from disk ({path.stat().st_size / 1_048_576:.1f} MiB), no target")
    table.add(
        Figure(
            "load_catalogs([file]).for_system() (read, check, merge)",
            measure(lambda: load_catalogs([path]).for_system(SYSTEM), reps.disk),
        )
    )
    raw = read_json(path)
    document = ConfrontationCatalog.model_validate(raw)
    lc = [LoadedCatalog(str(path), document)]
    table.add(
        Figure("  part: read_json() (read + strict JSON parse)", measure(read_json, reps.disk, lambda: (path,)))
    )
    table.add(
        Figure(
            "  part: ConfrontationCatalog.model_validate()",
            measure(ConfrontationCatalog.model_validate, reps.disk, lambda: (raw,)),
        )
    )
    table.add(Figure("  part: merge()", measure(merge, reps.disk, lambda: (SYSTEM, lc))))
    table.note("a whole may take longer than its parts: the garbage collector runs more as objects pile up")


def bench_catalog_growth(table: Table, seed: int, reps: Repetitions, folder: Path) -> None:
    """The catalog's size: loading, merging and options() at each size, with their exponents; then a chain of
    player catalogs merged after the built-in ones."""
    results = table.results
    table.section(
        f"Growth with the catalog's size: {', '.join(f'{n:,}' for n in GROWTH_MIRACLES)} miracles "
        "(profiles and items in proportion)"
    )
    loads: list[tuple[float, float]] = []
    merges: list[tuple[float, float]] = []
    picks: list[tuple[float, float]] = []
    for miracles in GROWTH_MIRACLES:
        doc = make_catalog(
            seed=seed + 1,
            miracles=miracles,
            profiles=max(20, miracles // 12),
            items=max(10, miracles // 33),
            catalog_id=f"bench-growth-{miracles}",
        )
        entries = sum(len(doc[kind]) for kind in ("cults", "miracles", "items", "profiles"))
        path = folder / f"bench-growth-{miracles}.json"
        path.write_text(json.dumps(doc, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        gc.collect()
        gc.freeze()  # what the earlier sizes left is not this size's to collect
        load = table.add(
            Figure(
                f"{miracles:>5} miracles: load_catalogs([file]) (read, check, merge)",
                measure(lambda path=path: load_catalogs([path]).for_system(SYSTEM), reps.growth),
            ),
            f"catalog.load.{miracles}",
        )
        lc = [LoadedCatalog(str(path), ConfrontationCatalog.model_validate(read_json(path)))]
        combined = table.add(
            Figure(f"{miracles:>5} miracles:   merge()", measure(merge, reps.growth, lambda lc=lc: (SYSTEM, lc))),
            f"catalog.merge.{miracles}",
        )
        catalogs = merged(doc, path.name)
        army = ConfrontationArmy.model_validate(
            make_army(
                doc, seed=seed + 3, units=20, faithful_share=1.0, miracles_per_unit=(2, 4), ineligible_share=0.0
            )
        )
        unit = army.units[0].id
        pick = table.add(
            Figure(
                f"{miracles:>5} miracles: options() for one Faithful, first time (cold index)",
                measure(
                    options,
                    3 * reps.growth,
                    lambda army=army, unit=unit, catalogs=catalogs: (army, unit, fresh(catalogs)),
                ),
            ),
            f"catalog.options.{miracles}",
        )
        gc.unfreeze()
        loads.append((entries, load.median_ms))
        merges.append((entries, combined.median_ms))
        picks.append((miracles, pick.median_ms))
    for key, label, points, over in (
        ("catalog.load", "catalog size: load_catalogs (read, check, merge)", loads, "entries"),
        ("catalog.merge", "catalog size: merge()", merges, "entries"),
        ("catalog.options", "catalog size: options() for one Faithful, cold", picks, "miracles"),
    ):
        value = results.exponent(key, label, points, over)
        table.note(f"{label}: exponent {value:.2f} over {over} (1 is linear)")

    builtins = [load_catalog(p) for p in builtin_catalog_paths()]
    builtins = [lc for lc in builtins if lc.document.system == SYSTEM]
    lengths = ", ".join(f"{n:,}" for n in CHAIN_LENGTHS)
    table.section(f"Merging the {len(builtins)} built-in catalogs and a chain of {lengths} player catalogs")
    chains: dict[int, list[LoadedCatalog]] = {}
    for length in CHAIN_LENGTHS:
        player = [
            LoadedCatalog(f"player/chain-{k:05d}.json", ConfrontationCatalog.model_validate(doc))
            for k, doc in enumerate(make_chain(length, seed=seed))
        ]
        every = chains[length] = [*builtins, *player]
        catalogs, errors = merge(SYSTEM, every)  # and the warm-up
        if errors or len(catalogs.loaded) != len(every):
            sys.exit(f"the chain of {length} player catalogs does not merge: {errors[:1]}")
    gc.collect()
    gc.freeze()  # the catalogs merged are left alone by the collector, as once the program has loaded them
    runs: dict[int, list[int]] = {length: [] for length in CHAIN_LENGTHS}
    for _ in range(2 * reps.growth):  # round after round: a slow moment of the machine hits every length
        for length, every in chains.items():
            runs[length] += measure(merge, 1, lambda every=every: (SYSTEM, every), warmup=0)
    gc.unfreeze()
    chain: list[tuple[float, float]] = []
    for length in CHAIN_LENGTHS:
        figure = table.add(
            Figure(f"merge(), built-in + a chain of {length:,} player catalogs", runs[length]),
            f"catalog.chain.{length}",
        )
        chain.append((length, figure.median_ms))
    value = results.exponent("catalog.chain", "catalog chain: merge()", chain, "player catalogs")
    table.note(f"merging a chain of player catalogs: exponent {value:.2f} over their number (1 is linear)")


def profile_all(data: Data, folder: Path, top: int) -> None:
    """cProfile of each main operation, the functions that take the most time of their own first."""
    stamped = stamp(data.stress_army, data.stress)
    army_path = folder / "profile.warband.json"
    save_army(stamped, army_path)
    catalog_path = folder / "bench-stress.json"
    if not catalog_path.exists():
        catalog_path.write_text(json.dumps(data.stress_doc, ensure_ascii=False), encoding="utf-8")
    faithful_unit = data.stress_army.units[0].id
    validate(data.stress_army, data.stress)
    runs: list[tuple[str, Callable[[], object], int]] = [
        ("validate, stress army (warm)", lambda: validate(data.stress_army, data.stress), 20),
        (
            "options, one Faithful, 5,000 miracles",
            lambda: options(data.stress_army, faithful_unit, data.stress),
            20,
        ),
        ("save_army, stress army, stamped", lambda: save_army(stamped, army_path), 10),
        ("load_army, stress army, stamped", lambda: load_army(army_path), 10),
        ("load_catalogs, 5,000 miracles", lambda: load_catalogs([catalog_path]), 2),
    ]
    for title, run, n in runs:
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(n):
            run()
        profiler.disable()
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out)
        stats.strip_dirs().sort_stats("tottime").print_stats(top)
        lines = [line for line in out.getvalue().splitlines() if line.strip()]
        start = next((i for i, line in enumerate(lines) if line.lstrip().startswith("ncalls")), 0)
        print(f"\nProfile: {title} ({n} runs, sorted by own time)")
        print("\n".join(lines[start:]))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions: a smoke test in about 15 s")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="seed of the synthetic data")
    parser.add_argument("--profile", action="store_true", help="also print where the time goes (cProfile)")
    parser.add_argument("--top", type=int, default=15, help="functions per profile (with --profile)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the figures there, for bench_all.py")
    args = parser.parse_args(argv)
    reps = QUICK if args.quick else FULL

    started = time.perf_counter()
    print(
        f"Warband model benchmarks ({'quick' if args.quick else 'full'} run, seed {args.seed}): "
        f"Python {platform.python_version()}, pydantic {pydantic.VERSION}, "
        f"{platform.machine()} {platform.system()}, {os.cpu_count()} CPUs"
    )
    print("Times in ms: median and best of N runs after a warm-up; ratio = median / target. Never asserted.")
    gen_start = time.perf_counter()
    data = build_data(args.seed)
    print(
        f"Synthetic data built in {time.perf_counter() - gen_start:.2f} s: catalogs of "
        f"{len(data.small_doc['miracles'])} and {len(data.stress_doc['miracles'])} miracles "
        f"({len(data.small_doc['cults'])} cults, {len(data.small_doc['profiles'])} / "
        f"{len(data.stress_doc['profiles'])} profiles, {len(data.small_doc['items'])} / "
        f"{len(data.stress_doc['items'])} items)"
    )

    table = Table("bench_model")
    table.results.settings = {"quick": args.quick, "seed": args.seed}
    bench_validation(table, data, reps)
    bench_options(table, data, reps)
    with tempfile.TemporaryDirectory(prefix="warband-bench-") as tmp:
        folder = Path(tmp)
        bench_army_files(table, data, reps, folder)
        bench_catalog_load(table, data, reps, folder)
        bench_catalog_growth(table, args.seed, reps, folder)
        if args.profile:
            profile_all(data, folder, args.top)

    targeted = [f for f in table.figures if f.target_ms is not None]
    missed = [f for f in targeted if f.verdict == "MISSED"]
    print(
        f"\n{len(targeted) - len(missed)} of {len(targeted)} targets met in {time.perf_counter() - started:.1f} s."
    )
    for figure in missed:
        print(f"  MISSED: {figure.label.strip()}: {figure.median_ms:.3f} ms for {figure.target_ms:g} ms")
    table.results.save(args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
