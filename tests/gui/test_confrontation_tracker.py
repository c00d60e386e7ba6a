"""The Turn tracker tab on a real battle document: the shared battle bar with the Tactical roll, the models, the
Divination order, the log, the summary at the end."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, QPoint, Qt
from PySide6.QtGui import QFont, QShortcut
from PySide6.QtWidgets import QApplication

from tests.gui.conftest import army
from warband.gui.battle_document import BattleDocument
from warband.gui.systems.confrontation.divination_order import order_of
from warband.gui.systems.confrontation.rolls import roll_tactical
from warband.gui.systems.confrontation.tracker_barred_model import BarredTableModel
from warband.gui.systems.confrontation.tracker_divination_models import (
    MIME_TYPE,
    DivinationOrderTableModel,
    reordered,
)
from warband.gui.systems.confrontation.tracker_log import LogTableModel, log_as_text
from warband.gui.systems.confrontation.tracker_models_table_model import KEY_ROLE, ModelsTableModel
from warband.gui.systems.confrontation.tracker_tab import TrackerTab
from warband.model.army import load_army
from warband.model.battle import BattleRun
from warband.model.battle_log import LogEntry
from warband.model.dice import SeededDice, TypedDice
from warband.model.locations import data_dir
from warband.model.system import get_system
from warband.model.systems.confrontation.battle_calls import CallRequest
from warband.model.systems.confrontation.battle_commands import (
    NextPhase,
    PreviousPhase,
    SetModelFlag,
    SetTacticalWinner,
)
from warband.model.systems.confrontation.battle_rules import start_battle

CHECKED, UNCHECKED = Qt.CheckState.Checked, Qt.CheckState.Unchecked
CHECK = Qt.ItemDataRole.CheckStateRole
EDIT = Qt.ItemDataRole.EditRole

# Two Iron Priestesses (Discipline 4) tie within Aline's side; Bruno's Wolfen devotee (4) ties across sides.
PRIESTESSES = army(
    {"id": "p1", "profile": "iron-priestess", "label": "Anna", "miracles": ["priere"]},
    {"id": "p2", "profile": "iron-priestess", "label": "Berthe", "miracles": ["priere"]},
    {"id": "p3", "profile": "mid-nor-dark-priest", "label": "Claude", "miracles": ["messager-divin"]},
    {"id": "t1", "profile": "griffin-trooper", "label": "Trooper"},
)
WOLVES = army(
    {"id": "w1", "profile": "wolfen-yllia-devotee", "label": "Devotee", "miracles": ["lueur-d-yllia"]},
    {"id": "z1", "profile": "acheron-zombie", "label": "Zombie"},
)


@pytest.fixture
def example_army():
    return load_army(data_dir() / "confrontation" / "examples" / "light-of-merin.warband.json")


@pytest.fixture
def make_document(catalogs):
    made = []

    def make(first, second, seed=1):
        battle = start_battle([("Aline", first), ("Bruno", second)], catalogs)
        document = BattleDocument(BattleRun(battle, dice=SeededDice(seed)))
        made.append(document)
        return document

    yield make
    for document in made:
        document.close()


@pytest.fixture
def document(make_document, example_army):
    return make_document(example_army, example_army)


@pytest.fixture
def tied_document(make_document):
    return make_document(PRIESTESSES, WOLVES)


@pytest.fixture
def make_tab(qtbot):
    def make(document, **kwargs):
        tab = TrackerTab(document, **kwargs)
        qtbot.addWidget(tab)
        tab.resize(1280, 800)
        tab.show()
        return tab

    return make


def to_divination(document):
    document.act(NextPhase())
    document.act(NextPhase())
    assert document.battle.phase == "divination"


def column_of(model, row, column):
    return model.index(row, column)


def order_labels(tab):
    model = tab.divination.order_model
    return [model.index(r, DivinationOrderTableModel.FAITHFUL).data() for r in range(model.rowCount())]


def barred_reasons(tab):
    model = tab.divination.barred_model
    return [
        (model.index(r, BarredTableModel.FAITHFUL).data(), model.index(r, BarredTableModel.REASON).data())
        for r in range(model.rowCount())
    ]


# --- the models ------------------------------------------------------------------------------------------------
def test_every_model_passes_the_model_tester(qapp, qtmodeltester, tied_document):
    to_divination(tied_document)
    tied_document.act(SetModelFlag(key="0:p3", field="engaged", value=True))
    for model in (
        ModelsTableModel(tied_document),
        DivinationOrderTableModel(tied_document),
        BarredTableModel(tied_document),
        LogTableModel(tied_document),
    ):
        qtmodeltester.check(model)


# --- the battle bar --------------------------------------------------------------------------------------------
def test_next_and_back_buttons_move_the_phase_and_the_turn_label(qtbot, make_tab, document):
    tab = make_tab(document)
    bar = tab.battle_bar
    assert bar.turn_label.text() == "Turn 1 — Tactical roll"
    assert list(bar.step_labels) == ["tactical", "movement", "divination", "shooting", "melee", "end"]
    assert bar.next_button.text() == "Next phase ▶"  # the model's label for next_phase
    assert bar.back_button.isVisible()
    qtbot.mouseClick(bar.next_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(bar.next_button, Qt.MouseButton.LeftButton)
    assert document.battle.phase == "divination"
    assert bar.turn_label.text() == "Turn 1 — Divination"
    assert bar.step_labels["divination"].property("current") is True
    assert bar.step_labels["movement"].property("current") is False
    assert bar.step_labels["divination"].accessibleName() == "Divination (current)"
    qtbot.mouseClick(bar.back_button, Qt.MouseButton.LeftButton)
    assert bar.turn_label.text() == "Turn 1 — Movement"
    assert bar.step_labels["movement"].property("current") is True
    assert "(F8)" in bar.next_button.toolTip() and "(Shift+F8)" in bar.back_button.toolTip()
    for _ in range(5):
        qtbot.mouseClick(bar.next_button, Qt.MouseButton.LeftButton)
    assert bar.turn_label.text() == "Turn 2 — Tactical roll"
    assert [e.text for e in document.run.log[-2:]] == ["Next phase", "Next phase"]
    document.undo()
    assert bar.turn_label.text() == "Turn 1 — End of turn"
    assert bar.step_labels["end"].property("current") is True


def test_back_from_the_first_phase_is_disabled_with_its_rule(qtbot, make_tab, document):
    tab = make_tab(document)
    bar = tab.battle_bar
    assert bar.back_button.isVisible() and not bar.back_button.isEnabled()  # the model refuses it (CF-08)
    assert bar.back_button.statusTip().startswith("This is the first phase of the turn")
    qtbot.mouseClick(bar.back_button, Qt.MouseButton.LeftButton)
    assert document.battle.phase == "tactical" and not tab.message_label.isVisible()
    qtbot.mouseClick(bar.next_button, Qt.MouseButton.LeftButton)
    assert bar.back_button.isEnabled()


def test_a_refusal_goes_away_once_an_action_goes_through(qtbot, make_tab, document):
    tab = make_tab(document)
    document.act(PreviousPhase())  # refused: the first phase of the turn
    assert tab.message_label.isVisible()
    assert tab.message_label.text().startswith("CF-08: This is the first phase of the turn")
    qtbot.mouseClick(tab.battle_bar.next_button, Qt.MouseButton.LeftButton)
    assert not tab.message_label.isVisible()  # an action went through: the refusal no longer applies


def test_f8_and_shift_f8_move_the_phase_wherever_the_focus_is(qtbot, make_tab, document):
    tab = make_tab(document)
    tab.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is tab)
    tab.models.table.setFocus()
    qtbot.keyClick(tab.models.table, Qt.Key.Key_F8)
    assert document.battle.phase == "movement"
    qtbot.keyClick(tab.models.table, Qt.Key.Key_F8, Qt.KeyboardModifier.ShiftModifier)
    assert document.battle.phase == "tactical"
    shortcuts = [s.key().toString() for s in tab.findChildren(QShortcut) if "F8" in s.key().toString()]
    assert sorted(shortcuts) == ["F8", "Shift+F8"]  # the bar's only: none of the tab's own on the same keys


def test_the_tactical_roll_sits_on_the_bars_second_row(make_tab, document):
    tab = make_tab(document)
    bar, row = tab.battle_bar, tab.tactical
    assert row.parentWidget() is bar
    assert row.isVisible() and row.roll_button.isVisible() and row.tactical_combo.isVisible()
    assert row.geometry().top() >= bar.next_button.geometry().bottom()  # below Back and Next
    assert row.geometry().right() < bar.end_button.geometry().left()  # left of End battle
    assert tab.tie_warning.parentWidget() is tab  # below the bar, the whole width
    order, widget = [], bar.next_button
    for _ in range(4):
        widget = widget.nextInFocusChain()
        while not widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            widget = widget.nextInFocusChain()
        order.append(widget.objectName())
    assert order == ["rollTacticalButton", "tacticalCombo", "endBattleButton", order[3]]


def test_roll_the_tactical_winner_then_enter_it(qtbot, make_tab, document):
    tab = make_tab(document)
    row = tab.tactical
    assert row.tactical_label.text() == "No Tactical winner yet this turn"
    for _ in range(10):  # a tie is logged and rolled again
        qtbot.mouseClick(row.roll_button, Qt.MouseButton.LeftButton)
        if document.battle.tactical_winner is not None:
            break
    winner = document.battle.tactical_winner
    player = ("Aline", "Bruno")[winner]
    assert row.tactical_label.text() == f"{player} won the Tactical roll"
    assert row.tactical_combo.currentIndex() == winner + 1
    assert document.run.log[-1].source == "rolled"

    row.tactical_combo.setCurrentIndex(2 - winner)  # the other player, as the table says
    assert document.battle.tactical_winner == 1 - winner
    assert row.tactical_label.text() == f"{('Aline', 'Bruno')[1 - winner]} won the Tactical roll"
    document.undo()
    assert row.tactical_combo.currentIndex() == winner + 1
    row.tactical_combo.setCurrentIndex(0)
    assert document.battle.tactical_winner is None


def test_a_tied_tactical_roll_is_logged_changes_nothing_and_says_roll_again(make_tab, document):
    tab = make_tab(document)
    before, refusals = document.battle, []
    document.refused.connect(refusals.append)
    assert roll_tactical(document, TypedDice((3, 3))) == (3, 3)
    assert document.battle is before and not document.run.session.can_undo
    assert document.run.log[-1].text == "Tactical roll: 3 – 3, a tie: roll again"
    assert document.run.log[-1].dice == (3, 3) and document.run.log[-1].source == "typed"
    assert refusals == ["Both sides rolled 3 for the Tactical roll: roll again."]  # CF-15
    assert tab.message_label.text() == refusals[0]
    assert roll_tactical(document, TypedDice((2, 5))) == (2, 5)
    assert document.battle.tactical_winner == 1 and len(refusals) == 1
    assert document.run.log[-1].text == "Tactical roll: 2 – 5, Bruno wins"


def test_table_dice_that_do_not_fit_the_tactical_roll_are_refused(document):
    before, log, refusals = document.battle, list(document.run.log), []
    document.refused.connect(refusals.append)
    assert roll_tactical(document, TypedDice((4,))) is None  # one die for two sides
    assert len(refusals) == 1 and document.battle is before and document.run.log == log


def test_the_divination_order_is_worked_out_once_per_state(tied_document):
    to_divination(tied_document)
    battle = tied_document.battle
    order = order_of(battle)
    assert order_of(battle) is order and order_of(tied_document.battle) is order
    tied_document.act(SetTacticalWinner(side=1))
    assert order_of(tied_document.battle) is not order
    assert not order_of(tied_document.battle).needs_tactical_winner
    tied_document.undo()
    assert order_of(tied_document.battle) is order  # the same state again


def test_a_tie_across_sides_without_a_winner_shows_a_warning(make_tab, tied_document):
    tab = make_tab(tied_document)
    to_divination(tied_document)
    assert order_of(tied_document.battle).needs_tactical_winner
    assert tab.tie_warning.isVisible()
    assert "CF-15" in tab.tie_warning.text()
    assert tab.tie_warning.geometry().top() >= tab.battle_bar.geometry().bottom()  # just below the bar
    tied_document.act(SetTacticalWinner(side=1))
    assert not tab.tie_warning.isVisible()
    assert order_labels(tab)[:2] == ["Claude", "Devotee"]  # Discipline 5 first; then Bruno won the tie
    tied_document.undo()
    assert tab.tie_warning.isVisible()


# --- the models table ------------------------------------------------------------------------------------------
def test_the_models_table_shows_both_sides(make_tab, tied_document):
    tab = make_tab(tied_document)
    model = tab.models.model
    assert model.rowCount() == 6
    rows = [
        [model.index(r, c).data() for c in (model.SIDE, model.UNIT, model.DISCIPLINE, model.WOUNDS, model.FAITH)]
        for r in range(6)
    ]
    assert rows[0] == ["Aline", "Anna", "4", "Unhurt", "10 / 10"]
    assert rows[3] == ["Aline", "Trooper", "3", "Unhurt", None]
    assert rows[5] == ["Bruno", "Zombie", "–", "Unhurt", None]  # no Discipline: counts as 0 (CF-16)
    assert model.index(5, model.DISCIPLINE).data(Qt.ItemDataRole.ToolTipRole).endswith("(CF-16).")
    assert model.index(0, model.SIDE).data(Qt.ItemDataRole.DecorationRole) != model.index(5, model.SIDE).data(
        Qt.ItemDataRole.DecorationRole
    )
    assert not model.flags(model.index(3, model.FAITH)) & Qt.ItemFlag.ItemIsEditable  # not a Faithful


def test_checking_engaged_bars_the_faithful_with_cf11_and_undo_lifts_it(qtbot, make_tab, tied_document):
    tab = make_tab(tied_document)
    to_divination(tied_document)
    model = tab.models.model
    index = model.index(model.row_of("0:p1"), model.ENGAGED)
    assert model.setData(index, CHECKED, CHECK)
    assert tied_document.battle.models["0:p1"].engaged
    assert index.data(CHECK) == CHECKED
    assert "Anna" not in order_labels(tab)
    assert barred_reasons(tab) == [
        ("Anna", "CF-11: Anna is engaged in melee by an enemy and cannot call a miracle.")
    ]
    assert tied_document.run.log[-1].text == "Anna: Engaged in melee: yes"
    tied_document.undo()
    assert index.data(CHECK) == UNCHECKED
    assert barred_reasons(tab) == []
    assert tab.divination.barred_label.text() == "May not call: none"
    assert "Anna" in order_labels(tab)


def test_a_click_in_a_check_cell_toggles_it(qtbot, make_tab, tied_document):
    tab = make_tab(tied_document)
    model, table = tab.models.model, tab.models.table
    index = model.index(model.row_of("0:p2"), model.FEAT)
    rect = table.visualRect(index)
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert tied_document.battle.models["0:p2"].feat
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.topLeft() + QPoint(2, 2))
    assert not tied_document.battle.models["0:p2"].feat
    table.setFocus()
    table.setCurrentIndex(index)
    qtbot.keyClick(table, Qt.Key.Key_Space)
    assert tied_document.battle.models["0:p2"].feat


def test_wounds_through_the_model_and_out_of_play_greyed(make_tab, tied_document):
    tab = make_tab(tied_document)
    model = tab.models.model
    row = model.row_of("1:w1")
    index = model.index(row, model.WOUNDS)
    assert index.data(EDIT) == "unhurt"
    assert model.setData(index, "serious", EDIT)
    assert tied_document.battle.models["1:w1"].wounds == "serious"
    assert index.data() == "Serious wound"
    assert model.index(row, model.UNIT).data(Qt.ItemDataRole.ForegroundRole) is None
    assert model.setData(index, "killed", EDIT)
    assert model.index(row, model.UNIT).data(Qt.ItemDataRole.ForegroundRole) is not None  # greyed
    assert not model.setData(index, "decapitated", EDIT)
    tied_document.undo()
    assert index.data(EDIT) == "serious"


def test_the_wounds_editor_is_a_combo_that_applies_at_once(qtbot, make_tab, tied_document):
    tab = make_tab(tied_document)
    model, table = tab.models.model, tab.models.table
    index = model.index(model.row_of("0:p1"), model.WOUNDS)
    table.setCurrentIndex(index)
    table.edit(index)
    editor = table.findChild(object, "woundsEditor")
    assert editor is not None and editor.currentData() == "unhurt"
    editor.setCurrentIndex(editor.findData("light"))
    editor.activated.emit(editor.currentIndex())
    assert tied_document.battle.models["0:p1"].wounds == "light"


def test_temporary_faith_and_discipline_bonus_edits(make_tab, tied_document):
    tab = make_tab(tied_document)
    model = tab.models.model
    row = model.row_of("0:p1")
    faith = model.index(row, model.FAITH)
    assert faith.data(EDIT) == 10
    assert model.setData(faith, 7, EDIT)
    assert tied_document.battle.models["0:p1"].faith == 7
    assert faith.data() == "7 / 10"
    assert tied_document.run.session.undo_label == "T.F.: 7"
    bonus = model.index(row, model.BONUS)
    assert model.setData(bonus, 1, EDIT)
    assert model.index(row, model.DISCIPLINE).data() == "5 (+1)"
    assert not model.setData(faith, 500, EDIT)  # beyond what a reserve holds: nothing changes
    tied_document.undo()
    tied_document.undo()
    assert faith.data(EDIT) == 10 and bonus.data(EDIT) == 0


def test_shot_after_a_call_is_refused_and_stays_unchecked(make_tab, document):
    tab = make_tab(document)
    to_divination(document)
    roll = document.roll(CallRequest("0:u1", "messager-divin", 2, True, 5), TypedDice((6,)))
    assert roll is not None and roll.outcome.success
    model = tab.models.model
    row = model.row_of("0:u1")
    assert model.index(row, model.CALLED).data() == "Divine Messenger"
    assert model.index(row, model.FAITH).data() == "8 / 10"
    shot = model.index(row, model.SHOT)
    assert not model.setData(shot, CHECKED, CHECK)
    assert shot.data(CHECK) == UNCHECKED
    assert not document.battle.models["0:u1"].shot
    assert tab.message_label.isVisible()
    assert tab.message_label.text() == (
        "CF-10: Priestess of the north gate called a miracle this turn and cannot shoot in the same turn."
    )


# --- the Divination order --------------------------------------------------------------------------------------
def test_the_order_with_the_current_faithful_highlighted(make_tab, tied_document):
    tab = make_tab(tied_document)
    to_divination(tied_document)
    tied_document.act(SetTacticalWinner(side=0))
    model = tab.divination.order_model
    assert order_labels(tab) == ["Claude", "Anna", "Berthe", "Devotee"]
    assert model.current_row() == 0
    first = model.index(0, DivinationOrderTableModel.FAITHFUL)
    assert isinstance(first.data(Qt.ItemDataRole.FontRole), QFont) and first.data(Qt.ItemDataRole.FontRole).bold()
    assert model.index(1, DivinationOrderTableModel.FAITHFUL).data(Qt.ItemDataRole.FontRole) is None
    assert model.index(0, DivinationOrderTableModel.POSITION).data() == "▶ 1"
    ties = [model.index(r, DivinationOrderTableModel.TIE).data() for r in range(4)]
    assert ties == ["", "own side, across", "own side, across", "across"]
    assert tab.divination.property("active") is True  # the panel is framed in the Divination phase


def test_done_moves_the_current_faithful_on(qtbot, make_tab, tied_document):
    tab = make_tab(tied_document)
    to_divination(tied_document)
    panel = tab.divination
    assert order_of(tied_document.battle).current.key == "0:p3"
    qtbot.mouseClick(panel.done_button, Qt.MouseButton.LeftButton)
    assert tied_document.battle.models["0:p3"].divination_done
    assert order_of(tied_document.battle).current.key == "0:p1"
    assert panel.order_model.current_row() == 1
    assert panel.order_model.index(0, DivinationOrderTableModel.DONE).data() == "✓"
    tied_document.undo()
    assert panel.order_model.current_row() == 0


def test_reorder_tied_priestesses_with_the_buttons(qtbot, make_tab, tied_document):
    tab = make_tab(tied_document)
    to_divination(tied_document)
    tied_document.act(SetTacticalWinner(side=0))
    panel = tab.divination
    panel.select_key("0:p1")
    assert not panel.up_button.isEnabled() and panel.down_button.isEnabled()
    qtbot.mouseClick(panel.down_button, Qt.MouseButton.LeftButton)
    assert order_labels(tab) == ["Claude", "Berthe", "Anna", "Devotee"]
    assert tied_document.battle.sides[0].tie_order == ("p2", "p1", "p3", "t1")  # the others keep their places
    assert panel.chosen_key() == "0:p1"  # the selection follows the moved Faithful
    assert panel.up_button.isEnabled() and not panel.down_button.isEnabled()
    panel.select_key("0:p3")  # not tied: nothing to reorder
    assert not panel.up_button.isEnabled() and not panel.down_button.isEnabled()
    tied_document.undo()
    assert order_labels(tab) == ["Claude", "Anna", "Berthe", "Devotee"]


def test_reorder_by_move_rows_and_drop_stays_within_the_side(tied_document, make_tab):
    tab = make_tab(tied_document)
    to_divination(tied_document)
    tied_document.act(SetTacticalWinner(side=0))
    model = tab.divination.order_model
    root = QModelIndex()
    assert not model.moveRows(root, 3, 1, root, 1)  # the Devotee is not Aline's to order
    assert not model.moveRows(root, 1, 1, root, 0)  # above the Discipline 5 Faithful: not a tie
    assert model.moveRows(root, 2, 1, root, 1)
    assert order_labels(tab) == ["Claude", "Berthe", "Anna", "Devotee"]
    mime = model.mimeData([model.index(2, 0)])
    assert mime.hasFormat(MIME_TYPE)
    model.dropMimeData(mime, Qt.DropAction.MoveAction, 1, 0, root)
    assert order_labels(tab) == ["Claude", "Anna", "Berthe", "Devotee"]
    assert [e.text for e in tied_document.run.log[-2:]] == [
        "Aline orders tied Faithful: Berthe, Anna",
        "Aline orders tied Faithful: Anna, Berthe",
    ]


def test_reordered_keeps_the_other_units_in_place():
    assert reordered(("a", "b", "c", "d"), ["b", "d"], ["d", "b"]) == ("a", "d", "c", "b")
    assert reordered(("a",), ["x", "y"], ["y", "x"]) == ("a", "y", "x")


def test_call_a_miracle_asks_for_the_resolver(qtbot, make_tab, tied_document):
    tab = make_tab(tied_document)
    to_divination(tied_document)
    with qtbot.waitSignal(tab.resolve_requested) as blocker:
        qtbot.mouseClick(tab.divination.call_button, Qt.MouseButton.LeftButton)
    assert blocker.args == ["0:p3"]  # nothing selected: the current Faithful
    table = tab.divination.order_table
    index = tab.divination.order_model.index(2, DivinationOrderTableModel.FAITHFUL)
    with qtbot.waitSignal(tab.resolve_requested) as blocker:
        table.doubleClicked.emit(index)
    assert blocker.args == [tab.divination.order_model.slot(2).key]


# --- the log ---------------------------------------------------------------------------------------------------
def test_the_log_shows_entries_marks_undone_ones_and_scrolls_to_the_newest(make_tab, document):
    tab = make_tab(document)
    model = tab.log_panel.model
    to_divination(document)
    document.roll(CallRequest("0:u1", "messager-divin", 2, True, 5), TypedDice((6,)))
    row = model.rowCount() - 1
    assert [model.index(row, c).data() for c in range(4)] == [
        "1",
        "Divination",
        "Priestess of the north gate calls Divine Messenger: fervour 2, dice 6, total 8 against 5: success",
        "6 (typed)",
    ]
    document.undo()
    text = model.index(row, LogTableModel.TEXT)
    assert text.data().endswith("(undone)")
    assert text.data(Qt.ItemDataRole.FontRole).strikeOut()
    assert model.rowCount() == 3  # undo keeps the line (AR-05)
    for _ in range(20):
        document.act(SetModelFlag(key="0:u5", field="shot", value=True))
        document.act(SetModelFlag(key="0:u5", field="shot", value=False))
    bar = tab.log_panel.table.verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() == bar.maximum()


def test_log_as_text():
    log = [
        LogEntry(
            step=1, turn=1, phase="tactical", text="Tactical roll: 5 – 2, Aline wins", dice=(5, 2), source="rolled"
        ),
        LogEntry(step=2, turn=1, phase="divination", text="Anna: Shot: yes", undone=True),
        LogEntry(
            step=3, turn=2, phase="divination", text="Anna calls Prayer", dice=(6, 3), source="typed", success=True
        ),
    ]
    assert log_as_text(log) == (
        "Turn 1, Tactical roll: Tactical roll: 5 – 2, Aline wins [dice 5 + 2 (rolled)]\n"
        "Turn 1, Divination: Anna: Shot: yes (undone)\n"
        "Turn 2, Divination: Anna calls Prayer [dice 6 + 3 (typed)]\n"
    )
    assert log_as_text([]) == ""


def test_export_writes_the_log_where_the_player_chose(qtbot, make_tab, document, tmp_path):
    target = tmp_path / "log.txt"
    answers = [None, target, tmp_path / "missing" / "log.txt"]
    tab = make_tab(document, ask_path=lambda: answers.pop(0))
    document.act(NextPhase())
    qtbot.mouseClick(tab.log_panel.export_button, Qt.MouseButton.LeftButton)
    assert not target.exists()  # the player cancelled
    qtbot.mouseClick(tab.log_panel.export_button, Qt.MouseButton.LeftButton)
    assert target.read_text(encoding="utf-8") == log_as_text(document.run.log)
    assert target.read_text(encoding="utf-8") == "Turn 1, Tactical roll: Next phase\n"
    assert tab.message_label.text() == f"Log written to {target}"
    qtbot.mouseClick(tab.log_panel.export_button, Qt.MouseButton.LeftButton)
    assert tab.message_label.text().startswith("Cannot write the log to")


# --- the end of the battle -------------------------------------------------------------------------------------
def test_end_battle_shows_the_summary(qtbot, make_tab, document):
    tab = make_tab(document)
    bar = tab.battle_bar
    to_divination(document)
    document.roll(CallRequest("0:u1", "messager-divin", 2, True, 5), TypedDice((6,)))
    document.roll(CallRequest("0:u1", "priere", 1, True), TypedDice((1,)))
    tab.models.model.setData(tab.models.model.index(5 + 4, ModelsTableModel.WOUNDS), "killed", EDIT)
    assert not tab.summary_box.isVisible()
    assert bar.end_button.text() == "End battle"
    qtbot.mouseClick(bar.end_button, Qt.MouseButton.LeftButton)
    assert document.battle.ended
    assert document.run.log[-1].text == "End the battle"  # the command's own label
    assert tab.summary_box.isVisible()
    assert bar.end_button.text() == "Resume battle"
    assert bar.turn_label.text() == "Turn 1 — Divination" and bar.over_label.isVisible()
    assert tab.summary_box.texts() == [
        ["Aline", "0 / 5 models lost", "0 / 397 A.P. lost", "Miracles called: 2, succeeded: 1", "50 % success"],
        ["Bruno", "1 / 5 models lost", "14 / 397 A.P. lost", "Miracles called: 0, succeeded: 0", "no call"],
    ]
    summary = get_system("confrontation").summary(document.battle, document.run.log)
    assert tab.summary_box.texts() == [[side.player, *side.lines] for side in summary.sides]
    assert not bar.next_button.isEnabled()  # the battle is over (CF-08)
    assert bar.next_button.statusTip() == "The battle is over."
    document.undo()
    assert not document.battle.ended
    assert not tab.summary_box.isVisible()
    assert bar.end_button.text() == "End battle" and bar.next_button.isEnabled()


def test_resume_the_battle_hides_the_summary_and_undo_brings_it_back(qtbot, make_tab, document):
    tab = make_tab(document)
    bar = tab.battle_bar
    qtbot.mouseClick(bar.next_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(bar.end_button, Qt.MouseButton.LeftButton)
    assert tab.summary_box.isVisible()
    assert [row[0] for row in tab.summary_box.texts()] == ["Aline", "Bruno"]
    qtbot.mouseClick(bar.end_button, Qt.MouseButton.LeftButton)  # Resume battle
    assert not document.battle.ended
    assert document.run.log[-1].text == "Resume the battle"
    assert not tab.summary_box.isVisible()
    assert bar.end_button.text() == "End battle"
    assert bar.turn_label.text() == "Turn 1 — Movement"
    qtbot.mouseClick(bar.next_button, Qt.MouseButton.LeftButton)
    assert bar.turn_label.text() == "Turn 1 — Divination"
    document.undo()  # the next phase
    document.undo()  # the resume: the battle is over again
    assert document.battle.ended and tab.summary_box.isVisible()
    assert bar.end_button.text() == "Resume battle"
    assert bar.turn_label.text() == "Turn 1 — Movement" and bar.over_label.isVisible()
    document.undo()  # the end
    assert not tab.summary_box.isVisible() and bar.end_button.text() == "End battle"
    document.redo()
    assert tab.summary_box.isVisible()


def test_the_models_table_keys(qapp, tied_document):
    model = ModelsTableModel(tied_document)
    assert [model.index(r, 0).data(KEY_ROLE) for r in range(model.rowCount())] == [
        "0:p1",
        "0:p2",
        "0:p3",
        "0:t1",
        "1:w1",
        "1:z1",
    ]
