"""The roster as a table: one row per unit, its label and notes editable, reordered by drag and drop."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, get_origin

from PySide6.QtCore import (
    QAbstractTableModel,
    QByteArray,
    QMimeData,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush, QPalette
from PySide6.QtWidgets import QApplication

from warband.gui.army_document import ArmyDocument
from warband.gui.document import Change
from warband.gui.item_models import landing_row
from warband.gui.widgets.plain_text import plain_tooltip
from warband.model.army import Army, Unit
from warband.model.catalog import Catalogs
from warband.model.edits import MoveUnit, SetUnitField, unit_class
from warband.model.messages import _, current_language, spoken_text
from warband.model.names import display_name
from warband.model.system import points_name, points_title

MIME_TYPE = "application/x-warband-unit-ids"
UNIT_ID_ROLE = Qt.ItemDataRole.UserRole + 1
ModelIndex = QModelIndex | QPersistentModelIndex
_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled
_EDITABLE = _FLAGS | Qt.ItemFlag.ItemIsEditable
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_ROLES = frozenset(
    {
        Qt.ItemDataRole.DisplayRole.value,
        UNIT_ID_ROLE,
        Qt.ItemDataRole.EditRole.value,
        Qt.ItemDataRole.ToolTipRole.value,
        Qt.ItemDataRole.ForegroundRole.value,
        Qt.ItemDataRole.TextAlignmentRole.value,
    }
)
"""The roles the rows answer: a view asks several more of every cell it paints, answered at once (None)."""


class RosterTableModel(QAbstractTableModel):
    """Adapts the document's army to a table; edits become commands on the document."""

    LABEL, PROFILE, COUNT, COST, NOTES = range(5)

    def __init__(self, document: ArmyDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._ids: list[str] = [u.id for u in document.army.units]
        self._columns = self._columns_for_system()
        self._shown: dict[int, tuple[Unit, Catalogs, str, dict[int, str]]] = {}
        """Row → the texts shown of its unit, with the unit, catalogs and language they were worked out for."""
        self._costs = [unit.cost for unit in document.report.units]
        """The costs shown, row by row: a new report repaints those that changed."""
        document.state_changed.connect(self._on_document_state_changed)
        document.report_changed.connect(self._on_document_report_changed)

    def _columns_for_system(self) -> list[int]:
        count = unit_class(self._document.army).model_fields["count"].annotation
        uses_count = get_origin(count) is not Literal  # a system that buys models in numbers
        has_points = points_name(self._document.army.system) is not None  # a party has none: no cost column
        columns = [self.LABEL, self.PROFILE, self.COUNT, self.COST, self.NOTES]
        return [c for c in columns if (c != self.COUNT or uses_count) and (c != self.COST or has_points)]

    @property
    def columns(self) -> tuple[int, ...]:
        """The kinds of column shown, in order (Count only for a system that buys models in numbers, the cost
        only for one whose armies have points)."""
        return tuple(self._columns)

    def column_of(self, kind: int) -> int:
        return self._columns.index(kind)

    def unit_id(self, row: int) -> str:
        return self._ids[row]

    def row_of(self, unit_id: str) -> int:
        return self._ids.index(unit_id) if unit_id in self._ids else -1

    # --- shape ---------------------------------------------------------------------------------------------
    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._columns)

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        titles = {
            self.LABEL: _("Unit"),
            self.PROFILE: _("Profile"),
            self.COUNT: _("Count"),
            self.COST: points_title(self._document.army.system),
            self.NOTES: _("Notes"),
        }
        return titles[self._columns[section]]

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.ItemIsDropEnabled
        return _EDITABLE if self._columns[index.column()] in (self.LABEL, self.NOTES, self.COUNT) else _FLAGS

    # --- data ----------------------------------------------------------------------------------------------
    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role not in _ROLES or not index.isValid() or not 0 <= index.row() < len(self._ids):
            return None
        row = index.row()
        kind = self._columns[index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _RIGHT if kind in (self.COST, self.COUNT) else None
        unit = self._document.army.units[row]
        if role == Qt.ItemDataRole.DisplayRole:
            if kind == self.COUNT:
                return unit.count
            if kind == self.COST:
                return self._document.report.units[row].cost
            return self._texts(row, unit)[kind]
        if role == UNIT_ID_ROLE:
            return unit.id
        if role == Qt.ItemDataRole.EditRole:
            return {self.LABEL: unit.label, self.NOTES: unit.notes, self.COUNT: unit.count}.get(kind)
        if role == Qt.ItemDataRole.ToolTipRole:
            problems = [p for p in self._document.report.problems if p.unit and p.unit.id == unit.id]
            lines = [f"{p.rule}: {p.sentence}" for p in problems]
            if kind == self.NOTES and unit.notes:
                lines.insert(0, unit.notes)
            return plain_tooltip("\n".join(lines)) or None  # notes are the player's: never read as HTML
        if role == Qt.ItemDataRole.ForegroundRole and kind == self.LABEL and not unit.label:
            return QBrush(QApplication.palette().color(QPalette.ColorRole.PlaceholderText))
        return None

    def _texts(self, row: int, unit: Unit) -> dict[int, str]:
        """The row's label, profile and notes as shown: worked out once per unit (a frozen value), catalogs and
        language, not for each of the times a view paints them."""
        catalogs, language = self._document.catalogs, current_language()
        kept = self._shown.get(row)
        if kept is not None and kept[0] is unit and kept[1] is catalogs and kept[2] == language:
            return kept[3]
        texts = self._work_out_texts(unit)
        self._shown[row] = (unit, catalogs, language, texts)
        return texts

    def _work_out_texts(self, unit: Unit) -> dict[int, str]:
        catalogs = self._document.catalogs
        own = unit.own_profile_name()  # a unit carrying a profile it was built with names no catalog entry
        if own is not None:
            profile = spoken_text(own)
        elif catalogs.get("profiles", unit.profile) is None:
            profile = _("{profile} (unknown)").format(profile=unit.profile)
        else:
            profile = self._profile_name(unit.profile)
        label = unit.label or (spoken_text(own) if own is not None else self._profile_name(unit.profile))
        return {self.LABEL: label, self.PROFILE: profile, self.NOTES: unit.notes.replace("\n", " ")}

    def _cells(self, row: int, unit: Unit) -> list[tuple[object, ...]]:
        """What each column but the cost shows of a unit (its text, what an editor holds, the label's greying):
        a change of the unit repaints the cells where it differs. The cost follows the report."""
        texts = self._texts(row, unit)
        cells: dict[int, tuple[object, ...]] = {
            self.LABEL: (texts[self.LABEL], unit.label),
            self.PROFILE: (texts[self.PROFILE],),
            self.COUNT: (unit.count,),
            self.NOTES: (texts[self.NOTES], unit.notes),
            self.COST: (),
        }
        return [cells[kind] for kind in self._columns]

    def _profile_name(self, profile_id: str) -> str:
        profile = self._document.catalogs.get("profiles", profile_id)
        return display_name(profile.name) if profile else profile_id

    def setData(self, index: ModelIndex, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        unit_id = self._ids[index.row()]
        kind = self._columns[index.column()]
        field = {self.LABEL: "label", self.NOTES: "notes", self.COUNT: "count"}.get(kind)
        if field is None:
            return False
        label = {"label": _("Rename unit"), "notes": _("Edit notes"), "count": _("Change count")}[field]
        if field in ("label", "notes"):
            value = str(value)
        return self._document.execute(SetUnitField(unit_id, field, value, label=label))

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
        mime.setData(MIME_TYPE, QByteArray("\n".join(self._ids[r] for r in rows).encode()))
        return mime

    def dropMimeData(  # noqa: N802
        self, data: QMimeData, action: Qt.DropAction, row: int, column: int, parent: ModelIndex
    ) -> bool:
        if action == Qt.DropAction.IgnoreAction:
            return True
        if not data.hasFormat(MIME_TYPE):
            return False
        ids = [i for i in bytes(data.data(MIME_TYPE).data()).decode().split("\n") if i in self._ids]
        if len(ids) != 1:
            return False
        target = row if row != -1 else (parent.row() if parent.isValid() else len(self._ids))
        source = self._ids.index(ids[0])
        destination = target - 1 if target > source else target
        if destination == source:
            return False
        self._document.execute(MoveUnit(ids[0], destination, label=_("Move unit")), select=ids[0])
        return False  # the move is done through the document: the view must not remove the source row

    def moveRows(  # noqa: N802
        self,
        source_parent: ModelIndex,
        source_row: int,
        count: int,
        destination_parent: ModelIndex,
        destination_child: int,
    ) -> bool:
        """Move one unit; `destination_child` is the row before which it goes, as Qt counts it."""
        destination = landing_row(
            source_parent, source_row, count, destination_parent, destination_child, len(self._ids)
        )
        if destination is None or destination == source_row:
            return False
        unit_id = self._ids[source_row]
        return self._document.execute(MoveUnit(unit_id, destination, label=_("Move unit")), select=unit_id)

    # --- following the document ----------------------------------------------------------------------------
    def _on_document_state_changed(self, change: Change[Army]) -> None:
        """The same units in the same order: repaint the rows of the units that changed (all of them when the
        catalogs did: profile names); other units, in number or order: reset."""
        ids = [u.id for u in change.after.units]
        if ids != self._ids:
            self.beginResetModel()
            self._ids = ids
            self._shown.clear()
            self.endResetModel()
            return
        if not change.touched(lambda army: army.units):
            return
        last = len(self._columns) - 1
        before = change.before.units
        for row, unit in enumerate(change.after.units):
            if change.everything:
                self.dataChanged.emit(self.index(row, 0), self.index(row, last))
            elif unit is not before[row] and unit != before[row]:  # a miracle taken shows nothing in its row
                was, now = self._cells(row, before[row]), self._cells(row, unit)
                changed = [column for column, (old, new) in enumerate(zip(was, now, strict=True)) if old != new]
                if changed:
                    self.dataChanged.emit(self.index(row, changed[0]), self.index(row, changed[-1]))

    def _on_document_report_changed(self) -> None:
        """Repaint the costs that changed (a label's edit changes the report, but no cost)."""
        costs = [unit.cost for unit in self._document.report.units]
        changed = [row for row, cost in enumerate(costs) if row >= len(self._costs) or self._costs[row] != cost]
        self._costs = costs
        if changed and self._ids and self.COST in self._columns:
            column = self.column_of(self.COST)
            last = min(changed[-1], len(self._ids) - 1)
            self.dataChanged.emit(self.index(changed[0], column), self.index(last, column))
