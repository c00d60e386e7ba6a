"""Catalogs written for version 1 of the catalog format keep working: each game's built-in catalog as it was
before its texts were given in several languages (copied into tests/files/catalogs_v1/ at commit d08cd92) loads
alone, merges, and prices and judges the example army as it did then.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from warband.api import builtin_catalogs
from warband.model.army import load_army
from warband.model.catalog import load_catalog, merge
from warband.model.names import english_name
from warband.model.storage import CURRENT_VERSIONS
from warband.model.system import find_system

FIXTURES = Path(__file__).resolve().parents[1] / "files" / "catalogs_v1"
GAMES = ("confrontation", "pfpv", "powerdice", "sbg")


def example(system: str) -> Path:
    game = find_system(system)
    assert game is not None
    return sorted((game.info.folder() / "examples").glob("*.warband.json"))[0]


@pytest.mark.parametrize("system", GAMES)
def test_a_version_1_catalog_loads_and_merges(system):
    path = FIXTURES / f"{system}.json"
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == 1
    loaded = load_catalog(path)
    assert loaded.document.version == CURRENT_VERSIONS["warband-catalog"]
    catalogs, errors = merge(system, [loaded])
    assert errors == []
    game = find_system(system)
    assert game is not None
    army = load_army(example(system))
    report, today = game.validate(army, catalogs), game.validate(army, builtin_catalogs(system))
    assert report.problems == today.problems == ()
    assert report.units == today.units and report.total_cost == today.total_cost
    assert report.total_cost > 0 or system == "pfpv"  # a Par le Fer party has no points


@pytest.mark.parametrize("system", GAMES)
def test_a_version_1_catalog_reads_as_the_built_in_one_in_english(system):
    """The texts a version 1 file gives as strings are the English of the built-in catalog's."""
    old = load_catalog(FIXTURES / f"{system}.json").document
    game = find_system(system)
    assert game is not None
    builtin = load_catalog(game.info.folder() / "core.json").document
    for kind, entries in old.entry_lists().items():
        new = {e.id: e for e in builtin.entry_lists()[kind]}
        for entry in entries:
            assert english_name(entry.name) == english_name(new[entry.id].name), (kind, entry.id)
