"""A Strategy Battle Game battle of many units: what may be done now (`actions`), and a Courage test of a broken
force taken and undone, in the model (no window).

Run from the top of a checkout:

    python benchmarks/bench_sbg.py            # 20, 100 and 300 units a side
    python benchmarks/bench_sbg.py --quick    # 20 and 100

Each side holds heroes and units of ten warriors, alternately. Figures, each at every army size:

1. `actions()` of the battle as it starts (every unit's casualties, its break test and Stand fast refused) —
   target 50 ms at 100 units a side, what the tracker and a headless caller ask after each change.
2. The same once side 0 is broken and its tests are due (the Move phase of the next turn).
3. A break test of a unit of warriors taken (the program's dice) and undone, the actions asked again after each.

Nothing is asserted: machines are shared and noisy, and the figures are for people to read.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from warband import api
from warband.model.catalog import builtin_catalog_paths, load_catalogs
from warband.model.systems.sbg.battle_commands import NextPhase, SetPriority
from warband.model.systems.sbg.casualty_commands import SetCasualties
from warband.model.systems.sbg.schema import SbgArmy

HEROES = ("aragorn-strider", "frodo", "boromir", "gandalf-the-grey")
WARRIORS = ("warrior-of-minas-tirith", "uruk-hai-warrior", "warrior-of-rohan", "orc-warrior")
TARGET_MS = 50.0
"""`actions()` at 100 units a side."""


def army(units: int) -> SbgArmy:
    """Heroes and units of ten warriors of the built-in catalog, alternately."""
    rows = []
    for i in range(units):
        if i % 2 == 0:
            rows.append({"id": f"u{i}", "profile": HEROES[(i // 2) % len(HEROES)]})
        else:
            rows.append({"id": f"u{i}", "profile": WARRIORS[(i // 2) % len(WARRIORS)], "count": 10})
    return SbgArmy.model_validate({"system": "sbg", "name": f"{units} units", "units": rows})


def timed(action: Callable[[], object], repeat: int) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), min(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="20 and 100 units a side only")
    args = parser.parse_args()
    catalogs = load_catalogs(builtin_catalog_paths()).for_system("sbg")
    sizes = (20, 100) if args.quick else (20, 100, 300)
    repeat = 5 if args.quick else 11
    print(f"{'figure':<64}{'N':>4}{'median ms':>11}{'best ms':>10}{'target':>8}{'ratio':>7}")
    verdicts = []
    for units in sizes:
        each = army(units)
        run = api.start_battle([("Aline", each), ("Bruno", each)], catalogs, None, dice=api.SeededDice(1))
        median, best = timed(lambda run=run: api.actions(run), repeat)
        target = TARGET_MS if units == 100 else None
        ratio = f"{median / target:.2f}" if target else "-"
        print(
            f"{f'actions(), {units} units a side, as it starts':<64}{repeat:>4}{median:>11.2f}{best:>10.2f}"
            f"{(f'{target:.0f}' if target else '-'):>8}{ratio:>7}"
        )
        if target:
            verdicts.append((units, median, target))
        for i in range(1, units, 2):
            run.execute(SetCasualties(key=f"0:u{i}", lost=6))
        while run.battle.phase != "end":
            run.execute(NextPhase())
        run.execute(NextPhase())
        run.execute(SetPriority(side=0))
        run.execute(NextPhase())
        median, best = timed(lambda run=run: api.actions(run), repeat)
        print(
            f"{f'actions(), {units} units a side, side 0 broken, tests due':<64}{repeat:>4}{median:>11.2f}"
            f"{best:>10.2f}{'-':>8}{'-':>7}"
        )

        def test_and_undo(run: api.BattleRun[object] = run) -> None:
            kinds = ("break_tests", "break_test")  # a unit's warriors together, or (an older Warband) one
            [test, *_rest] = [a for a in api.actions(run) if a.kind in kinds and a.subject == "0:u1"]
            api.take(run, test)
            api.actions(run)
            run.undo()
            api.actions(run)

        median, best = timed(test_and_undo, repeat)
        print(
            f"{f'a unit break-tested and undone, {units} units a side':<64}{repeat:>4}{median:>11.2f}"
            f"{best:>10.2f}{'-':>8}{'-':>7}"
        )
    print()
    for units, median, target in verdicts:
        verdict = "met" if median <= target else "MISSED"
        print(f"actions() at {units} units a side: {median:.1f} ms for {target:.0f} ms: {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
