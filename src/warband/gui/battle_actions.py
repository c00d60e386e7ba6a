"""The battle side of the main window: new, open, save, close and resume battles, and their two tabs.

A battle in play is journalled action by action into the state folder; a clean close removes the journal,
and at start a journal left behind is offered for resuming, with its undo history.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QTabWidget, QVBoxLayout, QWidget

from warband import api
from warband.api import FileError
from warband.gui.dialogs import Asker, Unsaved
from warband.gui.logfile import LOGGER
from warband.gui.pages import tab_page
from warband.gui.widgets.appearance import follow_application_font
from warband.model.messages import _

if TYPE_CHECKING:
    from warband.api import Army, BattleRun, Catalogs
    from warband.gui.battle_document import BattleDocument
    from warband.gui.systems.registry import BattleKit

# The battle modules are imported when a battle starts, not when the window opens: they cost about a tenth of
# the launch, and most sessions at home build armies.

JOURNAL_SUFFIX = ".battle-journal"
_log = logging.getLogger(LOGGER)
"""What went wrong with a journal also goes to the log file (Help → Report a Problem shows its tail)."""
TRACKER_INDEX, RESOLVER_INDEX = 1, 2


class NoBattlePage(QWidget):
    """What the battle tabs show before a battle starts: how to start one."""

    def __init__(self, actions: BattleActions, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        text = QLabel(_("No battle in play. Start one from two armies, or open a saved battle."), self)
        text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        new = QPushButton(_("New battle…"), self)
        new.setObjectName("newBattleButton")
        new.clicked.connect(actions.new_battle)
        opened = QPushButton(_("Open battle…"), self)
        opened.setObjectName("openBattleButton")
        opened.clicked.connect(lambda: actions.open_battle())
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(text)
        for button in (new, opened):
            layout.addWidget(button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(1)


class BattleActions(QObject):
    """Owns the battle in play (if any) and the Turn tracker and Resolver tabs that show it, for any system
    with a battle kit (gui/systems/registry.py)."""

    document_changed = Signal()
    """A battle started, opened, resumed or closed."""
    status = Signal(str)

    def __init__(
        self,
        tabs: QTabWidget,
        asker: Asker,
        catalogs_for: Callable[[str], Catalogs],
        screen_army: Callable[[], Army],
        journal_folder: Path,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._tabs = tabs
        self.asker = asker
        self._catalogs_for = catalogs_for
        self._screen_army = screen_army
        self.journal_folder = journal_folder
        self.document: BattleDocument[Any] | None = None
        self._telling_journal = False
        self.battles_folder: Callable[[], Path] = Path.home
        """Where battles are opened and saved by default (the window gives the Preferences' folder)."""
        self.kit: BattleKit | None = None
        self.tracker: Any = None
        self.resolver: Any = None
        self._show_pages()

    # --- tabs ----------------------------------------------------------------------------------------------
    def _show_pages(self) -> None:
        current = self._tabs.currentIndex()
        for index in (RESOLVER_INDEX, TRACKER_INDEX):
            if self._tabs.count() > index:
                page = self._tabs.widget(index)
                self._tabs.removeTab(index)
                if page is not None:
                    page.deleteLater()
        if self.document is None or self.kit is None:
            self.tracker = self.resolver = None
            tracker_page: QWidget = NoBattlePage(self)
            resolver_page: QWidget = NoBattlePage(self)
        else:
            self.tracker = self.kit.tracker(self.document)
            self.resolver = self.kit.resolver(self.document)
            self.tracker.resolve_requested.connect(self._on_tracker_resolve_requested)
            for tab in (self.tracker, self.resolver):
                follow_application_font(tab)  # a new font preset at once, in spite of their style sheets
            tracker_page, resolver_page = self.tracker, self.resolver
        self._tabs.insertTab(TRACKER_INDEX, tab_page(tracker_page), _("Turn tracker"))
        self._tabs.insertTab(RESOLVER_INDEX, tab_page(resolver_page), _("Resolver"))
        self._tabs.setCurrentIndex(current if current >= 0 else 0)

    def _on_tracker_resolve_requested(self, key: str) -> None:
        if self.resolver is not None and self.kit is not None:
            self.kit.select(self.resolver, key)
            self._tabs.setCurrentIndex(RESOLVER_INDEX)

    def _set_document(self, document: BattleDocument[Any] | None, kit: BattleKit | None = None) -> None:
        if self.document is not None:
            self.document.close(keep_journal=False)
            self.document.deleteLater()
        self.document = document
        self.kit = kit if document is not None else None
        if document is not None:
            document.setParent(self)
            document.journal_failed.connect(self._on_document_journal_failed)
        self._show_pages()
        if document is not None:
            self._tabs.setCurrentIndex(TRACKER_INDEX)
        self.document_changed.emit()

    def _journal_path(self) -> Path:
        import uuid  # with the first battle (it imports `platform`, which the start page does not need)

        return self.journal_folder / f"{uuid.uuid4().hex}{JOURNAL_SUFFIX}"

    def _on_document_journal_failed(self, text: str) -> None:
        """The journal could not be written: say so, and offer to save the battle elsewhere (once at a time: a
        failing disk reports every action)."""
        _log.warning("the battle's journal: %s", text)
        if self._telling_journal:
            return
        self._telling_journal = True
        try:
            if self.asker.journal_failed(text) and self.save_as():
                self._restart_broken_journal()
        finally:
            self._telling_journal = False

    def _restart_broken_journal(self) -> None:
        """Once the battle is saved elsewhere, a journal that stopped (a failed write that could not be cut off)
        starts anew from the battle as it is, so that play goes on journalled."""
        from warband.api import JournalWriteError

        document = self.document
        if document is None or not document.run.journal_broken:
            return
        try:
            document.run.restart_journal(self._journal_path())
        except JournalWriteError:
            return  # still failing: the next action says so again
        document.history_changed.emit()
        self.status.emit(_("The battle's journal starts again from the battle as it is now"))

    def _new_run(self, make: Callable[[Path], BattleRun[Any]]) -> BattleRun[Any] | None:
        """A run journalled into the state folder (`make` starts it, given the journal's path); None (the player
        told why) when its journal cannot be made."""
        try:
            return make(self._journal_path())
        except FileError as exc:  # JournalWriteError, or a text that cannot be written
            self.asker.error(
                _("Cannot start the battle"),
                _(
                    "The battle's journal cannot be written ({reason}), so the battle could not start safely. "
                    "Free some space on the disk, or check the folder {folder}."
                ).format(reason=exc.message, folder=self.journal_folder),
            )
            return None

    def _kit(self, system: str) -> BattleKit | None:
        from warband.gui.systems.registry import battle_kit

        kit = battle_kit(system)
        if kit is None:
            self.asker.error(
                _("No battles for this game"), _("Warband cannot play {system} battles.").format(system=system)
            )
        return kit

    # --- actions -------------------------------------------------------------------------------------------
    def maybe_save(self) -> bool:
        """Ask about an unsaved battle; False when the player cancels."""
        document = self.document
        if document is None or not document.modified:
            return True
        answer = self.asker.unsaved_changes(document.display_name())
        if answer is Unsaved.SAVE:
            return self.save()
        return answer is Unsaved.DISCARD

    def new_battle(self) -> bool:
        if not self.maybe_save():
            return False
        choice = self.asker.new_battle(self._screen_army())
        if choice is None:
            return False
        if len({army.system for _player, army in choice.sides}) != 1:
            self.asker.error(_("Cannot start the battle"), _("Both armies must be of the same game."))
            return False
        system = choice.sides[0][1].system
        kit = self._kit(system)
        if kit is None:
            return False
        sides = list(choice.sides)[: api.get_system(system).info.sides]
        catalogs = self._catalogs_for(system)
        run = self._new_run(
            lambda journal: api.start_battle(sides, catalogs, choice.options, first=choice.first, journal=journal)
        )
        if run is None:
            return False
        self._set_document(_document(run), kit)
        players = _(" against ").join(player for player, _army in sides)
        self.status.emit(_("Battle started: {players}").format(players=players))
        return True

    def open_battle(self, path: Path | None = None) -> bool:
        if not self.maybe_save():
            return False
        if path is None:
            path = self.asker.open_battle_path(self.battles_folder())
            if path is None:
                return False
        try:
            battle, log, dice = api.load_battle(path)
        except FileError as exc:
            where = f"{exc.where}: " if exc.where else ""
            self.asker.error(_("Cannot open the battle"), f"{exc.file}\n\n{where}{exc.message}")
            return False
        kit = self._kit(battle.system)
        if kit is None:
            return False
        run = self._new_run(lambda journal: api.BattleRun(battle, dice=dice, log=log, file=path, journal=journal))
        if run is None:
            return False
        self._set_document(_document(run), kit)
        self.status.emit(_("Opened {file}").format(file=path))
        return True

    def save(self) -> bool:
        document = self.document
        if document is None:
            return False
        if document.path is None:
            return self.save_as()
        return self._save_to(document.path)

    def save_as(self) -> bool:
        document = self.document
        if document is None:
            return False
        folder = document.path.parent if document.path else self.battles_folder()
        state: Any = document.battle
        players = "-".join(side.player for side in state.sides).replace("/", "-")
        path = self.asker.save_battle_path(folder / f"{players}{api.BATTLE_SUFFIX}")
        if path is None:
            return False
        if not path.name.endswith(".json"):
            path = path.with_name(path.name + api.BATTLE_SUFFIX)
        return self._save_to(path)

    def _save_to(self, path: Path) -> bool:
        assert self.document is not None
        try:
            api.save_battle_file(self.document.run, path)
        except FileError as exc:
            self.asker.error(_("Cannot save the battle"), f"{exc.file}\n\n{exc.message}")
            return False
        self.document.history_changed.emit()
        self.status.emit(_("Saved to {file}").format(file=path))
        return True

    def close_battle(self) -> bool:
        if not self.maybe_save():
            return False
        self._set_document(None)
        return True

    def shutdown(self) -> None:
        """A clean exit: the battle's journal goes (the player was asked about unsaved changes)."""
        if self.document is not None:
            self.document.close(keep_journal=False)

    # --- resuming ------------------------------------------------------------------------------------------
    def journals(self) -> list[Path]:
        if not self.journal_folder.is_dir():
            return []
        return sorted(
            self.journal_folder.glob(f"*{JOURNAL_SUFFIX}"), key=lambda p: p.stat().st_mtime, reverse=True
        )

    def offer_resume(self) -> bool:
        """At start: offer the battle a session left unfinished, with its undo history.

        A journal that cannot be resumed is kept aside (renamed, never deleted) and the player told where, so it
        is not offered again at every start; one damaged part way is resumed up to the damage.
        """
        found = self.journals()
        if not found:
            return False
        chosen = self.asker.resume_battle(found)
        if chosen is None:
            for path in found:
                path.unlink(missing_ok=True)
            return False
        try:
            run = api.resume_journal(chosen)
        except FileError as exc:
            self._cannot_resume(chosen, exc)
            return False
        kit = self._kit(run.battle.system)
        if kit is None:  # the journal stays as it is, for a program that plays that game
            return False
        try:
            run.continue_journal(chosen)
        except api.JournalWriteError as exc:
            self.asker.error(
                _("The battle is not journalled"),
                _(
                    "The battle is resumed, but its journal cannot be written ({reason}): save the battle to keep "
                    "it. The journal stays as it was, to be offered again."
                ).format(reason=exc.message),
            )
        if not run.session.modified and run.file is None:
            run.session.mark_unsaved()
        self._set_document(_document(run), kit)
        report = run.read_report
        if report is not None and report.damage is not None:
            _log.warning(
                "journal %s resumed up to %s (%s); kept aside as %s",
                chosen,
                report.damage.where,
                report.damage.message,
                run.kept_aside,
            )
            self.asker.warning(
                _("Part of the battle could not be resumed"),
                _(
                    "The battle's journal is damaged at line {line} ({why}). The battle is resumed as it was "
                    "before that line; lines dropped: {count}. The original journal is kept as {aside}"
                ).format(
                    line=report.damaged_line,
                    why=report.damage.message,
                    count=report.dropped,
                    aside=run.kept_aside or chosen,
                ),
            )
        self.status.emit(_("Resumed the unfinished battle"))
        return True

    def _cannot_resume(self, path: Path, error: FileError) -> None:
        from warband.model.journal import set_aside_quietly

        aside = set_aside_quietly(path)
        _log.warning("journal %s cannot be resumed: %s; kept aside as %s", path, error, aside)
        where = f"{error.where}: " if error.where else ""
        kept = (
            _("It is kept as {file}, and will not be offered again.").format(file=aside)
            if aside is not None
            else _("It could not be set aside, so it stays as {file}.").format(file=path)
        )
        self.asker.error(
            _("Cannot resume the battle"),
            _("The unfinished battle's journal cannot be used: {where}{why}").format(
                where=where, why=error.message
            )
            + "\n\n"
            + kept,
        )


def _document(run: BattleRun[Any]) -> BattleDocument[Any]:
    """The one document of every game's battle (imported when a battle starts, not when the window opens)."""
    from warband.gui.battle_document import BattleDocument

    return BattleDocument(run)
