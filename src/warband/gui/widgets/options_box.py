"""A game's rules options in File → New Battle: the box the game gives, read back as the game's options model."""

from __future__ import annotations

from pydantic import BaseModel
from PySide6.QtWidgets import QComboBox, QFormLayout, QGroupBox, QWidget


class RulesOptionsBox(QGroupBox):
    """The options a battle of one game starts with; a game gives its own (`SystemUi.options_box`)."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.setObjectName("rulesOptionsBox")
        self.form = QFormLayout(self)

    def combo(self, label: str, choices: list[tuple[str, object]], name: str) -> QComboBox:
        """A row choosing one of `choices` (shown text, value), the first chosen."""
        box = QComboBox(self)
        box.setObjectName(name)
        box.setAccessibleName(label)
        for text, value in choices:
            box.addItem(text, value)
        self.form.addRow(label, box)
        return box

    def options(self) -> BaseModel | None:
        """The options chosen, as the game's rules-options model (None: the game has none)."""
        return None

    def first(self) -> int:
        """The side that starts, where the game asks the player (0: the first side)."""
        return 0
