"""The command line with the fifth game (issue 15): each command in a fresh process whose path holds the plug-in,
as a player's installed package would be (its package and its dist-info with the entry point), and nothing else
of the tests."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

SITE = Path(__file__).resolve().parents[1] / "plugins" / "site"
EXAMPLE = SITE / "litany" / "data" / "examples" / "chapel-guard.warband.json"


def warband(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(SITE), "QT_QPA_PLATFORM": "offscreen"}
    command = [sys.executable, "-m", "warband", *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=120, check=False)


def write(path: Path, document: dict[str, Any]) -> Path:
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


@pytest.fixture
def li_01_army(tmp_path: Path) -> Path:
    """The example army, its halberdier given a prayer (LI-01: not a priest)."""
    army = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    army["units"][3]["prayers"] = ["threshold-blessing"]
    return write(tmp_path / "li01.warband.json", army)


def test_version_lists_the_game_with_its_distribution():
    result = warband("--version")
    assert result.returncode == 0, result.stderr
    (line,) = [line for line in result.stdout.splitlines() if line.split()[:1] == ["litany"]]
    assert line.endswith("Litany (litany-game 0.3)")
    assert "left out:" not in result.stdout and result.stderr == ""


def test_validate_the_example_army_exit_0():
    result = warband("validate", str(EXAMPLE))
    assert (result.returncode, result.stderr) == (0, ""), result.stderr
    assert "Chapel guard — Litany" in result.stdout
    assert "Total: 163" in result.stdout and result.stdout.rstrip().endswith("No problems.")


def test_validate_an_li_01_problem_exit_1(li_01_army):
    result = warband("validate", str(li_01_army))
    assert result.returncode == 1, result.stderr
    assert (
        "  LI-01  Halberdier at the door (u4): Halberdier at the door is not a priest and says no prayer "
        "(Blessing of the threshold)." in result.stdout
    )


def test_validate_an_li_01_problem_as_json(li_01_army):
    result = warband("validate", str(li_01_army), "--json")
    assert result.returncode == 1, result.stderr
    report = json.loads(result.stdout)
    assert (report["format"], report["valid"], report["total_cost"]) == ("warband-report", False, 163 + 5)
    assert [(p["rule"], p["code"], p["unit"]["id"]) for p in report["problems"]] == [
        ("LI-01", "litany.not_priest", "u4")
    ]


@pytest.mark.parametrize("kind", ["army", "catalog", "battle"])
def test_schema_of_each_file(kind):
    result = warband("schema", kind, "--system", "litany")
    assert result.returncode == 0, result.stderr
    schema = json.loads(result.stdout)
    assert schema["type"] == "object" and schema["additionalProperties"] is False
    fields = set(schema["properties"])
    want = {
        "army": {"units", "points_limit"},
        "catalog": {"profiles", "prayers"},
        "battle": {"phase", "models", "log"},
    }
    assert want[kind] <= fields, sorted(fields)


def test_roster_as_text_shows_piety_and_prayers(tmp_path):
    target = tmp_path / "roster.txt"
    result = warband("roster", str(EXAMPLE), "--format", "text", "-o", str(target))
    assert (result.returncode, result.stderr) == (0, "")
    text = target.read_text(encoding="utf-8")
    assert "Litany · Total: 163 points (limit 200 points)" in text
    assert "1. Mother Agathe (Abbess) — 67 points\n   Piety 4\n" in text
    assert "   - Prayer: Litany of the saints — 15 points — difficulty 13, piety 4+\n" in text
    assert "4. Halberdier at the door (Halberdier) — 8 points\n   Not a priest\n" in text


def test_a_player_catalog_for_the_game_is_checked_and_used(tmp_path):
    own = {
        "format": "warband-catalog",
        "version": 1,
        "system": "litany",
        "id": "pilgrims",
        "revision": 1,
        "name": {"en": "Pilgrims", "fr": "Pèlerins"},
        "profiles": [{"id": "pilgrim", "name": "Pilgrim", "cost": 12, "piety": 1}],
        "prayers": [{"id": "road-psalm", "name": "Psalm of the road", "cost": 3, "difficulty": 6, "min_piety": 1}],
    }
    catalog = write(tmp_path / "pilgrims.json", own)
    result = warband("catalog", "check", str(catalog))
    assert (result.returncode, result.stderr) == (0, ""), result.stdout
    army = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    army["units"].append({"id": "u6", "profile": "pilgrim", "prayers": ["road-psalm", "threshold-blessing"]})
    path = write(tmp_path / "with-pilgrim.warband.json", army)
    used = warband("validate", str(path), "--catalog", str(catalog), "--json")
    report = json.loads(used.stdout)
    assert used.returncode == 1  # LI-02: a pilgrim of piety 1 holds one prayer, a built-in one beside its own
    assert [(p["rule"], p["unit"]["id"]) for p in report["problems"]] == [("LI-02", "u6")]
    assert report["units"][-1] == {"id": "u6", "label": "Pilgrim", "cost": 12 + 3 + 5}


def test_a_broken_player_catalog_is_refused_exit_2(tmp_path):
    broken = {
        "format": "warband-catalog",
        "version": 1,
        "system": "litany",
        "id": "broken",
        "revision": 1,
        "name": "Broken",
        "prayers": [{"id": "too-hard", "name": "Too hard", "difficulty": 30}],
    }
    result = warband("catalog", "check", str(write(tmp_path / "broken.json", broken)))
    assert result.returncode == 2
    assert "$.prayers[0].difficulty" in result.stdout + result.stderr
