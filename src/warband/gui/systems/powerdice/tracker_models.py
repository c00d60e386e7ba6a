"""The casters of a power-dice battle as tables: every caster with its dice and marker, and the casters that may
cast now in B3 or C.

A marker is shown only as `shared_screen.visible_marker` allows (PD-03: face down until A3); every cell is worked
out from the battle as the shared screen may show it, and only the rows whose cells changed are repainted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import ValidationError
from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.systems.powerdice import battle_parts as parts
from warband.gui.systems.powerdice.shared_screen import visible_marker
from warband.gui.systems.powerdice.tracker_text import (
    marker_name,
    player,
    spell_name,
    spells_text,
    traits_text,
)
from warband.gui.widgets.appearance import muted, side_colour, side_tint
from warband.gui.widgets.plain_text import plain_tooltip
from warband.gui.widgets.titled_table import TitledTableModel
from warband.model.messages import N_, Phrase, _, ngettext, spoken_text
from warband.model.systems.powerdice.battle_commands import SetReserve
from warband.model.systems.powerdice.battle_rules import CasterModel, caster, casters
from warband.model.systems.powerdice.battle_state import PowerDiceBattle

ModelIndex = QModelIndex | QPersistentModelIndex
KEY_ROLE = Qt.ItemDataRole.UserRole + 1
"""The caster's key (`"<side>:<unit id>"`) on every cell."""


@dataclass(frozen=True)
class Row:
    """One caster as the table shows it: compared with the last one to repaint only what changed."""

    key: str
    side: int
    cells: tuple[str, ...]
    tips: tuple[str | None, ...]
    out: bool = False
    reserve: int = 0


class _CasterRowsModel(TitledTableModel[Row]):
    """Rows of casters worked out afresh on every change of the battle; a subclass says which and how."""

    def __init__(self, document: BattleDocument[PowerDiceBattle], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._rows: list[Row] = self._fresh()
        document.changed.connect(self._on_document_changed)

    def _fresh(self) -> list[Row]:
        raise NotImplementedError

    def _shown(self, battle: PowerDiceBattle) -> object:
        """The part of the battle its rows read (`battle_parts`): a change elsewhere leaves them as they are."""
        raise NotImplementedError

    def key(self, row: int) -> str:
        return self._rows[row].key

    def keys(self) -> list[str]:
        return [r.key for r in self._rows]

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        column = index.column()
        if not 0 <= column < len(row.cells):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return row.cells[column]
        if role == Qt.ItemDataRole.ToolTipRole:
            return plain_tooltip(row.tips[column])
        if role == KEY_ROLE:
            return row.key
        if role == Qt.ItemDataRole.ForegroundRole and row.out:
            return muted()
        if role == Qt.ItemDataRole.BackgroundRole and column == 0:
            return side_tint(row.side)
        if role == Qt.ItemDataRole.DecorationRole and column == 0:
            return side_colour(row.side)
        return None

    def _on_document_changed(self, change: Change[PowerDiceBattle]) -> None:
        """Work the rows out again when what they read changed, and repaint only those that differ."""
        if not change.touched(self._shown):
            return
        fresh = self._fresh()
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


class CastersTableModel(_CasterRowsModel):
    """Every caster of both sides: its power dice (editable, PD-02), the marker the screen may show, and the
    lasting spells it has in play."""

    SIDE, CASTER, TRAITS, LEVEL, DICE, MARKER, LASTING = range(7)
    TITLES = (
        (N_("Side"), N_("The player the caster belongs to")),
        (N_("Caster"), N_("The caster's label in its army")),
        (N_("Traits"), N_("Magic traits: a caster uses only spells that share one (PD-01)")),
        (N_("Level"), N_("The most power dice its card may hold (PD-02)")),
        (N_("Power dice"), N_("Power dice on its card, of its level; double-click to correct (PD-02)")),
        (N_("Marker"), N_("Its magic marker: face down until A3 (PD-03)")),
        (N_("Lasting spells"), N_("Its spells still in play (D4)")),
    )

    def _fresh(self) -> list[Row]:
        return [self._row(c) for c in casters(self._document.battle)]

    def _shown(self, battle: PowerDiceBattle) -> object:
        return parts.casters_table(battle)

    def _row(self, c: CasterModel) -> Row:
        battle = self._document.battle
        visible = visible_marker(battle, c.key)
        if visible is not None:
            marker, marker_tip = marker_name(visible), None
            if not battle.revealed:
                marker_tip = _("Face down: hidden from the other player once you hand over")
        elif c.state.marker is not None:
            marker, marker_tip = _("hidden"), _("Face down until A3, when both players turn them face up")
        else:
            marker, marker_tip = "—", _("No marker")
        lasting = [spell_name(battle, s.spell) for s in battle.lasting if s.caster == c.key]
        out_tip = _("{unit} is out of play.").format(unit=spoken_text(c.label)) if c.state.removed else None
        dice_tip = ngettext(
            "{unit}: {reserve} power die of {level}; double-click to correct",
            "{unit}: {reserve} power dice of {level}; double-click to correct",
            c.state.reserve,
        ).format(unit=spoken_text(c.label), reserve=c.state.reserve, level=c.caster.level)
        return Row(
            key=c.key,
            side=c.side,
            cells=(
                player(battle, c.side),
                spoken_text(c.label),
                traits_text(c),
                str(c.caster.level),
                f"{c.state.reserve} / {c.caster.level}",
                marker,
                ", ".join(lasting),
            ),
            tips=(None, out_tip, None, None, dice_tip, marker_tip, ", ".join(lasting) or None),
            out=c.state.removed,
            reserve=c.state.reserve,
        )

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() == self.DICE and not self._rows[index.row()].out:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.EditRole and index.isValid() and index.column() == self.DICE:
            return self._rows[index.row()].reserve if 0 <= index.row() < len(self._rows) else None
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in (self.LEVEL, self.DICE):
            return int(Qt.AlignmentFlag.AlignCenter)
        return super().data(index, role)

    def setData(self, index: ModelIndex, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        """A corrected reserve: one undoable action; above the level it is refused (PD-02)."""
        if role != Qt.ItemDataRole.EditRole or not self.flags(index) & Qt.ItemFlag.ItemIsEditable:
            return False
        if not isinstance(value, int) or isinstance(value, bool):
            return False
        row = self._rows[index.row()]
        try:
            command = SetReserve(key=row.key, reserve=value)
        except ValidationError:
            return False
        unit = caster(self._document.battle, row.key).label
        text = Phrase(N_("{unit}: power dice set to {dice}"), unit=unit, dice=value)
        return self._document.act(command, text=text, side=row.side)


class CastingTableModel(_CasterRowsModel):
    """The casters that may cast now: in B3 those of the side whose turn it is holding an incantation marker;
    in C every caster holding a wait marker. Empty in any other step."""

    SIDE, CASTER, DICE, SPELLS = range(4)
    TITLES = (
        (N_("Side"), N_("The player the caster belongs to")),
        (N_("Caster"), N_("The caster's label in its army")),
        (N_("Power dice"), N_("Power dice on its card, of its level")),
        (N_("Spells"), N_("The spells the army gave it")),
    )

    def __init__(
        self, document: BattleDocument[PowerDiceBattle], segment: Literal["B3", "C"], parent: QObject | None = None
    ) -> None:
        self.segment = segment
        super().__init__(document, parent)

    def _shown(self, battle: PowerDiceBattle) -> object:
        return parts.casting(battle, self.segment)

    def _fresh(self) -> list[Row]:
        battle = self._document.battle
        if battle.step != self.segment:
            return []
        wanted = "incantation" if self.segment == "B3" else "wait"
        rows = []
        for c in casters(battle):
            if c.state.removed or visible_marker(battle, c.key) != wanted:
                continue
            if self.segment == "B3" and c.side != battle.b3_turn:
                continue
            dice = f"{c.state.reserve} / {c.caster.level}"
            cells = (player(battle, c.side), spoken_text(c.label), dice, spells_text(battle, c))
            rows.append(Row(key=c.key, side=c.side, cells=cells, tips=(None, None, None, cells[3] or None)))
        return rows
