"""What each game brings to the window, in one place: its builder panels, its battle tabs and document, and its
rules options box for File → New Battle.

Each game gives a `SystemUi` as `UI` in the module its `GameInfo.ui` names (the built-in games' are
`warband.gui.systems.<id>.ui`), found by the game's id: shared code names no game. The `ui` modules are light; a
game's widgets load when first shown, and are built on each call, so that their texts are in the language of the
moment.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from warband.model.messages import _
from warband.model.system import games, note_load_error

if TYPE_CHECKING:
    from warband.gui.army_document import ArmyDocument
    from warband.gui.builder.profile_description import ProfileDescription
    from warband.gui.catalog_editor.editors import CatalogWidget
    from warband.gui.widgets.options_box import RulesOptionsBox


@dataclass(frozen=True)
class BuilderPanels:
    """A game's parts of the builder tab."""

    system: str
    profiles: ProfileDescription[Any]
    """The catalog browser's rows, columns and filters."""
    unit_panel: Callable[[ArmyDocument], QWidget]
    """Builds the panel of the selected unit (what it holds, what it may take)."""


@dataclass(frozen=True)
class BattleKit:
    """A game's battle in the window: its tracker and resolver tabs (the document is the one every game shares,
    `warband.gui.battle_document.BattleDocument`)."""

    system: str
    tracker: Callable[[Any], QWidget]
    """The Turn tracker tab; it has a `resolve_requested(str)` signal carrying a model key."""
    resolver: Callable[[Any], QWidget]
    select: Callable[[QWidget, str], None]
    """Show a model (by key) in the resolver."""


@dataclass(frozen=True)
class SystemUi:
    """Everything a game brings to the window; each part is built when asked."""

    system: str
    builder: Callable[[], BuilderPanels]
    battle: Callable[[], BattleKit] | None = None
    """None: the window cannot play this game's battles."""
    options_box: Callable[[QWidget], RulesOptionsBox] | None = None
    """The rules options a battle starts with (File → New Battle); None: the game has none."""
    catalog_widgets: Callable[[], CatalogWidget] | None = None
    """The game's own widgets in the catalog editor, where a generic form is poor: asked for each value's widget
    (its editor context, path in the catalog, kind of value and parent), it gives one, or None for the generic
    widget. None: the generic forms serve for everything."""


@cache
def system_ui(system_id: str) -> SystemUi | None:
    """The game's window parts (`UI` in the module its `GameInfo.ui` names), or None for a game without them, no
    such game, or window parts that fail to load (remembered with the reason in `load_errors()`)."""
    info = next((game for game in games() if game.id == system_id), None)
    if info is None or info.ui is None:
        return None
    try:
        ui = importlib.import_module(info.ui).UI
    except Exception as exc:  # a plug-in's window parts may fail in any way: the game's armies still open
        note_load_error(system_id, f"{info.ui}: {type(exc).__name__}: {exc}")
        return None
    if not isinstance(ui, SystemUi):
        note_load_error(system_id, f"{info.ui}: its UI is a {type(ui).__name__}, not a SystemUi")
        return None
    return ui


def catalog_widget_maker(system_id: str) -> CatalogWidget | None:
    """The game's own catalog editor widgets, or None."""
    ui = system_ui(system_id)
    return ui.catalog_widgets() if ui is not None and ui.catalog_widgets is not None else None


def builder_systems() -> list[str]:
    """The games whose armies the builder has panels for."""
    return sorted(game.id for game in games() if system_ui(game.id) is not None)


def builder_panels(system_id: str) -> BuilderPanels:
    """The game's builder panels; a game without its own gets names and costs, and a unit panel that says so."""
    ui = system_ui(system_id)
    if ui is not None:
        return ui.builder()
    from warband.gui.builder.profile_description import plain_description

    return BuilderPanels(system_id, plain_description(), _NoUnitPanel)


def battle_kit(system_id: str) -> BattleKit | None:
    """The game's battle kit, or None when the window cannot play that game's battles."""
    ui = system_ui(system_id)
    return ui.battle() if ui is not None and ui.battle is not None else None


def options_box(system_id: str, parent: QWidget) -> RulesOptionsBox | None:
    """The game's rules options box for File → New Battle, or None when it has no options."""
    ui = system_ui(system_id)
    return ui.options_box(parent) if ui is not None and ui.options_box is not None else None


class _NoUnitPanel(QWidget):
    """The unit panel of a game that has none yet."""

    def __init__(self, document: ArmyDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("unitPanel")
        label = QLabel(_("The Army builder has no unit panel for this game yet."), self)
        label.setObjectName("unitHint")
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(label)
        layout.addStretch(1)
