"""A unit's held list (miracles, items, spells) with the problems the validation report finds for each entry.

Each system says how to read the list from a unit (`read`); the rest is shared.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from warband.gui.army_document import ArmyDocument
from warband.gui.builder.entry_tables import WARNING_MARK, describe_reasons, tooltip_html, warning_colour
from warband.gui.document import Change
from warband.gui.widgets.tracker_rows import unchanged_ends
from warband.model.army import Army, Problem, Unit
from warband.model.messages import _
from warband.model.names import display_name, english_name

Index = QModelIndex | QPersistentModelIndex

COLUMNS = ("name", "cost", "problem")
_ROOT = QModelIndex()
_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_ROLES = frozenset(
    {
        Qt.ItemDataRole.DisplayRole.value,
        Qt.ItemDataRole.ToolTipRole.value,
        Qt.ItemDataRole.ForegroundRole.value,
        Qt.ItemDataRole.TextAlignmentRole.value,
    }
)
"""The roles the rows answer: a view asks several more of every cell it paints, answered at once (None)."""


class HeldEntry(NamedTuple):
    """One line of a unit's list: the entry as listed, its name, its cost (None: not in the catalogs, AR-02)."""

    id: str
    name: str
    cost: int | None
    report_name: str
    """How the rules' problems name it (English: `english_name`), which may differ from the name shown."""


def held_entries(ids: Iterable[str], known: Mapping[str, Any]) -> list[HeldEntry]:
    """The entries `ids` names, looked up in `known` (catalog entries with a `name` and a `cost`)."""
    entries: list[HeldEntry] = []
    for entry_id in ids:
        entry = known.get(entry_id)
        if entry is None:
            entries.append(HeldEntry(entry_id, entry_id, None, entry_id))
        else:
            entries.append(HeldEntry(entry_id, display_name(entry.name), entry.cost, english_name(entry.name)))
    return entries


class HeldEntriesModel(QAbstractTableModel):
    """The entries of one list field of the document's selected unit, in order; a problem's row is found by the
    entry name the problem gives in its parameter `param`."""

    field: str
    param: str
    follows_in_place = False
    """Whether an edit of the unit shown inserts, removes or repaints the rows it changed (views keep their
    selection, and measure and paint those rows only) rather than resetting; off for a panel that follows
    resets."""

    def __init__(self, document: ArmyDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._unit_id: str | None = None
        self._entries: list[HeldEntry] = []
        self._problems: list[tuple[Problem, ...]] = []
        document.selection_changed.connect(self._on_document_selection_changed)
        document.state_changed.connect(self._on_document_state_changed)
        document.report_changed.connect(self._on_document_report_changed)
        self.refresh()

    def read(self, unit: Unit) -> list[HeldEntry] | None:
        """The unit's list, or None when this kind of unit has none (a unit of another system)."""
        raise NotImplementedError

    # --- reading -------------------------------------------------------------------------------------------
    @property
    def unit_id(self) -> str | None:
        return self._unit_id

    def entry(self, row: int) -> HeldEntry:
        return self._entries[row]

    def problems(self, row: int) -> tuple[Problem, ...]:
        return self._problems[row]

    # --- keeping up with the document ----------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the unit's list again; when it changed, reset (it is short: a reset is cheap)."""
        document = self._document
        unit = document.army.unit(document.selected) if document.selected is not None else None
        read = self.read(unit) if unit is not None else None
        entries = read or []
        unit_id = unit.id if unit is not None and read is not None else None
        if unit_id == self._unit_id and entries == self._entries:
            return  # another unit changed, or this one elsewhere: keep the selection; problems follow the report
        if self.follows_in_place and unit_id is not None and unit_id == self._unit_id:
            self._follow(entries)
            return
        self.beginResetModel()
        self._unit_id = unit_id
        self._entries = entries
        self._problems = self._find_problems()
        self.endResetModel()

    def _follow(self, entries: list[HeldEntry]) -> None:
        """The same unit's new list: the rows between the unchanged head and tail removed, inserted or
        repainted; then the rows whose problems changed repainted."""
        old = self._entries
        head, tail = unchanged_ends(old, entries)
        added, gone = len(entries) - head - tail, len(old) - head - tail
        if added == gone:
            self._entries = entries
            self.dataChanged.emit(self.index(head, 0), self.index(head + added - 1, len(COLUMNS) - 1))
        else:
            if gone:
                self.beginRemoveRows(_ROOT, head, head + gone - 1)
                self._entries = old[:head] + old[head + gone :]
                self._problems = self._problems[:head] + self._problems[head + gone :]
                self.endRemoveRows()
            if added:
                self.beginInsertRows(_ROOT, head, head + added - 1)
                self._entries = entries
                self._problems = self._problems[:head] + [()] * added + self._problems[head:]
                self.endInsertRows()
        self._on_document_report_changed()

    def _find_problems(self) -> list[tuple[Problem, ...]]:
        """The report's problems about each entry: matched by the name the report gives (the id if unknown)."""
        if self._unit_id is None or not self._entries:
            return [() for _entry in self._entries]
        by_name: dict[object, list[Problem]] = {}
        for problem in self._document.report.problems:
            if problem.unit is not None and problem.unit.id == self._unit_id and self.param in problem.params:
                by_name.setdefault(problem.params[self.param], []).append(problem)
        return [tuple(by_name.get(entry.report_name, ())) for entry in self._entries]

    def _on_document_selection_changed(self, unit_id: object) -> None:
        self.refresh()

    def _on_document_state_changed(self, change: Change[Army]) -> None:
        """Only a change of the selected unit (or of the catalogs: names and costs) changes its list."""
        unit_id = self._document.selected
        if unit_id is None or change.touched(lambda army: army.unit(unit_id)):
            self.refresh()

    def _on_document_report_changed(self) -> None:
        """Repaint only the rows whose problems changed (a rename elsewhere changes none here)."""
        problems = self._find_problems()
        changed = [row for row, (new, old) in enumerate(zip(problems, self._problems, strict=True)) if new != old]
        self._problems = problems
        if changed:
            self.dataChanged.emit(self.index(changed[0], 0), self.index(changed[-1], len(COLUMNS) - 1))

    # --- QAbstractTableModel -------------------------------------------------------------------------------
    def rowCount(self, parent: Index = _ROOT) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else len(self._entries)

    def columnCount(self, parent: Index = _ROOT) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(  # noqa: N802 (Qt's name)
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return (_("Name"), _("Cost"), _("Problem"))[section]
        if role == Qt.ItemDataRole.ToolTipRole and COLUMNS[section] == "problem":
            return _("The rules this entry breaks for this unit (the sentences are in the tooltip)")
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return _FLAGS

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in _ROLES or not index.isValid() or index.row() >= len(self._entries):
            return None
        entry = self._entries[index.row()]
        problems = self._problems[index.row()]
        column = COLUMNS[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            if column == "name":
                return f"{WARNING_MARK} {entry.name}" if problems else entry.name
            if column == "cost":
                return _("unknown") if entry.cost is None else str(entry.cost)
            return ", ".join(dict.fromkeys(p.rule for p in problems))
        if role == Qt.ItemDataRole.ToolTipRole:
            text = entry.name if entry.name == entry.id else f"{entry.name} ({entry.id})"
            if problems:
                text += "\n" + describe_reasons(problems, "\n") + "."
            return tooltip_html(text)
        if role == Qt.ItemDataRole.ForegroundRole and problems:
            return warning_colour()
        if role == Qt.ItemDataRole.TextAlignmentRole and column == "cost":
            return _RIGHT
        return None
