"""The headless commands: exit codes 0/1/2, the JSON report and error object, catalog check, schema."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from tests.helpers import catalog_doc, make_army, unit, write_json
from warband import __version__
from warband.cli import main
from warband.model.army import save_army


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def test_catalog(tmp_path):
    """The hand-made test catalog, with IDs that do not clash with the built-in ones."""
    doc = catalog_doc(id="cli-test")
    prefix = "t-"
    for kind in ("cults", "miracles", "items", "profiles"):
        for entry in doc[kind]:
            entry["id"] = prefix + entry["id"]
    for entry in doc["miracles"]:
        entry["cults"] = [prefix + c for c in entry["cults"]]
    for entry in doc["profiles"]:
        if entry.get("faithful"):
            entry["faithful"]["cult"] = prefix + entry["faithful"]["cult"]
    return write_json(tmp_path / "test-catalog.json", doc)


def army_file(tmp_path, *units, limit=None):
    path = tmp_path / "army.warband.json"
    save_army(make_army(*units, limit=limit, name="Gate guard"), path)
    return path


def test_version_lists_the_games_found_and_their_versions():
    from warband.api import registered

    code, out, err = run("--version")
    lines = out.splitlines()
    assert (code, err, lines[0], lines[1]) == (0, "", f"warband {__version__}", "games:")
    games = lines[2 : lines.index("left out:")] if "left out:" in lines else lines[2:]
    listed = {line.split()[0]: line for line in games}
    assert list(listed) == list(registered())
    for system_id, entry in registered().items():
        assert listed[system_id].endswith(f"({entry.distribution} {entry.version})")
    assert f"Confrontation (warband {__version__})" in listed["confrontation"]


def test_python_m_warband_runs():
    result = subprocess.run(
        [sys.executable, "-m", "warband", "--version"], capture_output=True, text=True, check=False
    )
    assert (result.returncode, result.stdout.splitlines()[0]) == (0, f"warband {__version__}")


def test_validate_exit_0_on_a_valid_army(tmp_path, test_catalog):
    path = army_file(tmp_path, unit("u1", "t-iron-priestess", miracles=["t-renfort"]), limit=100)
    code, out, err = run("validate", str(path), "--catalog", str(test_catalog))
    assert (code, err) == (0, "")
    assert "Gate guard — Confrontation" in out  # the game by its name, not its id
    assert "Total: 55 A.P. (limit 100 A.P.)" in out
    assert out.rstrip().endswith("No problems.")


def test_validate_exit_1_with_problems_in_text(tmp_path, test_catalog):
    path = army_file(
        tmp_path,
        unit("u1", "t-iron-priestess", miracles=["t-dark-pact"]),
        unit("u2", "gone-profile"),
        limit=10,
    )
    code, out, _ = run("validate", str(path), "--catalog", str(test_catalog))
    assert code == 1
    assert "5 problems:" in out
    assert "  CF-02  Iron Priestess (u1): Iron Priestess may not take Dark Pact (access — cult: Mid-Nor;" in out
    assert "  AR-02  gone-profile (u2): The profile “gone-profile” is not in the loaded catalogs" in out
    assert "  CF-07  army: The army costs 37 A.P., 27 over its limit of 10 A.P." in out


def test_validate_json_report(tmp_path, test_catalog):
    path = army_file(
        tmp_path,
        unit("u1", "t-templar", miracles=["t-renfort"], label="Sir Gawen"),
        unit("u2", "t-iron-priestess", miracles=["t-renfort", "t-lost"]),
    )
    code, out, _ = run("validate", str(path), "--catalog", str(test_catalog), "--json")
    assert code == 1
    report = json.loads(out)
    assert report == {
        "format": "warband-report",
        "version": 1,
        "valid": False,
        "total_cost": 20 + 25 + 30 + 25,
        "points_limit": None,
        "units": [
            {"id": "u1", "label": "Sir Gawen", "cost": 45},
            {"id": "u2", "label": "Iron Priestess", "cost": 55},
        ],
        "problems": [
            {
                "rule": "CF-01",
                "code": "miracle.not_faithful",
                "message": "Sir Gawen is not a Faithful and cannot own the miracle Renfort.",
                "unit": {"id": "u1", "index": 0, "label": "Sir Gawen"},
            },
            {
                "rule": "AR-02",
                "code": "miracle.unknown",
                "message": "The miracle “t-lost” of Iron Priestess is not in the loaded catalogs: it is kept "
                "as it is, and its cost is not counted.",
                "unit": {"id": "u2", "index": 1, "label": "Iron Priestess"},
            },
        ],
    }


def test_validate_json_valid_army(tmp_path, test_catalog):
    path = army_file(tmp_path, unit("u1", "t-beast"))
    code, out, _ = run("validate", str(path), "--json", "--catalog", str(test_catalog))
    assert code == 0
    report = json.loads(out)
    assert (report["valid"], report["problems"], report["total_cost"]) == (True, [], 15)


def test_validate_exit_2_unreadable_army_with_error_object(tmp_path):
    path = tmp_path / "broken.warband.json"
    path.write_text("{not json", encoding="utf-8")
    code, out, err = run("validate", str(path), "--json")
    assert code == 2
    error = json.loads(out)["error"]
    assert error["file"] == str(path)
    assert error["where"] == "line 1, column 2"
    assert error["message"].startswith("not valid JSON")
    assert err.strip() == f"{path} at line 1, column 2: {error['message']}"


def test_validate_exit_2_unknown_system(tmp_path):
    path = write_json(
        tmp_path / "a.warband.json", {"format": "warband-army", "version": 1, "system": "chess", "units": []}
    )
    code, out, err = run("validate", str(path))
    assert code == 2
    assert out == ""
    assert "unknown system 'chess'" in err


def test_validate_exit_2_broken_catalog(tmp_path):
    path = army_file(tmp_path, unit("u1", "templar"))
    broken = write_json(tmp_path / "mine.json", {**catalog_doc(id="mine"), "extra": 1})
    code, out, _ = run("validate", str(path), "--catalog", str(broken), "--json")
    assert code == 2
    assert json.loads(out) == {
        "error": {"file": str(broken), "where": "$.extra", "message": "unknown field 'extra'"}
    }


def test_validate_exit_2_bad_usage():
    code, out, err = run("validate", "--json")
    assert code == 2
    assert "the following arguments are required: ARMY" in json.loads(out)["error"]["message"]
    assert "required" in err
    assert run("frobnicate")[0] == 2
    assert run()[0] == 2


def test_validate_exit_2_missing_catalog_file(tmp_path):
    path = army_file(tmp_path, unit("u1", "templar"))
    code, _, err = run("validate", str(path), "--catalog", str(tmp_path / "nope.json"))
    assert code == 2
    assert "nope.json: no such file" in err


def test_catalog_check_ok(tmp_path, test_catalog):
    code, out, err = run("catalog", "check", str(test_catalog))
    assert (code, err) == (0, "")
    assert out.startswith(
        f"ok: {test_catalog} — confrontation catalog 'cli-test' revision 1: 5 cults, 10 miracles"
    )


def test_catalog_check_broken_player_catalog(tmp_path, test_catalog):
    doc = json.loads(test_catalog.read_text(encoding="utf-8"))
    dangling = {**doc["miracles"][0], "id": "new-miracle", "cults": ["t-merin", "t-mid-nor", "no-such-cult"]}
    broken = write_json(
        tmp_path / "broken.json",
        {**doc, "id": "broken", "cults": [], "items": [], "profiles": [], "miracles": [dangling]},
    )
    doc2 = catalog_doc(id="clash", cults=[], profiles=[], items=[])
    doc2["miracles"] = doc2["miracles"][2:3]
    doc2["miracles"][0]["id"] = "t-renfort"
    clash = write_json(tmp_path / "clash.json", doc2)
    code, out, err = run("catalog", "check", str(test_catalog), str(broken), str(clash), "--json")
    assert code == 2
    errors = json.loads(out)["errors"]
    assert [(e["file"], e["where"]) for e in errors] == [
        (str(clash), "$.miracles[0].id"),
        (str(broken), "$.miracles[0].cults[2]"),
    ]
    assert str(test_catalog) in errors[0]["message"]
    assert err.count("\n") == 2


def test_catalog_folder_is_under_the_isolated_home(_isolated_home):
    code, out, _ = run("catalog", "folder")
    assert code == 0
    assert out.strip().startswith(str(_isolated_home))


@pytest.mark.parametrize("kind", ["army", "catalog", "battle"])
def test_schema(kind):
    code, out, _ = run("schema", kind, "--system", "confrontation")
    assert code == 0
    schema = json.loads(out)
    assert schema["title"] == f"Warband {kind} (confrontation)"
    assert schema["additionalProperties"] is False
    assert {"army": "units", "catalog": "miracles", "battle": "sides"}[kind] in schema["properties"]


def test_schema_unknown_system():
    code, out, err = run("schema", "army", "--system", "chess")
    assert (code, out) == (2, "")
    assert "unknown system 'chess'" in err


def test_validate_a_powerdice_army_and_its_schemas():
    from warband.model.locations import data_dir

    example = data_dir() / "powerdice" / "examples" / "border-skirmish.warband.json"
    code, out, _ = run("validate", str(example))
    assert code == 0 and out.rstrip().endswith("No problems.")
    for kind in ("army", "catalog", "battle"):
        code, out, _ = run("schema", kind, "--system", "powerdice")
        assert code == 0 and json.loads(out)["title"] == f"Warband {kind} (powerdice)"


def test_validate_speaks_of_each_game_s_own_points(tmp_path):
    """The SBG counts points, a Par le Fer party none: `validate` says so instead of A.P. for every game."""
    from warband.model.locations import data_dir

    sbg = next((data_dir() / "sbg" / "examples").glob("*.warband.json"))
    code, out, _err = run("validate", str(sbg))
    assert code in (0, 1) and " — Strategy Battle Game" in out.splitlines()[0]
    assert "A.P." not in out and " points (" in out
    party = next((data_dir() / "pfpv" / "examples").glob("*.warband.json"))
    code, out, _err = run("validate", str(party))
    assert code in (0, 1) and "A.P." not in out and "Total:" not in out
