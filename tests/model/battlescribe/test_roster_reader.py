"""BattleScribe rosters (`.ros`, `.rosz`) read as plain values, on a hand-written roster of the reader's test
faction: its selections name the faction's entries (through links as "link::target"), with counts and costs."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tests.model.battlescribe.helpers import fixture, write, zip_of, zipped
from warband.model.battlescribe.data import Cost, Entry, Group
from warband.model.battlescribe.importer import read_roster
from warband.model.battlescribe.reader import read_files
from warband.model.battlescribe.roster import Roster, Selection
from warband.model.storage import FileError

ROSTER = fixture("roster.ros")


@pytest.fixture(scope="module")
def roster() -> Roster:
    return read_roster(ROSTER)


def test_the_roster_and_its_force(roster: Roster) -> None:
    assert (roster.id, roster.name, roster.schema, roster.file) == ("ros-1", "Test Army", "2.03", "roster.ros")
    assert (roster.game_system_id, roster.game_system_name, roster.game_system_revision) == (
        "gs-test",
        "Test Skirmish Game",
        3,
    )
    assert roster.costs == (Cost("pts", "ct-pts", 122.0),)
    assert roster.cost_limits == (Cost("pts", "ct-pts", 200.0),)
    assert roster.custom_notes == "Bring dice."
    (force,) = roster.forces
    assert (force.name, force.entry_id, force.catalogue_id, force.catalogue_revision, force.catalogue_name) == (
        "Army",
        "force-army",
        "cat-faction",
        5,
        "Test Faction",
    )
    assert roster.problems == ()
    assert roster.skipped == {"categories of force": 1, "profiles of selection": 1, "rules of force": 1}


def test_selections_with_their_counts_costs_and_inner_selections(roster: Roster) -> None:
    captain, warriors = roster.forces[0].selections
    assert (captain.name, captain.custom_name, captain.number, captain.type) == ("Captain", "Old Grim", 1, "model")
    assert captain.categories == ("Hero", "Troop")  # the primary first
    assert [(s.name, s.entry_path, s.target_id, s.number) for s in captain.selections] == [
        ("Sword", ("link-sword", "se-sword"), "se-sword", 1),
        ("Shield", ("link-wargear", "sg-wargear-shield", "se-shield"), "se-shield", 1),
    ]
    assert captain.selections[1].entry_group_id == "link-wargear::sg-wargear"
    assert (warriors.entry_path, warriors.number, warriors.costs) == (
        ("link-warriors", "e-warrior"),
        8,
        (Cost("pts", "ct-pts", 72.0),),
    )
    assert [s.name for s in roster.walk()] == ["Captain", "Sword", "Shield", "Warrior"]
    total = sum(cost.value for selection in roster.walk() for cost in selection.costs if cost.type_id == "ct-pts")
    assert total == roster.costs[0].value


def _find(entries: tuple[Entry, ...], groups: tuple[Group, ...], path: tuple[str, ...]) -> Entry | None:
    """The entry a selection's entry path leads to among these, link ids and all."""
    head, rest = path[0], path[1:]
    for entry in entries:
        if head in (entry.id, entry.link_id) and (not rest or (head == entry.link_id and rest == (entry.id,))):
            return entry
    for group in groups:
        if head in (group.id, group.link_id) and rest:
            inner = rest[1:] if rest[0] == group.id else rest
            found = _find(group.entries, group.groups, inner) if inner else None
            if found is not None:
                return found
    return None


def test_every_selection_names_an_entry_of_the_data_it_was_built_from(roster: Roster) -> None:
    data = read_files([fixture("game.gst"), fixture("faction.cat"), fixture("library.cat")])
    faction = next(c for c in data.catalogues if c.id == roster.forces[0].catalogue_id)
    for selection in roster.forces[0].selections:
        entry = _find(faction.entries, (), selection.entry_path)
        assert entry is not None and entry.id == selection.target_id
        for inner in selection.selections:
            found = _find(entry.entries, entry.groups, inner.entry_path)
            assert found is not None and found.id == inner.target_id, inner.entry_id


def test_a_hand_written_rosz_round_trips_to_the_same_roster(roster: Roster, tmp_path: Path) -> None:
    rosz = zip_of(ROSTER, tmp_path)  # BattleScribe's .rosz: a zip holding the one .ros
    assert rosz.name == "roster.rosz"
    assert read_roster(rosz) == replace(roster, file="roster.rosz")
    again = zipped(tmp_path, "again.rosz", {"again.ros": rosz.read_bytes()})  # a zip in a zip is no roster
    with pytest.raises(FileError):
        read_roster(again)


def test_a_data_file_is_not_a_roster() -> None:
    with pytest.raises(FileError, match="not a BattleScribe roster"):
        read_roster(fixture("faction.cat"))


def test_a_roster_of_another_schema_version_is_refused(tmp_path: Path) -> None:
    text = ROSTER.read_text(encoding="utf-8").replace('battleScribeVersion="2.03"', 'battleScribeVersion="1.15"')
    with pytest.raises(FileError, match=r"'1\.15'"):
        read_roster(write(tmp_path, "old.ros", text))


def test_numbers_that_are_not_whole_are_problems_read_as_0(tmp_path: Path) -> None:
    text = (
        ROSTER.read_text(encoding="utf-8")
        .replace('number="8"', 'number="eight"')
        .replace('catalogueRevision="5"', 'catalogueRevision="-2"')
    )
    roster = read_roster(write(tmp_path, "odd.ros", text))
    assert roster.forces[0].selections[1].number == 0
    assert roster.forces[0].catalogue_revision == 0
    assert len(roster.problems) == 2 and "'eight'" in roster.problems[0]


def test_a_2_01_roster_spells_its_cost_types_otherwise(tmp_path: Path) -> None:
    text = (
        ROSTER.read_text(encoding="utf-8")
        .replace('battleScribeVersion="2.03"', 'battleScribeVersion="2.01"')
        .replace('typeId="ct-pts"', 'costTypeId="ct-pts"')
    )
    roster = read_roster(write(tmp_path, "old.ros", text))
    assert roster.costs == (Cost("pts", "ct-pts", 122.0),)


def test_selections_nested_too_deep_are_refused(tmp_path: Path) -> None:
    depth = 150
    opening = '<selection id="s{n}" name="S" entryId="e" number="1" type="upgrade"><selections>'
    nested = "".join(opening.format(n=n) for n in range(depth)) + "</selections></selection>" * depth
    text = ROSTER.read_text(encoding="utf-8").replace("<selections>", f"<selections>{nested}", 1)
    with pytest.raises(FileError, match="more than 100 deep"):
        read_roster(write(tmp_path, "deep.ros", text))


def test_selection_paths_of_odd_entry_ids() -> None:
    assert Selection("s", "S", "", 1, "unit").entry_path == ()
    assert Selection("s", "S", "", 1, "unit").target_id == ""
    assert Selection("s", "S", "a::::b", 1, "unit").entry_path == ("a", "b")
