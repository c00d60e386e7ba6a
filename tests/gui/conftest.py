"""GUI fixtures: a real main window on the built-in catalogs, with a scripted asker instead of dialogs."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from warband.gui.army_document import ArmyDocument
from warband.gui.dialogs import Unsaved
from warband.gui.main_window import MainWindow
from warband.gui.settings import Settings
from warband.model.army import Change
from warband.model.autosave import Recoverable
from warband.model.catalog import builtin_catalog_paths, load_catalogs
from warband.model.storage import FileError
from warband.model.systems.confrontation.schema import ConfrontationArmy


@dataclass
class ScriptedAsker:
    """Answers the window's questions as a test says, and remembers what was asked."""

    unsaved_answer: Unsaved = Unsaved.CANCEL
    open_answer: Path | None = None
    save_answer: Path | None = None
    changes_answer: bool = True
    recover_index: int | None = 0
    asked: list[str] = field(default_factory=list)
    errors: list[tuple[str, str]] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    catalog_error_lists: list[list[FileError]] = field(default_factory=list)

    def unsaved_changes(self, name: str) -> Unsaved:
        self.asked.append(f"unsaved:{name}")
        return self.unsaved_answer

    def open_path(self, folder: Path | None) -> Path | None:
        self.asked.append("open")
        return self.open_answer

    def save_path(self, suggested: Path) -> Path | None:
        self.asked.append(f"save:{suggested.name}")
        return self.save_answer

    def error(self, title: str, text: str) -> None:
        self.errors.append((title, text))

    warnings: list[tuple[str, str]] = field(default_factory=list)

    def warning(self, title: str, text: str) -> None:
        self.warnings.append((title, text))

    def catalog_changes(self, name: str, changes: list[Change]) -> bool:
        self.asked.append(f"changes:{name}")
        self.changes = list(changes)
        return self.changes_answer

    def recover(self, found: list[Recoverable]) -> Recoverable | None:
        self.asked.append(f"recover:{len(found)}")
        return None if self.recover_index is None else found[self.recover_index]

    def catalog_errors(self, errors: list[FileError]) -> None:
        self.catalog_error_lists.append(list(errors))

    new_battle_answer: object = None
    open_battle_answer: Path | None = None
    save_battle_answer: Path | None = None
    resume_answer: int | None = 0

    def new_battle(self, screen_army):
        self.asked.append("new battle")
        return self.new_battle_answer

    def import_battlescribe(self, games, folder, on_imported):
        """`battlescribe_answer` (a catalog file written) is told to the window, as the dialog's signal does."""
        self.asked.append(f"import battlescribe:{','.join(game for game, _name in games)}")
        answer = getattr(self, "battlescribe_answer", None)
        if answer is not None:
            on_imported(answer)

    def open_roster_path(self, folder):
        self.asked.append("open roster")
        return getattr(self, "roster_answer", None)

    def import_list(self, games, catalogs_for, current):
        """`import_list_answer(games, catalogs_for, current)` plays the dialog's part (None: cancelled)."""
        self.asked.append("import list")
        answer = getattr(self, "import_list_answer", None)
        return answer(games, catalogs_for, current) if answer is not None else None

    def open_battle_path(self, folder):
        self.asked.append("open battle")
        return self.open_battle_answer

    def save_battle_path(self, suggested):
        self.asked.append(f"save battle:{suggested.name}")
        return self.save_battle_answer

    def resume_battle(self, journals):
        self.asked.append(f"resume:{len(journals)}")
        return None if self.resume_answer is None else journals[self.resume_answer]

    journal_failed_answer: bool = False
    journal_failures: list[str] = field(default_factory=list)

    def journal_failed(self, text):
        self.journal_failures.append(text)
        return self.journal_failed_answer


@pytest.fixture(scope="session")
def builtin_load():
    return load_catalogs(builtin_catalog_paths())


@pytest.fixture
def catalogs(builtin_load):
    return builtin_load.for_system("confrontation")


@pytest.fixture
def asker():
    return ScriptedAsker()


@pytest.fixture
def autosave_folder(tmp_path):
    return tmp_path / "autosave"


@pytest.fixture
def make_window(qtbot, builtin_load, asker, autosave_folder, tmp_path):
    """Build main windows that share the test's autosave folder and settings file."""

    def build(load=None, settings=None, reload=None):
        window = MainWindow(
            load or builtin_load,
            settings or Settings(),
            autosave_folder,
            load_catalogs=reload,
            settings_file=tmp_path / "settings.json",
            asker=asker,
        )
        qtbot.addWidget(window)
        return window

    return build


@pytest.fixture
def window(make_window):
    return make_window()


def army(*units, limit=400, name="Gate guard"):
    return ConfrontationArmy.model_validate(
        {"system": "confrontation", "name": name, "points_limit": limit, "units": list(units)}
    )


@pytest.fixture
def document(qtbot, catalogs):
    doc = ArmyDocument(
        army(
            {"id": "u1", "profile": "iron-priestess", "miracles": ["messager-divin"]},
            {"id": "u2", "profile": "griffin-trooper", "label": "Gawen"},
            {"id": "u3", "profile": "templar-warrior-monk"},
        ),
        catalogs,
    )
    yield doc
    doc.deleteLater()


@pytest.fixture
def shown_tracker(qtbot, catalogs):
    """Confrontation's Turn tracker on a battle of two armies (Aline's, Bruno's), shown at 1280x800; its
    documents are closed at the end of the test."""
    from warband.gui.battle_document import BattleDocument
    from warband.gui.systems.confrontation.tracker_tab import TrackerTab
    from warband.model.battle import BattleRun
    from warband.model.dice import SeededDice
    from warband.model.systems.confrontation.battle_rules import start_battle

    documents = []

    def show(first, second):
        battle = start_battle([("Aline", first), ("Bruno", second)], catalogs)
        document = BattleDocument(BattleRun(battle, dice=SeededDice(1)))
        documents.append(document)
        tab = TrackerTab(document)
        qtbot.addWidget(tab)
        tab.resize(1280, 800)
        tab.show()
        qtbot.waitExposed(tab)
        return tab

    yield show
    for document in documents:
        document.close()


@pytest.fixture
def no_blinking():
    """A line edit's caret does not blink between two grabs of the screen (`tests/gui/screen.py`)."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    before = app.cursorFlashTime()
    app.setCursorFlashTime(0)
    yield
    app.setCursorFlashTime(before)
