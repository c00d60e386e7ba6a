"""The army's own rules option, above the unit panel: mixed armies (CF-20), an undoable edit like any other."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QWidget

from warband.gui.army_document import ArmyDocument
from warband.gui.document import Change
from warband.model.army import Army
from warband.model.messages import _
from warband.model.systems.confrontation.army_edits import SetMixedPeoples
from warband.model.systems.confrontation.schema import ConfrontationArmy


def mixed(army: Army) -> bool:
    return isinstance(army, ConfrontationArmy) and army.mixed_peoples


class ArmyOptionsBox(QWidget):
    """A check box for the army's rules option; it follows the army through undo and redo."""

    def __init__(self, document: ArmyDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("armyOptions")
        self._document = document
        self.mixed_check = QCheckBox(_("Allow mixed armies (CF-20)"), self)
        self.mixed_check.setObjectName("mixedPeoplesCheck")
        self.mixed_check.setToolTip(
            _(
                "A rules option of the army: it may field profiles of any people. Unchecked, it is drawn from one "
                "people, with those its catalog lets it field beside its own"
            )
        )
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.mixed_check)
        layout.addStretch(1)
        self._show()
        self.mixed_check.toggled.connect(self._on_mixed_check_toggled)
        document.state_changed.connect(self._on_document_state_changed)

    def _show(self) -> None:
        with QSignalBlocker(self.mixed_check):
            self.mixed_check.setChecked(mixed(self._document.army))

    def _on_document_state_changed(self, change: Change[Army]) -> None:
        if change.touched(mixed):
            self._show()

    def _on_mixed_check_toggled(self, checked: bool) -> None:
        label = _("Allow mixed armies") if checked else _("Draw the army from one people")
        if not self._document.execute(SetMixedPeoples(checked, label=label)):
            self._show()  # refused: show what the army holds
