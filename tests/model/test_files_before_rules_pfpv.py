"""A « Par le Fer et par le Verbe » scene saved by Warband before issue 16 read the rules to the letter opens and
resumes the same. Its journal holds three spells begun at once, one taking effect before the others (then given
the penalty for two, PF-04 now keeps the penalty for three), Don pledged for a control roll that was not made
(then charged, PF-03 now spends it only on a control roll made), a raw energy of 0 with no control roll (PF-03
now makes it: refused, kept as played) and a Light −2 on a Fire-only combination (then ignored, PF-01 now
refuses it: kept as played).

A casting of those versions carries no `rules`: it replays as it was played, so the scene resumes with the Don
and Vitality it had; the castings written from now are resolved to the letter.

The fixtures in tests/files/saved_before_rules/ were written by `make_pfpv.py` at commit e7c2066 (before the
fix), with `pfpv.expected.json` taken from that version: the battle file as loaded and the journal as resumed.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from warband import api
from warband.model.battle import load_battle
from warband.model.replay import resume_journal
from warband.model.systems.pfpv.scene import CastingSetup, ResolveCasting, build_setup

FIXTURES = Path(__file__).resolve().parents[1] / "files" / "saved_before_rules"
RAW_0 = "The pyromancer casts Ignite an object: no energy: raw Fire 0"
LIGHT = "Merlin casts Fireball: success: raw Fire 5; control Destruction 3; net Fire 2; power 5, 3 Don paid for the level"
KEPT = "Kept as played: an earlier version of Warband allowed this action, which the rules now refuse ("


def expected() -> dict:
    return json.loads((FIXTURES / "pfpv.expected.json").read_text(encoding="utf-8"))


def _journal(tmp_path: Path) -> Path:
    path = tmp_path / "pfpv.battle-journal"
    shutil.copyfile(FIXTURES / path.name, path)
    return path


def test_the_battle_file_saved_before_opens_the_same() -> None:
    scene, log, dice = load_battle(FIXTURES / "pfpv.battle.json")
    want = expected()["battle_file"]
    assert scene.model_dump(mode="json") == want["battle"]
    assert [e.model_dump(mode="json") for e in log] == want["log"]
    assert dice.state() == want["dice"]
    assert scene.characters["u1"].group == 2  # two spells being cast: a group of two, as far as it tells


def test_the_journal_resumes_the_same_with_the_castings_the_rules_now_refuse_kept_and_marked(
    tmp_path: Path,
) -> None:
    run = resume_journal(_journal(tmp_path))
    want = expected()["journal"]
    battle = run.battle.model_dump(mode="json")
    merlin = battle["characters"]["u1"]
    assert merlin.pop("at_once") == 3  # PF-04: the shield and sleep are still a group of three
    assert battle == want["battle"]  # else the same scene as the program that saved it: its Don, its Vitality
    assert run.dice.state() == want["dice"]
    assert (run.session.undo_label, run.session.redo_label) == (want["undo"], want["redo"])
    assert str(run.file) == want["file"] and run.session.modified == want["modified"]
    assert run.read_report is not None and run.read_report.dropped == 0
    log = [e.model_dump(mode="json") for e in run.log]
    notes = []
    for line in (RAW_0, LIGHT):
        [index] = [i for i, e in enumerate(log) if e["text"] == line]
        note = run.log[index + 1]
        assert note.text.startswith(KEPT) and note.step == 0
        notes.append(index + 1)
    assert "(PF-03: " in run.log[notes[0]].text and "“destruction” is missing" in run.log[notes[0]].text
    assert "(PF-01: Light is not in the combination chosen" in run.log[notes[1]].text
    assert [e for i, e in enumerate(log) if i not in notes] == want["log"]  # the notes are all that was added


def test_pf_03_pf_01_the_kept_castings_are_refused_now_and_the_others_read_to_the_letter(tmp_path: Path) -> None:
    """What the journal kept is what the rules now refuse; and the same castings written from now (`rules` 2)
    are resolved to the letter: the shield under −3 fails harmlessly, the Don pledged is not spent."""
    path = _journal(tmp_path)
    records = [json.loads(line) for line in path.read_bytes().splitlines()]
    castings = [
        ResolveCasting.model_validate(r["command"])
        for r in records
        if r.get("op") == "do" and r["command"]["kind"] == "resolve_casting"
    ]
    assert [c.rules for c in castings] == [1] * 5
    fireball, shield, pledged, zero, light = castings
    run = resume_journal(path)
    undone, checked = 0, set()
    while run.undo():
        undone += 1
        scene = run.battle
        if run.session.redo_label == "Cast Magic shield":  # just before the shield: the fireball took effect
            assert build_setup(scene, "u1", CastingSetup(spell="bouclier-magique")).simultaneous == 3
            now = shield.model_copy(update={"rules": 2}).apply(scene)
            assert now.characters["u1"].don == scene.characters["u1"].don  # a harmless failure under −3
            assert shield.apply(scene).characters["u1"].don == scene.characters["u1"].don - 3  # as played
            checked.add("PF-04")
        if run.session.redo_label == "Cast Ignite an object" and scene.characters["u2"].don == 70:
            try:
                zero.apply(scene)
            except api.RefusedError as refused:
                assert refused.reason.rule == "PF-03"
                checked.add("PF-03 raw 0")
            else:
                raise AssertionError("a raw energy of 0 without its control roll is refused now")
        if run.session.redo_label == "Cast Ignite an object" and scene.characters["u2"].don == 80:
            assert pledged.model_copy(update={"rules": 2}).apply(scene) == scene  # no control roll, no Don
            assert pledged.apply(scene).characters["u2"].don == 70  # as played: charged
            checked.add("PF-03 Don")
        if run.session.redo_label == "Cast Fireball" and scene.characters["u2"].don == 60:
            try:
                light.apply(scene)
            except api.RefusedError as refused:
                assert refused.reason.rule == "PF-01"
                checked.add("PF-01")
            else:
                raise AssertionError("a modifier for a source the combination does not use is refused now")
    assert undone == 10 and fireball.rules == 1
    assert checked == {"PF-04", "PF-03 raw 0", "PF-03 Don", "PF-01"}
