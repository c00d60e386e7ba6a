"""The heroic actions of a Move, Shoot or Fight phase (SB-05), step by step, always saying whose turn it is: the
side with priority declares or declines, then the other, then the first may change its mind; the sides name their
heroes in turn; when both declared, the priority player's roll-off; then the numbered order.

The battle decides every step (whose turn, who may be named); this panel shows the step and turns clicks into
actions. One page per step in a stack: moving on switches the page, it does not show and hide widgets."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from warband.gui.battle_document import BattleDocument
from warband.gui.document import Change
from warband.gui.systems.sbg.tracker_text import note_label, plain_label, player, set_look
from warband.gui.widgets.flow_layout import FlowLayout
from warband.model.army import Problem
from warband.model.dice import TypedDice
from warband.model.messages import N_, Phrase, _, joined, spoken_text
from warband.model.systems.sbg import battle_rules as rules
from warband.model.systems.sbg import heroics
from warband.model.systems.sbg.battle_commands import Declare, NameHero, StopNaming
from warband.model.systems.sbg.battle_state import HEROIC_PHASES, Heroics, SbgBattle
from warband.model.systems.sbg.play import HeroicRollOff

IDLE, DECIDE, NAMING, ROLLOFF = range(4)
"""The pages of the step stack (IDLE: nothing to click, the text says why)."""


def _row(parent: QWidget, *widgets: QWidget) -> QWidget:
    """Widgets side by side, on more lines where the pane is narrow (a large font)."""
    page = QWidget(parent)
    layout = FlowLayout(page)
    for widget in widgets:
        layout.addWidget(widget)
    return page


def _hero_label(battle: SbgBattle, key: str) -> str:
    try:
        return spoken_text(rules.hero(battle, key).label)
    except KeyError:
        return key


def order_text(battle: SbgBattle) -> str:
    """`1. Aragorn (Aline)` one a line: the heroic actions in the order they are resolved."""
    if battle.heroics is None:
        return ""
    lines = []
    for number, key in enumerate(battle.heroics.order, start=1):
        side = int(key.split(":", 1)[0])
        lines.append(f"{number}. {_hero_label(battle, key)} ({player(battle, side)})")
    return "\n".join(lines)


def named_text(battle: SbgBattle, h: Heroics) -> str:
    """Who each declaring side has named so far."""
    lines = []
    for side in h.declared:
        names = ", ".join(_hero_label(battle, key) for key in h.named[side]) or "—"
        stopped = " " + _("(stopped)") if side in h.stopped else ""
        lines.append(f"{player(battle, side)}: {names}{stopped}")
    return "\n".join(lines)


def _rolloff_text(battle: SbgBattle) -> str:
    """Who goes first on 1–3 and on 4–6 (SB-05), with the alignments when the sides differ."""
    unknown = heroics.unknown_alignments(battle)
    if unknown:  # SB-X1: who goes first depends on an alignment no catalog gives; the players settle it
        return Problem.of("SB-X1", "sbg.rolloff_unknown", None, heroes=joined(unknown)).sentence
    low, high = heroics.rolloff_winner(battle, 1), heroics.rolloff_winner(battle, 6)
    found = [{h.profile.alignment for h in rules.heroes(battle) if h.side == s} for s in (0, 1)]
    differ = all(len(a) == 1 for a in found) and found[0] != found[1]
    words: dict[str | None, str] = {"good": _("Good"), "evil": _("Evil"), None: _("Unknown")}

    def who(side: int) -> str:
        if not differ:
            return player(battle, side)
        return f"{player(battle, side)} ({words[next(iter(found[side]))]})"

    text = _("1–3: {low} first · 4–6: {high} first").format(low=who(low), high=who(high))
    if not differ:
        text += " " + _("(same alignment: the side with priority goes first on 4–6)")
    return text


def heroics_part(battle: SbgBattle) -> tuple[object, ...]:
    """What the panel reads: the phase, the priority and the declarations; while there are declarations, the
    players and the heroes too (their labels, Might and alignments, named and ordered)."""
    if battle.heroics is None:
        return battle.phase, battle.priority, None
    return battle.phase, battle.priority, battle.heroics, battle.sides, battle.entries.profiles, battle.heroes


class HeroicsPanel(QWidget):
    """SB-05 in the Move, Shoot and Fight phases: what is awaited, from whom, and the buttons to answer."""

    def __init__(self, document: BattleDocument[SbgBattle], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.turn_label = plain_label("heroicTurnLabel", self, wrap=True)
        self.turn_label.setProperty("side", "")
        self.turn_label.setAccessibleName(_("Heroic actions: whose turn"))
        self.turn_label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)

        self.declare_button = QPushButton(_("Declare"), self)
        self.declare_button.setObjectName("declareButton")
        self.decline_button = QPushButton(_("Decline"), self)
        self.decline_button.setObjectName("declineButton")
        self.hero_combo = QComboBox(self)
        self.hero_combo.setObjectName("heroicHeroCombo")
        self.hero_combo.setAccessibleName(_("Hero to name"))
        self.hero_combo.setMinimumContentsLength(24)
        self.hero_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.name_button = QPushButton(_("Name (1 Might)"), self)
        self.name_button.setObjectName("nameHeroButton")
        self.name_button.setToolTip(_("Name this hero for a heroic action: it spends 1 Might now (SB-05)"))
        self.stop_button = QPushButton(_("Stop naming"), self)
        self.stop_button.setObjectName("stopNamingButton")
        self.stop_button.setToolTip(_("Name no more heroes; the other side may name as many more as it wants"))
        self.rolloff_label = plain_label("rolloffLabel", self, wrap=True)
        self.roll_button = QPushButton(_("Roll"), self)
        self.roll_button.setObjectName("rollOffButton")
        self.roll_button.setToolTip(_("Roll the priority player's D6 with the program's dice"))
        self.die_spin = QSpinBox(self)
        self.die_spin.setObjectName("rollOffSpin")
        self.die_spin.setRange(1, 6)
        self.die_spin.setAccessibleName(_("The die thrown at the table"))
        self.die_spin.setToolTip(_("The die thrown at the table"))
        self.enter_button = QPushButton(_("Enter die"), self)
        self.enter_button.setObjectName("enterRollOffButton")
        self.enter_button.setToolTip(_("Use the die thrown at the table"))
        typed = QLabel(_("or the table's die:"), self)

        self.pages = QStackedWidget(self)
        self.pages.setObjectName("heroicPages")
        self.pages.addWidget(QWidget(self))
        self.pages.addWidget(_row(self, self.declare_button, self.decline_button))
        self.pages.addWidget(_row(self, self.hero_combo, self.name_button, self.stop_button))
        rolloff = QWidget(self)
        rolloff_layout = QVBoxLayout(rolloff)
        rolloff_layout.setContentsMargins(0, 0, 0, 0)
        rolloff_layout.addWidget(self.rolloff_label)
        rolloff_layout.addWidget(_row(self, self.roll_button, typed, self.die_spin, self.enter_button))
        self.pages.addWidget(rolloff)
        self.pages.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)

        self.list_title = plain_label("heroicListTitle", self)
        font = self.list_title.font()
        font.setBold(True)
        self.list_title.setFont(font)
        self.list_label = plain_label("heroicListLabel", self, wrap=True)
        self.list_label.setAccessibleName(_("Heroic actions"))
        self.cost_note = note_label("heroicCostNote", self)
        self.cost_note.setText(
            _(
                "Declaring spends 1 Might for each hero named, not refunded if its action is pre-empted by one "
                "declared earlier (SB-05)."
            )
        )

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.turn_label)
        layout.addWidget(self.pages)
        layout.addSpacing(6)
        layout.addWidget(self.list_title)
        layout.addWidget(self.list_label)
        layout.addStretch(1)
        layout.addWidget(self.cost_note)

        self.declare_button.clicked.connect(self._on_declare_button_clicked)
        self.decline_button.clicked.connect(self._on_decline_button_clicked)
        self.name_button.clicked.connect(self._on_name_button_clicked)
        self.stop_button.clicked.connect(self._on_stop_button_clicked)
        self.roll_button.clicked.connect(self._on_roll_button_clicked)
        self.enter_button.clicked.connect(self._on_enter_button_clicked)
        document.changed.connect(self._on_document_changed)
        self._show_step()

    # --- input ---------------------------------------------------------------------------------------------
    def _turn(self) -> int | None:
        return heroics.heroic_turn(self._document.battle)

    def _declare(self, wants: bool) -> None:
        battle = self._document.battle
        side = self._turn()
        if side is None or battle.heroics is None:
            return
        who = player(battle, side)
        if wants:
            template = N_("{player} declares heroic actions")
        elif battle.heroics.stage == "reconsider":
            template = N_("{player} keeps declining heroic actions")
        else:
            template = N_("{player} declines heroic actions")
        self._document.act(Declare(side=side, wants=wants), text=Phrase(template, player=who), side=side)

    def _on_declare_button_clicked(self) -> None:
        self._declare(True)

    def _on_decline_button_clicked(self) -> None:
        self._declare(False)

    def _on_name_button_clicked(self) -> None:
        battle = self._document.battle
        side = self._turn()
        key = self.hero_combo.currentData()
        if side is None or not isinstance(key, str):
            return
        text = Phrase(
            N_("{player} names {hero} for a heroic action (1 Might spent)"),
            player=player(battle, side),
            hero=rules.hero(battle, key).label,
        )
        self._document.act(NameHero(side=side, key=key), text=text, side=side)

    def _on_stop_button_clicked(self) -> None:
        side = self._turn()
        if side is None:
            return
        text = Phrase(N_("{player} names no more heroes"), player=player(self._document.battle, side))
        self._document.act(StopNaming(side=side), text=text, side=side)

    def _on_roll_button_clicked(self) -> None:
        self._document.roll(HeroicRollOff())

    def _on_enter_button_clicked(self) -> None:
        self.die_spin.interpretText()
        self._document.roll(HeroicRollOff(), TypedDice((self.die_spin.value(),)))

    # --- following the document ----------------------------------------------------------------------------
    def _on_document_changed(self, change: Change[SbgBattle]) -> None:
        """Out of the declarations the panel shows a sentence alone: a counter corrected then leaves it be."""
        if change.touched(heroics_part):
            self._show_step()

    def _show_step(self) -> None:
        battle = self._document.battle
        h = battle.heroics
        turn = heroics.heroic_turn(battle)
        if h is not None and h.stage == "rolloff":
            turn = battle.priority  # the priority player rolls
        set_look(self.turn_label, "side", "" if turn is None else str(turn))
        page, text = self._step(battle, h, turn)
        self.turn_label.setText(text)
        self.pages.setCurrentIndex(page)
        if page == NAMING and turn is not None:
            self._fill_heroes(battle, turn)
        if page == ROLLOFF:
            self.rolloff_label.setText(_rolloff_text(battle))
        if h is not None and h.stage == "done" and h.order:
            self.list_title.setText(_("Resolved first, in this order, before the normal priority order:"))
            self.list_label.setText(order_text(battle))
        elif h is not None and h.declared:
            self.list_title.setText(_("Named so far:"))
            self.list_label.setText(named_text(battle, h))
        else:
            self.list_title.setText("")
            self.list_label.setText("")

    def _step(self, battle: SbgBattle, h: Heroics | None, turn: int | None) -> tuple[int, str]:
        """The page to show and the sentence saying what is awaited from whom."""
        if battle.phase not in HEROIC_PHASES or h is None:
            return IDLE, _("Heroic actions are declared at the start of the Move, Shoot and Fight phases.")
        p = battle.priority
        if p is None:
            return IDLE, _("Record priority first (on the bar above): the side with priority declares first.")
        first, other = player(battle, p), player(battle, 1 - p)
        if h.stage == "priority":
            self.decline_button.setText(_("Decline"))
            return DECIDE, _("{player} (priority) declares heroic actions or declines.").format(player=first)
        if h.stage == "other":
            self.decline_button.setText(_("Decline"))
            if p in h.declared:
                return DECIDE, _("{first} declared. {other} declares heroic actions too, or declines.").format(
                    first=first, other=other
                )
            return DECIDE, _("{first} declined. {other} declares heroic actions or declines.").format(
                first=first, other=other
            )
        if h.stage == "reconsider":
            self.decline_button.setText(_("Keep declining"))
            return DECIDE, _(
                "{other} declared. {first} (priority) may change their mind and declare too, or keep declining."
            ).format(first=first, other=other)
        if h.stage == "naming" and turn is not None:
            naming, waiting = player(battle, turn), player(battle, 1 - turn)
            if len(h.declared) == 1:
                text = _("{player} names a hero for a heroic action, one at a time, or stops naming.")
            elif 1 - turn in h.stopped:
                text = _("{waiting} stopped naming: {player} may name as many more heroes as they want, or stop.")
            else:
                text = _("{player} names a hero for a heroic action, or stops naming; the sides name in turn.")
            return NAMING, text.format(player=naming, waiting=waiting)
        if h.stage == "rolloff":
            return ROLLOFF, _(
                "Both sides declared: {player} (priority) rolls a D6 to see whose heroes go first."
            ).format(player=first)
        if not h.order:
            return IDLE, _("No heroic actions in this phase: play on in priority order, {player} first.").format(
                player=first
            )
        text = _(
            "Heroic actions first, in the numbered order; then the normal priority order, {player} first."
        ).format(player=first)
        if h.rolloff is not None and h.first is not None:
            rolled = _("Roll-off: {roll}, {player}'s heroes first.")
            text = rolled.format(roll=h.rolloff, player=player(battle, h.first)) + " " + text
        return IDLE, text

    def _fill_heroes(self, battle: SbgBattle, side: int) -> None:
        """The naming side's heroes that may still be named: in play, not named yet, with Might left."""
        h = battle.heroics
        named = set(h.named[0] + h.named[1]) if h is not None else set()
        choices = [
            (_("{hero} — Might {might}").format(hero=spoken_text(m.label), might=m.state.might), m.key)
            for m in rules.heroes(battle)
            if m.side == side and not m.state.removed and m.key not in named and m.state.might >= 1
        ]
        shown = [
            (self.hero_combo.itemText(i), self.hero_combo.itemData(i)) for i in range(self.hero_combo.count())
        ]
        if shown != choices:
            with QSignalBlocker(self.hero_combo):
                self.hero_combo.clear()
                for text, key in choices:
                    self.hero_combo.addItem(text, key)
        self.name_button.setEnabled(bool(choices))
        self.hero_combo.setEnabled(bool(choices))
        if not choices:
            self.turn_label.setText(
                _("{player} has no hero left with Might to name: stop naming.").format(player=player(battle, side))
            )
