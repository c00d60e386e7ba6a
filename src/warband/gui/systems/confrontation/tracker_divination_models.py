"""The Divination order (CF-13 … CF-16) as a table (the Faithful who may not call: `tracker_barred_model`).

The order is the model's (`order_of`, worked out once per state); the only edit is a player reordering its own
tied Faithful (CF-14), by drag and drop or ▲/▼, which becomes one `SetTieOrder` command.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import (
    QAbstractTableModel,
    QByteArray,
    QMimeData,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.item_models import landing_row
from warband.gui.systems.confrontation.divination_order import order_inputs, order_of
from warband.gui.widgets.appearance import bold_font, highlight_tint, muted, side_colour, side_tint
from warband.gui.widgets.plain_text import plain_tooltip
from warband.gui.widgets.tracker_rows import follow_rows, runs
from warband.model.messages import COMMA, N_, Phrase, _, joined, spoken_text
from warband.model.systems.confrontation.battle_commands import SetTieOrder
from warband.model.systems.confrontation.battle_rules import Slot
from warband.model.systems.confrontation.battle_state import ConfrontationBattle, split_key

ModelIndex = QModelIndex | QPersistentModelIndex
KEY_ROLE = Qt.ItemDataRole.UserRole + 1
MIME_TYPE = "application/x-warband-faithful-key"


def reordered(tie_order: Sequence[str], old: Sequence[str], new: Sequence[str]) -> tuple[str, ...]:
    """The side's tie order with the places held by `old` (unit ids) given to `new`, in its order; every other
    unit keeps its place, so only these Faithful change places among themselves."""
    order = list(tie_order) + [uid for uid in old if uid not in tie_order]
    places = sorted(order.index(uid) for uid in old)
    for place, uid in zip(places, new, strict=True):
        order[place] = uid
    return tuple(order)


_DISPLAY = int(Qt.ItemDataRole.DisplayRole.value)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole.value)
_FONT = int(Qt.ItemDataRole.FontRole.value)
_FOREGROUND = int(Qt.ItemDataRole.ForegroundRole.value)
_BACKGROUND = int(Qt.ItemDataRole.BackgroundRole.value)
_DECORATION = int(Qt.ItemDataRole.DecorationRole.value)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole.value)
_KEY = int(KEY_ROLE)
_CENTRED = int(Qt.AlignmentFlag.AlignCenter)
_ROW_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_TIED_FLAGS = _ROW_FLAGS | Qt.ItemFlag.ItemIsDragEnabled
"""Flags made once: a view asks every cell's at each paint, and or-ing Qt's flags in Python builds new enums."""


class DivinationOrderTableModel(QAbstractTableModel):
    """One row per Faithful that may call this turn, in the order they act; the current one highlighted."""

    POSITION, SIDE, FAITHFUL, DISCIPLINE, TIE, DONE = range(6)

    def __init__(self, document: BattleDocument[ConfrontationBattle], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._slots: list[Slot] = list(order_of(document.battle).slots)
        self._current: str | None = _current_key(document)
        self._texts: dict[str, tuple[Slot, bool, tuple[object, ...]]] = {}
        """Each Faithful's texts, by its key, with the slot and whether it was current when they were made: the
        table's fit and its paint ask every one of them, and a Faithful leaving the order moves every one below
        up a place, which changes their first cell only."""
        self._players = document.battle.sides
        document.changed.connect(self._on_document_changed)

    def slot(self, row: int) -> Slot:
        return self._slots[row]

    def row_of(self, key: str | None) -> int:
        return next((row for row, s in enumerate(self._slots) if s.key == key), -1)

    def current_row(self) -> int:
        return self.row_of(self._current)

    # --- shape ---------------------------------------------------------------------------------------------
    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._slots)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else 6

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < 6:
            return None
        titles = [
            (_("#"), _("Place in the Divination order")),
            (_("Side"), _("The player the Faithful belongs to")),
            (_("Faithful"), _("The Faithful")),
            (_("Disc."), _("Discipline with this turn's bonus: the highest acts first (CF-13)")),
            (_("Tie"), _("Tied with Faithful of its own side (CF-14) or of the other side (CF-15)")),
            (_("Done"), _("It has called what it wanted this turn")),
        ]
        if role == Qt.ItemDataRole.DisplayRole:
            return titles[section][0]
        if role == Qt.ItemDataRole.ToolTipRole:
            return titles[section][1]
        return None

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.ItemIsDropEnabled
        return _TIED_FLAGS if self._slots[index.row()].tied else _ROW_FLAGS

    # --- data ----------------------------------------------------------------------------------------------
    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """Roles compared as plain ints: the table's fit asks every cell's text and font after each change, and a
        PySide6 enum comparison costs more than the rest of the call."""
        if not index.isValid() or not 0 <= index.row() < len(self._slots):
            return None
        role = int(role)
        slot = self._slots[index.row()]
        column = index.column()
        current = slot.key == self._current
        if role == _DISPLAY:
            return self._row_texts(index.row())[column] if 0 <= column < 6 else None
        if role == _KEY:
            return slot.key
        if role == _TOOLTIP:
            return plain_tooltip(self._tooltip(slot, current))
        if role == _FONT:
            return bold_font() if current else None
        if role == _FOREGROUND:
            return muted() if slot.done else None
        if role == _BACKGROUND:
            if current:
                return highlight_tint()
            if column == self.SIDE:
                return side_tint(slot.side)
        if role == _DECORATION and column == self.SIDE:
            return side_colour(slot.side)
        if role == _ALIGNMENT and column in (self.POSITION, self.DISCIPLINE, self.DONE):
            return _CENTRED
        return None

    def _row_texts(self, row: int) -> tuple[object, ...]:
        slot = self._slots[row]
        current = slot.key == self._current
        known = self._texts.get(slot.key)
        if known is not None and known[1] == current:
            if known[0] is slot:
                return known[2]
            if _same_but_place(known[0], slot):
                texts = (self._display(slot, self.POSITION, current), *known[2][1:])
                self._texts[slot.key] = (slot, current, texts)
                return texts
        texts = tuple(self._display(slot, column, current) for column in range(6))
        self._texts[slot.key] = (slot, current, texts)
        return texts

    def cell_looks(self, row: int) -> list[tuple[object, object]]:
        """Each cell's text and font, as `data()` gives them, for the table's fit (`TrackerTableFit`)."""
        font = bold_font() if self._slots[row].key == self._current else None
        return [(text, font) for text in self._row_texts(row)]

    def _display(self, slot: Slot, column: int, current: bool) -> object:
        if column == self.POSITION:
            return f"▶ {slot.position + 1}" if current else str(slot.position + 1)
        if column == self.SIDE:
            return self._document.battle.sides[slot.side].player
        if column == self.FAITHFUL:
            return spoken_text(slot.label)
        if column == self.DISCIPLINE:
            return str(slot.discipline)
        if column == self.TIE:
            marks = []
            if slot.tied:
                marks.append(_("own side"))
            if slot.across:
                marks.append(_("across"))
            return ", ".join(marks)
        if column == self.DONE:
            return "✓" if slot.done else ""
        return None

    def _tooltip(self, slot: Slot, current: bool) -> str:
        lines = (
            [_("{unit} calls now.").format(unit=spoken_text(slot.label))] if current else [spoken_text(slot.label)]
        )
        if slot.tied:
            lines.append(_("Tied with Faithful of its own side: its player chooses their order (CF-14)."))
        if slot.across:
            lines.append(_("Tied with Faithful of the other side: the Tactical winner's act first (CF-15)."))
        if slot.done:
            lines.append(_("Done for this turn."))
        return "\n".join(lines)

    # --- reordering tied Faithful (CF-14) --------------------------------------------------------------------
    def group_of(self, row: int) -> list[int]:
        """The rows the player of this Faithful orders among themselves: its side, the same Discipline."""
        slot = self._slots[row]
        if not slot.tied:
            return [row]
        return [r for r, s in enumerate(self._slots) if s.side == slot.side and s.discipline == slot.discipline]

    def can_move(self, row: int, step: int) -> bool:
        if not 0 <= row < len(self._slots):
            return False
        group = self.group_of(row)
        return 0 <= group.index(row) + step < len(group)

    def move_tied(self, row: int, step: int) -> bool:
        """Move a tied Faithful one place up (-1) or down (+1) among its side's tied Faithful."""
        if not self.can_move(row, step):
            return False
        group = self.group_of(row)
        place = group.index(row)
        new = list(group)
        new[place], new[place + step] = new[place + step], new[place]
        return self._reorder(group, new)

    def moveRows(  # noqa: N802
        self,
        source_parent: ModelIndex,
        source_row: int,
        count: int,
        destination_parent: ModelIndex,
        destination_child: int,
    ) -> bool:
        """Move one tied Faithful within its group; `destination_child` is the row before which it goes."""
        landing = landing_row(
            source_parent, source_row, count, destination_parent, destination_child, len(self._slots)
        )
        if landing is None:
            return False
        group = self.group_of(source_row)
        if len(group) < 2 or not group[0] <= destination_child <= group[-1] + 1:
            return False
        rows = [r for r in range(len(self._slots)) if r != source_row]
        rows.insert(landing, source_row)
        new = [r for r in rows if r in group]
        return new != group and self._reorder(group, new)

    def _reorder(self, group: list[int], new: list[int]) -> bool:
        side = self._slots[group[0]].side
        old_ids = [split_key(self._slots[r].key)[1] for r in group]
        new_ids = [split_key(self._slots[r].key)[1] for r in new]
        battle = self._document.battle
        order = reordered(battle.sides[side].tie_order, old_ids, new_ids)
        text = Phrase(
            N_("{player} orders tied Faithful: {order}"),
            player=battle.sides[side].player,
            order=joined([self._slots[r].label for r in new], COMMA),
        )
        return self._document.act(SetTieOrder(side=side, order=order), text=text, side=side)

    # --- drag and drop -------------------------------------------------------------------------------------
    def supportedDropActions(self) -> Qt.DropAction:  # noqa: N802
        return Qt.DropAction.MoveAction

    def supportedDragActions(self) -> Qt.DropAction:  # noqa: N802
        return Qt.DropAction.MoveAction

    def mimeTypes(self) -> list[str]:  # noqa: N802
        return [MIME_TYPE]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:  # noqa: N802
        rows = sorted({i.row() for i in indexes if i.isValid()})
        mime = QMimeData()
        mime.setData(MIME_TYPE, QByteArray("\n".join(self._slots[r].key for r in rows).encode()))
        return mime

    def dropMimeData(  # noqa: N802
        self, data: QMimeData, action: Qt.DropAction, row: int, column: int, parent: ModelIndex
    ) -> bool:
        if action == Qt.DropAction.IgnoreAction:
            return True
        if not data.hasFormat(MIME_TYPE):
            return False
        keys = bytes(data.data(MIME_TYPE).data()).decode().split("\n")
        source = self.row_of(keys[0]) if len(keys) == 1 else -1
        if source == -1:
            return False
        target = row if row != -1 else (parent.row() if parent.isValid() else len(self._slots))
        self.moveRows(QModelIndex(), source, 1, QModelIndex(), target)
        return False  # the move is done through the document: the view must not remove the source row

    # --- following the document ----------------------------------------------------------------------------
    def _on_document_changed(self, change: Change[ConfrontationBattle]) -> None:
        """The order, and the players' names it shows (in `sides`): the Faithful who left it are removed, those who
        joined it inserted (`follow_rows`), and only the cells that changed repaint (a place alone: its first
        cell)."""
        if not change.touched(order_inputs):
            return
        battle = self._document.battle
        slots = order_of(battle).slots
        before = {slot.key: slot for slot in self._slots}
        old_current, self._current = self._current, _current_key(self._document)
        renamed = battle.sides != self._players
        if renamed:
            self._players = battle.sides
            self._texts.clear()
        follow_rows(self, self._slots, slots, _slot_key)
        self._slots[:] = slots
        moved = {old_current, self._current}  # the rows the highlight left and took
        places: list[int] = []  # rows whose place alone changed
        whole: list[int] = []
        for row, slot in enumerate(slots):
            old = before.get(slot.key)
            if old is None:
                continue  # inserted as it is now
            if renamed or (slot.key in moved and old_current != self._current):
                whole.append(row)
            elif old is not slot and old != slot:  # (a slot the order held the same is handed on as it was)
                (places if _same_but_place(old, slot) else whole).append(row)
        for first, last in runs(places):
            self.dataChanged.emit(self.index(first, self.POSITION), self.index(last, self.POSITION))
        for first, last in runs(whole):
            self.dataChanged.emit(self.index(first, 0), self.index(last, self.DONE))


def _slot_key(slot: Slot) -> str:
    return slot.key


def _same_but_place(a: Slot, b: Slot) -> bool:
    """Whether two slots differ at most in their place in the order (which only the first cell shows)."""
    return (
        a.key == b.key
        and a.side == b.side
        and a.label == b.label
        and a.discipline == b.discipline
        and a.tied == b.tied
        and a.across == b.across
        and a.done == b.done
    )


def _current_key(document: BattleDocument[ConfrontationBattle]) -> str | None:
    current = order_of(document.battle).current
    return current.key if current else None
