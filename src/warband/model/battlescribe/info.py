"""Profiles (their characteristics as written, their modifiers kept), rules, and the info around an entry:
`infoLinks` to shared profiles, rules and info groups, and `infoGroups`, flattened into the entry that holds them
(an info group's name is no part of the data model; its profiles and rules are)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from xml.etree.ElementTree import Element

from warband.model.battlescribe.data import Characteristic, Modifier, Profile, Rule
from warband.model.battlescribe.modifiers import ModifierReader
from warband.model.battlescribe.sources import Source, flag, quoted

INFO_PARTS = frozenset({"profiles", "rules", "infoLinks", "infoGroups"})
"""What an entry or an info group holds of info."""

UNBUILT = object()
"""What `Accounts._built` gives for an element not built yet (None means built as nothing)."""

Info = tuple[tuple[Profile, ...], tuple[Rule, ...]]
"""Profiles and rules, as an info link or an info group gives them."""


def _hidden(profiles: Sequence[Profile], rules: Sequence[Rule]) -> Info:
    """The same, every one hidden (an info group or link that is hidden hides what it holds)."""
    return tuple(replace(p, hidden=True) for p in profiles), tuple(replace(r, hidden=True) for r in rules)


class InfoReader(ModifierReader):
    """Reads profiles, rules, info links and info groups, each element once."""

    def profile(self, element: Element, source: Source) -> Profile:
        built = self._built.get(element, UNBUILT)
        if isinstance(built, Profile):
            return built
        type_id = element.get("typeId") or element.get("profileTypeId") or ""
        name = element.get("name", "")
        type_name = (element.get("typeName") or element.get("profileTypeName") or "").strip()
        if not type_name:
            type_name = self._name("profile_types", type_id, source) or ""
        if not type_name:
            what = f"the profile {quoted(name)} has a profile type ({quoted(type_id, 40)})"
            self.problem(source, f"{what} that no file defines")
        characteristics: list[Characteristic] = []
        modifiers: list[Modifier] = []
        for child in element:
            if child.tag == "characteristics":
                for value in child:
                    if value.tag == "characteristic":
                        characteristics.append(self._characteristic(value, source))
                    else:
                        self.skip(value, "characteristics")
            elif child.tag == "modifiers":
                modifiers.extend(self.modifiers(child, source))
            else:
                self.skip(child, "profile")
        result = Profile(
            id=element.get("id", ""),
            name=name,
            type_id=type_id,
            type_name=type_name,
            characteristics=tuple(characteristics),
            hidden=flag(element, "hidden"),
            modifiers=tuple(modifiers),
        )
        self._built[element] = result
        return result

    def _characteristic(self, element: Element, source: Source) -> Characteristic:
        type_id = element.get("typeId") or element.get("characteristicTypeId") or ""
        name = (element.get("name") or "").strip() or self._name("characteristic_types", type_id, source) or ""
        text = element.text or ""
        if not text.strip() and "value" in element.attrib:  # 2.01 wrote the value as an attribute
            text = element.get("value", "")
        for child in element:
            self.skip(child, "characteristic")
        return Characteristic(name=name, type_id=type_id, text=text)

    def rule(self, element: Element, source: Source) -> Rule:
        built = self._built.get(element, UNBUILT)
        if isinstance(built, Rule):
            return built
        description = element.get("description", "")
        for child in element:
            if child.tag == "description":
                description = child.text or ""
            else:
                self.skip(child, "rule")
        result = Rule(
            id=element.get("id", ""),
            name=element.get("name", ""),
            description=description,
            hidden=flag(element, "hidden"),
        )
        self._built[element] = result
        return result

    def info_group(self, element: Element, source: Source, depth: int) -> Info:
        """An `infoGroup`'s profiles and rules, flattened into the entry holding it (hidden if it is hidden)."""
        built = self._built.get(element, UNBUILT)
        if isinstance(built, tuple):
            return built
        self._deep(source, depth)
        profiles: list[Profile] = []
        rules: list[Rule] = []
        self._active.add(element)
        try:
            for child in element:
                if child.tag in INFO_PARTS:
                    self.info_child(child, source, depth, profiles, rules)
                else:
                    self.skip(child, "infoGroup")
        finally:
            self._active.discard(element)
        result = _hidden(profiles, rules) if flag(element, "hidden") else (tuple(profiles), tuple(rules))
        self._built[element] = result
        return result

    def info_child(
        self, child: Element, source: Source, depth: int, profiles: list[Profile], rules: list[Rule]
    ) -> None:
        """One of `INFO_PARTS` of an entry or an info group, its profiles and rules added to those given."""
        tag = child.tag
        for item in child:
            if tag == "profiles" and item.tag == "profile":
                profiles.append(self.profile(item, source))
            elif tag == "rules" and item.tag == "rule":
                rules.append(self.rule(item, source))
            elif tag == "infoLinks" and item.tag == "infoLink":
                linked_profiles, linked_rules = self.info_link(item, source, depth)
                profiles.extend(linked_profiles)
                rules.extend(linked_rules)
            elif tag == "infoGroups" and item.tag == "infoGroup":
                group_profiles, group_rules = self.info_group(item, source, depth + 1)
                profiles.extend(group_profiles)
                rules.extend(group_rules)
            else:
                self.skip(item, tag if isinstance(tag, str) else "?")

    def info_link(self, element: Element, source: Source, depth: int) -> Info:
        """An `infoLink`'s target: a profile (with the link's modifiers), a rule, or an info group's contents."""
        target_id = element.get("targetId", "")
        kind = element.get("type", "")
        modifiers: list[Modifier] = []
        for child in element:
            if child.tag == "modifiers":
                modifiers.extend(self.modifiers(child, source))
            else:
                self.skip(child, "infoLink")
        hidden = flag(element, "hidden")
        tables = {"profile": "profiles", "rule": "rules", "infoGroup": "info_groups"}
        kinds = [tables[kind]] if kind in tables else list(tables.values())
        name = quoted(element.get("name", ""))
        for table in kinds:
            found = self._find(table, target_id, source)
            if found is None:
                continue
            target, owner = found
            if table == "profiles":
                profile = self.profile(target, owner)
                if modifiers or hidden:
                    modified = (*profile.modifiers, *modifiers)
                    profile = replace(profile, modifiers=modified, hidden=hidden or profile.hidden)
                return (profile,), ()
            if modifiers:
                what = "a rule" if table == "rules" else "an infoGroup"
                self.skipped[f"modifiers of infoLink to {what}"] += len(modifiers)
            if table == "rules":
                rule = self.rule(target, owner)
                return (), (replace(rule, hidden=True) if hidden and not rule.hidden else rule,)
            if target in self._active:
                self.problem(source, f"the info link {name} leads back into itself (a cycle)")
                return (), ()
            profiles, rules = self.info_group(target, owner, depth + 1)
            return _hidden(profiles, rules) if hidden else (profiles, rules)
        what = kind if kind in tables else "profile, rule or info group"
        wanted = quoted(target_id, 40)
        self.problem(source, f"the info link {name} leads to nothing: no {what} {wanted} in the files read")
        return (), ()
