"""Confrontation's own army edits: the army's rules option (CF-20), an undoable command like any other edit."""

from __future__ import annotations

from dataclasses import dataclass

from warband.model.army import Army
from warband.model.edits import replace
from warband.model.systems.confrontation.schema import ConfrontationArmy


@dataclass(frozen=True)
class SetMixedPeoples:
    """Allow the army to field profiles of any people, or draw it from one people again (CF-20)."""

    value: bool
    label: str = "Allow mixed armies"

    def apply(self, state: Army) -> Army:
        if not isinstance(state, ConfrontationArmy):
            raise TypeError(f"mixed armies are a Confrontation option, not one of {state.system}")
        return replace(state, mixed_peoples=self.value)
