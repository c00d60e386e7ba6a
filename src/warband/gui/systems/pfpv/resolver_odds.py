"""Before the dice: the target of every roll and what makes it, the exact chance of each outcome (PF-03 … PF-07)
with the expected cost of a backlash, and the chart of the power levels a success may reach."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QGroupBox, QLabel, QVBoxLayout, QWidget

from warband.gui.systems.pfpv import resolver_text as text
from warband.gui.systems.pfpv.resolver_widgets import clear_layout
from warband.gui.widgets.odds_chart import OddsChartWidget, format_percent
from warband.gui.widgets.resolver_parts import message_label, note_label, plain_label, say
from warband.model.messages import _, spoken_text
from warband.model.systems.pfpv import casting


class OddsPanel(QGroupBox):
    """The numbers the document computes for the casting as chosen; nothing is decided here."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(_("Before rolling"), parent)
        self.setObjectName("pfpvOddsPanel")
        self._odds: casting.Odds | None = None
        self.targets = QWidget(self)
        self.targets.setObjectName("pfpvTargets")
        self._targets_grid = QGridLayout(self.targets)
        self._targets_grid.setContentsMargins(0, 0, 0, 0)
        self._targets_grid.setColumnStretch(2, 1)
        self.target_labels: dict[str, QLabel] = {}
        """ "s:feu" or "d:destruction" → the label with the roll's target ("2d5 ≤ 10")."""
        self.shown_targets: dict[str, int] = {}
        """The same keys → the targets shown, as numbers."""
        self.scene_label = note_label(self, "pfpvSceneModifiers")
        self.problem_label = message_label(self, "pfpvSetupProblem")
        self.fraction_labels: dict[str, QLabel] = {}
        self.percent_labels: dict[str, QLabel] = {}
        outcomes = QGridLayout()
        for row, outcome in enumerate(text.OUTCOME_ORDER):
            name = plain_label(self, "pfpvOutcomeName", text.outcome_name(outcome))
            if outcome == "no energy":
                name.setIndent(16)
            fraction = plain_label(self, "pfpvOutcomeFraction")
            fraction.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            fraction.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            percent = plain_label(self, "pfpvOutcomePercent")
            percent.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            for column, label in enumerate((name, fraction, percent)):
                label.setWordWrap(column == 0)  # a long name on two lines in a narrow column; the numbers never
                outcomes.addWidget(label, row, column)
            self.fraction_labels[outcome] = fraction
            self.percent_labels[outcome] = percent
        outcomes.setColumnStretch(0, 1)
        self.cost_label = plain_label(self, "pfpvBacklashCost")
        self.chart = OddsChartWidget(self, x_title=_("Power"))
        self.chart.setObjectName("pfpvPowerChart")
        self.chart.setAccessibleName(_("Chance of each number of power levels"))
        self.chart.setMinimumHeight(150)

        layout = QVBoxLayout(self)
        layout.addWidget(self.targets)
        layout.addWidget(self.scene_label)
        layout.addWidget(self.problem_label)
        layout.addLayout(outcomes)
        layout.addWidget(self.cost_label)
        layout.addWidget(plain_label(self, "pfpvPowerTitle", _("Power levels of a success (PF-06):")))
        layout.addWidget(self.chart, 1)

    # --- public --------------------------------------------------------------------------------------------
    @property
    def odds(self) -> casting.Odds | None:
        """The odds shown (the document's, as given)."""
        return self._odds

    def shown_chance(self, outcome: str) -> Fraction | None:
        """The exact chance the row of an outcome shows (the harmless failure includes no energy)."""
        label = self.fraction_labels[outcome].text()
        return Fraction(label) if label else None

    def show_odds(
        self,
        names: text.Names,
        setup: casting.Setup,
        odds: casting.Odds,
        problems: list[str] | None = None,
        note: str = "",
    ) -> None:
        """`note`: what the odds are of, when not the whole casting's (its control step, PF-03)."""
        self._odds = odds
        self._show_targets(names, setup)
        scene = text.scene_modifiers_text(setup)
        self.scene_label.setText(f"{scene}\n{note}" if note else scene)
        say(self.problem_label, "\n".join(spoken_text(problem) for problem in problems or []))
        chances = dict(odds.outcomes)
        chances["harmless failure"] = chances.get("harmless failure", Fraction(0)) + chances.get("no energy", 0)
        for outcome in text.OUTCOME_ORDER:
            chance = chances.get(outcome, Fraction(0))
            self.fraction_labels[outcome].setText(str(chance))
            self.percent_labels[outcome].setText(format_percent(chance))
        self.cost_label.setText(text.backlash_cost(odds))
        levels = list(odds.power)
        if levels:
            bars = [(str(level), odds.power.get(level, Fraction(0))) for level in range(levels[0], levels[-1] + 1)]
            self.chart.set_distribution(bars, 0)
        else:
            self.chart.clear()

    def clear(self) -> None:
        self._odds = None
        self._show_targets(None, None)
        for outcome in text.OUTCOME_ORDER:
            self.fraction_labels[outcome].clear()
            self.percent_labels[outcome].clear()
        self.scene_label.clear()
        self.cost_label.clear()
        say(self.problem_label, "")
        self.chart.clear()

    # --- the targets ---------------------------------------------------------------------------------------
    def _show_targets(self, names: text.Names | None, setup: casting.Setup | None) -> None:
        clear_layout(self._targets_grid)
        self.target_labels.clear()
        self.shown_targets.clear()
        if names is None or setup is None:
            return
        rows: list[tuple[str, str, int, str]] = [
            (
                f"s:{s}",
                _("Contact {source}").format(source=names.source(s)),
                setup.contact_target(s),
                text.contact_breakdown(setup, s),
            )
            for s in setup.source_skills
        ]
        rows += [
            (
                f"d:{d}",
                _("Control {discipline}").format(discipline=names.discipline(d)),
                setup.control_target(d),
                text.control_breakdown(setup, d),
            )
            for d in setup.discipline_skills
        ]
        for row, (key, name, target, breakdown) in enumerate(rows):
            name_label = plain_label(self.targets, "pfpvTargetName", name)
            name_label.setWordWrap(False)
            target_label = plain_label(
                self.targets, "pfpvTarget", _("2d5 ≤ {target}").format(target=text.number(target))
            )
            target_label.setWordWrap(False)
            font = target_label.font()
            font.setBold(True)
            target_label.setFont(font)
            self.target_labels[key] = target_label
            self.shown_targets[key] = target
            self._targets_grid.addWidget(name_label, row, 0)
            self._targets_grid.addWidget(target_label, row, 1)
            self._targets_grid.addWidget(plain_label(self.targets, "pfpvTargetParts", breakdown), row, 2)
