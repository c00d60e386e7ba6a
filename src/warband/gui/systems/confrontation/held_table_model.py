"""What the selected unit holds in one of its lists (miracles or items), with the problems the report finds."""

from __future__ import annotations

from typing import Literal

from PySide6.QtCore import QObject

from warband.gui.army_document import ArmyDocument
from warband.gui.builder.held_model import HeldEntriesModel, HeldEntry, held_entries
from warband.model.army import Unit
from warband.model.systems.confrontation.rules import index

Field = Literal["miracles", "items"]

__all__ = ["Field", "HeldEntry", "HeldTableModel"]


class HeldTableModel(HeldEntriesModel):
    """The entries of one list field ("miracles" or "items") of the document's selected unit, in order."""

    follows_in_place = True

    def __init__(self, document: ArmyDocument, field: Field, parent: QObject | None = None) -> None:
        self.field: Field = field
        self.param = "miracle" if field == "miracles" else "item"  # how problems name the entry
        super().__init__(document, parent)

    def read(self, unit: Unit) -> list[HeldEntry]:
        idx = index(self._document.catalogs)
        known = idx.miracles if self.field == "miracles" else idx.items
        return held_entries(getattr(unit, self.field, ()), known)
