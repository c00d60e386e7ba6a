"""The rolls of a casting: thrown by the program ("Roll", applied at once), or typed from the table — one 2d5
total per source (contact, PF-02) and per discipline (control, PF-03), or the dice themselves, two a roll."""

from __future__ import annotations

from collections.abc import Mapping

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
from warband.gui.systems.pfpv.resolver_widgets import clear_layout
from warband.gui.widgets.dice_entry import DiceEntryWidget
from warband.gui.widgets.resolver_parts import note_label, plain_label
from warband.model.dice import D5
from warband.model.messages import _
from warband.model.systems.pfpv import casting


class RollsPanel(QGroupBox):
    """A spin per roll, the table's dice to fill them, and the buttons that cast.

    `started(True)` when the first roll is typed (the combination is then fixed, PF-01), `started(False)` when
    the rolls are cleared; `roll_requested` for the program's dice, `cast_requested` for the rolls typed.
    """

    started = Signal(bool)
    roll_requested = Signal()
    cast_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("The rolls"), parent)
        self.setObjectName("pfpvRollsPanel")
        self._started = False
        self._keys: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
        self.contact_spins: dict[str, QSpinBox] = {}
        self.control_spins: dict[str, QSpinBox] = {}
        self._targets: dict[str, QLabel] = {}
        self.rows = QWidget(self)
        self.rows.setObjectName("pfpvRollRows")
        self._grid = QGridLayout(self.rows)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setColumnStretch(0, 1)
        self.dice_entry = DiceEntryWidget(D5, 2, self, button_text=_("Fill the rolls"))
        self.dice_entry.edit.setToolTip(
            _("The d5s thrown on the table (0–5), two a roll: contact rolls first, then control rolls")
        )
        self.roll_button = QPushButton(_("Roll"), self)
        self.roll_button.setObjectName("pfpvRollButton")
        self.roll_button.setToolTip(_("Throw every roll with the program's dice and apply the casting"))
        self.cast_button = QPushButton(_("Cast with these rolls"), self)
        self.cast_button.setObjectName("pfpvCastButton")
        self.cast_button.setToolTip(_("Apply the casting with the rolls typed from the table"))
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
        layout.addWidget(self.rows)
        layout.addWidget(note_label(self, "pfpvDiceNote", _("Or type the dice thrown, two d5 a roll:")))
        layout.addWidget(self.dice_entry)
        layout.addLayout(buttons)

        self.roll_button.clicked.connect(self.roll_requested)
        self.cast_button.clicked.connect(self.cast_requested)
        self.clear_button.clicked.connect(self._on_clear_button_clicked)
        self.dice_entry.dice_entered.connect(self._on_dice_entry_dice_entered)

    # --- public --------------------------------------------------------------------------------------------
    @property
    def is_started(self) -> bool:
        return self._started

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
        self.dice_entry.set_dice(D5, 2 * (len(self.contact_spins) + len(self.control_spins)))

    def rolls(self) -> tuple[dict[str, int], dict[str, int]]:
        """The rolls typed: contact per source, control per discipline."""
        return (
            {k: s.value() for k, s in self.contact_spins.items()},
            {k: s.value() for k, s in self.control_spins.items()},
        )

    def set_rolls(self, contact: Mapping[str, int], control: Mapping[str, int]) -> None:
        """Show the rolls a casting used (the program's dice), without starting a new casting."""
        for spins, values in ((self.contact_spins, contact), (self.control_spins, control)):
            for key, spin in spins.items():
                if key in values:
                    with QSignalBlocker(spin):
                        spin.setValue(values[key])

    def set_ready(self, ready: bool) -> None:
        """Casting is possible (a spell, a combination, a setup the rules accept) or not."""
        self.roll_button.setEnabled(ready)
        self.cast_button.setEnabled(ready)
        self.dice_entry.set_apply_enabled(ready)

    def finish(self) -> None:
        """The casting is done: the next one starts with free choices."""
        self.dice_entry.clear()
        self._set_started(False)

    # --- building ------------------------------------------------------------------------------------------
    def _build(self, names: text.Names | None, setup: casting.Setup | None) -> None:
        clear_layout(self._grid)
        self.contact_spins.clear()
        self.control_spins.clear()
        self._targets.clear()
        if names is None or setup is None:
            return
        rows = [("s", s, _("Contact {source}").format(source=names.source(s))) for s in setup.source_skills]
        rows += [("d", d, _("Control {d}").format(d=names.discipline(d))) for d in setup.discipline_skills]
        for row, (kind, key, name) in enumerate(rows):
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

    def _set_started(self, started: bool) -> None:
        if started != self._started:
            self._started = started
            self.clear_button.setEnabled(started)
            self.started.emit(started)

    # --- slots ---------------------------------------------------------------------------------------------
    def _on_roll_spin_value_changed(self, _value: int) -> None:
        self._set_started(True)

    def _on_dice_entry_dice_entered(self, values: tuple[int, ...]) -> None:
        totals = [values[i] + values[i + 1] for i in range(0, len(values) - 1, 2)]
        spins = [*self.contact_spins.values(), *self.control_spins.values()]
        for spin, total in zip(spins, totals, strict=False):
            with QSignalBlocker(spin):
                spin.setValue(total)
        self._set_started(True)

    def _on_clear_button_clicked(self) -> None:
        for spin in (*self.contact_spins.values(), *self.control_spins.values()):
            with QSignalBlocker(spin):
                spin.setValue(5)
        self.dice_entry.clear()
        self._set_started(False)
