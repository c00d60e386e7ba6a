"""Finding the games' entry points without importlib.metadata: the same answer, read from the dist-info files."""

from __future__ import annotations

import sys
import zipfile
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from warband.model import entry_points as module
from warband.model.entry_points import Point, find_entry_points


def _as_importlib_metadata_says(group: str) -> set[tuple[str, str, str, str]]:
    found = set()
    for point in entry_points(group=group):
        dist = point.dist
        assert dist is not None
        found.add((point.name, point.value, dist.name, dist.version))
    return found


@pytest.mark.parametrize("group", ["warband.systems", "console_scripts", "pytest11"])
def test_the_same_entry_points_as_importlib_metadata(group):
    mine = {(p.name, p.value, p.distribution, p.version) for p in find_entry_points(group)}
    assert mine == _as_importlib_metadata_says(group)
    if group == "warband.systems":
        assert {"confrontation", "powerdice", "pfpv", "sbg"} <= {name for name, *_rest in mine}


def _dist(folder: Path, name: str, text: str) -> Path:
    info = folder / f"{name}.dist-info"
    info.mkdir(parents=True)
    (info / "entry_points.txt").write_text(text, encoding="utf-8")
    return info


def test_a_distribution_found_twice_counts_where_it_is_found_first(tmp_path):
    first, second = tmp_path / "first", tmp_path / "second"
    _dist(first, "my_game-1.0", "[warband.systems]\nchess = my_game:GAME\n")
    _dist(second, "My.Game-2.0", "[warband.systems]\nchess = other:GAME\ngo = other:GO\n")
    _dist(
        second,
        "another-0.1",
        "# a comment\n; another\n[console_scripts]\nx = y:z\n\n[warband.systems]\n go = b:GO [extra]\n",
    )
    points = find_entry_points("warband.systems", [str(first), str(second), str(tmp_path / "gone")])
    assert points == [
        Point("chess", "my_game:GAME", "my_game", "1.0"),
        Point("go", "b:GO [extra]", "another", "0.1"),
    ]
    assert points[1].module == "b"


def test_an_entry_point_loads_what_it_names():
    assert Point("x", "warband.model.entry_points:Point.load", "warband", "0").load() is Point.load
    assert Point("x", "warband.model.entry_points", "warband", "0").load() is module


@pytest.mark.parametrize("kind", ["zip", "egg-info"])
def test_what_this_reader_does_not_know_is_left_to_importlib_metadata(tmp_path, kind, monkeypatch):
    if kind == "zip":
        with zipfile.ZipFile(tmp_path / "bundle.zip", "w") as bundle:
            bundle.writestr("placeholder.txt", "")
        entry = tmp_path / "bundle.zip"
    else:
        (tmp_path / "old.egg-info").mkdir()
        entry = tmp_path
    asked: list[str] = []
    monkeypatch.setattr(module, "_from_importlib_metadata", lambda group: asked.append(group) or [])
    assert find_entry_points("warband.systems", [*sys.path, str(entry)]) == []
    assert asked == ["warband.systems"]
