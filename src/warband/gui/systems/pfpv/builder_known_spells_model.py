"""The spells a character built in the party knows, as a checkable list: every spell of the catalogs, checked where
the character knows it, and after them the spells it knows that the catalogs no longer hold (AR-02). Checking or
unchecking one is one command of the army ("Morgane learns Fireball")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from warband.gui.army_document import ArmyDocument
from warband.gui.builder.entry_tables import tooltip_html
from warband.gui.document import Change
from warband.model.army import Army
from warband.model.messages import _
from warband.model.names import CatalogName, display_name
from warband.model.systems.pfpv.characters import SetSpellKnown, built
from warband.model.systems.pfpv.rules import can_attempt, index
from warband.model.systems.pfpv.scene_words import casting_time_text

ModelIndex = QModelIndex | QPersistentModelIndex
SPELL_ID_ROLE = Qt.ItemDataRole.UserRole + 1
_ROOT = QModelIndex()


@dataclass(frozen=True)
class KnownRow:
    """One spell as the list shows it."""

    id: str
    text: str
    known: bool
    tooltip: str


def known_part(army: Army, unit_id: str | None) -> object:
    """What the list reads of the army: the selected unit's built character (its spells and skills, for the
    tooltips), or nothing for a catalog's character."""
    unit = army.unit(unit_id) if unit_id is not None else None
    return built(unit) if unit is not None else None


class KnownSpellsListModel(QAbstractListModel):
    """The spells of the catalogs for the document's selected built character, checked where it knows them."""

    def __init__(self, document: ArmyDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._unit_id: str | None = None
        self._rows: list[KnownRow] = []
        document.selection_changed.connect(self._on_document_selection_changed)
        document.state_changed.connect(self._on_document_state_changed)
        self.refresh()

    # --- reading -------------------------------------------------------------------------------------------
    @property
    def unit_id(self) -> str | None:
        """The built character the list is of (None: the selected character is not one the player built)."""
        return self._unit_id

    def spell_ids(self) -> list[str]:
        return [row.id for row in self._rows]

    def row_of(self, spell_id: str) -> int:
        return next((number for number, row in enumerate(self._rows) if row.id == spell_id), -1)

    def known(self) -> list[str]:
        return [row.id for row in self._rows if row.known]

    # --- keeping up with the document ----------------------------------------------------------------------
    def _fresh_rows(self) -> tuple[str | None, list[KnownRow]]:
        document = self._document
        unit_id = document.selected
        unit = document.army.unit(unit_id) if unit_id is not None else None
        character = built(unit) if unit is not None else None
        if unit is None or character is None:
            return None, []
        idx = index(document.catalogs)
        profile = character.as_profile()
        rows: list[KnownRow] = []
        for spell in idx.spells.values():
            name = display_name(spell.name)
            text = _("{spell} (level {level})").format(spell=name, level=spell.level)
            attempts = sum(can_attempt(profile, c) for c in spell.combinations)
            lines = [
                _("{spell}, level {level}, casting time {time}").format(
                    spell=name, level=spell.level, time=casting_time_text(spell.casting_time)
                ),
                _("It can attempt {can} of its {total} combinations.").format(
                    can=attempts, total=len(spell.combinations)
                )
                if spell.combinations
                else _("The Grimoire lists no combination: the game master sets one (PF-01)."),
            ]
            rows.append(KnownRow(spell.id, text, spell.id in character.spells, "\n".join(lines)))
        for spell_id in character.spells:
            if spell_id not in idx.spells:
                text = _("{spell} (not in the catalogs)").format(spell=spell_id)
                tip = _("{spell}: not in the loaded catalogs; the character keeps it (AR-02).").format(
                    spell=spell_id
                )
                rows.append(KnownRow(spell_id, text, True, tip))
        return unit.id, rows

    def refresh(self) -> None:
        """The rows again; only those that changed are repainted while the same spells are listed (a spell
        checked keeps the keyboard's place in the list)."""
        unit_id, fresh = self._fresh_rows()
        same = unit_id == self._unit_id and [r.id for r in fresh] == [r.id for r in self._rows]
        if not same:
            self.beginResetModel()
            self._unit_id, self._rows = unit_id, fresh
            self.endResetModel()
            return
        old, self._rows = self._rows, fresh
        for number, (before, after) in enumerate(zip(old, fresh, strict=True)):
            if before != after:
                self.dataChanged.emit(self.index(number), self.index(number))

    def _on_document_selection_changed(self, unit_id: object) -> None:
        self.refresh()

    def _on_document_state_changed(self, change: Change[Army]) -> None:
        """Only the selected built character's change (or the catalogs reloaded) changes the list."""
        unit_id = self._document.selected
        if change.touched(lambda army: known_part(army, unit_id)):
            self.refresh()

    # --- the model -----------------------------------------------------------------------------------------
    def rowCount(self, parent: ModelIndex = _ROOT) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: ModelIndex = _ROOT) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else 1

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsUserCheckable

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return row.text
        if role == Qt.ItemDataRole.CheckStateRole:
            return Qt.CheckState.Checked if row.known else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip_html(row.tooltip)
        if role == SPELL_ID_ROLE:
            return row.id
        return None

    def setData(self, index: ModelIndex, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        """A spell checked or unchecked: the character learns or forgets it, one command of the army."""
        if role != Qt.ItemDataRole.CheckStateRole or not index.isValid() or self._unit_id is None:
            return False
        if not 0 <= index.row() < len(self._rows):
            return False
        checked = Qt.CheckState.Checked
        known = value == checked or value == checked.value
        row = self._rows[index.row()]
        if known == row.known:
            return False
        spell = index_spell_name(self._document, row.id)
        return self._document.execute(SetSpellKnown(self._unit_id, row.id, known, name=spell))


def index_spell_name(document: ArmyDocument, spell_id: str) -> str:
    """A spell's name for a command's label (a `CatalogName`: in the language spoken where the label shows), or
    its id when the catalogs no longer hold it."""
    spell = index(document.catalogs).spells.get(spell_id)
    return CatalogName(spell.name) if spell is not None else spell_id
