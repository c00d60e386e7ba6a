"""The battle journal: a crash loses at most the action in progress, and resuming gives the undo history back."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.helpers import make_army, make_catalogs, unit
from warband.model.battle import BattleRun, RecordingDice
from warband.model.dice import SeededDice
from warband.model.replay import resume
from warband.model.storage import FileError
from warband.model.systems.confrontation.battle_calls import CallRequest, call_miracle
from warband.model.systems.confrontation.battle_commands import (
    COMMANDS,
    CallMiracle,
    NextPhase,
    SetModelFlag,
    SetTacticalWinner,
)
from warband.model.systems.confrontation.battle_rules import start_battle
from warband.model.systems.confrontation.battle_state import ConfrontationBattle

ROOT = Path(__file__).resolve().parents[2]


def new_battle():
    army = make_army(unit("u1", "iron-priestess", miracles=["renfort", "small-grace"]), unit("u2", "templar"))
    return start_battle([("A", army), ("B", army)], make_catalogs())


def roll_call(run, miracle="renfort", fervour=2):
    recorder = RecordingDice(run.dice)
    _, outcome = call_miracle(run.battle, CallRequest("0:u1", miracle, fervour, True), recorder)
    command = CallMiracle(
        key="0:u1", miracle=miracle, fervour=fervour, target_confirmed=True, dice=tuple(recorder.values)
    )
    run.execute(command, text=outcome.sentence(), dice=outcome.dice, source="rolled", success=outcome.success)


def play(run):
    for _ in range(2):
        run.execute(NextPhase())
    run.execute(SetTacticalWinner(side=0))
    roll_call(run)
    run.execute(SetModelFlag(key="1:u2", field="engaged", value=True))
    run.undo()
    roll_call(run, "small-grace", 1)
    run.undo()
    run.redo()


def test_resume_gives_back_state_log_dice_and_undo_history(tmp_path):
    journal = tmp_path / "battle.journal"
    run = BattleRun(new_battle(), dice=SeededDice(3), journal=journal)
    play(run)
    resumed = resume(journal, ConfrontationBattle, COMMANDS.validate_python)
    assert resumed.battle == run.battle
    assert resumed.log == run.log
    assert resumed.dice.state() == run.dice.state()
    assert resumed.session.undo_label == run.session.undo_label
    assert [s.label for s in resumed.session.history] == [s.label for s in run.session.history]
    while resumed.undo():
        pass
    assert resumed.battle == new_battle()
    assert resumed.log[-1].undone


def test_a_line_cut_short_by_a_crash_is_dropped(tmp_path):
    journal = tmp_path / "battle.journal"
    run = BattleRun(new_battle(), journal=journal)
    run.execute(NextPhase())
    expected = run.battle
    with journal.open("a") as handle:
        handle.write('{"op":"do","command":{"kind":"next_ph')
    assert resume(journal, ConfrontationBattle, COMMANDS.validate_python).battle == expected


def test_a_journal_whose_start_cannot_be_used_is_a_clear_error(tmp_path):
    """Only the first line's damage refuses the whole journal: a damaged line further on keeps what is before it
    (tests/model/test_journal_damage.py)."""
    journal = tmp_path / "battle.journal"
    journal.write_text('{"op":"start","format":"warband-journal","version":1}\nnot json\n{}\n')
    with pytest.raises(FileError) as err:
        resume(journal, ConfrontationBattle, COMMANDS.validate_python)
    assert err.value.where == "line 1"
    assert err.value.message.startswith("the battle cannot be used")
    (tmp_path / "other").write_text('{"hello": 1}\n')
    with pytest.raises(FileError) as err:
        resume(tmp_path / "other", ConfrontationBattle, COMMANDS.validate_python)
    assert err.value.message == "not a Warband battle journal"


def test_a_clean_close_removes_the_journal(tmp_path):
    journal = tmp_path / "battle.journal"
    run = BattleRun(new_battle(), journal=journal)
    run.execute(NextPhase())
    run.close_journal(remove=True)
    assert not journal.exists()


CHILD = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    sys.path.insert(0, sys.argv[3])
    from tests.model.test_battle_journal import new_battle, play
    from warband.model.battle import BattleRun
    from warband.model.dice import SeededDice

    journal, expected = Path(sys.argv[1]), Path(sys.argv[2])
    run = BattleRun(new_battle(), dice=SeededDice(11), journal=journal)
    play(run)
    expected.write_text(json.dumps({"battle": run.battle.model_dump(mode="json"),
                                    "log": [e.model_dump(mode="json") for e in run.log],
                                    "undo": run.session.undo_label}))
    print("ready", flush=True)  # the handshake: every action is complete and journalled
    sys.stdin.readline()  # wait here until killed
    """
)


def kill_when_ready(script: str, *args: object) -> None:
    """Run a Python script in a child process and SIGKILL it once it printed "ready" (no sleeps)."""
    child = subprocess.Popen(
        [sys.executable, "-c", script, *map(str, args)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait(timeout=60)
    assert child.returncode == -signal.SIGKILL


def test_killing_the_program_loses_no_completed_action(tmp_path):
    journal, expected = tmp_path / "battle.journal", tmp_path / "expected.json"
    kill_when_ready(CHILD, journal, expected, ROOT)
    want = json.loads(expected.read_text())
    resumed = resume(journal, ConfrontationBattle, COMMANDS.validate_python)
    assert resumed.battle.model_dump(mode="json") == want["battle"]
    assert [e.model_dump(mode="json") for e in resumed.log] == want["log"]
    assert resumed.session.undo_label == want["undo"]


def test_battle_files_save_and_reopen_with_log_and_dice(tmp_path):
    from warband.model.battle import load_battle, save_battle
    from warband.model.systems.confrontation.battle_state import ConfrontationBattleFile

    run = BattleRun(new_battle(), dice=SeededDice(5))
    play(run)
    path = tmp_path / "game.battle.json"
    save_battle(run, ConfrontationBattleFile, path)
    assert not run.session.modified
    battle, log, dice = load_battle(path)
    assert battle == run.battle
    assert log == run.log
    assert dice.roll(6, 5) == run.dice.roll(6, 5)  # the reopened battle rolls on where it stopped
    data = json.loads(path.read_text())
    assert (data["format"], data["version"], data["system"]) == ("warband-battle", 1, "confrontation")
    data["dice"] = {"version": 3}
    path.write_text(json.dumps(data))
    with pytest.raises(FileError) as err:
        load_battle(path)
    assert err.value.where == "$.dice"


class StricterTactical(SetTacticalWinner):
    """The Tactical roll as a later version might read the rules: it refuses what the earlier one carried out."""

    def apply(self, state):
        from warband.model.army import Problem
        from warband.model.session import RefusedError

        raise RefusedError(Problem.of("CF-08", "call.phase", None, phase="Movement"))


class KeptTactical(StricterTactical):
    """… and says how the earlier version carried it out."""

    def as_before(self, state):
        return SetTacticalWinner.apply(self, state)


def test_an_action_the_rules_now_refuse_is_kept_as_played_and_marked(tmp_path):
    journal = tmp_path / "battle.journal"
    run = BattleRun(new_battle(), dice=SeededDice(3), journal=journal)
    play(run)

    def stricter(data, *, kept=True):
        command = COMMANDS.validate_python(data)
        if not isinstance(command, SetTacticalWinner):
            return command
        return (KeptTactical if kept else StricterTactical).model_validate(command.model_dump())

    resumed = resume(journal, ConfrontationBattle, stricter)
    assert resumed.battle == run.battle and resumed.read_report.dropped == 0  # nothing refused, nothing lost
    [note] = [entry for entry in resumed.log if entry.text.startswith("Kept as played")]
    index = resumed.log.index(note)
    assert resumed.log[index - 1].text == run.log[index - 1].text  # right under the action it marks
    assert "(CF-08: " in note.text and note.step == 0  # a note: undo never strikes it out
    assert [e for e in resumed.log if e is not note] == run.log

    refusing = resume(journal, ConfrontationBattle, lambda data: stricter(data, kept=False))
    assert refusing.read_report.dropped > 0  # a command that cannot say how it was played stops the replay there
