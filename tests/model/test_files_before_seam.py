"""Files saved by Warband before the model seam work (issue 13) open and resume unchanged: an army, a battle file
and a journal of a battle killed mid-turn (its last line torn), for each of the four games.

The fixtures in tests/files/saved_before_seam/ were saved at commit 0654ded, with the `.expected.json` beside
each taken from that version: the army as loaded, the battle file as loaded, and the journal as resumed.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.model.test_journal_v1 import GAMES
from warband.model.army import load_army
from warband.model.battle import load_battle
from warband.model.replay import resume
from warband.model.storage import CURRENT_VERSIONS

FIXTURES = Path(__file__).resolve().parents[1] / "files" / "saved_before_seam"


def expected(system: str) -> dict:
    return json.loads((FIXTURES / f"{system}.expected.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("system", sorted(GAMES))
def test_an_army_saved_before_opens_the_same(system):
    """Version 1 of the army format is migrated on load: version 2 only adds optional fields (CF-20)."""
    want = dict(expected(system)["army"], version=CURRENT_VERSIONS["warband-army"])
    assert load_army(FIXTURES / f"{system}.warband.json").model_dump(mode="json") == want


@pytest.mark.parametrize("system", sorted(GAMES))
def test_a_battle_saved_before_opens_the_same(system):
    battle, log, dice = load_battle(FIXTURES / f"{system}.battle.json")
    want = expected(system)["battle_file"]
    assert battle.model_dump(mode="json") == want["battle"]
    assert [e.model_dump(mode="json") for e in log] == want["log"]
    assert dice.state() == want["dice"]


@pytest.mark.parametrize("system", sorted(GAMES))
def test_a_journal_killed_mid_turn_before_resumes_the_same(system, tmp_path):
    path = tmp_path / f"{system}.battle-journal"
    shutil.copyfile(FIXTURES / path.name, path)
    battle_model, parse = GAMES[system]
    run = resume(path, battle_model, parse)
    want = expected(system)["journal"]
    assert run.battle.model_dump(mode="json") == want["battle"]
    assert [e.model_dump(mode="json") for e in run.log] == want["log"]
    assert run.dice.state() == want["dice"]
    assert (run.session.undo_label, run.session.redo_label) == (want["undo"], want["redo"])
    assert run.file == Path(f"{system}.battle.json") and run.session.modified == want["modified"]
    assert run.read_report is not None and run.read_report.torn and run.read_report.dropped == 0
