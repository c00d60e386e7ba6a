"""Par le Fer et par le Verbe as the shared code sees it: a party of mages, no points, and scenes for battles."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from warband.model.army import Army
from warband.model.catalog import Catalogs
from warband.model.game import ArmyRules, Game
from warband.model.system import GameSystem
from warband.model.systems.pfpv import GAME, messages, rules, rules_text
from warband.model.systems.pfpv.schema import PfpvArmy, PfpvCatalog

if TYPE_CHECKING:
    from warband.model.session import Command
    from warband.model.systems.pfpv.scene import PfpvScene, PfpvSceneFile


class ParLeFerEtParLeVerbe(Game[PfpvArmy, BaseModel, "PfpvScene"]):
    """The pfpv rule system: its "battle" is a scene of one party, whose game master plays the rest (the scene's
    models, commands and rules load with the first scene)."""

    info = GAME
    catalog_model = PfpvCatalog
    army_rules = ArmyRules(rules.validate, rules.options, rules.compare, rules.stamp)
    army_model = PfpvArmy
    play_module = "warband.model.systems.pfpv.play"
    templates = messages.TEMPLATES
    rule_texts = rules_text.RULES
    roster_module = "warband.model.systems.pfpv.roster"

    @cached_property
    def battle_model(self) -> type[PfpvScene]:  # type: ignore[override]
        from warband.model.systems.pfpv.scene import PfpvScene

        return PfpvScene

    @cached_property
    def battle_file_model(self) -> type[PfpvSceneFile]:
        from warband.model.systems.pfpv.scene import PfpvSceneFile

        return PfpvSceneFile

    @cached_property
    def parse_command(self) -> Callable[[Any], Command[Any]]:
        from warband.model.systems.pfpv.scene import COMMANDS

        return COMMANDS.validate_python

    def start_battle(
        self, sides: Sequence[tuple[str, Army]], catalogs: Catalogs, options: BaseModel | None, first: int
    ) -> PfpvScene:
        """A scene of the one party; its player is the one named for it. No options, and no side goes first."""
        from warband.model.systems.pfpv.scene import start_scene

        (player, party), *_rest = self.own_sides(sides)
        return start_scene(party, catalogs, player)


SYSTEM: GameSystem = ParLeFerEtParLeVerbe()
"""The game as the registry gives it (mypy checks here that it is a whole `GameSystem`)."""
