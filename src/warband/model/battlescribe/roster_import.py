"""A BattleScribe roster into a Warband army of the catalog imported from the same data (issue 18).

Selections are resolved by entry id: an imported catalog's entries are `"<prefix>:<BattleScribe id>"`, so a
selection's id (or, through a link, its target's) names a profile of the army's game, or an entry a unit may take
(`GameSystem.options`: a miracle, a spell). The prefix is the one of the loaded catalog whose ids the roster's
selections name the most. A selection that is neither is listed, never dropped unsaid: a unit whose profile the
catalogs lack stays in the army as an AR-02 entry, flagged, and what a unit holds that it cannot take is named.

Counts follow BattleScribe's: a unit selection of `number` N holding a model selection of `number` M is N × M
models of that profile (an SBG company of ten warriors).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from warband.model.army import Army, Choice
from warband.model.battlescribe.roster import Force, Roster, Selection
from warband.model.catalog import ID_PATTERN, Catalogs
from warband.model.edits import new_unit_ids
from warband.model.list_import import field_for, fold
from warband.model.messages import _, ngettext
from warband.model.storage import FileError
from warband.model.system import get_system

ID = re.compile(ID_PATTERN)
MAX_UNITS = 2_000
"""A roster with more units than this is no army: the rest are left out, and the import says so."""


@dataclass(frozen=True)
class RosterImport:
    """The army made of a roster, and what the player should know: what was not kept, totals that differ."""

    army: Army
    prefix: str
    notes: tuple[str, ...] = ()


def _prefix(roster: Roster, catalogs: Catalogs) -> str:
    """The prefix of the loaded catalog whose profiles the roster's selections name the most."""
    profiles = catalogs.entries.get("profiles", {})
    prefixes = Counter(entry_id.split(":", 1)[0] for entry_id in profiles if ":" in entry_id)
    scores = Counter[str]()
    for selection in roster.walk():
        for prefix in prefixes:
            if any(f"{prefix}:{part}" in profiles for part in selection.entry_path):
                scores[prefix] += 1
    if not scores:
        raise FileError(
            roster.file,
            "",
            _(
                "no selection of the roster names a profile of the catalogs loaded: import the BattleScribe data "
                "it was built with first ({game})"
            ).format(game=roster.game_system_name or roster.game_system_id),
        )
    return scores.most_common(1)[0][0]


class _Building:
    def __init__(self, roster: Roster, army: Army, catalogs: Catalogs, prefix: str) -> None:
        self.roster, self.catalogs, self.prefix = roster, catalogs, prefix
        self.game = get_system(army.system)
        self.profiles = catalogs.entries.get("profiles", {})
        self.base = army
        self.units: list[dict[str, Any]] = []
        self.held: list[list[Selection]] = []
        self.notes: list[str] = []
        self.left_out = 0

    def profile_of(self, selection: Selection) -> str | None:
        for part in reversed(selection.entry_path):
            entry_id = f"{self.prefix}:{part}"
            if entry_id in self.profiles:
                return entry_id
        return None

    def forces(self, forces: Sequence[Force]) -> None:
        for force in forces:
            for selection in force.selections:
                self.visit(selection, None, 1)
            self.forces(force.forces)

    def visit(self, selection: Selection, unit: int | None, times: int) -> None:
        profile = self.profile_of(selection)
        number = max(1, selection.number)
        if profile is not None and unit is None:
            if len(self.units) >= MAX_UNITS:
                self.left_out += 1
                return
            made: dict[str, Any] = {"profile": profile, "count": number * times}
            if selection.custom_name.strip():
                made["label"] = selection.custom_name.strip()[:200]
            self.units.append(made)
            self.held.append([])
            here = len(self.units) - 1
            for child in selection.selections:
                self.visit(child, here, 1)
            return
        if unit is not None and profile is not None and self.units[unit]["profile"] == profile:
            return  # the unit's own model, under a wrapper that named the same profile
        if unit is not None:
            self.held[unit].append(selection)
            return
        # a container of no profile (a named hero's wrapper, a company): what is under it is the unit
        before = len(self.units)
        for child in selection.selections:
            self.visit(child, None, times * number)
        if len(self.units) > before:
            return
        name = selection.name or selection.entry_id
        missing = f"{self.prefix}:{selection.target_id}"
        if selection.type in ("unit", "model") and ID.fullmatch(missing) and len(self.units) < MAX_UNITS:
            self.units.append({"profile": missing, "count": number * times, "label": name[:200]})
            self.held.append([])  # AR-02: kept, flagged by the army's validation, saved back unchanged
            self.notes.append(_("Kept, but not in the catalogs (AR-02): {name}").format(name=name))
        else:
            self.notes.append(_("Not in the catalogs: {name}").format(name=name))

    def army(self) -> Army:
        ids = new_unit_ids(self.base, len(self.units))
        data = self.base.model_dump(mode="json")
        data["units"] = [*data["units"], *({"id": i, **unit} for i, unit in zip(ids, self.units, strict=True))]
        if not data.get("name"):
            data["name"] = self.roster.name[:200]
        limit = next((c.value for c in self.roster.cost_limits if fold(c.name) in ("pts", "points")), None)
        if data.get("points_limit") is None and limit is not None and limit >= 0 and limit == int(limit):
            data["points_limit"] = int(limit)
        army = type(self.base).model_validate(data)
        for unit_id, held in zip(ids, self.held, strict=True):
            army = self.give(army, unit_id, held)
        return army

    def give(self, army: Army, unit_id: str, held: Sequence[Selection]) -> Army:
        if not held:
            return army
        choices = self.game.options(army, unit_id, self.catalogs)
        by_id = {choice.id: choice for choice in choices}
        by_name = {fold(choice.name): choice for choice in choices}
        unit = next(u for u in army.units if u.id == unit_id)
        data = unit.model_dump(mode="json")
        label = unit.label or unit.profile
        for selection in held:
            choice: Choice | None = next(
                (
                    by_id[f"{self.prefix}:{part}"]
                    for part in selection.entry_path
                    if f"{self.prefix}:{part}" in by_id
                ),
                by_name.get(fold(selection.name)),
            )
            list_field = field_for(unit, choice.kind) if choice is not None else None
            if choice is None or list_field is None:
                self.notes.append(
                    _("Not kept for {unit}: {name}").format(unit=label, name=selection.name or selection.entry_id)
                )
                continue
            data[list_field] = [*data[list_field], choice.id]
        made = type(unit).model_validate(data)
        units = [
            made.model_dump(mode="json") if u.id == unit_id else u.model_dump(mode="json") for u in army.units
        ]
        return type(army).model_validate({**army.model_dump(mode="json"), "units": units})


def import_roster(roster: Roster, army: Army, catalogs: Catalogs) -> RosterImport:
    """The roster's units added to `army` (an empty army of the game, usually), with what was not kept.

    Raises:
        FileError: no selection of the roster names a profile of the catalogs (its data not imported yet).
    """
    prefix = _prefix(roster, catalogs)
    building = _Building(roster, army, catalogs, prefix)
    building.forces(roster.forces)
    made = building.army()
    notes = list(building.notes)
    if building.left_out:
        more = ngettext(
            "{count} more unit was left out: an army holds at most {most}.",
            "{count} more units were left out: an army holds at most {most}.",
            building.left_out,
        )
        notes.append(more.format(count=building.left_out, most=MAX_UNITS))
    saved = next((c.value for c in roster.costs if fold(c.name) in ("pts", "points")), None)
    total = building.game.validate(made, catalogs).total_cost
    if saved is not None and saved != total:
        notes.append(
            _("The roster was saved at {saved} points; the catalogs price the army at {total}.").format(
                saved=f"{saved:g}", total=total
            )
        )
    return RosterImport(made, prefix, tuple(notes))
