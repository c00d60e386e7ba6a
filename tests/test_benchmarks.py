"""benchmarks/bench_all.py runs, and builds its table from what the benchmarks write with `--json`. Nothing here
looks at a time: only that the figures are read, paired with their yardsticks and given a verdict."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.fixture
def bench_all(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    import bench_all as module

    yield module
    for name in ("bench_all", "results"):  # the benchmarks' folder is not the tests' import path
        sys.modules.pop(name, None)


def test_bench_all_runs_a_benchmark_and_prints_the_table_of_its_figures(tmp_path):
    out = tmp_path / "all.json"
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "bench_all.py"), "--quick", "--only", "odds", "--json", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "=== bench_odds.py --quick" in done.stdout
    assert "Issue 21: every figure, quick run" in done.stdout
    data = json.loads(out.read_text(encoding="utf-8"))
    odds = {row["label"]: row for row in data["rows"] if row["runs"]}
    assert set(odds) == {
        'SBG Fate "all at once", 9 dice',
        "PF casting odds, 6 x 6, large modifiers",
        "power dice above the cap, 40 dice",
        "power dice above the cap, 120 dice",
    }
    assert {row["verdict"] for row in odds.values()} <= {"OK", "MISSED"}
    assert data["failed"] == []
    not_run = [line for line in done.stdout.splitlines() if "not measured: bench_gui not run" in line]
    assert len(not_run) == 18  # the launch (with the builder's floor) and the builder: bench_gui was left out


def test_every_row_and_exponent_is_read_from_the_results_and_a_launch_is_paired_with_its_yardstick(bench_all):
    from results import Results

    found: dict[str, Results] = {}
    for _title, specs in bench_all.SECTIONS:
        for spec in specs:
            results = found.setdefault(spec.bench, Results(f"bench_{spec.bench}"))
            results.figure(spec.key, spec.label, [4.0, 12.0, 6.0], target=1.0)
            if spec.yardstick:
                results.figure(spec.yardstick, "yardstick", [2.0, 4.0, 3.0])
    for _label, bench, key in bench_all.EXPONENTS:
        found[bench].exponent(key, key, [(1, 1), (2, 2), (4, 4)], "sizes")

    lines, rows = bench_all.table(found)
    assert all(r.runs for r in rows)
    assert not any("not measured" in line for line in lines)
    assert not any("ABOVE" in line for line in lines)
    by_label = {r.label: r for r in rows}
    ratio = by_label["wall: warband --smoke / bare"]
    assert ratio.runs == (2.0, 3.0, 2.0) and ratio.target == 1.5 and ratio.verdict == "MISSED"
    assert by_label["model flag (engaged)"].target == 8.0  # issue 21's target, not the benchmark's
    resume = by_label["resume a battle journal of 25,000 lines (--quick: 2,500)"]
    assert resume.target == 1.0  # the file's own (scaled to the journal measured)
    assert by_label["wall: bare Qt window (the yardstick)"].verdict == ""


def test_a_benchmark_that_failed_leaves_its_rows_unmeasured_and_says_so(bench_all):
    lines, rows = bench_all.table({}, failed=["gui"])
    assert not any(r.runs for r in rows)
    assert any("not measured: bench_gui failed" in line for line in lines)
    assert any("not measured: bench_battle not run" in line for line in lines)
