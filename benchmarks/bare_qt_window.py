"""The yardstick for Warband's launch: the least a PySide6 window of the same shape costs to show and paint once.

A QMainWindow with a QTabWidget of three empty tabs, at Warband's default size, shown, its events processed and
grabbed once, then the program exits — what `warband --smoke` does, minus Warband. `bench_gui.py` runs it in a
subprocess with QT_QPA_PLATFORM=offscreen.
"""

from __future__ import annotations

import os
import sys

from PySide6.QtWidgets import QApplication, QMainWindow, QTabWidget, QWidget


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # read when the application starts
    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    tabs = QTabWidget(window)
    tabs.setDocumentMode(True)
    for title in ("Army builder", "Turn tracker", "Resolver"):
        tabs.addTab(QWidget(tabs), title)
    window.setCentralWidget(tabs)
    window.resize(1280, 800)
    window.show()
    app.processEvents()
    window.grab()
    return 0


if __name__ == "__main__":
    sys.exit(main())
