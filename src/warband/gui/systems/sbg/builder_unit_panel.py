"""The selected Strategy Battle Game unit: its profile card, how many warriors it has, its wargear, and the army's
totals.

A hero comes with its Might, Will, Fate and spells (SB-02 … SB-04). A unit of warriors is bought in numbers;
changing the count is a command, and typing a number is one undo step. Either buys the wargear options its profile
offers, per model (`builder_wargear_box`); the unit's cost and the totals follow the report.
"""

from __future__ import annotations

from PySide6.QtCore import QMargins, QSignalBlocker, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from warband.gui.army_document import ArmyDocument
from warband.gui.builder.entry_tables import WARNING_MARK, describe_reasons, plain_label, warning_colour
from warband.gui.document import Change
from warband.gui.systems.sbg.builder_profiles import alignment_name
from warband.gui.systems.sbg.builder_wargear_box import WargearBox
from warband.gui.widgets.appearance import follow_font
from warband.model.army import Army, Problem, Report, Unit, unit_label
from warband.model.edits import SetUnitField
from warband.model.messages import _, spoken_text
from warband.model.names import display_name
from warband.model.systems.sbg.factions import faction_name
from warband.model.systems.sbg.rules import index, spell_names, totals
from warband.model.systems.sbg.schema import Profile, SbgArmy, SbgUnit

MAX_COUNT = 10_000
"""The most models a unit may have (the army file's limit)."""
SIDE_BY_SIDE_CHARS = 72
"""From this width (in average characters of the panel's font), the wargear stands beside the profile rather than
below it: a wide pane (the builder's panes as tabs, at a large font) shows both without scrolling."""


def totals_text(army: SbgArmy, document: ArmyDocument) -> str:
    """'Points 480 · Models 17 · Might 5 · Will 4 · Fate 2'."""
    t = totals(army, document.catalogs)
    return _("Points {points} · Models {models} · Might {might} · Will {will} · Fate {fate}").format(
        points=t.points, models=t.models, might=t.might, will=t.will, fate=t.fate
    )


def totals_part(army: Army) -> tuple[tuple[str, int, tuple[str, ...]], ...]:
    """What the totals line reads of the army: each unit's profile, count and wargear (not its label, nor the
    name)."""
    return tuple((unit.profile, unit.count, getattr(unit, "wargear", ())) for unit in army.units)


def unit_part(army: Army, unit_id: str | None) -> Unit | None:
    """What the profile card reads of the army: the selected unit alone (the catalogs reloaded say everything)."""
    return army.unit(unit_id) if unit_id is not None else None


def report_part(report: Report, unit_id: str) -> tuple[int, tuple[Problem, ...]]:
    """What the panel shows of the report: the unit's cost and its own problems (not the army's, nor others')."""
    cost = next((u.cost for u in report.units if u.id == unit_id), 0)
    return cost, tuple(p for p in report.problems if p.unit is not None and p.unit.id == unit_id)


class SbgUnitPanel(QWidget):
    """Shows the selected unit's profile, changes its number of warriors and its wargear; the army's totals above
    it all."""

    def __init__(self, document: ArmyDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("unitPanel")
        self._document = document
        self._shown_report: tuple[int, tuple[Problem, ...]] | None = None
        """The unit's part of the report as last shown: a report that differs elsewhere leaves the panel alone."""

        self.totals_label = plain_label(self, "sbgTotals")
        self.totals_label.setAccessibleName(_("Army totals"))
        self.totals_label.setToolTip(_("The whole army: points, models, and its heroes' Might, Will and Fate"))
        font = self.totals_label.font()
        font.setBold(True)
        self.totals_label.setFont(font)

        self._hint_label = plain_label(self, "unitHint")
        self._hint_label.setText(
            _("Select a unit in the roster to see its profile, change its count and buy its wargear.")
        )
        self._title_label = plain_label(self, "unitTitle")
        title_font = self._title_label.font()
        title_font.setBold(True)
        if title_font.pointSizeF() > 0:
            title_font.setPointSizeF(title_font.pointSizeF() * 1.25)
        self._title_label.setFont(title_font)

        self._card = QGroupBox(_("Profile"), self)
        self._card.setObjectName("profileCard")
        form = QFormLayout(self._card)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setVerticalSpacing(2)  # seven short lines: the unit's wargear below them stays in view
        # a long title ("Puissance/Volonté/Destin") goes above its value rather than widen the panel: the pane
        # is as wide as its font asks, and the wargear below makes it scroll (a scroll bar takes its width)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self._fields: dict[str, QLabel] = {}
        for key, title in (
            ("faction", _("Faction")),
            ("alignment", _("Alignment")),
            ("mwf", _("Might/Will/Fate")),
            ("wounds", _("Wounds")),
            ("courage", _("Courage")),
            ("spells", _("Spells")),
            ("cost", _("Cost")),
        ):
            label = plain_label(self._card, f"card_{key}")
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self._fields[key] = label
            form.addRow(title + ":", label)
        follow_font(self._card, self._fit_card_words)

        self._count_box = QWidget(self)
        count_row = QHBoxLayout(self._count_box)
        count_row.setContentsMargins(0, 0, 0, 0)
        self._count_title = count_title = QLabel(_("&Models:"), self._count_box)
        self.count_spin = QSpinBox(self._count_box)
        self.count_spin.setObjectName("countSpin")
        self.count_spin.setAccessibleName(_("Number of models"))
        self.count_spin.setToolTip(_("How many warriors of this profile the unit has"))
        self.count_spin.setRange(1, MAX_COUNT)
        count_title.setBuddy(self.count_spin)
        self._unit_cost_label = plain_label(self._count_box, "unitCost")
        count_row.addWidget(count_title)
        count_row.addWidget(self.count_spin)
        count_row.addWidget(self._unit_cost_label, 1)
        self._hero_note = plain_label(self, "heroNote")
        self.wargear_box = WargearBox(document, self)
        self._problems_label = plain_label(self, "unitProblems")
        palette = self._problems_label.palette()
        palette.setColor(self._problems_label.foregroundRole(), warning_colour())
        self._problems_label.setPalette(palette)

        # the profile, then the wargear: one above the other, or side by side where the panel has room for both
        self._body = QWidget(self)
        self._body.setObjectName("sbgUnitBody")
        self._body_layout = QBoxLayout(QBoxLayout.Direction.TopToBottom, self._body)
        self._body_layout.setContentsMargins(0, 0, 0, 0)
        self._profile_column = QVBoxLayout()
        for widget in (self._card, self._count_box, self._hero_note, self._problems_label):
            self._profile_column.addWidget(widget)
        self._profile_column.addStretch(1)
        self._wargear_column = QVBoxLayout()
        self._wargear_column.addWidget(self.wargear_box)
        self._wargear_column.addStretch(1)
        self._body_layout.addLayout(self._profile_column, 1)
        self._body_layout.addLayout(self._wargear_column, 1)

        layout = QVBoxLayout(self)
        layout.addWidget(self.totals_label)
        layout.addSpacing(6)
        layout.addWidget(self._hint_label)
        layout.addWidget(self._title_label)
        layout.addWidget(self._body)
        layout.addStretch(1)

        self.count_spin.valueChanged.connect(self._on_count_spin_value_changed)
        self.count_spin.editingFinished.connect(document.seal)
        document.selection_changed.connect(self._on_document_selection_changed)
        document.state_changed.connect(self._on_document_state_changed)
        document.report_changed.connect(self._on_document_report_changed)
        self._refresh()

    # --- reading -------------------------------------------------------------------------------------------
    def _unit(self) -> SbgUnit | None:
        unit_id = self._document.selected
        unit = self._document.army.unit(unit_id) if unit_id is not None else None
        return unit if isinstance(unit, SbgUnit) else None

    # --- showing -------------------------------------------------------------------------------------------
    def _refresh(self) -> None:
        self._show_totals()
        self._show_selected()

    def _show_totals(self) -> None:
        army = self._document.army
        if isinstance(army, SbgArmy):
            self.totals_label.setText(totals_text(army, self._document))

    def _show_selected(self) -> None:
        unit = self._unit()
        self._hint_label.setVisible(unit is None)
        shown = (self._title_label, self._card, self._count_box, self._hero_note, self._problems_label)
        for widget in (*shown, self.wargear_box):
            widget.setVisible(unit is not None)
        if unit is None:
            self._shown_report = None
        else:
            self._show_unit(unit)

    def _show_unit(self, unit: SbgUnit) -> None:
        idx = index(self._document.catalogs)
        profile = idx.profiles.get(unit.profile)
        self._title_label.setText(spoken_text(unit_label(unit, profile)))
        self._show_card(unit, profile)
        hero = profile is not None and profile.hero is not None
        # a hero is one model; the count shows for it only to put right a file that says otherwise (AR-03); its
        # cost, with its wargear, shows either way
        for widget in (self._count_title, self.count_spin):
            widget.setVisible(not hero or unit.count != 1)
        self._hero_note.setVisible(hero)
        self._hero_note.setText(_("A hero is one model, with its own Might, Will and Fate."))
        if self.count_spin.value() != unit.count:  # never while the player types the same number
            with QSignalBlocker(self.count_spin):
                self.count_spin.setValue(unit.count)
        self._show_report(unit, profile)

    def _show_report(self, unit: SbgUnit, profile: Profile | None) -> None:
        """The unit's cost and problems, as the validation report gives them."""
        self._shown_report = cost, problems = report_part(self._document.report, unit.id)
        if profile is None:
            self._unit_cost_label.setText(_("cost unknown (AR-02)"))
        else:
            self._unit_cost_label.setText(_("{cost} points in all").format(cost=cost))
        self._problems_label.setVisible(bool(problems))
        self._problems_label.setText(f"{WARNING_MARK} " + describe_reasons(problems, f"\n{WARNING_MARK} "))

    def _show_card(self, unit: SbgUnit, profile: Profile | None) -> None:
        self._fill_card(unit, profile)
        self._fit_card_words()

    def _fit_card_words(self) -> None:
        """Each value at least as wide as its longest word, so that a narrow pane puts a value below its title
        (the card wraps long rows) rather than cut a word ("figurine")."""
        metrics = self._card.fontMetrics()
        for label in self._fields.values():
            words = label.text().split()
            label.setMinimumWidth(max((metrics.horizontalAdvance(word) for word in words), default=0) + 2)

    def _fill_card(self, unit: SbgUnit, profile: Profile | None) -> None:
        fields = self._fields
        if profile is None:
            self._card.setTitle(_("Unknown profile “{profile}” (AR-02)").format(profile=unit.profile))
            for label in fields.values():
                label.setText("—")
            return
        hero = profile.hero
        kind = _("hero") if hero is not None else _("warrior")
        self._card.setTitle(f"{display_name(profile.name)} ({kind})")
        fields["faction"].setText(faction_name(self._document.catalogs, profile.faction))
        fields["alignment"].setText(alignment_name(profile.alignment))
        fields["courage"].setText(str(profile.courage))
        fields["cost"].setText(_("{cost} points per model").format(cost=profile.cost))
        if hero is None:
            fields["mwf"].setText(_("— (a warrior has none)"))
            fields["wounds"].setText("1")
            fields["spells"].setText(_("none"))
            return
        fields["mwf"].setText(f"{hero.might}/{hero.will}/{hero.fate}")
        fields["wounds"].setText(str(hero.wounds))
        known = spell_names(hero, index(self._document.catalogs).spells)
        fields["spells"].setText(", ".join(known) if known else _("none"))

    # --- arranging -----------------------------------------------------------------------------------------
    def _stacked_width(self) -> int:
        """The narrowest the panel is with the wargear below the profile."""
        layout = self.layout()
        assert layout is not None
        widths = [max(self._profile_column.minimumSize().width(), self._wargear_column.minimumSize().width())]
        for position in range(layout.count()):
            item = layout.itemAt(position)
            if item is not None and item.widget() is not self._body and not item.isEmpty():
                widths.append(item.minimumSize().width())
        margins = layout.contentsMargins()
        return max(widths) + margins.left() + margins.right()

    def _side_by_side_width(self) -> int:
        """The width from which the wargear stands beside the profile: both columns whole, and some room."""
        both = (
            self._profile_column.minimumSize().width()
            + self._wargear_column.minimumSize().width()
            + self._body_layout.spacing()
        )
        layout = self.layout()
        margins = layout.contentsMargins() if layout is not None else QMargins()
        room = margins.left() + margins.right() + self.fontMetrics().averageCharWidth() * 4
        return max(both + room, self.fontMetrics().averageCharWidth() * SIDE_BY_SIDE_CHARS)

    def _arrange_body(self, width: int) -> None:
        beside = width >= self._side_by_side_width()
        direction = QBoxLayout.Direction.LeftToRight if beside else QBoxLayout.Direction.TopToBottom
        if self._body_layout.direction() != direction:
            self._body_layout.setDirection(direction)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        """As narrow as the stacked arrangement, whichever is shown: side by side is chosen only where both
        columns fit, so the builder's pane needs (read from this) never follow it back and forth."""
        hint = super().minimumSizeHint()
        if self._body_layout.direction() == QBoxLayout.Direction.TopToBottom:
            return hint
        return QSize(min(hint.width(), self._stacked_width()), hint.height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._arrange_body(event.size().width())

    # --- slots ---------------------------------------------------------------------------------------------
    def _on_count_spin_value_changed(self, value: int) -> None:
        unit = self._unit()
        if unit is None or value == unit.count:
            return
        command = SetUnitField(unit.id, "count", value, label=_("Change count"))
        self._document.execute(command, merge_key=("count", unit.id))

    def _on_document_selection_changed(self, unit_id: object) -> None:
        self._document.seal()  # another unit's count is another undo step
        self._refresh()

    def _on_document_state_changed(self, change: Change[Army]) -> None:
        """The totals follow every unit's profile and count; the card, the selected unit alone: another unit's
        label or notes, or the army's name, change neither."""
        if change.touched(totals_part):
            self._show_totals()
        unit_id = self._document.selected
        if change.touched(lambda army: unit_part(army, unit_id)):
            self._show_selected()

    def _on_document_report_changed(self) -> None:
        """A report that differs for the selected unit (its cost, its problems) shows; one that differs elsewhere
        (another unit renamed in a problem, the army over its limit) does not rebuild the card."""
        unit = self._unit()
        if unit is not None and report_part(self._document.report, unit.id) != self._shown_report:
            self._show_report(unit, index(self._document.catalogs).profiles.get(unit.profile))
