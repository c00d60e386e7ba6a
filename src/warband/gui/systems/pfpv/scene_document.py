"""A « Par le Fer et par le Verbe » scene in play: castings and distraction rolls, rolled by the program or typed
from the table and worked out by the model, with every step logged, and the scene's other actions through `act`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QObject

from warband.gui.battle_base import BattleDocumentBase
from warband.model.battle import BattleRun
from warband.model.battle import Roll as BattleRoll
from warband.model.dice import Dice
from warband.model.messages import N_, Phrase, term
from warband.model.session import Command
from warband.model.systems.pfpv import casting
from warband.model.systems.pfpv.scene import (
    CastingSetup,
    Distraction,
    NextRound,
    PfpvScene,
    build_setup,
    options_of,
    roll_casting,
    roll_distraction,
)


class PfpvSceneDocument(BattleDocumentBase[PfpvScene]):
    """The scene and the castings its resolver makes."""

    def __init__(self, run: BattleRun[PfpvScene], parent: QObject | None = None) -> None:
        super().__init__(run, parent)

    def act(self, command: Command[PfpvScene], **log: Any) -> bool:
        """As every document does; the next combat round, from the shared bar's Next (F8) or elsewhere, is logged
        as the round that begins ("Combat begins: round 1", "Round 3 begins")."""
        if isinstance(command, NextRound) and "text" not in log:
            after = self.battle.round + 1
            log["text"] = (
                term(N_("Combat begins: round 1"))
                if after == 1
                else Phrase(N_("Round {round} begins"), round=after)
            )
        return super().act(command, **log)

    def setup(self, key: str, choice: CastingSetup) -> casting.Setup:
        return build_setup(self.battle, key, choice)

    def odds(self, key: str, choice: CastingSetup) -> casting.Odds:
        """The exact chances of every outcome before the rolls (the resolver shows them)."""
        return casting.odds(self.setup(key, choice), options_of(choice))

    def distraction(
        self, key: str, modifier: int, roll: int | None = None, dice: Dice | None = None
    ) -> BattleRoll[PfpvScene, Distraction] | None:
        """A distraction roll (PF-09) judged by the model (`roll_distraction`): the 2d5 typed from the table
        (`roll`), or thrown now with `dice` (by default the program's). Logged as a note with its dice (it changes
        nothing: the spell lost, if any, is chosen next); None when it was refused or not journalled (told)."""
        made = self.worked_out(lambda: roll_distraction(self.battle, key, modifier, roll, dice or self.run.dice))
        return made if made is not None and self.play(made) else None

    def cast(
        self,
        key: str,
        choice: CastingSetup,
        contact: Mapping[str, int] | None = None,
        control: Mapping[str, int] | None = None,
        dice: Dice | None = None,
    ) -> casting.Result | None:
        """Cast with the rolls given (each 0 … 10, typed from the table) or rolled now; applied and logged. The
        rule runs once (`roll_casting`), and the journal keeps the command with its rolls."""
        try:  # refused: the setup (PF-04), or a spell the catalogs no longer know (AR-02)
            return self.rolled(
                lambda: roll_casting(self.battle, key, choice, contact, control, dice or self.run.dice)
            )
        except KeyError as exc:
            self.refused.emit(f"a roll is missing: {exc}")
            return None
