"""Autosaves of unsaved armies, so that a crash loses nothing: written on change, removed on a clean exit.

An autosave is a small envelope around the army: the file it belongs to (if it was ever saved) and when it was
written. The next start lists what it finds and offers to recover it.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs

from warband.model.locations import APP_NAME
from warband.model.storage import (
    FileError,
    holds_lone_surrogate,
    open_envelope,
    read_json,
    replace_lone_surrogates,
    write_bytes_atomic,
)

if TYPE_CHECKING:  # the folder and the list of autosaves are asked for at launch, before armies are loaded
    from warband.model.army import Army

FORMAT = "warband-autosave"
SUFFIX = ".autosave.json"


def autosave_dir() -> Path:
    """The player's state folder (platformdirs), where autosaves live."""
    return Path(platformdirs.user_state_dir(APP_NAME, appauthor=False)) / "autosave"


@dataclass(frozen=True)
class Recoverable:
    """An autosave found at start: which army, belonging to which file, written when."""

    file: Path
    original: Path | None
    saved_at: str
    army: Army


def autosave_bytes(army: Army, original: Path | None, now: dt.datetime | None = None) -> bytes:
    """The bytes of an autosave; built on the GUI thread (cheap), written elsewhere.

    Never fails on text: the safety copy must be written even if the army holds text that is not valid Unicode
    (each lone surrogate becomes U+FFFD), and a path that is not (an undecodable file name) is left out.
    """
    original_text = str(original) if original else None
    if original_text is not None and ("\0" in original_text or holds_lone_surrogate(original_text)):
        original_text = None
    envelope: dict[str, Any] = {
        "format": FORMAT,
        "version": 1,
        "original": original_text,
        "saved_at": (now or dt.datetime.now(dt.UTC)).isoformat(timespec="seconds"),
        "army": army.model_dump(mode="json"),
    }
    text = json.dumps(envelope, ensure_ascii=False)
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return replace_lone_surrogates(text).encode("utf-8")


def write_autosave(path: Path, payload: bytes) -> None:
    """Write (atomically) an autosave prepared by `autosave_bytes`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    write_bytes_atomic(path, payload)


def read_autosave(path: Path) -> Recoverable:
    file = str(path)
    data = open_envelope(read_json(path), file, FORMAT)
    original = data.get("original")
    saved_at = data.get("saved_at")
    if original is not None and not isinstance(original, str):
        raise FileError(file, "$.original", "'original' must be a file path or null")
    if original is not None and "\0" in original:
        raise FileError(file, "$.original", "'original' is not a usable file path: it holds a NUL character")
    if not isinstance(saved_at, str):
        raise FileError(file, "$.saved_at", "'saved_at' must be a date and time")
    extra = set(data) - {"format", "version", "original", "saved_at", "army"}
    if extra:
        raise FileError(file, f"$.{sorted(extra)[0]}", f"unknown field {sorted(extra)[0]!r}")
    try:
        from warband.model.army import parse_army

        army = parse_army(data.get("army"), file)
    except FileError as exc:  # the army's own places are inside the envelope
        where = "$.army" + exc.where[1:] if exc.where.startswith("$") else exc.where
        raise FileError(file, where, exc.message) from None
    return Recoverable(path, Path(original) if original else None, saved_at, army)


def find_autosaves(folder: Path | None = None) -> tuple[list[Recoverable], list[FileError]]:
    """Every autosave in the folder, newest first; unreadable ones are reported, not lost."""
    folder = folder or autosave_dir()
    found: list[Recoverable] = []
    errors: list[FileError] = []
    if not folder.is_dir():
        return found, errors
    for path in sorted(folder.glob(f"*{SUFFIX}")):
        try:
            found.append(read_autosave(path))
        except FileError as exc:
            errors.append(exc)
    found.sort(key=lambda r: r.saved_at, reverse=True)
    return found, errors


def discard_autosave(path: Path) -> None:
    path.unlink(missing_ok=True)
