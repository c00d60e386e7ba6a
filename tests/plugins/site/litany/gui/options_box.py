"""Litany's rules option in File → New Battle: whether a natural double six always answers a prayer (LI-03)."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QWidget

from litany.battle import RulesOptions
from warband.gui.widgets.options_box import RulesOptionsBox
from warband.model.messages import _


class LitanyOptionsBox(RulesOptionsBox):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Litany rules options"), parent)
        self.double_six = QCheckBox(_("A natural double six always answers a prayer (LI-03)"), self)
        self.double_six.setObjectName("doubleSixCheck")
        self.double_six.setChecked(RulesOptions().double_six_always_answers)
        self.form.addRow(self.double_six)

    def options(self) -> RulesOptions:
        return RulesOptions(double_six_always_answers=self.double_six.isChecked())
