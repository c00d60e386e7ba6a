"""The rolls of a casting, in two steps as the table plays them: the contact rolls first (PF-02), one 2d5 total per
source; then, unless every raw energy is negative, the control step (PF-03): the Don spent on each control roll,
chosen now that the raw energies are known, and one 2d5 total per discipline. Each step is thrown by the program
("Roll"), or typed from the table — as totals, or as the dice themselves, two a roll."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from PySide6.QtCore import QSignalBlocker, Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from warband.gui.systems.pfpv import resolver_text as text
from warband.gui.systems.pfpv.resolver_widgets import clear_layout, spin_box
from warband.gui.widgets.dice_entry import DiceEntryWidget
from warband.gui.widgets.resolver_parts import note_label, plain_label, say
from warband.model.dice import D5
from warband.model.messages import _
from warband.model.systems.pfpv import casting

CONTROL_DON_CAP = 10
"""PF-03: at most 10 Don (+5) on each control roll."""
Stage = Literal["contact", "control"]


class RollsPanel(QGroupBox):
    """A spin per roll, the table's dice to fill those of the step in progress, and the buttons of that step.

    `started(True)` when the first roll is typed or thrown (the combination is then fixed, PF-01), `started(False)`
    when the rolls are cleared; `roll_requested` for the program's dice, `cast_requested` for the rolls typed —
    both for the step in progress (`stage`); `don_changed` when the Don for control changes (the odds follow).
    """

    started = Signal(bool)
    roll_requested = Signal()
    cast_requested = Signal()
    don_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("The rolls"), parent)
        self.setObjectName("pfpvRollsPanel")
        self._started = False
        self._stage: Stage = "contact"
        self._thrown = False
        self._don_left = 0
        self._keys: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
        self.contact_spins: dict[str, QSpinBox] = {}
        self.control_spins: dict[str, QSpinBox] = {}
        self.don_control_spins: dict[str, QSpinBox] = {}
        """The Don spent on each control roll (PF-03), chosen at the control step."""
        self.raw_labels: dict[str, QLabel] = {}
        self._targets: dict[str, QLabel] = {}
        self.rows = QWidget(self)
        self.rows.setObjectName("pfpvRollRows")
        self._grid = QGridLayout(self.rows)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setColumnStretch(0, 1)
        self.step_label = note_label(self, "pfpvRollStep")
        self.don_label = plain_label(self, "pfpvDonControl")
        self.dice_entry = DiceEntryWidget(D5, 2, self, button_text=_("Fill the rolls"))
        self.roll_button = QPushButton(self)
        self.roll_button.setObjectName("pfpvRollButton")
        self.cast_button = QPushButton(self)
        self.cast_button.setObjectName("pfpvCastButton")
        self.clear_button = QPushButton(_("Start over"), self)
        self.clear_button.setObjectName("pfpvClearRollsButton")
        self.clear_button.setToolTip(_("Forget the rolls typed; the choices may change again"))
        self.clear_button.setEnabled(False)

        buttons = QHBoxLayout()
        buttons.addWidget(self.roll_button)
        buttons.addWidget(self.cast_button)
        buttons.addWidget(self.clear_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.step_label)
        layout.addWidget(self.rows)
        layout.addWidget(self.don_label)
        layout.addWidget(note_label(self, "pfpvDiceNote", _("Or type the dice thrown, two d5 a roll:")))
        layout.addWidget(self.dice_entry)
        layout.addLayout(buttons)

        self.roll_button.clicked.connect(self.roll_requested)
        self.cast_button.clicked.connect(self.cast_requested)
        self.clear_button.clicked.connect(self._on_clear_button_clicked)
        self.dice_entry.dice_entered.connect(self._on_dice_entry_dice_entered)
        self._show_stage()

    # --- public --------------------------------------------------------------------------------------------
    @property
    def is_started(self) -> bool:
        return self._started

    @property
    def stage(self) -> Stage:
        """The step in progress: the contact rolls, or (once they are known) the control step."""
        return self._stage

    def show_setup(self, names: text.Names | None, setup: casting.Setup | None) -> None:
        """A spin per roll of this setup, with its target; what is typed stays while the rolls are the same."""
        keys = (tuple(setup.source_skills), tuple(setup.discipline_skills)) if setup is not None else ((), ())
        if keys != self._keys or names is None or setup is None:
            self._keys = keys
            self._build(names, setup)
        if setup is None:
            return
        for source in self.contact_spins:
            self._targets[f"s:{source}"].setText(
                _("≤ {target}").format(target=text.number(setup.contact_target(source)))
            )
        for discipline in self.control_spins:
            self._targets[f"d:{discipline}"].setText(
                _("≤ {target}").format(target=text.number(setup.control_target(discipline)))
            )
        rolls = self.contact_spins if self._stage == "contact" else self.control_spins
        self.dice_entry.set_dice(D5, 2 * len(rolls))

    def rolls(self) -> tuple[dict[str, int], dict[str, int]]:
        """The rolls typed: contact per source, control per discipline."""
        return (
            {k: s.value() for k, s in self.contact_spins.items()},
            {k: s.value() for k, s in self.control_spins.items()},
        )

    def don_control(self) -> dict[str, int]:
        """The Don chosen for each control roll (none before the control step)."""
        if self._stage != "control":
            return {}
        return {k: s.value() for k, s in self.don_control_spins.items() if s.value()}

    def set_rolls(self, contact: Mapping[str, int], control: Mapping[str, int]) -> None:
        """Show the rolls a casting used (the program's dice), without starting a new casting."""
        for spins, values in ((self.contact_spins, contact), (self.control_spins, control)):
            for key, spin in spins.items():
                if key in values:
                    with QSignalBlocker(spin):
                        spin.setValue(values[key])

    def enter_control(self, raw: Mapping[str, int], don_left: int, *, thrown: bool) -> None:
        """The contact rolls are made: their raw energies shown, the control step begins with its Don, capped
        at 10 a roll and at what the contact left (PF-03). `thrown`: by the program, so there is no going back."""
        self._stage = "control"
        self._thrown = thrown
        for source, label in self.raw_labels.items():
            label.setText(_("raw {raw}").format(raw=text.number(raw[source])) if source in raw else "")
        self._don_left = don_left
        self._fit_don()
        self._set_started(True)
        self._show_stage()

    def set_ready(self, ready: bool) -> None:
        """The step may be taken (a spell, a combination, a setup the rules accept) or not."""
        self.roll_button.setEnabled(ready)
        self.cast_button.setEnabled(ready)
        self.dice_entry.set_apply_enabled(ready)

    def finish(self) -> None:
        """The casting is done (or given up): the next one starts with free choices, at its contact rolls."""
        self.dice_entry.clear()
        self._stage = "contact"
        self._thrown = False
        for label in self.raw_labels.values():
            label.clear()
        for spin in self.don_control_spins.values():
            with QSignalBlocker(spin):
                spin.setValue(0)
        self._set_started(False)
        self._show_stage()

    # --- building ------------------------------------------------------------------------------------------
    def _build(self, names: text.Names | None, setup: casting.Setup | None) -> None:
        clear_layout(self._grid)
        for table in (self.contact_spins, self.control_spins, self.don_control_spins, self.raw_labels):
            table.clear()
        self._targets.clear()
        if names is None or setup is None:
            return
        rows = [("s", s, _("Contact {source}").format(source=names.source(s))) for s in setup.source_skills]
        rows += [("d", d, _("Control {d}").format(d=names.discipline(d))) for d in setup.discipline_skills]
        for column, head in enumerate((_("2d5"), _("Target"), _("Raw / Don")), start=1):
            self._grid.addWidget(QLabel(head, self.rows), 0, column)
        for row, (kind, key, name) in enumerate(rows, start=1):
            spin = QSpinBox(self.rows)
            spin.setObjectName("pfpvContactRollSpin" if kind == "s" else "pfpvControlRollSpin")
            spin.setRange(0, 10)
            spin.setValue(5)
            spin.setAccessibleName(_("{roll}: the 2d5 total rolled").format(roll=name))
            spin.setToolTip(_("The total of the two d5 rolled (0–10); the target follows"))
            spin.valueChanged.connect(self._on_roll_spin_value_changed)
            (self.contact_spins if kind == "s" else self.control_spins)[key] = spin
            self._grid.addWidget(plain_label(self.rows, "pfpvRollName", name), row, 0)
            self._grid.addWidget(spin, row, 1)
            target = plain_label(self.rows, "pfpvRollTarget")
            target.setToolTip(_("The roll succeeds at or under its target; the margin is the difference"))
            self._targets[f"{kind}:{key}"] = target
            self._grid.addWidget(target, row, 2)
            if kind == "s":
                raw = plain_label(self.rows, "pfpvRawEnergy")
                self.raw_labels[key] = raw
                self._grid.addWidget(raw, row, 3)
            else:
                don = spin_box(
                    self.rows,
                    "pfpvDonControlSpin",
                    0,
                    CONTROL_DON_CAP,
                    _("Don on the {d} control roll").format(d=names.discipline(key)),
                    _("+1 per 2 Don, at most 10 Don (+5) on each control roll, spent only if it is made (PF-03)"),
                )
                don.setSingleStep(2)
                don.valueChanged.connect(self._on_don_spin_value_changed)
                self.don_control_spins[key] = don
                self._grid.addWidget(don, row, 3)
        self._show_stage()

    def _show_stage(self) -> None:
        contact = self._stage == "contact"
        for spin in self.contact_spins.values():
            spin.setEnabled(contact)
        for spin in (*self.control_spins.values(), *self.don_control_spins.values()):
            spin.setEnabled(not contact)
        if contact:
            self.step_label.setText(
                _(
                    "1. Contact (PF-02): roll or type one 2d5 a source. The control rolls follow, unless "
                    "every raw energy is negative (PF-03)."
                )
            )
            self.roll_button.setText(_("Roll contact"))
            self.roll_button.setToolTip(_("Throw the contact rolls with the program's dice"))
            self.cast_button.setText(_("Contact rolls typed"))
            self.cast_button.setToolTip(_("Go on with the contact rolls typed from the table"))
            self.dice_entry.edit.setToolTip(_("The d5s thrown on the table (0–5), two a contact roll"))
            say(self.don_label, "")
        else:
            self.step_label.setText(
                _(
                    "2. Control (PF-03): choose the Don for each control roll, knowing the raw energies; then "
                    "roll or type one 2d5 a discipline."
                )
            )
            self.roll_button.setText(_("Roll control"))
            self.roll_button.setToolTip(_("Throw the control rolls with the program's dice and apply the casting"))
            self.cast_button.setText(_("Cast with these rolls"))
            self.cast_button.setToolTip(_("Apply the casting with the rolls typed from the table"))
            self.dice_entry.edit.setToolTip(_("The d5s thrown on the table (0–5), two a control roll"))
        self.clear_button.setEnabled(self._started and not self._thrown)
        rolls = self.contact_spins if contact else self.control_spins
        self.dice_entry.set_dice(D5, 2 * len(rolls))

    def _fit_don(self) -> None:
        """Each control roll takes at most 10 Don, and all of them at most what the contact left."""
        left = self._don_left
        total = 0
        for spin in self.don_control_spins.values():
            value = min(spin.value(), CONTROL_DON_CAP, max(0, left - total))
            with QSignalBlocker(spin):
                spin.setValue(value)
            total += value
        for spin in self.don_control_spins.values():
            with QSignalBlocker(spin):
                spin.setMaximum(max(0, min(CONTROL_DON_CAP, left - (total - spin.value()))))
        say(
            self.don_label,
            _("Don on control: {spent} of the {left} left after contact (PF-03).").format(spent=total, left=left),
        )

    def _set_started(self, started: bool) -> None:
        if started != self._started:
            self._started = started
            self.started.emit(started)
        self.clear_button.setEnabled(started and not self._thrown)

    # --- slots ---------------------------------------------------------------------------------------------
    def _on_roll_spin_value_changed(self, _value: int) -> None:
        self._set_started(True)

    def _on_don_spin_value_changed(self, _value: int) -> None:
        self._fit_don()
        self.don_changed.emit()

    def _on_dice_entry_dice_entered(self, values: tuple[int, ...]) -> None:
        totals = [values[i] + values[i + 1] for i in range(0, len(values) - 1, 2)]
        spins = self.contact_spins if self._stage == "contact" else self.control_spins
        for spin, total in zip(spins.values(), totals, strict=False):
            with QSignalBlocker(spin):
                spin.setValue(total)
        self._set_started(True)

    def _on_clear_button_clicked(self) -> None:
        for spin in (*self.contact_spins.values(), *self.control_spins.values()):
            with QSignalBlocker(spin):
                spin.setValue(5)
        self.finish()
