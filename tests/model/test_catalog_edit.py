"""The catalog editor's model, without Qt (`catalog_edit`): a draft changed by undoable, labelled commands, its
problems all listed with the places and words of `warband catalog check`, new entries that the game's model
accepts, and the uses of an entry in an army."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from warband.model import catalog_edit as ce
from warband.model.catalog import builtin_catalog_paths, load_catalog
from warband.model.session import Session
from warband.model.system import find_system

GAMES = ("confrontation", "pfpv", "powerdice", "sbg", "litany")


def draft(system: str) -> ce.Draft:
    game = find_system(system)
    assert game is not None
    return ce.new_draft(game.catalog_model, system, "mine", "Mine")


def builtins(system: str):
    return [load_catalog(p) for p in builtin_catalog_paths() if load_catalog(p).document.system == system]


@pytest.mark.parametrize("system", GAMES)
def test_a_new_entry_of_every_kind_is_one_the_game_accepts(system):
    """Its required fields at their smallest: only a Confrontation miracle asks for a choice first (a cult, a
    Path or the Universal Cult, CF-17), and says so."""
    session = Session(draft(system))
    for kind in session.state.kinds():
        assert session.execute(ce.AddEntry(kind, ce.new_entry(session.state, kind, f"New {kind}")))
    found = ce.problems(session.state, builtins(system))
    expected = ["$.miracles[0]"] if system == "confrontation" else []
    assert [p.where for p in found] == expected


def test_commands_are_undone_with_their_labels_and_never_change_a_value_in_place():
    session = Session(draft("powerdice"))
    session.execute(ce.AddEntry("spells", ce.new_entry(session.state, "spells", "Fire bolt")))
    before = session.state
    kept = copy.deepcopy(dict(before.doc))
    assert session.execute(ce.SetValue(("spells", 0, "difficulty"), 9, "Difficulty"))
    assert dict(before.doc) == kept  # the draft before is as it was: undo gives it back
    assert session.undo_label == "Change Difficulty of Fire bolt"
    assert session.execute(ce.SetValue(("spells", 0, "notes"), "Hot"))
    assert session.execute(ce.SetValue(("spells", 0, "notes"), ce.ABSENT))
    assert "notes" not in session.state.get(("spells", 0))  # removed: its default applies
    assert session.execute(ce.DeleteEntry("spells", 0))
    assert session.undo_label == "Delete Fire bolt" and "spells" not in session.state.doc
    for _step in range(4):
        session.undo()
    assert session.state.get(("spells", 0, "difficulty")) == before.get(("spells", 0, "difficulty"))
    assert session.state == before


def test_every_problem_is_listed_not_only_the_first():
    """`warband catalog check` stops at a file's first problem; the editor lists them all, with the same words."""
    mine = draft("sbg")
    session = Session(mine)
    for name in ("Gandalf the Grey", "Twice"):
        session.execute(ce.AddEntry("profiles", ce.new_entry(session.state, "profiles", name)))
    session.execute(ce.SetValue(("profiles", 0, "id"), "gandalf-the-grey"))  # the built-in catalog's
    session.execute(ce.SetValue(("profiles", 1, "id"), "gandalf-the-grey"))  # and twice in this file
    session.execute(ce.SetValue(("profiles", 1, "courage"), 12))  # and out of range
    found = ce.problems(session.state, builtins("sbg"), "mine.json")
    assert [(p.where, p.kind) for p in found] == [("$.profiles[1].courage", "value")]  # values first
    session.execute(ce.SetValue(("profiles", 1, "courage"), 3))
    session.execute(
        ce.SetValue(
            ("profiles", 1, "hero"),
            {"might": 1, "will": 1, "fate": 1, "wounds": 1, "spells": [{"spell": "nowhere", "casting": 3}]},
        )
    )
    found = ce.problems(session.state, builtins("sbg"), "mine.json")
    assert [(p.where, p.kind) for p in found] == [
        ("$.profiles[0].id", "clash"),
        ("$.profiles[1].id", "clash"),
        ("$.profiles[1].hero.spells[0].spell", "dangling"),
    ]
    assert "is also defined in" in found[0].message and "IDs must be unique across catalogs" in found[0].message
    assert "is used twice in this file" in found[1].message or "is also defined in" in found[1].message
    assert found[2].message == "refers to the spell 'nowhere', which no loaded sbg catalog defines"


def test_the_choices_of_a_reference_hold_the_drafts_entries_then_the_built_in_ones():
    session = Session(draft("confrontation"))
    session.execute(ce.AddEntry("cults", ce.new_entry(session.state, "cults", "Moon")))
    listed = ce.choices(session.state, builtins("confrontation"), "cults")
    assert listed[0] == ("new-cult", "Moon")  # its ID made from its kind: a name in any script makes none
    assert ("merin", "Merin") in listed and len({i for i, _t in listed}) == len(listed)


def test_the_uses_of_an_entry_in_an_army():
    army = {
        "units": [
            {"id": "u1", "profile": "watchman", "label": "Night watch"},
            {"id": "u2", "profile": "captain", "spells": ["watchman"]},
            {"id": "watchman", "profile": "other", "notes": "watchman"},  # its own id and notes name nothing
        ]
    }
    assert list(ce.uses_of(army, "watchman")) == ["Night watch", "captain"]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.text(max_size=12), max_size=6), st.text(max_size=90))
def test_a_free_id_is_a_valid_id_no_entry_has(taken, wanted):
    taken_ids = [ce.free_id([], t) for t in taken]
    found = ce.free_id(taken_ids, wanted)
    assert found not in taken_ids
    import re

    from warband.model.catalog import ID_PATTERN

    assert re.fullmatch(ID_PATTERN.strip("^$"), found)


def test_paths_are_read_back_as_they_are_written():
    path = ("profiles", 3, "hero", "spells", 0, "spell")
    assert ce.json_path(path) == "$.profiles[3].hero.spells[0].spell"
    assert ce.parse_json_path(ce.json_path(path)) == path
