"""Words and looks the « Par le Fer et par le Verbe » tracker shares: labels for plain text, the style sheet set
once on the tab (a label switches its look by a dynamic property), and the sentences for rounds, hours, spells cast
at once (PF-04) and the activities of time passing (PF-10)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget

from warband.gui.widgets.appearance import restyle
from warband.gui.widgets.plain_text import plain_label as plain_label  # shared; re-exported here
from warband.model.messages import N_, Phrase, _, spoken_text, term
from warband.model.systems.pfpv import casting
from warband.model.systems.pfpv.scene import PfpvScene
from warband.model.systems.pfpv.scene import spell_name as scene_spell_name
from warband.model.systems.pfpv.scene_words import casting_time_text

ACTIVITIES: dict[str, str] = {
    "asleep": N_("Asleep"),
    "calm": N_("Calm activity"),
    "intense": N_("Intense activity"),
}
"""PF-10: what the party does while the hours pass, in the order offered."""
ACTIVITY_WORDS: dict[str, str] = {
    "asleep": N_("asleep"),
    "calm": N_("calm activity"),
    "intense": N_("intense activity"),
}
"""The same, inside a sentence of the log."""

TRACKER_QSS = (
    'QLabel[note="true"] { background: #e8f1fb; color: #173f6b; border: 1px solid #a9c6e8;'
    " border-radius: 3px; padding: 3px 6px; }"
    ' QLabel[kind="refusal"] { background: #fdecea; color: #8a1c12; border: 1px solid #e6a39b;'
    " border-radius: 3px; padding: 3px 6px; }"
    ' QLabel[kind="note"] { background: #e8f1fb; color: #173f6b; border: 1px solid #a9c6e8;'
    " border-radius: 3px; padding: 3px 6px; }"
    ' QLabel[kind="success"] { background: #e6f4ea; color: #1e5631; border: 1px solid #9fd0ad;'
    " border-radius: 3px; padding: 3px 6px; }"
    ' QLabel[kind=""] { border: 1px solid transparent; padding: 3px 6px; }'
    ' QLabel[combat="true"] { color: #8a1c12; }'
)
"""Set once on the tab; a label takes a look by its `note`, `kind` or `combat` property."""


def note_label(name: str, parent: QWidget) -> QLabel:
    label = plain_label(name, parent, wrap=True)
    label.setProperty("note", "true")
    return label


def set_look(widget: QWidget, name: str, value: object) -> None:
    """Switch a dynamic property the style sheet reads; repolish only when it changes."""
    if widget.property(name) != value:
        widget.setProperty(name, value)
        restyle(widget)


def signed(value: int) -> str:
    """`+2`, `−1` (a true minus sign), `0`."""
    if value > 0:
        return f"+{value}"
    return f"−{-value}" if value < 0 else "0"


def started_text(round_: int) -> str:
    """When a spell began: in which combat round, or out of combat."""
    return _("round {round}").format(round=round_) if round_ else _("out of combat")


def hours_text(hours: int) -> str:
    if hours == 0:
        return _("No time passed yet")
    if hours == 1:
        return _("1 hour passed")
    return _("{hours} hours passed").format(hours=hours)


def at_once_words(count: int) -> str:
    """PF-04: "2 spells at once: −1 on every roll" (of every one of them), as a `Phrase` for the log; nothing
    when no spell is cast."""
    if count <= 0:
        return ""
    if count == 1:
        return term(N_("1 spell: no penalty"))
    penalty = casting.SIMULTANEOUS[min(count, 6)]
    return Phrase(N_("{count} spells at once: {penalty} on every roll"), count=count, penalty=signed(penalty))


def at_once_text(count: int) -> str:
    """`at_once_words` as the window shows it."""
    return spoken_text(at_once_words(count))


def roll_penalty(count: int, fatigue: int) -> int:
    """PF-04: what every contact and control roll of the caster's spells loses to fatigue and spells at once."""
    return -fatigue + casting.SIMULTANEOUS[min(max(count, 1), 6)]


def spell_name(scene: PfpvScene, spell: str) -> str:
    """The spell's name as the window shows it."""
    return spoken_text(scene_spell_name(scene, spell))


def casting_time(scene: PfpvScene, spell: str) -> str:
    entry = scene.entries.spells.get(spell)
    return casting_time_text(entry.casting_time) if entry is not None else ""
