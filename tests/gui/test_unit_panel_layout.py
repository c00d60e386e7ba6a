"""The Confrontation selected-unit panel at the screen players have (issue 17)."""

from __future__ import annotations


def test_the_held_lists_stack_when_the_panel_is_narrow(make_window, qtbot):
    """At 1280x800 the selected unit's pane is too narrow for both held lists side by side: one above the
    other, each name is whole (issue 17: no column cut below its content where space exists elsewhere); on a
    wide window they stand side by side again."""
    from PySide6.QtWidgets import QApplication, QBoxLayout, QTableView

    from warband.model.locations import data_dir

    window = make_window()
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    assert window.open_army(data_dir() / "confrontation" / "examples" / "light-of-merin.warband.json")
    window.document.select("u1")
    for _ in range(3):
        QApplication.processEvents()
        qtbot.wait(10)
    held = window.findChild(QTableView, "heldMiracles")
    model = held.model()
    assert model.rowCount() > 0
    layout = held.parentWidget().parentWidget().layout()
    assert layout.direction() == QBoxLayout.Direction.TopToBottom
    metrics = held.fontMetrics()
    widest = max(metrics.horizontalAdvance(str(model.index(row, 0).data())) for row in range(model.rowCount()))
    assert held.horizontalHeader().sectionSize(0) >= widest
    window.resize(2400, 800)
    qtbot.waitUntil(lambda: layout.direction() == QBoxLayout.Direction.LeftToRight)
