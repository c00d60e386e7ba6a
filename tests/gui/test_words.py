"""The words a player reads (issue 17): a party's builder roster shows no points, and a Faithful done in the
Divination phase is named in the log and the Edit menu."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from warband.gui.army_document import ArmyDocument
from warband.gui.battle_document import BattleDocument
from warband.gui.builder.builder_tab import BuilderTab
from warband.gui.systems.confrontation.resolver_tab import ResolverTab
from warband.model.army import load_army
from warband.model.battle import BattleRun
from warband.model.catalog import builtin_catalog_paths, load_catalogs
from warband.model.dice import SeededDice
from warband.model.locations import data_dir
from warband.model.systems.confrontation.battle_commands import NextPhase, SetModelFlag
from warband.model.systems.confrontation.battle_rules import start_battle
from warband.model.systems.confrontation.schema import ConfrontationArmy

LEFT = Qt.MouseButton.LeftButton
PRIESTESS = "0:u1"


@pytest.fixture(scope="module")
def builtin():
    return load_catalogs(builtin_catalog_paths())


def test_a_party_shows_no_points_in_the_builder_roster(qtbot, builtin):
    party = load_army(data_dir() / "pfpv" / "examples" / "the-company.warband.json")
    document = ArmyDocument(party, builtin.for_system("pfpv"))
    tab = BuilderTab(document)
    qtbot.addWidget(tab)
    tab.resize(1280, 800)
    with qtbot.waitExposed(tab):
        tab.show()
    model = tab.roster.model
    titles = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert titles == ["Unit", "Profile", "Notes"]  # no cost column: characters are not bought
    cells = [str(model.index(r, c).data()) for r in range(model.rowCount()) for c in range(model.columnCount())]
    assert "0" not in cells and not any("A.P." in cell for cell in cells)
    assert not tab.roster.total_label.isVisible()
    shown = [label.text() for label in tab.findChildren(QLabel) if label.isVisible()]
    assert not any("A.P." in text or text.startswith("Total") for text in shown), shown
    assert "A party: no points" in shown
    tab.grab().save("/tmp/i17-i17words/pfpv-builder.png")


def test_the_cost_column_stays_for_a_game_with_points(qtbot, builtin):
    army = load_army(data_dir() / "confrontation" / "examples" / "light-of-merin.warband.json")
    document = ArmyDocument(army, builtin.for_system("confrontation"))
    tab = BuilderTab(document)
    qtbot.addWidget(tab)
    model = tab.roster.model
    titles = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert titles == ["Unit", "Profile", "A.P.", "Notes"]
    assert tab.roster.total_label.text().startswith("Total: ")


@pytest.fixture
def resolver(qtbot, builtin):
    armies = [
        (
            player,
            ConfrontationArmy.model_validate({"system": "confrontation", "name": player, "units": units}),
        )
        for player, units in (
            (
                "Aline",
                [{"id": "u1", "profile": "iron-priestess", "label": "Mother Superior", "miracles": ["priere"]}],
            ),
            ("Bruno", [{"id": "u1", "profile": "behemoth-shaman", "miracles": ["priere"]}]),
        )
    ]
    battle = start_battle(armies, builtin.for_system("confrontation"))
    battle = NextPhase().apply(NextPhase().apply(battle))  # the Divination phase
    document = BattleDocument(BattleRun(battle, dice=SeededDice(1)))
    tab = ResolverTab(document)
    qtbot.addWidget(tab)
    yield tab, document
    document.close()


def test_a_faithful_done_in_the_divination_phase_is_named(qtbot, resolver):
    tab, document = resolver
    assert tab.selected_key == PRIESTESS
    qtbot.mouseClick(tab.done_button, LEFT)
    assert document.battle.state(PRIESTESS).divination_done
    assert document.undo_label == "Mother Superior is done calling miracles"
    assert document.run.log[-1].text == "Mother Superior is done calling miracles"
    assert "Divination phase: yes" not in document.run.log[-1].text


def test_other_flags_keep_their_words(resolver):
    _tab, document = resolver
    assert document.act(SetModelFlag(key=PRIESTESS, field="engaged", value=True))
    assert document.undo_label == "Engaged in melee: yes"  # as journals written before say it
