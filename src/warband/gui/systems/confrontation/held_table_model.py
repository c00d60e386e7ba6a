"""What the selected unit holds in one of its lists (miracles or items), with the problems the report finds.

Also the small text helpers both of the panel's models use.
"""

from __future__ import annotations

import html
import unicodedata
from typing import Any, Literal, NamedTuple

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette

from warband.gui.army_document import ArmyDocument
from warband.model.army import Problem
from warband.model.messages import _
from warband.model.names import display_name, english_name
from warband.model.systems.confrontation.rules import index

Field = Literal["miracles", "items"]
Index = QModelIndex | QPersistentModelIndex

COLUMNS = ("name", "cost", "problem")
WARNING_MARK = "⚠"
_ROOT = QModelIndex()


def fold(text: str) -> str:
    """Text for matching what the player types: no case, no accents ("abnegation" finds "Abnégation")."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).casefold()


def tooltip_html(text: str) -> str:
    """A tooltip that shows `text` literally: Qt guesses rich text for tooltips, so escape it and say so."""
    return "<qt>" + html.escape(text).replace("\n", "<br>") + "</qt>"


def describe_reasons(reasons: tuple[Problem, ...], separator: str = "; ") -> str:
    """'CF-05: … needs Creation 1; … has Creation 0' — the rule IDs with their sentences."""
    return separator.join(f"{p.rule}: {p.sentence.rstrip('.')}" for p in reasons)


class HeldEntry(NamedTuple):
    """One line of a unit's list: the entry as listed, its name, and its cost (None: not in the catalogs)."""

    id: str
    name: str
    cost: int | None
    report_name: str
    """How the rules' problems name it (English: `english_name`), which may differ from the name shown."""


def warning_colour() -> QColor:
    """An orange that reads on light and dark palettes alike."""
    dark = QGuiApplication.palette().color(QPalette.ColorRole.Base).lightness() < 128
    return QColor(255, 176, 64) if dark else QColor(176, 84, 0)


class HeldTableModel(QAbstractTableModel):
    """The entries of one list field ("miracles" or "items") of the document's selected unit, in order."""

    def __init__(self, document: ArmyDocument, field: Field, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.field: Field = field
        self._param = "miracle" if field == "miracles" else "item"  # how problems name the entry
        self._unit_id: str | None = None
        self._entries: list[HeldEntry] = []
        self._problems: list[tuple[Problem, ...]] = []
        document.selection_changed.connect(self._on_document_selection_changed)
        document.state_changed.connect(self._on_document_state_changed)
        document.report_changed.connect(self._on_document_report_changed)
        self.refresh()

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
        entries: list[HeldEntry] = []
        if unit is not None:
            idx = index(document.catalogs)
            known = idx.miracles if self.field == "miracles" else idx.items
            for entry_id in getattr(unit, self.field, ()):
                entry = known.get(entry_id)
                if entry is None:
                    entries.append(HeldEntry(entry_id, entry_id, None, entry_id))
                else:
                    entries.append(
                        HeldEntry(entry_id, display_name(entry.name), entry.cost, english_name(entry.name))
                    )
        unit_id = unit.id if unit is not None else None
        if unit_id == self._unit_id and entries == self._entries:
            return  # another unit changed, or this one elsewhere: keep the selection; problems follow the report
        self.beginResetModel()
        self._unit_id = unit_id
        self._entries = entries
        self._problems = self._find_problems()
        self.endResetModel()

    def _find_problems(self) -> list[tuple[Problem, ...]]:
        """The report's problems about each entry: matched by the name the report gives (the id if unknown)."""
        if self._unit_id is None or not self._entries:
            return [() for _entry in self._entries]
        by_name: dict[object, list[Problem]] = {}
        for problem in self._document.report.problems:
            if problem.unit is not None and problem.unit.id == self._unit_id and self._param in problem.params:
                by_name.setdefault(problem.params[self._param], []).append(problem)
        return [tuple(by_name.get(entry.report_name, ())) for entry in self._entries]

    def _on_document_selection_changed(self, unit_id: object) -> None:
        self.refresh()

    def _on_document_state_changed(self) -> None:
        self.refresh()

    def _on_document_report_changed(self) -> None:
        problems = self._find_problems()
        if problems != self._problems and self._entries:
            self._problems = problems
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._entries) - 1, len(COLUMNS) - 1))

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
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self._entries):
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
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        return None
