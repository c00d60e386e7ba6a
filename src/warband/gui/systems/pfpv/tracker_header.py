"""The top of the scene tracker: the combat round or "Out of combat", the hours passed, Next round (F8) and End of
combat."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QWidget

from warband.gui.systems.pfpv.scene_document import PfpvSceneDocument
from warband.gui.systems.pfpv.tracker_text import hours_text, plain_label, round_text, set_look
from warband.model.messages import N_, Phrase, _, term
from warband.model.systems.pfpv.scene import EndCombat, NextRound

NEXT_KEYS = "F8"


class PfpvHeaderBar(QWidget):
    """Where the scene is: in combat (which round) or not, and how many hours have passed."""

    def __init__(self, document: PfpvSceneDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.round_label = plain_label("roundLabel", self)
        font = self.round_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.5)
        font.setBold(True)
        self.round_label.setFont(font)
        self.round_label.setMinimumWidth(self.round_label.fontMetrics().horizontalAdvance(round_text(999) + "  "))
        self.hours_label = plain_label("hoursLabel", self)

        self.next_button = QPushButton(_("Next round ▶"), self)
        self.next_button.setObjectName("nextRoundButton")
        self.next_button.setDefault(True)
        description = _("On to the next combat round (the first one starts combat)")
        self.next_button.setAccessibleName(_("Next round"))
        sequence = QKeySequence(NEXT_KEYS)
        native = sequence.toString(QKeySequence.SequenceFormat.NativeText)
        self.next_button.setToolTip(f"{description} ({native})")
        self.next_shortcut = QShortcut(sequence, self, context=Qt.ShortcutContext.WindowShortcut)
        self.end_button = QPushButton(_("End of combat"), self)
        self.end_button.setObjectName("endCombatButton")
        self.end_button.setToolTip(_("Combat is over: the round count goes back to none"))

        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.round_label)
        layout.addSpacing(16)
        layout.addWidget(self.hours_label)
        layout.addStretch(1)
        layout.addWidget(self.end_button)
        layout.addWidget(self.next_button)

        self.next_shortcut.activated.connect(self.next_button.click)
        self.next_button.clicked.connect(self._on_next_button_clicked)
        self.end_button.clicked.connect(self._on_end_button_clicked)
        document.changed.connect(self._on_document_changed)
        self._on_document_changed()

    def _on_next_button_clicked(self) -> None:
        after = self._document.battle.round + 1
        text = (
            term(N_("Combat begins: round 1")) if after == 1 else Phrase(N_("Round {round} begins"), round=after)
        )
        self._document.act(NextRound(), text=text)

    def _on_end_button_clicked(self) -> None:
        self._document.act(EndCombat())  # its label: "End of combat"

    def _on_document_changed(self) -> None:
        scene = self._document.battle
        self.round_label.setText(round_text(scene.round))
        set_look(self.round_label, "combat", "true" if scene.round else "false")
        self.hours_label.setText(hours_text(scene.hours))
        self.end_button.setEnabled(scene.round > 0)
