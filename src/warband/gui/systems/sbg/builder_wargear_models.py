"""The selected Strategy Battle Game unit's wargear: what it holds (each option's points per model and for the
whole unit), and the options its profile offers, as `options()` gives them (SB-X2; AR-02 for what the catalogs
lost).

The models only show what the rules decided: the validation report says what is wrong with a held option, and
`options()` which options the unit may take and why not.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from warband.gui.army_document import ArmyDocument
from warband.gui.builder.entry_tables import choice_name, describe_reasons, disabled_text_colour, tooltip_html
from warband.gui.builder.held_model import HeldEntriesModel, HeldEntry
from warband.gui.builder.profile_description import NONE_MARK
from warband.gui.document import Change
from warband.model.army import Army, Choice, Unit, options
from warband.model.messages import _, ngettext
from warband.model.names import display_name, english_name
from warband.model.system import points_title
from warband.model.systems.sbg import wargear
from warband.model.systems.sbg.rules import index
from warband.model.systems.sbg.schema import SYSTEM_ID, SbgArmy, SbgUnit

Index = QModelIndex | QPersistentModelIndex

CHOICE_ROLE = Qt.ItemDataRole.UserRole + 2
"""An option row's `Choice`."""
HELD_MARK = "✓"
"""Before the name of an option the unit holds."""
NAME, PER_MODEL, FOR_UNIT = range(3)
_ROOT = QModelIndex()


def unit_shown(army: Army, unit_id: str | None) -> object:
    """What the wargear views read of the army: the selected unit at its place (problems name it by its place), and
    its profile as the army's snapshot kept it (what a lost option was called). Another unit's edit leaves it."""
    found = next(((i, u) for i, u in enumerate(army.units) if u.id == unit_id), None)
    if found is None:
        return None
    snapshot = army.snapshot if isinstance(army, SbgArmy) else None
    kept = snapshot.profiles.get(found[1].profile) if snapshot is not None else None
    return found, kept


def addable(choice: Choice) -> bool:
    """Whether Add buys the option: one the profile offers and the unit does not hold yet (each model takes it
    once, SB-X2; one not offered is listed only so that its reason shows)."""
    return choice.eligible and not choice.owned


class HeldWargearTableModel(HeldEntriesModel):
    """The `wargear` of the document's selected unit, in order: its name, points per model, points for the unit;
    a problem's row is found by the wargear name it gives (the id, for one its profile does not list)."""

    field = "wargear"
    param = "wargear"

    def __init__(self, document: ArmyDocument, parent: QObject | None = None) -> None:
        self._count = 0
        """The unit's models when last read: the points for the unit follow them."""
        super().__init__(document, parent)

    def read(self, unit: Unit) -> list[HeldEntry] | None:
        if not isinstance(unit, SbgUnit):
            return None
        army = self._document.army
        profile = index(self._document.catalogs).profiles.get(unit.profile)
        snapshot = army.snapshot if isinstance(army, SbgArmy) else None
        kept = snapshot.profiles.get(unit.profile) if snapshot is not None else None
        entries: list[HeldEntry] = []
        for wargear_id in unit.wargear:
            listed = wargear.option(profile, wargear_id)
            if listed is not None:
                entries.append(
                    HeldEntry(wargear_id, display_name(listed.name), listed.cost, english_name(listed.name))
                )
                continue
            was = wargear.option(kept, wargear_id)  # not counted: named as the army saved it, if it did
            if was is not None:
                entries.append(HeldEntry(wargear_id, display_name(was.name), None, english_name(was.name)))
            else:
                entries.append(HeldEntry(wargear_id, wargear_id, None, wargear_id))
        return entries

    def count(self) -> int:
        """The selected unit's models (what the points for the unit multiply)."""
        return self._count

    def refresh(self) -> None:
        """The list as the base reads it; when only the unit's count changed, the points for the unit repaint."""
        unit_id = self._document.selected
        unit = self._document.army.unit(unit_id) if unit_id is not None else None
        count = unit.count if unit is not None else 0
        recount = count != self._count
        self._count = count
        super().refresh()
        if recount:
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, FOR_UNIT, FOR_UNIT)
            if self.rowCount():
                self.dataChanged.emit(self.index(0, FOR_UNIT), self.index(self.rowCount() - 1, FOR_UNIT))

    # --- QAbstractTableModel -------------------------------------------------------------------------------
    def columnCount(self, parent: Index = _ROOT) -> int:  # noqa: N802 (Qt's name)
        """Name, per model, for the unit: the problem is the name's mark, its colour and its tooltip."""
        return 0 if parent.isValid() else 3

    def headerData(  # noqa: N802 (Qt's name)
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < 3:
            return None
        return _header(section, role, self._count)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= self.rowCount():
            return None
        entry = self.entry(index.row())
        column = index.column()
        if column == NAME:
            return super().data(index, role)
        if role == Qt.ItemDataRole.DisplayRole:
            if entry.cost is None:
                return NONE_MARK  # not counted (AR-02, SB-X2): the tooltip says why
            return str(entry.cost if column == PER_MODEL else entry.cost * self._count)
        if role == Qt.ItemDataRole.ToolTipRole:
            if entry.cost is None:
                return super().data(self.index(index.row(), NAME), role)
            if column == PER_MODEL:
                return tooltip_html(_("{cost} points per model").format(cost=entry.cost))
            return tooltip_html(
                _("{count} × {cost} points").format(count=self._count, cost=entry.cost)
                + " = "
                + _("{cost} points in all").format(cost=entry.cost * self._count)
            )
        if role in (Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.TextAlignmentRole):
            return super().data(self.index(index.row(), 1), role)  # the base's cost column: aligned, coloured
        return None


def _header(section: int, role: int, count: int = 1) -> Any:
    """Name, points (per model), × the count (for the unit): short titles, so that a name has room in a narrow
    pane; the tooltips say them in words."""
    if section == NAME:
        title, tip = _("Name"), None
    elif section == PER_MODEL:
        title, tip = points_title(SYSTEM_ID), _("Points per model")
    else:
        title = f"× {count}"
        tip = ngettext(
            "Points for the unit's model: points per model × {count}",
            "Points for the unit's {count} models: points per model × {count}",
            count,
        ).format(count=count)
    if role == Qt.ItemDataRole.DisplayRole:
        return title
    return tip if role == Qt.ItemDataRole.ToolTipRole else None


class WargearOptionsTableModel(QAbstractTableModel):
    """The options of the selected unit's profile, in the catalog's order, each with its points per model; then
    the ones it holds that its profile does not list, refused with their reasons."""

    def __init__(self, document: ArmyDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._choices: list[Choice] = []
        self._catalogs = document.catalogs
        document.selection_changed.connect(self._on_document_selection_changed)
        document.state_changed.connect(self._on_document_state_changed)
        self.refresh()

    # --- reading -------------------------------------------------------------------------------------------
    def choice(self, row: int) -> Choice:
        return self._choices[row]

    def choices(self) -> list[Choice]:
        return list(self._choices)

    def offered(self) -> int:
        """How many options the profile offers (the refused ones are the unit's, not the profile's)."""
        return sum(1 for c in self._choices if c.eligible)

    # --- keeping up with the document ----------------------------------------------------------------------
    def refresh(self) -> None:
        """Take the options again: the same rows repaint where they changed (what the unit holds), others reset."""
        document = self._document
        unit = document.army.unit(document.selected) if document.selected is not None else None
        choices: list[Choice] = []
        if unit is not None:
            choices = [c for c in options(document.army, unit.id, document.catalogs) if c.kind == wargear.KIND]
        if document.catalogs is not self._catalogs or [c.id for c in choices] != [c.id for c in self._choices]:
            self.beginResetModel()
            self._catalogs = document.catalogs
            self._choices = choices
            self.endResetModel()
            return
        old, self._choices = self._choices, choices
        # a Choice's first seven fields are values; the last is the function that works out the reasons
        changed = [row for row, (new, was) in enumerate(zip(choices, old, strict=True)) if new[:7] != was[:7]]
        if changed:
            self.dataChanged.emit(self.index(changed[0], 0), self.index(changed[-1], 1))

    def _on_document_selection_changed(self, unit_id: object) -> None:
        self.refresh()

    def _on_document_state_changed(self, change: Change[Army]) -> None:
        """The options read only the selected unit (and the catalogs, reloaded: everything)."""
        unit_id = self._document.selected
        if change.touched(lambda army: unit_shown(army, unit_id)):
            self.refresh()

    # --- QAbstractTableModel -------------------------------------------------------------------------------
    def rowCount(self, parent: Index = _ROOT) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else len(self._choices)

    def columnCount(self, parent: Index = _ROOT) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else 2

    def headerData(  # noqa: N802 (Qt's name)
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < 2:
            return None
        return _header(section, role)

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self._choices):
            return None
        choice = self._choices[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == PER_MODEL:
                return str(choice.cost) if choice.eligible else NONE_MARK
            return f"{HELD_MARK} {choice_name(choice)}" if choice.owned else choice_name(choice)
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip_html(self.tooltip(index.row()))
        if role == Qt.ItemDataRole.ForegroundRole and not choice.eligible:
            return disabled_text_colour()
        if role == Qt.ItemDataRole.FontRole and choice.owned:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and column == PER_MODEL:
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        if role == Qt.ItemDataRole.AccessibleDescriptionRole:
            return self.tooltip(index.row())
        if role == CHOICE_ROLE:
            return choice
        return None

    def tooltip(self, row: int) -> str:
        """The option's name, its points, whether the unit holds it, and why it may not take it."""
        choice = self._choices[row]
        lines = [choice_name(choice)]
        if choice.eligible:
            lines.append(_("{cost} points per model").format(cost=choice.cost))
        else:
            lines.append(describe_reasons(choice.reasons, "\n") + ".")
        if choice.owned:
            lines.append(_("The unit holds it already ({times}×).").format(times=choice.owned))
        return "\n".join(lines)
