"""The selected character's spells as a tree: each spell, and under it each combination of its Grimoire entry
with its modifiers, whether the character can attempt it and, if not, why (PF-01 … PF-03).

The model decides nothing: `rules.can_attempt` says which combinations a character may attempt; the reasons only
name the skills it lacks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from warband.gui.army_document import ArmyDocument
from warband.gui.builder.entry_tables import disabled_text_colour, tooltip_html
from warband.gui.document import Change
from warband.gui.systems.pfpv.builder_text import (
    NO_BREAK,
    combination_text,
    effects_text,
    entry_name,
    missing_skills,
    rolls_text,
)
from warband.model.army import Army
from warband.model.messages import _
from warband.model.names import display_name, display_note
from warband.model.systems.pfpv.characters import built, sheet_of
from warband.model.systems.pfpv.rules import Index, can_attempt, index
from warband.model.systems.pfpv.scene_words import casting_time_text
from warband.model.systems.pfpv.schema import Profile, Spell

ModelIndex = QModelIndex | QPersistentModelIndex

COLUMNS = ("name", "attempt")
"""A spell's level is in its row's name; its casting time in its tooltip and under the tree: the combinations and
the reasons need the room."""
SPELL_ID_ROLE = Qt.ItemDataRole.UserRole + 1
"""The spell's id, on its row and on its combinations' rows."""
ATTEMPT_ROLE = Qt.ItemDataRole.UserRole + 2
"""On a combination's row: whether the character can attempt it; on a spell's row: whether it can attempt one."""
KNOWN_ROLE = Qt.ItemDataRole.UserRole + 3
"""On a spell's row: whether the character knows the spell."""
_ROOT = QModelIndex()
_TOP = 0
"""The internal id of a spell's row; a combination's row holds its spell's row + 1."""


@dataclass(frozen=True)
class CombinationRow:
    """One combination as the tree shows it."""

    text: str
    attempt: bool
    reasons: tuple[str, ...]
    tooltip: str


@dataclass(frozen=True)
class SpellRow:
    """One spell, with its combinations; `spell` is None when the catalogs no longer hold it (AR-02)."""

    id: str
    name: str
    spell: Spell | None
    known: bool
    combinations: tuple[CombinationRow, ...]

    @property
    def attempts(self) -> int:
        return sum(c.attempt for c in self.combinations)


def spell_rows(profile: Profile, idx: Index, every_spell: bool) -> list[SpellRow]:
    """The spells the character knows, in its order; with `every_spell`, every spell of the catalogs in theirs."""
    ids = list(idx.spells) if every_spell else list(profile.spells)
    rows: list[SpellRow] = []
    for spell_id in ids:
        spell = idx.spells.get(spell_id)
        combinations: list[CombinationRow] = []
        for combination in spell.combinations if spell is not None else ():
            attempt = can_attempt(profile, combination)
            reasons = () if attempt else tuple(missing_skills(profile, combination, idx))
            text = combination_text(combination, idx, space=NO_BREAK)
            lines = [text, rolls_text(profile, spell, combination, idx)] if spell is not None else [text]
            if combination.notes:
                lines.append(display_note(combination.notes))
            combinations.append(CombinationRow(text, attempt, reasons, "\n".join(lines)))
        name = display_name(spell.name) if spell is not None else entry_name(idx.spells, spell_id)
        rows.append(SpellRow(spell_id, name, spell, spell_id in profile.spells, tuple(combinations)))
    return rows


def profile_part(army: Army, unit_id: str | None) -> object:
    """What the tree reads of the army: the selected character's profile, or the character built in the party
    (its label and notes do not count)."""
    unit = army.unit(unit_id) if unit_id is not None else None
    return (unit.profile, built(unit)) if unit is not None else None


def _tree_key(profile: Profile | None) -> object:
    """What of a profile the rows show: its skills, specialisations and spells (not its Don or Vitality, which a
    built character's form changes one step at a time)."""
    if profile is None:
        return None
    return (profile.contact, profile.disciplines, profile.specialisations, profile.spells)


def _titles() -> dict[str, tuple[str, str]]:
    return {
        "name": (
            _("Spell / combination"),
            _(
                "Each spell with its level (the Don paid once it succeeds, PF-07), "
                "and under it the combinations of its Grimoire entry"
            ),
        ),
        "attempt": (_("Attempt"), _("Whether the character can attempt the combination, and why not (PF-01)")),
    }


class CombinationsTreeModel(QAbstractItemModel):
    """The combinations the document's selected character can and cannot attempt, spell by spell."""

    def __init__(self, document: ArmyDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._every_spell = False
        self._key: tuple[object, bool] | None = None
        self._catalogs = document.catalogs
        self._rows: list[SpellRow] = []
        document.selection_changed.connect(self._on_document_selection_changed)
        document.state_changed.connect(self._on_document_state_changed)
        self.refresh()

    # --- reading -------------------------------------------------------------------------------------------
    @property
    def every_spell(self) -> bool:
        return self._every_spell

    @property
    def spells(self) -> list[SpellRow]:
        return list(self._rows)

    def spell_row(self, spell_id: str) -> int:
        """The row of a spell, or -1 when the tree does not show it."""
        return next((r for r, s in enumerate(self._rows) if s.id == spell_id), -1)

    def column(self, name: str) -> int:
        return COLUMNS.index(name)

    def attempt_lines(self) -> list[str]:
        """Every line the Attempt column shows: the view makes the column as wide as the longest needs."""
        lines = [self._summary(s) for s in self._rows]
        for spell in self._rows:
            for combination in spell.combinations:
                lines.extend(combination.reasons if not combination.attempt else [_("can attempt")])
        return lines

    # --- keeping up with the document ----------------------------------------------------------------------
    def set_every_spell(self, every: bool) -> None:
        """Show every spell of the catalogs, not only those the character knows."""
        if every != self._every_spell:
            self._every_spell = every
            self.refresh()

    def refresh(self) -> None:
        """Build the rows again when what they depend on changed: the character's profile (or, built in the party,
        its skills and spells), the catalogs, the choice of spells. Renaming a character changes none of it."""
        document = self._document
        unit = document.army.unit(document.selected) if document.selected is not None else None
        idx = index(document.catalogs)
        profile = sheet_of(unit, idx.profiles) if unit is not None else None
        key = (_tree_key(profile), self._every_spell)
        if key == self._key and document.catalogs is self._catalogs:
            return
        self.beginResetModel()
        self._key = key
        self._catalogs = document.catalogs
        self._rows = spell_rows(profile, idx, self._every_spell) if profile is not None else []
        self.endResetModel()

    def _on_document_selection_changed(self, unit_id: object) -> None:
        self.refresh()

    def _on_document_state_changed(self, change: Change[Army]) -> None:
        """Only another profile for the selected character, or the catalogs reloaded, changes the tree."""
        unit_id = self._document.selected
        if change.touched(lambda army: profile_part(army, unit_id)):
            self.refresh()

    # --- shape ---------------------------------------------------------------------------------------------
    def index(self, row: int, column: int, parent: ModelIndex = _ROOT) -> QModelIndex:
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, _TOP)
        return self.createIndex(row, column, parent.row() + 1)

    def parent(self, child: ModelIndex = _ROOT) -> QModelIndex:  # type: ignore[override]
        if not child.isValid() or child.internalId() == _TOP:
            return QModelIndex()
        return self.createIndex(child.internalId() - 1, 0, _TOP)

    def rowCount(self, parent: ModelIndex = _ROOT) -> int:  # noqa: N802 (Qt's name)
        if not parent.isValid():
            return len(self._rows)
        if parent.internalId() == _TOP and parent.column() == 0 and 0 <= parent.row() < len(self._rows):
            return len(self._rows[parent.row()].combinations)
        return 0

    def columnCount(self, parent: ModelIndex = _ROOT) -> int:  # noqa: N802 (Qt's name)
        return len(COLUMNS)

    def headerData(  # noqa: N802 (Qt's name)
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        title, tip = _titles()[COLUMNS[section]]
        if role == Qt.ItemDataRole.DisplayRole:
            return title
        return tip if role == Qt.ItemDataRole.ToolTipRole else None

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        return flags | Qt.ItemFlag.ItemNeverHasChildren if index.internalId() != _TOP else flags

    # --- data ----------------------------------------------------------------------------------------------
    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        if index.internalId() == _TOP:
            if not 0 <= index.row() < len(self._rows):
                return None
            return self._spell_data(self._rows[index.row()], COLUMNS[index.column()], role)
        spell_row = index.internalId() - 1
        if not 0 <= spell_row < len(self._rows):
            return None
        spell = self._rows[spell_row]
        if not 0 <= index.row() < len(spell.combinations):
            return None
        return self._combination_data(spell, spell.combinations[index.row()], COLUMNS[index.column()], role)

    def _spell_data(self, row: SpellRow, column: str, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            return self._spell_text(row, column)
        if role == Qt.ItemDataRole.ForegroundRole and not row.attempts:
            return disabled_text_colour()
        if role == Qt.ItemDataRole.FontRole and row.known and column == "name":
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip_html(self._spell_tooltip(row))
        if role == SPELL_ID_ROLE:
            return row.id
        if role == ATTEMPT_ROLE:
            return row.attempts > 0
        if role == KNOWN_ROLE:
            return row.known
        return None

    def _spell_text(self, row: SpellRow, column: str) -> str:
        if column == "name":
            spell = row.spell
            return (
                row.name
                if spell is None
                else _("{spell} (level {level})").format(spell=row.name, level=spell.level)
            )
        return self._summary(row)

    def _summary(self, row: SpellRow) -> str:
        """'2 of 3', 'not known · 1 of 2', 'no combination listed'."""
        if row.spell is None:
            text = _("not in the catalogs (AR-02)")
        elif not row.combinations:
            text = _("no combination listed")
        else:
            text = _("{can} of {total}").format(can=row.attempts, total=len(row.combinations))
        return text if row.known else _("not known · {summary}").format(summary=text)

    def _spell_tooltip(self, row: SpellRow) -> str:
        spell = row.spell
        if spell is None:
            return _("{spell}: not in the loaded catalogs; the character's sheet keeps it (AR-02).").format(
                spell=row.id
            )
        lines = [
            _("{spell}, level {level}, casting time {time}").format(
                spell=row.name, level=spell.level, time=casting_time_text(spell.casting_time)
            ),
            _("The character knows this spell.") if row.known else _("The character does not know this spell."),
        ]
        if not spell.combinations:
            lines.append(_("The Grimoire lists no combination: the game master sets one (PF-01)."))
        else:
            lines.append(
                _("It can attempt {can} of its {total} combinations.").format(
                    can=row.attempts, total=len(spell.combinations)
                )
            )
        if spell.effects:
            lines.append(_("Effects (PF-08): {effects}").format(effects=effects_text(spell)))
        if spell.notes:
            lines.append(display_note(spell.notes))
        return "\n".join(lines)

    def _combination_data(self, spell: SpellRow, row: CombinationRow, column: str, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            if column == "name":
                return row.text
            return _("can attempt") if row.attempt else "\n".join(row.reasons)
        if role == Qt.ItemDataRole.ForegroundRole and not row.attempt:
            return disabled_text_colour()
        if role == Qt.ItemDataRole.ToolTipRole:
            reasons = (
                ""
                if row.attempt
                else "\n" + _("Cannot attempt it: {reasons}.").format(reasons="; ".join(row.reasons))
            )
            return tooltip_html(row.tooltip + reasons)
        if role == SPELL_ID_ROLE:
            return spell.id
        if role == ATTEMPT_ROLE:
            return row.attempt
        return None
