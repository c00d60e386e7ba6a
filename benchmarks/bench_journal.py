"""The battle journal of a long battle: its size, the time an action spends on it, and resuming it.

Run from the top of a checkout:

    python benchmarks/bench_journal.py            # 25,000 actions, about a minute
    python benchmarks/bench_journal.py --quick    # 2,500 actions

A Confrontation battle of two built-in armies plays N actions in the model (no window): model flags on and off,
Divination calls with the program's dice, undo and redo, notes of rolls that change nothing. The fsync is left out
(the window does it on a worker thread). Figures:

1. The journal's size after N actions, against the 50 MB that resuming reads at most (target: a third of it, so
   a long battle stays far below), and the bytes per action.
2. The time an action spends writing its line (median and best of every action; target 1 ms).
3. Resuming the whole journal (target 2 s for 25,000 actions) and the memory it takes at its peak (tracemalloc;
   target 200 MiB, for information).

Nothing is asserted: machines are shared and noisy, and the figures are for people to read.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from warband.model.army import load_army
from warband.model.battle import BattleRun, RecordingDice
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
from warband.model.systems.confrontation.battle_state import ConfrontationBattle

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


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    actions = 2_500 if args.quick else 25_000
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.battle-journal"
        run = new_run(path)
        head = path.stat().st_size
        times: list[int] = []
        for n in range(actions):
            start = time.perf_counter_ns()
            one_action(run, n)
            times.append(time.perf_counter_ns() - start)
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
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
