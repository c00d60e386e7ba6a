"""Hex battles with power dice as the shared code sees it: models, army rules, how battles start and replay."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from warband.model.army import Army
from warband.model.catalog import Catalogs
from warband.model.game import ArmyRules, Game
from warband.model.system import GameSystem
from warband.model.systems.powerdice import GAME, messages, rules, rules_text
from warband.model.systems.powerdice.schema import PowerDiceArmy, PowerDiceCatalog

if TYPE_CHECKING:
    from warband.model.session import Command
    from warband.model.systems.powerdice.battle_state import PowerDiceBattle, PowerDiceBattleFile, RulesOptions


class PowerDice(Game[PowerDiceArmy, "RulesOptions", "PowerDiceBattle"]):
    """The power-dice rule system (its battle's models, commands and rules load with the first battle)."""

    info = GAME
    catalog_model = PowerDiceCatalog
    army_rules = ArmyRules(rules.validate, rules.options, rules.compare, rules.stamp)
    army_model = PowerDiceArmy
    play_module = "warband.model.systems.powerdice.play"
    templates = messages.TEMPLATES
    rule_texts = rules_text.RULES
    roster_module = "warband.model.systems.powerdice.roster"

    @cached_property
    def options_model(self) -> type[RulesOptions]:  # type: ignore[override]
        from warband.model.systems.powerdice.battle_state import RulesOptions

        return RulesOptions

    @cached_property
    def battle_model(self) -> type[PowerDiceBattle]:  # type: ignore[override]
        from warband.model.systems.powerdice.battle_state import PowerDiceBattle

        return PowerDiceBattle

    @cached_property
    def battle_file_model(self) -> type[PowerDiceBattleFile]:
        from warband.model.systems.powerdice.battle_state import PowerDiceBattleFile

        return PowerDiceBattleFile

    @cached_property
    def parse_command(self) -> Callable[[Any], Command[Any]]:
        from warband.model.systems.powerdice.battle_commands import COMMANDS

        return COMMANDS.validate_python

    def start_battle(
        self, sides: Sequence[tuple[str, Army]], catalogs: Catalogs, options: BaseModel | None, first: int
    ) -> PowerDiceBattle:
        """`first` is the side with the initiative."""
        from warband.model.systems.powerdice import battle_rules

        return battle_rules.start_battle(
            self.own_sides(sides), catalogs, self.own_options(options), initiative=first
        )


SYSTEM: GameSystem = PowerDice()
"""The game as the registry gives it (mypy checks here that it is a whole `GameSystem`)."""
