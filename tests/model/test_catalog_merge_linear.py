"""Merging a long chain of player catalogs is linear (issue 21), and gives what the merge before it gave: the same
catalogs kept, entries, origins and declared models, and the same errors in the same order (a clash names both
files, a dangling reference blames the file that holds it, a catalog left out takes down those that referred to
it, round after round).

`merge_before` is the merge as it was (quadratic: each key looked up in the list of accepted catalogs, and every
catalog checked again after each round); the generated chains are merged by both."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from warband.model.catalog import (
    Catalogs,
    Entry,
    LoadedCatalog,
    Table,
    _entry_models,
    _first_clash,
    _keys,
    dangling,
    merge,
)
from warband.model.storage import FileError
from warband.model.systems.confrontation.schema import ConfrontationCatalog

SYSTEM = "confrontation"


def merge_before(system: str, loaded: Sequence[LoadedCatalog]) -> tuple[Catalogs, list[FileError]]:
    """The merge before issue 21, word for word."""
    errors: list[FileError] = []
    accepted: list[LoadedCatalog] = []
    catalog_ids: dict[str, LoadedCatalog] = {}
    owners: dict[tuple[str, str], tuple[LoadedCatalog, int]] = {}
    for lc in loaded:
        doc = lc.document
        if doc.id in catalog_ids:
            errors.append(
                FileError(
                    lc.file, "$.id", f"the catalog id {doc.id!r} is already used by {catalog_ids[doc.id].file}"
                )
            )
            continue
        clash = _first_clash(lc, owners)
        if clash is not None:
            errors.append(clash)
            continue
        catalog_ids[doc.id] = lc
        for kind, listed in doc.entry_lists().items():
            for index, entry in enumerate(listed):
                owners[(kind, entry.id)] = (lc, index)
        accepted.append(lc)

    known = {key for key, (lc, _) in owners.items() if lc in accepted}
    while True:
        left_out = [(lc, error) for lc in accepted if (error := next(dangling(lc, known, system), None))]
        if not left_out:
            break
        for lc, error in left_out:
            errors.append(error)
            accepted.remove(lc)
            known.difference_update(_keys(lc))

    entries: dict[str, dict[str, Entry]] = {}
    declared: dict[str, tuple[type, ...] | None] = {}
    origin: dict[tuple[str, str], LoadedCatalog] = {}
    for lc in accepted:
        fields = _entry_models(type(lc.document))
        for kind, items in lc.document.entry_lists().items():
            bucket = entries.setdefault(kind, {})
            for entry in items:
                bucket[entry.id] = entry
                origin[(kind, entry.id)] = lc
            models = declared.setdefault(kind, ())
            if items and models is not None:
                model = fields.get(kind)
                if model is not None and items is getattr(lc.document, kind):
                    declared[kind] = (*models, model)
                else:
                    declared[kind] = None
    tables = {kind: Table(bucket, declared[kind]) for kind, bucket in entries.items()}
    return Catalogs(system, tuple(accepted), tables, origin), errors


# --- generated catalogs -----------------------------------------------------------------------------------------
def document(
    number: int, cults: Sequence[str], miracles: Sequence[tuple[str, Sequence[str]]], catalog_id: str | None = None
) -> dict[str, Any]:
    """A Confrontation catalog of these cults, and miracles each reserved to the cults named (references)."""
    return {
        "format": "warband-catalog",
        "version": 1,
        "system": SYSTEM,
        "id": catalog_id or f"player-{number:04d}",
        "revision": 1,
        "name": f"Player catalog {number}",
        "cults": [{"id": cult, "name": f"Cult {cult}", "path": "light"} for cult in cults],
        "miracles": [
            {"id": miracle, "name": f"Miracle {miracle}", "cults": list(refs), "cost": 5}
            for miracle, refs in miracles
        ],
    }


def loaded(documents: Sequence[dict[str, Any]]) -> list[LoadedCatalog]:
    return [
        LoadedCatalog(f"/player/catalog-{n:04d}.json", ConfrontationCatalog.model_validate(doc))
        for n, doc in enumerate(documents)
    ]


def chain(length: int, *, first_refers_to: str | None = None) -> list[dict[str, Any]]:
    """Catalog k defines cult k and two miracles of cult k - 1 (the first: of `first_refers_to`, or of its own)."""
    docs = []
    for k in range(length):
        previous = f"cult-{k - 1:04d}" if k else (first_refers_to or f"cult-{k:04d}")
        docs.append(document(k, [f"cult-{k:04d}"], [(f"miracle-{k:04d}-{j}", [previous]) for j in range(2)]))
    return docs


def tangle(seed: int, length: int = 40) -> list[dict[str, Any]]:
    """Catalogs referring to cults of earlier, later and their own catalogs, and to none; with clashes of entry
    ids (with an earlier file and within one file) and of catalog ids, so that falling catalogs take others down."""
    rng = random.Random(seed)
    missing = 0.05 if seed % 2 else 0.01  # many catalogs falling, or a few
    cults = [[f"cult-{k:03d}-{j}" for j in range(rng.randint(1, 3))] for k in range(length)]
    every = [cult for own in cults for cult in own]
    docs = []
    for k in range(length):
        own = list(cults[k])
        miracles: list[tuple[str, list[str]]] = []
        for j in range(rng.randint(0, 4)):
            roll = rng.random()
            if roll < missing:
                refs = [f"missing-{k}-{j}"]
            elif roll < 0.5 and k:
                refs = [rng.choice(cults[rng.randrange(max(0, k - 3), k)])]  # a near earlier catalog
            elif roll < 0.6:
                refs = [rng.choice(own)]
            else:
                refs = rng.sample(every, rng.randint(1, 2))
            miracles.append((f"miracle-{k:03d}-{j}", refs))
        roll = rng.random()
        catalog_id = None
        if roll < 0.04 and k:
            own.append(rng.choice(cults[rng.randrange(k)]))  # also defined in an earlier file
        elif roll < 0.07:
            own.append(own[0])  # twice in this file
        elif roll < 0.10 and k:
            catalog_id = f"player-{rng.randrange(k):04d}"  # the id of an earlier catalog
        docs.append(document(k, own, miracles, catalog_id))
    return docs


# --- the comparison ---------------------------------------------------------------------------------------------
def assert_same_as_before(docs: Sequence[dict[str, Any]]) -> tuple[Catalogs, list[FileError]]:
    catalogs = loaded(docs)
    got, got_errors = merge(SYSTEM, catalogs)
    want, want_errors = merge_before(SYSTEM, catalogs)
    assert [e.as_json() for e in got_errors] == [e.as_json() for e in want_errors]
    assert [id(lc) for lc in got.loaded] == [id(lc) for lc in want.loaded]
    assert got.entries.keys() == want.entries.keys()
    for kind, table in want.entries.items():
        assert dict(got.entries[kind]) == dict(table)
        assert got.entries[kind].declared == table.declared  # type: ignore[attr-defined]
    assert {key: id(lc) for key, lc in got.origin.items()} == {key: id(lc) for key, lc in want.origin.items()}
    return got, got_errors


def test_a_chain_each_referring_to_the_previous_catalog_merges_whole():
    merged, errors = assert_same_as_before(chain(60))
    assert errors == []
    assert len(merged.loaded) == 60
    assert len(merged.entries["miracles"]) == 120


def test_a_chain_whose_first_catalog_dangles_falls_whole_in_order_each_file_blamed_for_its_own_reference():
    merged, errors = assert_same_as_before(chain(30, first_refers_to="nowhere"))
    assert merged.loaded == ()
    assert [e.file for e in errors] == [f"/player/catalog-{k:04d}.json" for k in range(30)]
    assert errors[0].where == "$.miracles[0].cults[0]"
    assert errors[0].message == "refers to the cult 'nowhere', which no loaded confrontation catalog defines"
    assert errors[1].message == "refers to the cult 'cult-0000', which no loaded confrontation catalog defines"


def test_a_catalog_left_out_takes_down_those_referring_to_it_round_by_round_each_round_in_file_order():
    docs = [
        document(0, ["a"], [("m0", ["missing"])]),
        document(1, ["b"], [("m1", ["c"])]),  # refers to a later catalog, which falls in the second round
        document(2, ["c"], [("m2", ["a"])]),
        document(3, ["d"], [("m3", ["a"]), ("m3b", ["b"])]),
        document(4, ["e"], [("m4", ["e"])]),  # its own cult
        document(5, ["f"], [("m5", ["e", "b"])]),
    ]
    merged, errors = assert_same_as_before(docs)
    assert [lc.document.id for lc in merged.loaded] == ["player-0004"]
    assert [(e.file[-9:-5], e.message.split("'")[1]) for e in errors] == [
        ("0000", "missing"),
        ("0002", "a"),
        ("0003", "a"),
        ("0001", "c"),
        ("0005", "b"),
    ]


def test_clashes_name_both_files_and_a_catalog_refused_for_one_leaves_its_entries_undefined():
    docs = [
        document(0, ["a"], []),
        document(1, ["b", "a"], []),  # clashes with the first file: refused whole
        document(2, ["c"], [("m2", ["b"])]),  # b was the refused file's: dangling
        document(3, ["d", "d"], []),
        document(4, ["e"], [], catalog_id="player-0000"),
    ]
    merged, errors = assert_same_as_before(docs)
    assert [lc.document.id for lc in merged.loaded] == ["player-0000"]
    assert [str(e) for e in errors] == [
        "/player/catalog-0001.json at $.cults[1].id: the cult id 'a' is also defined in /player/catalog-0000.json "
        "at $.cults[0].id; IDs must be unique across catalogs",
        "/player/catalog-0003.json at $.cults[1].id: the cult id 'd' is used twice in this file ($.cults[0].id)",
        "/player/catalog-0004.json at $.id: the catalog id 'player-0000' is already used by "
        "/player/catalog-0000.json",
        "/player/catalog-0002.json at $.miracles[0].cults[0]: refers to the cult 'b', which no loaded "
        "confrontation catalog defines",
    ]


@pytest.mark.parametrize("seed", range(40))
def test_tangled_catalogs_merge_as_before(seed):
    assert_same_as_before(tangle(seed))


def test_a_falling_chain_reads_each_catalogs_references_a_bounded_number_of_times(monkeypatch):
    calls = {"n": 0}
    original = ConfrontationCatalog.references

    def counted(self: ConfrontationCatalog) -> Iterator[Any]:
        calls["n"] += 1
        return original(self)

    monkeypatch.setattr(ConfrontationCatalog, "references", counted)
    length = 300
    _merged, errors = merge(SYSTEM, loaded(chain(length, first_refers_to="nowhere")))
    assert len(errors) == length
    assert calls["n"] <= 2 * length  # once to find what each refers to, once more to word its error


def test_the_declared_models_of_a_long_chain_are_one_per_catalog_holding_the_kind():
    merged, _errors = merge(SYSTEM, loaded(chain(50)))
    miracles = merged.entries["miracles"]
    assert isinstance(miracles, Table)
    assert miracles.declared is not None and len(miracles.declared) == 50
