"""Distraction during a casting (PF-09): a roll under MA (2d5, typed from the table or rolled), with the game
master's bonus or penalty. The model throws, judges and words the roll (`scene.roll_distraction`), which goes into
the log either way; on a failure the player chooses here the spell in progress that is lost — its energy
dissipates harmlessly and no Don is paid for its level (RULES.md decision)."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.systems.pfpv.rolls import typed_distraction
from warband.gui.systems.pfpv.tracker_text import plain_label, set_look, spell_name
from warband.model.battle import Roll
from warband.model.messages import N_, Phrase, _, spoken_text
from warband.model.systems.pfpv.play import DistractionRequest
from warband.model.systems.pfpv.scene import Distraction, PfpvScene, StopCasting, label_of, profile_of
from warband.model.systems.pfpv.scene import spell_name as scene_spell_name


def distraction_part(scene: PfpvScene, key: str | None) -> tuple[object, ...]:
    """What the panel reads: whether the character is in the scene and its spells being cast, its MA (the party
    and its profile) and the spells' names."""
    state = scene.characters.get(key) if key is not None else None
    return state.casting if state is not None else None, scene.party, scene.entries


class DistractionPanel(QWidget):
    """The chosen character's distraction roll, and the spell it loses when the roll fails."""

    def __init__(self, document: BattleDocument[PfpvScene], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._key: str | None = None
        self._pending = False
        """A roll failed: a spell in progress must be chosen and lost."""

        self.ma_label = plain_label("maLabel", self)
        self.modifier_spin = QSpinBox(self)
        self.modifier_spin.setObjectName("distractionModifierSpin")
        self.modifier_spin.setAccessibleName(_("Game master's modifier"))
        self.modifier_spin.setToolTip(_("A bonus or penalty for how strong the distraction is (PF-09)"))
        self.modifier_spin.setRange(-10, 10)
        self.modifier_spin.setValue(0)
        self.roll_spin = QSpinBox(self)
        self.roll_spin.setObjectName("distractionRollSpin")
        self.roll_spin.setAccessibleName(_("Roll typed from the table"))
        self.roll_spin.setToolTip(_("The 2d5 thrown at the table (two dice numbered 0–5), 0 … 10"))
        self.roll_spin.setRange(0, 10)
        self.check_button = QPushButton(_("Check typed roll"), self)
        self.check_button.setObjectName("checkDistractionButton")
        self.roll_button = QPushButton(_("Roll 2d5"), self)
        self.roll_button.setObjectName("rollDistractionButton")
        self.roll_button.setToolTip(_("The program rolls two dice numbered 0–5"))
        self.result_label = plain_label("distractionResultLabel", self, wrap=True)
        self.result_label.setProperty("kind", "")
        self.lose_combo = QComboBox(self)
        self.lose_combo.setObjectName("loseSpellCombo")
        self.lose_combo.setAccessibleName(_("Spell lost"))
        self.lose_combo.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.lose_button = QPushButton(_("Lose this spell"), self)
        self.lose_button.setObjectName("loseSpellButton")
        self.lose_button.setToolTip(_("Its energy dissipates harmlessly; no Don is paid for its level (PF-09)"))

        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(self.ma_label, 0, 0)
        grid.addWidget(QLabel(_("Modifier:"), self), 0, 1)
        grid.addWidget(self.modifier_spin, 0, 2)
        grid.addWidget(self.roll_button, 0, 3)
        grid.addWidget(QLabel(_("Roll:"), self), 1, 1)
        grid.addWidget(self.roll_spin, 1, 2)
        grid.addWidget(self.check_button, 1, 3)
        grid.setColumnStretch(0, 1)
        lose = QHBoxLayout()
        lose.addWidget(self.lose_combo, 1)
        lose.addWidget(self.lose_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(grid)
        layout.addWidget(self.result_label)
        layout.addLayout(lose)
        layout.addStretch(1)

        self.check_button.clicked.connect(self._on_check_button_clicked)
        self.roll_button.clicked.connect(self._on_roll_button_clicked)
        self.lose_button.clicked.connect(self._on_lose_button_clicked)
        document.changed.connect(self._on_document_changed)
        self.set_key(None)

    @property
    def key(self) -> str | None:
        return self._key

    @property
    def pending(self) -> bool:
        """A distraction roll failed and the spell it costs is still to be chosen."""
        return self._pending

    def set_key(self, key: str | None) -> None:
        if key != self._key:
            self._key = key
            self._pending = False
            self._show("", "")
        self._show_state()

    def roll(self) -> bool | None:
        """Roll 2d5 with the program's dice and check it; None when no roll could be made."""
        return self._judged(None)

    def check(self, roll: int) -> bool | None:
        """PF-09 for a roll of 0 … 10 typed from the table: logged either way; on a failure a spell in progress is
        to be chosen."""
        if not 0 <= roll <= 10:
            return None
        return self._judged(roll)

    def _judged(self, roll: int | None) -> bool | None:
        """The model throws (or takes the typed roll), judges and words it; the panel shows it and, on a failure
        while casting, asks for the spell lost."""
        key = self._key
        if key is None:
            return None
        request = DistractionRequest(key, self.modifier_spin.value())
        made: Roll[PfpvScene, Distraction] | None = (
            self._document.roll(request) if roll is None else typed_distraction(self._document, request, roll)
        )
        if made is None:  # refused or not journalled: told through the document
            return None
        outcome = made.outcome
        text = spoken_text(made.text)
        self._pending = outcome.loses_spell
        if self._pending:
            text += "\n" + _("Choose the spell lost: its energy dissipates harmlessly, and no Don is paid.")
        self._show(text, "success" if outcome.kept else "refusal")
        self._show_state()
        return outcome.kept

    def lose(self, index: int) -> bool:
        """The distraction costs this spell in progress (PF-09): it ends without effect or harm."""
        key = self._key
        if key is None or not self._pending:
            return False
        scene = self._document.battle
        casting_now = scene.characters[key].casting
        if not 0 <= index < len(casting_now):
            return False
        text = Phrase(
            N_("{character} loses {spell} to the distraction: the energy dissipates harmlessly (PF-09)"),
            character=label_of(scene, key),
            spell=scene_spell_name(scene, casting_now[index].spell),
        )
        self._pending = False
        if not self._document.act(StopCasting(key=key, index=index), text=text, success=False):
            self._pending = True
            return False
        self._show(text, "note")
        self._show_state()
        return True

    def _show(self, text: str, kind: str) -> None:
        set_look(self.result_label, "kind", kind if text else "")
        self.result_label.setText(text)
        self.result_label.setAccessibleDescription(text)

    def _on_check_button_clicked(self) -> None:
        self.roll_spin.interpretText()
        self.check(self.roll_spin.value())

    def _on_roll_button_clicked(self) -> None:
        self.roll()

    def _on_lose_button_clicked(self) -> None:
        self.lose(self.lose_combo.currentIndex())

    def _on_document_changed(self, change: Change[PfpvScene]) -> None:
        """Only the chosen character's spells being cast (the choice of the spell lost) show here, with its MA."""
        key = self._key
        if change.touched(lambda scene: distraction_part(scene, key)):
            self._show_state()

    def _show_state(self) -> None:
        key = self._key
        scene = self._document.battle
        state = scene.characters.get(key) if key is not None else None
        if key is None or state is None:
            self.ma_label.setText(_("Choose a character"))
        else:
            self.ma_label.setText(_("A roll under MA {ma}").format(ma=profile_of(scene, key).ma))
        for widget in (self.modifier_spin, self.roll_spin, self.check_button, self.roll_button):
            widget.setEnabled(state is not None)
        if state is None or not state.casting:
            self._pending = False
        with QSignalBlocker(self.lose_combo):
            chosen = self.lose_combo.currentIndex()
            self.lose_combo.clear()
            if self._pending and state is not None:
                for number, cast in enumerate(state.casting, start=1):
                    self.lose_combo.addItem(f"{number}. {spell_name(scene, cast.spell)}", number - 1)
                self.lose_combo.setCurrentIndex(min(max(chosen, 0), self.lose_combo.count() - 1))
        self.lose_combo.setEnabled(self._pending)
        self.lose_button.setEnabled(self._pending)
