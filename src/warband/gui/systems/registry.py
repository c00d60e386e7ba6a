"""What each system brings to the Army builder: how the catalog browser shows its profiles, and the panel of the
selected unit. Shared code asks here, by system id; a system's modules load when its army is first shown."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from warband.gui.builder.profile_description import ProfileDescription, plain_description
from warband.model.messages import _

if TYPE_CHECKING:
    from warband.gui.army_document import ArmyDocument


@dataclass(frozen=True)
class BuilderPanels:
    """A system's parts of the builder tab."""

    system: str
    profiles: ProfileDescription[Any]
    """The catalog browser's rows, columns and filters."""
    unit_panel: Callable[[ArmyDocument], QWidget]
    """Builds the panel of the selected unit (what it holds, what it may take)."""


def _confrontation() -> BuilderPanels:
    from warband.gui.systems.confrontation.builder_profiles import describe_profiles
    from warband.gui.systems.confrontation.unit_panel import UnitPanel

    return BuilderPanels("confrontation", describe_profiles(), UnitPanel)


def _powerdice() -> BuilderPanels:
    from warband.gui.systems.powerdice.builder_profiles import describe_profiles
    from warband.gui.systems.powerdice.builder_unit_panel import PowerDiceUnitPanel

    return BuilderPanels("powerdice", describe_profiles(), PowerDiceUnitPanel)


def _pfpv() -> BuilderPanels:
    from warband.gui.systems.pfpv.builder_profiles import describe_profiles
    from warband.gui.systems.pfpv.builder_unit_panel import PfpvUnitPanel

    return BuilderPanels("pfpv", describe_profiles(), PfpvUnitPanel)


def _sbg() -> BuilderPanels:
    from warband.gui.systems.sbg.builder_profiles import describe_profiles
    from warband.gui.systems.sbg.builder_unit_panel import SbgUnitPanel

    return BuilderPanels("sbg", describe_profiles(), SbgUnitPanel)


_PANELS: dict[str, Callable[[], BuilderPanels]] = {
    "confrontation": _confrontation,
    "pfpv": _pfpv,
    "powerdice": _powerdice,
    "sbg": _sbg,
}


def builder_systems() -> list[str]:
    """The systems whose armies the builder has panels for."""
    return sorted(_PANELS)


def builder_panels(system_id: str) -> BuilderPanels:
    """The system's builder panels; a system without its own gets names and costs, and a unit panel that says so.

    Built on each call, so that its texts are in the language of the moment.
    """
    build = _PANELS.get(system_id)
    return build() if build is not None else BuilderPanels(system_id, plain_description(), _NoUnitPanel)


class _NoUnitPanel(QWidget):
    """The unit panel of a system that has none yet."""

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
