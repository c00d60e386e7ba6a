"""A game's entries of a kind from merged catalogs, typed and built once (`Catalogs.table`), and the AR-04 records
written once (model/changes.py): the catalogs an army records, its snapshot, a battle's entries."""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import BASE_CATALOG, make_catalogs
from warband.model import changes
from warband.model.army import CatalogRef, load_army, stamp
from warband.model.catalog import (
    Catalogs,
    Entry,
    LoadedCatalog,
    Table,
    builtin_catalog_paths,
    load_catalogs,
    merge,
)
from warband.model.locations import data_dir
from warband.model.systems.confrontation import rules as confrontation
from warband.model.systems.confrontation.schema import ConfrontationCatalog, Cult, Item, Miracle, Profile
from warband.model.systems.pfpv import rules as pfpv
from warband.model.systems.pfpv import schema as pfpv_schema
from warband.model.systems.powerdice import rules as powerdice
from warband.model.systems.powerdice import schema as powerdice_schema
from warband.model.systems.sbg import rules as sbg
from warband.model.systems.sbg import schema as sbg_schema

FIXTURES = Path(__file__).resolve().parents[1] / "files" / "saved_before_seam"


def builtin(system: str) -> Catalogs:
    return load_catalogs(builtin_catalog_paths()).for_system(system)


def example(system: str) -> Any:
    (path,) = sorted((data_dir() / system / "examples").glob("*.warband.json"))
    return load_army(path)


# --- Catalogs.table ---------------------------------------------------------------------------------------------
def test_a_table_holds_the_entries_of_its_kind_by_id_and_is_built_once():
    catalogs = make_catalogs()
    miracles = catalogs.table("miracles", Miracle)
    assert dict(miracles) == dict(catalogs.entries["miracles"])
    assert all(isinstance(m, Miracle) for m in miracles.values())
    assert catalogs.table("miracles", Miracle) is miracles
    assert miracles is catalogs.entries["miracles"]  # what `merge` built, not a copy
    assert isinstance(miracles, Mapping) and isinstance(miracles, dict)  # callers typed either way take it


def test_a_kind_no_catalog_lists_gives_an_empty_table():
    assert Catalogs("confrontation").table("miracles", Miracle) == {}
    assert make_catalogs().table("no-such-kind", Miracle) == {}


def test_a_table_cannot_be_changed():
    miracles = make_catalogs().table("miracles", Miracle)
    some = next(iter(miracles.values()))
    for change in (
        lambda: miracles.__setitem__("x", some),
        lambda: miracles.__delitem__(some.id),
        lambda: miracles.update({"x": some}),
        lambda: miracles.setdefault("x", some),
        lambda: miracles.pop(some.id),
        lambda: miracles.popitem(),
        lambda: miracles.clear(),
    ):
        with pytest.raises(TypeError, match="read-only"):
            change()
    with pytest.raises(TypeError, match="read-only"):
        miracles |= {"x": some}
    assert some.id in miracles


def test_a_table_copies_and_pickles_as_itself():
    miracles = make_catalogs().table("miracles", Miracle)
    for again in (copy.copy(miracles), copy.deepcopy(miracles), pickle.loads(pickle.dumps(miracles))):
        assert type(again) is Table and again == miracles and again.declared == (Miracle,)


def test_entries_of_another_model_are_refused():
    catalogs = make_catalogs()
    with pytest.raises(TypeError, match="cults are not all Miracle"):
        catalogs.table("cults", Miracle)
    assert catalogs.table("cults", Cult)  # the refusal cached nothing
    assert catalogs.table("cults", Entry) == catalogs.table("cults", Cult)  # a wider model is fine


def test_catalogs_given_entries_alone_have_each_entry_checked():
    cult = make_catalogs().table("cults", Cult)
    given = Catalogs("confrontation", entries={"cults": dict(cult)})
    assert given.table("cults", Cult) == cult
    with pytest.raises(TypeError, match="is a Cult"):
        given.table("cults", Profile)


def test_merged_entries_are_vouched_for_by_the_lists_their_catalog_models_declare():
    catalogs = make_catalogs(BASE_CATALOG)
    assert catalogs.entries["miracles"].declared == (Miracle,)
    assert catalogs.entries["cults"].declared == (Cult,)
    cult = next(iter(catalogs.table("cults", Cult).values()))
    says_miracles = Table({cult.id: cult}, (Miracle,))
    given = Catalogs("confrontation", entries={"miracles": says_miracles})
    assert given.table("miracles", Miracle) is says_miracles  # what a table declares is believed: no entry is read


class _Copying(ConfrontationCatalog):
    """A catalog model whose lists are not its fields as they are: nothing vouches for their entries."""

    def entry_lists(self) -> Mapping[str, Sequence[Entry]]:
        return {kind: list(listed) for kind, listed in super().entry_lists().items()}


def test_entries_no_catalog_model_vouches_for_are_looked_at():
    (loaded,) = make_catalogs(BASE_CATALOG).loaded
    copying = LoadedCatalog(loaded.file, _Copying.model_validate(loaded.document.model_dump()))
    catalogs, errors = merge("confrontation", [copying])
    assert errors == [] and catalogs.entries["miracles"].declared is None
    assert catalogs.table("miracles", Miracle) == make_catalogs(BASE_CATALOG).entries["miracles"]
    with pytest.raises(TypeError, match="miracles are not all Cult"):
        catalogs.table("miracles", Cult)


@pytest.mark.parametrize(
    ("system", "build", "models"),
    [
        (
            "confrontation",
            confrontation.index,
            {"cults": Cult, "miracles": Miracle, "items": Item, "profiles": Profile},
        ),
        ("powerdice", powerdice.index, {"spells": powerdice_schema.Spell, "profiles": powerdice_schema.Profile}),
        ("sbg", sbg.index, {"spells": sbg_schema.Spell, "profiles": sbg_schema.Profile}),
        (
            "pfpv",
            pfpv.index,
            {
                "sources": pfpv_schema.Source,
                "disciplines": pfpv_schema.Discipline,
                "spells": pfpv_schema.Spell,
                "profiles": pfpv_schema.Profile,
            },
        ),
    ],
)
def test_every_games_index_is_its_catalogs_tables_built_once(system, build, models):
    catalogs = builtin(system)
    idx = build(catalogs)
    assert build(catalogs) is idx
    for kind, model in models.items():
        table = getattr(idx, kind)
        assert table is catalogs.table(kind, model)
        assert table and dict(table) == dict(catalogs.entries[kind])
        assert all(type(entry) is model for entry in table.values())


# --- AR-04: what an army records ------------------------------------------------------------------------------
def _pfpv_stamp_before(army: pfpv_schema.PfpvArmy, catalogs: Catalogs) -> dict[str, Any]:
    """What pfpv's own `stamp` recorded before it used the shared one (its code, as it was)."""
    idx = pfpv.index(catalogs)
    profiles = {u.profile: idx.profiles[u.profile] for u in army.units if u.profile in idx.profiles}
    spells = {sid: idx.spells[sid] for p in profiles.values() for sid in p.spells if sid in idx.spells}
    snapshot = pfpv_schema.Snapshot.model_validate(
        {"profiles": profiles, "spells": spells, "sources": idx.sources, "disciplines": idx.disciplines}
    )
    revisions = dict(catalogs.revisions())
    for ref in army.catalogs:
        revisions.setdefault(ref.id, ref.revision)
    refs = tuple(CatalogRef(id=cid, revision=rev) for cid, rev in sorted(revisions.items()))
    return pfpv_schema.PfpvArmy.model_validate({**dict(army), "catalogs": refs, "snapshot": snapshot}).model_dump(
        mode="json"
    )


@pytest.mark.parametrize("army_file", [FIXTURES / "pfpv.warband.json", None])
def test_a_party_is_stamped_as_before_by_the_shared_code(army_file):
    catalogs = builtin("pfpv")
    army = load_army(army_file) if army_file else example("pfpv")
    with_gone = army.model_copy(update={"catalogs": (*army.catalogs, CatalogRef(id="gone-catalog", revision=3))})
    for party in (army, with_gone):
        stamped = pfpv.stamp(party, catalogs)
        assert stamped.model_dump(mode="json") == _pfpv_stamp_before(party, catalogs)
        assert list(stamped.snapshot.sources) == list(catalogs.entries["sources"])  # in the catalogs' order
        assert pfpv.stamp(stamped, catalogs) == stamped


def test_a_party_keeps_the_copy_of_a_character_and_spells_gone_as_the_other_games_do(tmp_path):
    catalogs = builtin("pfpv")
    stamped = pfpv.stamp(example("pfpv"), catalogs)
    gone = stamped.units[0].profile
    document = json.loads((data_dir() / "pfpv" / "core.json").read_text(encoding="utf-8"))
    document["revision"] += 1
    document["profiles"] = [p for p in document["profiles"] if p["id"] != gone]
    (tmp_path / "core.json").write_text(json.dumps(document), encoding="utf-8")
    newer = load_catalogs([tmp_path / "core.json"]).for_system("pfpv")
    restamped = pfpv.stamp(stamped, newer)
    assert restamped.snapshot.profiles[gone] == stamped.snapshot.profiles[gone]
    assert set(restamped.snapshot.spells) == set(stamped.snapshot.spells)
    assert restamped.catalogs == (CatalogRef(id="pfpv-core", revision=document["revision"]),)


def test_the_catalogs_recorded_are_those_drawn_on_now_and_those_not_loaded_as_they_were():
    catalogs = builtin("powerdice")
    army = example("powerdice").model_copy(
        update={
            "catalogs": (
                CatalogRef(id="powerdice-core", revision=99),  # loaded now: its revision now, if drawn on
                CatalogRef(id="zz-gone", revision=3),
                CatalogRef(id="aa-gone", revision=1),
            )
        }
    )
    (core,) = catalogs.loaded
    drawn_on = {core.document.id: core.document.revision}
    assert changes.recorded_catalogs(army, catalogs, drawn_on) == (
        CatalogRef(id="aa-gone", revision=1),
        CatalogRef(id="powerdice-core", revision=core.document.revision),
        CatalogRef(id="zz-gone", revision=3),
    )
    assert changes.recorded_catalogs(army, catalogs, {}) == (  # drawn on no more: not recorded
        CatalogRef(id="aa-gone", revision=1),
        CatalogRef(id="zz-gone", revision=3),
    )


def test_snapshots_merge_kind_by_kind_a_later_copy_winning():
    catalogs = builtin("sbg")
    first = stamp(example("sbg"), catalogs).snapshot
    assert first is not None
    profile_id = next(iter(first.profiles))
    changed = first.profiles[profile_id].model_copy(update={"cost": 1})
    second = sbg_schema.Snapshot.model_validate({"profiles": {profile_id: changed}})
    merged = changes.merged_snapshots(sbg_schema.Snapshot, [first, None, second])
    assert merged.profiles[profile_id] == changed
    assert set(merged.profiles) == set(first.profiles) and merged.spells == first.spells
    assert changes.merged_snapshots(sbg_schema.Snapshot, []) == sbg_schema.Snapshot()


def _starts() -> list[tuple[str, Any, Any]]:
    from warband.model.systems.confrontation import battle_rules as confrontation_battle
    from warband.model.systems.confrontation.schema import Snapshot as ConfrontationSnapshot
    from warband.model.systems.pfpv import scene
    from warband.model.systems.powerdice import battle_rules as powerdice_battle
    from warband.model.systems.sbg import battle_rules as sbg_battle

    return [
        ("confrontation", lambda armies, c: confrontation_battle.start_battle(armies, c), ConfrontationSnapshot),
        ("powerdice", lambda armies, c: powerdice_battle.start_battle(armies, c), powerdice_schema.Snapshot),
        ("sbg", lambda armies, c: sbg_battle.start_battle(armies, c), sbg_schema.Snapshot),
        ("pfpv", lambda armies, c: scene.start_scene(armies[0][1], c), pfpv_schema.Snapshot),
    ]


@pytest.mark.parametrize(("system", "start", "snapshot_model"), _starts(), ids=[s for s, _, _ in _starts()])
def test_the_shared_battle_entries_are_what_each_game_embeds_in_a_battle(system, start, snapshot_model):
    catalogs = builtin(system)
    armies = [example(system), load_army(FIXTURES / f"{system}.warband.json")]
    sides = [("Aline", armies[0]), ("Bruno", armies[1])]
    embedded = start(sides, catalogs).entries
    shared = changes.battle_entries(
        [a for _, a in sides][: 1 if system == "pfpv" else 2], catalogs, snapshot_model
    )
    assert shared.model_dump(mode="json") == embedded.model_dump(mode="json")
