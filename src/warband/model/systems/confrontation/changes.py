"""What changed in the catalogs for a Confrontation army since it was saved (AR-04)."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel

from warband.model.army import CatalogRef, Change, unit_label
from warband.model.catalog import Catalogs
from warband.model.messages import COMMA, N_, joined, term
from warband.model.names import CatalogName
from warband.model.systems.confrontation.rules import Index, index
from warband.model.systems.confrontation.schema import ConfrontationArmy, Snapshot

KIND_NAMES: dict[str, str] = {
    "profiles": N_("Profile"),
    "miracles": N_("Miracle"),
    "items": N_("Magic item"),
    "cults": N_("Cult"),
}
_REQUIREMENTS: dict[str, tuple[str, ...]] = {
    "miracles": ("cults", "paths", "universal", "aspects", "fervour", "difficulty"),
    "items": ("peoples", "faithful_only"),
    "cults": ("path",),
    "profiles": ("people", "discipline", "faithful"),
}


def _used(army: ConfrontationArmy, idx: Index) -> dict[tuple[str, str], list[str]]:
    """Every entry the army uses (kind, id) → the labels of the units using it, in army order."""
    used: dict[tuple[str, str], list[str]] = {}

    def note(kind: str, entry_id: str, label: str) -> None:
        labels = used.setdefault((kind, entry_id), [])
        if label not in labels:
            labels.append(label)

    for unit in army.units:
        profile = idx.profiles.get(unit.profile)
        label = unit_label(unit, profile)
        note("profiles", unit.profile, label)
        if profile is not None and profile.faithful is not None:
            note("cults", profile.faithful.cult, label)
        for miracle_id in unit.miracles:
            note("miracles", miracle_id, label)
        for item_id in unit.items:
            note("items", item_id, label)
    return used


def _current(idx: Index, kind: str) -> Mapping[str, BaseModel]:
    tables: dict[str, Mapping[str, BaseModel]] = {
        "profiles": idx.profiles,
        "miracles": idx.miracles,
        "items": idx.items,
        "cults": idx.cults,
    }
    return tables[kind]


def stamp(army: ConfrontationArmy, catalogs: Catalogs) -> ConfrontationArmy:
    """Record the revisions of the catalogs the army draws on, and a copy of the entries it uses."""
    idx = index(catalogs)
    old = army.snapshot or Snapshot()
    tables: dict[str, dict[str, object]] = {kind: {} for kind in KIND_NAMES}
    sources: dict[str, int] = {}
    for kind, entry_id in _used(army, idx):
        entry = _current(idx, kind).get(entry_id)
        if entry is None:
            kept = getattr(old, kind).get(entry_id)
            if kept is not None:  # an entry gone from the catalogs keeps its last known copy
                tables[kind][entry_id] = kept
            continue
        tables[kind][entry_id] = entry
        origin = catalogs.origin.get((kind, entry_id))
        if origin is not None:
            sources[origin.document.id] = origin.document.revision
    for ref in army.catalogs:  # a catalog that is not loaded now stays recorded as it was
        if ref.id not in catalogs.revisions():
            sources.setdefault(ref.id, ref.revision)
    snapshot = Snapshot.model_validate(tables)
    refs = tuple(CatalogRef(id=cid, revision=rev) for cid, rev in sorted(sources.items()))
    return ConfrontationArmy.model_validate({**dict(army), "catalogs": refs, "snapshot": snapshot})


def compare(army: ConfrontationArmy, catalogs: Catalogs) -> list[Change]:
    """What changed for this army since it was stamped: revisions, costs, requirements, entries gone."""
    changes: list[Change] = []
    revisions = catalogs.revisions()
    for ref in army.catalogs:
        name = ref.id
        if ref.id not in revisions:
            changes.append(Change.of("change.catalog_missing", catalog=name, old=ref.revision))
        elif revisions[ref.id] != ref.revision:
            changes.append(
                Change.of("change.catalog_revision", catalog=name, old=ref.revision, new=revisions[ref.id])
            )
    if army.snapshot is None:
        return changes
    idx = index(catalogs)
    for (kind, entry_id), labels in _used(army, idx).items():
        before = getattr(army.snapshot, kind).get(entry_id)
        if before is None:
            continue  # never recorded: nothing to compare with (AR-02 reports unknown entries)
        after = _current(idx, kind).get(entry_id)
        units = joined(labels, COMMA)
        kind_name = term(KIND_NAMES[kind])
        entry_name = CatalogName(before.name)
        key = (kind, entry_id)
        if after is None:
            changes.append(
                Change.of(
                    "change.entry_gone",
                    kind,
                    entry_id,
                    tuple(labels),
                    kind=kind_name,
                    entry=entry_name,
                    units=units,
                )
            )
            continue
        old_cost = getattr(before, "cost", None)
        new_cost = getattr(after, "cost", None)
        if old_cost != new_cost:
            changes.append(
                Change.of(
                    "change.cost",
                    *key,
                    tuple(labels),
                    kind=kind_name,
                    entry=entry_name,
                    old=old_cost,
                    new=new_cost,
                    units=units,
                )
            )
        differing = [f for f in _REQUIREMENTS[kind] if getattr(before, f) != getattr(after, f)]
        if differing:
            code = "change.profile" if kind == "profiles" else "change.requirements"
            changes.append(
                Change.of(
                    code,
                    *key,
                    tuple(labels),
                    kind=kind_name,
                    entry=entry_name,
                    what=", ".join(differing),
                    units=units,
                )
            )
    return changes
