"""Composition root of the window: the application, the catalogs, the settings, the main window. No logic."""

from __future__ import annotations

import gc
import logging
import re
import sys
from collections.abc import Sequence
from functools import partial
from pathlib import Path

import warband.gui  # noqa: F401  (first: PySide6's import hook answered cheaply, see warband/gui/__init__.py)

# isort: split
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from warband import __version__
from warband.api import games as api_games
from warband.gui.logfile import LOGGER, LogSetup, log_dir, recovery_dir, setup_logging
from warband.gui.main_window import MainWindow
from warband.gui.preferences import apply_preferences, effective_language, load_preferences
from warband.gui.qt_translations import install_qt_translations
from warband.gui.settings import load_settings, settings_path
from warband.model.autosave import autosave_dir
from warband.model.catalogs_by_game import CatalogsByGame
from warband.model.locations import user_catalog_dir
from warband.model.messages import _, current_language, load_language
from warband.model.system import game_info


def window_catalogs() -> CatalogsByGame:
    """The built-in catalogs and the player's folder, a game's loaded with its first army or battle; they live as
    long as the program: the collector is kept off them."""

    def player_files() -> list[Path]:
        from warband.model.catalog import folder_catalog_paths

        return folder_catalog_paths(user_catalog_dir())

    return CatalogsByGame(
        lambda game: game_info(game).builtin_catalogs(),
        player_files,
        lambda: [game.id for game in api_games()],
        on_loaded=gc.freeze,
    )


def run(argv: Sequence[str] = (), *, smoke: bool = False, builder: bool = False, path: Path | None = None) -> int:
    """Open the window (or, with `smoke`, build it offscreen, paint it once and leave: the start page, the first
    window a player sees; with `builder` too, the builder of the last game played, with its catalogs, as when an
    army is reopened), on the start page, or on the army or battle file `path`.

    The window logs warnings and errors to the state folder and shows an uncaught error in a dialog that offers
    to save the work; the smoke check does neither (it has nothing to lose, and its errors must fail it).
    """
    if smoke:
        return _run(argv, None, path, builder=builder)
    logs = setup_logging(log_dir())
    try:
        return _run(argv, logs, path)
    except Exception:
        logging.getLogger(LOGGER).exception("Warband stopped on an error")
        raise
    finally:
        logs.close()


def last_game(recent: Sequence[str]) -> str | None:
    """The game of the newest recent army file, read from its first bytes (None: no such file, or no game)."""
    for text in recent[:1]:
        try:
            with Path(text).open("rb") as handle:
                head = handle.read(4096).decode("utf-8", "replace")
        except OSError:
            return None
        found = re.search(r'"system"\s*:\s*"([A-Za-z0-9_.-]{1,60})"', head)
        return found.group(1) if found else None
    return None


def _run(argv: Sequence[str], logs: LogSetup | None, path: Path | None = None, *, builder: bool = False) -> int:
    app = QApplication.instance() or QApplication([sys.argv[0], *argv])
    app.setApplicationName("Warband")
    QApplication.setDesktopFileName("io.github.warband.Warband")  # Wayland's app_id: the menu entry (packaging/)
    app.setApplicationVersion(__version__)
    app.setOrganizationName("Warband")
    preferences, preferences_error = load_preferences()
    assert isinstance(app, QApplication)  # widgets need one (a QCoreApplication left by someone else would fail)
    apply_preferences(app, preferences)  # before any widget is built, so every one starts with the font
    load_language(effective_language(preferences))  # widgets translate their texts as they are built
    probe = True
    if logs is not None and path is not None:  # a window already open takes the file, and this launch ends here
        from warband.gui.single_instance import Handover, hand_over

        handover = hand_over(path)
        if handover is Handover.HANDED:
            told = _("warband: {file} opens in the window already open").format(file=repr(str(path)))
            print(told, file=sys.stderr)
            return 0
        probe = handover is not Handover.SILENT  # a window that did not answer now is not asked again
    install_qt_translations(app, current_language())  # Qt's own dialogs too (the module keeps the translators)
    settings, settings_error = load_settings()
    window = MainWindow(  # the catalogs load when an army or a battle first needs them: the start page does not
        None,
        settings,
        autosave_dir(),
        game_catalogs=window_catalogs(),
        settings_file=settings_path(),
        start_page=True,
    )
    window.preferences = preferences
    window.autosaver.enabled = preferences.autosave
    if path is not None:  # the file replaces the start page before the window shows
        window.open_file(path)
    if logs is None:
        window.show()
        app.processEvents()
        window.grab()
        if path is None and builder:  # the start page painted; on to the builder of the last game played
            game = last_game(settings.recent)
            window.new_army(game if game in {g.id for g in api_games()} else None)
            app.processEvents()
            window.grab()
        window.autosaver.shutdown()
        print(smoke_report(window), flush=True)
        gc.freeze()  # the program ends: the collector need not walk everything once more on the way out
        return 0
    from warband.gui.crash_dialog import CrashHandler  # the smoke check installs none: not imported there

    window.log_file = logs.path
    crash = CrashHandler(partial(window.save_recovery, recovery_dir()), window=window, log_file=logs.path)
    crash.install()
    window.show()

    def after_start() -> None:
        from PySide6.QtWidgets import QMessageBox  # only if a file must be told about

        if preferences_error is not None:
            QMessageBox.warning(
                window,
                _("Preferences reset"),
                _("The preferences file could not be used, so the defaults apply:\n{error}").format(
                    error=preferences_error
                ),
            )
        if settings_error is not None:
            QMessageBox.warning(
                window,
                _("Settings reset"),
                _("The settings file could not be used, so the defaults apply:\n{error}").format(
                    error=settings_error
                ),
            )
        window.offer_recovery()
        window.battles.offer_resume()

    QTimer.singleShot(0, after_start)
    QTimer.singleShot(0, settle_collector)  # after it, even if it fails
    QTimer.singleShot(0, partial(serve_files, window, probe=probe))  # after the first paint: no QtNetwork before
    try:
        return app.exec()
    finally:
        crash.uninstall()
        gc.freeze()  # the program ends: the collector need not walk everything once more on the way out


def serve_files(window: MainWindow, *, probe: bool = True) -> None:
    """The window takes the files that later launches (`warband FILE`) hand over to it, unless another one does."""
    from warband.gui.single_instance import serve

    serve(window, probe=probe)


def smoke_report(window: MainWindow) -> str:
    """What the smoke check painted, in one line: the language spoken, the window's title and tabs as shown (our
    translations), and a word of Qt's own (its translations): a bundle that lost either says so here."""
    from PySide6.QtCore import QCoreApplication

    tabs = " | ".join(window.tabs.tabText(index) for index in range(window.tabs.count()))
    qt_word = QCoreApplication.translate("QPlatformTheme", "Cancel")
    title = window.windowTitle().replace("[*]", "")  # the unsaved-changes mark, drawn by Qt when set
    return f"smoke: {current_language()}: {title}: {tabs}; Qt: {qt_word}"


def settle_collector() -> None:
    """Once the first window is up: what launching left behind is collected, what it built for good is set aside
    from the collector for the rest of the session (the modules, the window), and the collector turned on again
    (`__main__` holds it off while the first window is built: it would walk every import and widget many
    times)."""
    gc.collect()
    gc.freeze()
    gc.enable()
