"""The picker's rows: every miracle or magic item of the catalogs, for the selected unit, eligible or not.

The model only shows what `options()` decided; the reasons of a refusal are worked out for the rows on screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress, groupby
from operator import attrgetter, is_not
from typing import Any, Literal, cast

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont, QGuiApplication, QPalette

from warband.gui.army_document import ArmyDocument
from warband.gui.builder.choice_filter_model import ChoiceFilterProxyModel
from warband.gui.builder.entry_tables import choice_name, describe_reasons, tooltip_html
from warband.gui.builder.profile_description import fold
from warband.gui.document import Change
from warband.model.army import Army, Choice, Problem, Unit, options
from warband.model.catalog import Catalogs
from warband.model.messages import _, current_language
from warband.model.names import display_name, display_note
from warband.model.systems.confrontation.peoples import people_names, people_words
from warband.model.systems.confrontation.rules import index
from warband.model.systems.confrontation.schema import Item, Miracle

Kind = Literal["miracle", "item"]
Index = QModelIndex | QPersistentModelIndex

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
"""Numbers for numeric columns, folded text for the others."""
CHOICE_ROLE = Qt.ItemDataRole.UserRole + 2
"""The row's `Choice`."""

ASPECT_COLUMNS = ("creation", "alteration", "destruction")
MIRACLE_COLUMNS = ("name", "cost", *ASPECT_COLUMNS, "fervour", "difficulty", "access", "reason")
ITEM_COLUMNS = ("name", "cost", "restriction", "reason")
NUMERIC = frozenset({"cost", *ASPECT_COLUMNS, "fervour", "difficulty"})
_AT_THE_TABLE = 1_000_000  # sorts "set at the table" after every number
_ROOT = QModelIndex()
_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
_ROLES = frozenset(
    {
        Qt.ItemDataRole.DisplayRole.value,
        SORT_ROLE,
        Qt.ItemDataRole.ForegroundRole.value,
        Qt.ItemDataRole.ToolTipRole.value,
        Qt.ItemDataRole.TextAlignmentRole.value,
        Qt.ItemDataRole.FontRole.value,
        CHOICE_ROLE,
    }
)
"""The roles the rows answer: a view asks several more of every cell it paints, answered at once (None)."""


_TITLES: dict[str, dict[str, tuple[str, str | None]]] = {}
"""The columns' titles and tooltips, by language: a header asks them again and again."""


def _columns() -> dict[str, tuple[str, str | None]]:
    """Each column's title and tooltip, in the current language."""
    language = current_language()
    found = _TITLES.get(language)
    if found is None:
        found = _TITLES[language] = _column_titles()
    return found


def _column_titles() -> dict[str, tuple[str, str | None]]:
    return {
        "name": (_("Name"), None),
        "cost": (_("Cost"), _("Army points (A.P.)")),
        "creation": (_("C"), _("Creation needed")),
        "alteration": (_("A"), _("Alteration needed")),
        "destruction": (_("D"), _("Destruction needed")),
        "fervour": (_("Fervour"), _("The least faith to spend when calling it")),
        "difficulty": (
            _("Difficulty"),
            _("The roll to reach; “table” when it is set at the table, “F + 4” for the fervour spent + 4"),
        ),
        "access": (_("Access"), _("Who may take it: cults, Alliance Paths, or the Universal Cult")),
        "restriction": (_("Restriction"), _("Who may carry it")),
        "reason": (_("Reason"), _("Why the unit may not take it (empty when it may)")),
    }


def unit_shown(army: Army, unit_id: str | None) -> tuple[int, Unit] | None:
    """What Confrontation's `options()` reads of the army for one unit: the unit and its place (its reasons name
    it by position), nothing of the other units, the army's name or its points (the catalogs: `everything`)."""
    return next(((i, u) for i, u in enumerate(army.units) if u.id == unit_id), None)


class OptionsCache:
    """The last `options()` answer: the miracle and item pickers of one panel share it (one call per change),
    each taking its own kind of choice from it, split once."""

    def __init__(self) -> None:
        self._asked: tuple[object, str, object] | None = None
        self._answer: list[Choice] = []
        self._kinds: dict[str, list[Choice]] | None = None

    def get(self, army: Army, unit_id: str, catalogs: Catalogs) -> list[Choice]:
        asked = self._asked
        if asked is None or asked[0] is not army or asked[1] != unit_id or asked[2] is not catalogs:
            self._answer = options(army, unit_id, catalogs)
            self._asked = (army, unit_id, catalogs)
            self._kinds = None
        return self._answer

    def of_kind(self, army: Army, unit_id: str, catalogs: Catalogs, kind: str) -> list[Choice]:
        """The choices of one kind, in the catalogs' order."""
        everything = self.get(army, unit_id, catalogs)
        kinds = self._kinds
        if kinds is None:  # split once for both pickers, in runs of one kind (a run each, as options() gives them)
            kinds = self._kinds = {}
            for each, run in groupby(everything, key=attrgetter("kind")):
                kinds.setdefault(each, []).extend(run)
        return kinds.get(kind, [])


class OptionsTableModel(QAbstractTableModel):
    """One kind of choice ("miracle" or "item") for the document's selected unit, one row per catalog entry.

    It sorts itself (in Python, once per sort or refresh: thousands of rows sort in milliseconds, where a proxy
    would call `data()` for every comparison); its proxy only filters.
    """

    roles = _ROLES
    """The roles the rows answer (the proxy asks no others)."""

    def __init__(
        self,
        document: ArmyDocument,
        kind: Kind,
        parent: QObject | None = None,
        *,
        shared: OptionsCache | None = None,
    ) -> None:
        super().__init__(parent)
        self._document = document
        self._options = shared or OptionsCache()
        self._unit_key: tuple[str, str, str] | None = None
        self.kind: Kind = kind
        self.columns: tuple[str, ...] = MIRACLE_COLUMNS if kind == "miracle" else ITEM_COLUMNS
        self._choices: list[Choice] = []
        """The rows, in the order shown."""
        self._listed: list[Choice] = []
        """The same choices in the catalogs' order, as `options()` gives them."""
        self._order: list[int] = []
        """Row → place in `_listed`."""
        self._rows: list[int] = []
        """Place in `_listed` → row."""
        self._orders: dict[tuple[int, Qt.SortOrder], tuple[list[int], list[int]]] = {}
        """The rows' order for a sort by a column whose values are the entries' own (all but the reason), with its
        inverse: the same for every unit, worked out once per catalogs."""
        self._sort_column = -1  # catalog order until asked
        self._sort_order = Qt.SortOrder.AscendingOrder
        self._reasons: dict[str, tuple[Problem, ...]] = {}  # entry id → reasons, until the next refresh
        self._texts: dict[str, tuple[str, str, str]] = {}  # entry id → (access or restriction, search, name key)
        self._catalogs = document.catalogs
        document.selection_changed.connect(self._on_document_selection_changed)
        document.state_changed.connect(self._on_document_state_changed)
        self.refresh()

    # --- reading -------------------------------------------------------------------------------------------
    def column(self, name: str) -> int:
        return self.columns.index(name)

    def choice(self, row: int) -> Choice:
        return self._choices[row]

    def choices(self) -> list[Choice]:
        """Every row's choice, in the order shown (the proxy reads them all at once)."""
        return self._choices

    def reasons(self, row: int) -> tuple[Problem, ...]:
        """Why the row's entry is refused, worked out once per row until the next refresh."""
        choice = self._choices[row]
        found = self._reasons.get(choice.id)
        if found is None:
            found = self._reasons[choice.id] = choice.reasons
        return found

    def search_key(self, row: int) -> str:
        return self._texts_of(self._choices[row])[1]

    # --- keeping up with the document ----------------------------------------------------------------------
    def refresh(self) -> None:
        """Take the options again. An edit of the same unit changes a row or two in place; views keep their
        sort, scroll and selection. Another unit (or catalog) takes the rows in the order kept for the sort, and
        resets only if the entries changed."""
        document = self._document
        unit = document.army.unit(document.selected) if document.selected is not None else None
        choices: list[Choice] = []
        if unit is not None:
            choices = self._options.of_kind(document.army, unit.id, document.catalogs, self.kind)
        key = (unit.id, unit.label, unit.profile) if unit is not None else None  # what the reasons depend on
        if document.catalogs is self._catalogs and key == self._unit_key and self._refresh_in_place(choices):
            return
        if document.catalogs is not self._catalogs:
            self._catalogs = document.catalogs
            self._texts.clear()
            self._orders.clear()
        self._unit_key = key
        self._reasons.clear()
        order, inverse = self._sort_order_of(choices)
        rows = list(map(choices.__getitem__, order))
        if order == self._order and len(choices) == len(self._listed):
            self._set_rows(choices, order, rows, inverse)
            if rows:
                self.dataChanged.emit(self.index(0, 0), self.index(len(rows) - 1, len(self.columns) - 1))
            return
        self.beginResetModel()
        self._set_rows(choices, order, rows, inverse)
        self.endResetModel()

    def _set_rows(self, listed: list[Choice], order: list[int], rows: list[Choice], inverse: list[int]) -> None:
        self._listed, self._order, self._choices, self._rows = listed, order, rows, inverse

    def _refresh_in_place(self, choices: list[Choice]) -> bool:
        """The same unit: keep the rows' order and tell views about the rows that changed (what it holds). The
        options keep every choice but those whose count changed as the very same values: compared by identity."""
        listed = self._listed
        if len(choices) != len(listed):
            return False
        changed: list[int] = []
        for place in compress(range(len(choices)), map(is_not, choices, listed)):  # the few that differ, in C
            new, old = choices[place], listed[place]
            if new.id != old.id:
                return False
            if new[:7] != old[:7]:
                changed.append(self._rows[place])
        rows = self._choices = list(map(choices.__getitem__, self._order))
        self._listed = choices
        last = len(self.columns) - 1
        for row in sorted(changed):
            self._reasons.pop(rows[row].id, None)
            self.dataChanged.emit(self.index(row, 0), self.index(row, last))
        return True

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort the rows by a column's value (then by name); selections and current rows follow their entries."""
        self.layoutAboutToBeChanged.emit()
        self._sort_column, self._sort_order = column, order
        before = self.persistentIndexList()
        places = [self._order[i.row()] for i in before]
        new_order, inverse = self._sort_order_of(self._listed)
        self._set_rows(self._listed, new_order, [self._listed[place] for place in new_order], inverse)
        self.changePersistentIndexList(
            before, [self.index(self._rows[p], i.column()) for p, i in zip(places, before, strict=True)]
        )
        self.layoutChanged.emit()

    def _sort_order_of(self, choices: list[Choice]) -> tuple[list[int], list[int]]:
        """The places in `choices` in the order the sort shows them, and the inverse (place → row); kept per
        column but for the reasons."""
        if not 0 <= self._sort_column < len(self.columns):
            order = list(range(len(choices)))
            return order, order
        column = self.columns[self._sort_column]
        key = (self._sort_column, self._sort_order)
        kept = self._orders.get(key) if column != "reason" else None
        if kept is not None and len(kept[0]) == len(choices):
            return kept
        descending = self._sort_order == Qt.SortOrder.DescendingOrder
        order = sorted(
            range(len(choices)),
            key=lambda place: (self._sort_value(choices[place], column), self._texts_of(choices[place])[2]),
            reverse=descending,
        )
        inverse = [0] * len(order)
        for row, place in enumerate(order):
            inverse[place] = row
        if column != "reason" and choices:
            self._orders[key] = (order, inverse)
        return order, inverse

    def _on_document_selection_changed(self, unit_id: object) -> None:
        self.refresh()

    def _on_document_state_changed(self, change: Change[Army]) -> None:
        """Only a change of the selected unit (or of the catalogs) changes what it may take."""
        unit_id = self._document.selected
        if change.touched(lambda army: unit_shown(army, unit_id)):
            self.refresh()

    # --- QAbstractTableModel -------------------------------------------------------------------------------
    def rowCount(self, parent: Index = _ROOT) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else len(self._choices)

    def columnCount(self, parent: Index = _ROOT) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else len(self.columns)

    def headerData(  # noqa: N802 (Qt's name)
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        title, tip = _columns()[self.columns[section]]
        if role == Qt.ItemDataRole.DisplayRole:
            return title
        return tip if role == Qt.ItemDataRole.ToolTipRole else None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return _FLAGS

    def flags_at(self, row: int, column: int) -> Qt.ItemFlag:
        """A cell's flags by its row and column, for the proxy (every row is alike)."""
        if 0 <= row < len(self._choices) and 0 <= column < len(self.columns):
            return _FLAGS
        return Qt.ItemFlag.NoItemFlags

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in _ROLES or not index.isValid():
            return None
        return self.data_at(index.row(), index.column(), role)

    def data_at(self, row: int, column_number: int, role: int) -> Any:
        """A cell's value by its row and column: what `data` answers, and what the proxy asks without making a
        model index for each of the roles a painted cell is asked."""
        if role not in _ROLES or not 0 <= row < len(self._choices) or not 0 <= column_number < len(self.columns):
            return None
        choice = self._choices[row]
        column = self.columns[column_number]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(choice, column, row)
        if role == SORT_ROLE:
            return self._sort_value(choice, column)
        if role == Qt.ItemDataRole.ForegroundRole and not choice.eligible:
            return QGuiApplication.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip_html(self._tooltip(choice, row))
        if role == Qt.ItemDataRole.TextAlignmentRole and column in NUMERIC:
            return _RIGHT
        if role == Qt.ItemDataRole.FontRole and choice.owned and column == "name":
            font = QFont()
            font.setBold(True)
            return font
        if role == CHOICE_ROLE:
            return choice
        return None

    # --- cells ---------------------------------------------------------------------------------------------
    def _display(self, choice: Choice, column: str, row: int) -> str:
        if column == "name":
            return choice_name(choice)
        if column == "cost":
            return str(choice.cost)
        if column == "reason":
            return "" if choice.eligible else describe_reasons(self.reasons(row))
        if column in ("access", "restriction"):
            return self._texts_of(choice)[0]
        miracle = cast(Miracle, choice.entry)
        if column == "fervour":
            return str(miracle.fervour) if miracle.known("fervour") else "?"  # CF-X1: the catalog does not say
        if column == "difficulty":
            if not miracle.known("difficulty"):
                return "?"
            if miracle.difficulty is None and miracle.difficulty_formula is not None:  # CF-17
                return _("F + {plus}").format(plus=miracle.difficulty_formula.fervour_plus)
            return _("table") if miracle.difficulty is None else str(miracle.difficulty)
        return str(miracle.aspects.level(column)) if miracle.known("aspects") else "?"

    def _sort_value(self, choice: Choice, column: str) -> int | str:
        if column == "name":
            return self._texts_of(choice)[2]
        if column == "cost":
            return choice.cost
        if column == "reason":
            return 0 if choice.eligible else 1  # refused after the ones it may take; reasons are not worked out
        if column in ("access", "restriction"):
            return fold(self._texts_of(choice)[0])
        miracle = cast(Miracle, choice.entry)
        if column == "fervour":
            return miracle.fervour
        if column == "difficulty":
            return _AT_THE_TABLE if miracle.difficulty is None else miracle.difficulty
        return miracle.aspects.level(column)

    def _tooltip(self, choice: Choice, row: int) -> str:
        lines = [choice_name(choice)]
        if not choice.eligible:
            lines.append(describe_reasons(self.reasons(row), "\n") + ".")
        if choice.owned:
            lines.append(_("The unit holds it already ({times}×).").format(times=choice.owned))
        entry = choice.entry
        if isinstance(entry, Miracle):
            details = ((_("Range"), entry.range), (_("Area"), entry.area), (_("Duration"), entry.duration))
            lines.extend(f"{label}: {display_name(value)}" for label, value in details if value)
        if isinstance(entry, Miracle | Item) and entry.notes:
            lines.append(display_note(entry.notes))
        return "\n".join(lines)

    def _texts_of(self, choice: Choice) -> tuple[str, str, str]:
        """Who may take the entry in words, what a search matches, its name to sort; kept until catalogs change."""
        texts = self._texts.get(choice.id)
        if texts is None:
            entry = choice.entry
            words: list[str] = []
            if isinstance(entry, Miracle):
                described = self._access(entry)
            elif isinstance(entry, Item):
                described = _restriction(entry, self._catalogs)
                words = [w for people in entry.peoples for w in people_words(self._catalogs, people)]
            else:
                described = ""
            name = fold(choice_name(choice))
            search = " ".join(fold(text) for text in (choice.id, described, *words))
            texts = self._texts[choice.id] = (described, f"{name} {search}", name)
        return texts

    def _access(self, miracle: Miracle) -> str:
        cults = index(self._catalogs).cults
        paths = {
            "light": _("Ways of Light"),
            "darkness": _("Meanders of Darkness"),
            "destiny": _("Path of Destiny"),
        }
        parts = [display_name(cults[c].name) if c in cults else c for c in miracle.cults]
        parts.extend(paths[p] for p in miracle.paths)
        if miracle.universal:
            parts.append(_("Universal"))
        return ", ".join(parts)


def _restriction(item: Item, catalogs: Catalogs) -> str:
    """Who may carry an item: its peoples by name, "Faithful only", or "Any model"."""
    parts = people_names(catalogs, item.peoples)
    if item.faithful_only:
        parts.append(_("Faithful only"))
    return ", ".join(parts) if parts else _("Any model")


class OptionsFilterProxyModel(ChoiceFilterProxyModel):
    """Hides what the unit may not take (unless asked) and what does not match the search; the options sort
    themselves (fast), the proxy keeps their order. Which rows it shows is worked out in one pass."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._show_ineligible = False
        self._search = ""

    @property
    def show_ineligible(self) -> bool:
        return self._show_ineligible

    def set_show_ineligible(self, show: bool) -> None:
        if show != self._show_ineligible:
            self._show_ineligible = show
            self.refilter()

    def set_search(self, text: str) -> None:
        search = fold(text.strip())
        if search != self._search:
            self._search = search
            self.refilter()

    def accepted(self, rows: range | Sequence[int]) -> list[bool]:
        source = self.sourceModel()
        if not isinstance(source, OptionsTableModel):
            return [True] * len(rows)
        show, words = self._show_ineligible, self._search.split()
        choices = source.choices()
        if not words:
            if show:
                return [True] * len(rows)
            if len(rows) == len(choices):  # all of them (a new unit): in one pass
                return [choice.eligible for choice in choices]
            return [choices[row].eligible for row in rows]
        key = source.search_key
        return [(show or choices[row].eligible) and all(w in key(row) for w in words) for row in rows]
