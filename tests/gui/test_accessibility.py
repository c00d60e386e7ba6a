"""Keyboard-only use and accessible names: every control on every tab can be named and reached with Tab."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QScrollArea,
    QSlider,
    QTabBar,
    QTextEdit,
    QWidget,
)

from warband.gui.new_battle_dialog import NewBattleDialog
from warband.model.system import game_info, games

SYSTEMS = tuple(game.id for game in games())
INTERACTIVE = (
    QAbstractButton,
    QLineEdit,
    QComboBox,
    QAbstractSpinBox,
    QAbstractItemView,
    QCheckBox,
    QSlider,
    QPlainTextEdit,
    QTextEdit,
)
NEXT_BUTTONS = {"nextPhaseButton"}


def example_army(system):
    """The game's example army, beside its built-in catalogs (a plug-in keeps its own folder)."""
    (catalog, *_more) = game_info(system).builtin_catalogs()
    (path,) = sorted((catalog.parent / "examples").glob("*.warband.json"))
    return path


def describe(widget):
    """objectName/class of the widget and of its parents, innermost first."""
    chain = []
    current = widget
    while current is not None:
        chain.append(f"{current.objectName() or '-'}/{type(current).__name__}")
        current = current.parentWidget()
    return " < ".join(chain)


def is_qt_internal(widget):
    """Parts Qt builds inside its own widgets: a spin box's line edit, the tab bar's arrows, a view's header."""
    if widget.objectName().startswith("qt_"):
        return True
    parent = widget.parentWidget()
    if isinstance(
        parent, QAbstractScrollArea
    ):  # its scroll bars, corner and headers; its contents are in the viewport
        return True
    while parent is not None:
        if isinstance(parent, (QComboBox, QAbstractSpinBox, QTabBar)):
            return True
        parent = parent.parentWidget()
    return False


def visible_controls(root):
    return [
        widget
        for widget in root.findChildren(QWidget)
        if isinstance(widget, INTERACTIVE) and widget.isVisible() and not is_qt_internal(widget)
    ]


def says_something(text):
    """Words or numbers, not only an arrow or a tick that a screen reader would read as a symbol's name."""
    return any(character.isalnum() for character in text)


def label_buddies(root):
    """The widgets a QLabel with some text names (a form row's label, or one set with setBuddy)."""
    return {
        id(label.buddy())
        for label in root.findChildren(QLabel)
        if label.buddy() is not None and says_something(label.text())
    }


def has_name(widget, buddies):
    if says_something(widget.accessibleName()):
        return True
    if isinstance(widget, QAbstractButton) and says_something(widget.text()):
        return True
    return id(widget) in buddies


def offenders(root):
    """(unnamed, unreachable) controls shown under root, each described by its parent chain."""
    buddies = label_buddies(root)
    unnamed, unreachable = [], []
    for widget in visible_controls(root):
        if not has_name(widget, buddies):
            unnamed.append(describe(widget))
        if widget.isEnabled() and not widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            unreachable.append(describe(widget))
    return unnamed, unreachable


def show(qtbot, window):
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)


def assert_accessible(window, what):
    unnamed, unreachable = offenders(window)
    assert not unnamed, f"{what}: controls without an accessible name:\n" + "\n".join(unnamed)
    assert not unreachable, f"{what}: controls Tab cannot reach:\n" + "\n".join(unreachable)


def test_the_walk_sees_the_controls(qtbot, window):
    show(qtbot, window)
    assert window.open_army(example_army("confrontation"))
    controls = visible_controls(window)
    assert len(controls) > 5
    assert not any(is_qt_internal(w) for w in controls)


def test_an_unnamed_control_is_reported(qtbot, window):
    from PySide6.QtWidgets import QPushButton

    show(qtbot, window)
    page = window.tabs.currentWidget()
    stray = QPushButton("▲", page.widget() if isinstance(page, QScrollArea) else page)  # a symbol is no name
    stray.setObjectName("strayButton")
    stray.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
    stray.show()
    unnamed, unreachable = offenders(window)
    assert any(line.startswith("strayButton/QPushButton") for line in unnamed)
    assert any(line.startswith("strayButton/QPushButton") for line in unreachable)
    stray.setAccessibleName("Stray")
    stray.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    unnamed, unreachable = offenders(window)
    assert not any(line.startswith("strayButton/") for line in unnamed + unreachable)


def test_the_empty_window_is_accessible(qtbot, window):
    show(qtbot, window)
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        assert_accessible(window, window.tabs.tabText(index))


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_builder_is_accessible(qtbot, window, system):
    show(qtbot, window)
    assert window.open_army(example_army(system))
    assert window.document.army.system == system
    window.tabs.setCurrentIndex(0)
    assert_accessible(window, f"{system} builder")
    # each unit chosen in turn: the unit panel shows its own controls for it
    for unit in window.document.army.units:
        window.document.select(unit.id)
        assert_accessible(window, f"{system} builder, {unit.id} chosen")


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_tracker_and_resolver_are_accessible(qtbot, window, asker, system):
    show(qtbot, window)
    assert window.open_army(example_army(system))
    dialog = NewBattleDialog(window.document.army)
    asker.new_battle_answer = dialog.choose()
    dialog.deleteLater()
    assert asker.new_battle_answer is not None
    assert window.battles.new_battle()
    for index, name in ((1, "tracker"), (2, "resolver")):
        window.tabs.setCurrentIndex(index)
        assert_accessible(window, f"{system} {name}")
    # on through the phases (or steps, or rounds): each one shows its own panel in the tracker
    window.tabs.setCurrentIndex(1)
    if system == "powerdice":
        from warband.gui.systems.powerdice.actions import hand_over, place_marker

        document = window.battles.document
        first = document.battle.choosing
        for side in (first, 1 - first):  # both players place their markers face down, then hand over
            for unit in window.document.army.units:
                place_marker(document, f"{side}:{unit.id}", "incantation")  # refused for one that casts nothing
            assert hand_over(document)
            assert_accessible(window, f"{system} tracker, side {side} placed")
    for step in range(8):
        (next_button,) = [
            w
            for w in visible_controls(window)
            if w.objectName() in NEXT_BUTTONS and isinstance(w, QAbstractButton)
        ]
        if not next_button.isEnabled():
            break
        next_button.click()
        assert_accessible(window, f"{system} tracker after {step + 1} × next")


def make_dialog(name, window):
    if name == "new battle":
        return NewBattleDialog(window.document.army, window)
    if name == "preferences":
        from warband.gui.preferences import Preferences
        from warband.gui.preferences_dialog import PreferencesDialog

        return PreferencesDialog(Preferences(), window)
    if name == "export":
        from warband.gui.export_dialog import ExportDialog

        return ExportDialog(
            window.document.army,
            window.document.catalogs,
            choose_path=lambda *args: None,
            error=lambda *args: None,
            parent=window,
        )
    from warband.gui.rules_help import RulesHelpDialog

    return RulesHelpDialog(window)


@pytest.mark.parametrize("name", ["new battle", "preferences", "export", "rules"])
def test_the_dialogs_are_accessible(qtbot, window, name):
    assert window.open_army(example_army("confrontation"))
    dialog = make_dialog(name, window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert visible_controls(dialog)
    assert_accessible(dialog, f"{name} dialog")


def test_the_file_and_edit_actions_have_their_shortcuts(window):
    for action in (
        window.new_action,
        window.open_action,
        window.save_action,
        window.save_as_action,
        window.undo_action,
        window.redo_action,
        window.new_battle_action,
        window.open_battle_action,
        window.quit_action,
        window.preferences_action,
        window.rules_action,
    ):
        # the menu shows the first shortcut only: a standard key this platform lacks must not take its place
        assert not action.shortcut().isEmpty(), action.objectName()
        assert all(not keys.isEmpty() for keys in action.shortcuts()), action.objectName()


def test_every_menu_action_with_a_shortcut_is_in_a_menu(window):
    """A shortcut listed in a menu is one the player can discover: each one lives in the menu bar."""
    in_menus = set()
    pending = [action.menu() for action in window.menuBar().actions() if action.menu() is not None]
    while pending:
        menu = pending.pop()
        for action in menu.actions():
            if action.menu() is not None:
                pending.append(action.menu())
            else:
                in_menus.add(id(action))
    with_shortcut = [a for a in window.actions() if any(not keys.isEmpty() for keys in a.shortcuts())]
    assert with_shortcut
    assert [a.objectName() for a in with_shortcut if id(a) not in in_menus] == []
    assert [a.objectName() for a in with_shortcut if a.shortcut().isEmpty()] == []  # the one the menu shows


def tab_walk(qtbot, window, steps=400):
    """The widgets Tab gives the focus to, from the current one, until it comes round again."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    start = QApplication.focusWidget()
    seen = [] if start is None else [start]
    for _step in range(steps):
        window.focusNextChild()
        focused = QApplication.focusWidget()
        if focused is None or (seen and focused is seen[0]):
            break
        seen.append(focused)
    return seen


@pytest.mark.parametrize("system", SYSTEMS)
def test_tab_reaches_every_control_of_every_tab(qtbot, window, asker, system):
    show(qtbot, window)
    assert window.open_army(example_army(system))
    window.document.select(window.document.army.units[0].id)  # the unit panel shows its controls
    dialog = NewBattleDialog(window.document.army)
    asker.new_battle_answer = dialog.choose()
    dialog.deleteLater()
    assert window.battles.new_battle()
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        reached = {id(w) for w in tab_walk(qtbot, window)}
        missed = [describe(w) for w in visible_controls(window) if w.isEnabled() and id(w) not in reached]
        assert not missed, f"{system}, {window.tabs.tabText(index)}: Tab never reaches\n" + "\n".join(missed)
