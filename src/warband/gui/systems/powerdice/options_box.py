"""The power-dice rules options in File → New Battle: who has the initiative first, who casts first in B3."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from warband.gui.widgets.options_box import RulesOptionsBox
from warband.model.messages import _
from warband.model.systems.powerdice.battle_state import RulesOptions


class PowerDiceOptionsBox(RulesOptionsBox):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Power-dice rules options"), parent)
        self.initiative = self.combo(
            _("Initiative in the first turn"),
            [(_("The first side"), 0), (_("The second side"), 1)],
            "initiativeCombo",
        )
        self.b3_first = self.combo(
            _("B3 incantations (PD-03)"),
            [
                (_("The side with the initiative casts first"), "initiative"),
                (_("The other side casts first"), "other"),
            ],
            "b3FirstCombo",
        )

    def options(self) -> RulesOptions:
        return RulesOptions(b3_first=self.b3_first.currentData())

    def first(self) -> int:
        return int(self.initiative.currentData())
