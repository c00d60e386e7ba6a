"""The « Par le Fer et par le Verbe » resolver and tracker read to the letter (issue 16): the control step with its
Don once the contact rolls are known (PF-03), any sources and disciplines the character has and a spell in no
Grimoire (PF-01), and the penalty of spells begun together kept until the last one ends (PF-04)."""

from __future__ import annotations

import pytest

from tests.gui.test_pfpv_resolver import cast_typed, choose, type_rolls
from warband.gui.battle_document import BattleDocument
from warband.gui.systems.pfpv.resolver_choices import FREE, TABLE
from warband.gui.systems.pfpv.resolver_tab import PfpvResolverTab
from warband.model.army import load_army
from warband.model.battle import BattleRun
from warband.model.catalog import builtin_catalog_paths, load_catalogs
from warband.model.dice import SeededDice
from warband.model.locations import data_dir
from warband.model.systems.pfpv.scene import SetValue, StartCasting, StopCasting, start_scene

MERLIN, APPRENTICE, PYROMANCER = "u1", "u2", "u3"
SHIELD, FIREBALL, SLEEP, IGNITE = "bouclier-magique", "boule-de-feu", "sommeil", "enflammer-objet"


@pytest.fixture(scope="module")
def pfpv_catalogs():
    return load_catalogs(builtin_catalog_paths()).for_system("pfpv")


@pytest.fixture
def resolver(qtbot, pfpv_catalogs):
    party = load_army(data_dir() / "pfpv" / "examples" / "the-company.warband.json")
    document = BattleDocument(BattleRun(start_scene(party, pfpv_catalogs), dice=SeededDice(3)))
    tab = PfpvResolverTab(document)
    qtbot.addWidget(tab)
    yield tab, document
    document.close()


# --- PF-03 ----------------------------------------------------------------------------------------------------
def test_pf_03_the_don_for_control_is_asked_at_the_control_step(resolver):
    tab, document = resolver
    choose(tab, PYROMANCER, IGNITE, 0)  # Fire −1 / Destruction −1
    assert not hasattr(tab.choices, "don_control_spins")  # not among the choices made before the dice
    assert tab.rolls_panel.roll_button.text() == "Roll contact"
    spins = tab.rolls_panel.don_control_spins
    assert not spins["destruction"].isEnabled() and not tab.rolls_panel.control_spins["destruction"].isEnabled()
    type_rolls(tab, {"feu": 10}, {})  # Fire 12: raw 2
    assert tab.cast(typed=True) is None
    assert tab.rolls_panel.stage == "control" and spins["destruction"].isEnabled()
    assert tab.rolls_panel.raw_labels["feu"].text() == "raw 2"
    assert tab.rolls_panel.cast_button.text() == "Cast with these rolls"
    spins["destruction"].setValue(4)
    type_rolls(tab, {}, {"destruction": 9})  # 12 − 1 + 1 + 2 = 14: margin 5
    result = tab.cast(typed=True)
    assert result.outcome == "success" and dict(result.margins) == {"destruction": 5}
    assert document.battle.characters[PYROMANCER].don == 80 - 4 - 1
    assert "Don 80 → 75 (4 spent on the rolls)" in tab.result_panel.steps_label.text()


def test_pf_03_a_raw_energy_of_0_goes_on_to_the_control_step(resolver):
    tab, document = resolver
    document.act(SetValue(key=PYROMANCER, field="fatigue", value=5))
    choose(tab, PYROMANCER, IGNITE, 0)  # Fire 12 − 5 = 7
    type_rolls(tab, {"feu": 7}, {})  # raw 0: not negative
    assert tab.cast(typed=True) is None and tab.rolls_panel.stage == "control"
    type_rolls(tab, {}, {"destruction": 10})  # 12 − 1 + 1 − 5 = 7: margin −3, but no energy to disperse
    result = tab.cast(typed=True)
    assert result.outcome == "harmless failure" and document.battle.characters[PYROMANCER].vitality == 16


def test_pf_03_every_raw_energy_negative_ends_the_casting_at_its_contact_rolls(resolver):
    tab, document = resolver
    document.act(SetValue(key=PYROMANCER, field="fatigue", value=5))
    choose(tab, PYROMANCER, IGNITE, 0)
    type_rolls(tab, {"feu": 9}, {})  # raw −2
    result = tab.cast(typed=True)
    assert result is not None and result.outcome == "no energy"  # applied at once: no control roll
    assert document.run.log[-1].dice == (9,)
    assert "Every raw energy is negative: no control roll (PF-03)." in tab.result_panel.steps_label.text()
    assert tab.rolls_panel.stage == "contact"


# --- PF-01 ----------------------------------------------------------------------------------------------------
def test_pf_01_any_sources_and_disciplines_the_character_has(resolver):
    tab, document = resolver
    choose(tab, MERLIN, FIREBALL, FREE)
    checks = tab.choices.use_checks
    assert [k for k, c in checks.items() if c.isChecked()] == ["s:feu", "d:destruction"]  # from the Grimoire's
    assert set(checks) == {
        "s:feu",
        "s:eau",
        "s:terre",
        "s:air",
        "s:lumiere",
        "s:psyche",
        "d:enchantement",
        "d:protection",
        "d:destruction",
        "d:divination",
        "d:illusion",
    }  # every source and discipline Merlin has
    tab.choices.use("s", "lumiere", -2)  # the game master's Light −2, with Fire −3
    choice = tab.choice()
    assert [(p.id, p.modifier) for p in choice.parts.sources] == [("feu", -3), ("lumiere", -2)]
    assert [(p.id, p.modifier) for p in choice.parts.disciplines] == [("destruction", -3)]
    assert set(tab.odds_panel.shown_targets) == {"s:feu", "s:lumiere", "d:destruction"}
    result = cast_typed(tab, {"feu": 2, "lumiere": 4}, {"destruction": 1})  # raw 8 and 5, margin 5
    assert dict(result.net) == {"feu": 5, "lumiere": 3} and result.power == 13
    assert "raw Fire 8, Light 5" in document.run.log[-1].text
    tab.choices.use("d", "destruction", used=False)
    assert tab.choice() is None and not tab.rolls_panel.roll_button.isEnabled()  # no discipline: nothing to cast


def test_pf_01_a_spell_in_no_grimoire_decided_at_the_table(resolver):
    tab, document = resolver
    choose(tab, MERLIN, TABLE)
    assert not tab.choices.table_spell.isHidden()
    assert tab.choices.combination_combo.count() == 1 and tab.choices.is_free
    assert tab.choice() is None  # no name yet
    box = tab.choices.table_spell
    box.name_edit.setText("Wall of wind")
    box.level_spin.setValue(4)
    box.effects_edit.setText("metres of wall, rounds")
    tab.choices.use("s", "air", -4)
    tab.choices.use("d", "protection", -3)
    choice = tab.choice()
    assert choice.spell is None and choice.table_spell.name == "Wall of wind" and choice.table_spell.level == 4
    assert [str(e.name) for e in choice.table_spell.effects] == ["metres of wall", "rounds"]
    result = cast_typed(tab, {"air": 1}, {"protection": 3})  # Air 9: raw 8; Protection 10 − 3 = 7: margin 4
    assert result.outcome == "success" and result.power == 4 + 4
    assert document.battle.characters[MERLIN].don == 116  # the level typed at the table (PF-07)
    assert tab.result_panel.headline.text() == "Wall of wind — Success: 8 power levels"
    assert tab.result_panel.allocation.free  # margin 4 > 2: spread freely over the effects typed
    assert document.run.log[-1].text.startswith("Merlin casts Wall of wind: success")


# --- PF-04 ----------------------------------------------------------------------------------------------------
def test_pf_04_the_resolver_keeps_the_penalty_of_the_spells_begun_together(resolver):
    tab, document = resolver
    for spell in (SHIELD, FIREBALL, SLEEP):
        document.act(StartCasting(key=MERLIN, spell=spell))
    document.act(StopCasting(key=MERLIN, index=1))  # the fireball took effect
    choose(tab, MERLIN, SHIELD, 0)
    assert "3 spell(s) cast at once (−3)" in tab.odds_panel.scene_label.text()
    assert tab.odds_panel.shown_targets["s:lumiere"] == 9 - 3
