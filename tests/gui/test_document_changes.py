"""The documents say what changed (a `Change`), and the shared views refresh only the part they show."""

from __future__ import annotations

from warband.gui.builder.held_model import HeldEntriesModel
from warband.gui.builder.roster_panel import RosterPanel
from warband.gui.document import Change
from warband.gui.systems.confrontation.held_table_model import HeldTableModel
from warband.model.edits import AddEntry, SetArmyField, SetUnitField


def spy(model):
    """The rows each dataChanged covered, and the number of resets, as the model emits them."""
    seen = {"rows": [], "resets": 0}
    model.dataChanged.connect(lambda first, last, roles=(): seen["rows"].append((first.row(), last.row())))
    model.modelReset.connect(lambda: seen.__setitem__("resets", seen["resets"] + 1))
    return seen


def test_change_touched_answers_by_identity_then_equality():
    before = {"a": (1, 2), "b": [3]}
    after = {**before, "b": [3]}  # an equal part as another object: not touched
    change = Change(before, after)
    assert not change.touched(lambda s: s["a"]) and not change.touched(lambda s: s["b"])
    assert Change(before, {**before, "b": [4]}).touched(lambda s: s["b"])
    assert Change(before, before, everything=True).touched(lambda s: s["a"])


def test_the_army_document_sends_the_army_before_and_after(qtbot, document):
    seen: list[Change] = []
    document.state_changed.connect(seen.append)
    before = document.army
    assert document.execute(SetArmyField("name", "North gate"))
    assert [(c.before, c.after, c.everything) for c in seen] == [(before, document.army, False)]
    document.undo()
    assert seen[-1].before.name == "North gate" and seen[-1].after is before
    document.set_catalogs(document.catalogs)
    assert seen[-1].everything


def test_the_report_is_told_only_when_it_changed(qtbot, document):
    told: list[int] = []
    document.report_changed.connect(lambda: told.append(1))
    assert document.report.total_cost > 0  # worked out, as the views on screen ask for it
    assert document.execute(SetUnitField("u2", "notes", "holds the bridge"))  # no rule reads notes
    assert told == []
    assert document.execute(AddEntry("u1", "miracles", "bouclier-de-merin"))  # a cost changes
    assert told == [1]
    document.undo()
    assert told == [1, 1]


def test_the_roster_repaints_only_the_unit_that_changed(qtbot, document):
    panel = RosterPanel(document)
    qtbot.addWidget(panel)
    seen = spy(panel.model)
    assert document.execute(SetArmyField("name", "North gate"))
    assert seen == {"rows": [], "resets": 0}  # the army's name is not in the table
    assert panel.name_edit.text() == "North gate"
    assert document.execute(SetUnitField("u2", "label", "Gawen the bold"))
    assert seen["rows"] == [(1, 1)] and seen["resets"] == 0
    assert panel.model.index(1, 0).data() == "Gawen the bold"
    document.undo()
    assert seen["rows"][-1] == (1, 1) and panel.model.index(1, 0).data() == "Gawen"
    seen["rows"].clear()
    document.set_catalogs(document.catalogs)  # names may have changed: every row
    assert sorted(set(seen["rows"])) == [(0, 0), (1, 1), (2, 2)]


def test_the_roster_panel_boxes_follow_undo_of_the_limit(qtbot, document):
    panel = RosterPanel(document)
    qtbot.addWidget(panel)
    assert document.execute(SetArmyField("points_limit", 250))
    assert panel.limit_spin.value() == 250 and panel.limit_check.isChecked()
    assert document.execute(SetArmyField("points_limit", None))
    assert not panel.limit_check.isChecked() and not panel.limit_spin.isEnabled()
    document.undo()
    assert panel.limit_check.isChecked() and panel.limit_spin.value() == 250
    assert "250" in panel.total_label.text()


def test_what_a_unit_holds_is_read_again_only_when_that_unit_changed(qtbot, document):
    model = HeldTableModel(document, "miracles")
    assert isinstance(model, HeldEntriesModel)
    document.select("u1")
    seen = spy(model)
    reads: list[int] = []
    real = model.read
    model.read = lambda unit: reads.append(1) or real(unit)
    assert document.execute(SetUnitField("u2", "label", "Gawen the bold"))
    assert document.execute(SetArmyField("name", "North gate"))
    assert reads == [] and seen["resets"] == 0
    inserted: list[tuple[int, int]] = []
    removed: list[tuple[int, int]] = []
    model.rowsInserted.connect(lambda _parent, first, last: inserted.append((first, last)))
    model.rowsRemoved.connect(lambda _parent, first, last: removed.append((first, last)))
    assert document.execute(AddEntry("u1", "miracles", "bouclier-de-merin"))  # the new row inserted, no reset
    assert reads and seen["resets"] == 0 and inserted == [(1, 1)] and model.rowCount() == 2
    document.undo()
    assert seen["resets"] == 0 and removed == [(1, 1)] and model.rowCount() == 1
