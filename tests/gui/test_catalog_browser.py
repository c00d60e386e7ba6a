"""The catalog browser: its profile table, its filters, and adding a profile to the army."""

from __future__ import annotations

import unicodedata
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, QPoint, Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QPushButton, QTableView
from pytestqt.qtbot import QtBot

from warband.gui.army_document import ArmyDocument
from warband.gui.builder.catalog_browser import CatalogBrowser
from warband.gui.builder.profile_description import fold
from warband.gui.builder.profile_table_model import (
    PROFILE_ID_ROLE,
    SORT_ROLE,
    ProfileFilterProxyModel,
    ProfileTableModel,
)
from warband.model.catalog import Catalogs, builtin_catalog_paths, load_catalogs
from warband.model.edits import AddUnit
from warband.model.names import display_name
from warband.model.systems.confrontation.schema import ConfrontationArmy, Cult, Profile

NAME, PEOPLE, CULT, KIND, DISCIPLINE, COST = range(6)


@pytest.fixture(scope="module")
def catalogs() -> Catalogs:
    return load_catalogs(builtin_catalog_paths()).for_system("confrontation")


@pytest.fixture
def profiles(catalogs: Catalogs) -> list[Profile]:
    return [p for p in catalogs.entries["profiles"].values() if isinstance(p, Profile)]


@pytest.fixture
def document(qapp: QApplication, catalogs: Catalogs) -> ArmyDocument:
    army = ConfrontationArmy.model_validate({"system": "confrontation", "name": "Test"})
    return ArmyDocument(army, catalogs)


@pytest.fixture
def browser(qtbot: QtBot, document: ArmyDocument) -> CatalogBrowser:
    widget = CatalogBrowser(document)
    qtbot.addWidget(widget)
    widget.resize(700, 500)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def _view(browser: CatalogBrowser) -> QTableView:
    view = browser.findChild(QTableView, "profileTable")
    assert view is not None
    return view


def _combo(browser: CatalogBrowser, name: str) -> QComboBox:
    combo = browser.findChild(QComboBox, name)
    assert combo is not None
    return combo


def _button(browser: CatalogBrowser) -> QPushButton:
    button = browser.findChild(QPushButton, "addProfileButton")
    assert button is not None
    return button


def _filter_edit(browser: CatalogBrowser) -> QLineEdit:
    edit = browser.findChild(QLineEdit, "profileFilter")
    assert edit is not None
    return edit


def _shown_ids(browser: CatalogBrowser) -> list[str]:
    proxy = _view(browser).model()
    return [proxy.index(r, 0).data(PROFILE_ID_ROLE) for r in range(proxy.rowCount())]


def _column(browser: CatalogBrowser, column: int) -> list[Any]:
    proxy = _view(browser).model()
    return [proxy.index(r, column).data() for r in range(proxy.rowCount())]


def _proxy_index(browser: CatalogBrowser, profile_id: str) -> QModelIndex:
    proxy = _view(browser).model()
    for r in range(proxy.rowCount()):
        if proxy.index(r, 0).data(PROFILE_ID_ROLE) == profile_id:
            return proxy.index(r, 0)
    raise AssertionError(f"{profile_id} is not shown")


def _choose(combo: QComboBox, data: object) -> None:
    position = combo.findData(data)
    assert position >= 0, data
    combo.setCurrentIndex(position)


def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))


def _names(profile: Profile) -> list[str]:
    return [profile.name] if isinstance(profile.name, str) else list(profile.name.values())


# --- the models -------------------------------------------------------------------------------------------------
def test_profile_table_model_passes_the_model_tester(qtmodeltester: Any, catalogs: Catalogs) -> None:
    model = ProfileTableModel(catalogs)
    qtmodeltester.check(model)
    assert model.rowCount() == len(catalogs.entries["profiles"]) == 17
    model.set_catalogs(Catalogs("confrontation"))  # the tester watches the reset too
    assert model.rowCount() == 0
    model.set_catalogs(catalogs)
    qtmodeltester.check(model)


def test_filter_proxy_passes_the_model_tester(qtmodeltester: Any, catalogs: Catalogs) -> None:
    proxy = ProfileFilterProxyModel()
    proxy.setSourceModel(ProfileTableModel(catalogs, parent=proxy))
    proxy.sort(COST, Qt.SortOrder.DescendingOrder)
    qtmodeltester.check(proxy)
    proxy.set_text("priest")
    proxy.set_filter("people", "griffins")
    proxy.set_filter("kind", "faithful")
    proxy.set_filter("cult", "merin")
    proxy.set_text("")
    proxy.set_filter("kind", "other")
    qtmodeltester.check(proxy)


def test_a_faithful_row_shows_its_people_cult_kind_discipline_and_cost(catalogs: Catalogs) -> None:
    model = ProfileTableModel(catalogs)
    row = model.row_of("iron-priestess")
    texts = [model.index(row, c).data() for c in range(model.columnCount())]
    assert texts == ["Iron Priestess", "Griffins of Akkylannia", "Merin", "Faithful", "4", "30"]
    assert model.index(row, COST).data(PROFILE_ID_ROLE) == "iron-priestess"
    assert model.index(row, COST).data(SORT_ROLE) == 30
    assert model.index(row, NAME).data(SORT_ROLE) == "iron priestess"
    tooltip = model.index(row, NAME).data(Qt.ItemDataRole.ToolTipRole)
    assert "Devotee — Merin / 10 — Creation 0, Alteration 2, Destruction 1" in tooltip
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers == ["Name", "People", "Cult", "Kind", "Discipline", "Cost (A.P.)"]


def test_warrior_monks_and_profiles_without_faith_or_discipline(catalogs: Catalogs) -> None:
    model = ProfileTableModel(catalogs)
    monk = model.row_of("templar-warrior-monk")
    assert model.index(monk, KIND).data() == "Warrior-monk"
    zombie = model.row_of("acheron-zombie")
    assert [model.index(zombie, c).data() for c in (CULT, KIND, DISCIPLINE)] == ["", "—", "—"]
    assert model.index(zombie, DISCIPLINE).data(SORT_ROLE) == -1
    assert model.index(zombie, NAME).data(Qt.ItemDataRole.ToolTipRole) is None
    assert model.flags(model.index(zombie, NAME)) & Qt.ItemFlag.ItemIsEditable == Qt.ItemFlag.NoItemFlags


def test_catalog_text_in_a_tooltip_is_plain_text(catalogs: Catalogs) -> None:
    cult = Cult.model_validate({"id": "evil", "name": "<b>Evil</b> & co", "path": "darkness"})
    profile = Profile.model_validate(
        {
            "id": "acolyte",
            "name": "Acolyte",
            "people": "test",
            "cost": 5,
            "faithful": {"rank": "zealot", "cult": "evil", "faith": 3},
        }
    )
    model = ProfileTableModel(
        Catalogs("confrontation", entries={"cults": {"evil": cult}, "profiles": {"acolyte": profile}})
    )
    tooltip = model.index(0, NAME).data(Qt.ItemDataRole.ToolTipRole)
    assert "&lt;b&gt;Evil&lt;/b&gt; &amp; co" in tooltip
    assert "<b>" not in tooltip
    assert model.index(0, CULT).data() == "<b>Evil</b> & co"


# --- the widget ---------------------------------------------------------------------------------------------
def test_controls_are_named_and_start_unfiltered_sorted_by_name(
    browser: CatalogBrowser, catalogs: Catalogs
) -> None:
    edit = _filter_edit(browser)
    assert edit.placeholderText() == "Filter profiles…"
    assert edit.isClearButtonEnabled()
    view = _view(browser)
    for widget in (
        edit,
        view,
        _button(browser),
        *(_combo(browser, n) for n in ("peopleFilter", "cultFilter", "kindFilter")),
    ):
        assert widget.accessibleName()
    assert view.isSortingEnabled()
    assert view.editTriggers() == QTableView.EditTrigger.NoEditTriggers
    assert view.selectionMode() == QTableView.SelectionMode.SingleSelection
    names = _column(browser, NAME)
    assert len(names) == 17
    assert names == sorted(names, key=str.casefold)
    kinds = _combo(browser, "kindFilter")
    assert [kinds.itemText(i) for i in range(kinds.count())] == [
        "Faithful and others",
        "Faithful only",
        "Not Faithful",
    ]


@pytest.mark.parametrize("text", ["prêtresse", "iron", "IRON", "pretresse", "Prêtresse de fer"])
def test_free_text_finds_a_name_in_any_language(
    browser: CatalogBrowser, profiles: list[Profile], text: str
) -> None:
    _filter_edit(browser).setText(text)  # QTest cannot type "ê": typing is tested below
    expected = {p.id for p in profiles if any(_fold(text) in _fold(n) for n in _names(p))}
    assert "iron-priestess" in expected
    assert set(_shown_ids(browser)) == expected


def test_typing_in_the_filter_line_filters_at_once(qtbot: QtBot, browser: CatalogBrowser) -> None:
    qtbot.keyClicks(_filter_edit(browser), "iron")
    assert _shown_ids(browser) == ["iron-priestess"]


def test_free_text_matches_people_and_cult_and_every_word(
    browser: CatalogBrowser, profiles: list[Profile]
) -> None:
    edit = _filter_edit(browser)
    edit.setText("merin")
    assert set(_shown_ids(browser)) == {p.id for p in profiles if p.faithful and p.faithful.cult == "merin"}
    edit.setText("Griffins")
    assert set(_shown_ids(browser)) == {p.id for p in profiles if p.people == "griffins"}
    edit.setText("merin monk")
    assert _shown_ids(browser) == ["templar-warrior-monk"]
    edit.setText("nothing like this")
    assert _shown_ids(browser) == []
    edit.clear()
    assert len(_shown_ids(browser)) == 17


def test_people_filter_lists_every_people_by_name_and_filters_by_it(
    browser: CatalogBrowser, profiles: list[Profile], catalogs: Catalogs
) -> None:
    combo = _combo(browser, "peopleFilter")
    peoples = sorted({p.people for p in profiles})
    names = sorted((display_name(catalogs.entries["peoples"][p].name) for p in peoples), key=_fold)
    assert [combo.itemText(i) for i in range(combo.count())] == ["All peoples", *names]
    for people in peoples:
        _choose(combo, people)
        assert set(_shown_ids(browser)) == {p.id for p in profiles if p.people == people}
    combo.setCurrentIndex(0)
    assert len(_shown_ids(browser)) == len(profiles)


def test_cult_filter_lists_the_cults_of_faithful_by_name(
    browser: CatalogBrowser, profiles: list[Profile], catalogs: Catalogs
) -> None:
    combo = _combo(browser, "cultFilter")
    used = {p.faithful.cult for p in profiles if p.faithful}
    names = sorted((display_name(catalogs.entries["cults"][c].name) for c in used), key=str.casefold)
    assert [combo.itemText(i) for i in range(combo.count())] == ["All cults", *names]
    for cult in used:
        _choose(combo, cult)
        assert set(_shown_ids(browser)) == {p.id for p in profiles if p.faithful and p.faithful.cult == cult}


def test_kind_filter(browser: CatalogBrowser, profiles: list[Profile]) -> None:
    combo = _combo(browser, "kindFilter")
    _choose(combo, "faithful")
    assert set(_shown_ids(browser)) == {p.id for p in profiles if p.faithful is not None}
    _choose(combo, "other")
    assert set(_shown_ids(browser)) == {p.id for p in profiles if p.faithful is None}
    _choose(combo, "all")
    assert len(_shown_ids(browser)) == len(profiles)


def test_filters_combine(browser: CatalogBrowser, profiles: list[Profile]) -> None:
    _choose(_combo(browser, "peopleFilter"), "griffins")
    _choose(_combo(browser, "kindFilter"), "other")
    assert set(_shown_ids(browser)) == {p.id for p in profiles if p.people == "griffins" and p.faithful is None}
    _filter_edit(browser).setText("crossbow")
    assert _shown_ids(browser) == ["griffin-crossbowman"]


def test_cost_and_discipline_sort_as_numbers(browser: CatalogBrowser, profiles: list[Profile]) -> None:
    view = _view(browser)
    view.sortByColumn(COST, Qt.SortOrder.AscendingOrder)
    costs = [int(c) for c in _column(browser, COST)]
    assert costs == sorted(p.cost for p in profiles)
    assert costs[-1] == 127  # as text, "127" would come before "14"
    view.sortByColumn(COST, Qt.SortOrder.DescendingOrder)
    assert [int(c) for c in _column(browser, COST)] == sorted((p.cost for p in profiles), reverse=True)
    view.sortByColumn(DISCIPLINE, Qt.SortOrder.AscendingOrder)
    disciplines = _column(browser, DISCIPLINE)
    assert disciplines[0] == "—"
    assert [int(d) for d in disciplines[1:]] == sorted(p.discipline for p in profiles if p.discipline is not None)


def test_the_sort_follows_new_catalogs(
    browser: CatalogBrowser, document: ArmyDocument, catalogs: Catalogs
) -> None:
    """The sort keys, worked out once per column, are worked out again when the catalogs change: a profile
    whose name and cost changed sorts at its new name and its new cost, and every cell's key is the one worked
    out afresh."""
    view = _view(browser)
    view.sortByColumn(COST, Qt.SortOrder.AscendingOrder)
    view.sortByColumn(NAME, Qt.SortOrder.AscendingOrder)  # both columns' keys kept
    profiles = dict(catalogs.entries["profiles"])
    cheapest = profiles["iron-priestess"].model_copy(update={"cost": 0, "name": "Aaa priestess"})
    document.set_catalogs(
        Catalogs(
            "confrontation", entries={**catalogs.entries, "profiles": {**profiles, "iron-priestess": cheapest}}
        )
    )
    assert _column(browser, NAME)[0] == "Aaa priestess"
    view.sortByColumn(COST, Qt.SortOrder.AscendingOrder)
    assert _column(browser, COST)[0] == "0"
    model = browser.profile_model
    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            spec = model.description.columns[column]
            profile = model.profile_row(row)
            expected = spec.sort_key(profile) if spec.sort_key is not None else fold(spec.text(profile))
            assert model.index(row, column).data(SORT_ROLE) == expected


# --- adding -----------------------------------------------------------------------------------------------------
def _assert_added_iron_priestess(browser: CatalogBrowser, document: ArmyDocument, count: int = 1) -> None:
    units = document.army.units
    assert len(units) == count
    assert units[-1].profile == "iron-priestess"
    assert document.selected == units[-1].id
    assert document.session.undo_label == "Add Iron Priestess"
    assert QApplication.focusWidget() is _view(browser)


def test_double_click_adds_the_profile(qtbot: QtBot, browser: CatalogBrowser, document: ArmyDocument) -> None:
    view = _view(browser)
    index = _proxy_index(browser, "iron-priestess")
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(index).center())
    _assert_added_iron_priestess(browser, document)


def test_a_real_double_click_adds_one_unit(qtbot: QtBot, browser: CatalogBrowser, document: ArmyDocument) -> None:
    """A player's double-click arrives as a click, then the double-click: one unit, not two."""
    view = _view(browser)
    center = view.visualRect(_proxy_index(browser, "iron-priestess")).center()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=center)
    assert document.army.units == ()
    assert browser.selected_profile() == "iron-priestess"
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=center)
    _assert_added_iron_priestess(browser, document)


def test_double_click_below_the_rows_adds_nothing(
    qtbot: QtBot, browser: CatalogBrowser, document: ArmyDocument
) -> None:
    view = _view(browser)
    _filter_edit(browser).setText("zombie")
    qtbot.mouseDClick(
        view.viewport(), Qt.MouseButton.LeftButton, pos=view.viewport().rect().bottomLeft() + QPoint(5, -5)
    )
    assert document.army.units == ()


@pytest.mark.parametrize("key", [Qt.Key.Key_Return, Qt.Key.Key_Enter])
def test_enter_adds_the_selected_profile_and_again(
    qtbot: QtBot, browser: CatalogBrowser, document: ArmyDocument, key: Qt.Key
) -> None:
    view = _view(browser)
    assert browser.select_profile("iron-priestess")
    view.setFocus()
    qtbot.keyClick(view, key)
    _assert_added_iron_priestess(browser, document)
    qtbot.keyClick(view, key)  # focus stayed in the table: the player adds another one
    _assert_added_iron_priestess(browser, document, count=2)
    assert len({u.id for u in document.army.units}) == 2


def test_enter_without_a_selection_adds_nothing(
    qtbot: QtBot, browser: CatalogBrowser, document: ArmyDocument
) -> None:
    view = _view(browser)
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert document.army.units == ()


def test_the_button_adds_the_selection_and_is_disabled_without_one(
    qtbot: QtBot, browser: CatalogBrowser, document: ArmyDocument
) -> None:
    button = _button(browser)
    assert not button.isEnabled()
    assert browser.select_profile("iron-priestess")
    assert button.isEnabled()
    assert browser.selected_profile() == "iron-priestess"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    _assert_added_iron_priestess(browser, document)
    _view(browser).clearSelection()
    assert not button.isEnabled()


def test_a_filter_that_hides_every_row_disables_the_button(browser: CatalogBrowser) -> None:
    assert browser.select_profile("iron-priestess")
    _filter_edit(browser).setText("nothing like this")
    assert browser.selected_profile() is None
    assert not _button(browser).isEnabled()


def test_a_filter_that_leaves_one_row_moves_the_selection_to_it(browser: CatalogBrowser) -> None:
    """Qt moves the current row to one still shown; the button follows the selection, whatever it is."""
    assert browser.select_profile("iron-priestess")
    _filter_edit(browser).setText("zombie")
    assert browser.selected_profile() in (None, "acheron-zombie")
    assert _button(browser).isEnabled() == (browser.selected_profile() is not None)


def test_down_in_the_filter_line_goes_to_the_table(qtbot: QtBot, browser: CatalogBrowser) -> None:
    edit = _filter_edit(browser)
    edit.setFocus()
    qtbot.keyClicks(edit, "priest")
    qtbot.keyClick(edit, Qt.Key.Key_Down)
    assert QApplication.focusWidget() is _view(browser)
    assert browser.selected_profile() == _shown_ids(browser)[0]


# --- following the document -------------------------------------------------------------------------------------
def test_new_catalogs_refresh_the_table_and_keep_the_filters_that_still_exist(
    browser: CatalogBrowser, document: ArmyDocument, catalogs: Catalogs
) -> None:
    resets: list[bool] = []
    browser.profile_model.modelReset.connect(lambda: resets.append(True))
    document.execute(AddUnit(document.new_unit_id(), "iron-priestess"))
    assert resets == []  # an army change does not rebuild the table

    _choose(_combo(browser, "peopleFilter"), "griffins")
    _choose(_combo(browser, "cultFilter"), "yllia")
    _choose(_combo(browser, "kindFilter"), "faithful")
    _combo(browser, "cultFilter").setCurrentIndex(0)
    _choose(_combo(browser, "cultFilter"), "merin")
    assert browser.select_profile("iron-priestess")

    extra = Profile.model_validate(
        {
            "id": "merin-acolyte",
            "name": {"en": "Acolyte of Merin", "fr": "Acolyte de Merin"},
            "people": "griffins",
            "cost": 12,
            "faithful": {"rank": "devotee", "cult": "merin", "faith": 4},
        }
    )
    profiles = {k: v for k, v in catalogs.entries["profiles"].items() if getattr(v, "people", "") != "wolfen"}
    entries = {**catalogs.entries, "profiles": {**profiles, "merin-acolyte": extra}}
    document.set_catalogs(Catalogs("confrontation", entries=entries))

    assert resets == [True]
    assert browser.profile_model.rowCount() == 17
    assert "merin-acolyte" in _shown_ids(browser)
    assert _combo(browser, "peopleFilter").currentData() == "griffins"
    assert _combo(browser, "cultFilter").currentData() == "merin"
    assert "wolfen" not in [
        _combo(browser, "peopleFilter").itemData(i) for i in range(_combo(browser, "peopleFilter").count())
    ]
    assert browser.selected_profile() == "iron-priestess"


def test_a_chosen_people_that_is_gone_falls_back_to_all(
    browser: CatalogBrowser, document: ArmyDocument, catalogs: Catalogs
) -> None:
    _choose(_combo(browser, "peopleFilter"), "wolfen")
    assert _shown_ids(browser) == ["wolfen-yllia-devotee"]
    profiles = {k: v for k, v in catalogs.entries["profiles"].items() if getattr(v, "people", "") != "wolfen"}
    document.set_catalogs(Catalogs("confrontation", entries={**catalogs.entries, "profiles": profiles}))
    assert _combo(browser, "peopleFilter").currentIndex() == 0
    assert len(_shown_ids(browser)) == 16
    assert not _button(browser).isEnabled()


def test_a_narrow_browser_hides_columns_but_never_name_or_cost(qtbot: QtBot, browser: CatalogBrowser) -> None:
    header = _view(browser).horizontalHeader()
    browser.resize(760, 500)  # room for every column with the names whole (issue 17: names are never cut)
    qtbot.waitUntil(lambda: not any(header.isSectionHidden(c) for c in range(6)))
    browser.resize(300, 500)
    qtbot.waitUntil(lambda: header.isSectionHidden(KIND))
    assert not header.isSectionHidden(NAME)
    assert not header.isSectionHidden(COST)
    browser.resize(760, 500)
    qtbot.waitUntil(lambda: not any(header.isSectionHidden(c) for c in range(6)))


def test_focusing_the_browser_focuses_the_filter_line(browser: CatalogBrowser) -> None:
    assert browser.focusProxy() is _filter_edit(browser)


def test_a_french_player_sees_the_catalogs_french_names(catalogs: Catalogs) -> None:
    from warband.model.messages import load_language

    assert load_language("fr")
    try:
        model = ProfileTableModel(catalogs)
        row = model.row_of("iron-priestess")
        assert model.index(row, NAME).data() == "Prêtresse de Fer"
        assert model.index(row, NAME).data(SORT_ROLE) == "pretresse de fer"
    finally:
        load_language("en")
