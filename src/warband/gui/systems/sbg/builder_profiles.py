"""How the catalog browser shows Strategy Battle Game profiles: faction, side, Might/Will/Fate, Wounds, Courage and
cost (the tooltip adds spells and wargear options); filters by side, by kind (heroes or warriors) and by
faction."""

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
    fold,
    name_column,
)
from warband.model.catalog import Catalogs
from warband.model.messages import _
from warband.model.names import display_name, display_note
from warband.model.systems.sbg.factions import faction_name, faction_words
from warband.model.systems.sbg.rules import index, spell_names
from warband.model.systems.sbg.schema import ALIGNMENT_NAMES, Profile, Spell

NAME, FACTION, ALIGNMENT, MWF, WOUNDS, COURAGE, COST = range(7)


def alignment_name(alignment: str | None) -> str:
    """'Good' or 'Evil', in the player's language; 'Unknown' for a profile whose data does not say (SB-X1)."""
    return _(ALIGNMENT_NAMES.get(alignment, alignment or ""))


@dataclass(frozen=True)
class SbgDetails:
    """What the columns and filters read of a profile; `mwf` is None for a warrior."""

    faction: str
    """The profile's `faction` text (what the filter matches); `faction_name` is what the player reads."""
    faction_name: str
    alignment: str | None
    mwf: tuple[int, int, int] | None
    wounds: int
    courage: int


Row = ProfileRow[SbgDetails]


def profile_rows(catalogs: Catalogs, languages: Sequence[str]) -> list[Row]:
    idx = index(catalogs)
    return [_row(p, idx.spells, catalogs, languages) for p in idx.profiles.values()]


def _row(profile: Profile, spells: dict[str, Spell], catalogs: Catalogs, languages: Sequence[str]) -> Row:
    hero = profile.hero
    faction = faction_name(catalogs, profile.faction, languages)
    lines = [
        _("{faction}, {alignment} — {kind}").format(
            faction=faction,
            alignment=alignment_name(profile.alignment),
            kind=_("hero") if hero is not None else _("warrior"),
        )
    ]
    known = spell_names(hero, spells, languages)
    if known:
        lines.append(_("Spells: {spells}").format(spells=", ".join(known)))
    if profile.wargear:  # what it may buy, per model: the selected unit's panel buys it
        offered = ", ".join(f"{display_name(w.name, languages)} +{w.cost}" for w in profile.wargear)
        lines.append(_("Wargear options: {options}").format(options=offered))
    if profile.notes:
        lines.append(display_note(profile.notes))
    return ProfileRow(
        id=profile.id,
        name=display_name(profile.name, languages),
        cost=profile.cost,
        words=(*all_names(profile.name), *faction_words(catalogs, profile.faction)),
        tooltip="\n".join(lines),
        details=SbgDetails(
            faction=profile.faction,
            faction_name=faction,
            alignment=profile.alignment,
            mwf=None if hero is None else (hero.might, hero.will, hero.fate),
            wounds=1 if hero is None else hero.wounds,
            courage=profile.courage,
        ),
    )


def _alignments(rows: Sequence[Row]) -> list[tuple[str, object]]:
    return [(_("Both sides"), None), (_("Good"), "good"), (_("Evil"), "evil")]


def _kinds(rows: Sequence[Row]) -> list[tuple[str, object]]:
    return [(_("Any kind"), None), (_("Heroes"), "heroes"), (_("Warriors"), "warriors")]


def _factions(rows: Sequence[Row]) -> list[tuple[str, object]]:
    """Every faction some profile belongs to, in alphabetical order of name; the filter matches its text."""
    found = {r.details.faction: r.details.faction_name for r in rows}
    ordered = sorted(found.items(), key=lambda item: (fold(item[1]), item[0]))
    return [(_("All factions"), None), *((name, faction) for faction, name in ordered)]


def _mwf(row: Row) -> str:
    mwf = row.details.mwf
    return NONE_MARK if mwf is None else "/".join(str(v) for v in mwf)


def _mwf_key(row: Row) -> int:
    """Heroes by their Might, then Will, then Fate; warriors last in ascending order."""
    mwf = row.details.mwf
    return -1 if mwf is None else mwf[0] * 100 + mwf[1] * 10 + mwf[2]


def describe_profiles() -> ProfileDescription[SbgDetails]:
    """Columns Name, Faction, Alignment, M/W/F, Wounds, Courage, Cost; filters by alignment, kind and faction."""
    columns: tuple[ProfileColumn[SbgDetails], ...] = (
        name_column(),
        ProfileColumn(_("Faction"), lambda row: row.details.faction_name),
        ProfileColumn(_("Alignment"), lambda row: alignment_name(row.details.alignment)),
        ProfileColumn(_("M/W/F"), _mwf, _mwf_key, _("Might / Will / Fate of a hero; warriors have none"), True),
        ProfileColumn(
            _("Wounds"), lambda row: str(row.details.wounds), lambda row: row.details.wounds, numeric=True
        ),
        ProfileColumn(
            _("Courage"), lambda row: str(row.details.courage), lambda row: row.details.courage, numeric=True
        ),
        ProfileColumn(
            _("Cost"), lambda row: str(row.cost), lambda row: row.cost, _("Points per model"), numeric=True
        ),
    )
    filters: tuple[ProfileFilter[SbgDetails], ...] = (
        ProfileFilter("alignment", _("Alignment"), _alignments, lambda row, side: row.details.alignment == side),
        ProfileFilter(
            "kind",
            _("Heroes or warriors"),
            _kinds,
            lambda row, kind: (row.details.mwf is not None) == (kind == "heroes"),
        ),
        ProfileFilter("faction", _("Faction"), _factions, lambda row, faction: row.details.faction == faction),
    )
    return ProfileDescription(
        rows=profile_rows,
        columns=columns,
        filters=filters,
        search_tip=_("Words of a profile's name (in any language) or of its faction"),
        hidden_first=(WOUNDS, COURAGE, ALIGNMENT, FACTION, MWF),
    )
