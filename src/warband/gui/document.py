"""What the window asks of the document on screen, army or battle alike: its name, whether it is modified, its
undo history. The window asks the current document instead of branching on which tab is shown."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, Protocol, TypeVar


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


S = TypeVar("S")


@dataclass(frozen=True)
class Change(Generic[S]):
    """What a document's change did, carried by its signal so that each view refreshes only the part it shows.

    States are frozen values and a command copies only what it changes, so the parts a change left alone are the
    same objects before and after: `touched` answers by identity most of the time, and by equality otherwise (an
    undo restores an equal part as another object). `everything` is a change outside the state that every view
    must see (the catalogs reloaded).
    """

    before: S
    after: S
    everything: bool = False

    def touched(self, part: Callable[[S], object]) -> bool:
        """Whether the part of the state `part` picks differs between before and after."""
        if self.everything:
            return True
        old, new = part(self.before), part(self.after)
        return old is not new and old != new
