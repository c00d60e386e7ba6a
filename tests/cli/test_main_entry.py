"""`warband FILE` opens an army or a battle in the window; anything else given goes to the command line."""

from __future__ import annotations

import pytest

from warband.__main__ import _file_to_open, utf8_locale
from warband.model.locations import data_dir


def test_one_existing_army_or_battle_file_opens_in_the_window(tmp_path):
    army = next((data_dir() / "sbg" / "examples").glob("*.warband.json"))
    assert _file_to_open([str(army)]) == army.resolve()
    battle = tmp_path / "b.battle.json"
    battle.write_text("{}")
    assert _file_to_open([str(battle)]) == battle.resolve()  # what is in it is the window's to tell


def test_any_other_json_file_given_alone_opens_in_the_window_which_tells_what_it_is(tmp_path):
    """Windows' "Open with" on a `.json`: the window opens it as an army and says what is wrong, if anything."""
    other = tmp_path / "roster.JSON"
    other.write_text("{}")
    assert _file_to_open([str(other)]) == other.resolve()
    assert _file_to_open([str(tmp_path / "missing.json")]) is None


def test_anything_else_is_a_command():
    army = next((data_dir() / "sbg" / "examples").glob("*.warband.json"))
    assert _file_to_open(["validate", str(army)]) is None
    assert _file_to_open(["missing.warband.json"]) is None  # the command line says it does not exist
    assert _file_to_open(["notes.txt"]) is None and _file_to_open([]) is None


def test_a_file_that_is_not_there_is_said_so(capsys):
    from warband.__main__ import main

    assert main(["missing.warband.json"]) == 2
    assert capsys.readouterr().err == "warband: no such file: 'missing.warband.json'\n"


@pytest.mark.parametrize(
    ("environ", "resolves", "expected"),
    [
        ({}, "C", {"LC_CTYPE": "C.UTF-8"}),
        ({"LANG": "C"}, "C", {"LANG": "C", "LC_CTYPE": "C.UTF-8"}),
        ({"LC_CTYPE": "POSIX"}, "C", {"LC_CTYPE": "C.UTF-8"}),
        ({"LANG": "fr_FR.UTF-8"}, "fr_FR.UTF-8", {"LANG": "fr_FR.UTF-8"}),
        ({"LANG": "fr_FR.UTF-8"}, None, {"LANG": "fr_FR.UTF-8", "LC_CTYPE": "C.UTF-8"}),  # not installed here
        ({"LC_ALL": "ru_RU.UTF-8"}, None, {"LC_ALL": "ru_RU.UTF-8"}),  # LC_ALL is the player's word, as for python
        ({"LC_CTYPE": "de_DE.UTF-8", "LANG": "C"}, "de_DE.UTF-8", {"LC_CTYPE": "de_DE.UTF-8", "LANG": "C"}),
    ],
)
def test_the_bundle_asks_for_utf8_under_the_c_locale_as_python_does(environ, resolves, expected):
    """PEP 538: `python` coerces the C locale (asked for, or left because the one asked for is not installed) to
    C.UTF-8; the bundle's embedded interpreter does it here. The language asked for (LANG) stays for messages."""
    utf8_locale(environ, lambda: resolves)
    assert environ == expected
