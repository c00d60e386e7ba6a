"""Qt's own translations (standard buttons, file and colour dialogs), shipped with PySide6 as qtbase_<lang>.qm.

Our strings go through gettext (warband.model.messages); these catalogs cover the texts Qt writes itself. A
translator must outlive its installation, so the installed ones are kept here until the language changes.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

CATALOGS = ("qtbase",)
"""Qt's modules with texts the window shows (PySide6-Essentials has no other we use)."""

_installed: list[QTranslator] = []


def qt_translations_dir() -> str:
    """The translations folder of this PySide6."""
    return QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)


def install_qt_translations(app: QCoreApplication, lang: str) -> list[QTranslator]:
    """Load Qt's catalogs for `lang` ("fr", "ru", "fr_FR"…), replacing those installed before.

    English, and a language Qt has no catalog for, leave Qt's English texts. Returns the translators installed
    (they are also kept here, so that Python does not delete them while Qt uses them).
    """
    for translator in _installed:
        app.removeTranslator(translator)
        translator.deleteLater()
    _installed.clear()
    code = lang.strip().split(".")[0].split("@")[0].replace("-", "_")
    if not code or code.split("_")[0].lower() in ("en", "c", "posix"):
        return []
    locale = QLocale(code)
    folder = qt_translations_dir()
    for catalog in CATALOGS:
        translator = QTranslator(app)
        if translator.load(locale, catalog, "_", folder) and app.installTranslator(translator):
            _installed.append(translator)
        else:
            translator.deleteLater()
    return list(_installed)


def installed_qt_translations() -> list[QTranslator]:
    """The translators installed by the last call."""
    return list(_installed)
