"""Starting a battle: the game, its sides (the army on screen or files, the same one twice is fine) with the
players' names, and the game's own rules options shown before the first turn."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
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

from warband.api import Army, FileError, games, load_army
from warband.gui.dialogs import ARMY_FILTER
from warband.gui.systems.registry import battle_kit, options_box
from warband.gui.widgets.options_box import RulesOptionsBox
from warband.model.messages import _

ON_SCREEN = "on screen"


@dataclass(frozen=True)
class NewBattle:
    """What the player chose: one (player, army) per side, the rules options, the side that starts."""

    sides: tuple[tuple[str, Army], ...]
    """One (player, army) per side: two for a battle, one party for a role-playing scene."""
    options: BaseModel | None
    """The game's rules options (None: it has none)."""
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
    """Asks for the game, its sides and its options; `result_battle()` gives the choice once accepted.

    What it asks is the chosen game's: as many sides as it has (a party scene asks for one group), and only its
    own rules options (`SystemUi.options_box`).
    """

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
        self.game_combo = QComboBox(self)
        self.game_combo.setObjectName("gameCombo")
        self.game_combo.setAccessibleName(_("Game"))
        for game in games():
            if battle_kit(game.id) is not None:
                self.game_combo.addItem(_(game.name), game.id)
        game_row = QFormLayout()
        game_row.addRow(_("Game"), self.game_combo)
        self.sides: list[_SideBox] = []
        self.options_box: RulesOptionsBox | None = None
        self._sides_layout = QVBoxLayout()
        self._options_layout = QVBoxLayout()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.start = buttons.addButton(_("Start the battle"), QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(game_row)
        layout.addLayout(self._sides_layout)
        layout.addLayout(self._options_layout)
        layout.addStretch(1)
        layout.addWidget(buttons)
        found = self.game_combo.findData(screen_army.system) if screen_army is not None else -1
        self.game_combo.setCurrentIndex(max(found, 0))
        self.game_combo.currentIndexChanged.connect(self._on_game_combo_current_index_changed)
        self._show_game()

    @property
    def game(self) -> str:
        return str(self.game_combo.currentData())

    def set_game(self, system_id: str) -> None:
        index = self.game_combo.findData(system_id)
        if index < 0:
            raise KeyError(system_id)
        self.game_combo.setCurrentIndex(index)

    def _show_game(self) -> None:
        """The sides and the options box of the game chosen, in place of the last game's."""
        game = next(g for g in games() if g.id == self.game)
        for box in self.sides:
            box.setParent(None)
            box.deleteLater()
        screen = self._screen_army is not None and self._screen_army.system == game.id
        if game.sides == 1:
            titles = [(_("The party"), _("Game master"))]
        else:
            titles = [(_("First side"), _("Player 1")), (_("Second side"), _("Player 2"))][: game.sides]
        self.sides = [_SideBox(title, player, screen, self) for title, player in titles]
        for box in self.sides:
            self._sides_layout.addWidget(box)
            box.browse.clicked.connect(lambda checked=False, b=box: self._on_side_browse_clicked(b))
        if self.options_box is not None:
            self.options_box.setParent(None)
            self.options_box.deleteLater()
        self.options_box = options_box(game.id, self)
        if self.options_box is not None:
            self._options_layout.addWidget(self.options_box)
        self.adjustSize()

    def _file_dialog(self) -> Path | None:
        name, _filter = QFileDialog.getOpenFileName(self, _("Choose an army"), str(Path.home()), ARMY_FILTER)
        return Path(name) if name else None

    def _on_game_combo_current_index_changed(self, _index: int) -> None:
        self._show_game()

    def _on_side_browse_clicked(self, box: _SideBox) -> None:
        path = self._ask_file()
        if path is not None:
            box.add_file(path)

    def choose(self) -> NewBattle | None:
        """Read every side; an army that cannot be read, or is of another game, is named in its box, and nothing
        is returned."""
        chosen: list[tuple[str, Army]] = []
        ok = True
        game = self.game
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
                    continue
            if army is None:
                box.error.setText(_("Choose an army for this side."))
                ok = False
                continue
            if army.system != game:
                names = {g.id: _(g.name) for g in games()}
                box.error.setText(
                    _("This army is for {game}, and the battle is of {chosen}.").format(
                        game=names.get(army.system, army.system), chosen=names.get(game, game)
                    )
                )
                ok = False
                continue
            chosen.append((box.player.text().strip() or box.title(), army))
        if not ok:
            return None
        box_ = self.options_box
        options = box_.options() if box_ is not None else None
        return NewBattle(tuple(chosen), options, box_.first() if box_ is not None else 0)

    def accept(self) -> None:
        result = self.choose()
        if result is None:
            return  # the errors are shown in the boxes; the dialog stays open
        self._result = result
        super().accept()

    def result_battle(self) -> NewBattle | None:
        return self._result
