"""How the catalog browser shows « Par le Fer et par le Verbe » characters: Don, Vitality, MA, their Contact skill
per source and skill per discipline; filters by a source or a discipline they have a skill in. A party has no
points: there is no cost column."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from warband.gui.builder.profile_description import (
    ProfileColumn,
    ProfileDescription,
    ProfileFilter,
    ProfileRow,
    all_names,
    name_column,
)
from warband.gui.systems.pfpv.builder_text import entry_name, joined, specialisation_text
from warband.model.catalog import Catalogs
from warband.model.messages import _
from warband.model.names import display_name, display_note
from warband.model.systems.pfpv.rules import Index, index
from warband.model.systems.pfpv.schema import Profile

NAME, DON, VITALITY, MA, SOURCES, DISCIPLINES = range(6)


@dataclass(frozen=True)
class Skilled:
    """A source or discipline a character has a skill in, with its name and its place in the catalogs."""

    id: str
    name: str
    skill: int
    order: int
    """Its position in the catalogs (Fire, Water, Earth, Air, …): the filters list them so."""


@dataclass(frozen=True)
class PfpvDetails:
    """What the columns and filters read of a character: its numbers and its skills, named once per load."""

    don: int
    vitality: int
    ma: int
    contact: tuple[Skilled, ...]
    """The sources it has a Contact skill in (PF-02), in its own order."""
    disciplines: tuple[Skilled, ...]
    """The disciplines it has a skill in (PF-03), in its own order."""

    @property
    def contact_text(self) -> str:
        """'Fire 10, Earth 11'."""
        return ", ".join(f"{s.name} {s.skill}" for s in self.contact)

    @property
    def disciplines_text(self) -> str:
        return ", ".join(f"{s.name} {s.skill}" for s in self.disciplines)


Row = ProfileRow[PfpvDetails]


def profile_rows(catalogs: Catalogs, languages: Sequence[str]) -> list[Row]:
    idx = index(catalogs)
    return [_row(p, idx, languages) for p in idx.profiles.values()]


def _skilled(skills: dict[str, int], entries: dict[str, object], languages: Sequence[str]) -> tuple[Skilled, ...]:
    order = {entry_id: position for position, entry_id in enumerate(entries)}
    return tuple(
        Skilled(i, entry_name(entries, i, languages), skill, order.get(i, len(order)))
        for i, skill in skills.items()
    )


def _row(profile: Profile, idx: Index, languages: Sequence[str]) -> Row:
    details = PfpvDetails(
        don=profile.don,
        vitality=profile.vitality,
        ma=profile.ma,
        contact=_skilled(profile.contact, idx.sources, languages),
        disciplines=_skilled(profile.disciplines, idx.disciplines, languages),
    )
    lines = [
        _("Don {don} · Vitality {vitality} · MA {ma} · Recovery ×{recovery}").format(
            don=profile.don, vitality=profile.vitality, ma=profile.ma, recovery=profile.recovery
        ),
        _("Contact: {skills}").format(skills=details.contact_text or _("none")),
        _("Disciplines: {skills}").format(skills=details.disciplines_text or _("none")),
    ]
    if profile.specialisations:
        specialisations = ", ".join(specialisation_text(s, idx) for s in profile.specialisations)
        lines.append(_("Specialisations: {list}").format(list=specialisations))
    spells = joined(entry_name(idx.spells, s, languages) for s in profile.spells)
    lines.append(_("Spells: {spells}").format(spells=spells))
    if profile.notes:
        lines.append(display_note(profile.notes))
    skill_words = [
        *(name for s in profile.contact for name in _names(idx.sources, s)),
        *(name for d in profile.disciplines for name in _names(idx.disciplines, d)),
    ]
    return ProfileRow(
        id=profile.id,
        name=display_name(profile.name, languages),
        cost=0,
        words=(*all_names(profile.name), *skill_words),
        tooltip="\n".join(lines),
        details=details,
    )


def _names(entries: dict[str, object], entry_id: str) -> list[str]:
    """Every language's name of a source or discipline, so that "feu" and "fire" both find a fire mage."""
    name = getattr(entries.get(entry_id), "name", None)
    return [entry_id] if name is None else all_names(name)


def _choices(every: str, skilled: list[Skilled]) -> list[tuple[str, object]]:
    """'Any …', then each source or discipline some character has a skill in, in the catalogs' order."""
    first = {s.id: s for s in sorted(skilled, key=lambda s: s.order)}
    return [(every, None), *((s.name, s.id) for s in first.values())]


def _sources(rows: Sequence[Row]) -> list[tuple[str, object]]:
    return _choices(_("Any source"), [s for r in rows for s in r.details.contact])


def _disciplines(rows: Sequence[Row]) -> list[tuple[str, object]]:
    return _choices(_("Any discipline"), [d for r in rows for d in r.details.disciplines])


def _has(skilled: tuple[Skilled, ...], entry_id: object) -> bool:
    return any(s.id == entry_id for s in skilled)


def _number(title: str, read: str, tooltip: str) -> ProfileColumn[PfpvDetails]:
    return ProfileColumn(
        title,
        lambda row: str(getattr(row.details, read)),
        lambda row: int(getattr(row.details, read)),
        tooltip,
        numeric=True,
    )


def describe_profiles() -> ProfileDescription[PfpvDetails]:
    """Columns Name, Don, Vitality, MA, Sources, Disciplines (no cost: a party has no points); filters by source
    and by discipline."""
    columns: tuple[ProfileColumn[PfpvDetails], ...] = (
        name_column(),
        _number(
            _("Don"), "don", _("Don Magique: the pool paid into castings and lost to backlash (PF-05, PF-07)")
        ),
        _number(_("Vitality"), "vitality", _("What a backlash costs once the Don is gone (PF-05)")),
        _number(_("MA"), "ma", _("Rolled under against distraction while casting (PF-09)")),
        ProfileColumn(
            _("Sources"),
            lambda row: row.details.contact_text,
            tooltip=_("Contact skill per energy source (PF-02)"),
        ),
        ProfileColumn(
            _("Disciplines"),
            lambda row: row.details.disciplines_text,
            tooltip=_("Skill per magic discipline, rolled under to control (PF-03)"),
        ),
    )
    return ProfileDescription(
        rows=profile_rows,
        columns=columns,
        filters=(
            ProfileFilter("source", _("Energy source"), _sources, lambda row, s: _has(row.details.contact, s)),
            ProfileFilter(
                "discipline", _("Magic discipline"), _disciplines, lambda row, d: _has(row.details.disciplines, d)
            ),
        ),
        search_tip=_("Words of a character's name (in any language), or of its sources and disciplines"),
        hidden_first=(
            DISCIPLINES,
            SOURCES,
            MA,
            VITALITY,
            DON,
        ),  # the skills' lists are long: Name's tooltip has them
    )
