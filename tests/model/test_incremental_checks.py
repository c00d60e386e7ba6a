"""Validation and options kept per unit (`unit_checks`) give exactly what working them out in full gives, after
any sequence of edits, undos and catalog stamps, for every game (issue 21: validate what changed).

The oracle is the same rules run `afresh()`: nothing kept is read. The caches live on module-wide catalogs, so
what one example keeps is met again by the next ones (a stale entry would show)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from warband.model.army import Army, Choice, Problem, Report, options, stamp, validate
from warband.model.catalog import Catalogs, builtin_catalog_paths, load_catalogs
from warband.model.edits import (
    AddEntry,
    AddUnit,
    DuplicateUnit,
    MoveUnit,
    RemoveEntry,
    RemoveUnits,
    ReplaceArmy,
    SetArmyField,
    SetUnitField,
)
from warband.model.session import Command
from warband.model.system import get_system
from warband.model.systems.confrontation.army_edits import SetMixedPeoples
from warband.model.systems.pfpv.characters import NUMBER_FIELDS, NewCharacter, SetCharacterField, SetSpellKnown
from warband.model.unit_checks import afresh

GAMES = ("confrontation", "powerdice", "pfpv", "sbg")
LISTS = {"confrontation": (("miracles", "miracles"), ("items", "items")), "powerdice": (("spells", "spells"),)}
"""Each game's list fields of a unit, with the catalog kind they name."""
LABELS = ("", "Boss", "  ", "Iron Priestess")

Step = tuple[str, int, int]
KINDS = (
    "add_unit",
    "remove",
    "duplicate",
    "move",
    "label",
    "add_entry",
    "add_entry",
    "add_entry",
    "remove_entry",
    "limit",
    "undo",
    "special",
    "stamp",
)
steps = st.lists(st.tuples(st.sampled_from(KINDS), st.integers(0, 10**6), st.integers(0, 10**6)), max_size=30)


@pytest.fixture(scope="module")
def all_catalogs() -> dict[str, Catalogs]:
    load = load_catalogs(builtin_catalog_paths())
    return {game: load.for_system(game) for game in GAMES}


def _ids(catalogs: Catalogs, kind: str) -> list[str]:
    return [*catalogs.entries.get(kind, {}), "ghost"]  # and one the catalogs do not know (AR-02)


def _wargear(catalogs: Catalogs) -> list[str]:
    found = {w.id for p in catalogs.entries.get("profiles", {}).values() for w in getattr(p, "wargear", ())}
    return [*sorted(found), "ghost"]


def _command(game: str, army: Army, catalogs: Catalogs, step: Step, fresh: Callable[[], str]) -> Command[Army]:
    """The edit a step stands for, on this army (steps are numbers, made to fit whatever army there is)."""
    kind, a, b = step
    units = army.units
    unit = units[a % len(units)].id if units else "none"
    if kind == "add_unit" or not units:
        profiles = _ids(catalogs, "profiles")
        return AddUnit(fresh(), profiles[a % len(profiles)], position=b % (len(units) + 1))
    if kind == "remove":
        return RemoveUnits((unit,))
    if kind == "duplicate":
        return DuplicateUnit(unit, fresh())
    if kind == "move":
        return MoveUnit(unit, b % len(units))
    if kind == "label":
        return SetUnitField(unit, "label", LABELS[b % len(LABELS)])
    if kind == "limit":
        return SetArmyField("points_limit", None if b % 4 == 0 else b % 600)
    if kind == "stamp":
        return ReplaceArmy(stamp(army, catalogs))
    if game == "sbg":
        if kind == "special":
            return SetUnitField(unit, "count", 1 + b % 4)
        held = getattr(units[a % len(units)], "wargear", ())
        if kind == "remove_entry" and held:
            return RemoveEntry(unit, "wargear", b % len(held))
        gear = _wargear(catalogs)
        return AddEntry(unit, "wargear", gear[b % len(gear)])
    if game == "pfpv":
        if kind == "special":
            return NewCharacter(fresh(), position=b % (len(units) + 1))
        spells = _ids(catalogs, "spells")
        if kind == "remove_entry":
            return SetCharacterField(unit, NUMBER_FIELDS[b % len(NUMBER_FIELDS)], b % 12)
        return SetSpellKnown(unit, spells[b % len(spells)], known=b % 3 != 0)
    if kind == "special":
        if game == "confrontation":
            return SetMixedPeoples(bool(b % 2))
        return SetUnitField(unit, "notes", str(b % 3))
    field, catalog_kind = LISTS[game][b % len(LISTS[game])]
    held = getattr(units[a % len(units)], field)
    if kind == "remove_entry" and held:
        return RemoveEntry(unit, field, b % len(held))
    entries = _ids(catalogs, catalog_kind)
    return AddEntry(unit, field, entries[(a + b) % len(entries)])


def _told(report: Report) -> list[tuple[Any, ...]]:
    """Everything a report tells, with the types of the values its sentences are made of (a player's label is a
    `str`, a catalog's name a `CatalogName`: they are equal as strings, but are not spoken alike)."""
    return [
        (report.system, report.total_cost, report.points_limit, report.units),
        *(_problem(p) for p in report.problems),
    ]


def _problem(problem: Problem) -> tuple[Any, ...]:
    params = sorted((key, type(value).__name__, str(value)) for key, value in problem.params.items())
    return (problem.rule, problem.code, problem.unit, problem.message, params)


def _choices(choices: list[Choice]) -> list[tuple[Any, ...]]:
    return [(*choice[:7], tuple(_problem(p) for p in choice.reasons)) for choice in choices]


def _check(army: Army, catalogs: Catalogs) -> None:
    kept = validate(army, catalogs)
    with afresh():
        full = validate(army, catalogs)
    assert kept == full
    assert _told(kept) == _told(full)
    for unit in army.units[:4]:
        kept_choices = options(army, unit.id, catalogs)
        with afresh():
            full_choices = options(army, unit.id, catalogs)
        assert _choices(kept_choices) == _choices(full_choices)


def _example(game: str) -> Army:
    from warband.model.army import load_army

    (catalog, *_more) = get_system(game).info.builtin_catalogs()
    (path,) = sorted((catalog.parent / "examples").glob("*.warband.json"))
    return load_army(path)


@pytest.mark.parametrize("game", GAMES)
@given(steps=steps)
def test_kept_checks_and_options_equal_the_full_ones_after_any_edits(
    all_catalogs: dict[str, Catalogs], game: str, steps: list[Step]
) -> None:
    catalogs = all_catalogs[game]
    army = _example(game)
    history = [army]
    numbers = iter(range(1000, 10**6))

    def fresh() -> str:
        return f"u{next(numbers)}"

    _check(army, catalogs)
    for step in steps:
        if step[0] == "undo":
            army = history[step[1] % len(history)]  # an undo or a redo: an army met before, its very units
        else:
            try:
                army = _command(game, army, catalogs, step, fresh).apply(army)
            except (ValidationError, KeyError, ValueError, IndexError, TypeError):
                continue  # an edit the army refuses changes nothing
            history.append(army)
        _check(army, catalogs)


@pytest.mark.parametrize("game", GAMES)
def test_an_edit_of_one_unit_checks_that_unit_alone(all_catalogs: dict[str, Catalogs], game: str) -> None:
    """The point of it: the other units' results are the very ones kept (the same problem objects; SB-08, a rule
    of the whole army, is worded again)."""
    catalogs = all_catalogs[game]
    army = _example(game)
    for _ in range(3):
        army = DuplicateUnit(army.units[0].id, f"u{900 + len(army.units)}").apply(army)
    before = validate(army, catalogs)
    edited = SetUnitField(army.units[0].id, "label", "Renamed").apply(army)
    after = validate(edited, catalogs)
    assert after.units[0].label == "Renamed"
    assert after.units[1:] == before.units[1:]
    others = [p for p in after.problems if p.unit is not None and p.unit.index > 0 and p.code != "sbg.unique"]
    kept = {id(p) for p in before.problems}
    assert all(id(p) in kept for p in others)


def test_a_moved_unit_keeps_its_problems_at_its_new_place(all_catalogs: dict[str, Catalogs]) -> None:
    catalogs = all_catalogs["confrontation"]
    army = _example("confrontation")
    army = AddEntry(army.units[0].id, "miracles", "ghost").apply(army)
    validate(army, catalogs)
    moved = MoveUnit(army.units[0].id, len(army.units) - 1).apply(army)
    report = validate(moved, catalogs)
    [ghost] = [p for p in report.problems if p.params.get("miracle") == "ghost"]
    assert ghost.unit is not None and ghost.unit.index == len(army.units) - 1
    with afresh():
        assert validate(moved, catalogs) == report
