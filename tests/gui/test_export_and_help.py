"""File → Export Roster, Print Preview and Print, and Help → Rules with the rule of the last problem or refusal,
driven through the real main window (a scripted path chooser instead of the file dialog)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex
from PySide6.QtPrintSupport import QPrinter

from tests.gui.conftest import army
from warband.export.roster import SUFFIXES
from warband.gui.export_dialog import ExportDialog, RosterPreviewDialog, suggested_path, with_format
from warband.gui.new_battle_dialog import NewBattle
from warband.gui.rules_help import RulesHelpDialog, rule_sentences
from warband.model.edits import AddEntry, AddUnit, SetArmyField
from warband.model.rules_text import RULES, SYSTEMS, rules_of
from warband.model.system import games
from warband.model.systems.confrontation.battle_commands import PreviousPhase
from warband.model.systems.confrontation.battle_state import RulesOptions

HOSTILE = "<img src=x onerror=alert(1)>"

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support raise")  # offscreen cannot raise the help


def add_unit(window, profile="iron-priestess", **entries):
    document = window.document
    unit_id = document.new_unit_id()
    document.execute(AddUnit(unit_id, profile), select=unit_id)
    for kind, entry in entries.items():
        document.execute(AddEntry(unit_id, kind, entry))
    return unit_id


class Chooser:
    """Answers "where to write?" as a test says, and remembers the questions."""

    def __init__(self, answer):
        self.answer = answer
        self.asked = []

    def __call__(self, suggested, fmt):
        self.asked.append((suggested.name, fmt))
        return self.answer(fmt) if callable(self.answer) else self.answer


def open_export(window, chooser):
    window.export_path_chooser = chooser
    window.export_action.trigger()
    [dialog] = [d for d in window.findChildren(ExportDialog) if d.isVisible()]
    return dialog


# --- export ------------------------------------------------------------------------------------------------
def test_the_file_menu_lists_export_print_preview_and_print_with_shortcuts(window):
    names = [a.objectName() for a in window.menuBar().actions()[0].menu().actions()]
    assert names.index("actionExportRoster") < names.index("actionPrintPreview") < names.index("actionPrint")
    assert window.export_action.shortcut().toString() == "Ctrl+Shift+E"  # Ctrl+E types dice in the resolvers
    assert window.print_action.shortcut().toString() == "Ctrl+P"
    assert window.print_preview_action.shortcut().toString() == "Ctrl+Shift+P"


def test_export_writes_each_format_through_the_chooser(window, tmp_path):
    add_unit(window, miracles="messager-divin")
    add_unit(window, "griffin-trooper")
    window.document.execute(SetArmyField("name", HOSTILE))
    for fmt in ("text", "html", "pdf"):
        chooser = Chooser(lambda f: tmp_path / f"gate{SUFFIXES[f]}")
        dialog = open_export(window, chooser)
        dialog.set_format(fmt)
        assert dialog.browse()
        assert dialog.path() == tmp_path / f"gate{SUFFIXES[fmt]}"
        assert chooser.asked[0][1] == fmt
        assert dialog.export()
        assert not dialog.isVisible()
        assert window.statusBar().currentMessage() == f"Roster written to {tmp_path / f'gate{SUFFIXES[fmt]}'}"
    text = (tmp_path / "gate.txt").read_text(encoding="utf-8")
    assert HOSTILE in text and "Iron Priestess" in text and "Divine Messenger" in text
    html = (tmp_path / "gate.html").read_text(encoding="utf-8")
    assert HOSTILE not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert (tmp_path / "gate.pdf").read_bytes().startswith(b"%PDF")


def test_the_suggested_file_follows_the_army_and_the_format(window, tmp_path):
    window.document.execute(SetArmyField("name", "North / gate"))
    chooser = Chooser(None)  # the player cancels the file dialog
    dialog = open_export(window, chooser)
    assert dialog.format() == "text"
    assert dialog.path().name == "North - gate.txt"
    dialog.set_format("pdf")
    assert dialog.path().name == "North - gate.pdf"
    assert not dialog.browse()
    assert chooser.asked == [("North - gate.pdf", "pdf")]
    assert dialog.path().name == "North - gate.pdf"  # cancelling keeps what was there
    dialog.reject()
    assert suggested_path(window.document.army, tmp_path / "gate.warband.json", "html") == tmp_path / "gate.html"
    hostile = army(name=HOSTILE)
    assert suggested_path(hostile, None, "text").name == "-img src=x onerror=alert(1)-.txt"
    assert with_format(tmp_path / "mine.roster", "html") == tmp_path / "mine.roster"  # the player's own suffix


def test_a_failed_export_names_the_file_and_the_reason_and_loses_nothing(window, asker, tmp_path):
    add_unit(window)
    before = window.document.army
    missing = tmp_path / "gone" / "gate.txt"
    dialog = open_export(window, Chooser(missing))
    assert dialog.browse()
    assert not dialog.export()
    [(title, text)] = asker.errors
    assert title == "Cannot export the roster"
    assert str(missing) in text and "the folder does not exist" in text
    assert dialog.isVisible()  # still open, to choose another place
    assert window.document.army is before and window.isWindowModified()
    assert not missing.exists()

    dialog.path_edit.setText(str(tmp_path / "gate.txt"))
    assert dialog.export()
    assert "Iron Priestess" in (tmp_path / "gate.txt").read_text(encoding="utf-8")
    assert window.document.army is before


def test_export_without_a_path_asks_for_one(window, tmp_path):
    chooser = Chooser(tmp_path / "asked")
    dialog = open_export(window, chooser)
    dialog.path_edit.clear()
    assert dialog.export()
    assert (tmp_path / "asked.txt").is_file()  # the format's suffix is added to a bare name
    assert len(chooser.asked) == 1


# --- printing ----------------------------------------------------------------------------------------------
def test_print_preview_shows_the_roster_with_the_players_text_escaped(window, qtbot):
    add_unit(window, miracles="messager-divin")
    window.document.execute(SetArmyField("name", HOSTILE))
    window.print_preview_action.trigger()
    [dialog] = [d for d in window.findChildren(RosterPreviewDialog) if d.isVisible()]
    assert dialog.windowTitle() == f"Print preview — {HOSTILE}"
    html = dialog.roster_document.toHtml()
    assert "Iron Priestess" in html and "Divine Messenger" in html
    assert "&lt;img src=x onerror=alert(1)&gt;</" in html  # the heading is text, not an image
    assert HOSTILE in dialog.roster_document.toPlainText()  # shown as the characters typed
    dialog.grab()  # lays the pages out offscreen, through paintRequested
    dialog.close()


def test_print_on_a_pdf_printer(window, tmp_path):
    add_unit(window)
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    assert window.print_roster(printer)
    assert (tmp_path / "printed.pdf").read_bytes().startswith(b"%PDF")
    assert window.statusBar().currentMessage() == "Roster sent to the printer"


# --- rules help --------------------------------------------------------------------------------------------
def test_f1_opens_the_rules_by_system(window):
    assert window.rules_action.shortcut().toString() == "F1"
    window.rules_action.trigger()
    dialog = window.rules_help
    assert isinstance(dialog, RulesHelpDialog) and dialog.isVisible()
    assert dialog.tree.topLevelItemCount() == len(games()) + 1  # each registered game's rules, then the shared
    assert dialog.tree.topLevelItem(0).text(0) == "Confrontation: miracles and the Divination phase"
    assert dialog.tree.topLevelItem(0).child(10).text(0) == "CF-11  Engaged or wounded Faithful cannot call"
    # every rule, grouped by game in the help's order (the registry's: a plug-in's rules come after the built-ins',
    # wherever its prefix sorts), then the shared ones
    assert dialog.visible_rules() == [rule.id for prefix in SYSTEMS for rule in rules_of(prefix)]
    assert sorted(dialog.visible_rules()) == sorted(RULES)
    assert dialog.current_rule() == "CF-01"
    window.rules_action.trigger()
    assert window.rules_help is dialog  # one window, raised again


def test_show_rule_selects_it_and_shows_its_text(qtbot):
    dialog = RulesHelpDialog()
    qtbot.addWidget(dialog)
    assert dialog.show_rule("CF-11")
    assert dialog.current_rule() == "CF-11"
    assert dialog.tree.currentItem().text(0).startswith("CF-11")
    text = dialog.text.toPlainText()
    assert text.startswith("CF-11 — Engaged or wounded Faithful cannot call")
    assert "Warrior-monks are exempt." in text
    assert not dialog.show_rule("CF-42")
    assert dialog.current_rule() == "CF-11"
    dialog.show_rule("CF-19")
    assert "Rules options (chosen when a battle starts):\n• A natural 1 always fails (default: yes)." in (
        dialog.text.toPlainText()
    )
    assert dialog.text.toPlainText() == rule_sentences(RULES["CF-19"])


def test_the_search_filters_the_rules(qtbot):
    dialog = RulesHelpDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.show_rule("AR-05")
    dialog.set_search("warrior-monks")
    assert dialog.visible_rules() == ["CF-10", "CF-11"]
    assert dialog.current_rule() == "CF-10"  # the rule shown was filtered out: the first match is shown
    assert dialog.text.toPlainText().startswith("CF-10")
    assert dialog.tree.topLevelItem(1).isHidden()  # power dice: nothing matches
    dialog.set_search("fate 4+")
    assert dialog.visible_rules() == ["SB-04"]
    dialog.set_search("nothing like this")
    assert dialog.visible_rules() == []
    assert dialog.empty.isVisible()
    assert dialog.text.toPlainText() == ""
    dialog.show_rule("PD-06")  # asking for a hidden rule clears the search
    assert dialog.search.text() == ""
    assert len(dialog.visible_rules()) == len(RULES)  # every registered game's, and the shared ones
    assert dialog.current_rule() == "PD-06"
    assert not dialog.empty.isVisible()


def test_explain_rule_opens_the_rule_of_the_problem_that_appeared(window):
    action = window.explain_rule_action
    assert not action.isEnabled()
    assert action.shortcut().toString() == "Ctrl+F1"
    assert action in window.menuBar().actions()[-1].menu().actions()
    unit_id = add_unit(window, miracles="messager-divin")
    window.document.execute(AddEntry(unit_id, "miracles", "messager-divin"))  # owned twice
    assert [p.rule for p in window.document.report.problems] == ["CF-06"]
    assert action.isEnabled() and action.text() == "Explain Rule CF-06"
    action.trigger()
    assert window.rules_help.isVisible() and window.rules_help.current_rule() == "CF-06"

    window.document.execute(SetArmyField("points_limit", 10))  # over the limit: a new problem
    assert window.rule_namer.last_rule == "CF-07"
    action.trigger()
    assert window.rules_help.current_rule() == "CF-07"

    table = window.builder.problems.table
    row = next(r for r in range(table.model().rowCount()) if table.model().index(r, 0).data() == "CF-06")
    table.setCurrentIndex(table.model().index(row, 0))  # the problem selected names its rule
    assert action.text() == "Explain Rule CF-06"
    assert action in table.actions()  # and its context menu offers it
    action.trigger()
    assert window.rules_help.current_rule() == "CF-06"
    table.setCurrentIndex(QModelIndex())
    assert window.rule_namer.last_rule == "CF-06"


def test_explain_rule_opens_the_rule_of_the_last_refusal(window, asker):
    guard = army({"id": "u1", "profile": "iron-priestess"})
    asker.new_battle_answer = NewBattle((("Aline", guard), ("Bruno", guard)), RulesOptions())
    assert window.battles.new_battle()
    assert not window.battles.document.act(PreviousPhase())  # refused: the first phase of the turn
    assert window.rule_namer.last_rule == "CF-08"
    window.explain_rule_action.trigger()
    assert window.rules_help.current_rule() == "CF-08"

    window.statusBar().showMessage("Saved to /tmp/SB-05.battle.json")  # a path is not a refusal
    assert window.rule_namer.last_rule == "CF-08"
    window.statusBar().showMessage("SB-05: not during this phase")
    assert window.rule_namer.last_rule == "SB-05"


def test_a_new_army_keeps_following_its_problems(window, asker):
    window.new_army()
    add_unit(window, "griffin-trooper", miracles="messager-divin")  # not a Faithful
    assert window.rule_namer.last_rule == "CF-01"
