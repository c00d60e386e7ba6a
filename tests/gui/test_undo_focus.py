"""Undo and redo keys reach the document on screen whenever the focused text box has nothing of its own to undo:
real key presses in the builder's points-limit box and in the Resolver's dice box after a roll."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from warband.gui.new_battle_dialog import NewBattle
from warband.model.systems.confrontation.battle_commands import NextPhase
from warband.model.systems.confrontation.battle_state import RulesOptions
from warband.model.systems.confrontation.schema import ConfrontationArmy

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def shown(qtbot, window):
    window.show()
    window.activateWindow()
    qtbot.waitActive(window)
    return window


def focus(qtbot, widget):
    widget.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is widget)


def test_ctrl_z_in_the_points_limit_box_undoes_the_army_when_the_box_has_nothing_to_undo(qtbot, shown):
    window = shown
    spin = window.builder.roster.limit_spin
    spin.setValue(450)  # a change of the army, made through the box
    assert window.document.army.points_limit == 450
    focus(qtbot, spin)
    qtbot.keyClick(spin, Qt.Key.Key_Z, CTRL)  # the box has nothing typed to undo: the army's Undo has the key
    assert window.document.army.points_limit == 400
    qtbot.keyClick(spin, Qt.Key.Key_Z, CTRL_SHIFT)
    assert window.document.army.points_limit == 450
    qtbot.keyClick(spin, Qt.Key.Key_Z, CTRL)
    qtbot.keyClick(spin, Qt.Key.Key_Y, CTRL)  # Ctrl+Y redoes too
    assert window.document.army.points_limit == 450


def test_ctrl_z_in_the_points_limit_box_undoes_the_typing_first(qtbot, shown):
    window = shown
    spin = window.builder.roster.limit_spin
    spin.setValue(450)  # the army's history has an entry, which Ctrl+Z must not reach while typing
    focus(qtbot, spin)
    qtbot.keyClick(spin, Qt.Key.Key_A, CTRL)
    qtbot.keyClicks(spin, "35")  # typed, not entered yet (no keyboard tracking)
    assert spin.text().startswith("35 ")
    qtbot.keyClick(spin, Qt.Key.Key_Z, CTRL)  # the box's own typing is undone, not the army's limit
    assert spin.text() == "450 A.P."
    assert window.document.army.points_limit == 450
    qtbot.keyClick(spin, Qt.Key.Key_Z, CTRL)  # nothing typed left: now the army's Undo
    assert window.document.army.points_limit == 400


def _battle(window, asker):
    army = ConfrontationArmy.model_validate(
        {
            "system": "confrontation",
            "name": "A",
            "units": [{"id": "u1", "profile": "iron-priestess", "miracles": ["messager-divin", "renfort"]}],
        }
    )
    asker.new_battle_answer = NewBattle((("Aline", army), ("Bruno", army)), RulesOptions())
    assert window.battles.new_battle()
    document = window.battles.document
    assert document.act(NextPhase()) and document.act(NextPhase())  # the Divination phase
    window.tabs.setCurrentIndex(2)
    return document, window.battles.resolver


def test_ctrl_z_in_the_dice_box_after_a_roll_undoes_the_call(qtbot, shown, asker):
    window = shown
    document, resolver = _battle(window, asker)
    resolver.miracle_combo.setCurrentIndex(resolver.miracle_combo.findData("renfort"))
    resolver.sight_check.setChecked(True)
    before = document.battle
    qtbot.mouseClick(resolver.roll_button, Qt.MouseButton.LeftButton)
    assert document.battle != before
    assert window.undo_action.text().startswith("&Undo ")
    edit = resolver.dice_entry.edit
    assert QApplication.focusWidget() is edit  # where the focus lands after Roll (the button is disabled)
    assert not edit.isUndoAvailable()
    qtbot.keyClick(edit, Qt.Key.Key_Z, CTRL)
    assert document.battle == before  # the call is undone
    qtbot.keyClick(edit, Qt.Key.Key_Z, CTRL_SHIFT)
    assert document.battle != before  # and redone


def test_ctrl_z_in_the_dice_box_undoes_the_dice_typed_first(qtbot, shown, asker):
    window = shown
    document, resolver = _battle(window, asker)
    edit = resolver.dice_entry.edit
    focus(qtbot, edit)
    qtbot.keyClicks(edit, "5")
    battle = document.battle
    qtbot.keyClick(edit, Qt.Key.Key_Z, CTRL)
    assert edit.text() == ""  # the box's typing is undone…
    assert document.battle is battle  # … and the battle is left alone
    qtbot.keyClick(edit, Qt.Key.Key_Z, CTRL_SHIFT)
    assert edit.text() == "5"
