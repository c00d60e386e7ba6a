"""Take the README's screenshots from the real program in a real X server.

Run through `scripts/screenshots.sh`, which starts Xvfb. The window opens the example army on the built-in
catalogs, then plays the first turn of a battle with it, as a player would; after each scene the whole X screen
is captured with ImageMagick's `import`.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import warband.gui  # noqa: F401  (pydantic before PySide6)

# isort: split
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QSpinBox

from warband.gui.dialogs import QtAsker, Unsaved
from warband.gui.main_window import MainWindow
from warband.gui.new_battle_dialog import NewBattle
from warband.gui.settings import Settings
from warband.model.army import Army, load_army
from warband.model.catalog import builtin_catalog_paths, load_catalogs
from warband.model.dice import TypedDice
from warband.model.edits import AddEntry
from warband.model.locations import data_dir
from warband.model.systems.confrontation.battle_calls import CallRequest
from warband.model.systems.confrontation.battle_commands import NextPhase, SetModelFlag, SetTacticalWinner
from warband.model.systems.confrontation.battle_state import RulesOptions

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = data_dir() / "confrontation" / "examples" / "light-of-merin.warband.json"


class TourAsker(QtAsker):
    """Answers the questions a tour raises without a dialog."""

    def unsaved_changes(self, name: str) -> Unsaved:
        return Unsaved.DISCARD

    def new_battle(self, screen_army: Army | None) -> NewBattle | None:
        army = load_army(EXAMPLE)
        return NewBattle((("Aline", army), ("Bruno", army)), RulesOptions())


def main(out_folder: Path) -> int:
    app = QApplication(sys.argv[:1])
    out_folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        window = MainWindow(load_catalogs(builtin_catalog_paths()), Settings(), Path(scratch))
        window.asker = TourAsker(window)
        window.battles.asker = window.asker
        window.open_army(EXAMPLE)
        document = window.document
        document.select("u1")
        document.execute(AddEntry("u1", "miracles", "abnegation", label="Add miracle Self-denial"))
        show = window.builder.findChild(QCheckBox, "showIneligible")
        if show is not None:
            show.setChecked(True)
        window.statusBar().clearMessage()  # it names the folder the example was opened from
        window.setGeometry(0, 0, 1280, 800)
        window.show()

        def capture(name: str) -> None:
            subprocess.run(["import", "-window", "root", str(out_folder / name)], check=True)

        def battle() -> None:
            capture("builder.png")
            window.battles.new_battle()
            run = window.battles.document
            assert run is not None
            run.act(SetTacticalWinner(side=0, rolls=(5, 2)), text="Tactical roll: 5 – 2, Aline wins")
            run.act(NextPhase())
            run.act(SetModelFlag(key="1:u3", field="engaged", value=True), text="Saphon: Engaged in melee: yes")
            run.act(NextPhase())
            run.roll(CallRequest("0:u1", "bouclier-de-merin", 2, True), TypedDice((5,)))
            window.statusBar().clearMessage()
            QTimer.singleShot(800, tracker)

        def tracker() -> None:
            capture("tracker.png")
            window.tabs.setCurrentIndex(2)
            resolver_tab = window.battles.resolver
            assert resolver_tab is not None
            miracle = resolver_tab.findChild(QComboBox, "miracleCombo")
            miracle.setCurrentIndex(miracle.findData("jugement-de-merin"))
            resolver_tab.findChild(QSpinBox, "fervourSpin").setValue(5)
            resolver_tab.findChild(QCheckBox, "sightCheck").setChecked(True)
            QTimer.singleShot(800, resolver)

        def resolver() -> None:
            capture("resolver.png")
            document.session.mark_saved()
            window.close()
            app.quit()

        steps: list[Callable[[], None]] = [battle]
        QTimer.singleShot(1500, steps[0])
        code = app.exec()
        window.autosaver.shutdown()
        return code


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"))
