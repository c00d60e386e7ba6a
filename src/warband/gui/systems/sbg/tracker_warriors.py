"""The warriors of a Strategy Battle Game battle in the Turn tracker: a table of each unit's models (start, lost,
in play) and the Wounds lost by those in play (warriors of more than one Wound), "lost" and "Wounds" corrected with
a spin box, each edit one undoable action of the battle; and each side's Break point (SB-07), a line per side.

Both read `casualties` and refresh only when what they read changed; a refusal (more models lost than the unit
has) comes back through the document's `refused` signal, as the other tables' do.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pydantic import ValidationError
from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.systems.sbg.tracker_heroes import START_ROLE
from warband.gui.widgets.appearance import muted, side_colour, side_tint
from warband.gui.widgets.plain_text import plain_label, plain_tooltip
from warband.gui.widgets.titled_table import TitledTableModel
from warband.model.messages import N_, _, spoken_text
from warband.model.systems.sbg import casualties
from warband.model.systems.sbg.battle_state import SbgBattle
from warband.model.systems.sbg.casualties import BreakPoint
from warband.model.systems.sbg.casualty_commands import SetCasualties

ModelIndex = QModelIndex | QPersistentModelIndex
KEY_ROLE = Qt.ItemDataRole.UserRole + 1
"""The unit's key (`"<side>:<unit id>"`) on every cell."""

BROKEN_COLOUR = "#8a1c12"
"""A broken force's line: it must stand out (the refusals' red). The tab's one style sheet styles the rest."""


@dataclass(frozen=True)
class WarriorRow:
    """One unit of warriors as the table shows it: compared with the last one to repaint only what changed."""

    key: str
    side: int
    player: str
    label: str
    start: int
    lost: int
    wounds: int
    wounds_each: int

    @property
    def in_play(self) -> int:
        return self.start - self.lost

    @property
    def most_wounds(self) -> int:
        """The Wounds those in play may lose and stay in play."""
        return self.in_play * (self.wounds_each - 1)


def _rows(battle: SbgBattle) -> list[WarriorRow]:
    return [
        WarriorRow(
            key=u.key,
            side=u.side,
            player=battle.sides[u.side].player,
            label=spoken_text(u.label),
            start=u.start,
            lost=u.lost,
            wounds=u.wounds,
            wounds_each=u.wounds_each,
        )
        for u in casualties.warriors(battle)
    ]


def warriors_part(battle: SbgBattle) -> tuple[object, ...]:
    """What the rows read: the sides (players, armies), the profiles and the warriors' casualties."""
    return battle.sides, battle.entries.profiles, battle.warriors


def break_part(battle: SbgBattle) -> tuple[object, ...]:
    """What the Break point lines read: the warriors' casualties and the heroes' (removed, fled), the rules
    option, the turn a force broke and the turn now."""
    b = battle
    return b.sides, b.entries.profiles, b.warriors, b.heroes, b.options, b.breaks, b.turn


class WarriorsTableModel(TitledTableModel[WarriorRow]):
    """Every unit of warriors of both sides; models lost and Wounds lost are edited as undoable actions."""

    SIDE, UNIT, START, LOST, IN_PLAY, WOUNDS = range(6)
    TITLES = (
        (N_("Side"), N_("The player the unit belongs to")),
        (N_("Unit"), N_("The unit's label in its army")),
        (N_("Models"), N_("Its models at the start of the battle")),
        (N_("Lost"), N_("Models lost (removed as casualties or fled); double-click to correct (SB-07)")),
        (N_("In play"), N_("Models still in play")),
        (N_("Wounds"), N_("Wounds lost by the models still in play, for warriors of more than one Wound")),
    )
    EDITABLE: ClassVar[frozenset[int]] = frozenset({LOST, WOUNDS})

    def __init__(self, document: BattleDocument[SbgBattle], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._rows = _rows(document.battle)
        document.changed.connect(self._on_document_changed)

    def key(self, row: int) -> str:
        return self._rows[row].key

    def row_of(self, key: str) -> int:
        return next(number for number, row in enumerate(self._rows) if row.key == key)

    def warrior_row(self, row: int) -> WarriorRow:
        return self._rows[row]

    def _editable(self, row: WarriorRow, column: int) -> bool:
        return column == self.LOST or (column == self.WOUNDS and row.wounds_each > 1)

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if self._editable(self._rows[index.row()], index.column()):
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        column = index.column()
        if not 0 <= column < len(self.TITLES):
            return None
        role = int(role)
        if role == Qt.ItemDataRole.DisplayRole.value:
            return self._text(row, column)
        if role == Qt.ItemDataRole.EditRole.value and self._editable(row, column):
            return row.lost if column == self.LOST else row.wounds
        if role == START_ROLE and self._editable(row, column):
            return row.start if column == self.LOST else row.most_wounds
        if role == Qt.ItemDataRole.ToolTipRole.value:
            return plain_tooltip(self._tooltip(row, column))
        if role == KEY_ROLE:
            return row.key
        if role == Qt.ItemDataRole.ForegroundRole.value:
            return muted() if row.in_play == 0 else None
        if role == Qt.ItemDataRole.BackgroundRole.value and column == self.SIDE:
            return side_tint(row.side)
        if role == Qt.ItemDataRole.DecorationRole.value and column == self.SIDE:
            return side_colour(row.side)
        if role == Qt.ItemDataRole.TextAlignmentRole.value and column >= self.START:
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def _text(self, row: WarriorRow, column: int) -> str | None:
        if column == self.SIDE:
            return row.player
        if column == self.UNIT:
            return row.label
        if column == self.START:
            return str(row.start)
        if column == self.LOST:
            return str(row.lost)
        if column == self.IN_PLAY:
            return str(row.in_play)
        if column == self.WOUNDS:
            return str(row.wounds) if row.wounds_each > 1 else "—"
        return None

    def _tooltip(self, row: WarriorRow, column: int) -> str | None:
        if column == self.LOST:
            return _("{unit}: {lost} of {count} models lost; double-click to correct").format(
                unit=row.label, lost=row.lost, count=row.start
            )
        if column == self.WOUNDS and row.wounds_each > 1:
            return _("{unit}: {wounds} Wounds lost by the {models} models in play ({each} Wounds each)").format(
                unit=row.label, wounds=row.wounds, models=row.in_play, each=row.wounds_each
            )
        if column == self.WOUNDS:
            return _("{unit}: one Wound each, a Wound lost is a model lost").format(unit=row.label)
        return _(self.TITLES[column][1])

    def setData(self, index: ModelIndex, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        """Corrected casualties: one undoable action of the battle, refused (and told) beyond what the unit has."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows) or role != Qt.ItemDataRole.EditRole:
            return False
        row = self._rows[index.row()]
        column = index.column()
        if not self._editable(row, column) or not isinstance(value, int) or isinstance(value, bool):
            return False
        if column == self.LOST:
            lost = value
            wounds = min(row.wounds, max(0, (row.start - lost) * (row.wounds_each - 1)))  # as those left can bear
        else:
            lost, wounds = row.lost, value
        if (lost, wounds) == (row.lost, row.wounds):
            return True
        try:
            command = SetCasualties.model_validate({"key": row.key, "lost": lost, "wounds": wounds})
        except ValidationError:
            return False
        return self._document.act(command, side=row.side)

    def _on_document_changed(self, change: Change[SbgBattle]) -> None:
        """The rows again when the casualties changed (not the turn, the phase, the heroes), and only those that
        differ are repainted."""
        if not change.touched(warriors_part):
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


def break_text(player: str, point: BreakPoint, playing: bool) -> str:
    """A side's Break point in the player's words (SB-07)."""
    if not playing:
        return _("{player}: {lost} / {count} models lost").format(
            player=player, lost=point.lost, count=point.start
        )
    if not point.broken:
        return _("{player}: {lost} / {count} models lost — breaks at {threshold}").format(
            player=player, lost=point.lost, count=point.start, threshold=point.threshold
        )
    if point.testing:
        return _("Broken: {player}, {lost} / {count} models lost — its models test Courage when they move").format(
            player=player, lost=point.lost, count=point.start
        )
    return _("Broken: {player}, {lost} / {count} models lost — Courage tests from the next turn").format(
        player=player, lost=point.lost, count=point.start
    )


class BreakPointPanel(QWidget):
    """Each side's casualties against its Break point, a line per side, always in view above the tables."""

    def __init__(self, document: BattleDocument[SbgBattle], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("breakPointPanel")
        self._document = document
        self.lines: list[QLabel] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        for side in (0, 1):
            label = plain_label("breakPointLabel", self, wrap=True)
            label.setProperty("side", str(side))
            label.setProperty("broken", "false")
            label.setAccessibleName(_("Break point"))
            label.setToolTip(_("SB-07: a force that has lost half its models or more is broken"))
            layout.addWidget(label)
            self.lines.append(label)
        self._show()
        document.changed.connect(self._on_document_changed)

    def texts(self) -> list[str]:
        return [line.text() for line in self.lines]

    def _show(self) -> None:
        battle = self._document.battle
        for side, point in enumerate(casualties.break_points(battle)):
            label = self.lines[side]
            label.setText(break_text(battle.sides[side].player, point, battle.options.break_point))
            label.setAccessibleDescription(label.text())
            broken = "true" if point.broken else "false"
            if label.property("broken") != broken:
                label.setProperty("broken", broken)
                font = label.font()
                font.setBold(point.broken)
                label.setFont(font)
                palette = self.palette()
                if point.broken:
                    palette.setColor(QPalette.ColorRole.WindowText, QColor(BROKEN_COLOUR))
                label.setPalette(palette)

    def _on_document_changed(self, change: Change[SbgBattle]) -> None:
        if change.touched(break_part):
            self._show()
