"""The main window: the tabs, the document on screen (army or battle) and what the window does with it: its
title, undo and save; the catalogs, the layout, the preferences. Its menus and army files are mixins of their own
(`window_menus`, `army_files`).

The Army builder tab holds either the start page (no army open: `document` is None) or the builder of the army
open. The catalogs are loaded when an army or a battle first needs them, so that the start page paints without
loading any game."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, Qt, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QMainWindow,
    QScrollArea,
    QStackedWidget,
    QTabWidget,
    QWidget,
)

from warband import __version__, api
from warband.api import FileError, GameLoadError, load_errors
from warband.gui.army_files import DEFAULT_SYSTEM, STATUS_MS, ArmyFiles, army_document, new_army
from warband.gui.autosave import Autosaver
from warband.gui.battle_actions import BattleActions
from warband.gui.dialogs import Asker, QtAsker
from warband.gui.pages import tab_page
from warband.gui.preferences import Preferences, apply_preferences, save_preferences
from warband.gui.rule_namer import RuleNamer
from warband.gui.settings import Settings, save_settings
from warband.gui.start_page import StartPage
from warband.gui.window_extras import RosterAndRules, UndoKeyRouter, qt_path_chooser
from warband.gui.window_menus import WindowMenus
from warband.model.catalogs_by_game import CatalogsAtOnce, CatalogsByGame
from warband.model.locations import resources_dir, user_catalog_dir
from warband.model.messages import _, spoken_text

if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent

    from warband.api import CatalogLoad, Catalogs, LoadedCatalog
    from warband.gui.army_document import ArmyDocument
    from warband.gui.builder.builder_tab import BuilderTab
    from warband.gui.catalog_editor.window import CatalogEditorWindow, EditorAsker
    from warband.gui.document import Document
    from warband.gui.problem_report import ProblemReportDialog
    from warband.gui.rules_help import RulesHelpDialog

__all__ = ["DEFAULT_SYSTEM", "MainWindow"]


class MainWindow(WindowMenus, ArmyFiles, RosterAndRules, QMainWindow):
    """One army at a time, in the Army builder tab, or the start page when none is open."""

    def __init__(
        self,
        catalog_load: CatalogLoad | None,
        settings: Settings,
        autosave_folder: Path,
        *,
        load_catalogs: Callable[[], CatalogLoad] | None = None,
        game_catalogs: CatalogsByGame | None = None,
        settings_file: Path | None = None,
        preferences_file: Path | None = None,
        asker: Asker | None = None,
        start_page: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        """`catalog_load` None: loaded with `load_catalogs` when first needed, or a game at a time by
        `game_catalogs` (as at launch: a game's catalogs load with its first army or battle). `start_page`: open on
        the start page (as at launch) instead of a new army of the first game."""
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.settings = settings
        self._settings_file = settings_file
        self._preferences_file = preferences_file
        self._catalogs: CatalogsByGame | CatalogsAtOnce = game_catalogs or CatalogsAtOnce(
            catalog_load, load_catalogs
        )
        """Where the window's catalogs come from: a game's at a time (as at launch), or all at once."""
        self.asker: Asker = asker or QtAsker(self)
        self.catalog_editor: CatalogEditorWindow | None = None
        self.editor_asker: EditorAsker | None = None
        """The catalog editor's questions (None: its dialogs); tests answer them."""
        self.autosaver = Autosaver(autosave_folder, self)
        self.autosaver.failed.connect(self._on_autosaver_failed)
        icon = resources_dir() / "icons" / "warband.svg"
        if icon.is_file():
            self.setWindowIcon(QIcon(str(icon)))

        self.undo_keys = UndoKeyRouter(self)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("mainTabs")
        self.tabs.setDocumentMode(True)
        self.setCentralWidget(self.tabs)
        self.document: ArmyDocument | None = None
        """The army on screen; None while the start page is shown."""
        self.builder: BuilderTab | None = None
        self._builder_page: QScrollArea | None = None
        self.start_page = StartPage()
        self.start_page.new_army_requested.connect(self.new_army)
        self.start_page.new_battle_requested.connect(lambda: self.battles.new_battle())
        self.start_page.open_army_requested.connect(lambda: self.open_army())
        self.start_page.open_battle_requested.connect(lambda: self.battles.open_battle())
        self.start_page.open_file_requested.connect(self.open_army)
        self.start_page.open_example_requested.connect(self.open_example)
        self.army_stack = QStackedWidget()
        self.army_stack.setObjectName("armyStack")
        self.army_stack.addWidget(tab_page(self.start_page))
        self.tabs.addTab(self.army_stack, _("Start"))
        self.export_path_chooser = qt_path_chooser(self)
        """Where File → Export Roster asks for the file; tests put their own chooser here."""
        self.preferences = Preferences()
        """Set by app.py from the player's file; Edit → Preferences changes and saves it."""
        self.choose_preferences: Callable[[Preferences], Preferences | None] = self._preferences_dialog
        self.rules_help: RulesHelpDialog | None = None
        self.log_file: Path | None = None
        """The log file (set by app.py), whose tail Help → Report a Problem shows; None: no log."""
        self.problem_report: ProblemReportDialog | None = None
        self.rule_namer = RuleNamer(self)
        """The rule named by the latest problem or refusal, which Help → Explain Rule opens."""
        self.rule_namer.named.connect(self._on_rule_namer_named)
        self._build_actions()
        self._build_menus()
        if start_page:
            self.show_start_page()
        else:
            self._set_document(army_document(new_army(DEFAULT_SYSTEM), self._catalogs_for(DEFAULT_SYSTEM)))
        self.battles = BattleActions(
            self.tabs,
            self.asker,
            self._catalogs_for,
            lambda: self.document.army if self.document is not None else None,  # type: ignore[arg-type,return-value]
            autosave_folder,
            self,
        )
        self.battles.battles_folder = lambda: self.preferences.battles_dir()
        self.battles.status.connect(self._show_status)
        self.battles.document_changed.connect(self._on_battles_document_changed)
        self._update_battle_actions()
        self.tabs.currentChanged.connect(self._on_tabs_current_changed)
        self._restore_layout()
        left_out = self._update_games_left_out()
        if left_out:
            names = ", ".join(error.name for error in left_out)
            text = _("Games left out (they could not be loaded): {names}. Help → Games Left Out… says why.")
            self.statusBar().showMessage(text.format(names=names), STATUS_MS)
        else:
            self.statusBar().showMessage(_("Ready"), 2000)

    def _catalogs_for(self, system: str) -> Catalogs:
        """The game's catalogs, loaded at the first need; the files left out are told once the question can be
        asked."""
        catalogs, errors = self._catalogs.for_system(system)
        if errors:
            QTimer.singleShot(0, self, lambda: self.asker.catalog_errors(errors))
        return catalogs

    # --- the document --------------------------------------------------------------------------------------
    def _set_document(self, document: ArmyDocument, autosave_path: Path | None = None) -> None:
        """Show a document in the builder, replacing the one shown (whose autosave is released)."""
        from warband.gui.builder.builder_tab import BuilderTab  # with the first army: the start page needs none

        self._drop_army()
        self.document = document
        document.setParent(self)
        self.builder = BuilderTab(document)
        self._builder_page = tab_page(self.builder)
        self.army_stack.addWidget(self._builder_page)
        self.army_stack.setCurrentWidget(self._builder_page)
        self.tabs.setTabText(0, _("Army builder"))
        self.tabs.setCurrentIndex(0)
        for name, splitter in self.builder.splitters().items():
            state = self.settings.splitters.get(name)
            if state:
                splitter.restoreState(QByteArray.fromBase64(state.encode()))
        document.history_changed.connect(self._update_title)
        document.history_changed.connect(self._update_undo_actions)
        document.refused.connect(self._on_document_refused)
        self.rule_namer.watch_problems(document, self.builder.problems)
        self.builder.problems.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.builder.problems.table.addAction(self.explain_rule_action)
        self.autosaver.watch(document, autosave_path)
        self._update_title()
        self._update_undo_actions()
        self.builder.browser.setFocus()

    def _drop_army(self) -> None:
        """Take the army on screen and its builder away (its autosave released, its splitters remembered)."""
        if self.builder is None or self._builder_page is None or self.document is None:
            return
        self._keep_splitters()
        self.autosaver.release()
        self.army_stack.removeWidget(self._builder_page)
        self._builder_page.deleteLater()
        self.document.deleteLater()
        self.builder = self._builder_page = self.document = None

    def show_start_page(self) -> None:
        """No army open: the start page in the builder's tab (File → Close, and at launch)."""
        self._drop_army()
        self.start_page.set_recent(self.settings.recent)
        self.army_stack.setCurrentIndex(0)
        self.tabs.setTabText(0, _("Start"))
        self.tabs.setCurrentIndex(0)
        self._update_title()
        self._update_undo_actions()
        self.start_page.setFocus()

    def _battle_shown(self) -> bool:
        """Whether the current tab is a battle's (the Edit and Save actions then act on the battle)."""
        return self.tabs.currentIndex() > 0 and self._has_battles() and self.battles.document is not None

    def _has_battles(self) -> bool:
        return hasattr(self, "battles")

    def _shown(self) -> tuple[Document | None, Callable[[], bool]]:
        """The document of the tab shown and how it is saved: the battle's on a battle tab, else the army's."""
        battle = self.battles.document if self._battle_shown() else None
        if battle is not None:
            return battle, self.battles.save
        return self.document, self.save

    def _update_title(self) -> None:
        document, _save = self._shown()
        if document is None:
            self.setWindowTitle(_("Warband"))
            self.setWindowModified(False)
        else:
            self.setWindowTitle(_("{name}[*] — Warband").format(name=document.display_name()))
            self.setWindowModified(document.modified)

    def _on_tabs_current_changed(self, index: int) -> None:
        self._update_title()
        self._update_undo_actions()

    def _on_battles_document_changed(self) -> None:
        document = self.battles.document
        if document is not None:
            document.history_changed.connect(self._update_title)
            document.history_changed.connect(self._update_undo_actions)
            document.refused.connect(self.rule_namer.note_text)
        self._update_battle_actions()
        self._update_title()
        self._update_undo_actions()

    def _update_battle_actions(self) -> None:
        """Save Battle As… and Close Battle only with a battle in play, whatever its game."""
        playing = self.battles.document is not None
        self.save_battle_as_action.setEnabled(playing)
        self.close_battle_action.setEnabled(playing)

    def _show_status(self, text: str) -> None:
        self.statusBar().showMessage(text, STATUS_MS)

    def _save_current(self) -> bool:
        _document, save = self._shown()
        return save()

    def _update_undo_actions(self) -> None:
        document, _save = self._shown()
        self._update_army_actions()
        undo = document.undo_label if document is not None else None
        redo = document.redo_label if document is not None else None
        self.undo_action.setEnabled(undo is not None)
        self.redo_action.setEnabled(redo is not None)
        self.undo_action.setText(_("&Undo {label}").format(label=spoken_text(undo)) if undo else _("&Undo"))
        self.redo_action.setText(_("&Redo {label}").format(label=spoken_text(redo)) if redo else _("&Redo"))

    def _update_army_actions(self) -> None:
        """What acts on the army on screen needs one: with the start page shown, only Save a battle is left."""
        army = self.document is not None
        for action in (self.save_as_action, self.close_action, self.export_action, self.copy_roster_action):
            action.setEnabled(army)
        self.print_preview_action.setEnabled(army)
        self.print_action.setEnabled(army)
        self.save_action.setEnabled(army or self._battle_shown())

    def _undo(self) -> None:
        document = self._shown()[0]
        if document is not None:
            document.undo()

    def _redo(self) -> None:
        document = self._shown()[0]
        if document is not None:
            document.redo()

    # --- catalogs ------------------------------------------------------------------------------------------
    def reload_catalogs(self) -> None:
        """The catalogs read again (F5, an import, the catalog editor's save): the open army is judged against
        them, and told what changed for it (AR-04): its entries' costs, requirements, entries gone."""
        if not self._catalogs.reloadable:
            return
        before = api.stamp(self.document.army, self.document.catalogs) if self.document is not None else None
        self._catalogs.reset()
        if self.document is not None:
            self._catalogs.for_system(self.document.army.system)  # told below with every file left out
        load = self._catalogs.loaded()
        if self.document is not None:
            catalogs = self._catalogs_for(self.document.army.system)
            self.document.set_catalogs(catalogs)
            changes = api.compare(before, catalogs) if before is not None else []
            if changes:
                lines = "\n".join(f"• {c.sentence}" for c in changes)
                name = self.document.army.name or _("army")
                self.asker.warning(
                    _("The catalogs changed"),
                    _("The catalogs changed for “{name}”:").format(name=name) + "\n" + lines,
                )
        count = len(load.errors)
        if count:
            self.asker.catalog_errors(list(load.errors))
        self.statusBar().showMessage(
            _("Catalogs reloaded; {count} left out").format(count=count) if count else _("Catalogs reloaded"),
            STATUS_MS,
        )

    def edit_catalogs(self) -> CatalogEditorWindow:
        """Catalogs → Edit Catalogs…: the catalog editor, a window of its own (one, raised when open again); a
        catalog it saves is read again at once, so the builder and the open army see it (AR-04)."""
        from warband.gui.catalog_editor.window import CatalogEditorWindow  # when first asked: a quick launch

        if self.catalog_editor is None:
            editor = CatalogEditorWindow(
                self._editor_others,
                user_catalog_dir(),
                lambda: [Path(p) for p in self.settings.recent],
                self,
                asker=self.editor_asker,
            )
            editor.saved.connect(self._on_catalog_editor_saved)
            self.catalog_editor = editor
        if self.catalog_editor.isVisible():  # open already, maybe behind: brought to the front
            self.catalog_editor.raise_()
            self.catalog_editor.activateWindow()
        else:
            self.catalog_editor.show()
        return self.catalog_editor

    def _editor_others(self, system: str) -> list[LoadedCatalog]:
        return list(self._catalogs_for(system).loaded)

    def _on_catalog_editor_saved(self, _path: Path) -> None:
        self.reload_catalogs()

    def _show_catalog_errors(self) -> None:
        self.asker.catalog_errors(list(self._catalogs.everything().errors))  # every game's: it asks for them all

    # --- window --------------------------------------------------------------------------------------------
    def _restore_layout(self) -> None:
        if self.settings.geometry:
            self.restoreGeometry(QByteArray.fromBase64(self.settings.geometry.encode()))
        else:
            self.resize(1280, 800)

    def _keep_splitters(self) -> None:
        """The builder's splitter sizes into the settings, for the next builder and the next session."""
        if self.builder is not None:
            for name, splitter in self.builder.splitters().items():
                self.settings.splitters[name] = bytes(splitter.saveState().toBase64().data()).decode()

    def _store_layout(self) -> None:
        self.settings.geometry = bytes(self.saveGeometry().toBase64().data()).decode()
        self._keep_splitters()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        editing = self.catalog_editor
        if editing is not None and editing.isVisible() and not editing.maybe_save():
            event.ignore()  # the catalog being edited has changes the player wants to keep
            return
        if not self.maybe_save() or not self.battles.maybe_save():
            event.ignore()
            return
        self.battles.shutdown()
        self._store_layout()
        try:
            save_settings(self.settings, self._settings_file)
        except OSError as exc:
            self.statusBar().showMessage(_("Settings not saved: {reason}").format(reason=exc), STATUS_MS)
        self.autosaver.release()
        self.autosaver.shutdown()
        event.accept()

    def _on_document_refused(self, reason: str) -> None:
        self.statusBar().showMessage(reason, STATUS_MS)

    def _on_autosaver_failed(self, reason: str) -> None:
        self.statusBar().showMessage(_("Autosave failed: {reason}").format(reason=reason), STATUS_MS)

    def _preferences_dialog(self, current: Preferences) -> Preferences | None:
        from warband.gui.preferences_dialog import PreferencesDialog

        dialog = PreferencesDialog(current, self)
        return dialog.result_preferences() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def edit_preferences(self) -> bool:
        """Edit → Preferences: applied at once (font, theme, autosave), saved; the language at the next start."""
        chosen = self.choose_preferences(self.preferences)
        if chosen is None:
            return False
        self.preferences = chosen
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_preferences(app, chosen)
        self.autosaver.enabled = chosen.autosave
        try:
            save_preferences(chosen, self._preferences_file)
        except FileError as exc:
            self.asker.error(_("Cannot save the preferences"), str(exc))
        return True

    def report_problem(self) -> ProblemReportDialog:
        """Help → Report a Problem: the version, the platform and the log's tail, ready to copy."""
        from warband.gui.problem_report import ProblemReportDialog  # when first asked: a quick launch

        if self.problem_report is None:
            self.problem_report = ProblemReportDialog(self.log_file, self)
        else:
            self.problem_report.refresh()
        self.problem_report.show()
        self.problem_report.raise_()
        self.problem_report.activateWindow()
        return self.problem_report

    def _update_games_left_out(self) -> list[GameLoadError]:
        """The games that could not be loaded so far (a plug-in's import error, a part that is not what Warband
        asks): Help → Games Left Out… is enabled when there are any."""
        errors = load_errors()
        self.games_left_out_action.setEnabled(bool(errors))
        return errors

    def show_games_left_out(self) -> None:
        """Help → Games Left Out…: each game that could not be loaded, by name, where it comes from and why."""
        errors = self._update_games_left_out()
        lines = [error.sentence for error in errors] or [_("Every game was loaded.")]
        intro = _("These games could not be loaded; the other games work as usual.")
        self.asker.warning(_("Games left out"), "\n\n".join([intro, *lines]))

    def _about(self) -> None:
        from PySide6.QtWidgets import QMessageBox  # when asked: the class costs the launch a few ms

        box = QMessageBox(self)
        box.setWindowTitle(_("About Warband"))
        box.setTextFormat(Qt.TextFormat.PlainText)
        about = _("Army builder and battle tracker for wargames where priests and mages decide battles.")
        box.setText(f"Warband {__version__}\n{about}")
        box.exec()
