"""Confrontation in the window: its builder panels, its battle tabs and document, its rules options."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warband.gui.systems.registry import BattleKit, BuilderPanels, SystemUi

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from warband.gui.catalog_editor.editors import CatalogWidget
    from warband.gui.widgets.options_box import RulesOptionsBox


def _builder() -> BuilderPanels:
    from warband.gui.systems.confrontation.builder_profiles import describe_profiles
    from warband.gui.systems.confrontation.unit_panel import UnitPanel

    return BuilderPanels("confrontation", describe_profiles(), UnitPanel)


def _battle() -> BattleKit:
    from warband.gui.systems.confrontation.resolver_tab import ResolverTab
    from warband.gui.systems.confrontation.tracker_tab import TrackerTab

    def select(resolver: QWidget, key: str) -> None:
        assert isinstance(resolver, ResolverTab)
        resolver.select_faithful(key)

    return BattleKit("confrontation", TrackerTab, ResolverTab, select)


def _options(parent: QWidget) -> RulesOptionsBox:
    from warband.gui.systems.confrontation.options_box import ConfrontationOptionsBox

    return ConfrontationOptionsBox(parent)


def _catalog_widgets() -> CatalogWidget:
    from warband.gui.systems.confrontation.catalog_widgets import catalog_widget

    return catalog_widget


UI = SystemUi("confrontation", _builder, _battle, _options, _catalog_widgets)
