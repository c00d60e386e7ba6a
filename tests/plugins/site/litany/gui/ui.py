"""Litany's window parts, as `GameInfo.ui` names them: light, each part loads when first shown."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warband.gui.systems.registry import BattleKit, BuilderPanels, SystemUi

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from warband.gui.widgets.options_box import RulesOptionsBox


def _builder() -> BuilderPanels:
    from litany.gui.builder_profiles import describe_profiles
    from litany.gui.unit_panel import LitanyUnitPanel

    return BuilderPanels("litany", describe_profiles(), LitanyUnitPanel)


def _battle() -> BattleKit:
    from litany.gui.resolver import LitanyResolverTab
    from litany.gui.tracker import LitanyTrackerTab

    def select(resolver: QWidget, key: str) -> None:
        assert isinstance(resolver, LitanyResolverTab)
        resolver.select_priest(key)

    return BattleKit("litany", LitanyTrackerTab, LitanyResolverTab, select)


def _options(parent: QWidget) -> RulesOptionsBox:
    from litany.gui.options_box import LitanyOptionsBox

    return LitanyOptionsBox(parent)


UI = SystemUi("litany", _builder, _battle, _options)
