"""Edit → Preferences: language, font size, theme, default folders, autosave.

The dialog only edits a copy: `result_preferences()` gives the new value after OK and the old one after Cancel;
saving and applying are the caller's.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from warband.gui.preferences import FONT_PRESETS, MAX_FONT_SIZE, MIN_FONT_SIZE, Preferences
from warband.model.messages import _

FolderChooser = Callable[[QWidget, str, str], str]
"""(parent, title, start folder) → the chosen folder, or "" when the player cancelled."""

CUSTOM_SIZE = 0
"""The size preset combo's data for a size that is none of the presets."""


def _choose_folder(parent: QWidget, title: str, start: str) -> str:
    return QFileDialog.getExistingDirectory(parent, title, start)


class PreferencesDialog(QDialog):
    """Every control has an accessible name and a mnemonic label, and Tab walks them top to bottom."""

    def __init__(
        self,
        preferences: Preferences,
        parent: QWidget | None = None,
        *,
        choose_folder: FolderChooser | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("preferencesDialog")
        self.setWindowTitle(_("Preferences"))
        self._original = preferences
        self._choose_folder = choose_folder or _choose_folder

        self.language_combo = QComboBox(self)
        self.language_combo.setObjectName("languageCombo")
        self.language_combo.setAccessibleName(_("Language"))
        self.language_combo.addItem(_("Same as the system"), "system")
        # each language is named in itself, so a player lost in a foreign interface still finds their own
        for code, name in (("en", "English"), ("fr", "Français"), ("ru", "Русский")):
            self.language_combo.addItem(name, code)
        self.language_note = QLabel(_("A new language applies the next time Warband starts."), self)
        self.language_note.setWordWrap(True)

        self.size_combo = QComboBox(self)
        self.size_combo.setObjectName("fontPresetCombo")
        self.size_combo.setAccessibleName(_("Font size preset"))
        for name, size in FONT_PRESETS:
            self.size_combo.addItem(_("{name} ({size} pt)").format(name=_(name), size=size), size)
        self.size_combo.addItem(_("Custom"), CUSTOM_SIZE)
        self.size_spin = QSpinBox(self)
        self.size_spin.setObjectName("fontSizeSpin")
        self.size_spin.setAccessibleName(_("Font size in points"))
        self.size_spin.setRange(MIN_FONT_SIZE, MAX_FONT_SIZE)
        self.size_spin.setSuffix(_(" pt"))
        self.size_preview = QLabel(_("The priestess calls a miracle: 2 fervour, difficulty 6."), self)
        self.size_preview.setObjectName("fontPreview")
        self.size_preview.setTextFormat(Qt.TextFormat.PlainText)
        self.size_preview.setAccessibleName(_("Font size preview"))
        size_row = QHBoxLayout()
        size_row.addWidget(self.size_combo, 1)
        size_row.addWidget(self.size_spin)

        self.theme_combo = QComboBox(self)
        self.theme_combo.setObjectName("themeCombo")
        self.theme_combo.setAccessibleName(_("Theme"))
        self.theme_combo.addItem(_("Same as the system"), "system")
        self.theme_combo.addItem(_("Light"), "light")
        self.theme_combo.addItem(_("Dark"), "dark")

        self.armies_edit, self.armies_browse, armies_row = self._folder_row(
            "armiesFolder", _("Armies folder"), _("Choose the folder for armies")
        )
        self.battles_edit, self.battles_browse, battles_row = self._folder_row(
            "battlesFolder", _("Battles folder"), _("Choose the folder for battles")
        )

        self.autosave_check = QCheckBox(_("&Autosave unsaved work a moment after each change"), self)
        self.autosave_check.setObjectName("autosaveCheck")
        self.autosave_check.setAccessibleName(_("Autosave"))

        form = QFormLayout()
        form.addRow(self._label(_("&Language:"), self.language_combo), self.language_combo)
        form.addRow("", self.language_note)
        form.addRow(self._label(_("&Font size:"), self.size_combo), size_row)
        form.addRow("", self.size_preview)
        form.addRow(self._label(_("&Theme:"), self.theme_combo), self.theme_combo)
        form.addRow(self._label(_("Ar&mies folder:"), self.armies_edit), armies_row)
        form.addRow(self._label(_("&Battles folder:"), self.battles_edit), battles_row)
        form.addRow("", self.autosave_check)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok
            | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.RestoreDefaults,
            self,
        )
        self.restore_button = self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        self.restore_button.setText(_("&Restore defaults"))
        self.restore_button.setObjectName("restoreDefaultsButton")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.restore_button.clicked.connect(self._on_restore_button_clicked)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.buttons)

        for first, second in (
            (self.language_combo, self.size_combo),
            (self.size_combo, self.size_spin),
            (self.size_spin, self.theme_combo),
            (self.theme_combo, self.armies_edit),
            (self.armies_edit, self.armies_browse),
            (self.armies_browse, self.battles_edit),
            (self.battles_edit, self.battles_browse),
            (self.battles_browse, self.autosave_check),
        ):
            QWidget.setTabOrder(first, second)

        self.size_combo.activated.connect(self._on_size_combo_activated)
        self.size_spin.valueChanged.connect(self._on_size_spin_value_changed)
        self._show(preferences)
        self.language_combo.setFocus()

    # --- construction --------------------------------------------------------------------------------------
    def _label(self, text: str, buddy: QWidget) -> QLabel:
        label = QLabel(text, self)
        label.setBuddy(buddy)
        return label

    def _folder_row(self, name: str, accessible: str, title: str) -> tuple[QLineEdit, QPushButton, QHBoxLayout]:
        edit = QLineEdit(self)
        edit.setObjectName(f"{name}Edit")
        edit.setAccessibleName(accessible)
        edit.setPlaceholderText(_("Home folder"))
        edit.setClearButtonEnabled(True)
        browse = QPushButton(_("Browse…"), self)
        browse.setObjectName(f"{name}Browse")
        browse.setAccessibleName(_("Browse for the {what}").format(what=accessible.lower()))
        browse.clicked.connect(lambda checked=False: self._browse(edit, title))
        row = QHBoxLayout()
        row.addWidget(edit, 1)
        row.addWidget(browse)
        return edit, browse, row

    # --- values --------------------------------------------------------------------------------------------
    def _show(self, preferences: Preferences) -> None:
        """Put a value in the controls, without the controls reacting to one another."""
        blockers = [
            QSignalBlocker(widget)
            for widget in (self.language_combo, self.size_combo, self.size_spin, self.theme_combo)
        ]
        self.language_combo.setCurrentIndex(max(0, self.language_combo.findData(preferences.language)))
        self.theme_combo.setCurrentIndex(max(0, self.theme_combo.findData(preferences.theme)))
        self.size_spin.setValue(preferences.font_size)
        self._sync_size_combo(preferences.font_size)
        self._update_preview(preferences.font_size)
        self.armies_edit.setText(preferences.armies_folder)
        self.battles_edit.setText(preferences.battles_folder)
        self.autosave_check.setChecked(preferences.autosave)
        del blockers

    def current_preferences(self) -> Preferences:
        """What the controls show now."""
        return self._original.changed(
            language=self.language_combo.currentData(),
            font_size=self.size_spin.value(),
            theme=self.theme_combo.currentData(),
            armies_folder=self.armies_edit.text().strip(),
            battles_folder=self.battles_edit.text().strip(),
            autosave=self.autosave_check.isChecked(),
        )

    def result_preferences(self) -> Preferences:
        """The new preferences after OK; the ones the dialog was opened with otherwise."""
        if self.result() == QDialog.DialogCode.Accepted:
            return self.current_preferences()
        return self._original

    def _sync_size_combo(self, size: int) -> None:
        index = self.size_combo.findData(size)
        with QSignalBlocker(self.size_combo):
            self.size_combo.setCurrentIndex(index if index >= 0 else self.size_combo.findData(CUSTOM_SIZE))

    def _update_preview(self, size: int) -> None:
        font = QFont(self.size_preview.font())
        font.setPointSize(size)
        self.size_preview.setFont(font)

    def _browse(self, edit: QLineEdit, title: str) -> None:
        start = edit.text().strip() or str(Path.home())
        chosen = self._choose_folder(self, title, start)
        if chosen:
            edit.setText(chosen)

    # --- slots ---------------------------------------------------------------------------------------------
    def _on_size_combo_activated(self, index: int) -> None:
        size = self.size_combo.itemData(index)
        if isinstance(size, int) and size != CUSTOM_SIZE:
            self.size_spin.setValue(size)
        else:
            self.size_spin.setFocus()

    def _on_size_spin_value_changed(self, size: int) -> None:
        self._sync_size_combo(size)
        self._update_preview(size)

    def _on_restore_button_clicked(self) -> None:
        self._show(Preferences())
