"""The start page: at the first launch and after File → Close, the games with a line each, New army and New battle,
the recent files and the example armies; painted without loading any game, and used from the keyboard."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QPushButton

from warband.api import games
from warband.gui.dialogs import Unsaved
from warband.gui.main_window import MainWindow
from warband.gui.settings import Settings
from warband.gui.start_page import describe
from warband.gui.systems.registry import builder_systems
from warband.model.army import load_army, save_army
from warband.model.catalog import builtin_catalog_paths, load_catalogs
from warband.model.locations import data_dir


@pytest.fixture
def start(qtbot, builtin_load, asker, autosave_folder, tmp_path):
    """A window as at launch: the start page, the catalogs not loaded yet."""
    loads = []

    def load():
        loads.append(1)
        return builtin_load

    def build(settings=None):
        window = MainWindow(
            None,
            settings or Settings(),
            autosave_folder,
            load_catalogs=load,
            settings_file=tmp_path / "settings.json",
            asker=asker,
            start_page=True,
        )
        qtbot.addWidget(window)
        window.loads = loads
        return window

    return build


def shown_page(window):
    return window.army_stack.currentWidget().widget()


def test_the_start_page_lists_every_game_with_its_line_and_a_new_army_button(start):
    window = start()
    page = window.start_page
    assert shown_page(window) is page
    texts = [label.text() for label in page.findChildren(QLabel)]
    for game in games():
        assert game.name in texts
        assert describe(game) in texts
    assert describe(games()[0]) == "Miracles and the Divination phase"  # not "Confrontation: …" again
    assert set(page.new_army_buttons) == set(builder_systems())  # the four built-in games, and a plug-in's
    assert {"confrontation", "pfpv", "powerdice", "sbg"} <= set(page.new_army_buttons)
    assert page.new_army_buttons["sbg"].accessibleName() == "New army: Strategy Battle Game"
    assert window.tabs.tabText(0) == "Start"
    assert window.windowTitle() == "Warband"
    assert window.document is None and window.loads == []  # nothing loaded to paint it


def test_with_no_army_what_acts_on_one_is_disabled(start):
    window = start()
    for action in (
        window.save_action,
        window.save_as_action,
        window.close_action,
        window.export_action,
        window.print_preview_action,
        window.print_action,
        window.undo_action,
        window.redo_action,
    ):
        assert not action.isEnabled(), action.objectName()
    assert window.new_action.isEnabled() and window.new_battle_action.isEnabled()
    assert window.save() is False and window.export_roster() is None and window.print_roster() is False
    assert window.maybe_save()  # nothing to lose: closing asks nothing
    assert window.close()


def test_new_army_from_the_start_page_opens_the_builder(start, qtbot):
    window = start()
    qtbot.mouseClick(window.start_page.new_army_buttons["powerdice"], Qt.MouseButton.LeftButton)
    assert window.document.army.system == "powerdice"
    assert window.builder is not None and shown_page(window) is window.builder
    assert window.tabs.tabText(0) == "Army builder"
    assert window.windowTitle() == "Untitled army[*] — Warband"
    assert window.loads == [1]  # the catalogs load for the first army
    assert window.save_as_action.isEnabled() and window.export_action.isEnabled()
    window.new_action.trigger()  # File → New Army follows the game on screen
    assert window.document.army.system == "powerdice"


def test_file_close_shows_the_start_page_and_new_army_follows_the_first_game(window, asker, qtbot):
    window.close_action.trigger()
    assert window.document is None
    assert shown_page(window) is window.start_page
    assert window.windowTitle() == "Warband" and window.tabs.tabText(0) == "Start"
    window.new_action.trigger()
    assert window.document.army.system == games()[0].id


def test_recent_files_and_examples_open_from_the_start_page(start, tmp_path, qtbot):
    from tests.gui.conftest import army

    path = tmp_path / "recent.warband.json"
    save_army(army({"id": "u1", "profile": "griffin-trooper"}), path)
    settings = Settings()
    settings.add_recent(path)
    window = start(settings)
    [recent] = window.start_page.recent_buttons
    assert recent.text() == "recent.warband.json" and recent.toolTip() == str(path)
    recent.click()
    assert window.document.path == path
    window.close_army()
    names = {button.text(): button for button in window.start_page.example_buttons}
    assert {"Light of Merin", "Riders of Rohan"} <= set(names)
    example = data_dir() / "sbg" / "examples" / "riders-of-rohan.warband.json"
    [button] = [b for b in names.values() if b.toolTip() == str(example)]
    assert button.text() == json.loads(example.read_text())["name"]
    button.click()
    assert window.document.army == load_army(example) and window.document.army.system == "sbg"
    window.close_army()
    assert [b.toolTip() for b in window.start_page.recent_buttons] == [str(path)]


def test_an_example_opens_as_a_new_army_and_saving_it_asks_where(start, asker, tmp_path, qtbot):
    """The example in the program's folder is never written over: it opens untitled, under its own name, and
    File → Save asks for a file; the example is not a recent file of the player's."""
    example = data_dir() / "confrontation" / "examples" / "light-of-merin.warband.json"
    before = example.read_bytes()
    window = start()
    [button] = [b for b in window.start_page.example_buttons if b.toolTip() == str(example)]
    button.click()
    document = window.document
    assert document.path is None and not document.modified
    assert document.army == load_army(example)
    assert window.windowTitle().startswith("Light of Merin")
    asker.save_answer = tmp_path / "mine.warband.json"
    window.save_action.trigger()
    assert asker.asked[-1] == "save:Light of Merin.warband.json"
    saved = load_army(tmp_path / "mine.warband.json")
    assert (saved.name, saved.units) == (
        document.army.name,
        document.army.units,
    ) and document.path == asker.save_answer
    assert example.read_bytes() == before
    assert window.settings.recent == [str(tmp_path / "mine.warband.json")]


@pytest.mark.parametrize(("language", "name"), [("fr", "La compagnie"), ("ru", "Отряд")])
def test_the_examples_are_in_the_player_s_language(start, language, name, qtbot):
    from warband.model.messages import load_language

    assert load_language(language)
    try:
        window = start()
        buttons = {b.text(): b for b in window.start_page.example_buttons}
        french = data_dir() / "pfpv" / "examples" / language / "the-company.warband.json"
        assert buttons[name].toolTip() == str(french)
        buttons[name].click()
        assert window.document.army.name == name and window.document.path is None
        english = load_army(data_dir() / "pfpv" / "examples" / "the-company.warband.json")
        assert [u.profile for u in window.document.army.units] == [u.profile for u in english.units]
    finally:
        load_language("en")


def test_new_battle_from_the_start_page_asks_with_no_army_on_screen(start, asker, qtbot):
    window = start()
    seen = []
    asker.new_battle = lambda screen_army: seen.append(screen_army)
    qtbot.mouseClick(window.start_page.new_battle_button, Qt.MouseButton.LeftButton)
    assert seen == [None]


def test_every_item_is_reached_by_tab_and_enter_presses_it(start, qtbot, asker):
    window = start()
    window.show()
    window.activateWindow()
    qtbot.waitActive(window)
    page = window.start_page
    buttons = set(page.findChildren(QPushButton))
    assert len(buttons) >= 4 + 3 + 4
    first = page.new_army_buttons["confrontation"]
    first.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is first)
    reached = {first}
    for _ in range(60):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        reached.add(QApplication.focusWidget())
    assert buttons <= reached
    sbg = page.new_army_buttons["sbg"]
    sbg.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is sbg)
    qtbot.keyClick(sbg, Qt.Key.Key_Return)
    assert window.document is not None and window.document.army.system == "sbg"


def test_recovery_at_start_replaces_the_start_page(make_window, start, asker):
    crashed = make_window()
    from warband.model.edits import AddUnit

    crashed.document.execute(AddUnit("u1", "iron-priestess"))
    crashed.autosaver.autosave_now()
    crashed.autosaver.flush()
    restarted = start()
    assert restarted.offer_recovery()
    assert restarted.document.army == crashed.document.army
    assert shown_page(restarted) is restarted.builder


def test_unsaved_work_is_asked_about_before_the_start_page(window, asker):
    from warband.model.edits import AddUnit

    window.document.execute(AddUnit("u1", "iron-priestess"))
    asker.unsaved_answer = Unsaved.CANCEL
    window.close_army()
    assert window.document is not None and asker.asked == ["unsaved:Untitled army"]


def test_catalogs_left_out_are_told_when_first_loaded(qtbot, asker, autosave_folder, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    window = MainWindow(
        None,
        Settings(),
        autosave_folder,
        load_catalogs=lambda: load_catalogs([*builtin_catalog_paths(), broken]),
        asker=asker,
        start_page=True,
    )
    qtbot.addWidget(window)
    assert asker.catalog_error_lists == []
    window.new_army("confrontation")
    qtbot.waitUntil(lambda: len(asker.catalog_error_lists) == 1)
    assert [e.file for e in asker.catalog_error_lists[0]] == [str(broken)]


def test_the_launch_paints_the_start_page_without_loading_any_game_nor_pydantic(tmp_path):
    script = textwrap.dedent(
        """
        import json, sys
        from warband import app
        from warband.gui import main_window
        shown = {}
        real_show = main_window.MainWindow.show
        from warband.api import games
        games = [g.id for g in games()]
        def show(self):
            real_show(self)
            shown["page"] = self.army_stack.currentWidget().widget() is self.start_page
            shown["title"] = self.windowTitle()
            shown["loaded"] = sorted(  # when the start page shows (the smoke check goes on to the builder)
                name for name in sys.modules
                if any(name in (f"warband.model.systems.{g}.rules", f"warband.model.systems.{g}.system")
                       for g in games)
            )
            # Nor pydantic, the catalogs, the armies or the builder: they load with the first army or battle.
            heavy = ("pydantic", "warband.model.catalog", "warband.model.army", "warband.gui.builder.builder_tab",
                     "warband.gui.recovery", "ctypes")  # (recovery: only after an error; ctypes: xcb's check)
            shown["heavy"] = [name for name in heavy if name in sys.modules]
        main_window.MainWindow.show = show
        code = app.run(smoke=True)
        print(json.dumps({"code": code, "games": games, **shown}))
        """
    )
    env = {"HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["code"] == 0 and report["page"] is True and report["title"] == "Warband"
    assert len(report["games"]) == 4
    assert report["loaded"] == []
    assert report["heavy"] == []


def test_a_games_catalogs_load_with_its_first_army_and_no_other_games(qtbot, asker, autosave_folder, tmp_path):
    """As at launch: the catalogs a game at a time; a broken file is told with the first game, once; Catalogs →
    Show catalogs left out reads the other games too and tells every file left out."""
    from warband.model.catalogs_by_game import CatalogsByGame
    from warband.model.system import game_info

    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    clash = tmp_path / "clash.json"
    core = json.loads((data_dir() / "sbg" / "core.json").read_text(encoding="utf-8"))
    clash.write_text(
        json.dumps(
            {
                **{k: core[k] for k in ("format", "version", "system", "revision", "name")},
                "id": "again",
                "factions": core["factions"][:1],
            }
        )
    )
    by_game = CatalogsByGame(
        lambda game: game_info(game).builtin_catalogs(), lambda: [broken, clash], lambda: [g.id for g in games()]
    )
    window = MainWindow(None, Settings(), autosave_folder, game_catalogs=by_game, asker=asker, start_page=True)
    qtbot.addWidget(window)
    window.new_army("confrontation")
    qtbot.waitUntil(lambda: len(asker.catalog_error_lists) == 1)
    assert [e.file for e in asker.catalog_error_lists[0]] == [str(broken)]
    assert by_game.loaded_games == ["confrontation"]
    assert window.builder is not None and window.document is not None
    assert [lc.document.id for lc in window.document.catalogs.loaded] == ["core"]  # its own, in the builder

    window.new_army("confrontation")  # the same game again: nothing read, nothing told again
    qtbot.wait(10)
    assert len(asker.catalog_error_lists) == 1

    window.catalog_errors_action.trigger()
    assert by_game.loaded_games == sorted(g.id for g in games())
    assert [e.file for e in asker.catalog_error_lists[-1]] == [str(broken), str(clash)]


def test_the_collector_waits_for_the_first_window_and_runs_again_after(tmp_path):
    script = textwrap.dedent(
        """
        import gc, json
        from warband.gui import main_window
        seen = {}
        real_show = main_window.MainWindow.show
        def show(self):
            seen["on_at_show"] = gc.isenabled()
            real_show(self)
        main_window.MainWindow.show = show
        from warband.__main__ import main
        code = main(["--smoke"])
        print(json.dumps({"code": code, **seen, "on_after": gc.isenabled()}))
        """
    )
    env = {"HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report == {"code": 0, "on_at_show": False, "on_after": True}


def test_settling_the_collector_sets_the_launch_aside_and_turns_it_on():
    import gc

    from warband.app import settle_collector

    gc.disable()
    try:
        settle_collector()
        assert gc.isenabled()
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.enable()
