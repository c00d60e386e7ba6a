"""Confrontation's rules options in File → New Battle (CF-15, CF-18, CF-19)."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QWidget

from warband.gui.widgets.options_box import RulesOptionsBox
from warband.model.messages import _
from warband.model.systems.confrontation.battle_state import RulesOptions


class ConfrontationOptionsBox(RulesOptionsBox):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Confrontation rules options"), parent)
        self.tie_rule = self.combo(
            _("Equal Discipline across sides (CF-15)"),
            [
                (_("All the Tactical winner's tied Faithful first"), "winner_first"),
                (_("The sides alternate, the Tactical winner first"), "alternate"),
            ],
            "tieRuleCombo",
        )
        self.refill = self._check(_("Temporary Faith refilled at the start of each turn"), _("T.F. (CF-18)"))
        self.one_fails = self._check(
            _("A natural 1 on the Divination roll always fails"), _("Divination roll (CF-19)")
        )
        self.six_rerolls = self._check(_("A 6 is rolled again and added"), "")

    def _check(self, text: str, label: str) -> QCheckBox:
        box = QCheckBox(text, self)
        box.setChecked(True)
        self.form.addRow(label, box)
        return box

    def options(self) -> RulesOptions:
        return RulesOptions(
            tie_across_sides=self.tie_rule.currentData(),
            refill_faith=self.refill.isChecked(),
            natural_one_fails=self.one_fails.isChecked(),
            six_rerolls=self.six_rerolls.isChecked(),
        )
