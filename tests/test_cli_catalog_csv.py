"""`warband catalog export-csv` and `warband catalog import-csv` (issue 20, item 3): exit 0 written, 2 no verdict,
the error object with `--json`, and the catalog written back the same."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from warband.cli import main
from warband.model.catalog import builtin_catalog_paths


def run(*argv: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main([str(arg) for arg in argv], out, err)
    return code, out.getvalue(), err.getvalue()


def player_catalog(**changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "format": "warband-catalog",
        "version": 2,
        "system": "confrontation",
        "id": "csv-cli",
        "revision": 2,
        "name": {"en": "Mine", "fr": "Le mien"},
        "notes": "=cmd|' /C calc'!A0",
        "miracles": [{"id": "csv-call", "name": "Call", "cults": ["merin"], "cost": 4, "notes": None}],
    }
    doc.update(changes)
    return doc


def write(path: Path, doc: dict[str, Any]) -> Path:
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


@pytest.mark.parametrize("path", builtin_catalog_paths(), ids=lambda p: p.parent.name)
def test_export_then_import_writes_the_same_catalog(path: Path, tmp_path: Path) -> None:
    system = json.loads(path.read_text(encoding="utf-8"))["system"]
    code, out, err = run("catalog", "export-csv", path, tmp_path / "csv")
    assert (code, err) == (0, "")
    assert out.startswith(f"wrote {len(list((tmp_path / 'csv').iterdir()))} files to {tmp_path / 'csv'}: ")
    assert "_catalog.csv (1 row), " in out
    code, out, err = run(
        "catalog", "import-csv", tmp_path / "csv", "--system", system, "-o", tmp_path / "back.json"
    )
    assert (code, err) == (0, "")
    assert out.startswith(f"wrote {tmp_path / 'back.json'}: catalog ")
    back = json.loads((tmp_path / "back.json").read_text(encoding="utf-8"))
    assert canonical(back) == canonical(json.loads(path.read_text(encoding="utf-8")))


def test_json_output_of_both_commands(tmp_path: Path) -> None:
    source = write(tmp_path / "mine.json", player_catalog())
    code, out, _ = run("catalog", "export-csv", source, tmp_path / "csv", "--json")
    assert code == 0
    assert json.loads(out) == {"folder": str(tmp_path / "csv"), "files": {"_catalog.csv": 1, "miracles.csv": 1}}
    code, out, _ = run(
        "catalog", "import-csv", tmp_path / "csv", "--system", "confrontation", "-o", tmp_path / "o.json", "--json"
    )
    assert code == 0
    assert json.loads(out) == {
        "file": str(tmp_path / "o.json"),
        "system": "confrontation",
        "id": "csv-cli",
        "revision": 2,
        "entries": {"miracles": 1},
    }
    assert json.loads((tmp_path / "o.json").read_text(encoding="utf-8")) == player_catalog()


def test_a_bad_cell_is_exit_2_naming_file_row_and_column(tmp_path: Path) -> None:
    source = write(tmp_path / "mine.json", player_catalog())
    assert run("catalog", "export-csv", source, tmp_path / "csv")[0] == 0
    path = tmp_path / "csv" / "miracles.csv"
    path.write_bytes(path.read_bytes().replace(b",4,", b",four,"))
    output = tmp_path / "o.json"
    output.write_text("old", encoding="utf-8")
    code, out, err = run("catalog", "import-csv", tmp_path / "csv", "--system", "confrontation", "-o", output)
    assert (code, out) == (2, "")
    assert err == f"{path} at row 2, column cost: Input should be a valid integer (found 'four')\n"
    code, out, err = run(
        "catalog", "import-csv", tmp_path / "csv", "--system", "confrontation", "-o", output, "--json"
    )
    assert code == 2
    assert json.loads(out) == {
        "error": {
            "file": str(path),
            "where": "row 2, column cost",
            "message": "Input should be a valid integer (found 'four')",
        }
    }
    assert output.read_text(encoding="utf-8") == "old"  # nothing written


def test_a_reference_to_another_players_catalog_needs_it_given(tmp_path: Path) -> None:
    other = write(
        tmp_path / "other.json",
        player_catalog(id="csv-other", miracles=[], cults=[{"id": "csv-cult", "name": "C", "path": "light"}]),
    )
    mine = player_catalog(miracles=[{"id": "csv-call", "name": "Call", "cults": ["csv-cult"], "cost": 4}])
    assert run("catalog", "export-csv", write(tmp_path / "mine.json", mine), tmp_path / "csv")[0] == 0
    args = ("catalog", "import-csv", tmp_path / "csv", "--system", "confrontation", "-o", tmp_path / "o.json")
    code, _, err = run(*args)
    assert code == 2
    assert "miracles.csv at row 2, column cults, at [0]: refers to the cult 'csv-cult'" in err
    assert run(*args, "--catalog", other)[0] == 0


def test_exit_2_without_a_verdict(tmp_path: Path) -> None:
    code, out, err = run(
        "catalog", "import-csv", tmp_path, "--system", "chess", "-o", tmp_path / "o.json", "--json"
    )
    assert code == 2
    assert json.loads(out)["error"]["message"].startswith("unknown system 'chess'")
    assert err.startswith("unknown system 'chess'")
    code, _, err = run("catalog", "export-csv", tmp_path / "none.json", tmp_path / "csv")
    assert (code, err) == (2, f"{tmp_path / 'none.json'}: no such file\n")
    code, out, _ = run("catalog", "import-csv", tmp_path, "--system", "confrontation", "--json")
    assert code == 2 and "required: -o/--output" in json.loads(out)["error"]["message"]
    code, _, err = run("catalog", "import-csv", tmp_path / "nowhere", "--system", "confrontation", "-o", "x.json")
    assert (code, err) == (2, f"{tmp_path / 'nowhere'}: no such folder\n")
    code, _, err = run("catalog", "import-csv", tmp_path, "--system", "confrontation", "-o", "x.json")
    assert (code, err) == (
        2,
        f"{tmp_path / '_catalog.csv'}: no such file: it holds the catalog's id, name and revision\n",
    )


def test_export_into_a_folder_of_another_catalog_is_exit_2(tmp_path: Path) -> None:
    (tmp_path / "csv").mkdir()
    (tmp_path / "csv" / "profiles.csv").write_text("id,name\r\n", encoding="utf-8")
    source = write(tmp_path / "mine.json", player_catalog())
    code, _, err = run("catalog", "export-csv", source, tmp_path / "csv")
    assert code == 2
    assert err.startswith(f"{tmp_path / 'csv' / 'profiles.csv'}: this CSV file is not of the catalog exported")


def test_the_commands_are_listed_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = run("catalog", "--help")  # argparse prints its help on sys.stdout
    out = capsys.readouterr().out
    assert code == 0 and "export-csv" in out and "import-csv" in out
