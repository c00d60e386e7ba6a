"""Shared code names no game (issue 14): outside a game's own packages, no module imports a game's modules or
compares with a game's id. The registration (the entry points in `pyproject.toml`, issue 15) is the one place
that names them, so `model/system.py` is shared code too; import-linter's contracts check the imports, this test
the ids written as text."""

from __future__ import annotations

import ast
from pathlib import Path

from warband.model.system import registered

SRC = Path(__file__).resolve().parents[1] / "src" / "warband"
GAME_IDS = frozenset(registered())
REGISTRATION: set[Path] = set()


def _shared_modules() -> list[Path]:
    games = [SRC / layer / "systems" / game for layer in ("model", "gui") for game in GAME_IDS]
    return [
        path
        for path in sorted(SRC.rglob("*.py"))
        if path not in REGISTRATION and not any(path.is_relative_to(folder) for folder in games)
    ]


def _docstrings(tree: ast.AST) -> set[int]:
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):  # attribute docstrings
            found.add(id(node.value))
    return found


def _names_a_game(node: ast.AST, docstrings: set[int]) -> str | None:
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    elif isinstance(node, ast.ImportFrom):
        names = [node.module or ""]
    elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
        if node.value in GAME_IDS:
            return f"the id {node.value!r}"
        names = [node.value]
    else:
        return None
    for name in names:
        parts = name.split(".")
        for game in GAME_IDS:
            if "systems" in parts and game in parts[parts.index("systems") + 1 :][:1]:
                return f"the module {name}"
    return None


def test_shared_modules_name_no_game() -> None:
    found: list[str] = []
    modules = _shared_modules()
    assert len(modules) > 50  # the shared code, not an empty folder
    for path in modules:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        docstrings = _docstrings(tree)
        for node in ast.walk(tree):
            what = _names_a_game(node, docstrings)
            if what is not None:
                found.append(f"{path.relative_to(SRC)}:{getattr(node, 'lineno', '?')} names {what}")
    assert found == []


def test_the_check_finds_a_game_named() -> None:
    tree = ast.parse('import warband.model.systems.sbg.rules\nif system == "pfpv":\n    pass\n')
    found = [what for node in ast.walk(tree) if (what := _names_a_game(node, _docstrings(tree)))]
    assert found == ["the module warband.model.systems.sbg.rules", "the id 'pfpv'"]
