"""What the window asks of the document on screen, army or battle alike: its name, whether it is modified, its
undo history. The window asks the current document instead of branching on which tab is shown."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol


class Document(Protocol):
    @property
    def path(self) -> Path | None:
        """The file it was opened from or saved to, if any."""

    @property
    def modified(self) -> bool: ...

    def display_name(self) -> str:
        """How the title bar and dialogs name it, in the player's language."""

    @property
    def undo_label(self) -> str | None:
        """What Undo would undo (None: nothing), as the Edit menu says it."""

    @property
    def redo_label(self) -> str | None: ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...
