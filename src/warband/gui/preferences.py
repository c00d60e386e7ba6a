"""The player's preferences: language, font size, theme, default folders, autosave (platformdirs config).

Unlike the settings (what the window remembers by itself), preferences are chosen by the player in a dialog. A
broken or newer file is not fatal: the defaults apply and the caller tells the player why.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Literal, get_args

import platformdirs
from PySide6.QtCore import QLocale
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication

from warband.model.locations import APP_NAME
from warband.model.messages import N_
from warband.model.storage import FileError, read_json, write_bytes_atomic

FORMAT = "warband-preferences"
VERSION = 1
"""The newest version of the preferences file this program writes."""

Language = Literal["system", "en", "fr", "ru"]
Theme = Literal["light", "dark", "system"]
LANGUAGES: tuple[str, ...] = ("en", "fr", "ru")
"""The languages Warband speaks; anything else falls back to English."""
MIN_FONT_SIZE = 8
MAX_FONT_SIZE = 28
FONT_PRESETS: tuple[tuple[str, int], ...] = (
    (N_("Normal"), 10),
    (N_("Large"), 14),
    (N_("Very large"), 18),
    (N_("Table"), 24),
)
"""Named sizes in points (names marked for translation); "Table" is read from across a gaming table."""

_ORIGINAL_STYLE = "warbandOriginalStyle"
"""A dynamic property of the application: the style it had before a forced theme switched it to Fusion."""


def preferences_path() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)) / "preferences.json"


class PreferenceError(ValueError):
    """A preference that cannot be: its field and what is wrong (a file's error names the field)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True)
class Preferences:
    """What the player chose in Edit → Preferences; every field has a default, so a short file is fine.

    A plain checked value, not a pydantic model: the preferences are read before the first window paints, and
    pydantic loads only once a game is used. Values are strict (no "14" for 14, no true for 1), as in the files.
    """

    language: Language = "system"
    """The interface language; "system" follows the system locale (see `effective_language`)."""
    font_size: int = 10
    """The interface font size, in points, from MIN_FONT_SIZE to MAX_FONT_SIZE."""
    theme: Theme = "system"
    armies_folder: str = ""
    """Where Open and Save As start for armies; empty means the home folder."""
    battles_folder: str = ""
    """Where Open Battle and Save Battle As start; empty means the home folder."""
    autosave: bool = True
    """Whether unsaved work is written to the state folder shortly after each change."""

    def __post_init__(self) -> None:
        for name, value in vars(self).items():
            problem = _CHECKS[name](value)
            if problem is not None:
                raise PreferenceError(name, problem)

    def armies_dir(self) -> Path:
        """The folder to start army dialogs in (the home folder if none is set or it is gone)."""
        return _folder_or_home(self.armies_folder)

    def battles_dir(self) -> Path:
        """The folder to start battle dialogs in (the home folder if none is set or it is gone)."""
        return _folder_or_home(self.battles_folder)

    def changed(self, **changes: Any) -> Preferences:
        """A copy with some fields changed, checked like a file's."""
        return from_fields({**self.as_fields(), **changes})

    def as_fields(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def as_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, **self.as_fields()}


def _refuse_change(self: Preferences, name: str, value: object) -> None:
    raise PreferenceError(name, "preferences cannot be changed in place; use changed()")


# Changing a field in place is a ValueError, as for the file's other checked values (a frozen dataclass would
# raise its own AttributeError); set after the decorator, which refuses a class that defines its own.
Preferences.__setattr__ = _refuse_change  # type: ignore[assignment,method-assign]


def _one_of(allowed: tuple[str, ...]) -> Callable[[object], str | None]:
    def check(value: object) -> str | None:
        if isinstance(value, str) and value in allowed:
            return None
        return f"expected one of {', '.join(repr(a) for a in allowed)}{_found(value)}"

    return check


def _font_size(value: object) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and MIN_FONT_SIZE <= value <= MAX_FONT_SIZE:
        return None
    return f"expected a whole number from {MIN_FONT_SIZE} to {MAX_FONT_SIZE}{_found(value)}"


def _text(value: object) -> str | None:
    return None if isinstance(value, str) else f"expected a text{_found(value)}"


def _flag(value: object) -> str | None:
    return None if isinstance(value, bool) else f"expected true or false{_found(value)}"


def _found(value: object) -> str:
    shown = repr(value)
    return f" (found {shown})" if isinstance(value, str | int | float | bool) and len(shown) <= 60 else ""


_CHECKS: dict[str, Callable[[object], str | None]] = {
    "language": _one_of(get_args(Language)),
    "font_size": _font_size,
    "theme": _one_of(get_args(Theme)),
    "armies_folder": _text,
    "battles_folder": _text,
    "autosave": _flag,
}


def from_fields(values: Mapping[str, Any]) -> Preferences:
    """Preferences from a file's fields (or a dialog's): an unknown field is refused by name, as in every file."""
    for name in values:
        if name not in _CHECKS:
            raise PreferenceError(str(name), f"unknown field {name!r}")
    return Preferences(**values)


def _folder_or_home(text: str) -> Path:
    """The folder named, if it is one that can be listed; else the home folder (never an error: a dialog opens)."""
    name = text.strip()
    if not name or "\0" in name:
        return Path.home()
    try:
        folder = Path(name).expanduser()
        if folder.is_dir() and os.access(folder, os.R_OK | os.X_OK):
            return folder
    except (OSError, ValueError, RuntimeError):  # a name too long, a folder that cannot be read, no such ~user
        pass
    return Path.home()


def _check(data: Any, file: str) -> Preferences:
    if not isinstance(data, dict):
        raise FileError(file, "$", f"expected a JSON object (a {FORMAT} file)")
    fmt = data.get("format")
    if fmt != FORMAT:
        what = "has no 'format' field" if fmt is None else f"is a {fmt!r} file"
        raise FileError(file, "$.format", f"this {what}, not a {FORMAT} file")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise FileError(file, "$.version", "'version' must be a whole number from 1")
    if version > VERSION:
        raise FileError(
            file,
            "$.version",
            f"these preferences are version {version}, newer than this program understands (up to {VERSION})",
        )
    given = {key: value for key, value in data.items() if key not in ("format", "version")}
    try:
        return from_fields(given)
    except PreferenceError as exc:
        raise FileError(file, f"$.{exc.field}", exc.message) from None


def load_preferences(path: Path | None = None) -> tuple[Preferences, FileError | None]:
    """The saved preferences, or the defaults with the reason the file could not be used (no file: no reason)."""
    path = path or preferences_path()
    if not path.exists():
        return Preferences(), None
    try:
        return _check(read_json(path), str(path)), None
    except FileError as exc:
        return Preferences(), exc


def save_preferences(preferences: Preferences, path: Path | None = None) -> None:
    """Write atomically; raises FileError (never a bare OSError) so the caller can show one message."""
    path = path or preferences_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(path, (json.dumps(preferences.as_json(), indent=2) + "\n").encode("utf-8"))
    except OSError as exc:
        raise FileError(str(path), "", f"the preferences cannot be written ({exc.strerror or exc})") from None


def effective_language(preferences: Preferences, system_locale: str | None = None) -> str:
    """The language to speak: the chosen one, or the system's if Warband knows it, else English.

    Args:
        preferences: the player's choice.
        system_locale: a locale name such as "fr_FR" (tests); by default `QLocale.system().name()`.
    """
    if preferences.language != "system":
        return preferences.language
    name = QLocale.system().name() if system_locale is None else system_locale
    code = name[:2].lower()
    return code if code in LANGUAGES else "en"


def _palette(
    *,
    window: str,
    base: str,
    alternate: str,
    text: str,
    button: str,
    highlight: str,
    highlighted_text: str,
    link: str,
    disabled_text: str,
    light: str,
    mid: str,
    dark: str,
    shadow: str,
) -> QPalette:
    role = QPalette.ColorRole
    palette = QPalette()
    for name, colour in (
        (role.Window, window),
        (role.WindowText, text),
        (role.Base, base),
        (role.AlternateBase, alternate),
        (role.ToolTipBase, base),
        (role.ToolTipText, text),
        (role.PlaceholderText, disabled_text),
        (role.Text, text),
        (role.Button, button),
        (role.ButtonText, text),
        (role.BrightText, "#ff5555"),
        (role.Light, light),
        (role.Midlight, mid),
        (role.Mid, mid),
        (role.Dark, dark),
        (role.Shadow, shadow),
        (role.Highlight, highlight),
        (role.HighlightedText, highlighted_text),
        (role.Link, link),
        (role.LinkVisited, link),
    ):
        palette.setColor(name, QColor(colour))
    disabled = QPalette.ColorGroup.Disabled
    for name in (role.WindowText, role.Text, role.ButtonText, role.HighlightedText):
        palette.setColor(disabled, name, QColor(disabled_text))
    palette.setColor(disabled, role.Highlight, QColor(mid))
    palette.setColor(disabled, role.Base, QColor(window))
    return palette


def dark_palette() -> QPalette:
    """Light text on dark grey, blue selection; disabled text is a dimmer grey."""
    return _palette(
        window="#2b2b2e",
        base="#3b3b40",  # lighter than the window, so entry fields and check boxes stand out from it
        alternate="#34343a",
        text="#f0f0f0",
        button="#45454b",
        highlight="#2f7fd6",
        highlighted_text="#ffffff",
        link="#6fb3ff",
        disabled_text="#8c8c8c",
        light="#5a5a60",
        mid="#46464c",
        dark="#202022",
        shadow="#000000",
    )


def light_palette() -> QPalette:
    """Dark text on light grey and white, blue selection."""
    return _palette(
        window="#efefef",
        base="#ffffff",
        alternate="#f5f5f5",
        text="#000000",
        button="#efefef",
        highlight="#2f6fc6",
        highlighted_text="#ffffff",
        link="#0b57b5",
        disabled_text="#8c8c8c",
        light="#ffffff",
        mid="#b8b8b8",
        dark="#9f9f9f",
        shadow="#767676",
    )


def apply_preferences(app: QApplication, preferences: Preferences) -> None:
    """Set the application's font size and palette; the language is only stored until translations arrive.

    A forced light or dark theme uses the Fusion style, which honours every palette role (native styles such as
    Windows' or macOS' ignore some); "system" puts back the style and palette the application started with.
    """
    font = QFont(app.font())
    font.setPointSize(preferences.font_size)
    app.setFont(font)
    original = app.property(_ORIGINAL_STYLE)
    if preferences.theme == "system" and not isinstance(original, str):  # the style it started with: untouched
        app.setPalette(QPalette())  # (QStyle's Python class, ~10 ms of enums, is not built for nothing at launch)
        return
    style = app.style()
    current_style = style.name() if style is not None else ""
    if preferences.theme == "system":
        if isinstance(original, str) and original and current_style.lower() != original.lower():
            app.setStyle(original)
        app.setPalette(QPalette())  # an empty palette: every role comes from the style and the platform
        return
    if not isinstance(original, str):
        app.setProperty(_ORIGINAL_STYLE, current_style)
    if current_style.lower() != "fusion":
        app.setStyle("Fusion")
    app.setPalette(dark_palette() if preferences.theme == "dark" else light_palette())
