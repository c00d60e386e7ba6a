"""The roster, its totals and the problems panel, driven through real widgets and a real session."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt

from warband.gui.builder.problems_panel import ProblemsPanel, ProblemsTableModel
from warband.gui.builder.roster_panel import RosterPanel
from warband.gui.builder.roster_table_model import MIME_TYPE, RosterTableModel
from warband.model.edits import AddEntry
from warband.model.names import display_name


def ids(document):
    return [u.id for u in document.army.units]


def make_roster(qtbot, document):
    panel = RosterPanel(document)
    qtbot.addWidget(panel)
    panel.resize(600, 400)
    panel.show()
    return panel


def test_models_pass_the_model_tester(qtmodeltester, document):
    qtmodeltester.check(RosterTableModel(document))
    qtmodeltester.check(ProblemsTableModel(document))


def test_roster_shows_units_with_labels_profiles_and_costs(qtbot, document):
    panel = make_roster(qtbot, document)
    model = panel.model
    assert model.rowCount() == 3
    assert model.columnCount() == 4  # Confrontation buys no models in numbers: no Count column
    monk = display_name(document.catalogs.get("profiles", "templar-warrior-monk").name)
    assert [model.index(r, 0).data() for r in range(3)] == ["Iron Priestess", "Gawen", monk]
    assert model.index(0, 0).data(Qt.ItemDataRole.EditRole) == ""  # no label of its own: the profile shows
    report = document.report
    cost_column = model.column_of(RosterTableModel.COST)
    assert [model.index(r, cost_column).data() for r in range(3)] == [u.cost for u in report.units]


def test_editing_a_label_is_one_labelled_undo_step(qtbot, document):
    panel = make_roster(qtbot, document)
    index = panel.model.index(0, panel.model.column_of(RosterTableModel.LABEL))
    assert panel.model.setData(index, "Aline of the north gate")
    assert document.army.units[0].label == "Aline of the north gate"
    assert document.session.undo_label == "Rename unit"
    document.undo()
    assert document.army.units[0].label == ""
    assert index.data() == "Iron Priestess"


def test_typing_the_army_name_is_one_undo_step(qtbot, document):
    panel = make_roster(qtbot, document)
    panel.name_edit.clear()
    qtbot.keyClicks(panel.name_edit, "Light of Merin")
    assert document.army.name == "Light of Merin"
    steps = [s.label for s in document.session.history]
    assert steps.count("Rename army") == 1
    document.undo()
    assert document.army.name == "Gate guard"
    assert panel.name_edit.text() == "Gate guard"


def test_remove_duplicate_and_move_with_selection_restored_by_undo(qtbot, document):
    panel = make_roster(qtbot, document)
    document.select("u2")
    assert panel.table.selectionModel().selectedRows()[0].row() == 1
    qtbot.mouseClick(panel.duplicate_button, Qt.MouseButton.LeftButton)
    assert ids(document) == ["u1", "u2", "u4", "u3"]
    assert document.selected == "u4"
    assert document.session.undo_label == "Duplicate Gawen"
    qtbot.mouseClick(panel.up_button, Qt.MouseButton.LeftButton)
    assert ids(document) == ["u1", "u4", "u2", "u3"]
    qtbot.mouseClick(panel.remove_button, Qt.MouseButton.LeftButton)
    assert ids(document) == ["u1", "u2", "u3"]
    assert document.selected == "u2"  # the next unit takes the place
    document.undo()
    assert ids(document) == ["u1", "u4", "u2", "u3"]
    assert document.selected == "u4"
    assert panel.table.selectionModel().selectedRows()[0].row() == 1
    document.undo()
    document.undo()
    assert ids(document) == ["u1", "u2", "u3"]
    assert document.selected == "u2"


def test_delete_key_in_the_roster_removes_the_unit(qtbot, document):
    panel = make_roster(qtbot, document)
    document.select("u3")
    panel.table.setFocus()
    qtbot.keyClick(panel.table, Qt.Key.Key_Delete)
    assert ids(document) == ["u1", "u2"]


def test_new_ids_are_never_reused_in_a_document(qtbot, document):
    panel = make_roster(qtbot, document)
    document.select("u3")
    panel.duplicate_selected()
    assert ids(document)[-1] == "u4"
    document.select("u4")
    panel.remove_selected()
    document.select("u3")
    panel.duplicate_selected()
    assert ids(document)[-1] == "u5"


def test_buttons_follow_the_selection(qtbot, document):
    panel = make_roster(qtbot, document)
    document.select(None)
    assert not panel.remove_button.isEnabled()
    document.select("u1")
    assert (panel.up_button.isEnabled(), panel.down_button.isEnabled()) == (False, True)
    document.select("u3")
    assert (panel.up_button.isEnabled(), panel.down_button.isEnabled()) == (True, False)


def test_drag_and_drop_moves_through_the_model(qtbot, document):
    panel = make_roster(qtbot, document)
    model = panel.model
    assert model.moveRows(QModelIndex(), 0, 1, QModelIndex(), 3)
    assert ids(document) == ["u2", "u3", "u1"]
    assert document.session.undo_label == "Move unit"
    mime = model.mimeData([model.index(2, 0)])
    assert mime.hasFormat(MIME_TYPE)
    model.dropMimeData(mime, Qt.DropAction.MoveAction, 0, 0, QModelIndex())
    assert ids(document) == ["u1", "u2", "u3"]
    assert not model.moveRows(QModelIndex(), 0, 1, QModelIndex(), 1)  # onto itself: nothing


def test_totals_and_the_points_limit(qtbot, document):
    panel = make_roster(qtbot, document)
    total = document.report.total_cost
    assert panel.total_label.text() == f"Total: {total} / 400 A.P."
    panel.limit_spin.setValue(50)
    assert document.army.points_limit == 50
    assert panel.total_label.property("over") is True
    assert any(p.code == "army.over_limit" for p in document.report.problems)
    panel.limit_check.setChecked(False)
    assert document.army.points_limit is None
    assert panel.total_label.text() == f"Total: {total} A.P. (no limit)"
    assert not panel.limit_spin.isEnabled()
    document.undo()
    assert document.army.points_limit == 50
    assert panel.limit_check.isChecked()


def test_problems_update_and_activating_one_selects_its_unit(qtbot, document):
    problems = ProblemsPanel(document)
    qtbot.addWidget(problems)
    assert problems.title.text() == "No problems"
    document.execute(AddEntry("u2", "miracles", "renfort", label="Add miracle Renfort"))
    assert problems.title.text() == "Problems (1)"
    model = problems.model
    assert [model.index(0, c).data() for c in range(2)] == ["CF-01", "Gawen"]
    assert "Gawen is not a Faithful" in model.index(0, 2).data()
    document.select("u1")
    problems.table.activated.emit(model.index(0, 2))
    assert document.selected == "u2"
    document.undo()
    assert problems.title.text() == "No problems"
