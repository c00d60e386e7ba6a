"""The fifth game, Litany, in the real window: a plug-in package of its own (tests/plugins/site/litany), found
through its entry point, played everywhere without an edit to Warband's shared code (issue 15).

Builder (New Army For, the catalog browser, a unit's prayers with undo, the problems), files, File → New Battle,
the tracker (the shared bar and summary, the models table), the resolver (exact odds, the LI-03 refusal, typed
and program's dice), saving and resuming a battle, Help → Rules and the exported roster.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from litany.battle import PrayRequest, RulesOptions
from litany.gui.builder_profiles import describe_profiles
from litany.gui.options_box import LitanyOptionsBox
from litany.gui.resolver import LitanyResolverTab, totals
from litany.gui.tracker import LitanyTrackerTab, ModelsTableModel
from litany.gui.unit_panel import HeldPrayersTableModel, LitanyUnitPanel, PrayerChoicesTableModel
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QGroupBox, QPushButton

from warband import api
from warband.gui.army_document import ArmyDocument
from warband.gui.battle_document import BattleDocument
from warband.gui.dialogs import Unsaved
from warband.gui.export_dialog import ExportDialog
from warband.gui.new_battle_dialog import NewBattleDialog
from warband.gui.systems.registry import builder_panels, system_ui
from warband.gui.widgets.battle_log import LogColumn
from warband.gui.widgets.odds_chart import format_percent
from warband.model.edits import AddEntry, AddUnit

LEFT = Qt.MouseButton.LeftButton
GAME = next(game for game in api.games() if game.id == "litany")
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support raise")  # offscreen cannot raise the help


def example_path():
    """The game's example army, in its own package (beside its catalogs), not in Warband's data folder."""
    (catalog, *_more) = GAME.builtin_catalogs()
    (path,) = sorted((catalog.parent / "examples").glob("*.warband.json"))
    return path


@pytest.fixture
def litany_catalogs(builtin_load):
    return builtin_load.for_system("litany")


@pytest.fixture
def litany_window(make_window):
    """A window showing a new Litany army, made through File → New Army For → Litany."""
    window = make_window()
    [action] = [a for a in window.new_army_menu.actions() if a.text() == "Litany"]
    action.trigger()
    return window


def start_battle(window, asker):
    """File → New Battle on the army on screen, through the real dialog (its answer given to the window)."""
    dialog = NewBattleDialog(window.document.army, window)
    dialog.sides[0].player.setText("Aline")
    dialog.sides[1].player.setText("Bruno")
    asker.new_battle_answer = dialog.choose()
    dialog.deleteLater()
    assert window.battles.new_battle()
    return window.battles.document


# --- found, like the built-in games -------------------------------------------------------------------------
def test_the_plug_in_is_registered_with_its_window_parts():
    assert GAME.ui == "litany.gui.ui" and api.load_errors() == []
    ui = system_ui("litany")
    assert ui is not None and ui.battle is not None and ui.options_box is not None
    assert builder_panels("litany").unit_panel is LitanyUnitPanel


def test_new_army_for_lists_litany_and_makes_a_litany_army(litany_window):
    window = litany_window
    texts = [a.text() for a in window.new_army_menu.actions()]
    assert "Litany" in texts and len(texts) == len(api.games())
    assert window.document.army.system == "litany" and window.document.army.units == ()
    assert isinstance(window.builder.unit_panel, LitanyUnitPanel)


# --- the builder --------------------------------------------------------------------------------------------
def test_the_catalog_browser_lists_the_profiles_with_piety_and_cost(qtmodeltester, litany_window):
    browser = litany_window.builder.browser
    model, proxy = browser.profile_model, browser.filter_model
    qtmodeltester.check(model)
    titles = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert titles == ["Name", "Piety", "Cost"]
    rows = {model.index(r, 0).data(): [model.index(r, c).data() for c in (1, 2)] for r in range(model.rowCount())}
    assert rows == {
        "Abbess": ["4", "40"],
        "Chaplain": ["2", "25"],
        "Hermit": ["3", "30"],
        "Halberdier": ["—", "8"],
        "Archer": ["—", "10"],
    }
    kind = browser.findChild(QComboBox, "kindFilter")
    assert [kind.itemText(i) for i in range(kind.count())] == ["Any kind", "Priests only", "Not priests"]
    kind.setCurrentIndex(1)
    assert sorted(proxy.index(r, 0).data() for r in range(proxy.rowCount())) == ["Abbess", "Chaplain", "Hermit"]
    kind.setCurrentIndex(2)
    assert sorted(proxy.index(r, 0).data() for r in range(proxy.rowCount())) == ["Archer", "Halberdier"]
    kind.setCurrentIndex(0)
    browser.findChild(object, "profileFilter").setText("abbesse")  # a name in any language
    assert [proxy.index(r, 0).data() for r in range(proxy.rowCount())] == ["Abbess"]
    assert [c.title for c in describe_profiles().columns] == titles


def add_from_browser(qtbot, window, profile):
    browser = window.builder.browser
    assert browser.select_profile(profile)
    qtbot.mouseClick(browser.findChild(QPushButton, "addProfileButton"), LEFT)
    unit = window.document.army.units[-1]
    assert unit.profile == profile and window.document.selected == unit.id
    return unit.id


def test_adding_a_unit_and_its_prayers_with_undo_and_redo(qtbot, qtmodeltester, litany_window):
    window = litany_window
    document = window.document
    unit_id = add_from_browser(qtbot, window, "abbess")
    assert document.undo_label == "Add Abbess"
    panel = window.builder.unit_panel
    qtmodeltester.check(panel.held_model)
    qtmodeltester.check(panel.choices_model)
    assert panel.findChild(object, "unitTitle").text() == "Abbess"
    assert "priest, piety 4" in panel.findChild(object, "unitPriest").text()
    choices = panel.choices_model
    expected = api.options(document.army, unit_id, document.catalogs)
    assert [choices.choice(r).id for r in range(choices.rowCount())] == [c.id for c in expected]
    assert all(choices.choice(r).eligible for r in range(choices.rowCount()))  # piety 4: every prayer
    saints = next(r for r in range(choices.rowCount()) if choices.choice(r).id == "litany-of-saints")
    assert [choices.index(saints, c).data() for c in range(4)] == ["Litany of the saints", "15", "13", "4"]

    panel.picker.setCurrentIndex(choices.index(saints, 0))
    assert panel.add_button.isEnabled()
    qtbot.mouseClick(panel.add_button, LEFT)
    assert document.army.unit(unit_id).prayers == ("litany-of-saints",)
    assert document.undo_label == "Add prayer Litany of the saints"
    assert window.undo_action.text() == "&Undo Add prayer Litany of the saints"
    assert panel.held_model.rowCount() == 1 and panel.held_model.index(0, 0).data() == "Litany of the saints"
    assert panel.findChild(object, "unitCost").text() == "55 points with its prayers"
    assert choices.index(saints, 0).data(Qt.ItemDataRole.FontRole).bold()  # held: in bold
    window.undo_action.trigger()
    assert document.army.unit(unit_id).prayers == () and panel.held_model.rowCount() == 0
    assert window.redo_action.text() == "&Redo Add prayer Litany of the saints"
    window.redo_action.trigger()
    assert document.army.unit(unit_id).prayers == ("litany-of-saints",)

    assert not panel.remove_button.isEnabled()
    panel.held.selectRow(0)
    assert panel.remove_button.isEnabled()
    qtbot.mouseClick(panel.remove_button, LEFT)
    assert document.army.unit(unit_id).prayers == ()
    assert document.undo_label == "Remove prayer Litany of the saints"
    window.undo_action.trigger()
    assert document.army.unit(unit_id).prayers == ("litany-of-saints",)


def test_the_problems_panel_shows_li_01_and_li_02_with_the_rule(qtbot, litany_window):
    window = litany_window
    document = window.document
    halberdier = add_from_browser(qtbot, window, "halberdier")
    panel = window.builder.unit_panel
    assert "not a priest" in panel.findChild(object, "unitPriest").text()
    choices = panel.choices_model
    assert not any(choices.choice(r).eligible for r in range(choices.rowCount()))
    first = choices.index(0, choices.columnCount() - 1).data()
    assert first.startswith("LI-01: Halberdier is not a priest")
    assert panel.add(0)  # a draft: kept, its problem shown (AR-03)
    chaplain = add_from_browser(qtbot, window, "chaplain")
    for prayer in ("threshold-blessing", "vigil-lamp"):
        row = next(r for r in range(choices.rowCount()) if choices.choice(r).id == prayer)
        assert choices.choice(row).eligible
        assert panel.add(row)
    full = [r for r in range(choices.rowCount()) if not choices.choice(r).eligible]
    assert full and all("LI-02" in choices.index(r, choices.columnCount() - 1).data() for r in full)
    assert panel.add(full[0])
    problems = window.builder.problems
    assert problems.title.text() == "Problems (2)"
    rows = [[problems.model.index(r, c).data() for c in range(3)] for r in range(problems.model.rowCount())]
    assert [row[:2] for row in rows] == [["LI-01", "Halberdier"], ["LI-02", "Chaplain"]]
    assert rows[0][2] == "Halberdier is not a priest and says no prayer (Blessing of the threshold)."
    assert rows[1][2] == "Chaplain holds 3 prayers; a priest of piety 2 holds at most 2."
    held = panel.held_model
    document.select(halberdier)
    assert held.index(0, 2).data() == "LI-01"  # the held prayer names the rule it breaks
    assert "LI-01: Halberdier is not a priest" in held.index(0, 0).data(Qt.ItemDataRole.ToolTipRole)
    problems.table.activated.emit(problems.model.index(1, 2))
    assert document.selected == chaplain
    window.explain_rule_action.trigger()
    assert window.rules_help.current_rule() in ("LI-01", "LI-02")


def test_saving_and_reopening_a_litany_army(qtbot, litany_window, asker, tmp_path):
    window = litany_window
    unit_id = add_from_browser(qtbot, window, "hermit")
    assert window.document.execute(AddEntry(unit_id, "prayers", "wall-hymn"))
    army = window.document.army
    path = tmp_path / "chapel.warband.json"
    asker.save_answer = path
    assert window.save_as()
    assert not window.isWindowModified()
    window.new_army("litany")
    assert window.open_army(path)
    assert window.document.army.units == army.units and window.document.army.system == "litany"
    assert window.document.report.valid
    assert api.load_army(path).units == army.units


# --- File → New Battle ----------------------------------------------------------------------------------------
def test_new_battle_with_litany_shows_its_options_box_only_and_two_sides(qtbot, make_window):
    window = make_window()
    assert window.open_army(example_path())
    dialog = NewBattleDialog(window.document.army, window)
    qtbot.addWidget(dialog)
    assert dialog.game == "litany" and dialog.game_combo.currentText() == "Litany"
    assert len(dialog.sides) == 2
    assert isinstance(dialog.options_box, LitanyOptionsBox)
    assert dialog.options_box.title() == "Litany rules options"
    boxes = [box for box in dialog.findChildren(QGroupBox) if box.objectName() == "rulesOptionsBox"]
    assert boxes == [dialog.options_box]
    assert dialog.options_box.double_six.isChecked()
    dialog.options_box.double_six.setChecked(False)
    choice = dialog.choose()
    assert choice.options == RulesOptions(double_six_always_answers=False)
    assert [army.system for _player, army in choice.sides] == ["litany", "litany"]
    dialog.set_game("confrontation")
    assert not isinstance(dialog.options_box, LitanyOptionsBox)
    dialog.set_game("litany")
    assert isinstance(dialog.options_box, LitanyOptionsBox) and dialog.sides[0].source.count() == 1


# --- the tracker ----------------------------------------------------------------------------------------------
@pytest.fixture
def battle_window(make_window, asker):
    window = make_window()
    assert window.open_army(example_path())
    document = start_battle(window, asker)
    assert type(document) is BattleDocument
    assert isinstance(window.battles.tracker, LitanyTrackerTab)
    assert isinstance(window.battles.resolver, LitanyResolverTab)
    return window


def test_the_tracker_moves_through_the_bar_and_ends_with_the_summary(qtbot, battle_window):
    window = battle_window
    tracker, document = window.battles.tracker, window.battles.document
    bar = tracker.battle_bar
    assert list(bar.step_labels) == ["vigil", "clash"]
    assert bar.turn_label.text() == "Turn 1 — Vigil"
    assert bar.step_labels["vigil"].property("current") is True
    assert not bar.back_button.isEnabled()  # LI-03: no going back from the Vigil
    qtbot.mouseClick(bar.next_button, LEFT)
    assert document.battle.phase == "clash" and bar.step_labels["clash"].property("current") is True
    assert bar.back_button.isEnabled()
    qtbot.mouseClick(bar.back_button, LEFT)
    assert document.battle.phase == "vigil"
    qtbot.mouseClick(bar.next_button, LEFT)
    qtbot.mouseClick(bar.next_button, LEFT)
    assert (document.battle.turn, document.battle.phase) == (2, "vigil")
    assert bar.turn_label.text() == "Turn 2 — Vigil"
    assert not tracker.summary_box.isVisible()
    qtbot.mouseClick(bar.end_button, LEFT)
    assert document.battle.ended and bar.end_button.text() == "Resume battle"
    summary = api.get_system("litany").summary(document.battle, document.run.log)
    assert tracker.summary_box.texts() == [[side.player, *side.lines] for side in summary.sides]
    assert tracker.summary_box.texts()[0] == ["Aline", "Prayers: 0 said, 0 answered", "Models fallen: 0 of 5"]
    fallen = tracker.models_model.index(0, ModelsTableModel.FALLEN)  # over: the model offers no falling now
    assert not tracker.models_model.flags(fallen) & Qt.ItemFlag.ItemIsUserCheckable
    assert not tracker.models_model.setData(fallen, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    window.undo_action.trigger()
    assert not document.battle.ended
    assert tracker.models_model.flags(fallen) & Qt.ItemFlag.ItemIsUserCheckable


def test_the_models_table_ticks_a_model_fallen_and_undoes_it(qtbot, qtmodeltester, battle_window):
    window = battle_window
    tracker, document = window.battles.tracker, window.battles.document
    model = tracker.models_model
    qtmodeltester.check(model)
    assert model.rowCount() == 10 and model.keys()[:2] == ["0:u1", "0:u2"]
    row = model.keys().index("0:u4")
    cells = [model.index(row, c).data() for c in range(model.columnCount())]
    assert cells == ["Aline", "Halberdier at the door", "—", "", "", ""]
    abbess = [model.index(0, c).data() for c in range(model.columnCount())]
    assert abbess == ["Aline", "Mother Agathe", "4", "no", "", "Litany of the saints, Bell of wrath"]
    fallen = model.index(row, ModelsTableModel.FALLEN)
    assert model.flags(fallen) & Qt.ItemFlag.ItemIsUserCheckable
    assert fallen.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Unchecked
    resets, changed = [], []
    model.modelReset.connect(lambda: resets.append(1))
    model.dataChanged.connect(lambda first, last: changed.append((first.row(), last.row())))
    assert model.setData(fallen, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    assert document.battle.models["0:u4"].fallen
    assert resets == [] and changed == [(row, row)]  # only the row that changed is repainted
    assert fallen.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    assert document.run.log[-1].side == 0
    assert window.undo_action.text() == "&Undo Halberdier at the door: Fallen"
    window.undo_action.trigger()
    assert not document.battle.models["0:u4"].fallen
    assert fallen.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Unchecked
    assert document.run.log[-1].undone
    window.redo_action.trigger()
    assert document.battle.models["0:u4"].fallen
    tracker.models_table.selectRow(2)
    qtbot.mouseClick(tracker.resolve_button, LEFT)
    assert window.tabs.currentIndex() == 2 and window.battles.resolver.selected_key == "0:u3"


# --- the resolver ---------------------------------------------------------------------------------------------
def test_the_resolver_shows_the_models_exact_odds(battle_window):
    window = battle_window
    window.tabs.setCurrentIndex(2)
    resolver, document = window.battles.resolver, window.battles.document
    window.battles.kit.select(resolver, "0:u1")
    assert resolver.selected_key == "0:u1"
    combo = resolver.prayer_combo
    assert [combo.itemData(i) for i in range(combo.count())] == ["litany-of-saints", "wrath-bell"]
    assert [resolver.priest_combo.itemData(i) for i in range(resolver.priest_combo.count())] == [
        "0:u1",
        "0:u2",
        "0:u3",
        "1:u1",
        "1:u2",
        "1:u3",
    ]
    system = api.get_system("litany")
    for prayer in ("litany-of-saints", "wrath-bell"):
        resolver.select_prayer(prayer)
        odds = system.odds(document.battle, PrayRequest("0:u1", prayer)).success
        assert resolver.odds_label.text() == f"Answered: {format_percent(odds)} ({odds})"
        assert resolver.chart.success_chance() == odds
    resolver.select_prayer("litany-of-saints")  # 2d6 + 4 ≥ 13: 9 or more, 10/36
    assert resolver.odds_label.text() == "Answered: 27.8% (5/18)"
    assert resolver.refusal is None and resolver.refusal_label.isHidden()
    assert resolver.roll_button.isEnabled() and resolver.dice_entry.apply_button.isEnabled()


def test_the_chart_answers_on_a_double_six_alone_when_the_option_says_so():
    bars, first = totals(2, 20, True)
    assert [label for label, _chance in bars] == [str(t) for t in range(4, 15)]
    assert first == len(bars) - 1 and bars[first] == ("14", Fraction(1, 36))
    assert totals(2, 20, False)[1] == len(bars)  # never answered


def test_an_li_03_refusal_is_shown_and_disables_the_roll(qtbot, battle_window):
    window = battle_window
    resolver, document = window.battles.resolver, window.battles.document
    window.tabs.setCurrentIndex(2)
    window.battles.kit.select(resolver, "0:u1")
    document.take(next(a for a in document.actions() if a.kind == "next_phase"))  # the Clash
    assert resolver.refusal.rule == "LI-03"
    assert not resolver.refusal_label.isHidden()
    assert resolver.refusal_label.text() == "LI-03: Prayers are said in the Vigil; this is the Clash."
    assert not resolver.roll_button.isEnabled() and not resolver.dice_entry.apply_button.isEnabled()
    lines = len(document.run.log)
    assert resolver.pray() is None and len(document.run.log) == lines
    window.undo_action.trigger()  # back in the Vigil
    assert resolver.refusal is None and resolver.roll_button.isEnabled()


def test_a_prayer_with_typed_dice_is_carried_out_and_logged(qtbot, battle_window):
    window = battle_window
    resolver, document, tracker = window.battles.resolver, window.battles.document, window.battles.tracker
    window.tabs.setCurrentIndex(2)
    window.battles.kit.select(resolver, "0:u1")
    resolver.select_prayer("litany-of-saints")
    entry = resolver.dice_entry
    qtbot.keyClicks(entry.edit, "6")  # one die: two are thrown
    qtbot.mouseClick(entry.apply_button, LEFT)
    assert entry.error_text() and not document.battle.models["0:u1"].prayed
    entry.edit.clear()
    qtbot.keyClicks(entry.edit, "5 4")
    qtbot.keyClick(entry.edit, Qt.Key.Key_Return)
    state = document.battle.models["0:u1"]
    assert state.prayed and state.answered == 1  # 5 + 4 + piety 4 = 13 against 13
    last = document.run.log[-1]
    assert (last.dice, last.source, last.success, last.side) == ((5, 4), "typed", True, 0)
    text = "Mother Agathe prays Litany of the saints: 5 + 4 + piety 4 = 13 against 13: answered"
    assert resolver.outcome_label.text() == f"Aline: {text} (typed)"
    assert resolver.state_label.text() == "Prayed this turn; prayers answered in this battle: 1."
    assert entry.edit.text() == ""
    assert window.undo_action.text() == "&Undo Pray Litany of the saints"
    log = tracker.log_panel.model
    assert log.index(log.rowCount() - 1, log.column(LogColumn.TEXT)).data() == text
    assert log.index(log.rowCount() - 1, log.column(LogColumn.PHASE)).data() == "Vigil"
    assert log.index(log.rowCount() - 1, log.column(LogColumn.DICE)).data() == "5 + 4 (typed)"
    # prayed this turn: LI-03 again, with its own reason
    assert resolver.refusal.rule == "LI-03"
    assert resolver.refusal_label.text() == "LI-03: Mother Agathe has already prayed this turn."
    assert not resolver.roll_button.isEnabled()
    # the program's dice, for another priest
    window.battles.kit.select(resolver, "1:u3")
    lines = len(document.run.log)
    qtbot.mouseClick(resolver.roll_button, LEFT)
    assert len(document.run.log) == lines + 1 and document.run.log[-1].source == "rolled"
    assert document.battle.models["1:u3"].prayed
    row = tracker.models_model.keys().index("1:u3")
    assert tracker.models_model.index(row, ModelsTableModel.PRAYED).data() == "yes"


def test_a_battle_saved_reopened_and_its_journal_resumed(make_window, asker, tmp_path, battle_window):
    window = battle_window
    document = window.battles.document
    window.battles.kit.select(window.battles.resolver, "0:u2")
    assert window.battles.resolver.pray_with_dice((6, 6)) is not None  # a double six: answered
    row = window.battles.tracker.models_model.keys().index("1:u5")
    model = window.battles.tracker.models_model
    assert model.setData(
        model.index(row, ModelsTableModel.FALLEN), Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole
    )
    expected = document.battle
    path = tmp_path / "chapel.battle.json"
    asker.save_battle_answer = path
    assert window.battles.save_as()
    # the program stops without closing: the journal is offered back in a new window
    restarted = make_window()
    assert restarted.battles.offer_resume()
    resumed = restarted.battles.document
    assert resumed.battle == expected
    assert isinstance(restarted.battles.tracker, LitanyTrackerTab)
    assert resumed.run.session.undo_label == "Archer in the tower: Fallen"
    resumed.undo()
    assert not resumed.battle.models["1:u5"].fallen
    resumed.undo()
    assert not resumed.battle.models["0:u2"].prayed
    asker.unsaved_answer = Unsaved.DISCARD
    assert restarted.battles.open_battle(path)
    assert restarted.battles.document.battle == expected
    assert [e.dice for e in restarted.battles.document.run.log if e.dice] == [(6, 6)]


# --- help and roster ------------------------------------------------------------------------------------------
def test_help_rules_lists_the_li_rules(window):
    window.rules_action.trigger()
    dialog = window.rules_help
    [heading] = [
        dialog.tree.topLevelItem(i)
        for i in range(dialog.tree.topLevelItemCount())
        if dialog.tree.topLevelItem(i).text(0) == "Litany: chapels and prayers"
    ]
    children = [heading.child(i).text(0) for i in range(heading.childCount())]
    assert [text.split()[0] for text in children] == ["LI-01", "LI-02", "LI-03"]
    assert children[0] == "LI-01  Prayers are for priests"
    assert dialog.show_rule("LI-03")
    assert dialog.text.toPlainText().startswith("LI-03 — The Vigil and its prayers")
    dialog.set_search("double six")
    assert dialog.visible_rules() == ["LI-03"]


def test_the_exported_roster_shows_piety_and_prayers(make_window, tmp_path):
    window = make_window()
    assert window.open_army(example_path())
    for fmt, suffix in (("text", ".txt"), ("html", ".html")):
        window.export_path_chooser = lambda suggested, chosen, fmt=fmt, suffix=suffix: tmp_path / f"chapel{suffix}"
        window.export_action.trigger()
        [dialog] = [d for d in window.findChildren(ExportDialog) if d.isVisible()]
        dialog.set_format(fmt)
        assert dialog.browse() and dialog.export()
        text = (tmp_path / f"chapel{suffix}").read_text(encoding="utf-8").replace("&nbsp;", " ")
        for words in ("Mother Agathe", "Piety 4", "Litany of the saints", "Bell of wrath", "Not a priest"):
            assert words in text, (fmt, words)


def test_a_unit_panel_on_its_own_document(qtbot, qtmodeltester, litany_catalogs):
    """The panel and its models on a document of their own, without the window."""
    army = api.load_army(example_path())
    document = ArmyDocument(army, litany_catalogs)
    panel = LitanyUnitPanel(document)
    qtbot.addWidget(panel)
    held = HeldPrayersTableModel(document)
    choices = PrayerChoicesTableModel(document)
    assert held.rowCount() == choices.rowCount() == 0  # nothing selected
    document.select("u3")
    qtmodeltester.check(held)
    qtmodeltester.check(choices)
    assert [held.entry(r).id for r in range(held.rowCount())] == ["threshold-blessing", "wall-hymn"]
    changed = []
    choices.dataChanged.connect(lambda first, last: changed.append((first.row(), last.row())))
    resets = []
    choices.modelReset.connect(lambda: resets.append(1))
    document.execute(AddUnit("u9", "archer"))  # another unit: the hermit's rows stay as they are
    assert changed == [] and resets == []
    document.execute(AddEntry("u3", "prayers", "wrath-bell"))  # full now (LI-02): every row may change
    assert changed and resets == []
