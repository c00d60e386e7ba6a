"""The battle log's lines: what happened, when, with which dice; undone actions stay, marked (AR-05)."""

from __future__ import annotations

from typing import Literal

from warband.model.catalog import Frozen


class LogEntry(Frozen):
    """One line of the battle log."""

    step: int
    """The action that wrote it (several lines may share one)."""
    turn: int
    phase: str
    text: str
    dice: tuple[int, ...] = ()
    source: Literal["", "rolled", "typed"] = ""
    success: bool | None = None
    side: int | None = None
    """The side whose model acted, when one did (for the end-of-battle summary)."""
    undone: bool = False
