"""File → New Battle: the Strategy Battle Game's rules options, the Break point (SB-07) among them."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox

from warband.gui.systems.sbg.options_box import SbgOptionsBox
from warband.model.systems.sbg.battle_state import RulesOptions


def test_sb_07_the_break_point_is_on_by_default_and_may_be_left_out(qtbot):
    box = SbgOptionsBox()
    qtbot.addWidget(box)
    assert box.options() == RulesOptions() and box.options().break_point
    combo = box.findChild(QComboBox, "breakPointCombo")
    combo.setCurrentIndex(combo.findData(False))
    assert box.options() == RulesOptions(break_point=False)
    assert "break_point" in RulesOptions(break_point=False).model_dump()  # written only when off
