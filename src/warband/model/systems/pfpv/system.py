"""Par le Fer et par le Verbe as the shared code sees it: a party of mages, no points, and scenes for battles."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from warband.model.army import Army
from warband.model.catalog import Catalogs
from warband.model.game import ArmyRules, Game
from warband.model.system import GameSystem
from warband.model.systems.pfpv import GAME, messages, roster, rules, rules_text
from warband.model.systems.pfpv.scene import COMMANDS, PfpvScene, PfpvSceneFile, start_scene
from warband.model.systems.pfpv.schema import PfpvArmy, PfpvCatalog


class ParLeFerEtParLeVerbe(Game[PfpvArmy, BaseModel, PfpvScene]):
    """The pfpv rule system: its "battle" is a scene of one party, whose game master plays the rest."""

    info = GAME
    catalog_model = PfpvCatalog
    army_rules = ArmyRules(rules.validate, rules.options, rules.compare, rules.stamp)
    army_model = PfpvArmy
    battle_model = PfpvScene
    battle_file_model = PfpvSceneFile
    play_module = "warband.model.systems.pfpv.play"
    parse_command = staticmethod(COMMANDS.validate_python)
    templates = messages.TEMPLATES
    rule_texts = rules_text.RULES
    roster_unit = staticmethod(roster.unit_details)

    def start_battle(
        self, sides: Sequence[tuple[str, Army]], catalogs: Catalogs, options: BaseModel | None, first: int
    ) -> PfpvScene:
        """A scene of the one party; its player is the one named for it. No options, and no side goes first."""
        (player, party), *_rest = self.own_sides(sides)
        return start_scene(party, catalogs, player)


SYSTEM: GameSystem = ParLeFerEtParLeVerbe()
"""The game as the registry gives it (mypy checks here that it is a whole `GameSystem`)."""
