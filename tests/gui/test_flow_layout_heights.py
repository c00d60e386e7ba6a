"""The flow layout remembers its heights for widths until one of its items changes (issue 21: the tracker asked
the same width of it a dozen times an action): after any change, what it answers is what it measures afresh."""

from __future__ import annotations

import random

from PySide6.QtCore import QRect
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QWidget

from warband.gui.widgets.flow_layout import FLOW_WIDTH, FlowLayout

WORDS = ["Tactical roll", "Movement", "Divination — a phase with a longer name", "Shooting", "Melee", "Mystic"]


def _measured(layout: FlowLayout, width: int) -> int:
    return layout._place(QRect(0, 0, width, 0), move=False)  # the uncached measure: the oracle


def test_the_heights_remembered_are_those_measured_after_any_change(qtbot) -> None:
    bar = QWidget()
    qtbot.addWidget(bar)
    layout = FlowLayout(bar)
    labels = []
    for word in WORDS:
        label = QLabel(word)
        label.setWordWrap(True)
        layout.addWidget(label)
        labels.append(label)
    layout.add_trailing(QPushButton("Back"))
    layout.add_trailing(QPushButton("Next"))
    bar.resize(420, 80)
    bar.show()
    rng = random.Random(21)
    widths = [90, 160, 260, 420, 900]
    for _ in range(60):
        for width in widths:  # asked twice, the second answer from memory
            assert layout.heightForWidth(width) == layout.heightForWidth(width) == _measured(layout, width)
        label = rng.choice(labels)
        step = rng.randrange(5)
        if step == 0:
            label.setText(rng.choice(WORDS) + " and more words" * rng.randrange(3))
        elif step == 1:
            label.setVisible(label.isHidden())
        elif step == 2:
            font = QFont(label.font())
            font.setPointSize(rng.choice([8, 10, 14, 20]))
            label.setFont(font)
        elif step == 3:
            label.setProperty(FLOW_WIDTH, rng.choice([0, 200, 350]))
            label.updateGeometry()
        else:
            extra = QLabel(rng.choice(WORDS))
            layout.addWidget(extra)
            labels.append(extra)
        QApplication.processEvents()
