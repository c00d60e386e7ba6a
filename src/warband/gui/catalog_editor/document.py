"""The catalog being edited in the catalog editor: its draft with undo and redo, the file it is saved to, the
other catalogs of its game (the entries references may name, the IDs it must not repeat), and its problems, worked
out again a moment after each change (typing does not wait for them)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from warband.gui.catalog_editor.editors import CatalogWidget
from warband.gui.systems.registry import catalog_widget_maker
from warband.model import catalog_edit as ce
from warband.model.catalog import LoadedCatalog, save_catalog
from warband.model.messages import _
from warband.model.names import display_name
from warband.model.session import Session

PROBLEMS_MS = 150
"""How long after the last change the problems are worked out again."""

Others = Callable[[str], Sequence[LoadedCatalog]]
"""The catalogs loaded for a game (built-in and the player's), for references and clashes."""


class CatalogEditDocument(QObject):
    changed = Signal()
    """The draft changed (an edit, undo, redo)."""
    problems_changed = Signal()
    history_changed = Signal()
    """What Undo and Redo would do changed, or the modified mark."""

    def __init__(self, draft: ce.Draft, path: Path | None, others: Others, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session: Session[ce.Draft] = Session(draft)
        self.path = path
        self.widgets: CatalogWidget | None = catalog_widget_maker(draft.system)
        """The game's own widgets in the forms, if it has any."""
        self._others = others
        self._problems: list[ce.DraftProblem] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(PROBLEMS_MS)
        self._timer.timeout.connect(self.check_now)
        self.session.add_listener(self._on_session_changed)
        self.check_now()

    # --- reading -------------------------------------------------------------------------------------------
    @property
    def draft(self) -> ce.Draft:
        return self.session.state

    @property
    def modified(self) -> bool:
        return self.session.modified

    @property
    def undo_label(self) -> str | None:
        return self.session.undo_label

    @property
    def redo_label(self) -> str | None:
        return self.session.redo_label

    def display_name(self) -> str:
        name = self.draft.doc.get("name")
        try:
            shown = display_name(name) if isinstance(name, str | dict) and name else ""
        except (TypeError, ValueError, AttributeError):
            shown = ""
        return shown or (self.path.name if self.path is not None else _("New catalog"))

    def others(self) -> list[LoadedCatalog]:
        """The game's other catalogs: not the file being edited, nor an earlier load of its catalog id."""
        mine = str(self.path) if self.path is not None else None
        catalog_id = self.draft.doc.get("id")
        return [
            o
            for o in self._others(self.draft.system)
            if o.file != mine and not (mine is None and o.document.id == catalog_id and o.file.endswith(".json"))
        ]

    @property
    def problems(self) -> list[ce.DraftProblem]:
        return self._problems

    def choices(self, kind: str) -> list[tuple[str, str]]:
        return ce.choices(self.draft, self.others(), kind)

    # --- changing ------------------------------------------------------------------------------------------
    def set_value(self, path: ce.Path, value: Any, *, merge: bool = False, name: str = "") -> None:
        key = ("value", path) if merge else None
        self.session.execute(ce.SetValue(path, value, name), merge_key=key)

    def seal(self) -> None:
        self.session.seal()

    def add_entry(self, kind: str, name: str) -> int:
        """A new entry of the kind, last of its list: its index."""
        self.session.execute(ce.AddEntry(kind, ce.new_entry(self.draft, kind, name)))
        return len(self.draft.entries(kind)) - 1

    def duplicate_entry(self, kind: str, index: int) -> int:
        self.session.execute(ce.AddEntry(kind, ce.duplicate_entry(self.draft, kind, index)))
        return len(self.draft.entries(kind)) - 1

    def delete_entry(self, kind: str, index: int) -> None:
        self.session.execute(ce.DeleteEntry(kind, index))

    def undo(self) -> None:
        self.session.undo()

    def redo(self) -> None:
        self.session.redo()

    def save(self, path: Path) -> None:
        """Write the draft to `path` atomically (what is there stays whole if it fails); `FileError` or `OSError`
        when it cannot be written."""
        save_catalog(self.draft.doc, path)
        self.path = path
        self.session.mark_saved()
        self.history_changed.emit()
        self.check_now()

    def check_now(self) -> None:
        """Work the problems out now (the timer does it a moment after a change)."""
        self._timer.stop()
        found = ce.problems(self.draft, self.others(), str(self.path) if self.path is not None else "")
        if found != self._problems:
            self._problems = found
            self.problems_changed.emit()

    def _on_session_changed(self, _old: ce.Draft, _new: ce.Draft) -> None:
        self.changed.emit()
        self.history_changed.emit()
        self._timer.start()
