"""The power levels of a success spread over the spell's effects (PF-08): evenly when a control margin is 2 or
less, the caster choosing which effects get the extra levels; freely when every margin is above 2, the levels
left unused being lost. `scene.spread` decides which, and the even shares."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QCheckBox, QGridLayout, QGroupBox, QLabel, QSpinBox, QVBoxLayout, QWidget

from warband.gui.systems.pfpv.resolver_widgets import clear_layout
from warband.gui.widgets.resolver_parts import note_label, plain_label
from warband.model.messages import _
from warband.model.names import display_name
from warband.model.systems.pfpv.scene import spread
from warband.model.systems.pfpv.schema import Effect


class AllocationPanel(QGroupBox):
    """One row per effect: its share (with a box for an extra level), or a spin when the spread is free."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Effects (PF-08)"), parent)
        self.setObjectName("pfpvAllocationPanel")
        self._levels = 0
        self._effects: tuple[Effect, ...] = ()
        self._margins: dict[str, int] = {}
        self._free = False
        self._extra_order: list[int] = []
        self.share_labels: list[QLabel] = []
        self.extra_checks: list[QCheckBox] = []
        self.share_spins: list[QSpinBox] = []
        self.rule_label = plain_label(self, "pfpvAllocationRule")
        self.rows = QWidget(self)
        self._grid = QGridLayout(self.rows)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setColumnStretch(2, 1)
        self.unused_label = note_label(self, "pfpvAllocationUnused")
        layout = QVBoxLayout(self)
        layout.addWidget(self.rule_label)
        layout.addWidget(self.rows)
        layout.addWidget(self.unused_label)

    # --- public --------------------------------------------------------------------------------------------
    @property
    def free(self) -> bool:
        return self._free

    def show_levels(self, levels: int, effects: Sequence[Effect], margins: Mapping[str, int]) -> None:
        """Spread `levels` over these effects, as the control margins allow."""
        self._levels = levels
        self._effects = tuple(effects)
        self._margins = dict(margins)
        self._extra_order = []
        names = [display_name(e.name) for e in self._effects]
        self._free = spread(levels, names, self._margins) is None
        self._build()
        if not self._effects:
            self.rule_label.setText(
                _("The spell lists no effect to spread the {levels} levels over.").format(levels=levels)
            )
        elif self._free:
            self.rule_label.setText(
                _(
                    "Every control margin is above 2: spread the {levels} levels freely; unused ones are lost."
                ).format(levels=levels)
            )
        else:
            self.rule_label.setText(
                _("A control margin is 2 or less: the {levels} levels are spread evenly.").format(levels=levels)
            )
        self._update()

    def shares(self) -> list[int]:
        """The levels each effect gets, in the spell's order."""
        if self._free:
            return [spin.value() for spin in self.share_spins]
        names = [display_name(e.name) for e in self._effects]
        return spread(self._levels, names, self._margins, self._extra_order) or []

    def extras(self) -> int:
        """How many effects get one level more than the others (the even split)."""
        return 0 if self._free or not self._effects else self._levels % len(self._effects)

    def choose_extra(self, index: int) -> None:
        """Give an extra level to this effect (the even split); the earliest choice gives way when too many."""
        if 0 <= index < len(self.extra_checks):
            self.extra_checks[index].setChecked(True)

    def set_share(self, index: int, value: int) -> None:
        """Set an effect's levels (the free spread), held within what the others leave."""
        if 0 <= index < len(self.share_spins):
            self.share_spins[index].setValue(value)

    # --- building ------------------------------------------------------------------------------------------
    def _build(self) -> None:
        clear_layout(self._grid)
        self.share_labels, self.extra_checks, self.share_spins = [], [], []
        even = self._free is False and self._effects and self._levels % len(self._effects) > 0
        start = 0 if self._levels == 0 or not self._effects else self._levels // len(self._effects)
        for row, effect in enumerate(self._effects):
            name = display_name(effect.name)
            self._grid.addWidget(plain_label(self.rows, "pfpvEffectName", name), row, 0)
            if self._free:
                spin = QSpinBox(self.rows)
                spin.setObjectName("pfpvShareSpin")
                spin.setAccessibleName(_("Levels for {effect}").format(effect=name))
                spin.setRange(0, self._levels)
                spin.setValue(min(start, self._levels))
                spin.valueChanged.connect(self._on_share_spin_value_changed)
                self.share_spins.append(spin)
                self._grid.addWidget(spin, row, 1)
            else:
                share = plain_label(self.rows, "pfpvShare")
                self.share_labels.append(share)
                self._grid.addWidget(share, row, 1)
            per_level = plain_label(self.rows, "pfpvEffectPerLevel", display_name(effect.per_level))
            self._grid.addWidget(per_level, row, 2)
            if even:
                check = QCheckBox(_("extra level"), self.rows)
                check.setObjectName("pfpvExtraCheck")
                check.setAccessibleName(_("An extra level for {effect}").format(effect=name))
                check.toggled.connect(self._on_extra_check_toggled)
                self.extra_checks.append(check)
                self._grid.addWidget(check, row, 3)

    def _update(self) -> None:
        shares = self.shares()
        if self._free:
            used = sum(shares)
            for spin, value in zip(self.share_spins, shares, strict=True):
                with QSignalBlocker(spin):
                    spin.setMaximum(self._levels - (used - value))
            self.unused_label.setText(_("Unused (lost): {count}").format(count=self._levels - used))
            return
        for label, value in zip(self.share_labels, shares, strict=True):
            label.setText(str(value))
        extra = self.extras()
        base = self._levels // max(1, len(shares))
        for check, value in zip(self.extra_checks, shares, strict=False):
            with QSignalBlocker(check):
                check.setChecked(value > base)
        self.unused_label.setText(
            _("{extra} effect(s) get one level more: tick which.").format(extra=extra) if extra else ""
        )

    # --- slots ---------------------------------------------------------------------------------------------
    def _on_share_spin_value_changed(self, _value: int) -> None:
        self._update()

    def _on_extra_check_toggled(self, _checked: bool) -> None:
        ticked = [i for i, check in enumerate(self.extra_checks) if check.isChecked()]
        order = [i for i in self._extra_order if i in ticked] + [i for i in ticked if i not in self._extra_order]
        self._extra_order = order[-self.extras() :] if self.extras() else []
        self._update()
