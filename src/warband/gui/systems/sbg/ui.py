"""The Strategy Battle Game in the window: its builder panels, its battle tabs and document, its rules options."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warband.gui.systems.registry import BattleKit, BuilderPanels, SystemUi

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from warband.gui.widgets.options_box import RulesOptionsBox


def _builder() -> BuilderPanels:
    from warband.gui.systems.sbg.builder_profiles import describe_profiles
    from warband.gui.systems.sbg.builder_unit_panel import SbgUnitPanel

    return BuilderPanels("sbg", describe_profiles(), SbgUnitPanel)


def _battle() -> BattleKit:
    from warband.gui.systems.sbg.resolver_tab import SbgResolverTab
    from warband.gui.systems.sbg.tracker_tab import SbgTrackerTab

    def select(resolver: QWidget, key: str) -> None:
        assert isinstance(resolver, SbgResolverTab)
        resolver.select(key)

    return BattleKit("sbg", SbgTrackerTab, SbgResolverTab, select)


def _options(parent: QWidget) -> RulesOptionsBox:
    from warband.gui.systems.sbg.options_box import SbgOptionsBox

    return SbgOptionsBox(parent)


UI = SystemUi("sbg", _builder, _battle, _options)
