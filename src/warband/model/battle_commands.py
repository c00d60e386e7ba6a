"""Battle commands every game shares (each game's command union lists them beside its own)."""

from __future__ import annotations

from typing import Literal, TypeVar

from pydantic import BaseModel

from warband.model.catalog import Flag, Frozen
from warband.model.edits import replace
from warband.model.messages import N_, term

B = TypeVar("B", bound=BaseModel)


class EndBattle(Frozen):
    """End the battle (its summary is shown), or resume it: the battle's `ended` flag."""

    kind: Literal["end_battle"] = "end_battle"
    ended: Flag = True

    @property
    def label(self) -> str:
        return term(N_("End the battle")) if self.ended else term(N_("Resume the battle"))

    def refusal_in(self, state: B) -> None:
        """Never refused: a battle can always be ended, or resumed."""
        return

    def apply(self, state: B) -> B:
        return replace(state, ended=self.ended)
