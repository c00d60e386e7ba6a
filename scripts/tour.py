"""Take the README's screenshots from the real program in a real X server.

Run through `scripts/screenshots.sh`, which starts Xvfb. The window opens the example army on the built-in
catalogs, as a player would see it, and the whole X screen is captured with ImageMagick's `import`.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import warband.gui  # noqa: F401  (pydantic before PySide6)

# isort: split
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QCheckBox

from warband.gui.main_window import MainWindow
from warband.gui.settings import Settings
from warband.model.catalog import builtin_catalog_paths, load_catalogs
from warband.model.edits import AddEntry
from warband.model.locations import data_dir

ROOT = Path(__file__).resolve().parents[1]


def main(out_folder: Path) -> int:
    app = QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as scratch:
        window = MainWindow(load_catalogs(builtin_catalog_paths()), Settings(), Path(scratch))
        window.open_army(data_dir() / "confrontation" / "examples" / "light-of-merin.warband.json")
        document = window.document
        document.select("u1")
        document.execute(AddEntry("u1", "miracles", "abnegation", label="Add miracle Self-denial"))
        show = window.builder.findChild(QCheckBox, "showIneligible")
        if show is not None:
            show.setChecked(True)
        window.statusBar().clearMessage()  # it names the folder the example was opened from
        window.setGeometry(0, 0, 1280, 800)
        window.show()

        def capture() -> None:
            out_folder.mkdir(parents=True, exist_ok=True)
            subprocess.run(["import", "-window", "root", str(out_folder / "builder.png")], check=True)
            document.session.mark_saved()  # nothing to ask about on the way out
            window.close()
            app.quit()

        QTimer.singleShot(1500, capture)
        code = app.exec()
        window.autosaver.shutdown()
        return code


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"))
