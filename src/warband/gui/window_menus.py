"""The main window's actions and menus: what each does, its shortcuts, and where it sits in the menu bar.

A mixin of MainWindow, kept apart to keep the window's module small; the slots it names are the window's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from warband.api import games
from warband.gui.systems.registry import builder_systems
from warband.model.messages import _

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow as _Window
else:
    _Window = object


class WindowMenus(_Window):
    """The File, Edit, Catalogs and Help menus, and the window's shortcuts."""

    battles: Any
    rule_namer: Any
    new_army_menu: QMenu
    recent_menu: QMenu

    if TYPE_CHECKING:  # the slots are the window's (MainWindow and its other mixins)

        def __getattr__(self, name: str) -> Any: ...

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
        self.import_battlescribe_action = self._action(
            _("Import &BattleScribe Data…"), self.import_battlescribe, None, "actionImportBattleScribe"
        )
        self.import_roster_action = self._action(
            _("Import BattleScribe &Roster…"), self.import_roster, None, "actionImportRoster"
        )
        self.import_list_action = self._action(
            _("Import List from &Text…"), self.import_list_from_text, [key("Ctrl+Shift+V")], "actionImportList"
        )
        self.copy_roster_action = self._action(
            _("&Copy Roster as Text"), self.copy_roster_as_text, [key("Ctrl+Shift+C")], "actionCopyRoster"
        )
        self.edit_catalogs_action = self._action(
            _("&Edit Catalogs…"), self.edit_catalogs, [key("Ctrl+Shift+K")], "actionEditCatalogs"
        )
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
        self.games_left_out_action = self._action(
            _("&Games Left Out…"), self.show_games_left_out, None, "actionGamesLeftOut"
        )
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
        file_menu.addAction(self.import_list_action)
        file_menu.addAction(self.import_roster_action)
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
        edit_menu.addAction(self.copy_roster_action)
        edit_menu.addSeparator()
        edit_menu.addAction(self.preferences_action)
        catalog_menu = bar.addMenu(_("&Catalogs"))
        catalog_menu.addAction(self.edit_catalogs_action)
        catalog_menu.addAction(self.reload_action)
        catalog_menu.addAction(self.import_battlescribe_action)
        catalog_menu.addAction(self.catalog_errors_action)
        help_menu = bar.addMenu(_("&Help"))
        help_menu.addAction(self.rules_action)
        help_menu.addAction(self.explain_rule_action)
        help_menu.addSeparator()
        help_menu.addAction(self.games_left_out_action)
        help_menu.aboutToShow.connect(self._update_games_left_out)
        help_menu.addAction(self.report_problem_action)
        help_menu.addAction(self.about_action)
        self.statusBar().messageChanged.connect(self.rule_namer.note_text)
        self._fill_recent_menu()
