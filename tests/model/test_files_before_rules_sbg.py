"""A Strategy Battle Game battle saved by Warband before issue 16 read the rules to the letter opens and resumes
the same: its journal holds a Fate roll of three dice for one Wound under the default procedure (one die at a
time), which the program then accepted although the first die had restored the Wound. SB-04 now refuses it;
resuming keeps it as it was played and marks it in the log.

The fixtures in tests/files/saved_before_rules/ were written by `make_sbg.py` at commit e7c2066 (before the fix),
with `sbg.expected.json` taken from that version: the battle file as loaded and the journal as resumed.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from warband import api
from warband.model.battle import load_battle
from warband.model.replay import resume_journal
from warband.model.systems.sbg.battle_commands import FateRoll

FIXTURES = Path(__file__).resolve().parents[1] / "files" / "saved_before_rules"
FATE_LINE = "Gandalf the Grey spends 3 Fate: 5 6 2, restores 1"


def expected() -> dict:
    return json.loads((FIXTURES / "sbg.expected.json").read_text(encoding="utf-8"))


def test_the_battle_file_saved_before_opens_the_same() -> None:
    battle, log, dice = load_battle(FIXTURES / "sbg.battle.json")
    want = expected()["battle_file"]
    assert battle.model_dump(mode="json") == want["battle"]
    assert [e.model_dump(mode="json") for e in log] == want["log"]
    assert dice.state() == want["dice"]


def test_sb_04_the_journal_resumes_the_same_with_the_fate_roll_kept_and_marked(tmp_path: Path) -> None:
    path = tmp_path / "sbg.battle-journal"
    shutil.copyfile(FIXTURES / path.name, path)
    run = resume_journal(path)
    want = expected()["journal"]
    assert run.battle.model_dump(mode="json") == want["battle"]  # the same battle as the program that saved it
    assert run.dice.state() == want["dice"]
    assert (run.session.undo_label, run.session.redo_label) == (want["undo"], want["redo"])
    assert str(run.file) == want["file"] and run.session.modified == want["modified"]
    assert run.read_report is not None and run.read_report.dropped == 0
    log = [e.model_dump(mode="json") for e in run.log]
    [fate] = [i for i, e in enumerate(log) if e["text"] == FATE_LINE]
    note = run.log[fate + 1]
    assert note.text.startswith("Kept as played") and "(SB-04: " in note.text and note.step == 0
    assert log[: fate + 1] + log[fate + 2 :] == want["log"]  # the note is all that was added


def test_sb_04_the_kept_fate_roll_is_refused_now(tmp_path: Path) -> None:
    """What the journal kept is what the rules now refuse: the roll stops once the Wound is restored."""
    path = tmp_path / "sbg.battle-journal"
    shutil.copyfile(FIXTURES / path.name, path)
    records = [json.loads(line) for line in path.read_bytes().splitlines()]
    [record] = [r for r in records if r.get("op") == "do" and r["command"]["kind"] == "fate"]
    command = FateRoll.model_validate(record["command"])
    before = api.open_battle(FIXTURES / "sbg.battle.json")
    assert command.rolled == (5, 6, 2) and command.lost == 1 and before.battle.options.fate_dice == "one_at_a_time"
    run = resume_journal(path)
    while run.session.undo_label != "Fate roll":
        assert run.undo()
    assert run.undo()  # the battle as it was just before the Fate roll
    with pytest.raises(api.RefusedError) as refused:
        command.apply(run.battle)
    assert (refused.value.reason.rule, refused.value.reason.code) == ("SB-04", "sbg.fate_stop")
