"""The session: undo/redo of snapshots, merged typing, selection, the modified mark; army commands."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import make_army, unit
from warband.model.edits import (
    AddEntry,
    AddUnit,
    DuplicateUnit,
    MoveUnit,
    RemoveEntry,
    RemoveUnits,
    SetArmyField,
    SetUnitField,
    new_unit_ids,
)
from warband.model.session import Session


def ids(army):
    return [u.id for u in army.units]


def test_execute_undo_redo_with_labels():
    session = Session(make_army())
    assert (session.undo_label, session.redo_label, session.modified) == (None, None, False)
    session.execute(AddUnit("u1", "iron-priestess", label="Add Iron Priestess"))
    session.execute(AddEntry("u1", "miracles", "renfort", label="Add miracle Renfort"))
    assert session.undo_label == "Add miracle Renfort"
    assert session.modified
    session.undo()
    assert session.state.units[0].miracles == ()
    assert (session.undo_label, session.redo_label) == ("Add Iron Priestess", "Add miracle Renfort")
    session.redo()
    assert session.state.units[0].miracles == ("renfort",)
    session.undo()
    session.undo()
    assert session.state == make_army()
    assert not session.modified  # back to the state that was opened
    assert session.undo() is None


def test_a_new_command_clears_redo():
    session = Session(make_army())
    session.execute(AddUnit("u1", "templar"))
    session.undo()
    session.execute(AddUnit("u2", "beast"))
    assert session.redo_label is None
    assert ids(session.state) == ["u2"]


def test_a_command_that_changes_nothing_is_not_an_undo_step():
    session = Session(make_army(unit("u1", "templar", label="A")))
    assert not session.execute(SetUnitField("u1", "label", "A"))
    assert session.undo_label is None


def test_typing_in_one_field_is_one_undo_step():
    session = Session(make_army(unit("u1", "templar")))
    for text in ("S", "Si", "Sir", "Sir G"):
        session.execute(SetUnitField("u1", "label", text, label="Rename unit"), merge_key=("label", "u1"))
    assert session.state.units[0].label == "Sir G"
    assert len(session.history) == 1
    session.seal()  # the field lost focus: the next typing is a new step
    session.execute(SetUnitField("u1", "label", "Sir Gawen", label="Rename unit"), merge_key=("label", "u1"))
    assert len(session.history) == 2
    session.undo()
    assert session.state.units[0].label == "Sir G"
    session.undo()
    assert session.state.units[0].label == ""


def test_typing_in_another_field_starts_a_new_step():
    session = Session(make_army(unit("u1", "templar"), unit("u2", "beast")))
    session.execute(SetUnitField("u1", "label", "A"), merge_key=("label", "u1"))
    session.execute(SetUnitField("u2", "label", "B"), merge_key=("label", "u2"))
    session.execute(SetUnitField("u2", "label", "Bo"), merge_key=("label", "u2"))
    assert len(session.history) == 2


def test_undo_restores_the_selection_it_changed():
    session = Session(make_army(unit("u1", "templar")))
    seen = []
    session.add_selection_listener(lambda old, new: seen.append(new))
    session.select("u1")
    session.execute(AddUnit("u2", "beast"), select="u2")
    assert session.selection == "u2"
    session.select(None)
    session.undo()
    assert session.selection == "u1"
    session.redo()
    assert session.selection == "u2"
    assert seen == ["u1", "u2", None, "u1", "u2"]


def test_listeners_see_old_and_new_states():
    session = Session(make_army())
    calls = []
    session.add_listener(lambda old, new: calls.append((ids(old), ids(new))))
    session.execute(AddUnit("u1", "templar"))
    session.undo()
    assert calls == [([], ["u1"]), (["u1"], [])]


def test_saved_state_and_modified_mark():
    session = Session(make_army())
    session.execute(AddUnit("u1", "templar"))
    session.mark_saved()
    assert not session.modified
    session.undo()
    assert session.modified
    session.redo()
    assert not session.modified


def test_the_undo_history_is_capped():
    session = Session(make_army(), limit=5)
    for i in range(1, 9):
        session.execute(AddUnit(f"u{i}", "templar"))
    assert len(session.history) == 5
    while session.undo():
        pass
    assert ids(session.state) == ["u1", "u2", "u3"]


def test_unit_commands():
    army = make_army(unit("u1", "templar", items=["amulet"]), unit("u2", "beast"), unit("u3", "monk"))
    assert ids(MoveUnit("u3", 0).apply(army)) == ["u3", "u1", "u2"]
    assert ids(MoveUnit("u1", 99).apply(army)) == ["u2", "u3", "u1"]
    assert ids(RemoveUnits(("u1", "u3")).apply(army)) == ["u2"]
    copy = DuplicateUnit("u1", "u4").apply(army)
    assert ids(copy) == ["u1", "u4", "u2", "u3"]
    assert copy.units[1].items == ("amulet",)
    assert RemoveEntry("u1", "items", 0).apply(army).units[0].items == ()
    assert SetArmyField("points_limit", 300).apply(army).points_limit == 300
    assert SetArmyField("points_limit", None).apply(army).points_limit is None
    with pytest.raises(KeyError):
        MoveUnit("nobody", 0).apply(army)
    with pytest.raises(ValueError):
        SetUnitField("u1", "id", "u9").apply(army)


def test_new_unit_ids_are_above_every_id_and_the_floor():
    army = make_army(unit("u1", "templar"), unit("u7", "beast"), unit("custom", "beast"))
    assert new_unit_ids(army, 2) == ["u8", "u9"]
    assert new_unit_ids(army, 1, floor=20) == ["u21"]


PROFILES = ["templar", "beast", "iron-priestess"]


@st.composite
def commands(draw, army):
    """A command that makes sense for the army as it is."""
    existing = ids(army)
    choices = ["add"]
    if existing:
        choices += ["remove", "duplicate", "move", "label", "miracle"]
    kind = draw(st.sampled_from(choices))
    fresh = new_unit_ids(army)[0]
    if kind == "add":
        return AddUnit(fresh, draw(st.sampled_from(PROFILES)))
    target = draw(st.sampled_from(existing))
    if kind == "remove":
        return RemoveUnits((target,))
    if kind == "duplicate":
        return DuplicateUnit(target, fresh)
    if kind == "move":
        return MoveUnit(target, draw(st.integers(0, len(existing))))
    if kind == "label":
        return SetUnitField(target, "label", draw(st.text(max_size=10)))
    return AddEntry(target, "miracles", draw(st.sampled_from(["renfort", "small-grace"])))


@given(data=st.data(), steps=st.integers(1, 25))
def test_undo_all_gives_the_initial_state_and_redo_all_the_final_one(data, steps):
    initial = make_army(unit("u1", "templar"))
    session = Session(initial)
    for _ in range(steps):
        session.execute(data.draw(commands(session.state)))
    final = session.state
    while session.undo():
        pass
    assert session.state == initial
    assert not session.modified
    while session.redo():
        pass
    assert session.state == final


def test_a_battle_log_may_say_more_than_the_edit_menu():
    """`log_in` words the log (the step and what it did); Undo keeps the command's short label."""
    from pydantic import BaseModel

    from warband.model.battle import BattleRun

    class Count(BaseModel):
        turn: int = 1
        phase: str = "one"
        n: int = 0

    class Step(BaseModel):  # a battle command is a pydantic model, to be journalled
        @property
        def label(self) -> str:
            return "Next step"

        def apply(self, state: Count) -> Count:
            return state.model_copy(update={"n": state.n + 1})

        def log_in(self, state: Count) -> str:
            return f"Next step: {state.n + 1}"

    run = BattleRun(Count())
    assert run.execute(Step())
    assert run.log[-1].text == "Next step: 1" and run.session.undo_label == "Next step"
