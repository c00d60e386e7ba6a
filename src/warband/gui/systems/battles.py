"""What each system brings to a battle in the window: its document, its tracker and resolver tabs, how a battle
starts, and how its files and journal are read. Shared code asks here, by system id; the modules load lazily."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel
from PySide6.QtWidgets import QWidget

from warband.gui.battle_base import BattleDocumentBase
from warband.model.army import Army
from warband.model.battle import BattleRun
from warband.model.catalog import Catalogs


@dataclass(frozen=True)
class BattleKit:
    system: str
    document: Callable[[BattleRun[Any]], BattleDocumentBase[Any]]
    tracker: Callable[[Any], QWidget]
    """The Turn tracker tab; it has a `resolve_requested(str)` signal carrying a model key."""
    resolver: Callable[[Any], QWidget]
    select: Callable[[QWidget, str], None]
    """Show a model (by key) in the resolver."""
    start: Callable[[Sequence[tuple[str, Army]], Catalogs, BaseModel | None, int], BaseModel]
    battle_model: type[BaseModel]
    file_model: type[BaseModel]
    parse_command: Callable[[Any], Any]
    sides: int = 2
    """Two armies face each other; a role-playing scene has one party (its game master plays the rest)."""


def _confrontation() -> BattleKit:
    from warband.gui.battle_document import BattleDocument
    from warband.gui.resolver.resolver_tab import ResolverTab
    from warband.gui.tracker.tracker_tab import TrackerTab
    from warband.model.systems.confrontation.battle_commands import COMMANDS
    from warband.model.systems.confrontation.battle_rules import start_battle
    from warband.model.systems.confrontation.battle_state import (
        ConfrontationBattle,
        ConfrontationBattleFile,
        RulesOptions,
    )

    def start(
        sides: Sequence[tuple[str, Army]], catalogs: Catalogs, options: BaseModel | None, first: int
    ) -> BaseModel:
        chosen = options if isinstance(options, RulesOptions) else None
        return start_battle(sides, catalogs, chosen)  # type: ignore[arg-type]

    def select(resolver: QWidget, key: str) -> None:
        assert isinstance(resolver, ResolverTab)
        resolver.select_faithful(key)

    return BattleKit(
        "confrontation",
        BattleDocument,
        TrackerTab,
        ResolverTab,
        select,
        start,
        ConfrontationBattle,
        ConfrontationBattleFile,
        COMMANDS.validate_python,
    )


def _powerdice() -> BattleKit:
    from warband.gui.systems.powerdice.battle_document import PowerDiceBattleDocument
    from warband.gui.systems.powerdice.resolver_tab import PowerDiceResolverTab
    from warband.gui.systems.powerdice.tracker_tab import PowerDiceTrackerTab
    from warband.model.systems.powerdice.battle_commands import COMMANDS
    from warband.model.systems.powerdice.battle_rules import start_battle
    from warband.model.systems.powerdice.battle_state import PowerDiceBattle, PowerDiceBattleFile, RulesOptions

    def start(
        sides: Sequence[tuple[str, Army]], catalogs: Catalogs, options: BaseModel | None, first: int
    ) -> BaseModel:
        chosen = options if isinstance(options, RulesOptions) else None
        return start_battle(sides, catalogs, chosen, initiative=first)  # type: ignore[arg-type]

    def select(resolver: QWidget, key: str) -> None:
        assert isinstance(resolver, PowerDiceResolverTab)
        resolver.select_caster(key)

    return BattleKit(
        "powerdice",
        PowerDiceBattleDocument,
        PowerDiceTrackerTab,
        PowerDiceResolverTab,
        select,
        start,
        PowerDiceBattle,
        PowerDiceBattleFile,
        COMMANDS.validate_python,
    )


def _sbg() -> BattleKit:
    from warband.gui.systems.sbg.battle_document import SbgBattleDocument
    from warband.gui.systems.sbg.resolver_tab import SbgResolverTab
    from warband.gui.systems.sbg.tracker_tab import SbgTrackerTab
    from warband.model.systems.sbg.battle_commands import COMMANDS
    from warband.model.systems.sbg.battle_rules import start_battle
    from warband.model.systems.sbg.battle_state import RulesOptions, SbgBattle, SbgBattleFile

    def start(
        sides: Sequence[tuple[str, Army]], catalogs: Catalogs, options: BaseModel | None, first: int
    ) -> BaseModel:
        chosen = options if isinstance(options, RulesOptions) else None
        return start_battle(sides, catalogs, chosen)  # type: ignore[arg-type]

    def select(resolver: QWidget, key: str) -> None:
        assert isinstance(resolver, SbgResolverTab)
        resolver.select_hero(key)

    return BattleKit(
        "sbg",
        SbgBattleDocument,
        SbgTrackerTab,
        SbgResolverTab,
        select,
        start,
        SbgBattle,
        SbgBattleFile,
        COMMANDS.validate_python,
    )


def _pfpv() -> BattleKit:
    from warband.gui.systems.pfpv.resolver_tab import PfpvResolverTab
    from warband.gui.systems.pfpv.scene_document import PfpvSceneDocument
    from warband.gui.systems.pfpv.tracker_tab import PfpvTrackerTab
    from warband.model.systems.pfpv.scene import COMMANDS, PfpvScene, PfpvSceneFile, start_scene
    from warband.model.systems.pfpv.schema import PfpvArmy

    def start(
        sides: Sequence[tuple[str, Army]], catalogs: Catalogs, options: BaseModel | None, first: int
    ) -> BaseModel:
        player, party = sides[0]  # a scene has one party; the game master plays the rest
        assert isinstance(party, PfpvArmy)
        return start_scene(party, catalogs, player)

    def select(resolver: QWidget, key: str) -> None:
        assert isinstance(resolver, PfpvResolverTab)
        resolver.select_character(key)

    return BattleKit(
        "pfpv",
        PfpvSceneDocument,
        PfpvTrackerTab,
        PfpvResolverTab,
        select,
        start,
        PfpvScene,
        PfpvSceneFile,
        COMMANDS.validate_python,
        sides=1,
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
