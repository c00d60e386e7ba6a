"""What changed in the catalogs for a Confrontation army since it was saved (AR-04)."""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel

from warband.model import changes as shared
from warband.model.army import Change, unit_label
from warband.model.catalog import Catalogs
from warband.model.changes import TrackedKind, note_use
from warband.model.messages import N_
from warband.model.systems.confrontation import GAME
from warband.model.systems.confrontation.rules import Index, index
from warband.model.systems.confrontation.schema import ConfrontationArmy, Snapshot

KIND_NAMES: dict[str, str] = {
    "profiles": N_("Profile"),
    "miracles": N_("Miracle"),
    "items": N_("Magic item"),
    "cults": N_("Cult"),
}
_REQUIREMENTS: dict[str, tuple[str, ...]] = {
    "miracles": ("cults", "paths", "universal", "aspects", "fervour", "difficulty", "unknown"),
    "items": ("peoples", "faithful_only"),
    "cults": ("path", "unknown"),
    "profiles": ("people", "discipline", "faithful", "unknown"),
}


def _used(army: ConfrontationArmy, idx: Index) -> dict[tuple[str, str], list[str]]:
    """Every entry the army uses (kind, id) → the labels of the units using it, in army order."""
    used: dict[tuple[str, str], list[str]] = {}
    for unit in army.units:
        profile = idx.profiles.get(unit.profile)
        label = unit_label(unit, profile)
        note_use(used, "profiles", unit.profile, label)
        if profile is not None and profile.faithful is not None and profile.faithful.known("cult"):
            note_use(used, "cults", profile.faithful.cult, label)
        for miracle_id in unit.miracles:
            note_use(used, "miracles", miracle_id, label)
        for item_id in unit.items:
            note_use(used, "items", item_id, label)
    return used


def _kinds(idx: Index) -> dict[str, TrackedKind]:
    tables: dict[str, Mapping[str, BaseModel]] = {
        "profiles": idx.profiles,
        "miracles": idx.miracles,
        "items": idx.items,
        "cults": idx.cults,
    }
    return {
        kind: TrackedKind(
            KIND_NAMES[kind],
            tables[kind],
            _REQUIREMENTS[kind],
            "change.profile" if kind == "profiles" else "change.requirements",
        )
        for kind in KIND_NAMES
    }


def stamp(army: ConfrontationArmy, catalogs: Catalogs) -> ConfrontationArmy:
    """Record the revisions of the catalogs the army draws on, and a copy of the entries it uses."""
    idx = index(catalogs)
    return shared.stamp(army, catalogs, _used(army, idx), _kinds(idx), Snapshot)


def compare(army: ConfrontationArmy, catalogs: Catalogs) -> list[Change]:
    """What changed for this army since it was stamped: revisions, costs, requirements, entries gone."""
    idx = index(catalogs)
    return shared.compare(army, catalogs, _used(army, idx), _kinds(idx), GAME.points_name)
