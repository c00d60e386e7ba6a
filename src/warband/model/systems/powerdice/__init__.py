"""Hex battles with power dice: casters with traits and levels, spells, hidden magic markers."""

from __future__ import annotations

from typing import cast

from warband.model.army import Army, Change, Choice, Report
from warband.model.catalog import Catalogs
from warband.model.systems.powerdice import rules
from warband.model.systems.powerdice.battle_state import PowerDiceBattle, PowerDiceBattleFile
from warband.model.systems.powerdice.schema import PowerDiceArmy, PowerDiceCatalog


class PowerDice:
    """The power-dice rule system, as the shared code sees it."""

    id = "powerdice"
    name = "Hex battles with power dice"
    catalog_model = PowerDiceCatalog
    army_model = PowerDiceArmy
    battle_model = PowerDiceBattle
    battle_file_model = PowerDiceBattleFile

    def validate(self, army: Army, catalogs: Catalogs) -> Report:
        return rules.validate(cast(PowerDiceArmy, army), catalogs)

    def options(self, army: Army, unit_id: str, catalogs: Catalogs) -> list[Choice]:
        return rules.options(cast(PowerDiceArmy, army), unit_id, catalogs)

    def compare(self, army: Army, catalogs: Catalogs) -> list[Change]:
        return rules.compare(cast(PowerDiceArmy, army), catalogs)

    def stamp(self, army: Army, catalogs: Catalogs) -> Army:
        return rules.stamp(cast(PowerDiceArmy, army), catalogs)


SYSTEM = PowerDice()
