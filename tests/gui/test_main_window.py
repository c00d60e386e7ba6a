"""The main window with a real session: files, the modified mark, unsaved-changes questions, undo labels,
recovery after a crash, the AR-04 notice, settings, and catalog reloading."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QTabWidget

from tests.gui.conftest import army
from tests.helpers import catalog_doc, write_json
from warband.gui.dialogs import Unsaved
from warband.gui.settings import Settings, load_settings
from warband.model.army import load_army, save_army
from warband.model.catalog import builtin_catalog_paths, load_catalogs
from warband.model.edits import AddEntry, AddUnit


def add_priestess(window):
    document = window.document
    unit_id = document.new_unit_id()
    document.execute(AddUnit(unit_id, "iron-priestess", label="Add Iron Priestess"), select=unit_id)
    return unit_id


def test_the_builder_tab_comes_first(window):
    tabs = window.findChild(QTabWidget, "mainTabs")
    assert tabs.tabText(0) == "Army builder"
    assert tabs.currentIndex() == 0


def test_title_shows_the_name_and_the_modified_mark(window):
    assert window.windowTitle() == "Untitled army[*] — Warband"
    assert not window.isWindowModified()
    add_priestess(window)
    assert window.isWindowModified()
    window.document.undo()
    assert not window.isWindowModified()


def test_undo_and_redo_actions_are_labelled(window):
    assert not window.undo_action.isEnabled()
    unit_id = add_priestess(window)
    window.document.execute(AddEntry(unit_id, "miracles", "messager-divin", label="Add miracle Messager divin"))
    assert window.undo_action.text() == "&Undo Add miracle Messager divin"
    window.undo_action.trigger()
    assert window.document.army.units[0].miracles == ()
    assert window.redo_action.text() == "&Redo Add miracle Messager divin"
    assert [s.toString() for s in window.redo_action.shortcuts()] == ["Ctrl+Shift+Z", "Ctrl+Y"]
    window.redo_action.trigger()
    assert window.document.army.units[0].miracles == ("messager-divin",)


def test_save_and_reopen(window, asker, tmp_path):
    add_priestess(window)
    path = tmp_path / "gate.warband.json"
    asker.save_answer = path
    assert window.save()
    assert asker.asked == ["save:army.warband.json"]
    assert window.windowTitle() == "gate.warband.json[*] — Warband"
    assert not window.isWindowModified()
    saved = load_army(path)
    assert [u.profile for u in saved.units] == ["iron-priestess"]
    assert [c.id for c in saved.catalogs] == ["core"]  # AR-04: the catalogs are recorded
    assert "iron-priestess" in saved.snapshot.profiles
    assert window.settings.recent == [str(path)]

    window.new_army()
    assert window.document.army.units == ()
    asker.open_answer = path
    assert window.open_army()
    assert window.document.army == saved
    assert window.document.path == path
    assert not window.isWindowModified()


def test_unsaved_changes_are_asked_about_before_new_open_and_close(window, asker, tmp_path):
    add_priestess(window)
    asker.unsaved_answer = Unsaved.CANCEL
    window.new_army()
    assert len(window.document.army.units) == 1  # cancelled: still there
    assert window.close() is False
    assert window.open_army(tmp_path / "whatever.warband.json") is False
    assert asker.asked == ["unsaved:Untitled army"] * 3

    asker.unsaved_answer = Unsaved.SAVE
    asker.save_answer = None  # then the player cancels the Save As dialog
    window.new_army()
    assert len(window.document.army.units) == 1

    asker.save_answer = tmp_path / "kept.warband.json"
    window.new_army()
    assert window.document.army.units == ()
    assert len(load_army(tmp_path / "kept.warband.json").units) == 1

    add_priestess(window)
    asker.unsaved_answer = Unsaved.CANCEL
    window.close_army()  # cancelled: the army stays on screen
    assert len(window.document.army.units) == 1
    asker.unsaved_answer = Unsaved.DISCARD
    window.close_army()  # File → Close: nothing open, the start page
    assert window.document is None
    assert window.army_stack.currentWidget().widget() is window.start_page


def test_an_unreadable_army_leaves_the_screen_as_it_was(window, asker, tmp_path):
    add_priestess(window)
    before = window.document.army
    broken = tmp_path / "broken.warband.json"
    broken.write_text('{"format": "warband-army", "version": 1, "system": "confrontation", "units": [{"id": 3}]}')
    asker.unsaved_answer = Unsaved.DISCARD
    assert window.open_army(broken) is False
    [(title, text)] = asker.errors
    assert title == "Cannot open the army"
    assert str(broken) in text
    assert "$.units[0].id" in text
    assert window.document.army is before
    assert window.isWindowModified()


def test_a_failed_save_keeps_the_work_open_and_unsaved(window, asker, tmp_path):
    add_priestess(window)
    asker.save_answer = tmp_path / "no-such-folder" / "a.warband.json"
    assert window.save() is False
    [(title, text)] = asker.errors
    assert title == "Cannot save the army"
    assert "the folder does not exist" in text
    assert window.isWindowModified()
    assert len(window.document.army.units) == 1


def test_the_catalog_change_notice_before_opening(make_window, asker, tmp_path):
    # an army saved against a catalog whose Renfort cost 25…
    doc = catalog_doc(id="mine", cults=[], items=[], profiles=[])
    doc["miracles"] = [
        {**m, "id": "my-" + m["id"], "cults": [c for c in m["cults"] if c == "merin"]} for m in doc["miracles"][:3]
    ]
    doc["miracles"] = [m for m in doc["miracles"] if m["cults"] or m["paths"] or m["universal"]]
    mine = write_json(tmp_path / "mine.json", doc)
    first = make_window(load=load_catalogs([*builtin_catalog_paths(), mine]))
    asker.unsaved_answer = Unsaved.DISCARD
    unit_id = add_priestess(first)
    first.document.execute(AddEntry(unit_id, "miracles", "my-renfort"))
    path = tmp_path / "army.warband.json"
    asker.save_answer = path
    assert first.save()

    # … is opened when it costs 30
    doc["revision"] = 2
    doc["miracles"][-1]["cost"] = 30
    write_json(mine, doc)
    second = make_window(load=load_catalogs([*builtin_catalog_paths(), mine]))
    asker.changes_answer = False
    assert second.open_army(path) is False
    assert asker.asked[-1] == "changes:army.warband.json"
    assert [c.code for c in asker.changes] == ["change.catalog_revision", "change.cost"]
    assert second.document.army.units == ()
    asker.changes_answer = True
    assert second.open_army(path)
    assert second.document.army.units[0].miracles == ("my-renfort",)


def test_recovery_after_a_crash(make_window, asker, autosave_folder):
    crashed = make_window()
    add_priestess(crashed)
    crashed.document.execute(AddEntry("u1", "miracles", "renfort", label="Add miracle Renfort"))
    crashed.autosaver.autosave_now()
    crashed.autosaver.flush()
    [autosave] = autosave_folder.iterdir()
    # the process dies here: no close, no clean-up

    restarted = make_window()
    assert restarted.offer_recovery()
    assert asker.asked == ["recover:1"]
    assert restarted.document.army == crashed.document.army
    assert restarted.isWindowModified()  # recovered work is not saved yet
    assert restarted.autosaver.path == autosave


def test_declining_recovery_discards_the_autosaves(make_window, asker, autosave_folder):
    crashed = make_window()
    add_priestess(crashed)
    crashed.autosaver.autosave_now()
    crashed.autosaver.flush()
    asker.recover_index = None
    assert make_window().offer_recovery() is False
    assert list(autosave_folder.iterdir()) == []


def test_a_clean_exit_leaves_nothing_to_recover(window, asker, autosave_folder):
    add_priestess(window)
    window.autosaver.autosave_now()
    window.autosaver.flush()
    assert len(list(autosave_folder.iterdir())) == 1
    asker.unsaved_answer = Unsaved.DISCARD
    assert window.close()
    assert list(autosave_folder.iterdir()) == []


def test_autosave_follows_undo_back_to_the_saved_state(window, autosave_folder):
    add_priestess(window)
    window.autosaver.autosave_now()
    window.autosaver.flush()
    window.document.undo()  # back to the state on disk: nothing to recover
    window.autosaver.autosave_now()
    window.autosaver.flush()
    assert list(autosave_folder.iterdir()) == []


def test_layout_and_recent_files_persist(qtbot, make_window, asker, tmp_path):
    first = make_window()
    first.show()
    qtbot.waitExposed(first)
    first.resize(1100, 650)
    first.builder.columns.setSizes([250, 500, 350])
    size = first.size()
    first.settings.add_recent(tmp_path / "a.warband.json")
    assert first.close()
    settings, error = load_settings(tmp_path / "settings.json")
    assert error is None
    assert settings.recent == [str(tmp_path / "a.warband.json")]
    assert set(settings.splitters) == {"builder.columns", "builder.rows"}
    second = make_window(settings=settings)
    for name, splitter in second.builder.splitters().items():
        assert bytes(splitter.saveState().toBase64().data()).decode() == settings.splitters[name]
    second.show()
    qtbot.waitExposed(second)
    assert second.size().height() == size.height()  # the width is held to the (800 px) offscreen screen


def test_a_broken_settings_file_falls_back_to_defaults(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"format": "warband-settings", "version": 1, "recent": "not a list"}')
    settings, error = load_settings(path)
    assert settings == Settings()
    assert error is not None and error.where == "$.recent"
    path.write_text("{{{")
    assert load_settings(path)[1].message.startswith("not valid JSON")


def test_reloading_catalogs_lists_the_broken_one_and_keeps_the_others(make_window, asker, tmp_path):
    good = write_json(
        tmp_path / "good.json", {**catalog_doc(id="good", cults=[], items=[], profiles=[]), "miracles": []}
    )
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    window = make_window(reload=lambda: load_catalogs([*builtin_catalog_paths(), good, broken]))
    window.reload_catalogs()
    [errors] = asker.catalog_error_lists
    assert [e.file for e in errors] == [str(broken)]
    assert [lc.document.id for lc in window.document.catalogs.loaded] == ["core", "good"]
    assert "1 left out" in window.statusBar().currentMessage()


def test_a_refused_edit_is_shown_in_the_status_bar(window):
    window.document.execute(AddEntry("nobody", "miracles", "renfort"))
    assert "nobody" in window.statusBar().currentMessage()


def test_opening_from_recent_files(window, tmp_path):
    path = tmp_path / "recent.warband.json"
    save_army(army({"id": "u1", "profile": "griffin-trooper"}), path)
    window.settings.add_recent(path)
    window._fill_recent_menu()
    [action] = window.recent_menu.actions()
    action.trigger()
    assert window.document.path == path


def run_smoke(home: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """`python -m warband --smoke ARGS` in a fresh process with a clean environment; it must exit 0."""
    environment = {"HOME": str(home), "PATH": "/usr/bin:/bin", "QT_QPA_PLATFORM": "offscreen", **env}
    result = subprocess.run(
        [sys.executable, "-m", "warband", "--smoke", *args],
        capture_output=True,
        text=True,
        env=environment,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result


@pytest.mark.parametrize("what", [[], ["builder"]], ids=["start page", "builder"])
def test_smoke_command_paints_the_window_and_exits_0(tmp_path, what):
    """`warband --smoke` paints the start page; `warband --smoke builder` goes on to the last game's builder."""
    result = run_smoke(tmp_path, *what)
    expected = "smoke: en: Untitled army — Warband: Army builder | " if what else "smoke: en: Warband: Start | "
    assert result.stdout.startswith(expected), result.stdout
    assert result.stdout.rstrip().endswith("; Qt: Cancel")
    assert not (tmp_path / ".local" / "state" / "warband" / "autosave").exists() or not list(
        (tmp_path / ".local" / "state" / "warband" / "autosave").iterdir()
    )


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("fr_FR.UTF-8", "smoke: fr: Warband: Accueil"), ("ru_RU.UTF-8", "smoke: ru: Warband: Начало")],
)
def test_smoke_command_reports_the_language_it_painted_in(tmp_path, lang, expected):
    """The smoke line names the language, the window's texts in it and a word of Qt's own translations: a build that
    lost either translation (a bundle, a wheel) shows English there."""
    result = run_smoke(tmp_path, LANG=lang)
    assert result.stdout.startswith(expected), result.stdout
    assert result.stdout.rstrip().endswith({"fr": "; Qt: Annuler", "ru": "; Qt: Отмена"}[lang[:2]])


def test_settings_file_is_json(window, tmp_path):
    assert window.close()
    data = json.loads((tmp_path / "settings.json").read_text())
    assert data["format"] == "warband-settings"


def test_a_powerdice_army_opens_in_its_own_builder_and_plays_its_own_battle(window, asker):
    from warband.gui.battle_document import BattleDocument
    from warband.gui.new_battle_dialog import NewBattle
    from warband.gui.systems.powerdice.builder_unit_panel import PowerDiceUnitPanel
    from warband.gui.systems.powerdice.resolver_tab import PowerDiceResolverTab
    from warband.gui.systems.powerdice.tracker_tab import PowerDiceTrackerTab
    from warband.model.locations import data_dir
    from warband.model.systems.powerdice.battle_state import RulesOptions as PowerDiceOptions

    path = data_dir() / "powerdice" / "examples" / "border-skirmish.warband.json"
    assert window.open_army(path)
    assert window.document.army.system == "powerdice"
    assert isinstance(window.builder.unit_panel, PowerDiceUnitPanel)
    assert window.document.report.valid
    asker.new_battle_answer = NewBattle(
        (("Aline", window.document.army), ("Bruno", window.document.army)), PowerDiceOptions(), 1
    )
    assert window.battles.new_battle()
    assert type(window.battles.document) is BattleDocument
    assert isinstance(window.battles.tracker, PowerDiceTrackerTab)
    assert isinstance(window.battles.resolver, PowerDiceResolverTab)
    assert window.battles.document.battle.choosing == 1  # Bruno has the initiative: he places first
    window.new_army("confrontation")
    assert window.document.army.system == "confrontation"


def test_an_sbg_army_opens_in_its_builder_and_plays_its_battle(window, asker):
    from warband.gui.battle_document import BattleDocument
    from warband.gui.new_battle_dialog import NewBattle
    from warband.gui.systems.sbg.builder_unit_panel import SbgUnitPanel
    from warband.gui.systems.sbg.resolver_tab import SbgResolverTab
    from warband.gui.systems.sbg.tracker_tab import SbgTrackerTab
    from warband.model.locations import data_dir
    from warband.model.systems.sbg.battle_state import RulesOptions as SbgOptions

    assert window.open_army(data_dir() / "sbg" / "examples" / "riders-of-rohan.warband.json")
    assert isinstance(window.builder.unit_panel, SbgUnitPanel)
    assert window.document.report.valid
    army = window.document.army
    asker.new_battle_answer = NewBattle((("Aline", army), ("Bruno", army)), SbgOptions(will_dice="several"))
    assert window.battles.new_battle()
    assert type(window.battles.document) is BattleDocument  # the one document of every game
    assert isinstance(window.battles.tracker, SbgTrackerTab)
    assert isinstance(window.battles.resolver, SbgResolverTab)
    assert window.battles.document.battle.options.will_dice == "several"
    hero_key = next(iter(window.battles.document.battle.heroes))
    window.battles.tracker.resolve_requested.emit(hero_key)
    assert window.tabs.currentIndex() == 2
    assert window.battles.resolver.selected_key == hero_key


def test_a_pfpv_party_plays_a_scene(window, asker):
    from warband.gui.battle_document import BattleDocument
    from warband.gui.new_battle_dialog import NewBattle, NewBattleDialog
    from warband.gui.systems.pfpv.resolver_tab import PfpvResolverTab
    from warband.gui.systems.pfpv.tracker_tab import PfpvTrackerTab
    from warband.model.locations import data_dir

    assert window.open_army(data_dir() / "pfpv" / "examples" / "the-company.warband.json")
    party = window.document.army
    dialog = NewBattleDialog(party)
    dialog.sides[0].player.setText("Claire")
    choice = dialog.choose()
    assert [player for player, _army in choice.sides] == ["Claire"]  # a scene: one party, the GM plays the rest
    dialog.deleteLater()
    asker.new_battle_answer = NewBattle(choice.sides, choice.options)
    assert window.battles.new_battle()
    assert type(window.battles.document) is BattleDocument  # the one document of every game
    assert isinstance(window.battles.tracker, PfpvTrackerTab)
    assert isinstance(window.battles.resolver, PfpvResolverTab)
    assert window.windowTitle().startswith("Battle: Claire")


def test_autosave_can_be_turned_off(window, autosave_folder):
    add_priestess(window)
    window.autosaver.autosave_now()
    window.autosaver.flush()
    assert len(list(autosave_folder.iterdir())) == 1
    window.autosaver.enabled = False
    window.autosaver.autosave_now()  # off: nothing written, and the earlier autosave goes
    window.autosaver.flush()
    assert list(autosave_folder.iterdir()) == []


def test_preferences_apply_and_save(window, tmp_path):
    from PySide6.QtWidgets import QApplication

    from warband.gui.preferences import Preferences, load_preferences

    window._preferences_file = tmp_path / "preferences.json"
    before = QApplication.font().pointSize()
    window.choose_preferences = lambda current: None  # cancelled: nothing changes
    assert window.edit_preferences() is False
    window.choose_preferences = lambda current: current.changed(font_size=18, autosave=False)
    try:
        assert window.edit_preferences()
        assert QApplication.font().pointSize() == 18
        assert window.autosaver.enabled is False
        saved, error = load_preferences(tmp_path / "preferences.json")
        assert error is None and saved.font_size == 18 and not saved.autosave
    finally:
        from warband.gui.preferences import apply_preferences

        apply_preferences(QApplication.instance(), Preferences(font_size=before))


def test_the_default_folders_come_from_the_preferences(window, asker, tmp_path):
    armies, battles = tmp_path / "armies", tmp_path / "battles"
    armies.mkdir()
    battles.mkdir()
    window.preferences = window.preferences.changed(armies_folder=str(armies), battles_folder=str(battles))
    suggested = []
    asker.save_path = lambda path: suggested.append(path)  # cancelled, but the folder offered is recorded
    add_priestess(window)
    window.save_as()
    assert suggested[0].parent == armies
    assert window.battles.battles_folder() == battles


def test_the_last_game_played_is_read_from_the_newest_recent_army(tmp_path):
    from warband.app import last_game

    army = tmp_path / "a.warband.json"
    army.write_text('{"format": "warband-army", "version": 3, "system": "sbg", "name": "x"}', encoding="utf-8")
    assert last_game([str(army), "/nowhere"]) == "sbg"
    assert last_game([]) is None and last_game(["/nowhere"]) is None
    army.write_text("not json", encoding="utf-8")
    assert last_game([str(army)]) is None
