"""The Strategy Battle Game Resolver tab on a real battle document: Might on a roll (SB-02), Will (SB-03), Fate
with its exact odds and its one-at-a-time procedure (SB-04), Priority (SB-01) and the heroic roll-off (SB-05)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QTabWidget

from tests.model.test_sbg_battle import CATALOG, army
from warband.gui.battle_document import BattleDocument
from warband.gui.systems.sbg.resolver_tab import SbgResolverTab
from warband.model.battle import BattleRun
from warband.model.catalog import LoadedCatalog, merge
from warband.model.dice import SeededDice, TypedDice
from warband.model.systems.sbg import battle_rules as rules
from warband.model.systems.sbg.battle_commands import (
    Declare,
    NameHero,
    NextPhase,
    SetCounter,
    SetHeroFlag,
    StopNaming,
)
from warband.model.systems.sbg.battle_state import RulesOptions
from warband.model.systems.sbg.play import WillRequest
from warband.model.systems.sbg.schema import SbgCatalog

CAPTAIN, WIZARD, ORC, SHAMAN = "0:u1", "0:u2", "1:u1", "1:u2"


@pytest.fixture(scope="module")
def sbg_catalogs():
    merged, errors = merge("sbg", [LoadedCatalog("sbg.json", SbgCatalog.model_validate(CATALOG))])
    assert errors == []
    return merged


@pytest.fixture
def make_tab(qtbot, sbg_catalogs):
    """A Resolver tab on a fresh battle (Aline: Captain and Wizard; Bruno: Orc Captain and Shaman)."""
    documents: list[BattleDocument] = []

    def build(options=None):
        good = army({"id": "u1", "profile": "captain"}, {"id": "u2", "profile": "wizard"})
        evil = army({"id": "u1", "profile": "orc-captain"}, {"id": "u2", "profile": "shaman"})
        battle = rules.start_battle([("Aline", good), ("Bruno", evil)], sbg_catalogs, options)
        document = BattleDocument(BattleRun(battle, dice=SeededDice(1)))
        documents.append(document)
        tab = SbgResolverTab(document)
        qtbot.addWidget(tab)
        return tab, document

    yield build
    for document in documents:
        document.close()


@pytest.fixture
def resolver(make_tab):
    return make_tab()


def state(document, key):
    return document.battle.heroes[key]


def combo_texts(combo):
    return [combo.itemText(i) for i in range(combo.count())]


# --- heroes ---------------------------------------------------------------------------------------------------
def test_the_hero_combo_lists_the_heroes_with_their_counters(resolver):
    tab, _document = resolver
    assert combo_texts(tab.hero_combo) == [
        "Captain (Aline) — M 2 / W 1 / F 1 / Wounds 2",
        "Wizard (Aline) — M 3 / W 6 / F 3 / Wounds 3",
        "Orc Captain (Bruno) — M 2 / W 1 / F 1 / Wounds 2",
        "Shaman (Bruno) — M 1 / W 0 / F 1 / Wounds 2",
    ]
    assert tab.selected_key == CAPTAIN
    tab.select_hero(WIZARD)
    assert tab.hero_combo.currentData() == WIZARD
    tab.select_hero("9:nobody")  # not in the battle: nothing changes
    assert tab.selected_key == WIZARD
    tab.hero_combo.setCurrentIndex(2)
    assert tab.selected_key == ORC


# --- SB-02: Might ---------------------------------------------------------------------------------------------
def test_sb_02_the_might_table_says_what_each_point_would_change(resolver, qtmodeltester):
    tab, _document = resolver
    panel = tab.might_panel
    assert [panel.kind_combo.itemData(i) for i in range(panel.kind_combo.count())] == list(rules.MIGHT_ROLLS)
    panel.set_kind("to_hit")
    panel.roll_spin.setValue(3)
    panel.need_spin.setValue(4)
    rows = [(r.points, r.result, r.verdict) for r in panel.table_model.rows()]
    assert rows == [  # the Captain has 2 Might: lowering or raising (SB-02)
        (-2, 1, "failure"),
        (-1, 2, "failure"),
        (0, 3, "failure"),
        (1, 4, "success"),
        (2, 5, "success"),
    ]
    assert panel.table_model.data(panel.table_model.index(3, 2)) == "success"
    assert panel.table_model.data(panel.table_model.index(3, 0)) == "+1"
    assert panel.table_model.data(panel.table_model.index(0, 0)) == "\u22122"
    assert panel.table_model.data(panel.table_model.index(3, 0), Qt.ItemDataRole.FontRole).bold()
    assert panel.points_spin.value() == 1 and panel.spend_button.text() == "Spend 1 Might"
    qtmodeltester.check(panel.table_model)

    panel.set_kind("duel")  # the opponent's die instead of a score: beat it
    assert not panel.need_spin.isVisibleTo(panel) and panel.opponent_spin.isVisibleTo(panel)
    panel.opponent_spin.setValue(4)
    assert [r.verdict for r in panel.table_model.rows()] == ["loses", "loses", "loses", "ties", "wins"]
    assert panel.points_spin.value() == 2 and not panel.lower_check.isVisibleTo(panel)

    panel.set_kind("courage")  # a total of two dice
    assert (panel.roll_spin.minimum(), panel.roll_spin.maximum()) == (2, 12)
    assert panel.roll_label.text() == "Total rolled:"


def test_sb_02_the_might_panel_lowers_a_die_never_below_1(resolver):
    tab, document = resolver
    panel = tab.might_panel
    panel.set_kind("jump")
    panel.lower_check.setChecked(True)  # a roll that succeeds at the score or below
    panel.need_spin.setValue(3)
    panel.roll_spin.setValue(5)
    assert [(r.points, r.verdict) for r in panel.table_model.rows()][:3] == [
        (-2, "success"),
        (-1, "failure"),
        (0, "failure"),
    ]
    assert panel.points_spin.value() == -2 and panel.spend_button.text() == "Spend 2 Might to lower the roll"
    assert panel.spend()
    assert state(document, CAPTAIN).might == 0
    assert document.run.log[-1].text == "Captain spends 2 Might on a Jump test: 5 → 3"
    assert panel.outcome_label.text() == "Captain spent 2 Might: the 5 becomes 3."
    panel.roll_spin.setValue(1)
    assert panel.points_spin.minimum() == 0  # a 1 is lowered no further


def test_sb_02_spending_might_uses_the_command_and_the_hero_keeps_the_rest(resolver):
    tab, document = resolver
    panel = tab.might_panel
    panel.set_kind("to_wound")
    panel.roll_spin.setValue(4)
    panel.need_spin.setValue(5)
    assert panel.spend_button.text() == "Spend 1 Might"
    assert panel.spend()
    assert state(document, CAPTAIN).might == 1
    assert document.run.log[-1].text == "Captain spends 1 Might on a roll to wound: 4 → 5"
    assert panel.outcome_label.text() == "Captain spent 1 Might: the 4 becomes 5."
    assert tab.hero_combo.currentText().startswith("Captain (Aline) — M 1 /")
    assert panel.points_spin.maximum() == 1  # no more than it has left
    panel.points_spin.setValue(0)
    assert not panel.spend_button.isEnabled() and not panel.spend()


def test_sb_02_a_die_thrown_by_the_program_goes_into_the_log(resolver):
    tab, document = resolver
    panel = tab.might_panel
    panel.set_kind("to_hit")
    panel.roll_button.click()
    rolled = panel.roll_spin.value()
    assert 1 <= rolled <= 6 and panel.outcome_label.text() == f"Rolled {rolled}."
    panel.points_spin.setValue(1)
    assert panel.spend()
    entry = document.run.log[-1]
    assert entry.dice == (rolled,) and entry.source == "rolled"
    panel.points_spin.setValue(1)
    assert panel.spend()  # more Might on the same roll: its die is in the log once
    assert document.run.log[-1].dice == () and state(document, CAPTAIN).might == 0


def test_sb_02_the_die_is_thrown_by_the_model_refused_for_a_kind_sb_02_does_not_list(resolver):
    tab, document = resolver
    panel = tab.might_panel
    panel.kind_combo.setItemData(0, "parry")
    panel.set_kind("parry")
    before = document.run.dice.state()
    assert panel.roll() is None
    assert panel.message_label.text().startswith("SB-02: Might changes only the hero's own rolls")
    assert document.run.dice.state() == before  # refused before the die is thrown
    panel.set_kind("courage")
    assert len(panel.roll(TypedDice((5, 6)))) == 2 and panel.roll_spin.value() == 11
    assert panel.outcome_label.text() == "Rolled 5 + 6."


def test_sb_02_might_refused_for_a_kind_sb_02_does_not_list(resolver):
    tab, document = resolver
    refusals = []
    document.refused.connect(refusals.append)
    panel = tab.might_panel
    panel.kind_combo.setItemData(0, "parry")  # the combo offers only the listed kinds; the model still says no
    panel.set_kind("parry")
    panel.points_spin.setValue(1)
    assert not panel.spend()
    assert refusals[-1].startswith("SB-02: Might changes only the hero's own rolls")
    assert panel.message_label.text() == refusals[-1]
    assert state(document, CAPTAIN).might == 2


# --- SB-03: Will ----------------------------------------------------------------------------------------------
def test_sb_03_casting_with_typed_dice_succeeds_and_fails(resolver):
    tab, document = resolver
    tab.select_hero(WIZARD)
    panel = tab.will_panel
    assert panel.spell_combo.currentText() == "Immobilise — casting 3+"
    assert panel.chance_label.text() == "2/3 — 66.7%"
    assert panel.chart.success_chance() == rules.will_chance(3, 1)
    assert panel.roll_with_dice((3,)) is True
    assert state(document, WIZARD).will == 5
    assert panel.outcome_label.text() == "Cast (3)"
    assert document.run.log[-1].source == "typed"
    panel.dice_entry.edit.setText("2")
    panel.dice_entry.apply()
    assert state(document, WIZARD).will == 4
    assert panel.outcome_label.text() == "Failed to cast (2)"
    assert panel.dice_entry.edit.text() == ""


def test_sb_03_resisting_with_might_against_the_casters_score(resolver):
    tab, document = resolver
    tab.select_hero(WIZARD)
    panel = tab.will_panel
    panel.resist_radio.setChecked(True)
    panel.caster_spin.setValue(5)
    panel.might_spin.setValue(1)
    assert panel.need() == 5 and panel.chance_label.text() == "1/2 — 50.0%"
    assert panel.roll_with_dice((4,)) is True
    assert (state(document, WIZARD).will, state(document, WIZARD).might) == (5, 2)
    assert panel.outcome_label.text() == "Resisted (4)"


def test_sb_03_a_hero_with_no_will_is_refused_with_the_rule(resolver):
    tab, document = resolver
    tab.select_hero(SHAMAN)
    panel = tab.will_panel
    assert panel.problem_label.text() == "SB-03: Shaman has no Will left: it can neither cast nor resist a spell."
    assert panel.problem_label.isVisibleTo(panel)
    assert not panel.roll_button.isEnabled() and not panel.dice_entry.apply_button.isEnabled()
    steps = len(document.run.log)
    assert panel.roll() is None and panel.roll_with_dice((6,)) is None
    assert len(document.run.log) == steps
    refusals = []
    document.refused.connect(refusals.append)
    assert document.roll(WillRequest(SHAMAN, 4, resisting=True)) is None  # the model says the same
    assert refusals == [panel.problem_label.text()]


def test_sb_03_a_hero_without_spells_may_still_resist(resolver):
    tab, _document = resolver
    panel = tab.will_panel
    assert tab.selected_key == CAPTAIN
    assert panel.resisting and not panel.cast_radio.isEnabled()
    assert panel.chance_label.text() == "1/2 — 50.0%"  # against a caster's 4
    tab.select_hero(WIZARD)
    assert panel.cast_radio.isEnabled()


def test_sb_03_several_will_dice_only_with_the_rules_option(make_tab):
    tab, _document = make_tab()
    tab.select_hero(WIZARD)
    panel = tab.will_panel
    assert panel.dice_spin.maximum() == 1 and not panel.dice_spin.isEnabled()
    assert "off in this battle" in panel.dice_note.text()

    tab, document = make_tab(RulesOptions(will_dice="several"))
    tab.select_hero(WIZARD)
    panel = tab.will_panel
    assert panel.dice_spin.isEnabled() and panel.dice_spin.maximum() == 6
    panel.dice_spin.setValue(2)
    assert panel.chance_label.text() == "8/9 — 88.9%"  # 1 - (2/6)²
    assert panel.roll_with_dice((1, 5)) is True
    assert state(document, WIZARD).will == 4
    assert panel.dice_spin.maximum() == 4


# --- SB-04: Fate ----------------------------------------------------------------------------------------------
def test_sb_04_the_exact_chance_before_rolling(resolver):
    tab, document = resolver
    document.act(SetCounter(key=WIZARD, field="fate", value=2))
    tab.select_hero(WIZARD)
    panel = tab.fate_panel
    panel.might_spin.setValue(0)
    assert panel.fate_label.text() == "2"
    assert panel.chance_label.text() == "3/4 — 75.0%"
    tab.select_hero(CAPTAIN)
    panel.might_spin.setValue(1)
    assert panel.chance_label.text() == "2/3 — 66.7%"
    assert panel.roll_button.text() == "Roll a Fate die"


def test_sb_04_one_at_a_time_with_might_on_a_3(resolver):
    tab, document = resolver
    document.act(SetCounter(key=CAPTAIN, field="wounds", value=1))  # the Captain lost a Wound
    panel = tab.fate_panel
    panel.might_spin.setValue(1)
    assert panel.roll_with_dice((3,)) == (3,)
    assert panel.die_label.text() == "Fate die: 3"
    assert not panel.roll_button.isEnabled() and not panel.take_button.isEnabled()  # apply the die first
    assert not tab.hero_combo.isEnabled()  # the die thrown stands (AR-05): no other hero meanwhile
    tab.select_hero(WIZARD)
    assert tab.selected_key == CAPTAIN
    assert panel.die_might_spin.isEnabled() and panel.die_might_spin.maximum() == 1
    panel.die_might_spin.setValue(1)
    panel.apply_button.click()
    s = state(document, CAPTAIN)
    assert (s.wounds, s.fate, s.might) == (2, 0, 1)
    assert tab.hero_combo.isEnabled()
    assert panel.status_label.text() == "Restored 1 of 1 Wounds: the event is over."
    assert document.run.log[-1].text == "Captain spends 1 Fate and 1 Might: 3+1, restores 1"  # the Might named


def test_sb_04_one_at_a_time_until_the_player_takes_the_wound(resolver):
    tab, document = resolver
    document.act(SetCounter(key=WIZARD, field="wounds", value=1))
    tab.select_hero(WIZARD)
    panel = tab.fate_panel
    panel.lost_spin.setValue(2)
    panel.might_spin.setValue(0)
    assert panel.chance_label.text() == f"{rules.fate_chance(2, 3, 0)} — 50.0%"
    panel.roll_with_dice((2,))
    assert not panel.die_might_spin.isEnabled()  # no Might usable: nothing to put on it
    assert panel.apply() == 0
    assert panel.status_label.text() == "Restored 0 of 2 Wounds: roll another Fate die, or take the wound."
    assert not panel.lost_spin.isEnabled()  # the event goes on
    assert panel.chance_label.text() == "1/4 — 25.0%"  # 2 Wounds, 2 Fate dice left
    panel.roll_with_dice((6,))
    assert panel.apply() == 1
    assert panel.remaining == 1 and panel.take_button.isEnabled()
    panel.take_button.click()
    assert panel.status_label.text() == "Restored 1 of 2 Wounds; the hero takes the wound."
    s = state(document, WIZARD)
    assert (s.wounds, s.fate) == (2, 1)
    assert panel.roll_button.isEnabled() and panel.lost_spin.isEnabled()  # a new event may follow


def test_sb_04_fate_never_raises_wounds_above_the_start(resolver):
    tab, document = resolver
    tab.select_hero(WIZARD)
    panel = tab.fate_panel
    assert "lose the Wounds in the tracker first" in panel.wounds_note.text()
    panel.roll_with_dice((6,))
    assert panel.apply() == 0
    s = state(document, WIZARD)
    assert (s.wounds, s.fate) == (3, 2)
    assert panel.status_label.text() == "Restored 0 of 1 Wounds: Wounds are back to their starting value."


def test_sb_04_all_at_once_with_the_rules_option(make_tab):
    tab, document = make_tab(RulesOptions(fate_dice="all_at_once"))
    document.act(SetCounter(key=WIZARD, field="wounds", value=1))
    tab.select_hero(WIZARD)
    panel = tab.fate_panel
    assert panel.dice_spin.isVisibleTo(panel)
    panel.lost_spin.setValue(2)
    panel.might_spin.setValue(1)
    panel.dice_spin.setValue(3)
    assert panel.chance_label.text().startswith(str(rules.fate_chance_at_once(2, 3, 1)))
    assert panel.roll_button.text() == "Roll 3 Fate dice"
    panel.roll_with_dice((3, 1, 5))
    assert panel.die_label.text() == "Fate dice: 3 1 5" and panel.die_might_spin.maximum() == 1
    panel.die_might_spin.setValue(1)
    assert panel.apply() == 2
    s = state(document, WIZARD)
    assert (s.wounds, s.fate, s.might) == (3, 0, 2)


def test_sb_04_a_hero_removed_by_a_failed_courage_test_is_refused(resolver):
    tab, document = resolver
    document.act(SetHeroFlag(key=CAPTAIN, field="courage_failed", value=True))
    panel = tab.fate_panel
    assert tab.hero_combo.currentText().endswith("failed a Courage test")
    assert panel.problem_label.text() == (
        "SB-04: Captain was removed for failing a Courage test: Fate cannot save it."
    )
    assert not panel.roll_button.isEnabled() and not panel.take_button.isEnabled()
    assert panel.roll() is None


# --- SB-01, SB-05 ---------------------------------------------------------------------------------------------
# --- SB-06, SB-03: the Courage test --------------------------------------------------------------------------
def test_sb_06_the_courage_panel_shows_the_exact_chance_with_the_points_allowed(resolver):
    tab, _document = resolver
    panel = tab.courage_panel  # the Captain: Courage 5, Might 2, Will 1
    assert panel.courage_label.text() == "5: two dice + 5, 10 or more passes"
    assert (panel.might_spin.value(), panel.will_spin.value()) == (2, 1)  # all of it usable, until changed
    assert panel.chance_label.text().startswith("1 — ")  # with 3 points, any two dice pass
    panel.might_spin.setValue(0)
    panel.will_spin.setValue(0)
    assert panel.chance_label.text().startswith("5/6 — ")  # 5 or more on two dice
    panel.will_spin.setValue(1)
    assert panel.chance_label.text().startswith("11/12 — ")  # Will alone (SB-03)
    assert panel.might_spin.maximum() == 2 and panel.will_spin.maximum() == 1


def test_sb_06_will_and_might_added_once_the_dice_are_seen(resolver):
    tab, document = resolver
    tab.select_hero(WIZARD)  # Courage 5, Might 3, Will 6
    panel = tab.courage_panel
    assert panel.roll_with_dice((1, 1)) == (1, 1)
    assert not tab.hero_combo.isEnabled() and not panel.roll_button.isEnabled()  # apply the dice first
    assert (panel.add_might_spin.value(), panel.add_will_spin.value()) == (3, 0)  # the fewest, Might first
    panel.add_might_spin.setValue(1)
    panel.add_will_spin.setValue(2)  # the player's mix
    assert panel.dice_label.text() == "Rolled 1 + 1 + Courage 5 = 7; with the points added 10: passes"
    assert panel.apply() is True
    s = state(document, WIZARD)
    assert (s.might, s.will) == (2, 4)
    assert document.run.log[-1].text == "Wizard tests Courage: 1 1 + Courage 5 + 1 Might and 2 Will = 10: passes"
    assert panel.outcome_label.text() == "Wizard passes the Courage test."
    assert tab.hero_combo.isEnabled() and panel.roll_button.isEnabled()
    assert (panel.might_spin.value(), panel.will_spin.value()) == (2, 4)


def test_sb_06_a_test_with_no_point_added_is_a_note_and_the_points_follow_the_counters(resolver):
    tab, document = resolver
    panel = tab.courage_panel
    panel.roll_button.click()  # the program's dice
    thrown = panel.pending
    assert len(thrown) == 2
    panel.add_might_spin.setValue(0)
    panel.add_will_spin.setValue(0)
    assert panel.apply() is (sum(thrown) + 5 >= 10)
    entry = document.run.log[-1]
    assert entry.dice == thrown and entry.source == "rolled" and entry.step == 0  # a note: nothing changed
    document.act(SetCounter(key=CAPTAIN, field="will", value=0))
    assert (panel.will_spin.maximum(), panel.will_spin.value()) == (0, 0)  # no more Will than the hero has
    assert panel.roll_with_dice((1, 2)) == (1, 2)
    assert (panel.add_might_spin.value(), panel.add_will_spin.value()) == (2, 0)  # 8: Might alone is offered
    assert panel.apply() is True and state(document, CAPTAIN).might == 0


def test_sb_01_priority_with_typed_and_rolled_dice(resolver):
    tab, document = resolver
    panel = tab.rolls_panel
    assert panel.priority_status.text().startswith("Turn 1: priority not rolled yet.")
    panel.priority_entry.edit.setText("4 4")
    panel.priority_entry.apply()
    assert panel.priority_outcome.text() == "4 – 4: a tie, roll again."
    assert document.battle.priority is None
    assert document.run.log[-1].text == "Priority roll: 4 – 4, a tie in the first turn: roll again"
    panel.priority_button.click()
    entry = document.run.log[-1]
    assert entry.source == "rolled" and entry.dice == (2, 5)  # the seeded dice
    assert panel.priority_outcome.text() == "2 – 5: Bruno has priority."
    assert document.battle.priority == 1
    assert panel.priority_status.text().startswith("Turn 1: Bruno has priority.")
    assert panel.roll_priority((6, 1)) == (6, 1)
    assert panel.priority_outcome.text() == "6 – 1: Aline has priority."
    assert document.battle.priority == 0


def to_rolloff(document):
    """Aline has priority and declines, Bruno declares, Aline changes her mind; one hero each."""
    for command in (
        NextPhase(),
        Declare(side=0, wants=False),
        Declare(side=1, wants=True),
        Declare(side=0, wants=True),
        NameHero(side=0, key=CAPTAIN),
        NameHero(side=1, key=ORC),
        StopNaming(side=0),
        StopNaming(side=1),
    ):
        assert document.act(command)


def test_sb_05_the_roll_off_when_both_sides_declared(resolver):
    tab, document = resolver
    panel = tab.rolls_panel
    assert not panel.rolloff_button.isEnabled()
    assert "No roll-off now" in panel.rolloff_status.text()
    assert panel.roll_off(3) is None and panel.message_label.text().startswith("SB-05:")
    panel.roll_priority((5, 2))
    to_rolloff(document)
    assert panel.rolloff_button.isEnabled()
    assert "Aline, who has priority, rolls a die" in panel.rolloff_status.text()
    panel.rolloff_entry.edit.setText("2")
    panel.rolloff_entry.apply()
    assert document.battle.heroics.rolloff == 2
    assert panel.rolloff_outcome.text() == "Roll-off 2: Bruno's heroes act first. 1. Orc Captain, 2. Captain"
    assert not panel.rolloff_button.isEnabled()


def test_sb_05_the_roll_off_button_uses_the_programs_die(resolver):
    tab, document = resolver
    panel = tab.rolls_panel
    panel.roll_priority((5, 2))
    to_rolloff(document)
    panel.rolloff_button.click()
    entry = document.run.log[-1]
    assert entry.source == "rolled" and entry.dice == (document.battle.heroics.rolloff,)
    assert panel.rolloff_outcome.text().startswith(f"Roll-off {entry.dice[0]}: ")


# --- hidden tab -----------------------------------------------------------------------------------------------
def test_a_hidden_tab_catches_up_when_shown(resolver, qtbot):
    _tab, document = resolver
    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    tabs.addTab(QLabel("tracker"), "Tracker")
    tab = SbgResolverTab(document)
    tabs.addTab(tab, "Resolver")
    tabs.show()
    qtbot.waitExposed(tabs)
    assert not tab.isVisible()
    document.act(SetCounter(key=CAPTAIN, field="might", value=0))
    assert tab.hero_combo.currentText().startswith("Captain (Aline) — M 2 /")  # not refreshed while behind
    tabs.setCurrentWidget(tab)
    assert tab.hero_combo.currentText().startswith("Captain (Aline) — M 0 /")
    assert tab.might_panel.points_spin.maximum() == 0
