"""Catalogs → Import BattleScribe Data…: the player's BattleScribe files (a game system and its catalogues) made
a player catalog in the player's catalog folder, with a progress bar, Cancel, and a summary of what was imported
and what was not (`api.import_catalog`).

The import runs on a worker thread, so the window keeps painting; Cancel is asked between files and entries, and
a cancelled or failed import writes nothing. The catalog is written atomically under its prefix's name: a
re-import of a newer release of the same data replaces the older one, and armies are told what changed (AR-04).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QThread, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from warband.api import Cancelled, FileError, Imported, import_catalog, save_catalog
from warband.model.messages import _, ngettext

DATA_FILTER = "BattleScribe data (*.gst *.cat *.gstz *.catz);;All files (*)"
EXAMPLES_SHOWN = 3


class _Worker(QObject):
    """Runs one import off the window's thread and says how it went."""

    progressed = Signal(int, int)
    done = Signal(object, object)
    """The `Imported` and the file written."""
    failed = Signal(str)
    cancelled = Signal()

    def __init__(self, system: str, files: Sequence[Path], prefix: str | None, folder: Path) -> None:
        super().__init__()
        self.system, self.files, self.prefix, self.folder = system, list(files), prefix, folder
        self.stop = threading.Event()

    def run(self) -> None:
        try:
            imported = import_catalog(
                self.system,
                self.files,
                self.prefix,
                progress=lambda done, total: self.progressed.emit(done, total),
                cancelled=self.stop.is_set,
            )
            if self.stop.is_set():
                raise Cancelled
            self.folder.mkdir(parents=True, exist_ok=True)
            path = self.folder / f"{imported.catalog['id']}.json"
            save_catalog(imported.catalog, path)
        except Cancelled:
            self.cancelled.emit()
        except FileError as exc:
            self.failed.emit(str(exc) if exc.file else exc.message)
        except OSError as exc:  # the folder cannot be made or written
            self.failed.emit(f"{self.folder}: {exc.strerror or exc}")
        else:
            self.done.emit(imported, path)


def counted(kind: str, count: int) -> str:
    """ "12 profiles", in the player's language, for the kinds of entries an import counts."""
    words = {  # each pair spelled out, for the extraction of scripts/i18n.py
        "profiles": ngettext("{n} profile", "{n} profiles", count),
        "spells": ngettext("{n} spell", "{n} spells", count),
        "miracles": ngettext("{n} miracle", "{n} miracles", count),
        "items": ngettext("{n} magic item", "{n} magic items", count),
        "factions": ngettext("{n} faction", "{n} factions", count),
        "peoples": ngettext("{n} people", "{n} peoples", count),
        "cults": ngettext("{n} cult", "{n} cults", count),
        "faithful": ngettext("{n} Faithful", "{n} Faithful", count),
        "wargear": ngettext("{n} wargear option", "{n} wargear options", count),
    }
    return words[kind].format(n=count) if kind in words else f"{count} {kind}"


def summary_text(imported: Imported, path: Path) -> str:
    """What was imported, what the data lacks, and what was not mapped, with a few examples of each."""
    lines = [_("Written to {file}").format(file=path), ""]
    counts = ", ".join(counted(kind, count) for kind, count in imported.counts.items() if count)
    lines.append(_("Imported: {counts}").format(counts=counts or _("nothing")))
    if imported.unknown:
        lines += ["", _("Unknown in the data, flagged in the builder:")]
        lines += [f"  • {sentence}" for sentence in imported.unknown]
    if imported.unmapped:
        lines += ["", _("Not imported (counted, never guessed):")]
        for what, count in sorted(imported.unmapped.items(), key=lambda item: (-item[1], item[0])):
            examples = imported.unmapped_examples.get(what, [])[:EXAMPLES_SHOWN]
            seen = " — " + "; ".join(examples) if examples else ""
            lines.append(f"  • {count} × {what}{seen}")
    return "\n".join(lines)


class BattleScribeImportDialog(QDialog):
    """Choose the files and the game, import, read the summary."""

    imported = Signal(object)
    """The catalog file written (a `Path`), so the window loads it at once."""

    def __init__(
        self,
        games: Sequence[tuple[str, str]],
        folder: Path,
        choose_files: Callable[[QWidget], list[Path]],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Import BattleScribe Data"))
        self.setObjectName("battleScribeDialog")
        self._folder = folder
        self._choose_files = choose_files
        self._thread: QThread | None = None
        self._worker: _Worker | None = None
        self.result_path: Path | None = None
        self.outcome: Imported | None = None

        intro = QLabel(
            _(
                "Choose the BattleScribe files of your game: the game system (.gst) and the catalogues (.cat) of "
                "your factions, zipped or not. Warband makes them a catalog of your own, in {folder}."
            ).format(folder=folder),
            self,
        )
        intro.setWordWrap(True)
        intro.setTextFormat(Qt.TextFormat.PlainText)
        self.files_list = QListWidget(self)
        self.files_list.setObjectName("battleScribeFiles")
        self.add_files_button = QPushButton(_("Add Files…"), self)
        self.add_files_button.setObjectName("battleScribeAddFiles")
        self.remove_button = QPushButton(_("Remove"), self)
        self.remove_button.setObjectName("battleScribeRemove")
        self.game_combo = QComboBox(self)
        self.game_combo.setObjectName("battleScribeGame")
        for game_id, name in games:
            self.game_combo.addItem(name, game_id)
        self.prefix_edit = QLineEdit(self)
        self.prefix_edit.setObjectName("battleScribePrefix")
        self.prefix_edit.setPlaceholderText(_("made from the game system's name"))
        self.progress = QProgressBar(self)
        self.progress.setObjectName("battleScribeProgress")
        self.progress.setVisible(False)
        self.summary = QPlainTextEdit(self)
        self.summary.setObjectName("battleScribeSummary")
        self.summary.setReadOnly(True)
        self.summary.setVisible(False)
        self.import_button = QPushButton(_("Import"), self)
        self.import_button.setObjectName("battleScribeImport")
        self.import_button.setDefault(True)
        self.cancel_button = QPushButton(_("Cancel"), self)
        self.cancel_button.setObjectName("battleScribeCancel")

        file_buttons = QVBoxLayout()
        file_buttons.addWidget(self.add_files_button)
        file_buttons.addWidget(self.remove_button)
        file_buttons.addStretch(1)
        files = QHBoxLayout()
        files.addWidget(self.files_list, 1)
        files.addLayout(file_buttons)
        form = QFormLayout()
        form.addRow(_("Game:"), self.game_combo)
        form.addRow(_("Prefix of the ids:"), self.prefix_edit)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.import_button)
        buttons.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(files, 1)
        layout.addLayout(form)
        layout.addWidget(self.progress)
        layout.addWidget(self.summary, 2)
        layout.addLayout(buttons)
        self.resize(720, 520)

        self.add_files_button.clicked.connect(self.add_files)
        self.remove_button.clicked.connect(self._remove_selected)
        self.import_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self._cancel_or_close)
        self._update_buttons()

    # --- files ---------------------------------------------------------------------------------------------
    def files(self) -> list[Path]:
        return [Path(self.files_list.item(i).text()) for i in range(self.files_list.count())]

    def add_files(self, paths: Sequence[Path] | None = None) -> None:
        chosen = list(paths) if paths else self._choose_files(self)
        known = set(self.files())
        for path in chosen:
            if path not in known:
                self.files_list.addItem(str(path))
                known.add(path)
        self._update_buttons()

    def _remove_selected(self) -> None:
        for item in self.files_list.selectedItems():
            self.files_list.takeItem(self.files_list.row(item))
        self._update_buttons()

    def _update_buttons(self) -> None:
        running = self._thread is not None
        self.import_button.setEnabled(not running and self.files_list.count() > 0)
        for widget in (self.add_files_button, self.remove_button, self.game_combo, self.prefix_edit):
            widget.setEnabled(not running)

    # --- importing -----------------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self._thread is not None

    def start(self) -> None:
        """Import the files on a worker thread; the dialog shows the progress, then the summary."""
        if self.running or not self.files():
            return
        prefix = self.prefix_edit.text().strip() or None
        worker = _Worker(str(self.game_combo.currentData()), self.files(), prefix, self._folder)
        thread = QThread(self)
        worker.moveToThread(thread)
        thread.started.connect(worker.run)
        worker.progressed.connect(self._on_worker_progressed)
        worker.done.connect(self._on_worker_done)
        worker.failed.connect(self._on_worker_failed)
        worker.cancelled.connect(self._on_worker_cancelled)
        for ended in (worker.done, worker.failed, worker.cancelled):  # direct: `reject` may be waiting on it
            ended.connect(thread.quit, Qt.ConnectionType.DirectConnection)
        thread.finished.connect(self._on_thread_finished)
        self._thread, self._worker = thread, worker
        self.progress.setRange(0, 0)  # busy until the first step is told
        self.progress.setVisible(True)
        self.summary.setVisible(False)
        self.cancel_button.setText(_("Cancel"))
        self._update_buttons()
        thread.start()

    def _cancel_or_close(self) -> None:
        if self._worker is not None and self.running:
            self._worker.stop.set()
            self.cancel_button.setEnabled(False)
            return
        if self.result_path is not None:
            self.accept()
        else:
            self.reject()

    def _on_worker_progressed(self, done: int, total: int) -> None:
        self.progress.setRange(0, max(1, total))
        self.progress.setValue(min(done, total))

    def _on_worker_done(self, imported: Imported, path: Path) -> None:
        self.outcome, self.result_path = imported, path
        self._show(summary_text(imported, path))
        self.imported.emit(path)

    def _on_worker_failed(self, message: str) -> None:
        self._show(_("Nothing was imported:") + "\n\n" + message)

    def _on_worker_cancelled(self) -> None:
        self._show(_("Import cancelled: nothing was written."))

    def _show(self, text: str) -> None:
        self.progress.setVisible(False)
        self.summary.setPlainText(text)
        self.summary.setVisible(True)

    def _on_thread_finished(self) -> None:
        if self._thread is not None:
            self._thread.deleteLater()
        if self._worker is not None:
            self._worker.deleteLater()
        self._thread, self._worker = None, None
        self.cancel_button.setEnabled(True)
        self.cancel_button.setText(_("Close") if self.result_path is not None else _("Cancel"))
        self._update_buttons()

    def wait(self, timeout_ms: int = 30_000) -> bool:
        """Wait for the import to end (for tests and for closing the window): True when it did."""
        thread = self._thread
        return thread is None or thread.wait(timeout_ms)

    def reject(self) -> None:
        """Closing while it runs cancels it, and waits for the worker to stop (it writes nothing then)."""
        if self._worker is not None and self.running:
            self._worker.stop.set()
            self.wait()
        super().reject()
