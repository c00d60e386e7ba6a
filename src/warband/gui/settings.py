"""What the window remembers between sessions: geometry, splitters, recent files (platformdirs config).

A broken settings file is not fatal: the defaults are used, the player is told, and the file is rewritten on the
next clean exit.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from warband.model.locations import APP_NAME
from warband.model.storage import FileError, holds_lone_surrogate, read_json, write_bytes_atomic

FORMAT = "warband-settings"
MAX_RECENT = 10
MAX_PATH_CHARS = 4096
"""A recent-files entry longer than this is no path any system opens (PATH_MAX on Linux)."""


def settings_path() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / "settings.json"


@dataclass
class Settings:
    geometry: str = ""
    """The main window's geometry (Qt's saveGeometry, base64)."""
    splitters: dict[str, str] = field(default_factory=dict)
    """Splitter name → its saveState, base64."""
    recent: list[str] = field(default_factory=list)
    """Army files opened or saved, newest first."""

    def add_recent(self, path: Path) -> None:
        text = str(path)
        if not usable_path(text):
            return
        self.recent = [text, *(p for p in self.recent if p != text)][:MAX_RECENT]

    def forget_recent(self, path: Path) -> None:
        self.recent = [p for p in self.recent if p != str(path)]

    def as_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": 1,
            "geometry": self.geometry,
            "splitters": dict(self.splitters),
            "recent": [p for p in self.recent if usable_path(p)],
        }


def usable_path(text: str) -> bool:
    """Whether a recent-files entry can be a path at all: not empty, no NUL, not too long, valid Unicode."""
    return 0 < len(text) <= MAX_PATH_CHARS and "\0" not in text and not holds_lone_surrogate(text)


def _check(data: Any, file: str) -> Settings:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise FileError(file, "$.format", f"not a {FORMAT} file")
    if data.get("version") != 1:
        raise FileError(file, "$.version", "an unknown version of the settings")
    geometry = data.get("geometry", "")
    splitters = data.get("splitters", {})
    recent = data.get("recent", [])
    if not isinstance(geometry, str):
        raise FileError(file, "$.geometry", "must be a string")
    if not isinstance(splitters, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in splitters.items()
    ):
        raise FileError(file, "$.splitters", "must map names to strings")
    if not isinstance(recent, list) or not all(isinstance(p, str) for p in recent):
        raise FileError(file, "$.recent", "must be a list of file paths")
    return Settings(geometry, dict(splitters), [p for p in recent if usable_path(p)][:MAX_RECENT])


def load_settings(path: Path | None = None) -> tuple[Settings, FileError | None]:
    """The saved settings, or the defaults with the reason the file could not be used."""
    path = path or settings_path()
    if not path.exists():
        return Settings(), None
    try:
        # earlier versions wrote undecodable file names as "\udcXX": those entries are dropped, not the file
        return _check(read_json(path, unicode_checked=False), str(path)), None
    except FileError as exc:
        return Settings(), exc


def save_settings(settings: Settings, path: Path | None = None) -> None:
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    write_bytes_atomic(path, (json.dumps(settings.as_json(), indent=2) + "\n").encode("utf-8"))
