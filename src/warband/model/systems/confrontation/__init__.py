"""Confrontation (C2-era Divination): miracles, Faithful and their armies."""

from __future__ import annotations

from typing import cast

from warband.model.army import Army, Change, Choice, Report
from warband.model.catalog import Catalogs
from warband.model.systems.confrontation import changes, rules
from warband.model.systems.confrontation.battle_state import ConfrontationBattle, ConfrontationBattleFile
from warband.model.systems.confrontation.schema import ConfrontationArmy, ConfrontationCatalog


class Confrontation:
    """The Confrontation rule system, as the shared code sees it."""

    id = "confrontation"
    name = "Confrontation"
    catalog_model = ConfrontationCatalog
    army_model = ConfrontationArmy
    battle_model = ConfrontationBattle
    battle_file_model = ConfrontationBattleFile

    def validate(self, army: Army, catalogs: Catalogs) -> Report:
        return rules.validate(cast(ConfrontationArmy, army), catalogs)

    def options(self, army: Army, unit_id: str, catalogs: Catalogs) -> list[Choice]:
        return rules.options(cast(ConfrontationArmy, army), unit_id, catalogs)

    def compare(self, army: Army, catalogs: Catalogs) -> list[Change]:
        return changes.compare(cast(ConfrontationArmy, army), catalogs)

    def stamp(self, army: Army, catalogs: Catalogs) -> Army:
        return changes.stamp(cast(ConfrontationArmy, army), catalogs)


SYSTEM = Confrontation()
