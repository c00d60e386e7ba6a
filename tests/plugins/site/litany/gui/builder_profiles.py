"""How the catalog browser shows Litany's profiles: name, piety, cost; a filter for priests."""

from __future__ import annotations

from collections.abc import Sequence

from litany.rules import index
from litany.schema import Profile
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
from warband.model.names import display_name

NAME, PIETY, COST = range(3)
Row = ProfileRow[int | None]
"""A profile's row; its details are its piety (None: not a priest)."""


def profile_rows(catalogs: Catalogs, languages: Sequence[str]) -> list[Row]:
    return [_row(profile, languages) for profile in index(catalogs).profiles.values()]


def _row(profile: Profile, languages: Sequence[str]) -> Row:
    lines = [_("Priest, piety {piety}").format(piety=profile.piety)] if profile.piety is not None else []
    if profile.notes:
        lines.append(profile.notes if len(profile.notes) <= 300 else profile.notes[:300] + "…")
    return ProfileRow(
        id=profile.id,
        name=display_name(profile.name, languages),
        cost=profile.cost,
        words=tuple(all_names(profile.name)),
        tooltip="\n".join(lines) or None,
        details=profile.piety,
    )


def _kinds(rows: Sequence[Row]) -> list[tuple[str, object]]:
    return [(_("Any kind"), "all"), (_("Priests only"), "priests"), (_("Not priests"), "other")]


def _accepts_kind(row: Row, kind: object) -> bool:
    return kind == "all" or (row.details is not None) == (kind == "priests")


def describe_profiles() -> ProfileDescription[int | None]:
    """Columns Name, Piety, Cost; a filter by kind (priests or not)."""
    columns: tuple[ProfileColumn[int | None], ...] = (
        name_column(),
        ProfileColumn(
            _("Piety"),
            lambda row: NONE_MARK if row.details is None else str(row.details),
            lambda row: -1 if row.details is None else row.details,
            _("A priest's piety: the prayers it may hold (LI-01, LI-02); — for a model that is no priest"),
            numeric=True,
        ),
        ProfileColumn(
            _("Cost"), lambda row: str(row.cost), lambda row: row.cost, _("Cost in points"), numeric=True
        ),
    )
    filters = (ProfileFilter("kind", _("Kind of profile"), _kinds, _accepts_kind),)
    return ProfileDescription(
        rows=profile_rows,
        columns=columns,
        filters=filters,
        search_tip=_("Words of a profile's name (in any language)"),
        hidden_first=(PIETY,),
    )
