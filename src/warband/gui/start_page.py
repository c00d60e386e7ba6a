"""The start page: what the Army builder tab shows when no army is open (at the first launch, after File → Close).

It lists the games with a line each, a New army button for each game the builder has panels for, New battle,
the recent files and the example armies. It is painted from `games()` and the file names alone: no game is
loaded until the player picks one. Every item is a button, reached by Tab and pressed with Enter.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QGridLayout, QGroupBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from warband.api import ARMY_SUFFIX, GameInfo, games
from warband.gui.systems.registry import builder_systems
from warband.gui.widgets.layout_rows import clear_layout
from warband.gui.widgets.plain_text import escape_mnemonic
from warband.model.messages import _, current_language

EXAMPLES_FOLDER = "examples"
MAX_RECENT = 8


def _label(text: str, parent: QWidget, *, bold: bool = False, wrap: bool = False) -> QLabel:
    label = QLabel(text, parent)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(wrap)
    if bold:
        font = QFont(label.font())
        font.setBold(True)
        label.setFont(font)
    return label


def _button(text: str, parent: QWidget, name: str) -> QPushButton:
    """A button that Enter presses too (outside a dialog only Space does, unless it is auto-default)."""
    button = QPushButton(escape_mnemonic(text), parent)
    button.setObjectName(name)
    button.setAutoDefault(True)
    return button


def describe(game: GameInfo) -> str:
    """The game's line: what its rules are about, without repeating its name ("Confrontation: miracles and the
    Divination phase" says "Miracles and the Divination phase" beside "Confrontation")."""
    name, line = _(game.name), _(game.rules_title or game.title)
    head, colon, rest = line.partition(":")
    if colon and head.strip() == name and rest.strip():
        rest = rest.strip()
        return rest[0].upper() + rest[1:]
    return line


def example_armies(game: GameInfo, language: str | None = None) -> list[tuple[str, Path]]:
    """The game's example armies in the player's language, each with its name (read from the file, without
    loading the game; the file's name when it cannot be read).

    An example is written in English in `examples/`, and in another language in `examples/<language>/` under the
    same file name (its name, labels and notes translated); the English one stands in where there is none.
    """
    folder = game.folder() / EXAMPLES_FOLDER
    if not folder.is_dir():
        return []
    spoken = language or current_language()
    found: list[tuple[str, Path]] = []
    for english in sorted(folder.glob(f"*{ARMY_SUFFIX}")):
        translated = [folder / lang / english.name for lang in (spoken, spoken.split("-")[0])]
        path = next((p for p in translated if p.is_file()), english)
        name = path.name.removesuffix(ARMY_SUFFIX)
        try:
            if path.stat().st_size < 1_000_000:
                named = json.loads(path.read_text(encoding="utf-8")).get("name")
                name = named if isinstance(named, str) and named.strip() else name
        except (OSError, ValueError, AttributeError):
            pass  # opening it says what is wrong
        found.append((name, path))
    return found


class StartPage(QWidget):
    """How to start: a new army of a game, a battle, a recent file or an example army."""

    new_army_requested = Signal(str)
    """A game's id."""
    new_battle_requested = Signal()
    open_army_requested = Signal()
    """Ask for an army file."""
    open_battle_requested = Signal()
    open_file_requested = Signal(Path)
    """A recent army file."""
    open_example_requested = Signal(Path)
    """An example army, to open as a new army of the player's (saving it asks where)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("startPage")
        buildable = set(builder_systems())
        heading = _label(_("Warband"), self, bold=True)
        font = QFont(heading.font())
        font.setPointSizeF(font.pointSizeF() * 1.6)
        heading.setFont(font)
        intro = _label(
            _("Build an army for one of these games, then play its battles at the table."), self, wrap=True
        )

        games_box = QGroupBox(_("Games"), self)
        grid = QGridLayout(games_box)
        self.new_army_buttons: dict[str, QPushButton] = {}
        for row, game in enumerate(games()):
            name = _(game.name)
            grid.addWidget(_label(name, games_box, bold=True), row, 0)
            grid.addWidget(_label(describe(game), games_box, wrap=True), row, 1)
            if game.id in buildable:
                button = _button(_("New army"), games_box, f"startNewArmy_{game.id}")
                button.setAccessibleName(_("New army: {game}").format(game=name))
                button.clicked.connect(lambda checked=False, s=game.id: self.new_army_requested.emit(s))
                grid.addWidget(button, row, 2)
                self.new_army_buttons[game.id] = button
        grid.setColumnStretch(1, 1)

        self.new_battle_button = _button(_("New battle…"), self, "startNewBattle")
        self.new_battle_button.clicked.connect(self.new_battle_requested)
        self.open_army_button = _button(_("Open army…"), self, "startOpenArmy")
        self.open_army_button.clicked.connect(self.open_army_requested)
        self.open_battle_button = _button(_("Open battle…"), self, "startOpenBattle")
        self.open_battle_button.clicked.connect(self.open_battle_requested)
        actions = QHBoxLayout()
        for button in (self.new_battle_button, self.open_army_button, self.open_battle_button):
            actions.addWidget(button)
        actions.addStretch(1)

        self.recent_box = QGroupBox(_("Recent files"), self)
        self._recent_layout = QVBoxLayout(self.recent_box)
        self.recent_buttons: list[QPushButton] = []

        examples_box = QGroupBox(_("Example armies"), self)
        examples = QGridLayout(examples_box)
        self.example_buttons: list[QPushButton] = []
        row = 0
        for game in games():
            if game.id not in buildable:
                continue
            for name, path in example_armies(game):
                button = _button(name, examples_box, f"startExample_{path.name}")
                button.setToolTip(str(path))
                button.clicked.connect(lambda checked=False, p=path: self.open_example_requested.emit(p))
                examples.addWidget(button, row, 0)
                examples.addWidget(_label(_(game.name), examples_box), row, 1)
                self.example_buttons.append(button)
                row += 1
        examples.setColumnStretch(1, 1)

        files = QHBoxLayout()
        files.addWidget(self.recent_box, 1)
        files.addWidget(examples_box, 1)
        column = QVBoxLayout()
        column.addWidget(heading)
        column.addWidget(intro)
        column.addWidget(games_box)
        column.addLayout(actions)
        column.addLayout(files)
        column.addStretch(1)
        layout = QHBoxLayout(self)
        layout.addStretch(1)
        layout.addLayout(column, 6)
        layout.addStretch(1)
        self.set_recent([])
        first = next(iter(self.new_army_buttons.values()), self.new_battle_button)
        self.setFocusProxy(first)

    def set_recent(self, recent: Sequence[str]) -> None:
        """Show the recent files (the newest first), each a button that opens it."""
        clear_layout(self._recent_layout)
        self.recent_buttons = []
        for text in list(recent)[:MAX_RECENT]:
            path = Path(text)
            row = QWidget(self.recent_box)
            button = _button(path.name, row, "startRecent")
            button.setToolTip(str(path))
            button.setAccessibleDescription(str(path.parent))
            button.clicked.connect(lambda checked=False, p=path: self.open_file_requested.emit(p))
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            line.addWidget(button)
            line.addWidget(_label(str(path.parent), row), 1)
            self._recent_layout.addWidget(row)
            self.recent_buttons.append(button)
        if not self.recent_buttons:
            self._recent_layout.addWidget(_label(_("No recent files yet."), self.recent_box))
        self._recent_layout.addStretch(1)
