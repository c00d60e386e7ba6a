"""The battle's journal when the disk or the journal fails, in the window (issue 12): an action that cannot be
journalled is not carried out and Save Battle As… is offered; a disk error after the action is told at once; a
damaged journal resumes up to the damage, and one that cannot be used is kept aside and not offered again."""

from __future__ import annotations

import errno
import os

from tests.gui.test_battles import start
from tests.model.test_journal_damage import FailingDisk
from warband.gui import battle_document
from warband.gui.battle_actions import JOURNAL_SUFFIX
from warband.gui.systems.confrontation.rolls import roll_tactical
from warband.model.battle import load_battle
from warband.model.systems.confrontation.battle_commands import NextPhase, SetModelFlag


def journals(folder):
    return sorted(folder.glob(f"*{JOURNAL_SUFFIX}"))


def test_a_full_disk_refuses_the_action_and_offers_to_save_elsewhere(
    window, asker, autosave_folder, tmp_path, monkeypatch
):
    document = start(window, asker)
    document.act(NextPhase())
    before, log, journal = document.battle, list(document.run.log), journals(autosave_folder)[0]
    on_disk = journal.read_bytes()
    disk = FailingDisk(monkeypatch)
    disk.full = True
    asker.journal_failed_answer = True
    asker.save_battle_answer = tmp_path / "elsewhere.battle.json"
    assert document.act(SetModelFlag(key="0:u1", field="engaged", value=True)) is False
    assert len(asker.journal_failures) == 1
    assert "No space left on device" in asker.journal_failures[0]
    assert "not carried out" in asker.journal_failures[0]
    assert document.battle == before and document.run.log == log  # nothing applied, nothing logged
    assert journal.read_bytes() == on_disk  # and no fragment left in the journal
    battle, _log, _dice = load_battle(tmp_path / "elsewhere.battle.json")  # Save Battle As… was offered, and taken
    assert battle == before
    window.undo_action.trigger()  # undo cannot be journalled either: refused, said, nothing changes
    assert document.battle == before and len(asker.journal_failures) == 2
    disk.full = False
    assert document.act(SetModelFlag(key="0:u1", field="engaged", value=True))


def test_a_disk_error_after_the_action_is_told_at_once(qtbot, window, asker, monkeypatch):
    document = start(window, asker)

    def failing_fsync(_fd):
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(battle_document.os, "fsync", failing_fsync)
    assert document.act(NextPhase())  # carried out: the error shows only on the worker, after
    qtbot.waitUntil(lambda: len(asker.journal_failures) >= 1)
    assert "Input/output error" in asker.journal_failures[0]
    assert "Save the battle elsewhere" in asker.journal_failures[0]


def test_a_journal_damaged_in_the_middle_resumes_up_to_the_damage(make_window, asker, autosave_folder, caplog):
    document = start(make_window(), asker)
    document.act(NextPhase())
    kept = document.battle
    document.act(SetModelFlag(key="0:u1", field="engaged", value=True))
    document.act(SetModelFlag(key="0:u2", field="engaged", value=True))
    journal = journals(autosave_folder)[0]
    lines = journal.read_bytes().split(b"\n")
    lines[2] = lines[2].replace(b"Engaged", b"Engaxed")  # the first flag's line, damaged
    journal.write_bytes(b"\n".join(lines))
    # the program died; it starts again
    restarted = make_window()
    assert restarted.battles.offer_resume()
    assert restarted.battles.document.battle == kept
    title, text = asker.warnings[-1]
    assert title == "Part of the battle could not be resumed"
    assert "line 3" in text and "lines dropped: 2" in text
    aside = [p for p in autosave_folder.iterdir() if ".damaged-" in p.name]
    assert len(aside) == 1 and str(aside[0]) in text
    assert aside[0].read_bytes() == b"\n".join(lines)  # the original, whole
    assert "resumed up to line 3" in caplog.text  # and the log file says so (Help → Report a Problem)
    restarted.battles.document.act(NextPhase())
    again = make_window()  # and that resumed battle resumes again
    assert again.battles.offer_resume()
    assert again.battles.document.battle == restarted.battles.document.battle


def test_a_journal_that_cannot_be_used_is_kept_aside_and_not_offered_again(make_window, asker, autosave_folder):
    autosave_folder.mkdir(parents=True)
    broken = autosave_folder / f"0123{JOURNAL_SUFFIX}"
    broken.write_bytes(b'{"op":"start","format":"warband-journal","version":2,"battle":' + b"[" * 50_000)
    window = make_window()
    assert window.battles.offer_resume() is False
    title, text = asker.errors[-1]
    assert title == "Cannot resume the battle"
    assert journals(autosave_folder) == []
    aside = [p for p in autosave_folder.iterdir() if p.name.startswith(broken.name + ".damaged-")]
    assert len(aside) == 1 and str(aside[0]) in text
    asker.asked.clear()
    assert make_window().battles.offer_resume() is False
    assert asker.asked == []  # nothing offered at the next start


def test_ar_05_a_second_tactical_roll_with_the_same_winner_is_logged_and_resumed(make_window, asker):
    document = start(make_window(), asker)
    document.act(NextPhase())
    document.act(NextPhase())
    winners = []
    while len(winners) < 2 or winners[-1] != winners[-2]:
        lines = len(document.run.log)
        first, second = roll_tactical(document)
        if first != second:
            winners.append(first > second)
        assert len(document.run.log) == lines + 1  # every roll of the dice is logged
    assert document.run.log[-1].dice == (first, second)
    dice, log = document.run.dice.state(), document.run.log
    restarted = make_window()
    assert restarted.battles.offer_resume()
    assert restarted.battles.document.run.log == log
    assert restarted.battles.document.run.dice.state() == dice  # not rewound


def test_a_journal_that_stopped_starts_again_once_saved_elsewhere(
    make_window, asker, autosave_folder, tmp_path, monkeypatch
):
    """A failed write that could not even be cut off stops the journal; Save Battle As… starts a new one."""
    from warband.model import journal as journal_module

    document = start(make_window(), asker)
    document.act(NextPhase())
    disk = FailingDisk(monkeypatch)
    disk.full = True

    def failing_truncate(fd, size):
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(journal_module.os, "ftruncate", failing_truncate)
    asker.journal_failed_answer = True
    asker.save_battle_answer = tmp_path / "kept.battle.json"
    with monkeypatch.context() as later:  # the disk comes back once the player saves elsewhere
        later.setattr(
            asker, "save_battle_path", lambda suggested: (monkeypatch.undo(), tmp_path / "kept.battle.json")[1]
        )
        assert document.act(SetModelFlag(key="0:u1", field="engaged", value=True)) is False
    assert not document.run.journal_broken  # a new journal started from the battle as it is
    assert (tmp_path / "kept.battle.json").exists()
    assert document.act(SetModelFlag(key="0:u1", field="engaged", value=True))
    assert len(journals(autosave_folder)) == 1  # the stopped one went, the new one holds the battle
    restarted = make_window()
    assert restarted.battles.offer_resume()
    assert restarted.battles.document.battle == document.battle
