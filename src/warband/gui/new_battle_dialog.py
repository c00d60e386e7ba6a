"""Starting a battle: the two armies (the one on screen or files, the same one twice is fine), the players'
names, and the rules options shown before the first turn (CF-15, CF-18, CF-19)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from warband.api import Army, FileError, load_army
from warband.gui.dialogs import ARMY_FILTER
from warband.model.messages import _
from warband.model.systems.confrontation.battle_state import RulesOptions
from warband.model.systems.powerdice.battle_state import RulesOptions as PowerDiceOptions
from warband.model.systems.sbg.battle_state import RulesOptions as SbgOptions

ON_SCREEN = "on screen"
ONE_PARTY = frozenset({"pfpv"})
"""Games whose "battle" is a scene with one party: the first side's army alone is taken."""


class EmptyOptions(BaseModel):
    """No rules options to choose."""


@dataclass(frozen=True)
class NewBattle:
    """What the player chose: one (player, army) per side, the rules options, the side with the initiative."""

    sides: tuple[tuple[str, Army], ...]
    """One (player, army) per side: two for a battle, one party for a role-playing scene."""
    options: BaseModel
    first: int = 0


class _SideBox(QGroupBox):
    """One side: the player's name and the army, the one on screen or a file."""

    def __init__(self, title: str, player: str, has_screen_army: bool, parent: QWidget) -> None:
        super().__init__(title, parent)
        self.player = QLineEdit(player, self)
        self.player.setMaxLength(80)
        self.player.setAccessibleName(_("{side}: player").format(side=title))
        self.source = QComboBox(self)
        self.source.setAccessibleName(_("{side}: army").format(side=title))
        if has_screen_army:
            self.source.addItem(_("The army on screen"), ON_SCREEN)
        self.browse = QPushButton(_("Choose a file…"), self)
        self.error = QLabel(self)
        self.error.setTextFormat(Qt.TextFormat.PlainText)
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c0392b;")
        row = QHBoxLayout()
        row.addWidget(self.source, 1)
        row.addWidget(self.browse)
        form = QFormLayout(self)
        form.addRow(_("Player"), self.player)
        form.addRow(_("Army"), row)
        form.addRow(self.error)

    def add_file(self, path: Path) -> None:
        index = self.source.findData(str(path))
        if index == -1:
            self.source.addItem(path.name, str(path))
            index = self.source.count() - 1
        self.source.setCurrentIndex(index)


class NewBattleDialog(QDialog):
    """Asks for both sides and the options; `result_battle()` gives the choice once accepted."""

    def __init__(
        self,
        screen_army: Army | None,
        parent: QWidget | None = None,
        *,
        ask_file: Callable[[], Path | None] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("New battle"))
        self._screen_army = screen_army
        self._ask_file = ask_file or self._file_dialog
        self._result: NewBattle | None = None
        self.sides = (
            _SideBox(_("First side"), _("Player 1"), screen_army is not None, self),
            _SideBox(_("Second side"), _("Player 2"), screen_army is not None, self),
        )
        options = QGroupBox(_("Confrontation rules options"), self)
        self.tie_rule = QComboBox(options)
        self.tie_rule.addItem(_("All the Tactical winner's tied Faithful first"), "winner_first")
        self.tie_rule.addItem(_("The sides alternate, the Tactical winner first"), "alternate")
        self.refill = QCheckBox(_("Temporary Faith refilled at the start of each turn"), options)
        self.refill.setChecked(True)
        self.one_fails = QCheckBox(_("A natural 1 on the Divination roll always fails"), options)
        self.one_fails.setChecked(True)
        self.six_rerolls = QCheckBox(_("A 6 is rolled again and added"), options)
        self.six_rerolls.setChecked(True)
        form = QFormLayout(options)
        form.addRow(_("Equal Discipline across sides (CF-15)"), self.tie_rule)
        form.addRow(_("T.F. (CF-18)"), self.refill)
        form.addRow(_("Divination roll (CF-19)"), self.one_fails)
        form.addRow("", self.six_rerolls)
        power = QGroupBox(_("Power-dice rules options"), self)
        self.initiative = QComboBox(power)
        self.initiative.addItem(_("The first side"), 0)
        self.initiative.addItem(_("The second side"), 1)
        self.b3_first = QComboBox(power)
        self.b3_first.addItem(_("The side with the initiative casts first"), "initiative")
        self.b3_first.addItem(_("The other side casts first"), "other")
        power_form = QFormLayout(power)
        power_form.addRow(_("Initiative in the first turn"), self.initiative)
        power_form.addRow(_("B3 incantations (PD-03)"), self.b3_first)
        heroes = QGroupBox(_("Strategy Battle Game rules options"), self)
        self.will_dice = QComboBox(heroes)
        self.will_dice.addItem(_("One Will point and one die per attempt (2002–2004)"), "one")
        self.will_dice.addItem(_("Several Will dice, the highest counts (2005 and later)"), "several")
        self.fate_dice = QComboBox(heroes)
        self.fate_dice.addItem(_("One die at a time"), "one_at_a_time")
        self.fate_dice.addItem(_("Several at once"), "all_at_once")
        self.fate_restores = QComboBox(heroes)
        self.fate_restores.addItem(_("Only the Wounds lost in that event"), "same_event")
        self.fate_restores.addItem(_("Any lost Wound"), "any")
        heroes_form = QFormLayout(heroes)
        heroes_form.addRow(_("Will (SB-03)"), self.will_dice)
        heroes_form.addRow(_("Fate dice (SB-04)"), self.fate_dice)
        heroes_form.addRow(_("Fate restores (SB-04)"), self.fate_restores)
        self.option_boxes = {"confrontation": options, "powerdice": power, "sbg": heroes}
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.start = buttons.addButton(_("Start the battle"), QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        for box in self.sides:
            layout.addWidget(box)
            box.browse.clicked.connect(lambda checked=False, b=box: self._on_side_browse_clicked(b))
        layout.addWidget(options)
        layout.addWidget(power)
        layout.addWidget(heroes)
        layout.addWidget(buttons)

    def _file_dialog(self) -> Path | None:
        name, _filter = QFileDialog.getOpenFileName(self, _("Choose an army"), str(Path.home()), ARMY_FILTER)
        return Path(name) if name else None

    def _on_side_browse_clicked(self, box: _SideBox) -> None:
        path = self._ask_file()
        if path is not None:
            box.add_file(path)

    def options(self) -> RulesOptions:
        return RulesOptions(
            tie_across_sides=self.tie_rule.currentData(),
            refill_faith=self.refill.isChecked(),
            natural_one_fails=self.one_fails.isChecked(),
            six_rerolls=self.six_rerolls.isChecked(),
        )

    def choose(self) -> NewBattle | None:
        """Read both sides; an army that cannot be read is named in its box, and nothing is returned."""
        chosen: list[tuple[str, Army]] = []
        systems: set[str] = set()
        ok = True
        for box in self.sides:
            box.error.clear()
            source = box.source.currentData()
            army: Army | None = None
            if source == ON_SCREEN:
                army = self._screen_army
            elif source:
                try:
                    army = load_army(Path(source))
                except FileError as exc:
                    box.error.setText(str(exc))
                    ok = False
            if army is None:
                if ok:
                    box.error.setText(_("Choose an army for this side."))
                ok = False
                continue
            systems.add(army.system)
            chosen.append((box.player.text().strip() or box.title(), army))
            if army.system in ONE_PARTY:  # a role-playing scene: the party alone; the game master plays the rest
                return NewBattle((chosen[0],), EmptyOptions()) if ok else None
        if ok and len(systems) > 1:
            self.sides[1].error.setText(_("Both armies must be of the same game."))
            ok = False
        if not ok or len(chosen) != 2:
            return None
        if systems == {"sbg"}:
            sbg = SbgOptions(
                will_dice=self.will_dice.currentData(),
                fate_dice=self.fate_dice.currentData(),
                fate_restores=self.fate_restores.currentData(),
            )
            return NewBattle((chosen[0], chosen[1]), sbg)
        if systems == {"powerdice"}:
            power = PowerDiceOptions(b3_first=self.b3_first.currentData())
            return NewBattle((chosen[0], chosen[1]), power, int(self.initiative.currentData()))
        return NewBattle((chosen[0], chosen[1]), self.options())

    def accept(self) -> None:
        result = self.choose()
        if result is None:
            return  # the errors are shown in the boxes; the dialog stays open
        self._result = result
        super().accept()

    def result_battle(self) -> NewBattle | None:
        return self._result
