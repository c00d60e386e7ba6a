"""Games that fail to load are left out by name, and the other games still work (issue 15).

Each broken game is a real plug-in: a package and its `*.dist-info/entry_points.txt` in a folder put on the path
of a fresh process, as an installed package would be; the registry is never patched.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from warband.api import registered

BROKEN = {
    # entry point name: (package, its __init__.py, its system.py or None)
    "oops": ("broken_import", "import no_such_module_anywhere\n", None),
    "notgame": ("not_a_game", "GAME = 'a game, it says'\n", None),
    "misnamed": (
        "misnamed_game",
        "from warband.model.system import GameInfo\nGAME = GameInfo(id='other', name='Other', title='Other')\n",
        None,
    ),
    "half": (
        "half_game",
        "from warband.model.system import GameInfo\nGAME = GameInfo(id='half', name='Half', title='Half')\n",
        "class Half:\n    info = None\n\nSYSTEM = Half()\n",
    ),
}


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A folder of broken plug-ins, each with its dist-info, as pip would leave them."""
    folder = tmp_path / "site"
    for name, (package, init, system) in BROKEN.items():
        (folder / package).mkdir(parents=True)
        (folder / package / "__init__.py").write_text(init)
        if system is not None:
            (folder / package / "system.py").write_text(system)
        info = folder / f"{package}-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {package.replace('_', '-')}\nVersion: 1.0\n")
        (info / "entry_points.txt").write_text(f"[warband.systems]\n{name} = {package}:GAME\n")
    return folder


def run(site: Path, *args: str, code: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), *sys.path]), "QT_QPA_PLATFORM": "offscreen"}
    command = [sys.executable, "-c", code, *args] if code else [sys.executable, "-m", "warband", *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=120, check=False)


def test_version_names_each_broken_game_with_its_reason_and_lists_the_others(site):
    result = run(site, "--version")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    games, left_out = out.split("left out:\n")
    for system_id in registered():  # every game of this process (the built-ins, the tests' fifth game)
        assert f"\n  {system_id} " in games
    reasons = {
        "oops": "(broken_import:GAME, broken-import 1.0) could not be loaded: ModuleNotFoundError: No module named",
        "notgame": "could not be loaded: it names a str, not a GameInfo",
        "misnamed": "could not be loaded: its GameInfo has the id 'other', not the entry point's name",
        "half": "could not be loaded: its SYSTEM is not a whole GameSystem: it has no catalog_model",
    }
    for name, reason in reasons.items():
        line = next(line for line in left_out.splitlines() if f"the game {name!r}" in line)
        assert reason in line, line
        assert f"\n  {name} " not in games


def test_a_command_warns_of_the_broken_games_and_works(site, tmp_path):
    army = Path(__file__).resolve().parents[2] / "data" / "sbg" / "examples" / "riders-of-rohan.warband.json"
    result = run(site, "validate", str(army))
    assert result.returncode in (0, 1), result.stderr
    assert "Total:" in result.stdout or "total" in result.stdout.lower()
    warned = [line for line in result.stderr.splitlines() if line.startswith("warning: the game")]
    assert {line.split("'")[1] for line in warned} == {"oops", "notgame", "misnamed"}  # found when listing


def test_an_army_of_a_broken_game_is_refused_naming_it(site, tmp_path):
    army = tmp_path / "half.warband.json"
    army.write_text(
        json.dumps({"format": "warband-army", "version": 1, "system": "half", "name": "x", "units": []})
    )
    result = run(site, "validate", str(army), "--json")
    assert result.returncode == 2
    error = json.loads(result.stdout)["error"]
    assert error["where"] == "$.system"
    assert error["message"].startswith(
        "the game 'half' (half_game, half-game 1.0) could not be loaded: its SYSTEM"
    )


WINDOW = """
import tempfile
from pathlib import Path
import warband.gui
from PySide6.QtWidgets import QApplication
from warband.gui.main_window import MainWindow
from warband.gui.settings import Settings
from warband.model.catalog import builtin_catalog_paths, load_catalogs

class Asker:
    told = []
    def warning(self, title, text):
        self.told.append((title, text))
    def error(self, title, text):
        self.told.append((title, text))

app = QApplication([])
asker = Asker()
window = MainWindow(load_catalogs(builtin_catalog_paths()), Settings(), Path(tempfile.mkdtemp()), asker=asker)
print(window.statusBar().currentMessage())
print(window.games_left_out_action.isEnabled())
print(sorted(a.objectName() for a in window.new_army_menu.actions()))
window.show_games_left_out()
print(asker.told[0][1].replace("\\n", " / "))
window.new_army("half")
print(window.document.army.system, "|", asker.told[-1][1])
"""


def test_the_window_tells_of_the_games_left_out_and_the_others_work(site, tmp_path):
    pytest.importorskip("PySide6", reason="needs Qt (PySide6), not installed in this run")
    home = tmp_path / "home"
    env_home = {"HOME": str(home), "XDG_CONFIG_HOME": str(home), "XDG_DATA_HOME": str(home)}
    result = subprocess.run(
        [sys.executable, "-c", WINDOW],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={
            **os.environ,
            **env_home,
            "XDG_STATE_HOME": str(home),
            "PYTHONPATH": os.pathsep.join([str(site), *sys.path]),
            "QT_QPA_PLATFORM": "offscreen",
        },
    )
    assert result.returncode == 0, result.stderr
    status, enabled, menu, told, system = result.stdout.splitlines()[-5:]
    assert status.startswith("Games left out (they could not be loaded): misnamed, notgame, oops.")
    assert enabled == "True"
    assert "actionNewArmy_confrontation" in menu and "half" not in menu and "oops" not in menu
    assert "the game 'oops'" in told and "the game 'notgame'" in told and "could not be loaded" in told
    shown, refusal = system.split(" | ")
    assert shown != "half"  # an army of a game that cannot be loaded is not made; the one on screen stays
    assert refusal.startswith("the game 'half' (half_game, half-game 1.0) could not be loaded")
