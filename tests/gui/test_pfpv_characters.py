"""Characters built in a « Par le Fer et par le Verbe » party, in the real window (issue 20): "New character…" and
"Build from this profile" in the builder, the form (its name, its numbers, a skill per source and per discipline,
its spells checked), every edit one undo step that Ctrl+Z takes back, the problem of an impossible Don (PF-X2) in
the problems, the army saved and reopened, and a scene started with File → New Battle where the built character
is in the tracker and casts in the resolver as the catalogs' characters do."""

from __future__ import annotations

import json
import shutil
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QGroupBox, QLabel, QLineEdit, QListView, QSpinBox, QWidget
from pytestqt.qtbot import QtBot

from warband.gui.army_document import ArmyDocument
from warband.gui.new_battle_dialog import NewBattle
from warband.gui.systems.pfpv.builder_known_spells_model import SPELL_ID_ROLE, KnownSpellsListModel
from warband.gui.systems.pfpv.builder_unit_panel import PfpvUnitPanel
from warband.gui.systems.pfpv.resolver_tab import PfpvResolverTab
from warband.gui.systems.pfpv.tracker_characters import CharactersTableModel
from warband.gui.systems.pfpv.tracker_tab import PfpvTrackerTab
from warband.model.army import load_army
from warband.model.edits import SetUnitField
from warband.model.locations import data_dir
from warband.model.systems.pfpv.characters import NewCharacter, SetCharacterField, SetSkill, SetSpellKnown
from warband.model.systems.pfpv.schema import BUILT_PROFILE, PfpvUnit

EXAMPLE = data_dir() / "pfpv" / "examples" / "the-company.warband.json"
CTRL = Qt.KeyboardModifier.ControlModifier
LEFT = Qt.MouseButton.LeftButton
FIRE, DESTRUCTION, FIREBALL = "feu", "destruction", "boule-de-feu"
C = CharactersTableModel


@pytest.fixture
def shown(qtbot: QtBot, window: Any, tmp_path: Path) -> Any:
    """The window on screen and active (its Undo shortcut reaches it), a copy of the example company open (Save
    writes where the army was opened from: never the program's own example)."""
    window.show()
    window.activateWindow()
    qtbot.waitActive(window)
    company = tmp_path / "company.warband.json"
    shutil.copyfile(EXAMPLE, company)
    assert window.open_army(company)
    return window


def panel_of(window: Any) -> PfpvUnitPanel:
    panel = window.builder.unit_panel
    assert isinstance(panel, PfpvUnitPanel)
    return panel


def focus(qtbot: QtBot, widget: QWidget) -> None:
    widget.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is widget)


def type_into(qtbot: QtBot, spin: QSpinBox, text: str) -> None:
    """Type a number into a spin box, as a player does: select what it shows, type, Enter."""
    focus(qtbot, spin)
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin, text)
    qtbot.keyClick(spin, Qt.Key.Key_Return)


def unit(window: Any, unit_id: str) -> PfpvUnit:
    found = window.document.army.unit(unit_id)
    assert isinstance(found, PfpvUnit)
    return found


def problems(window: Any) -> list[tuple[str, str, str]]:
    model = window.builder.problems.model
    return [tuple(str(model.index(r, c).data()) for c in range(3)) for r in range(model.rowCount())]


def new_morgane(qtbot: QtBot, window: Any) -> str:
    """A character made with "New character…" and named Morgane, as a player types it."""
    panel = panel_of(window)
    qtbot.mouseClick(panel.new_button, LEFT)
    unit_id = window.document.army.units[-1].id
    assert window.document.selected == unit_id
    name = panel.form.name_edit
    qtbot.waitUntil(lambda: QApplication.focusWidget() is name)
    assert name.selectedText() == "New character"  # typing replaces it
    qtbot.keyClicks(name, "Morgane")
    qtbot.keyClick(name, Qt.Key.Key_Tab)
    assert unit(window, unit_id).label == "Morgane"
    return unit_id


# --- building a character -----------------------------------------------------------------------------------
def test_a_new_character_is_made_edited_and_undone_with_ctrl_z(qtbot: QtBot, shown: Any) -> None:
    window = shown
    panel = panel_of(window)
    document = window.document
    assert not panel.form.isVisible()
    unit_id = new_morgane(qtbot, window)
    made = unit(window, unit_id)
    assert (made.profile, made.character is not None) == (BUILT_PROFILE, True)
    assert panel.form.isVisible() and not panel.findChild(QGroupBox, "profileCard").isVisible()
    assert panel.findChild(QLabel, "unitTitle").text() == "Morgane — Built character"
    roster = window.builder.roster.model
    row = roster.row_of(unit_id)
    assert [roster.index(row, c).data() for c in range(roster.columnCount())][:2] == ["Morgane", "Built character"]
    assert panel.form.basis_label.text() == "Built by the player: it names no catalog profile."
    assert [str(step.label) for step in document.session.history[-2:]] == ["New character", "Rename character"]
    assert str(document.undo_label) == "Rename character"  # the name typed is one step

    fire = panel.form.skill_spins["contact"][FIRE]
    assert (fire.minimum(), fire.maximum(), fire.text()) == (-1, 30, "none")  # the file's bounds, and no skill
    type_into(qtbot, fire, "8")
    assert unit(window, unit_id).character.contact == {FIRE: 8}
    assert str(document.undo_label) == "Morgane: Contact skill in Fire"

    destruction = panel.form.skill_spins["disciplines"][DESTRUCTION]
    steps = len(document.session.history)
    focus(qtbot, destruction)
    for _press in range(10):  # from "none" to 9, an arrow key at a time: one undo step
        qtbot.keyClick(destruction, Qt.Key.Key_Up)
    assert unit(window, unit_id).character.disciplines == {DESTRUCTION: 9}
    assert len(document.session.history) == steps + 1
    assert str(document.undo_label) == "Morgane: skill in Destruction"

    spells: QListView = panel.form.spells_view
    model = spells.model()
    assert isinstance(model, KnownSpellsListModel)
    fireball = model.index(model.row_of(FIREBALL), 0)
    focus(qtbot, spells)
    spells.setCurrentIndex(fireball)
    qtbot.keyClick(spells, Qt.Key.Key_Space)  # the keyboard checks it
    assert unit(window, unit_id).character.spells == (FIREBALL,)
    assert fireball.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    assert str(document.undo_label) == "Morgane learns Fireball"
    tree = panel.combinations
    assert [s.id for s in tree.spells] == [FIREBALL]  # what she can attempt, as for a catalog character
    assert tree.index(0, 1).data() == "1 of 2"

    assert problems(window) == []
    don = panel.form.number_spins["don"]
    assert (don.minimum(), don.maximum(), don.value()) == (0, 400, 20)
    type_into(qtbot, don, "5")  # the spin box allows it, the rules do not (PF-X2): a problem, not a refusal
    assert unit(window, unit_id).character.don == 5
    assert problems(window) == [("PF-X2", "Morgane", "Morgane has a Don Magique of 5: a character has 20 to 400.")]
    warning = panel.findChild(QLabel, "unitProblems")
    assert warning.isVisible() and warning.text().startswith("⚠ PF-X2: Morgane has a Don Magique of 5")
    assert window.undo_action.text() == "&Undo Morgane: Don"

    qtbot.keyClick(don, Qt.Key.Key_Z, CTRL)  # nothing typed in the box: the army's Undo
    assert unit(window, unit_id).character.don == 20 and don.value() == 20
    assert problems(window) == [] and not warning.isVisible()
    qtbot.keyClick(spells, Qt.Key.Key_Z, CTRL)
    assert unit(window, unit_id).character.spells == ()
    assert model.index(model.row_of(FIREBALL), 0).data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Unchecked
    qtbot.keyClick(spells, Qt.Key.Key_Z, CTRL)
    assert unit(window, unit_id).character.disciplines == {} and destruction.text() == "none"
    qtbot.keyClick(spells, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert unit(window, unit_id).character.disciplines == {DESTRUCTION: 9} and destruction.value() == 9


def test_build_from_this_profile_turns_the_pyromancer_into_a_character_of_the_party(
    qtbot: QtBot, shown: Any
) -> None:
    window = shown
    panel = panel_of(window)
    document = window.document
    assert not panel.build_button.isVisible()  # nobody selected
    document.select("u3")
    assert panel.build_button.isVisible() and panel.findChild(QGroupBox, "profileCard").isVisible()
    qtbot.mouseClick(panel.build_button, LEFT)
    built = unit(window, "u3")
    assert (built.profile, built.label, built.character.based_on) == (
        BUILT_PROFILE,
        "The pyromancer",
        "pyromancien",
    )
    assert str(document.undo_label) == "Build a character from Pyromancer"
    assert not panel.build_button.isVisible() and panel.form.isVisible()
    assert panel.form.basis_label.text().startswith("Built from Pyromancer: its numbers were copied")
    form = panel.form
    assert [form.number_spins[f].value() for f in ("don", "vitality", "ma", "recovery", "fatigue")] == [
        80,
        16,
        7,
        3,
        0,
    ]
    assert form.skill_spins["contact"][FIRE].value() == 12
    assert form.skill_spins["contact"]["psyche"].text() == "none"
    assert form.specialisations_label.isVisible()
    assert form.specialisations_label.text() == "Specialisations: Destruction +1 for every spell"
    assert sorted(form.spells_model.known()) == sorted(built.character.spells)  # in the catalogs' order
    type_into(qtbot, form.number_spins["fatigue"], "2")  # PF-X1: the fatigue it starts a scene with
    assert unit(window, "u3").character.fatigue == 2
    document.undo()
    document.undo()
    assert unit(window, "u3") == PfpvUnit(id="u3", profile="pyromancien", label="The pyromancer")
    assert panel.findChild(QGroupBox, "profileCard").isVisible() and not form.isVisible()


def test_the_form_is_reached_with_tab_in_the_order_it_shows(qtbot: QtBot, shown: Any) -> None:
    window = shown
    new_morgane(qtbot, window)
    form = panel_of(window).form
    order: list[QWidget] = [
        form.name_edit,
        *form.number_spins.values(),
        *form.skill_spins["contact"].values(),
        *form.skill_spins["disciplines"].values(),
        form.spells_view,
    ]
    focus(qtbot, form.name_edit)
    for here, then in pairwise(order):
        qtbot.keyClick(here, Qt.Key.Key_Tab)
        assert QApplication.focusWidget() is then, then.objectName()
    qtbot.keyClick(form.spells_view, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is panel_of(window).every_check  # then the combinations, as before


def test_a_character_is_saved_reopened_and_plays_a_scene_in_the_tracker_and_the_resolver(
    qtbot: QtBot, shown: Any, asker: Any, tmp_path: Path
) -> None:
    window = shown
    unit_id = new_morgane(qtbot, window)
    form = panel_of(window).form
    type_into(qtbot, form.skill_spins["contact"][FIRE], "8")
    type_into(qtbot, form.skill_spins["disciplines"][DESTRUCTION], "9")
    type_into(qtbot, form.number_spins["don"], "60")
    type_into(qtbot, form.number_spins["fatigue"], "1")
    model = form.spells_model
    assert model.setData(
        model.index(model.row_of(FIREBALL), 0), Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole
    )

    path = tmp_path / "coven.warband.json"
    asker.save_answer = path
    assert window.save_as()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == 3
    saved = data["units"][-1]
    assert (saved["id"], saved["profile"], saved["label"]) == (unit_id, BUILT_PROFILE, "Morgane")
    assert saved["character"] == {
        "contact": {FIRE: 8},
        "disciplines": {DESTRUCTION: 9},
        "specialisations": [],
        "don": 60,
        "vitality": 10,
        "ma": 5,
        "recovery": 1,
        "spells": [FIREBALL],
        "based_on": None,
        "fatigue": 1,
    }
    assert FIREBALL in data["snapshot"]["spells"] and BUILT_PROFILE not in data["snapshot"]["profiles"]

    window.new_army()
    asker.open_answer = path
    assert window.open_army()
    assert window.document.army == load_army(path) and not window.document.report.problems
    assert not [a for a in asker.asked if a.startswith("changes:")]  # nothing changed to tell (AR-04)
    window.document.select(unit_id)
    form = panel_of(window).form
    assert form.name_edit.text() == "Morgane" and form.number_spins["don"].value() == 60
    assert form.skill_spins["contact"][FIRE].value() == 8 and form.spells_model.known() == [FIREBALL]

    asker.new_battle_answer = NewBattle((("Claire", window.document.army),), None)
    assert window.battles.new_battle()
    tracker, resolver = window.battles.tracker, window.battles.resolver
    assert isinstance(tracker, PfpvTrackerTab) and isinstance(resolver, PfpvResolverTab)
    characters = tracker.characters_model
    row = characters.row_of(unit_id)
    assert [characters.index(row, c).data() for c in (C.CHARACTER, C.DON, C.VITALITY, C.FATIGUE, C.MA)] == [
        "Morgane",
        "60 / 60",
        "10 / 10",
        "−1",  # PF-X1: she starts the scene tired
        "5",
    ]
    tracker.select_character(unit_id)
    spells = tracker.casting_panel.spell_combo
    assert [spells.itemData(i) for i in range(spells.count())] == [FIREBALL]

    tracker.resolve_requested.emit(unit_id)
    assert window.tabs.currentIndex() == 2 and resolver.selected_key == unit_id
    combo = resolver.character_combo
    assert combo.currentText() == "Morgane — Don 60/60, Vitality 10/10"
    offered = [resolver.choices.spell_combo.itemData(i) for i in range(resolver.choices.spell_combo.count())]
    assert offered == [FIREBALL, ""]  # hers, and one in no Grimoire (PF-01)
    resolver.choices.select_spell(FIREBALL, 0)
    for source, roll in {FIRE: 2}.items():
        resolver.rolls_panel.contact_spins[source].setValue(roll)
    assert resolver.cast(typed=True) is None  # the control step (PF-03)
    resolver.rolls_panel.control_spins[DESTRUCTION].setValue(1)
    result = resolver.cast(typed=True)
    assert result is not None and result.outcome == "success"  # Fire 8 − 1 ≥ 2; Destruction 9 − 3 − 1 ≥ 1
    document = window.battles.document
    assert document.run.log[-1].text.startswith("Morgane casts Fireball: success")
    assert document.battle.characters[unit_id].don < 60  # the level paid (PF-07)
    assert characters.index(row, C.DON).data() == f"{document.battle.characters[unit_id].don} / 60"


# --- the parts ----------------------------------------------------------------------------------------------
@pytest.fixture
def party(qapp: QApplication, builtin_load: Any) -> ArmyDocument:
    army = load_army(EXAMPLE)
    army = NewCharacter("u4", "Morgane").apply(army)
    army = SetSkill("u4", "contact", FIRE, 8).apply(army)
    return ArmyDocument(army, builtin_load.for_system("pfpv"))


def test_the_known_spells_pass_the_model_tester(qtmodeltester: Any, party: ArmyDocument) -> None:
    model = KnownSpellsListModel(party)
    qtmodeltester.check(model)
    assert model.rowCount() == 0 and model.unit_id is None  # nobody selected
    party.select("u1")  # Merlin of the catalogs: nothing to check here
    assert model.rowCount() == 0
    party.select("u4")
    qtmodeltester.check(model)
    assert model.spell_ids() == ["eruption-volcanique", "bouclier-magique", "enflammer-objet", "sommeil", FIREBALL]
    assert model.index(0, 0).data() == "Volcanic eruption (level 6)"
    assert model.flags(model.index(0, 0)) & Qt.ItemFlag.ItemIsUserCheckable
    tip = model.index(model.row_of(FIREBALL), 0).data(Qt.ItemDataRole.ToolTipRole)
    assert "It can attempt 0 of its 2 combinations." in tip  # Fire, but no Destruction yet
    changed: list[int] = []
    model.dataChanged.connect(lambda top, bottom, roles=None: changed.append(top.row()))
    resets: list[int] = []
    model.modelReset.connect(lambda: resets.append(1))
    assert model.setData(
        model.index(model.row_of(FIREBALL), 0), Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole
    )
    assert changed == [model.row_of(FIREBALL)] and resets == []  # a row repainted, the keyboard's place kept
    assert not model.setData(model.index(0, 0), Qt.CheckState.Unchecked, Qt.ItemDataRole.CheckStateRole)  # as is
    assert party.execute(SetSkill("u4", "contact", "aether", 3))
    party.execute(SetUnitField("u2", "label", "Viviane"))  # another character: the list is left alone
    assert resets == []
    assert party.execute(SetSpellKnown("u4", "time-stop", True))  # one the catalogs do not hold (AR-02)
    qtmodeltester.check(model)
    assert model.index(model.rowCount() - 1, 0).data() == "time-stop (not in the catalogs)"
    assert model.index(model.rowCount() - 1, 0).data(SPELL_ID_ROLE) == "time-stop"


def test_an_edit_of_another_character_leaves_the_form(qtbot: QtBot, party: ArmyDocument, monkeypatch: Any) -> None:
    party.select("u4")
    panel = PfpvUnitPanel(party)
    qtbot.addWidget(panel)
    shown: list[object] = []
    original = panel.form.show_unit
    monkeypatch.setattr(panel.form, "show_unit", lambda unit: (shown.append(unit), original(unit)))
    assert party.execute(SetUnitField("u1", "label", "Myrddin"))
    assert party.execute(SetUnitField("u2", "notes", "Learns fast."))
    assert shown == []
    assert party.execute(SetCharacterField("u4", "ma", 9))
    assert len(shown) == 1 and panel.form.number_spins["ma"].value() == 9


def test_a_skill_the_catalogs_lack_has_its_own_box_and_its_problem(qtbot: QtBot, party: ArmyDocument) -> None:
    assert party.execute(SetSkill("u4", "contact", "aether", 3))
    party.select("u4")
    panel = PfpvUnitPanel(party)
    qtbot.addWidget(panel)
    spin = panel.form.skill_spins["contact"]["aether"]
    assert spin.value() == 3 and spin.accessibleName() == "Contact skill in aether"
    titles = [label.text() for label in panel.form.skill_boxes["contact"].findChildren(QLabel)]
    assert titles[-1] == "aether (not in the catalogs):"
    assert [p.rule for p in party.report.problems] == ["AR-02"]
    spin.setValue(spin.minimum())  # "none": the skill is taken away, and its problem with it
    assert "aether" not in party.army.unit("u4").character.contact  # type: ignore[union-attr]
    assert party.report.problems == ()


def test_the_name_box_is_the_characters_label(qtbot: QtBot, party: ArmyDocument) -> None:
    party.select("u4")
    panel = PfpvUnitPanel(party)
    qtbot.addWidget(panel)
    name: QLineEdit = panel.form.name_edit
    assert name.text() == "Morgane" and name.placeholderText() == "Built character"
    assert party.execute(SetUnitField("u4", "label", "Nimue"))  # renamed in the roster
    assert name.text() == "Nimue"
    name.selectAll()
    qtbot.keyClicks(name, "Viviane")
    assert party.army.unit("u4").label == "Viviane"  # type: ignore[union-attr]
    assert str(party.undo_label) == "Rename character"
    assert len([s for s in party.session.history if s.label == "Rename character"]) == 1  # typed: one step
