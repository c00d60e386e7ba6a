"""A power-dice battle saved by Warband before issue 16 read the rules to the letter opens and resumes the same:
its journal holds a Fireball helped by an apprentice out of play (its battle file said so), which the program
then accepted. PD-05 (friendly casters still in play only) now refuses that gift; resuming keeps the casting as it
was played and marks it in the log.

The fixtures in tests/files/saved_before_rules/ were written by `make_powerdice.py` at commit e7c2066 (before the
fix), with `powerdice.expected.json` taken from that version: the battle file as loaded and the journal as
resumed.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from warband import api
from warband.model.battle import load_battle
from warband.model.replay import resume_journal
from warband.model.systems.powerdice.battle_commands import CastSpell

FIXTURES = Path(__file__).resolve().parents[1] / "files" / "saved_before_rules"
CAST_LINE = "Battle mage casts Fireball: 4 + 3 + 2 = 9 against 8: success"


def expected() -> dict:
    return json.loads((FIXTURES / "powerdice.expected.json").read_text(encoding="utf-8"))


def _journal(tmp_path: Path) -> Path:
    path = tmp_path / "powerdice.battle-journal"
    shutil.copyfile(FIXTURES / path.name, path)
    return path


def test_the_battle_file_saved_before_opens_the_same() -> None:
    battle, log, dice = load_battle(FIXTURES / "powerdice.battle.json")
    want = expected()["battle_file"]
    assert battle.model_dump(mode="json") == want["battle"]
    assert [e.model_dump(mode="json") for e in log] == want["log"]
    assert dice.state() == want["dice"]
    assert battle.casters["0:u2"].removed  # the apprentice is out of play


def test_pd_05_the_journal_resumes_the_same_with_the_gift_kept_and_marked(tmp_path: Path) -> None:
    run = resume_journal(_journal(tmp_path))
    want = expected()["journal"]
    assert run.battle.model_dump(mode="json") == want["battle"]  # the same battle as the program that saved it
    assert run.dice.state() == want["dice"]
    assert (run.session.undo_label, run.session.redo_label) == (want["undo"], want["redo"])
    assert str(run.file) == want["file"] and run.session.modified == want["modified"]
    assert run.read_report is not None and run.read_report.dropped == 0
    log = [e.model_dump(mode="json") for e in run.log]
    [cast] = [i for i, e in enumerate(log) if e["text"] == CAST_LINE]
    note = run.log[cast + 1]
    assert note.text == (
        "Kept as played: an earlier version of Warband allowed this action, which the rules now refuse (PD-05: "
        "Apprentice magician is out of play and cannot give dice.)."
    )
    assert note.step == 0  # a note: undo never strikes it out
    assert log[: cast + 1] + log[cast + 2 :] == want["log"]  # the note is all that was added


def test_pd_05_the_kept_gift_is_refused_now(tmp_path: Path) -> None:
    """What the journal kept is what the rules now refuse: an apprentice out of play gives no dice."""
    path = _journal(tmp_path)
    records = [json.loads(line) for line in path.read_bytes().splitlines()]
    [record] = [r for r in records if r.get("op") == "do" and r["command"]["kind"] == "cast_spell"]
    command = CastSpell.model_validate(record["command"])
    assert command.gifts == {"0:u2": 1}
    run = resume_journal(path)
    while run.session.undo_label != "Cast Fireball":
        assert run.undo()
    assert run.undo()  # the battle as it was just before the casting
    with pytest.raises(api.RefusedError) as refused:
        command.apply(run.battle)
    assert (refused.value.reason.rule, refused.value.reason.code) == ("PD-05", "pd.helper_out")
