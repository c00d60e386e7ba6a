"""Temporary files a killed save left (`.{name}.XXXXXXXX.tmp`) go at the next save of that file, and nothing else."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

import pytest

from tests.helpers import make_army, unit
from warband.model import storage
from warband.model.army import load_army, save_army
from warband.model.storage import STALE_AFTER_SECONDS, remove_stale_temporary_files, write_bytes_atomic

TWO_HOURS_AGO = time.time() - 2 * STALE_AFTER_SECONDS


def left_by_a_killed_save(target: Path, *, age: float = 2 * STALE_AFTER_SECONDS, size: int = 1000) -> Path:
    """A temporary file named as `write_bytes_atomic` names it, as big as a save, `age` seconds old."""
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    with os.fdopen(fd, "wb") as handle:
        handle.write(b"{" * size)
    stamp = time.time() - age
    os.utime(name, (stamp, stamp))
    return Path(name)


def old(path: Path) -> Path:
    os.utime(path, (TWO_HOURS_AGO, TWO_HOURS_AGO), follow_symlinks=False)
    return path


def test_a_stale_temporary_file_is_removed_at_the_next_save(tmp_path):
    target = tmp_path / "army.warband.json"
    stale = left_by_a_killed_save(target)
    save_army(make_army(unit("u1", "templar")), target)
    assert not stale.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["army.warband.json"]
    assert load_army(target).units[0].profile == "templar"


def test_a_fresh_one_is_kept_it_may_be_a_save_under_way(tmp_path):
    target = tmp_path / "army.warband.json"
    fresh = left_by_a_killed_save(target, age=STALE_AFTER_SECONDS - 60)
    save_army(make_army(), target)
    assert fresh.exists()


def test_only_the_saved_files_own_temporary_files_go(tmp_path):
    target = tmp_path / "army.warband.json"
    others = [
        left_by_a_killed_save(tmp_path / "other.warband.json"),
        left_by_a_killed_save(tmp_path / "army.warband.json.bak"),  # its prefix starts like the target's
        left_by_a_killed_save(tmp_path / "my-army.warband.json"),
    ]
    stale = left_by_a_killed_save(target)
    save_army(make_army(), target)
    assert not stale.exists()
    assert all(p.exists() for p in others)


@pytest.mark.parametrize(
    "name",
    [
        ".army.warband.json.abcd123.tmp",  # 7 characters
        ".army.warband.json.abcd12345.tmp",  # 9
        ".army.warband.json.ABCD1234.tmp",  # mkstemp uses lower case only
        ".army.warband.json.abcd-123.tmp",
        ".army.warband.json.abcd1234.tmp.bak",
        ".army.warband.json.abcd1234.TMP",
        "army.warband.json.abcd1234.tmp",  # no leading dot
        "..army.warband.json.abcd1234.tmp",
        ".army.warband.json.abcd1234tmp",
    ],
)
def test_a_look_alike_is_kept(tmp_path, name):
    target = tmp_path / "army.warband.json"
    look_alike = tmp_path / name
    look_alike.write_bytes(b"mine")
    old(look_alike)
    save_army(make_army(), target)
    assert look_alike.read_bytes() == b"mine"


def test_links_and_folders_are_kept(tmp_path):
    target = tmp_path / "army.warband.json"
    elsewhere = tmp_path / "precious.txt"
    elsewhere.write_bytes(b"precious")
    old(elsewhere)
    link = tmp_path / ".army.warband.json.abcd1234.tmp"
    link.symlink_to(elsewhere)
    old(link)
    folder = tmp_path / ".army.warband.json.efgh_678.tmp"
    folder.mkdir()
    (folder / "inside").write_bytes(b"x")
    old(folder)
    dangling = tmp_path / ".army.warband.json.zzzz9999.tmp"
    dangling.symlink_to(tmp_path / "nowhere")
    old(dangling)
    save_army(make_army(), target)
    assert link.is_symlink() and elsewhere.read_bytes() == b"precious"
    assert (folder / "inside").exists()
    assert dangling.is_symlink()


def test_cleaning_errors_never_fail_the_save(tmp_path, monkeypatch):
    target = tmp_path / "army.warband.json"
    stale = left_by_a_killed_save(target)

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(storage.os, "unlink", refuse)
    save_army(make_army(unit("u1", "beast")), target)
    assert stale.exists()
    assert load_army(target).units[0].profile == "beast"
    monkeypatch.setattr(storage.os, "scandir", refuse)
    write_bytes_atomic(target, b"{}")
    assert target.read_bytes() == b"{}"


def test_the_age_is_measured_from_now(tmp_path):
    target = tmp_path / "a.json"
    stale = left_by_a_killed_save(target, age=10)
    remove_stale_temporary_files(target, now=time.time() + STALE_AFTER_SECONDS - 60)
    assert stale.exists()
    remove_stale_temporary_files(target, now=time.time() + STALE_AFTER_SECONDS + 60)
    assert not stale.exists()
    remove_stale_temporary_files(tmp_path / "gone" / "a.json")  # no folder: nothing to do, no error
