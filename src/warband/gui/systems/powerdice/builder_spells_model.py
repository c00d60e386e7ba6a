"""The spell picker's rows: every spell of the catalogs for the selected unit, whether it may use it (PD-01).

The model only shows what `options()` decided; the proxy hides the refused ones unless asked, and sorts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QFont

from warband.gui.army_document import ArmyDocument
from warband.gui.builder.entry_tables import choice_name, describe_reasons, disabled_text_colour, tooltip_html
from warband.gui.builder.profile_description import fold
from warband.gui.document import Change
from warband.gui.systems.powerdice.builder_profiles import traits_list
from warband.gui.widgets.tracker_rows import runs
from warband.model.army import Army, Choice, options
from warband.model.messages import _
from warband.model.names import display_note
from warband.model.systems.powerdice.schema import Spell

Index = QModelIndex | QPersistentModelIndex

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
"""Numbers for numeric columns, folded text for the others."""
CHOICE_ROLE = Qt.ItemDataRole.UserRole + 2
"""The row's `Choice`."""

COLUMNS = ("name", "cost", "traits", "difficulty", "duration", "reason")
NUMERIC = frozenset({"cost", "difficulty"})
"""Right-aligned (duration sorts as a number too, but reads as words)."""
_LONG = 1_000  # sorts "long" after every number of turns
_ROOT = QModelIndex()


def _titles() -> dict[str, tuple[str, str | None]]:
    """Each column's title and tooltip, in the current language."""
    return {
        "name": (_("Name"), None),
        "cost": (_("Cost"), _("Army points (A.P.)")),
        "traits": (_("Traits"), _("Casters with one of these magic traits may use it (PD-01)")),
        "difficulty": (_("Difficulty"), _("The total the power dice must reach (PD-08)")),
        "duration": (_("Duration"), _("Instant, a number of turns, or long: until it ends by its own terms")),
        "reason": (_("Reason"), _("Why the unit may not use it (empty when it may)")),
    }


def duration_text(duration: str | int) -> str:
    """'instant', '1 turn', '2 turns', 'long'."""
    if duration == "instant":
        return _("instant")
    if duration == "long":
        return _("long")
    return _("1 turn") if duration == 1 else _("{turns} turns").format(turns=duration)


def _duration_key(duration: str | int) -> int:
    return 0 if duration == "instant" else _LONG if duration == "long" else int(duration)


def selected_unit(document: ArmyDocument) -> Callable[[Army], object]:
    """The part of an army the selected unit's views show: that unit, at its place (what `options()` reads of the
    army; the rest is the catalogs'). Another unit's edit, or the army's name, leaves it alone."""
    unit_id = document.selected

    def part(army: Army) -> object:
        return next(((i, u) for i, u in enumerate(army.units) if u.id == unit_id), None)

    return part


class SpellOptionsTableModel(QAbstractTableModel):
    """One row per spell of the catalogs for the document's selected unit, eligible or not, in catalog order."""

    def __init__(self, document: ArmyDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._unit_key: tuple[str, str, str] | None = None
        self._catalogs = document.catalogs
        self._choices: list[Choice] = []
        self._search: list[str] = []
        document.selection_changed.connect(self._on_document_selection_changed)
        document.state_changed.connect(self._on_document_state_changed)
        self.refresh()

    # --- reading -------------------------------------------------------------------------------------------
    def column(self, name: str) -> int:
        return COLUMNS.index(name)

    def choice(self, row: int) -> Choice:
        return self._choices[row]

    def search_key(self, row: int) -> str:
        """The name, id and traits, folded: what the picker's search looks in."""
        return self._search[row]

    # --- keeping up with the document ----------------------------------------------------------------------
    def refresh(self) -> None:
        """Take the options again. An edit of the same unit repaints the rows that changed (what it holds);
        another unit repaints them all; other catalogs reset."""
        document = self._document
        unit = document.army.unit(document.selected) if document.selected is not None else None
        choices: list[Choice] = []
        if unit is not None:
            choices = [c for c in options(document.army, unit.id, document.catalogs) if c.kind == "spell"]
        key = (unit.id, unit.label, unit.profile) if unit is not None else None  # what the reasons depend on
        same_rows = document.catalogs is self._catalogs and [c.id for c in choices] == [
            c.id for c in self._choices
        ]
        if not same_rows:
            self.beginResetModel()
            self._catalogs = document.catalogs
            self._unit_key = key
            self._set_choices(choices)
            self.endResetModel()
            return
        if key != self._unit_key:
            changed = list(range(len(choices)))
        else:  # Choice's first seven fields are values; the last is the function that works out reasons
            changed = [
                r for r, (new, old) in enumerate(zip(choices, self._choices, strict=True)) if new[:7] != old[:7]
            ]
        self._unit_key = key
        self._set_choices(choices)
        for first, last in runs(changed):
            self.dataChanged.emit(self.index(first, 0), self.index(last, len(COLUMNS) - 1))

    def _set_choices(self, choices: list[Choice]) -> None:
        self._choices = choices
        self._search = [_search_text(c) for c in choices]

    def _on_document_selection_changed(self, unit_id: object) -> None:
        self.refresh()

    def _on_document_state_changed(self, change: Change[Army]) -> None:
        """The options read only the selected unit (and the catalogs, reloaded: everything): nothing else."""
        if change.touched(selected_unit(self._document)):
            self.refresh()

    # --- QAbstractTableModel -------------------------------------------------------------------------------
    def rowCount(self, parent: Index = _ROOT) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else len(self._choices)

    def columnCount(self, parent: Index = _ROOT) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(  # noqa: N802 (Qt's name)
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        title, tip = _titles()[COLUMNS[section]]
        if role == Qt.ItemDataRole.DisplayRole:
            return title
        return tip if role == Qt.ItemDataRole.ToolTipRole else None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self._choices):
            return None
        choice = self._choices[index.row()]
        column = COLUMNS[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(choice, column)
        if role == SORT_ROLE:
            return self._sort_value(choice, column)
        if role == Qt.ItemDataRole.ForegroundRole and not choice.eligible:
            return disabled_text_colour()
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip_html(self._tooltip(choice))
        if role == Qt.ItemDataRole.TextAlignmentRole and column in NUMERIC:
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        if role == Qt.ItemDataRole.FontRole and choice.owned and column == "name":
            font = QFont()
            font.setBold(True)
            return font
        if role == CHOICE_ROLE:
            return choice
        return None

    # --- cells ---------------------------------------------------------------------------------------------
    def _display(self, choice: Choice, column: str) -> str:
        if column == "name":
            return choice_name(choice)
        if column == "cost":
            return str(choice.cost)
        if column == "reason":
            return "" if choice.eligible else describe_reasons(choice.reasons)
        spell = choice.entry
        if not isinstance(spell, Spell):
            return ""
        if column == "traits":
            return traits_list(spell.traits)
        if column == "difficulty":
            return str(spell.difficulty)
        return duration_text(spell.duration)

    def _sort_value(self, choice: Choice, column: str) -> int | str:
        if column == "cost":
            return choice.cost
        if column == "reason":
            return 0 if choice.eligible else 1  # refused after the ones it may use
        spell = choice.entry
        if isinstance(spell, Spell) and column == "difficulty":
            return spell.difficulty
        if isinstance(spell, Spell) and column == "duration":
            return _duration_key(spell.duration)
        return fold(self._display(choice, column))

    def _tooltip(self, choice: Choice) -> str:
        lines = [choice_name(choice)]
        spell = choice.entry
        if isinstance(spell, Spell):
            lines.append(_("Traits: {traits}").format(traits=traits_list(spell.traits)))
        if not choice.eligible:
            lines.append(describe_reasons(choice.reasons, "\n") + ".")
        if choice.owned:
            lines.append(_("The unit holds it already ({times}×).").format(times=choice.owned))
        if isinstance(spell, Spell) and spell.notes:
            lines.append(display_note(spell.notes))
        return "\n".join(lines)


def _search_text(choice: Choice) -> str:
    spell = choice.entry
    traits = traits_list(spell.traits) if isinstance(spell, Spell) else ""
    return fold(f"{choice_name(choice)} {choice.id} {traits}")


class SpellOptionsFilterProxyModel(QSortFilterProxyModel):
    """Hides the spells the unit may not use (unless asked) and those the search does not match; sorts by value."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._show_ineligible = False
        self._search: tuple[str, ...] = ()
        self.setSortRole(SORT_ROLE)

    @property
    def show_ineligible(self) -> bool:
        return self._show_ineligible

    def set_show_ineligible(self, show: bool) -> None:
        if show != self._show_ineligible:
            self.beginFilterChange()
            self._show_ineligible = show
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_search(self, text: str) -> None:
        search = tuple(fold(text).split())
        if search != self._search:
            self.beginFilterChange()
            self._search = search
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:  # noqa: N802 (Qt's name)
        source = self.sourceModel()
        if not isinstance(source, SpellOptionsTableModel) or source_parent.isValid():
            return True
        if not (self._show_ineligible or source.choice(source_row).eligible):
            return False
        key = source.search_key(source_row)
        return all(word in key for word in self._search)
