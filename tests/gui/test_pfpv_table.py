"""Par le Fer at the table (issue 17): the resolver starts from the spell the tracker says is being cast, and a
casting resolved leaves the tracker's Casting column, through the end of combat and hours of rest."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTabWidget

from warband.gui.battle_document import BattleDocument
from warband.gui.systems.pfpv.resolver_tab import PfpvResolverTab
from warband.gui.systems.pfpv.tracker_characters import CharactersTableModel
from warband.gui.systems.pfpv.tracker_tab import PfpvTrackerTab
from warband.model.army import load_army
from warband.model.battle import BattleRun
from warband.model.catalog import builtin_catalog_paths, load_catalogs
from warband.model.dice import SeededDice
from warband.model.locations import data_dir
from warband.model.systems.pfpv.scene import EndCombat, NextRound, TimePasses, start_scene

LEFT = Qt.MouseButton.LeftButton
MERLIN, APPRENTICE = "u1", "u2"
SHIELD, SLEEP, IGNITE = "bouclier-magique", "sommeil", "enflammer-objet"


@pytest.fixture(scope="module")
def pfpv_catalogs():
    return load_catalogs(builtin_catalog_paths()).for_system("pfpv")


@pytest.fixture
def table(qtbot, pfpv_catalogs):
    """The tracker and the resolver as the window holds them: two tabs of one scene, Resolve… showing the resolver
    for the character."""
    party = load_army(data_dir() / "pfpv" / "examples" / "the-company.warband.json")
    document = BattleDocument(BattleRun(start_scene(party, pfpv_catalogs), dice=SeededDice(3)))
    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    tracker = PfpvTrackerTab(document)
    resolver = PfpvResolverTab(document)
    tabs.addTab(tracker, "Tracker")
    tabs.addTab(resolver, "Resolver")

    def resolve(key: str) -> None:
        resolver.select_character(key)
        tabs.setCurrentWidget(resolver)

    tracker.resolve_requested.connect(resolve)
    tabs.resize(1280, 800)
    tabs.show()
    yield tabs, tracker, resolver, document
    document.close()


def start_casting(qtbot, tracker, key, spell):
    tracker.select_character(key)
    panel = tracker.casting_panel
    panel.spell_combo.setCurrentIndex(panel.spell_combo.findData(spell))
    qtbot.mouseClick(panel.start_button, LEFT)


def casting_cell(tracker, key):
    model = tracker.characters_model
    return model.index(model.row_of(key), CharactersTableModel.CASTING).data()


def cast_with_dice(resolver):
    """Roll with the program's dice, the contact step then the control step when it is made (PF-03)."""
    result = resolver.cast(typed=False)
    if result is None and resolver.rolls_panel.stage == "control":
        result = resolver.cast(typed=False)
    assert result is not None
    return result


def test_resolve_from_the_tracker_preselects_the_spell_being_cast(qtbot, table):
    tabs, tracker, resolver, _document = table
    start_casting(qtbot, tracker, APPRENTICE, SHIELD)
    assert tracker.casting_panel.model.rowCount() == 1
    qtbot.mouseClick(tracker.resolve_button, LEFT)
    assert tabs.currentWidget() is resolver and resolver.selected_key == APPRENTICE
    choices = resolver.choices
    assert choices.spell is not None and choices.spell.id == SHIELD  # not the first spell it knows (Ignite)
    assert "3" in choices.spell_combo.currentText()  # its level, shown with it
    assert choices.combination_combo.currentData() == 0  # the first combination the apprentice can use
    assert resolver.choice() is not None and resolver.choice().spell == SHIELD


def test_the_first_usable_combination_is_chosen(qtbot, table):
    """The apprentice has no skill for Ignite's first combination: its second is chosen."""
    _tabs, tracker, resolver, _document = table
    resolver.select_character(MERLIN)
    start_casting(qtbot, tracker, APPRENTICE, IGNITE)
    qtbot.mouseClick(tracker.resolve_button, LEFT)
    assert resolver.choices.spell.id == IGNITE
    assert resolver.choices.combination_combo.currentData() == 1


def test_a_spell_begun_while_the_resolver_shows_the_character_is_chosen_when_it_is_shown(qtbot, table):
    tabs, tracker, resolver, _document = table
    assert resolver.selected_key == MERLIN
    assert resolver.choices.spell.id == SHIELD  # Merlin's first spell, nothing being cast
    tabs.setCurrentWidget(tracker)
    start_casting(qtbot, tracker, MERLIN, SLEEP)
    tabs.setCurrentWidget(resolver)  # the tab catches up as it is shown
    assert resolver.choices.spell.id == SLEEP


def test_a_casting_resolved_leaves_the_casting_column(qtbot, table):
    tabs, tracker, resolver, document = table
    tabs.setCurrentWidget(tracker)
    start_casting(qtbot, tracker, MERLIN, SLEEP)
    start_casting(qtbot, tracker, MERLIN, SHIELD)
    assert casting_cell(tracker, MERLIN).count(", ") == 1  # two spells being cast
    tracker.select_character(MERLIN)
    qtbot.mouseClick(tracker.resolve_button, LEFT)
    assert resolver.choices.spell.id == SLEEP  # the first begun
    cast_with_dice(resolver)
    assert [c.spell for c in document.battle.characters[MERLIN].casting] == [SHIELD]
    assert resolver.choices.spell.id == SHIELD  # the one still being cast, next
    cast_with_dice(resolver)
    assert document.battle.characters[MERLIN].casting == ()
    assert resolver.choices.spell.id == SHIELD  # nothing left: the last choices stay shown
    tabs.setCurrentWidget(tracker)
    assert not casting_cell(tracker, MERLIN)
    assert tracker.casting_panel.model.rowCount() == 0
    for command in (NextRound(), EndCombat(), TimePasses(hours=8, activity="asleep")):
        assert document.act(command)
        assert not casting_cell(tracker, MERLIN)
    document.undo()  # the hours
    document.undo()  # the end of combat
    document.undo()  # the round
    document.undo()  # the second casting: the shield is being cast again
    assert [c.spell for c in document.battle.characters[MERLIN].casting] == [SHIELD]
