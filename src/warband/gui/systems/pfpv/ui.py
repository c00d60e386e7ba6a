"""Par le Fer et par le Verbe in the window: its builder panels, and its scene's tabs on the shared battle document
(a scene has no rules options to choose before it starts)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warband.gui.systems.registry import BattleKit, BuilderPanels, SystemUi

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget


def _builder() -> BuilderPanels:
    from warband.gui.systems.pfpv.builder_profiles import describe_profiles
    from warband.gui.systems.pfpv.builder_unit_panel import PfpvUnitPanel

    return BuilderPanels("pfpv", describe_profiles(), PfpvUnitPanel)


def _battle() -> BattleKit:
    from warband.gui.systems.pfpv.resolver_tab import PfpvResolverTab
    from warband.gui.systems.pfpv.tracker_tab import PfpvTrackerTab

    def select(resolver: QWidget, key: str) -> None:
        assert isinstance(resolver, PfpvResolverTab)
        resolver.select_character(key)

    return BattleKit("pfpv", PfpvTrackerTab, PfpvResolverTab, select)


UI = SystemUi("pfpv", _builder, _battle)
