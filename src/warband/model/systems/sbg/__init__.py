"""Strategy Battle Game: heroes with Might, Will and Fate, spell-casting heroes, warriors bought in numbers."""

from __future__ import annotations

from typing import cast

from warband.model.army import Army, Change, Choice, Report
from warband.model.catalog import Catalogs
from warband.model.messages import N_
from warband.model.systems.sbg import rules
from warband.model.systems.sbg.battle_state import SbgBattle, SbgBattleFile
from warband.model.systems.sbg.schema import SbgArmy, SbgCatalog


class StrategyBattleGame:
    """The Strategy Battle Game rule system, as the shared code sees it."""

    id = "sbg"
    name = "Strategy Battle Game"
    points_name = N_("points")
    catalog_model = SbgCatalog
    army_model = SbgArmy
    battle_model = SbgBattle
    battle_file_model = SbgBattleFile

    def validate(self, army: Army, catalogs: Catalogs) -> Report:
        return rules.validate(cast(SbgArmy, army), catalogs)

    def options(self, army: Army, unit_id: str, catalogs: Catalogs) -> list[Choice]:
        return rules.options(cast(SbgArmy, army), unit_id, catalogs)

    def compare(self, army: Army, catalogs: Catalogs) -> list[Change]:
        return rules.compare(cast(SbgArmy, army), catalogs)

    def stamp(self, army: Army, catalogs: Catalogs) -> Army:
        return rules.stamp(cast(SbgArmy, army), catalogs)


SYSTEM = StrategyBattleGame()
