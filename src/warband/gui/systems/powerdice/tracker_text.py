"""Words the power-dice tracker shows: marker and trait names, what each step is for, and the side colours.

The step hints and every text shown before A3 avoid the marker names: a marker is placed face down, and the
screen is shared (PD-03). Only `marker_name` names one, and only for what `visible_marker` lets a viewer see.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget

from warband.gui.widgets.plain_text import plain_label as plain_label  # shared; re-exported here
from warband.model.messages import N_, _, spoken_text
from warband.model.systems.powerdice import battle_rules as rules
from warband.model.systems.powerdice.battle_rules import CasterModel
from warband.model.systems.powerdice.battle_state import PowerDiceBattle
from warband.model.systems.powerdice.schema import TRAIT_NAMES

MARKER_NAMES: dict[str, str] = {
    "incantation": N_("Incantation"),
    "restoration": N_("Restoration"),
    "wait": N_("Wait"),
}
STEP_HINTS: dict[str, str] = {
    "A1": N_("A1: a magic marker is placed face down on each caster's card"),
    "A2": N_("A2: a step of the host game"),
    "A3": N_("A3: every magic marker is turned face up, by both players"),
    "B1": N_("B1: a step of the host game"),
    "B2": N_("B2: a step of the host game"),
    "B3": N_("B3: after artillery fire, casters try a spell in turn; then power dice come back or are lost"),
    "C": N_("C: activations; casters whose marker is for this phase may cast at any moment"),
    "D1": N_("D1: a step of the host game"),
    "D2": N_("D2: a step of the host game"),
    "D3": N_("D3: a step of the host game"),
    "D4": N_("D4: lasting spells are turned over, removed, or their counter goes up"),
}
"""Tooltips of the step bar: shown in every step, so they never name a marker (see the module's docstring)."""


def marker_name(marker: str | None) -> str:
    return _(MARKER_NAMES[marker]) if marker in MARKER_NAMES else "—"


def traits_text(c: CasterModel) -> str:
    return ", ".join(_(TRAIT_NAMES.get(t, t)) for t in c.caster.traits)


def spell_name(battle: PowerDiceBattle, spell_id: str) -> str:
    """The spell's name as the window shows it."""
    return spoken_text(rules.spell_name(battle, spell_id))


def spells_text(battle: PowerDiceBattle, c: CasterModel) -> str:
    return ", ".join(spell_name(battle, s) for s in c.unit.spells)


def player(battle: PowerDiceBattle, side: int | None) -> str:
    return battle.sides[side].player if side is not None else ""


NOTE_QSS = (
    'QLabel[note="true"] { background: #e8f1fb; color: #173f6b; border: 1px solid #a9c6e8;'
    " border-radius: 3px; padding: 3px 6px; }"
    ' QLabel[note="warning"] { background: #fff3cd; color: #6b4e00; border: 1px solid #e0c36a;'
    " border-radius: 3px; padding: 3px 6px; }"
)
"""Set once on the tab; a label takes the look by its `note` property."""


def note_label(name: str, parent: QWidget, kind: str = "true") -> QLabel:
    label = plain_label(name, parent, wrap=True)
    label.setProperty("note", kind)
    return label
