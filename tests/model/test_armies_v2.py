"""Armies saved by version 2 of the army format (before a party's unit could carry a character built in it, issue
20) open as they were: migrated to version 3 with nothing else changed, validated and priced exactly as before,
and saved back as version 3. Battles and journals embedding a version 2 army keep it as it was, and open and resume.

The fixtures in tests/files/armies_v2/ are each game's example army as version 2 saved it; the reports below
(costs, labels, no problem, no change told) were taken from that version before the format moved on.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from warband import api
from warband.model.battle import load_battle
from warband.model.storage import CURRENT_VERSIONS, FileError, open_envelope
from warband.model.system import get_system

FIXTURES = Path(__file__).resolve().parents[1] / "files" / "armies_v2"
FILES = {
    "confrontation": FIXTURES / "confrontation-light-of-merin.warband.json",
    "pfpv": FIXTURES / "pfpv-the-company.warband.json",
    "powerdice": FIXTURES / "powerdice-border-skirmish.warband.json",
    "sbg": FIXTURES / "sbg-riders-of-rohan.warband.json",
}
BEFORE: dict[str, tuple[int, int | None, list[tuple[str, str, int]]]] = {
    "confrontation": (
        397,
        400,
        [
            ("u1", "Priestess of the north gate", 102),
            ("u2", "Brother of the shield", 71),
            ("u3", "Saphon", 83),
            ("u4", "Sered", 127),
            ("u5", "Trooper of the north gate", 14),
        ],
    ),
    "pfpv": (0, None, [("u1", "Merlin", 0), ("u2", "Merlin's apprentice", 0), ("u3", "The pyromancer", 0)]),
    "powerdice": (
        280,
        300,
        [
            ("u1", "Battle mage of the watchtower", 70),
            ("u2", "Apprentice of the watchtower", 40),
            ("u3", "Acolyte of the border shrine", 35),
            ("u4", "Border halberdiers", 25),
            ("u5", "Watchtower archers", 25),
            ("u6", "Border riders", 40),
            ("u7", "Tower ballista", 45),
        ],
    ),
    "sbg": (
        424,
        500,
        [
            ("u1", "Théoden King", 75),
            ("u2", "Éowyn", 50),
            ("u3", "Captain of the Westfold", 45),
            ("u4", "Riders of the King's éored", 104),
            ("u5", "Westfold spears", 84),
            ("u6", "Rohan Royal Guard", 66),
        ],
    ),
}
"""What version 2 of the program reported for each army: total, limit, (unit, label, cost); no problem."""


def raw(system: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FILES[system].read_text(encoding="utf-8"))
    return data


def test_the_army_format_is_at_version_3_and_refuses_a_newer_one(tmp_path: Path) -> None:
    assert CURRENT_VERSIONS["warband-army"] == 3
    newer = tmp_path / "newer.warband.json"
    newer.write_text(json.dumps({**raw("pfpv"), "version": 4}), encoding="utf-8")
    with pytest.raises(FileError) as caught:
        api.load_army(newer)
    assert caught.value.where == "$.version"
    assert "version 4, newer than this program understands (up to 3)" in caught.value.message


def test_the_migration_from_2_to_3_changes_nothing_but_the_version() -> None:
    doc = raw("pfpv")
    assert open_envelope(json.loads(json.dumps(doc)), "a", "warband-army") == {**doc, "version": 3}
    older = {**doc, "version": 1}
    assert open_envelope(older, "a", "warband-army") == {**doc, "version": 3}  # through 2, then 3
    assert older["version"] == 1  # the document read is left as it was


@pytest.mark.parametrize("system", sorted(FILES))
def test_a_version_2_army_opens_validates_and_prices_as_before(system: str, tmp_path: Path) -> None:
    data = raw(system)
    assert (data["version"], data["system"]) == (2, system)
    army = api.load_army(FILES[system])
    assert army.version == 3
    assert army.model_dump(mode="json") == {**data, "version": 3}  # nothing else changed
    catalogs = api.builtin_catalogs(system)
    report = api.validate(army, catalogs)
    total, limit, units = BEFORE[system]
    assert (report.total_cost, report.points_limit) == (total, limit)
    assert [(u.id, u.label, u.cost) for u in report.units] == units
    assert report.problems == () and report.valid
    assert api.compare(army, catalogs) == []  # the catalogs it was saved with: nothing to tell (AR-04)
    saved = tmp_path / f"{system}.warband.json"
    api.save_army(army, saved)
    assert json.loads(saved.read_text(encoding="utf-8")) == {**data, "version": 3}
    again = api.load_army(saved)
    assert again == army
    assert api.validate(again, catalogs) == report


def _embedded_armies(battle: Any) -> list[Any]:
    """The armies a battle embeds: a party, or each side's army."""
    party = getattr(battle, "party", None)
    return [party] if party is not None else [side.army for side in battle.sides]


@pytest.mark.parametrize("system", sorted(FILES))
def test_a_battle_and_a_journal_embedding_a_version_2_army_open_and_resume(system: str, tmp_path: Path) -> None:
    """An army embedded in a battle keeps the version it was saved with: version 2 opens and resumes as such."""
    game = get_system(system)
    army = game.army_model.model_validate(raw(system))  # as version 2 embedded it, not migrated
    assert army.version == 2
    catalogs = api.builtin_catalogs(system)
    sides = [("Aline", army), ("Bruno", army)][: game.info.sides]
    journal = tmp_path / f"{system}.battle-journal"
    run = api.start_battle(sides, catalogs, journal=journal, dice=api.SeededDice(5))
    assert [a.version for a in _embedded_armies(run.battle)] == [2] * len(sides)
    moves = [a for a in api.actions(run) if a.command is not None and a.allowed and a.kind != "end_battle"]
    assert moves and api.take(run, moves[0])  # an action played, journalled

    path = tmp_path / f"{system}.battle.json"
    api.save_battle_file(run, path)
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written["version"] == CURRENT_VERSIONS["warband-battle"]
    battle, log, dice = load_battle(path)
    assert battle == run.battle and [a.version for a in _embedded_armies(battle)] == [2] * len(sides)
    assert list(log) == list(run.log)
    assert dice.state() == run.dice.state()

    resumed = api.resume_journal(journal)
    assert resumed.battle == run.battle
    assert [a.version for a in _embedded_armies(resumed.battle)] == [2] * len(sides)
    assert resumed.log == run.log
    run.close_journal(remove=False)
