"""Hostile files: mutated army, catalog, battle and autosave files fed to the loaders. Every case ends in a loaded
object or a clear FileError naming the file — never another exception. (More cases: benchmarks/fuzz_files.py.)"""

from __future__ import annotations

import datetime as dt
import json
import os
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from warband.model.army import load_army
from warband.model.autosave import autosave_bytes, read_autosave
from warband.model.battle import BattleRun, load_battle, save_battle
from warband.model.catalog import builtin_catalog_paths, load_catalog, load_catalogs
from warband.model.dice import SeededDice
from warband.model.locations import data_dir
from warband.model.storage import FileError

CATALOGS = builtin_catalog_paths()
EXAMPLES = sorted({path for catalog in CATALOGS for path in (catalog.parent / "examples").glob("*.warband.json")})
"""Every game's example armies, beside its built-in catalogs (Warband's `data/<id>/`, or a plug-in's own folder)."""

CASES = int(os.environ.get("WARBAND_FUZZ_CASES", "900"))
"""Cases per loader: 900 in the test suite (540 autosaves: about 3,200 files a run); benchmarks/fuzz_files.py runs
many more."""
FUZZ = settings(max_examples=CASES, deadline=None, suppress_health_check=list(HealthCheck))

json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30),
    st.just("<img src=x onerror=alert(1)>"),
    st.just("x" * 5000),
)
json_value = st.recursive(
    json_leaf,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=12,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, (*prefix, index))
    return out


@st.composite
def mutated(draw: st.DrawFn, document: Any) -> bytes:
    """A document with a few random changes: values replaced or removed, keys added, or its bytes damaged."""
    doc = json.loads(json.dumps(document))
    for _ in range(draw(st.integers(1, 4))):
        paths = _paths(doc)
        path = draw(st.sampled_from(paths))
        if not path:
            continue
        parent = doc
        for part in path[:-1]:
            parent = parent[part]
        action = draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "replace":
            parent[path[-1]] = draw(json_value)
        elif action == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.text(min_size=1, max_size=8))] = draw(json_value)
    raw = json.dumps(doc, ensure_ascii=False).encode("utf-8")
    damage = draw(st.sampled_from(["none", "none", "truncate", "byte"]))
    if damage == "truncate" and raw:
        raw = raw[: draw(st.integers(0, len(raw) - 1))]
    elif damage == "byte" and raw:
        at = draw(st.integers(0, len(raw) - 1))
        raw = raw[:at] + bytes([draw(st.integers(0, 255))]) + raw[at + 1 :]
    return raw


def _loads_or_explains(loader: Any, path: Path) -> None:
    try:
        loader(path)
    except FileError as exc:
        assert exc.file == str(path)
        assert exc.message


@FUZZ
@given(data=st.data())
def test_mutated_armies_load_or_explain(tmp_path_factory, data):
    source = data.draw(st.sampled_from(EXAMPLES))
    path = tmp_path_factory.mktemp("fuzz") / "army.warband.json"
    path.write_bytes(data.draw(mutated(json.loads(source.read_text(encoding="utf-8")))))
    _loads_or_explains(load_army, path)


@FUZZ
@given(data=st.data())
def test_mutated_catalogs_load_or_explain(tmp_path_factory, data):
    source = data.draw(st.sampled_from(CATALOGS))
    path = tmp_path_factory.mktemp("fuzz") / "catalog.json"
    path.write_bytes(data.draw(mutated(json.loads(source.read_text(encoding="utf-8")))))
    _loads_or_explains(load_catalog, path)
    load = load_catalogs([path])  # merging never raises either: a bad file is left out with its error
    assert all(isinstance(error, FileError) for error in load.errors)


@lru_cache(maxsize=1)
def _battle_text() -> str:
    """A saved battle (the same every time: mutations must be drawn from the same document)."""
    from warband.model.systems.confrontation.battle_rules import start_battle
    from warband.model.systems.confrontation.battle_state import ConfrontationBattleFile

    army = load_army(data_dir() / "confrontation" / "examples" / "light-of-merin.warband.json")
    catalogs = load_catalogs(CATALOGS).for_system("confrontation")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "battle.battle.json"
        run = BattleRun(start_battle([("A", army), ("B", army)], catalogs), dice=SeededDice(1))
        save_battle(run, ConfrontationBattleFile, path)
        return path.read_text(encoding="utf-8")


@FUZZ
@given(data=st.data())
def test_mutated_battles_load_or_explain(tmp_path_factory, data):
    folder = tmp_path_factory.mktemp("fuzz")
    path = folder / "fuzzed.battle.json"
    path.write_bytes(data.draw(mutated(json.loads(_battle_text()))))
    _loads_or_explains(load_battle, path)


@settings(max_examples=max(1, CASES * 3 // 5), deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_mutated_autosaves_load_or_explain(tmp_path_factory, data):
    army = load_army(EXAMPLES[0])
    path = tmp_path_factory.mktemp("fuzz") / "x.autosave.json"
    fixed = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)  # the same document every time
    path.write_bytes(data.draw(mutated(json.loads(autosave_bytes(army, None, fixed)))))
    _loads_or_explains(read_autosave, path)


@lru_cache(maxsize=1)
def _journal_bytes() -> bytes:
    """A journal of a few actions of every kind, rolls included (the same every time)."""
    from tests.model.test_journal_damage import played

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "b.battle-journal"
        played(path)
        return path.read_bytes()


@st.composite
def damaged_journal(draw: st.DrawFn) -> bytes:
    """The journal with its bytes damaged, its lines cut, doubled, swapped or dropped, or one record mutated
    and sealed with a check sum that matches (so the replay itself meets it)."""
    from warband.model.journal import encode_record

    raw = _journal_bytes()
    head = raw.index(b"\n") + 1  # most damage after the start line (which refuses the whole journal)
    for _ in range(draw(st.integers(1, 3))):
        low = min(len(raw), draw(st.sampled_from([0, head, head, head])))
        damage = draw(st.sampled_from(["truncate", "byte", "zeros", "insert", "line", "record", "record"]))
        if damage == "truncate":
            raw = raw[: draw(st.integers(low, len(raw)))]
        elif damage == "byte" and low < len(raw):
            at = draw(st.integers(low, len(raw) - 1))
            raw = raw[:at] + bytes([raw[at] ^ (1 << draw(st.integers(0, 7)))]) + raw[at + 1 :]
        elif damage == "zeros":
            at = draw(st.integers(low, len(raw)))
            raw = raw[:at] + b"\0" * draw(st.integers(1, 4096)) + raw[at + 4096 :]
        elif damage == "insert":
            at = draw(st.integers(low, len(raw)))
            raw = raw[:at] + draw(st.binary(min_size=1, max_size=40)) + raw[at:]
        elif damage in ("line", "record"):
            lines = raw.split(b"\n")
            index = draw(st.integers(1 if len(lines) > 1 else 0, len(lines) - 1))
            if damage == "line":
                how = draw(st.sampled_from(["drop", "double", "swap"]))
                if how == "drop":
                    del lines[index]
                elif how == "double":
                    lines.insert(index, lines[index])
                elif index + 1 < len(lines):
                    lines[index], lines[index + 1] = lines[index + 1], lines[index]
            else:
                try:
                    record = json.loads(lines[index])
                except ValueError:
                    continue
                if not isinstance(record, dict):
                    continue
                record.pop("crc", None)
                try:
                    changed = json.loads(draw(mutated(record)))
                except ValueError:  # its bytes damaged too: the "byte" and "truncate" cases cover that
                    continue
                if isinstance(changed, dict):
                    try:
                        lines[index] = encode_record(changed, "fuzz")[:-1]
                    except (FileError, ValueError):
                        continue
            raw = b"\n".join(lines)
    return raw


@settings(max_examples=max(1, CASES * 2 // 3), deadline=None, suppress_health_check=list(HealthCheck))
@given(raw=damaged_journal())
def test_damaged_journals_resume_or_explain_and_resume_again(tmp_path_factory, raw):
    """A damaged journal resumes (what could be kept) or is refused with a FileError; once resumed and continued,
    it resumes again to the same battle, with nothing more dropped."""
    from warband.model.replay import resume
    from warband.model.systems.confrontation.battle_commands import COMMANDS
    from warband.model.systems.confrontation.battle_state import ConfrontationBattle

    path = tmp_path_factory.mktemp("fuzz") / "b.battle-journal"
    path.write_bytes(raw)
    try:
        run = resume(path, ConfrontationBattle, COMMANDS.validate_python)
    except FileError as exc:
        assert exc.file == str(path) and exc.message
        event("refused")
        return
    report = run.read_report
    event(
        "resumed, lines dropped"
        if report and report.dropped
        else "resumed whole"
        if report and not report.torn
        else "resumed, tail torn"
    )
    run.continue_journal(path)
    run.close_journal(remove=False)
    again = resume(path, ConfrontationBattle, COMMANDS.validate_python)
    assert again.battle == run.battle
    assert again.log == run.log
    assert again.dice.state() == run.dice.state()
    assert again.read_report is not None and again.read_report.dropped == 0 and not again.read_report.torn
