"""The models table as a view: a combo for wounds, spin boxes for numbers, centred check boxes for the flags."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QEvent, QModelIndex, QPersistentModelIndex, QSignalBlocker, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QSpinBox,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from warband.gui.battle_document import BattleDocument
from warband.gui.systems.confrontation.tracker_models_table_model import ModelsTableModel, wound_name
from warband.gui.widgets.appearance import compact_rows
from warband.gui.widgets.tracker_fit import TrackerTableFit
from warband.model.messages import _
from warband.model.systems.confrontation.battle_state import WOUND_LEVELS, ConfrontationBattle

ModelIndex = QModelIndex | QPersistentModelIndex


class WoundsDelegate(QStyledItemDelegate):
    """A combo of the wound levels; choosing one applies it at once."""

    def createEditor(  # noqa: N802
        self, parent: QWidget, option: QStyleOptionViewItem, index: ModelIndex
    ) -> QWidget:
        combo = QComboBox(parent)
        combo.setObjectName("woundsEditor")
        for level in WOUND_LEVELS:
            combo.addItem(wound_name(level), level)
        combo.activated.connect(lambda _row: self._on_combo_activated(combo))
        return combo

    def _on_combo_activated(self, combo: QComboBox) -> None:
        self.commitData.emit(combo)
        self.closeEditor.emit(combo, QStyledItemDelegate.EndEditHint.NoHint)

    def setEditorData(self, editor: QWidget, index: ModelIndex) -> None:  # noqa: N802
        if isinstance(editor, QComboBox):
            with QSignalBlocker(editor):
                editor.setCurrentIndex(max(0, editor.findData(index.data(Qt.ItemDataRole.EditRole))))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: ModelIndex) -> None:  # noqa: N802
        if isinstance(editor, QComboBox) and editor.currentData() != index.data(Qt.ItemDataRole.EditRole):
            model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)


class NumberDelegate(QStyledItemDelegate):
    """A spin box bounded by what the battle accepts for the column (T.F. 0–200, bonus −20–+20)."""

    def createEditor(  # noqa: N802
        self, parent: QWidget, option: QStyleOptionViewItem, index: ModelIndex
    ) -> QWidget:
        spin = QSpinBox(parent)
        spin.setObjectName("numberEditor")
        low, high = ModelsTableModel.NUMBER_RANGES.get(index.column(), (0, 200))
        spin.setRange(low, high)
        return spin

    def setEditorData(self, editor: QWidget, index: ModelIndex) -> None:  # noqa: N802
        value = index.data(Qt.ItemDataRole.EditRole)
        if isinstance(editor, QSpinBox) and isinstance(value, int):
            with QSignalBlocker(editor):
                editor.setValue(value)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: ModelIndex) -> None:  # noqa: N802
        if isinstance(editor, QSpinBox):
            editor.interpretText()
            if editor.value() != index.data(Qt.ItemDataRole.EditRole):
                model.setData(index, editor.value(), Qt.ItemDataRole.EditRole)


class CheckDelegate(QStyledItemDelegate):
    """A check box in the middle of its cell; a click anywhere in the cell, or Space, toggles it."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: ModelIndex) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        check_rect = style.subElementRect(QStyle.SubElement.SE_ItemViewItemCheckIndicator, opt, widget)
        marks = {
            Qt.CheckState.Checked: QStyle.StateFlag.State_On,
            Qt.CheckState.PartiallyChecked: QStyle.StateFlag.State_NoChange,
        }
        mark = marks.get(opt.checkState, QStyle.StateFlag.State_Off)
        opt.features &= ~QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        check = QStyleOptionViewItem(opt)
        check_rect.moveCenter(option.rect.center())
        check.rect = check_rect
        check.state = (check.state & ~QStyle.StateFlag.State_HasFocus) | mark  # partly: implied (CF-11)
        style.drawPrimitive(QStyle.PrimitiveElement.PE_IndicatorItemViewItemCheck, check, painter, widget)

    def editorEvent(  # noqa: N802
        self, event: QEvent, model: QAbstractItemModel, option: QStyleOptionViewItem, index: ModelIndex
    ) -> bool:
        flags = index.flags()
        if not flags & Qt.ItemFlag.ItemIsUserCheckable or not flags & Qt.ItemFlag.ItemIsEnabled:
            return False
        if isinstance(event, QMouseEvent):
            if event.button() != Qt.MouseButton.LeftButton:
                return False
            if event.type() == QEvent.Type.MouseButtonDblClick:
                return True  # no editor, and no second toggle
            if event.type() == QEvent.Type.MouseButtonRelease:
                return self._toggle(model, index)
            return False
        toggle_keys = (Qt.Key.Key_Space, Qt.Key.Key_Select)
        if isinstance(event, QKeyEvent) and event.type() == QEvent.Type.KeyPress and event.key() in toggle_keys:
            return self._toggle(model, index)
        return False

    @staticmethod
    def _toggle(model: QAbstractItemModel, index: ModelIndex) -> bool:
        checked = index.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
        state = Qt.CheckState.Unchecked if checked else Qt.CheckState.Checked
        model.setData(index, state, Qt.ItemDataRole.CheckStateRole)
        return True  # handled, refused or not: a refusal is shown by the tab


class ModelsPanel(QWidget):
    """Every model of both sides, editable in place."""

    def __init__(self, document: BattleDocument[ConfrontationBattle], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = ModelsTableModel(document, self)
        self.table = QTableView(self)
        self.table.setObjectName("modelsTable")
        self.table.setAccessibleName(_("Models"))
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.SelectedClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
        )
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        compact_rows(self.table)
        self._wounds_delegate = WoundsDelegate(self.table)
        self._number_delegate = NumberDelegate(self.table)
        self._check_delegate = CheckDelegate(self.table)
        self.table.setItemDelegateForColumn(ModelsTableModel.WOUNDS, self._wounds_delegate)
        for column in ModelsTableModel.NUMBER_COLUMNS:
            self.table.setItemDelegateForColumn(column, self._number_delegate)
        for column in ModelsTableModel.FLAG_COLUMNS:
            self.table.setItemDelegateForColumn(column, self._check_delegate)
        self.table.horizontalHeader().setHighlightSections(False)
        # Each column as wide as its title and widest cell (an edit measures its own row); the side and the model
        # on every page when the columns go a page at a time (a large font); the miracles called have the room left
        self.fit = TrackerTableFit(
            self.table,
            keep=2,
            spare=ModelsTableModel.CALLED,
            samples={
                ModelsTableModel.DISCIPLINE: "10 (+10)",
                ModelsTableModel.FAITH: "100 / 100",
                ModelsTableModel.WOUNDS: max((wound_name(level) for level in WOUND_LEVELS), key=len),
            },
            sample_pad=16,
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.fit.container)
