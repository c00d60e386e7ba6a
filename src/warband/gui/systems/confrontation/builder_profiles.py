"""How the catalog browser shows Confrontation profiles: people, cult, kind of Faithful, Discipline, cost."""

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
    cost_column,
    fold,
    name_column,
)
from warband.gui.systems.confrontation.faith_text import aspect_levels, cult_text, rank_line
from warband.model.catalog import Catalogs
from warband.model.messages import _
from warband.model.names import display_name
from warband.model.systems.confrontation.peoples import people_name, people_words
from warband.model.systems.confrontation.rules import index
from warband.model.systems.confrontation.schema import Cult, Profile

NAME, PEOPLE, CULT, KIND, DISCIPLINE, COST = range(6)


@dataclass(frozen=True)
class FaithDetails:
    """What the Confrontation columns and filters read of a profile."""

    people: str
    """The people's ID (what the filter matches); `people_name` is what the player reads."""
    people_name: str
    cult_id: str | None
    cult_name: str
    faithful: bool
    kind: str
    discipline: int | None


Row = ProfileRow[FaithDetails]


def profile_rows(catalogs: Catalogs, languages: Sequence[str]) -> list[Row]:
    idx = index(catalogs)
    return [_row(p, idx.cults, catalogs, languages) for p in idx.profiles.values()]


def _row(profile: Profile, cults: dict[str, Cult], catalogs: Catalogs, languages: Sequence[str]) -> Row:
    words = [*all_names(profile.name), *people_words(catalogs, profile.people)]
    faithful = profile.faithful
    cult_id: str | None = None
    cult_name = ""
    tooltip: str | None = None
    kind = NONE_MARK
    if faithful is not None:
        cult_id = faithful.cult if faithful.known("cult") else None
        cult = cults.get(cult_id) if cult_id is not None else None
        cult_name = cult_text(faithful, cults, languages)  # a merged catalog never dangles; the id is the fallback
        words += all_names(cult.name) if cult is not None else [cult_name]
        kind = _("Warrior-monk") if faithful.warrior_monk else _("Faithful")
        tooltip = f"{rank_line(faithful, cults, languages)} — {aspect_levels(faithful, ', ')}"
    details = FaithDetails(
        profile.people,
        people_name(catalogs, profile.people, languages),
        cult_id,
        cult_name,
        faithful is not None,
        kind,
        profile.discipline,
    )
    return ProfileRow(
        id=profile.id,
        name=display_name(profile.name, languages),
        cost=profile.cost,
        words=tuple(words),
        tooltip=tooltip,
        details=details,
    )


def _peoples(rows: Sequence[Row]) -> list[tuple[str, object]]:
    """Every people that has a profile, in alphabetical order of name; the filter matches the ID."""
    found = {r.details.people: r.details.people_name for r in rows}
    ordered = sorted(found.items(), key=lambda item: (fold(item[1]), item[0]))
    return [(_("All peoples"), None), *((name, people) for people, name in ordered)]


def _cults(rows: Sequence[Row]) -> list[tuple[str, object]]:
    """Every cult that has a Faithful profile, in alphabetical order of name."""
    found = {r.details.cult_id: r.details.cult_name for r in rows if r.details.cult_id is not None}
    ordered = sorted(found.items(), key=lambda item: (fold(item[1]), item[0]))
    return [(_("All cults"), None), *((name, cult_id) for cult_id, name in ordered)]


def _kinds(rows: Sequence[Row]) -> list[tuple[str, object]]:
    return [(_("Faithful and others"), "all"), (_("Faithful only"), "faithful"), (_("Not Faithful"), "other")]


def _discipline(row: Row) -> str:
    discipline = row.details.discipline
    return NONE_MARK if discipline is None else str(discipline)


def _discipline_key(row: Row) -> int:
    discipline = row.details.discipline
    return -1 if discipline is None else discipline


def describe_profiles() -> ProfileDescription[FaithDetails]:
    """Columns Name, People, Cult, Kind, Discipline, Cost; filters by people, cult and kind (Faithful or not)."""
    columns: tuple[ProfileColumn[FaithDetails], ...] = (
        name_column(),
        ProfileColumn(_("People"), lambda row: row.details.people_name),
        ProfileColumn(_("Cult"), lambda row: row.details.cult_name),
        ProfileColumn(_("Kind"), lambda row: row.details.kind),
        ProfileColumn(_("Discipline"), _discipline, _discipline_key, numeric=True),
        cost_column(),
    )
    filters: tuple[ProfileFilter[FaithDetails], ...] = (
        ProfileFilter("people", _("People"), _peoples, lambda row, people: row.details.people == people),
        ProfileFilter("cult", _("Cult"), _cults, lambda row, cult: row.details.cult_id == cult),
        ProfileFilter(
            "kind",
            _("Kind of profile"),
            _kinds,
            lambda row, kind: kind == "all" or row.details.faithful == (kind == "faithful"),
        ),
    )
    return ProfileDescription(
        rows=profile_rows,
        columns=columns,
        filters=filters,
        search_tip=_("Words of a profile's name (in any language), people or cult"),
        hidden_first=(KIND, DISCIPLINE, PEOPLE, CULT),
    )
