"""The Strategy Battle Game as the shared code sees it: models, army rules, how battles start and replay."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from warband.model.army import Army
from warband.model.catalog import Catalogs
from warband.model.game import ArmyRules, Game
from warband.model.system import GameSystem
from warband.model.systems.sbg import GAME, messages, rules, rules_text
from warband.model.systems.sbg.schema import SbgArmy, SbgCatalog

if TYPE_CHECKING:
    from warband.model.session import Command
    from warband.model.systems.sbg.battle_state import RulesOptions, SbgBattle, SbgBattleFile


class StrategyBattleGame(Game[SbgArmy, "RulesOptions", "SbgBattle"]):
    """The Strategy Battle Game rule system (its battles' models, commands and rules load with the first one)."""

    info = GAME
    catalog_model = SbgCatalog
    army_rules = ArmyRules(rules.validate, rules.options, rules.compare, rules.stamp)
    army_model = SbgArmy
    play_module = "warband.model.systems.sbg.play"
    templates = messages.TEMPLATES
    rule_texts = rules_text.RULES
    roster_module = "warband.model.systems.sbg.roster"

    @cached_property
    def options_model(self) -> type[RulesOptions]:  # type: ignore[override]
        from warband.model.systems.sbg.battle_state import RulesOptions

        return RulesOptions

    @cached_property
    def battle_model(self) -> type[SbgBattle]:  # type: ignore[override]
        from warband.model.systems.sbg.battle_state import SbgBattle

        return SbgBattle

    @cached_property
    def battle_file_model(self) -> type[SbgBattleFile]:
        from warband.model.systems.sbg.battle_state import SbgBattleFile

        return SbgBattleFile

    @cached_property
    def parse_command(self) -> Callable[[Any], Command[Any]]:
        from warband.model.systems.sbg.battle_commands import COMMANDS

        return COMMANDS.validate_python

    def start_battle(
        self, sides: Sequence[tuple[str, Army]], catalogs: Catalogs, options: BaseModel | None, first: int
    ) -> SbgBattle:
        """Priority is rolled each turn (SB-01): `first` is not used."""
        from warband.model.systems.sbg import battle_rules

        return battle_rules.start_battle(self.own_sides(sides), catalogs, self.own_options(options))


SYSTEM: GameSystem = StrategyBattleGame()
"""The game as the registry gives it (mypy checks here that it is a whole `GameSystem`)."""
