"""Time passing (PF-10): hours asleep, in calm or in intense activity; each character recovers 2, 1 or 0 Don an
hour times its Recovery, never above its maximum. The preview shows each character's gain before it happens."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QSpinBox, QVBoxLayout, QWidget

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.systems.pfpv.tracker_text import ACTIVITIES, ACTIVITY_WORDS, note_label
from warband.gui.widgets.flow_layout import FlowLayout
from warband.model.messages import COMMA, N_, Phrase, _, joined, spoken_text, term
from warband.model.systems.pfpv import casting
from warband.model.systems.pfpv.scene import PfpvScene, TimePasses, label_of, profile_of


def recovery(scene: PfpvScene, hours: int, activity: str) -> list[tuple[str, int]]:
    """Each character's label and the Don it would recover (PF-10), in the party's order."""
    found = []
    for unit in scene.party.units:
        state = scene.characters.get(unit.id)
        if state is None:
            continue
        profile = profile_of(scene, unit.id)
        after = casting.recover(state.don, profile.don, hours, activity, profile.recovery)
        found.append((unit.id, after - state.don))
    return found


def preview_lines(scene: PfpvScene, hours: int, activity: str) -> list[str]:
    """`Merlin +16 Don (2/h × Recovery 4 × 2 h), never above 120`, one a character."""
    rate = casting.RECOVERY_RATES[activity]
    lines = []
    for key, gain in recovery(scene, hours, activity):
        profile = profile_of(scene, key)
        lines.append(
            _("{character} +{gain} Don ({rate}/h × Recovery {recovery} × {hours} h), never above {top}").format(
                character=spoken_text(label_of(scene, key)),
                gain=gain,
                rate=rate,
                recovery=profile.recovery,
                hours=hours,
                top=profile.don,
            )
        )
    return lines


def preview_part(scene: PfpvScene) -> tuple[object, ...]:
    """What the preview reads: the party (labels), the profiles (maximum, Recovery) and each character's Don."""
    dons = tuple((key, state.don) for key, state in scene.characters.items())
    return scene.party, scene.entries.profiles, dons


class TimePanel(QWidget):
    """How many hours pass and how the party spends them; the Don each character recovers, before and after."""

    def __init__(self, document: BattleDocument[PfpvScene], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.hours_spin = QSpinBox(self)
        self.hours_spin.setObjectName("hoursSpin")
        self.hours_spin.setAccessibleName(_("Hours"))
        self.hours_spin.setRange(1, 1000)
        self.hours_spin.setSuffix(" h")
        self.activity_combo = QComboBox(self)
        self.activity_combo.setObjectName("activityCombo")
        self.activity_combo.setAccessibleName(_("Activity"))
        for activity, name in ACTIVITIES.items():
            rate = casting.RECOVERY_RATES[activity]
            self.activity_combo.addItem(
                _("{activity} ({rate} Don/h × Recovery)").format(activity=_(name), rate=rate)
            )
            self.activity_combo.setItemData(self.activity_combo.count() - 1, activity)
        self.pass_button = QPushButton(_("Let the time pass"), self)
        self.pass_button.setObjectName("timePassesButton")
        self.pass_button.setToolTip(_("Every character recovers its Don, never above its maximum (PF-10)"))
        self.preview_label = note_label("recoveryPreview", self)

        row = FlowLayout()  # on more lines where the pane is narrow (a large font)
        hours = QWidget(self)
        hours_layout = QHBoxLayout(hours)  # the label stays with its spin box
        hours_layout.setContentsMargins(0, 0, 0, 0)
        hours_layout.addWidget(QLabel(_("Hours:"), hours))
        hours_layout.addWidget(self.hours_spin)
        row.addWidget(hours)
        row.addWidget(self.activity_combo)
        row.addWidget(self.pass_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.preview_label)
        layout.addStretch(1)

        self.hours_spin.valueChanged.connect(self._on_choice_changed)
        self.activity_combo.currentIndexChanged.connect(self._on_choice_changed)
        self.pass_button.clicked.connect(self._on_pass_button_clicked)
        document.changed.connect(self._on_document_changed)
        self._on_choice_changed()

    @property
    def activity(self) -> str:
        found = self.activity_combo.currentData()
        return found if isinstance(found, str) else "calm"

    def set_choice(self, hours: int, activity: str) -> None:
        self.hours_spin.setValue(hours)
        self.activity_combo.setCurrentIndex(max(0, self.activity_combo.findData(activity)))

    def pass_time(self) -> bool:
        """The hours chosen pass: one undoable action of the scene, logged with each character's gain."""
        hours, activity = self.hours_spin.value(), self.activity
        scene = self._document.battle
        gains = [
            Phrase(N_("{character} +{gain} Don"), character=label_of(scene, key), gain=gain)
            for key, gain in recovery(scene, hours, activity)
        ]
        text = Phrase(
            N_("{hours} h, {activity}: {gains} (PF-10)"),
            hours=hours,
            activity=term(ACTIVITY_WORDS[activity]),
            gains=joined(gains, COMMA) if gains else term(N_("nobody to recover")),
        )
        command = TimePasses.model_validate({"hours": hours, "activity": activity})
        return self._document.act(command, text=text)

    def _on_pass_button_clicked(self) -> None:
        self.pass_time()

    def _on_document_changed(self, change: Change[PfpvScene]) -> None:
        """Only a Don (or the party) changes the preview: a spell begun, fatigue, a round leave it be."""
        if change.touched(preview_part):
            self._on_choice_changed()

    def _on_choice_changed(self) -> None:
        lines = preview_lines(self._document.battle, self.hours_spin.value(), self.activity)
        self.preview_label.setText("\n".join(lines) if lines else _("Nobody in the party recovers Don."))
