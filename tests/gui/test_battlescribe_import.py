"""Catalogs → Import BattleScribe Data… and File → Import BattleScribe Roster… (issue 18): the import runs off the
window's thread with a progress bar and Cancel, writes nothing when cancelled or refused, and shows a summary of
what was imported and what was not; the catalog written is loaded at once, and a roster of it opens as an army."""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import Qt

from warband import api
from warband.gui import battlescribe_dialog
from warband.gui.battlescribe_dialog import BattleScribeImportDialog
from warband.model.catalog import builtin_catalog_paths, load_catalogs

FILES = Path(__file__).resolve().parents[1] / "files" / "battlescribe"
DATA = [FILES / "sbg" / "tiny.gst", FILES / "sbg" / "tiny-mark.cat"]
GAMES = [("sbg", "Strategy Battle Game"), ("confrontation", "Confrontation")]


def dialog(qtbot, folder, files=None):
    made = BattleScribeImportDialog(GAMES, folder, lambda parent: list(files or DATA))
    qtbot.addWidget(made)
    made.show()
    return made


def test_the_import_shows_its_summary_and_writes_the_catalog(qtbot, tmp_path):
    made = dialog(qtbot, tmp_path / "catalogs")
    assert not made.import_button.isEnabled()
    qtbot.mouseClick(made.add_files_button, Qt.MouseButton.LeftButton)
    assert made.files() == DATA and made.import_button.isEnabled()
    with qtbot.waitSignal(made.imported, timeout=20_000) as written:
        qtbot.mouseClick(made.import_button, Qt.MouseButton.LeftButton)
    path = written.args[0]
    assert path == tmp_path / "catalogs" / "tiny-battle-game.json"
    assert api.load_catalogs([path]).errors == ()
    qtbot.waitUntil(lambda: not made.running)
    text = made.summary.toPlainText()
    assert (
        text.startswith(f"Written to {path}")
        and "Imported: 1 faction, 2 profiles, 1 spell, 2 wargear options" in text
    )
    assert "Not imported (counted, never guessed):" in text and "conditional" in text
    assert made.cancel_button.text() == "Close" and made.summary.isVisible() and not made.progress.isVisible()


def test_cancel_stops_the_import_and_nothing_is_written(qtbot, tmp_path, monkeypatch):
    started = threading.Event()

    def slow(system, files, prefix, *, progress, cancelled):
        progress(1, 5)
        started.set()
        while not cancelled():
            threading.Event().wait(0.01)
        raise api.Cancelled

    monkeypatch.setattr(battlescribe_dialog, "import_catalog", slow)
    made = dialog(qtbot, tmp_path / "catalogs")
    made.add_files(DATA)
    made.start()
    assert started.wait(10)
    qtbot.waitUntil(lambda: made.progress.maximum() == 5 and made.progress.value() == 1)
    assert not made.import_button.isEnabled() and not made.add_files_button.isEnabled()
    qtbot.mouseClick(made.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not made.running, timeout=10_000)
    assert made.summary.toPlainText() == "Import cancelled: nothing was written."
    assert not (tmp_path / "catalogs").exists() and made.result_path is None


def test_a_file_that_cannot_be_read_imports_nothing_and_says_why(qtbot, tmp_path):
    broken = tmp_path / "broken.cat"
    broken.write_text(DATA[1].read_text(encoding="utf-8")[:300], encoding="utf-8")
    made = dialog(qtbot, tmp_path / "catalogs", [DATA[0], broken])
    made.add_files()
    made.start()
    qtbot.waitUntil(lambda: not made.running, timeout=20_000)
    text = made.summary.toPlainText()
    assert text.startswith("Nothing was imported:") and "broken.cat" in text
    assert not (tmp_path / "catalogs").exists()


def test_the_window_loads_the_catalog_written_and_imports_a_roster_of_it(make_window, asker, tmp_path, qtbot):
    folder = tmp_path / "player"
    folder.mkdir()
    imported = api.import_catalog("sbg", DATA)
    api.save_catalog(imported.catalog, folder / "tiny-battle-game.json")
    reloads = []

    def reload():
        reloads.append(1)
        return load_catalogs([*builtin_catalog_paths(), folder / "tiny-battle-game.json"])

    window = make_window(reload=reload)
    asker.battlescribe_answer = folder / "tiny-battle-game.json"
    window.import_battlescribe_action.trigger()
    assert reloads == [1] and asker.asked[-1].startswith("import battlescribe:") and "sbg" in asker.asked[-1]
    asker.roster_answer = FILES / "rosters" / "tiny-mark.ros"
    window.import_roster_action.trigger()
    document = window.document
    assert [(u.profile, u.count) for u in document.army.units][:2] == [
        ("tiny-battle-game:brego", 1),
        ("tiny-battle-game:spearman", 10),
    ]
    assert document.path is None and document.modified
    assert document.army.units[0].wargear == ("tiny-battle-game:brego-shield",)  # kept as wargear (issue 19)
    assert asker.warnings and "Kept, but not in the catalogs (AR-02): Old Captain" in asker.warnings[-1][1]
