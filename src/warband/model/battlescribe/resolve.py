"""Elements into data values, every link followed: the reader's second half.

Each element is turned into a value once (memoised by element), so an entry shared by a hundred links is built
once and its value shared; a link that leads back into an entry being built is a cycle, reported and left out.
An `entryLink` gives its target with the link's costs replacing the target's of the same type, and its modifiers,
constraints, profiles, rules, categories and children added. Whatever the data model does not hold is counted by
element name in `Resolver.skipped`, never dropped unseen.

Schema 2.01 spellings (`costTypeId`, `profileTypeId`, `profileTypeName`, `characteristicTypeId`, a
characteristic's `value` attribute) are read wherever they appear, as 2.02's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from xml.etree.ElementTree import Element

from warband.model.battlescribe.data import Constraint, Cost, Entry, Group, Modifier, Profile, Rule
from warband.model.battlescribe.info import INFO_PARTS, UNBUILT, InfoReader
from warband.model.battlescribe.sources import Source, flag, number, quoted

_ENTRY_PARTS = frozenset(
    {
        "costs", "profiles", "rules", "infoLinks", "infoGroups", "categoryLinks", "modifiers", "constraints",
        "selectionEntries", "selectionEntryGroups", "entryLinks",
    }
)  # fmt: skip
_GROUP_PARTS = frozenset({"modifiers", "constraints", "selectionEntries", "selectionEntryGroups", "entryLinks"})


@dataclass
class Body:
    """What an entry, a group or a link holds, as read from its children."""

    costs: list[Cost] = field(default_factory=list)
    profiles: list[Profile] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)
    categories: list[tuple[str, bool]] = field(default_factory=list)
    modifiers: list[Modifier] = field(default_factory=list)
    constraints: list[Constraint] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)


def _ordered_categories(categories: list[tuple[str, bool]], then: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Category names, primary first, each once; `then` (a link's target's) after the primary ones."""
    primary = [name for name, is_primary in categories if is_primary]
    others = [name for name, is_primary in categories if not is_primary]
    return tuple(dict.fromkeys([*primary, *then, *others]))


def _merged_costs(target: tuple[Cost, ...], link: list[Cost]) -> tuple[Cost, ...]:
    """The target's costs, each replaced by the link's of the same type; the link's other types after them."""
    if not link:
        return target
    by_type = {cost.type_id: cost for cost in link}
    merged = [by_type.pop(cost.type_id, cost) for cost in target]
    return (*merged, *by_type.values())


class Resolver(InfoReader):
    """Turns the elements of every `Source` into values, once each, counting what it does not read."""

    def __init__(self, tick: Callable[[], None] = lambda: None) -> None:
        super().__init__()
        self._tick = tick

    # -- entries, groups and links

    def entry(self, element: Element, source: Source, depth: int) -> Entry | None:
        """A `selectionEntry`, with everything under it."""
        built = self._built.get(element, UNBUILT)
        if built is not UNBUILT:
            return built if isinstance(built, Entry) else None
        self._deep(source, depth)
        self._tick()
        entry_id = element.get("id", "")
        name = element.get("name", "")
        if not entry_id:
            self.problem(source, f"the entry {quoted(name)} has no id: left out")
            self._built[element] = None
            return None
        self._active.add(element)
        try:
            body = self._body(element, source, depth, _ENTRY_PARTS)
        finally:
            self._active.discard(element)
        result = Entry(
            id=entry_id,
            name=name,
            type=element.get("type") or "upgrade",
            costs=tuple(body.costs),
            profiles=tuple(body.profiles),
            rules=tuple(body.rules),
            categories=_ordered_categories(body.categories),
            modifiers=tuple(body.modifiers),
            constraints=tuple(body.constraints),
            entries=tuple(body.entries),
            groups=tuple(body.groups),
            hidden=flag(element, "hidden"),
            collective=flag(element, "collective"),
            file=source.file,
        )
        self._built[element] = result
        return result

    def group(self, element: Element, source: Source, depth: int) -> Group | None:
        """A `selectionEntryGroup`, with its entries and inner groups."""
        built = self._built.get(element, UNBUILT)
        if built is not UNBUILT:
            return built if isinstance(built, Group) else None
        self._deep(source, depth)
        self._tick()
        group_id = element.get("id", "")
        name = element.get("name", "")
        if not group_id:
            self.problem(source, f"the group {quoted(name)} has no id: left out")
            self._built[element] = None
            return None
        self._active.add(element)
        try:
            body = self._body(element, source, depth, _GROUP_PARTS)
        finally:
            self._active.discard(element)
        result = Group(
            id=group_id,
            name=name,
            entries=tuple(body.entries),
            groups=tuple(body.groups),
            default_entry_id=element.get("defaultSelectionEntryId", ""),
            constraints=tuple(body.constraints),
            modifiers=tuple(body.modifiers),
            hidden=flag(element, "hidden"),
        )
        self._built[element] = result
        return result

    def link(self, element: Element, source: Source, depth: int) -> Entry | Group | None:
        """An `entryLink`: its target, with the link's costs replacing the target's of the same type and its
        modifiers, constraints, profiles, rules, categories and children added."""
        self._deep(source, depth)
        link_id = element.get("id", "")
        target_id = element.get("targetId", "")
        kinds = ("groups", "entries") if element.get("type") == "selectionEntryGroup" else ("entries", "groups")
        found = None
        for kind in kinds:
            found = self._find(kind, target_id, source)
            if found is not None:
                break
        label = f"the entry link {quoted(element.get('name', ''))} ({quoted(link_id, 40)})"
        if found is None:
            self.problem(source, f"{label} leads to nothing: no entry {quoted(target_id, 40)} in the files read")
            return None
        target_element, owner = found
        if target_element in self._active:
            self.problem(source, f"{label} leads back into an entry that holds it (a cycle): left out")
            return None
        is_group = kind == "groups"
        target = (self.group if is_group else self.entry)(target_element, owner, depth + 1)
        if target is None:
            return None
        body = self._body(element, source, depth, _GROUP_PARTS if is_group else _ENTRY_PARTS)
        hidden = target.hidden or flag(element, "hidden")
        if isinstance(target, Group):
            return replace(
                target,
                entries=(*target.entries, *body.entries),
                groups=(*target.groups, *body.groups),
                constraints=(*target.constraints, *body.constraints),
                modifiers=(*target.modifiers, *body.modifiers),
                hidden=hidden,
                link_id=link_id,
            )
        return replace(
            target,
            name=target.name or element.get("name", ""),
            costs=_merged_costs(target.costs, body.costs),
            profiles=(*target.profiles, *body.profiles),
            rules=(*target.rules, *body.rules),
            categories=_ordered_categories(body.categories, target.categories),
            modifiers=(*target.modifiers, *body.modifiers),
            constraints=(*target.constraints, *body.constraints),
            entries=(*target.entries, *body.entries),
            groups=(*target.groups, *body.groups),
            hidden=hidden,
            collective=target.collective or flag(element, "collective"),
            link_id=link_id,
        )

    def _body(self, element: Element, source: Source, depth: int, parts: frozenset[str]) -> Body:
        body = Body()
        parent = element.tag if isinstance(element.tag, str) else "?"
        for child in element:
            tag = child.tag
            if tag not in parts:
                self.skip(child, parent)
            elif tag == "costs":
                for cost in child:
                    self._cost(cost, element, source, body)
            elif tag in INFO_PARTS:
                self.info_child(child, source, depth, body.profiles, body.rules)
            elif tag == "categoryLinks":
                for link in child:
                    self._category(link, source, body)
            elif tag == "modifiers":
                body.modifiers.extend(self.modifiers(child, source))
            elif tag == "constraints":
                body.constraints.extend(self._constraints(child, source))
            elif tag == "selectionEntries":
                for inner in child:
                    if inner.tag == "selectionEntry":
                        if (entry := self.entry(inner, source, depth + 1)) is not None:
                            body.entries.append(entry)
                    else:
                        self.skip(inner, "selectionEntries")
            elif tag == "selectionEntryGroups":
                for inner in child:
                    if inner.tag == "selectionEntryGroup":
                        if (group_value := self.group(inner, source, depth + 1)) is not None:
                            body.groups.append(group_value)
                    else:
                        self.skip(inner, "selectionEntryGroups")
            else:  # entryLinks
                for inner in child:
                    if inner.tag != "entryLink":
                        self.skip(inner, "entryLinks")
                        continue
                    linked = self.link(inner, source, depth + 1)
                    if isinstance(linked, Entry):
                        body.entries.append(linked)
                    elif isinstance(linked, Group):
                        body.groups.append(linked)
        return body

    def _cost(self, element: Element, owner: Element, source: Source, body: Body) -> None:
        if element.tag != "cost":
            self.skip(element, "costs")
            return
        type_id = element.get("typeId") or element.get("costTypeId") or ""
        raw = element.get("value")
        value = number(raw)
        what = f"a cost of {quoted(owner.get('name') or owner.get('id') or '')}"
        if value is None:
            self.problem(source, f"{what} is {quoted(raw or '', 30)}, not a number: left out")
            return
        name = self._name("cost_types", type_id, source) or (element.get("name") or "").strip()
        if not name:
            self.problem(source, f"{what} has a cost type ({quoted(type_id, 40)}) that no file defines")
        body.costs.append(Cost(name=name, type_id=type_id, value=value))
        for child in element:
            self.skip(child, "cost")

    def _category(self, element: Element, source: Source, body: Body) -> None:
        if element.tag != "categoryLink":
            self.skip(element, "categoryLinks")
            return
        target_id = element.get("targetId", "")
        name = self._name("categories", target_id, source)
        for child in element:  # a category link's own constraints and modifiers count in the force, not here
            self.skip(child, "categoryLink")
        if name is None:
            self.problem(
                source,
                f"the category link {quoted(element.get('name', ''))} leads to nothing: "
                f"no category {quoted(target_id, 40)} in the files read",
            )
            return
        body.categories.append((name, flag(element, "primary")))
