"""A damaged journal loses no complete action: torn, zero-filled, bit-flipped or hostile tails and lines, a full
disk while writing, and journals resumed again and again (issue 12)."""

from __future__ import annotations

import errno
import json
import os
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.model.test_battle_journal import kill_when_ready, new_battle, roll_call
from warband.model import journal as journal_module
from warband.model.battle import BattleRun
from warband.model.dice import SeededDice
from warband.model.journal import MAX_JOURNAL_BYTES, JournalWriteError, encode_record
from warband.model.replay import resume
from warband.model.storage import FileError
from warband.model.systems.confrontation.battle_commands import (
    COMMANDS,
    NextPhase,
    SetModelFlag,
    SetTacticalWinner,
)
from warband.model.systems.confrontation.battle_state import ConfrontationBattle

PARSE = COMMANDS.validate_python
ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Point:
    """The journal's size after an action, and the battle as it then was."""

    size: int
    battle: dict
    log: list
    dice: dict
    undo: str | None


def point(run: BattleRun, path: Path) -> Point:
    return Point(
        path.stat().st_size,
        run.battle.model_dump(mode="json"),
        [e.model_dump(mode="json") for e in run.log],
        run.dice.state(),
        run.session.undo_label,
    )


def assert_at(run: BattleRun, expected: Point) -> None:
    assert run.battle.model_dump(mode="json") == expected.battle
    assert [e.model_dump(mode="json") for e in run.log] == expected.log
    assert run.dice.state() == expected.dice
    assert run.session.undo_label == expected.undo


def played(path: Path, seed: int = 3) -> tuple[BattleRun, list[Point]]:
    """A battle of a dozen actions of every kind (rolls, undo, redo, a note), and its state after each."""
    run = BattleRun(new_battle(), dice=SeededDice(seed), journal=path)
    points = [point(run, path)]
    actions = [
        lambda: run.execute(NextPhase()),
        lambda: run.execute(NextPhase()),
        lambda: run.execute(SetTacticalWinner(side=0)),
        lambda: roll_call(run),
        lambda: run.execute(SetModelFlag(key="1:u2", field="engaged", value=True)),
        run.undo,
        lambda: run.note("a tie: roll again", dice=run.dice.roll(6, 2), source="rolled"),
        lambda: roll_call(run, "small-grace", 1),
        run.undo,
        run.redo,
        lambda: run.execute(SetModelFlag(key="0:u2", field="engaged", value=True)),
    ]
    for action in actions:
        action()
        points.append(point(run, path))
    return run, points


def last_complete(points: list[Point], size: int) -> Point:
    return [p for p in points if p.size <= size][-1]


def test_a_resumed_battle_is_the_one_played(tmp_path):
    path = tmp_path / "b.battle-journal"
    _run, points = played(path)
    resumed = resume(path, ConfrontationBattle, PARSE)
    assert_at(resumed, points[-1])
    assert resumed.read_report is not None
    assert (resumed.read_report.dropped, resumed.read_report.torn) == (0, False)


def test_journal_lines_stay_small(tmp_path):
    """A line carries the dice rolled, not the generator's 6.7 KB state: 25,000 actions stay far below 50 MB."""
    path = tmp_path / "b.battle-journal"
    run = BattleRun(new_battle(), dice=SeededDice(1), journal=path)
    run.execute(NextPhase())
    run.execute(NextPhase())
    run.execute(SetTacticalWinner(side=0))
    after_start = path.stat().st_size
    for _ in range(20):
        roll_call(run)  # each with dice rolled
        run.undo()
    per_action = (path.stat().st_size - after_start) / 40
    assert per_action < 600
    assert 25_000 * per_action < MAX_JOURNAL_BYTES / 3


@pytest.mark.parametrize("lines_back", [1, 2])
def test_truncated_at_every_byte_of_the_last_two_lines(tmp_path, lines_back):
    path = tmp_path / "b.battle-journal"
    _run, points = played(path)
    whole = path.read_bytes()
    start = points[-1 - lines_back].size
    for cut in range(start, points[-lines_back].size + 1):
        path.write_bytes(whole[:cut])
        resumed = resume(path, ConfrontationBattle, PARSE)
        assert_at(resumed, last_complete(points, cut))
        assert resumed.read_report.dropped == 0
        assert resumed.read_report.torn == (cut not in {p.size for p in points})


def test_a_tail_cut_inside_a_utf8_character(tmp_path):
    path = tmp_path / "b.battle-journal"
    _run, points = played(path)
    run = resume(path, ConfrontationBattle, PARSE)
    run.continue_journal(path)
    run.note("Tactical roll: tie — Aline’s «épée»")  # several bytes a character
    whole = path.read_bytes()
    cut = whole.rindex("«".encode()) + 1  # inside the two bytes of «
    path.write_bytes(whole[:cut])
    assert_at(resume(path, ConfrontationBattle, PARSE), points[-1])


@pytest.mark.parametrize("zeros_over", [0, 1, 3])
def test_a_zero_filled_tail_after_a_power_cut(tmp_path, zeros_over):
    """The file's length reached the disk but not its last blocks: they read as NUL bytes."""
    path = tmp_path / "b.battle-journal"
    _run, points = played(path)
    whole = path.read_bytes()
    keep = points[-1 - zeros_over].size
    path.write_bytes(whole[:keep] + b"\0" * (len(whole) - keep + 512))
    resumed = resume(path, ConfrontationBattle, PARSE)
    assert_at(resumed, points[-1 - zeros_over])
    resumed.continue_journal(path)  # cut back: the next action follows the last complete one
    resumed.execute(NextPhase())
    expected = point(resumed, path)
    assert_at(resume(path, ConfrontationBattle, PARSE), expected)


def test_a_bit_flipped_line_in_the_middle_keeps_every_action_before_it(tmp_path):
    path = tmp_path / "b.battle-journal"
    _run, points = played(path)
    whole = bytearray(path.read_bytes())
    line = 5  # the 5th action's line: a log text (still valid JSON after the flip, caught by the check sum)
    at = whole.index(b'"text":"', points[line - 1].size) + 9
    whole[at] ^= 0x01
    path.write_bytes(bytes(whole))
    resumed = resume(path, ConfrontationBattle, PARSE)
    assert_at(resumed, points[line - 1])
    report = resumed.read_report
    assert report.dropped == len(points) - line
    assert report.damage is not None and report.damage.where == f"line {line + 1}" == f"line {report.damaged_line}"
    assert "damaged" in report.damage.message
    # going on keeps the damaged original aside, whole, and the journal resumes from what was kept, forever
    resumed.continue_journal(path)
    assert resumed.kept_aside is not None and resumed.kept_aside.read_bytes() == bytes(whole)
    assert not resumed.kept_aside.name.endswith(".battle-journal")  # never offered again as a battle to resume
    resumed.execute(NextPhase())
    expected = point(resumed, path)
    again = resume(path, ConfrontationBattle, PARSE)
    assert_at(again, expected)
    assert again.read_report.dropped == 0


@pytest.mark.parametrize(
    "bad",
    [
        b'{"op":"do","command":{"kind":"no-such-command"},"log":{}}',  # valid JSON, not a valid record
        b'{"op":"fly"}',
        b'{"op":"undo","rolls":[[6,"a",1]]}',
        b"[" * 100_000 + b"]" * 100_000,  # deep nesting
        b'{"op":"note","n":' + b"9" * 5000 + b"}",  # a 5,000-digit number
        b'{"op":"note","log":{"step":0,"turn":1,"phase":"x","text":"\\ud800"}}',  # a lone surrogate
        b"\xff\xfe not UTF-8",
        b'{"op":"note","crc":1}',
        b"null",
    ],
)
def test_a_last_line_that_is_no_record_is_dropped(tmp_path, bad):
    path = tmp_path / "b.battle-journal"
    _run, points = played(path)
    with path.open("ab") as handle:
        handle.write(bad + b"\n")
    resumed = resume(path, ConfrontationBattle, PARSE)
    assert_at(resumed, points[-1])
    assert resumed.read_report.dropped == 1
    assert resumed.read_report.damage.where == f"line {len(points) + 1}"


def test_a_journal_over_the_limit_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "b.battle-journal"
    played(path)
    with path.open("r+b") as handle:
        handle.truncate(MAX_JOURNAL_BYTES + 1)  # sparse: no time or disk spent
    with pytest.raises(FileError) as err:
        resume(path, ConfrontationBattle, PARSE)
    assert "at most 50 MB" in err.value.message


def test_a_head_with_a_path_that_cannot_be_one_is_refused_clearly(tmp_path):
    path = tmp_path / "b.battle-journal"
    played(path)
    lines = path.read_bytes().split(b"\n")
    head = json.loads(lines[0])
    head.pop("crc")
    head["file"] = "game\x00.battle.json"
    path.write_bytes(b"\n".join([encode_record(head, "x")[:-1], *lines[1:]]))
    resumed = resume(path, ConfrontationBattle, PARSE)
    assert resumed.file is None  # the battle stands; the path that could not be one is forgotten


# --- writing when the disk fails ---------------------------------------------------------------------------
class FailingDisk:
    """os.write that writes part of what it is given, then fails with 'no space left', while `full`."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full = False
        real = os.write

        def write(fd: int, data: bytes | memoryview) -> int:
            if not self.full:
                return real(fd, data)
            if len(data) > 10:
                return real(fd, bytes(data[:10]))  # a fragment reaches the file…
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))  # …then the disk is full

        monkeypatch.setattr(journal_module.os, "write", write)


def test_an_action_that_cannot_be_journalled_is_not_carried_out(tmp_path, monkeypatch):
    path = tmp_path / "b.battle-journal"
    run, points = played(path)
    disk = FailingDisk(monkeypatch)
    disk.full = True
    before = path.read_bytes()
    with pytest.raises(JournalWriteError) as err:
        run.execute(NextPhase())
    assert "No space left" in err.value.message
    assert_at(run, points[-1])  # nothing applied, nothing logged
    assert path.read_bytes() == before  # the fragment was cut off again
    for act in (run.undo, lambda: run.note("x"), lambda: run.note("a tie", dice=run.dice.roll(6, 2))):
        with pytest.raises(JournalWriteError):
            act()
    assert run.battle.model_dump(mode="json") == points[-1].battle
    assert path.read_bytes() == before
    disk.full = False  # space again: the battle goes on, and resumes with the dice the refused call rolled
    run.execute(NextPhase())
    expected = point(run, path)
    assert_at(resume(path, ConfrontationBattle, PARSE), expected)


def test_a_failed_fsync_takes_the_action_back(tmp_path):
    path = tmp_path / "b.battle-journal"
    run, points = played(path)
    before = path.read_bytes()

    def fail(_fd: int) -> None:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    run.synced = fail
    with pytest.raises(JournalWriteError):
        run.execute(NextPhase())
    assert_at(run, points[-1])
    assert path.read_bytes() == before


def test_a_text_that_is_not_unicode_is_refused_before_any_journal_exists(tmp_path):
    path = tmp_path / "b.battle-journal"
    battle = new_battle()
    side = battle.sides[0].model_copy(update={"player": "A\ud800"})
    hostile = battle.model_copy(update={"sides": (side, *battle.sides[1:])})
    with pytest.raises(JournalWriteError) as err:
        BattleRun(hostile, journal=path)
    assert "\\ud800" in err.value.message
    assert not path.exists()  # no empty journal offered at every start
    run = BattleRun(new_battle(), journal=path)
    with pytest.raises(JournalWriteError):
        run.note("B\udfff")
    assert resume(path, ConfrontationBattle, PARSE).log == []


# --- the dice are journalled with every action ------------------------------------------------------------
def test_ar_05_a_second_tactical_roll_with_the_same_winner_is_logged_and_keeps_its_dice(tmp_path):
    path = tmp_path / "b.battle-journal"
    run = BattleRun(new_battle(), dice=SeededDice(8), journal=path)
    run.execute(NextPhase())
    run.execute(NextPhase())
    assert run.execute(SetTacticalWinner(side=0, rolls=(5, 2)), text="Tactical roll: 5 – 2", dice=(5, 2))
    run.dice.roll(6, 2)
    changed = run.execute(SetTacticalWinner(side=0, rolls=(4, 1)), text="Tactical roll: 4 – 1", dice=(4, 1))
    assert run.log[-1].text == "Tactical roll: 4 – 1" and run.log[-1].dice == (4, 1)
    resumed = resume(path, ConfrontationBattle, PARSE)
    assert resumed.log == run.log
    assert resumed.dice.state() == run.dice.state()  # not rewound
    assert changed or run.battle == resumed.battle


# --- resumed, continued, and resumed again ------------------------------------------------------------------
def test_a_version_1_journal_is_continued_as_version_2(tmp_path):
    from tests.model.test_journal_v1 import copy_of

    path = copy_of("confrontation", tmp_path)
    run = resume(path, ConfrontationBattle, PARSE)
    run.continue_journal(path)
    run.execute(NextPhase())
    run.undo()
    head = json.loads(path.read_bytes().split(b"\n", 1)[0])
    assert head["version"] == 2
    expected = point(run, path)
    again = resume(path, ConfrontationBattle, PARSE)
    assert_at(again, expected)
    assert again.session.redo_label == run.session.redo_label


GENERATION = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    sys.path.insert(0, sys.argv[3])
    from tests.model.test_battle_journal import new_battle
    from tests.model.test_journal_damage import PARSE, point
    from warband.model.battle import BattleRun
    from warband.model.replay import resume
    from warband.model.dice import SeededDice
    from warband.model.systems.confrontation.battle_commands import NextPhase, SetModelFlag
    from warband.model.systems.confrontation.battle_state import ConfrontationBattle

    journal, expected, generation = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[4])
    if journal.exists():
        run = resume(journal, ConfrontationBattle, PARSE)
        run.continue_journal(journal)
    else:
        run = BattleRun(new_battle(), dice=SeededDice(11), journal=journal)
    for n in range(3):
        run.execute(SetModelFlag(key=f"{n % 2}:u2", field="engaged", value=(n + generation) % 2 == 0))
        run.note(f"generation {generation}, action {n}", dice=run.dice.roll(6, 2), source="rolled")
    run.execute(NextPhase())
    run.undo()
    expected.write_text(json.dumps(point(run, journal).__dict__))
    print("ready", flush=True)  # every action is complete and journalled
    sys.stdin.readline()  # wait here until killed
    """
)


def test_killed_resumed_continued_and_killed_again_three_generations(tmp_path):
    """Each generation resumes the last one's journal (with a torn line from the kill), plays on and is killed."""
    journal, expected = tmp_path / "b.battle-journal", tmp_path / "expected.json"
    for generation in range(3):
        kill_when_ready(GENERATION, journal, expected, ROOT, generation)
        with journal.open("ab") as handle:
            handle.write(b'{"op":"do","command":{"kind":"set_mo')  # the action in progress when it was killed
        want = Point(**json.loads(expected.read_text()))
        resumed = resume(journal, ConfrontationBattle, PARSE)
        assert_at(resumed, want)
        assert resumed.read_report.torn and resumed.read_report.dropped == 0
        assert sum(e.text.startswith("generation") for e in resumed.log) == 3 * (generation + 1)


def test_a_journal_that_stopped_starts_again_from_the_battle_as_it_is(tmp_path, monkeypatch):
    """A failed write that cannot even be cut off stops the journal; once saved elsewhere, a new one starts."""
    path = tmp_path / "b.battle-journal"
    run, points = played(path)
    disk = FailingDisk(monkeypatch)
    disk.full = True
    monkeypatch.setattr(journal_module.os, "ftruncate", lambda fd, size: (_ for _ in ()).throw(OSError(5, "EIO")))
    with pytest.raises(JournalWriteError):
        run.execute(NextPhase())
    assert run.journal_broken
    with pytest.raises(JournalWriteError, match="stopped"):
        run.execute(NextPhase())
    assert_at(resume(path, ConfrontationBattle, PARSE), points[-1])  # the fragment left is dropped at resume
    monkeypatch.undo()
    fresh = tmp_path / "c.battle-journal"
    run.restart_journal(fresh)
    assert not path.exists() and not run.journal_broken and run.session.undo_label is None
    run.execute(NextPhase())
    assert resume(fresh, ConfrontationBattle, PARSE).battle == run.battle
