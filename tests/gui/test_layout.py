"""Issue 17: every builder readable at 1280×800, at the default and the largest font preset, in each language.

Measured from the real window's widgets and their font metrics: no column of the roster narrower than its title
and its widest cell need, the cost in view without scrolling, four problems in view, the filter boxes showing
their choice whole, and a font preset that applies at once (row heights and column widths follow it). One test
runs the same checks again in a subprocess at `QT_SCALE_FACTOR=2`.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit, QStyle, QStyleOptionComboBox, QTableView

from warband.gui.builder.builder_tab import Arrangement, BuilderTab
from warband.gui.builder.roster_table_model import RosterTableModel
from warband.gui.preferences import FONT_PRESETS, Preferences, apply_preferences
from warband.model.messages import load_language
from warband.model.system import games

DEFAULT_SIZE = Preferences().font_size
LARGEST_SIZE = max(size for _name, size in FONT_PRESETS)
GAMES = tuple(
    game.id for game in games() if game.ui is not None and sorted((game.folder() / "examples").glob("*.json"))
)
SCREEN = (1280, 800)


def example_army(system: str) -> Path:
    (game,) = [g for g in games() if g.id == system]
    return sorted((game.folder() / "examples").glob("*.warband.json"))[0]


@pytest.fixture
def font_size():
    """Set the application's font for a test, and put back the one it had after it."""
    app = QApplication.instance()
    before = QApplication.font().pointSize()

    def apply(size: int) -> None:
        apply_preferences(app, Preferences(font_size=size))

    yield apply
    apply_preferences(app, Preferences(font_size=before))


@pytest.fixture
def language():
    yield load_language
    load_language("en")


def settle(qtbot) -> None:
    """Let the layouts, the posted resizes and the builder's zero-timer arrangement run."""
    for _ in range(3):
        QApplication.processEvents()
        qtbot.wait(10)


def open_at_screen_size(qtbot, make_window, system: str):
    window = make_window()
    window.resize(*SCREEN)
    window.show()
    qtbot.waitExposed(window)
    assert window.open_army(example_army(system))
    settle(qtbot)
    return window


def cell_room(table: QTableView) -> int:
    """What a cell's text loses to the delegate's margins (the focus frame's, on each side)."""
    return 2 * (table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1)


def text_need(table: QTableView, column: int) -> int:
    """The width a column needs for its widest cell's text to be painted whole, in the table's own font."""
    metrics = table.fontMetrics()
    model = table.model()
    texts = [str(model.index(row, column).data() or "") for row in range(model.rowCount())]
    return max((metrics.horizontalAdvance(text) for text in texts), default=0) + cell_room(table)


def title_need(table: QTableView, column: int) -> int:
    header = table.horizontalHeader()
    return header.sectionSizeFromContents(column).width()


def show_pane(builder, box) -> None:
    """In the tabbed arrangement, only the current tab is laid out: show the one to measure."""
    if builder.arrangement is not Arrangement.COLUMNS and builder.panes.indexOf(box) >= 0:
        builder.panes.setCurrentWidget(box)


def layout_problems(window, qtbot) -> list[str]:
    """Every way the builder cuts something at its size, as sentences (empty: all is readable)."""
    found: list[str] = []
    builder = window.builder
    if window.width() > SCREEN[0] or window.height() > SCREEN[1]:
        found.append(f"the window grew to {window.width()}×{window.height()}, beyond the screen")

    show_pane(builder, builder.army_box)
    settle(qtbot)
    table = builder.roster.table
    model = builder.roster.model
    header = table.horizontalHeader()
    notes = model.column_of(RosterTableModel.NOTES)
    for column in range(model.columnCount()):
        title = model.headerData(column, header.orientation())
        size = header.sectionSize(column)
        if size < title_need(table, column):
            found.append(
                f"roster column {title!r} is {size} px, narrower than its title ({title_need(table, column)})"
            )
        if column != notes and size < text_need(table, column):
            found.append(f"roster column {title!r} is {size} px, its widest cell needs {text_need(table, column)}")
        if column != notes:
            right = header.sectionViewportPosition(column) + size
            if right > table.viewport().width() or header.sectionViewportPosition(column) < 0:
                found.append(f"roster column {title!r} is out of view without scrolling")
    if table.horizontalScrollBar().value() != 0:
        found.append("the roster is scrolled sideways")

    show_pane(builder, builder.problems)
    settle(qtbot)
    problems = builder.problems.table
    rows_shown = problems.viewport().height() // problems.verticalHeader().defaultSectionSize()
    if rows_shown < 4:
        found.append(f"the Problems table shows {rows_shown} rows")

    show_pane(builder, builder.catalog_box)
    settle(qtbot)
    for combo in builder.browser.findChildren(QComboBox):
        option = QStyleOptionComboBox()
        combo.initStyleOption(option)
        field = combo.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, combo
        )
        text = combo.currentText()
        if field.width() < combo.fontMetrics().horizontalAdvance(text):
            found.append(f"the filter box {combo.objectName()} shows {field.width()} px of {text!r}")
        if not builder.browser.rect().contains(QRect(combo.mapTo(builder.browser, QPoint(0, 0)), combo.size())):
            found.append(f"the filter box {combo.objectName()} is outside the catalog browser")
    view = builder.browser.findChild(QTableView, "profileTable")
    name_size = view.horizontalHeader().sectionSize(0)
    if name_size < text_need(view, 0):
        found.append(f"the catalog's names are cut: {name_size} px for {text_need(view, 0)}")
    return found


@pytest.mark.parametrize("size", [DEFAULT_SIZE, LARGEST_SIZE])
@pytest.mark.parametrize("system", GAMES)
def test_the_builder_is_readable_at_1280_by_800(qtbot, make_window, font_size, system, size):
    font_size(size)
    window = open_at_screen_size(qtbot, make_window, system)
    if os.environ.get("QT_SCALE_FACTOR") == "2":
        assert window.devicePixelRatio() == 2  # the subprocess of `test_the_same_at_scale_factor_2`
    assert layout_problems(window, qtbot) == []


@pytest.mark.parametrize("lang", ["fr", "ru"])
@pytest.mark.parametrize("system", GAMES)
def test_the_builder_is_readable_in_french_and_russian(qtbot, make_window, font_size, language, system, lang):
    assert language(lang)
    font_size(LARGEST_SIZE)
    window = open_at_screen_size(qtbot, make_window, system)
    assert layout_problems(window, qtbot) == []


def test_the_army_comes_first_when_the_columns_are_shared(qtbot, make_window, font_size):
    """At the default size the three panes are side by side, and the army has what its columns want (or what
    the others leave when they have only what they need)."""
    font_size(DEFAULT_SIZE)
    window = open_at_screen_size(qtbot, make_window, "confrontation")
    builder = window.builder
    assert builder.arrangement is Arrangement.COLUMNS
    catalog, _army, unit = builder.pane_needs()
    panes = (builder.catalog_box, builder.army_box, builder.unit_box)  # the splitter holds their places
    sizes = dict(zip(panes, builder.columns.sizes(), strict=True))
    room = sum(sizes.values())
    assert sizes[builder.army_box] >= min(builder._army_wanted(), room - sizes[builder.catalog_box] - unit)
    assert sizes[builder.catalog_box] >= catalog and sizes[builder.unit_box] >= unit
    assert sizes[builder.army_box] > sizes[builder.catalog_box]


def test_the_largest_preset_stacks_the_panes_instead_of_shrinking(qtbot, make_window, font_size):
    font_size(LARGEST_SIZE)
    window = open_at_screen_size(qtbot, make_window, "confrontation")
    builder = window.builder
    assert builder.arrangement is not Arrangement.COLUMNS
    assert builder.panes.isVisible()
    assert QApplication.font().pointSize() == LARGEST_SIZE  # the chosen size, never a smaller one
    assert builder.roster.table.font().pointSize() == LARGEST_SIZE


def test_a_font_preset_applies_at_once(qtbot, make_window, font_size):
    """Edit → Preferences with a new size: row heights, column widths and the pane arrangement follow at once."""
    font_size(DEFAULT_SIZE)
    window = open_at_screen_size(qtbot, make_window, "sbg")
    builder = window.builder
    tables = (builder.roster.table, builder.problems.table, builder.browser.findChild(QTableView, "profileTable"))
    heights = [table.verticalHeader().defaultSectionSize() for table in tables]
    label_width = builder.roster.table.horizontalHeader().sectionSize(0)
    total = builder.roster.total_label.font().pointSizeF()
    window.choose_preferences = lambda current: current.changed(font_size=LARGEST_SIZE)
    window._preferences_file = window._settings_file.with_name("preferences.json")
    assert window.edit_preferences()
    settle(qtbot)
    for table, before in zip(tables, heights, strict=True):
        after = table.verticalHeader().defaultSectionSize()
        assert after > before
        assert after >= table.fontMetrics().height()
        if table.model().rowCount():
            assert table.rowHeight(0) == after
    assert builder.roster.table.horizontalHeader().sectionSize(0) > label_width
    assert builder.roster.total_label.font().pointSizeF() > total
    assert layout_problems(window, qtbot) == []
    window.choose_preferences = lambda current: current.changed(font_size=DEFAULT_SIZE)
    assert window.edit_preferences()
    settle(qtbot)
    assert builder.arrangement is Arrangement.COLUMNS  # back side by side, the problems below them
    assert [table.verticalHeader().defaultSectionSize() for table in tables] == heights
    assert layout_problems(window, qtbot) == []


@pytest.mark.skipif(os.environ.get("QT_SCALE_FACTOR") == "2", reason="already the subprocess")
def test_the_same_at_scale_factor_2():
    """HiDPI: the same checks in a new process with QT_SCALE_FACTOR=2 (a 2560×1600 screen)."""
    env = {**os.environ, "QT_SCALE_FACTOR": "2", "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            __file__,
            "-k",
            "readable_at_1280 and (confrontation or sbg)",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert " passed" in result.stdout


def test_picking_a_unit_beside_the_tabs_shows_it(qtbot, make_window, font_size):
    """Two columns (the catalog and the selected unit as tabs): a unit picked in the roster comes into view, but
    adding one from the catalog leaves the catalog shown, for the next one."""
    font_size(14)
    window = open_at_screen_size(qtbot, make_window, "confrontation")
    builder = window.builder
    if builder.arrangement is not Arrangement.TWO_COLUMNS:
        pytest.skip(f"{builder.arrangement} at 14 pt with this font")
    builder.panes.setCurrentWidget(builder.catalog_box)
    assert builder.browser.select_profile("iron-priestess")
    assert builder.browser.add_selected()
    assert builder.panes.currentWidget() is builder.catalog_box
    table = builder.roster.table
    table.setFocus()
    qtbot.waitUntil(table.hasFocus)
    qtbot.mouseClick(
        table.viewport(), Qt.MouseButton.LeftButton, pos=table.visualRect(table.model().index(0, 0)).center()
    )
    assert window.document.selected == window.document.army.units[0].id
    assert builder.panes.currentWidget() is builder.unit_box


class FirstPaint(QObject):
    """How a builder was arranged when it was first painted."""

    def __init__(self, builder) -> None:
        super().__init__()
        self.builder = builder
        self.arrangement: Arrangement | None = None
        builder.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Paint and self.arrangement is None:
            self.arrangement = self.builder.arrangement
        return False


@pytest.mark.parametrize("size", [DEFAULT_SIZE, LARGEST_SIZE])
def test_an_army_opened_before_the_window_shows_is_arranged_at_the_window_width(
    qtbot, make_window, font_size, monkeypatch, size
):
    """`warband ARMY` opens the file before the window appears. The builder is then shown before its tab widget
    gives it its width: it is arranged when the window shows, at that width, before the first paint, as when the
    army is opened in a window on screen (it had been arranged for a narrower width first, then again)."""
    made: list[tuple[BuilderTab, Arrangement]] = []
    rearrange = BuilderTab._rearrange

    def spy(builder: BuilderTab, chosen: Arrangement) -> None:
        made.append((builder, chosen))
        rearrange(builder, chosen)

    monkeypatch.setattr(BuilderTab, "_rearrange", spy)
    font_size(size)
    shown_first = open_at_screen_size(qtbot, make_window, "confrontation").builder
    window = make_window()
    window.resize(*SCREEN)
    assert window.open_army(example_army("confrontation"))
    painted = FirstPaint(window.builder)
    window.show()
    qtbot.waitExposed(window)
    settle(qtbot)
    builder = window.builder
    assert builder.arrangement is shown_first.arrangement
    assert painted.arrangement is builder.arrangement
    assert [chosen for tab, chosen in made if tab is builder] == [
        chosen for tab, chosen in made if tab is shown_first
    ]
    assert builder.columns.sizes() == shown_first.columns.sizes()


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
@pytest.mark.parametrize("size", [DEFAULT_SIZE, LARGEST_SIZE])
@pytest.mark.parametrize("system", GAMES)
def test_the_catalog_columns_are_as_wide_as_qt_measures_them(
    qtbot, make_window, font_size, language, system, size, lang
):
    """The catalog browser's table measures its columns from their widest texts (`TextColumnsView`): what
    Qt's own measure of every row gives, for each game's built-in catalog, size and language, filtered or not."""
    assert language(lang)
    font_size(size)
    window = open_at_screen_size(qtbot, make_window, system)
    view = window.builder.browser.profile_view
    assert view.model().rowCount() > 0
    filter_edit = window.builder.browser.findChild(QLineEdit, "profileFilter")
    for typed in ("", "a", "e r"):
        filter_edit.setText(typed)
        for column in range(view.model().columnCount()):
            assert view.sizeHintForColumn(column) == QTableView.sizeHintForColumn(view, column), (typed, column)
