"""AR-04, written once for every game: an army records the catalogs and the entries it was built with (`stamp`),
and opening it later tells what changed for it (`compare`): catalog revisions, entries gone, costs, requirements.

A game says what it tracks: which entries its army uses, by kind, with the labels of the units using them, and
for each kind its name, the table of the entries as the catalogs hold them now, and what of an entry counts as
its requirements.

What is recorded is worked out here only: which catalogs, at which revision (`recorded_catalogs`), the snapshot
of the entries, and for a battle the snapshots of its armies merged into one (`battle_entries`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel

from warband.model.army import Army, CatalogRef, Change
from warband.model.army import stamp as stamp_army
from warband.model.catalog import Catalogs
from warband.model.messages import COMMA, joined, term
from warband.model.names import CatalogName

A = TypeVar("A", bound=Army)
S = TypeVar("S", bound=BaseModel)

Used = Mapping[tuple[str, str], list[str]]
"""Every entry an army uses, (kind, id) → the labels of the units using it, in army order."""


@dataclass(frozen=True)
class TrackedKind:
    """One kind of catalog entry an army records (profiles, miracles, spells…)."""

    name: str
    """What players call it, marked with `N_` ("Profile")."""
    table: Mapping[str, BaseModel]
    """The entries of that kind as the loaded catalogs hold them now, by id."""
    requirements: tuple[str, ...] | Callable[[Any, Any], list[str]] = ()
    """The fields whose change is told, or a function naming what differs between the entry before and after."""
    code: str = "change.requirements"
    """The message that tells a change of requirements."""
    compared: bool = True
    """False for entries that come with another (a hero's spells come with its profile): recorded, not told."""

    @classmethod
    def recorded(cls, table: Mapping[str, BaseModel]) -> TrackedKind:
        """A kind recorded and never told (by a game that tells only the catalogs' revisions): it needs no name."""
        return cls("", table, compared=False)


def note_use(used: dict[tuple[str, str], list[str]], kind: str, entry_id: str, label: str) -> None:
    """Record that a unit (by its label) uses an entry, once."""
    labels = used.setdefault((kind, entry_id), [])
    if label not in labels:
        labels.append(label)


def stamp(
    army: A, catalogs: Catalogs, used: Used, kinds: Mapping[str, TrackedKind], snapshot_model: type[BaseModel]
) -> A:
    """The army recording the revisions of the catalogs it draws on, and a copy of every entry it uses.

    An entry gone from the catalogs keeps its last known copy; a catalog not loaded now stays recorded as it was.
    """
    old = getattr(army, "snapshot", None) or snapshot_model()
    tables: dict[str, dict[str, object]] = {kind: {} for kind in kinds}
    drawn_on: dict[str, int] = {}
    for kind, entry_id in used:
        entry = kinds[kind].table.get(entry_id)
        if entry is None:
            kept = getattr(old, kind).get(entry_id)
            if kept is not None:
                tables[kind][entry_id] = kept
            continue
        tables[kind][entry_id] = entry
        origin = catalogs.origin.get((kind, entry_id))
        if origin is not None:
            drawn_on[origin.document.id] = origin.document.revision
    return type(army).model_validate(
        {
            **dict(army),
            "catalogs": recorded_catalogs(army, catalogs, drawn_on),
            "snapshot": snapshot_model.model_validate(tables),
        }
    )


def recorded_catalogs(army: Army, catalogs: Catalogs, drawn_on: Mapping[str, int]) -> tuple[CatalogRef, ...]:
    """The catalogs an army records, by id: those it draws on now (catalog id → revision), and those it recorded
    before that are not loaded now, as they were."""
    loaded = catalogs.revisions()
    revisions = dict(drawn_on)
    for ref in army.catalogs:
        if ref.id not in loaded:
            revisions.setdefault(ref.id, ref.revision)
    return tuple(CatalogRef(id=cid, revision=rev) for cid, rev in sorted(revisions.items()))


def merged_snapshots(snapshot_model: type[S], snapshots: Iterable[BaseModel | None]) -> S:
    """One snapshot of the entries of several (each kind a field of `snapshot_model`): a later copy of an entry
    wins; a missing snapshot adds nothing."""
    tables: dict[str, dict[str, object]] = {kind: {} for kind in snapshot_model.model_fields}
    for snapshot in snapshots:
        if snapshot is not None:
            for kind, table in tables.items():
                table.update(getattr(snapshot, kind))
    return snapshot_model.model_validate(tables)


def battle_entries(armies: Iterable[Army], catalogs: Catalogs, snapshot_model: type[S]) -> S:
    """The catalog entries a battle (or a scene) embeds: each army stamped now (AR-04), their snapshots merged, a
    later army's copy of an entry winning."""
    return merged_snapshots(
        snapshot_model, (getattr(stamp_army(army, catalogs), "snapshot", None) for army in armies)
    )


def catalog_changes(army: Army, catalogs: Catalogs) -> list[Change]:
    """The catalogs the army was built with that are now at another revision, or not loaded."""
    changes: list[Change] = []
    revisions = catalogs.revisions()
    for ref in army.catalogs:
        if ref.id not in revisions:
            changes.append(Change.of("change.catalog_missing", catalog=ref.id, old=ref.revision))
        elif revisions[ref.id] != ref.revision:
            changes.append(
                Change.of("change.catalog_revision", catalog=ref.id, old=ref.revision, new=revisions[ref.id])
            )
    return changes


def compare(
    army: Army, catalogs: Catalogs, used: Used, kinds: Mapping[str, TrackedKind], points: str | None
) -> list[Change]:
    """What changed for the army since it was stamped: revisions, then for each entry it uses (in army order)
    whether it is gone, its cost (in `points`, the game's word for them) and its requirements."""
    changes = catalog_changes(army, catalogs)
    snapshot = getattr(army, "snapshot", None)
    if snapshot is None:
        return changes
    for (kind, entry_id), labels in used.items():
        tracked = kinds[kind]
        before = getattr(snapshot, kind).get(entry_id)
        if before is None or not tracked.compared:
            continue  # never recorded: nothing to compare with (AR-02 reports unknown entries)
        after = tracked.table.get(entry_id)
        said = {"kind": term(tracked.name), "entry": CatalogName(before.name), "units": joined(labels, COMMA)}
        key = (kind, entry_id, tuple(labels))
        if after is None:
            changes.append(Change.of("change.entry_gone", *key, **said))
            continue
        old_cost, new_cost = getattr(before, "cost", None), getattr(after, "cost", None)
        if old_cost != new_cost:
            changes.append(
                Change.of("change.cost", *key, **said, old=old_cost, new=new_cost, points=term(points or ""))
            )
        requirements = tracked.requirements
        if callable(requirements):
            differing = requirements(before, after)
        else:
            differing = [f for f in requirements if getattr(before, f) != getattr(after, f)]
        if differing:
            changes.append(Change.of(tracked.code, *key, **said, what=", ".join(differing)))
    return changes
