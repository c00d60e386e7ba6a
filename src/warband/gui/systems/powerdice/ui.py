"""The power-dice game in the window: its builder panels, its battle tabs and document, its rules options."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warband.gui.systems.registry import BattleKit, BuilderPanels, SystemUi

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from warband.gui.widgets.options_box import RulesOptionsBox


def _builder() -> BuilderPanels:
    from warband.gui.systems.powerdice.builder_profiles import describe_profiles
    from warband.gui.systems.powerdice.builder_unit_panel import PowerDiceUnitPanel

    return BuilderPanels("powerdice", describe_profiles(), PowerDiceUnitPanel)


def _battle() -> BattleKit:
    from warband.gui.systems.powerdice.resolver_tab import PowerDiceResolverTab
    from warband.gui.systems.powerdice.tracker_tab import PowerDiceTrackerTab

    def select(resolver: QWidget, key: str) -> None:
        assert isinstance(resolver, PowerDiceResolverTab)
        resolver.select_caster(key)

    return BattleKit("powerdice", PowerDiceTrackerTab, PowerDiceResolverTab, select)


def _options(parent: QWidget) -> RulesOptionsBox:
    from warband.gui.systems.powerdice.options_box import PowerDiceOptionsBox

    return PowerDiceOptionsBox(parent)


UI = SystemUi("powerdice", _builder, _battle, _options)
