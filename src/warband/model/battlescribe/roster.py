"""BattleScribe rosters (`.ros`, zipped `.rosz`), read as plain frozen values: a roster's forces, each with its
selections (an entry's id, how many, the name it had, what was chosen under it, what it cost).

A game turns these into an army by entry id; a selection reached through an `entryLink` names both, as
BattleScribe writes it: `entryId="<link id>::<target id>"` (`Selection.entry_path`). The same file rules as the
data files apply: size bounded, one file per zip, no DTD or entity, schema 2.01 to 2.03, `FileError` otherwise.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree.ElementTree import Element

from warband.model.battlescribe.data import Cost
from warband.model.battlescribe.sources import LIST_TAGS, READ_TAGS, number, quoted
from warband.model.battlescribe.xmlfile import load
from warband.model.storage import FileError

__all__ = ["Force", "Roster", "Selection", "read_roster"]

MAX_ROSTER_DEPTH = 100
"""Selections nested deeper than this are no army: the file is refused."""


@dataclass(frozen=True, slots=True)
class Selection:
    """Something chosen in a force: a unit, a model, an upgrade, with what was chosen under it."""

    id: str
    name: str
    """The entry's name when the roster was saved."""
    entry_id: str
    """As the roster writes it: the entry's id, or the link's and the target's joined by "::"."""
    number: int
    type: str
    """"unit", "model" or "upgrade"."""
    entry_group_id: str = ""
    """The group it was chosen in, if any (also "::"-joined when reached through a link)."""
    custom_name: str = ""
    costs: tuple[Cost, ...] = ()
    """What it cost when saved, this selection alone (not those under it)."""
    categories: tuple[str, ...] = ()
    """Its categories' names, the primary one first."""
    selections: tuple[Selection, ...] = ()

    @property
    def entry_path(self) -> tuple[str, ...]:
        """The ids `entry_id` joins ("link::target" → ("link", "target")); the last is the entry's own."""
        return tuple(part for part in self.entry_id.split("::") if part)

    @property
    def target_id(self) -> str:
        """The id of the entry itself (a link's target), as `Entry.id` names it."""
        path = self.entry_path
        return path[-1] if path else ""


@dataclass(frozen=True, slots=True)
class Force:
    """A force of a roster: which catalogue it was built from, and what it holds."""

    id: str
    name: str
    entry_id: str
    """The force entry it was made from (forceEntries are not read: this is only its id)."""
    catalogue_id: str
    catalogue_revision: int = 0
    catalogue_name: str = ""
    selections: tuple[Selection, ...] = ()
    forces: tuple[Force, ...] = ()


@dataclass(frozen=True, slots=True)
class Roster:
    id: str
    name: str
    game_system_id: str
    game_system_name: str
    game_system_revision: int
    schema: str
    file: str
    """The file's name."""
    costs: tuple[Cost, ...] = ()
    """The totals the roster was saved with."""
    cost_limits: tuple[Cost, ...] = ()
    forces: tuple[Force, ...] = ()
    custom_notes: str = ""
    skipped: Mapping[str, int] = field(default_factory=dict)
    """What is not read (rules and profiles copied into the roster, publications…), by element name."""
    problems: tuple[str, ...] = ()

    def walk(self) -> list[Selection]:
        """Every selection of every force (inner forces too), depth first."""
        found: list[Selection] = []

        def down(selections: tuple[Selection, ...]) -> None:
            for selection in selections:
                found.append(selection)
                down(selection.selections)

        def forces(listed: tuple[Force, ...]) -> None:
            for force in listed:
                down(force.selections)
                forces(force.forces)

        forces(self.forces)
        return found


class _RosterReading:
    def __init__(self, path: str, file: str) -> None:
        self.path = path
        self.file = file
        self.skipped: Counter[str] = Counter()
        self.problems: list[str] = []

    def skip(self, element: Element, parent: str) -> None:
        tag = element.tag if isinstance(element.tag, str) else "?"
        key = f"{tag[:100]} of {parent}" if tag in READ_TAGS else tag[:100]
        count = len(element) if tag in LIST_TAGS else 1
        if count:
            self.skipped[key] += count

    def problem(self, sentence: str) -> None:
        if len(self.problems) < 500:
            self.problems.append(f"{self.file}: {sentence}")

    def whole(self, text: str | None, what: str) -> int:
        value = number(text) if text is not None else 0.0
        if value is None or value < 0 or value != int(value) or value > 1e9:
            self.problem(f"{what} is {quoted(text or '', 30)}, not a whole number: read as 0")
            return 0
        return int(value)

    def costs(self, element: Element) -> tuple[Cost, ...]:
        found: list[Cost] = []
        for cost in element:
            if cost.tag not in ("cost", "costLimit"):
                self.skip(cost, element.tag)
                continue
            value = number(cost.get("value"))
            if value is None:
                self.problem(f"a cost of {quoted(cost.get('value') or '', 30)} is not a number: left out")
                continue
            type_id = cost.get("typeId") or cost.get("costTypeId") or ""
            found.append(Cost(name=(cost.get("name") or "").strip(), type_id=type_id, value=value))
        return tuple(found)

    @staticmethod
    def categories(element: Element) -> tuple[str, ...]:
        listed = [(category.get("name", ""), category.get("primary") in ("true", "1")) for category in element]
        return tuple(dict.fromkeys([name for name, primary in listed if primary] + [name for name, _ in listed]))

    def selections(self, element: Element, depth: int) -> tuple[Selection, ...]:
        if depth > MAX_ROSTER_DEPTH:
            raise FileError(self.path, "", f"the roster nests its selections more than {MAX_ROSTER_DEPTH} deep")
        found: list[Selection] = []
        for selection in element:
            if selection.tag != "selection":
                self.skip(selection, "selections")
                continue
            costs: tuple[Cost, ...] = ()
            categories: tuple[str, ...] = ()
            inner: tuple[Selection, ...] = ()
            for child in selection:
                if child.tag == "costs":
                    costs = self.costs(child)
                elif child.tag == "categories":
                    categories = self.categories(child)
                elif child.tag == "selections":
                    inner = self.selections(child, depth + 1)
                else:
                    self.skip(child, "selection")
            name = selection.get("name", "")
            found.append(
                Selection(
                    id=selection.get("id", ""),
                    name=name,
                    entry_id=selection.get("entryId", ""),
                    number=self.whole(selection.get("number", "1"), f"the number of {quoted(name)}"),
                    type=selection.get("type") or "upgrade",
                    entry_group_id=selection.get("entryGroupId", ""),
                    custom_name=selection.get("customName", ""),
                    costs=costs,
                    categories=categories,
                    selections=inner,
                )
            )
        return tuple(found)

    def forces(self, element: Element, depth: int) -> tuple[Force, ...]:
        if depth > MAX_ROSTER_DEPTH:
            raise FileError(self.path, "", f"the roster nests its forces more than {MAX_ROSTER_DEPTH} deep")
        found: list[Force] = []
        for force in element:
            if force.tag != "force":
                self.skip(force, "forces")
                continue
            selections: tuple[Selection, ...] = ()
            inner: tuple[Force, ...] = ()
            for child in force:
                if child.tag == "selections":
                    selections = self.selections(child, 0)
                elif child.tag == "forces":
                    inner = self.forces(child, depth + 1)
                else:
                    self.skip(child, "force")
            found.append(
                Force(
                    id=force.get("id", ""),
                    name=force.get("name", ""),
                    entry_id=force.get("entryId", ""),
                    catalogue_id=force.get("catalogueId", ""),
                    catalogue_revision=self.whole(force.get("catalogueRevision", "0"), "a catalogue revision"),
                    catalogue_name=force.get("catalogueName", ""),
                    selections=selections,
                    forces=inner,
                )
            )
        return tuple(found)


def read_roster(path: Path) -> Roster:
    """Read a `.ros` or `.rosz` file.

    Raises:
        FileError: a file that is no readable BattleScribe roster (named, with where and why).
    """
    xml = load(Path(path), ("roster",))
    root = xml.root
    reading = _RosterReading(xml.file, xml.path.name)
    costs: tuple[Cost, ...] = ()
    limits: tuple[Cost, ...] = ()
    forces: tuple[Force, ...] = ()
    notes = ""
    try:
        for child in root:
            if child.tag == "costs":
                costs = reading.costs(child)
            elif child.tag == "costLimits":
                limits = reading.costs(child)
            elif child.tag == "forces":
                forces = reading.forces(child, 0)
            elif child.tag == "customNotes":
                notes = child.text or ""
            else:
                reading.skip(child, "roster")
    except RecursionError:
        raise FileError(xml.file, "", "the roster nests its selections too deeply") from None
    return Roster(
        id=root.get("id", ""),
        name=root.get("name", ""),
        game_system_id=root.get("gameSystemId", ""),
        game_system_name=root.get("gameSystemName", ""),
        game_system_revision=reading.whole(root.get("gameSystemRevision", "0"), "the game system's revision"),
        schema=xml.schema,
        file=xml.path.name,
        costs=costs,
        cost_limits=limits,
        forces=forces,
        custom_notes=notes,
        skipped=dict(sorted(reading.skipped.items())),
        problems=tuple(reading.problems),
    )
