"""Battles in the main window: starting, saving, reopening, undo on the right document, resuming after a crash."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableView

from tests.gui.conftest import army
from warband.gui.battle_actions import JOURNAL_SUFFIX, NoBattlePage
from warband.gui.dialogs import Unsaved
from warband.gui.new_battle_dialog import NewBattle, NewBattleDialog
from warband.gui.systems.confrontation.divination_order import order_of
from warband.gui.widgets.battle_log import BattleLogModel
from warband.model.army import save_army
from warband.model.battle import load_battle
from warband.model.messages import load_language
from warband.model.systems.confrontation.battle_commands import NextPhase, SetModelFlag
from warband.model.systems.confrontation.battle_state import RulesOptions

GUARD = army(
    {"id": "u1", "profile": "iron-priestess", "miracles": ["messager-divin", "renfort"]},
    {"id": "u2", "profile": "templar-warrior-monk", "miracles": ["renfort"]},
    {"id": "u3", "profile": "griffin-trooper"},
)


def start(window, asker, options=None):
    asker.new_battle_answer = NewBattle((("Aline", GUARD), ("Bruno", GUARD)), options or RulesOptions())
    assert window.battles.new_battle()
    return window.battles.document


def tab_texts(window):
    return [window.tabs.tabText(i) for i in range(window.tabs.count())]


def test_the_three_tabs_and_the_page_before_a_battle(window):
    assert tab_texts(window) == ["Army builder", "Turn tracker", "Resolver"]
    assert window.tabs.widget(1).findChild(NoBattlePage) is not None
    assert window.battles.document is None


def test_a_new_battle_fills_the_tracker_and_resolver(window, asker, autosave_folder):
    document = start(window, asker)
    assert asker.asked == ["new battle"]
    assert window.tabs.currentIndex() == 1
    assert window.battles.tracker is not None and window.battles.resolver is not None
    assert [s.player for s in document.battle.sides] == ["Aline", "Bruno"]
    assert len(list(autosave_folder.glob(f"*{JOURNAL_SUFFIX}"))) == 1
    assert window.windowTitle() == "Battle: Aline – Bruno[*] — Warband"


def test_undo_and_save_act_on_the_tab_shown(window, asker, tmp_path):
    document = start(window, asker)
    document.act(NextPhase())
    assert window.undo_action.text() == "&Undo Next phase"
    window.undo_action.trigger()
    assert document.battle.phase == "tactical"
    window.tabs.setCurrentIndex(0)
    assert window.undo_action.text() == "&Undo"  # the army has no history
    window.tabs.setCurrentIndex(1)
    window.redo_action.trigger()
    assert document.battle.phase == "movement"

    path = tmp_path / "game.battle.json"
    asker.save_battle_answer = path
    assert window.save_action.trigger() is None
    assert asker.asked[-1] == "save battle:Aline-Bruno.battle.json"
    battle, log, _dice = load_battle(path)
    assert battle == document.battle
    assert [e.text for e in log] == ["Next phase"]
    assert window.windowTitle() == "game.battle.json[*] — Warband"
    assert not window.isWindowModified()


def test_open_a_battle_and_a_broken_one(window, asker, tmp_path):
    document = start(window, asker)
    document.act(NextPhase())
    path = tmp_path / "game.battle.json"
    asker.save_battle_answer = path
    assert window.battles.save()
    asker.unsaved_answer = Unsaved.DISCARD
    assert window.battles.close_battle()
    assert window.battles.document is None
    assert window.battles.open_battle(path)
    assert window.battles.document.battle.phase == "movement"
    broken = tmp_path / "broken.battle.json"
    broken.write_text('{"format": "warband-battle", "version": 1, "system": "confrontation", "sides": []}')
    before = window.battles.document
    assert window.battles.open_battle(broken) is False
    [(title, text)] = asker.errors
    assert title == "Cannot open the battle"
    assert str(broken) in text and "$.sides" in text
    assert window.battles.document is before


def test_an_unsaved_battle_is_asked_about_on_close(window, asker):
    document = start(window, asker)
    document.act(NextPhase())
    asker.unsaved_answer = Unsaved.CANCEL
    assert window.close() is False
    assert asker.asked[-1] == "unsaved:Battle: Aline – Bruno"


def test_resuming_an_unfinished_battle_with_its_undo_history(make_window, asker, autosave_folder):
    crashed = make_window()
    document = start(crashed, asker)
    document.act(NextPhase())
    document.act(SetModelFlag(key="0:u1", field="engaged", value=True))
    expected = document.battle
    # the program dies here: no close

    restarted = make_window()
    assert restarted.battles.offer_resume()
    assert asker.asked[-1] == "resume:1"
    resumed = restarted.battles.document
    assert resumed.battle == expected
    assert resumed.run.session.undo_label == "Engaged in melee: yes"
    resumed.undo()
    assert not resumed.battle.state("0:u1").engaged
    assert restarted.isWindowModified() or restarted.tabs.currentIndex() == 1


def test_a_clean_exit_leaves_no_battle_to_resume(window, asker, autosave_folder):
    start(window, asker).act(NextPhase())
    asker.unsaved_answer = Unsaved.DISCARD
    assert window.close()
    assert list(autosave_folder.glob(f"*{JOURNAL_SUFFIX}")) == []


def test_declining_to_resume_discards_the_journal(make_window, asker, autosave_folder):
    start(make_window(), asker).act(NextPhase())
    asker.resume_answer = None
    assert make_window().battles.offer_resume() is False
    assert list(autosave_folder.glob(f"*{JOURNAL_SUFFIX}")) == []


def test_the_new_battle_dialog_reads_both_sides_and_shows_the_options(qtbot, tmp_path):
    path = tmp_path / "other.warband.json"
    save_army(army({"id": "u1", "profile": "mid-nor-dark-priest"}, name="Dark"), path)
    broken = tmp_path / "broken.warband.json"
    broken.write_text("{")
    answers = [path, broken]
    dialog = NewBattleDialog(GUARD, ask_file=lambda: answers.pop(0))
    qtbot.addWidget(dialog)
    first, second = dialog.sides
    first.player.setText("Aline")
    second.player.setText("Bruno")
    second.browse.click()
    dialog.options_box.tie_rule.setCurrentIndex(1)
    dialog.options_box.refill.setChecked(False)
    choice = dialog.choose()
    assert [p for p, _a in choice.sides] == ["Aline", "Bruno"]
    assert choice.sides[0][1] is GUARD and choice.sides[1][1].name == "Dark"
    assert choice.options == RulesOptions(tie_across_sides="alternate", refill_faith=False)
    second.browse.click()  # the broken file
    assert dialog.choose() is None
    assert str(broken) in second.error.text()


def test_a_whole_turn_played_in_the_window(qtbot, window, asker):
    """Phases, the order, a refused call with its reason, a successful call with typed-in dice, undo."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QLineEdit, QPushButton, QSpinBox, QTableView

    window.show()
    qtbot.waitExposed(window)
    document = start(window, asker)
    tracker, resolver = window.battles.tracker, window.battles.resolver
    turn_label = tracker.findChild(QLabel, "turnLabel")
    next_button = tracker.findChild(QPushButton, "nextPhaseButton")
    assert turn_label.text() == "Turn 1 — Tactical roll"

    # the Tactical roll, typed in from the table: Aline won
    tactical = tracker.findChild(QComboBox, "tacticalCombo")
    tactical.setCurrentIndex(tactical.findText("Aline", Qt.MatchFlag.MatchContains))
    assert document.battle.tactical_winner == 0
    qtbot.mouseClick(next_button, Qt.MouseButton.LeftButton)
    assert turn_label.text() == "Turn 1 — Movement"

    # Bruno's priestess is engaged in melee during the movement
    models = tracker.models.model
    engaged = models.index(models.row_of("1:u1"), models.ENGAGED)
    assert models.setData(engaged, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    table = tracker.findChild(QTableView, "modelsTable")
    window.activateWindow()
    qtbot.waitUntil(lambda: window.isActiveWindow())
    table.setFocus()
    qtbot.keyClick(table, Qt.Key.Key_F8)  # Next phase from the keyboard
    assert document.battle.phase == "divination"

    # the order: Aline's priestess (Discipline 4, Tactical winner) first; Bruno's cannot call (CF-11)
    order = tracker.findChild(QTableView, "divinationOrderTable")
    assert order_of(document.battle).current.key == "0:u1"
    assert "Iron Priestess" in order.model().index(0, 2).data()
    assert [x.key for x in order_of(document.battle).barred] == ["1:u1"]

    # the Resolver refuses Bruno's priestess with the rule and its reason
    window.tabs.setCurrentIndex(2)
    resolver.select_faithful("1:u1")
    problems = resolver.findChild(QLabel, "problemsLabel")
    assert "CF-11" in problems.text() and "engaged in melee" in problems.text()
    assert not resolver.findChild(QPushButton, "rollButton").isEnabled()

    # Aline's priestess calls Renfort with the table's dice: 5 + fervour 3 = 8 against 8
    resolver.select_faithful("0:u1")
    miracle = resolver.findChild(QComboBox, "miracleCombo")
    miracle.setCurrentIndex(miracle.findData("renfort"))
    resolver.findChild(QSpinBox, "fervourSpin").setValue(3)
    resolver.findChild(QCheckBox, "sightCheck").setChecked(True)
    odds = resolver.findChild(QLabel, "oddsLabel").text()
    assert odds.startswith("1/3")  # needs 5+ on an open-ended d6 with a natural 1 failing: 2/6
    dice = resolver.findChild(QLineEdit, "diceEdit")
    dice.setText("5")
    qtbot.keyClick(dice, Qt.Key.Key_Return)
    assert resolver.findChild(QLabel, "outcomeLabel").text().startswith("Success")
    state = document.battle.state("0:u1")
    assert (state.faith, state.called) == (7, ("renfort",))
    assert document.run.log[-1].source == "typed" and document.run.log[-1].dice == (5,)
    assert miracle.findData("renfort") == -1  # called: no more this turn (CF-09)

    # calling forbids shooting later in the turn (CF-10); undo takes the call back
    qtbot.mouseClick(resolver.findChild(QPushButton, "doneButton"), Qt.MouseButton.LeftButton)
    window.tabs.setCurrentIndex(1)
    qtbot.mouseClick(next_button, Qt.MouseButton.LeftButton)
    shot = models.index(models.row_of("0:u1"), models.SHOT)
    assert not models.setData(shot, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    assert "CF-10" in tracker.message_label.text()
    for _ in range(3):  # next phase, done, the call
        window.undo_action.trigger()
    assert document.battle.phase == "divination"
    assert document.battle.state("0:u1").called == ()
    assert document.battle.state("0:u1").faith == 10
    assert document.run.log[-1].undone  # the roll stays in the log, marked (AR-05)

    # on to the next turn: per-turn state reset, T.F. refilled
    for _ in range(4):
        qtbot.mouseClick(next_button, Qt.MouseButton.LeftButton)
    assert turn_label.text() == "Turn 2 — Tactical roll"
    assert document.battle.tactical_winner is None


def test_extra_typed_dice_are_refused(window, asker):
    from warband.model.dice import TypedDice
    from warband.model.systems.confrontation.battle_calls import CallRequest

    document = start(window, asker)
    document.act(NextPhase())
    document.act(NextPhase())
    before = document.battle
    refusals = []
    document.refused.connect(refusals.append)
    assert document.roll(CallRequest("0:u1", "renfort", 3, True), TypedDice((5, 2))) is None
    assert refusals == ["2 dice typed, but the roll used 1: check the dice."]
    assert document.battle is before


def test_the_resolver_behind_the_tracker_catches_up_when_shown(qtbot, window, asker):
    from PySide6.QtWidgets import QComboBox

    from warband.model.dice import TypedDice
    from warband.model.systems.confrontation.battle_calls import CallRequest

    window.show()
    qtbot.waitExposed(window)
    document = start(window, asker)
    document.act(NextPhase())
    document.act(NextPhase())
    miracle = window.battles.resolver.findChild(QComboBox, "miracleCombo")
    window.tabs.setCurrentIndex(1)  # the tracker in front: the resolver waits
    assert document.roll(CallRequest("0:u1", "renfort", 3, True), TypedDice((5,))) is not None
    window.tabs.setCurrentIndex(2)
    assert miracle.findData("renfort") == -1


def test_a_powerdice_battle_saves_reopens_and_resumes(make_window, asker, tmp_path):
    from warband.gui.new_battle_dialog import NewBattle
    from warband.model.army import load_army
    from warband.model.locations import data_dir
    from warband.model.systems.powerdice.battle_state import RulesOptions as PowerDiceOptions

    pd_army = load_army(data_dir() / "powerdice" / "examples" / "border-skirmish.warband.json")
    window = make_window()
    asker.new_battle_answer = NewBattle((("Aline", pd_army), ("Bruno", pd_army)), PowerDiceOptions())
    assert window.battles.new_battle()
    document = window.battles.document
    from warband.gui.systems.powerdice.actions import place_marker

    assert place_marker(document, "0:u1", "incantation")
    expected = document.battle
    path = tmp_path / "pd.battle.json"
    asker.save_battle_answer = path
    assert window.battles.save_as()
    # the program stops without closing: the journal is offered back
    restarted = make_window()
    assert restarted.battles.offer_resume()
    assert restarted.battles.document.battle == expected
    assert restarted.battles.document.run.session.undo_label == "Place a marker"
    asker.unsaved_answer = Unsaved.DISCARD
    assert restarted.battles.open_battle(path)
    assert restarted.battles.document.battle == expected


@pytest.fixture
def french() -> Iterator[None]:
    assert load_language("fr")
    yield
    load_language("en")


def test_a_french_player_reads_the_log_and_the_undo_menu_in_french(french, window, asker):
    document = start(window, asker)
    document.act(NextPhase())
    document.act(SetModelFlag(key="0:u3", field="engaged", value=True))
    assert window.undo_action.text() == "&Annuler Engagé au corps à corps\u00a0: oui"
    [view] = [v for v in window.battles.tracker.findChildren(QTableView) if isinstance(v.model(), BattleLogModel)]
    log = view.model()
    text_column = next(
        c for c in range(log.columnCount()) if log.headerData(c, Qt.Orientation.Horizontal) == "Ce qui s'est passé"
    )
    lines = [log.index(r, text_column).data() for r in range(log.rowCount())]
    assert lines[-2:] == ["Phase suivante", "Engagé au corps à corps\u00a0: oui"]
    assert [e.text for e in document.run.log[-2:]] == ["Next phase", "Engaged in melee: yes"]  # files keep English


def test_a_french_edit_in_the_tracker_is_logged_in_english_with_its_french_words(french, window, asker):
    document = start(window, asker)
    model = window.battles.tracker.models.model
    index = model.index(model.row_of("0:u3"), model.ENGAGED)
    assert model.setData(index, Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole)
    line = document.run.log[-1]
    assert line.text == "Akkylannian trooper: Engaged in melee: yes"  # the record: files and the command line
    assert line.spoken == {"fr": "Fantassin d'Akkylannie\u00a0: Engagé au corps à corps\u00a0: oui"}


def test_the_title_follows_the_document_shown_in_the_players_language(french, window, asker):
    assert window.document.army.name == ""  # an untitled army on screen
    window._update_title()
    assert window.windowTitle() == "Armée sans titre[*] — Warband"
    start(window, asker)
    window.tabs.setCurrentIndex(1)
    assert window.windowTitle().startswith("Bataille : ")
    window.tabs.setCurrentIndex(0)
    assert window.windowTitle() == "Armée sans titre[*] — Warband"


def test_save_battle_as_and_close_battle_only_with_a_battle(window, asker):
    assert not window.save_battle_as_action.isEnabled() and not window.close_battle_action.isEnabled()
    start(window, asker)
    assert window.save_battle_as_action.isEnabled() and window.close_battle_action.isEnabled()
    asker.unsaved_answer = Unsaved.DISCARD
    assert window.battles.close_battle()
    assert not window.save_battle_as_action.isEnabled() and not window.close_battle_action.isEnabled()
