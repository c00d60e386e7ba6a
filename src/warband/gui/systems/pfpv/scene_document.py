"""A « Par le Fer et par le Verbe » scene in play: castings rolled by the program or typed from the table, with
every step logged, and the scene's other actions through `act`."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QObject

from warband.gui.battle_base import BattleDocumentBase
from warband.model.battle import BattleRun
from warband.model.dice import Dice, DiceError
from warband.model.messages import N_, Phrase
from warband.model.names import CatalogName
from warband.model.session import RefusedError
from warband.model.systems.pfpv import casting
from warband.model.systems.pfpv.scene import (
    CastingSetup,
    PfpvScene,
    ResolveCasting,
    build_setup,
    describe,
    entry_names,
    label_of,
    options_of,
)


class PfpvSceneDocument(BattleDocumentBase[PfpvScene]):
    """The scene and the castings its resolver makes."""

    def __init__(self, run: BattleRun[PfpvScene], parent: QObject | None = None) -> None:
        super().__init__(run, parent)

    def setup(self, key: str, choice: CastingSetup) -> casting.Setup:
        return build_setup(self.battle, key, choice)

    def odds(self, key: str, choice: CastingSetup) -> casting.Odds:
        """The exact chances of every outcome before the rolls (the resolver shows them)."""
        return casting.odds(self.setup(key, choice), options_of(choice))

    def roll_2d5(self, count: int, dice: Dice | None = None) -> tuple[int, ...] | None:
        """`count` rolls of 2d5 (two dice numbered 0–5 each), with the program's dice or the table's."""
        source = dice or self.run.dice
        try:
            values = source.roll(6, 2 * count, low=0)
        except DiceError as exc:
            self.refused.emit(exc.sentence)
            return None
        return tuple(values[i] + values[i + 1] for i in range(0, len(values), 2))

    def cast(
        self,
        key: str,
        choice: CastingSetup,
        contact: Mapping[str, int] | None = None,
        control: Mapping[str, int] | None = None,
        dice: Dice | None = None,
    ) -> casting.Result | None:
        """Cast with the rolls given (each 0 … 10, typed from the table) or rolled now; applied and logged."""
        try:
            setup = self.setup(key, choice)
        except RefusedError as exc:  # a spell the catalogs no longer know (AR-02)
            self._refuse(exc.reason)
            return None
        typed = contact is not None
        if contact is None:
            rolled = self.roll_2d5(len(setup.source_skills) + len(setup.discipline_skills), dice)
            if rolled is None:
                return None
            contact = dict(zip(setup.source_skills, rolled, strict=False))
            control = dict(zip(setup.discipline_skills, rolled[len(setup.source_skills) :], strict=False))
        command = ResolveCasting(key=key, choice=choice, contact=dict(contact), control=dict(control or {}))
        try:
            result = command.result(self.battle)
        except RefusedError as exc:
            self._refuse(exc.reason)
            return None
        except KeyError as exc:
            self.refused.emit(f"a roll is missing: {exc}")
            return None
        spell = self.battle.entries.spells[choice.spell]
        text = Phrase(
            N_("{character} casts {spell}: {result}"),
            character=label_of(self.battle, key),
            spell=CatalogName(spell.name),
            result=describe(result, spell.level, entry_names(self.battle)),
        )
        rolls = (*command.contact.values(), *command.control.values())
        self.act(
            command,
            text=text,
            dice=rolls,
            source="typed" if typed else "rolled",
            success=result.outcome == "success",
        )
        return result
