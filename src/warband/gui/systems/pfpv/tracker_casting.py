"""The spells one character is casting (PF-04): each with its casting time and the round it began; start casting
a spell it knows, or stop one. Spells cast at once do not add their times (the shortest finishes first), but
every roll of each of them takes the penalty for how many there are."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QPushButton,
    QSizePolicy,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.systems.pfpv.tracker_text import (
    at_once_words,
    casting_time,
    note_label,
    roll_penalty,
    signed,
    spell_name,
    started_text,
)
from warband.gui.widgets.appearance import compact_rows
from warband.gui.widgets.plain_text import plain_tooltip
from warband.gui.widgets.table_fit import TableFit
from warband.gui.widgets.titled_table import TitledTableModel
from warband.model.messages import N_, Phrase, _, spoken_text
from warband.model.systems.pfpv.scene import PfpvScene, StartCasting, StopCasting, label_of, profile_of
from warband.model.systems.pfpv.scene import spell_name as scene_spell_name

ModelIndex = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class CastingRow:
    spell: str
    name: str
    time: str
    started: int


def casting_rows(scene: PfpvScene, key: str | None) -> list[CastingRow]:
    state = scene.characters.get(key) if key is not None else None
    if state is None:
        return []
    return [
        CastingRow(c.spell, spell_name(scene, c.spell), casting_time(scene, c.spell), c.started_round)
        for c in state.casting
    ]


def casting_part(scene: PfpvScene, key: str | None) -> tuple[object, ...]:
    """What the table reads: the character's spells being cast, and the spells' names and casting times."""
    state = scene.characters.get(key) if key is not None else None
    return state.casting if state is not None else None, scene.entries.spells


def panel_part(scene: PfpvScene, key: str | None) -> tuple[object, ...]:
    """What the panel reads besides the table: the character's spells being cast, their group and fatigue (the
    penalty), and its label (the party, its profile); not its Don or Vitality."""
    state = scene.characters.get(key) if key is not None else None
    mine = (state.casting, state.at_once, state.fatigue) if state is not None else None
    return mine, scene.party, scene.entries.profiles


class CastingTableModel(TitledTableModel[CastingRow]):
    """The spells the chosen character is casting, in the order they began."""

    SPELL, TIME, STARTED = range(3)
    TITLES = (
        (N_("Spell"), N_("A spell being cast")),
        (N_("Casting time"), N_("The spell's casting time: spells cast at once do not add theirs (PF-04)")),
        (N_("Started"), N_("The combat round the casting began in")),
    )

    def __init__(self, document: BattleDocument[PfpvScene], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._key: str | None = None
        self._rows: list[CastingRow] = []
        document.changed.connect(self._on_document_changed)

    @property
    def key(self) -> str | None:
        return self._key

    def set_key(self, key: str | None) -> None:
        self.beginResetModel()
        self._key = key
        self._rows = casting_rows(self._document.battle, key)
        self.endResetModel()

    def casting(self, row: int) -> CastingRow:
        return self._rows[row]

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        row = self._rows[index.row()]
        column = index.column()
        text = {self.SPELL: row.name, self.TIME: row.time, self.STARTED: started_text(row.started)}.get(column)
        return plain_tooltip(text) if role == Qt.ItemDataRole.ToolTipRole else text  # a player's catalog's name

    def _on_document_changed(self, change: Change[PfpvScene]) -> None:
        """Another character's change, or the round, leaves the rows; a spell begun or ended resets them."""
        key = self._key
        if not change.touched(lambda scene: casting_part(scene, key)):
            return
        fresh = casting_rows(self._document.battle, key)
        if len(fresh) != len(self._rows):
            self.beginResetModel()  # a spell began or ended: a few rows at most (PF-04: six)
            self._rows = fresh
            self.endResetModel()
            return
        old, self._rows = self._rows, fresh
        for number, (before, after) in enumerate(zip(old, fresh, strict=True)):
            if before != after:
                self.dataChanged.emit(self.index(number, 0), self.index(number, len(self.TITLES) - 1))


class CastingPanel(QWidget):
    """Start casting a spell the character knows, or stop one; the penalty of the spells at once below."""

    def __init__(self, document: BattleDocument[PfpvScene], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.model = CastingTableModel(document, self)
        self.table = QTableView(self)
        self.table.setObjectName("castingTable")
        self.table.setAccessibleName(_("Spells being cast"))
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        compact_rows(self.table)
        self.table.horizontalHeader().setHighlightSections(False)
        self.fit = TableFit(self.table, keep=1, rows=2)  # each column as wide as its title and cells

        self.spell_combo = QComboBox(self)
        self.spell_combo.setObjectName("spellCombo")
        self.spell_combo.setAccessibleName(_("Spell to cast"))
        self.spell_combo.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.start_button = QPushButton(_("Start casting"), self)
        self.start_button.setObjectName("startCastingButton")
        self.start_button.setToolTip(_("The character begins this spell, alongside any it is casting (PF-04)"))
        self.stop_button = QPushButton(_("Stop casting"), self)
        self.stop_button.setObjectName("stopCastingButton")
        self.stop_button.setToolTip(_("The selected spell is given up: a spell resolved ends by itself"))
        self.penalty_label = note_label("atOnceLabel", self)

        buttons = QHBoxLayout()
        buttons.addWidget(self.spell_combo, 1)
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.stop_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.fit.container, 1)
        layout.addWidget(self.penalty_label)
        layout.addLayout(buttons)

        self.start_button.clicked.connect(self._on_start_button_clicked)
        self.stop_button.clicked.connect(self._on_stop_button_clicked)
        self.table.selectionModel().selectionChanged.connect(self._on_selection_changed)
        self.model.modelReset.connect(self._on_model_reset)
        document.changed.connect(self._on_document_changed)
        self.set_key(None)

    @property
    def key(self) -> str | None:
        return self.model.key

    def set_key(self, key: str | None) -> None:
        """Show another character's castings and the spells it knows."""
        self.model.set_key(key)
        with QSignalBlocker(self.spell_combo):
            self.spell_combo.clear()
            scene = self._document.battle
            if key is not None:
                for spell in profile_of(scene, key).spells:
                    if spell in scene.entries.spells:
                        self.spell_combo.addItem(spell_name(scene, spell), spell)
        self._show_state()

    def start(self, spell: str) -> bool:
        """The character begins `spell`; refused (PF-04) beyond six at once."""
        key = self.key
        if key is None:
            return False
        scene = self._document.battle
        state = scene.characters[key]
        count = max(state.group, len(state.casting) + 1)  # PF-04: it joins the group being cast
        text = Phrase(
            N_("{character} starts casting {spell} ({time}): {at_once}"),
            character=label_of(scene, key),
            spell=scene_spell_name(scene, spell),
            time=casting_time(scene, spell),
            at_once=at_once_words(count),
        )
        return self._document.act(StartCasting(key=key, spell=spell), text=text)

    def stop(self, index: int) -> bool:
        key = self.key
        if key is None or not 0 <= index < self.model.rowCount():
            return False
        scene = self._document.battle
        text = Phrase(
            N_("{character} stops casting {spell}"),
            character=label_of(scene, key),
            spell=scene_spell_name(scene, scene.characters[key].casting[index].spell),
        )
        return self._document.act(StopCasting(key=key, index=index), text=text)

    def selected_index(self) -> int | None:
        rows = self.table.selectionModel().selectedRows()
        return rows[0].row() if rows else None

    def _on_start_button_clicked(self) -> None:
        spell = self.spell_combo.currentData()
        if isinstance(spell, str):
            self.start(spell)

    def _on_stop_button_clicked(self) -> None:
        index = self.selected_index()
        if index is None and self.model.rowCount() == 1:
            index = 0  # the only one: no need to select it
        if index is not None:
            self.stop(index)

    def _on_model_reset(self) -> None:
        if self.model.rowCount():
            self.table.selectRow(self.model.rowCount() - 1)  # the newest, to stop at once
        self._on_selection_changed()

    def _on_selection_changed(self) -> None:
        count = self.model.rowCount()
        self.stop_button.setEnabled(count == 1 or (count > 1 and self.selected_index() is not None))

    def _on_document_changed(self, change: Change[PfpvScene]) -> None:
        """Only the chosen character's castings and fatigue show here: a Don, another character, leave it be."""
        key = self.key
        if change.touched(lambda scene: panel_part(scene, key)):
            self._show_state()

    def _show_state(self) -> None:
        key = self.key
        scene = self._document.battle
        state = scene.characters.get(key) if key is not None else None
        self.start_button.setEnabled(state is not None and self.spell_combo.count() > 0)
        self._on_selection_changed()
        if key is None or state is None:
            self.penalty_label.setText(_("Choose a character in the table above."))
        elif not state.casting:
            self.penalty_label.setText(
                _("{character} is casting nothing.").format(character=spoken_text(label_of(scene, key)))
            )
        else:
            count = state.group  # PF-04: the group keeps its size until the last of its spells ends
            parts = []
            if count > 1:
                at_once = signed(roll_penalty(count, 0))
                parts.append(_("{count} spells at once {penalty}").format(count=count, penalty=at_once))
            if state.fatigue:
                parts.append(_("fatigue {fatigue}").format(fatigue=signed(-state.fatigue)))
            if not parts:
                text = _("One spell, no fatigue: no penalty on its rolls (PF-04).")
            else:
                text = _("{parts}: {penalty} on every contact and control roll of each spell (PF-04).").format(
                    parts=", ".join(parts), penalty=signed(roll_penalty(count, state.fatigue))
                )
            if count > len(state.casting):
                text += " " + _(
                    "{count} spells were cast at once: their penalty stays until the last of them ends."
                ).format(count=count)
            if len(state.casting) > 1:
                text += " " + _("The shortest casting finishes first.")
            self.penalty_label.setText(text)
