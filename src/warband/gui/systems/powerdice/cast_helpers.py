"""The helpers of an incantation (PD-05, PD-07): the casters the rules offer as givers, a dice spin each, and
the player's word that they stand within 3 hexes. Which casters may help is `battle_rules.helpers`' answer."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from warband.gui.widgets.plain_text import escape_mnemonic
from warband.model.messages import _, spoken_text
from warband.model.systems.powerdice.battle_rules import CasterModel


def _plain(parent: QWidget, name: str) -> QLabel:
    label = QLabel(parent)
    label.setObjectName(name)
    label.setTextFormat(Qt.TextFormat.PlainText)  # unit labels are the player's own text
    label.setWordWrap(True)
    return label


class CastHelpersBox(QGroupBox):
    """One row per helper offered (a spin 0 … its reserve, "given by Apprentice (1/1 dice)"), and the check."""

    gifts_changed = Signal()
    """A gift or the 3-hex confirmation changed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Helpers (PD-05)"), parent)
        self.setObjectName("helpersBox")
        self._keys: list[str] = []
        self._spins: dict[str, QSpinBox] = {}
        self._labels: dict[str, QLabel] = {}
        self.rows = QGridLayout()
        self.rows.setContentsMargins(0, 0, 0, 0)
        self.rows.setColumnStretch(1, 1)
        self.none_label = _plain(self, "noHelpersLabel")
        self.near_check = QCheckBox(_("The helpers are within &3 hexes"), self)
        self.near_check.setObjectName("helpersNearCheck")
        self.near_check.setToolTip(_("Only casters within 3 hexes of the caster may give it dice (PD-05)."))
        layout = QVBoxLayout(self)
        layout.addLayout(self.rows)
        layout.addWidget(self.none_label)
        layout.addWidget(self.near_check)
        self.near_check.toggled.connect(self._on_near_check_toggled)

    # --- reading -------------------------------------------------------------------------------------------
    def keys(self) -> list[str]:
        """The helpers offered, in order."""
        return list(self._keys)

    def spin(self, key: str) -> QSpinBox:
        return self._spins[key]

    def gifts(self) -> dict[str, int]:
        """Helper key → dice given, for the helpers giving any."""
        return {key: spin.value() for key, spin in self._spins.items() if spin.value()}

    def helpers_near(self) -> bool:
        return self.near_check.isChecked()

    # --- showing -------------------------------------------------------------------------------------------
    def show_helpers(self, unit: str, helpers: Sequence[CasterModel], *, fresh: bool) -> None:
        """Offer these helpers; `fresh` (another caster, another segment) gives nothing and unchecks the box."""
        keys = [h.key for h in helpers]
        if keys != self._keys:
            for widget in (*self._spins.values(), *self._labels.values()):
                self.rows.removeWidget(widget)
                widget.deleteLater()
            self._spins.clear()
            self._labels.clear()
            self._keys = keys
            for row, h in enumerate(helpers):
                label = _plain(self, "helperLabel")
                spin = QSpinBox(self)
                spin.setObjectName("helperSpin")
                spin.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
                spin.setAccessibleName(_("Dice given by {unit}").format(unit=spoken_text(h.label)))
                spin.valueChanged.connect(self._on_helper_spin_value_changed)
                label.setBuddy(spin)
                self.rows.addWidget(spin, row, 0)
                self.rows.addWidget(label, row, 1)
                self._spins[h.key] = spin
                self._labels[h.key] = label
        for h in helpers:
            spin = self._spins[h.key]
            with QSignalBlocker(spin):
                spin.setRange(0, h.state.reserve)
                if fresh:
                    spin.setValue(0)
            self._labels[h.key].setText(
                _("given by {unit} ({reserve}/{level} dice)").format(  # its buddy reads & as a shortcut
                    unit=escape_mnemonic(spoken_text(h.label)), level=h.caster.level, reserve=h.state.reserve
                )
            )
        self.none_label.setText(
            ""
            if helpers
            else _("No helper: no friendly caster with an incantation marker shares a trait with {unit}.").format(
                unit=unit
            )
        )
        self.none_label.setVisible(not helpers)
        if fresh:
            with QSignalBlocker(self.near_check):
                self.near_check.setChecked(False)
        self.near_check.setEnabled(bool(helpers))

    # --- slots ---------------------------------------------------------------------------------------------
    def _on_helper_spin_value_changed(self, _value: int) -> None:
        self.gifts_changed.emit()

    def _on_near_check_toggled(self, _checked: bool) -> None:
        self.gifts_changed.emit()
