"""The « Par le Fer et par le Verbe » scene tracker on a real scene document: the party's values edited and
clamped, spells cast at once and their penalty (PF-04), distraction (PF-09), time passing (PF-10), combat rounds and
the end of the scene through the shared battle bar and summary box, the log, and the way to the resolver."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QHeaderView, QLabel, QSpinBox, QWidget

from warband.gui.battle_document import BattleDocument
from warband.gui.systems.pfpv.tracker_casting import CastingTableModel
from warband.gui.systems.pfpv.tracker_characters import RANGE_ROLE, CharactersTableModel
from warband.gui.systems.pfpv.tracker_log import PfpvLogTableModel
from warband.gui.systems.pfpv.tracker_tab import PfpvTrackerTab
from warband.gui.systems.pfpv.tracker_time import preview_lines
from warband.gui.widgets.battle_bar import BattleBar
from warband.gui.widgets.summary_box import SummaryBox
from warband.model.army import load_army
from warband.model.battle import BattleRun
from warband.model.catalog import builtin_catalog_paths, load_catalogs
from warband.model.dice import SeededDice
from warband.model.locations import data_dir
from warband.model.systems.pfpv import casting
from warband.model.systems.pfpv.play import summary
from warband.model.systems.pfpv.scene import EndScene, NextRound, SetValue, StartCasting, start_scene

LEFT = Qt.MouseButton.LeftButton
MERLIN, APPRENTICE, PYROMANCER = "u1", "u2", "u3"
C = CharactersTableModel
FIREBALL, SHIELD, SLEEP, IGNITE, ERUPTION = (
    "boule-de-feu",
    "bouclier-magique",
    "sommeil",
    "enflammer-objet",
    "eruption-volcanique",
)


@pytest.fixture(scope="module")
def pfpv_catalogs():
    return load_catalogs(builtin_catalog_paths()).for_system("pfpv")


@pytest.fixture
def document(pfpv_catalogs):
    party = load_army(data_dir() / "pfpv" / "examples" / "the-company.warband.json")
    scene = start_scene(party, pfpv_catalogs)
    made = BattleDocument(BattleRun(scene, dice=SeededDice(1)))
    yield made
    made.close()


@pytest.fixture
def make_tab(qtbot):
    def make(document, **kwargs):
        tab = PfpvTrackerTab(document, **kwargs)
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
    model = tab.characters_model
    return model.index(model.row_of(key), column).data(role)


def choose(tab, key):
    tab.select_character(key)
    assert tab.selected_character() == key
    assert tab.casting_panel.key == key and tab.distraction_panel.key == key


def start(qtbot, tab, spell):
    combo = tab.casting_panel.spell_combo
    found = combo.findData(spell)
    assert found >= 0, f"{spell} is not offered"
    combo.setCurrentIndex(found)
    click(qtbot, tab.casting_panel.start_button)


# --- the models ------------------------------------------------------------------------------------------------
def test_every_model_passes_the_model_tester(qtmodeltester, document):
    characters, castings, log = (
        CharactersTableModel(document),
        CastingTableModel(document),
        PfpvLogTableModel(document),
    )
    castings.set_key(MERLIN)
    for model in (characters, castings, log):
        qtmodeltester.check(model)
    document.act(StartCasting(key=MERLIN, spell=FIREBALL))
    document.act(StartCasting(key=MERLIN, spell=SHIELD))
    document.act(SetValue(key=MERLIN, field="don", value=50))
    document.act(NextRound())
    document.undo()
    for model in (characters, castings, log):
        qtmodeltester.check(model)
    assert castings.rowCount() == 2


def test_the_party_table_shows_each_value_of_its_maximum(tab):
    model = tab.characters_model
    assert [model.key(r) for r in range(model.rowCount())] == [MERLIN, APPRENTICE, PYROMANCER]
    columns = (C.CHARACTER, C.DON, C.VITALITY, C.FATIGUE, C.MA, C.CASTING, C.AT_ONCE)
    assert [cell(tab, MERLIN, c) for c in columns] == ["Merlin", "120 / 120", "14 / 14", "0", "12", "", ""]
    assert [cell(tab, PYROMANCER, c) for c in (C.DON, C.VITALITY, C.MA)] == ["80 / 80", "16 / 16", "7"]
    header = tab.characters_table.horizontalHeader()
    assert all(
        header.sectionResizeMode(c) != QHeaderView.ResizeMode.ResizeToContents for c in range(model.columnCount())
    )


def test_values_edited_with_a_spin_clamped_by_the_scene_and_undoable(qtbot, tab, document):
    table, model = tab.characters_table, tab.characters_model
    index = model.index(model.row_of(MERLIN), C.DON)
    table.setCurrentIndex(index)
    table.edit(index)
    editor = table.findChild(QSpinBox, "valueEditor")
    assert editor is not None and editor.maximum() == 120 and editor.value() == 120
    assert editor.suffix() == " / 120"
    editor.setValue(84)
    qtbot.keyClick(editor, Qt.Key.Key_Return)  # the delegate commits on the next turn of the event loop
    qtbot.waitUntil(lambda: document.battle.characters[MERLIN].don == 84)
    assert cell(tab, MERLIN, C.DON) == "84 / 120"
    assert document.run.log[-1].text == "Merlin: Don 120 → 84"

    assert model.setData(model.index(model.row_of(MERLIN), C.DON), 300)  # above the maximum: the scene clamps
    assert cell(tab, MERLIN, C.DON) == "120 / 120"
    assert document.run.log[-1].text == "Merlin: Don 84 → 120"
    assert model.setData(model.index(model.row_of(MERLIN), C.VITALITY), -5)
    assert cell(tab, MERLIN, C.VITALITY) == "0 / 14"
    assert cell(tab, MERLIN, C.VITALITY, Qt.ItemDataRole.ForegroundRole) is not None  # down: it stands out
    fatigue = model.index(model.row_of(PYROMANCER), C.FATIGUE)
    assert fatigue.data(RANGE_ROLE) == (-5, 0, "")
    assert model.setData(fatigue, -3)  # typed as its penalty
    assert document.battle.characters[PYROMANCER].fatigue == 3
    assert cell(tab, PYROMANCER, C.FATIGUE) == "−3"
    assert document.run.log[-1].text == "The pyromancer: Fatigue 0 → −3"
    assert model.setData(fatigue, -9)
    assert cell(tab, PYROMANCER, C.FATIGUE) == "−5"
    assert not model.setData(fatigue, "two")
    assert not model.setData(model.index(model.row_of(MERLIN), C.DON), 999)  # beyond any Don: refused
    assert not model.setData(model.index(model.row_of(MERLIN), C.MA), 3)

    for expected in ("−3", "0"):
        document.undo()
        assert cell(tab, PYROMANCER, C.FATIGUE) == expected
    document.undo()
    assert cell(tab, MERLIN, C.VITALITY) == "14 / 14"
    document.undo()
    assert cell(tab, MERLIN, C.DON) == "84 / 120"
    document.redo()
    assert cell(tab, MERLIN, C.DON) == "120 / 120"


def test_an_edit_repaints_only_the_character_it_changed(tab):
    model = tab.characters_model
    changed = []
    model.dataChanged.connect(lambda first, last, roles=(): changed.append((first.row(), last.row())))
    model.setData(model.index(model.row_of(APPRENTICE), C.DON), 10)
    assert changed == [(model.row_of(APPRENTICE), model.row_of(APPRENTICE))]


# --- PF-04: spells cast at once ------------------------------------------------------------------------------
def test_pf_04_spells_cast_at_once_and_the_penalty_on_every_roll(qtbot, tab, document):
    choose(tab, MERLIN)
    panel = tab.casting_panel
    offered = [panel.spell_combo.itemData(i) for i in range(panel.spell_combo.count())]
    assert offered == [SHIELD, FIREBALL, ERUPTION, SLEEP, IGNITE]  # the spells Merlin knows
    assert panel.penalty_label.text() == "Merlin is casting nothing."
    click(qtbot, tab.battle_bar.next_button)
    start(qtbot, tab, FIREBALL)
    assert cell(tab, MERLIN, C.CASTING) == "Fireball"
    assert cell(tab, MERLIN, C.AT_ONCE) == "1 spell: no penalty"
    start(qtbot, tab, ERUPTION)
    assert cell(tab, MERLIN, C.CASTING) == "Fireball, Volcanic eruption"
    assert cell(tab, MERLIN, C.AT_ONCE) == "2 spells at once: −1 on every roll"
    assert document.run.log[-1].text == (
        "Merlin starts casting Volcanic eruption (1 minute): 2 spells at once: −1 on every roll"
    )
    rows = [[panel.model.index(r, c).data() for c in range(3)] for r in range(panel.model.rowCount())]
    assert rows == [["Fireball", "1 round", "round 1"], ["Volcanic eruption", "1 minute", "round 1"]]
    assert panel.penalty_label.text().startswith("2 spells at once −1: −1 on every contact and control roll")
    assert "shortest casting finishes first" in panel.penalty_label.text()
    assert model_penalty(tab, MERLIN) == -1
    document.act(SetValue(key=MERLIN, field="fatigue", value=2))
    assert "in all" not in panel.penalty_label.text()
    assert panel.penalty_label.text().startswith("2 spells at once −1, fatigue −2: −3 on every contact")
    assert "−3 on every contact and control roll" in cell(tab, MERLIN, C.AT_ONCE, Qt.ItemDataRole.ToolTipRole)

    for count, spell in zip(range(3, 7), (SHIELD, SLEEP, IGNITE, FIREBALL), strict=True):
        start(qtbot, tab, spell)
        penalty = casting.SIMULTANEOUS[count]
        assert cell(tab, MERLIN, C.AT_ONCE) == f"{count} spells at once: −{-penalty} on every roll"
    start(qtbot, tab, SHIELD)  # a seventh: refused, nothing changes
    assert len(document.battle.characters[MERLIN].casting) == 6
    assert tab.message_label.text().startswith("PF-04")
    assert tab.message_label.property("kind") == "refusal"

    assert panel.stop_button.isEnabled()  # the newest is selected after a change
    panel.table.selectRow(1)
    click(qtbot, panel.stop_button)
    assert [c.spell for c in document.battle.characters[MERLIN].casting] == [
        FIREBALL,
        SHIELD,
        SLEEP,
        IGNITE,
        FIREBALL,
    ]
    assert document.run.log[-1].text == "Merlin stops casting Volcanic eruption"
    assert tab.message_label.text() == ""
    # PF-04: the six begun together keep their penalty until the last of them ends
    assert cell(tab, MERLIN, C.AT_ONCE) == "6 spells at once: −9 on every roll"
    assert "6 spells were cast at once: their penalty stays until the last of them ends." in (
        panel.penalty_label.text()
    )
    document.undo()
    assert panel.model.rowCount() == 6


def model_penalty(tab, key):
    return tab.characters_model.character(tab.characters_model.row_of(key)).penalty


def test_the_casting_panel_follows_the_chosen_character(qtbot, tab, document):
    choose(tab, APPRENTICE)
    assert tab.casting_box.title() == "Casting — Merlin's apprentice"
    assert tab.casting_panel.spell_combo.count() == 2
    start(qtbot, tab, IGNITE)
    assert tab.casting_panel.model.index(0, CastingTableModel.STARTED).data() == "out of combat"
    choose(tab, MERLIN)
    assert tab.casting_panel.model.rowCount() == 0
    assert not tab.casting_panel.stop_button.isEnabled()
    assert cell(tab, APPRENTICE, C.CASTING) == "Ignite an object"


# --- PF-09: distraction ----------------------------------------------------------------------------------------
def test_pf_09_distraction_kept_is_logged_and_changes_nothing(qtbot, tab, document):
    choose(tab, PYROMANCER)
    panel = tab.distraction_panel
    document.act(StartCasting(key=PYROMANCER, spell=FIREBALL))
    before = document.battle
    panel.modifier_spin.setValue(-2)
    panel.roll_spin.setValue(5)
    click(qtbot, panel.check_button)
    assert document.battle == before
    entry = document.run.log[-1]
    assert entry.text == "The pyromancer keeps concentration: 5 ≤ MA 7 − 2 (PF-09)"
    assert entry.dice == (5,) and entry.source == "typed"
    assert tab.log_panel.model.rowCount() == len(document.run.log)
    assert panel.result_label.property("kind") == "success"
    assert not panel.pending and not panel.lose_button.isEnabled()


def test_pf_09_distraction_failed_loses_the_chosen_spell_harmlessly(qtbot, tab, document):
    choose(tab, PYROMANCER)
    panel = tab.distraction_panel
    for spell in (FIREBALL, SHIELD, IGNITE):
        document.act(StartCasting(key=PYROMANCER, spell=spell))
    before = document.battle.characters[PYROMANCER]
    panel.modifier_spin.setValue(1)
    panel.roll_spin.setValue(9)
    click(qtbot, panel.check_button)
    assert (
        document.run.log[-1].text
        == "The pyromancer is distracted: 9 > MA 7 + 1; a spell in progress is lost (PF-09)"
    )
    assert panel.pending and panel.result_label.property("kind") == "refusal"
    assert [panel.lose_combo.itemText(i) for i in range(panel.lose_combo.count())] == [
        "1. Fireball",
        "2. Magic shield",
        "3. Ignite an object",
    ]
    panel.lose_combo.setCurrentIndex(1)
    click(qtbot, panel.lose_button)
    after = document.battle.characters[PYROMANCER]
    assert [c.spell for c in after.casting] == [FIREBALL, IGNITE]
    assert (after.don, after.vitality) == (before.don, before.vitality)  # the energy dissipates harmlessly
    entry = document.run.log[-1]
    assert entry.text == (
        "The pyromancer loses Magic shield to the distraction: the energy dissipates harmlessly (PF-09)"
    )
    assert entry.success is False
    assert not panel.pending and not panel.lose_button.isEnabled()
    assert cell(tab, PYROMANCER, C.AT_ONCE) == "3 spells at once: −3 on every roll"  # PF-04: still three at once
    document.undo()
    assert len(document.battle.characters[PYROMANCER].casting) == 3


def test_pf_09_distraction_rolled_with_the_programs_dice(qtbot, tab, document):
    choose(tab, APPRENTICE)
    panel = tab.distraction_panel
    document.act(StartCasting(key=APPRENTICE, spell=IGNITE))
    for _attempt in range(30):
        click(qtbot, panel.roll_button)
        entry = document.run.log[-1]
        assert entry.source == "rolled" and len(entry.dice) == 1
        assert panel.pending == (not casting.distraction(4, 0, entry.dice[0]))
        if panel.pending:
            break
    assert panel.pending, "thirty rolls of 2d5 never above 4"
    choose(tab, MERLIN)  # another character: the loss is no longer pending
    assert not panel.pending and panel.lose_combo.count() == 0


def test_pf_09_distraction_failed_while_casting_nothing(qtbot, tab, document):
    choose(tab, APPRENTICE)
    panel = tab.distraction_panel
    assert panel.check(10) is False
    assert (
        document.run.log[-1].text
        == "Merlin's apprentice is distracted: 10 > MA 4, but was casting nothing (PF-09)"
    )
    assert not panel.pending


# --- PF-10: time passes --------------------------------------------------------------------------------------
def test_pf_10_time_passes_recovers_don_never_above_the_maximum(qtbot, tab, document):
    document.act(SetValue(key=MERLIN, field="don", value=84))
    document.act(SetValue(key=APPRENTICE, field="don", value=0))
    panel = tab.time_panel
    panel.set_choice(2, "asleep")
    assert panel.preview_label.text().splitlines() == [
        "Merlin +16 Don (2/h × Recovery 4 × 2 h), never above 120",
        "Merlin's apprentice +8 Don (2/h × Recovery 2 × 2 h), never above 30",
        "The pyromancer +0 Don (2/h × Recovery 3 × 2 h), never above 80",
    ]
    assert tab.scene_controls.hours_label.text() == "No time passed yet"
    click(qtbot, panel.pass_button)
    assert document.battle.characters[MERLIN].don == 100
    assert document.battle.characters[APPRENTICE].don == 8
    assert document.run.log[-1].text == (
        "2 h, asleep: Merlin +16 Don, Merlin's apprentice +8 Don, The pyromancer +0 Don (PF-10)"
    )
    assert tab.scene_controls.hours_label.text() == "2 hours passed"
    assert panel.preview_label.text().startswith("Merlin +16 Don")  # the preview follows the scene

    panel.set_choice(10, "calm")
    assert preview_lines(document.battle, 10, "calm")[0] == (
        "Merlin +20 Don (1/h × Recovery 4 × 10 h), never above 120"
    )
    click(qtbot, panel.pass_button)
    assert document.battle.characters[MERLIN].don == 120  # 100 + 40, never above 120
    assert document.battle.characters[APPRENTICE].don == 28
    assert cell(tab, MERLIN, C.DON) == "120 / 120"
    assert tab.scene_controls.hours_label.text() == "12 hours passed"

    panel.set_choice(5, "intense")
    click(qtbot, panel.pass_button)
    assert document.battle.characters[APPRENTICE].don == 28  # nothing in intense activity
    assert document.battle.hours == 17
    document.undo()
    document.undo()
    assert document.battle.characters[MERLIN].don == 100 and document.battle.hours == 2


# --- rounds, the resolver, the log ----------------------------------------------------------------------------
def test_rounds_go_on_with_f8_and_combat_ends(qtbot, tab, document):
    bar, end_combat = tab.battle_bar, tab.scene_controls.end_button
    assert bar.turn_label.text() == "Out of combat"
    assert not end_combat.isEnabled()
    assert "F8" in bar.next_button.toolTip()
    tab.characters_table.setFocus()
    qtbot.keyClick(tab.characters_table, Qt.Key.Key_F8)  # the shared bar's F8, wherever the focus is
    assert document.battle.round == 1
    assert bar.turn_label.text() == "Round 1 — Combat"
    assert document.run.log[-1].text == "Combat begins: round 1"
    assert document.undo_label == "Next combat round"  # the Edit menu keeps it short; the log says more
    assert bar.next_button.text() == "Next combat round ▶"  # what the button does, not the log's words
    click(qtbot, bar.next_button)
    click(qtbot, bar.next_button)
    assert bar.turn_label.text() == "Round 3 — Combat"
    assert document.run.log[-1].text == "Round 3 begins" and document.undo_label == "Next combat round"
    assert bar.next_button.text() == "Next combat round ▶"
    assert tab.log_panel.model.index(len(document.run.log) - 1, PfpvLogTableModel.WHEN).data() == "Round 2"
    click(qtbot, end_combat)
    assert document.battle.round == 0
    assert bar.turn_label.text() == "Out of combat"
    assert document.run.log[-1].text == "End of combat"
    assert not end_combat.isEnabled()
    document.undo()
    assert bar.turn_label.text() == "Round 3 — Combat"
    assert end_combat.isEnabled()


def test_the_shared_bar_speaks_the_scenes_words(tab):
    bar = tab.battle_bar
    assert isinstance(bar, BattleBar) and bar.parent() is tab
    assert bar.next_button.objectName() == "nextPhaseButton"
    assert bar.next_button.text() == "Next combat round ▶"  # the model's label for next_phase
    assert bar.next_button.isEnabled() and bar.next_button.isDefault()
    assert not bar.back_button.isVisible()  # a scene offers no previous_phase
    assert list(bar.step_labels) == ["scene", "combat"]
    assert [label.text() for label in bar.step_labels.values()] == ["Out of combat", "Combat"]
    assert bar.step_labels["scene"].property("current") is True
    assert bar.end_button.isVisible() and bar.end_button.isEnabled()
    assert bar.end_button.text() == "End battle"
    assert bar.isAncestorOf(tab.scene_controls)  # the hours and End of combat on the bar's second row
    assert tab.scene_controls.end_button.objectName() == "endCombatButton"


def test_one_shortcut_for_f8_and_none_of_the_old_round_controls(tab):
    keys = [shortcut.key() for shortcut in tab.findChildren(QShortcut)]
    assert keys.count(QKeySequence("F8")) == 1  # the bar's: another would make F8 ambiguous
    assert keys.count(QKeySequence("Shift+F8")) == 1
    for gone in ("nextRoundButton", "roundLabel"):
        assert tab.findChildren(QWidget, gone) == []


def test_tab_follows_the_bar_as_it_reads(tab):
    bar, end_combat = tab.battle_bar, tab.scene_controls.end_button
    assert bar.next_button.nextInFocusChain() is end_combat
    assert end_combat.nextInFocusChain() is bar.end_button


def test_next_then_the_end_of_the_scene_with_its_summary_resumed_and_undone(qtbot, tab, document):
    bar, box = tab.battle_bar, tab.summary_box
    assert isinstance(box, SummaryBox) and not box.isVisible()
    click(qtbot, bar.next_button)
    assert document.battle.round == 1 and bar.turn_label.text() == "Round 1 — Combat"
    assert bar.step_labels["combat"].property("current") is True
    assert bar.step_labels["scene"].property("current") is False
    tab.time_panel.set_choice(2, "calm")
    click(qtbot, tab.time_panel.pass_button)
    before = document.battle

    click(qtbot, bar.end_button)
    assert document.battle.ended
    assert document.run.log[-1].text == "End the scene"
    assert box.isVisible() and box.title() == "End of battle"
    assert bar.turn_label.text().startswith("Round 1 — Combat") and battle_over_shown(bar)
    assert bar.end_button.text() == "Resume battle"
    assert not bar.next_button.isEnabled()  # the model offers only to resume the scene
    assert not tab.scene_controls.end_button.isEnabled()
    lines = summary(document.battle, document.run.log).sides[0].lines
    assert box.texts() == [["Game master", *lines]]
    assert box.texts()[0][1:] == [
        "Spells cast: 0, succeeded: 0",
        "2 hours passed",
        "Merlin — Don 120/120, Vitality 14/14",
        "Merlin's apprentice — Don 30/30, Vitality 8/8",
        "The pyromancer — Don 80/80, Vitality 16/16",
    ]

    click(qtbot, bar.end_button)  # resumed: the scene goes on where it was
    assert not document.battle.ended and not box.isVisible() and not battle_over_shown(bar)
    assert document.run.log[-1].text == "Resume the scene"
    assert bar.end_button.text() == "End battle" and bar.next_button.text() == "Next combat round ▶"
    assert document.battle == before
    click(qtbot, bar.end_button)
    assert box.isVisible()
    document.undo()  # the second end undone: the scene goes on
    assert document.battle == before and not box.isVisible()
    assert bar.end_button.text() == "End battle" and bar.next_button.isEnabled()
    assert tab.scene_controls.end_button.isEnabled()
    document.undo()  # the resumption undone: over again, its summary back
    assert document.battle.ended and box.isVisible() and bar.end_button.text() == "Resume battle"
    document.undo()  # the first end undone
    assert not document.battle.ended and not box.isVisible()
    document.undo()  # the hours
    document.undo()  # the first round
    assert document.battle.round == 0 and bar.turn_label.text() == "Out of combat"
    assert bar.step_labels["scene"].property("current") is True
    document.redo()
    assert bar.turn_label.text() == "Round 1 — Combat"


def battle_over_shown(bar):
    """The bar says the scene is over, wherever it says it (after the turn, or on its own)."""
    return any(label.isVisible() and "(battle over)" in label.text() for label in bar.findChildren(QLabel))


def test_the_summary_follows_the_scene_when_it_ends_after_a_cast(qtbot, tab, document):
    document.act(SetValue(key=MERLIN, field="don", value=84))
    document.act(EndScene())
    assert tab.summary_box.isVisible()
    assert "Merlin — Don 84/120, Vitality 14/14" in tab.summary_box.texts()[0]


def test_double_click_on_a_character_asks_for_the_resolver_but_on_a_value_corrects_it(qtbot, tab):
    table, model = tab.characters_table, tab.characters_model
    rect = table.visualRect(model.index(model.row_of(PYROMANCER), C.CHARACTER))
    with qtbot.waitSignal(tab.resolve_requested) as blocker:
        qtbot.mouseClick(table.viewport(), LEFT, pos=rect.center())
        qtbot.mouseDClick(table.viewport(), LEFT, pos=rect.center())
    assert blocker.args == [PYROMANCER]
    rect = table.visualRect(model.index(model.row_of(PYROMANCER), C.VITALITY))
    with qtbot.assertNotEmitted(tab.resolve_requested):
        qtbot.mouseClick(table.viewport(), LEFT, pos=rect.center())
        qtbot.mouseDClick(table.viewport(), LEFT, pos=rect.center())
    assert table.findChild(QSpinBox, "valueEditor") is not None
    table.setCurrentIndex(model.index(model.row_of(APPRENTICE), C.MA))
    with qtbot.waitSignal(tab.resolve_requested) as blocker:
        click(qtbot, tab.resolve_button)
    assert blocker.args == [APPRENTICE]


def test_the_log_strikes_out_undone_actions_and_exports(qtbot, make_tab, document, tmp_path):
    target = tmp_path / "log.txt"
    tab = make_tab(document, ask_path=lambda: target)
    click(qtbot, tab.battle_bar.next_button)
    choose(tab, MERLIN)
    start(qtbot, tab, FIREBALL)
    tab.distraction_panel.check(3)
    model = tab.log_panel.model
    assert model.rowCount() == 3
    assert model.index(1, PfpvLogTableModel.WHEN).data() == "Round 1"
    assert model.index(2, PfpvLogTableModel.DICE).data() == "3 (typed)"
    document.undo()
    assert model.index(1, PfpvLogTableModel.TEXT).data().endswith("(undone)")
    assert model.index(1, PfpvLogTableModel.TEXT).data(Qt.ItemDataRole.FontRole).strikeOut()
    click(qtbot, tab.log_panel.export_button)
    text = target.read_text(encoding="utf-8")
    assert text.splitlines() == [
        "Out of combat: Combat begins: round 1",
        "Round 1: Merlin starts casting Fireball (1 round): 1 spell: no penalty (undone)",
        "Round 1: Merlin keeps concentration: 3 ≤ MA 12 (PF-09) [dice 3 (typed)]",
    ]
    assert tab.message_label.text() == f"Log written to {target}"
    assert tab.message_label.property("kind") == "note"


def test_looks_switch_by_property_not_by_style_sheet(qtbot, tab, document):
    sheet = tab.styleSheet()
    widgets = [tab, tab.message_label, tab.distraction_panel.result_label, tab.battle_bar.turn_label]
    sheets = [w.styleSheet() for w in widgets]
    for _spell in range(7):  # the seventh is refused (PF-04): the message line turns red
        document.act(StartCasting(key=PYROMANCER, spell=FIREBALL))
    assert tab.message_label.property("kind") == "refusal"
    click(qtbot, tab.battle_bar.next_button)
    assert tab.battle_bar.turn_label.property("combat") == "true"  # the scene's combat colour on the shared label
    choose(tab, APPRENTICE)
    tab.distraction_panel.check(0)
    assert tab.styleSheet() == sheet
    assert [w.styleSheet() for w in widgets] == sheets


def test_a_screenshot_at_1280_by_800(tab, document, tmp_path):
    document.act(SetValue(key=MERLIN, field="don", value=84))
    document.act(NextRound())
    document.act(StartCasting(key=MERLIN, spell=FIREBALL))
    document.act(StartCasting(key=MERLIN, spell=SHIELD))
    tab.time_panel.set_choice(2, "asleep")
    path = tmp_path / "pfpv-tracker.png"
    assert tab.grab().save(str(path))
    assert path.stat().st_size > 0
    document.act(EndScene())
    assert tab.summary_box.isVisible()
    ended = tmp_path / "pfpv-tracker-ended.png"
    assert tab.grab().save(str(ended))
    assert ended.stat().st_size > 0
