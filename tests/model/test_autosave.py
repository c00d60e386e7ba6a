"""Autosave files: written, found newest first, broken ones reported without stopping the others."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from tests.helpers import make_army, unit
from warband.model.autosave import (
    SUFFIX,
    autosave_bytes,
    autosave_dir,
    discard_autosave,
    find_autosaves,
    read_autosave,
    write_autosave,
)
from warband.model.storage import FileError


def test_autosave_round_trip_newest_first(tmp_path):
    older = make_army(unit("u1", "templar"), name="Older")
    newer = make_army(unit("u1", "beast"), name="Newer")
    write_autosave(tmp_path / f"a{SUFFIX}", autosave_bytes(older, None, dt.datetime(2026, 1, 1, tzinfo=dt.UTC)))
    write_autosave(
        tmp_path / f"b{SUFFIX}",
        autosave_bytes(newer, Path("/armies/newer.warband.json"), dt.datetime(2026, 2, 1, tzinfo=dt.UTC)),
    )
    found, errors = find_autosaves(tmp_path)
    assert errors == []
    assert [f.army for f in found] == [newer, older]
    assert found[0].original == Path("/armies/newer.warband.json")
    assert found[1].original is None
    assert found[0].saved_at == "2026-02-01T00:00:00+00:00"


def test_a_broken_autosave_is_reported_and_the_others_found(tmp_path):
    write_autosave(tmp_path / f"good{SUFFIX}", autosave_bytes(make_army(), None))
    (tmp_path / f"bad{SUFFIX}").write_text("{")
    newer = json.loads(autosave_bytes(make_army(), None))
    newer["version"] = 9
    (tmp_path / f"newer{SUFFIX}").write_text(json.dumps(newer))
    found, errors = find_autosaves(tmp_path)
    assert len(found) == 1
    assert sorted(Path(e.file).name for e in errors) == [f"bad{SUFFIX}", f"newer{SUFFIX}"]
    assert any("newer than this program" in e.message for e in errors)


def test_a_bad_army_inside_an_autosave_names_its_place(tmp_path):
    data = json.loads(autosave_bytes(make_army(unit("u1", "templar")), None))
    data["army"]["units"][0]["count"] = 2
    path = tmp_path / f"x{SUFFIX}"
    path.write_text(json.dumps(data))
    with pytest.raises(FileError) as err:
        read_autosave(path)
    assert err.value.where == "$.army.units[0].count"


def test_unknown_envelope_field_is_refused(tmp_path):
    data = json.loads(autosave_bytes(make_army(), None))
    data["extra"] = 1
    path = tmp_path / f"x{SUFFIX}"
    path.write_text(json.dumps(data))
    with pytest.raises(FileError) as err:
        read_autosave(path)
    assert err.value.message == "unknown field 'extra'"


def test_discard_and_the_default_folder(tmp_path, _isolated_home):
    path = tmp_path / f"x{SUFFIX}"
    write_autosave(path, autosave_bytes(make_army(), None))
    discard_autosave(path)
    discard_autosave(path)  # already gone: fine
    assert not path.exists()
    assert autosave_dir().is_relative_to(_isolated_home)
    assert find_autosaves(tmp_path / "none") == ([], [])


def test_an_original_path_with_a_nul_is_refused_by_name(tmp_path):
    """A NUL makes every later use of the path raise ValueError; it is refused where it is read."""
    data = json.loads(autosave_bytes(make_army(), Path("/armies/a.warband.json")))
    data["original"] = "/armies/a\u0000b.warband.json"
    path = tmp_path / f"x{SUFFIX}"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(FileError) as err:
        read_autosave(path)
    assert (err.value.file, err.value.where) == (str(path), "$.original")
    assert err.value.message == "'original' is not a usable file path: it holds a NUL character"
    found, errors = find_autosaves(tmp_path)
    assert (found, [e.where for e in errors]) == ([], ["$.original"])
