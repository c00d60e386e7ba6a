"""The main window's army files: new, open (with AR-04's catalog changes), save, the recent files, and the
autosaves offered back after a crash.

A mixin of MainWindow, kept apart to keep the window's module small.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, cast

from warband import api
from warband.api import ARMY_SUFFIX, FileError, UnknownSystemError, games, unknown_system
from warband.gui.dialogs import Unsaved
from warband.gui.systems.registry import builder_systems
from warband.gui.widgets.plain_text import escape_mnemonic
from warband.model.autosave import Recoverable, discard_autosave, find_autosaves
from warband.model.file_names import BATTLE_SUFFIX
from warband.model.messages import _, ngettext

if TYPE_CHECKING:
    from warband.api import Army, Catalogs
    from warband.gui.army_document import ArmyDocument
    from warband.gui.recovery import Recovered

DEFAULT_LIMIT = 400
STATUS_MS = 6000
DEFAULT_SYSTEM = games()[0].id
"""The game of a new army when none is on screen to follow: the first registered."""
_NO_ARMY = cast(
    "ArmyDocument", SimpleNamespace(modified=False, path=None, army=SimpleNamespace(units=(), name=""))
)
"""What the crash recovery sees of the army on screen when none is open: an untouched one, left out."""


def army_document(army: Army, catalogs: Catalogs, path: Path | None = None) -> ArmyDocument:
    """The army's document, its module loaded with the first army: the start page needs none."""
    from warband.gui.army_document import ArmyDocument

    return ArmyDocument(army, catalogs, path)


def new_army(system: str) -> Army:
    return api.new_army(system, points_limit=DEFAULT_LIMIT)


class ArmyFiles:
    """The army on screen's files, and the autosaves of earlier sessions."""

    document: ArmyDocument | None
    asker: Any
    settings: Any
    preferences: Any
    autosaver: Any
    battles: Any
    recent_menu: Any

    if TYPE_CHECKING:  # MainWindow's and QMainWindow's, which the window inherits beside this mixin

        def statusBar(self) -> Any: ...  # noqa: N802

        def _set_document(self, document: ArmyDocument, autosave_path: Path | None = None) -> None: ...

        def show_start_page(self) -> None: ...

        def _catalogs_for(self, system: str) -> Catalogs: ...

        def _update_title(self) -> None: ...

        def reload_catalogs(self) -> None: ...

    # --- file actions --------------------------------------------------------------------------------------
    def maybe_save(self) -> bool:
        """Ask what to do with unsaved changes; False means the player cancelled."""
        if self.document is None or not self.document.modified:
            return True
        answer = self.asker.unsaved_changes(self.document.display_name())
        if answer is Unsaved.SAVE:
            return self.save()
        return answer is Unsaved.DISCARD

    def new_army(self, system: str | None = None) -> None:
        """A new army of the given game (by default, the game of the army on screen, else the first game)."""
        system = system or (self.document.army.system if self.document is not None else DEFAULT_SYSTEM)
        if not self.maybe_save():
            return
        try:
            army = new_army(system)
        except UnknownSystemError:  # a game that could not be loaded: the army on screen stays
            self.asker.error(_("Cannot make the army"), unknown_system(system))
            return
        self._set_document(army_document(army, self._catalogs_for(system)))

    def close_army(self) -> None:
        """File → Close: the start page, once the player said what to do with unsaved changes."""
        if self.maybe_save():
            self.show_start_page()

    def open_file(self, path: Path) -> bool:
        """Open an army or a battle file as File → Open or Open Battle… would (the file given on the command line,
        or handed over by a later launch); any other file as an army, whose error then says what it is."""
        if path.name.endswith(BATTLE_SUFFIX):
            return bool(self.battles.open_battle(path))
        return self.open_army(path)

    def open_army(self, path: Path | None = None) -> bool:
        """Open an army file; a file that cannot be read leaves the army on screen as it was."""
        if not self.maybe_save():
            return False
        if path is None:
            here = self.document.path if self.document is not None else None
            folder = here.parent if here is not None else self.preferences.armies_dir()
            path = self.asker.open_path(folder)
            if path is None:
                return False
        return self._open_army_file(path)

    def open_example(self, path: Path) -> bool:
        """Open an example army as a new, untitled army: the player's to change, and saving it asks where (the
        example itself, in the program's folder, stays as it is)."""
        if not self.maybe_save():
            return False
        return self._open_army_file(path, example=True)

    def import_list_from_text(self) -> bool:
        """File → Import List from Text…: the army read from a list opens as a new, untitled army, or is added to
        the army on screen as one change (Undo takes it back)."""
        buildable = builder_systems()
        listed = [(game.id, _(game.title)) for game in api.games() if game.id in buildable]
        current = self.document.army if self.document is not None else None
        choice = self.asker.import_list(listed, self._catalogs_for, current)
        if choice is None:
            return False
        if choice.add and self.document is not None:
            from warband.model.edits import ReplaceArmy

            added = len(choice.army.units) - len(self.document.army.units)
            label = ngettext("Import {n} unit from text", "Import {n} units from text", added).format(n=added)
            self.document.execute(ReplaceArmy(choice.army, label=label))
            return True
        if not self.maybe_save():
            return False
        self._open_unsaved(choice.army)
        return True

    def import_battlescribe(self) -> None:
        """Catalogs → Import BattleScribe Data…: the catalog written goes to the player's folder, and the catalogs
        are read again at once, so the builder offers its entries."""
        mapped = set(api.battlescribe_games())
        listed = [(game.id, _(game.title)) for game in api.games() if game.id in mapped]
        self.asker.import_battlescribe(listed, api.user_catalog_dir(), lambda _path: self.reload_catalogs())

    def import_roster(self) -> bool:
        """File → Import BattleScribe Roster…: the roster's army, of the catalog imported from the same data,
        opens as a new, unsaved army; what it holds that the catalogs lack is told, never dropped unsaid."""
        here = self.document.path if self.document is not None else None
        path = self.asker.open_roster_path(here.parent if here is not None else self.preferences.armies_dir())
        if path is None:
            return False
        try:
            roster = api.read_roster(path)
        except FileError as exc:
            self.asker.error(_("Cannot import the roster"), f"{exc.file}\n\n{exc.message}")
            return False
        failure: FileError | None = None
        for system in builder_systems():
            try:
                made = api.import_roster(roster, new_army(system), self._catalogs_for(system))
            except FileError as exc:
                failure = failure or exc
                continue
            if not self.maybe_save():
                return False
            self._open_unsaved(made.army)
            if made.notes:
                self.asker.warning(_("Roster imported, in part"), "\n".join(made.notes))
            return True
        message = failure.message if failure is not None else _("No game of Warband builds this roster's armies.")
        self.asker.error(_("Cannot import the roster"), f"{path}\n\n{message}")
        return False

    def _open_unsaved(self, army: Army) -> None:
        """An army made here (imported, read from a list) on screen: the player's work on no disk yet, so it shows
        as modified and closing asks; saving asks where."""
        document = army_document(army, self._catalogs_for(army.system), None)
        document.session.mark_unsaved()
        self._set_document(document)
        self._update_title()

    def _open_army_file(self, path: Path, *, example: bool = False) -> bool:
        try:
            army = api.load_army(path)
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
        changes = api.compare(army, catalogs)
        if changes and not self.asker.catalog_changes(path.name, changes):
            return False
        if example:
            self._set_document(army_document(army, catalogs, None))
            self.statusBar().showMessage(
                _("Opened the example {army}: save it to keep your changes").format(army=army.name), STATUS_MS
            )
            return True
        self._set_document(army_document(army, catalogs, path))
        self.settings.add_recent(path)
        self.statusBar().showMessage(_("Opened {file}").format(file=path), STATUS_MS)
        return True

    def save(self) -> bool:
        if self.document is None:
            return False
        if self.document.path is None:
            return self.save_as()
        return self._save_to(self.document.path)

    def save_as(self) -> bool:
        if self.document is None:
            return False
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
        assert self.document is not None
        try:
            api.save_army(api.stamp(self.document.army, self.document.catalogs), path)
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
        document = army_document(item.army, self._catalogs_for(item.army.system), item.original)
        document.session.mark_unsaved()
        self._set_document(document, autosave_path=item.file)
        self.statusBar().showMessage(_("Recovered unsaved work from {time}").format(time=item.saved_at), STATUS_MS)

    def save_recovery(self, folder: Path) -> list[Recovered]:
        """After an unexpected error: the army on screen and the battle in play, each to a new file in `folder`
        (never over their own files, nothing marked as saved)."""
        from warband.gui.recovery import save_work, window_work  # only ever after an error

        return save_work(window_work(self.document or _NO_ARMY, self.battles.document), folder)
