"""The battle log's lines: what happened, when, with which dice; undone actions stay, marked (AR-05)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from warband.model.catalog import Frozen
from warband.model.messages import Localised, current_language

LanguageCode = Annotated[str, StringConstraints(pattern=r"^[a-z]{2,3}(_[A-Z]{2})?$")]


class LogEntry(Frozen):
    """One line of the battle log."""

    step: int
    """The action that wrote it (several lines may share one)."""
    turn: int
    phase: str
    text: str
    """In English: what files, the command line and an English window show."""
    spoken: dict[LanguageCode, str] = Field(default_factory=dict)
    """The same words in the language the player spoke when the line was written (`{"fr": "…"}`), shown to a
    player of that language; English lines have none."""
    dice: tuple[int, ...] = ()
    source: Literal["", "rolled", "typed"] = ""
    success: bool | None = None
    side: int | None = None
    """The side whose model acted, when one did (for the end-of-battle summary)."""
    undone: bool = False


def spoken_words(text: object) -> dict[str, str]:
    """`LogEntry.spoken` for a text: its words in the language spoken, when they are not English."""
    if not isinstance(text, Localised):
        return {}
    words = text.localised()
    return {} if words == str(text) else {current_language(): words}


def entry_words(entry: LogEntry) -> str:
    """A log line as a player of the language spoken reads it: in that language where it was written in it."""
    return entry.spoken.get(current_language(), entry.text)
