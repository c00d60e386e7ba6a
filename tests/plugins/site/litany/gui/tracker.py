"""The Turn tracker of a Litany battle: Warband's battle bar on top (the turn, the Vigil and the Clash, Back,
Next and End battle), the summary once the battle is over, the models of both sides (a priest's piety, whether
it prayed this turn, and whether it fell, ticked here) beside the battle log.

Every input is an action of the battle document; what the rules refuse comes back through its `refused` signal
and shows on the message line with its rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QSplitter, QVBoxLayout, QWidget

from litany.battle import PHASE_NAMES, LitanyBattle, Model, SetFallen, models
from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.widgets.appearance import muted, side_colour, side_tint
from warband.gui.widgets.battle_bar import BattleBar
from warband.gui.widgets.battle_log import AskPath, BattleLogModel, BattleLogPanel, LogLayout
from warband.gui.widgets.plain_text import plain_label, plain_tooltip
from warband.gui.widgets.summary_box import SummaryBox
from warband.gui.widgets.titled_table import TitledTableModel
from warband.gui.widgets.tracker_parts import boxed, editable_table, message_line, show_on_message_line
from warband.model.messages import N_, _, spoken_text
from warband.model.names import display_name

ModelIndex = QModelIndex | QPersistentModelIndex
KEY_ROLE = Qt.ItemDataRole.UserRole + 1
"""The model's key (`"<side>:<unit id>"`) on every cell."""
MESSAGE_QSS = (
    'QLabel#messageLabel[kind="refusal"] { background: #fdecea; color: #8a1c12; border: 1px solid #e6a39b;'
    " border-radius: 3px; padding: 3px 6px; }"
    ' QLabel#messageLabel[kind="note"] { background: #e8f1fb; color: #173f6b; border: 1px solid #a9c6e8;'
    " border-radius: 3px; padding: 3px 6px; }"
    ' QLabel#messageLabel[kind=""] { border: 1px solid transparent; padding: 3px 6px; }'
)


def phase_name(phase: str) -> str:
    return _(PHASE_NAMES[phase]) if phase in PHASE_NAMES else phase


LITANY_LOG = LogLayout(phase_name=phase_name, phase_sample=N_("Vigil"), sides=True, dice_sample="6 + 6 (rolled)")


def models_part(battle: LitanyBattle) -> object:
    """What the models table reads: the armies, the entries the battle holds (names, piety) and the states."""
    return (battle.sides, battle.entries, battle.models)


@dataclass(frozen=True)
class Row:
    """One model as the table shows it: compared with the last one, to repaint only what changed."""

    key: str
    side: int
    cells: tuple[str, ...]
    fallen: bool
    label: str
    priest: bool
    checkable: bool
    """Whether the model's actions offer falling (or standing again) now: not once the battle is over."""


class ModelsTableModel(TitledTableModel[Row]):
    """Every model of both sides; Fallen is a check box that acts through `SetFallen`, undone like any action."""

    SIDE, MODEL, PIETY, PRAYED, FALLEN, PRAYERS = range(6)
    TITLES = (
        (N_("Side"), N_("The player the model belongs to")),
        (N_("Model"), N_("The model's label in its army")),
        (
            N_("Piety"),
            N_("A priest's piety, added to its 2d6 when it prays (LI-03); — for a model that is no priest"),
        ),
        (N_("Prayed"), N_("Whether it prayed this turn: once a turn, in the Vigil (LI-03)")),
        (N_("Fallen"), N_("Tick when the model falls: a fallen priest prays no more (LI-03)")),
        (N_("Prayers"), N_("The prayers its army gave it (LI-01)")),
    )

    def __init__(self, document: BattleDocument[LitanyBattle], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._rows: list[Row] = self._fresh()
        document.changed.connect(self._on_document_changed)

    def key(self, row: int) -> str:
        return self._rows[row].key

    def keys(self) -> list[str]:
        return [row.key for row in self._rows]

    def priest(self, row: int) -> bool:
        return self._rows[row].priest

    def _fresh(self) -> list[Row]:
        battle = self._document.battle
        offered = {a.subject for a in self._document.actions() if a.kind == "fallen" and a.allowed}
        return [self._row(battle, m, m.key in offered) for m in models(battle)]

    @staticmethod
    def _row(battle: LitanyBattle, m: Model, checkable: bool) -> Row:
        names = []
        for prayer_id in m.unit.prayers:
            prayer = battle.entries.prayers.get(prayer_id)
            names.append(display_name(prayer.name) if prayer is not None else prayer_id)
        priest = m.piety is not None
        cells = (
            battle.sides[m.side].player,
            spoken_text(m.label),
            str(m.piety) if priest else "—",
            (_("yes") if m.state.prayed else _("no")) if priest else "",
            "",  # the check box says it
            ", ".join(names),
        )
        return Row(m.key, m.side, cells, m.state.fallen, spoken_text(m.label), priest, checkable)

    # --- QAbstractTableModel -------------------------------------------------------------------------------
    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren
        if index.column() == self.FALLEN and self._rows[index.row()].checkable:
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        return flags

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return row.cells[column]
        if role == Qt.ItemDataRole.CheckStateRole and column == self.FALLEN:
            return Qt.CheckState.Checked if row.fallen else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == self.FALLEN:
                template = (
                    _("{unit} has fallen; untick to stand it again") if row.fallen else _("Tick when {unit} falls")
                )
                return plain_tooltip(template.format(unit=row.label))
            return plain_tooltip(row.cells[column] or None)
        if role == KEY_ROLE:
            return row.key
        if role == Qt.ItemDataRole.ForegroundRole and row.fallen:
            return muted()
        if role == Qt.ItemDataRole.BackgroundRole and column == self.SIDE:
            return side_tint(row.side)
        if role == Qt.ItemDataRole.DecorationRole and column == self.SIDE:
            return side_colour(row.side)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (self.PIETY, self.PRAYED):
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def setData(self, index: ModelIndex, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        """Fallen ticked or unticked: one undoable action of the battle, logged for the model's side."""
        if role != Qt.ItemDataRole.CheckStateRole or not self.flags(index) & Qt.ItemFlag.ItemIsUserCheckable:
            return False
        checked = value == Qt.CheckState.Checked or value == Qt.CheckState.Checked.value
        row = self._rows[index.row()]
        if checked == row.fallen:
            return False
        return self._document.act(SetFallen(key=row.key, value=checked), side=row.side)

    def _on_document_changed(self, change: Change[LitanyBattle]) -> None:
        """Work the rows out again when what they read changed; repaint only those that differ."""
        if not change.touched(models_part) and change.before.ended == change.after.ended:
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


class LitanyTrackerTab(QWidget):
    """One Litany battle in play, as the players follow it phase by phase."""

    resolve_requested = Signal(str)
    """Pray with this priest (its key, `"<side>:<unit id>"`): the window shows the resolver."""

    def __init__(
        self,
        document: BattleDocument[LitanyBattle],
        parent: QWidget | None = None,
        *,
        ask_path: AskPath | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("litanyTrackerTab")
        self.document = document
        self.setStyleSheet(MESSAGE_QSS)
        self.battle_bar = BattleBar(document, self)
        self.message_label = message_line(self)
        self.summary_box = SummaryBox(document, self)

        self.models_model = ModelsTableModel(document, self)
        widths = {
            ModelsTableModel.SIDE: "Player name",
            ModelsTableModel.MODEL: "Halberdier at the door",
            ModelsTableModel.PIETY: "Piety",
            ModelsTableModel.PRAYED: "Prayed",
            ModelsTableModel.FALLEN: "Fallen",
        }
        self.models_table = editable_table(self, "modelsTable", _("Models"), self.models_model, widths, pad=24)
        self.resolve_button = QPushButton(_("Pray…"), self)
        self.resolve_button.setObjectName("resolveButton")
        self.resolve_button.setToolTip(_("Say a prayer of the selected priest in the resolver"))
        hint = plain_label("modelsHint", self, wrap=True)
        hint.setText(_("Double-click a priest to pray with it; tick Fallen when a model falls."))
        models_panel = QWidget(self)
        models_layout = QVBoxLayout(models_panel)
        models_layout.setContentsMargins(0, 0, 0, 0)
        models_layout.addWidget(self.models_table, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(hint, 1)
        buttons.addWidget(self.resolve_button)
        models_layout.addLayout(buttons)

        self.log_panel = BattleLogPanel(BattleLogModel(document, LITANY_LOG), self, ask_path=ask_path)
        self.columns = QSplitter(Qt.Orientation.Horizontal, self)
        self.columns.setObjectName("litanyColumns")
        self.columns.addWidget(boxed(_("Models"), "modelsBox", models_panel, self))
        self.columns.addWidget(boxed(_("Battle log"), "logBox", self.log_panel, self))
        self.columns.setSizes([640, 620])
        self.columns.setChildrenCollapsible(False)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.battle_bar)
        layout.addWidget(self.message_label)
        layout.addWidget(self.summary_box)
        layout.addWidget(self.columns, 1)
        self.setFocusProxy(self.models_table)

        self.models_table.doubleClicked.connect(self._on_models_table_double_clicked)
        self.resolve_button.clicked.connect(self._on_resolve_button_clicked)
        self.log_panel.reported.connect(self._on_log_panel_reported)
        document.refused.connect(self._on_document_refused)
        document.changed.connect(self._on_document_changed)

    def splitters(self) -> dict[str, QSplitter]:
        """The splitters whose sizes are kept between sessions, by name."""
        return {"litany.columns": self.columns}

    def selected_model(self) -> str | None:
        rows = self.models_table.selectionModel().selectedRows()
        return self.models_model.key(rows[0].row()) if rows else None

    def show_message(self, text: str, *, refusal: bool = True) -> None:
        """Show a sentence on the message line (empty: clear it); a refusal stands out."""
        show_on_message_line(self.message_label, text, refusal=refusal)

    def _on_models_table_double_clicked(self, index: QModelIndex) -> None:
        if index.isValid() and index.column() != ModelsTableModel.FALLEN and self.models_model.priest(index.row()):
            self.resolve_requested.emit(self.models_model.key(index.row()))

    def _on_resolve_button_clicked(self) -> None:
        key = self.selected_model()
        if key is None:
            self.show_message(_("Select a priest first, then Pray…"), refusal=False)
            return
        self.resolve_requested.emit(key)

    def _on_document_refused(self, reason: str) -> None:
        self.show_message(reason)

    def _on_document_changed(self) -> None:
        self.show_message("")  # an action went through: the last refusal no longer applies

    def _on_log_panel_reported(self, text: str, failed: bool) -> None:
        self.show_message(text, refusal=failed)
