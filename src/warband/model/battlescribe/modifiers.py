"""Modifiers with their conditions (condition groups flattened, each condition saying its group's "and"/"or"),
repeats counted, and constraints: kept as values, never applied here (applying them is the game's job)."""

from __future__ import annotations

from xml.etree.ElementTree import Element

from warband.model.battlescribe.data import Condition, Constraint, Modifier
from warband.model.battlescribe.sources import Accounts, Source, number, quoted


class ModifierReader(Accounts):
    """Reads `modifiers`, `conditions`, `conditionGroups`, `repeats` and `constraints`."""

    def modifiers(self, element: Element, source: Source) -> list[Modifier]:
        found: list[Modifier] = []
        for modifier in element:
            if modifier.tag != "modifier":
                self.skip(modifier, "modifiers")
                continue
            conditions: list[Condition] = []
            repeats = 0
            for child in modifier:
                if child.tag == "conditions":
                    self._conditions(child, "", source, conditions)
                elif child.tag == "conditionGroups":
                    self._condition_groups(child, source, conditions, 1)
                elif child.tag == "repeats":
                    repeats += sum(1 for repeat in child if repeat.tag == "repeat")
                else:
                    self.skip(child, "modifier")
            found.append(
                Modifier(
                    type=modifier.get("type", ""),
                    field=modifier.get("field", ""),
                    value=modifier.get("value", ""),
                    conditions=tuple(conditions),
                    repeats=repeats,
                )
            )
        return found

    def _condition_groups(self, element: Element, source: Source, out: list[Condition], depth: int) -> None:
        self._deep(source, depth)
        for group in element:
            if group.tag != "conditionGroup":
                self.skip(group, "conditionGroups")
                continue
            how = group.get("type", "")
            for child in group:
                if child.tag == "conditions":
                    self._conditions(child, how, source, out)
                elif child.tag == "conditionGroups":
                    self._condition_groups(child, source, out, depth + 1)
                else:
                    self.skip(child, "conditionGroup")

    def _conditions(self, element: Element, group: str, source: Source, out: list[Condition]) -> None:
        for condition in element:
            if condition.tag != "condition":
                self.skip(condition, "conditions")
                continue
            raw = condition.get("value")
            value = number(raw)
            if value is None:  # kept, at 0: a condition left out would make its modifier look unconditional
                self.problem(source, f"a condition's value is {quoted(raw or '', 30)}, not a number: read as 0")
                value = 0.0
            out.append(
                Condition(
                    type=condition.get("type", ""),
                    field=condition.get("field", ""),
                    scope=condition.get("scope", ""),
                    value=value,
                    child_id=condition.get("childId", ""),
                    group=group,
                )
            )
            for child in condition:
                self.skip(child, "condition")

    def _constraints(self, element: Element, source: Source) -> list[Constraint]:
        found: list[Constraint] = []
        for constraint in element:
            if constraint.tag != "constraint":
                self.skip(constraint, "constraints")
                continue
            raw = constraint.get("value")
            value = number(raw)
            if value is None:
                self.problem(source, f"a constraint's value is {quoted(raw or '', 30)}, not a number: left out")
                continue
            found.append(
                Constraint(
                    id=constraint.get("id", ""),
                    type=constraint.get("type", ""),
                    field=constraint.get("field", ""),
                    scope=constraint.get("scope", ""),
                    value=value,
                )
            )
            for child in constraint:
                self.skip(child, "constraint")
        return found
