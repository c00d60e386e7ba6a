"""Hex battles with power dice as the shared code sees it: models, army rules, how battles start and replay."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from warband.model.army import Army
from warband.model.catalog import Catalogs
from warband.model.game import ArmyRules, Game
from warband.model.system import GameSystem
from warband.model.systems.powerdice import GAME, battle_rules, messages, roster, rules, rules_text
from warband.model.systems.powerdice.battle_commands import COMMANDS
from warband.model.systems.powerdice.battle_state import PowerDiceBattle, PowerDiceBattleFile, RulesOptions
from warband.model.systems.powerdice.schema import PowerDiceArmy, PowerDiceCatalog


class PowerDice(Game[PowerDiceArmy, RulesOptions, PowerDiceBattle]):
    """The power-dice rule system."""

    info = GAME
    catalog_model = PowerDiceCatalog
    army_rules = ArmyRules(rules.validate, rules.options, rules.compare, rules.stamp)
    army_model = PowerDiceArmy
    options_model = RulesOptions
    battle_model = PowerDiceBattle
    battle_file_model = PowerDiceBattleFile
    play_module = "warband.model.systems.powerdice.play"
    parse_command = staticmethod(COMMANDS.validate_python)
    templates = messages.TEMPLATES
    rule_texts = rules_text.RULES
    roster_unit = staticmethod(roster.unit_details)

    def start_battle(
        self, sides: Sequence[tuple[str, Army]], catalogs: Catalogs, options: BaseModel | None, first: int
    ) -> PowerDiceBattle:
        """`first` is the side with the initiative."""
        return battle_rules.start_battle(
            self.own_sides(sides), catalogs, self.own_options(options), initiative=first
        )


SYSTEM: GameSystem = PowerDice()
"""The game as the registry gives it (mypy checks here that it is a whole `GameSystem`)."""
