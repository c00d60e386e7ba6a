"""Issue 18: an army list pasted as text — Warband's own share-as-text roster and the plain forms players write —
read into an army by name, in every language the catalogs give; nothing guessed, every unmatched line listed."""

from __future__ import annotations

from pathlib import Path

import pytest

from warband import api
from warband.export.roster_share import share_text
from warband.model.army import load_army
from warband.model.list_import import MAX_LINE, MAX_LINES, fold, import_list
from warband.model.locations import data_dir
from warband.model.names import display_name

EXAMPLES = {
    "confrontation": "light-of-merin",
    "powerdice": "border-skirmish",
    "sbg": "riders-of-rohan",
    "pfpv": "the-company",
}


def example(system: str) -> Path:
    return data_dir() / system / "examples" / f"{EXAMPLES[system]}.warband.json"


def held(army):
    return [
        (
            u.profile,
            u.count,
            u.label,
            tuple(getattr(u, "miracles", ())),
            tuple(getattr(u, "items", ())),
            tuple(getattr(u, "spells", ())),
        )
        for u in army.units
    ]


@pytest.mark.parametrize("system", sorted(EXAMPLES))
@pytest.mark.parametrize("language", ["en", "fr", "ru"])
def test_warbands_own_shared_text_reads_back_as_the_army(system, language):
    catalogs = api.builtin_catalogs(system)
    army = load_army(example(system))
    text = share_text(army, catalogs, (language,))
    read = import_list(text, api.new_army(system), catalogs)
    assert read.army.name == army.name
    assert read.unmatched == ()
    assert all(not line.messages for line in read.lines), [line.messages for line in read.lines]
    shown = {u.profile: display_name(catalogs.get("profiles", u.profile).name, ("en",)) for u in army.units}
    # a label that is the profile's own name says nothing more: the line reads as the profile
    want = [(p, c, "" if label == shown[p] else label or "", m, i, s) for p, c, label, m, i, s in held(army)]
    if language != "en":  # a label left empty is shown as the profile's name in the language: read as the profile
        want = [(p, c, "", m, i, s) for p, c, _label, m, i, s in want]
        assert [(p, c, m, i, s) for p, c, _label, m, i, s in held(read.army)] == [
            (p, c, m, i, s) for p, c, _label, m, i, s in want
        ]
    else:
        assert held(read.army) == want
    assert api.get_system(system).validate(read.army, catalogs).total_cost == (
        api.get_system(system).validate(army, catalogs).total_cost
    )


def sbg(text: str):
    return import_list(text, api.new_army("sbg"), api.builtin_catalogs("sbg"))


def test_the_plain_forms_players_write():
    read = sbg("3x Rider of Rohan\nRider of Rohan x2\n- Captain of Rohan\n4 Rider of Rohan\n1. eomer\n• ÉOMER")
    assert [(line.profile, line.count) for line in read.units] == [
        ("rider-of-rohan", 3),
        ("rider-of-rohan", 2),
        ("captain-of-rohan", 1),
        ("rider-of-rohan", 4),
        ("eomer", 1),
        ("eomer", 1),
    ]
    assert [u.count for u in read.army.units] == [3, 2, 1, 4, 1, 1]


def test_points_a_line_gives_are_told_when_they_differ_never_used():
    catalogs = api.builtin_catalogs("sbg")
    cost = api.get_system("sbg").validate(sbg("Captain of Rohan").army, catalogs).total_cost
    read = sbg(f"Captain of Rohan ({cost + 10} pts)\nCaptain of Rohan - {cost} points\nCaptain of Rohan [{cost}]")
    first, second, third = read.units
    assert first.messages == (f"The list says {cost + 10} points; the catalogs say {cost}.",)
    assert second.messages == third.messages == ()


def test_a_label_before_the_profile_in_brackets():
    read = sbg("2× Riders of the Mark (Rider of Rohan)")
    (unit,) = read.army.units
    assert (unit.label, unit.profile, unit.count) == ("Riders of the Mark", "rider-of-rohan", 2)


def test_nothing_is_guessed_and_the_closest_names_are_offered():
    read = sbg("Army of the Mark\nLegolass\nRider\nCaptain of Rohan")
    assert read.army.name == "Army of the Mark"
    assert read.lines[0].status == "name" and read.lines[0].messages == ()
    legolas, rider = read.unmatched
    assert legolas.text == "Legolass" and "Legolas" in legolas.suggestions[0]
    assert rider.text == "Rider" and rider.unit_id == ""
    assert [u.profile for u in read.army.units] == ["captain-of-rohan"]


def test_what_a_unit_holds_is_matched_against_what_it_may_take():
    catalogs = api.builtin_catalogs("confrontation")
    army = load_army(example("confrontation"))
    priestess = army.units[0]
    miracle = catalogs.get("miracles", priestess.miracles[0])
    line = f"Iron Priestess: {miracle.name['fr']}, Wings of Nowhere"
    read = import_list(line, api.new_army("confrontation"), catalogs)
    (unit,) = read.army.units
    assert unit.miracles == (miracle.id,)
    assert read.units[0].messages == ("Not found for this unit: Wings of Nowhere",)


def test_units_are_added_after_those_of_the_army_with_fresh_ids():
    catalogs = api.builtin_catalogs("sbg")
    army = load_army(example("sbg"))
    read = import_list("Captain of Rohan", army, catalogs)
    assert read.army.units[: len(army.units)] == army.units
    assert read.army.units[-1].id not in {u.id for u in army.units}


def test_hostile_text_is_bounded_and_read():
    long_line = "Captain of Rohan " + "x" * (MAX_LINE * 3)
    text = "\n".join(["\x00\u202e", long_line, *["Captain of Rohan"] * (MAX_LINES + 5)])
    read = sbg(text)
    assert len(read.lines) <= MAX_LINES
    assert read.notes == (f"The list has {MAX_LINES + 7} lines: only the first {MAX_LINES} were read.",)
    assert any("Only the first" in m for line in read.lines for m in line.messages)
    assert sbg("").army.units == () and sbg("").lines == ()


def test_fold_makes_names_alike():
    assert fold("  Éomer’s   Riders ") == fold("eomer's riders")
    assert fold("Гэндальф") == fold("гэндальф")
