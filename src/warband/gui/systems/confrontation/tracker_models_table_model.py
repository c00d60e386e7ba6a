"""Every model of both sides as a table: its wounds, what it did this turn, its T.F. and Discipline bonus.

Each edit is one undoable command through the battle document; a refused one (a model that called a miracle
may not shoot, CF-10) changes nothing, so the cell keeps showing what the battle holds.
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import ValidationError
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.widgets.appearance import muted, side_colour, side_tint
from warband.gui.widgets.plain_text import plain_tooltip
from warband.model.messages import N_, Phrase, _, spoken_text
from warband.model.names import display_name
from warband.model.session import Command
from warband.model.systems.confrontation.battle_commands import (
    WOUND_NAMES,
    SetModelFlag,
    SetModelNumber,
    SetWounds,
)
from warband.model.systems.confrontation.battle_rules import Model, miracle_name, models
from warband.model.systems.confrontation.battle_state import WOUND_LEVELS, ConfrontationBattle

ModelIndex = QModelIndex | QPersistentModelIndex
KEY_ROLE = Qt.ItemDataRole.UserRole + 1
"""The model's key (`"<side>:<unit id>"`) on every cell."""


_DISPLAY = int(Qt.ItemDataRole.DisplayRole.value)
_EDIT = int(Qt.ItemDataRole.EditRole.value)
_CHECK_STATE = int(Qt.ItemDataRole.CheckStateRole.value)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole.value)
_FOREGROUND = int(Qt.ItemDataRole.ForegroundRole.value)
_BACKGROUND = int(Qt.ItemDataRole.BackgroundRole.value)
_DECORATION = int(Qt.ItemDataRole.DecorationRole.value)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole.value)
_KEY = int(KEY_ROLE)
_CENTRED = int(Qt.AlignmentFlag.AlignCenter)
_PLAIN = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_CHECKABLE = _PLAIN | Qt.ItemFlag.ItemIsUserCheckable
_EDITABLE = _PLAIN | Qt.ItemFlag.ItemIsEditable


def wound_name(level: str) -> str:
    return _(WOUND_NAMES.get(level, level))


class ModelsTableModel(QAbstractTableModel):
    """One row per model of both sides, in army order, first side first."""

    (
        SIDE,
        UNIT,
        PROFILE,
        DISCIPLINE,
        WOUNDS,
        REMOVED,
        ENGAGED,
        WOUNDS_ROLL,
        MOVED_BEYOND,
        BY_EFFECT,
        FEAT,
        SHOT,
        FAITH,
        BONUS,
        CALLED,
    ) = range(15)
    FLAG_COLUMNS: ClassVar[dict[int, str]] = {
        REMOVED: "removed",
        ENGAGED: "engaged",
        WOUNDS_ROLL: "wounds_roll",
        MOVED_BEYOND: "moved_beyond",
        BY_EFFECT: "moved_by_effect",
        FEAT: "feat",
        SHOT: "shot",
    }
    NUMBER_COLUMNS: ClassVar[dict[int, str]] = {FAITH: "faith", BONUS: "discipline_bonus"}
    NUMBER_RANGES: ClassVar[dict[int, tuple[int, int]]] = {FAITH: (0, 200), BONUS: (-20, 20)}
    """What the battle state accepts (ModelState.faith, ModelState.discipline_bonus), for the editors."""

    def __init__(self, document: BattleDocument[ConfrontationBattle], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._models: list[Model] = models(document.battle)
        document.changed.connect(self._on_document_changed)

    @property
    def battle(self) -> ConfrontationBattle:
        return self._document.battle

    def model_at(self, row: int) -> Model:
        return self._models[row]

    def row_of(self, key: str) -> int:
        return next((row for row, m in enumerate(self._models) if m.key == key), -1)

    # --- shape ---------------------------------------------------------------------------------------------
    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._models)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else 15

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < 15:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return _titles()[section][0]
        if role == Qt.ItemDataRole.ToolTipRole:
            return _titles()[section][1]
        return None

    def flags(self, index: ModelIndex) -> Qt.ItemFlag:
        """The three sets of flags made once: a painted cell asks for its flags, and PySide6 enums combine
        slowly."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        column = index.column()
        if column in self.FLAG_COLUMNS:
            return _CHECKABLE
        if column in (self.WOUNDS, self.BONUS) or (column == self.FAITH and self._models[index.row()].faithful):
            return _EDITABLE
        return _PLAIN

    # --- data ----------------------------------------------------------------------------------------------
    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """Roles compared as plain ints: a painted cell asks a dozen of them, and a PySide6 enum comparison costs
        more than the rest of the call."""
        if not index.isValid() or not 0 <= index.row() < len(self._models):
            return None
        m = self._models[index.row()]
        column = index.column()
        role = int(role)
        if role == _DISPLAY:
            return self._display(m, column)
        if role == _EDIT:
            return self._edit_value(m, column)
        if role == _CHECK_STATE and column in self.FLAG_COLUMNS:
            checked = bool(getattr(m.state, self.FLAG_COLUMNS[column]))
            if not checked and column == self.WOUNDS_ROLL and m.state.wounded:
                return Qt.CheckState.PartiallyChecked  # implied by a wound recorded this turn (CF-11)
            return Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked
        if role == _KEY:
            return m.key
        if role == _TOOLTIP:
            return plain_tooltip(self._tooltip(m, column))
        if role == _FOREGROUND and not m.in_play:
            return muted()
        if role == _BACKGROUND and column == self.SIDE:
            return side_tint(m.side)
        if role == _DECORATION and column == self.SIDE:
            return side_colour(m.side)
        if role == _ALIGNMENT and column in (self.DISCIPLINE, self.FAITH, self.BONUS):
            return _CENTRED
        return None

    def cell_looks(self, row: int) -> list[tuple[object, object]]:
        """Each cell's text and font (none of its own), as `data()` gives them, for the table's fit
        (`TrackerTableFit`)."""
        m = self._models[row]
        return [(self._display(m, column), None) for column in range(15)]

    def _display(self, m: Model, column: int) -> object:
        if column == self.SIDE:
            return self.battle.sides[m.side].player
        if column == self.UNIT:
            return spoken_text(m.label)
        if column == self.PROFILE:
            return display_name(m.profile.name) if m.profile else m.unit.profile
        if column == self.DISCIPLINE:
            if m.profile is not None and not m.profile.known("discipline"):  # CF-X1: placed at its bonus
                return f"? ({m.state.discipline_bonus:+d})"
            if m.profile is None or m.profile.discipline is None:
                return "–"
            bonus = m.state.discipline_bonus
            return f"{m.discipline} ({bonus:+d})" if bonus else str(m.discipline)
        if column == self.WOUNDS:
            return wound_name(m.state.wounds)
        if column == self.FAITH:
            if m.profile is None or m.profile.faithful is None:
                return None
            if not m.profile.faithful.known("faith"):  # CF-X1: the T.F. the player sets, against no Faith
                return f"{m.state.faith} / ?"
            return f"{m.state.faith} / {m.profile.faithful.faith}"
        if column == self.BONUS:
            bonus = m.state.discipline_bonus
            return f"{bonus:+d}" if bonus else "0"
        if column == self.CALLED:
            return ", ".join(spoken_text(miracle_name(self.battle, mid)) for mid in m.state.called)
        return None

    def _edit_value(self, m: Model, column: int) -> object:
        if column == self.WOUNDS:
            return m.state.wounds
        if column in self.NUMBER_COLUMNS:
            return int(getattr(m.state, self.NUMBER_COLUMNS[column]))
        return self._display(m, column)

    def _tooltip(self, m: Model, column: int) -> str | None:
        if not m.in_play:
            return _("{unit} is out of play.").format(unit=spoken_text(m.label))
        if column == self.DISCIPLINE and (m.profile is None or m.profile.discipline is None):
            return _("No Discipline: it counts as 0, and no bonus changes it (CF-16).")
        if column == self.CALLED and m.state.called:
            return _("Miracles called this turn: {miracles}").format(miracles=self._display(m, column))
        if column in (self.WOUNDS, self.WOUNDS_ROLL) and m.state.wounded and not m.state.wounds_roll:
            return _(
                "{unit} was wounded this turn: it suffered a Wounds roll, and cannot call a miracle (CF-11)."
            ).format(unit=spoken_text(m.label))
        if column in self.FLAG_COLUMNS or column in self.NUMBER_COLUMNS:
            return f"{spoken_text(m.label)}: {_titles()[column][1]}"
        return None

    def setData(self, index: ModelIndex, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        if not index.isValid() or not 0 <= index.row() < len(self._models):
            return False
        if role == Qt.ItemDataRole.EditRole and not self.flags(index) & Qt.ItemFlag.ItemIsEditable:
            return False
        m = self._models[index.row()]
        column = index.column()
        try:
            command = self._command(m, column, value, role)
        except (ValidationError, ValueError):
            return False
        if command is None:
            return False
        text = Phrase(N_("{unit}: {action}"), unit=m.label, action=command.label)
        return self._document.act(command, text=text, side=m.side)

    def _command(self, m: Model, column: int, value: object, role: int) -> Command[ConfrontationBattle] | None:
        """The command an edit of this cell stands for (None: the cell does not take this edit)."""
        if role == Qt.ItemDataRole.CheckStateRole and column in self.FLAG_COLUMNS:
            checked = _check_state(value) == Qt.CheckState.Checked
            return SetModelFlag.model_validate(
                {"key": m.key, "field": self.FLAG_COLUMNS[column], "value": checked}
            )
        if role != Qt.ItemDataRole.EditRole:
            return None
        if column == self.WOUNDS and value in WOUND_LEVELS:
            return SetWounds.model_validate({"key": m.key, "wounds": value})
        if column in self.NUMBER_COLUMNS and isinstance(value, int | str) and not isinstance(value, bool):
            field = self.NUMBER_COLUMNS[column]
            return SetModelNumber.model_validate({"key": m.key, "field": field, "value": int(value)})
        return None

    # --- following the document ----------------------------------------------------------------------------
    def _on_document_changed(self, change: Change[ConfrontationBattle]) -> None:
        """Only the rows whose model changed repaint; a phase or a Tactical winner changes none."""
        if not change.touched(_shown):
            return
        fresh = models(self._document.battle)
        if [m.key for m in fresh] != [m.key for m in self._models]:
            self.beginResetModel()
            self._models = fresh
            self.endResetModel()
            return
        old, self._models = self._models, fresh
        last = self.columnCount() - 1
        for row, (before, after) in enumerate(zip(old, fresh, strict=True)):
            if before is after:  # made once per unit, profile and state (`battle_models`): nothing changed
                continue
            if before.state is not after.state or before.discipline != after.discipline:
                self.dataChanged.emit(self.index(row, 0), self.index(row, last))  # only what changed repaints


def _shown(battle: ConfrontationBattle) -> tuple[object, ...]:
    """What the table reads: the players and armies, the catalog entries (profiles, miracles called), the models'
    states."""
    return (battle.sides, battle.entries, battle.models)


def _check_state(value: object) -> Qt.CheckState:
    if isinstance(value, Qt.CheckState):
        return value
    if isinstance(value, int):
        return Qt.CheckState(value)
    return Qt.CheckState.Unchecked


def _titles() -> list[tuple[str, str]]:
    """Each column's short title and what it means, in the player's language."""
    return [
        (_("Side"), _("The player the model belongs to")),
        (_("Model"), _("The model's label in its army")),
        (_("Profile"), _("The model's profile")),
        (_("Disc."), _("Discipline, with this turn's bonus (CF-13)")),
        (_("Wounds"), _("Wound state; a killed model is out of play")),
        (_("Removed"), _("Removed from play (fled, …)")),
        (_("Engaged"), _("Engaged in melee by an enemy: it cannot call a miracle (CF-11)")),
        (_("W. roll"), _("Suffered a Wounds roll this turn: it cannot call a miracle (CF-11)")),
        (_("Moved+"), _("Moved farther than its Movement this turn (CF-10)")),
        (
            _("By effect"),
            _("The extra movement came from a miracle, ability, item or card: it does not count (CF-10)"),
        ),
        (_("Feat"), _("Performed a Physical Feat this turn (CF-10)")),
        (_("Shot"), _("Shot this turn (CF-10)")),
        (_("T.F."), _("Temporary Faith left, of the Faith value (CF-18)")),
        (_("Bonus"), _("Discipline bonus this turn (CF-13)")),
        (_("Called"), _("Miracles called this turn (CF-09)")),
    ]
