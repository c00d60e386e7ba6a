"""The BattleScribe reader: `.gst`, `.cat`, `.gstz` and `.catz` files (schema 2.01 to 2.03) into one `DataSet`
with every link resolved. Shared by every game; it names none.

    data = read_files([Path("Game.gst"), Path("Faction.catz")])

One pass of ElementTree per file (through `defusedxml`: no DTD, entity or external reference), ids indexed in
dicts, each element built once. A file that cannot be used is a `FileError` naming it, and nothing is read; a link
that leads nowhere, or round in a cycle, is a sentence in `DataSet.problems`, and the rest is read. Whatever the
data model does not hold is counted in `DataSet.skipped`.

Catalogues are given in a stable order (by name, then id), whatever order the files came in, so an import gives
the same catalog however the player picked them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from xml.etree.ElementTree import Element

from warband.model.battlescribe.data import DataFile, DataSet, Entry, Group, Rule
from warband.model.battlescribe.resolve import Resolver
from warband.model.battlescribe.sources import Source, flag, index, quoted
from warband.model.battlescribe.xmlfile import XmlFile, load
from warband.model.storage import FileError

__all__ = ["Cancelled", "read_files"]

_WHOLE = re.compile(r"[0-9]{1,9}")

CHECK_EVERY = 200
"""How many entries are built between two looks at `cancelled()`."""


class Cancelled(Exception):  # noqa: N818 (the name the brief and callers use)
    """The player cancelled the reading: nothing was read."""


def _source(xml: XmlFile) -> Source:
    root = xml.root
    file_id = root.get("id", "")
    if not file_id:
        raise FileError(xml.file, "", f"this {xml.kind} has no id")
    raw_revision = root.get("revision", "0").strip() or "0"
    revision = int(raw_revision) if _WHOLE.fullmatch(raw_revision) else -1
    source = Source(
        path=xml.file,
        file=xml.path.name,
        root=root,
        kind=xml.kind,
        schema=xml.schema,
        id=file_id,
        name=root.get("name", ""),
        revision=max(revision, 0),
        game_system_id=root.get("gameSystemId", ""),
        library=flag(root, "library"),
    )
    if revision < 0:
        raise FileError(xml.file, "", f"its revision is {quoted(raw_revision, 20)}, not a whole number")
    index(source)
    return source


def _check_set(sources: list[Source]) -> Source | None:
    """The game system (one at most), every catalogue being of it, no file read twice."""
    systems = [source for source in sources if source.kind == "gameSystem"]
    if len(systems) > 1:
        raise FileError(
            systems[1].path,
            "",
            f"a second game system: Warband reads one at a time, and {systems[0].file} is one already",
        )
    game_system = systems[0] if systems else None
    seen: dict[str, Source] = {}
    for source in sources:
        if source.id in seen:
            raise FileError(
                source.path,
                "",
                f"this {source.kind} ({quoted(source.name)}, id {quoted(source.id, 40)}) was read already, "
                f"from {seen[source.id].file}: read one of them",
            )
        seen[source.id] = source
    catalogues = [source for source in sources if source.kind == "catalogue"]
    wanted = game_system.id if game_system is not None else (catalogues[0].game_system_id if catalogues else "")
    for catalogue in catalogues:
        if catalogue.game_system_id != wanted:
            other = (
                f"{quoted(game_system.name)} ({game_system.file})"
                if game_system is not None
                else f"the game system of {catalogues[0].file} (id {quoted(wanted, 40)})"
            )
            raise FileError(
                catalogue.path,
                "",
                f"this catalogue is for another game system (id {quoted(catalogue.game_system_id, 40)}), "
                f"not {other}",
            )
    return game_system


def _link(sources: list[Source], game_system: Source | None, resolver: Resolver) -> None:
    """Each file's lookup order: itself, the catalogues it links (and those they link), the game system, the
    rest; and whose types it sees."""
    by_id = {source.id: source for source in sources}
    for source in sources:
        linked: list[Source] = []
        queue = [source]
        while queue:
            current = queue.pop(0)
            for link in current.links:
                target = by_id.get(link.target_id)
                if target is None:
                    if current is source:
                        resolver.problem(
                            source,
                            f"it links the catalogue {quoted(link.name)} (id {quoted(link.target_id, 40)}), which "
                            "was not read: read it too, or what it holds is missing",
                        )
                    continue
                if target is not source and target not in linked and target is not game_system:
                    linked.append(target)
                    queue.append(target)
        near = [source, *linked]
        if game_system is not None and game_system is not source:
            near.append(game_system)
        source.search = [*near, *(other for other in sources if other not in near)]
        source.types_from = list(reversed(near))


def _types(source: Source) -> tuple[dict[str, str], dict[str, str]]:
    costs: dict[str, str] = {}
    profiles: dict[str, str] = {}
    for place in source.types_from:
        costs.update(place.cost_types)
        profiles.update(place.profile_types)
    return costs, profiles


_SHARED = {
    "sharedSelectionEntries": "selectionEntry",
    "sharedSelectionEntryGroups": "selectionEntryGroup",
    "sharedProfiles": "profile",
    "sharedInfoGroups": "infoGroup",
}
_INDEXED_LISTS = {
    "categoryEntries": "categoryEntry",
    "costTypes": "costType",
    "profileTypes": "profileType",
    "catalogueLinks": "catalogueLink",
}
"""Lists read while indexing (their names and links): what their items hold besides is counted."""


def _unique(entries: list[Entry]) -> list[Entry]:
    """Each entry once (by its id and the link it was reached through), first come first kept."""
    found: dict[tuple[str, str], Entry] = {}
    for entry in entries:
        found.setdefault((entry.id, entry.link_id), entry)
    return list(found.values())


class _Reading:
    """The second half of `read_files`: every file's root entries and rules, and the imports between them."""

    def __init__(self, resolver: Resolver) -> None:
        self.resolver = resolver
        self.roots: dict[str, list[tuple[Entry, bool]]] = {}
        self.rules: dict[str, list[Rule]] = {}
        self._importable: dict[str, list[Entry]] = {}
        self._visiting: set[str] = set()
        self._cycles: set[tuple[str, str]] = set()

    def read(self, source: Source) -> None:
        resolver = self.resolver
        roots: list[tuple[Entry, bool]] = []
        rules: list[Rule] = []
        for child in source.root:
            tag = child.tag
            if tag == "selectionEntries":
                for element in child:
                    if element.tag != "selectionEntry":
                        resolver.skip(element, tag)
                    elif (entry := resolver.entry(element, source, 0)) is not None:
                        roots.append((entry, source.imports_all or flag(element, "import")))
            elif tag == "entryLinks":
                for element in child:
                    if element.tag != "entryLink":
                        resolver.skip(element, tag)
                        continue
                    linked = resolver.link(element, source, 0)
                    if isinstance(linked, Entry):
                        roots.append((linked, source.imports_all or flag(element, "import")))
                    elif isinstance(linked, Group):
                        resolver.skipped[f"entryLinks to a selectionEntryGroup of {source.kind}"] += 1
            elif tag in ("rules", "sharedRules"):
                rules.extend(resolver.rule(rule, source) for rule in child if rule.tag == "rule")
                for other in child:
                    if other.tag != "rule":
                        resolver.skip(other, tag)
            elif tag == "infoLinks":
                self._root_info(child, source, rules)
            else:
                self._shared(child, source)
        self.roots[source.id] = roots
        by_id: dict[str, Rule] = {}
        for rule in rules:
            by_id.setdefault(rule.id, rule)
        self.rules[source.id] = list(by_id.values())

    def _root_info(self, element: Element, source: Source, rules: list[Rule]) -> None:
        """A file's own info links: its rules are the file's; profiles it cannot hold."""
        for link in element:
            if link.tag != "infoLink":
                self.resolver.skip(link, "infoLinks")
                continue
            profiles, linked = self.resolver.info_link(link, source, 0)
            rules.extend(linked)
            if profiles:
                self.resolver.skipped[f"profiles of {source.kind}"] += len(profiles)

    def _shared(self, child: Element, source: Source) -> None:
        """The shared lists, built whether linked or not (so what they hold is counted the same every time), and
        the lists read while indexing."""
        resolver = self.resolver
        tag = child.tag
        shared = _SHARED.get(tag)
        if shared is not None:
            for element in child:
                if element.tag != shared:
                    resolver.skip(element, tag)
                elif shared == "selectionEntry":
                    resolver.entry(element, source, 0)
                elif shared == "selectionEntryGroup":
                    resolver.group(element, source, 0)
                elif shared == "profile":
                    resolver.profile(element, source)
                else:
                    resolver.info_group(element, source, 1)
            return
        item = _INDEXED_LISTS.get(tag)
        if item is None:
            resolver.skip(child, source.kind)
            return
        for element in child:
            if element.tag != item:
                resolver.skip(element, tag)
                continue
            for part in element:  # a category's own constraints and rules, a type's comment…
                if part.tag == "characteristicTypes" and item == "profileType":
                    for inner in part:
                        for rest in inner:
                            resolver.skip(rest, "characteristicType")
                else:
                    resolver.skip(part, item)

    def importable(self, source: Source, by_id: dict[str, Source]) -> list[Entry]:
        """What a catalogue linking this one with `importRootEntries` gets: its root entries marked `import`
        (every one before 2.03), and what it imports itself; built once per catalogue."""
        done = self._importable.get(source.id)
        if done is not None:
            return done
        self._visiting.add(source.id)
        own = [entry for entry, marked in self.roots.get(source.id, ()) if marked]
        found = _unique(own + self.imported(source, by_id))
        self._visiting.discard(source.id)
        self._importable[source.id] = found
        return found

    def imported(self, source: Source, by_id: dict[str, Source]) -> list[Entry]:
        """The root entries its catalogue links import."""
        found: list[Entry] = []
        for link in source.links:
            target = by_id.get(link.target_id)
            imports = link.import_root_entries or source.imports_all
            if target is None or target.kind != "catalogue" or not imports:
                continue
            if target.id in self._visiting or target is source:
                if (source.id, target.id) not in self._cycles:
                    self._cycles.add((source.id, target.id))
                    sentence = f"its link to {quoted(target.name)} leads back to one importing it (a cycle)"
                    self.resolver.problem(source, sentence)
                continue
            found.extend(self.importable(target, by_id))
        return found

    def data_file(self, source: Source, by_id: dict[str, Source]) -> DataFile:
        own = [entry for entry, _ in self.roots.get(source.id, ())]
        self._visiting = {source.id}
        unique = _unique(own + (self.imported(source, by_id) if source.kind == "catalogue" else []))
        costs, profiles = _types(source)
        return DataFile(
            kind=source.kind,
            id=source.id,
            name=source.name,
            revision=source.revision,
            schema=source.schema,
            file=source.file,
            game_system_id=source.game_system_id,
            library=source.library,
            entries=tuple(unique),
            shared_rules=tuple(self.rules.get(source.id, ())),
            cost_types=costs,
            profile_types=profiles,
            links=tuple(link.target_id for link in source.links),
        )


def read_files(
    paths: Sequence[Path],
    *,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> DataSet:
    """Read a game system and its catalogues (any order, zipped or not) into one `DataSet`, links resolved.

    Args:
        paths: `.gst`, `.cat`, `.gstz`, `.catz` files; at most one game system, every catalogue of it.
        progress: called with (done, total) as files are read, then resolved (total is twice the files).
        cancelled: asked often; when it says True, `Cancelled` is raised and nothing is read.

    Raises:
        FileError: a file that cannot be used (named, with where and why); nothing is read.
        Cancelled: `cancelled()` said so.
    """
    files = [Path(path) for path in paths]
    total = 2 * len(files)

    def report(done: int) -> None:
        if progress is not None:
            progress(done, total)

    def check() -> None:
        if cancelled is not None and cancelled():
            raise Cancelled()

    ticks = 0

    def tick() -> None:
        nonlocal ticks
        ticks += 1
        if ticks % CHECK_EVERY == 0:
            check()

    report(0)
    sources: list[Source] = []
    for done, path in enumerate(files, start=1):
        check()
        sources.append(_source(load(path, ("catalogue", "gameSystem"))))
        report(done)
    game_system = _check_set(sources)
    catalogues = sorted(
        (source for source in sources if source.kind == "catalogue"), key=lambda s: (s.name.casefold(), s.id)
    )
    ordered = ([game_system] if game_system is not None else []) + catalogues
    resolver = Resolver(tick)
    _link(ordered, game_system, resolver)
    reading = _Reading(resolver)
    for done, source in enumerate(ordered, start=len(files) + 1):
        check()
        try:
            reading.read(source)
        except RecursionError:
            raise FileError(source.path, "", "the file nests its entries too deeply") from None
        report(done)
    by_id = {source.id: source for source in ordered}
    data_files = {source.id: reading.data_file(source, by_id) for source in ordered}
    return DataSet(
        game_system=data_files[game_system.id] if game_system is not None else None,
        catalogues=tuple(data_files[source.id] for source in catalogues),
        skipped=dict(sorted(resolver.skipped.items())),
        problems=resolver.all_problems(),
    )
