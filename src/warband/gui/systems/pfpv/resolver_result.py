"""After the dice: the outcome the document applied, every step with its numbers, and the spread of the power
levels over the spell's effects (PF-08)."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtWidgets import QGroupBox, QVBoxLayout, QWidget

from warband.gui.systems.pfpv import resolver_text as text
from warband.gui.systems.pfpv.resolver_allocation import AllocationPanel
from warband.gui.widgets.resolver_parts import big_label, colour_outcome, note_label, plain_label, say
from warband.model.messages import _
from warband.model.names import display_name
from warband.model.systems.pfpv import casting
from warband.model.systems.pfpv.schema import Spell

HARMLESS = ("no energy", "harmless failure", "cannot be cast")


class ResultPanel(QGroupBox):
    """The last casting of the character shown; it says so when it has been undone."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("The casting applied"), parent)
        self.setObjectName("pfpvResultPanel")
        self._result: casting.Result | None = None
        self.headline = big_label(self, "pfpvOutcome", 1.2)
        self.steps_label = plain_label(self, "pfpvSteps")
        self.undone_label = note_label(self, "pfpvUndone", _("This casting was undone."))
        self.undone_label.hide()
        self.allocation = AllocationPanel(self)
        self.allocation.hide()
        layout = QVBoxLayout(self)
        layout.addWidget(self.headline)
        layout.addWidget(self.undone_label)
        layout.addWidget(self.steps_label)
        layout.addWidget(self.allocation)
        layout.addStretch(1)
        self.clear()

    @property
    def result(self) -> casting.Result | None:
        return self._result

    def show_result(
        self,
        names: text.Names,
        spell: Spell,
        setup: casting.Setup,
        result: casting.Result,
        rolls: tuple[Mapping[str, int], Mapping[str, int]],
        before: tuple[int, int],
    ) -> None:
        """The casting as resolved: `setup` as it was before the dice, `before` the caster's Don and Vitality."""
        self._result = result
        title = _("{spell} — {outcome}").format(
            spell=names.spells.get(spell.id, display_name(spell.name)), outcome=text.headline(result)
        )
        self.headline.setText(title)
        colour_outcome(
            self.headline, True if result.outcome == "success" else None if result.outcome in HARMLESS else False
        )
        self.steps_label.setText("\n".join(text.steps(names, setup, result, rolls, before)))
        self.undone_label.hide()
        success = result.outcome == "success"
        if success:
            self.allocation.show_levels(result.power, spell.effects, result.margins)
        self.allocation.setVisible(success)

    def mark_undone(self, undone: bool) -> None:
        say(self.undone_label, _("This casting was undone.") if undone else "")

    def clear(self) -> None:
        self._result = None
        self.headline.setText(_("No casting yet"))
        colour_outcome(self.headline, None)
        self.steps_label.setText(_("Choose the casting, check its odds, then roll or type the table's rolls."))
        self.undone_label.hide()
        self.allocation.hide()
