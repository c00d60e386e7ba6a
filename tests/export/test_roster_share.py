"""Edit → Copy Roster as Text: the army in the share-as-text style players paste into forums and chats (issue 17)."""

from __future__ import annotations

import pytest

from warband.export.roster import roster_lines
from warband.export.roster_share import render_share, share_text
from warband.model.army import load_army
from warband.model.catalog import catalog_paths, load_catalogs
from warband.model.system import games, points_name


@pytest.fixture(scope="module")
def builtin():
    return load_catalogs(catalog_paths())


def example(system_id: str):
    (path,) = sorted((next(g for g in games() if g.id == system_id).folder() / "examples").glob("*.warband.json"))
    return load_army(path)


@pytest.mark.parametrize("system_id", [game.id for game in games()])
def test_one_line_for_the_army_one_per_unit_and_the_total(builtin, system_id):
    army = example(system_id)
    catalogs = builtin.for_system(system_id)
    text = share_text(army, catalogs)
    roster = roster_lines(army, catalogs)
    lines = text.splitlines()
    assert lines[0].startswith(f"{army.name} — {roster.system}")
    unit_lines = lines[2 : 2 + len(army.units)]
    assert len(unit_lines) == len(roster.units) and lines[2 + len(army.units)] == ""
    for line, unit in zip(unit_lines, roster.units, strict=True):
        assert unit.label in line
        assert all(detail.name in line for detail in unit.extras.details)  # what it holds, by name
        if points_name(system_id) is not None:
            assert f"[{unit.cost} " in line
        else:
            assert "[" not in line  # a party has no points
    assert lines[-1].startswith(f"Units: {len(army.units)}") and lines[-1].endswith("made with Warband")
    assert "[ ]" not in text and "Notes" not in text  # nothing to print or tick


def test_a_units_count_and_the_limit_are_said_and_a_label_stays_on_its_line(builtin):
    army = example("sbg")
    warriors = next(u for u in army.units if u.count > 1)
    army = army.model_copy(update={"name": "Riders\nof Rohan"})
    text = share_text(army, builtin.for_system("sbg"))
    first = text.splitlines()[0]
    assert first.startswith("Riders of Rohan — Strategy Battle Game — ") and first.endswith(" points")
    assert f"/{army.points_limit} points" in first
    assert any(line.startswith(f"{warriors.count}× ") for line in text.splitlines())


def test_problems_are_counted_not_listed(builtin):
    army = example("confrontation").model_copy(update={"points_limit": 1})  # over its limit: a problem
    catalogs = builtin.for_system("confrontation")
    problems = roster_lines(army, catalogs).problems
    text = share_text(army, catalogs)
    assert problems and text.splitlines()[0].endswith("/1 A.P.")
    assert f" · Problems: {len(problems)} · " in text.splitlines()[-1]
    assert problems[0].sentence not in text
    valid = render_share(roster_lines(example("confrontation"), catalogs))
    assert "Problems" not in valid
