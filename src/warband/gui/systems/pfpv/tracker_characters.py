"""The party of a « Par le Fer et par le Verbe » scene as a table: Don and Vitality as "left / maximum", fatigue as
its penalty (−1 … −5), MA, and the spells being cast at once with the penalty on every roll of each (PF-04).
Don, Vitality and fatigue are corrected with a spin box; the scene keeps them within 0 … the maximum. Only rows
that changed are repainted."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pydantic import ValidationError
from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSignalBlocker,
    Qt,
)
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QSpinBox, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.systems.pfpv.tracker_text import at_once_text, roll_penalty, signed, spell_name
from warband.gui.widgets.appearance import FAILURE_COLOUR
from warband.gui.widgets.plain_text import plain_tooltip
from warband.gui.widgets.titled_table import TitledTableModel
from warband.model.messages import N_, Phrase, _, spoken_text, term
from warband.model.systems.pfpv.scene import VALUE_NAMES, PfpvScene, SetValue, label_of, profile_of

ModelIndex = QModelIndex | QPersistentModelIndex
KEY_ROLE = Qt.ItemDataRole.UserRole + 1
"""The character's key (its unit id) on every cell."""
RANGE_ROLE = Qt.ItemDataRole.UserRole + 2
"""An editable cell's (lowest, highest, suffix) for its spin box."""
PENALTY_COLOUR = "#9a6a00"


@dataclass(frozen=True)
class CharacterRow:
    """One character as the table shows it: compared with the last one to repaint only what changed."""

    key: str
    label: str
    don: int
    don_max: int
    vitality: int
    vitality_max: int
    fatigue: int
    ma: int
    spells: tuple[str, ...]
    """The names of the spells being cast, in the order they began."""
    at_once: int = 0
    """PF-04: the spells of the group being cast, which keeps its size until the last of them ends."""

    @property
    def penalty(self) -> int:
        return roll_penalty(self.at_once, self.fatigue)


def character_rows(scene: PfpvScene) -> list[CharacterRow]:
    rows = []
    for unit in scene.party.units:
        state = scene.characters.get(unit.id)
        if state is None:
            continue
        profile = profile_of(scene, unit.id)
        rows.append(
            CharacterRow(
                key=unit.id,
                label=spoken_text(label_of(scene, unit.id)),
                don=state.don,
                don_max=profile.don,
                vitality=state.vitality,
                vitality_max=profile.vitality,
                fatigue=state.fatigue,
                ma=profile.ma,
                spells=tuple(spell_name(scene, c.spell) for c in state.casting),
                at_once=state.group,
            )
        )
    return rows


def characters_part(scene: PfpvScene) -> tuple[object, ...]:
    """What the rows read: the party (labels), the entries (maximums, MA, spell names), the characters' states."""
    return scene.party, scene.entries, scene.characters


class CharactersTableModel(TitledTableModel[CharacterRow]):
    """Every character of the party; Don, Vitality and fatigue are edited as undoable actions of the scene."""

    CHARACTER, DON, VITALITY, FATIGUE, MA, CASTING, AT_ONCE = range(7)
    TITLES = (
        (N_("Character"), N_("Double-click a character to cast with it in the resolver")),
        (N_("Don"), N_("Don left / maximum; double-click to correct")),
        (N_("Vitality"), N_("Vitality left / maximum; double-click to correct")),
        (
            N_("Fatigue"),
            N_("Fatigue: −1 to −5 on every contact and control roll (PF-04); double-click to correct"),
        ),
        (N_("MA"), N_("MA: distraction rolls are made under it (PF-09)")),
        (N_("Casting"), N_("The spells being cast, in the order they began")),
        (N_("Spells at once"), N_("Spells cast at once: a penalty on every roll of each of them (PF-04)")),
    )
    FIELDS: ClassVar[dict[int, str]] = {DON: "don", VITALITY: "vitality", FATIGUE: "fatigue"}

    def __init__(self, document: BattleDocument[PfpvScene], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._rows = character_rows(document.battle)
        document.changed.connect(self._on_document_changed)

    def key(self, row: int) -> str:
        return self._rows[row].key

    def row_of(self, key: str) -> int:
        return next(number for number, row in enumerate(self._rows) if row.key == key)

    def character(self, row: int) -> CharacterRow:
        return self._rows[row]

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() in self.FIELDS:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        column = index.column()
        if not 0 <= column < len(self.TITLES):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, column)
        if role == Qt.ItemDataRole.EditRole and column in self.FIELDS:
            return {self.DON: row.don, self.VITALITY: row.vitality, self.FATIGUE: -row.fatigue}[column]
        if role == RANGE_ROLE and column in self.FIELDS:
            if column == self.FATIGUE:
                return (-5, 0, "")
            top = row.don_max if column == self.DON else row.vitality_max
            return (0, top, f" / {top}")
        if role == Qt.ItemDataRole.ToolTipRole:
            return plain_tooltip(self._tooltip(row, column))
        if role == KEY_ROLE:
            return row.key
        if role == Qt.ItemDataRole.ForegroundRole:
            if column == self.VITALITY and row.vitality <= 0:
                return QBrush(QColor(FAILURE_COLOUR))
            if (column == self.AT_ONCE and row.at_once > 1) or (column == self.FATIGUE and row.fatigue):
                return QBrush(QColor(PENALTY_COLOUR))
            return None
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (*self.FIELDS, self.MA):
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def _text(self, row: CharacterRow, column: int) -> str:
        if column == self.CHARACTER:
            return row.label
        if column == self.DON:
            return f"{row.don} / {row.don_max}"
        if column == self.VITALITY:
            return f"{row.vitality} / {row.vitality_max}"
        if column == self.FATIGUE:
            return signed(-row.fatigue)
        if column == self.MA:
            return str(row.ma)
        if column == self.CASTING:
            return ", ".join(row.spells)
        return at_once_text(row.at_once)

    def _tooltip(self, row: CharacterRow, column: int) -> str | None:
        if column == self.CHARACTER:
            return _("{character}: double-click to cast with it in the resolver").format(character=row.label)
        if column in self.FIELDS:
            return _(self.TITLES[column][1])
        if column in (self.CASTING, self.AT_ONCE) and row.spells:
            return _("{character}: {penalty} on every contact and control roll of each spell (PF-04)").format(
                character=row.label, penalty=signed(row.penalty)
            )
        return _(self.TITLES[column][1])

    def setData(self, index: ModelIndex, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        """A corrected value: one undoable action of the scene, which keeps it within 0 … the maximum."""
        if role != Qt.ItemDataRole.EditRole or not index.isValid() or not 0 <= index.row() < len(self._rows):
            return False
        if index.column() not in self.FIELDS or not isinstance(value, int) or isinstance(value, bool):
            return False
        row = self._rows[index.row()]
        field = self.FIELDS[index.column()]
        if field == "fatigue":
            value = abs(value)  # shown as its penalty (−3), kept as its level (3)
        scene = self._document.battle
        try:
            command = SetValue.model_validate({"key": row.key, "field": field, "value": value})
            kept = getattr(command.apply(scene).characters[row.key], field)
        except (ValidationError, KeyError):
            return False
        old = getattr(scene.characters[row.key], field)
        before, after = (signed(-old), signed(-kept)) if field == "fatigue" else (str(old), str(kept))
        text = Phrase(
            N_("{character}: {field} {old} → {new}"),
            character=label_of(scene, row.key),
            field=term(VALUE_NAMES[field]),
            old=before,
            new=after,
        )
        return self._document.act(command, text=text)

    def _on_document_changed(self, change: Change[PfpvScene]) -> None:
        """The rows again when a character changed (not the round, the hours alone), and only those that differ
        are repainted."""
        if not change.touched(characters_part):
            return
        fresh = character_rows(self._document.battle)
        if [r.key for r in fresh] != [r.key for r in self._rows]:
            self.beginResetModel()
            self._rows = fresh
            self.endResetModel()
            return
        old, self._rows = self._rows, fresh
        last = self.columnCount() - 1
        for number, (before, after) in enumerate(zip(old, fresh, strict=True)):
            if before != after:
                self.dataChanged.emit(self.index(number, 0), self.index(number, last))


class ValueDelegate(QStyledItemDelegate):
    """A spin box over the value's range ("84 / 120"; fatigue −5 … 0); the scene clamps anyway."""

    def createEditor(  # noqa: N802
        self, parent: QWidget, option: QStyleOptionViewItem, index: ModelIndex
    ) -> QWidget:
        spin = QSpinBox(parent)
        spin.setObjectName("valueEditor")
        found = index.data(RANGE_ROLE)
        low, high, suffix = found if isinstance(found, tuple) else (0, 400, "")
        spin.setRange(low, high)
        spin.setSuffix(suffix)
        spin.setAlignment(Qt.AlignmentFlag.AlignCenter)
        return spin

    def setEditorData(self, editor: QWidget, index: ModelIndex) -> None:  # noqa: N802
        value = index.data(Qt.ItemDataRole.EditRole)
        if isinstance(editor, QSpinBox) and isinstance(value, int):
            with QSignalBlocker(editor):
                editor.setValue(value)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: ModelIndex) -> None:  # noqa: N802
        if isinstance(editor, QSpinBox):
            editor.interpretText()
            if editor.value() != index.data(Qt.ItemDataRole.EditRole):
                model.setData(index, editor.value(), Qt.ItemDataRole.EditRole)
