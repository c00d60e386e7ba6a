"""The widgets of the catalog editor's forms, one for each kind of value a catalog model's field holds
(`catalog_fields`): a line of text, a pick list of the entries a reference may name, a line per language, a bounded
spin box, a check box, a combo box, a checkable list, rows of items with Add and Remove, a group of fields.

Each widget edits the value at its path in the draft: a change is one command of the editor's document (typing in
a spin box merges into one, ended when the field loses focus), and `show_value` puts the draft's value back
without a command (after undo, redo, or a change elsewhere). A widget never holds a value the draft does not.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Protocol

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from warband.gui.catalog_editor.words import choice_label, field_label
from warband.gui.widgets.appearance import restyle
from warband.gui.widgets.layout_rows import clear_layout
from warband.model import catalog_fields as cf
from warband.model.catalog_edit import ABSENT, Path, template
from warband.model.messages import _, current_language

SPIN_LIMIT = 1_000_000
"""A number without bounds of its own is kept within this (a spin box needs bounds)."""
LANGUAGES: tuple[tuple[str, str], ...] = (("en", "English"), ("fr", "Français"), ("ru", "Русский"))
"""The languages offered for a text, each by its own name (as language choosers show them)."""


class Context(Protocol):
    """What a widget asks of the editor: to change the draft, the entries a reference may name, and the game's own
    widgets (`widgets`: see `CatalogWidget`)."""

    widgets: CatalogWidget | None

    def set_value(self, path: Path, value: Any, *, merge: bool = False, name: str = "") -> None: ...

    def seal(self) -> None: ...

    def choices(self, kind: str) -> list[tuple[str, str]]: ...


CatalogWidget = Callable[[Context, Path, cf.Kind, Any, QWidget], "Editor | None"]
"""A game's own widget for a value (its context, path, kind, default and parent), or None for the generic one."""


class Editor(QWidget):
    """The widget of one value: its path in the draft and the kind of value it holds."""

    def __init__(self, context: Context, path: Path, kind: cf.Kind, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.path = path
        self.kind = kind
        self.setProperty("problem", "false")

    @property
    def name(self) -> str:
        last = next((p for p in reversed(self.path) if isinstance(p, str)), "")
        return field_label(last)

    def show_value(self, value: Any) -> None:
        """Show the draft's value (`ABSENT`: the field's default) without changing the draft."""
        raise NotImplementedError

    def editors(self) -> Iterator[Editor]:
        """This widget and the widgets inside it, for marking the ones a problem is about."""
        yield self

    def focus_widget(self) -> QWidget:
        """Where the keyboard goes when a problem of this value is chosen."""
        return self

    def commit(self, value: Any, *, merge: bool = False) -> None:
        self.context.set_value(self.path, value, merge=merge, name=self.name)

    def mark(self, messages: list[str]) -> None:
        """Show (or stop showing) the problems of this value: a red frame, and the messages as its tooltip."""
        marked = "true" if messages else "false"
        target = self.focus_widget()
        if target.property("problem") != marked:
            target.setProperty("problem", marked)
            restyle(target)
        target.setToolTip("\n".join(messages))


def make_editor(context: Context, path: Path, kind: cf.Kind, default: Any, parent: QWidget) -> Editor:
    """The widget for a value of this kind: the game's own when it has one for it, else the generic one."""
    if context.widgets is not None:
        own = context.widgets(context, path, kind, default, parent)
        if own is not None:
            return own
    if isinstance(kind, cf.Text):
        if kind.refers_to is not None:
            return ReferenceEditor(context, path, kind, parent)
        return TextEditor(context, path, kind, parent)
    if isinstance(kind, cf.Words):
        return WordsEditor(context, path, kind, parent)
    if isinstance(kind, cf.Number):
        return NumberEditor(context, path, kind, default, parent)
    if isinstance(kind, cf.YesNo):
        return YesNoEditor(context, path, kind, default, parent)
    if isinstance(kind, cf.Choice):
        return ChoiceEditor(context, path, kind, default, parent)
    if isinstance(kind, cf.Optional):
        return OptionalEditor(context, path, kind, default, parent)
    if isinstance(kind, cf.Either):
        return EitherEditor(context, path, kind, default, parent)
    if isinstance(kind, cf.Many):
        if isinstance(kind.item, cf.Choice):
            return ChecksEditor(context, path, kind, parent)
        if isinstance(kind.item, cf.Text) and kind.item.refers_to is not None:
            return ReferencesEditor(context, path, kind, parent)
        return ListEditor(context, path, kind, parent)
    if isinstance(kind, cf.KeyedMap):
        if isinstance(kind.key, cf.Text) and kind.key.refers_to is not None:
            return ReferenceMapEditor(context, path, kind, parent)
        return MapEditor(context, path, kind, parent)
    if isinstance(kind, cf.Group):
        return GroupEditor(context, path, kind, parent)
    return JsonEditor(context, path, kind, parent)


def _row(widget: QWidget) -> QHBoxLayout:
    layout = QHBoxLayout(widget)
    layout.setContentsMargins(0, 0, 0, 0)
    return layout


# --- single values -------------------------------------------------------------------------------------------
class TextEditor(Editor):
    def __init__(self, context: Context, path: Path, kind: cf.Text, parent: QWidget | None = None) -> None:
        super().__init__(context, path, kind, parent)
        self.edit = QLineEdit(self)
        self.edit.setObjectName("textField")
        self.edit.setAccessibleName(self.name)
        if kind.max_length is not None:
            self.edit.setMaxLength(kind.max_length)
        _row(self).addWidget(self.edit)
        self.setFocusProxy(self.edit)
        self.edit.textEdited.connect(self._on_edit_text_edited)
        self.edit.editingFinished.connect(self.context.seal)

    def show_value(self, value: Any) -> None:
        text = value if isinstance(value, str) else ""
        if self.edit.text() != text:
            self.edit.setText(text)

    def focus_widget(self) -> QWidget:
        return self.edit

    def _on_edit_text_edited(self, text: str) -> None:
        """As the player types: one change for the whole run of typing, its problems shown a moment later."""
        self.commit(text, merge=True)


class ReferenceEditor(Editor):
    """An entry of another kind, chosen from the draft's and the other catalogs' entries; a loose reference (a
    people, a faction) may also be typed."""

    def __init__(self, context: Context, path: Path, kind: cf.Text, parent: QWidget | None = None) -> None:
        super().__init__(context, path, kind, parent)
        assert kind.refers_to is not None
        self.refers_to = kind.refers_to
        self.combo = QComboBox(self)
        self.combo.setObjectName("referenceField")
        self.combo.setAccessibleName(self.name)
        self.combo.setEditable(True)
        self.combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.combo.setMinimumContentsLength(24)
        _row(self).addWidget(self.combo)
        self.setFocusProxy(self.combo)
        self._fill("")
        self.combo.activated.connect(self._on_combo_activated)
        line = self.combo.lineEdit()
        assert line is not None
        line.editingFinished.connect(self._on_line_editing_finished)

    def _fill(self, current: str) -> None:
        with QSignalBlocker(self.combo):
            self.combo.clear()
            for entry_id, title in self.context.choices(self.refers_to.kind):
                self.combo.addItem(f"{entry_id} — {title}" if title != entry_id else entry_id, entry_id)
            index = self.combo.findData(current)
            if index >= 0:
                self.combo.setCurrentIndex(index)
            else:
                self.combo.setCurrentIndex(-1)
                self.combo.setEditText(current)

    def value(self) -> str:
        text = self.combo.currentText()
        index = self.combo.findText(text)
        data = self.combo.itemData(index) if index >= 0 else None
        return data if isinstance(data, str) else text.split(" — ", 1)[0].strip()

    def show_value(self, value: Any) -> None:
        current = value if isinstance(value, str) else ""
        if self.value() != current or self.combo.count() == 0:
            self._fill(current)

    def focus_widget(self) -> QWidget:
        return self.combo

    def _on_combo_activated(self, _index: int) -> None:
        self.commit(self.value())

    def _on_line_editing_finished(self) -> None:
        self.commit(self.value())


class WordsEditor(Editor):
    """A text players read: one line for every language, or a line per language ("In several languages")."""

    def __init__(self, context: Context, path: Path, kind: cf.Words, parent: QWidget | None = None) -> None:
        super().__init__(context, path, kind, parent)
        self.several = QCheckBox(_("In several languages"), self)
        self.several.setObjectName("severalLanguages")
        self.plain = QLineEdit(self)
        self.plain.setObjectName("wordsField")
        self.plain.setAccessibleName(self.name)
        self.lines: dict[str, QLineEdit] = {}
        self.grid = QGridLayout()
        self.grid.setContentsMargins(0, 0, 0, 0)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        top.addWidget(self.plain, 1)
        top.addWidget(self.several)
        layout.addLayout(top)
        layout.addLayout(self.grid)
        self.setFocusProxy(self.plain)
        self.plain.textEdited.connect(self._on_plain_text_edited)
        self.plain.editingFinished.connect(self.context.seal)
        self.several.toggled.connect(self._on_several_toggled)
        self._languages(())

    def _languages(self, extra: tuple[str, ...]) -> None:
        wanted = [code for code, _name in LANGUAGES] + [code for code in extra if code not in dict(LANGUAGES)]
        for code in wanted:
            if code in self.lines:
                continue
            line = QLineEdit(self)
            line.setObjectName(f"wordsField_{code}")
            own = dict(LANGUAGES).get(code, code)
            line.setAccessibleName(f"{self.name} ({own})")
            line.textEdited.connect(self._on_language_text_edited)
            line.editingFinished.connect(self.context.seal)
            row = len(self.lines)
            self.grid.addWidget(QLabel(own, self), row, 0)
            self.grid.addWidget(line, row, 1)
            self.lines[code] = line

    def _show_mode(self, several: bool) -> None:
        self.plain.setVisible(not several)
        for row in range(self.grid.rowCount()):
            for column in (0, 1):
                item = self.grid.itemAtPosition(row, column)
                widget = item.widget() if item is not None else None
                if widget is not None:
                    widget.setVisible(several)
        self.setFocusProxy(next(iter(self.lines.values())) if several else self.plain)

    def show_value(self, value: Any) -> None:
        several = isinstance(value, dict)
        with QSignalBlocker(self.several):
            self.several.setChecked(several)
        if several:
            self._languages(tuple(value))
            for code, line in self.lines.items():
                text = value.get(code, "")
                if line.text() != text:
                    line.setText(text if isinstance(text, str) else "")
        else:
            text = value if isinstance(value, str) else ""
            if self.plain.text() != text:
                self.plain.setText(text)
        self._show_mode(several)

    def editors(self) -> Iterator[Editor]:
        yield self

    def focus_widget(self) -> QWidget:
        return next(iter(self.lines.values())) if self.several.isChecked() else self.plain

    def _map(self) -> dict[str, str]:
        return {code: line.text() for code, line in self.lines.items() if line.text().strip()}

    def _on_plain_text_edited(self, text: str) -> None:
        if not self.several.isChecked():
            self.commit(text, merge=True)

    def _on_language_text_edited(self, _text: str) -> None:
        if self.several.isChecked():
            self.commit(self._map() or "", merge=True)

    def _on_several_toggled(self, several: bool) -> None:
        if several:
            text = self.plain.text()
            self.commit({current_language() if current_language() in self.lines else "en": text} if text else {})
        else:
            shown = self._map()
            here = shown.get(current_language()) or shown.get("en") or next(iter(shown.values()), "")
            self.commit(here)


class NumberEditor(Editor):
    def __init__(
        self, context: Context, path: Path, kind: cf.Number, default: Any, parent: QWidget | None = None
    ) -> None:
        super().__init__(context, path, kind, parent)
        self.default = default if isinstance(default, int) and not isinstance(default, bool) else None
        self.spin = QSpinBox(self)
        self.spin.setObjectName("numberField")
        self.spin.setAccessibleName(self.name)
        low = kind.low if kind.low is not None else -SPIN_LIMIT
        high = kind.high if kind.high is not None else SPIN_LIMIT
        self.spin.setRange(max(low, -SPIN_LIMIT), min(high, SPIN_LIMIT))
        self.spin.setKeyboardTracking(False)
        self.spin.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.spin.setMinimumWidth(90)
        layout = _row(self)
        layout.addWidget(self.spin)
        layout.addStretch(1)
        self.setFocusProxy(self.spin)
        self.spin.valueChanged.connect(self._on_spin_value_changed)
        self.spin.editingFinished.connect(self.context.seal)

    def show_value(self, value: Any) -> None:
        shown = value if isinstance(value, int) and not isinstance(value, bool) else self.default
        with QSignalBlocker(self.spin):
            self.spin.setValue(shown if shown is not None else self.spin.minimum())

    def focus_widget(self) -> QWidget:
        return self.spin

    def _on_spin_value_changed(self, value: int) -> None:
        self.commit(value, merge=True)


class YesNoEditor(Editor):
    def __init__(
        self, context: Context, path: Path, kind: cf.YesNo, default: Any, parent: QWidget | None = None
    ) -> None:
        super().__init__(context, path, kind, parent)
        self.default = default is True
        self.check = QCheckBox(self.name, self)
        self.check.setObjectName("yesNoField")
        _row(self).addWidget(self.check)
        self.setFocusProxy(self.check)
        self.check.toggled.connect(self._on_check_toggled)

    def show_value(self, value: Any) -> None:
        with QSignalBlocker(self.check):
            self.check.setChecked(value if isinstance(value, bool) else self.default)

    def focus_widget(self) -> QWidget:
        return self.check

    def _on_check_toggled(self, checked: bool) -> None:
        self.commit(checked)


class ChoiceEditor(Editor):
    def __init__(
        self, context: Context, path: Path, kind: cf.Choice, default: Any, parent: QWidget | None = None
    ) -> None:
        super().__init__(context, path, kind, parent)
        self.values = kind.values
        self.default = default
        self.combo = QComboBox(self)
        self.combo.setObjectName("choiceField")
        self.combo.setAccessibleName(self.name)
        for value in kind.values:
            self.combo.addItem(choice_label(value))
        layout = _row(self)
        layout.addWidget(self.combo)
        layout.addStretch(1)
        self.setFocusProxy(self.combo)
        self.combo.currentIndexChanged.connect(self._on_combo_current_index_changed)

    def show_value(self, value: Any) -> None:
        shown = value if value in self.values else self.default
        with QSignalBlocker(self.combo):
            self.combo.setCurrentIndex(self.values.index(shown) if shown in self.values else -1)

    def focus_widget(self) -> QWidget:
        return self.combo

    def _on_combo_current_index_changed(self, index: int) -> None:
        if 0 <= index < len(self.values):
            self.commit(self.values[index])


class OptionalEditor(Editor):
    """A value or none: "Given" checked shows the value's widget; unchecked, the field holds null."""

    def __init__(
        self, context: Context, path: Path, kind: cf.Optional, default: Any, parent: QWidget | None = None
    ) -> None:
        super().__init__(context, path, kind, parent)
        self.inner_kind = kind.inner
        self.given = QCheckBox(_("Given"), self)
        self.given.setObjectName("givenField")
        self.given.setAccessibleName(_("{field} given").format(field=self.name))
        self.inner = make_editor(context, path, kind.inner, None if default is None else default, self)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.given, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.inner, 1)
        self.setFocusProxy(self.given)
        self.given.toggled.connect(self._on_given_toggled)

    def show_value(self, value: Any) -> None:
        present = value is not None and value is not ABSENT
        with QSignalBlocker(self.given):
            self.given.setChecked(present)
        self.inner.setEnabled(present)
        self.inner.setVisible(present or not isinstance(self.inner_kind, cf.Group))
        self.inner.show_value(value if present else ABSENT)

    def editors(self) -> Iterator[Editor]:
        yield self
        yield from self.inner.editors()

    def focus_widget(self) -> QWidget:
        return self.given

    def _on_given_toggled(self, given: bool) -> None:
        self.commit(template(self.inner_kind) if given else None)


class EitherEditor(Editor):
    """One of several kinds: its choices and, when one of them is a number, "a number" with its spin box."""

    def __init__(
        self, context: Context, path: Path, kind: cf.Either, default: Any, parent: QWidget | None = None
    ) -> None:
        super().__init__(context, path, kind, parent)
        self.default = default
        self.choices: list[Any] = []
        self.number: cf.Number | None = None
        for option in kind.options:
            if isinstance(option, cf.Choice):
                self.choices.extend(option.values)
            elif isinstance(option, cf.Number) and self.number is None:
                self.number = option
        self.combo = QComboBox(self)
        self.combo.setObjectName("eitherField")
        self.combo.setAccessibleName(self.name)
        for value in self.choices:
            self.combo.addItem(choice_label(value))
        self.spin = QSpinBox(self)
        self.spin.setObjectName("eitherNumber")
        self.spin.setAccessibleName(_("{field}, a number").format(field=self.name))
        if self.number is not None:
            self.combo.addItem(_("a number"))
            low = self.number.low if self.number.low is not None else -SPIN_LIMIT
            high = self.number.high if self.number.high is not None else SPIN_LIMIT
            self.spin.setRange(low, high)
        self.spin.setKeyboardTracking(False)
        layout = _row(self)
        layout.addWidget(self.combo)
        layout.addWidget(self.spin)
        layout.addStretch(1)
        self.setFocusProxy(self.combo)
        self.combo.currentIndexChanged.connect(self._on_combo_current_index_changed)
        self.spin.valueChanged.connect(self._on_spin_value_changed)
        self.spin.editingFinished.connect(self.context.seal)

    def show_value(self, value: Any) -> None:
        shown = self.default if value is ABSENT else value
        with QSignalBlocker(self.combo), QSignalBlocker(self.spin):
            if shown in self.choices and not isinstance(shown, bool | int):
                self.combo.setCurrentIndex(self.choices.index(shown))
                self.spin.setEnabled(False)
            elif isinstance(shown, int) and self.number is not None:
                self.combo.setCurrentIndex(len(self.choices))
                self.spin.setEnabled(True)
                self.spin.setValue(shown)
            else:
                self.combo.setCurrentIndex(-1)
                self.spin.setEnabled(False)

    def focus_widget(self) -> QWidget:
        return self.combo

    def _on_combo_current_index_changed(self, index: int) -> None:
        if 0 <= index < len(self.choices):
            self.commit(self.choices[index])
        elif self.number is not None:
            self.commit(self.spin.value())

    def _on_spin_value_changed(self, value: int) -> None:
        if self.combo.currentIndex() == len(self.choices):
            self.commit(value, merge=True)


class JsonEditor(Editor):
    """A value of a type no other widget knows, as JSON text; text that is no JSON is said and not used."""

    def __init__(self, context: Context, path: Path, kind: cf.Kind, parent: QWidget | None = None) -> None:
        super().__init__(context, path, kind, parent)
        self.edit = QLineEdit(self)
        self.edit.setObjectName("jsonField")
        self.edit.setAccessibleName(self.name)
        self.error = QLabel(self)
        self.error.setObjectName("jsonError")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.edit)
        layout.addWidget(self.error)
        self.error.hide()
        self.setFocusProxy(self.edit)
        self.edit.editingFinished.connect(self._on_edit_editing_finished)

    def show_value(self, value: Any) -> None:
        text = "" if value is ABSENT else json.dumps(value, ensure_ascii=False)
        if self.edit.text() != text:
            self.edit.setText(text)
        self.error.hide()

    def focus_widget(self) -> QWidget:
        return self.edit

    def _on_edit_editing_finished(self) -> None:
        text = self.edit.text().strip()
        if not text:
            self.commit(ABSENT)
            return
        try:
            value = json.loads(text)
        except ValueError as exc:
            self.error.setText(_("This is not JSON: {error}").format(error=exc))
            self.error.show()
            return
        self.error.hide()
        self.commit(value)


# --- lists and maps ------------------------------------------------------------------------------------------
class ChecksEditor(Editor):
    """A list of choices, each checked or not, in the choices' order."""

    def __init__(self, context: Context, path: Path, kind: cf.Many, parent: QWidget | None = None) -> None:
        super().__init__(context, path, kind, parent)
        assert isinstance(kind.item, cf.Choice)
        self.values = kind.item.values
        self.list = QListWidget(self)
        self.list.setObjectName("checksField")
        self.list.setAccessibleName(self.name)
        for value in self.values:
            item = QListWidgetItem(choice_label(value), self.list)
            item.setFlags(
                Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsSelectable
            )
            item.setCheckState(Qt.CheckState.Unchecked)
        self.list.setMaximumHeight(self.list.sizeHintForRow(0) * min(len(self.values), 6) + 8)
        _row(self).addWidget(self.list)
        self.setFocusProxy(self.list)
        self.list.itemChanged.connect(self._on_list_item_changed)

    def show_value(self, value: Any) -> None:
        chosen = value if isinstance(value, list) else []
        with QSignalBlocker(self.list):
            for row, each in enumerate(self.values):
                item = self.list.item(row)
                item.setCheckState(Qt.CheckState.Checked if each in chosen else Qt.CheckState.Unchecked)

    def focus_widget(self) -> QWidget:
        return self.list

    def _on_list_item_changed(self, _item: QListWidgetItem) -> None:
        chosen = [
            v for row, v in enumerate(self.values) if self.list.item(row).checkState() == Qt.CheckState.Checked
        ]
        self.commit(chosen)


class ReferencesEditor(Editor):
    """Entries of another kind, each checked or not, found by a filter; the order given is kept, a newly checked
    one goes last. An ID no catalog lists stays shown (and checked) until unchecked."""

    def __init__(self, context: Context, path: Path, kind: cf.Many, parent: QWidget | None = None) -> None:
        super().__init__(context, path, kind, parent)
        assert isinstance(kind.item, cf.Text) and kind.item.refers_to is not None
        self.refers_to = kind.item.refers_to
        self.filter = QLineEdit(self)
        self.filter.setObjectName("referencesFilter")
        self.filter.setPlaceholderText(_("Find…"))
        self.filter.setAccessibleName(_("Find in {field}").format(field=self.name))
        self.filter.setClearButtonEnabled(True)
        self.list = QListWidget(self)
        self.list.setObjectName("referencesField")
        self.list.setAccessibleName(self.name)
        self.list.setMinimumHeight(90)
        self.list.setMaximumHeight(160)
        self._chosen: list[str] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.filter)
        layout.addWidget(self.list)
        self.setFocusProxy(self.list)
        self.filter.textChanged.connect(self._on_filter_text_changed)
        self.list.itemChanged.connect(self._on_list_item_changed)

    def show_value(self, value: Any) -> None:
        chosen = [v for v in value if isinstance(v, str)] if isinstance(value, list) else []
        self._chosen = chosen
        listed = self.context.choices(self.refers_to.kind)
        known = {entry_id for entry_id, _title in listed}
        rows = [*listed, *((entry_id, entry_id) for entry_id in chosen if entry_id not in known)]
        with QSignalBlocker(self.list):
            self.list.clear()
            for entry_id, title in rows:
                text = f"{title} ({entry_id})" if title != entry_id else entry_id
                item = QListWidgetItem(text, self.list)
                item.setData(Qt.ItemDataRole.UserRole, entry_id)
                item.setFlags(
                    Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsSelectable
                )
                item.setCheckState(Qt.CheckState.Checked if entry_id in chosen else Qt.CheckState.Unchecked)
        self._on_filter_text_changed(self.filter.text())

    def check(self, entry_id: str, checked: bool = True) -> None:
        """Check (or uncheck) an entry, as a click on its box does."""
        for row in range(self.list.count()):
            item = self.list.item(row)
            if item.data(Qt.ItemDataRole.UserRole) == entry_id:
                item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
                return
        raise KeyError(entry_id)

    def focus_widget(self) -> QWidget:
        return self.list

    def _on_filter_text_changed(self, text: str) -> None:
        needle = text.casefold().strip()
        for row in range(self.list.count()):
            item = self.list.item(row)
            item.setHidden(bool(needle) and needle not in item.text().casefold())

    def _on_list_item_changed(self, item: QListWidgetItem) -> None:
        entry_id = item.data(Qt.ItemDataRole.UserRole)
        if not isinstance(entry_id, str):
            return
        checked = item.checkState() == Qt.CheckState.Checked
        chosen = [c for c in self._chosen if c != entry_id]
        if checked:
            chosen.append(entry_id)
        self._chosen = chosen
        self.commit(chosen)


class ListEditor(Editor):
    """Items in order, each with its widget and Remove; Add puts a new one last."""

    def __init__(self, context: Context, path: Path, kind: cf.Many, parent: QWidget | None = None) -> None:
        super().__init__(context, path, kind, parent)
        self.item_kind = kind.item
        self.items: list[Editor] = []
        self.rows = QVBoxLayout()
        self.rows.setContentsMargins(0, 0, 0, 0)
        self.add_button = QPushButton(_("Add to {field}").format(field=self.name), self)
        self.add_button.setObjectName("addItemButton")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self.rows)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self._value: list[Any] = []
        self.add_button.clicked.connect(self._on_add_button_clicked)

    def show_value(self, value: Any) -> None:
        items = list(value) if isinstance(value, list) else []
        self._value = items
        if len(items) != len(self.items):
            self._rebuild(len(items))
        for editor, item in zip(self.items, items, strict=True):
            editor.show_value(item)

    def _rebuild(self, count: int) -> None:
        clear_layout(self.rows)
        self.items = []
        for index in range(count):
            holder = QWidget(self)
            row = _row(holder)
            editor = make_editor(self.context, (*self.path, index), self.item_kind, None, holder)
            remove = QPushButton(_("Remove"), holder)
            remove.setObjectName("removeItemButton")
            remove.setAccessibleName(
                _("Remove item {number} of {field}").format(number=index + 1, field=self.name)
            )
            remove.clicked.connect(lambda _checked=False, at=index: self._on_remove_clicked(at))
            row.addWidget(editor, 1)
            row.addWidget(remove, 0, Qt.AlignmentFlag.AlignTop)
            self.rows.addWidget(holder)
            self.items.append(editor)

    def editors(self) -> Iterator[Editor]:
        yield self
        for editor in self.items:
            yield from editor.editors()

    def focus_widget(self) -> QWidget:
        return self.add_button

    def add(self) -> None:
        self.commit([*self._value, template(self.item_kind)])

    def remove(self, index: int) -> None:
        self.commit([v for i, v in enumerate(self._value) if i != index])

    def _on_add_button_clicked(self) -> None:
        self.add()

    def _on_remove_clicked(self, index: int) -> None:
        self.remove(index)


class ReferenceMapEditor(Editor):
    """A value for some of another kind's entries (a skill per source): each entry checked or not, its value's
    widget beside it. An entry no catalog lists stays shown while it has a value."""

    def __init__(self, context: Context, path: Path, kind: cf.KeyedMap, parent: QWidget | None = None) -> None:
        super().__init__(context, path, kind, parent)
        assert isinstance(kind.key, cf.Text) and kind.key.refers_to is not None
        self.refers_to = kind.key.refers_to
        self.value_kind = kind.value
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.checks: dict[str, QCheckBox] = {}
        self.values: dict[str, Editor] = {}
        self._value: dict[str, Any] = {}

    def show_value(self, value: Any) -> None:
        current = dict(value) if isinstance(value, Mapping) else {}
        self._value = current
        listed = self.context.choices(self.refers_to.kind)
        keys = [entry_id for entry_id, _title in listed] + [k for k in current if k not in dict(listed)]
        if keys != list(self.checks):
            self._rebuild(keys, dict(listed))
        for key in keys:
            present = key in current
            with QSignalBlocker(self.checks[key]):
                self.checks[key].setChecked(present)
            self.values[key].setEnabled(present)
            self.values[key].show_value(current[key] if present else ABSENT)

    def _rebuild(self, keys: list[str], titles: dict[str, str]) -> None:
        for widget in [*self.checks.values(), *self.values.values()]:
            widget.hide()
            widget.deleteLater()
        self.checks, self.values = {}, {}
        for row, key in enumerate(keys):
            check = QCheckBox(titles.get(key, key), self)
            check.setObjectName("mapKeyField")
            check.toggled.connect(lambda checked, k=key: self._on_key_toggled(k, checked))
            editor = make_editor(self.context, (*self.path, key), self.value_kind, None, self)
            self.grid.addWidget(check, row, 0)
            self.grid.addWidget(editor, row, 1)
            self.checks[key], self.values[key] = check, editor

    def editors(self) -> Iterator[Editor]:
        yield self
        for editor in self.values.values():
            yield from editor.editors()

    def focus_widget(self) -> QWidget:
        return next(iter(self.checks.values()), self)

    def _on_key_toggled(self, key: str, checked: bool) -> None:
        value = dict(self._value)
        if checked:
            value[key] = template(self.value_kind)
        else:
            value.pop(key, None)
        self.commit(value)


class MapEditor(Editor):
    """Keys typed in, each with its value's widget, Add and Remove."""

    def __init__(self, context: Context, path: Path, kind: cf.KeyedMap, parent: QWidget | None = None) -> None:
        super().__init__(context, path, kind, parent)
        self.value_kind = kind.value
        self.rows = QVBoxLayout()
        self.rows.setContentsMargins(0, 0, 0, 0)
        self.keys: list[QLineEdit] = []
        self.items: list[Editor] = []
        self.add_button = QPushButton(_("Add to {field}").format(field=self.name), self)
        self.add_button.setObjectName("addItemButton")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self.rows)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self._value: dict[str, Any] = {}
        self.add_button.clicked.connect(self._on_add_button_clicked)

    def show_value(self, value: Any) -> None:
        current = dict(value) if isinstance(value, Mapping) else {}
        self._value = current
        if list(current) != [k.text() for k in self.keys]:
            self._rebuild(list(current))
        for key, editor in zip(current, self.items, strict=True):
            editor.show_value(current[key])

    def _rebuild(self, keys: list[str]) -> None:
        clear_layout(self.rows)
        self.keys, self.items = [], []
        for key in keys:
            holder = QWidget(self)
            row = _row(holder)
            line = QLineEdit(key, holder)
            line.setObjectName("mapKeyField")
            line.setAccessibleName(_("Key in {field}").format(field=self.name))
            line.editingFinished.connect(lambda k=key, edit=line: self._on_key_edited(k, edit.text()))
            editor = make_editor(self.context, (*self.path, key), self.value_kind, None, holder)
            remove = QPushButton(_("Remove"), holder)
            remove.setObjectName("removeItemButton")
            remove.clicked.connect(lambda _checked=False, k=key: self._on_remove_clicked(k))
            row.addWidget(line)
            row.addWidget(editor, 1)
            row.addWidget(remove)
            self.rows.addWidget(holder)
            self.keys.append(line)
            self.items.append(editor)

    def editors(self) -> Iterator[Editor]:
        yield self
        for editor in self.items:
            yield from editor.editors()

    def focus_widget(self) -> QWidget:
        return self.add_button

    def _on_add_button_clicked(self) -> None:
        key = "key"
        number = 2
        while key in self._value:
            key, number = f"key{number}", number + 1
        self.commit({**self._value, key: template(self.value_kind)})

    def _on_key_edited(self, old: str, new: str) -> None:
        new = new.strip()
        if not new or new == old or new in self._value:
            return
        self.commit({(new if k == old else k): v for k, v in self._value.items()})

    def _on_remove_clicked(self, key: str) -> None:
        self.commit({k: v for k, v in self._value.items() if k != key})


# --- a group of fields ---------------------------------------------------------------------------------------
class GroupEditor(Editor):
    """A nested model's fields, a row each, in the model's order; fields named in `skip` are left out."""

    def __init__(
        self,
        context: Context,
        path: Path,
        kind: cf.Group,
        parent: QWidget | None = None,
        *,
        skip: tuple[str, ...] = (),
        boxed: bool = True,
    ) -> None:
        super().__init__(context, path, kind, parent)
        self.fields: dict[str, Editor] = {}
        self.box = QGroupBox(self) if boxed and path else None
        holder: QWidget = self.box if self.box is not None else self
        form = QFormLayout(holder)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        for spec in cf.fields_of(kind.model):
            if spec.name in skip:
                continue
            editor = make_editor(context, (*path, spec.name), spec.kind, spec.default, holder)
            label = field_label(spec.name) + (" *" if spec.required else "")
            if isinstance(spec.kind, cf.YesNo):
                form.addRow("", editor)
            else:
                form.addRow(label, editor)
            self.fields[spec.name] = editor
        if self.box is not None:
            layout = QVBoxLayout(self)
            layout.setContentsMargins(0, 0, 0, 0)
            layout.addWidget(self.box)

    def show_value(self, value: Any) -> None:
        current = value if isinstance(value, Mapping) else {}
        for name, editor in self.fields.items():
            editor.show_value(current.get(name, ABSENT))

    def editors(self) -> Iterator[Editor]:
        yield self
        for editor in self.fields.values():
            yield from editor.editors()

    def focus_widget(self) -> QWidget:
        return next(iter(self.fields.values()), self)
