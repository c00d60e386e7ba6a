"""Every problem of the army, always in view: rule ID, unit, sentence. Activating one selects its unit."""

from __future__ import annotations

from operator import itemgetter

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QStyle, QVBoxLayout, QWidget

from warband.gui.army_document import ArmyDocument
from warband.gui.builder.steady_label import SteadyLabel
from warband.gui.widgets.appearance import follow_font, row_height
from warband.gui.widgets.plain_text import plain_tooltip
from warband.gui.widgets.tail_view import TailPaintingTableView
from warband.gui.widgets.tracker_rows import unchanged_ends
from warband.model.army import Problem
from warband.model.messages import _, spoken_text

ModelIndex = QModelIndex | QPersistentModelIndex
MIN_ROWS = 4
"""The problems always in view, however the builder's splitter is dragged."""


class ProblemsTableModel(QAbstractTableModel):
    """The report's problems, in unit order then rule ID, as the model sorts them."""

    RULE, UNIT, SENTENCE = range(3)

    def __init__(self, document: ArmyDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._problems: tuple[Problem, ...] = document.report.problems
        document.report_changed.connect(self._on_document_report_changed)

    def problem(self, row: int) -> Problem:
        return self._problems[row]

    def row_texts(self, first: int, last: int) -> list[tuple[str, str]]:
        """The rule ID and the unit named of rows `first` to `last`: for measuring the rows an edit changed
        without asking each cell through Qt, which costs for an army of many problems."""
        army = _("Army")
        return [(p.rule, spoken_text(p.unit.label) if p.unit else army) for p in self._problems[first : last + 1]]

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._problems)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else 3

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return (_("Rule"), _("Unit"), _("Problem"))[section]
        return None

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._problems):
            return None
        problem = self._problems[index.row()]
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            if column == self.RULE:
                text = problem.rule
            elif column == self.UNIT:
                text = spoken_text(problem.unit.label) if problem.unit else _("Army")
            else:
                text = problem.sentence
            return text if role == Qt.ItemDataRole.DisplayRole else plain_tooltip(text)
        if role == Qt.ItemDataRole.UserRole:
            return problem.unit.id if problem.unit else None
        return None

    def _on_document_report_changed(self) -> None:
        """Tell the views what changed, not everything: an edit changes the problems of one unit and of the army
        (the limit), so rows are inserted, removed or repainted between the problems before and after that are
        the same; a change that touches the list all over resets it."""
        problems = self._document.report.problems
        old = self._problems
        if problems == old:
            self._problems = problems
            return
        head, tail = unchanged_ends(old, problems)
        added, gone = len(problems) - head - tail, len(old) - head - tail
        if gone == 0:
            self.beginInsertRows(QModelIndex(), head, head + added - 1)
            self._problems = problems
            self.endInsertRows()
        elif added == 0:
            self.beginRemoveRows(QModelIndex(), head, head + gone - 1)
            self._problems = problems
            self.endRemoveRows()
        elif added == gone:
            self._problems = problems
            self.dataChanged.emit(self.index(head, 0), self.index(head + added - 1, self.columnCount() - 1))
        else:
            self.beginResetModel()
            self._problems = problems
            self.endResetModel()


class ProblemsPanel(QWidget):
    """The problems list with its count; Enter or a double-click on a problem selects the unit it is about."""

    def __init__(self, document: ArmyDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.model = ProblemsTableModel(document, self)
        self._widths: dict[str, int] = {}
        """Each rule ID's and unit's text width in `_widths_font`, measured once."""
        self._widths_font = QFont()
        self._row_widths: list[tuple[int, int]] = []
        """Each row's rule and unit text widths: an edit measures the rows it inserted or changed only."""
        self.title = QLabel(self)
        self.title.setObjectName("problemsTitle")
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.table = TailPaintingTableView(self)  # the limit's problem, at the end: the rows in view kept
        self.table.setObjectName("problemsTable")
        self.table.setAccessibleName(_("Problems"))
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        # The sentence takes the room left, elided, whole in its tooltip: no scroll bar to eat a row
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)  # the sentence
        self.model.modelReset.connect(self._fit)
        self.model.dataChanged.connect(self._on_model_data_changed)  # the units named may have changed
        self.model.rowsInserted.connect(self._on_model_rows_inserted)
        self.model.rowsRemoved.connect(self._on_model_rows_removed)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(SteadyLabel(self.title, self))  # a new count lays out nothing
        layout.addWidget(self.table, 1)
        self.table.activated.connect(self._on_table_activated)
        document.report_changed.connect(self._show_count)
        self._show_count()
        follow_font(self, self._fit)

    def _fit(self) -> None:
        """Rows in the font's height, the rule and unit columns as wide as their content, and room for four
        problems at least (the splitter above cannot squeeze them out of view)."""
        table = self.table
        rows = row_height(table)
        table.verticalHeader().setDefaultSectionSize(rows)
        self._fit_columns()
        header = table.horizontalHeader()
        table.setMinimumHeight(header.sizeHint().height() + MIN_ROWS * rows + 2 * table.frameWidth())

    def _measure(self, first: int, last: int) -> list[tuple[int, int]]:
        """The rule and unit text widths of rows `first` to `last`, each text measured once in a font."""
        table = self.table
        if self._widths_font != table.font():
            self._widths_font, self._widths = table.font(), {}
        widths = self._widths
        metrics = table.fontMetrics()
        measured: list[tuple[int, int]] = []
        for texts in self.model.row_texts(first, last):
            pair = []
            for text in texts:
                width = widths.get(text)
                if width is None:
                    width = widths[text] = metrics.horizontalAdvance(text)
                pair.append(width)
            measured.append((pair[0], pair[1]))
        return measured

    def _on_model_rows_inserted(self, _parent: QModelIndex, first: int, last: int) -> None:
        self._row_widths[first:first] = self._measure(first, last)
        self._apply_widths()

    def _on_model_rows_removed(self, _parent: QModelIndex, first: int, last: int) -> None:
        del self._row_widths[first : last + 1]
        self._apply_widths()

    def _on_model_data_changed(
        self, top_left: QModelIndex, bottom_right: QModelIndex, _roles: object = ()
    ) -> None:
        first, last = top_left.row(), bottom_right.row()
        self._row_widths[first : last + 1] = self._measure(first, last)
        self._apply_widths()

    def _fit_columns(self) -> None:
        """The rule and unit columns as wide as their content, every row measured (a reset, a new font)."""
        self._row_widths = self._measure(0, self.model.rowCount() - 1)
        self._apply_widths()

    def _apply_widths(self) -> None:
        """The rule and unit columns as wide as their widest text; a column already so is left alone (an edit's
        problems rarely change it, and a resize repaints the whole table)."""
        table = self.table
        metrics = table.fontMetrics()
        header = table.horizontalHeader()
        pad = 2 * (table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1) + 4
        for column in (ProblemsTableModel.RULE, ProblemsTableModel.UNIT):
            widest = max(
                map(itemgetter(column), self._row_widths),
                default=metrics.horizontalAdvance("CF-00" if column == ProblemsTableModel.RULE else "M" * 10),
            )
            width = max(widest + pad, header.sectionSizeFromContents(column).width())
            if header.sectionSize(column) != width:
                header.resizeSection(column, width)

    def _show_count(self) -> None:
        count = self.model.rowCount()
        self.title.setText(_("No problems") if count == 0 else _("Problems ({count})").format(count=count))

    def _on_table_activated(self, index: QModelIndex) -> None:
        unit_id = self.model.problem(index.row()).unit
        if unit_id is not None:
            self._document.select(unit_id.id)
