"""The Strategy Battle Game Turn tracker on a real battle document: the shared battle bar with the priority on it
(SB-01), the heroes with their counters (SB-02 … SB-04), the heroic-action protocol through the widgets (SB-05), the
log, the end of the battle with the shared summary, and a whole turn with a heroic move on each side."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QHeaderView, QSpinBox, QWidget

from warband import api
from warband.gui.battle_document import BattleDocument
from warband.gui.systems.sbg.rolls import roll_priority
from warband.gui.systems.sbg.tracker_heroes import START_ROLE, HeroesTableModel
from warband.gui.systems.sbg.tracker_heroics import DECIDE, IDLE, NAMING, ROLLOFF
from warband.gui.systems.sbg.tracker_log import SbgLogTableModel
from warband.gui.systems.sbg.tracker_tab import SbgTrackerTab
from warband.gui.widgets.appearance import muted
from warband.model.battle import BattleRun
from warband.model.dice import SeededDice, TypedDice
from warband.model.systems.sbg import battle_rules as rules
from warband.model.systems.sbg import heroics as heroic_rules
from warband.model.systems.sbg.battle_commands import Declare, NameHero, NextPhase, SetPriority
from warband.model.systems.sbg.schema import SbgArmy

LEFT = Qt.MouseButton.LeftButton
ARAGORN, GANDALF, FRODO = "0:u1", "0:u2", "0:u3"
LURTZ, SARUMAN, GRIMA = "1:u1", "1:u2", "1:u3"
M = HeroesTableModel


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
    {"id": "u3", "profile": "grima"},  # Might 0: never offered for a heroic action
)


@pytest.fixture(scope="module")
def sbg_catalogs(builtin_load):
    return builtin_load.for_system("sbg")


@pytest.fixture
def make_document(sbg_catalogs):
    made = []

    def make(seed=1, other=EVIL, players=("Aline", "Bruno")):
        battle = rules.start_battle([(players[0], GOOD), (players[1], other)], sbg_catalogs)
        document = BattleDocument(BattleRun(battle, dice=SeededDice(seed)))
        made.append(document)
        return document

    yield make
    for document in made:
        document.close()


@pytest.fixture
def document(make_document):
    return make_document()


@pytest.fixture
def make_tab(qtbot):
    def make(document, **kwargs):
        tab = SbgTrackerTab(document, **kwargs)
        qtbot.addWidget(tab)
        tab.resize(1280, 800)
        tab.show()
        return tab

    return make


@pytest.fixture
def tab(make_tab, document):
    return make_tab(document)


def click(qtbot, button):
    assert button.isVisible() and button.isEnabled(), f"{button.objectName()} cannot be clicked"
    qtbot.mouseClick(button, LEFT)


def cell(tab, key, column, role=Qt.ItemDataRole.DisplayRole):
    model = tab.heroes_model
    return model.index(model.row_of(key), column).data(role)


def enter_priority(qtbot, tab, side):
    tab.priority.priority_combo.setCurrentIndex(tab.priority.priority_combo.findData(side))
    assert tab.document.battle.priority == side


def to_move(qtbot, tab, priority=0):
    enter_priority(qtbot, tab, priority)
    click(qtbot, tab.battle_bar.next_button)
    assert tab.document.battle.phase == "move"


def name(qtbot, tab, key):
    panel = tab.heroics
    assert panel.pages.currentIndex() == NAMING
    combo = panel.hero_combo
    found = combo.findData(key)
    assert found >= 0, f"{key} is not offered"
    combo.setCurrentIndex(found)
    click(qtbot, panel.name_button)


def offered(tab):
    combo = tab.heroics.hero_combo
    return [combo.itemData(i) for i in range(combo.count())]


# --- the models ------------------------------------------------------------------------------------------------
def test_every_model_passes_the_model_tester(qtmodeltester, document):
    heroes, log = HeroesTableModel(document), SbgLogTableModel(document)
    qtmodeltester.check(heroes)
    qtmodeltester.check(log)
    document.act(SetPriority(side=0))
    document.act(NextPhase())
    document.act(Declare(side=0, wants=True))
    document.act(NameHero(side=0, key=ARAGORN))
    document.undo()
    qtmodeltester.check(heroes)
    qtmodeltester.check(log)


def test_an_edit_repaints_only_the_hero_it_changed(qtbot, tab):
    model = tab.heroes_model
    changed = []
    model.dataChanged.connect(lambda first, last, roles=(): changed.append((first.row(), last.row())))
    model.setData(model.index(model.row_of(GANDALF), M.WILL), 4)
    assert changed == [(model.row_of(GANDALF), model.row_of(GANDALF))]
    header = tab.heroes_table.horizontalHeader()
    assert all(
        header.sectionResizeMode(c) != QHeaderView.ResizeMode.ResizeToContents for c in range(model.columnCount())
    )


# --- the battle bar and SB-01, priority ------------------------------------------------------------------
def test_the_battle_bar_shows_the_turn_the_phases_and_moves_on_with_f8(qtbot, tab, document):
    bar = tab.battle_bar
    assert bar.turn_label.text() == "Turn 1 — Priority"
    assert [label.text() for label in bar.step_labels.values()] == ["Priority", "Move", "Shoot", "Fight", "End"]
    assert bar.step_labels["priority"].property("current") is True
    assert bar.step_labels["move"].toolTip().startswith("Move: heroic moves are declared first")
    assert not bar.back_button.isVisible()  # the SBG never steps back: undo does
    enter_priority(qtbot, tab, 0)
    tab.activateWindow()
    qtbot.waitUntil(tab.isActiveWindow)
    tab.heroes_table.setFocus()
    qtbot.keyClick(tab.heroes_table, Qt.Key.Key_F8)
    assert bar.turn_label.text() == "Turn 1 — Move"
    assert bar.step_labels["move"].property("current") is True
    assert bar.step_labels["priority"].property("current") is False
    assert bar.step_labels["move"].accessibleName() == "Move (current)"
    assert "F8" in bar.next_button.toolTip()
    assert document.run.log[-1].text == "On to Move"


def test_one_shortcut_for_f8_the_bars(tab):
    """The bar's F8 is the only one: a second shortcut for the same keys would make Qt find both ambiguous."""
    keys = [s.key() for s in tab.findChildren(QShortcut)]
    assert keys.count(QKeySequence("F8")) == 1
    assert keys.count(QKeySequence("Shift+F8")) == 1


def test_the_priority_controls_are_on_the_bars_second_row(tab):
    bar, priority = tab.battle_bar, tab.priority
    assert priority.parentWidget() is bar and bar.extra.indexOf(priority) >= 0
    assert bar.next_button.geometry().bottom() < priority.geometry().top()  # below the turn and Next
    assert priority.geometry().right() < bar.end_button.geometry().left()  # left of End battle
    for widget in (priority.priority_label, priority.roll_button, priority.priority_combo):
        assert widget.isVisible()


def test_sb_01_priority_rolled_with_the_programs_dice(qtbot, tab, document):
    bar = tab.priority
    assert bar.priority_label.text() == "No priority yet this turn"
    for _attempt in range(20):  # a first-turn tie is rolled again
        click(qtbot, bar.roll_button)
        if document.battle.priority is not None:
            break
    entry = document.run.log[-1]
    first, second = entry.dice
    assert entry.source == "rolled"
    assert document.battle.priority == (0 if first > second else 1)
    winner = document.battle.sides[document.battle.priority].player
    assert bar.priority_label.text() == f"{winner} has priority"
    assert bar.priority_combo.currentData() == document.battle.priority


def test_sb_01_a_first_turn_tie_is_refused_on_the_message_line_and_the_tooltip_says_the_rule(qtbot, tab, document):
    assert "tie" in tab.priority.roll_button.toolTip() and "first turn" in tab.priority.roll_button.toolTip()
    roll_priority(document, TypedDice((4, 4)))
    assert document.battle.priority is None
    assert tab.message_label.text().startswith("SB-01")
    assert tab.message_label.property("kind") == "refusal"
    roll_priority(document, TypedDice((5, 2)))
    assert document.battle.priority == 0
    assert tab.message_label.text() == ""
    for _phase in range(5):
        click(qtbot, tab.battle_bar.next_button)
    assert tab.battle_bar.turn_label.text() == "Turn 2 — Priority"
    assert "A tie this turn gives priority to Bruno: Aline had it last turn." in tab.priority.roll_button.toolTip()
    roll_priority(document, TypedDice((3, 3)))
    assert tab.priority.priority_label.text() == "Bruno has priority"


def test_sb_01_priority_typed_in_from_the_combo(qtbot, tab, document):
    combo = tab.priority.priority_combo
    combo.setCurrentIndex(combo.findData(1))
    assert document.battle.priority == 1
    assert tab.priority.priority_label.text() == "Bruno has priority"
    assert document.run.log[-1].text == "Bruno has priority (entered)"
    combo.setCurrentIndex(0)  # "not recorded": priority is rolled or entered again, never taken back
    assert document.battle.priority == 1 and combo.currentData() == 1
    document.undo()
    assert document.battle.priority is None and combo.currentIndex() == 0


# --- the heroes ----------------------------------------------------------------------------------------------
def test_the_heroes_table_shows_each_counter_as_left_of_start(tab):
    model = tab.heroes_model
    assert [model.key(r) for r in range(model.rowCount())] == [ARAGORN, GANDALF, FRODO, LURTZ, SARUMAN, GRIMA]
    assert [cell(tab, GANDALF, c) for c in (M.SIDE, M.HERO, M.MIGHT, M.WILL, M.FATE, M.WOUNDS)] == [
        "Aline",
        "Gandalf the Grey",
        "3 / 3",
        "6 / 6",
        "3 / 3",
        "3 / 3",
    ]
    assert cell(tab, LURTZ, M.SIDE) == "Bruno"


def test_counters_edited_with_a_spin_clamped_by_the_battle_and_undoable(qtbot, tab, document):
    table, model = tab.heroes_table, tab.heroes_model
    index = model.index(model.row_of(ARAGORN), M.MIGHT)
    table.setCurrentIndex(index)
    table.edit(index)
    editor = table.findChild(QSpinBox, "counterEditor")
    assert editor is not None and editor.maximum() == 3 and editor.value() == 3
    editor.setValue(1)
    qtbot.keyClick(editor, Qt.Key.Key_Return)  # the delegate commits on the next turn of the event loop
    qtbot.waitUntil(lambda: document.battle.heroes[ARAGORN].might == 1)
    assert cell(tab, ARAGORN, M.MIGHT) == "1 / 3"
    assert document.run.log[-1].text == "Aragorn (Strider): Might 3 → 1"

    assert model.setData(model.index(model.row_of(ARAGORN), M.MIGHT), 7)  # above the start: the battle clamps
    assert document.battle.heroes[ARAGORN].might == 3
    assert document.run.log[-1].text == "Aragorn (Strider): Might 1 → 3"
    assert model.setData(model.index(model.row_of(ARAGORN), M.WOUNDS), -2)
    assert cell(tab, ARAGORN, M.WOUNDS) == "0 / 3"
    assert not model.setData(model.index(model.row_of(ARAGORN), M.WOUNDS), "two")
    document.undo()
    assert cell(tab, ARAGORN, M.WOUNDS) == "3 / 3"
    document.undo()
    assert cell(tab, ARAGORN, M.MIGHT) == "1 / 3"
    document.redo()
    assert cell(tab, ARAGORN, M.MIGHT) == "3 / 3"
    assert index.data(START_ROLE) == 3


def test_removed_and_failed_courage_are_ticked(tab, document):
    model = tab.heroes_model
    assert cell(tab, LURTZ, M.REMOVED, Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Unchecked
    assert model.setData(
        model.index(model.row_of(LURTZ), M.COURAGE), Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole
    )
    assert model.setData(
        model.index(model.row_of(LURTZ), M.REMOVED), Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole
    )
    state = document.battle.heroes[LURTZ]
    assert state.courage_failed and state.removed
    assert cell(tab, LURTZ, M.STATUS) == "removed"
    assert document.run.log[-1].text == "Lurtz is removed from play"
    assert document.run.log[-2].text == "Lurtz failed a Courage test"
    document.undo()
    assert cell(tab, LURTZ, M.REMOVED, Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Unchecked


def test_marks_are_ticked_in_the_table_with_a_click_or_space(qtbot, tab, document):
    table, model = tab.heroes_table, tab.heroes_model
    rect = table.visualRect(model.index(model.row_of(GANDALF), M.COURAGE))
    qtbot.mouseClick(table.viewport(), LEFT, pos=QPoint(rect.left() + 10, rect.center().y()))
    assert document.battle.heroes[GANDALF].courage_failed
    table.setCurrentIndex(model.index(model.row_of(GANDALF), M.REMOVED))
    qtbot.keyClick(table, Qt.Key.Key_Space)
    assert document.battle.heroes[GANDALF].removed
    assert cell(tab, GANDALF, M.HERO, Qt.ItemDataRole.ForegroundRole) == muted()


def test_a_hero_without_might_will_or_fate_is_greyed_and_marked_spent(tab):
    model = tab.heroes_model
    row = model.row_of(FRODO)
    for column in (M.MIGHT, M.WILL):
        model.setData(model.index(row, column), 0)
        assert cell(tab, FRODO, M.STATUS) == ""  # Fate left: not spent yet
    model.setData(model.index(row, M.FATE), 0)
    assert cell(tab, FRODO, M.STATUS) == "spent"
    assert cell(tab, FRODO, M.HERO, Qt.ItemDataRole.ForegroundRole) == muted()
    assert cell(tab, FRODO, M.STATUS, Qt.ItemDataRole.FontRole).bold()
    assert "no Might, Will or Fate" in cell(tab, FRODO, M.STATUS, Qt.ItemDataRole.ToolTipRole)
    assert cell(tab, GRIMA, M.STATUS) == ""  # Gríma starts with no Might nor Fate, but has Will
    assert cell(tab, GANDALF, M.HERO, Qt.ItemDataRole.ForegroundRole) is None


def test_double_click_on_a_hero_asks_for_the_resolver_but_on_a_counter_corrects_it(qtbot, tab):
    table, model = tab.heroes_table, tab.heroes_model
    rect = table.visualRect(model.index(model.row_of(SARUMAN), M.HERO))
    with qtbot.waitSignal(tab.resolve_requested) as blocker:
        qtbot.mouseClick(table.viewport(), LEFT, pos=rect.center())
        qtbot.mouseDClick(table.viewport(), LEFT, pos=rect.center())
    assert blocker.args == [SARUMAN]
    rect = table.visualRect(model.index(model.row_of(SARUMAN), M.WILL))
    with qtbot.assertNotEmitted(tab.resolve_requested):
        qtbot.mouseClick(table.viewport(), LEFT, pos=rect.center())
        qtbot.mouseDClick(table.viewport(), LEFT, pos=rect.center())
    assert table.findChild(QSpinBox, "counterEditor") is not None
    table.setCurrentIndex(model.index(model.row_of(LURTZ), M.SIDE))
    with qtbot.waitSignal(tab.resolve_requested) as blocker:
        click(qtbot, tab.resolve_button)
    assert blocker.args == [LURTZ]


# --- SB-05: the heroic actions through the widgets ------------------------------------------------------------
def test_sb_05_outside_move_shoot_and_fight_nothing_is_declared(qtbot, tab):
    panel = tab.heroics
    assert panel.pages.currentIndex() == IDLE
    assert "Move, Shoot and Fight" in panel.turn_label.text()
    click(qtbot, tab.battle_bar.next_button)  # no priority recorded
    assert panel.pages.currentIndex() == IDLE
    assert panel.turn_label.text().startswith("Record priority first")


def test_sb_05_both_sides_decline(qtbot, tab, document):
    to_move(qtbot, tab, priority=1)
    panel = tab.heroics
    assert panel.pages.currentIndex() == DECIDE
    assert panel.turn_label.text() == "Bruno (priority) declares heroic actions or declines."
    assert panel.turn_label.property("side") == "1"
    assert "1 Might" in panel.cost_note.text() and "not refunded" in panel.cost_note.text()
    click(qtbot, panel.decline_button)
    assert panel.turn_label.text() == "Bruno declined. Aline declares heroic actions or declines."
    assert panel.turn_label.property("side") == "0"
    click(qtbot, panel.decline_button)
    assert document.battle.heroics.stage == "done" and document.battle.heroics.order == ()
    assert panel.pages.currentIndex() == IDLE
    assert panel.turn_label.text() == "No heroic actions in this phase: play on in priority order, Bruno first."
    assert [e.text for e in document.run.log[-2:]] == [
        "Bruno declines heroic actions",
        "Aline declines heroic actions",
    ]


def test_sb_05_every_branch_changing_mind_naming_in_turn_stopping_and_the_roll_off(qtbot, tab, document):
    to_move(qtbot, tab, priority=0)
    panel = tab.heroics
    click(qtbot, panel.decline_button)  # Aline (priority) declines
    click(qtbot, panel.declare_button)  # Bruno declares
    assert panel.turn_label.text() == (
        "Bruno declared. Aline (priority) may change their mind and declare too, or keep declining."
    )
    assert panel.decline_button.text() == "Keep declining"
    click(qtbot, panel.declare_button)  # Aline changes her mind
    assert document.battle.heroics.declared == (0, 1)

    assert panel.turn_label.text().startswith("Aline names a hero for a heroic action")
    assert offered(tab) == [ARAGORN, GANDALF, FRODO]
    name(qtbot, tab, ARAGORN)
    assert document.battle.heroes[ARAGORN].might == 2  # declaring spends the Might
    assert cell(tab, ARAGORN, M.STATUS) == "named for a heroic action"
    assert panel.turn_label.text().startswith("Bruno names a hero")
    assert panel.turn_label.property("side") == "1"
    assert offered(tab) == [LURTZ, SARUMAN]  # Gríma has no Might
    name(qtbot, tab, LURTZ)
    name(qtbot, tab, GANDALF)
    assert offered(tab) == [SARUMAN]
    assert panel.list_title.text() == "Named so far:"
    assert panel.list_label.text() == "Aline: Aragorn (Strider), Gandalf the Grey\nBruno: Lurtz"
    click(qtbot, panel.stop_button)  # Bruno stops: Aline names as many more as she wants
    assert panel.turn_label.text() == (
        "Bruno stopped naming: Aline may name as many more heroes as they want, or stop."
    )
    name(qtbot, tab, FRODO)
    assert offered(tab) == []
    assert not panel.name_button.isEnabled()
    assert panel.turn_label.text() == "Aline has no hero left with Might to name: stop naming."
    click(qtbot, panel.stop_button)

    assert panel.pages.currentIndex() == ROLLOFF
    assert panel.turn_label.text().startswith("Both sides declared: Aline (priority) rolls a D6")
    assert panel.turn_label.property("side") == "0"
    assert panel.rolloff_label.text() == "1–3: Bruno (Evil) first · 4–6: Aline (Good) first"
    panel.die_spin.setValue(2)
    click(qtbot, panel.enter_button)
    heroics = document.battle.heroics
    assert (heroics.rolloff, heroics.first, heroics.order) == (2, 1, (LURTZ, ARAGORN, GANDALF, FRODO))
    assert document.run.log[-1].source == "typed"
    assert panel.pages.currentIndex() == IDLE
    assert panel.turn_label.text().startswith("Roll-off: 2, Bruno's heroes first.")
    assert panel.list_title.text() == "Resolved first, in this order, before the normal priority order:"
    assert panel.list_label.text() == (
        "1. Lurtz (Bruno)\n2. Aragorn (Strider) (Aline)\n3. Gandalf the Grey (Aline)\n4. Frodo Baggins (Aline)"
    )
    assert [cell(tab, k, M.STATUS) for k in (LURTZ, ARAGORN, GANDALF)] == [
        "heroic action 1",
        "heroic action 2",
        "heroic action 3",
    ]
    assert cell(tab, FRODO, M.STATUS) == "heroic action 4"
    assert cell(tab, FRODO, M.MIGHT) == "0 / 1"  # his only Might went on the declaration
    assert {k: document.battle.heroes[k].might for k in (ARAGORN, GANDALF, FRODO, LURTZ, SARUMAN)} == {
        ARAGORN: 2,
        GANDALF: 2,
        FRODO: 0,
        LURTZ: 2,
        SARUMAN: 3,
    }


def test_sb_05_only_one_side_declares(qtbot, tab, document):
    to_move(qtbot, tab, priority=0)
    panel = tab.heroics
    click(qtbot, panel.decline_button)
    click(qtbot, panel.declare_button)  # Bruno declares
    click(qtbot, panel.decline_button)  # Aline keeps declining
    assert document.run.log[-1].text == "Aline keeps declining heroic actions"
    assert panel.turn_label.text() == "Bruno names a hero for a heroic action, one at a time, or stops naming."
    name(qtbot, tab, SARUMAN)
    assert panel.turn_label.text().startswith("Bruno names a hero")  # the other side never names
    name(qtbot, tab, LURTZ)
    click(qtbot, panel.stop_button)
    assert document.battle.heroics.stage == "done"  # no roll-off
    assert panel.list_label.text() == "1. Saruman the White (Bruno)\n2. Lurtz (Bruno)"
    assert document.battle.heroes[SARUMAN].might == 2 and document.battle.heroes[LURTZ].might == 2


def test_sb_05_both_declared_but_one_side_names_nobody_no_roll_off(qtbot, tab, document):
    to_move(qtbot, tab, priority=0)
    panel = tab.heroics
    click(qtbot, panel.decline_button)
    click(qtbot, panel.declare_button)
    click(qtbot, panel.declare_button)
    click(qtbot, panel.stop_button)  # Aline names nobody after all
    assert panel.turn_label.text().startswith("Aline stopped naming: Bruno may name as many more heroes")
    name(qtbot, tab, LURTZ)
    assert panel.pages.currentIndex() == NAMING  # Bruno names on
    click(qtbot, panel.stop_button)
    assert document.battle.heroics.stage == "done" and document.battle.heroics.rolloff is None
    assert panel.list_label.text() == "1. Lurtz (Bruno)"


def test_sb_05_priority_declaring_names_alone_when_the_other_declines(qtbot, tab, document):
    to_move(qtbot, tab, priority=1)
    click(qtbot, tab.heroics.declare_button)
    assert document.battle.heroics.stage == "other"  # Aline may declare too
    click(qtbot, tab.heroics.decline_button)
    name(qtbot, tab, LURTZ)
    assert tab.heroics.turn_label.property("side") == "1"
    click(qtbot, tab.heroics.stop_button)
    assert document.battle.heroics.order == (LURTZ,)
    assert tab.heroics.list_label.text() == "1. Lurtz (Bruno)"


def test_sb_05_the_panel_says_declared_when_the_side_with_priority_declared(qtbot, tab, document):
    to_move(qtbot, tab, priority=1)
    click(qtbot, tab.heroics.declare_button)  # Bruno, with priority, declares
    assert document.battle.heroics.declared == (1,) and document.battle.heroics.stage == "other"
    assert tab.heroics.turn_label.text() == "Bruno declared. Aline declares heroic actions too, or declines."
    assert document.run.log[-1].text == "Bruno declares heroic actions"


def test_sb_05_refusals_show_with_their_rule_on_the_message_line(qtbot, tab, document):
    to_move(qtbot, tab, priority=0)
    assert not document.act(Declare(side=1, wants=True))  # Aline decides first
    assert tab.message_label.text() == "SB-05: It is Aline's turn in the heroic-action declarations."
    click(qtbot, tab.heroics.declare_button)
    assert tab.message_label.text() == ""
    assert not document.act(NameHero(side=0, key=GRIMA))
    assert tab.message_label.text().startswith("SB-05:")


def test_sb_05_the_roll_off_with_the_programs_die_and_same_alignments(qtbot, make_tab, make_document):
    document = make_document(other=GOOD)
    tab = make_tab(document)
    to_move(qtbot, tab, priority=1)
    panel = tab.heroics
    click(qtbot, panel.decline_button)
    click(qtbot, panel.declare_button)
    click(qtbot, panel.declare_button)
    name(qtbot, tab, "1:u1")
    name(qtbot, tab, ARAGORN)
    click(qtbot, panel.stop_button)
    click(qtbot, panel.stop_button)
    assert panel.rolloff_label.text() == (
        "1–3: Aline first · 4–6: Bruno first (same alignment: the side with priority goes first on 4–6)"
    )
    click(qtbot, panel.roll_button)
    heroics = document.battle.heroics
    (die,) = document.run.log[-1].dice
    assert document.run.log[-1].source == "rolled"
    assert heroics.first == (1 if die >= 4 else 0)
    assert panel.list_label.text().startswith("1. Aragorn (Strider) (" + ("Bruno" if die >= 4 else "Aline"))


# --- the log and the end of the battle ----------------------------------------------------------------------
def test_the_log_shows_phase_names_strikes_out_undone_actions_and_exports(qtbot, make_tab, document, tmp_path):
    target = tmp_path / "log.txt"
    tab = make_tab(document, ask_path=lambda: target)
    to_move(qtbot, tab, priority=0)
    click(qtbot, tab.heroics.declare_button)
    model = tab.log_panel.model
    last = model.rowCount() - 1
    assert model.index(last, SbgLogTableModel.PHASE).data() == "Move"
    assert model.index(last, SbgLogTableModel.SIDE).data() == "Aline"
    assert model.index(last, SbgLogTableModel.TEXT).data() == "Aline declares heroic actions"
    document.undo()
    assert model.index(last, SbgLogTableModel.TEXT).data().endswith("(undone)")
    assert model.index(last, SbgLogTableModel.TEXT).data(Qt.ItemDataRole.FontRole).strikeOut()
    click(qtbot, tab.log_panel.export_button)
    text = target.read_text(encoding="utf-8")
    assert "Turn 1, Move: Aline declares heroic actions (undone)" in text
    assert tab.message_label.text() == f"Log written to {target}"


def summary_lines(document):
    summary = api.get_system("sbg").summary(document.battle, document.run.log)
    return [[side.player, *side.lines] for side in summary.sides]


def test_next_changes_the_phase_shown_and_its_words_are_the_models(qtbot, tab, document):
    bar = tab.battle_bar
    following = next(a for a in api.actions(document.run) if a.kind == "next_phase")
    assert bar.next_button.text() == f"{following.label} ▶" == "Next phase ▶"
    assert bar.next_button.isEnabled()
    click(qtbot, bar.next_button)  # no priority recorded: the battle moves on all the same
    assert document.battle.phase == "move" and bar.turn_label.text() == "Turn 1 — Move"
    assert bar.step_labels["move"].property("current") is True
    for _phase in range(4):
        click(qtbot, bar.next_button)
    assert bar.turn_label.text() == "Turn 2 — Priority"
    assert [e.text for e in document.run.log] == [
        "On to Move",
        "On to Shoot",
        "On to Fight",
        "On to End",
        "Turn 2 begins",
    ]
    assert document.undo_label == "Next phase"  # the Edit menu keeps it short; the log says more (`log_in`)
    assert bar.next_button.text() == "Next phase ▶"
    document.undo()
    assert bar.turn_label.text() == "Turn 1 — End" and bar.step_labels["end"].property("current") is True
    assert (document.undo_label, document.redo_label) == ("Next phase", "Next phase")


def test_end_battle_shows_the_summary_resume_hides_it_and_undo_restores(qtbot, tab, document):
    bar, box = tab.battle_bar, tab.summary_box
    model = tab.heroes_model
    model.setData(model.index(model.row_of(ARAGORN), M.MIGHT), 1)
    model.setData(
        model.index(model.row_of(LURTZ), M.REMOVED), Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole
    )
    assert bar.end_button.text() == "End battle" and not box.isVisible()
    click(qtbot, bar.end_button)
    assert document.battle.ended
    assert bar.end_button.text() == "Resume battle"
    assert bar.turn_label.text() == "Turn 1 — Priority" and bar.over_label.isVisible()
    assert document.run.log[-1].text == "End the battle"
    assert box.isVisible()
    assert box.texts() == summary_lines(document)
    assert box.texts()[0][:3] == [
        "Aline",
        "0 / 3 heroes lost",
        "Might spent: 2 / 7",
    ]  # Aragorn 3, Gandalf 3, Frodo 1
    assert box.texts()[1][:2] == ["Bruno", "1 / 3 heroes lost"]
    assert box.geometry().bottom() < tab.rows.geometry().top()  # between the bar and the heroes

    click(qtbot, bar.end_button)
    assert not document.battle.ended and not box.isVisible()
    assert bar.end_button.text() == "End battle" and bar.turn_label.text() == "Turn 1 — Priority"
    assert document.run.log[-1].text == "Resume the battle"

    document.undo()  # the resumption undone: over again, with its summary
    assert document.battle.ended and box.isVisible() and box.texts() == summary_lines(document)
    document.undo()  # the end undone: playing on
    assert not document.battle.ended and not box.isVisible() and bar.end_button.text() == "End battle"
    assert document.battle.heroes[LURTZ].removed  # what came before stays
    document.redo()
    assert document.battle.ended and box.isVisible() and bar.end_button.text() == "Resume battle"


def test_looks_switch_by_property_not_by_style_sheet(qtbot, tab, document):
    to_move(qtbot, tab, priority=0)
    document.act(Declare(side=1, wants=True))  # refused: the message line turns red
    click(qtbot, tab.heroics.decline_button)
    sheets = [w.objectName() for w in tab.findChildren(QWidget) if w.styleSheet()]
    assert sheets == ["battleBar"]  # the tab's own sheet, set once, styles everything else; the bar has its own


def test_player_text_is_shown_as_plain_text(qtbot, make_tab, make_document):
    odd = "<b>{Al}ine</b>"
    document = make_document(players=(odd, "Bruno"))
    tab = make_tab(document)
    to_move(qtbot, tab, priority=1)
    click(qtbot, tab.heroics.decline_button)
    click(qtbot, tab.heroics.declare_button)
    click(qtbot, tab.heroics.declare_button)
    name(qtbot, tab, LURTZ)
    name(qtbot, tab, ARAGORN)
    click(qtbot, tab.heroics.stop_button)
    click(qtbot, tab.heroics.stop_button)
    tab.heroics.die_spin.setValue(6)
    click(qtbot, tab.heroics.enter_button)
    assert tab.heroics.turn_label.text() == (
        "Roll-off: 6, <b>{Al}ine</b>'s heroes first. Heroic actions first, in the numbered order; "
        "then the normal priority order, Bruno first."
    )
    assert tab.heroics.turn_label.textFormat() == Qt.TextFormat.PlainText
    assert tab.priority.priority_combo.itemText(1) == f"Priority: {odd}"


# --- a whole turn ------------------------------------------------------------------------------------------
def test_a_turn_with_a_heroic_move_on_each_side(qtbot, tab, document):
    bar, priority, panel = tab.battle_bar, tab.priority, tab.heroics
    for _attempt in range(20):  # priority: a first-turn tie is rolled again
        click(qtbot, priority.roll_button)
        if document.battle.priority is not None:
            break
    p = document.battle.priority
    assert p is not None
    players = ("Aline", "Bruno")
    hero_of = {0: ARAGORN, 1: LURTZ}
    click(qtbot, bar.next_button)
    assert bar.turn_label.text() == "Turn 1 — Move"
    assert panel.turn_label.text() == f"{players[p]} (priority) declares heroic actions or declines."

    click(qtbot, panel.decline_button)  # the priority side waits to see…
    click(qtbot, panel.declare_button)  # …the other declares a heroic move…
    click(qtbot, panel.declare_button)  # …and the priority side changes its mind
    name(qtbot, tab, hero_of[p])
    name(qtbot, tab, hero_of[1 - p])
    click(qtbot, panel.stop_button)
    click(qtbot, panel.stop_button)
    assert panel.pages.currentIndex() == ROLLOFF
    click(qtbot, panel.roll_button)
    heroics = document.battle.heroics
    first = heroics.first
    assert first == heroic_rules.rolloff_winner(document.battle, heroics.rolloff)
    labels = {ARAGORN: "Aragorn (Strider) (Aline)", LURTZ: "Lurtz (Bruno)"}
    assert panel.list_label.text() == f"1. {labels[hero_of[first]]}\n2. {labels[hero_of[1 - first]]}"
    assert cell(tab, hero_of[first], M.STATUS) == "heroic action 1"
    assert document.battle.heroes[ARAGORN].might == 2 and document.battle.heroes[LURTZ].might == 2

    click(qtbot, bar.next_button)
    assert bar.turn_label.text() == "Turn 1 — Shoot"
    assert panel.pages.currentIndex() == DECIDE and panel.list_label.text() == ""
    assert cell(tab, hero_of[first], M.STATUS) == ""
    click(qtbot, panel.decline_button)
    click(qtbot, panel.decline_button)
    click(qtbot, bar.next_button)
    assert bar.turn_label.text() == "Turn 1 — Fight"
    click(qtbot, panel.decline_button)
    click(qtbot, panel.decline_button)
    click(qtbot, bar.next_button)
    assert bar.turn_label.text() == "Turn 1 — End"
    assert panel.pages.currentIndex() == IDLE
    click(qtbot, bar.next_button)
    assert bar.turn_label.text() == "Turn 2 — Priority"
    assert priority.priority_label.text() == "No priority yet this turn"
    assert document.battle.last_priority == p
    assert f"gives priority to {players[1 - p]}" in priority.roll_button.toolTip()
    assert document.battle.heroes[ARAGORN].might == 2  # spent Might is not refunded
    phases = [tab.log_panel.model.index(r, 1).data() for r in range(tab.log_panel.model.rowCount())]
    assert {"Priority", "Move", "Shoot", "Fight", "End"} <= set(phases)
    assert tab.message_label.text() == ""
