"""The Litany Resolver tab: a priest says one of its prayers (LI-03), the exact chance shown first.

The tab decides nothing: the model's `actions` say whether the prayer may be said now (its refusal, with its
rule), `odds` give the exact chance, and the battle document rolls it (the program's dice, or the two typed in
from the table), carries it out and logs it.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from litany.battle import LitanyBattle, Model, PrayOutcome, PrayRequest, answered, pray_problems, priests
from warband.api import Action
from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.widgets.dice_entry import DiceEntryWidget
from warband.gui.widgets.odds_chart import OddsChartWidget, format_percent
from warband.gui.widgets.refresh_when_shown import RefreshWhenShown
from warband.gui.widgets.resolver_parts import big_label, colour_outcome, message_label, note_label, say
from warband.model.army import Problem
from warband.model.dice import D6, Dice, TypedDice
from warband.model.messages import _, spoken_text
from warband.model.names import display_name


def resolver_part(battle: LitanyBattle) -> object:
    """What the tab reads: the armies and entries (priests, prayers, piety), the states (prayed, fallen), the
    phase (LI-03), the rules option (the double six) and whether the battle is over; not the turn alone."""
    return (battle.sides, battle.entries, battle.models, battle.phase, battle.options, battle.ended)


def priest_text(battle: LitanyBattle, priest: Model) -> str:
    """'Aline — Mother Agathe (piety 4), prayed'."""
    words = _("{player} — {unit} (piety {piety})").format(
        player=battle.sides[priest.side].player, unit=spoken_text(priest.label), piety=priest.piety
    )
    if priest.state.fallen:
        return _("{priest}, fallen").format(priest=words)
    if priest.state.prayed:
        return _("{priest}, prayed").format(priest=words)
    return words


def priest_state(priest: Model) -> str:
    """'Fallen.' or 'Has not prayed this turn; 1 prayer answered in this battle.'"""
    if priest.state.fallen:
        return _("Fallen: prays no more (LI-03).")
    prayed = _("Prayed this turn") if priest.state.prayed else _("Has not prayed this turn")
    return _("{prayed}; prayers answered in this battle: {answered}.").format(
        prayed=prayed, answered=priest.state.answered
    )


def prayer_text(battle: LitanyBattle, prayer_id: str) -> str:
    prayer = battle.entries.prayers.get(prayer_id)
    if prayer is None:
        return _("{prayer} (unknown)").format(prayer=prayer_id)
    return _("{prayer} (difficulty {difficulty})").format(
        prayer=display_name(prayer.name), difficulty=prayer.difficulty
    )


def totals(piety: int, difficulty: int, double_six: bool) -> tuple[list[tuple[str, Fraction]], int]:
    """The chart's bars, 2d6 + piety from 2 + piety to 12 + piety, and the first that answers: the top one alone
    comes only from a double six, which answers whatever the difficulty when the option says so."""
    counts: dict[int, int] = {}
    for first, second in product(range(1, 7), repeat=2):
        counts[first + second + piety] = counts.get(first + second + piety, 0) + 1
    bars = [(str(total), Fraction(counts[total], 36)) for total in sorted(counts)]
    first = next((i for i, (total, _c) in enumerate(bars) if int(total) >= difficulty), len(bars))
    if double_six and answered((6, 6), piety, difficulty, True):
        first = min(first, len(bars) - 1)
    return bars, first


class LitanyResolverTab(RefreshWhenShown):
    """Choose a priest and one of its prayers; see the exact chance, or why it may not be said now; pray with
    the program's dice or type the two thrown on the table.

    While the tab is behind another one it does not follow the battle; it catches up when shown.
    """

    def __init__(self, document: BattleDocument[LitanyBattle], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("litanyResolverTab")
        self._document = document
        self._key: str | None = None
        self._prayer: str | None = None
        self._action: Action | None = None
        self._typing = False

        form_box = QGroupBox(_("The prayer"), self)
        form_box.setObjectName("prayerForm")
        self.priest_combo = QComboBox(form_box)
        self.priest_combo.setObjectName("priestCombo")
        self.priest_combo.setAccessibleName(_("Priest"))
        self.priest_combo.setPlaceholderText(_("No priest in this battle"))
        self.priest_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.priest_combo.setMinimumContentsLength(30)
        self.prayer_combo = QComboBox(form_box)
        self.prayer_combo.setObjectName("prayerCombo")
        self.prayer_combo.setAccessibleName(_("Prayer"))
        self.prayer_combo.setPlaceholderText(_("This priest holds no prayer"))
        self.prayer_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.prayer_combo.setMinimumContentsLength(30)
        self.state_label = note_label(form_box, "priestStateLabel")
        self.refusal_label = message_label(form_box, "refusalLabel")
        self.refusal_label.setAccessibleName(_("Why the prayer cannot be said now"))
        self.roll_button = QPushButton(_("&Pray"), form_box)
        self.roll_button.setObjectName("rollButton")
        self.roll_button.setToolTip(_("Pray with the program's dice"))
        self.dice_entry = DiceEntryWidget(D6, 2, form_box, button_text=_("Pray with these dice"))
        self.dice_entry.apply_button.setAccessibleName(_("Pray with the two dice typed from the table"))
        form = QFormLayout(form_box)
        priest_label = QLabel(_("P&riest:"), form_box)
        priest_label.setBuddy(self.priest_combo)
        prayer_label = QLabel(_("Pra&yer:"), form_box)
        prayer_label.setBuddy(self.prayer_combo)
        form.addRow(priest_label, self.priest_combo)
        form.addRow(prayer_label, self.prayer_combo)
        form.addRow(self.state_label)
        form.addRow(self.refusal_label)
        buttons = QHBoxLayout()
        buttons.addWidget(self.roll_button)
        buttons.addWidget(self.dice_entry, 1)
        form.addRow(buttons)

        odds_box = QGroupBox(_("The odds"), self)
        odds_box.setObjectName("oddsBox")
        self.odds_label = big_label(odds_box, "oddsLabel")
        self.rule_label = note_label(odds_box, "ruleLabel")
        self.chart = OddsChartWidget(odds_box, x_title=_("Total"), summary=False)
        odds_layout = QVBoxLayout(odds_box)
        odds_layout.addWidget(self.odds_label)
        odds_layout.addWidget(self.rule_label)
        odds_layout.addWidget(self.chart, 1)

        outcome_box = QGroupBox(_("The last prayer"), self)
        outcome_box.setObjectName("outcomeBox")
        self.outcome_label = big_label(outcome_box, "outcomeLabel", 1.2)
        self.outcome_label.setText(_("No prayer said yet."))
        outcome_layout = QVBoxLayout(outcome_box)
        outcome_layout.addWidget(self.outcome_label)

        middle = QHBoxLayout()
        middle.addWidget(form_box, 4)
        middle.addWidget(odds_box, 5)
        layout = QVBoxLayout(self)
        layout.addLayout(middle, 1)
        layout.addWidget(outcome_box)

        self.priest_combo.currentIndexChanged.connect(self._on_priest_combo_current_index_changed)
        self.prayer_combo.currentIndexChanged.connect(self._on_prayer_combo_current_index_changed)
        self.roll_button.clicked.connect(self._on_roll_button_clicked)
        self.dice_entry.dice_entered.connect(self._on_dice_entry_dice_entered)
        document.changed.connect(self._on_document_changed)
        document.refused.connect(self._on_document_refused)
        self._refresh()

    # --- public --------------------------------------------------------------------------------------------
    @property
    def selected_key(self) -> str | None:
        return self._key

    @property
    def selected_prayer(self) -> str | None:
        return self._prayer

    @property
    def refusal(self) -> Problem | None:
        """Why the prayer chosen may not be said now (None: it may)."""
        return self._refusal()

    def select_priest(self, key: str) -> None:
        """Show this priest's prayers, the first chosen; a key that is no priest of the battle changes nothing."""
        if key not in {p.key for p in priests(self._document.battle)}:
            return
        self._key = key
        self._prayer = None
        self._refresh()

    def select_prayer(self, prayer_id: str) -> None:
        index = self.prayer_combo.findData(prayer_id)
        if index >= 0:
            self.prayer_combo.setCurrentIndex(index)

    def request(self) -> PrayRequest | None:
        return PrayRequest(self._key, self._prayer) if self._key is not None and self._prayer is not None else None

    def pray(self) -> PrayOutcome | None:
        """Pray with the program's dice; None when the prayer may not be said (the reason is shown)."""
        return self._pray(None)

    def pray_with_dice(self, values: tuple[int, ...]) -> PrayOutcome | None:
        """Pray with the two dice thrown on the table; dice that do not fit are refused and change nothing."""
        outcome = self._pray(TypedDice(values))
        if outcome is not None:
            self.dice_entry.clear()
        return outcome

    # --- showing -------------------------------------------------------------------------------------------
    def _refresh(self) -> None:
        battle = self._document.battle
        found = priests(battle)
        if self._key not in {p.key for p in found}:
            standing = [p for p in found if not p.state.fallen and not p.state.prayed]
            self._key = (standing or found)[0].key if found else None
            self._prayer = None
        with QSignalBlocker(self.priest_combo):
            if [self.priest_combo.itemData(i) for i in range(self.priest_combo.count())] != [p.key for p in found]:
                self.priest_combo.clear()
                for priest in found:
                    self.priest_combo.addItem(priest_text(battle, priest), priest.key)
            else:
                for number, priest in enumerate(found):
                    self.priest_combo.setItemText(number, priest_text(battle, priest))
            self.priest_combo.setCurrentIndex(self.priest_combo.findData(self._key) if self._key else -1)
        chosen = next((p for p in found if p.key == self._key), None)
        held = list(dict.fromkeys(chosen.unit.prayers)) if chosen is not None else []
        if self._prayer not in held:
            self._prayer = held[0] if held else None
        with QSignalBlocker(self.prayer_combo):
            self.prayer_combo.clear()
            for prayer_id in held:
                self.prayer_combo.addItem(prayer_text(battle, prayer_id), prayer_id)
            self.prayer_combo.setCurrentIndex(self.prayer_combo.findData(self._prayer) if self._prayer else -1)
        self.prayer_combo.setEnabled(bool(held))
        self.state_label.setText(priest_state(chosen) if chosen is not None else "")
        self._update_prayer()

    def _refusal(self) -> Problem | None:
        request = self.request()
        if request is None:
            return None
        if self._action is not None:
            return self._action.refusal
        problems = pray_problems(self._document.battle, request)
        return problems[0] if problems else None

    def _update_prayer(self) -> None:
        """The chosen prayer's refusal (from the model's actions), its exact odds and chart, what may be pressed."""
        battle = self._document.battle
        request = self.request()
        self._action = next(
            (a for a in self._document.actions() if a.kind == "pray" and a.request == request), None
        )
        refusal = self._refusal()
        if battle.ended:
            say(self.refusal_label, _("The battle is over: resume it to pray again."))
        else:
            say(self.refusal_label, f"{refusal.rule}: {refusal.sentence}" if refusal is not None else "")
        ready = request is not None and refusal is None and self._action is not None and not battle.ended
        self.roll_button.setEnabled(ready)
        self.dice_entry.set_apply_enabled(ready)
        self._show_odds(battle, request)

    def _show_odds(self, battle: LitanyBattle, request: PrayRequest | None) -> None:
        chosen = next((p for p in priests(battle) if request is not None and p.key == request.key), None)
        prayer = battle.entries.prayers.get(request.prayer) if request is not None else None
        if request is None or chosen is None or chosen.piety is None or prayer is None:
            self.odds_label.setText(_("No prayer chosen"))
            self.rule_label.clear()
            self.chart.clear()
            return
        success = self._document.game.odds(battle, request).success
        self.odds_label.setText(
            _("Answered: {percent} ({fraction})").format(percent=format_percent(success), fraction=success)
        )
        double_six = battle.options.double_six_always_answers
        rule = _("2d6 + piety {piety} must reach {difficulty}").format(
            piety=chosen.piety, difficulty=prayer.difficulty
        )
        if double_six:
            rule = _("{rule}; a double six always answers (LI-03)").format(rule=rule)
        else:
            rule = _("{rule} (LI-03)").format(rule=rule)
        self.rule_label.setText(rule)
        bars, first = totals(chosen.piety, prayer.difficulty, double_six)
        self.chart.set_distribution(bars, first)

    # --- acting --------------------------------------------------------------------------------------------
    def _pray(self, dice: Dice | None) -> PrayOutcome | None:
        request = self.request()
        if request is None or not self.roll_button.isEnabled():
            return None
        self._typing = dice is not None
        try:
            roll = self._document.roll(request, dice)  # the rule runs once; the journal keeps its dice
        finally:
            self._typing = False
        if roll is None:
            return None
        outcome: PrayOutcome = roll.outcome
        player = self._document.battle.sides[int(outcome.key.split(":", 1)[0])].player
        source = _("typed") if dice is not None else _("rolled")
        self.outcome_label.setText(
            _("{player}: {sentence} ({source})").format(
                player=player, sentence=spoken_text(outcome.sentence()), source=source
            )
        )
        colour_outcome(self.outcome_label, outcome.answered)
        return outcome

    # --- slots ---------------------------------------------------------------------------------------------
    def _on_document_changed(self, change: Change[LitanyBattle]) -> None:
        if not change.touched(resolver_part) or self.deferred_while_hidden():
            return
        self._refresh()

    def catch_up(self) -> None:
        self._refresh()

    def _on_document_refused(self, text: str) -> None:
        if self._typing:
            self.dice_entry.show_error(text)

    def _on_priest_combo_current_index_changed(self, index: int) -> None:
        key = self.priest_combo.itemData(index)
        if isinstance(key, str):
            self.select_priest(key)

    def _on_prayer_combo_current_index_changed(self, index: int) -> None:
        prayer = self.prayer_combo.itemData(index)
        if isinstance(prayer, str):
            self._prayer = prayer
            self._update_prayer()

    def _on_roll_button_clicked(self) -> None:
        self.pray()

    def _on_dice_entry_dice_entered(self, values: tuple[int, ...]) -> None:
        self.pray_with_dice(values)
