"""What each game brings to a battle in the window: its document, and its tracker and resolver tabs. How a battle
starts, and how its files and journal are read, are the game's model (`GameSystem`). Shared code asks here, by
game id; the modules load lazily."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtWidgets import QWidget

from warband.gui.battle_base import BattleDocumentBase
from warband.model.battle import BattleRun


@dataclass(frozen=True)
class BattleKit:
    system: str
    document: Callable[[BattleRun[Any]], BattleDocumentBase[Any]]
    tracker: Callable[[Any], QWidget]
    """The Turn tracker tab; it has a `resolve_requested(str)` signal carrying a model key."""
    resolver: Callable[[Any], QWidget]
    select: Callable[[QWidget, str], None]
    """Show a model (by key) in the resolver."""


def _confrontation() -> BattleKit:
    from warband.gui.battle_document import BattleDocument
    from warband.gui.resolver.resolver_tab import ResolverTab
    from warband.gui.tracker.tracker_tab import TrackerTab

    def select(resolver: QWidget, key: str) -> None:
        assert isinstance(resolver, ResolverTab)
        resolver.select_faithful(key)

    return BattleKit(
        "confrontation",
        BattleDocument,
        TrackerTab,
        ResolverTab,
        select,
    )


def _powerdice() -> BattleKit:
    from warband.gui.systems.powerdice.battle_document import PowerDiceBattleDocument
    from warband.gui.systems.powerdice.resolver_tab import PowerDiceResolverTab
    from warband.gui.systems.powerdice.tracker_tab import PowerDiceTrackerTab

    def select(resolver: QWidget, key: str) -> None:
        assert isinstance(resolver, PowerDiceResolverTab)
        resolver.select_caster(key)

    return BattleKit(
        "powerdice",
        PowerDiceBattleDocument,
        PowerDiceTrackerTab,
        PowerDiceResolverTab,
        select,
    )


def _sbg() -> BattleKit:
    from warband.gui.systems.sbg.battle_document import SbgBattleDocument
    from warband.gui.systems.sbg.resolver_tab import SbgResolverTab
    from warband.gui.systems.sbg.tracker_tab import SbgTrackerTab

    def select(resolver: QWidget, key: str) -> None:
        assert isinstance(resolver, SbgResolverTab)
        resolver.select_hero(key)

    return BattleKit(
        "sbg",
        SbgBattleDocument,
        SbgTrackerTab,
        SbgResolverTab,
        select,
    )


def _pfpv() -> BattleKit:
    from warband.gui.systems.pfpv.resolver_tab import PfpvResolverTab
    from warband.gui.systems.pfpv.scene_document import PfpvSceneDocument
    from warband.gui.systems.pfpv.tracker_tab import PfpvTrackerTab

    def select(resolver: QWidget, key: str) -> None:
        assert isinstance(resolver, PfpvResolverTab)
        resolver.select_character(key)

    return BattleKit(
        "pfpv",
        PfpvSceneDocument,
        PfpvTrackerTab,
        PfpvResolverTab,
        select,
    )


_KITS: dict[str, Callable[[], BattleKit]] = {
    "confrontation": _confrontation,
    "powerdice": _powerdice,
    "sbg": _sbg,
    "pfpv": _pfpv,
}


def battle_kit(system: str) -> BattleKit | None:
    """The system's battle kit, or None when the window cannot play that system's battles."""
    build = _KITS.get(system)
    return build() if build else None
