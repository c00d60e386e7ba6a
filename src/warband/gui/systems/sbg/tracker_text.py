"""Words and looks the Strategy Battle Game tracker shares: labels for plain text, the style sheets set once on
the tab (a widget switches its look by a dynamic property), the phase hints and the priority rule (SB-01)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget

from warband.gui.widgets.appearance import restyle
from warband.gui.widgets.plain_text import plain_label as plain_label  # shared; re-exported here
from warband.model.messages import N_, _
from warband.model.systems.sbg.battle_state import SbgBattle

PHASE_HINTS: dict[str, str] = {
    "priority": N_("Priority: each side rolls a D6; the side with priority moves, shoots and orders fights first"),
    "move": N_("Move: heroic moves are declared first, then the side with priority moves first"),
    "shoot": N_("Shoot: heroic shooting is declared first, then the side with priority shoots first"),
    "fight": N_("Fight: heroic combats are declared first, then the side with priority orders the fights"),
    "end": N_("End: the end of the turn"),
}
"""Tooltips of the phase steps on the battle bar."""

TRACKER_QSS = (
    'QLabel[note="true"] { background: #e8f1fb; color: #173f6b; border: 1px solid #a9c6e8;'
    " border-radius: 3px; padding: 3px 6px; }"
    ' QLabel#messageLabel[kind="refusal"] { background: #fdecea; color: #8a1c12; border: 1px solid #e6a39b;'
    " border-radius: 3px; padding: 3px 6px; }"
    ' QLabel#messageLabel[kind="note"] { background: #e8f1fb; color: #173f6b; border: 1px solid #a9c6e8;'
    " border-radius: 3px; padding: 3px 6px; }"
    ' QLabel#messageLabel[kind=""] { border: 1px solid transparent; padding: 3px 6px; }'
    " QLabel#heroicTurnLabel { font-weight: bold; padding: 4px 8px; border-width: 0 0 0 5px; border-style: solid;"
    " border-color: transparent; }"
    ' QLabel#heroicTurnLabel[side="0"] { border-color: #3574c4; }'
    ' QLabel#heroicTurnLabel[side="1"] { border-color: #c4473a; }'
)
"""Set once on the tab; a label takes a look by its `note`, `kind` or `side` property (the battle bar's phase
steps have the bar's own sheet)."""


def note_label(name: str, parent: QWidget) -> QLabel:
    label = plain_label(name, parent, wrap=True)
    label.setProperty("note", "true")
    return label


def set_look(widget: QWidget, name: str, value: object) -> None:
    """Switch a dynamic property the style sheet reads; repolish only when it changes."""
    if widget.property(name) != value:
        widget.setProperty(name, value)
        restyle(widget)


def player(battle: SbgBattle, side: int | None) -> str:
    return battle.sides[side].player if side is not None else ""


def priority_rule(battle: SbgBattle) -> str:
    """SB-01 as a tooltip, with this turn's tie-break spelt out."""
    rule = _(
        "Each side rolls a D6 and the highest has priority; on a tie the side that did not have priority last "
        "turn takes it (in the first turn: roll again). The side with priority moves first, shoots first and "
        "chooses the order in which fights are resolved (SB-01)."
    )
    last = battle.last_priority
    if last is None:
        return rule + "\n" + _("This is the first turn: a tie is rolled again.")
    return (
        rule
        + "\n"
        + _("A tie this turn gives priority to {other}: {last} had it last turn.").format(
            other=player(battle, 1 - last), last=player(battle, last)
        )
    )
