"""Edit → Copy Roster as Text puts the army on the clipboard as players paste it into forums (issue 17)."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication

from warband.export.roster_share import share_text
from warband.model.locations import data_dir


def test_the_army_on_screen_goes_to_the_clipboard(qtbot, window):
    example = next((data_dir() / "sbg" / "examples").glob("*.warband.json"))
    assert window.open_army(example)
    QGuiApplication.clipboard().clear()
    assert window.copy_roster_action.isEnabled()
    window.copy_roster_action.trigger()
    text = QGuiApplication.clipboard().text()
    assert text == share_text(window.document.army, window.document.catalogs)
    assert text.startswith("Riders of Rohan — Strategy Battle Game — 424/500 points")
    assert "on the clipboard" in window.statusBar().currentMessage()
    assert window.copy_roster_action.shortcut().toString() == "Ctrl+Shift+C"


def test_with_no_army_open_there_is_nothing_to_copy(qtbot, window):
    window.close_army()  # the start page
    if window.document is None:
        assert not window.copy_roster_action.isEnabled()
        assert window.copy_roster_as_text() is None
