"""The power-dice Resolver tab on a real battle document: who may cast and who may help (PD-05, PD-07), the
limits (PD-05, PD-06), the exact odds (PD-08), casting with the program's or the table's dice, outside B3 and C."""

from __future__ import annotations

from fractions import Fraction

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QTabWidget

from warband.gui.battle_document import BattleDocument
from warband.gui.systems.powerdice.resolver_tab import PowerDiceResolverTab
from warband.gui.widgets.odds_chart import BarKind
from warband.model.army import load_army
from warband.model.battle import BattleRun
from warband.model.catalog import builtin_catalog_paths, load_catalogs
from warband.model.dice import SeededDice
from warband.model.locations import data_dir
from warband.model.systems.powerdice.battle_commands import HandOver, NextStep, PlaceMarker
from warband.model.systems.powerdice.battle_rules import next_step, start_battle
from warband.model.systems.powerdice.battle_state import PowerDiceBattle
from warband.model.systems.powerdice.schema import PowerDiceArmy

MAGE, APPRENTICE, ACOLYTE = "0:u1", "0:u2", "0:u3"
ENEMY_MAGE, ENEMY_APPRENTICE, ENEMY_ACOLYTE = "1:u1", "1:u2", "1:u3"
B3_MARKERS = {
    MAGE: "incantation",
    APPRENTICE: "incantation",
    ACOLYTE: "incantation",
    ENEMY_MAGE: "incantation",
    ENEMY_APPRENTICE: "incantation",
    ENEMY_ACOLYTE: "wait",
}


@pytest.fixture(scope="module")
def catalogs():
    return load_catalogs(builtin_catalog_paths()).for_system("powerdice")


def example_army():
    return load_army(data_dir() / "powerdice" / "examples" / "border-skirmish.warband.json")


def archmage_army():
    """A level-4 caster: enough dice to ask for more than phase C allows."""
    return PowerDiceArmy.model_validate(
        {
            "system": "powerdice",
            "name": "Tower",
            "units": [{"id": "u1", "profile": "archimage", "spells": ["eclair"]}],
        }
    )


def place(battle, markers):
    """A1 for both sides: side 0 places and hands over, then side 1."""
    for side in (0, 1):
        for key, marker in markers.items():
            if key.startswith(f"{side}:"):
                battle = PlaceMarker(key=key, marker=marker).apply(battle)
        battle = HandOver().apply(battle)
    return battle


def to_step(battle, step):
    while battle.step != step:
        battle = next_step(battle)[0]
    return battle


@pytest.fixture
def make_tab(qtbot, catalogs):
    """A Resolver tab on a fresh battle at `step`, the markers placed in A1 when given."""
    documents: list[BattleDocument[PowerDiceBattle]] = []

    def build(step="B3", markers=None, bruno=None):
        battle = start_battle([("Aline", example_army()), ("Bruno", bruno or example_army())], catalogs)
        if markers is not None:
            battle = to_step(place(battle, markers), step)
        document = BattleDocument(BattleRun(battle, dice=SeededDice(1)))
        documents.append(document)
        tab = PowerDiceResolverTab(document)
        qtbot.addWidget(tab)
        return tab, document

    yield build
    for document in documents:
        document.close()


@pytest.fixture
def b3(make_tab):
    return make_tab("B3", B3_MARKERS)


def combo_keys(combo):
    return [combo.itemData(i) for i in range(combo.count())]


def chart_success(chart):
    return sum(
        (c for (_l, c), k in zip(chart.buckets(), chart.kinds(), strict=True) if k == BarKind.SUCCESS), Fraction(0)
    )


# --- choosing -------------------------------------------------------------------------------------------------
def test_b3_lists_who_may_cast_first_the_side_whose_turn_it_is_first(b3):
    tab, _document = b3
    keys = combo_keys(tab.caster_combo)
    assert keys[:5] == [MAGE, APPRENTICE, ACOLYTE, ENEMY_MAGE, ENEMY_APPRENTICE]
    assert keys[5] is None  # the separator, then the casters without an incantation marker
    assert keys[6:] == [ENEMY_ACOLYTE]
    assert tab.selected_key == MAGE
    assert tab.caster_combo.currentText() == "Aline — Battle mage of the watchtower (2/2 dice; incantation)"
    assert tab.step_label.text() == "B3 Incantations, then restoration: Aline's turn to cast (PD-05)."
    assert [tab.spell_combo.itemText(i) for i in range(tab.spell_combo.count())] == [
        "Fireball — difficulty 8, instant",
        "Arcane shield — difficulty 6, lasts 1 turn",
    ]


def test_pd_05_pd_07_helpers_are_only_friendly_incantation_casters_sharing_a_trait(b3):
    tab, _document = b3
    assert tab.helpers_box.isVisibleTo(tab) and tab.wait_note.isHidden()
    assert tab.helpers_box.keys() == [APPRENTICE]  # not the priest (no shared trait), not an enemy magician
    spin = tab.helpers_box.spin(APPRENTICE)
    assert (spin.minimum(), spin.maximum(), spin.value()) == (0, 1, 0)
    tab.select_caster(ACOLYTE)
    assert tab.helpers_box.keys() == []
    assert tab.helpers_box.none_label.text() == (
        "No helper: no friendly caster with an incantation marker shares a trait with Acolyte of the border shrine."
    )
    assert not tab.near_check.isEnabled()


def test_pd_05_the_level_plus_one_cap_counts_the_gifts(b3):
    tab, _document = b3
    tab.select_caster(APPRENTICE)  # level 1: at most 2 dice, its own and the battle mage's
    assert tab.dice_spin.value() == 1 and tab.dice_spin.maximum() == 1
    assert tab.limit_label.text() == "Dice in all: 1 of at most 2 (level + 1)"
    tab.near_check.setChecked(True)
    tab.helpers_box.spin(MAGE).setValue(1)
    assert tab.limit_label.text() == "Dice in all: 2 of at most 2 (level + 1): 1 own, 1 given"
    assert tab.problems == [] and tab.cast_button.isEnabled()
    tab.helpers_box.spin(MAGE).setValue(2)
    assert tab.limit_label.text() == "Dice in all: 3 of at most 2 (level + 1): 1 own, 2 given"
    assert [p.rule for p in tab.problems] == ["PD-05"]
    assert tab.problems_label.text() == (
        "PD-05: 3 dice in all, gifts included: Apprentice of the watchtower may use at most its level + 1, that is 2."
    )
    assert not tab.cast_button.isEnabled() and not tab.dice_entry.apply_button.isEnabled()


def test_pd_05_the_helpers_must_be_confirmed_within_3_hexes(b3):
    tab, _document = b3
    assert tab.cast_button.isEnabled()  # no gift: nothing to confirm
    tab.helpers_box.spin(APPRENTICE).setValue(1)
    assert (
        tab.problems_label.text()
        == "PD-05: Confirm that the helpers are within 3 hexes of Battle mage of the watchtower."
    )
    assert not tab.cast_button.isEnabled()
    tab.near_check.setChecked(True)
    assert tab.problems == [] and tab.problems_label.isHidden() and tab.cast_button.isEnabled()
    assert tab.limit_label.text() == "Dice in all: 3 of at most 3 (level + 1): 2 own, 1 given"


def test_a_caster_without_the_marker_may_be_chosen_and_says_why_it_cannot_cast(b3):
    tab, _document = b3
    tab.select_caster(ENEMY_ACOLYTE)
    assert tab.caster_combo.currentData() == ENEMY_ACOLYTE
    assert tab.problems_label.text().startswith("PD-05: Acolyte of the border shrine holds no incantation marker")
    assert not tab.cast_button.isEnabled()
    tab.select_caster(ENEMY_MAGE)
    assert tab.problems_label.text() == "PD-03: It is Aline's turn to cast in B3."


# --- the odds ---------------------------------------------------------------------------------------------------
def test_pd_08_the_exact_odds_and_the_chart_follow_every_change(b3):
    tab, _document = b3
    assert tab.dice_spin.value() == 2 and tab.selected_spell == "boule-de-feu"
    assert tab.odds_label.text() == "5/12 — 41.7%"
    assert tab.odds_panel.odds_detail.text() == "2 dice against difficulty 8"
    chart = tab.chart
    assert [label for label, _c in chart.buckets()] == [str(t) for t in range(2, 13)]
    assert sum(c for _l, c in chart.buckets()) == 1
    assert [
        label for (label, _c), k in zip(chart.buckets(), chart.kinds(), strict=True) if k == BarKind.SUCCESS
    ] == [str(t) for t in range(8, 13)]
    assert chart_success(chart) == chart.success_chance() == Fraction(5, 12)

    tab.spell_combo.setCurrentIndex(tab.spell_combo.findData("bouclier-arcanique"))  # difficulty 6
    assert tab.odds_label.text() == "13/18 — 72.2%"
    assert chart_success(chart) == Fraction(13, 18)
    tab.near_check.setChecked(True)
    tab.helpers_box.spin(APPRENTICE).setValue(1)  # 3 dice against 6
    assert tab.odds_label.text() == "103/108 — 95.4%"
    assert len(chart.buckets()) == 16 and chart_success(chart) == Fraction(103, 108)
    tab.helpers_box.spin(APPRENTICE).setValue(0)
    tab.dice_spin.setValue(1)
    tab.spell_combo.setCurrentIndex(tab.spell_combo.findData("boule-de-feu"))  # 1 die cannot reach 8
    assert tab.odds_label.text() == "0 — 0%"
    assert chart.success_chance() == 0
    tab.dice_spin.setValue(0)
    assert tab.odds_label.text() == "Choose a caster, a spell and at least one die to see the odds."
    assert chart.buckets() == ()
    assert tab.problems_label.text() == "PD-08: A casting uses at least one die."


# --- casting ----------------------------------------------------------------------------------------------------
def test_pd_08_a_typed_casting_applies_the_dice_of_caster_and_giver(b3, qtbot):
    tab, document = b3
    tab.target_edit.setText("<b>the bridge</b>")
    tab.near_check.setChecked(True)
    tab.helpers_box.spin(APPRENTICE).setValue(1)
    tab.dice_entry.edit.setText("4 5 2")
    with qtbot.waitSignal(document.changed):
        qtbot.mouseClick(tab.dice_entry.apply_button, Qt.MouseButton.LeftButton)
    battle = document.battle
    assert (battle.casters[MAGE].reserve, battle.casters[MAGE].marker) == (0, None)
    assert (battle.casters[APPRENTICE].reserve, battle.casters[APPRENTICE].marker) == (0, None)
    entry = document.run.log[-1]
    assert (entry.source, entry.dice, entry.success) == ("typed", (4, 5, 2), True)
    assert tab.outcome_label.text() == "Success: 4 + 5 + 2 = 11 against 8"
    detail = tab.outcome_panel.outcome_detail
    assert detail.text() == "Battle mage of the watchtower cast Fireball on <b>the bridge</b>; dice typed in."
    assert detail.textFormat() == Qt.TextFormat.PlainText
    assert tab.dice_entry.edit.text() == ""
    # on to whoever casts next: Bruno's turn
    assert tab.selected_key == ENEMY_MAGE
    assert tab.step_label.text() == "B3 Incantations, then restoration: Bruno's turn to cast (PD-05)."
    assert combo_keys(tab.caster_combo)[:2] == [ENEMY_MAGE, ENEMY_APPRENTICE]
    document.undo()
    assert tab.outcome_panel.outcome_detail.text().endswith("This casting was undone.")


def test_pd_08_a_casting_with_the_program_s_dice(b3):
    tab, document = b3
    qt_click = tab.cast_button
    qt_click.click()
    entry = document.run.log[-1]
    assert entry.source == "rolled" and len(entry.dice) == 2
    assert document.battle.casters[MAGE].reserve == 0
    assert document.battle.casters[APPRENTICE].reserve == 1  # gave nothing
    total = sum(entry.dice)
    verdict = "Success" if total >= 8 else "Failure"
    assert tab.outcome_label.text() == f"{verdict}: {entry.dice[0]} + {entry.dice[1]} = {total} against 8"
    assert tab.outcome_panel.outcome_detail.text() == "Battle mage of the watchtower cast Fireball; dice rolled."


def test_bad_typed_dice_show_the_error_and_change_nothing(b3, qtbot):
    tab, document = b3
    before, log = document.battle, len(document.run.log)
    for text, error in (("7 2", "7 is not a face of a d6 (1–6)"), ("3", "2 dice expected, 1 given")):
        tab.dice_entry.edit.setText(text)
        qtbot.keyClick(tab.dice_entry.edit, Qt.Key.Key_Return)
        assert tab.dice_entry.error_text() == error
        assert document.battle is before and len(document.run.log) == log
        assert tab.dice_entry.edit.text() == text  # left to correct
    assert tab.outcome_label.text() == "No casting yet."


def test_pd_06_in_c_no_helpers_and_three_dice_at_most(make_tab):
    markers = {MAGE: "wait", APPRENTICE: "wait", ACOLYTE: "restoration", ENEMY_MAGE: "wait"}
    tab, document = make_tab("C", markers, bruno=archmage_army())
    assert tab.step_label.text() == (
        "C Activations (wait markers): casters with a wait marker may cast at any moment (PD-06)."
    )
    assert combo_keys(tab.caster_combo) == [MAGE, APPRENTICE, ENEMY_MAGE, None, ACOLYTE]
    assert tab.helpers_box.isHidden()
    assert tab.wait_note.isVisibleTo(tab)
    assert tab.wait_note.text() == "Phase C: 3 dice at most, and no dice may be given (PD-06)."
    assert tab.limit_label.text() == "Dice in all: 2 of at most 3"
    tab.select_caster(ENEMY_MAGE)  # level 4: four dice on its card
    assert (tab.dice_spin.value(), tab.dice_spin.maximum()) == (3, 4)
    assert tab.limit_label.text() == "Dice in all: 3 of at most 3"
    assert tab.request().gifts == {} and tab.cast_button.isEnabled()
    tab.dice_spin.setValue(4)
    assert tab.limit_label.text() == "Dice in all: 4 of at most 3"
    assert tab.problems_label.text() == "PD-06: A casting in phase C uses at most 3 dice; 4 were asked for."
    assert not tab.cast_button.isEnabled()
    assert tab.cast() is None and document.battle.casters[ENEMY_MAGE].reserve == 4
    tab.dice_spin.setValue(3)
    tab.cast()
    assert document.battle.casters[ENEMY_MAGE].reserve == 1
    assert document.battle.casters[ENEMY_MAGE].marker is None


def test_outside_b3_and_c_the_tab_says_when_spells_are_cast(make_tab):
    tab, document = make_tab()  # A1
    text = "Spells are cast in B3 (incantation) and C (wait); this is A1 Magic markers, face down."
    assert tab.step_label.text() == text
    assert tab.odds_label.text() == text
    assert not tab.form.isEnabled()
    assert not tab.cast_button.isEnabled() and tab.request() is None and tab.cast() is None
    assert tab.caster_combo.count() == 3 * 2  # every caster, none may cast now
    assert len(document.run.log) == 0


def test_a_hidden_tab_catches_up_when_shown(b3, qtbot):
    _tab, document = b3
    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    tabs.addTab(QLabel("tracker"), "Tracker")
    tab = PowerDiceResolverTab(document)
    tabs.addTab(tab, "Resolver")
    tabs.show()
    qtbot.waitExposed(tabs)
    assert not tab.isVisible()
    document.act(NextStep())  # on to C
    assert tab.step_label.text().startswith("B3")  # not refreshed while behind another tab
    tabs.setCurrentWidget(tab)
    assert tab.step_label.text().startswith("C Activations")
    assert combo_keys(tab.caster_combo)[0] == ENEMY_ACOLYTE  # the one wait marker


def test_pd_03_markers_stay_face_down_before_a3(make_tab):
    tab, _document = make_tab("A2", B3_MARKERS)
    assert tab.step_label.text() == "Spells are cast in B3 (incantation) and C (wait); this is A2 (host game)."
    assert tab.caster_combo.itemText(0) == "Aline — Battle mage of the watchtower (2/2 dice; marker face down)"
    assert "incantation" not in " ".join(tab.caster_combo.itemText(i) for i in range(tab.caster_combo.count()))
