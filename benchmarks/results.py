"""The machine-readable results of a benchmark (`--json FILE`), which `bench_all.py` gathers into one table.

A benchmark records, beside what it prints, each figure `bench_all.py` reads under a stable key (the labels
printed may change): its runs (in ms, MiB or s: `unit`) and the target it is held to there, if any; and each
growth exponent with the points it was fitted on. The file is JSON:

    {"benchmark": "bench_gui", "settings": {...},
     "figures": {"key": {"label": ..., "unit": "ms", "runs": [...], "target": 16.0 | null}, ...},
     "exponents": {"key": {"label": ..., "over": "journal lines", "linear": 1, "value": 1.02,
                           "points": [[x, y], ...]}, ...}}

Nothing here measures: the measuring code is each benchmark's own.
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


def exponent(points: Sequence[tuple[float, float]]) -> float:
    """The slope of log(y) against log(x) (least squares): 1 is linear, 2 quadratic, 0 constant."""
    xs, ys = zip(*((math.log(x), math.log(y)) for x, y in points), strict=True)
    return statistics.linear_regression(xs, ys).slope


@dataclass
class Results:
    """What one benchmark run recorded for `bench_all.py`; written with `save` when `--json` names a file."""

    benchmark: str
    settings: dict[str, Any] = field(default_factory=dict)
    figures: dict[str, dict[str, Any]] = field(default_factory=dict)
    exponents: dict[str, dict[str, Any]] = field(default_factory=dict)

    def figure(
        self, key: str, label: str, runs: Iterable[float], target: float | None = None, unit: str = "ms"
    ) -> None:
        self.figures[key] = {"label": label, "unit": unit, "runs": list(runs), "target": target}

    def exponent(
        self, key: str, label: str, points: Sequence[tuple[float, float]], over: str, linear: float = 1
    ) -> float:
        """Fit, record and return the exponent of `points` ((size, time) pairs); `linear`: the exponent of a cost
        that grows as it should (1 for a whole, 0 for a cost per step that must stay constant)."""
        value = exponent(points)
        self.exponents[key] = {
            "label": label,
            "over": over,
            "linear": linear,
            "value": value,
            "points": [list(p) for p in points],
        }
        return value

    def save(self, path: Path | None) -> None:
        if path is None:
            return
        data = {
            "benchmark": self.benchmark,
            "settings": self.settings,
            "figures": self.figures,
            "exponents": self.exponents,
        }
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def load(path: Path) -> Results:
    data = json.loads(path.read_text(encoding="utf-8"))
    return Results(data["benchmark"], data.get("settings", {}), data["figures"], data["exponents"])
