"""The Army builder tab: catalog browser, roster with totals, the selected unit, and the problems below.

A generic shell: the army's system supplies the browser's columns and filters and the unit panel (the registry).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGroupBox, QSplitter, QVBoxLayout, QWidget

from warband.gui.army_document import ArmyDocument
from warband.gui.builder.catalog_browser import CatalogBrowser
from warband.gui.builder.problems_panel import ProblemsPanel
from warband.gui.builder.roster_panel import RosterPanel
from warband.gui.systems.registry import builder_panels
from warband.model.messages import _


def _boxed(title: str, widget: QWidget) -> QGroupBox:
    box = QGroupBox(title)
    layout = QVBoxLayout(box)
    layout.setContentsMargins(6, 6, 6, 6)
    layout.addWidget(widget)
    return box


class BuilderTab(QWidget):
    """One army document shown in three columns over the problems list."""

    def __init__(self, document: ArmyDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        panels = builder_panels(document.army.system)
        self.browser = CatalogBrowser(document, profiles=panels.profiles)
        self.roster = RosterPanel(document)
        self.unit_panel = panels.unit_panel(document)
        self.problems = ProblemsPanel(document)

        self.columns = QSplitter(Qt.Orientation.Horizontal)
        self.columns.setObjectName("builderColumns")
        self.columns.addWidget(_boxed(_("Catalog"), self.browser))
        self.columns.addWidget(_boxed(_("Army"), self.roster))
        self.columns.addWidget(_boxed(_("Selected unit"), self.unit_panel))
        self.columns.setStretchFactor(0, 3)
        self.columns.setStretchFactor(1, 4)
        self.columns.setStretchFactor(2, 4)
        self.columns.setChildrenCollapsible(False)

        self.rows = QSplitter(Qt.Orientation.Vertical)
        self.rows.setObjectName("builderRows")
        self.rows.addWidget(self.columns)
        self.rows.addWidget(self.problems)
        self.rows.setStretchFactor(0, 4)
        self.rows.setStretchFactor(1, 1)
        self.rows.setChildrenCollapsible(False)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.rows)
        self.setFocusProxy(self.browser)

    def splitters(self) -> dict[str, QSplitter]:
        """The splitters whose sizes are kept between sessions, by name."""
        return {"builder.columns": self.columns, "builder.rows": self.rows}
