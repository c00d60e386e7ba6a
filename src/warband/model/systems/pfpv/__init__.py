"""« Par le Fer et par le Verbe »: mages drawing energy from sources and shaping it through disciplines."""

from __future__ import annotations

from typing import cast

from warband.model.army import Army, Change, Choice, Report
from warband.model.catalog import Catalogs
from warband.model.systems.pfpv import rules
from warband.model.systems.pfpv.scene import PfpvScene, PfpvSceneFile
from warband.model.systems.pfpv.schema import PfpvArmy, PfpvCatalog


class ParLeFerEtParLeVerbe:
    """The pfpv rule system, as the shared code sees it (a party, no points; its battles are scenes)."""

    id = "pfpv"
    name = "Par le Fer et par le Verbe"
    catalog_model = PfpvCatalog
    army_model = PfpvArmy
    uses_points = False
    """A party has no points: the roster shows no total and no limit."""
    battle_model = PfpvScene
    battle_file_model = PfpvSceneFile

    def validate(self, army: Army, catalogs: Catalogs) -> Report:
        return rules.validate(cast(PfpvArmy, army), catalogs)

    def options(self, army: Army, unit_id: str, catalogs: Catalogs) -> list[Choice]:
        return rules.options(cast(PfpvArmy, army), unit_id, catalogs)

    def compare(self, army: Army, catalogs: Catalogs) -> list[Change]:
        return rules.compare(cast(PfpvArmy, army), catalogs)

    def stamp(self, army: Army, catalogs: Catalogs) -> Army:
        return rules.stamp(cast(PfpvArmy, army), catalogs)


SYSTEM = ParLeFerEtParLeVerbe()
