"""The ritual's restrictions, the support, the casting time and the rules options of a casting (PF-02 … PF-05), as
the choices panel shows them under the combination."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QVBoxLayout, QWidget

from warband.gui.systems.pfpv.resolver_widgets import spin_box
from warband.gui.widgets.resolver_parts import plain_label
from warband.model.messages import _


class RitualOptions(QWidget):
    """Support, hurry or extra time, whisper, gesture, the Grimoire's ritual, and the rules options of PF-05;
    `changed` when any of them changes, `values()` to read them as the casting's fields."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pfpvRitualOptions")
        self.support_spin = spin_box(
            self, "pfpvSupportSpin", 0, 10, _("Support bonus"), _("A wand, a talisman (PF-02)")
        )
        self.time_spin = spin_box(
            self,
            "pfpvTimeSpin",
            -10,
            10,
            _("Casting time"),
            _("Hurrying (a penalty) or taking longer (a bonus): the game master's value, on every roll (PF-04)"),
        )
        self.whisper_check = QCheckBox(_("Whispered words (−1)"), self)
        self.whisper_check.setObjectName("pfpvWhisperCheck")
        self.no_gesture_check = QCheckBox(_("No gesture (−2)"), self)
        self.no_gesture_check.setObjectName("pfpvNoGestureCheck")
        self.grimoire_check = QCheckBox(_("Grimoire's ritual (+2)"), self)
        self.grimoire_check.setObjectName("pfpvGrimoireCheck")
        self.backlash_combo = QComboBox(self)
        self.backlash_combo.setObjectName("pfpvBacklashCombo")
        self.backlash_combo.setAccessibleName(_("Backlash"))
        self.backlash_combo.addItem(_("One per control roll failed by 3+"), True)
        self.backlash_combo.addItem(_("Only one, however many failed"), False)
        self.factor_combo = QComboBox(self)
        self.factor_combo.setObjectName("pfpvFactorCombo")
        self.factor_combo.setAccessibleName(_("Vitality per point of energy left"))
        self.factor_combo.addItem(_("2 a point (the rule)"), 2)
        self.factor_combo.addItem(_("1 a point (the seed's example)"), 1)
        for combo in (self.backlash_combo, self.factor_combo):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(12)
        ritual = QVBoxLayout()
        for check in (self.whisper_check, self.no_gesture_check, self.grimoire_check):
            ritual.addWidget(check)
        options = QFormLayout()
        options.addRow(_("Support:"), self.support_spin)
        options.addRow(_("Hurry − / extra time +:"), self.time_spin)
        options.addRow(plain_label(self, "pfpvBacklashLabel", _("Backlash (PF-05):")))
        options.addRow(self.backlash_combo)
        options.addRow(plain_label(self, "pfpvFactorLabel", _("Vitality lost per point of energy left (PF-05):")))
        options.addRow(self.factor_combo)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(ritual)
        layout.addLayout(options)
        for spin in (self.support_spin, self.time_spin):
            spin.valueChanged.connect(self.changed)
        for check in (self.whisper_check, self.no_gesture_check, self.grimoire_check):
            check.toggled.connect(self.changed)
        for combo in (self.backlash_combo, self.factor_combo):
            combo.currentIndexChanged.connect(self.changed)

    def values(self) -> dict[str, object]:
        """The casting's fields these choose (`CastingSetup`)."""
        return {
            "support": self.support_spin.value(),
            "whisper": self.whisper_check.isChecked(),
            "no_gesture": self.no_gesture_check.isChecked(),
            "grimoire": self.grimoire_check.isChecked(),
            "time": self.time_spin.value(),
            "backlash_per_roll": bool(self.backlash_combo.currentData()),
            "vitality_factor": int(self.factor_combo.currentData()),
        }
