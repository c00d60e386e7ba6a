"""Qt's own texts (standard buttons, file dialogs) follow the chosen language through qtbase_<lang>.qm."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication

from warband.gui.qt_translations import (
    install_qt_translations,
    installed_qt_translations,
    qt_translations_dir,
)


def has_catalog(lang: str) -> bool:
    return (Path(qt_translations_dir()) / f"qtbase_{lang}.qm").is_file()


@pytest.fixture
def app(qapp: QApplication) -> Iterator[QApplication]:
    yield qapp
    install_qt_translations(qapp, "en")


def cancel() -> str:
    return QCoreApplication.translate("QPlatformTheme", "Cancel")


@pytest.mark.parametrize(("lang", "expected"), [("fr", "Annuler"), ("ru", "Отмена")])
def test_qt_standard_texts_follow_the_language(app, lang, expected):
    if not has_catalog(lang):
        pytest.skip(f"this PySide6 ships no qtbase_{lang}.qm in {qt_translations_dir()}")
    translators = install_qt_translations(app, lang)
    assert len(translators) == 1
    assert translators[0].filePath().endswith(f"qtbase_{lang}.qm")
    assert translators[0].language().startswith(lang)
    assert cancel() == expected


def test_a_regional_name_finds_the_catalog(app):
    if not has_catalog("fr"):
        pytest.skip(f"this PySide6 ships no qtbase_fr.qm in {qt_translations_dir()}")
    assert install_qt_translations(app, "fr_CA")
    assert cancel() == "Annuler"


def test_switching_replaces_the_previous_catalog(app):
    if not (has_catalog("fr") and has_catalog("ru")):
        pytest.skip("this PySide6 lacks qtbase_fr.qm or qtbase_ru.qm")
    install_qt_translations(app, "fr")
    install_qt_translations(app, "ru")
    assert cancel() == "Отмена"
    assert len(installed_qt_translations()) == 1


@pytest.mark.parametrize("lang", ["en", "", "xx"])
def test_english_or_an_unknown_language_leaves_qt_in_english(app, lang):
    install_qt_translations(app, "fr")
    assert install_qt_translations(app, lang) == []
    assert installed_qt_translations() == []
    assert cancel() == "Cancel"


def test_the_translators_are_kept_alive(app):
    if not has_catalog("fr"):
        pytest.skip(f"this PySide6 ships no qtbase_fr.qm in {qt_translations_dir()}")
    install_qt_translations(app, "fr")  # the returned list is dropped at once
    gc.collect()
    assert cancel() == "Annuler"
    assert installed_qt_translations()[0].filePath().endswith("qtbase_fr.qm")
