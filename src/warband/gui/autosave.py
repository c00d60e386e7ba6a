"""Autosave: a document's unsaved state goes to the state folder shortly after each change, off the GUI thread.

The window never waits on the disk: the army is serialised here (milliseconds), the write happens on one worker
thread, in order with the removals, so a removal is never overtaken by an older write.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from warband.model.autosave import SUFFIX, autosave_bytes, discard_autosave, write_autosave

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

    from warband.gui.army_document import ArmyDocument

DELAY_MS = 800


class Autosaver(QObject):
    """Keeps the autosave of one document up to date; `discard` when the work is safe on disk."""

    failed = Signal(str)
    """An autosave could not be written (the reason); the work itself is untouched."""

    def __init__(self, folder: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.folder = folder
        self._executor: ThreadPoolExecutor | None = None
        """The writer thread, started with the first write (the start page has nothing to save)."""
        self._shut_down = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DELAY_MS)
        self._timer.timeout.connect(self.autosave_now)
        self._document: ArmyDocument | None = None
        self._path: Path | None = None
        self._last: Future[None] | None = None
        self.enabled = True
        """Off (Preferences): nothing is written, and an earlier autosave of the document is removed."""

    @property
    def path(self) -> Path | None:
        """Where the current document's autosave goes."""
        return self._path

    def watch(self, document: ArmyDocument, path: Path | None = None) -> None:
        """Follow a document (its earlier autosave file may be given, when it was recovered)."""
        import uuid

        self._document = document
        self._path = path or self.folder / f"{uuid.uuid4().hex}{SUFFIX}"
        document.state_changed.connect(self._on_document_state_changed)
        document.history_changed.connect(self._on_document_state_changed)
        if document.modified:
            self._timer.start()

    def _on_document_state_changed(self) -> None:
        if self.sender() is not self._document or not self.enabled:
            return
        self._timer.start()

    def autosave_now(self) -> None:
        """Write the document now if it has unsaved changes; remove its autosave if it has none."""
        self._timer.stop()
        document, path = self._document, self._path
        if document is None or path is None:
            return
        if not self.enabled or not document.modified:
            self._submit(discard_autosave, path)
            return
        payload = autosave_bytes(document.army, document.path)
        self._submit(write_autosave, path, payload)

    def discard(self) -> None:
        """The document was saved or closed: its autosave is no longer needed."""
        self._timer.stop()
        if self._path is not None:
            self._submit(discard_autosave, self._path)

    def release(self) -> None:
        """Stop following the current document, and remove its autosave."""
        self.discard()
        if self._document is not None:
            self._document.state_changed.disconnect(self._on_document_state_changed)
            self._document.history_changed.disconnect(self._on_document_state_changed)
        self._document = None
        self._path = None

    def flush(self) -> None:
        """Wait for every pending write and removal (tests, and a clean exit)."""
        if self._last is not None:
            self._last.result()

    def shutdown(self) -> None:
        self._timer.stop()
        self._shut_down = True
        if self._executor is not None:
            self._executor.shutdown(wait=True)

    def _submit(self, function: Callable[..., None], *args: object) -> None:
        def run() -> None:
            try:
                function(*args)
            except OSError as exc:
                self.failed.emit(str(exc))

        if self._shut_down:
            raise RuntimeError("cannot schedule new futures after shutdown")  # as the executor refuses it
        if self._executor is None:
            from concurrent.futures import ThreadPoolExecutor

            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")
        self._last = self._executor.submit(run)
