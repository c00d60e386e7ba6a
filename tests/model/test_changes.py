"""AR-04 written once for every game (model/changes.py): what an army records, and what it is told later."""

from __future__ import annotations

import pytest

from tests.model.test_files_before_seam import FIXTURES
from warband.model.army import Army, CatalogRef, load_army
from warband.model.catalog import builtin_catalog_paths, load_catalogs
from warband.model.system import game_info, games, get_system

GAMES = [info.id for info in games()]


def army_of(system_id: str) -> Army:
    """The army saved before the seam for each of Warband's games; for a game of its own package (the tests'
    fifth game), its example army, beside its built-in catalogs."""
    saved = FIXTURES / f"{system_id}.warband.json"
    if saved.is_file():
        return load_army(saved)
    (catalog, *_more) = game_info(system_id).builtin_catalogs()
    (path,) = sorted((catalog.parent / "examples").glob("*.warband.json"))
    return load_army(path)


@pytest.mark.parametrize("system_id", GAMES)
def test_ar_04_a_catalog_not_loaded_now_stays_recorded_and_is_told(system_id):
    system = get_system(system_id)
    catalogs = load_catalogs(builtin_catalog_paths()).for_system(system_id)
    army = army_of(system_id)
    with_gone = army.model_copy(update={"catalogs": (*army.catalogs, CatalogRef(id="gone-catalog", revision=3))})
    stamped = system.stamp(with_gone, catalogs)
    assert CatalogRef(id="gone-catalog", revision=3) in stamped.catalogs
    assert {ref.id for ref in stamped.catalogs} >= set(catalogs.revisions()) & {r.id for r in army.catalogs}
    told = [c for c in system.compare(stamped, catalogs) if c.code == "change.catalog_missing"]
    assert [c.params["catalog"] for c in told] == ["gone-catalog"]
    assert system.compare(system.stamp(army, catalogs), catalogs) == []  # stamped now: nothing changed


@pytest.mark.parametrize(
    ("system_id", "points"), [(game.id, game.points_name) for game in games() if game.points_name]
)
def test_ar_04_a_cost_changed_is_told_in_the_games_points(system_id, points):
    system = get_system(system_id)
    catalogs = load_catalogs(builtin_catalog_paths()).for_system(system_id)
    army = system.stamp(army_of(system_id), catalogs)
    profile_id = army.units[0].profile
    snapshot = army.snapshot
    assert snapshot is not None
    before = snapshot.profiles[profile_id]
    cheaper = before.model_copy(update={"cost": before.cost - 1})
    older = army.model_copy(
        update={"snapshot": snapshot.model_copy(update={"profiles": {**snapshot.profiles, profile_id: cheaper}})}
    )
    costs = [c for c in system.compare(older, catalogs) if c.code == "change.cost"]
    assert len(costs) == 1
    assert costs[0].message.endswith(
        f"its cost went from {before.cost - 1} to {before.cost} {points} ({costs[0].params['units']})."
    )
