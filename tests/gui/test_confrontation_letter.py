"""Confrontation read to the letter (issue 16) in the window: the army's mixed-armies option in the builder, with
undo (CF-20); a wound recorded this turn shown as the Wounds roll it implies (CF-11); CF-10 in the tracker."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox

from tests.gui.conftest import army
from warband.gui.army_document import ArmyDocument
from warband.gui.battle_document import BattleDocument
from warband.gui.systems.confrontation.tracker_models_table_model import ModelsTableModel
from warband.gui.systems.confrontation.unit_panel import UnitPanel
from warband.model.battle import BattleRun
from warband.model.catalog import builtin_catalog_paths, load_catalogs
from warband.model.dice import SeededDice, TypedDice
from warband.model.systems.confrontation.battle_calls import CallRequest
from warband.model.systems.confrontation.battle_commands import NextPhase
from warband.model.systems.confrontation.battle_rules import start_battle
from warband.model.systems.confrontation.schema import ConfrontationArmy

CHECK = Qt.ItemDataRole.CheckStateRole


@pytest.fixture(scope="module")
def catalogs():
    return load_catalogs(builtin_catalog_paths()).for_system("confrontation")


@pytest.fixture
def panel(qtbot, catalogs):
    units = [{"id": "u1", "profile": "iron-priestess"}, {"id": "u2", "profile": "dirz-arh-tolth-zealot"}]
    army = ConfrontationArmy.model_validate({"system": "confrontation", "name": "T", "units": units})
    document = ArmyDocument(army, catalogs)
    panel = UnitPanel(document)
    qtbot.addWidget(panel)
    return panel, document


def test_cf_20_the_builder_allows_mixed_armies_with_undo(panel):
    panel, document = panel
    check = panel.findChild(QCheckBox, "mixedPeoplesCheck")
    assert check is not None and check.text() == "Allow mixed armies (CF-20)"
    assert not check.isChecked()
    assert [(p.rule, p.unit.id) for p in document.report.problems] == [("CF-20", "u2")]
    check.click()
    assert document.army.mixed_peoples and document.report.valid
    assert document.undo_label == "Allow mixed armies"
    document.undo()
    assert not check.isChecked() and not document.army.mixed_peoples  # the box follows undo …
    assert not document.report.valid
    document.redo()
    assert check.isChecked()  # … and redo
    check.click()
    assert document.undo_label == "Draw the army from one people" and not document.army.mixed_peoples


@pytest.fixture
def battle_document(catalogs):
    priestess = army({"id": "p1", "profile": "iron-priestess", "label": "Anna", "miracles": ["priere"]})
    wolves = army({"id": "w1", "profile": "wolfen-yllia-devotee", "label": "Devotee", "miracles": ["priere"]})
    battle = start_battle([("Aline", priestess), ("Bruno", wolves)], catalogs)
    document = BattleDocument(BattleRun(NextPhase().apply(battle), dice=SeededDice(1)))  # Movement
    yield document
    document.close()


def test_cf_11_the_tracker_shows_a_wound_this_turn_as_the_wounds_roll_it_implies(qtmodeltester, battle_document):
    model = ModelsTableModel(battle_document)
    qtmodeltester.check(model)
    row = model.row_of("0:p1")
    roll = model.index(row, model.WOUNDS_ROLL)
    assert roll.data(CHECK) == Qt.CheckState.Unchecked
    assert model.setData(model.index(row, model.WOUNDS), "light", Qt.ItemDataRole.EditRole)
    assert roll.data(CHECK) == Qt.CheckState.PartiallyChecked  # implied, not ticked by the player
    assert "Anna was wounded this turn: it suffered a Wounds roll, and cannot call a miracle (CF-11)." in (
        roll.data(Qt.ItemDataRole.ToolTipRole)
    )
    battle_document.act(NextPhase())
    refusals: list[str] = []
    battle_document.refused.connect(refusals.append)
    assert battle_document.roll(CallRequest("0:p1", "priere", 1, True), TypedDice((5,))) is None
    assert refusals and "CF-11" in refusals[-1]
    battle_document.undo()  # back to Movement
    battle_document.undo()  # the wound undone
    assert roll.data(CHECK) == Qt.CheckState.Unchecked


def test_cf_10_the_tracker_takes_movement_from_an_effect_after_a_call(battle_document):
    model = ModelsTableModel(battle_document)
    battle_document.act(NextPhase())  # Divination
    assert battle_document.roll(CallRequest("0:p1", "priere", 1, True), TypedDice((5,))) is not None
    row = model.row_of("0:p1")
    refusals: list[str] = []
    battle_document.refused.connect(refusals.append)
    beyond, effect = model.index(row, model.MOVED_BEYOND), model.index(row, model.BY_EFFECT)
    assert not model.setData(beyond, Qt.CheckState.Checked, CHECK)  # a plain over-long move: refused
    assert "CF-10" in refusals[-1] and "“By effect”" in refusals[-1]
    assert model.setData(effect, Qt.CheckState.Checked, CHECK)
    assert model.setData(beyond, Qt.CheckState.Checked, CHECK)  # from an effect: allowed
    assert beyond.data(CHECK) == Qt.CheckState.Checked
    assert not model.setData(model.index(row, model.SHOT), Qt.CheckState.Checked, CHECK)  # still no shot
