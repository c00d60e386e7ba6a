"""The files of a reading: each one's root, what it says of itself, and its elements indexed by id; and the
accounts a reading keeps (problems met, elements not read) with the small readers of attribute values.

A link is looked up in its own file first, then in the catalogues that file links (`catalogueLinks`), then in the
game system, then in every other file read (`Source.search`, set by the reader).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field
from xml.etree.ElementTree import Element

from warband.model.storage import FileError

MAX_DEPTH = 100
"""Entries, links and condition groups nested deeper than this are no army data: the file is refused."""

MAX_PROBLEMS = 500
"""Problems kept as sentences; more are counted in one last sentence."""

LIST_TAGS = frozenset(
    {
        "publications", "costTypes", "profileTypes", "categoryEntries", "forceEntries", "selectionEntries",
        "entryLinks", "rules", "infoLinks", "sharedSelectionEntries", "sharedSelectionEntryGroups", "sharedRules",
        "sharedProfiles", "sharedInfoGroups", "catalogueLinks", "modifiers", "modifierGroups", "constraints",
        "profiles", "infoGroups", "characteristics", "characteristicTypes", "costs", "costLimits", "categoryLinks",
        "selectionEntryGroups", "conditions", "conditionGroups", "repeats", "forces", "selections", "categories",
        "tags",
    }
)  # fmt: skip
"""The XSD's list elements: one left unread counts as its items."""

READ_TAGS = frozenset(
    {
        "costs", "profiles", "rules", "infoLinks", "infoGroups", "categoryLinks", "modifiers", "constraints",
        "selectionEntries", "selectionEntryGroups", "entryLinks", "characteristics", "conditions",
        "conditionGroups", "repeats", "description", "characteristicTypes", "selections", "categories", "forces",
    }
)  # fmt: skip
"""Elements read in some places: left unread elsewhere, they count as "<tag> of <parent>" ("profiles of
selectionEntryGroup"); any other element counts under its own name ("forceEntries", "modifierGroups")."""

_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?")


def flag(element: Element, name: str) -> bool:
    """An xs:boolean attribute ("true"/"1"), false when absent."""
    return element.get(name, "").strip() in ("true", "1")


def number(text: str | None) -> float | None:
    """An xs:decimal ("1.0", "-1", "25"), or None for anything else (a word, "NaN", "1e999", nothing)."""
    if text is None:
        return None
    text = text.strip()
    if not _NUMBER.fullmatch(text):
        return None
    value = float(text)
    return value if math.isfinite(value) else None


def quoted(text: str, limit: int = 60) -> str:
    """A name for a problem's sentence: quoted, escaped (control characters, direction marks), bounded."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


@dataclass(frozen=True, slots=True)
class CatalogueLink:
    id: str
    name: str
    target_id: str
    import_root_entries: bool


@dataclass(eq=False)
class Source:
    """One file read: its root, what it says of itself, and its elements by id (shared ones first)."""

    path: str
    file: str
    """The file's name, as values and problems name it."""
    root: Element
    kind: str
    schema: str
    id: str
    name: str
    revision: int
    game_system_id: str = ""
    library: bool = False
    entries: dict[str, Element] = field(default_factory=dict)
    groups: dict[str, Element] = field(default_factory=dict)
    profiles: dict[str, Element] = field(default_factory=dict)
    rules: dict[str, Element] = field(default_factory=dict)
    info_groups: dict[str, Element] = field(default_factory=dict)
    categories: dict[str, str] = field(default_factory=dict)
    cost_types: dict[str, str] = field(default_factory=dict)
    profile_types: dict[str, str] = field(default_factory=dict)
    characteristic_types: dict[str, str] = field(default_factory=dict)
    links: list[CatalogueLink] = field(default_factory=list)
    search: list[Source] = field(default_factory=list)
    """Where its links are looked up, in order: itself, the catalogues it links, the game system, the rest."""
    types_from: list[Source] = field(default_factory=list)
    """Whose cost and profile types it sees: the game system, the catalogues it links, itself (later wins)."""

    @property
    def imports_all(self) -> bool:
        """Before 2.03, a catalogue link imported every root entry (BSData/schemas' 2.03 transform)."""
        return self.schema < "2.03"


_SHARED_FIRST = {
    "sharedSelectionEntries": ("selectionEntry", "entries"),
    "sharedSelectionEntryGroups": ("selectionEntryGroup", "groups"),
    "sharedProfiles": ("profile", "profiles"),
    "sharedRules": ("rule", "rules"),
    "sharedInfoGroups": ("infoGroup", "info_groups"),
}
_INDEXED = {
    "selectionEntry": "entries",
    "selectionEntryGroup": "groups",
    "profile": "profiles",
    "rule": "rules",
    "infoGroup": "info_groups",
}
_NAMED = {
    "categoryEntry": "categories",
    "costType": "cost_types",
    "profileType": "profile_types",
    "characteristicType": "characteristic_types",
}


def index(source: Source) -> None:
    """Index the file's elements by id: shared entries first (what links are meant to reach), then any other."""
    root = source.root
    for child in root:
        shared = _SHARED_FIRST.get(child.tag) if isinstance(child.tag, str) else None
        if shared is not None:
            tag, table = shared
            found: dict[str, Element] = getattr(source, table)
            for element in child:
                element_id = element.get("id")
                if element.tag == tag and element_id:
                    found.setdefault(element_id, element)
        elif child.tag == "catalogueLinks":
            for link in child:
                if link.tag == "catalogueLink":
                    source.links.append(
                        CatalogueLink(
                            link.get("id", ""),
                            link.get("name", ""),
                            link.get("targetId", ""),
                            flag(link, "importRootEntries"),
                        )
                    )
    for element in root.iter():
        tag = element.tag
        element_id = element.get("id")
        if not element_id or not isinstance(tag, str):
            continue
        indexed = _INDEXED.get(tag)
        if indexed is not None:
            getattr(source, indexed).setdefault(element_id, element)
            continue
        named = _NAMED.get(tag)
        if named is not None:
            getattr(source, named).setdefault(element_id, element.get("name", "").strip())


class Accounts:
    """What a reading keeps besides its values: the problems it met, what it did not read, what it built (each
    element once) and what it is building (to tell a cycle); and how it looks ids up."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.problem_count = 0
        self.skipped: Counter[str] = Counter()
        self._built: dict[Element, object] = {}
        self._active: set[Element] = set()

    def problem(self, source: Source, sentence: str) -> None:
        self.problem_count += 1
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(f"{source.file}: {sentence}")

    def all_problems(self) -> tuple[str, ...]:
        more = self.problem_count - len(self.problems)
        tail = [f"… and {more} more problems"] if more > 0 else []
        return (*self.problems, *tail)

    def skip(self, element: Element, parent: str) -> None:
        """Count an element left unread (a list element counts as its items)."""
        tag = element.tag if isinstance(element.tag, str) else "?"
        tag = tag[:100]
        key = f"{tag} of {parent}" if tag in READ_TAGS else tag
        count = len(element) if tag in LIST_TAGS else 1
        if count:
            self.skipped[key] += count

    def _deep(self, source: Source, depth: int) -> None:
        if depth > MAX_DEPTH:
            message = f"the file nests its entries or conditions more than {MAX_DEPTH} deep"
            raise FileError(source.path, "", message)

    @staticmethod
    def _find(kind: str, target_id: str, source: Source) -> tuple[Element, Source] | None:
        for place in source.search:
            element = getattr(place, kind).get(target_id)
            if element is not None:
                return element, place
        return None

    @staticmethod
    def _name(kind: str, target_id: str, source: Source) -> str | None:
        for place in source.search:
            name: str | None = getattr(place, kind).get(target_id)
            if name is not None:
                return name
        return None
