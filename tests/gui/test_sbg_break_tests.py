"""Issue 19: the Courage tests of a broken force (SB-07) at the table, in the real window: the tracker lists the tests
due from the turn after the force broke; a unit's button opens its test in the resolver, with its exact chance; the
warriors roll together and those who fail flee; a hero's dice are shown before its Might and Will are added; a hero
who passed calls Stand fast! and the models within range pass; Ctrl+Z undoes; the end of the battle counts each
side's casualties and whether it broke."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from warband.gui.battle_document import BattleDocument
from warband.gui.new_battle_dialog import NewBattle
from warband.gui.systems.sbg.resolver_break import BreakTestPanel
from warband.gui.systems.sbg.tracker_tab import SbgTrackerTab
from warband.model.battle import BattleRun
from warband.model.dice import SeededDice
from warband.model.systems.sbg import battle_rules as rules
from warband.model.systems.sbg.battle_commands import SetPriority
from warband.model.systems.sbg.battle_state import RulesOptions
from warband.model.systems.sbg.casualty_commands import SetCasualties
from warband.model.systems.sbg.schema import SbgArmy

CTRL = Qt.KeyboardModifier.ControlModifier
ARAGORN, FRODO, MINAS_TIRITH, URUKS = "0:u1", "0:u2", "0:u3", "1:u2"


def army(name, *units):
    return SbgArmy.model_validate({"system": "sbg", "name": name, "units": list(units)})


GOOD = army(
    "Fellowship",
    {"id": "u1", "profile": "aragorn-strider"},
    {"id": "u2", "profile": "frodo"},
    {"id": "u3", "profile": "warrior-of-minas-tirith", "count": 10},
)
"""12 models: broken at 6 lost."""
EVIL = army("Isengard", {"id": "u1", "profile": "lurtz"}, {"id": "u2", "profile": "uruk-hai-warrior", "count": 8})


def next_phase(qtbot, bar) -> None:
    qtbot.mouseClick(bar.next_button, Qt.MouseButton.LeftButton)


def to_next_move_phase(qtbot, tracker, document) -> None:
    """Through the rest of the turn and into the Move phase of the next, Aline having priority, with the battle
    bar's Next phase button as a player does."""
    while document.battle.phase != "end":
        next_phase(qtbot, tracker.battle_bar)
    next_phase(qtbot, tracker.battle_bar)
    assert document.act(SetPriority(side=0))
    next_phase(qtbot, tracker.battle_bar)
    assert document.battle.phase == "move"


@pytest.fixture
def shown(qtbot, window, asker):
    window.resize(1280, 800)
    window.show()
    window.activateWindow()
    qtbot.waitActive(window)
    asker.new_battle_answer = NewBattle((("Aline", GOOD), ("Bruno", EVIL)), RulesOptions())
    assert window.battles.new_battle()
    window.tabs.setCurrentWidget(window.battles.tracker)
    return window


def broken(qtbot, window):
    """Aline loses 6 Warriors of Minas Tirith in turn 1: broken; on into the Move phase of turn 2."""
    tracker, document = window.battles.tracker, window.battles.document
    assert document.act(SetCasualties(key=MINAS_TIRITH, lost=6))
    assert tracker.break_panel.texts()[0].startswith("Broken: Aline, 6 / 12 models lost — Courage tests from")
    assert not tracker.break_tests.isVisible()  # not this turn: from the next
    to_next_move_phase(qtbot, tracker, document)
    return tracker, document


def test_sb_07_the_tests_due_are_listed_from_the_next_turn(qtbot, shown):
    tracker, document = broken(qtbot, shown)
    qtbot.waitUntil(tracker.break_tests.isVisible)
    assert tracker.break_panel.texts()[0].endswith("its models test Courage when they move")
    assert tracker.break_tests.texts() == [
        "Aline — Aragorn (Strider): 1 to test",
        "Aline — Frodo Baggins: 1 to test",
        "Aline — Warrior of Minas Tirith: 4 to test",
    ]
    assert tracker.break_tests.title.text().startswith("Courage tests due as the models move (SB-07)")
    next_phase(qtbot, tracker.battle_bar)  # the Move phase is over: nothing more is due
    assert not tracker.break_tests.isVisible()
    document.undo()
    assert tracker.break_tests.isVisible()


def test_sb_07_warriors_roll_together_in_the_resolver_and_those_who_fail_flee(qtbot, shown):
    window = shown
    tracker, document = broken(qtbot, window)
    qtbot.mouseClick(tracker.break_tests.test_buttons[MINAS_TIRITH], Qt.MouseButton.LeftButton)
    resolver = window.battles.resolver
    assert window.tabs.currentWidget().isAncestorOf(resolver) or window.tabs.currentWidget() is resolver
    panel: BreakTestPanel = resolver.break_test_panel
    assert panel.selected_key == MINAS_TIRITH and panel.unit_combo.currentData() == MINAS_TIRITH
    assert panel.models_spin.isVisible() and not panel.might_spin.isVisible()
    assert panel.models_spin.value() == 4
    assert panel.chance_label.text() == "7/12 — 58.3%"  # Courage 3: 7 or more on two dice, 21 of 36
    assert "all 4 pass: 11.6%" in panel.detail_label.text()
    assert "expected to flee: 1.7" in panel.detail_label.text()

    panel.dice_entry.edit.setText("6 6 1 1")  # two dice a model: four models need eight
    qtbot.mouseClick(panel.dice_entry.apply_button, Qt.MouseButton.LeftButton)
    assert panel.dice_entry.error_text() and document.battle.warriors[MINAS_TIRITH].lost == 6

    panel.dice_entry.edit.setText("6 6 1 1 3 4 2 2")
    qtbot.mouseClick(panel.dice_entry.apply_button, Qt.MouseButton.LeftButton)
    assert document.battle.warriors[MINAS_TIRITH].lost == 8  # 1 1 and 2 2 flee
    assert document.run.log[-1].text == (
        "Warrior of Minas Tirith test Courage, their force broken (Courage 3): 2 of 4 pass, 2 flee — "
        "6 6, 1 1, 3 4, 2 2"
    )
    assert panel.outcome_label.text() == "Warrior of Minas Tirith: 2 of 4 pass, 2 flee."
    assert [panel.unit_combo.itemData(i) for i in range(panel.unit_combo.count())] == [ARAGORN, FRODO]
    assert tracker.break_tests.texts() == [
        "Aline — Aragorn (Strider): 1 to test",
        "Aline — Frodo Baggins: 1 to test",
    ]
    assert tracker.break_panel.texts()[0].startswith("Broken: Aline, 8 / 12 models lost")

    window.tabs.setCurrentWidget(tracker)
    tracker.warriors_table.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is tracker.warriors_table)
    qtbot.keyClick(tracker.warriors_table, Qt.Key.Key_Z, CTRL)  # one action: one undo
    assert document.battle.warriors[MINAS_TIRITH].lost == 6
    assert "Aline — Warrior of Minas Tirith: 4 to test" in tracker.break_tests.texts()


def test_sb_06_sb_07_a_hero_adds_might_once_its_dice_are_seen_then_calls_stand_fast(qtbot, shown):
    window = shown
    tracker, document = broken(qtbot, window)
    qtbot.mouseClick(tracker.break_tests.test_buttons[ARAGORN], Qt.MouseButton.LeftButton)
    panel: BreakTestPanel = window.battles.resolver.break_test_panel
    assert panel.selected_key == ARAGORN
    assert panel.might_spin.isVisible() and not panel.models_spin.isVisible()
    assert (panel.might_spin.value(), panel.will_spin.value()) == (3, 3)
    assert panel.chance_label.text() == "1 — 100%"  # Courage 6 with up to 6 points: every throw passes
    panel.might_spin.setValue(0)
    panel.will_spin.setValue(0)
    assert panel.chance_label.text() == "11/12 — 91.7%"  # Courage 6 alone: 4 or more on two dice, 33 of 36

    panel.might_spin.setValue(3)
    panel.dice_entry.edit.setText("1 1")
    qtbot.mouseClick(panel.dice_entry.apply_button, Qt.MouseButton.LeftButton)
    assert panel.pending == (1, 1) and not panel.unit_combo.isEnabled()
    assert not window.battles.resolver.hero_combo.isEnabled()  # the dice wait: no other hero meanwhile
    assert (panel.add_might_spin.value(), panel.add_will_spin.value()) == (2, 0)  # the fewest, Might first
    assert panel.dice_label.text().endswith("= 8; with the points added 10: passes")
    assert document.battle.heroes[ARAGORN].might == 3  # nothing spent until applied
    qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    assert document.battle.heroes[ARAGORN].might == 1
    assert document.run.log[-1].text == (
        "Aragorn (Strider) tests Courage, its force broken: 1 1 + Courage 6 + 2 Might = 10: passes"
    )
    assert panel.outcome_label.text() == "Aragorn (Strider) passes: it may call Stand fast!"
    assert panel.stand_fast_button.isVisible()
    assert tracker.break_tests.stand_fast_buttons.keys() == {ARAGORN}

    qtbot.mouseClick(panel.stand_fast_button, Qt.MouseButton.LeftButton)
    assert document.battle.break_tests.stand_fast == (ARAGORN,)
    assert document.run.log[-1].text == "Aragorn (Strider) calls Stand fast!"
    assert not panel.stand_fast_button.isVisible()
    assert tracker.break_tests.called_label.text().startswith("Stand fast! called by Aragorn (Strider) (Aline)")
    assert tracker.break_tests.stand_fast_buttons == {}

    panel.unit_combo.setCurrentIndex(panel.unit_combo.findData(MINAS_TIRITH))
    assert panel.pass_row.isVisible() and panel.pass_spin.maximum() == 4
    panel.pass_spin.setValue(3)  # three within range: they pass; the fourth tests
    qtbot.mouseClick(panel.pass_button, Qt.MouseButton.LeftButton)
    assert document.battle.break_tests.passed == {ARAGORN: 1, MINAS_TIRITH: 3}
    assert panel.models_spin.value() == 1 and "1 to test" in panel.unit_combo.currentText()

    panel.unit_combo.setCurrentIndex(panel.unit_combo.findData(FRODO))
    panel.dice_entry.edit.setText("1 1")
    qtbot.mouseClick(panel.dice_entry.apply_button, Qt.MouseButton.LeftButton)
    panel.add_might_spin.setValue(0)
    panel.add_will_spin.setValue(0)  # the player keeps Frodo's points: he flees
    assert panel.dice_label.text().endswith("fails and flees")
    qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    assert document.battle.heroes[FRODO].courage_failed
    assert panel.outcome_label.text() == "Frodo Baggins fails and flees."
    assert tracker.break_panel.texts()[0].startswith("Broken: Aline, 7 / 12 models lost")


def test_a_refused_test_says_why_and_changes_nothing(qtbot, shown):
    window = shown
    tracker, document = broken(qtbot, window)
    qtbot.mouseClick(tracker.break_tests.test_buttons[MINAS_TIRITH], Qt.MouseButton.LeftButton)
    panel: BreakTestPanel = window.battles.resolver.break_test_panel
    panel.dice_entry.edit.setText("6 6 6 6 6 6 6 6 6 6")  # five models' dice for four
    before = document.battle
    qtbot.mouseClick(panel.dice_entry.apply_button, Qt.MouseButton.LeftButton)
    assert document.battle is before and panel.dice_entry.error_text()
    assert panel.dice_entry.edit.text() == "6 6 6 6 6 6 6 6 6 6"  # kept for the player to correct


def test_nothing_due_says_why(qtbot, builtin_load):
    battle = rules.start_battle([("Aline", GOOD), ("Bruno", EVIL)], builtin_load.for_system("sbg"))
    document = BattleDocument(BattleRun(battle, dice=SeededDice(1)))
    panel = BreakTestPanel(document)
    qtbot.addWidget(panel)
    panel.show_battle(document.battle)
    assert panel.state_label.text().startswith("No Courage test is due")
    assert not panel.roll_button.isEnabled() and panel.unit_combo.count() == 0
    assert document.act(SetCasualties(key=MINAS_TIRITH, lost=6))
    panel.show_battle(document.battle)
    assert panel.state_label.text() == (
        "Aline's force broke this turn: its models test Courage when they move from the next turn."
    )
    assert not panel.roll() and document.run.log[-1].text.startswith("Warrior of Minas Tirith: 6 / 10")
    document.close()


def test_sb_07_the_end_of_the_battle_counts_casualties_and_who_broke(qtbot, shown):
    window = shown
    tracker, document = broken(qtbot, window)
    assert document.act(SetCasualties(key=URUKS, lost=2))
    qtbot.mouseClick(tracker.battle_bar.end_button, Qt.MouseButton.LeftButton)
    assert document.battle.ended
    qtbot.waitUntil(tracker.summary_box.isVisible)
    aline, bruno = tracker.summary_box.texts()
    assert aline[0] == "Aline" and bruno[0] == "Bruno"
    assert "6 / 12 models lost" in aline
    assert "Broken: half or more lost (break point 6 / 12)" in aline
    assert "2 / 9 models lost" in bruno and "Not broken: break point 5 / 9" in bruno  # Lurtz and 8 Uruk-hai
    assert not tracker.break_tests.isVisible()  # the battle is over: no test is due


def test_the_strip_on_a_tab_of_its_own(qtbot, builtin_load):
    """The tracker tab alone (no window): the strip hidden until a force's tests are due."""
    battle = rules.start_battle([("Aline", GOOD), ("Bruno", EVIL)], builtin_load.for_system("sbg"))
    document = BattleDocument(BattleRun(battle, dice=SeededDice(1)))
    tab = SbgTrackerTab(document)
    qtbot.addWidget(tab)
    tab.show()
    assert not tab.break_tests.isVisible()
    requested = []
    tab.resolve_requested.connect(requested.append)
    assert document.act(SetCasualties(key=URUKS, lost=5))
    to_next_move_phase(qtbot, tab, document)
    assert tab.break_tests.texts() == ["Bruno — Lurtz: 1 to test", "Bruno — Uruk-hai warrior: 3 to test"]
    qtbot.mouseClick(tab.break_tests.test_buttons[URUKS], Qt.MouseButton.LeftButton)
    assert requested == [URUKS]
    document.close()
