"""`warband.export` prints through QtGui and never needs the window's QtWidgets.

import-linter cannot forbid a subpackage of an external package (it holds PySide6 as one squashed module), so the
import statements are checked here, those inside functions included, and a PDF is made in a fresh interpreter
that must not load QtWidgets at all.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from pathlib import Path

import warband.export

FORBIDDEN = ("PySide6.QtWidgets", "PySide6.QtPrintSupport", "warband.gui", "warband.app")


def imported_names(source: str) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_export_modules_import_no_widgets():
    folder = Path(warband.export.__file__).parent
    modules = sorted(folder.rglob("*.py"))
    assert len(modules) > 3
    for module in modules:
        names = imported_names(module.read_text(encoding="utf-8"))
        bad = {n for n in names for f in FORBIDDEN if n == f or n.startswith(f + ".")}
        assert not bad, f"{module.name} imports {sorted(bad)}"


def test_the_check_sees_imports_inside_functions():
    source = "def f():\n    from PySide6 import QtWidgets\n"
    assert "PySide6.QtWidgets" in imported_names(source)


def test_a_pdf_needs_no_window_and_no_widgets(tmp_path):
    script = textwrap.dedent(
        f"""
        import os, sys
        os.environ.pop("QT_QPA_PLATFORM", None)
        os.environ.pop("DISPLAY", None)
        os.environ.pop("WAYLAND_DISPLAY", None)
        from pathlib import Path
        from warband.export.roster import write_pdf
        from warband.model.army import load_army
        from warband.model.catalog import catalog_paths, load_catalogs
        from warband.model.locations import data_dir
        army = load_army(next((data_dir() / "sbg" / "examples").glob("*.warband.json")))
        write_pdf(army, load_catalogs(catalog_paths()).for_system("sbg"), Path({str(tmp_path / "r.pdf")!r}))
        print(os.environ["QT_QPA_PLATFORM"], "PySide6.QtWidgets" in sys.modules)
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["offscreen", "False"]
    assert (tmp_path / "r.pdf").read_bytes().startswith(b"%PDF-")
