"""Everything a player typed is shown as plain text in every widget: an army, a unit or a player named
`<b>…&amp;<img src=x onerror=alert(1)>` shows those characters, never bold text, a broken image, an `&` read as an
entity or as a shortcut mark.

One sweep per game system: hostile text in every field the player types, every tab visited with things selected,
then every widget, tooltip and item-view cell under the window is read the way Qt would show it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
from PySide6.QtCore import QAbstractItemModel, QAbstractListModel, QModelIndex, Qt, QTimer
from PySide6.QtGui import QAction, QTextDocument
from PySide6.QtGui import Qt as QtGui
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QStatusBar,
    QStyledItemDelegate,
    QTabBar,
    QTextEdit,
    QWidget,
)

from warband.gui.dialogs import QtAsker
from warband.gui.new_battle_dialog import NewBattleDialog
from warband.gui.widgets.plain_text import escape_mnemonic, plain_tooltip
from warband.model.army import load_army
from warband.model.autosave import Recoverable
from warband.model.edits import SetArmyField, SetUnitField
from warband.model.system import game_info, games

SYSTEMS = tuple(game.id for game in games())
TAG = re.compile(r"zq[A-Za-z0-9]+")
"""Each hostile text carries a tag naming its field: where the tag shows, the whole text must show literally."""
NEXT_BUTTONS = {"nextPhaseButton"}
ROLES = {
    Qt.ItemDataRole.DisplayRole: "display",  # standard delegates paint it as plain text
    Qt.ItemDataRole.ToolTipRole: "tooltip",  # Qt guesses rich text for tooltips
    Qt.ItemDataRole.StatusTipRole: "plain",
    Qt.ItemDataRole.WhatsThisRole: "tooltip",
    Qt.ItemDataRole.AccessibleTextRole: "plain",
    Qt.ItemDataRole.AccessibleDescriptionRole: "plain",
}
PAINTING_DELEGATES = {"CheckDelegate"}
"""Delegates that paint cells themselves, read to be safe: a check box, drawn by the style; no text as HTML."""


def hostile(tag: str) -> str:
    """Markup, an entity and an ampersand: each shown as typed, or the text was misread (no slash: a file name)."""
    return f"<b>{tag}&amp;<img src=x onerror=alert(1)>"


def mnemonic(text: str) -> str:
    """The characters Qt shows for a button's, a tab's or a menu item's text: `&x` underlines x, `&&` is `&`."""
    return re.sub("&(.)", r"\1", text)


def rendered(html: str) -> str:
    document = QTextDocument()
    document.setHtml(html)
    return document.toPlainText()


def shown(text: str, text_format: Qt.TextFormat) -> str:
    """The characters Qt shows for `text` in a label (or tooltip) of this format."""
    if text_format == Qt.TextFormat.RichText:
        return rendered(text)
    if text_format == Qt.TextFormat.AutoText and QtGui.mightBeRichText(text):
        return rendered(text)
    if text_format == Qt.TextFormat.MarkdownText:
        document = QTextDocument()
        document.setMarkdown(text)
        return document.toPlainText()
    return text


def column_count(model: QAbstractItemModel, parent: QModelIndex) -> int:
    """A list model has one column (PySide hides a list model's columnCount)."""
    return (0 if parent.isValid() else 1) if isinstance(model, QAbstractListModel) else model.columnCount(parent)


def describe(widget: QWidget) -> str:
    """objectName/class of the widget and of its named parents, innermost first."""
    chain = []
    current: QWidget | None = widget
    while current is not None and len(chain) < 4:
        chain.append(f"{current.objectName() or '-'}/{type(current).__name__}")
        current = current.parentWidget()
    return " < ".join(chain)


class Place:
    """A widget's description, worked out only when needed: most widgets show no player text."""

    def __init__(self, widget: QWidget) -> None:
        self._widget = widget
        self._text: str | None = None

    def __str__(self) -> str:
        if self._text is None:
            self._text = describe(self._widget)
        return self._text


@dataclass
class Sweep:
    """What the sweeps saw: the tags shown somewhere, and each place where a hostile text was not shown as typed
    (one line per widget and property, or per view and role: the first cell, the stage and how many)."""

    stage: str = ""
    seen: set[str] = field(default_factory=set)
    leaks: dict[str, list[str]] = field(default_factory=dict)
    _models: set[int] = field(default_factory=set)

    def check(
        self,
        where: object,
        what: str,
        text: object,
        text_format: Qt.TextFormat = Qt.TextFormat.PlainText,
        *,
        shortcut: bool = False,
        cell: object = "",
    ) -> None:
        """`text`, shown in this format (`shortcut`: with `&` read as a shortcut mark), shows each hostile text
        it holds as typed."""
        if not isinstance(text, str) or "zq" not in text:
            return
        tags = TAG.findall(text)
        display = shown(text, text_format)
        if shortcut:
            display = mnemonic(display)
        self.seen.update(tags)
        if any(hostile(tag) not in display for tag in tags):
            self.leak(f"{where} {what}", f"{cell or ''} {text!r} shows as {display!r}")

    def leak(self, where: str, example: str) -> None:
        self.leaks.setdefault(where, []).append(f"[{self.stage}]{example}")

    def tooltip(self, where: object, what: str, text: object, cell: object = "") -> None:
        """Tooltips and What's This texts: Qt guesses whether they are rich text."""
        self.check(where, what, text, Qt.TextFormat.AutoText, cell=cell)

    def widget(self, widget: QWidget) -> None:
        where = Place(widget)
        self.tooltip(where, "toolTip", widget.toolTip())
        self.tooltip(where, "whatsThis", widget.whatsThis())
        self.check(where, "statusTip", widget.statusTip())
        self.check(where, "accessibleName", widget.accessibleName())
        self.check(where, "accessibleDescription", widget.accessibleDescription())
        if widget.isWindow():
            self.check(where, "windowTitle", widget.windowTitle())
        if isinstance(widget, QLabel):  # a label with a buddy reads & as its shortcut
            buddy = widget.buddy() is not None
            self.check(where, "text", widget.text(), widget.textFormat(), shortcut=buddy)
        elif isinstance(widget, QAbstractButton):
            self.check(where, "text", widget.text(), shortcut=True)
        elif isinstance(widget, QGroupBox):
            self.check(where, "title", widget.title(), shortcut=True)
        elif isinstance(widget, QTextEdit):
            self.check(where, "toPlainText", widget.toPlainText())
        elif isinstance(widget, QLineEdit):  # always plain: the typed text, seen where it was typed
            self.check(where, "text", widget.text())
        elif isinstance(widget, QStatusBar):
            self.check(where, "message", widget.currentMessage())
        elif isinstance(widget, QTabBar):
            for index in range(widget.count()):
                self.check(where, "tabText", widget.tabText(index), shortcut=True, cell=index)
                self.tooltip(where, "tabToolTip", widget.tabToolTip(index), cell=index)
        if isinstance(widget, QComboBox):
            self.model(where, "items", widget.model())
        if isinstance(widget, QAbstractItemView) and widget.model() is not None:
            self.delegates(widget)
            self.model(where, "model", widget.model())

    def delegates(self, view: QAbstractItemView) -> None:
        """A delegate that paints its cells itself could lay them out as HTML: each one must be known."""
        model = view.model()
        found = [view.itemDelegate()]
        found += [view.itemDelegateForColumn(c) for c in range(column_count(model, QModelIndex()))]
        found += [view.itemDelegateForRow(r) for r in range(model.rowCount(QModelIndex()))]
        for delegate in found:
            if not isinstance(delegate, QStyledItemDelegate):
                continue
            ours = [cls for cls in type(delegate).__mro__ if cls.__module__.startswith("warband")]
            if any("paint" in vars(cls) for cls in ours) and type(delegate).__name__ not in PAINTING_DELEGATES:
                self.leak(
                    f"{describe(view)} {type(delegate).__name__}", " paints its cells: read it, then list it"
                )

    def model(self, where: object, what: str, model: QAbstractItemModel) -> None:
        if id(model) in self._models:
            return
        self._models.add(id(model))
        for orientation in (Qt.Orientation.Horizontal, Qt.Orientation.Vertical):
            horizontal = orientation == Qt.Orientation.Horizontal
            count = column_count(model, QModelIndex()) if horizontal else model.rowCount(QModelIndex())
            for section in range(count):
                self.check(where, f"{what} header", model.headerData(section, orientation), cell=section)
                tip = model.headerData(section, orientation, Qt.ItemDataRole.ToolTipRole)
                self.tooltip(where, f"{what} header ToolTipRole", tip, cell=section)
        self._cells(where, what, model, QModelIndex())

    def _cells(
        self, where: object, what: str, model: QAbstractItemModel, parent: QModelIndex, path: str = ""
    ) -> None:
        for row in range(model.rowCount(parent)):
            for column in range(column_count(model, parent)):
                index = model.index(row, column, parent)
                for role, kind in ROLES.items():
                    if kind == "tooltip":
                        self.tooltip(where, f"{what} {role.name}", index.data(role), cell=(path, row, column))
                    else:
                        self.check(where, f"{what} {role.name}", index.data(role), cell=(path, row, column))
                if column == 0 and model.rowCount(index) > 0:  # a tree's children hang from its first column
                    self._cells(where, what, model, index, f"{path}{row}/")

    def window(self, root: QWidget, stage: str) -> Sweep:
        """Read every widget under root, its item views and its actions."""
        self.stage = stage
        self._models.clear()
        for widget in [root, *root.findChildren(QWidget)]:
            self.widget(widget)
        for action in root.findChildren(QAction):
            name = f"action {action.objectName() or '-'}"
            self.check(name, "text", action.text(), shortcut=True)
            self.check(name, "statusTip", action.statusTip())
            self.tooltip(name, "whatsThis", action.whatsThis())
        return self

    def report(self) -> str:
        return "\n".join(f"{where} ×{len(found)}: {found[0]}" for where, found in self.leaks.items())


def example_army(system: str):
    """The game's example army, beside its built-in catalogs (a plug-in keeps its own folder)."""
    (catalog, *_more) = game_info(system).builtin_catalogs()
    (path,) = sorted((catalog.parent / "examples").glob("*.warband.json"))
    return path


def show(qtbot, window):
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)


def type_hostile_army(qtbot, window) -> set[str]:
    """The army's name typed in its box; each unit's label and notes edited in the roster. The tags typed."""
    builder = window.builder
    builder.roster.name_edit.clear()
    qtbot.keyClicks(builder.roster.name_edit, hostile("zqArmy"))
    window.document.seal()
    model = builder.roster.model
    tags = {"zqArmy"}
    for row in range(model.rowCount()):
        for kind, name in ((model.LABEL, "Label"), (model.NOTES, "Notes")):
            tag = f"zq{name}{row}"
            assert model.setData(model.index(row, model.column_of(kind)), hostile(tag))
            tags.add(tag)
    assert window.document.army.name == hostile("zqArmy")
    return tags


def start_hostile_battle(window, asker) -> set[str]:
    """The players' names typed in the New battle dialog; the tags typed."""
    dialog = NewBattleDialog(window.document.army, window)
    for number, side in enumerate(dialog.sides, start=1):
        side.player.setText(hostile(f"zqPlayer{number}"))
    asker.new_battle_answer = dialog.choose()
    dialog.deleteLater()
    assert asker.new_battle_answer is not None
    assert window.battles.new_battle()
    return {f"zqPlayer{number + 1}" for number in range(len(asker.new_battle_answer.sides))}


TRACKER_BUTTONS = (
    "rollTacticalButton",
    "rollPriorityButton",
    "declareButton",
    "nameHeroButton",
    "stopNamingButton",
    "rollOffButton",
    "startCastingButton",
    "rollDistractionButton",
)
"""What the trackers let a player do at each step with the program's dice: each logs and shows its model."""
RESOLVER_BUTTONS = (
    "rollButton",
    "castButton",
    "willRollButton",
    "mightRollButton",
    "fateRollButton",
    "pfpvRollButton",
)


def press(found: Sweep, window, names: tuple[str, ...], stage: str, root: QWidget | None = None) -> None:
    """Click each shown, enabled button of these names once, in this order; sweep root (the window) after each."""
    for name in names:
        for button in window.findChildren(QAbstractButton, name):
            if button.isVisible() and button.isEnabled():
                button.click()
                found.window(root or window, f"{stage}, {name} clicked")


def visit_resolver(found: Sweep, window, stage: str) -> None:
    """Each model of the battle shown in turn in the resolver, and made to act with the program's dice; the
    resolver is swept after each (the log, in the tracker, keeps what happened for the tracker's sweep)."""
    window.tabs.setCurrentIndex(2)
    battles = window.battles
    resolver = battles.resolver
    sides = game_info(battles.kit.system).sides
    for side in range(sides):
        for unit in window.document.army.units:
            # a battle's models are keyed by side; a scene has one party, keyed by unit
            battles.kit.select(resolver, f"{side}:{unit.id}" if sides > 1 else unit.id)
            for check in resolver.findChildren(QCheckBox, "sightCheck"):  # Confrontation: the target is seen
                check.setChecked(True)
            for spin in resolver.findChildren(QSpinBox, "difficultySpin"):  # or its difficulty set at the table
                spin.setValue(6)
            for edit in resolver.findChildren(QLineEdit, "targetEdit"):  # Power dice: what a spell is cast on
                edit.setText(hostile("zqTarget"))
            found.window(resolver, f"{stage} resolver, {side}:{unit.id} chosen")
            press(found, window, RESOLVER_BUTTONS, f"{stage} resolver, {side}:{unit.id}", resolver)


def place_markers(window) -> None:
    """Power dice: both players place their markers face down, then hand over (PD-03)."""
    from warband.gui.systems.powerdice.actions import hand_over, place_marker

    document = window.battles.document
    while getattr(document.battle, "choosing", None) is not None:
        side = document.battle.choosing
        for unit in window.document.army.units:
            place_marker(document, f"{side}:{unit.id}", "incantation")  # refused for a model that casts nothing
        assert hand_over(document)


def next_button(window) -> QAbstractButton:
    (button,) = [
        w for w in window.findChildren(QAbstractButton) if w.objectName() in NEXT_BUTTONS and w.isVisible()
    ]
    return button


@pytest.mark.parametrize("system", SYSTEMS)
def test_player_text_is_plain_in_every_widget(qtbot, window, asker, tmp_path, system):
    show(qtbot, window)
    assert window.open_army(example_army(system))
    typed = type_hostile_army(qtbot, window)
    asker.save_answer = tmp_path / f"{hostile('zqFile')}.warband.json"  # in the title, status and recent menu
    assert window.save_as(), asker.errors
    window.recent_menu.aboutToShow.emit()  # as when the File menu opens
    typed.add("zqFile")
    found = Sweep().window(window, "builder")
    for unit in window.document.army.units:
        window.document.select(unit.id)
        found.window(window, f"builder, {unit.id} chosen")
    first = window.document.army.units[0].id  # a problem naming the unit, in the problems panel (AR-02)
    assert window.document.execute(SetUnitField(first, "profile", "zz-unknown"))
    assert any(p.unit and p.unit.id == first for p in window.document.report.problems)
    found.window(window, "builder, a problem")
    window.document.undo()
    assert typed <= found.seen, f"never shown: {typed - found.seen}"

    typed |= start_hostile_battle(window, asker)
    for step in range(10):  # a turn, step by step: the tracker's actions, then the resolver's
        window.tabs.setCurrentIndex(1)
        if system == "powerdice":
            place_markers(window)
        found.window(window, f"tracker step {step}")
        press(found, window, TRACKER_BUTTONS, f"tracker step {step}")
        visit_resolver(found, window, f"step {step}")
        window.tabs.setCurrentIndex(1)
        if not next_button(window).isEnabled():
            break
        next_button(window).click()
    press(found, window, ("endBattleButton", "endCombatButton"), "the end")
    if system == "powerdice":
        typed.add("zqTarget")
    assert typed <= found.seen, f"never shown: {typed - found.seen}"
    assert not found.leaks, f"{system}: player text shown as rich text:\n{found.report()}"


def test_the_sweep_catches_rich_text_and_shortcut_marks(qtbot, window):
    """The sweep can fail: a label showing the army's name as rich text is reported, then its tooltip, then a
    button reading its & as a shortcut mark; each one escaped passes."""
    assert window.open_army(example_army("confrontation"))
    window.document.execute(SetArmyField("name", hostile("zqArmy")))
    stray = QLabel(window.document.army.name, window.builder)
    stray.setObjectName("strayLabel")
    stray.setTextFormat(Qt.TextFormat.RichText)
    assert list(Sweep().window(window, "rich").leaks) == [describe(stray) + " text"]
    stray.setTextFormat(Qt.TextFormat.AutoText)  # Qt guesses: rich
    assert list(Sweep().window(window, "auto").leaks) == [describe(stray) + " text"]
    stray.setTextFormat(Qt.TextFormat.PlainText)
    stray.setToolTip(hostile("zqArmy"))
    assert list(Sweep().window(window, "tooltip").leaks) == [describe(stray) + " toolTip"]
    stray.setToolTip(plain_tooltip(hostile("zqArmy")))
    assert not Sweep().window(window, "escaped").leaks
    button = QPushButton(window.document.army.name, window.builder)  # & marks a button's shortcut
    button.setObjectName("strayButton")
    assert list(Sweep().window(window, "button").leaks) == [describe(button) + " text"]
    button.setText(escape_mnemonic(window.document.army.name))
    assert not Sweep().window(window, "escaped button").leaks


def answer_dialog(ask, button: QMessageBox.StandardButton | None = None) -> Sweep:
    """Run a question that opens a modal dialog; sweep the dialog while it is open, then close it."""
    found = Sweep()

    def read_and_close() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None:
            QTimer.singleShot(10, read_and_close)
            return
        try:
            found.window(dialog, type(dialog).__name__)
        finally:  # never left open: the test would wait for ever
            if isinstance(dialog, QMessageBox) and button is not None:
                dialog.button(button).click()
            else:
                dialog.reject()

    QTimer.singleShot(0, read_and_close)
    ask()
    return found


def test_dialogs_show_player_text_plainly(qtbot, window, tmp_path):
    """The questions and errors that name an army or a file: message boxes, lists of changes, recovery."""
    asker = QtAsker(window)
    found = answer_dialog(lambda: asker.unsaved_changes(hostile("zqArmy")), QMessageBox.StandardButton.Cancel)
    assert found.seen == {"zqArmy"} and not found.leaks, found.report()
    found = answer_dialog(lambda: asker.error("Cannot open", f"/tmp/{hostile('zqFile')}.warband.json"))
    assert found.seen == {"zqFile"} and not found.leaks, found.report()
    found = answer_dialog(lambda: asker.catalog_changes(hostile("zqArmy"), []))
    assert found.seen == {"zqArmy"} and not found.leaks, found.report()
    army = load_army(example_army("confrontation"))
    named = type(army).model_validate({**dict(army), "name": hostile("zqArmy")})
    lost = Recoverable(tmp_path / "autosave.json", tmp_path / f"{hostile('zqFile')}.warband.json", "today", named)
    found = answer_dialog(lambda: asker.recover([lost]))
    assert found.seen == {"zqArmy", "zqFile"} and not found.leaks, found.report()
