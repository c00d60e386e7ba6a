"""The scene's own controls on the second row of the shared battle bar: the hours passed (PF-10) and End of combat.
The round, Next combat round (F8) and the end of the scene are the shared bar's (`warband.gui.widgets.battle_bar`).
"""

from __future__ import annotations

from PySide6.QtWidgets import QPushButton, QWidget

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.systems.pfpv.tracker_text import hours_text, plain_label
from warband.gui.widgets.flow_layout import FlowLayout
from warband.model.messages import _
from warband.model.systems.pfpv.scene import EndCombat, PfpvScene


def controls_part(scene: PfpvScene) -> tuple[int, int, bool]:
    """What the controls read: the hours passed, the combat round, whether the scene is over."""
    return scene.hours, scene.round, scene.ended


class PfpvSceneControls(QWidget):
    """How many hours have passed, and End of combat (enabled in combat, while the scene goes on)."""

    def __init__(self, document: BattleDocument[PfpvScene], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pfpvSceneControls")
        self._document = document
        self.hours_label = plain_label("hoursLabel", self)
        self.end_button = QPushButton(_("End of combat"), self)
        self.end_button.setObjectName("endCombatButton")
        self.end_button.setToolTip(_("Combat is over: the round count goes back to none"))

        layout = FlowLayout(self, spacing=16)  # on two lines where the bar is narrow (a large font)
        layout.addWidget(self.hours_label)
        layout.addWidget(self.end_button)

        self.end_button.clicked.connect(self._on_end_button_clicked)
        document.changed.connect(self._on_document_changed)
        self._show_scene()

    def _on_end_button_clicked(self) -> None:
        self._document.act(EndCombat())  # its label: "End of combat"

    def _on_document_changed(self, change: Change[PfpvScene]) -> None:
        """A character's Don or a casting leaves the hours and End of combat as they are."""
        if change.touched(controls_part):
            self._show_scene()

    def _show_scene(self) -> None:
        scene = self._document.battle
        self.hours_label.setText(hours_text(scene.hours))
        self.end_button.setEnabled(scene.round > 0 and not scene.ended)  # as the model offers "end_combat"
