"""The spells the selected power-dice unit holds, in order, with the problems the validation report finds."""

from __future__ import annotations

from warband.gui.builder.held_model import HeldEntriesModel, HeldEntry, held_entries
from warband.model.army import Unit
from warband.model.systems.powerdice.rules import index
from warband.model.systems.powerdice.schema import PowerDiceUnit


class HeldSpellsTableModel(HeldEntriesModel):
    """The `spells` of the document's selected unit; a problem's row is found by the spell name it gives."""

    field = "spells"
    param = "spell"

    def read(self, unit: Unit) -> list[HeldEntry] | None:
        if not isinstance(unit, PowerDiceUnit):
            return None
        return held_entries(unit.spells, index(self._document.catalogs).spells)
