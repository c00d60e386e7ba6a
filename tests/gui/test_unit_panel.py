"""The unit panel on the built-in catalogs: what a Faithful holds, what it may take, and every way to change it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, QPoint, Qt
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QTabWidget,
)

from warband.gui.army_document import ArmyDocument
from warband.gui.builder.entry_tables import warning_colour
from warband.gui.systems.confrontation.held_table_model import HeldTableModel
from warband.gui.systems.confrontation.options_table_model import (
    CHOICE_ROLE,
    SORT_ROLE,
    OptionsFilterProxyModel,
    OptionsTableModel,
)
from warband.gui.systems.confrontation.unit_panel import UnitPanel
from warband.model.army import options
from warband.model.catalog import builtin_catalog_paths, load_catalogs
from warband.model.edits import AddEntry, SetUnitField
from warband.model.names import display_name
from warband.model.systems.confrontation import rules
from warband.model.systems.confrontation.schema import ConfrontationArmy


@pytest.fixture(scope="module")
def catalogs():
    return load_catalogs(builtin_catalog_paths()).for_system("confrontation")


def name_of(catalogs, kind: str, entry_id: str) -> str:
    """The name `options` and the report use (English, with the fallbacks)."""
    return display_name(catalogs.get(kind, entry_id).name, ("en",))


def make_document(catalogs, u1: dict | None = None, **more) -> ArmyDocument:
    units = [{"id": "u1", "profile": "iron-priestess", **(u1 or {})}, {"id": "u2", "profile": "griffin-trooper"}]
    army = ConfrontationArmy.model_validate({"system": "confrontation", "name": "T", "units": units, **more})
    return ArmyDocument(army, catalogs)


@pytest.fixture
def document(catalogs):
    document = make_document(catalogs)
    document.select("u1")
    return document


@pytest.fixture
def panel(qtbot, document):
    panel = UnitPanel(document)
    qtbot.addWidget(panel)
    panel.resize(600, 600)
    with qtbot.waitExposed(panel):
        panel.show()
    return panel


def child(panel, cls, name):
    found = panel.findChild(cls, name)
    assert found is not None, name
    return found


def picker(panel, kind: str = "miracle") -> QTableView:
    return child(panel, QTableView, "miraclePicker" if kind == "miracle" else "itemPicker")


def source(view: QTableView) -> OptionsTableModel:
    proxy = view.model()
    assert isinstance(proxy, OptionsFilterProxyModel)
    model = proxy.sourceModel()
    assert isinstance(model, OptionsTableModel)
    return model


def shown_ids(view: QTableView) -> list[str]:
    proxy = view.model()
    return [proxy.index(row, 0).data(CHOICE_ROLE).id for row in range(proxy.rowCount())]


def row_of(view: QTableView, entry_id: str) -> QModelIndex:
    return view.model().index(shown_ids(view).index(entry_id), 0)


def cell(view: QTableView, entry_id: str, column: str, role=Qt.ItemDataRole.DisplayRole):
    row = row_of(view, entry_id).row()
    return view.model().index(row, source(view).column(column)).data(role)


def held_texts(panel, name: str = "heldMiracles") -> list[tuple[str, str, str]]:
    model = child(panel, QTableView, name).model()
    return [tuple(model.index(r, c).data() for c in range(3)) for r in range(model.rowCount())]


def show_ineligible(panel) -> None:
    child(panel, QCheckBox, "showIneligible").setChecked(True)


# --- the models ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["miracle", "item"])
def test_options_table_model_passes_the_model_tester(qtmodeltester, document, kind):
    model = OptionsTableModel(document, kind)
    assert model.rowCount() > 0
    qtmodeltester.check(model, force_py=True)
    document.select("u2")  # the rows change in place under the tester
    document.select(None)
    assert model.rowCount() == 0


@pytest.mark.parametrize("kind", ["miracle", "item"])
def test_options_filter_proxy_model_passes_the_model_tester(qtmodeltester, document, kind):
    proxy = OptionsFilterProxyModel()
    proxy.setSourceModel(OptionsTableModel(document, kind, proxy))
    proxy.sort(0)
    qtmodeltester.check(proxy, force_py=True)
    proxy.set_show_ineligible(True)
    proxy.set_search("merin")
    document.select("u2")
    proxy.set_search("")
    document.execute(_add("renfort"))


def test_held_table_model_passes_the_model_tester(qtmodeltester, catalogs):
    document = make_document(catalogs, {"miracles": ["messager-divin", "abnegation", "ghost"], "items": ["x"]})
    document.select("u1")
    model = HeldTableModel(document, "miracles")
    assert model.rowCount() == 3
    qtmodeltester.check(model, force_py=True)
    items = HeldTableModel(document, "items")
    qtmodeltester.check(items, force_py=True)
    document.select("u2")
    assert model.rowCount() == 0


def test_held_entries_show_their_problems_and_unknown_ids(catalogs):
    document = make_document(catalogs, {"miracles": ["messager-divin", "abnegation", "ghost"]})
    document.select("u1")
    model = HeldTableModel(document, "miracles")
    rows = [tuple(model.index(r, c).data() for c in range(3)) for r in range(model.rowCount())]
    self_denial = name_of(catalogs, "miracles", "abnegation")
    assert rows == [
        (name_of(catalogs, "miracles", "messager-divin"), "12", ""),
        (f"⚠ {self_denial}", "20", "CF-05"),
        ("⚠ ghost", "unknown", "AR-02"),
    ]
    assert model.index(1, 0).data(Qt.ItemDataRole.ForegroundRole) == warning_colour()
    assert model.index(0, 0).data(Qt.ItemDataRole.ForegroundRole) is None
    assert "needs Creation 1" in model.index(1, 2).data(Qt.ItemDataRole.ToolTipRole)
    assert "not in the loaded catalogs" in model.index(2, 0).data(Qt.ItemDataRole.ToolTipRole)


def test_cf_06_both_copies_of_a_duplicate_show_the_problem(catalogs):
    document = make_document(catalogs, {"miracles": ["renfort", "renfort"]})
    document.select("u1")
    model = HeldTableModel(document, "miracles")
    assert [model.index(r, 2).data() for r in range(2)] == ["CF-06", "CF-06"]


# --- the header ----------------------------------------------------------------------------------------------
def test_a_faithful_shows_its_rank_cult_faith_and_aspects(panel):
    assert child(panel, QLabel, "unitTitle").text() == "Iron Priestess"
    faith = child(panel, QLabel, "unitFaith").text()
    assert faith == "Devotee — Merin / 10 — Creation 0 · Alteration 2 · Destruction 1"


def test_cf_01_a_non_faithful_says_it_owns_no_miracles(panel, document):
    document.select("u2")
    assert child(panel, QLabel, "unitFaith").text() == "Not a Faithful: owns no miracles (CF-01)"
    miracles = picker(panel)
    assert shown_ids(miracles) == []
    show_ineligible(panel)
    assert len(shown_ids(miracles)) == len(
        [c for c in options(document.army, "u2", document.catalogs) if c.kind == "miracle"]
    )
    proxy = miracles.model()
    for row in range(proxy.rowCount()):
        assert [p.rule for p in proxy.index(row, 0).data(CHOICE_ROLE).reasons] == ["CF-01"]
    assert cell(miracles, "renfort", "reason").startswith("CF-01: ")


def test_nothing_selected_disables_the_panel(panel, document):
    assert child(panel, QSplitter, "unitBody").isEnabled()
    document.select(None)
    hint = child(panel, QLabel, "unitHint")
    assert hint.isVisible()
    assert hint.text() == "Select a unit in the roster to give it miracles and items."
    assert not child(panel, QSplitter, "unitBody").isEnabled()
    assert not child(panel, QLabel, "unitTitle").isVisible()
    assert picker(panel).model().rowCount() == 0


def test_the_players_own_label_is_shown_as_plain_text(catalogs, qtbot):
    document = make_document(catalogs, {"label": "<b>Boss</b>", "miracles": ["abnegation"]})
    document.select("u1")
    panel = UnitPanel(document)
    qtbot.addWidget(panel)
    title = child(panel, QLabel, "unitTitle")
    assert title.text() == "<b>Boss</b>" and title.textFormat() == Qt.TextFormat.PlainText
    tip = child(panel, QTableView, "heldMiracles").model().index(0, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert "&lt;b&gt;Boss&lt;/b&gt;" in tip and "<b>" not in tip


# --- the picker ----------------------------------------------------------------------------------------------
def test_cf_05_the_iron_priestess_sees_only_what_she_may_take(panel, document):
    eligible = {
        c.id for c in options(document.army, "u1", document.catalogs) if c.kind == "miracle" and c.eligible
    }
    shown = shown_ids(picker(panel))
    assert set(shown) == eligible and len(shown) == len(eligible)
    assert {"messager-divin", "renfort"} <= set(shown)
    assert not {"abnegation", "execration"} & set(shown)
    assert cell(picker(panel), "messager-divin", "access") == "Merin, Mid-Nor"
    assert cell(picker(panel), "renfort", "access") == "Ways of Light"
    assert cell(picker(panel), "messager-divin", "difficulty") == "F + 4"  # the fervour spent + 4 (CF-17)
    assert cell(picker(panel), "messager-divin", "reason") == ""


def test_cf_05_showing_the_refused_ones_greys_them_with_their_reason(panel):
    view = picker(panel)
    assert view.isColumnHidden(source(view).column("reason"))
    show_ineligible(panel)
    assert not view.isColumnHidden(source(view).column("reason"))
    assert "abnegation" in shown_ids(view)
    grey = QGuiApplication.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
    assert cell(view, "abnegation", "name", Qt.ItemDataRole.ForegroundRole) == grey
    assert cell(view, "renfort", "name", Qt.ItemDataRole.ForegroundRole) is None
    reason = cell(view, "abnegation", "reason")
    assert "CF-05" in reason and "needs Creation 1" in reason
    assert "needs Creation 1" in cell(view, "abnegation", "cost", Qt.ItemDataRole.ToolTipRole)
    assert cell(view, "execration", "reason").startswith("CF-03: ")
    child(panel, QCheckBox, "showIneligible").setChecked(False)
    assert "abnegation" not in shown_ids(view)


def test_reasons_are_worked_out_only_for_rows_on_screen(panel, monkeypatch):
    calls = []
    original = rules._Judge.reasons
    monkeypatch.setattr(rules._Judge, "reasons", lambda self, *a: calls.append(1) or original(self, *a))
    show_ineligible(panel)
    view = picker(panel)
    panel.grab()  # paints the rows on screen
    refused = sum(
        1 for row in range(view.model().rowCount()) if not view.model().index(row, 0).data(CHOICE_ROLE).eligible
    )
    on_screen = view.viewport().height() // view.rowHeight(0) + 1
    assert 0 < len(calls) <= on_screen < refused
    painted = len(calls)
    panel.grab()
    assert len(calls) == painted  # kept per row until the next refresh


def test_the_search_matches_names_cults_and_paths_without_accents(panel):
    view = picker(panel)
    search = child(panel, QLineEdit, "pickerFilter")
    search.setText("mid-nor")
    assert shown_ids(view) == ["messager-divin"]
    show_ineligible(panel)
    assert set(shown_ids(view)) == {"messager-divin", "souffle-de-mid-nor"}
    search.setText("SALAUEL")
    assert shown_ids(view) == ["etreinte-de-salauel"]
    search.setText("ways light")
    assert "renfort" in shown_ids(view) and "messager-divin" not in shown_ids(view)
    search.clear()
    assert len(shown_ids(view)) == view.model().sourceModel().rowCount()


def test_sorting_by_cost_is_numeric_and_survives_an_edit(panel, document, qtbot):
    view = picker(panel)
    header = view.horizontalHeader()
    cost = source(view).column("cost")
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=_section_centre(header, cost))
    assert header.sortIndicatorSection() == cost
    costs = [view.model().index(r, cost).data() for r in range(view.model().rowCount())]
    assert [int(c) for c in costs] == sorted(int(c) for c in costs)
    assert costs != sorted(costs)  # "5" < "12" as numbers, not as text
    assert all(isinstance(view.model().index(r, cost).data(SORT_ROLE), int) for r in range(len(costs)))
    view.setCurrentIndex(row_of(view, "renfort"))
    view.scrollToBottom()
    scrolled = view.verticalScrollBar().value()
    assert scrolled > 0
    document.execute(_add("renfort"))
    assert header.sortIndicatorSection() == cost
    assert view.verticalScrollBar().value() == scrolled
    assert view.currentIndex().data(CHOICE_ROLE).id == "renfort"  # the edit kept the place in the list
    document.select("u2")
    show_ineligible(panel)
    costs = [int(view.model().index(r, cost).data()) for r in range(view.model().rowCount())]
    assert costs == sorted(costs) and len(costs) > 1


def _section_centre(header, column):
    return QPoint(header.sectionViewportPosition(column) + header.sectionSize(column) // 2, header.height() // 2)


def _add(entry_id):
    return AddEntry("u1", "miracles", entry_id)


# --- adding and removing -------------------------------------------------------------------------------------
@pytest.mark.parametrize("how", ["double-click", "enter", "button"])
def test_adding_a_miracle(panel, document, catalogs, qtbot, how):
    view = picker(panel)
    index = row_of(view, "messager-divin")
    view.scrollTo(index)
    if how == "double-click":
        pos = view.visualRect(index).center()
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
        qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    else:
        view.setCurrentIndex(index)
        if how == "enter":
            qtbot.keyClick(view, Qt.Key.Key_Return)
        else:
            button = child(panel, QPushButton, "addChoiceButton")
            assert button.isEnabled()
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    name = name_of(catalogs, "miracles", "messager-divin")
    assert document.army.unit("u1").miracles == ("messager-divin",)
    assert document.session.undo_label == f"Add miracle {name}"
    assert held_texts(panel) == [(name, "12", "")]
    assert cell(view, "messager-divin", "name", Qt.ItemDataRole.FontRole).bold()  # held already
    assert view.currentIndex().data(CHOICE_ROLE).id == "messager-divin"  # still there, to add another


def test_adding_an_item(panel, document, catalogs, qtbot):
    tabs = child(panel, QTabWidget, "pickerTabs")
    assert [tabs.tabText(i) for i in range(tabs.count())] == ["Miracles", "Magic items"]
    tabs.setCurrentIndex(1)
    view = picker(panel, "item")
    view.setCurrentIndex(row_of(view, "etendard-du-griffon"))
    qtbot.mouseClick(child(panel, QPushButton, "addChoiceButton"), Qt.MouseButton.LeftButton)
    name = name_of(catalogs, "items", "etendard-du-griffon")
    assert document.army.unit("u1").items == ("etendard-du-griffon",)
    assert document.session.undo_label == f"Add item {name}"
    assert held_texts(panel, "heldItems") == [(name, "20", "")]
    held = child(panel, QTableView, "heldItems")
    held.selectRow(0)
    qtbot.keyClick(held, Qt.Key.Key_Delete)
    assert document.army.unit("u1").items == ()
    assert document.session.undo_label == f"Remove item {name}"


def test_cf_05_a_refused_miracle_may_be_added_as_a_draft(panel, document, catalogs, qtbot):
    show_ineligible(panel)
    view = picker(panel)
    view.setCurrentIndex(row_of(view, "abnegation"))
    qtbot.keyClick(view, Qt.Key.Key_Enter)
    assert document.army.unit("u1").miracles == ("abnegation",)
    [(name, cost, problem)] = held_texts(panel)
    assert (name, cost, problem) == (f"⚠ {name_of(catalogs, 'miracles', 'abnegation')}", "20", "CF-05")


@pytest.mark.parametrize("how", ["button", "delete"])
def test_removing_a_miracle(catalogs, qtbot, how):
    document = make_document(catalogs, {"miracles": ["messager-divin", "renfort"]})
    document.select("u1")
    panel = UnitPanel(document)
    qtbot.addWidget(panel)
    held = child(panel, QTableView, "heldMiracles")
    button = child(panel, QPushButton, "removeMiracleButton")
    assert not button.isEnabled()
    held.selectRow(0)
    assert button.isEnabled()
    if how == "button":
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    else:
        qtbot.keyClick(held, Qt.Key.Key_Delete)
    assert document.army.unit("u1").miracles == ("renfort",)
    assert document.session.undo_label == f"Remove miracle {name_of(catalogs, 'miracles', 'messager-divin')}"
    assert held_texts(panel) == [(name_of(catalogs, "miracles", "renfort"), "25", "")]
    qtbot.keyClick(held, Qt.Key.Key_Delete)  # the next one is selected: Delete again takes it
    assert document.army.unit("u1").miracles == ()
    assert not button.isEnabled()


def test_undo_refreshes_the_tables(panel, document, catalogs, qtbot):
    view = picker(panel)
    view.setCurrentIndex(row_of(view, "renfort"))
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert len(held_texts(panel)) == 1
    document.undo()
    assert held_texts(panel) == []
    assert not cell(view, "renfort", "name", Qt.ItemDataRole.FontRole)
    document.redo()
    assert held_texts(panel) == [(name_of(catalogs, "miracles", "renfort"), "25", "")]
    assert "77" not in child(panel, QLabel, "unitProfile").text()
    assert "55 A.P." in child(panel, QLabel, "unitProfile").text()


def test_every_control_is_reachable_with_tab(catalogs, qtbot):
    document = make_document(catalogs, {"miracles": ["renfort"], "items": ["amulette-de-protection"]})
    document.select("u1")
    panel = UnitPanel(document)
    qtbot.addWidget(panel)
    with qtbot.waitActive(panel):
        panel.show()
        panel.activateWindow()
    for name in ("heldMiracles", "heldItems"):
        child(panel, QTableView, name).selectRow(0)
    child(panel, QTableView, "heldMiracles").setFocus()
    reached = []
    for _ in range(9):
        reached.append(QApplication.focusWidget().objectName())
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert reached == [
        "heldMiracles",
        "removeMiracleButton",
        "heldItems",
        "removeItemButton",
        "pickerFilter",
        "showIneligible",
        "qt_tabwidget_tabbar",
        "miraclePicker",
        "addChoiceButton",
    ]
    for widget in (picker(panel), picker(panel, "item"), child(panel, QLineEdit, "pickerFilter")):
        assert widget.accessibleName()


def test_enter_in_the_search_goes_to_the_list_and_enter_again_adds(panel, document, qtbot):
    search = child(panel, QLineEdit, "pickerFilter")
    qtbot.keyClicks(search, "renfort")
    qtbot.keyClick(search, Qt.Key.Key_Return)
    view = picker(panel)
    assert view.currentIndex().isValid()
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert document.army.unit("u1").miracles == ("renfort",)


def test_an_edit_elsewhere_keeps_the_held_selection(catalogs, qtbot):
    document = make_document(catalogs, {"miracles": ["messager-divin", "renfort"]})
    document.select("u1")
    panel = UnitPanel(document)
    qtbot.addWidget(panel)
    held = child(panel, QTableView, "heldMiracles")
    held.selectRow(1)
    document.execute(SetUnitField("u2", "label", "Gawen"))
    assert [i.row() for i in held.selectionModel().selectedRows()] == [1]
    assert child(panel, QPushButton, "removeMiracleButton").isEnabled()


def test_held_entries_keep_their_problems_when_names_are_shown_in_french(catalogs):
    """The report names entries in English; the list shows them in French and must still find their rows."""
    from warband.model.messages import load_language

    assert load_language("fr")
    try:
        document = make_document(catalogs, {"miracles": ["messager-divin", "abnegation"]})
        document.select("u1")
        model = HeldTableModel(document, "miracles")
        rows = [tuple(model.index(r, c).data() for c in range(3)) for r in range(model.rowCount())]
        assert rows == [("Messager divin", "12", ""), ("⚠ Abnégation", "20", "CF-05")]
    finally:
        load_language("en")


def test_the_picker_names_its_choices_in_french(qtbot, catalogs):
    """The model names choices in English (for its messages); the picker speaks French."""
    from warband.model.messages import load_language

    assert load_language("fr")
    try:
        document = make_document(catalogs)
        document.select("u1")
        widget = UnitPanel(document)
        qtbot.addWidget(widget)
        model = source(picker(widget))
        names = {model.choice(r).id: model.index(r, 0).data() for r in range(model.rowCount())}
        assert names["benediction"] == "Bénédiction"
        assert names["messager-divin"] == "Messager divin"
    finally:
        load_language("en")
