"""The rule systems, registered by id; shared code asks the registry, never `if system == ...`."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Protocol

from warband.model.messages import N_

if TYPE_CHECKING:
    from warband.model.army import Army, Change, Choice, Report
    from warband.model.catalog import CatalogFile, Catalogs

BUILTIN_SYSTEMS: dict[str, str] = {
    "confrontation": "warband.model.systems.confrontation",
    "powerdice": "warband.model.systems.powerdice",
    "sbg": "warband.model.systems.sbg",
    "pfpv": "warband.model.systems.pfpv",
}
"""System id → the module that defines `SYSTEM`; imported on first use to keep start-up light."""


class GameSystem(Protocol):
    """What a rule system supplies to the shared code."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def catalog_model(self) -> type[CatalogFile]: ...

    @property
    def army_model(self) -> type[Army]: ...

    def validate(self, army: Army, catalogs: Catalogs) -> Report:
        """Costs, totals and every problem, with rule IDs."""

    def options(self, army: Army, unit_id: str, catalogs: Catalogs) -> list[Choice]:
        """Everything the unit may take, eligible or not, with the reasons."""

    def compare(self, army: Army, catalogs: Catalogs) -> list[Change]:
        """What changed for the army since it was stamped (AR-04)."""

    def stamp(self, army: Army, catalogs: Catalogs) -> Army:
        """The army recording the catalogs' revisions and the entries it uses."""


_loaded: dict[str, GameSystem] = {}


def known_systems() -> list[str]:
    return sorted(BUILTIN_SYSTEMS)


def find_system(system_id: str) -> GameSystem | None:
    """The system with this id, or None when there is no such system."""
    if system_id in _loaded:
        return _loaded[system_id]
    module_name = BUILTIN_SYSTEMS.get(system_id)
    if module_name is None:
        return None
    system: GameSystem = importlib.import_module(module_name).SYSTEM
    _loaded[system_id] = system
    return system


class UnknownSystemError(KeyError):
    """An id no registered system has."""


def get_system(system_id: str) -> GameSystem:
    system = find_system(system_id)
    if system is None:
        raise UnknownSystemError(system_id)
    return system


DEFAULT_POINTS_NAME = N_("A.P.")


def points_name(system_id: str) -> str | None:
    """How the system names its army's points, untranslated ("A.P.", "points"); None when armies have none.

    A system says so with `points_name` (a message marked with `N_`) and `uses_points`; by default, "A.P."."""
    system = find_system(system_id)
    if system is not None and not getattr(system, "uses_points", True):
        return None
    name = getattr(system, "points_name", DEFAULT_POINTS_NAME)
    return name if isinstance(name, str) else DEFAULT_POINTS_NAME
