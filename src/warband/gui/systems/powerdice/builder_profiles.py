"""How the catalog browser shows power-dice profiles: magic traits, level, cost; filters by trait and kind."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from warband.gui.builder.profile_description import (
    NONE_MARK,
    ProfileColumn,
    ProfileDescription,
    ProfileFilter,
    ProfileRow,
    all_names,
    name_column,
)
from warband.model.catalog import Catalogs
from warband.model.messages import _
from warband.model.names import display_name, display_note
from warband.model.systems.powerdice.rules import index
from warband.model.systems.powerdice.schema import TRAIT_NAMES, TRAITS, Profile

NAME, TRAITS_COLUMN, LEVEL, COST = range(4)


def trait_name(trait: str) -> str:
    """A magic trait as players read it ("shaman (druid)")."""
    return _(TRAIT_NAMES.get(trait, trait))


def traits_list(traits: Sequence[str]) -> str:
    """'magician, priest (cleric)'."""
    return ", ".join(trait_name(t) for t in traits)


@dataclass(frozen=True)
class CasterDetails:
    """What the power-dice columns and filters read of a profile: its traits and level (none: not a caster)."""

    traits: tuple[str, ...]
    level: int | None


Row = ProfileRow[CasterDetails]


def profile_rows(catalogs: Catalogs, languages: Sequence[str]) -> list[Row]:
    return [_row(p, languages) for p in index(catalogs).profiles.values()]


def _row(profile: Profile, languages: Sequence[str]) -> Row:
    caster = profile.caster
    traits: tuple[str, ...] = tuple(caster.traits) if caster is not None else ()
    lines: list[str] = []
    if caster is not None:
        lines.append(_("Caster: {traits}, level {level}").format(traits=traits_list(traits), level=caster.level))
    if profile.notes:
        lines.append(display_note(profile.notes))
    return ProfileRow(
        id=profile.id,
        name=display_name(profile.name, languages),
        cost=profile.cost,
        words=(*all_names(profile.name), *traits, *(trait_name(t) for t in traits)),
        tooltip="\n".join(lines) or None,
        details=CasterDetails(traits, caster.level if caster is not None else None),
    )


def _traits(rows: Sequence[Row]) -> list[tuple[str, object]]:
    """The traits some profile has, in the rules' order."""
    used = {t for r in rows for t in r.details.traits}
    return [(_("Any trait"), None), *((trait_name(t), t) for t in TRAITS if t in used)]


def _kinds(rows: Sequence[Row]) -> list[tuple[str, object]]:
    return [(_("Any kind"), "all"), (_("Casters only"), "casters"), (_("Not casters"), "other")]


def _level(row: Row) -> str:
    level = row.details.level
    return NONE_MARK if level is None else str(level)


def _level_key(row: Row) -> int:
    level = row.details.level
    return -1 if level is None else level


def describe_profiles() -> ProfileDescription[CasterDetails]:
    """Columns Name, Traits, Level, Cost; filters by magic trait and by kind (casters or not)."""
    columns: tuple[ProfileColumn[CasterDetails], ...] = (
        name_column(),
        ProfileColumn(
            _("Traits"), lambda row: traits_list(row.details.traits), tooltip=_("The caster's magic traits")
        ),
        ProfileColumn(
            _("Level"), _level, _level_key, _("The most power dice the caster's card may hold (PD-02)"), True
        ),
        ProfileColumn(  # a short title: at the window's usual width, Level still fits beside it
            _("Cost"), lambda row: str(row.cost), lambda row: row.cost, _("Cost in Army Points"), numeric=True
        ),
    )
    filters: tuple[ProfileFilter[CasterDetails], ...] = (
        ProfileFilter("trait", _("Magic trait"), _traits, lambda row, trait: trait in row.details.traits),
        ProfileFilter(
            "kind",
            _("Kind of profile"),
            _kinds,
            lambda row, kind: kind == "all" or (row.details.level is not None) == (kind == "casters"),
        ),
    )
    return ProfileDescription(
        rows=profile_rows,
        columns=columns,
        filters=filters,
        search_tip=_("Words of a profile's name (in any language) or of its magic traits"),
        hidden_first=(TRAITS_COLUMN, LEVEL),  # the level also tells casters from the others
    )
