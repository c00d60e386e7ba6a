"""The Resolver tab on a real battle document: choosing a call, its exact odds, its problems, rolling and typing dice
(CF-09 … CF-12, CF-17 … CF-19, AR-05); and the odds chart and dice entry widgets on their own."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

from warband.gui.battle_document import BattleDocument
from warband.gui.systems.confrontation.divination_order import order_of
from warband.gui.systems.confrontation.resolver_divination_view import divination_bars, odds_text
from warband.gui.systems.confrontation.resolver_tab import ResolverTab
from warband.gui.widgets.dice_entry import DiceEntryWidget, read_dice
from warband.gui.widgets.odds_chart import BarKind, OddsChartWidget, format_percent
from warband.model.army import load_army
from warband.model.battle import BattleRun
from warband.model.catalog import builtin_catalog_paths, load_catalogs
from warband.model.dice import D5, D6, DiceError, SeededDice, TypedDice, divination_success
from warband.model.systems.confrontation.battle_calls import CallRequest
from warband.model.systems.confrontation.battle_commands import NextPhase, SetModelFlag, SetModelNumber
from warband.model.systems.confrontation.battle_rules import start_battle
from warband.model.systems.confrontation.battle_state import ConfrontationBattle, RulesOptions
from warband.model.systems.confrontation.schema import ConfrontationArmy

PRIESTESS, SHAMAN = "0:u1", "1:u1"


@pytest.fixture(scope="module")
def catalogs():
    return load_catalogs(builtin_catalog_paths()).for_system("confrontation")


def armies():
    aline = ConfrontationArmy.model_validate(
        {
            "system": "confrontation",
            "name": "A",
            "units": [
                {"id": "u1", "profile": "iron-priestess", "miracles": ["messager-divin", "renfort", "priere"]},
                {"id": "u2", "profile": "griffin-trooper"},
            ],
        }
    )
    bruno = ConfrontationArmy.model_validate(
        {
            "system": "confrontation",
            "name": "B",
            "units": [{"id": "u1", "profile": "behemoth-shaman", "miracles": ["rage-de-behemoth", "priere"]}],
        }
    )
    return [("Aline", aline), ("Bruno", bruno)]


@pytest.fixture
def make_tab(qtbot, catalogs):
    """A Resolver tab on a fresh battle in the Divination phase, with the given rules options."""
    documents: list[BattleDocument[ConfrontationBattle]] = []

    def build(options: RulesOptions | None = None) -> tuple[ResolverTab, BattleDocument[ConfrontationBattle]]:
        battle = start_battle(armies(), catalogs, options)
        battle = NextPhase().apply(NextPhase().apply(battle))
        document = BattleDocument(BattleRun(battle, dice=SeededDice(1)))
        documents.append(document)
        tab = ResolverTab(document)
        qtbot.addWidget(tab)
        return tab, document

    yield build
    for document in documents:
        document.close()


@pytest.fixture
def tab_doc(make_tab):
    return make_tab()


@pytest.fixture
def tab(tab_doc):
    return tab_doc[0]


def choose(tab: ResolverTab, miracle: str, fervour: int | None = None, *, sight: bool = True) -> None:
    tab.miracle_combo.setCurrentIndex(tab.miracle_combo.findData(miracle))
    if fervour is not None:
        tab.fervour_spin.setValue(fervour)
    tab.sight_check.setChecked(sight)


def miracles_listed(tab: ResolverTab) -> list[str]:
    return [tab.miracle_combo.itemData(i) for i in range(tab.miracle_combo.count())]


# --- choosing the call -------------------------------------------------------------------------------------
def test_cf_13_the_current_faithful_is_preselected(tab_doc):
    tab, document = tab_doc
    assert order_of(document.battle).current.key == PRIESTESS
    assert tab.selected_key == PRIESTESS
    assert tab.faithful_combo.currentData() == PRIESTESS
    texts = [tab.faithful_combo.itemText(i) for i in range(tab.faithful_combo.count())]
    assert texts == ["Aline — Iron Priestess (T.F. 10)", "Bruno — Behemoth shaman (T.F. 9)"]  # no trooper
    assert "Aline — Iron Priestess calls now (1 of 2)" in tab.order_label.text()


def test_any_other_faithful_may_be_chosen(tab):
    tab.faithful_combo.setCurrentIndex(tab.faithful_combo.findData(SHAMAN))
    assert tab.selected_key == SHAMAN
    assert miracles_listed(tab) == ["rage-de-behemoth", "priere"]
    tab.select_faithful(PRIESTESS)
    assert tab.faithful_combo.currentData() == PRIESTESS
    assert miracles_listed(tab) == ["messager-divin", "renfort", "priere"]


def test_done_with_this_faithful_moves_to_the_next_in_the_order(tab_doc, qtbot):
    tab, document = tab_doc
    qtbot.mouseClick(tab.done_button, Qt.MouseButton.LeftButton)
    assert document.battle.state(PRIESTESS).divination_done
    assert tab.selected_key == SHAMAN
    assert tab.done_button.isEnabled()
    qtbot.mouseClick(tab.done_button, Qt.MouseButton.LeftButton)
    assert not tab.done_button.isEnabled()  # everyone is done
    assert "no Faithful is waiting" in tab.order_label.text()


def test_miracles_show_their_fervour_and_difficulty(tab):
    texts = [tab.miracle_combo.itemText(i) for i in range(tab.miracle_combo.count())]
    assert texts == [
        "Divine Messenger — fervour 1+, difficulty the fervour + 4",
        "Reinforcement — fervour 2+, difficulty 8",
        "Prayer — fervour 1+, difficulty 4",
    ]


def test_cf_19_fervour_runs_from_the_miracle_minimum_to_the_temporary_faith(tab_doc):
    tab, document = tab_doc
    choose(tab, "renfort")
    assert (tab.fervour_spin.minimum(), tab.fervour_spin.maximum()) == (2, 10)
    assert tab.fervour_spin.value() == 2 and tab.fervour_spin.isEnabled()
    document.act(SetModelNumber(key=PRIESTESS, field="faith", value=1))
    assert not tab.fervour_spin.isEnabled()
    assert "CF-19: Iron Priestess has 1 T.F. left and cannot spend a fervour of 2." in tab.problems_label.text()
    assert not tab.roll_button.isEnabled()


def test_cf_12_sight_unconfirmed_for_every_new_call_and_it_blocks_the_roll(tab):
    choose(tab, "renfort", sight=False)
    assert not tab.sight_check.isChecked()
    assert "CF-12: Iron Priestess must see its target" in tab.problems_label.text()
    assert not tab.roll_button.isEnabled()
    assert not tab.dice_entry.apply_button.isEnabled()
    tab.sight_check.setChecked(True)
    assert tab.problems == [] and not tab.problems_label.isVisibleTo(tab)
    assert tab.roll_button.isEnabled() and tab.dice_entry.apply_button.isEnabled()
    tab.miracle_combo.setCurrentIndex(tab.miracle_combo.findData("priere"))
    assert not tab.sight_check.isChecked()  # asked again
    assert not tab.roll_button.isEnabled()


def test_cf_11_an_engaged_faithful_cannot_call(tab_doc):
    tab, document = tab_doc
    choose(tab, "renfort")
    document.act(SetModelFlag(key=PRIESTESS, field="engaged", value=True))
    assert tab.selected_key == SHAMAN  # the order moved on: the priestess is barred
    tab.select_faithful(PRIESTESS)
    tab.sight_check.setChecked(True)
    assert "CF-11: Iron Priestess is engaged in melee by an enemy and cannot call a miracle." in (
        tab.problems_label.text()
    )
    assert not tab.roll_button.isEnabled()
    assert tab.roll() is None


def without_formula(battle: ConfrontationBattle) -> ConfrontationBattle:
    """The battle as one started before the catalog gave Messager divin's formula: its difficulty is typed."""
    miracles = dict(battle.entries.miracles)
    miracles["messager-divin"] = miracles["messager-divin"].model_copy(update={"difficulty_formula": None})
    return battle.model_copy(update={"entries": battle.entries.model_copy(update={"miracles": miracles})})


def test_cf_17_a_difficulty_set_at_the_table_is_asked_for(qtbot, catalogs):
    battle = start_battle(armies(), catalogs)
    battle = without_formula(NextPhase().apply(NextPhase().apply(battle)))
    document = BattleDocument(BattleRun(battle, dice=SeededDice(1)))
    tab = ResolverTab(document)
    qtbot.addWidget(tab)
    choose(tab, "messager-divin", 2)
    assert tab.difficulty_spin.isVisibleTo(tab)
    hint = tab.form.difficulty_hint
    assert "the fervour chosen + 4" in hint.text()
    assert "CF-17" in tab.problems_label.text()
    assert tab.odds_label.text() == "Enter the difficulty to see the chance of success."
    assert not tab.roll_button.isEnabled()
    tab.difficulty_spin.setValue(10)
    assert tab.problems == []
    assert tab.odds_label.text() == "5/36 — 13.9%"  # a 6, then 2 or more: 1/6 × 5/6
    assert tab.request().difficulty == 10
    choose(tab, "renfort")
    assert not tab.difficulty_spin.isVisibleTo(tab)
    assert tab.request().difficulty is None
    document.close()


def test_cf_17_a_difficulty_formula_is_computed_and_may_be_overridden(tab_doc):
    tab, document = tab_doc
    choose(tab, "messager-divin", 2)
    hint = tab.form.difficulty_hint
    assert tab.difficulty_spin.isVisibleTo(tab) and tab.difficulty_spin.value() == 6  # 2 + 4
    assert (
        hint.text() == "Worked out from the call: the fervour + 4 = 6. Change it to override."
    )  # the data, translated
    assert tab.problems == [] and tab.request().difficulty is None  # the model computes it too
    assert tab.odds_label.text() == "1/2 — 50.0%"  # 4, 5 or 6
    tab.fervour_spin.setValue(3)
    assert tab.difficulty_spin.value() == 7  # it follows the fervour
    tab.difficulty_spin.setValue(9)  # the player overrides it
    assert tab.request().difficulty == 9
    assert hint.text() == "Overridden: the fervour + 4 would give 7."
    assert tab.odds_label.text() == odds_text(divination_success(9, 3, one_fails=True, explode=True))
    tab.fervour_spin.setValue(4)
    assert tab.difficulty_spin.value() == 9  # an override stays
    tab.difficulty_spin.setValue(8)  # back to what the formula gives: no override
    assert tab.request().difficulty is None and "Worked out" in hint.text()
    outcome = tab.call_with_dice((4,))
    assert outcome is not None and (outcome.difficulty, outcome.total, outcome.success) == (8, 8, True)
    assert document.run.log[-1].text.endswith("total 8 against 8: success")


# --- the odds ----------------------------------------------------------------------------------------------
def test_cf_19_odds_are_the_exact_fraction(tab):
    choose(tab, "renfort", 2)
    # difficulty 8, fervour 2: the die must make 6. A natural 1 fails; a 6 is rolled again, and 6 is already
    # enough whatever follows: exactly one face in six.
    assert tab.odds_label.text() == "1/6 — 16.7%"
    tab.fervour_spin.setValue(3)  # 5 or 6
    assert tab.odds_label.text() == "1/3 — 33.3%"
    for fervour in range(2, 11):
        tab.fervour_spin.setValue(fervour)
        chance = divination_success(8, fervour, one_fails=True, explode=True)
        assert tab.odds_label.text() == odds_text(chance)
    assert tab.odds_label.text() == "5/6 — 83.3%"  # fervour 10: anything but the natural 1


def test_cf_19_odds_follow_the_battle_options(make_tab):
    tab, _document = make_tab(RulesOptions(natural_one_fails=False, six_rerolls=False))
    choose(tab, "renfort", 7)
    assert tab.odds_label.text() == "1 — 100%"
    assert BarKind.SURE_FAILURE not in tab.chart.kinds()
    assert [label for label, _chance in tab.chart.buckets()] == ["8", "9", "10", "11", "12", "13"]


def test_the_chart_follows_the_fervour_and_marks_success_and_the_natural_one(tab):
    choose(tab, "renfort", 2)
    labels = [label for label, _chance in tab.chart.buckets()]
    assert labels[0] == "3" and labels[-1] == "≥15"
    assert tab.chart.kinds()[0] == BarKind.SURE_FAILURE
    assert tab.chart.success_chance() == Fraction(1, 6)
    assert tab.chart.accessibleDescription().startswith("Success 16.7% (1/6).")
    tab.fervour_spin.setValue(3)
    labels = [label for label, _chance in tab.chart.buckets()]
    assert labels[0] == "4" and labels[-1] == "≥16"
    assert tab.chart.kinds().index(BarKind.SUCCESS) == labels.index("8")
    assert tab.chart.success_chance() == Fraction(1, 3)


@pytest.mark.parametrize("one_fails", [True, False])
@pytest.mark.parametrize("explode", [True, False])
def test_the_chart_success_region_sums_to_the_exact_odds(qtbot, make_tab, one_fails, explode):
    _tab, document = make_tab(RulesOptions(natural_one_fails=one_fails, six_rerolls=explode))
    chart = OddsChartWidget()
    qtbot.addWidget(chart)
    for fervour in range(21):
        for difficulty in range(41):
            bars = divination_bars(document.battle, fervour, difficulty)
            assert sum(chance for _label, chance in bars.buckets) == 1
            chart.set_distribution(bars.buckets, bars.success_from, bars.sure_failures)
            expected = divination_success(difficulty, fervour, one_fails=one_fails, explode=explode)
            assert chart.success_chance() == expected, (fervour, difficulty)


# --- rolling -----------------------------------------------------------------------------------------------
def test_a_roll_with_typed_dice_is_applied_and_logged(tab_doc, qtbot):
    tab, document = tab_doc
    choose(tab, "renfort", 3)
    tab.dice_entry.edit.setText("5")
    qtbot.mouseClick(tab.dice_entry.apply_button, Qt.MouseButton.LeftButton)
    assert tab.outcome_label.text() == "Success: 5 + 3 = 8 against 8"
    state = document.battle.state(PRIESTESS)
    assert state.faith == 7 and state.called == ("renfort",)
    entry = document.run.log[-1]
    assert entry.source == "typed" and entry.dice == (5,) and entry.success is True
    assert "renfort" not in miracles_listed(tab)  # CF-09
    assert tab.faithful_combo.currentText() == "Aline — Iron Priestess (T.F. 7)"
    assert tab.dice_entry.edit.text() == ""
    assert "dice typed in" in tab.outcome_panel.outcome_detail.text()


def test_a_typed_six_that_needs_another_die_is_refused_and_changes_nothing(tab_doc, qtbot):
    tab, document = tab_doc
    choose(tab, "messager-divin", 2)
    tab.difficulty_spin.setValue(12)  # a 6 and 2 is 8: the 6 is rolled again
    before, log = document.battle, list(document.run.log)
    with qtbot.waitSignal(document.refused):
        tab.dice_entry.edit.setText("6")
        tab.dice_entry.apply()
    assert (
        tab.dice_entry.error_text() == "The 6 is rolled again and added: type the next die too (1 typed so far)."
    )
    assert document.battle is before and document.run.log == log
    assert tab.outcome_label.text() == "No call yet."
    tab.dice_entry.edit.setText("6 4")
    tab.dice_entry.apply()
    assert tab.outcome_label.text() == "Success: 6 + 4 + 2 = 12 against 12"


def test_typed_dice_the_roll_does_not_use_are_refused(tab_doc):
    tab, document = tab_doc
    choose(tab, "renfort", 2)
    before = document.battle
    tab.dice_entry.edit.setText("3 5")
    assert tab.dice_entry.apply() == (3, 5)
    assert tab.dice_entry.error_text() == "1 die expected, 2 given"
    assert document.battle is before


@pytest.mark.parametrize(
    ("text", "message"), [("7", "7 is not a face of a d6 (1–6)"), ("x", "'x' is not a number")]
)
def test_bad_typed_dice_show_the_reason_and_change_nothing(tab_doc, qtbot, text, message):
    tab, document = tab_doc
    choose(tab, "renfort", 2)
    before, log = document.battle, list(document.run.log)
    tab.dice_entry.edit.setText(text)
    with qtbot.assertNotEmitted(tab.dice_entry.dice_entered):
        qtbot.keyClick(tab.dice_entry.edit, Qt.Key.Key_Return)
    assert tab.dice_entry.error_text() == message
    assert tab.dice_entry.error_label.isVisibleTo(tab)
    assert tab.dice_entry.edit.text() == text  # kept, to be corrected
    assert document.battle is before and document.run.log == log


def test_a_seeded_roll_is_applied_and_kept_until_the_next(tab_doc, qtbot):
    tab, document = tab_doc
    choose(tab, "renfort", 4)
    qtbot.mouseClick(tab.roll_button, Qt.MouseButton.LeftButton)
    entry = document.run.log[-1]
    assert entry.source == "rolled"
    shown = tab.outcome_label.text()
    assert shown.startswith(("Success: ", "Failure")) and shown.endswith("against 8")
    assert document.battle.state(PRIESTESS).faith == 6
    tab.select_faithful(SHAMAN)
    assert tab.outcome_label.text() == shown  # kept until the next roll


def test_ar_05_undo_restores_the_battle_and_marks_the_outcome(tab_doc):
    tab, document = tab_doc
    choose(tab, "renfort", 2)
    tab.call_with_dice((6,))
    assert "renfort" not in miracles_listed(tab)
    document.undo()
    assert document.battle.state(PRIESTESS).faith == 10
    assert "renfort" in miracles_listed(tab)
    assert document.run.log[-1].undone
    assert "This call was undone." in tab.outcome_panel.outcome_detail.text()


# --- a miracle the catalogs no longer know (AR-02) ------------------------------------------------------
GONE = "lost-miracle"


@pytest.fixture
def unknown_tab(qtbot, catalogs, tmp_path):
    """The Aline of `armies()` read from her army file, which names a miracle no loaded catalog has."""
    (_aline, army), bruno = armies()
    data = army.model_dump(mode="json")
    data["units"][0]["miracles"] = [GONE, "renfort"]
    path = tmp_path / "aline.warband.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    battle = start_battle([("Aline", load_army(path)), bruno], catalogs)
    battle = NextPhase().apply(NextPhase().apply(battle))
    document = BattleDocument(BattleRun(battle, dice=SeededDice(1)))
    tab = ResolverTab(document)
    qtbot.addWidget(tab)
    yield tab, document
    document.close()


def test_ar_02_an_unknown_miracle_is_listed_as_one_that_cannot_be_called(unknown_tab, qtbot):
    """Issue 12, item 6: Roll was enabled, then a ValueError inside its handler; the player saw nothing."""
    tab, document = unknown_tab
    assert miracles_listed(tab) == [GONE, "renfort"]  # the battle keeps it
    assert tab.selected_miracle == "renfort"  # the first that can be called is preselected
    assert tab.miracle_combo.itemText(0) == f"{GONE} — not in the loaded catalogs: cannot be called (AR-02)"
    choose(tab, GONE)
    tab.sight_check.setChecked(True)  # whatever else is confirmed
    assert [p.rule for p in tab.problems] == ["AR-02"]
    reason = tab.problems_label.text()
    assert reason.startswith(f"AR-02: The miracle “{GONE}” of Iron Priestess is not in the loaded catalogs")
    assert tab.problems_label.isVisibleTo(tab)
    assert tab.problems_label.textFormat() == Qt.TextFormat.PlainText  # the id is the file's text
    assert not tab.roll_button.isEnabled()
    assert not tab.dice_entry.apply_button.isEnabled()
    assert not tab.fervour_spin.isEnabled() and not tab.difficulty_spin.isVisibleTo(tab)
    assert tab.odds_label.text() == "No odds: the miracle is not in the loaded catalogs."
    before, log = document.battle, list(document.run.log)
    qtbot.mouseClick(tab.roll_button, Qt.MouseButton.LeftButton)
    qtbot.keyClick(tab, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert tab.roll() is None and tab.call_with_dice((6,)) is None
    assert document.battle is before and document.run.log == log
    assert tab.outcome_label.text() == "No call yet."


def test_ar_02_the_document_refuses_an_unknown_miracle_with_the_reason(unknown_tab, qtbot):
    """Asked directly (a script, a journal), the document refuses the call as a value: no exception escapes."""
    tab, document = unknown_tab
    before = document.battle
    request = CallRequest(PRIESTESS, GONE, 2, True, 6)
    with qtbot.waitSignal(document.refused) as refused:
        assert document.roll(request, TypedDice((4,))) is None
    assert refused.args[0].startswith(f"AR-02: The miracle “{GONE}” of Iron Priestess")
    with qtbot.waitSignal(document.refused):
        assert document.roll(request) is None  # the program's dice: none thrown
    assert document.battle is before and document.run.log == []
    choose(tab, "renfort", 3, sight=True)
    assert tab.roll_button.isEnabled()  # the miracles the catalogs know are called as before
    assert tab.call_with_dice((5,)) is not None


def test_ctrl_r_rolls_and_ctrl_e_goes_to_the_dice(tab_doc, qtbot):
    tab, document = tab_doc
    with qtbot.waitActive(tab):
        tab.show()
        tab.activateWindow()
    choose(tab, "priere", 1)
    tab.faithful_combo.setFocus()
    qtbot.keyClick(tab.faithful_combo, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is tab.dice_entry.edit
    qtbot.keyClick(tab.dice_entry.edit, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert document.run.log[-1].source == "rolled"
    assert "Ctrl+R" in tab.roll_button.toolTip() and "Ctrl+E" in tab.dice_entry.apply_button.toolTip()
    assert "Ctrl+D" in tab.done_button.toolTip()


def test_every_control_has_an_accessible_name(tab):
    for widget in (
        tab.faithful_combo,
        tab.miracle_combo,
        tab.fervour_spin,
        tab.difficulty_spin,
        tab.roll_button,
        tab.dice_entry.edit,
        tab.dice_entry.apply_button,
        tab.done_button,
        tab.chart,
        tab.odds_label,
        tab.outcome_label,
    ):
        assert widget.accessibleName(), widget.objectName()


def test_the_tab_paints(tab):
    choose(tab, "renfort", 3)
    tab.resize(900, 600)
    assert not tab.grab().isNull()


# --- the widgets on their own ------------------------------------------------------------------------------
def test_the_chart_paints_describes_and_explains_each_bar(qtbot, monkeypatch):
    chart = OddsChartWidget(x_title="Total")
    qtbot.addWidget(chart)
    assert chart.accessibleDescription() == "No odds to show"
    assert not chart.grab().isNull()  # the empty chart paints too
    buckets = [("2", Fraction(1, 6)), ("3", Fraction(1, 4)), ("4", Fraction(1, 3)), ("≥5", Fraction(1, 4))]
    chart.set_distribution(buckets, success_from=2, sure_failures={0})
    assert chart.kinds() == (BarKind.SURE_FAILURE, BarKind.FAILURE, BarKind.SUCCESS, BarKind.SUCCESS)
    assert chart.success_chance() == Fraction(7, 12)
    assert chart.accessibleDescription().startswith("Success 58.3% (7/12). 2: 16.7%; 3: 25.0%")
    assert chart.sizeHint().width() == 360 and chart.sizeHint().height() == 160
    chart.resize(chart.sizeHint())
    assert not chart.grab().isNull()
    assert chart.bar_tooltip(0) == "Total 2: 1/6 — 16.7% (fails whatever the target)"
    assert chart.bar_tooltip(2) == "Total 4: 1/3 — 33.3% (success)"
    plot_y = chart.height() // 2
    assert chart.bar_at(QPoint(chart.width() - 12, plot_y)) == 3
    assert chart.bar_at(QPoint(2, plot_y)) is None
    shown: list[str] = []  # offscreen cannot raise a tooltip window: catch what would be shown
    monkeypatch.setattr(QToolTip, "showText", lambda _pos, text, *_args: shown.append(text))
    monkeypatch.setattr(QToolTip, "hideText", lambda: shown.append(""))
    for x in (chart.width() - 12, 2):
        point = QPoint(x, plot_y)
        QApplication.sendEvent(chart, QHelpEvent(QEvent.Type.ToolTip, point, chart.mapToGlobal(point)))
    assert shown == ["Total ≥5: 1/4 — 25.0% (success)", ""]


def test_the_chart_without_a_target_and_for_rolls_under_a_target(qtbot):
    chart = OddsChartWidget()
    qtbot.addWidget(chart)
    buckets = [(str(v), Fraction(1, 6)) for v in range(1, 7)]
    chart.set_distribution(buckets)
    assert set(chart.kinds()) == {BarKind.NEUTRAL} and chart.success_chance() is None
    assert chart.accessibleDescription().startswith("No target yet.")
    chart.set_distribution(buckets, success_from=0, success_to=2)  # a roll that must come in at 2 or under
    assert chart.success_chance() == Fraction(1, 3)
    chart.set_distribution(buckets, success_from=6)
    assert chart.success_chance() == 0
    with pytest.raises(ValueError, match="negative"):
        chart.set_distribution([("1", Fraction(-1, 6))])
    with pytest.raises(ValueError, match="one of the bars"):
        chart.set_distribution(buckets, 0, {6})
    chart.clear()
    assert chart.buckets() == ()


@pytest.mark.parametrize(
    ("chance", "decimals", "text"),
    [
        (Fraction(0), 1, "0%"),
        (Fraction(1), 1, "100%"),
        (Fraction(7, 12), 1, "58.3%"),
        (Fraction(1, 8), 0, "13%"),  # half up
        (Fraction(1, 2000), 1, "0.1%"),  # 0.05%: half up
        (Fraction(1, 3000), 1, "<0.1%"),
        (Fraction(1999, 2000), 1, ">99.9%"),
        (Fraction(1, 36), 1, "2.8%"),
    ],
)
def test_percentages_are_rounded_half_up_and_never_claim_certainty(chance, decimals, text):
    assert format_percent(chance, decimals) == text


def test_the_dice_entry_reads_and_emits_the_dice(qtbot):
    entry = DiceEntryWidget(D6, 2)
    qtbot.addWidget(entry)
    assert entry.edit.placeholderText() == "e.g. 6 3"
    entry.edit.setText("6, 3")
    with qtbot.waitSignal(entry.dice_entered) as signal:
        qtbot.mouseClick(entry.apply_button, Qt.MouseButton.LeftButton)
    assert signal.args == [(6, 3)]
    entry.edit.setText("6")
    assert entry.apply() is None
    assert entry.error_text() == "2 dice expected, 1 given"
    qtbot.keyClicks(entry.edit, " 2")  # correcting clears the reason
    assert entry.error_text() == ""
    entry.set_apply_enabled(False)
    with qtbot.assertNotEmitted(entry.dice_entered):
        assert entry.apply() is None


def test_reading_as_many_dice_as_typed():
    assert read_dice("356", D6, None) == (3, 5, 6)
    assert read_dice("6 4", D6, None) == (6, 4)
    assert read_dice("0 5", D5, None) == (0, 5)
    with pytest.raises(DiceError, match="1 die expected, 0 given"):
        read_dice("  ", D6, None)
    with pytest.raises(DiceError, match="not a face"):
        read_dice("6 9", D6, None)


# --- the Divination order (CF-13) --------------------------------------------------------------------------
def test_cf_13_the_resolver_shows_the_order_refusal_and_follows_the_order(tab_doc, qtbot):
    tab, document = tab_doc
    tab.select_faithful(SHAMAN)  # not its turn: the priestess, Discipline 4, calls first
    choose(tab, "priere", 1)
    assert (
        "CF-13: It is Iron Priestess's turn to call miracles, not Behemoth shaman's" in tab.problems_label.text()
    )
    assert not tab.roll_button.isEnabled() and not tab.dice_entry.apply_button.isEnabled()
    assert tab.roll() is None and document.battle.state(SHAMAN).called == ()
    tab.select_faithful(PRIESTESS)
    qtbot.mouseClick(tab.done_button, Qt.MouseButton.LeftButton)
    assert tab.selected_key == SHAMAN  # the order moved on
    choose(tab, "priere", 1)
    assert tab.problems == [] and tab.roll_button.isEnabled()
    tab.select_faithful(PRIESTESS)
    choose(tab, "renfort", 2)
    assert "CF-13: Iron Priestess is done in the Divination phase this turn and may not call again." in (
        tab.problems_label.text()
    )
    assert not tab.roll_button.isEnabled()
