"""Army files and the rules every system shares: AR-01 … AR-04."""

from __future__ import annotations

import json

import pytest

from tests.helpers import catalog_doc, make_army, make_catalogs, unit, write_json
from warband.model.army import compare, load_army, save_army, stamp, validate
from warband.model.storage import FileError
from warband.model.systems.confrontation.schema import ConfrontationArmy


def army_doc(**changes):
    doc = {
        "format": "warband-army",
        "version": 1,
        "system": "confrontation",
        "name": "Army",
        "points_limit": None,
        "units": [unit("u1", "iron-priestess", miracles=["renfort"])],
    }
    doc.update(changes)
    return doc


def test_ar_01_an_army_belongs_to_one_known_system(tmp_path):
    army = load_army(write_json(tmp_path / "a.warband.json", army_doc()))
    assert isinstance(army, ConfrontationArmy)
    with pytest.raises(FileError) as err:
        load_army(write_json(tmp_path / "b.warband.json", army_doc(system="chess")))
    assert err.value.where == "$.system"
    assert "unknown system 'chess'" in err.value.message
    assert "confrontation" in err.value.message


def test_ar_01_unit_fields_are_the_systems_own(tmp_path):
    doc = army_doc(units=[{**unit("u1", "iron-priestess"), "might": 3}])
    with pytest.raises(FileError) as err:
        load_army(write_json(tmp_path / "a.warband.json", doc))
    assert (err.value.where, err.value.message) == ("$.units[0].might", "unknown field 'might'")


def test_ar_01_entries_are_referred_to_by_id_and_units_by_unique_id(tmp_path):
    doc = army_doc(units=[unit("u1", "templar"), unit("u1", "beast")])
    with pytest.raises(FileError) as err:
        load_army(write_json(tmp_path / "a.warband.json", doc))
    assert err.value.where == "$.units"
    assert "the unit id 'u1' is used by units 0 and 1" in err.value.message


def test_ar_02_missing_entries_are_kept_flagged_and_saved_back_unchanged(tmp_path):
    army = make_army(
        unit("u1", "iron-priestess", miracles=["renfort", "lost-miracle"], items=["lost-item", "amulet"]),
        unit("u2", "lost-profile", miracles=["small-grace"]),
    )
    path = tmp_path / "a.warband.json"
    save_army(army, path)
    before = path.read_bytes()

    loaded = load_army(path)
    report = validate(loaded, make_catalogs())
    assert [(p.rule, p.code, p.unit.id) for p in report.problems] == [
        ("AR-02", "miracle.unknown", "u1"),
        ("AR-02", "item.unknown", "u1"),
        ("AR-02", "profile.unknown", "u2"),
    ]
    assert "“lost-profile” is not in the loaded catalogs" in report.problems[2].message
    # unknown entries are reported, never counted as 0 (u2's miracle is known and counted)
    assert [u.cost for u in report.units] == [30 + 25 + 10, 5]
    assert report.total_cost == 70

    save_army(loaded, path)
    assert path.read_bytes() == before
    assert load_army(path) == army


def test_ar_03_problems_name_rule_unit_and_sentence_and_never_block(tmp_path):
    army = make_army(
        unit("u1", "templar", miracles=["renfort"]),
        unit("u2", "iron-priestess", miracles=["dark-pact", "renfort", "renfort"]),
        limit=10,
    )
    report = validate(army, make_catalogs())
    assert len(report.problems) == 6
    for problem in report.problems:
        assert problem.rule.startswith(("CF-", "AR-"))
        assert problem.message.endswith(".")
        assert problem.sentence == problem.message  # no translation loaded: English
        if problem.code != "army.over_limit":
            assert problem.unit is not None
    # a draft with problems saves and reopens like any other army
    path = tmp_path / "draft.warband.json"
    save_army(army, path)
    assert load_army(path) == army


def test_ar_04_stamp_records_catalog_revisions_and_entries(tmp_path):
    catalogs = make_catalogs()
    army = stamp(make_army(unit("u1", "iron-priestess", miracles=["renfort"], items=["amulet"])), catalogs)
    assert [(c.id, c.revision) for c in army.catalogs] == [("test", 1)]
    assert set(army.snapshot.miracles) == {"renfort"}
    assert set(army.snapshot.profiles) == {"iron-priestess"}
    assert set(army.snapshot.cults) == {"merin"}
    assert set(army.snapshot.items) == {"amulet"}
    assert compare(army, catalogs) == []
    path = tmp_path / "a.warband.json"
    save_army(army, path)
    assert load_army(path) == army


def test_ar_04_compare_tells_what_changed_for_this_army():
    old = make_catalogs()
    army = stamp(
        make_army(
            unit("u1", "iron-priestess", miracles=["renfort", "merin-blessing", "small-grace"], label="Aline"),
            unit("u2", "templar", items=["amulet"]),
        ),
        old,
    )
    doc = catalog_doc(revision=2)
    miracles = {m["id"]: m for m in doc["miracles"]}
    miracles["renfort"]["cost"] = 30  # cost changed
    miracles["merin-blessing"]["aspects"]["alteration"] = 3  # requirement changed
    doc["miracles"] = [m for m in doc["miracles"] if m["id"] != "small-grace"]  # gone
    doc["profiles"][0]["faithful"]["faith"] = 12  # the Priestess's profile changed
    doc["miracles"][4]["cost"] = 99  # abnegation: not used by the army, not reported
    new = make_catalogs(doc)

    changes = compare(army, new)
    assert [(c.code, c.entry) for c in changes] == [
        ("change.catalog_revision", ""),
        ("change.profile", "iron-priestess"),
        ("change.cost", "renfort"),
        ("change.requirements", "merin-blessing"),
        ("change.entry_gone", "small-grace"),
    ]
    assert changes[0].message == ("The catalog “test” was at revision 1 when this army was saved; it is now at 2.")
    assert changes[2].message == "Miracle Renfort: its cost went from 25 to 30 A.P. (Aline)."
    assert changes[3].message == "Miracle Merin Blessing: its requirements changed (aspects) (Aline)."
    assert changes[4].message == "Miracle Small Grace is no longer in the catalogs (Aline)."
    assert changes[4].units == ("Aline",)


def test_ar_04_a_catalog_no_longer_loaded_is_reported():
    army = stamp(make_army(unit("u1", "templar")), make_catalogs())
    other = make_catalogs(catalog_doc(id="other"))
    [change] = compare(army, other)
    assert change.code == "change.catalog_missing"
    assert change.message == "The catalog “test” (revision 1) used by this army is not loaded."


def test_ar_04_restamping_keeps_the_copy_of_an_entry_gone(tmp_path):
    army = stamp(make_army(unit("u1", "iron-priestess", miracles=["renfort"])), make_catalogs())
    doc = catalog_doc(revision=2)
    doc["miracles"] = [m for m in doc["miracles"] if m["id"] != "renfort"]
    newer = make_catalogs(doc)
    restamped = stamp(army, newer)
    assert restamped.snapshot.miracles["renfort"].cost == 25
    assert [c.code for c in compare(restamped, newer)] == ["change.entry_gone"]
    assert restamped.units == army.units  # AR-02: the entry stays in the army


def test_ar_04_an_army_without_a_record_compares_to_nothing():
    army = make_army(unit("u1", "templar"))
    assert compare(army, make_catalogs()) == []


def test_army_file_is_stable_json(tmp_path):
    army = make_army(unit("u1", "iron-priestess", miracles=["renfort"], label="Aline « la Grise »"), limit=400)
    path = tmp_path / "a.warband.json"
    save_army(army, path)
    text = path.read_text(encoding="utf-8")
    assert "« la Grise »" in text
    data = json.loads(text)
    assert list(data)[:5] == ["format", "version", "system", "name", "points_limit"]
    assert data["units"][0] == {
        "id": "u1",
        "profile": "iron-priestess",
        "label": "Aline « la Grise »",
        "count": 1,
        "notes": "",
        "miracles": ["renfort"],
        "items": [],
    }
