"""The heroes of a Strategy Battle Game battle as a table: Might, Will, Fate and Wounds as "left / start", each
corrected with a spin box (the battle keeps them within 0 … the starting value), removed and failed-Courage marks,
and a hero with no Might, Will or Fate left greyed and marked spent. Only rows that changed are repainted."""

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
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QSpinBox, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.widgets.appearance import muted, side_colour, side_tint
from warband.gui.widgets.plain_text import plain_tooltip
from warband.gui.widgets.titled_table import TitledTableModel
from warband.model.messages import N_, Phrase, _, spoken_text, term
from warband.model.session import Command
from warband.model.systems.sbg import battle_rules as rules
from warband.model.systems.sbg.battle_commands import COUNTER_NAMES, SetCounter, SetHeroFlag
from warband.model.systems.sbg.battle_state import SbgBattle

ModelIndex = QModelIndex | QPersistentModelIndex
KEY_ROLE = Qt.ItemDataRole.UserRole + 1
"""The hero's key (`"<side>:<unit id>"`) on every cell."""
SPENT_COLOUR = "#9a6a00"
"""The "spent" mark: it must stand out of a greyed row."""
START_ROLE = Qt.ItemDataRole.UserRole + 2
"""A counter's starting value (the spin box's maximum)."""


@dataclass(frozen=True)
class HeroRow:
    """One hero as the table shows it: compared with the last one to repaint only what changed."""

    key: str
    side: int
    player: str
    label: str
    values: tuple[int, int, int, int]
    starts: tuple[int, int, int, int]
    removed: bool
    courage_failed: bool
    heroic: int | None
    """Its place in this phase's heroic-action order, or None."""
    named: bool = False
    """Named for a heroic action in this phase, its place not settled yet."""

    @property
    def spent(self) -> bool:
        """SB-02 … SB-04: nothing left to change a die, cast, resist or be saved."""
        return self.values[0] == self.values[1] == self.values[2] == 0


def _rows(battle: SbgBattle) -> list[HeroRow]:
    h = battle.heroics
    order = h.order if h is not None else ()
    named = set(h.named[0] + h.named[1]) if h is not None else set()
    return [
        HeroRow(
            key=m.key,
            side=m.side,
            player=battle.sides[m.side].player,
            label=spoken_text(m.label),
            values=(m.state.might, m.state.will, m.state.fate, m.state.wounds),
            starts=(m.start("might"), m.start("will"), m.start("fate"), m.start("wounds")),
            removed=m.state.removed,
            courage_failed=m.state.courage_failed,
            heroic=order.index(m.key) + 1 if m.key in order else None,
            named=m.key in named and m.key not in order,
        )
        for m in rules.heroes(battle)
    ]


def heroes_part(battle: SbgBattle) -> tuple[object, ...]:
    """What the rows read: the sides (players, labels), the profiles, the counters and the heroic actions."""
    return battle.sides, battle.entries.profiles, battle.heroes, battle.heroics


class HeroesTableModel(TitledTableModel[HeroRow]):
    """Every hero of both sides; counters and marks are edited as undoable actions of the battle."""

    SIDE, HERO, MIGHT, WILL, FATE, WOUNDS, REMOVED, COURAGE, STATUS = range(9)
    TITLES = (
        (N_("Side"), N_("The player the hero belongs to")),
        (N_("Hero"), N_("The hero's label in its army; double-click to resolve its actions")),
        (N_("Might"), N_("Might left / starting Might: changes the hero's own dice by one a point (SB-02)")),
        (N_("Will"), N_("Will left / starting Will: one a casting or resisting attempt (SB-03)")),
        (N_("Fate"), N_("Fate left / starting Fate: a D6 each, 4+ saves a Wound (SB-04)")),
        (N_("Wounds"), N_("Wounds left / starting Wounds")),
        (N_("Removed"), N_("Removed from play")),
        (N_("Courage"), N_("Removed for failing a Courage test: Fate cannot save it (SB-04)")),
        (N_("State"), N_("Spent (no Might, Will or Fate left), or its heroic action in this phase")),
    )
    FIELDS: ClassVar[dict[int, str]] = {MIGHT: "might", WILL: "will", FATE: "fate", WOUNDS: "wounds"}
    FLAG_COLUMNS: ClassVar[dict[int, str]] = {REMOVED: "removed", COURAGE: "courage_failed"}

    def __init__(self, document: BattleDocument[SbgBattle], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._rows = _rows(document.battle)
        document.changed.connect(self._on_document_changed)

    def key(self, row: int) -> str:
        return self._rows[row].key

    def row_of(self, key: str) -> int:
        return next(number for number, row in enumerate(self._rows) if row.key == key)

    def hero_row(self, row: int) -> HeroRow:
        return self._rows[row]

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() in self.FIELDS:
            flags |= Qt.ItemFlag.ItemIsEditable
        elif index.column() in self.FLAG_COLUMNS:
            flags |= Qt.ItemFlag.ItemIsUserCheckable
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
            return row.values[column - self.MIGHT]
        if role == START_ROLE and column in self.FIELDS:
            return row.starts[column - self.MIGHT]
        if role == Qt.ItemDataRole.CheckStateRole and column in self.FLAG_COLUMNS:
            checked = row.removed if column == self.REMOVED else row.courage_failed
            return Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.ToolTipRole:
            return plain_tooltip(self._tooltip(row, column))
        if role == KEY_ROLE:
            return row.key
        if role == Qt.ItemDataRole.ForegroundRole:
            if column == self.STATUS and row.spent:
                return QBrush(QColor(SPENT_COLOUR))
            return muted() if row.spent or row.removed else None
        if role == Qt.ItemDataRole.FontRole and column == self.STATUS and (row.spent or row.heroic or row.named):
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.BackgroundRole and column == self.SIDE:
            return side_tint(row.side)
        if role == Qt.ItemDataRole.DecorationRole and column == self.SIDE:
            return side_colour(row.side)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in self.FIELDS:
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def _text(self, row: HeroRow, column: int) -> str | None:
        if column == self.SIDE:
            return row.player
        if column == self.HERO:
            return row.label
        if column in self.FIELDS:
            at = column - self.MIGHT
            return f"{row.values[at]} / {row.starts[at]}"
        if column == self.STATUS:
            words = []
            if row.heroic is not None:
                words.append(_("heroic action {number}").format(number=row.heroic))
            elif row.named:
                words.append(_("named for a heroic action"))
            if row.removed:
                words.append(_("removed"))
            if row.spent:
                words.append(_("spent"))
            return ", ".join(words)
        return None

    def _tooltip(self, row: HeroRow, column: int) -> str | None:
        if column in self.FIELDS:
            name = _(COUNTER_NAMES[self.FIELDS[column]])
            at = column - self.MIGHT
            return _("{hero}: {value} {counter} of {start}; double-click to correct").format(
                hero=row.label, value=row.values[at], counter=name, start=row.starts[at]
            )
        if column == self.HERO:
            return _("{hero}: double-click to resolve its actions").format(hero=row.label)
        if column == self.STATUS and row.spent:
            return _("{hero} has no Might, Will or Fate left").format(hero=row.label)
        if column in (self.REMOVED, self.COURAGE):
            return _(self.TITLES[column][1])
        return None

    def setData(self, index: ModelIndex, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        """A corrected counter or mark: one undoable action of the battle."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return False
        row = self._rows[index.row()]
        column = index.column()
        command: Command[SbgBattle] | None = None
        text: str = ""
        try:
            if role == Qt.ItemDataRole.EditRole and column in self.FIELDS:
                if not isinstance(value, int) or isinstance(value, bool):
                    return False
                field = self.FIELDS[column]
                command = SetCounter.model_validate({"key": row.key, "field": field, "value": value})
                kept = rules.set_counter(self._document.battle, row.key, field, value).heroes[row.key]
                text = Phrase(
                    N_("{hero}: {counter} {old} → {new}"),
                    hero=rules.hero(self._document.battle, row.key).label,
                    counter=term(COUNTER_NAMES[field]),
                    old=row.values[column - self.MIGHT],
                    new=getattr(kept, field),
                )
            elif role == Qt.ItemDataRole.CheckStateRole and column in self.FLAG_COLUMNS:
                checked = _checked(value)
                field = self.FLAG_COLUMNS[column]
                command = SetHeroFlag.model_validate({"key": row.key, "field": field, "value": checked})
                text = _state_text(rules.hero(self._document.battle, row.key).label, field, checked)
        except (ValidationError, KeyError):
            return False
        if command is None:
            return False
        return self._document.act(command, text=text, side=row.side)

    def _on_document_changed(self, change: Change[SbgBattle]) -> None:
        """The rows again when what they read changed (not the turn, the phase, the priority), and only those
        that differ are repainted."""
        if not change.touched(heroes_part):
            return
        fresh = _rows(self._document.battle)
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


def _checked(value: object) -> bool:
    if isinstance(value, Qt.CheckState):
        return value == Qt.CheckState.Checked
    return isinstance(value, int) and value == Qt.CheckState.Checked.value


def _state_text(hero: str, field: str, checked: bool) -> str:
    if field == "removed":
        template = N_("{hero} is removed from play") if checked else N_("{hero} is back in play")
        return Phrase(template, hero=hero)
    if checked:
        return Phrase(N_("{hero} failed a Courage test"), hero=hero)
    return Phrase(N_("{hero}: failed Courage test taken back"), hero=hero)


class CounterDelegate(QStyledItemDelegate):
    """A spin box from 0 to the counter's starting value, showing "left / start"; the battle clamps anyway."""

    def createEditor(  # noqa: N802
        self, parent: QWidget, option: QStyleOptionViewItem, index: ModelIndex
    ) -> QWidget:
        spin = QSpinBox(parent)
        spin.setObjectName("counterEditor")
        start = index.data(START_ROLE)
        spin.setRange(0, start if isinstance(start, int) else 9)
        spin.setSuffix(f" / {spin.maximum()}")
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
