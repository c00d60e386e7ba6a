"""Confrontation as the shared code sees it: its models, its army rules, how its battles start and replay.

The battle's models, commands and rules are imported when a battle first needs them (`cached_property`): loading
catalogs and building armies never pays for them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from warband.model.army import Army
from warband.model.catalog import Catalogs
from warband.model.game import ArmyRules, Game
from warband.model.system import GameSystem
from warband.model.systems.confrontation import GAME, changes, messages, rules, rules_text
from warband.model.systems.confrontation.schema import ConfrontationArmy, ConfrontationCatalog

if TYPE_CHECKING:
    from warband.model.session import Command
    from warband.model.systems.confrontation.battle_state import (
        ConfrontationBattle,
        ConfrontationBattleFile,
        RulesOptions,
    )


class Confrontation(Game[ConfrontationArmy, "RulesOptions", "ConfrontationBattle"]):
    """The Confrontation rule system."""

    info = GAME
    catalog_model = ConfrontationCatalog
    army_rules = ArmyRules(rules.validate, rules.options, changes.compare, changes.stamp)
    army_model = ConfrontationArmy
    play_module = "warband.model.systems.confrontation.play"
    templates = messages.TEMPLATES
    rule_texts = rules_text.RULES
    roster_module = "warband.model.systems.confrontation.roster"

    @cached_property
    def options_model(self) -> type[RulesOptions]:  # type: ignore[override]
        from warband.model.systems.confrontation.battle_state import RulesOptions

        return RulesOptions

    @cached_property
    def battle_model(self) -> type[ConfrontationBattle]:  # type: ignore[override]
        from warband.model.systems.confrontation.battle_state import ConfrontationBattle

        return ConfrontationBattle

    @cached_property
    def battle_file_model(self) -> type[ConfrontationBattleFile]:
        from warband.model.systems.confrontation.battle_state import ConfrontationBattleFile

        return ConfrontationBattleFile

    @cached_property
    def parse_command(self) -> Callable[[Any], Command[Any]]:
        from warband.model.systems.confrontation.battle_commands import COMMANDS

        return COMMANDS.validate_python

    def start_battle(
        self, sides: Sequence[tuple[str, Army]], catalogs: Catalogs, options: BaseModel | None, first: int
    ) -> ConfrontationBattle:
        """The Tactical roll decides who goes first each turn: `first` is not used."""
        from warband.model.systems.confrontation import battle_rules

        return battle_rules.start_battle(self.own_sides(sides), catalogs, self.own_options(options))


SYSTEM: GameSystem = Confrontation()
"""The game as the registry gives it (mypy checks here that it is a whole `GameSystem`)."""
