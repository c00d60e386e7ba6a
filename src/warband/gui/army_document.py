"""One open army: its session (state, undo, selection), file, catalogs and validation report, as Qt signals.

Widgets never change the army themselves: they call `execute` with a command, and listen to the signals.
"""

from __future__ import annotations

from collections.abc import Hashable
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import QObject, Signal

from warband.gui.document import Change
from warband.model.army import Army, Report, validate
from warband.model.catalog import Catalogs
from warband.model.edits import new_unit_ids
from warband.model.messages import _
from warband.model.session import Command, RefusedError, Selection, Session


class ArmyDocument(QObject):
    """The army being built, and everything the builder's views need to know about it."""

    state_changed = Signal(object)
    """The army changed (a command, undo, redo) or the catalogs did: a `Change` of the army, whose `touched(part)`
    tells a view whether the part it shows changed (a slot may also take nothing and refresh all)."""
    selection_changed = Signal(object)
    """The selected unit id (or None)."""
    report_changed = Signal()
    """The validation report differs from the one before (a change that leaves it as it was says nothing; when
    none was worked out before, it is told)."""
    history_changed = Signal()
    """What Undo and Redo would do changed, or the modified mark."""
    refused = Signal(str)
    """A change that could not be made, with the reason, for the status bar; nothing changed."""

    def __init__(
        self, army: Army, catalogs: Catalogs, path: Path | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.session: Session[Army] = Session(army)
        self.catalogs = catalogs
        self.path = path
        self._report: Report | None = None
        self._id_floor = 0
        self.session.add_listener(self._on_session_changed)
        self.session.add_selection_listener(self._on_session_selection)

    # --- reading -------------------------------------------------------------------------------------------
    @property
    def army(self) -> Army:
        return self.session.state

    @property
    def selected(self) -> str | None:
        selection = self.session.selection
        return selection if isinstance(selection, str) else None

    @property
    def report(self) -> Report:
        """The validation of the current army, worked out once per state."""
        if self._report is None:
            self._report = validate(self.army, self.catalogs)
        return self._report

    @property
    def modified(self) -> bool:
        return self.session.modified

    def display_name(self) -> str:
        """How the document is named in the title bar and dialogs."""
        if self.path is not None:
            return self.path.name
        return self.army.name or _("Untitled army")

    @property
    def undo_label(self) -> str | None:
        return self.session.undo_label

    @property
    def redo_label(self) -> str | None:
        return self.session.redo_label

    def new_unit_id(self) -> str:
        """A unit id never given before in this document, even to a unit since removed."""
        [unit_id] = new_unit_ids(self.army, 1, self._id_floor)
        self._id_floor = int(unit_id[1:])
        return unit_id

    # --- changing ------------------------------------------------------------------------------------------
    def execute(self, command: Command[Army], *, merge_key: Hashable | None = None, select: Any = ...) -> bool:
        """Carry out a command; a value the army refuses is reported through `refused`, and nothing changes."""
        try:
            return self.session.execute(command, merge_key=merge_key, select=select)
        except RefusedError as exc:
            self.refused.emit(str(exc.reason))
        except ValidationError as exc:
            err = exc.errors(include_url=False)[0]
            field = ".".join(str(part) for part in err["loc"]) or "value"
            self.refused.emit(f"{field}: {err['msg']}")
        except (KeyError, ValueError, IndexError) as exc:
            self.refused.emit(str(exc))
        return False

    def select(self, unit_id: str | None) -> None:
        self.session.select(unit_id)

    def undo(self) -> None:
        self.session.undo()
        self.history_changed.emit()

    def redo(self) -> None:
        self.session.redo()
        self.history_changed.emit()

    def seal(self) -> None:
        """End a run of typing: the next keystroke starts a new undo step."""
        self.session.seal()

    def mark_saved(self, path: Path) -> None:
        self.path = path
        self.session.mark_saved()
        self.history_changed.emit()

    def set_catalogs(self, catalogs: Catalogs) -> None:
        """The catalogs were reloaded: validate again against them."""
        self.catalogs = catalogs
        self._report = None
        self.state_changed.emit(Change(self.army, self.army, everything=True))
        self.report_changed.emit()

    # --- session listeners ---------------------------------------------------------------------------------
    def _on_session_changed(self, old: Army, new: Army) -> None:
        report, self._report = self._report, None
        self.state_changed.emit(Change(old, new))
        if report is None or self.report != report:
            self.report_changed.emit()
        self.history_changed.emit()

    def _on_session_selection(self, old: Selection, new: Selection) -> None:
        self.selection_changed.emit(new)
