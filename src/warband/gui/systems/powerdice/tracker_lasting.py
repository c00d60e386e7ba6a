"""The lasting spells in play (PD-03 D4): turns left or the counter of a long spell, turned over or not, and
Remove for a spell that ends by its own terms (a long spell) or is dispelled."""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.systems.powerdice import battle_parts as parts
from warband.gui.systems.powerdice.tracker_text import player, spell_name
from warband.gui.widgets.appearance import compact_rows, side_tint
from warband.gui.widgets.plain_text import plain_tooltip
from warband.gui.widgets.table_fit import TableFit
from warband.model.messages import N_, Phrase, _, spoken_text
from warband.model.systems.powerdice import battle_rules as rules
from warband.model.systems.powerdice.battle_commands import RemoveLasting
from warband.model.systems.powerdice.battle_rules import casters
from warband.model.systems.powerdice.battle_state import LastingSpell, PowerDiceBattle

ModelIndex = QModelIndex | QPersistentModelIndex
TITLES = (
    (N_("Spell"), N_("The spell in play")),
    (N_("Caster"), N_("Who cast it")),
    (N_("Target"), N_("What the player noted as its target")),
    (N_("Left"), N_("Turns left, or the counter of a long spell: D4 counts them (PD-03)")),
    (N_("Turned over"), N_("A spell of two turns is turned over at its first D4")),
)


def left_text(spell: LastingSpell) -> str:
    if spell.turns_left is not None:
        if spell.turns_left == 1:
            return _("1 turn left")
        return _("{turns} turns left").format(turns=spell.turns_left)
    if spell.counter is not None:
        return _("long: counter {counter}").format(counter=spell.counter)
    return ""


def _cells(battle: PowerDiceBattle, spell: LastingSpell, labels: dict[str, str]) -> tuple[str, ...]:
    side = int(spell.caster.split(":", 1)[0])
    caster = labels.get(spell.caster, spell.caster)
    return (
        spell_name(battle, spell.spell),
        _("{caster} ({player})").format(caster=caster, player=player(battle, side)),
        spell.target,
        left_text(spell),
        _("turned over") if spell.turned else "",
    )


class LastingTableModel(QAbstractTableModel):
    """The battle's lasting spells, in the order they were cast."""

    SPELL, CASTER, TARGET, LEFT, TURNED = range(5)

    def __init__(self, document: BattleDocument[PowerDiceBattle], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._rows = self._fresh()
        document.changed.connect(self._on_document_changed)

    def _fresh(self) -> list[tuple[str, ...]]:
        battle = self._document.battle
        if not battle.lasting:
            return []
        labels = {c.key: spoken_text(c.label) for c in casters(battle)}
        return [_cells(battle, spell, labels) for spell in battle.lasting]

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(TITLES)

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(TITLES):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return _(TITLES[section][0])
        if role == Qt.ItemDataRole.ToolTipRole:
            return _(TITLES[section][1])
        return None

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows) or not 0 <= index.column() < 5:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self._rows[index.row()][index.column()]
        if role == Qt.ItemDataRole.ToolTipRole:  # the caster's label and the target are the players' text
            return plain_tooltip(self._rows[index.row()][index.column()])
        if role == Qt.ItemDataRole.BackgroundRole and index.column() == self.CASTER:
            lasting = self._document.battle.lasting
            if index.row() < len(lasting):
                return side_tint(int(lasting[index.row()].caster.split(":", 1)[0]))
        return None

    def _on_document_changed(self, change: Change[PowerDiceBattle]) -> None:
        """Work the rows out again when the spells or their casters changed; repaint only those that differ."""
        if not change.touched(parts.lasting):
            return
        fresh = self._fresh()
        if len(fresh) != len(self._rows):
            self.beginResetModel()
            self._rows = fresh
            self.endResetModel()
            return
        old, self._rows = self._rows, fresh
        for row, (before, after) in enumerate(zip(old, fresh, strict=True)):
            if before != after:
                self.dataChanged.emit(self.index(row, 0), self.index(row, len(TITLES) - 1))


class LastingPanel(QWidget):
    """The lasting spells and the button that takes one off the table."""

    def __init__(self, document: BattleDocument[PowerDiceBattle], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.model = LastingTableModel(document, self)
        self.table = QTableView(self)
        self.table.setObjectName("lastingTable")
        self.table.setAccessibleName(_("Lasting spells"))
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        compact_rows(self.table)
        self.table.horizontalHeader().setHighlightSections(False)
        # Each column as wide as its title and cells; the target is the player's own words: the room left
        self.fit = TableFit(self.table, keep=1, free=LastingTableModel.TARGET, rows=2)
        self.remove_button = QPushButton(_("Remove"), self)
        self.remove_button.setObjectName("removeLastingButton")
        self.remove_button.setToolTip(
            _(
                "Take the selected spell's marker off the table: a long spell that ended by its own terms, "
                "or one dispelled"
            )
        )
        self.remove_button.setEnabled(False)

        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.remove_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.fit.container, 1)
        layout.addLayout(buttons)

        self.remove_button.clicked.connect(self._on_remove_button_clicked)
        self.table.selectionModel().selectionChanged.connect(self._on_table_selection_changed)
        self.model.modelReset.connect(self._on_model_reset)

    def selected_row(self) -> int | None:
        rows = self.table.selectionModel().selectedRows()
        return rows[0].row() if rows else None

    def _on_table_selection_changed(self) -> None:
        self.remove_button.setEnabled(self.selected_row() is not None)

    def _on_model_reset(self) -> None:
        self.remove_button.setEnabled(False)  # the selection went with the rows

    def _on_remove_button_clicked(self) -> None:
        row = self.selected_row()
        if row is None:
            return
        battle = self._document.battle
        lasting = battle.lasting[row]
        labels = {c.key: c.label for c in casters(battle)}
        caster = Phrase(
            N_("{caster} ({player})"),
            caster=labels.get(lasting.caster, lasting.caster),
            player=player(battle, int(lasting.caster.split(":", 1)[0])),
        )
        text = Phrase(
            N_("{spell} of {caster} removed"), spell=rules.spell_name(battle, lasting.spell), caster=caster
        )
        self._document.act(RemoveLasting(index=row), text=text)
