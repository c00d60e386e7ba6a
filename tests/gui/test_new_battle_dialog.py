"""File → New Battle asks the chosen game for its sides and options, and shows no other game's (issue 14)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QGroupBox

from warband.api import games, load_army
from warband.gui.new_battle_dialog import NewBattleDialog
from warband.gui.systems.registry import system_ui
from warband.model.system import game_info

GAMES = [game for game in games() if (ui := system_ui(game.id)) is not None and ui.battle is not None]


def example(system_id: str):
    """The game's example army, beside its built-in catalogs (a plug-in keeps its own folder)."""
    (catalog, *_more) = game_info(system_id).builtin_catalogs()
    (path,) = sorted((catalog.parent / "examples").glob("*.warband.json"))
    return path


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_the_dialog_asks_the_game_of_the_army_on_screen_for_its_sides_and_options(qtbot, game):
    army = load_army(example(game.id))
    dialog = NewBattleDialog(army)
    qtbot.addWidget(dialog)
    assert dialog.game == game.id
    assert len(dialog.sides) == game.sides
    ui = system_ui(game.id)
    if ui.options_box is None:
        assert dialog.options_box is None
    else:
        assert type(dialog.options_box) is type(ui.options_box(None))
    shown = [box for box in dialog.findChildren(QGroupBox) if box.objectName() == "rulesOptionsBox"]
    assert shown == ([dialog.options_box] if dialog.options_box is not None else [])  # no other game's options
    choice = dialog.choose()
    assert choice is not None and [a.system for _player, a in choice.sides] == [game.id] * game.sides
    model = api_options_model(game.id)
    assert (choice.options is None) if model is None else isinstance(choice.options, model)


def api_options_model(system_id: str):
    from warband.api import get_system

    return get_system(system_id).options_model


def test_a_party_is_one_group_with_its_game_master(qtbot):
    dialog = NewBattleDialog(load_army(example("pfpv")))
    qtbot.addWidget(dialog)
    (party,) = dialog.sides
    assert party.title() == "The party" and party.player.text() == "Game master"


def test_choosing_another_game_changes_the_sides_and_the_options(qtbot):
    dialog = NewBattleDialog(load_army(example("confrontation")))
    qtbot.addWidget(dialog)
    assert dialog.options_box.title() == "Confrontation rules options"
    dialog.set_game("pfpv")
    assert len(dialog.sides) == 1 and dialog.options_box is None
    dialog.set_game("sbg")
    assert len(dialog.sides) == 2 and dialog.options_box.title() == "Strategy Battle Game rules options"
    boxes = [box for box in dialog.findChildren(QGroupBox) if box.objectName() == "rulesOptionsBox"]
    assert boxes == [dialog.options_box]  # the other games' boxes are gone
    first, _second = dialog.sides
    assert first.source.count() == 0  # the army on screen is a Confrontation army: not offered for the SBG
    assert dialog.choose() is None and first.error.text() == "Choose an army for this side."


def test_an_army_of_another_game_is_named_in_its_side(qtbot):
    answers = [example("sbg")]
    dialog = NewBattleDialog(load_army(example("confrontation")), ask_file=lambda: answers.pop(0))
    qtbot.addWidget(dialog)
    dialog.sides[1].browse.click()
    assert dialog.choose() is None
    assert dialog.sides[1].error.text() == (
        "This army is for Strategy Battle Game, and the battle is of Confrontation."
    )
    assert dialog.sides[0].error.text() == ""


def test_power_dice_asks_who_has_the_initiative_first(qtbot):
    dialog = NewBattleDialog(load_army(example("powerdice")))
    qtbot.addWidget(dialog)
    dialog.options_box.initiative.setCurrentIndex(1)
    assert dialog.choose().first == 1
