"""Saving: round trips, atomic writes that survive a crash, and clear messages when the disk says no."""

from __future__ import annotations

import errno
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import make_army, unit
from warband.model import storage
from warband.model.army import load_army, save_army
from warband.model.storage import FileError
from warband.model.systems.confrontation.schema import ConfrontationArmy

ids = st.from_regex(r"\A[a-z0-9][a-z0-9-]{0,12}\Z")
texts = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=40)


@st.composite
def armies(draw) -> ConfrontationArmy:
    unit_ids = draw(st.lists(ids, max_size=8, unique=True))
    units = [
        {
            "id": uid,
            "profile": draw(ids),
            "label": draw(texts),
            "notes": draw(texts),
            "miracles": draw(st.lists(ids, max_size=5)),
            "items": draw(st.lists(ids, max_size=3)),
        }
        for uid in unit_ids
    ]
    return ConfrontationArmy.model_validate(
        {
            "system": "confrontation",
            "name": draw(st.text(max_size=60).filter(lambda s: "\x00" not in s)),
            "points_limit": draw(st.none() | st.integers(0, 10_000)),
            "units": units,
        }
    )


@given(army=armies())
def test_save_then_load_gives_the_same_army(tmp_path_factory, army):
    path = tmp_path_factory.mktemp("round") / "a.warband.json"
    save_army(army, path)
    assert load_army(path) == army


def test_saving_replaces_the_file_and_keeps_its_permissions(tmp_path):
    path = tmp_path / "a.warband.json"
    save_army(make_army(unit("u1", "templar")), path)
    path.chmod(0o640)
    save_army(make_army(unit("u1", "beast")), path)
    assert load_army(path).units[0].profile == "beast"
    assert path.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.warband.json"]  # no temporary file left


def _big_army(label: str) -> ConfrontationArmy:
    units = [{"id": f"u{i}", "profile": "templar", "notes": label * 200} for i in range(3000)]
    return ConfrontationArmy.model_validate({"system": "confrontation", "name": label, "units": units})


_CHILD = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from warband.model import storage
    from warband.model.army import save_army
    from warband.model.systems.confrontation.schema import ConfrontationArmy

    def big_army(label):
        units = [{"id": f"u{i}", "profile": "templar", "notes": label * 200} for i in range(3000)]
        return ConfrontationArmy.model_validate({"system": "confrontation", "name": label, "units": units})

    path, mode = Path(sys.argv[1]), sys.argv[2]
    if mode == "pause":
        def fsync_then_hang(fd):
            print("written", flush=True)
            time.sleep(60)
        storage.os.fsync = fsync_then_hang
        save_army(big_army("new"), path)
    else:
        armies = [big_army("A"), big_army("B")]
        print("saving", flush=True)
        while True:
            for army in armies:
                save_army(army, path)
    """
)


def _run_child(target: Path, mode: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", _CHILD, str(target), mode], stdout=subprocess.PIPE, text=True)


def test_a_crash_in_the_middle_of_a_save_leaves_the_previous_file_intact(tmp_path):
    target = tmp_path / "army.warband.json"
    save_army(_big_army("old"), target)
    before = target.read_bytes()
    assert len(before) > 1_000_000

    child = _run_child(target, "pause")
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "written"  # the new army is on disk, not yet in place
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait(timeout=30)
    assert target.read_bytes() == before
    assert load_army(target).name == "old"


def test_killing_a_saving_process_at_any_moment_leaves_a_whole_file(tmp_path):
    target = tmp_path / "army.warband.json"
    save_army(_big_army("A"), target)
    child = _run_child(target, "loop")
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "saving"
        time.sleep(1.5)
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait(timeout=30)
    assert load_army(target).name in {"A", "B"}


def test_saving_into_a_folder_that_vanished_is_a_clear_error(tmp_path):
    path = tmp_path / "gone" / "a.warband.json"
    with pytest.raises(FileError) as err:
        save_army(make_army(), path)
    assert err.value.file == str(path)
    assert err.value.message == "cannot save: the folder does not exist (any more)"


def test_a_full_disk_keeps_the_previous_file(tmp_path, monkeypatch):
    path = tmp_path / "a.warband.json"
    save_army(make_army(unit("u1", "templar")), path)
    before = path.read_bytes()

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage.os, "fsync", full)
    with pytest.raises(FileError) as err:
        save_army(make_army(unit("u1", "beast")), path)
    assert err.value.message == "cannot save: the disk is full"
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.warband.json"]


def test_a_new_file_gets_the_usual_permissions(tmp_path):
    import os

    mask = os.umask(0)
    os.umask(mask)
    path = tmp_path / "new.warband.json"
    save_army(make_army(), path)
    assert path.stat().st_mode & 0o777 == 0o666 & ~mask


def test_a_read_only_folder_is_a_clear_error_and_keeps_the_file(tmp_path, monkeypatch):
    """As root the folder's permissions do not stop a write, so the refusal the OS gives is simulated."""
    path = tmp_path / "a.warband.json"
    save_army(make_army(unit("u1", "templar")), path)
    before = path.read_bytes()

    def read_only(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(storage.tempfile, "mkstemp", read_only)
    with pytest.raises(FileError) as err:
        save_army(make_army(unit("u1", "beast")), path)
    assert err.value.message == "cannot save: permission denied (the folder or file is read-only)"
    assert path.read_bytes() == before


def test_an_older_autosave_is_migrated_and_a_newer_one_refused(tmp_path, monkeypatch):
    import json

    from warband.model.autosave import SUFFIX, autosave_bytes, read_autosave

    path = tmp_path / f"old{SUFFIX}"
    path.write_bytes(autosave_bytes(make_army(unit("u1", "templar")), None))

    def v1_to_v2(doc):
        doc["version"] = 2
        doc["saved_at"] = doc["saved_at"] + " (migrated)"
        return doc

    monkeypatch.setitem(storage.CURRENT_VERSIONS, "warband-autosave", 2)
    monkeypatch.setitem(storage.MIGRATIONS, "warband-autosave", {1: v1_to_v2})
    assert read_autosave(path).saved_at.endswith("(migrated)")
    newer = json.loads(path.read_text())
    newer["version"] = 3
    path.write_text(json.dumps(newer))
    with pytest.raises(FileError) as err:
        read_autosave(path)
    assert "newer than this program understands" in err.value.message
