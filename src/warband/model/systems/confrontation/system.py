"""Confrontation as the shared code sees it: its models, its army rules, how its battles start and replay."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from warband.model.army import Army
from warband.model.catalog import Catalogs
from warband.model.game import ArmyRules, Game
from warband.model.system import GameSystem
from warband.model.systems.confrontation import GAME, battle_rules, changes, messages, roster, rules, rules_text
from warband.model.systems.confrontation.battle_commands import COMMANDS
from warband.model.systems.confrontation.battle_state import (
    ConfrontationBattle,
    ConfrontationBattleFile,
    RulesOptions,
)
from warband.model.systems.confrontation.schema import ConfrontationArmy, ConfrontationCatalog


class Confrontation(Game[ConfrontationArmy, RulesOptions, ConfrontationBattle]):
    """The Confrontation rule system."""

    info = GAME
    catalog_model = ConfrontationCatalog
    army_rules = ArmyRules(rules.validate, rules.options, changes.compare, changes.stamp)
    army_model = ConfrontationArmy
    options_model = RulesOptions
    battle_model = ConfrontationBattle
    battle_file_model = ConfrontationBattleFile
    play_module = "warband.model.systems.confrontation.play"
    parse_command = staticmethod(COMMANDS.validate_python)
    templates = messages.TEMPLATES
    rule_texts = rules_text.RULES
    roster_unit = staticmethod(roster.unit_details)

    def start_battle(
        self, sides: Sequence[tuple[str, Army]], catalogs: Catalogs, options: BaseModel | None, first: int
    ) -> ConfrontationBattle:
        """The Tactical roll decides who goes first each turn: `first` is not used."""
        return battle_rules.start_battle(self.own_sides(sides), catalogs, self.own_options(options))


SYSTEM: GameSystem = Confrontation()
"""The game as the registry gives it (mypy checks here that it is a whole `GameSystem`)."""
