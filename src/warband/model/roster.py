"""What a roster shows, as plain values: each game says what it adds to a unit's row (`GameSystem.roster_unit`),
and the text, HTML and PDF renderings (`warband.export`) read these and nothing else."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from warband.model.army import Problem
from warband.model.messages import _
from warband.model.names import Name, display_name

Languages = Sequence[str]


@dataclass(frozen=True, slots=True)
class Detail:
    """One thing a unit holds or knows (a miracle, a spell, an item), with its key numbers."""

    kind: str
    """What it is, in words: "Miracle", "Spell", "Item"."""
    name: str
    cost: int | None
    """Its cost in points; None when it costs nothing the roster counts (a pfpv spell, an unknown entry)."""
    facts: tuple[str, ...] = ()
    """Its key numbers in words: "fervour 2", "difficulty 6", "casting 3+"."""


MAX_BOXES = 30
"""Above this, a reserve is a blank to write in ("Don ____ / 120") rather than a row of tick boxes."""


@dataclass(frozen=True, slots=True)
class Track:
    """A reserve spent during a battle, printed as tick boxes sized to it ("T.F.", "Might", "Wounds")."""

    name: str
    size: int
    tick: bool = True
    """False for a pool spent in large amounts (a pfpv Don of 120): a number to write in, not boxes."""

    @property
    def boxed(self) -> bool:
        """Whether it prints as tick boxes (one per point) rather than as a number to write in."""
        return self.tick and self.size <= MAX_BOXES


@dataclass(frozen=True, slots=True)
class UnitExtras:
    """What a system adds to a unit's row: its profile's numbers, what it holds, its reserves."""

    profile_facts: tuple[str, ...] = ()
    """Short numbers of its profile, shown on one line ("Discipline 4", "Movement 10")."""
    profile_lines: tuple[str, ...] = ()
    """Longer facts of its profile, one per line ("Contact: Fire 10, Earth 11, …")."""
    details: tuple[Detail, ...] = ()
    tracks: tuple[Track, ...] = ()


@dataclass(frozen=True, slots=True)
class UnitRow:
    """A unit of the roster: who it is, what it costs, what it holds, what it spends, what is wrong with it."""

    id: str
    label: str
    """The player's label, or the profile's name when the unit has none."""
    profile: str
    """The profile's name (its id when the catalogs do not know it)."""
    count: int
    cost: int
    notes: str
    extras: UnitExtras


@dataclass(frozen=True, slots=True)
class Roster:
    """A whole army as the roster shows it."""

    name: str
    system: str
    """The system's name ("Confrontation")."""
    points: str | None
    """How the system names its points ("A.P."); None when it has none (a pfpv party)."""
    total: int
    limit: int | None
    army_facts: tuple[str, ...]
    """Totals a system adds ("29 models", "Might 7")."""
    units: tuple[UnitRow, ...]
    problems: tuple[Problem, ...]
    """Every problem, in unit order then rule ID; those of the whole army last."""

    @property
    def valid(self) -> bool:
        return not self.problems


def unknown_detail(kind: str, entry_id: str) -> Detail:
    """An entry the catalogs no longer know (AR-02): shown by its id, its cost not counted."""
    return Detail(kind, entry_id, None, (_("not in the loaded catalogs"),))


def named(name: Name | None, fallback: str, languages: Languages) -> str:
    """A catalog name in the reader's languages, or the id the catalogs no longer name."""
    return fallback if name is None else display_name(name, languages)
