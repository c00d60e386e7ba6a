"""The main window: menus, the tabs, and the file actions (new, open, save, close, recover)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QAction, QCloseEvent, QIcon, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QMainWindow,
    QMenu,
    QMessageBox,
    QScrollArea,
    QTabWidget,
    QWidget,
)

from warband import __version__, api
from warband.api import (
    ARMY_SUFFIX,
    Army,
    CatalogLoad,
    Catalogs,
    FileError,
    compare,
    games,
    load_army,
    save_army,
    stamp,
)
from warband.gui.army_document import ArmyDocument
from warband.gui.autosave import Autosaver
from warband.gui.battle_actions import BattleActions
from warband.gui.builder.builder_tab import BuilderTab
from warband.gui.dialogs import Asker, QtAsker, Unsaved
from warband.gui.document import Document
from warband.gui.pages import tab_page
from warband.gui.preferences import Preferences, apply_preferences, save_preferences
from warband.gui.problem_report import ProblemReportDialog
from warband.gui.recovery import Recovered, save_work, window_work
from warband.gui.rules_help import RuleNamer, RulesHelpDialog
from warband.gui.settings import Settings, save_settings
from warband.gui.systems.registry import builder_systems
from warband.gui.widgets.plain_text import escape_mnemonic
from warband.gui.window_extras import RosterAndRules, qt_path_chooser
from warband.model.autosave import Recoverable, discard_autosave, find_autosaves
from warband.model.locations import resources_dir
from warband.model.messages import _, spoken_text

DEFAULT_SYSTEM = games()[0].id
"""The game of the army on screen at start: the first registered."""
DEFAULT_LIMIT = 400
STATUS_MS = 6000


def new_army(system: str = DEFAULT_SYSTEM) -> Army:
    return api.new_army(system, points_limit=DEFAULT_LIMIT)


class MainWindow(RosterAndRules, QMainWindow):
    """One army at a time, in the Army builder tab."""

    def __init__(
        self,
        catalog_load: CatalogLoad,
        settings: Settings,
        autosave_folder: Path,
        *,
        load_catalogs: Callable[[], CatalogLoad] | None = None,
        settings_file: Path | None = None,
        preferences_file: Path | None = None,
        asker: Asker | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.catalog_load = catalog_load
        self.settings = settings
        self._settings_file = settings_file
        self._preferences_file = preferences_file
        self._load_catalogs = load_catalogs
        self.asker: Asker = asker or QtAsker(self)
        self.autosaver = Autosaver(autosave_folder, self)
        self.autosaver.failed.connect(self._on_autosaver_failed)
        icon = resources_dir() / "icons" / "warband.svg"
        if icon.is_file():
            self.setWindowIcon(QIcon(str(icon)))

        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("mainTabs")
        self.tabs.setDocumentMode(True)
        self.setCentralWidget(self.tabs)
        self.document: ArmyDocument
        self.builder: BuilderTab
        self._builder_page: QScrollArea
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
        self._set_document(ArmyDocument(new_army(), self._catalogs_for(DEFAULT_SYSTEM)))
        self.battles = BattleActions(
            self.tabs, self.asker, self._catalogs_for, lambda: self.document.army, autosave_folder, self
        )
        self.battles.battles_folder = lambda: self.preferences.battles_dir()
        self.battles.status.connect(self._show_status)
        self.battles.document_changed.connect(self._on_battles_document_changed)
        self._update_battle_actions()
        self.tabs.currentChanged.connect(self._on_tabs_current_changed)
        self._restore_layout()
        self.statusBar().showMessage(_("Ready"), 2000)

    # --- construction --------------------------------------------------------------------------------------
    def _action(
        self, text: str, slot: Callable[[], object], shortcuts: list[QKeySequence] | None = None, name: str = ""
    ) -> QAction:
        action = QAction(text, self)
        # A standard key this platform does not define is an empty sequence: left first, it would hide the
        # shortcut from the menu (which shows only the first one), and a repeated one would be ambiguous.
        keys: list[QKeySequence] = []
        for sequence in shortcuts or []:
            if not sequence.isEmpty() and sequence not in keys:
                keys.append(sequence)
        if keys:
            action.setShortcuts(keys)
        action.setObjectName(name)
        action.triggered.connect(lambda checked=False: slot())
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        key = QKeySequence
        std = QKeySequence.StandardKey
        self.new_action = self._action(_("&New Army"), lambda: self.new_army(), [key(std.New)], "actionNew")
        self.open_action = self._action(_("&Open…"), self.open_army, [key(std.Open)], "actionOpen")
        self.save_action = self._action(_("&Save"), self._save_current, [key(std.Save)], "actionSave")
        self.save_as_action = self._action(_("Save &As…"), self.save_as, [key("Ctrl+Shift+S")], "actionSaveAs")
        self.close_action = self._action(_("&Close"), self.close_army, [key(std.Close)], "actionClose")
        self.quit_action = self._action(_("&Quit"), self.close, [key(std.Quit), key("Ctrl+Q")], "actionQuit")
        self.new_battle_action = self._action(
            _("New &Battle…"), lambda: self.battles.new_battle(), [key("Ctrl+Shift+N")], "actionNewBattle"
        )
        self.open_battle_action = self._action(
            _("Open Battle…"), lambda: self.battles.open_battle(), [key("Ctrl+Shift+O")], "actionOpenBattle"
        )
        self.save_battle_as_action = self._action(
            _("Save Battle As…"), lambda: self.battles.save_as(), None, "actionSaveBattleAs"
        )
        self.close_battle_action = self._action(
            _("Close Battle"), lambda: self.battles.close_battle(), None, "actionCloseBattle"
        )
        self.undo_action = self._action(_("&Undo"), self._undo, [key(std.Undo)], "actionUndo")
        self.redo_action = self._action(_("&Redo"), self._redo, [key("Ctrl+Shift+Z"), key("Ctrl+Y")], "actionRedo")
        self.reload_action = self._action(
            _("&Reload player catalogs"), self.reload_catalogs, [key("F5")], "actionReloadCatalogs"
        )
        self.catalog_errors_action = self._action(
            _("Show catalogs left &out…"), self._show_catalog_errors, None, "actionCatalogErrors"
        )
        self.export_action = self._action(
            _("&Export Roster…"), lambda: self.export_roster(), [key("Ctrl+Shift+E")], "actionExportRoster"
        )
        self.print_preview_action = self._action(
            _("Print Pre&view…"), lambda: self.print_preview(), [key("Ctrl+Shift+P")], "actionPrintPreview"
        )
        self.print_action = self._action(
            _("&Print…"), lambda: self.print_roster(), [key(std.Print)], "actionPrint"
        )
        self.rules_action = self._action(_("&Rules"), lambda: self.show_rules(), [key("F1")], "actionRules")
        self.explain_rule_action = self._action(
            _("Explain the &Last Rule Named"), self.explain_last_rule, [key("Ctrl+F1")], "actionExplainRule"
        )
        self.explain_rule_action.setEnabled(False)
        self.about_action = self._action(_("&About Warband"), self._about, None, "actionAbout")
        self.report_problem_action = self._action(
            _("Report a &Problem…"), lambda: self.report_problem(), None, "actionReportProblem"
        )
        self.preferences_action = self._action(
            _("&Preferences…"), self.edit_preferences, [key(std.Preferences), key("Ctrl+,")], "actionPreferences"
        )

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu(_("&File"))
        file_menu.addAction(self.new_action)
        self.new_army_menu = QMenu(_("New Army &For"), self)
        self.new_army_menu.setObjectName("newArmyMenu")
        for game in games():  # named without loading any game: it loads when its army is first made
            if game.id not in builder_systems():
                continue  # checked on the command line until the builder has its panels
            action = self.new_army_menu.addAction(_(game.title))
            action.setObjectName(f"actionNewArmy_{game.id}")
            action.triggered.connect(lambda checked=False, s=game.id: self.new_army(s))
        file_menu.addMenu(self.new_army_menu)
        file_menu.addAction(self.open_action)
        self.recent_menu = QMenu(_("Open &Recent"), self)
        self.recent_menu.setObjectName("recentMenu")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file_menu.addMenu(self.recent_menu)
        file_menu.addSeparator()
        file_menu.addAction(self.save_action)
        file_menu.addAction(self.save_as_action)
        file_menu.addAction(self.close_action)
        file_menu.addSeparator()
        file_menu.addAction(self.export_action)
        file_menu.addAction(self.print_preview_action)
        file_menu.addAction(self.print_action)
        file_menu.addSeparator()
        file_menu.addAction(self.new_battle_action)
        file_menu.addAction(self.open_battle_action)
        file_menu.addAction(self.save_battle_as_action)
        file_menu.addAction(self.close_battle_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = bar.addMenu(_("&Edit"))
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        edit_menu.addSeparator()
        edit_menu.addAction(self.preferences_action)
        catalog_menu = bar.addMenu(_("&Catalogs"))
        catalog_menu.addAction(self.reload_action)
        catalog_menu.addAction(self.catalog_errors_action)
        help_menu = bar.addMenu(_("&Help"))
        help_menu.addAction(self.rules_action)
        help_menu.addAction(self.explain_rule_action)
        help_menu.addSeparator()
        help_menu.addAction(self.report_problem_action)
        help_menu.addAction(self.about_action)
        self.statusBar().messageChanged.connect(self.rule_namer.note_text)
        self._fill_recent_menu()

    def _catalogs_for(self, system: str) -> Catalogs:
        return self.catalog_load.for_system(system)

    # --- the document --------------------------------------------------------------------------------------
    def _set_document(self, document: ArmyDocument, autosave_path: Path | None = None) -> None:
        """Show a document in the builder, replacing the one shown (whose autosave is released)."""
        states = (
            {name: s.saveState() for name, s in self.builder.splitters().items()} if self._has_builder() else {}
        )
        if self._has_builder():
            self.autosaver.release()
            old = self._builder_page
            self.tabs.removeTab(self.tabs.indexOf(old))
            old.deleteLater()
            self.document.deleteLater()
        self.document = document
        document.setParent(self)
        self.builder = BuilderTab(document)
        self._builder_page = tab_page(self.builder)
        self.tabs.insertTab(0, self._builder_page, _("Army builder"))
        self.tabs.setCurrentIndex(0)
        for name, splitter in self.builder.splitters().items():
            if name in states:
                splitter.restoreState(states[name])
        document.history_changed.connect(self._update_title)
        document.history_changed.connect(self._update_undo_actions)
        document.state_changed.connect(self._update_title)
        document.refused.connect(self._on_document_refused)
        self.rule_namer.watch_problems(document, self.builder.problems)
        self.builder.problems.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.builder.problems.table.addAction(self.explain_rule_action)
        self.autosaver.watch(document, autosave_path)
        self._update_title()
        self._update_undo_actions()
        self.builder.browser.setFocus()

    def _has_builder(self) -> bool:
        return hasattr(self, "builder")

    def _battle_shown(self) -> bool:
        """Whether the current tab is a battle's (the Edit and Save actions then act on the battle)."""
        return self.tabs.currentIndex() > 0 and self._has_battles() and self.battles.document is not None

    def _has_battles(self) -> bool:
        return hasattr(self, "battles")

    def _shown(self) -> tuple[Document, Callable[[], bool]]:
        """The document of the tab shown and how it is saved: the battle's on a battle tab, else the army's."""
        battle = self.battles.document if self._battle_shown() else None
        if battle is not None:
            return battle, self.battles.save
        return self.document, self.save

    def _update_title(self) -> None:
        document, _save = self._shown()
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
        undo, redo = document.undo_label, document.redo_label
        self.undo_action.setEnabled(undo is not None)
        self.redo_action.setEnabled(redo is not None)
        self.undo_action.setText(_("&Undo {label}").format(label=spoken_text(undo)) if undo else _("&Undo"))
        self.redo_action.setText(_("&Redo {label}").format(label=spoken_text(redo)) if redo else _("&Redo"))

    def _undo(self) -> None:
        self._shown()[0].undo()

    def _redo(self) -> None:
        self._shown()[0].redo()

    # --- file actions --------------------------------------------------------------------------------------
    def maybe_save(self) -> bool:
        """Ask what to do with unsaved changes; False means the player cancelled."""
        if not self.document.modified:
            return True
        answer = self.asker.unsaved_changes(self.document.display_name())
        if answer is Unsaved.SAVE:
            return self.save()
        return answer is Unsaved.DISCARD

    def new_army(self, system: str | None = None) -> None:
        """A new army of the given game (by default, the game of the army on screen)."""
        system = system or self.document.army.system
        if self.maybe_save():
            self._set_document(ArmyDocument(new_army(system), self._catalogs_for(system)))

    def close_army(self) -> None:
        self.new_army()

    def open_army(self, path: Path | None = None) -> bool:
        """Open an army file; a file that cannot be read leaves the army on screen as it was."""
        if not self.maybe_save():
            return False
        if path is None:
            folder = self.document.path.parent if self.document.path else self.preferences.armies_dir()
            path = self.asker.open_path(folder)
            if path is None:
                return False
        try:
            army = load_army(path)
        except FileError as exc:
            self.asker.error(
                _("Cannot open the army"),
                _("{file}\n\n{where}{reason}").format(
                    file=exc.file, where=f"{exc.where}: " if exc.where else "", reason=exc.message
                ),
            )
            if not path.exists():
                self.settings.forget_recent(path)
            return False
        if army.system not in builder_systems():
            self.asker.error(
                _("Cannot open the army"),
                _(
                    "{file}\n\nThe Army builder does not build {system} armies yet; "
                    "`warband validate` checks them."
                ).format(file=path, system=army.system),
            )
            return False
        catalogs = self._catalogs_for(army.system)
        changes = compare(army, catalogs)
        if changes and not self.asker.catalog_changes(path.name, changes):
            return False
        self._set_document(ArmyDocument(army, catalogs, path))
        self.settings.add_recent(path)
        self.statusBar().showMessage(_("Opened {file}").format(file=path), STATUS_MS)
        return True

    def save(self) -> bool:
        if self.document.path is None:
            return self.save_as()
        return self._save_to(self.document.path)

    def save_as(self) -> bool:
        folder = self.document.path.parent if self.document.path else self.preferences.armies_dir()
        name = (self.document.army.name or _("army")).strip().replace("/", "-")
        path = self.asker.save_path(folder / f"{name}{ARMY_SUFFIX}")
        if path is None:
            return False
        if not path.name.endswith(".json"):
            path = path.with_name(path.name + ARMY_SUFFIX)
        return self._save_to(path)

    def _save_to(self, path: Path) -> bool:
        """Save the army, recording its catalogs (AR-04); on failure the work stays open and unsaved."""
        try:
            save_army(stamp(self.document.army, self.document.catalogs), path)
        except FileError as exc:
            self.asker.error(_("Cannot save the army"), f"{exc.file}\n\n{exc.message}")
            return False
        self.document.mark_saved(path)
        self.autosaver.discard()
        self.settings.add_recent(path)
        self.statusBar().showMessage(_("Saved to {file}").format(file=path), STATUS_MS)
        self._update_title()
        return True

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        for text in self.settings.recent:
            action = self.recent_menu.addAction(escape_mnemonic(text))
            action.triggered.connect(lambda checked=False, p=Path(text): self.open_army(p))
        self.recent_menu.setEnabled(bool(self.settings.recent))

    # --- catalogs ------------------------------------------------------------------------------------------
    def reload_catalogs(self) -> None:
        if self._load_catalogs is None:
            return
        self.catalog_load = self._load_catalogs()
        self.document.set_catalogs(self._catalogs_for(self.document.army.system))
        count = len(self.catalog_load.errors)
        if count:
            self.asker.catalog_errors(list(self.catalog_load.errors))
        self.statusBar().showMessage(
            _("Catalogs reloaded; {count} left out").format(count=count) if count else _("Catalogs reloaded"),
            STATUS_MS,
        )

    def _show_catalog_errors(self) -> None:
        self.asker.catalog_errors(list(self.catalog_load.errors))

    # --- rosters -------------------------------------------------------------------------------------------
    # --- recovery ------------------------------------------------------------------------------------------
    def offer_recovery(self) -> bool:
        """At start: offer the autosaves left by a session that did not end cleanly."""
        found, _errors = find_autosaves(self.autosaver.folder)
        if not found:
            return False
        chosen = self.asker.recover(found)
        if chosen is None:
            for item in found:
                discard_autosave(item.file)
            return False
        self._recover(chosen)
        return True

    def _recover(self, item: Recoverable) -> None:
        document = ArmyDocument(item.army, self._catalogs_for(item.army.system), item.original)
        document.session.mark_unsaved()
        self._set_document(document, autosave_path=item.file)
        self.statusBar().showMessage(_("Recovered unsaved work from {time}").format(time=item.saved_at), STATUS_MS)

    def save_recovery(self, folder: Path) -> list[Recovered]:
        """After an unexpected error: the army on screen and the battle in play, each to a new file in `folder`
        (never over their own files, nothing marked as saved)."""
        return save_work(window_work(self.document, self.battles.document), folder)

    # --- window --------------------------------------------------------------------------------------------
    def _restore_layout(self) -> None:
        if self.settings.geometry:
            self.restoreGeometry(QByteArray.fromBase64(self.settings.geometry.encode()))
        else:
            self.resize(1280, 800)
        for name, splitter in self.builder.splitters().items():
            state = self.settings.splitters.get(name)
            if state:
                splitter.restoreState(QByteArray.fromBase64(state.encode()))

    def _store_layout(self) -> None:
        self.settings.geometry = bytes(self.saveGeometry().toBase64().data()).decode()
        for name, splitter in self.builder.splitters().items():
            self.settings.splitters[name] = bytes(splitter.saveState().toBase64().data()).decode()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
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
        if self.problem_report is None:
            self.problem_report = ProblemReportDialog(self.log_file, self)
        else:
            self.problem_report.refresh()
        self.problem_report.show()
        self.problem_report.raise_()
        self.problem_report.activateWindow()
        return self.problem_report

    def _about(self) -> None:
        box = QMessageBox(self)
        box.setWindowTitle(_("About Warband"))
        box.setTextFormat(Qt.TextFormat.PlainText)
        about = _("Army builder and battle tracker for wargames where priests and mages decide battles.")
        box.setText(f"Warband {__version__}\n{about}")
        box.exec()
