"""A spell in no Grimoire, decided at the table (PF-01: « Le mage n'est pas restreint à un sort du Grimoire »): its
name, level, casting time and the effect parameters its power levels are spread over (PF-08)."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFormLayout, QLineEdit, QWidget

from warband.gui.systems.pfpv.resolver_widgets import spin_box
from warband.model.messages import _
from warband.model.systems.pfpv.scene import TableSpell
from warband.model.systems.pfpv.schema import Effect

MOST_EFFECTS = 12


class TableSpellBox(QWidget):
    """What the table decides of a spell the Grimoire does not hold; `changed` when any of it changes."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pfpvTableSpell")
        self.name_edit = QLineEdit(self)
        self.name_edit.setObjectName("pfpvTableSpellName")
        self.name_edit.setAccessibleName(_("Name of the spell"))
        self.name_edit.setPlaceholderText(_("The spell the table decides"))
        self.name_edit.setMaxLength(200)
        self.level_spin = spin_box(
            self,
            "pfpvTableSpellLevel",
            1,
            9,
            _("Level of the spell"),
            _("1 … 9: the Don paid for it (PF-07), and a starting point for the modifiers (PF-01)"),
        )
        self.time_edit = QLineEdit(self)
        self.time_edit.setObjectName("pfpvTableSpellTime")
        self.time_edit.setAccessibleName(_("Casting time"))
        self.time_edit.setMaxLength(200)
        self.effects_edit = QLineEdit(self)
        self.effects_edit.setObjectName("pfpvTableSpellEffects")
        self.effects_edit.setAccessibleName(_("Effect parameters"))
        self.effects_edit.setPlaceholderText(_("creatures, hours, metres…"))
        self.effects_edit.setToolTip(
            _("The effects its power levels are spread over, separated by commas (PF-08)")
        )
        layout = QFormLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addRow(_("Name:"), self.name_edit)
        layout.addRow(_("Level:"), self.level_spin)
        layout.addRow(_("Casting time:"), self.time_edit)
        layout.addRow(_("Effects:"), self.effects_edit)
        for edit in (self.name_edit, self.time_edit, self.effects_edit):
            edit.textChanged.connect(self.changed)
        self.level_spin.valueChanged.connect(self.changed)

    def table_spell(self) -> TableSpell | None:
        """The spell as typed; None while it has no name."""
        name = self.name_edit.text().strip()
        if not name:
            return None
        names = [n.strip()[:200] for n in self.effects_edit.text().split(",") if n.strip()][:MOST_EFFECTS]
        return TableSpell(
            name=name,
            level=self.level_spin.value(),
            casting_time=self.time_edit.text().strip(),
            effects=tuple(Effect(name=n, per_level="") for n in names),
        )
