"""The Strategy Battle Game's rules options in File → New Battle (SB-03, SB-04, SB-07)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from warband.gui.widgets.options_box import RulesOptionsBox
from warband.model.messages import _
from warband.model.systems.sbg.battle_state import RulesOptions


class SbgOptionsBox(RulesOptionsBox):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Strategy Battle Game rules options"), parent)
        self.will_dice = self.combo(
            _("Will (SB-03)"),
            [
                (_("One Will point and one die per attempt (2002–2004)"), "one"),
                (_("Several Will dice, the highest counts (2005 and later)"), "several"),
            ],
            "willDiceCombo",
        )
        self.fate_dice = self.combo(
            _("Fate dice (SB-04)"),
            [(_("One die at a time"), "one_at_a_time"), (_("Several at once"), "all_at_once")],
            "fateDiceCombo",
        )
        self.fate_restores = self.combo(
            _("Fate restores (SB-04)"),
            [(_("Only the Wounds lost in that event"), "same_event"), (_("Any lost Wound"), "any")],
            "fateRestoresCombo",
        )
        self.break_point = self.combo(
            _("Break point (SB-07)"),
            [
                (_("A force that has lost half its models breaks"), True),
                (_("No Break point: casualties are only counted"), False),
            ],
            "breakPointCombo",
        )

    def options(self) -> RulesOptions:
        return RulesOptions(
            will_dice=self.will_dice.currentData(),
            fate_dice=self.fate_dice.currentData(),
            fate_restores=self.fate_restores.currentData(),
            break_point=bool(self.break_point.currentData()),
        )
