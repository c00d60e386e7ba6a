"""The « Par le Fer et par le Verbe » Resolver tab on a real scene document: the choices of a casting, its exact
odds (PF-02 … PF-07), the rolls typed or thrown, the outcome applied, and the spread of the power levels (PF-08)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from PySide6.QtWidgets import QLabel, QTabWidget

from warband.gui.battle_document import BattleDocument
from warband.gui.systems.pfpv.resolver_tab import PfpvResolverTab
from warband.gui.systems.pfpv.rolls import casting_odds
from warband.model.army import load_army
from warband.model.battle import BattleRun
from warband.model.catalog import builtin_catalog_paths, load_catalogs
from warband.model.dice import SeededDice
from warband.model.locations import data_dir
from warband.model.systems.pfpv.scene import CastingSetup, SetValue, StartCasting, build_setup, start_scene

MERLIN, APPRENTICE, PYROMANCER = "u1", "u2", "u3"
ERUPTION, SLEEP, SHIELD = "eruption-volcanique", "sommeil", "bouclier-magique"
OUTCOMES = ("harmless failure", "backlash", "cannot be cast", "success")


@pytest.fixture(scope="module")
def pfpv_catalogs():
    return load_catalogs(builtin_catalog_paths()).for_system("pfpv")


@pytest.fixture
def resolver(qtbot, pfpv_catalogs):
    """The tab on the example company (Merlin, his apprentice, the pyromancer), with seeded dice."""
    party = load_army(data_dir() / "pfpv" / "examples" / "the-company.warband.json")
    document = BattleDocument(BattleRun(start_scene(party, pfpv_catalogs), dice=SeededDice(1)))
    tab = PfpvResolverTab(document)
    qtbot.addWidget(tab)
    yield tab, document
    document.close()


def choose(tab, key, spell, combination=None):
    tab.select_character(key)
    tab.choices.select_spell(spell, combination)


def type_rolls(tab, contact, control):
    """Type the table's rolls, as totals of 2d5."""
    for source, roll in contact.items():
        tab.rolls_panel.contact_spins[source].setValue(roll)
    for discipline, roll in control.items():
        tab.rolls_panel.control_spins[discipline].setValue(roll)


def cast_typed(tab, contact, control, don=None):
    """A casting with the table's rolls, in its two steps (PF-03): the contact rolls, then (unless every raw
    energy is negative) the Don for control and the control rolls."""
    type_rolls(tab, contact, {})
    result = tab.cast(typed=True)
    if tab.rolls_panel.stage == "control":
        assert result is None  # the control step waits for its Don and its rolls
        for discipline, value in (don or {}).items():
            tab.rolls_panel.don_control_spins[discipline].setValue(value)
        type_rolls(tab, {}, control)
        result = tab.cast(typed=True)
    return result


def assert_odds_shown(tab, document):
    """Every row shows the model's exact chance; the harmless failure includes no energy (PF-03)."""
    odds = casting_odds(document.battle, tab.selected_key, tab.choice())
    assert tab.odds_panel.odds == odds
    for outcome in OUTCOMES:
        expected = odds.outcomes.get(outcome, Fraction(0))
        if outcome == "harmless failure":
            expected += odds.outcomes.get("no energy", Fraction(0))
        assert tab.odds_panel.shown_chance(outcome) == expected
    assert tab.odds_panel.shown_chance("no energy") == odds.outcomes.get("no energy", Fraction(0))
    assert sum(tab.odds_panel.shown_chance(o) for o in OUTCOMES) == 1
    bars = dict(tab.odds_panel.chart.buckets())
    assert {int(k): v for k, v in bars.items() if v} == {k: v for k, v in odds.power.items() if v}
    return odds


# --- choosing -------------------------------------------------------------------------------------------------
def test_the_characters_and_the_spells_they_know(resolver):
    tab, _document = resolver
    combo = tab.character_combo
    assert [combo.itemText(i) for i in range(combo.count())] == [
        "Merlin — Don 120/120, Vitality 14/14",
        "Merlin's apprentice — Don 30/30, Vitality 8/8",
        "The pyromancer — Don 80/80, Vitality 16/16",
    ]
    assert tab.selected_key == MERLIN
    tab.select_character("nobody")
    assert tab.selected_key == MERLIN
    combo.setCurrentIndex(2)
    assert tab.selected_key == PYROMANCER
    spells = [tab.choices.spell_combo.itemData(i) for i in range(tab.choices.spell_combo.count())]
    # the pyromancer's, not the sleep spell, and one in no Grimoire (PF-01)
    assert spells == ["boule-de-feu", ERUPTION, "enflammer-objet", SHIELD, ""]


def test_pf_01_combinations_without_the_skills_are_greyed_and_the_first_usable_chosen(resolver):
    tab, _document = resolver
    choose(tab, APPRENTICE, "enflammer-objet")
    combo = tab.choices.combination_combo
    assert combo.itemText(0) == "Fire −1 / Destruction −1"
    assert not combo.model().item(0).isEnabled()  # the apprentice has no Destruction
    assert combo.currentIndex() == 1
    assert tab.choice().combination == 1
    assert tab.rolls_panel.cast_button.isEnabled()


def test_odds_shown_equal_the_documents_exact_odds(resolver):
    tab, document = resolver
    for key, spell, combination in ((MERLIN, ERUPTION, 2), (PYROMANCER, ERUPTION, 2), (MERLIN, SHIELD, 2)):
        choose(tab, key, spell, combination)
        assert_odds_shown(tab, document)
    choose(tab, MERLIN, ERUPTION, 2)
    odds = assert_odds_shown(tab, document)
    assert tab.odds_panel.fraction_labels["success"].text() == str(odds.outcomes["success"]) == "325/3888"
    assert tab.odds_panel.percent_labels["success"].text() == "8.4%"
    assert "Expected loss per casting: 42.0 Don (108775/2592)" in tab.odds_panel.cost_label.text()
    setup = build_setup(document.battle, MERLIN, tab.choice())
    assert tab.odds_panel.shown_targets == {"s:feu": 10, "s:terre": 11, "d:destruction": 3}
    assert tab.odds_panel.shown_targets["d:destruction"] == setup.control_target("destruction")


def test_pf_01_the_game_masters_modifiers_change_the_odds(resolver):
    tab, document = resolver
    choose(tab, PYROMANCER, ERUPTION, 2)
    before = tab.odds_panel.odds
    spins = tab.choices.modifier_spins
    assert (spins["s:feu"].value(), spins["s:terre"].value(), spins["d:destruction"].value()) == (-6, -5, -6)
    assert tab.choice().source_modifiers == {}  # the catalog's, not written out
    spins["s:feu"].setValue(-3)
    spins["d:destruction"].setValue(-4)
    assert tab.choice().source_modifiers == {"feu": -3}
    assert tab.choice().discipline_modifiers == {"destruction": -4}
    assert tab.odds_panel.shown_targets["d:destruction"] == 12 - 4 + 1  # skill, GM's modifier, specialisation
    odds = assert_odds_shown(tab, document)
    assert odds != before
    assert odds.outcomes["success"] > before.outcomes["success"]


def test_pf_02_pf_03_don_limits_within_the_characters_don(resolver):
    tab, document = resolver
    choose(tab, MERLIN, ERUPTION, 2)  # 120 Don
    contact = tab.choices.don_contact_spins
    assert contact["feu"].maximum() == 120  # no cap on contact but the Don (PF-02)
    contact["feu"].setValue(100)
    assert contact["terre"].maximum() == 20
    contact["terre"].setValue(15)
    assert contact["feu"].maximum() == 105
    assert tab.choice().don_contact == {"feu": 100, "terre": 15}
    assert tab.choice().don_control == {}  # chosen at the control step (PF-03)
    assert tab.odds_panel.shown_targets == {"s:feu": 110, "s:terre": 26, "d:destruction": 3}
    assert "Don spent on contact: 115 of 120; 5 left" in tab.choices.don_label.text()
    assert not tab.choices.don_warning.isHidden()  # 5 left, the level takes 6 (PF-07)
    assert_odds_shown(tab, document)
    document.act(SetValue(key=MERLIN, field="don", value=50))  # the Don falls: the spending follows
    assert (contact["feu"].value(), contact["terre"].value()) == (50, 0)
    assert tab.choice().don_contact == {"feu": 50}
    assert_odds_shown(tab, document)
    contact["feu"].setValue(40)
    control = tab.rolls_panel.don_control_spins
    assert not control["destruction"].isEnabled()  # not before the contact rolls are known
    type_rolls(tab, {"feu": 10, "terre": 10}, {})
    assert tab.cast(typed=True) is None  # raw 40 and 1: the control step begins
    assert tab.rolls_panel.stage == "control" and control["destruction"].isEnabled()
    assert control["destruction"].maximum() == 10  # at most 10 Don on a control roll (PF-03)
    control["destruction"].setValue(10)
    assert tab.full_choice().don_control == {"destruction": 10}
    assert tab.odds_panel.shown_targets["d:destruction"] == 3 + 5  # +1 per 2 Don
    odds = casting_odds(document.battle, MERLIN, tab.full_choice(), {"feu": 10, "terre": 10})
    assert tab.odds_panel.odds == odds  # the control step's, knowing the contact rolls
    assert "The contact rolls are made" in tab.odds_panel.scene_label.text()
    assert "Don on control: 10 of the 10 left after contact" in tab.rolls_panel.don_label.text()
    assert not tab.choices.spell_combo.isEnabled()  # the combination is fixed
    type_rolls(tab, {}, {"destruction": 2})  # margin 6
    result = tab.cast(typed=True)
    assert (result.outcome, dict(result.margins)) == ("cannot be cast", {"destruction": 6})  # Earth 1 − 5 < 0
    assert document.battle.characters[MERLIN].don == 0  # 40 on contact and 10 on the control roll made


def test_the_options_and_the_scene_go_into_the_targets(resolver):
    tab, document = resolver
    document.act(SetValue(key=MERLIN, field="fatigue", value=2))
    document.act(StartCasting(key=MERLIN, spell=SHIELD))
    document.act(StartCasting(key=MERLIN, spell=ERUPTION))
    choose(tab, MERLIN, ERUPTION, 2)
    c = tab.choices
    c.whisper_check.setChecked(True)
    c.grimoire_check.setChecked(True)
    c.link_spins["feu"].setValue(2)
    c.support_spin.setValue(1)
    c.time_spin.setValue(-1)
    c.backlash_combo.setCurrentIndex(1)
    c.factor_combo.setCurrentIndex(1)
    choice = tab.choice()
    assert (choice.whisper, choice.grimoire, choice.links, choice.support, choice.time) == (
        True,
        True,
        {"feu": 2},
        1,
        -1,
    )
    assert (choice.backlash_per_roll, choice.vitality_factor) == (False, 1)
    common = -2 - 1 - 1  # fatigue, two spells at once, hurrying (PF-04)
    assert tab.odds_panel.shown_targets == {
        "s:feu": 10 + 2 + 1 + common,
        "s:terre": 11 + 1 + common,
        "d:destruction": 9 - 6 - 1 + 2 + common,
    }
    assert "fatigue −2; 2 spell(s) cast at once (−1)" in tab.odds_panel.scene_label.text()
    assert_odds_shown(tab, document)


# --- casting --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("key", [MERLIN, PYROMANCER])
def test_pf_06_typed_rolls_give_the_seeds_eruption(resolver, key):
    """Fire −6 + Earth −5, raw Fire 8 and Earth 6, control margin 3 → 2 + 1 + 3 = 6 power levels."""
    tab, document = resolver
    choose(tab, key, ERUPTION, 2)
    don = document.battle.characters[key].don
    targets = tab.odds_panel.shown_targets
    type_rolls(tab, {"feu": targets["s:feu"] - 8, "terre": targets["s:terre"] - 6}, {})
    assert not tab.choices.isEnabled() or not tab.choices.spell_combo.isEnabled()  # the combination is fixed
    result = cast_typed(
        tab,
        {"feu": targets["s:feu"] - 8, "terre": targets["s:terre"] - 6},
        {"destruction": targets["d:destruction"] - 3},
    )
    assert (dict(result.raw), dict(result.net), dict(result.margins)) == (
        {"feu": 8, "terre": 6},
        {"feu": 2, "terre": 1},
        {"destruction": 3},
    )
    assert result.power == 6
    assert document.battle.characters[key].don == don - 6  # the level paid (PF-07)
    steps = tab.result_panel.steps_label.text().splitlines()
    assert "Net energy Fire: 8 −6 = 2" in steps
    assert "Power: 2 + 1 + 3 = 6" in steps
    assert "Don paid for the level: 6 (PF-07)" in steps
    assert tab.result_panel.headline.text() == "Volcanic eruption — Success: 6 power levels"
    entry = document.run.log[-1]
    assert entry.source == "typed" and entry.success is True and "power 6" in entry.text
    assert tab.choices.spell_combo.isEnabled()  # the next casting chooses afresh
    assert tab.result_panel.allocation.free  # margin 3 > 2 (PF-08)


def test_pf_05_a_backlash_costs_don_then_vitality(resolver):
    tab, document = resolver
    choose(tab, MERLIN, ERUPTION, 2)  # contact 10 and 11, control 3
    result = cast_typed(tab, {"feu": 2, "terre": 5}, {"destruction": 10})  # raw 8 and 6, margin −7
    assert result.outcome == "backlash"
    assert (result.backlash.energy, result.backlash.don_lost, result.backlash.vitality_lost) == (14, 120, 4)
    state = document.battle.characters[MERLIN]
    assert (state.don, state.vitality) == (0, 10)
    assert "Backlash: energy 14 → 120 Don and 4 Vitality lost" in tab.result_panel.steps_label.text()
    assert "Don 120 → 0" in tab.result_panel.steps_label.text()
    assert tab.result_panel.allocation.isHidden()
    assert tab.character_combo.currentText() == "Merlin — Don 0/120, Vitality 10/14"
    document.undo()  # through the main window: the tab follows
    assert document.battle.characters[MERLIN].don == 120
    assert not tab.result_panel.undone_label.isHidden()
    assert tab.character_combo.currentText() == "Merlin — Don 120/120, Vitality 14/14"


def test_pf_05_the_rules_options_one_backlash_and_one_vitality_a_point(resolver):
    tab, document = resolver
    choose(tab, MERLIN, SHIELD, 2)  # Light; Enchantment and Protection
    tab.choices.factor_combo.setCurrentIndex(1)
    tab.choices.backlash_combo.setCurrentIndex(1)
    assert_odds_shown(tab, document)
    result = cast_typed(tab, {"lumiere": 0}, {"enchantement": 10, "protection": 10})  # raw 9; both failed by 3+
    assert (result.backlash.energy, result.backlash.don_lost) == (9, 90)  # once, not twice


def test_roll_with_the_programs_dice_shows_the_rolls_it_made(resolver):
    tab, document = resolver
    choose(tab, PYROMANCER, ERUPTION, 2)
    targets = dict(tab.odds_panel.shown_targets)
    lines = len(document.run.log)
    tab.rolls_panel.roll_button.click()  # the contact rolls, thrown
    assert tab.rolls_panel.stage == "control" and len(document.run.log) == lines  # nothing applied yet
    assert not tab.rolls_panel.clear_button.isEnabled()  # thrown: the casting goes on (PF-01)
    assert tab.rolls_panel.roll_button.text() == "Roll control"
    contact, _control = tab.rolls_panel.rolls()
    raw = {s: targets[f"s:{s}"] - r for s, r in contact.items()}
    assert [tab.rolls_panel.raw_labels[s].text() for s in contact] == [f"raw {raw[s]}" for s in contact]
    tab.rolls_panel.roll_button.click()  # the control rolls
    result = tab.result_panel.result
    assert result is not None
    entry = document.run.log[-1]
    assert entry.source == "rolled"
    assert dict(result.raw) == raw
    assert list(entry.dice)[:2] == [contact["feu"], contact["terre"]]
    assert not tab.rolls_panel.is_started and tab.rolls_panel.stage == "contact"


def test_the_table_dice_fill_the_rolls_and_start_over_frees_the_choices(resolver):
    tab, _document = resolver
    choose(tab, PYROMANCER, ERUPTION, 2)
    tab.rolls_panel.dice_entry.edit.setText("1 2 0 3")
    tab.rolls_panel.dice_entry.apply()
    assert tab.rolls_panel.rolls()[0] == {"feu": 3, "terre": 3}
    assert not tab.choices.spell_combo.isEnabled()
    assert not tab.choices.locked_note.isHidden()
    tab.rolls_panel.clear_button.click()
    assert tab.choices.spell_combo.isEnabled()
    tab.rolls_panel.dice_entry.edit.setText("1 2")
    assert tab.rolls_panel.dice_entry.apply() is None  # four dice for two contact rolls
    assert tab.rolls_panel.dice_entry.error_text()
    tab.rolls_panel.dice_entry.edit.setText("1 2 0 3")
    tab.rolls_panel.dice_entry.apply()
    tab.rolls_panel.cast_button.click()  # the contact rolls typed: the control step
    assert tab.rolls_panel.stage == "control" and tab.rolls_panel.clear_button.isEnabled()
    tab.rolls_panel.dice_entry.edit.setText("5 4")
    tab.rolls_panel.dice_entry.apply()
    assert tab.rolls_panel.rolls()[1] == {"destruction": 9}
    tab.rolls_panel.clear_button.click()  # typed: the table may start over
    assert tab.rolls_panel.stage == "contact" and tab.choices.spell_combo.isEnabled()


# --- the effects (PF-08) --------------------------------------------------------------------------------------
def sleep_for_fifteen(tab, margin):
    """Merlin's sleep spell (Psyche −4, Enchantment −4 with his +2): 15 levels with this control margin."""
    choose(tab, MERLIN, SLEEP, 0)
    raw = 15 - margin + 4
    tab.choices.don_contact_spins["psyche"].setValue(raw - 12)
    result = cast_typed(
        tab, {"psyche": 0}, {"enchantement": tab.odds_panel.shown_targets["d:enchantement"] - margin}
    )
    assert (result.power, result.margins["enchantement"]) == (15, margin)
    return tab.result_panel.allocation


def test_pf_08_fifteen_levels_split_8_7_with_the_extra_level_chosen(resolver):
    tab, _document = resolver
    allocation = sleep_for_fifteen(tab, 1)
    assert not allocation.free
    assert allocation.shares() == [8, 7]
    assert [label.text() for label in allocation.share_labels] == ["8", "7"]
    assert allocation.extras() == 1
    allocation.choose_extra(1)
    assert allocation.shares() == [7, 8]
    assert [c.isChecked() for c in allocation.extra_checks] == [False, True]
    allocation.extra_checks[0].click()
    assert allocation.shares() == [8, 7]


def test_pf_08_free_spread_when_every_margin_is_above_2(resolver):
    tab, _document = resolver
    allocation = sleep_for_fifteen(tab, 4)
    assert allocation.free
    assert allocation.share_labels == [] and allocation.extra_checks == []
    allocation.set_share(0, 4)
    assert allocation.share_spins[1].maximum() == 11
    allocation.set_share(1, 20)
    assert allocation.shares() == [4, 11]  # the seed's 4 creatures for 11 hours
    allocation.set_share(1, 5)
    assert allocation.unused_label.text() == "Unused (lost): 6"


# --- showing --------------------------------------------------------------------------------------------------
def test_a_hidden_tab_catches_up_when_shown(qtbot, resolver):
    tab, document = resolver
    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    tabs.addTab(QLabel("tracker"), "Tracker")
    tabs.addTab(tab, "Resolver")
    tabs.show()
    qtbot.waitExposed(tabs)
    document.act(SetValue(key=MERLIN, field="don", value=40))
    assert tab.character_combo.itemText(0).startswith("Merlin — Don 120/120")  # behind the tracker: not yet
    tabs.setCurrentIndex(1)
    assert tab.character_combo.itemText(0).startswith("Merlin — Don 40/120")
    tabs.removeTab(1)
    tab.setParent(None)  # the fixture closes it


def test_player_text_is_plain_and_a_screenshot_paints(resolver):
    tab, _document = resolver
    tab.resize(1100, 750)
    choose(tab, MERLIN, ERUPTION, 2)
    assert all(
        label.textFormat().name == "PlainText"
        for label in tab.findChildren(QLabel)
        if label.objectName().startswith("pfpv")
    )
    assert not tab.grab().isNull()
    assert isinstance(tab.choice(), CastingSetup)
