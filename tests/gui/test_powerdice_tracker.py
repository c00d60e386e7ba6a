"""The power-dice Turn tracker on a real battle document: the battle bar (its steps, Next step, End battle and
the summary), the markers board and its hand-over, the casters, the B3 and C panels, the lasting spells and the
log; and that nothing shows a side's markers to the other before A3 (PD-03)."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QGroupBox,
    QLabel,
    QWidget,
)

from warband.api import get_system
from warband.gui.battle_document import BattleDocument
from warband.gui.systems.powerdice.actions import hand_over, place_marker
from warband.gui.systems.powerdice.tracker_lasting import LastingTableModel
from warband.gui.systems.powerdice.tracker_log import PowerDiceLogTableModel
from warband.gui.systems.powerdice.tracker_models import KEY_ROLE, CastersTableModel, CastingTableModel
from warband.gui.systems.powerdice.tracker_tab import B3, INFO, MARKERS, PowerDiceTrackerTab
from warband.gui.systems.powerdice.tracker_tab import C as C_PAGE
from warband.model.army import load_army
from warband.model.battle import BattleRun
from warband.model.dice import SeededDice, TypedDice
from warband.model.locations import data_dir
from warband.model.messages import _, spoken_text
from warband.model.systems.powerdice.battle_commands import NextStep
from warband.model.systems.powerdice.battle_rules import CastRequest, start_battle
from warband.model.systems.powerdice.battle_state import STEPS

LEFT = Qt.MouseButton.LeftButton
ROLES = (
    Qt.ItemDataRole.DisplayRole,
    Qt.ItemDataRole.ToolTipRole,
    Qt.ItemDataRole.AccessibleTextRole,
    Qt.ItemDataRole.AccessibleDescriptionRole,
)
MARKER_WORDS = {
    w.lower() for w in ("incantation", "restoration", "wait", _("Incantation"), _("Restoration"), _("Wait"))
}
MARKER_WORDS |= {"attente", "restauration"}  # the seed's own words, should a translation use them
FIRST_CHOICES = {"0:u1": "incantation", "0:u2": "restoration", "0:u3": "wait"}
SECOND_CHOICES = {"1:u1": "incantation", "1:u2": "incantation", "1:u3": "restoration"}


@pytest.fixture
def pd_catalogs(builtin_load):
    return builtin_load.for_system("powerdice")


@pytest.fixture
def pd_army():
    return load_army(data_dir() / "powerdice" / "examples" / "border-skirmish.warband.json")


@pytest.fixture
def make_document(pd_catalogs, pd_army):
    made = []

    def make(seed=1):
        battle = start_battle([("Aline", pd_army), ("Bruno", pd_army)], pd_catalogs)
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
    def make(document):
        tab = PowerDiceTrackerTab(document)
        qtbot.addWidget(tab)
        tab.resize(1280, 800)
        tab.show()
        return tab

    return make


def choose(tab, key, marker):
    """Pick a marker in the caster's combo, as the player does."""
    combo = tab.markers.combos[key]
    assert combo.isVisible(), f"{key} has no choice on screen"
    combo.setCurrentIndex(combo.findData(marker))


def place_all(qtbot, tab, choices):
    for key, marker in choices.items():
        choose(tab, key, marker)
    qtbot.mouseClick(tab.markers.hand_over_button, LEFT)


def next_step(qtbot, tab, times=1):
    for _time in range(times):
        qtbot.mouseClick(tab.battle_bar.next_button, LEFT)


def cell(model, key, column):
    row = next(r for r in range(model.rowCount()) if model.index(r, 0).data(KEY_ROLE) == key)
    return model.index(row, column).data()


def casting_keys(panel):
    return [panel.model.index(r, 0).data(KEY_ROLE) for r in range(panel.model.rowCount())]


def to_b3(qtbot, tab):
    place_all(qtbot, tab, FIRST_CHOICES)
    place_all(qtbot, tab, SECOND_CHOICES)
    next_step(qtbot, tab, 5)
    assert tab.document.battle.step == "B3"


# --- reading everything the tab shows -------------------------------------------------------------------------
OWNER = re.compile(r"_(\d+:[\w-]+)$")


def model_texts(model: QAbstractItemModel, owner: str = ""):
    for section in range(model.columnCount()):
        for role in ROLES:
            yield owner, model.headerData(section, Qt.Orientation.Horizontal, role)
    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            index = model.index(row, column, QModelIndex())
            key = index.data(KEY_ROLE)
            for role in ROLES:
                yield (key if isinstance(key, str) else owner), index.data(role)


def widget_texts(root: QWidget, *, visible_only: bool):
    """(owner, text) for every text a widget under `root` shows or tells assistive tools; the owner is the caster
    key a widget or a cell belongs to, when it belongs to one."""
    for widget in [root, *root.findChildren(QWidget)]:
        if visible_only and not widget.isVisible():
            continue
        match = OWNER.search(widget.objectName())
        owner = match.group(1) if match else ""
        texts = [
            widget.toolTip(),
            widget.accessibleName(),
            widget.accessibleDescription(),
            widget.statusTip(),
            widget.whatsThis(),
            widget.windowTitle(),
        ]
        if isinstance(widget, QLabel | QAbstractButton):
            texts.append(widget.text())
        if isinstance(widget, QGroupBox):
            texts.append(widget.title())
        if isinstance(widget, QComboBox):
            texts.append(widget.currentText())
            for item in range(widget.count()):
                texts += [widget.itemText(item), widget.itemData(item, Qt.ItemDataRole.ToolTipRole)]
        for text in texts:
            yield owner, text
        if isinstance(widget, QAbstractItemView) and widget.model() is not None:
            yield from model_texts(widget.model(), owner)


def everything(tab, *, visible_only):
    document = tab.document
    texts = list(widget_texts(tab, visible_only=visible_only))
    texts += [("", entry.text) for entry in document.run.log]
    texts += [("", document.run.session.undo_label), ("", document.run.session.redo_label)]
    texts += [("", tab.window().windowTitle()), ("", document.display_name())]
    return [(owner, str(text)) for owner, text in texts if text]


def leaks(texts, hidden_side):
    """The texts that name a marker and belong to no caster of the side still placing."""
    own = f"{1 - hidden_side}:"
    return [
        (owner, text)
        for owner, text in texts
        if not owner.startswith(own) and any(word in text.lower() for word in MARKER_WORDS)
    ]


# --- the models ------------------------------------------------------------------------------------------------
def test_every_model_passes_the_model_tester(qtmodeltester, document):
    for key, marker in FIRST_CHOICES.items():
        place_marker(document, key, marker)
    hand_over(document)
    models = [CastersTableModel(document), PowerDiceLogTableModel(document)]
    for model in models:
        qtmodeltester.check(model)  # in A1, with hidden markers
    for key, marker in SECOND_CHOICES.items():
        place_marker(document, key, marker)
    hand_over(document)
    for _step in range(5):
        document.act(NextStep())
    document.roll(CastRequest("0:u1", "boule-de-feu", 2), TypedDice((5, 4)))
    document.roll(CastRequest("1:u1", "brume-illusoire", 2, target="the ford"), TypedDice((4, 4)))
    b3, c, lasting = (
        CastingTableModel(document, "B3"),
        CastingTableModel(document, "C"),
        LastingTableModel(document),
    )
    assert b3.rowCount() == 1 and lasting.rowCount() == 1
    for model in (*models, b3, c, lasting):
        qtmodeltester.check(model)
    document.act(NextStep())
    assert b3.rowCount() == 0 and c.rowCount() == 1
    for model in (b3, c):
        qtmodeltester.check(model)


def test_an_edit_repaints_only_the_caster_it_changed(qtbot, make_tab, document):
    tab = make_tab(document)
    model = tab.casters_model
    row = next(r for r in range(model.rowCount()) if model.index(r, 0).data(KEY_ROLE) == "1:u2")
    with qtbot.waitSignal(model.dataChanged) as changed:
        assert model.setData(model.index(row, CastersTableModel.DICE), 0)
    assert changed.args[0].row() == changed.args[1].row() == row
    spy = []
    model.dataChanged.connect(lambda first, last, roles=(): spy.append((first.row(), last.row())))
    choose(tab, "0:u1", "incantation")  # Aline sees her own marker: one row changes
    assert spy == [(0, 0)]


# --- the battle bar -------------------------------------------------------------------------------------------
def test_the_bar_marks_the_magic_segments_and_the_current_step(qtbot, make_tab, document):
    tab = make_tab(document)
    bar = tab.battle_bar
    assert bar.turn_label.text() == "Turn 1 — A1 Magic markers, face down"
    assert [label.text() for label in bar.step_labels.values()] == list(STEPS)
    assert [step for step, label in bar.step_labels.items() if label.property("magic")] == [
        "A1",
        "A3",
        "B3",
        "C",
        "D4",
    ]
    assert bar.step_labels["A1"].property("current") is True
    assert bar.step_labels["A1"].toolTip() == (
        "A1: a magic marker is placed face down on each caster's card (a magic segment)"
    )
    assert bar.step_labels["A1"].accessibleName() == bar.step_labels["A1"].toolTip() + " (current)"
    assert bar.step_labels["A2"].accessibleName() == "A2: a step of the host game"
    assert bar.next_button.text() == "Next step ▶"  # the model's own words for the next phase
    assert "(F8)" in bar.next_button.toolTip()
    assert not bar.back_button.isVisible()  # the segments have effects: undo is the way back
    assert bar.end_button.isVisible() and bar.end_button.text() == "End battle"
    # nobody has placed a marker yet: the model refuses the next step, and says why
    assert not bar.next_button.isEnabled()
    assert bar.next_button.statusTip() == "Both sides place their markers before A1 ends."
    qtbot.mouseClick(bar.next_button, LEFT)
    assert document.battle.step == "A1"


def test_next_moves_the_step_shown(qtbot, make_tab, document):
    tab = make_tab(document)
    bar = tab.battle_bar
    place_all(qtbot, tab, FIRST_CHOICES)
    place_all(qtbot, tab, SECOND_CHOICES)
    assert bar.next_button.isEnabled()
    next_step(qtbot, tab)
    assert document.battle.step == "A2"
    assert bar.turn_label.text() == "Turn 1 — A2 (host game)"
    assert bar.step_labels["A2"].property("current") is True
    assert bar.step_labels["A1"].property("current") is False
    assert bar.step_labels["A2"].accessibleName() == "A2: a step of the host game (current)"
    assert tab.step_panel.currentIndex() == INFO
    assert document.run.log[-1].text == "Next step: A2 (host game)"  # as the model words it (`label_in`)
    document.undo()
    assert document.battle.step == "A1" and bar.step_labels["A1"].property("current") is True
    assert tab.step_panel.currentIndex() == MARKERS


def test_end_battle_shows_the_summary_and_resume_hides_it(qtbot, make_tab, document):
    tab = make_tab(document)
    bar, box = tab.battle_bar, tab.summary_box
    to_b3(qtbot, tab)
    document.roll(CastRequest("0:u1", "boule-de-feu", 2), TypedDice((5, 4)))
    assert not box.isVisible()
    qtbot.mouseClick(bar.end_button, LEFT)
    assert document.battle.ended
    assert document.run.log[-1].text == "End the battle"
    assert bar.end_button.text() == "Resume battle"
    assert bar.turn_label.text() == "Turn 1 — B3 Incantations, then restoration"
    assert bar.over_label.isVisible() and bar.over_label.text() == "(battle over)"
    assert box.isVisible()
    summary = get_system("powerdice").summary(document.battle, document.run.log)
    assert box.texts() == [[side.player, *map(spoken_text, side.lines)] for side in summary.sides]
    assert box.texts()[0] == [
        "Aline",
        "Spells cast: 1, succeeded: 1",
        "Power dice: 2 / 4 left, 2 spent on castings",
    ]
    assert box.texts()[1] == [
        "Bruno",
        "Spells cast: 0, succeeded: 0",
        "Power dice: 4 / 4 left, 0 spent on castings",
    ]
    qtbot.mouseClick(bar.end_button, LEFT)
    assert not document.battle.ended and not box.isVisible()
    assert document.run.log[-1].text == "Resume the battle"
    assert bar.end_button.text() == "End battle" and not bar.over_label.isVisible()
    document.undo()  # the resumption undone: over again
    assert document.battle.ended and box.isVisible() and bar.end_button.text() == "Resume battle"
    document.undo()  # the end undone
    assert not document.battle.ended and not box.isVisible() and bar.end_button.text() == "End battle"
    assert document.battle.step == "B3" and tab.step_panel.currentIndex() == B3


def test_ending_while_markers_are_hidden_shows_none_of_them(qtbot, make_tab, document):
    tab = make_tab(document)
    place_all(qtbot, tab, FIRST_CHOICES)
    qtbot.mouseClick(tab.battle_bar.end_button, LEFT)  # while Bruno places his: Aline's are face down
    assert tab.summary_box.isVisible()
    assert leaks(everything(tab, visible_only=True), hidden_side=0) == []
    document.undo()
    assert document.run.session.undo_label is None  # the hand-over is still a barrier


def test_f8_moves_the_step_wherever_the_focus_is(qtbot, make_tab, document):
    tab = make_tab(document)
    place_all(qtbot, tab, FIRST_CHOICES)
    place_all(qtbot, tab, SECOND_CHOICES)
    tab.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is tab)
    tab.casters_table.setFocus()
    qtbot.keyClick(tab.casters_table, Qt.Key.Key_F8)
    assert document.battle.step == "A2"
    qtbot.keyClick(tab.lasting.table, Qt.Key.Key_F8)
    assert document.battle.step == "A3"
    assert tab.battle_bar.turn_label.text() == "Turn 1 — A3 Markers turned face up"


def test_the_initiative_is_set_from_the_bar_but_not_while_markers_are_placed(qtbot, make_tab, document):
    tab = make_tab(document)
    combo = tab.initiative_combo
    assert not combo.isEnabled()  # changing it now would skip the second side's turn to place
    place_all(qtbot, tab, FIRST_CHOICES)
    assert not combo.isEnabled()
    place_all(qtbot, tab, SECOND_CHOICES)
    assert combo.isEnabled()
    combo.setCurrentIndex(1)
    assert document.battle.initiative == 1
    assert document.run.log[-1].text == "Initiative: Bruno"


# --- A1: the markers board and the hand-over -----------------------------------------------------------------------
def test_handing_over_with_casters_left_without_a_marker_is_refused(qtbot, make_tab, document):
    tab = make_tab(document)
    choose(tab, "0:u1", "wait")
    qtbot.mouseClick(tab.markers.hand_over_button, LEFT)
    assert document.battle.choosing == 0
    assert tab.message_label.text() == (
        "PD-03: Aline has casters without a marker: Apprentice of the watchtower, Acolyte of the border shrine."
    )


def test_the_board_follows_the_hand_over(qtbot, make_tab, document):
    tab = make_tab(document)
    board = tab.markers
    assert tab.step_panel.currentIndex() == MARKERS
    assert board.hand_over_button.text() == "Hand over to Bruno"
    assert "cannot be undone" in board.note.text()
    assert board.statuses["1:u1"].text() == "Not placed yet" and board.statuses["1:u1"].isVisible()
    place_all(qtbot, tab, FIRST_CHOICES)
    assert board.heading.text() == "Bruno places the magic markers, face down"
    assert board.hand_over_button.text() == "Hand over to Aline"
    for key in FIRST_CHOICES:
        assert board.statuses[key].isVisible() and not board.combos[key].isVisible()
        assert board.statuses[key].text() == "Marker placed, face down"
        assert board.combos[key].currentData() == ""  # even the hidden combo holds nothing
    assert board.combos["1:u1"].isVisible()
    place_all(qtbot, tab, SECOND_CHOICES)
    assert board.heading.text() == "Every marker is placed, face down"
    assert not board.hand_over_button.isEnabled()
    assert all(
        board.statuses[key].text() == "Marker placed, face down" for key in (*FIRST_CHOICES, *SECOND_CHOICES)
    )


def test_undo_never_crosses_the_hand_over(qtbot, make_tab, document):
    tab = make_tab(document)
    place_all(qtbot, tab, FIRST_CHOICES)
    before = document.battle
    assert document.run.session.undo_label is None
    document.undo()
    assert document.battle is before and document.battle.choosing == 1
    choose(tab, "1:u1", "wait")
    assert document.run.session.undo_label == "Place a marker"
    document.undo()  # Bruno may take back his own choice
    assert document.battle.casters["1:u1"].marker is None
    document.undo()  # but nothing before the hand-over
    assert document.battle == before
    assert tab.markers.combos["1:u1"].currentData() == ""


def test_nothing_shows_a_sides_markers_to_the_other_before_a3(qtbot, make_tab, document):
    """THE LEAK TEST: while Bruno places his markers, every text of the tab, of its models, of the log and of the
    undo history is read; none names a marker of Aline's casters."""
    tab = make_tab(document)
    place_all(qtbot, tab, FIRST_CHOICES)
    choose(tab, "1:u1", "incantation")  # Bruno's own choice is on screen for him
    texts = everything(tab, visible_only=True)
    assert leaks(texts, hidden_side=0) == []
    assert any(owner == "1:u1" and text == "Incantation" for owner, text in texts)  # the walk does see markers
    assert cell(tab.casters_model, "0:u1", CastersTableModel.MARKER) == "hidden"
    assert cell(tab.casters_model, "1:u1", CastersTableModel.MARKER) == "Incantation"
    # Once both have placed, the shared screen shows nobody's markers until A3.
    for key, marker in SECOND_CHOICES.items():
        choose(tab, key, marker)
    qtbot.mouseClick(tab.markers.hand_over_button, LEFT)
    next_step(qtbot, tab)
    for hidden_side in (0, 1):
        assert leaks(everything(tab, visible_only=True), hidden_side) == []
    next_step(qtbot, tab)
    assert document.battle.step == "A3"
    assert cell(tab.casters_model, "0:u3", CastersTableModel.MARKER) == "Wait"


@pytest.mark.parametrize(
    "other", [("wait", "incantation", "restoration"), ("restoration", "restoration", "restoration")]
)
def test_what_the_screen_shows_does_not_depend_on_the_hidden_markers(qtbot, make_tab, make_document, other):
    """Every text, shown or hidden, reads the same whatever Aline chose: nothing on screen can tell them."""

    def screen(choices):
        document = make_document()
        tab = make_tab(document)
        place_all(qtbot, tab, choices)
        choose(tab, "1:u2", "restoration")
        return everything(tab, visible_only=False)

    assert screen(FIRST_CHOICES) == screen(dict(zip(FIRST_CHOICES, other, strict=True)))


# --- a whole turn ----------------------------------------------------------------------------------------------------
def test_a_whole_turn_from_a1_to_the_next_a1(qtbot, make_tab, document):
    tab = make_tab(document)
    casters = tab.casters_model
    place_all(qtbot, tab, FIRST_CHOICES)
    place_all(qtbot, tab, SECOND_CHOICES)

    next_step(qtbot, tab)  # A2: a correction of the apprentice's dice, refused above its level (PD-02)
    assert tab.step_panel.currentIndex() == INFO and "nothing to do for magic" in tab.info_label.text()
    row = next(r for r in range(casters.rowCount()) if casters.index(r, 0).data(KEY_ROLE) == "0:u2")
    assert not casters.setData(casters.index(row, CastersTableModel.DICE), 2)
    assert tab.message_label.text() == "PD-02: Apprentice of the watchtower has 1 power dice and cannot use 2."
    assert casters.setData(casters.index(row, CastersTableModel.DICE), 0)
    assert cell(casters, "0:u2", CastersTableModel.DICE) == "0 / 1"
    assert tab.message_label.text() == ""

    next_step(qtbot, tab)  # A3: face up
    assert document.battle.revealed
    markers = [casters.index(r, CastersTableModel.MARKER).data() for r in range(casters.rowCount())]
    assert markers == ["Incantation", "Restoration", "Wait", "Incantation", "Incantation", "Restoration"]

    next_step(qtbot, tab, 3)  # B1, B2, B3
    assert tab.step_panel.currentIndex() == B3
    assert tab.b3.heading.text().startswith("Aline's turn")
    assert casting_keys(tab.b3) == ["0:u1"]
    assert "restoration" in tab.b3.note.text() and "loses one" in tab.b3.note.text()
    with qtbot.waitSignal(tab.resolve_requested) as asked:
        qtbot.mouseClick(tab.b3.cast_button, LEFT)
    assert asked.args == ["0:u1"]
    document.roll(CastRequest("0:u1", "boule-de-feu", 2), TypedDice((5, 4)))
    assert casting_keys(tab.b3) == ["1:u1", "1:u2"]
    assert tab.b3.heading.text().startswith("Bruno's turn")
    document.roll(CastRequest("1:u1", "brume-illusoire", 2, target="the ford"), TypedDice((4, 4)))
    assert cell(casters, "1:u1", CastersTableModel.LASTING) == "Illusory mist"
    assert tab.lasting.model.index(0, LastingTableModel.LEFT).data() == "2 turns left"
    assert casting_keys(tab.b3) == ["1:u2"]  # Aline has nobody left: Bruno again
    qtbot.mouseClick(tab.b3.pass_button, LEFT)
    assert document.battle.b3_turn is None and casting_keys(tab.b3) == []
    assert not tab.b3.pass_button.isEnabled() and not tab.b3.cast_button.isEnabled()

    next_step(qtbot, tab)  # the end of B3: restoration (PD-04), then a die lost per unused incantation (PD-05)
    assert cell(casters, "0:u2", CastersTableModel.DICE) == "1 / 1"
    assert cell(casters, "1:u2", CastersTableModel.DICE) == "0 / 1"
    assert cell(casters, "0:u2", CastersTableModel.MARKER) == "—"
    last = tab.log_panel.model.index(tab.log_panel.model.rowCount() - 1, PowerDiceLogTableModel.TEXT).data()
    assert "restored a die: Apprentice of the watchtower, Acolyte of the border shrine" in last
    assert "lost a die for an unused incantation: Apprentice of the watchtower" in last

    assert tab.step_panel.currentIndex() == C_PAGE  # C: the wait markers
    assert casting_keys(tab.c) == ["0:u3"]
    assert "the active player casts first" in tab.c.note.text()
    with qtbot.waitSignal(tab.resolve_requested) as asked:
        qtbot.mouseClick(tab.c.cast_button, LEFT)
    assert asked.args == ["0:u3"]
    document.roll(CastRequest("0:u3", "soins", 1), TypedDice((3,)))
    assert casting_keys(tab.c) == [] and cell(casters, "0:u3", CastersTableModel.DICE) == "0 / 1"

    next_step(qtbot, tab)  # D1: the initiative goes to Bruno for the next turn
    tab.initiative_combo.setCurrentIndex(1)
    next_step(qtbot, tab, 3)  # D2, D3, D4: the 2-turn spell is turned over
    assert document.battle.step == "D4"
    lasting = tab.lasting.model
    assert lasting.index(0, LastingTableModel.LEFT).data() == "1 turn left"
    assert lasting.index(0, LastingTableModel.TURNED).data() == "turned over"
    assert lasting.index(0, LastingTableModel.TARGET).data() == "the ford"

    next_step(qtbot, tab)  # the next turn: Bruno, with the initiative, places first
    assert tab.battle_bar.turn_label.text() == "Turn 2 — A1 Magic markers, face down"
    assert tab.step_panel.currentIndex() == MARKERS
    assert tab.markers.combos["1:u1"].isVisible() and not tab.markers.combos["0:u1"].isVisible()
    assert tab.markers.hand_over_button.text() == "Hand over to Aline"
    assert all(cell(casters, key, CastersTableModel.MARKER) == "—" for key in FIRST_CHOICES)


def test_remove_takes_a_lasting_spell_off(qtbot, make_tab, document):
    tab = make_tab(document)
    to_b3(qtbot, tab)
    document.roll(CastRequest("0:u1", "bouclier-arcanique", 2, target="the archers"), TypedDice((3, 4)))
    panel = tab.lasting
    assert not panel.remove_button.isEnabled()
    panel.table.selectRow(0)
    qtbot.mouseClick(panel.remove_button, LEFT)
    assert document.battle.lasting == ()
    assert panel.model.rowCount() == 0 and not panel.remove_button.isEnabled()
    assert document.run.log[-1].text == "Arcane shield of Battle mage of the watchtower (Aline) removed"


def test_the_log_names_the_side_and_strikes_out_what_was_undone(qtbot, make_tab, document):
    tab = make_tab(document)
    choose(tab, "0:u1", "wait")
    model = tab.log_panel.model
    assert model.index(0, PowerDiceLogTableModel.SIDE).data() == "Aline"
    assert model.index(0, PowerDiceLogTableModel.STEP).data() == "A1"
    document.undo()
    assert model.index(0, PowerDiceLogTableModel.TEXT).data() == "Aline places a marker (undone)"
    assert model.index(0, 0).data(Qt.ItemDataRole.FontRole).strikeOut()
