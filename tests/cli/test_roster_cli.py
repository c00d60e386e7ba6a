"""`warband roster`: each format, to a file or stdout, with the exit codes of `validate` (0 / 1 / 2)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import needs_qt, write_json
from warband.cli import main
from warband.export.roster import as_html, as_text
from warband.model.army import load_army
from warband.model.catalog import catalog_paths, load_catalogs
from warband.model.system import game_info, games

HOSTILE = "<img src=x onerror=alert(1)>"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def example(system: str = "confrontation") -> Path:
    """The game's example army, beside its built-in catalogs (Warband's `data/<id>/`, or a plug-in's own folder)."""
    (catalog, *_more) = game_info(system).builtin_catalogs()
    (path,) = sorted((catalog.parent / "examples").glob("*.warband.json"))
    return path


def expected(path: Path, render) -> str:
    army = load_army(path)
    return render(army, load_catalogs(catalog_paths()).for_system(army.system))


def changed_example(tmp_path: Path, **changes) -> Path:
    """The Confrontation example with some fields replaced (a low limit, a hostile name)."""
    data = json.loads(example().read_text(encoding="utf-8"))
    return write_json(tmp_path / "changed.warband.json", {**data, **changes})


@pytest.mark.parametrize("system", [game.id for game in games()])
def test_text_to_a_file_exit_0(tmp_path, system):
    target = tmp_path / "roster.txt"
    code, out, err = run("roster", str(example(system)), "--format", "text", "-o", str(target))
    assert (code, out, err) == (0, "", "")
    assert target.read_text(encoding="utf-8") == expected(example(system), as_text)


def test_html_to_a_file(tmp_path):
    target = tmp_path / "roster.html"
    assert run("roster", str(example()), "--format", "html", "--output", str(target)) == (0, "", "")
    html = target.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "<h1>Light of Merin</h1>" in html


@needs_qt
def test_pdf_to_a_file(qapp, tmp_path):
    target = tmp_path / "roster.pdf"
    assert run("roster", str(example("sbg")), "--format", "pdf", "-o", str(target)) == (0, "", "")
    data = target.read_bytes()
    assert data.startswith(b"%PDF-") and len(data) > 10_000


@pytest.mark.parametrize(("fmt", "render"), [("text", as_text), ("html", as_html)])
def test_dash_writes_to_stdout(tmp_path, fmt, render):
    code, out, err = run("roster", str(example("powerdice")), "--format", fmt, "-o", "-")
    assert (code, err) == (0, "")
    assert out == expected(example("powerdice"), render)
    assert list(tmp_path.iterdir()) == []


def test_exit_1_with_problems_and_the_roster_is_still_written(tmp_path):
    army = changed_example(tmp_path, points_limit=100)
    target = tmp_path / "roster.txt"
    code, out, err = run("roster", str(army), "--format", "text", "-o", str(target))
    assert (code, out, err) == (1, "", "")
    text = target.read_text(encoding="utf-8")
    assert "CF-07  army: The army costs 397 A.P., 297 over its limit of 100 A.P." in text


def test_a_hostile_name_is_escaped_in_html(tmp_path):
    army = changed_example(tmp_path, name=HOSTILE)
    code, out, _ = run("roster", str(army), "--format", "html", "-o", "-")
    assert code == 0
    assert "<img" not in out
    assert "<h1>&lt;img src=x onerror=alert(1)&gt;</h1>" in out


def test_exit_2_missing_army(tmp_path):
    code, out, err = run("roster", str(tmp_path / "nope.warband.json"), "--format", "text", "-o", "-")
    assert (code, out) == (2, "")
    assert "nope.warband.json: no such file" in err


def test_exit_2_unreadable_army(tmp_path):
    path = tmp_path / "broken.warband.json"
    path.write_text("{not json", encoding="utf-8")
    code, out, err = run("roster", str(path), "--format", "html", "-o", str(tmp_path / "r.html"))
    assert (code, out) == (2, "")
    assert err.startswith(f"{path} at line 1, column 2: not valid JSON")
    assert not (tmp_path / "r.html").exists()


def test_exit_2_broken_catalog(tmp_path):
    broken = write_json(tmp_path / "mine.json", {"format": "warband-catalog", "version": 1})
    target = tmp_path / "r.txt"
    code, out, err = run("roster", str(example()), "--catalog", str(broken), "--format", "text", "-o", str(target))
    assert (code, out) == (2, "")
    assert str(broken) in err
    assert not target.exists()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["roster"], "the following arguments are required: ARMY"),
        (["roster", "a.warband.json", "-o", "-"], "the following arguments are required: --format"),
        (["roster", "a.warband.json", "--format", "text"], "the following arguments are required: -o/--output"),
        (["roster", "a.warband.json", "--format", "docx", "-o", "-"], "invalid choice: 'docx'"),
        (["roster", "a.warband.json", "--format", "pdf", "-o", "-"], "a PDF is written to a file"),
    ],
)
def test_exit_2_bad_usage(argv, message):
    code, out, err = run(*argv)
    assert (code, out) == (2, "")
    assert message in err


def test_exit_2_when_the_roster_cannot_be_written(tmp_path):
    target = tmp_path / "gone" / "roster.txt"
    code, out, err = run("roster", str(example()), "--format", "text", "-o", str(target))
    assert (code, out) == (2, "")
    assert err.strip() == f"{target}: cannot write the roster: the folder does not exist"


@needs_qt
def test_pdf_from_the_command_line_without_a_display(tmp_path):
    """The real command in a fresh process: no display, no QT_QPA_PLATFORM, no window."""
    env = {k: v for k, v in os.environ.items() if k not in {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"}}
    target = tmp_path / "roster.pdf"
    result = subprocess.run(
        [sys.executable, "-m", "warband", "roster", str(example()), "--format", "pdf", "-o", str(target)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=120,
    )
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    assert target.read_bytes().startswith(b"%PDF-")


def test_a_pdf_without_qt_installed_is_a_clear_error(tmp_path, monkeypatch):
    """In a headless install without PySide6 (as in .ci/run's second run) a PDF roster says why it cannot be."""
    monkeypatch.setitem(sys.modules, "warband.export.pdf", None)  # importing it now fails as without Qt
    target = tmp_path / "roster.pdf"
    code, out, err = run("roster", str(example()), "--format", "pdf", "-o", str(target))
    assert (code, out) == (2, "")
    assert (
        err.strip()
        == f"{target}: a PDF roster needs Qt (PySide6), which is not installed: use --format text or html"
    )
    assert not target.exists()
