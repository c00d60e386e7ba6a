"""Issue 19, item 1: wargear bought per model in the Strategy Battle Game builder — the options a unit's profile
offers, bought with Add, Enter or a double-click and taken back with Remove or Delete, each one undo step; the
unit's cost, the army's totals and the roster follow; an option its profile does not offer is shown refused, with
its reason (SB-X2)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import QApplication, QGroupBox, QLabel, QPushButton, QSpinBox, QTableView

from warband.export.roster_share import share_text
from warband.gui.builder.entry_tables import disabled_text_colour
from warband.gui.main_window import MainWindow
from warband.gui.systems.sbg.builder_unit_panel import SbgUnitPanel
from warband.gui.systems.sbg.builder_wargear_box import WargearBox
from warband.gui.systems.sbg.builder_wargear_models import (
    CHOICE_ROLE,
    HeldWargearTableModel,
    WargearOptionsTableModel,
)
from warband.model.army import Choice
from warband.model.edits import SetUnitField


# --- helpers ----------------------------------------------------------------------------------------------------
def child(parent: Any, cls: type[Any], name: str) -> Any:
    found = parent.findChild(cls, name)
    assert found is not None, name
    return found


def texts(model: QAbstractItemModel, column: int = 0, role: int = Qt.ItemDataRole.DisplayRole) -> list[Any]:
    return [model.index(row, column).data(role) for row in range(model.rowCount())]


def settle(qtbot: Any) -> None:
    qtbot.wait(20)


@pytest.fixture
def builder(qtbot: Any, make_window: Any) -> MainWindow:
    """A real window on a new Strategy Battle Game army, at a laptop's size."""
    window = make_window()
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.new_army("sbg")
    assert window.document is not None and window.document.army.system == "sbg"
    settle(qtbot)
    return window


def panel(window: MainWindow) -> SbgUnitPanel:
    assert window.builder is not None
    unit_panel = window.builder.unit_panel
    assert isinstance(unit_panel, SbgUnitPanel)
    return unit_panel


def box(window: MainWindow) -> WargearBox:
    return panel(window).wargear_box


def add_unit(qtbot: Any, window: MainWindow, profile_id: str) -> str:
    """Through the catalog browser, as a player does; the new unit is selected."""
    assert window.builder is not None and window.document is not None
    assert window.builder.browser.select_profile(profile_id)
    qtbot.mouseClick(child(window.builder, QPushButton, "addProfileButton"), Qt.MouseButton.LeftButton)
    unit = window.document.army.units[-1]
    assert (unit.profile, window.document.selected) == (profile_id, unit.id)
    return unit.id


def option_row(window: MainWindow, wargear_id: str) -> int:
    model = box(window).options_model
    for row in range(model.rowCount()):
        if model.choice(row).id == wargear_id:
            return row
    raise AssertionError(f"no option {wargear_id}")


def make_current(window: MainWindow, wargear_id: str) -> QModelIndex:
    table = box(window).options_table
    index = table.model().index(option_row(window, wargear_id), 0)
    table.setCurrentIndex(index)
    return index


def unit_cost(window: MainWindow, unit_id: str) -> int:
    assert window.document is not None
    return next(u.cost for u in window.document.report.units if u.id == unit_id)


def totals(window: MainWindow) -> str:
    return child(window.builder, QLabel, "sbgTotals").text()


def roster_total(window: MainWindow) -> str:
    assert window.builder is not None
    return window.builder.roster.total_label.text()


def held(window: MainWindow) -> list[list[str]]:
    model = box(window).held_model
    return [[model.index(row, column).data() for column in range(3)] for row in range(model.rowCount())]


def open_file(window: MainWindow, tmp_path: Path, *units: dict[str, Any]) -> None:
    """An army file as a player (or another program) wrote it."""
    path = tmp_path / "hand-made.warband.json"
    army = {"format": "warband-army", "version": 1, "system": "sbg", "name": "Hand-made", "points_limit": 500}
    path.write_text(json.dumps({**army, "units": list(units)}), encoding="utf-8")
    assert window.open_army(path)


# --- the models -------------------------------------------------------------------------------------------------
def test_the_wargear_models_pass_the_model_tester(qtmodeltester: Any, builder: MainWindow, qtbot: Any) -> None:
    add_unit(qtbot, builder, "captain-of-rohan")
    box(builder).add(box(builder).options_model.choice(0))
    for model in (box(builder).held_model, box(builder).options_model):
        assert isinstance(model, HeldWargearTableModel | WargearOptionsTableModel)
        qtmodeltester.check(model)


# --- buying -----------------------------------------------------------------------------------------------------
def test_a_horse_for_a_captain_of_rohan_adds_its_points_to_the_unit_and_the_army(
    qtbot: Any, builder: MainWindow
) -> None:
    captain = add_unit(qtbot, builder, "captain-of-rohan")
    wargear = box(builder)
    options = wargear.options_model
    assert texts(options) == ["Horse", "Shield", "Bow", "Throwing spears", "Heavy armour"]
    assert texts(options, 1) == ["10", "5", "5", "5", "5"]
    assert not child(wargear, QLabel, "noWargearOptions").isVisible()
    assert child(wargear, QLabel, "noWargearHeld").isVisible()  # nothing bought yet
    assert unit_cost(builder, captain) == 45
    assert totals(builder).startswith("Points 45 ·")
    assert roster_total(builder) == "Total: 45 / 400 points"

    add_button = child(wargear, QPushButton, "addWargearButton")
    assert not add_button.isEnabled()  # nothing chosen yet
    make_current(builder, "horse")
    assert add_button.isEnabled()
    qtbot.mouseClick(add_button, Qt.MouseButton.LeftButton)

    assert builder.document is not None
    assert builder.document.army.unit(captain).wargear == ("horse",)
    assert builder.document.session.undo_label == "Add wargear Horse to Captain of Rohan"
    assert unit_cost(builder, captain) == 55
    assert child(panel(builder), QLabel, "unitCost").text() == "55 points in all"
    assert child(panel(builder), QLabel, "unitCost").isVisible()  # a hero's cost, with its wargear, shows too
    assert totals(builder).startswith("Points 55 ·")
    assert roster_total(builder) == "Total: 55 / 400 points"
    assert held(builder) == [["Horse", "10", "10"]]
    assert child(wargear, QTableView, "heldWargear").isVisible()
    # held: marked in the options, and not bought twice
    assert texts(options)[0] == "✓ Horse"
    assert isinstance(options.index(0, 0).data(Qt.ItemDataRole.FontRole), QFont)
    assert options.index(0, 0).data(Qt.ItemDataRole.FontRole).bold()
    assert "holds it already" in options.index(0, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert not add_button.isEnabled()
    why = child(wargear, QLabel, "wargearWhyNot")
    assert why.isVisible() and why.text() == "Held already: each model takes it once."
    qtbot.keyClick(wargear.options_table, Qt.Key.Key_Return)
    assert builder.document.army.unit(captain).wargear == ("horse",)
    assert builder.document.report.problems == ()


def test_warriors_pay_for_each_model(qtbot: Any, builder: MainWindow) -> None:
    assert builder.document is not None
    warriors = add_unit(qtbot, builder, "warrior-of-rohan")
    spin = child(panel(builder), QSpinBox, "countSpin")
    spin.setValue(10)
    assert unit_cost(builder, warriors) == 70
    wargear = box(builder)
    table = wargear.options_table
    table.setFocus()
    make_current(builder, "bow")
    qtbot.keyClick(table, Qt.Key.Key_Return)  # Enter buys the current option
    assert builder.document.army.unit(warriors).wargear == ("bow",)
    assert builder.document.session.undo_label == "Add wargear Bow to Warrior of Rohan"
    assert unit_cost(builder, warriors) == 80  # 10 × (7 + 1)
    assert totals(builder).startswith("Points 80 · Models 10 ·")
    assert roster_total(builder) == "Total: 80 / 400 points"
    assert held(builder) == [["Bow", "1", "10"]]
    model = wargear.held_model
    assert model.headerData(2, Qt.Orientation.Horizontal) == "× 10"
    assert "10 models" in model.headerData(2, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert "10 × 1 points" in model.index(0, 2).data(Qt.ItemDataRole.ToolTipRole)

    index = table.model().index(option_row(builder, "throwing-spears"), 0)
    center = table.visualRect(index).center()
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=center)  # a player's double-click
    qtbot.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=center)
    assert builder.document.army.unit(warriors).wargear == ("bow", "throwing-spears")
    assert unit_cost(builder, warriors) == 90

    spin.setValue(12)  # more warriors: each pays for its wargear
    assert unit_cost(builder, warriors) == 108
    assert held(builder) == [["Bow", "1", "12"], ["Throwing spears", "1", "12"]]
    assert model.headerData(2, Qt.Orientation.Horizontal) == "× 12"


# --- undo, redo, remove -----------------------------------------------------------------------------------------
def test_each_purchase_is_one_undo_step_and_redo_gives_it_back(qtbot: Any, builder: MainWindow) -> None:
    document = builder.document
    assert document is not None
    captain = add_unit(qtbot, builder, "captain-of-rohan")
    make_current(builder, "horse")
    box(builder).add(box(builder).current_choice())
    make_current(builder, "shield")
    box(builder).add(box(builder).current_choice())
    assert unit_cost(builder, captain) == 60
    assert document.session.undo_label == "Add wargear Shield to Captain of Rohan"

    document.undo()
    assert document.army.unit(captain).wargear == ("horse",)
    assert unit_cost(builder, captain) == 55
    assert held(builder) == [["Horse", "10", "10"]]
    assert texts(box(builder).options_model)[:2] == ["✓ Horse", "Shield"]
    assert totals(builder).startswith("Points 55 ·")
    document.undo()
    assert document.army.unit(captain).wargear == ()
    assert held(builder) == []
    assert child(box(builder), QLabel, "noWargearHeld").isVisible()
    assert roster_total(builder) == "Total: 45 / 400 points"
    assert document.session.undo_label == "Add Captain of Rohan"

    document.redo()
    document.redo()
    assert document.army.unit(captain).wargear == ("horse", "shield")
    assert held(builder) == [["Horse", "10", "10"], ["Shield", "5", "5"]]
    assert roster_total(builder) == "Total: 60 / 400 points"


def test_remove_and_delete_take_wargear_back(qtbot: Any, builder: MainWindow) -> None:
    document = builder.document
    assert document is not None
    warriors = add_unit(qtbot, builder, "warrior-of-rohan")
    document.execute(SetUnitField(warriors, "count", 10))
    for wargear_id in ("spear", "bow"):
        make_current(builder, wargear_id)
        box(builder).add(box(builder).current_choice())
    assert unit_cost(builder, warriors) == 90
    wargear = box(builder)
    table = wargear.held_table
    remove = child(wargear, QPushButton, "removeWargearButton")
    assert not remove.isEnabled()  # nothing selected
    table.setFocus()
    table.selectRow(0)
    assert remove.isEnabled()
    qtbot.keyClick(table, Qt.Key.Key_Delete)
    assert document.army.unit(warriors).wargear == ("bow",)
    assert document.session.undo_label == "Remove wargear Spear from Warrior of Rohan"
    assert unit_cost(builder, warriors) == 80
    assert roster_total(builder) == "Total: 80 / 400 points"
    assert table.selectionModel().selectedRows()[0].row() == 0  # the next one, for another Delete
    qtbot.mouseClick(remove, Qt.MouseButton.LeftButton)
    assert document.army.unit(warriors).wargear == ()
    assert document.session.undo_label == "Remove wargear Bow from Warrior of Rohan"
    assert unit_cost(builder, warriors) == 70
    assert child(wargear, QLabel, "noWargearHeld").isVisible()
    document.undo()
    assert document.army.unit(warriors).wargear == ("bow",)


def test_the_keyboard_alone_buys_and_takes_back(qtbot: Any, builder: MainWindow) -> None:
    """Tab from the count into the held list, Delete; Tab into the options, Down, Enter."""
    document = builder.document
    assert document is not None
    warriors = add_unit(qtbot, builder, "warrior-of-rohan")
    make_current(builder, "bow")
    box(builder).add(box(builder).current_choice())
    spin = child(panel(builder), QSpinBox, "countSpin")
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key.Key_Tab)
    held_table = box(builder).held_table
    assert QApplication.focusWidget() is held_table
    assert child(box(builder), QPushButton, "removeWargearButton").isEnabled()  # its current row
    qtbot.keyClick(held_table, Qt.Key.Key_Delete)
    assert document.army.unit(warriors).wargear == ()
    options_table = box(builder).options_table
    assert QApplication.focusWidget() is options_table  # the held list is gone: on to the options
    options_table.setCurrentIndex(options_table.model().index(0, 0))
    qtbot.keyClick(options_table, Qt.Key.Key_Down)
    qtbot.keyClick(options_table, Qt.Key.Key_Enter)
    assert document.army.unit(warriors).wargear == ("spear",)
    assert document.session.undo_label == "Add wargear Spear to Warrior of Rohan"
    qtbot.keyClick(options_table, Qt.Key.Key_Down)  # the bow, then Tab to the Add button and Space
    qtbot.keyClick(options_table, Qt.Key.Key_Tab)
    add_button = child(box(builder), QPushButton, "addWargearButton")
    assert QApplication.focusWidget() is add_button
    qtbot.keyClick(add_button, Qt.Key.Key_Space)
    assert document.army.unit(warriors).wargear == ("spear", "bow")


# --- what may not be bought -------------------------------------------------------------------------------------
def test_wargear_its_profile_does_not_offer_is_shown_refused_with_its_reason(
    qtbot: Any, builder: MainWindow, tmp_path: Path
) -> None:
    """A hand-edited file gives a Captain of Rohan an Uruk-hai's pike (SB-X2): kept, not counted, refused."""
    open_file(builder, tmp_path, {"id": "u1", "profile": "captain-of-rohan", "wargear": ["horse", "pike"]})
    document = builder.document
    assert document is not None
    document.select("u1")
    settle(qtbot)
    assert unit_cost(builder, "u1") == 55  # the pike is not counted
    assert held(builder) == [["Horse", "10", "10"], ["⚠ pike", "—", "—"]]
    held_tip = box(builder).held_model.index(1, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert "SB-X2" in held_tip and "may not take" in held_tip

    options = box(builder).options_model
    row = option_row(builder, "pike")
    assert row == options.rowCount() - 1  # after the profile's own options
    choice = options.index(row, 0).data(CHOICE_ROLE)
    assert isinstance(choice, Choice) and not choice.eligible
    assert options.index(row, 0).data() == "✓ pike"
    assert options.index(row, 1).data() == "—"
    assert options.index(row, 0).data(Qt.ItemDataRole.ForegroundRole) == disabled_text_colour()
    tooltip = options.index(row, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert "SB-X2: Captain of Rohan holds the wargear pike, which Captain of Rohan may not take" in tooltip

    index = make_current(builder, "pike")
    why = child(box(builder), QLabel, "wargearWhyNot")
    assert why.isVisible() and why.text().startswith("SB-X2: Captain of Rohan holds the wargear pike")
    assert not child(box(builder), QPushButton, "addWargearButton").isEnabled()
    table = box(builder).options_table
    center = table.visualRect(index).center()
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=center)
    qtbot.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=center)
    assert document.army.unit("u1").wargear == ("horse", "pike")  # refused: nothing changed
    problems = child(panel(builder), QLabel, "unitProblems")
    assert problems.isVisible() and "SB-X2" in problems.text()

    box(builder).held_table.selectRow(1)  # taken back, it is gone from the options too
    assert box(builder).remove_selected()
    assert document.army.unit("u1").wargear == ("horse",)
    assert "pike" not in [c.id for c in options.choices()]
    assert document.report.problems == ()


def test_a_profile_without_options_says_so(qtbot: Any, builder: MainWindow) -> None:
    add_unit(qtbot, builder, "uruk-hai-berserker")
    note = child(box(builder), QLabel, "noWargearOptions")
    assert note.isVisible() and note.text() == "Uruk-hai Berserker has no wargear options."
    assert not box(builder).held_box.isVisible()
    assert not child(box(builder), QPushButton, "addWargearButton").isVisible()
    add_unit(qtbot, builder, "orc-captain")  # another unit: its options show again
    assert not note.isVisible()
    assert texts(box(builder).options_model) == ["Shield", "Orc bow", "Warg"]


def test_the_catalog_browser_tells_a_profile_s_wargear_options(qtbot: Any, builder: MainWindow) -> None:
    assert builder.builder is not None
    model = builder.builder.browser.profile_model
    tooltip = model.index(model.row_of("captain-of-rohan"), 0).data(Qt.ItemDataRole.ToolTipRole)
    assert "Wargear options: Horse +10, Shield +5, Bow +5, Throwing spears +5, Heavy armour +5" in tooltip
    berserker = model.index(model.row_of("uruk-hai-berserker"), 0).data(Qt.ItemDataRole.ToolTipRole)
    assert "Wargear" not in berserker


# --- the roster, the layout -------------------------------------------------------------------------------------
def test_the_exported_roster_shows_the_wargear(qtbot: Any, builder: MainWindow) -> None:
    document = builder.document
    assert document is not None
    add_unit(qtbot, builder, "captain-of-rohan")
    make_current(builder, "horse")
    box(builder).add(box(builder).current_choice())
    warriors = add_unit(qtbot, builder, "warrior-of-rohan")
    document.execute(SetUnitField(warriors, "count", 10))
    make_current(builder, "bow")
    box(builder).add(box(builder).current_choice())
    QGuiApplication.clipboard().clear()
    builder.copy_roster_action.trigger()  # Edit → Copy Roster as Text
    text = QGuiApplication.clipboard().text()
    assert text == share_text(document.army, document.catalogs)
    assert "Captain of Rohan [55 points]: Horse" in text
    assert "10× Warrior of Rohan [80 points]: Bow" in text


def test_a_wide_panel_puts_the_wargear_beside_the_profile(qtbot: Any, builder: MainWindow) -> None:
    """The builder's panes as tabs (a large font) leave the unit the whole width: both columns show at once;
    the pane's needs stay those of the stacked panel, so that the builder's arrangement never follows it."""
    add_unit(qtbot, builder, "captain-of-rohan")
    assert builder.document is not None
    wide = SbgUnitPanel(builder.document)  # the panel alone, at the width a tab gives it
    qtbot.addWidget(wide)
    narrow = wide.minimumSizeHint().width()
    wide.resize(1200, 900)
    wide.show()
    qtbot.waitExposed(wide)
    card = child(wide, QGroupBox, "profileCard")
    wargear = wide.wargear_box

    def left(widget: Any) -> int:
        return int(widget.mapTo(wide, widget.rect().topLeft()).x())

    def top(widget: Any) -> int:
        return int(widget.mapTo(wide, widget.rect().topLeft()).y())

    assert left(wargear) >= left(card) + card.width()  # beside
    assert wide.minimumSizeHint().width() == narrow
    wide.resize(300, 900)
    settle(qtbot)
    assert top(wargear) >= top(card) + card.height()  # below
