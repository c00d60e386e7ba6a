"""Litany as Warband's shared code sees it: its models, army rules, how battles start and replay."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from litany import GAME, battle, messages, roster, rules, rules_text
from litany.battle import COMMANDS, LitanyBattle, LitanyBattleFile, RulesOptions
from litany.schema import LitanyArmy, LitanyCatalog
from warband.model.army import Army
from warband.model.catalog import Catalogs
from warband.model.game import ArmyRules, Game
from warband.model.system import GameSystem


class Litany(Game[LitanyArmy, RulesOptions, LitanyBattle]):
    """The Litany rule system."""

    info = GAME
    catalog_model = LitanyCatalog
    army_rules = ArmyRules(rules.validate, rules.options, rules.compare, rules.stamp)
    army_model = LitanyArmy
    options_model = RulesOptions
    battle_model = LitanyBattle
    battle_file_model = LitanyBattleFile
    play_module = "litany.play"
    parse_command = staticmethod(COMMANDS.validate_python)
    templates = messages.TEMPLATES
    rule_texts = rules_text.RULES
    roster_unit = staticmethod(roster.unit_details)

    def start_battle(
        self, sides: Sequence[tuple[str, Army]], catalogs: Catalogs, options: BaseModel | None, first: int
    ) -> LitanyBattle:
        """Litany has no side that starts: `first` changes nothing."""
        return battle.start_battle(self.own_sides(sides), catalogs, self.own_options(options))


SYSTEM: GameSystem = Litany()
"""The game as the registry gives it (mypy, run on this file, checks that it is a whole `GameSystem`)."""
