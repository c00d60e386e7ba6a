"""The warriors' casualties and the Break point (SB-07) in the Strategy Battle Game Turn tracker, on a real battle
document and in the real window: models lost in the table, the Break point lines changing until a side is broken,
undo with Ctrl+Z, and a refused edit on the message line."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QSpinBox

from warband.gui.battle_document import BattleDocument
from warband.gui.new_battle_dialog import NewBattle
from warband.gui.systems.sbg.tracker_heroes import START_ROLE
from warband.gui.systems.sbg.tracker_tab import SbgTrackerTab
from warband.gui.systems.sbg.tracker_warriors import WarriorsTableModel
from warband.model.battle import BattleRun
from warband.model.dice import SeededDice
from warband.model.systems.sbg import battle_rules as rules
from warband.model.systems.sbg.battle_commands import SetCounter, SetHeroFlag
from warband.model.systems.sbg.battle_state import RulesOptions
from warband.model.systems.sbg.casualty_commands import SetCasualties
from warband.model.systems.sbg.schema import SbgArmy

CTRL = Qt.KeyboardModifier.ControlModifier
W = WarriorsTableModel
MINAS_TIRITH, URUKS, TROLLS = "0:u4", "1:u4", "1:u5"


def army(name, *units):
    return SbgArmy.model_validate({"system": "sbg", "name": name, "units": list(units)})


GOOD = army(
    "Fellowship",
    {"id": "u1", "profile": "aragorn-strider"},
    {"id": "u2", "profile": "gandalf-the-grey"},
    {"id": "u3", "profile": "frodo"},
    {"id": "u4", "profile": "warrior-of-minas-tirith", "count": 12},
)
EVIL = army(
    "Isengard",
    {"id": "u1", "profile": "lurtz"},
    {"id": "u2", "profile": "saruman"},
    {"id": "u3", "profile": "grima"},
    {"id": "u4", "profile": "uruk-hai-warrior", "count": 8},
    {"id": "u5", "profile": "cave-troll", "count": 2},  # 3 Wounds each
)
"""13 models: it breaks at 7 lost."""


@pytest.fixture
def document(builtin_load):
    battle = rules.start_battle([("Aline", GOOD), ("Bruno", EVIL)], builtin_load.for_system("sbg"))
    document = BattleDocument(BattleRun(battle, dice=SeededDice(1)))
    yield document
    document.close()


@pytest.fixture
def tab(qtbot, document):
    tab = SbgTrackerTab(document)
    qtbot.addWidget(tab)
    tab.resize(1280, 800)
    tab.show()
    return tab


@pytest.fixture
def shown(qtbot, window, asker):
    """The real window, a battle of GOOD against EVIL started from File → New Battle, the tracker on screen."""
    window.resize(1280, 800)
    window.show()
    window.activateWindow()
    qtbot.waitActive(window)
    asker.new_battle_answer = NewBattle((("Aline", GOOD), ("Bruno", EVIL)), RulesOptions())
    assert window.battles.new_battle()
    return window


def cell(model, key, column, role=Qt.ItemDataRole.DisplayRole):
    return model.index(model.row_of(key), column).data(role)


def lose(qtbot, table, key, lost):
    """Models lost typed into the spin box of the "Lost" cell, as a player does."""
    model = table.model()
    index = model.index(model.row_of(key), W.LOST)
    table.setCurrentIndex(index)
    table.edit(index)
    (editor,) = [e for e in table.findChildren(QSpinBox, "counterEditor") if e.isVisible()]  # not one closed
    editor.setValue(lost)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: cell(model, key, W.LOST) == str(lost))


def test_the_model_passes_the_model_tester(qtmodeltester, document):
    model = WarriorsTableModel(document)
    qtmodeltester.check(model)
    assert document.act(SetCasualties(key=URUKS, lost=3))
    assert document.act(SetCasualties(key=TROLLS, lost=1, wounds=2))
    qtmodeltester.check(model)
    document.undo()
    qtmodeltester.check(model)


def test_one_row_a_unit_of_warriors_with_its_models_and_wounds(tab):
    model = tab.warriors_model
    assert [model.key(row) for row in range(model.rowCount())] == [MINAS_TIRITH, URUKS, TROLLS]
    trolls = [cell(model, TROLLS, c) for c in range(model.columnCount())]
    assert trolls == ["Bruno", "Cave troll", "2", "0", "2", "0"]
    assert cell(model, URUKS, W.WOUNDS) == "—"  # one Wound each: nothing to count
    assert not model.flags(model.index(model.row_of(URUKS), W.WOUNDS)) & Qt.ItemFlag.ItemIsEditable
    assert model.flags(model.index(model.row_of(TROLLS), W.WOUNDS)) & Qt.ItemFlag.ItemIsEditable
    assert cell(model, URUKS, W.LOST, START_ROLE) == 8
    assert cell(model, TROLLS, W.WOUNDS, START_ROLE) == 4  # two trolls in play, two Wounds each before they fall
    assert tab.break_panel.texts() == [
        "Aline: 0 / 15 models lost — breaks at 8",
        "Bruno: 0 / 13 models lost — breaks at 7",
    ]


def test_sb_07_warriors_lost_in_the_table_until_the_force_breaks_then_undone(qtbot, tab, document):
    table, model = tab.warriors_table, tab.warriors_model
    lose(qtbot, table, URUKS, 3)
    assert document.battle.warriors[URUKS].lost == 3
    assert cell(model, URUKS, W.IN_PLAY) == "5"
    assert document.run.log[-1].text == "Uruk-hai warrior: 3 / 8 models lost"
    assert tab.break_panel.texts()[1] == "Bruno: 3 / 13 models lost — breaks at 7"
    assert tab.break_panel.lines[1].property("broken") == "false"

    lose(qtbot, table, URUKS, 6)
    assert tab.break_panel.texts()[1] == "Bruno: 6 / 13 models lost — breaks at 7"
    assert model.setData(model.index(model.row_of(TROLLS), W.LOST), 1)  # the seventh: half of 13, rounded up
    assert tab.break_panel.texts()[1].startswith("Broken: Bruno, 7 / 13 models lost")
    assert tab.break_panel.lines[1].property("broken") == "true"
    assert tab.break_panel.lines[1].font().bold()
    assert tab.break_panel.texts()[0] == "Aline: 0 / 15 models lost — breaks at 8"  # the other side unchanged

    document.undo()
    assert tab.break_panel.texts()[1] == "Bruno: 6 / 13 models lost — breaks at 7"
    assert tab.break_panel.lines[1].property("broken") == "false"
    assert cell(model, TROLLS, W.LOST) == "0"


def test_sb_07_a_hero_removed_counts_towards_the_break_point(tab, document):
    assert document.act(SetCasualties(key=URUKS, lost=6))
    assert document.act(SetHeroFlag(key="1:u1", field="removed", value=True))  # Lurtz falls: the seventh model
    assert tab.break_panel.texts()[1].startswith("Broken: Bruno, 7 / 13")


def test_wounds_of_warriors_of_more_than_one_wound(qtbot, tab, document):
    model = tab.warriors_model
    assert model.setData(model.index(model.row_of(TROLLS), W.WOUNDS), 3)
    assert cell(model, TROLLS, W.WOUNDS) == "3"
    assert document.run.log[-1].text == "Cave troll: 0 / 2 models lost, 3 Wounds lost by the others"
    assert model.setData(model.index(model.row_of(TROLLS), W.LOST), 1)  # one falls: the other keeps at most 2
    assert document.battle.warriors[TROLLS].wounds == 2
    assert cell(model, TROLLS, W.WOUNDS, START_ROLE) == 2


def test_a_refused_edit_shows_on_the_message_line_and_changes_nothing(tab, document):
    model = tab.warriors_model
    before = document.battle
    assert not model.setData(model.index(model.row_of(URUKS), W.LOST), 9)  # only 8 in the unit
    assert document.battle is before
    assert tab.message_label.property("kind") == "refusal"
    assert tab.message_label.text().startswith("SB-07: ")
    assert cell(model, URUKS, W.LOST) == "0"
    assert not model.setData(model.index(model.row_of(TROLLS), W.WOUNDS), 5)  # two trolls keep at most 4
    assert not model.setData(model.index(model.row_of(URUKS), W.LOST), "three")
    assert not model.setData(model.index(model.row_of(URUKS), W.LOST), -1)
    assert document.battle is before


def test_only_a_change_of_casualties_repaints_the_table(tab, document):
    model = tab.warriors_model
    changed = []
    model.dataChanged.connect(lambda first, last, roles=(): changed.append((first.row(), last.row())))
    model.modelReset.connect(lambda: changed.append("reset"))
    assert document.act(SetCounter(key="0:u1", field="might", value=1))
    assert changed == []
    assert document.act(SetCasualties(key=URUKS, lost=1))
    assert changed == [(model.row_of(URUKS), model.row_of(URUKS))]


def test_in_the_real_window_lost_in_the_table_and_undone_with_ctrl_z(qtbot, shown):
    window = shown
    tracker, document = window.battles.tracker, window.battles.document
    window.tabs.setCurrentWidget(tracker)
    assert tracker.break_panel.isVisible()
    table, model = tracker.warriors_table, tracker.warriors_model
    lose(qtbot, table, MINAS_TIRITH, 8)
    assert tracker.break_panel.texts()[0].startswith("Broken: Aline, 8 / 15 models lost")
    assert window.undo_action.isEnabled()
    table.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is table)
    qtbot.keyClick(table, Qt.Key.Key_Z, CTRL)
    assert document.battle.warriors.get(MINAS_TIRITH) is None
    assert cell(model, MINAS_TIRITH, W.LOST) == "0"
    assert tracker.break_panel.texts()[0] == "Aline: 0 / 15 models lost — breaks at 8"
