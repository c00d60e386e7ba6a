"""Issue 17: the Turn tracker and the Resolver of every game readable at 1280×800, at the default and the largest
font preset, in English, French and Russian, and at `QT_SCALE_FACTOR=2`.

Each game's example army plays a battle against itself for a few actions (logs, rolls and outcomes on screen);
then, measured from the real window's widgets and their own delegates and fonts: every column of every table at
least as wide as its title and its widest cell, and in view without a sideways scroll; the log's latest lines
whole (wrapped, never cut); no tab that needs a sideways scroll; no label, button or combo box showing less than
its text; the window no larger than the screen. Panes shown one at a time (a large preset) are each checked in
turn, and so is each page of a table whose columns go a page at a time.

Columns of free text are exempt from the widest-cell check (not from their title's): a target the players typed
(power-dice lasting spells) and why a Faithful may not call (a sentence) have the room the other columns leave,
and show the rest in their tooltips. The log's "What happened" is checked as it is shown: wrapped, each line as
high as its text needs.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject, QRect, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QStyle,
    QStyleOptionComboBox,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

from warband import api
from warband.gui.new_battle_dialog import NewBattle
from warband.gui.preferences import FONT_PRESETS, Preferences, apply_preferences
from warband.gui.systems.registry import options_box
from warband.model.messages import _, load_language

DEFAULT_SIZE = Preferences().font_size
LARGEST_SIZE = max(size for _name, size in FONT_PRESETS)
GAMES = ("confrontation", "powerdice", "sbg", "pfpv")
SCREEN = (1280, 800)
TRACKER, RESOLVER = 1, 2
FREE_TEXT = {"lastingTable": {"Target"}, "barredTable": {"Why not"}}
"""Columns of free text, by table and title (in English): only their title must show whole (see above)."""
WORD_WRAP = int(Qt.TextFlag.TextWordWrap)
SHOWN_WHOLE = (QLabel, QAbstractButton, QComboBox, QAbstractSpinBox, QLineEdit)
"""Widgets that must lie whole within the box that holds them (not cut off by its edge)."""
LOG_LINES = 6
"""The latest lines of a log checked whole."""


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
    """Let the layouts, the posted resizes and the zero-timer arrangements (panes, columns, combo boxes) run:
    each may ask the next for another round."""
    for _round in range(8):
        QApplication.processEvents()
    qtbot.wait(5)
    for _round in range(4):
        QApplication.processEvents()


def example_army(system: str) -> Path:
    (game,) = [g for g in api.games() if g.id == system]
    return sorted((game.folder() / "examples").glob("*.warband.json"))[0]


def play_on(document: Any, steps: int = 8) -> None:
    """On through the battle as the model offers, rolls first: the log, outcomes and counters on screen."""
    document.run.dice = api.SeededDice(5)
    for _step in range(steps):
        actions = [a for a in document.actions() if a.allowed and a.kind not in ("end_battle", "previous_phase")]
        actions = [a for a in actions if a.command is None or a.command.apply(document.battle) != document.battle]
        rolls = [a for a in actions if a.request is not None]
        if not actions:
            break
        assert document.take(rolls[0] if rolls else actions[0])


def battle_window(qtbot, make_window, asker, system: str, screen: tuple[int, int] = SCREEN) -> Any:
    """The real window at the screen's size, the game's example army against itself a few actions on."""
    window = make_window()
    window.resize(*screen)
    window.show()
    qtbot.waitExposed(window)
    assert window.open_army(example_army(system))
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    box = options_box(system, window)
    options = box.options() if box is not None else None
    if box is not None:
        box.hide()
        box.deleteLater()
    sides = api.get_system(system).info.sides
    players = (_("Player 1"), _("Player 2"))[:sides]
    asker.new_battle_answer = NewBattle(tuple((player, window.document.army) for player in players), options)
    assert window.battles.new_battle()
    play_on(window.battles.document)
    settle(qtbot)
    return window


# --- measuring ----------------------------------------------------------------------------------------------


def cell_need(table: QTableView, row: int, column: int, option: QStyleOptionViewItem) -> int:
    """The width the cell's delegate needs to paint it whole on one line (as resizeColumnsToContents measures)."""
    index = table.model().index(row, column)
    delegate = table.itemDelegateForIndex(index)
    return delegate.sizeHint(option, index).width() + (1 if table.showGrid() else 0)


def table_problems(table: QTableView, where: str) -> list[str]:
    found: list[str] = []
    model, header = table.model(), table.horizontalHeader()
    name = table.objectName()
    log = name == "logTable"
    option = QStyleOptionViewItem()
    table.initViewItemOption(option)
    rows = range(max(0, model.rowCount() - 20), model.rowCount()) if log else range(model.rowCount())
    for column in range(model.columnCount()):
        if table.isColumnHidden(column):
            continue
        title = str(model.headerData(column, header.orientation()) or "")
        size = header.sectionSize(column)
        needed = header.sectionSizeFromContents(column).width()
        if size < needed:
            found.append(f"{where}: {name} column {title!r} is {size} px, narrower than its title ({needed})")
        wraps = log and column == log_text_column(table) and table.wordWrap()  # then: its rows' heights
        free = _(title) in {_(t) for t in FREE_TEXT.get(name, ())}
        if not wraps and not free:
            widest = max((cell_need(table, row, column, option) for row in rows), default=0)
            if size < widest:
                found.append(f"{where}: {name} column {title!r} is {size} px, its widest cell needs {widest}")
        left = header.sectionViewportPosition(column)
        if left < 0 or left + size > table.viewport().width():
            found.append(f"{where}: {name} column {title!r} is out of view without a sideways scroll")
    if table.horizontalScrollBar().maximum() > 0:
        found.append(f"{where}: {name} needs a sideways scroll of {table.horizontalScrollBar().maximum()} px")
    if log and model.rowCount():
        found += log_problems(table, where)
    return found


def log_text_column(table: QTableView) -> int:
    model = table.model()
    titles = [str(model.headerData(c, table.horizontalHeader().orientation())) for c in range(model.columnCount())]
    return titles.index(_("What happened"))


def log_problems(table: QTableView, where: str) -> list[str]:
    """The latest lines whole: each row as high as its cells need at their widths (wrapped, as painted), and
    the newest one in view."""
    found = []
    model = table.model()
    last = model.rowCount() - 1
    for row in range(max(0, last - LOG_LINES + 1), last + 1):
        height, needed = table.rowHeight(row), table.sizeHintForRow(row)
        if height < needed:
            text = model.index(row, log_text_column(table)).data()
            found.append(f"{where}: log line {row} is {height} px high, {needed} needed: {text!r} is cut")
    rect = table.visualRect(model.index(last, log_text_column(table)))
    if rect.bottom() > table.viewport().height() or rect.top() < 0:
        found.append(f"{where}: the newest log line is not in view")
    return found


def text_problems(root: QWidget, where: str) -> list[str]:
    """Labels, buttons and combo boxes that show less than their text."""
    found = []
    for label in root.findChildren(QLabel):
        if not label.isVisible() or not label.text():
            continue
        name = label.objectName() or label.text()
        if not label.wordWrap() and label.width() < label.sizeHint().width():
            found.append(f"{where}: label {name!r} is {label.width()} px wide, its text needs more")
        if label.wordWrap() and label.height() < label.heightForWidth(label.width()):
            found.append(f"{where}: label {name!r} is {label.height()} px high, its lines need more")
    for widget in root.findChildren(QWidget):
        parent = widget.parentWidget()
        shown = isinstance(widget, SHOWN_WHOLE) and widget.isVisible() and parent is not None
        if shown and not parent.rect().contains(widget.geometry()):
            found.append(f"{where}: {type(widget).__name__} {widget.objectName()!r} is cut by its box")
    for button in root.findChildren(QAbstractButton):
        text = button.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
        if button.isVisible() and text and button.width() < button.fontMetrics().horizontalAdvance(text) + 4:
            found.append(f"{where}: button {text!r} is {button.width()} px wide, narrower than its text")
    for combo in root.findChildren(QComboBox):
        if not combo.isVisible() or not combo.currentText():
            continue
        option = QStyleOptionComboBox()
        combo.initStyleOption(option)
        field = combo.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, combo
        )
        metrics = combo.fontMetrics()
        if metrics.horizontalAdvance(combo.currentText()) <= field.width():
            continue
        wrapped = metrics.boundingRect(QRect(0, 0, field.width() - 2, 10_000), WORD_WRAP, combo.currentText())
        if not combo.property("wrapsChoice"):  # a combo box that paints a long choice on more lines
            found.append(f"{where}: combo box {combo.objectName()} shows {field.width()} px of its choice")
        elif field.height() < wrapped.height() or wrapped.width() > field.width():
            found.append(f"{where}: combo box {combo.objectName()} cuts its choice's lines")
    return found


def fits_of(root: QWidget) -> list[QObject]:
    """The column fits of the tables shown (the object that pages a table's columns, where there is one)."""
    return [
        fit
        for table in root.findChildren(QTableView)
        if table.isVisible()
        for fit in [table.findChild(QObject, "tableFit")]
        if fit is not None and hasattr(fit, "pages")
    ]


def shown_problems(qtbot, root: QWidget, where: str) -> list[str]:
    """What is cut in what `root` shows now: each page of a paged table in turn."""
    found = text_problems(root, where)
    for area in root.findChildren(QAbstractScrollArea):
        if area.isVisible() and not isinstance(area, QTableView) and area.horizontalScrollBar().maximum() > 0:
            found.append(f"{where}: {area.objectName() or type(area).__name__} needs a sideways scroll")
    paged = {fit.table: fit for fit in fits_of(root)}  # type: ignore[attr-defined]
    for table in root.findChildren(QTableView):
        if not table.isVisible():
            continue
        fit = paged.get(table)
        pages = range(len(fit.pages())) if fit is not None else range(1)
        for page in pages:
            if fit is not None and len(fit.pages()) > 1:
                fit.show_page(page)
                settle(qtbot)
            found += table_problems(table, f"{where}, page {page + 1}" if len(pages) > 1 else where)
        if fit is not None and len(fit.pages()) > 1:
            fit.show_page(0)
    return found


def tab_problems(window, qtbot, index: int) -> list[str]:
    """Everything the tab cuts at the window's size, as sentences (empty: all is readable)."""
    window.tabs.setCurrentIndex(index)
    settle(qtbot)
    where = window.tabs.tabText(index)
    page = window.tabs.widget(index)
    found = []
    if page.horizontalScrollBar().maximum() > 0:
        found.append(f"{where} needs a sideways scroll of {page.horizontalScrollBar().maximum()} px")
    tab = window.battles.tracker if index == TRACKER else window.battles.resolver
    panes = getattr(tab, "panes", None)
    if panes is None or panes.arrangement.name == "SPLIT":
        return found + shown_problems(qtbot, page, where)
    for number in range(len(panes.panes)):  # one at a time: each in turn
        panes.show_pane(number)
        settle(qtbot)
        found += shown_problems(qtbot, page, f"{where} ({panes.buttons()[number].text()})")
    panes.show_pane(0)
    return found


def window_problems(window, qtbot, screen: tuple[int, int] = SCREEN) -> list[str]:
    found = []
    if window.width() > screen[0] or window.height() > screen[1]:
        found.append(f"the window grew to {window.width()}×{window.height()}, beyond the screen")
    return found + tab_problems(window, qtbot, TRACKER) + tab_problems(window, qtbot, RESOLVER)


# --- the tests ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
@pytest.mark.parametrize("size", [DEFAULT_SIZE, LARGEST_SIZE])
@pytest.mark.parametrize("system", GAMES)
def test_the_battle_tabs_are_readable_at_1280_by_800(
    qtbot, make_window, asker, font_size, language, system, size, lang
):
    assert language(lang)
    font_size(size)
    window = battle_window(qtbot, make_window, asker, system)
    if os.environ.get("QT_SCALE_FACTOR") == "2":
        assert window.devicePixelRatio() == 2  # the subprocess of `test_the_same_at_scale_factor_2`
    assert window_problems(window, qtbot) == []
    if size == DEFAULT_SIZE:  # room enough: the panes side by side, every column of every table at once
        for tab in (window.battles.tracker, window.battles.resolver):
            panes = getattr(tab, "panes", None)
            assert panes is None or panes.arrangement.name == "SPLIT"
            assert all(len(fit.pages()) == 1 for fit in fits_of(tab))  # type: ignore[attr-defined]


@pytest.mark.parametrize("system", GAMES)
def test_the_battle_tabs_are_readable_at_1366_by_768(qtbot, make_window, asker, font_size, language, system):
    """The other common laptop screen, wider and lower, at the largest preset in the language of the longest
    words."""
    assert language("ru")
    font_size(LARGEST_SIZE)
    window = battle_window(qtbot, make_window, asker, system, screen=(1366, 768))
    assert window_problems(window, qtbot, screen=(1366, 768)) == []


def test_a_font_preset_applies_at_once_in_battle(qtbot, make_window, asker, font_size):
    """Edit → Preferences with the largest preset in the middle of a battle: the tables' rows, the turn's type
    and the panes follow at once, and nothing is cut; back to the default, the panes are side by side again."""
    font_size(DEFAULT_SIZE)
    window = battle_window(qtbot, make_window, asker, "sbg")
    tracker = window.battles.tracker
    tables = [tracker.heroes_table, tracker.log_panel.table]
    heights = [table.verticalHeader().defaultSectionSize() for table in tables]
    turn = tracker.battle_bar.turn_label.font().pointSizeF()
    window.choose_preferences = lambda current: current.changed(font_size=LARGEST_SIZE)
    window._preferences_file = window._settings_file.with_name("preferences.json")
    assert window.edit_preferences()
    settle(qtbot)
    for table, before in zip(tables, heights, strict=True):
        after = table.verticalHeader().defaultSectionSize()
        assert after > before and after >= table.fontMetrics().height()
        assert table.rowHeight(0) >= after
    assert tracker.battle_bar.turn_label.font().pointSizeF() > turn
    assert tracker.heroes_table.font().pointSize() == LARGEST_SIZE  # the chosen size, never a smaller one
    assert window_problems(window, qtbot) == []
    window.choose_preferences = lambda current: current.changed(font_size=DEFAULT_SIZE)
    assert window.edit_preferences()
    window.tabs.setCurrentIndex(TRACKER)  # a tab behind another arranges itself when it is shown
    settle(qtbot)
    assert tracker.panes.arrangement.name == "SPLIT"
    assert [table.verticalHeader().defaultSectionSize() for table in tables] == heights
    assert window_problems(window, qtbot) == []


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
            "readable_at_1280 and (confrontation or pfpv) and (en or ru)",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert " passed" in result.stdout
