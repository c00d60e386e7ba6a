"""File → Import List from Text…: the dialog reads a pasted list as the player types, shows what each line became,
offers the closest name for a line it cannot read, and the army opens as a new one or is added as one change."""

from __future__ import annotations

from PySide6.QtCore import Qt

from warband import api
from warband.export.roster_share import share_text
from warband.gui.list_import_dialog import ImportChoice, ListImportDialog
from warband.model.army import load_army
from warband.model.locations import data_dir
from warband.model.names import display_name

GAMES = [("confrontation", "Confrontation"), ("sbg", "Strategy Battle Game")]


def dialog(qtbot, builtin_load, current=None):
    made = ListImportDialog(GAMES, builtin_load.for_system, current)
    qtbot.addWidget(made)
    made.show()
    return made


def cells(made):
    table = made.lines_table
    return [[table.item(row, column).text() for column in range(3)] for row in range(table.rowCount())]


def test_a_shared_roster_pasted_reads_as_its_army_and_names_its_game(qtbot, builtin_load):
    army = load_army(data_dir() / "sbg" / "examples" / "riders-of-rohan.warband.json")
    made = dialog(qtbot, builtin_load)
    assert made.system == "confrontation" and not made.open_button.isEnabled()
    made.text_edit.setPlainText(share_text(army, builtin_load.for_system("sbg")))
    qtbot.waitUntil(lambda: made.read is not None)
    assert made.system == "sbg"  # the header names the game
    rows = cells(made)
    assert rows[0][1] == "left out" and rows[-1][1] == "left out"
    catalogs = builtin_load.for_system("sbg")
    shown = [
        (f"{u.count}× " if u.count > 1 else "") + display_name(catalogs.get("profiles", u.profile).name)
        for u in army.units
    ]
    assert [row[1] for row in rows[1:-1]] == shown
    assert made.summary.text() == "6 units read"
    assert made.open_button.isEnabled() and not made.add_button.isVisible()
    qtbot.mouseClick(made.open_button, Qt.MouseButton.LeftButton)
    assert made.result() == made.DialogCode.Accepted
    assert [(u.profile, u.count) for u in made.choice.army.units] == [(u.profile, u.count) for u in army.units]
    assert made.choice.add is False


def test_a_line_not_read_offers_the_closest_name_and_uses_it(qtbot, builtin_load):
    made = dialog(qtbot, builtin_load)
    made.game_combo.setCurrentIndex(made.game_combo.findData("sbg"))
    made.text_edit.setPlainText("3x Rider of Rohan\n2x Legolass: Elven bow")
    made.refresh()
    assert made.summary.text() == "1 unit read · 1 line not read"
    assert cells(made)[1][1] == "not read" and "closest: Legolas" in cells(made)[1][2]
    made.lines_table.selectRow(1)
    assert made.use_button.isVisible() and made.use_button.text().startswith("Use “Legolas")
    qtbot.mouseClick(made.use_button, Qt.MouseButton.LeftButton)
    assert made.text_edit.toPlainText().splitlines()[1].startswith("2x Legolas")
    assert made.summary.text().startswith("2 units read")
    made.text_edit.undo()  # the box's own undo takes the change back
    made.refresh()
    assert "Legolass" in made.text_edit.toPlainText()


def test_typing_reads_the_list_again_after_a_pause(qtbot, builtin_load):
    made = dialog(qtbot, builtin_load)
    made.game_combo.setCurrentIndex(made.game_combo.findData("sbg"))
    qtbot.keyClicks(made.text_edit, "Captain of Rohan")
    qtbot.waitUntil(lambda: made.summary.text() == "1 unit read", timeout=2000)


def test_add_to_this_army_keeps_its_units_and_name(qtbot, builtin_load):
    army = load_army(data_dir() / "sbg" / "examples" / "riders-of-rohan.warband.json")
    made = dialog(qtbot, builtin_load, army)
    assert made.system == "sbg" and made.add_button.isVisible()
    made.text_edit.setPlainText("Captain of Rohan")
    made.refresh()
    qtbot.mouseClick(made.add_button, Qt.MouseButton.LeftButton)
    assert made.choice.add and made.choice.army.name == army.name
    assert made.choice.army.units[: len(army.units)] == army.units and len(made.choice.army.units) == 7
    made = dialog(qtbot, builtin_load, army)
    made.game_combo.setCurrentIndex(made.game_combo.findData("confrontation"))
    made.text_edit.setPlainText("Iron Priestess")
    made.refresh()
    assert made.open_button.isEnabled() and not made.add_button.isEnabled()  # another game's army


def test_the_window_opens_the_list_as_a_new_unsaved_army_or_adds_it_with_undo(make_window, asker, builtin_load):
    window = make_window()
    window.open_army(data_dir() / "sbg" / "examples" / "riders-of-rohan.warband.json")
    before = window.document.army
    catalogs = builtin_load.for_system("sbg")
    read = api.import_list("Captain of Rohan", before, catalogs).army
    asker.import_list_answer = lambda games, catalogs_for, current: ImportChoice(read, add=True)
    window.import_list_action.trigger()
    assert window.document.army == read and window.document.undo_label == "Import 1 unit from text"
    window.undo_action.trigger()
    assert window.document.army == before
    fresh = api.import_list("3x Rider of Rohan", api.new_army("sbg"), catalogs).army
    asker.import_list_answer = lambda games, catalogs_for, current: ImportChoice(fresh, add=False)
    window.import_list_action.trigger()
    assert window.document.army == fresh and window.document.path is None and window.document.modified
    assert "import list" in asker.asked
