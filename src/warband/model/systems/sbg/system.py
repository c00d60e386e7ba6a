"""The Strategy Battle Game as the shared code sees it: models, army rules, how battles start and replay."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from warband.model.army import Army
from warband.model.catalog import Catalogs
from warband.model.game import ArmyRules, Game
from warband.model.system import GameSystem
from warband.model.systems.sbg import GAME, battle_rules, messages, roster, rules, rules_text
from warband.model.systems.sbg.battle_commands import COMMANDS
from warband.model.systems.sbg.battle_state import RulesOptions, SbgBattle, SbgBattleFile
from warband.model.systems.sbg.schema import SbgArmy, SbgCatalog


class StrategyBattleGame(Game[SbgArmy, RulesOptions, SbgBattle]):
    """The Strategy Battle Game rule system."""

    info = GAME
    catalog_model = SbgCatalog
    army_rules = ArmyRules(rules.validate, rules.options, rules.compare, rules.stamp)
    army_model = SbgArmy
    options_model = RulesOptions
    battle_model = SbgBattle
    battle_file_model = SbgBattleFile
    play_module = "warband.model.systems.sbg.play"
    parse_command = staticmethod(COMMANDS.validate_python)
    templates = messages.TEMPLATES
    rule_texts = rules_text.RULES
    roster_unit = staticmethod(roster.unit_details)
    roster_army = staticmethod(roster.army_facts)

    def start_battle(
        self, sides: Sequence[tuple[str, Army]], catalogs: Catalogs, options: BaseModel | None, first: int
    ) -> SbgBattle:
        """Priority is rolled each turn (SB-01): `first` is not used."""
        return battle_rules.start_battle(self.own_sides(sides), catalogs, self.own_options(options))


SYSTEM: GameSystem = StrategyBattleGame()
"""The game as the registry gives it (mypy checks here that it is a whole `GameSystem`)."""
