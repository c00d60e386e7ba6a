"""The builder's views update what an edit changed, not everything (issue 21), and show what a view built afresh
shows: the picker's rows, its filter, the problems list."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QLineEdit, QTableView

from warband.gui.army_document import ArmyDocument
from warband.gui.builder.problems_panel import ProblemsTableModel
from warband.gui.systems.confrontation.options_table_model import (
    CHOICE_ROLE,
    OptionsFilterProxyModel,
    OptionsTableModel,
)
from warband.gui.systems.confrontation.unit_panel import UnitPanel
from warband.model.catalog import builtin_catalog_paths, load_catalogs
from warband.model.edits import AddEntry, MoveUnit, RemoveEntry, SetArmyField, SetUnitField
from warband.model.systems.confrontation.schema import ConfrontationArmy


@pytest.fixture(scope="module")
def catalogs():
    return load_catalogs(builtin_catalog_paths()).for_system("confrontation")


@pytest.fixture
def document(catalogs):
    units = [
        {"id": "u1", "profile": "iron-priestess", "miracles": ["renfort"]},
        {"id": "u2", "profile": "griffin-trooper"},
        {"id": "u3", "profile": "iron-priestess", "label": "North gate"},
        {"id": "u4", "profile": "ghost-profile"},
    ]
    army = ConfrontationArmy.model_validate({"system": "confrontation", "points_limit": 80, "units": units})
    document = ArmyDocument(army, catalogs)
    document.select("u1")
    return document


def spy(model) -> dict[str, list]:
    seen: dict[str, list] = {"resets": [], "layouts": [], "rows": [], "inserted": [], "removed": []}
    model.modelReset.connect(lambda: seen["resets"].append(1))
    model.layoutChanged.connect(lambda *_: seen["layouts"].append(1))
    model.dataChanged.connect(lambda tl, br, *_: seen["rows"].append((tl.row(), br.row())))
    model.rowsInserted.connect(lambda _p, first, last: seen["inserted"].append((first, last)))
    model.rowsRemoved.connect(lambda _p, first, last: seen["removed"].append((first, last)))
    return seen


def rows_of(proxy) -> list[tuple]:
    """What the picker shows: every cell's text, the row's greying and boldness."""
    columns = proxy.columnCount()
    return [
        (
            proxy.index(r, 0).data(CHOICE_ROLE).id,
            tuple(proxy.index(r, c).data() for c in range(columns)),
            proxy.index(r, 0).data(Qt.ItemDataRole.ForegroundRole) is not None,
            bool(proxy.index(r, 0).data(Qt.ItemDataRole.FontRole)),
        )
        for r in range(proxy.rowCount())
    ]


def afresh(document, kind: str, show: bool, search: str, sort: tuple[int, Qt.SortOrder] | None):
    """A picker built now, for the document as it is: the oracle."""
    proxy = OptionsFilterProxyModel()
    proxy.setSourceModel(OptionsTableModel(document, kind, proxy))
    proxy.set_show_ineligible(show)
    proxy.set_search(search)
    if sort is not None:
        proxy.sort(*sort)
    return proxy


def test_an_edit_repaints_the_picker_row_it_changed_and_nothing_else(qtbot, document):
    panel = UnitPanel(document)
    qtbot.addWidget(panel)
    view = panel.findChild(QTableView, "miraclePicker")
    proxy = view.model()
    source = proxy.sourceModel()
    seen_source, seen_proxy = spy(source), spy(proxy)
    document.execute(AddEntry("u1", "miracles", "messager-divin"))
    assert seen_source["resets"] == seen_source["layouts"] == [] and len(seen_source["rows"]) == 1
    assert seen_proxy["resets"] == seen_proxy["layouts"] == [] and len(seen_proxy["rows"]) == 1
    (row, _last) = seen_proxy["rows"][0]
    assert proxy.index(row, 0).data(CHOICE_ROLE).id == "messager-divin"
    assert proxy.index(row, 0).data(CHOICE_ROLE).owned == 1
    document.execute(SetUnitField("u2", "label", "Gawen"))  # another unit: nothing at all
    assert len(seen_source["rows"]) == 1 and seen_source["resets"] == []


def test_the_current_row_survives_a_change_of_filter_and_of_unit(qtbot, document):
    panel = UnitPanel(document)
    qtbot.addWidget(panel)
    view = panel.findChild(QTableView, "miraclePicker")
    proxy = view.model()
    ids = [proxy.index(r, 0).data(CHOICE_ROLE).id for r in range(proxy.rowCount())]
    view.setCurrentIndex(proxy.index(ids.index("renfort"), 0))
    panel.findChild(QCheckBox, "showIneligible").setChecked(True)
    assert view.currentIndex().data(CHOICE_ROLE).id == "renfort"
    panel.findChild(QLineEdit, "pickerFilter").setText("light")
    assert view.currentIndex().data(CHOICE_ROLE).id == "renfort"
    document.select("u3")  # the same profile: the same rows, the place kept
    assert view.currentIndex().data(CHOICE_ROLE).id == "renfort"
    panel.findChild(QLineEdit, "pickerFilter").setText("mid-nor")
    assert not view.currentIndex().isValid() or view.currentIndex().data(CHOICE_ROLE).id != "renfort"


@pytest.mark.parametrize("seed", range(6))
def test_the_picker_shows_what_one_built_afresh_shows_after_any_edits(qtbot, document, catalogs, seed):
    rng = random.Random(seed)
    panel = UnitPanel(document)
    qtbot.addWidget(panel)
    views = {
        kind: panel.findChild(QTableView, name)
        for kind, name in (("miracle", "miraclePicker"), ("item", "itemPicker"))
    }
    show_check = panel.findChild(QCheckBox, "showIneligible")
    search = panel.findChild(QLineEdit, "pickerFilter")
    miracles = list(catalogs.entries["miracles"])
    by_name = (0, Qt.SortOrder.AscendingOrder)  # as the panel sorts its pickers
    sort: dict[str, tuple[int, Qt.SortOrder] | None] = {"miracle": by_name, "item": by_name}
    for _ in range(25):
        unit_ids = [u.id for u in document.army.units]
        step = rng.randrange(8)
        if step == 0:
            document.select(rng.choice([*unit_ids, None]))
        elif step == 1:
            unit = rng.choice(unit_ids)
            document.execute(AddEntry(unit, "miracles", rng.choice(miracles)))
        elif step == 2:
            held = document.army.unit(unit_ids[0]).miracles
            if held:
                document.execute(RemoveEntry(unit_ids[0], "miracles", rng.randrange(len(held))))
        elif step == 3:
            show_check.setChecked(not show_check.isChecked())
        elif step == 4:
            search.setText(rng.choice(["", "merin", "ways light", "zzz", "a"]))
        elif step == 5:
            kind = rng.choice(["miracle", "item"])
            column = rng.randrange(views[kind].model().columnCount())
            order = rng.choice([Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder])
            views[kind].sortByColumn(column, order)
            sort[kind] = (column, order)
        elif step == 6:
            document.execute(MoveUnit(rng.choice(unit_ids), rng.randrange(len(unit_ids))))
        elif rng.random() < 0.5:
            document.undo()
        else:
            document.execute(SetUnitField(rng.choice(unit_ids), "label", rng.choice(["", "Boss"])))
        for kind, view in views.items():
            oracle = afresh(document, kind, show_check.isChecked(), search.text(), sort[kind])
            assert rows_of(view.model()) == rows_of(oracle), (kind, step)


def test_the_problems_list_inserts_and_removes_what_an_edit_changed(qtbot, qtmodeltester, document):
    model = ProblemsTableModel(document)
    qtmodeltester.check(model, force_py=True)
    seen = spy(model)
    before = model.rowCount()
    assert document.execute(AddEntry("u1", "miracles", "ghost"))  # AR-02, and over the limit of 80
    assert seen["resets"] == [] and seen["inserted"]
    assert [model.problem(r) for r in range(model.rowCount())] == list(document.report.problems)
    document.undo()
    assert seen["resets"] == [] and seen["removed"] and model.rowCount() == before
    assert [model.problem(r) for r in range(model.rowCount())] == list(document.report.problems)
    assert document.execute(SetArmyField("points_limit", 90))  # the over-limit sentence only: repainted
    assert [model.problem(r) for r in range(model.rowCount())] == list(document.report.problems)
    assert document.execute(SetArmyField("points_limit", None))
    assert [model.problem(r) for r in range(model.rowCount())] == list(document.report.problems)
