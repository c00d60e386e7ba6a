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

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from warband.model.army import load_army
from warband.model.autosave import autosave_bytes, read_autosave
from warband.model.battle import BattleRun, load_battle, save_battle
from warband.model.catalog import builtin_catalog_paths, load_catalog, load_catalogs
from warband.model.dice import SeededDice
from warband.model.locations import data_dir
from warband.model.storage import FileError

EXAMPLES = sorted(data_dir().glob("*/examples/*.warband.json"))
CATALOGS = builtin_catalog_paths()

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
