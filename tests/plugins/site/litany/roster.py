"""What an exported Litany roster shows of a unit: its piety (or that it is no priest) and the prayers it holds."""

from __future__ import annotations

from litany import rules
from litany.schema import LitanyUnit
from warband.model.army import Unit
from warband.model.catalog import Catalogs
from warband.model.messages import _
from warband.model.names import display_name
from warband.model.roster import Detail, Languages, UnitExtras, unknown_detail


def unit_details(unit: Unit, catalogs: Catalogs, languages: Languages) -> UnitExtras:
    if not isinstance(unit, LitanyUnit):
        raise TypeError(f"a Litany roster was given a {type(unit).__name__}")
    idx = rules.index(catalogs)
    profile = idx.profiles.get(unit.profile)
    facts: list[str] = []
    if profile is not None:
        if profile.piety is None:
            facts.append(_("Not a priest"))
        else:
            facts.append(_("Piety {piety}").format(piety=profile.piety))
    details: list[Detail] = []
    for prayer_id in unit.prayers:
        prayer = idx.prayers.get(prayer_id)
        if prayer is None:
            details.append(unknown_detail(_("Prayer"), prayer_id))
            continue
        facts_of_prayer = (
            _("difficulty {difficulty}").format(difficulty=prayer.difficulty),
            _("piety {piety}+").format(piety=prayer.min_piety),
        )
        details.append(Detail(_("Prayer"), display_name(prayer.name, languages), prayer.cost, facts_of_prayer))
    return UnitExtras(profile_facts=tuple(facts), details=tuple(details))
