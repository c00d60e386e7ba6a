"""A Confrontation army and battle saved by Warband before issue 16 read the rules to the letter open and resume
the same. The army (version 1 of the format) fields a Dirz zealot among Griffins, which CF-20 now reports. The
journal holds what the program then accepted and the rules now refuse: a call out of the Divination order, a call
by a Faithful marked done, a Faithful unmarked done (CF-13), and a call by a Faithful wounded that turn (CF-11).
Resuming keeps each as it was played and marks it in the log.

The fixtures in tests/files/saved_before_rules/ were written by `make_confrontation.py` at commit e7c2066 (before
the fix), with `confrontation.expected.json` taken from that version: the army and the battle file as loaded, the
army's problems, and the journal as resumed.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from warband import api
from warband.model.battle import load_battle
from warband.model.replay import resume_journal
from warband.model.storage import CURRENT_VERSIONS
from warband.model.systems.confrontation.battle_commands import COMMANDS
from warband.model.systems.confrontation.battle_state import ConfrontationBattle

FIXTURES = Path(__file__).resolve().parents[1] / "files" / "saved_before_rules"
SEAM = Path(__file__).resolve().parents[1] / "files" / "saved_before_seam"
SAPHON = "0:u2"
KEPT = [  # each refused action, as the log shows it, and the rule the note under it names
    ("Zealot of Arh-Tolth calls Prayer: fervour 1, dice 4, total 5 against 4: success", "CF-13"),
    ("Dark priest of Mid-Nor calls Divine Messenger: fervour 2, dice 3, total 5 against 6: failure", "CF-13"),
    ("Done in the Divination phase: no", "CF-13"),
    ("Saphon the Preacher calls Prayer: fervour 1, dice 2, total 3 against 4: failure", "CF-11"),
]


def expected() -> dict:
    return json.loads((FIXTURES / "confrontation.expected.json").read_text(encoding="utf-8"))


def journal_copy(tmp_path: Path) -> Path:
    path = tmp_path / "confrontation.battle-journal"
    shutil.copyfile(FIXTURES / path.name, path)
    return path


@pytest.mark.parametrize(
    "path",
    [FIXTURES / "confrontation.warband.json", *sorted(SEAM.glob("*.warband.json"))],
    ids=lambda p: f"{p.parent.name}/{p.name}",
)
def test_cf_20_armies_of_version_1_still_open(path: Path) -> None:
    """The army format's version 2 (CF-20's option) opens every version 1 army as it was."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert raw["version"] == 1
    army = api.load_army(path)
    assert army.version == CURRENT_VERSIONS["warband-army"] == 3  # through version 2 (CF-20), then 3 (issue 20)
    assert army.model_dump(mode="json") == {**raw, "version": 3}  # nothing else changed


def test_cf_20_the_army_saved_before_opens_the_same_and_its_stranger_is_reported(tmp_path: Path) -> None:
    want = expected()
    army = api.load_army(FIXTURES / "confrontation.warband.json")
    assert army.model_dump(mode="json") == {**want["army"], "version": 3}
    assert not army.mixed_peoples
    catalogs = api.builtin_catalogs("confrontation")
    report = api.validate(army, catalogs)
    assert want["army_problems"] == []  # the pre-fix program found nothing wrong
    assert [(p.rule, p.code, p.unit.id) for p in report.problems] == [("CF-20", "army.people", "u4")]
    saved = tmp_path / "again.warband.json"
    api.save_army(army, saved)  # saved back as the newest version, with nothing new in it
    assert json.loads(saved.read_text(encoding="utf-8")) == {**want["army"], "version": 3}


def test_the_battle_file_saved_before_opens_the_same() -> None:
    battle, log, dice = load_battle(FIXTURES / "confrontation.battle.json")
    want = expected()["battle_file"]
    assert battle.model_dump(mode="json") == want["battle"]
    assert [e.model_dump(mode="json") for e in log] == want["log"]
    assert dice.state() == want["dice"]


def test_cf_13_cf_11_the_journal_resumes_the_same_with_refused_actions_kept_and_marked(tmp_path: Path) -> None:
    run = resume_journal(journal_copy(tmp_path))
    want = expected()["journal"]
    battle = run.battle.model_dump(mode="json")
    assert battle["models"][SAPHON].pop("wounded") is True  # CF-11's record of the wound, all that is new
    assert battle == want["battle"]  # the same battle as the program that saved it
    assert run.dice.state() == want["dice"]
    assert (run.session.undo_label, run.session.redo_label) == (want["undo"], want["redo"])
    assert str(run.file) == want["file"] and run.session.modified == want["modified"]
    assert run.read_report is not None and run.read_report.dropped == 0
    log = [e.model_dump(mode="json") for e in run.log]
    notes = [i for i, e in enumerate(log) if e["text"].startswith("Kept as played")]
    marked = [(log[i - 1]["text"], run.log[i].text.split("(", 1)[1].split(":", 1)[0]) for i in notes]
    assert marked == KEPT  # right under the action each marks, naming its rule
    assert all(run.log[i].step == 0 for i in notes)  # notes: undo never strikes them out
    assert [e for i, e in enumerate(log) if i not in notes] == want["log"]  # the notes are all that was added


def test_cf_13_cf_11_what_the_journal_kept_is_refused_now(tmp_path: Path) -> None:
    """Played again from the journal's start, each kept action is refused by the rule its note names, and is
    carried out as the earlier version did; every other action is accepted as it stands."""
    records = [json.loads(line) for line in journal_copy(tmp_path).read_bytes().splitlines()]
    assert {r["op"] for r in records} == {"start", "do", "saved"}  # nothing undone: one action after another
    battle = ConfrontationBattle.model_validate(records[0]["battle"])
    rules = dict(KEPT)
    refused_by: list[tuple[str, str]] = []
    for record in records[1:]:
        if record["op"] != "do":
            continue
        command = COMMANDS.validate_python(record["command"])
        text = record["log"]["text"]
        if text not in rules:
            battle = command.apply(battle)
            continue
        with pytest.raises(api.RefusedError) as refused:
            command.apply(battle)
        refused_by.append((text, refused.value.reason.rule))
        battle = command.as_before(battle)
    assert refused_by == KEPT
