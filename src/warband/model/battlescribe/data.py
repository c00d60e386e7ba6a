"""What the BattleScribe reader gives: each file's entries, with entry links, info links, shared entries and
catalogue links resolved, as frozen values. A game's mapping reads these; it never sees XML.

Names follow the published XSD (BSData/schemas): a `selectionEntry` is an `Entry` (type "unit", "model" or
"upgrade"), a `selectionEntryGroup` a `Group`. Schema 2.01's spellings (`costTypeId`, `profileTypeId`,
`characteristicTypeId`, a characteristic's `value` attribute) are read as 2.02's.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Characteristic:
    name: str
    type_id: str
    text: str
    """As the file writes it ("3", "3*", "-", "6+/4+"): a game reads its number and keeps the text."""


@dataclass(frozen=True, slots=True)
class Profile:
    id: str
    name: str
    type_id: str
    type_name: str
    """The profile type's name, from the file's `profileTypes` when the profile does not say it."""
    characteristics: tuple[Characteristic, ...] = ()
    hidden: bool = False
    modifiers: tuple[Modifier, ...] = ()
    """Its own modifiers and those of the `infoLink` it was reached through (a characteristic's type id as
    `field`: "+1 Defence with a shield"); kept, not applied — applying them is the game's job."""

    def get(self, name: str) -> str | None:
        """The text of the characteristic of that name (case-insensitive), or None."""
        wanted = name.casefold()
        return next((c.text for c in self.characteristics if c.name.casefold() == wanted), None)


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    name: str
    description: str = ""
    hidden: bool = False


@dataclass(frozen=True, slots=True)
class Cost:
    name: str
    """The cost type's name ("pts")."""
    type_id: str
    value: float


@dataclass(frozen=True, slots=True)
class Condition:
    """A condition of a modifier (also in `conditionGroups`, flattened, with `group` saying how: "and"/"or")."""

    type: str
    """"lessThan", "greaterThan", "equalTo", "notEqualTo", "atLeast", "atMost", "instanceOf", "notInstanceOf"…"""
    field: str
    scope: str
    value: float
    child_id: str = ""
    group: str = ""


@dataclass(frozen=True, slots=True)
class Modifier:
    type: str
    """"set", "increment", "decrement", "append", "add", "remove", "hide", "show"…"""
    field: str
    """A cost type's id, a characteristic type's id, "name", "hidden", a constraint's id…"""
    value: str
    conditions: tuple[Condition, ...] = ()
    repeats: int = 0
    """How many `repeat` elements it has: a repeated modifier depends on the roster."""

    @property
    def unconditional(self) -> bool:
        """True when it applies whatever the roster holds: no condition and no repeat."""
        return not self.conditions and not self.repeats


@dataclass(frozen=True, slots=True)
class Constraint:
    id: str
    type: str
    """"min" or "max"."""
    field: str
    """"selections", or a cost type's id."""
    scope: str
    value: float


@dataclass(frozen=True, slots=True)
class Group:
    """A `selectionEntryGroup`: a choice among entries (a unit's wargear options), links resolved."""

    id: str
    name: str
    entries: tuple[Entry, ...] = ()
    groups: tuple[Group, ...] = ()
    default_entry_id: str = ""
    constraints: tuple[Constraint, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    hidden: bool = False
    link_id: str = ""
    """The `entryLink` it was reached through, if any."""


@dataclass(frozen=True, slots=True)
class Entry:
    """A `selectionEntry`, reached directly or through an `entryLink` (whose own costs, modifiers and constraints
    are merged in: the link's costs replace the target's of the same type, its modifiers and constraints add)."""

    id: str
    name: str
    type: str
    """"unit", "model" or "upgrade"."""
    costs: tuple[Cost, ...] = ()
    profiles: tuple[Profile, ...] = ()
    rules: tuple[Rule, ...] = ()
    categories: tuple[str, ...] = ()
    """Category names, the primary one first (from `categoryLinks`, names resolved from `categoryEntries`)."""
    modifiers: tuple[Modifier, ...] = ()
    constraints: tuple[Constraint, ...] = ()
    entries: tuple[Entry, ...] = ()
    groups: tuple[Group, ...] = ()
    hidden: bool = False
    collective: bool = False
    link_id: str = ""
    """The `entryLink` it was reached through, if any (its id is what a roster's selection names as `entryId`
    together with the target's)."""
    file: str = ""
    """The file that defines it (a library catalogue's entry keeps its own file)."""

    def cost(self, name: str) -> float | None:
        """The value of the cost of that type name (case-insensitive), or None."""
        wanted = name.casefold()
        return next((c.value for c in self.costs if c.name.casefold() == wanted), None)

    def walk(self) -> Iterator[Entry]:
        """This entry, then every entry under it (in its groups too), depth first."""
        yield self
        for child in self.entries:
            yield from child.walk()
        for group in self.groups:
            yield from _walk_group(group)


def _walk_group(group: Group) -> Iterator[Entry]:
    for entry in group.entries:
        yield from entry.walk()
    for inner in group.groups:
        yield from _walk_group(inner)


@dataclass(frozen=True, slots=True)
class DataFile:
    """One `.gst` (`kind` "gameSystem") or `.cat` (`kind` "catalogue") file."""

    kind: str
    id: str
    name: str
    revision: int
    schema: str
    """The `battleScribeVersion` it declares: "2.01", "2.02" or "2.03"."""
    file: str
    game_system_id: str = ""
    library: bool = False
    entries: tuple[Entry, ...] = ()
    """Its root entries: `selectionEntries` and root `entryLinks`, and, for each `catalogueLink` with
    `importRootEntries`, the linked catalogue's root entries."""
    shared_rules: tuple[Rule, ...] = ()
    cost_types: Mapping[str, str] = field(default_factory=dict)
    """Cost type id → name, from this file and the game system."""
    profile_types: Mapping[str, str] = field(default_factory=dict)
    """Profile type id → name, from this file and the game system."""
    links: tuple[str, ...] = ()
    """The ids of the catalogues it links (`catalogueLinks`)."""


@dataclass(frozen=True, slots=True)
class DataSet:
    """A game system and the catalogues read with it, every link resolved."""

    game_system: DataFile | None
    catalogues: tuple[DataFile, ...]
    skipped: Mapping[str, int] = field(default_factory=dict)
    """What the reader does not model, by element name, with how many it met ("forceEntries": 3,
    "infoGroups": 12, "publications": 5…): an import lists it in its summary."""
    problems: tuple[str, ...] = ()
    """Links that lead nowhere and the like, as sentences naming the file and the id; the rest is read."""


@dataclass
class Imported:
    """What a game's mapping made of a `DataSet`: a catalog document, and an account of the import for the
    player (the window's summary, the command line's report)."""

    catalog: dict[str, object]
    """A catalog file's JSON (format, version, system, id, revision, name, notes, the game's lists)."""
    counts: dict[str, int] = field(default_factory=dict)
    """What was imported, by kind of the game's catalog ("profiles": 330, "spells": 36)."""
    unknown: list[str] = field(default_factory=list)
    """Values the data lacks, imported as unknown and flagged: a sentence each, naming the entry."""
    unmapped: dict[str, int] = field(default_factory=dict)
    """What the game does not map, by what it is ("conditional cost modifiers", "profile type 'Wargear'"), with
    how many: listed, never guessed, never silently dropped."""
    unmapped_examples: dict[str, list[str]] = field(default_factory=dict)
    """For each kind of `unmapped`, the first few places (entry names), so a player can find them."""
