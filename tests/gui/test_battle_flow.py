"""Every game's battle moves and ends the same way, through the shared bar and summary box (issue 14)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from warband import api
from warband.gui.battle_document import BattleDocument
from warband.gui.systems.registry import battle_kit
from warband.gui.widgets.battle_bar import SHARED, BattleBar
from warband.gui.widgets.summary_box import SummaryBox

GAMES = [game for game in api.games() if battle_kit(game.id) is not None]
LEFT = Qt.MouseButton.LeftButton


def example(system_id: str) -> api.Army:
    """The game's example army, beside its built-in catalogs (a plug-in keeps its own folder)."""
    (catalog, *_more) = next(g for g in api.games() if g.id == system_id).builtin_catalogs()
    (path,) = sorted((catalog.parent / "examples").glob("*.warband.json"))
    return api.load_army(path)


@pytest.fixture
def document_of(builtin_load):
    made = []

    def make(game):
        sides = [(player, example(game.id)) for player in ("Aline", "Bruno")[: game.sides]]
        run = api.start_battle(sides, builtin_load.for_system(game.id), dice=api.SeededDice(5))
        document = BattleDocument(run)
        made.append(document)
        return document

    yield make
    for document in made:
        document.close()


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_next_back_and_end_battle_with_its_summary(qtbot, document_of, game):
    document = document_of(game)
    tab = QWidget()
    qtbot.addWidget(tab)
    bar, box = BattleBar(document, tab), SummaryBox(document, tab)
    tab.show()
    phases = api.get_system(game.id).phases(document.battle)
    assert list(bar.step_labels) == [phase.id for phase in phases]
    current = next(p.id for p in phases if p.current)
    assert bar.step_labels[current].property("current") is True
    assert bar.turn_label.text().startswith("Turn ") or document.battle.turn == 0
    before = document.battle
    next_action = next(a for a in api.actions(document.run) if a.kind == "next_phase")
    assert bar.next_button.isEnabled() == next_action.allowed  # the model says whether it may be done
    if next_action.allowed:
        qtbot.mouseClick(bar.next_button, LEFT)
        assert document.battle != before, "Next moved the battle on"
        if bar.back_button.isVisible():
            assert bar.back_button.isEnabled()
            qtbot.mouseClick(bar.back_button, LEFT)
            assert document.battle == before
    assert not box.isVisible()
    qtbot.mouseClick(bar.end_button, LEFT)
    assert document.battle.ended and bar.end_button.text() == "Resume battle"
    assert bar.over_label.isVisible() and bar.over_label.text() == "(battle over)"
    assert box.isVisible()
    summary = api.get_system(game.id).summary(document.battle, document.run.log)
    assert [row[0] for row in box.texts()] == [side.player for side in summary.sides]
    assert [row[1:] for row in box.texts()] == [list(side.lines) for side in summary.sides]
    document.undo()
    assert not document.battle.ended and not box.isVisible() and bar.end_button.text() == "End battle"


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_f8_moves_on_wherever_the_focus_is(qtbot, document_of, game):
    document = document_of(game)
    bar = BattleBar(document)
    qtbot.addWidget(bar)
    bar.show()
    qtbot.waitExposed(bar)
    bar.activateWindow()
    qtbot.waitUntil(bar.isActiveWindow)
    before = document.battle
    qtbot.keyClick(bar, Qt.Key.Key_F8)
    allowed = next(a for a in api.actions(document.run) if a.kind == "next_phase").allowed
    assert (document.battle != before) == allowed


def test_the_next_button_speaks_the_games_words(qtbot, document_of):
    words = {}
    for game in GAMES:
        bar = BattleBar(document_of(game))
        qtbot.addWidget(bar)
        words[game.id] = bar.next_button.text()
    assert words["confrontation"] == "Next phase ▶"
    assert words["powerdice"] == "Next step ▶"


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_the_one_document_takes_any_games_actions_and_rolls(qtbot, document_of, game):
    from warband.gui.battle_document import BattleDocument

    document = document_of(game)
    assert type(document) is BattleDocument  # one document for every game
    refused: list[str] = []
    document.refused.connect(refused.append)
    for _step in range(12):  # on through the battle, rolling whatever the model offers
        actions = [a for a in document.actions() if a.allowed and a.kind not in ("end_battle", "previous_phase")]
        actions = [a for a in actions if a.command is None or a.command.apply(document.battle) != document.battle]
        actions = [a for a in actions if a.command is None or a.command.apply(document.battle) != document.battle]
        rolls = [a for a in actions if a.request is not None]
        pick = rolls[0] if rolls else actions[0]
        lines = len(document.run.log)
        assert document.take(pick)
        assert len(document.run.log) == lines + 1
    assert refused == []
    blocked = next((a for a in document.actions() if not a.allowed), None)
    if blocked is not None:
        before = document.battle
        assert not document.take(blocked)
        assert refused and document.battle == before


def test_the_summary_is_worked_out_only_when_the_battle_is_over(qtbot, document_of):
    """The document's `changed` carries the battle before and after (a `Change`): the box skips the actions of a
    battle that goes on, and works the summary out once it ends."""
    game = next(g for g in GAMES if g.id == "confrontation")
    document = document_of(game)
    box = SummaryBox(document)
    qtbot.addWidget(box)
    seen: list[tuple[object, object]] = []
    document.changed.connect(lambda change: seen.append((change.before, change.after)))
    counted: list[int] = []
    real = box._game

    class Spy:
        def __getattr__(self, name):
            return getattr(real, name)

        def summary(self, *args):
            counted.append(1)
            return real.summary(*args)

    box._game = Spy()
    before = document.battle
    next_move = next(a for a in document.actions() if a.kind == "next_phase")
    assert document.take(next_move)
    assert seen == [(before, document.battle)] and counted == []
    assert document.take(next(a for a in document.actions() if a.kind == "end_battle"))
    assert counted and box.texts()[0][0] == "Aline"


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_the_bar_changes_its_widgets_only_when_a_move_or_the_phase_did(qtbot, document_of, game):
    """An action of the game's own (a roll, a marker, a casting) leaves the bar's turn line as it is."""
    document = document_of(game)
    bar = BattleBar(document)
    qtbot.addWidget(bar)
    texts: list[str] = []
    real = bar.turn_label.setText
    bar.turn_label.setText = lambda text: (texts.append(text), real(text))
    model = api.get_system(game.id)

    def shown():
        battle = document.battle
        phases = tuple((p.id, p.current) for p in model.phases(battle))
        return battle.turn, battle.ended, phases, tuple((a.kind, a.refusal) for a in model.moves(battle))

    own = [a for a in document.actions() if a.allowed and a.kind not in SHARED]
    for action in own:
        before, battle = shown(), document.battle
        assert document.take(action)
        if document.battle != battle and shown() == before:
            assert texts == []
            break
        document.undo()
    else:
        pytest.fail("no action of the game's own that leaves the phase alone")
    assert document.take(next(a for a in document.actions() if a.kind == "end_battle"))
    assert texts, "ending the battle changes the bar"
