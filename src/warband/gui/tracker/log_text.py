"""The battle log as plain text, for export: one line per entry, undone ones marked (AR-05). No Qt here."""

from __future__ import annotations

from collections.abc import Sequence

from warband.model.battle_log import LogEntry
from warband.model.messages import _
from warband.model.systems.confrontation.battle_state import PHASE_NAMES


def phase_name(phase: str) -> str:
    return _(PHASE_NAMES.get(phase, phase))


def dice_text(entry: LogEntry) -> str:
    """`6 + 3 (rolled)`, `4 (typed)`, or nothing when no dice were thrown."""
    if not entry.dice:
        return ""
    dice = " + ".join(str(d) for d in entry.dice)
    source = {"rolled": _("rolled"), "typed": _("typed")}.get(entry.source, "")
    return f"{dice} ({source})" if source else dice


def entry_text(entry: LogEntry) -> str:
    return f"{entry.text} {_('(undone)')}" if entry.undone else entry.text


def log_as_text(log: Sequence[LogEntry]) -> str:
    """Every entry, oldest first: `Turn 2, Divination: <what happened> [dice 6 + 3 (rolled)]`."""
    lines = []
    for entry in log:
        where = _("Turn {turn}, {phase}").format(turn=entry.turn, phase=phase_name(entry.phase))
        line = f"{where}: {entry_text(entry)}"
        dice = dice_text(entry)
        if dice:
            line += " " + _("[dice {dice}]").format(dice=dice)
        lines.append(line)
    return "".join(f"{line}\n" for line in lines)
