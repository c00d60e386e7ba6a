"""The built-in Confrontation catalog and example army: they load, and they cover what the rules need."""

from __future__ import annotations

from collections import Counter

import pytest

from warband.model.army import load_army, options, stamp, validate
from warband.model.catalog import builtin_catalog_paths, catalog_paths, load_catalogs
from warband.model.locations import data_dir, user_catalog_dir
from warband.model.systems.confrontation.rules import index


@pytest.fixture(scope="module")
def load():
    return load_catalogs(builtin_catalog_paths())


@pytest.fixture(scope="module")
def idx(load):
    return index(load.for_system("confrontation"))


def test_builtin_catalogs_load_without_errors(load):
    assert load.errors == ()
    assert [lc.document.id for lc in load.for_system("confrontation").loaded] == ["core"]


def test_cults_on_every_path(idx):
    assert len(idx.cults) >= 12
    paths = Counter(c.path for c in idx.cults.values())
    assert set(paths) == {"light", "darkness", "destiny", "neutral"}
    assert idx.cults["merin"].path == "light"
    assert idx.cults["yllia"].path == "destiny"
    for cult in ("arh-tolth", "salauel", "mid-nor", "vile-tis", "cernunnos", "lilith", "souffrance", "vice"):
        assert idx.cults[cult].path == "darkness", cult


def test_profiles_cover_the_cases_the_rules_need(idx):
    profiles = idx.profiles.values()
    assert len(idx.profiles) >= 10
    priestess = idx.profiles["iron-priestess"]
    assert priestess.name == {"fr": "Prêtresse de Fer", "en": "Iron Priestess", "ru": "Железная жрица"}
    assert priestess.faithful is not None
    assert (priestess.faithful.rank, priestess.faithful.cult, priestess.faithful.faith) == ("devotee", "merin", 10)
    assert priestess.faithful.aspects.model_dump() == {"creation": 0, "alteration": 2, "destruction": 1}
    assert any(p.faithful and p.faithful.warrior_monk for p in profiles)
    assert any(p.discipline is None for p in profiles)
    assert any(p.faithful is None for p in profiles)
    faithful_paths = {idx.cults[p.faithful.cult].path for p in profiles if p.faithful}
    assert {"light", "darkness", "destiny"} <= faithful_paths


def test_miracles_cover_every_kind_of_access_and_requirement(idx):
    miracles = list(idx.miracles.values())
    assert len(miracles) >= 25
    assert any(m.universal for m in miracles)
    assert any(m.paths and not m.cults for m in miracles)
    assert any(len(m.cults) >= 2 for m in miracles)
    assert any(m.difficulty is None for m in miracles)
    messager = idx.miracles["messager-divin"]
    assert set(messager.cults) == {"merin", "mid-nor"}
    assert (messager.cost, messager.difficulty) == (12, None)
    for aspect in ("creation", "alteration", "destruction"):
        levels = {m.aspects.level(aspect) for m in miracles}
        assert {0, 1, 2} <= levels, aspect
    assert all(m.cost >= 0 for m in miracles)
    assert len(idx.items) >= 3
    assert any(i.faithful_only or i.peoples for i in idx.items.values())


def test_cf_05_seed_example_on_the_builtin_catalog(load, idx):
    """The seed's Iron Priestess may take Merin, Ways of Light and Universal miracles within C0 A2 D1."""
    from tests.helpers import make_army, unit

    catalogs = load.for_system("confrontation")
    army = make_army(unit("u1", "iron-priestess"))
    choices = [c for c in options(army, "u1", catalogs) if c.kind == "miracle"]
    for choice in choices:
        miracle = idx.miracles[choice.id]
        access = miracle.universal or "merin" in miracle.cults or "light" in miracle.paths
        within = (
            miracle.aspects.creation == 0 and miracle.aspects.alteration <= 2 and miracle.aspects.destruction <= 1
        )
        assert choice.eligible == (access and within), choice.id
    eligible = {c.id for c in choices if c.eligible}
    assert {"messager-divin", "renfort"} <= eligible
    assert "abnegation" not in eligible  # Universal, but needs Creation 1
    assert len(eligible) < len(choices)


def test_example_army_is_valid_and_under_its_limit(load):
    [example] = sorted((data_dir() / "confrontation" / "examples").glob("*.warband.json"))
    army = load_army(example)
    catalogs = load.for_system(army.system)
    report = validate(army, catalogs)
    assert report.valid, [p.message for p in report.problems]
    assert report.points_limit is not None and 0 < report.total_cost <= report.points_limit
    assert {c.id for c in army.catalogs} == {"core"}
    assert stamp(army, catalogs).catalogs == army.catalogs


def test_the_window_also_reads_the_players_folder(_isolated_home):
    folder = user_catalog_dir()
    assert folder.is_relative_to(_isolated_home)
    folder.mkdir(parents=True)
    (folder / "mine.json").write_text(
        '{"format": "warband-catalog", "version": 1, "system": "confrontation", "id": "mine", "revision": 1,'
        ' "name": "Mine", "miracles": [{"id": "my-miracle", "name": "Mine", "cults": ["merin"], "cost": 3}]}',
        encoding="utf-8",
    )
    assert folder / "mine.json" not in catalog_paths()  # the command line does not read it
    load = load_catalogs(catalog_paths(player_folder=True))
    assert load.errors == ()
    catalogs = load.for_system("confrontation")
    assert catalogs.get("miracles", "my-miracle") is not None
    assert catalogs.origin[("miracles", "my-miracle")].document.id == "mine"
