"""Exact-odds benchmarks of issue 21: SBG Fate "all at once", the power-dice Resolver above the dice cap, and the
Par le Fer et par le Verbe casting odds.

Run from the top of a checkout:

    python benchmarks/bench_odds.py            # full run, a few seconds (minutes with a 6ⁿ enumeration)
    python benchmarks/bench_odds.py --quick    # fewer runs, for a smoke test
    python benchmarks/bench_odds.py --json FILE  # also the figures for bench_all.py (results.py)

Every figure is the median and the min–max of N timed runs, in milliseconds, with the target, the ratio
median / target and the verdict (met or MISSED). Nothing is asserted on timing: machines are shared and noisy,
and the figures are for people to read. A computation that takes seconds is run fewer times (a time budget per
figure; N says how many). Every run is cold: the caches of the code measured are emptied before each one, as
for the first time a player asks (the warm figures are given for information).

1. SBG Fate "all at once" (SB-04 option, SB-02 Might on the dice closest to 4): `fate_chance_at_once(lost, dice,
   might)` for 9 dice (3 Wounds, 3 Might). Target 5 ms. Then 12 dice, for information (skipped while 9 dice take
   more than a second: 6¹² throws would take hours).
2. Power dice (PD-08) with the dice spin above the cap: a level-10 caster in B3 given dice by level-10 helpers
   (40 and 120 dice in all, against level + 1 = 11; the problems say so, the odds are still shown). Figures:
   (a) the odds of one update, as the Resolver works them out: the chance and the bars of the chart (the
   figure of issue 21; target 2 ms), cold and warm; (b) the chance alone (`battle_rules.chance`, what the API's
   `odds` gives); (c) for information, one update of the real Resolver tab (offscreen) when its own-dice spin
   changes (problems, limits, odds, chart), the spin going 9, 10, 9, … so that each update has a new total,
   and of that the shared chart widget's `set_distribution` alone. And how many times one update works out the
   distribution of the total (counted with cProfile: `sum_distribution` or the power-dice `_count_ways`).
3. PF casting odds (PF-02 … PF-08), 6 sources × 6 disciplines with large modifiers (contact 5 and +10 on each
   source, control 10 and −3 on each discipline, so every roll counts): `casting.odds(setup, options)`, the first
   call and the later ones. Target 5 ms. Measured only.
4. The shared odds chart widget (`OddsChartWidget.set_distribution`): one update of a chart of 601 bars (the
   totals of 120 d6, as the power-dice Resolver shows them) it was not showing just before (cleared, untimed,
   ahead of each run). Target 2 ms. For information: the same bars with the target moved by one bar (new texts,
   the same bars), and both for 201 bars (40 d6).
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import os
import platform
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import warband.gui  # noqa: F401  (first: PySide6's import hook answered cheaply, see warband/gui/__init__.py)

# isort: split

from PySide6.QtWidgets import QApplication

from results import Results
from warband.gui.battle_document import BattleDocument
from warband.gui.systems.powerdice import resolver_tab as pd_resolver_tab
from warband.gui.systems.powerdice import resolver_view as pd_resolver_view
from warband.gui.systems.powerdice.resolver_tab import PowerDiceResolverTab
from warband.gui.widgets.odds_chart import OddsChartWidget
from warband.model.battle import BattleRun
from warband.model.catalog import builtin_catalog_paths, load_catalogs
from warband.model.dice import SeededDice, sum_distribution
from warband.model.systems.pfpv import casting as pf_casting
from warband.model.systems.powerdice import battle_casting as pd_casting
from warband.model.systems.powerdice import battle_rules as pd_rules
from warband.model.systems.powerdice.battle_commands import HandOver, PlaceMarker
from warband.model.systems.powerdice.battle_state import PowerDiceBattle
from warband.model.systems.powerdice.schema import PowerDiceArmy
from warband.model.systems.sbg import battle_rules as sbg_rules

TARGET_FATE_MS = 5.0
TARGET_POWERDICE_MS = 2.0
TARGET_PF_MS = 5.0
TARGET_CHART_MS = 2.0
CHART_DICE = (120, 40)  # 601 and 201 bars

FATE = (3, 9, 3)  # Wounds to restore, Fate dice, Might
FATE_BIG = (3, 12, 3)
PD_TOTALS = (40, 120)
LEVEL = 10  # the highest level a caster may have (schema): own dice 10, each helper gives 10
DISTRIBUTION_FUNCTIONS = ("sum_distribution", "_count_ways")
"""The functions that work out a whole distribution of the total of the dice (before and after issue 21)."""


@dataclass(frozen=True)
class Runs:
    runs: int
    budget_s: float  # stop adding runs once a figure has taken this long (at least one run)


FULL = Runs(runs=31, budget_s=60.0)
QUICK = Runs(runs=7, budget_s=10.0)


@dataclass(frozen=True)
class Figure:
    label: str
    runs_ms: list[float]
    target_ms: float | None = None
    key: str | None = None  # the figure's name in the --json file, if bench_all.py reads it

    @property
    def median(self) -> float:
        return statistics.median(self.runs_ms)

    def row(self) -> str:
        low, high = min(self.runs_ms), max(self.runs_ms)
        spread = f"{_ms(low)}–{_ms(high)}"
        if self.target_ms is None:
            target = ratio = verdict = "-"
        else:
            target = f"{self.target_ms:g}"
            ratio = f"{self.median / self.target_ms:.3g}"
            verdict = "met" if self.median <= self.target_ms else "MISSED"
        return (
            f"{self.label:<68}{len(self.runs_ms):>4}{_ms(self.median):>11}{spread:>21}{target:>8}{ratio:>9}"
            f"{verdict:>8}"
        )


HEADER = f"{'figure':<68}{'N':>4}{'median ms':>11}{'min–max ms':>21}{'target':>8}{'ratio':>9}{'verdict':>8}"


def _ms(value: float) -> str:
    return f"{value:.3f}" if value < 10 else f"{value:.1f}" if value < 10_000 else f"{value:.0f}"


def clear_caches(*modules: ModuleType) -> None:
    """Empty every `functools` cache of these modules, so that the next run is cold."""
    for module in modules:
        for value in vars(module).values():
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()


def measure(action: Callable[[], object], runs: Runs, before: Callable[[], None] = lambda: None) -> list[float]:
    """Times of `action` in ms, `before` (untimed) ahead of each run; garbage collection off while timing."""
    times: list[float] = []
    spent = 0.0
    while len(times) < runs.runs and (not times or spent < runs.budget_s):
        before()
        gc.disable()
        start = time.perf_counter()
        action()
        elapsed = time.perf_counter() - start
        gc.enable()
        spent += elapsed
        times.append(elapsed * 1000)
    return times


# --- 1. SBG Fate all at once ----------------------------------------------------------------------------------
def bench_fate(runs: Runs) -> list[Figure]:
    cold = lambda: clear_caches(sbg_rules)  # noqa: E731
    figures = []
    lost, dice, might = FATE
    times = measure(lambda: sbg_rules.fate_chance_at_once(lost, dice, might), runs, cold)
    label = f'SBG Fate "all at once", {dice} dice ({lost} Wounds, {might} Might)'
    figures.append(Figure(label, times, TARGET_FATE_MS, "odds.fate"))
    lost, dice, might = FATE_BIG
    label = f'SBG Fate "all at once", {dice} dice ({lost} Wounds, {might} Might)'
    if statistics.median(times) > 1000:
        print(f"({label}: skipped, {FATE[1]} dice take {statistics.median(times) / 1000:.0f} s)")
    else:
        figures.append(
            Figure(label, measure(lambda: sbg_rules.fate_chance_at_once(lost, dice, might), runs, cold))
        )
    return figures


# --- 2. power dice above the cap ------------------------------------------------------------------------------
POWERDICE_MODULES = (pd_casting, pd_rules, pd_resolver_view, pd_resolver_tab)


def _powerdice_modules() -> tuple[ModuleType, ...]:
    """Every loaded power-dice module (a cache may live in any of them)."""
    found = [m for name, m in sys.modules.items() if ".systems.powerdice" in name and m is not None]
    return (*POWERDICE_MODULES, *found)


def powerdice_battle(helpers: int, folder: Path) -> PowerDiceBattle:
    """B3, side 0's turn: `helpers` + 1 level-10 magicians on side 0 and one on side 1, each with an incantation
    marker, and a spell of difficulty 60 (the most a catalog allows)."""
    catalog = {
        "format": "warband-catalog",
        "version": 1,
        "system": "powerdice",
        "id": "bench-odds",
        "revision": 1,
        "name": "Benchmark: level-10 casters",
        "spells": [{"id": "bench-storm", "name": "Storm", "traits": ["magician"], "difficulty": 60}],
        "profiles": [
            {"id": "bench-magus", "name": "Magus", "cost": 0, "caster": {"traits": ["magician"], "level": LEVEL}}
        ],
    }
    path = folder / "bench-odds.json"
    path.write_text(json.dumps(catalog), encoding="utf-8")
    loaded = load_catalogs([*builtin_catalog_paths(), path])
    catalogs = loaded.for_system("powerdice")

    def army(units: int) -> PowerDiceArmy:
        rows = [{"id": f"u{i}", "profile": "bench-magus", "spells": ["bench-storm"]} for i in range(units)]
        return PowerDiceArmy.model_validate({"system": "powerdice", "name": "Tower", "units": rows})

    battle = pd_rules.start_battle([("Aline", army(helpers + 1)), ("Bruno", army(1))], catalogs)
    for side in (0, 1):
        for key in battle.casters:
            if key.startswith(f"{side}:"):
                battle = PlaceMarker(key=key, marker="incantation").apply(battle)
        battle = HandOver().apply(battle)
    while battle.step != "B3":
        battle = pd_rules.next_step(battle)[0]
    return battle


def resolver_odds(battle: PowerDiceBattle, request: pd_rules.CastRequest) -> tuple[object, Any]:
    """What one update of the Resolver works out for its odds: the chance, and the bars of the chart."""
    if hasattr(pd_rules, "casting_odds"):  # since issue 21: both from one distribution
        odds = pd_rules.casting_odds(battle, request)
        return odds.chance, pd_resolver_view.total_bars(odds)
    spell = battle.entries.spells[request.spell]  # before: each worked out its own distribution
    return pd_rules.chance(battle, request), pd_resolver_view.total_bars(request.total, spell.difficulty)


def _count_distributions(action: Callable[[], object]) -> int:
    profile = cProfile.Profile()
    profile.runcall(action)
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    return sum(calls for (_f, _l, name), (calls, *_rest) in stats.items() if name in DISTRIBUTION_FUNCTIONS)


def bench_powerdice(runs: Runs, app: QApplication) -> tuple[list[Figure], list[str]]:
    figures: list[Figure] = []
    notes: list[str] = []
    modules = _powerdice_modules()
    cold = lambda: clear_caches(*modules)  # noqa: E731
    with tempfile.TemporaryDirectory() as folder:
        for total in PD_TOTALS:
            helpers = (total - LEVEL) // LEVEL
            battle = powerdice_battle(helpers, Path(folder))
            gifts = {f"0:u{i}": LEVEL for i in range(1, helpers + 1)}
            request = pd_rules.CastRequest("0:u0", "bench-storm", LEVEL, gifts, helpers_near=True)
            assert request.total == total
            times = measure(lambda b=battle, r=request: resolver_odds(b, r), runs, cold)
            label = f"power dice, {total} dice: the odds of one update (chance + chart bars)"
            figures.append(Figure(label, times, TARGET_POWERDICE_MS, f"odds.powerdice.{total}"))
            warm = measure(lambda b=battle, r=request: resolver_odds(b, r), runs)
            figures.append(Figure(f"power dice, {total} dice: the same, warm (asked again)", warm))
            times = measure(lambda b=battle, r=request: pd_rules.chance(b, r), runs, cold)
            figures.append(Figure(f"power dice, {total} dice: the chance alone (`odds` of the API)", times))

            document = BattleDocument(BattleRun(battle, dice=SeededDice(1)))
            tab = PowerDiceResolverTab(document)
            tab.resize(1200, 800)
            tab.select_caster("0:u0")
            offered = tab.helpers_box.keys()
            for key in offered:
                tab.helpers_box.spin(key).setValue(LEVEL)
            tab.near_check.setChecked(True)
            app.processEvents()

            def update(tab: PowerDiceResolverTab = tab) -> None:
                spin = tab.dice_spin
                spin.setValue(LEVEL - 1 if spin.value() == LEVEL else LEVEL)  # a new total each time

            times = measure(update, runs, cold)
            figures.append(Figure(f"power dice, {total} dice: one update of the Resolver's spin, in all", times))
            bars = resolver_odds(battle, request)[1]

            def chart(tab: PowerDiceResolverTab = tab, bars: Any = bars) -> None:
                tab.chart.set_distribution(bars.buckets, bars.success_from)

            times = measure(chart, runs, before=tab.chart.clear)
            figures.append(Figure(f"power dice, {total} dice: of which the chart widget (shared code)", times))
            cold()
            counted = _count_distributions(update)
            shown = tab.odds_label.text()
            notes.append(
                f"power dice, {total} dice: one update works out the distribution {counted} time(s); "
                f"{len(tab.problems)} problem(s) shown ({tab.problems[0].rule if tab.problems else '-'}); "
                f"odds shown ≈ {shown.rsplit('—', 1)[-1].strip()}"
            )
            tab.close()
            tab.deleteLater()
            document.close()
            app.processEvents()
    return figures, notes


# --- 3. PF casting odds ---------------------------------------------------------------------------------------
def pf_setup() -> pf_casting.Setup:
    sources = [f"source{i}" for i in range(6)]
    disciplines = [f"discipline{i}" for i in range(6)]
    return pf_casting.Setup(
        level=5,
        source_skills=dict.fromkeys(sources, 5),
        source_modifiers=dict.fromkeys(sources, 10),
        discipline_skills=dict.fromkeys(disciplines, 10),
        discipline_modifiers=dict.fromkeys(disciplines, -3),
        don=400,
        vitality=14,
    )


def bench_pf(runs: Runs) -> list[Figure]:
    setup = pf_setup()
    options = pf_casting.CastingOptions()
    first = measure(lambda: pf_casting.odds(setup, options), Runs(1, 0.0))
    cold = lambda: clear_caches(pf_casting)  # noqa: E731
    later = measure(lambda: pf_casting.odds(setup, options), runs, cold)
    return [
        Figure("PF casting odds, 6 sources × 6 disciplines, first call", first, TARGET_PF_MS),
        Figure("PF casting odds, 6 sources × 6 disciplines, later calls", later, TARGET_PF_MS, "odds.pf"),
    ]


# --- 4. the odds chart widget ---------------------------------------------------------------------------------
def bench_chart(runs: Runs, app: QApplication) -> list[Figure]:
    """Each update shows bars the chart has not shown just before (it is cleared, untimed, ahead of each run),
    as when the count of dice changes; then, for information, only the target moving by one bar."""
    figures = []
    for dice in CHART_DICE:
        throws = 6**dice
        bars = [(str(total), Fraction(ways, throws)) for total, ways in sum_distribution(dice, 6).items()]
        chart = OddsChartWidget(x_title="Total", summary=False)
        chart.resize(900, 300)
        middle = len(bars) // 2
        main = dice == CHART_DICE[0]
        times = measure(lambda c=chart, b=bars, m=middle: c.set_distribution(b, m), runs, before=chart.clear)
        label = f"odds chart update, {len(bars)} bars" + ("" if main else " (information)")
        figures.append(Figure(label, times, TARGET_CHART_MS if main else None))

        def move(chart: OddsChartWidget = chart, bars: Any = bars, middle: int = middle) -> None:
            chart.set_distribution(bars, middle + 1 if chart.kinds()[middle] == "success" else middle)

        times = measure(move, runs)
        figures.append(Figure(f"odds chart update, {len(bars)} bars: the same bars, target moved by one", times))
        chart.deleteLater()
        app.processEvents()
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs, for a smoke test")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the figures there, for bench_all.py")
    args = parser.parse_args()
    runs = QUICK if args.quick else FULL
    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    print(f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs")
    figures: list[Figure] = []
    notes: list[str] = []
    figures += bench_pf(runs)  # first: its "first call" is the program's first
    figures += bench_fate(runs)
    pd_figures, notes = bench_powerdice(runs, app)
    figures += pd_figures
    figures += bench_chart(runs, app)
    print(HEADER)
    for figure in figures:
        print(figure.row())
    print()
    for note in notes:
        print(note)
    results = Results("bench_odds", {"quick": args.quick})
    for figure in figures:
        if figure.key is not None:
            results.figure(figure.key, figure.label, figure.runs_ms, figure.target_ms)
    results.save(args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
