"""Hostile text from files on the command line: no traceback for a lone surrogate, no terminal control.

A file's text must not move the cursor, overprint "Total: 0 A.P.", set the window title or reverse the line:
what the commands print shows such characters escaped. A roster written with `-o FILE` keeps the text as is.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import catalog_doc, write_json
from warband.cli import main, terminal_safe, terminal_safe_json
from warband.model.locations import data_dir

UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
"""What a terminal obeys (C0 but tab and newline, DEL, C1), bidi overrides and embeddings, lone surrogates."""

OVERPRINT = "Gate\x1b]0;pwned\x07\rTotal: 0 A.P.\x1b[2K"
"""A label that sets the window title, goes back to the start of the line and overprints the total."""


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def run_process(*argv: str) -> subprocess.CompletedProcess[bytes]:
    """Through a real stdout and stderr (UTF-8): where a lone surrogate used to raise UnicodeEncodeError."""
    return subprocess.run(
        [sys.executable, "-m", "warband", *argv],
        capture_output=True,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )


@pytest.fixture
def own_catalog(tmp_path: Path) -> Path:
    """The hand-made test catalog, its IDs made distinct from the built-in ones."""
    doc = catalog_doc(id="cli-test")
    for kind in ("cults", "miracles", "items", "profiles"):
        for entry in doc[kind]:
            entry["id"] = "t-" + entry["id"]
    for entry in doc["miracles"]:
        entry["cults"] = ["t-" + c for c in entry["cults"]]
    for entry in doc["profiles"]:
        if entry.get("faithful"):
            entry["faithful"]["cult"] = "t-" + entry["faithful"]["cult"]
    return write_json(tmp_path / "test-catalog.json", doc)


def example_doc() -> dict:
    (path,) = sorted((data_dir() / "confrontation" / "examples").glob("*.warband.json"))
    return json.loads(path.read_text(encoding="utf-8"))


def hostile_army(tmp_path: Path) -> Path:
    doc = example_doc()
    doc["name"] = "Light \u202eof Merin"
    doc["units"][0]["label"] = OVERPRINT
    doc["units"][1]["notes"] = "bell\x07 nul\x00 del\x7f csi\x9b31m"
    return write_json(tmp_path / "hostile.warband.json", doc)


def surrogate_army(tmp_path: Path) -> Path:
    doc = example_doc()
    doc["units"][2]["label"] = "Sa\ud800phon"
    path = tmp_path / "surrogate.warband.json"
    path.write_text(json.dumps(doc), encoding="utf-8")  # ASCII: the file holds the escape \ud800
    return path


# --- terminal_safe -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("a\x1b[2Jb", "a\\x1b[2Jb"),
        ("\x1b]0;title\x07", "\\x1b]0;title\\x07"),
        ("over\rprint", "over\\rprint"),
        ("nul\x00 del\x7f", "nul\\x00 del\\x7f"),
        ("c1 \x85 \x9b", "c1 \\x85 \\x9b"),
        ("\u202aa\u202bb\u202cc\u202dd\u202ee", "\\u202aa\\u202bb\\u202cc\\u202dd\\u202ee"),
        ("\u2066a\u2067b\u2068c\u2069", "\\u2066a\\u2067b\\u2068c\\u2069"),
        ("lone \udc00", "lone \\udc00"),
        ("lines\n\tkept", "lines\n\tkept"),
        ("Prêtresse — Жрица ✓ 😀 عربى", "Prêtresse — Жрица ✓ 😀 عربى"),
    ],
)
def test_terminal_safe_escapes_what_a_terminal_obeys(text, shown):
    assert terminal_safe(text) == shown
    assert terminal_safe(shown) == shown  # what it shows is safe as it is


def test_one_line_of_a_file_escapes_its_newlines_and_tabs_too():
    assert terminal_safe("a\nTotal: 0 A.P.\tb", keep_layout=False) == "a\\nTotal: 0 A.P.\\tb"


def test_terminal_safe_json_is_the_same_json():
    data = {"label": OVERPRINT, "name": "\u202e\x85\x7f é — ✓", "n": [1, None]}
    text = terminal_safe_json(data, indent=2)
    assert not UNSAFE.search(text)
    assert json.loads(text) == data
    assert "é — ✓" in text  # not ASCII-only: only what a terminal obeys is escaped


# --- validate ----------------------------------------------------------------------------------------------------
def test_validate_shows_control_characters_escaped(tmp_path):
    code, out, err = run("validate", str(hostile_army(tmp_path)))
    assert (code, err) == (0, "")
    assert not UNSAFE.search(out)
    lines = out.splitlines()
    assert lines[0] == "Light \\u202eof Merin — Confrontation"
    assert lines[1].startswith("  u1     Gate\\x1b]0;pwned\\x07\\rTotal: 0 A.P.\\x1b[2K  ")
    assert lines[1].endswith(" A.P.")
    assert len({len(line) for line in lines[1:6]}) == 1  # the columns stay aligned, escapes and all
    assert [line for line in lines if line.startswith("Total:")] == ["Total: 397 A.P. (limit 400 A.P.)"]


def test_validate_json_escapes_them_and_means_the_same_text(tmp_path):
    code, out, _ = run("validate", str(hostile_army(tmp_path)), "--json")
    assert code == 0
    assert not UNSAFE.search(out)
    report = json.loads(out)
    assert report["units"][0]["label"] == OVERPRINT


def test_an_error_naming_a_hostile_field_is_escaped(tmp_path):
    doc = example_doc()
    doc["units"][0]["\x1b[2J\rTotal"] = 1
    path = write_json(tmp_path / "a.warband.json", doc)
    code, out, err = run("validate", str(path))
    assert (code, out) == (2, "")
    assert not UNSAFE.search(err)
    assert err == f"{path} at $.units[0].\\x1b[2J\\rTotal: unknown field '\\x1b[2J\\rTotal'\n"
    code, out, err = run("validate", str(path), "--json")
    assert not UNSAFE.search(out + err)
    assert json.loads(out)["error"]["where"] == "$.units[0].\x1b[2J\rTotal"


def test_the_catalog_folder_is_escaped(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data\x1b]0;x\x07"))
    code, out, err = run("catalog", "folder")
    assert (code, err) == (0, "")
    assert out.startswith(f"{tmp_path}/data\\x1b]0;x\\x07/") and not UNSAFE.search(out)


# --- roster ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("fmt", ["text", "html"])
def test_a_roster_on_stdout_is_escaped(tmp_path, fmt):
    code, out, err = run("roster", str(hostile_army(tmp_path)), "--format", fmt, "-o", "-")
    assert (code, err) == (0, "")
    assert not UNSAFE.search(out)
    assert "Gate\\x1b]0;pwned\\x07\\rTotal: 0 A.P.\\x1b[2K" in out
    assert "\n" in out  # the roster's own layout stays


def test_a_roster_written_to_a_file_keeps_the_text_as_it_is(tmp_path):
    target = tmp_path / "roster.txt"
    assert run("roster", str(hostile_army(tmp_path)), "--format", "text", "-o", str(target)) == (0, "", "")
    text = target.read_bytes().decode("utf-8")  # read_text would turn the \r into a newline
    assert OVERPRINT in text
    assert "\\x1b" not in text


# --- catalog check -----------------------------------------------------------------------------------------------
def test_catalog_check_escapes_a_hostile_file_name(tmp_path, own_catalog):
    hostile = own_catalog.rename(tmp_path / "cat\x1b[31m\r.json")
    code, out, err = run("catalog", "check", str(hostile))
    assert (code, err) == (0, "")
    assert out.startswith(f"ok: {tmp_path}/cat\\x1b[31m\\r.json — confrontation catalog 'cli-test'")
    assert not UNSAFE.search(out)


# --- lone surrogates: exit 2, a clear message, no traceback ----------------------------------------------------
def test_validate_and_roster_refuse_an_army_with_a_lone_surrogate(tmp_path):
    path = surrogate_army(tmp_path)
    message = f"{path} at $.units[2].label: the text is not valid Unicode: it holds a lone surrogate (\\ud800)\n"
    assert run("validate", str(path)) == (2, "", message)
    assert run("roster", str(path), "--format", "text", "-o", "-") == (2, "", message)
    code, out, _ = run("validate", str(path), "--json")
    assert (code, json.loads(out)["error"]["where"]) == (2, "$.units[2].label")


def test_catalog_check_refuses_a_catalog_with_a_lone_surrogate(tmp_path, own_catalog):
    """Before: it passed the check, then `validate` and `roster` printed a traceback."""
    doc = json.loads(own_catalog.read_text(encoding="utf-8"))
    doc["profiles"][0]["name"] = {"fr": "Prêtresse", "en": "Iron\udc00"}
    own_catalog.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = run("catalog", "check", str(own_catalog))
    assert (code, out) == (2, "")
    assert err == (
        f"{own_catalog} at $.profiles[0].name.en: the text is not valid Unicode: it holds a lone surrogate (\\udc00)\n"
    )


def test_through_a_real_terminal_stream_there_is_no_traceback(tmp_path, own_catalog):
    army = surrogate_army(tmp_path)
    doc = json.loads(own_catalog.read_text(encoding="utf-8"))
    doc["miracles"][0]["name"] = "\ud800"
    own_catalog.write_text(json.dumps(doc), encoding="utf-8")
    for argv in (
        ("validate", str(army)),
        ("roster", str(army), "--format", "text", "-o", "-"),
        ("validate", str(hostile_army(tmp_path)), "--catalog", str(own_catalog)),
        ("catalog", "check", str(own_catalog)),
    ):
        result = run_process(*argv)
        assert result.returncode == 2, argv
        assert b"Traceback" not in result.stderr
        assert b"is not valid Unicode: it holds a lone surrogate" in result.stderr
        assert result.stderr.decode("utf-8").count("\n") == 1
