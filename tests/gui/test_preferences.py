"""Preferences: the file (round trip, broken, newer, unknown field), applying them, the dialog, the language."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import ClassVar

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QDialog

import warband.app
import warband.gui.preferences as preferences_module
from warband.gui.preferences import (
    Preferences,
    apply_preferences,
    effective_language,
    load_preferences,
    preferences_path,
    save_preferences,
)
from warband.gui.preferences_dialog import PreferencesDialog
from warband.model.storage import FileError


@pytest.fixture
def app(qapp):
    """The application, given back with the font and palette it had (preferences change it for everyone)."""
    font, palette = QApplication.font(), QApplication.palette()
    yield qapp
    apply_preferences(qapp, Preferences(theme="system"))
    QApplication.setFont(font)
    QApplication.setPalette(palette)


def write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


CHOSEN = Preferences(
    language="fr",
    font_size=24,
    theme="dark",
    armies_folder="/table/armies",
    battles_folder="",
    autosave=False,
)


# --- the file ----------------------------------------------------------------------------------------------
def test_the_file_lives_in_the_platformdirs_config_folder(_isolated_home):
    assert preferences_path().name == "preferences.json"
    assert preferences_path().is_relative_to(_isolated_home)


def test_no_file_gives_the_defaults_without_a_message(tmp_path):
    assert load_preferences(tmp_path / "preferences.json") == (Preferences(), None)


def test_save_and_load_give_the_same_preferences(tmp_path):
    path = tmp_path / "config" / "preferences.json"
    save_preferences(CHOSEN, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "warband-preferences"
    assert data["version"] == 1
    assert load_preferences(path) == (CHOSEN, None)
    assert not [p for p in path.parent.iterdir() if p.name != "preferences.json"]  # no temporary file left


def test_the_default_path_is_used_when_none_is_given():
    save_preferences(CHOSEN)
    assert preferences_path().is_file()
    assert load_preferences() == (CHOSEN, None)


def test_a_short_file_keeps_the_defaults_for_what_it_does_not_say(tmp_path):
    path = write(tmp_path / "p.json", {"format": "warband-preferences", "version": 1, "theme": "dark"})
    assert load_preferences(path) == (Preferences(theme="dark"), None)


def test_broken_json_gives_the_defaults_and_the_line(tmp_path):
    path = tmp_path / "p.json"
    path.write_text('{"format": "warband-preferences",\n "version": 1,\n "theme": }\n', encoding="utf-8")
    preferences, error = load_preferences(path)
    assert preferences == Preferences()
    assert error is not None
    assert error.file == str(path)
    assert error.where.startswith("line 3")
    assert "not valid JSON" in error.message


def test_a_wrong_value_gives_the_defaults_and_names_the_field(tmp_path):
    path = write(tmp_path / "p.json", {"format": "warband-preferences", "version": 1, "font_size": 99})
    preferences, error = load_preferences(path)
    assert preferences == Preferences()
    assert error is not None
    assert error.where == "$.font_size"
    assert "99" in error.message


@pytest.mark.parametrize(
    ("field", "value"),
    [("theme", "sepia"), ("language", "de"), ("autosave", "yes"), ("font_size", "14"), ("font_size", True)],
)
def test_values_of_the_wrong_kind_are_refused(tmp_path, field, value):
    path = write(tmp_path / "p.json", {"format": "warband-preferences", "version": 1, field: value})
    preferences, error = load_preferences(path)
    assert preferences == Preferences()
    assert error is not None
    assert error.where == f"$.{field}"


def test_an_unknown_field_is_refused_by_name(tmp_path):
    path = write(tmp_path / "p.json", {"format": "warband-preferences", "version": 1, "font_sise": 14})
    preferences, error = load_preferences(path)
    assert preferences == Preferences()
    assert error is not None
    assert error.where == "$.font_sise"
    assert "unknown field 'font_sise'" in error.message


def test_a_newer_version_is_refused(tmp_path):
    path = write(tmp_path / "p.json", {"format": "warband-preferences", "version": 2, "theme": "dark"})
    preferences, error = load_preferences(path)
    assert preferences == Preferences()
    assert error is not None
    assert error.where == "$.version"
    assert "newer than this program" in error.message


@pytest.mark.parametrize(
    ("data", "where"),
    [
        ([1, 2], "$"),
        ({"version": 1}, "$.format"),
        ({"format": "warband-settings", "version": 1}, "$.format"),
        ({"format": "warband-preferences"}, "$.version"),
        ({"format": "warband-preferences", "version": True}, "$.version"),
    ],
)
def test_a_file_that_is_not_preferences_is_refused(tmp_path, data, where):
    preferences, error = load_preferences(write(tmp_path / "p.json", data))
    assert preferences == Preferences()
    assert error is not None
    assert error.where == where


def test_a_folder_that_cannot_be_written_gives_a_file_error(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    with pytest.raises(FileError, match="cannot be written"):
        save_preferences(CHOSEN, blocker / "preferences.json")


def test_the_value_is_frozen_and_checked():
    with pytest.raises(ValueError):
        Preferences(font_size=7)
    with pytest.raises(ValueError):
        CHOSEN.changed(theme="sepia")
    assert CHOSEN.changed(font_size=14).font_size == 14
    with pytest.raises(ValueError):
        CHOSEN.font_size = 10  # type: ignore[misc]


def test_empty_or_missing_folders_mean_home(tmp_path, _isolated_home):
    assert Preferences().armies_dir() == Path.home()
    assert Preferences(battles_folder=str(tmp_path / "gone")).battles_dir() == Path.home()
    assert Preferences(armies_folder=str(tmp_path)).armies_dir() == tmp_path


@pytest.mark.parametrize(
    "name",
    [
        "/table/" + "x" * 300,  # ENAMETOOLONG: one part over 255 bytes
        "/table" + "/x" * 3000,  # the whole path over PATH_MAX
        "/table/arm\0ies",  # a NUL: ValueError from every use
        "~no-such-player-here/armies",  # a home folder that cannot be found
    ],
)
def test_a_folder_no_system_opens_means_home(_isolated_home, name):
    """Before: File → Open and Save raised OSError (or ValueError) for these."""
    chosen = Preferences(armies_folder=name, battles_folder=name)
    assert (chosen.armies_dir(), chosen.battles_dir()) == (Path.home(), Path.home())


def test_a_folder_that_cannot_be_read_means_home(tmp_path, _isolated_home, monkeypatch):
    """Checked by simulation: as root, permissions do not stop a read."""
    blocked = tmp_path / "blocked"
    blocked.mkdir()
    chosen = Preferences(armies_folder=str(blocked / "armies"), battles_folder=str(blocked))
    real_stat = Path.stat

    def stat(self, *args, **kwargs):
        if self.is_relative_to(blocked / "armies"):
            raise PermissionError(13, "Permission denied", str(self))
        return real_stat(self, *args, **kwargs)

    monkeypatch.setattr(Path, "stat", stat)
    assert chosen.armies_dir() == Path.home()
    assert chosen.battles_dir() == blocked
    monkeypatch.setattr(preferences_module.os, "access", lambda path, mode: Path(path) != blocked)
    assert chosen.battles_dir() == Path.home()  # a folder that exists but cannot be listed


# --- applying ----------------------------------------------------------------------------------------------
def test_the_font_size_changes_the_application_font(app):
    apply_preferences(app, Preferences(font_size=24))
    assert QApplication.font().pointSize() == 24
    apply_preferences(app, Preferences(font_size=10))
    assert QApplication.font().pointSize() == 10


def test_the_dark_theme_has_a_dark_window_and_light_text(app):
    apply_preferences(app, Preferences(theme="dark"))
    palette = QApplication.palette()
    assert palette.color(QPalette.ColorRole.Window).lightness() < 80
    assert palette.color(QPalette.ColorRole.Base).lightness() < 80
    assert palette.color(QPalette.ColorRole.Text).lightness() > 200
    assert palette.color(QPalette.ColorRole.ButtonText).lightness() > 200
    disabled = palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
    assert disabled != palette.color(QPalette.ColorRole.Text)
    assert app.style().name().lower() == "fusion"


def test_the_light_theme_is_light_and_system_gives_the_style_back(app):
    apply_preferences(app, Preferences(theme="dark"))
    apply_preferences(app, Preferences(theme="light"))
    assert QApplication.palette().color(QPalette.ColorRole.Window).lightness() > 200
    assert QApplication.palette().color(QPalette.ColorRole.Text).lightness() < 60
    apply_preferences(app, Preferences(theme="system"))
    standard = app.style().standardPalette()
    assert QApplication.palette().color(QPalette.ColorRole.Window) == standard.color(QPalette.ColorRole.Window)


# --- the language ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("language", "system", "expected"),
    [
        ("fr", "ru_RU", "fr"),
        ("en", "fr_FR", "en"),
        ("system", "fr_CA", "fr"),
        ("system", "ru_RU", "ru"),
        ("system", "de_DE", "en"),
        ("system", "C", "en"),
        ("system", "", "en"),
    ],
)
def test_effective_language(language, system, expected):
    assert effective_language(Preferences(language=language), system) == expected


def test_effective_language_reads_the_system_locale_by_default():
    assert effective_language(Preferences()) in ("en", "fr", "ru")


# --- the dialog --------------------------------------------------------------------------------------------
@pytest.fixture
def dialog(qtbot):
    chosen: list[str] = []

    def choose(parent, title, start):
        chosen.append(start)
        return "/picked/armies"

    dlg = PreferencesDialog(Preferences(), choose_folder=choose)
    dlg.chosen = chosen
    qtbot.addWidget(dlg)
    return dlg


def test_the_dialog_shows_the_preferences(qtbot):
    dlg = PreferencesDialog(CHOSEN)
    qtbot.addWidget(dlg)
    assert dlg.current_preferences() == CHOSEN
    assert dlg.size_combo.currentData() == 24
    assert dlg.size_preview.font().pointSize() == 24


def test_ok_gives_the_new_preferences(dialog):
    dialog.language_combo.setCurrentIndex(dialog.language_combo.findData("ru"))
    dialog.size_combo.setCurrentIndex(dialog.size_combo.findData(18))
    dialog.size_combo.activated.emit(dialog.size_combo.currentIndex())
    dialog.theme_combo.setCurrentIndex(dialog.theme_combo.findData("dark"))
    dialog.battles_edit.setText("  /table/battles  ")
    dialog.autosave_check.setChecked(False)
    dialog.armies_browse.click()
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.result_preferences() == Preferences(
        language="ru",
        font_size=18,
        theme="dark",
        armies_folder="/picked/armies",
        battles_folder="/table/battles",
        autosave=False,
    )
    assert dialog.chosen == [str(Path.home())]


def test_cancel_keeps_the_old_preferences(dialog):
    dialog.theme_combo.setCurrentIndex(dialog.theme_combo.findData("light"))
    dialog.size_spin.setValue(20)
    dialog.buttons.button(dialog.buttons.StandardButton.Cancel).click()
    assert dialog.result() == QDialog.DialogCode.Rejected
    assert dialog.result_preferences() == Preferences()


def test_a_size_between_presets_is_custom_and_a_preset_sets_the_size(dialog):
    dialog.size_spin.setValue(13)
    assert dialog.size_combo.currentText() == "Custom"
    assert dialog.size_preview.font().pointSize() == 13
    dialog.size_spin.setValue(14)
    assert dialog.size_combo.currentData() == 14
    index = dialog.size_combo.findData(24)
    dialog.size_combo.setCurrentIndex(index)
    dialog.size_combo.activated.emit(index)
    assert dialog.size_spin.value() == 24
    assert [dialog.size_combo.itemData(i) for i in range(dialog.size_combo.count())] == [10, 14, 18, 24, 0]


def test_the_font_size_spin_stays_within_8_and_28(dialog):
    dialog.size_spin.setValue(40)
    assert dialog.size_spin.value() == 28
    dialog.size_spin.setValue(2)
    assert dialog.size_spin.value() == 8


def test_restore_defaults_puts_back_the_defaults_until_ok(qtbot):
    dlg = PreferencesDialog(CHOSEN)
    qtbot.addWidget(dlg)
    dlg.restore_button.click()
    assert dlg.current_preferences() == Preferences()
    assert dlg.result_preferences() == CHOSEN  # not accepted yet
    dlg.accept()
    assert dlg.result_preferences() == Preferences()


def test_every_control_has_an_accessible_name_and_takes_the_keyboard(qtbot, dialog):
    controls = [
        dialog.language_combo,
        dialog.size_combo,
        dialog.size_spin,
        dialog.theme_combo,
        dialog.armies_edit,
        dialog.armies_browse,
        dialog.battles_edit,
        dialog.battles_browse,
        dialog.autosave_check,
    ]
    for control in controls:
        assert control.accessibleName(), control.objectName()
        assert control.focusPolicy() & Qt.FocusPolicy.TabFocus, control.objectName()
    dialog.show()
    with qtbot.waitActive(dialog):
        dialog.activateWindow()
    dialog.language_combo.setFocus()
    order = [QApplication.focusWidget()]
    for _ in controls[1:]:
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        order.append(QApplication.focusWidget())
    assert [w.objectName() for w in order] == [w.objectName() for w in controls]


def test_labels_have_buddies_for_their_shortcuts(dialog):
    from PySide6.QtWidgets import QLabel

    buddies = {label.buddy() for label in dialog.findChildren(QLabel) if "&" in label.text()}
    assert {
        dialog.language_combo,
        dialog.size_combo,
        dialog.theme_combo,
        dialog.armies_edit,
        dialog.battles_edit,
    } <= buddies


def test_the_dialog_looks_right_in_the_dark_at_table_size(qtbot, app, tmp_path):
    """A screenshot for a person to look at (kept out of the repository, in pytest's tmp_path)."""
    apply_preferences(app, CHOSEN)
    dlg = PreferencesDialog(CHOSEN)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    shot = dlg.grab()
    assert shot.width() > 300
    assert shot.save(str(tmp_path / "preferences.png"))


# --- start-up ----------------------------------------------------------------------------------------------
class RecordingWindow:
    """Stands in for MainWindow: remembers what the application looked like when the window was built."""

    built: ClassVar[list[RecordingWindow]] = []

    def __init__(self, *args: object, **kwargs: object) -> None:
        self.font_size = QApplication.font().pointSize()
        self.window_colour = QApplication.palette().color(QPalette.ColorRole.Window)
        self.autosaver = SimpleNamespace(shutdown=lambda: None)
        self.tabs = SimpleNamespace(count=lambda: 1, tabText=lambda index: "Start")  # read by the smoke line
        RecordingWindow.built.append(self)

    def windowTitle(self) -> str:  # noqa: N802  (Qt's name)
        return "Warband"

    def show(self) -> None:
        pass

    def grab(self) -> None:
        pass

    def new_army(self) -> None:
        """The smoke check goes on from the start page to the builder."""


def test_the_start_applies_the_preferences_before_the_window_and_hands_them_on(app, monkeypatch):
    chosen = Preferences(font_size=24, theme="dark", autosave=False)
    save_preferences(chosen)
    monkeypatch.setattr(warband.app, "MainWindow", RecordingWindow)
    monkeypatch.setattr(warband.app.gc, "freeze", lambda: None)
    RecordingWindow.built.clear()
    assert warband.app.run(smoke=True) == 0
    (window,) = RecordingWindow.built
    assert window.font_size == 24
    assert window.window_colour.lightness() < 80
    assert window.preferences == chosen
