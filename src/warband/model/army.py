"""Armies: the common envelope, problems and reports, loading and saving.

An army belongs to one system (AR-01); each system subclasses `Army` and `Unit` with its own unit fields.
Entries are referred to by ID, and entries the catalogs no longer know stay in the army untouched (AR-02).
"""

from __future__ import annotations

import errno
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, NamedTuple

from pydantic import Field, Strict, field_validator

from warband.model.catalog import Catalogs, Count, Entry, Frozen, Id, Text
from warband.model.file_names import ARMY_SUFFIX as ARMY_SUFFIX  # its home; here too for older imports
from warband.model.messages import english, translated
from warband.model.names import CatalogName
from warband.model.storage import (
    CURRENT_VERSIONS,
    FileError,
    dumps,
    open_envelope,
    read_json,
    validate_model,
    write_bytes_atomic,
)

if TYPE_CHECKING:
    from warband.model.system import GameSystem


class CatalogRef(Frozen):
    """A catalog an army was built with, and its revision then (AR-04)."""

    id: Id
    revision: Count


class Unit(Frozen):
    """The fields every system's unit has; systems add their own."""

    id: Id
    profile: Id
    label: Annotated[str, Strict(), Field(max_length=200)] = ""
    count: Annotated[int, Strict(), Field(ge=1, le=10_000)] = 1
    notes: Text = ""

    def own_profile_name(self) -> str | None:
        """The name of the profile the unit carries itself, built by the player, when it names no catalog entry
        (a `Localised` word: "Built character"); None when `profile` names a catalog entry (every unit of most
        games). Views show it as the unit's profile, never as an entry the catalogs lack (AR-02)."""
        return None


def unit_label(unit: Unit, profile: Entry | None) -> str:
    """How a unit is named to the player: its label, else its profile's name (a `CatalogName`: English as a
    string, the language spoken in a sentence or through `spoken_text`), else the profile ID."""
    if unit.label.strip():
        return unit.label
    own = unit.own_profile_name()
    if own is not None:
        return own
    return CatalogName(profile.name) if profile is not None else unit.profile


class Army(Frozen):
    """The envelope every system's army shares."""

    format: Literal["warband-army"] = "warband-army"
    version: Annotated[int, Strict(), Field(ge=1)] = CURRENT_VERSIONS["warband-army"]
    """The version this program writes; older army files are migrated on load (`storage.MIGRATIONS`), and armies
    embedded in battles keep the version they were saved with."""
    system: Annotated[str, Strict()]
    name: Annotated[str, Strict(), Field(max_length=200)] = ""
    points_limit: Annotated[int, Strict(), Field(ge=0, le=1_000_000)] | None = None
    catalogs: tuple[CatalogRef, ...] = ()
    units: tuple[Unit, ...] = ()

    @field_validator("units")
    @classmethod
    def _unit_ids_unique(cls, units: tuple[Unit, ...]) -> tuple[Unit, ...]:
        seen: dict[str, int] = {}
        for index, unit in enumerate(units):
            if unit.id in seen:
                raise ValueError(
                    f"the unit id {unit.id!r} is used by units {seen[unit.id]} and {index}; "
                    "each unit needs its own id"
                )
            seen[unit.id] = index
        return units

    def unit(self, unit_id: str) -> Unit | None:
        return next((u for u in self.units if u.id == unit_id), None)


@dataclass(frozen=True, slots=True)
class UnitRef:
    """Which unit a problem is about: its id, its place in the army, and how it is shown."""

    id: str
    index: int
    label: str

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "index": self.index, "label": self.label}


@dataclass(frozen=True, slots=True)
class Problem:
    """A broken rule, as a value: rule ID, message key and parameters, the unit; the sentence on demand."""

    rule: str
    code: str
    params: Mapping[str, object]
    unit: UnitRef | None = None

    @classmethod
    def of(cls, rule: str, code: str, ref: UnitRef | None = None, /, **params: object) -> Problem:
        return cls(rule, code, params, ref)

    @property
    def message(self) -> str:
        """The English sentence (files, command line, logs)."""
        return english(self.code, self.params)

    @property
    def sentence(self) -> str:
        """The sentence in the player's language."""
        return translated(self.code, self.params)

    def as_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "code": self.code,
            "message": self.message,
            "unit": self.unit.as_json() if self.unit else None,
        }


@dataclass(frozen=True, slots=True)
class UnitCost:
    id: str
    index: int
    label: str
    cost: int


@dataclass(frozen=True)
class Report:
    """What `validate` found: costs per unit, the total against the limit, and every problem."""

    system: str
    total_cost: int
    points_limit: int | None
    units: tuple[UnitCost, ...]
    problems: tuple[Problem, ...]

    @property
    def valid(self) -> bool:
        return not self.problems

    def as_json(self) -> dict[str, Any]:
        return {
            "format": "warband-report",
            "version": 1,
            "valid": self.valid,
            "total_cost": self.total_cost,
            "points_limit": self.points_limit,
            "units": [{"id": u.id, "label": u.label, "cost": u.cost} for u in self.units],
            "problems": [p.as_json() for p in self.problems],
        }


def sort_problems(problems: list[Problem]) -> tuple[Problem, ...]:
    """Unit order, then rule ID; problems of the whole army come last."""

    def key(p: Problem) -> tuple[int, str]:
        return (p.unit.index if p.unit else 1 << 30, p.rule)

    return tuple(sorted(problems, key=key))


class Choice(NamedTuple):
    """Something a unit may take (a miracle, an item), whether it may, and why not.

    The reasons are worked out only when asked for: a picker over thousands of entries shows a handful.
    """

    kind: str
    id: str
    name: str
    cost: int
    eligible: bool
    entry: object = None
    owned: int = 0
    why: Callable[[Choice], tuple[Problem, ...]] | None = None
    """Works out the reasons of a refused choice; one function serves every choice of an `options()` call."""

    @property
    def reasons(self) -> tuple[Problem, ...]:
        return self.why(self) if self.why is not None else ()


@dataclass(frozen=True, slots=True)
class Change:
    """Something that changed in the catalogs for this army since it was saved (AR-04)."""

    code: str
    params: Mapping[str, object]
    kind: str = ""
    entry: str = ""
    units: tuple[str, ...] = field(default=())

    @classmethod
    def of(
        cls,
        code: str,
        kind: str = "",
        entry: str = "",
        units: tuple[str, ...] = (),
        /,
        **params: object,
    ) -> Change:
        return cls(code, params, kind, entry, units)

    @property
    def message(self) -> str:
        return english(self.code, self.params)

    @property
    def sentence(self) -> str:
        return translated(self.code, self.params)


def system_of(army: Army) -> GameSystem:
    from warband.model.system import get_system

    return get_system(army.system)


def validate(army: Army, catalogs: Catalogs) -> Report:
    """Every problem of the army, with costs and totals, by the rules of its system."""
    return system_of(army).validate(army, catalogs)


def options(army: Army, unit_id: str, catalogs: Catalogs) -> list[Choice]:
    """What the unit may take, each with whether it may and why not."""
    return system_of(army).options(army, unit_id, catalogs)


def compare(army: Army, catalogs: Catalogs) -> list[Change]:
    """What changed for this army since it was saved against its recorded catalogs (AR-04)."""
    return system_of(army).compare(army, catalogs)


def stamp(army: Army, catalogs: Catalogs) -> Army:
    """Record the catalogs' revisions and the entries the army uses, as it is saved (AR-04)."""
    return system_of(army).stamp(army, catalogs)


def parse_army(data: Any, file: str) -> Army:
    """Check a decoded army document and build the system's army from it."""
    from warband.model.system import find_system, unknown_system

    data = open_envelope(data, file, "warband-army")
    system_id = data.get("system")
    if not isinstance(system_id, str):
        raise FileError(file, "$.system", "the 'system' field must name a rule system")
    system = find_system(system_id)
    if system is None:
        raise FileError(file, "$.system", unknown_system(system_id))
    return validate_model(system.army_model, data, file)


def load_army(path: Path) -> Army:
    """Read an army file; any problem raises `FileError` naming the file, the place and the reason."""
    return parse_army(read_json(path), str(path))


def save_army(army: Army, path: Path) -> None:
    """Write an army atomically; on failure the previous file is untouched and `FileError` says why."""
    data = dumps(army, str(path))  # text that is not valid Unicode is a FileError, before anything is written
    try:
        write_bytes_atomic(path, data)
    except OSError as exc:
        raise FileError(str(path), "", f"cannot save: {_os_reason(exc)}") from None


def _os_reason(exc: OSError) -> str:
    reasons = {
        errno.EACCES: "permission denied (the folder or file is read-only)",
        errno.EPERM: "permission denied (the folder or file is read-only)",
        errno.EROFS: "the disk is read-only",
        errno.ENOSPC: "the disk is full",
        errno.EDQUOT: "the disk quota is exceeded",
        errno.ENOENT: "the folder does not exist (any more)",
        errno.ENOTDIR: "a part of the path is not a folder",
        errno.EISDIR: "a folder has that name",
    }
    return reasons.get(exc.errno or 0, exc.strerror or str(exc))
