"""Issue 20: the catalog editor (Catalogs → Edit Catalogs…) driven as a player would, for each of the four games
and the test-only fifth: create a catalog, add an entry of each kind, make a mistake and see its problem, fix it,
undo, save, and use the new entry in the builder; references chosen from lists that hold the built-in entries;
names per language; deleting an entry a recent army uses asks first; unsaved changes are asked about."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit

from warband import api
from warband.gui.catalog_editor.editors import (
    GroupEditor,
    NumberEditor,
    ReferencesEditor,
    TextEditor,
    WordsEditor,
)
from warband.gui.catalog_editor.window import CatalogEditorWindow
from warband.model.catalog import catalog_paths, load_catalogs

CTRL = Qt.KeyboardModifier.ControlModifier
GAMES = ("confrontation", "pfpv", "powerdice", "sbg", "litany")


class EditorAsker:
    """The player's answers, given before the question."""

    def __init__(self) -> None:
        self.new: tuple[str, str, str] | None = None
        self.save_to: Path | None = None
        self.open_from: Path | None = None
        self.folder_answer: Path | None = None
        self.unsaved_answer = "discard"
        self.confirm_answer = True
        self.confirmed: list[tuple[str, list[str]]] = []
        self.told: list[str] = []
        self.unsaved_asked: list[str] = []

    def new_catalog(self, parent, games):
        assert self.new is not None and self.new[0] in [g for g, _title in games]
        return self.new

    def open_path(self, parent, folder):
        return self.open_from

    def save_path(self, parent, suggested):
        return self.save_to or suggested

    def folder(self, parent, title, start):
        return self.folder_answer

    def unsaved(self, parent, name):
        self.unsaved_asked.append(name)
        return self.unsaved_answer

    def confirm(self, parent, title, text, details=()):
        self.confirmed.append((text, list(details)))
        return self.confirm_answer

    def tell(self, parent, title, text):
        self.told.append(text)


@pytest.fixture
def shown(qtbot, make_window):
    """The real window, reading the player's folder again after a save, and its catalog editor open."""
    window = make_window(reload=lambda: load_catalogs(catalog_paths(player_folder=True)))
    window.editor_asker = EditorAsker()
    window.resize(1280, 800)
    window.show()
    editor = window.edit_catalogs()
    qtbot.waitExposed(editor)
    return window, editor


def field(form: GroupEditor, *names: str):
    editor = form
    for name in names:
        editor = editor.fields[name]
    return editor


def type_into(qtbot, editor, text: str) -> None:
    """Select what the field holds, type over it, press Tab: as a player corrects a field."""
    line: QLineEdit = editor.focus_widget()
    line.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is line)
    line.selectAll()
    if text.isascii():
        qtbot.keyClicks(line, text)
    else:  # QTest types ASCII only: the text goes in as typed text does (an edit of the line)
        line.insert(text)
    qtbot.keyClick(line, Qt.Key.Key_Tab)


def problem_places(editor: CatalogEditorWindow) -> list[str]:
    table = editor.problems_table
    return [table.item(row, 1).text() for row in range(table.rowCount())]


@pytest.mark.parametrize("system", GAMES)
def test_a_new_catalog_entry_of_each_kind_a_mistake_fixed_undone_saved_and_used(qtbot, shown, system):
    window, editor = shown
    asker: EditorAsker = window.editor_asker
    asker.new = (system, "my-own", "My own")
    assert editor.new_catalog()
    kinds = editor.document.draft.kinds()
    assert kinds and "profiles" in kinds
    for kind in kinds:
        editor.select(kind)
        qtbot.mouseClick(editor.add_button, Qt.MouseButton.LeftButton)
        assert editor.index == 0 and len(editor.document.draft.entries(kind)) == 1
    if system == "confrontation":  # a miracle needs a cult: the problem is shown until one is chosen
        editor.document.check_now()
        assert "$.miracles[0]" in problem_places(editor)
        editor.select("miracles", 0)
        cults = field(editor.form, "cults")
        assert isinstance(cults, ReferencesEditor)
        listed = [cults.list.item(r).data(Qt.ItemDataRole.UserRole) for r in range(cults.list.count())]
        assert listed[0] == "new-cult" and "merin" in listed  # its own first, then the built-in catalog's
        cults.check("merin")
        editor.document.check_now()
        assert "$.miracles[0]" not in problem_places(editor)
    editor.document.check_now()
    assert problem_places(editor) == []

    editor.select("profiles", 0)
    id_field = field(editor.form, "id")
    assert isinstance(id_field, TextEditor)
    type_into(qtbot, id_field, "bad id!")  # not an ID: letters, digits and ._:- only
    editor.document.check_now()
    assert problem_places(editor) == ["$.profiles[0].id"]
    assert id_field.edit.property("problem") == "true" and "pattern" in id_field.edit.toolTip()
    assert editor.problems_label.text().startswith("Problems: 1")
    type_into(qtbot, id_field, "my-hero")
    editor.document.check_now()
    assert problem_places(editor) == [] and id_field.edit.property("problem") == "false"
    assert editor.document.draft.get(("profiles", 0, "id")) == "my-hero"

    assert editor.undo_action.text() == "&Undo Change ID of New profile"
    editor.entries_list.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.keyClick(editor.entries_list, Qt.Key.Key_Z, CTRL)
    assert editor.document.draft.get(("profiles", 0, "id")) == "bad id!"
    assert id_field.edit.text() == "bad id!"  # the form shows what the draft holds
    qtbot.keyClick(editor.entries_list, Qt.Key.Key_Z, CTRL | Qt.KeyboardModifier.ShiftModifier)
    assert editor.document.draft.get(("profiles", 0, "id")) == "my-hero"

    name = field(editor.form, "name")
    assert isinstance(name, WordsEditor)
    type_into(qtbot, name, "My hero")
    cost = next((e for e in editor.form.editors() if isinstance(e, NumberEditor) and e.path[-1] == "cost"), None)
    if cost is not None:
        cost.spin.setValue(12)

    target = api.user_catalog_dir() / "my-own.json"
    asker.save_to = target
    editor.save_action.trigger()
    assert target.is_file() and not editor.document.modified
    saved = json.loads(target.read_text(encoding="utf-8"))
    assert saved["profiles"][0]["id"] == "my-hero" and saved["profiles"][0]["name"] == "My hero"
    assert api.load_catalogs([*api.catalog_paths(), target]).errors == ()

    window.new_army(system)  # the builder offers the new profile at once
    assert window.builder.browser.select_profile("my-hero")
    assert window.builder.browser.add_selected()
    assert window.document.army.units[-1].profile == "my-hero"
    assert not [p for p in window.document.report.problems if p.rule == "AR-02"]


def test_names_in_several_languages_and_back(qtbot, shown):
    window, editor = shown
    window.editor_asker.new = ("sbg", "mine", "Mine")
    editor.new_catalog()
    editor.select("spells")
    editor.add_entry()
    name = field(editor.form, "name")
    type_into(qtbot, name, "Blinding light")
    assert editor.document.draft.get(("spells", 0, "name")) == "Blinding light"  # a plain string stays one
    name.several.setChecked(True)
    assert editor.document.draft.get(("spells", 0, "name")) == {"en": "Blinding light"}
    type_into(qtbot, _Line(name.lines["fr"]), "Lumière aveuglante")
    assert editor.document.draft.get(("spells", 0, "name")) == {"en": "Blinding light", "fr": "Lumière aveuglante"}
    assert editor.entries_list.item(0).text() == "Blinding light"
    name.several.setChecked(False)
    assert editor.document.draft.get(("spells", 0, "name")) == "Blinding light"
    editor.undo()
    assert name.several.isChecked() and name.lines["fr"].text() == "Lumière aveuglante"


class _Line:
    """A plain line edit, as `type_into` types into a field's widget."""

    def __init__(self, line: QLineEdit) -> None:
        self.line = line

    def focus_widget(self) -> QLineEdit:
        return self.line


def test_deleting_an_entry_a_recent_army_uses_asks_and_says_which(qtbot, shown, tmp_path):
    window, editor = shown
    asker: EditorAsker = window.editor_asker
    catalog = api.user_catalog_dir() / "extra.json"
    catalog.parent.mkdir(parents=True, exist_ok=True)
    profile = {"id": "watchman", "name": "Watchman", "cost": 5}
    catalog.write_text(
        json.dumps(
            {
                "format": "warband-catalog",
                "version": 2,
                "system": "powerdice",
                "id": "extra",
                "revision": 1,
                "name": "Extra",
                "profiles": [profile],
            }
        ),
        encoding="utf-8",
    )
    army = tmp_path / "guard.warband.json"
    army.write_text(
        json.dumps(
            {
                "format": "warband-army",
                "version": 2,
                "system": "powerdice",
                "name": "Guard",
                "units": [{"id": "u1", "profile": "watchman", "label": "Night watch"}],
            }
        ),
        encoding="utf-8",
    )
    window.settings.add_recent(army)
    assert editor.open_catalog(catalog)
    editor.select("profiles", 0)
    asker.confirm_answer = False
    assert not editor.delete_entry()
    assert asker.confirmed[-1][1] == ["guard.warband.json: Night watch"]
    assert len(editor.document.draft.entries("profiles")) == 1  # the player said no: nothing deleted
    asker.confirm_answer = True
    assert editor.delete_entry()
    assert editor.document.draft.entries("profiles") == []
    editor.undo()
    assert editor.document.draft.entries("profiles")[0]["id"] == "watchman"


def test_unsaved_changes_are_asked_about_and_a_refusal_keeps_them(qtbot, shown):
    window, editor = shown
    asker: EditorAsker = window.editor_asker
    asker.new = ("litany", "mine", "Mine")
    editor.new_catalog()
    editor.select("prayers")
    editor.add_entry()
    asker.unsaved_answer = "cancel"
    asker.new = ("pfpv", "other", "Other")
    assert not editor.new_catalog()
    assert asker.unsaved_asked == ["Mine"] and editor.document.draft.system == "litany"
    editor.close()
    assert editor.isVisible()  # cancelled: the editor stays, its changes too
    asker.unsaved_answer = "discard"
    editor.close()
    assert not editor.isVisible()


def test_the_catalogs_own_fields_and_a_bounded_number(qtbot, shown):
    window, editor = shown
    window.editor_asker.new = ("litany", "mine", "Mine")
    editor.new_catalog()
    assert editor.kind == "__catalog__"
    names = list(editor.form.fields)
    assert names == ["id", "revision", "name", "notes"]  # not its format, version, game nor lists
    editor.select("prayers")
    editor.add_entry()
    difficulty = field(editor.form, "difficulty")
    assert (difficulty.spin.minimum(), difficulty.spin.maximum()) == (2, 20)  # as Litany's model bounds it
    difficulty.spin.setValue(7)
    difficulty.spin.setValue(8)  # typing merges into one change
    assert editor.document.draft.get(("prayers", 0, "difficulty")) == 8
    editor.document.seal()
    editor.undo()
    assert editor.document.draft.get(("prayers", 0, "difficulty")) == 2


def test_a_broken_file_is_told_and_nothing_on_screen_is_lost(qtbot, shown, tmp_path):
    window, editor = shown
    asker: EditorAsker = window.editor_asker
    asker.new = ("powerdice", "mine", "Mine")
    editor.new_catalog()
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    asker.unsaved_answer = "discard"
    assert not editor.open_catalog(broken)
    assert asker.told and "broken.json" in asker.told[-1]
    assert editor.document.draft.doc["id"] == "mine"


def test_a_catalog_with_problems_is_saved_only_when_the_player_agrees(qtbot, shown):
    window, editor = shown
    asker: EditorAsker = window.editor_asker
    asker.new = ("confrontation", "mine", "Mine")
    editor.new_catalog()
    editor.select("miracles")
    editor.add_entry()  # no cult: a problem
    asker.confirm_answer = False
    asker.save_to = api.user_catalog_dir() / "mine.json"
    assert not editor.save()
    assert not asker.save_to.exists() and editor.document.modified
    assert "1 problems" in asker.confirmed[-1][0] or "problems" in asker.confirmed[-1][0]


def test_keyboard_only_add_duplicate_go_to_the_problem_and_save(qtbot, shown):
    """Shortcuts in the menus: Ctrl+Shift+N adds an entry (its first field ready to type in), Ctrl+D duplicates,
    F8 goes to the next problem's field, Ctrl+S saves; Tab moves from field to field."""
    window, editor = shown
    asker: EditorAsker = window.editor_asker
    asker.new = ("powerdice", "keys", "Keys")
    editor.activateWindow()
    qtbot.keyClick(editor.kinds_list, Qt.Key.Key_N, CTRL)  # File → New Catalog…
    assert editor.document.draft.doc["id"] == "keys"
    editor.kinds_list.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.keyClick(editor.kinds_list, Qt.Key.Key_Down)  # "This catalog" → the spells
    assert editor.kind == "spells"
    qtbot.keyClick(editor.kinds_list, Qt.Key.Key_N, CTRL | Qt.KeyboardModifier.ShiftModifier)
    assert len(editor.document.draft.entries("spells")) == 1
    id_line = field(editor.form, "id").edit
    qtbot.waitUntil(lambda: QApplication.focusWidget() is id_line)
    qtbot.keyClick(id_line, Qt.Key.Key_End)
    qtbot.keyClicks(id_line, " oops")
    qtbot.keyClick(id_line, Qt.Key.Key_Tab)  # the ID is written, the name's line is next
    assert QApplication.focusWidget() is field(editor.form, "name").plain
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_D, CTRL)
    ids = [e["id"] for e in editor.document.draft.entries("spells")]
    assert ids == ["new-spell oops", "new-spell-oops-copy"]  # the copy gets an ID of its own, a valid one
    editor.document.check_now()
    assert problem_places(editor) == ["$.spells[0].id"]
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_F8)
    assert editor.index == 0 and QApplication.focusWidget() is field(editor.form, "id").edit
    asker.save_to = api.user_catalog_dir() / "keys.json"
    asker.confirm_answer = True
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_S, CTRL)
    assert asker.save_to.is_file()


def test_ar_04_an_open_army_is_told_what_changed_when_the_editor_saves(qtbot, shown):
    """The army on screen uses the player's profile; its cost changed and saved in the editor, the builder prices
    it anew at once and says what changed for the army."""
    window, editor = shown
    asker: EditorAsker = window.editor_asker
    asker.new = ("powerdice", "mine", "Mine")
    editor.new_catalog()
    editor.select("profiles")
    editor.add_entry()
    field(editor.form, "cost").spin.setValue(10)
    asker.save_to = api.user_catalog_dir() / "mine.json"
    assert editor.save()
    window.new_army("powerdice")
    assert window.builder.browser.select_profile("new-profile") and window.builder.browser.add_selected()
    assert window.document.report.total_cost == 10
    field(editor.form, "cost").spin.setValue(25)
    assert editor.save()
    assert window.document.report.total_cost == 25
    title, text = window.asker.warnings[-1]
    assert title == "The catalogs changed" and "New profile" in text and "10" in text and "25" in text


def test_a_game_brings_its_own_widget_where_the_generic_form_is_poor(qtbot, shown):
    """Confrontation's Aspects on one row of three spin boxes (CF-05), in the miracle's form."""
    from warband.gui.systems.confrontation.catalog_widgets import AspectsEditor

    window, editor = shown
    window.editor_asker.new = ("confrontation", "mine", "Mine")
    editor.new_catalog()
    editor.select("miracles")
    editor.add_entry()
    aspects = field(editor.form, "aspects")
    assert isinstance(aspects, AspectsEditor)
    assert [s.accessibleName() for s in aspects.spins.values()] == ["Creation", "Alteration", "Destruction"]
    aspects.spins["alteration"].setValue(2)
    assert editor.document.draft.get(("miracles", 0, "aspects")) == {
        "creation": 0,
        "alteration": 2,
        "destruction": 0,
    }
    editor.select("profiles")
    editor.add_entry()
    field(editor.form, "faithful").given.setChecked(True)  # a Faithful: its own Aspects, the same row
    assert isinstance(field(editor.form, "faithful").inner.fields["aspects"], AspectsEditor)


def test_the_spreadsheet_round_trip_from_the_editor(qtbot, shown, tmp_path):
    """File → Export as CSV… writes the catalog on screen as CSV files; File → Import from CSV… opens them again as
    a new, unsaved catalog, the same value."""
    window, editor = shown
    asker: EditorAsker = window.editor_asker
    [core] = [p for p in api.catalog_paths() if p.parent.name == "pfpv"]
    assert editor.open_catalog(core)
    before = editor.document.draft.doc
    asker.folder_answer = tmp_path / "sheets"
    assert editor.export_csv()
    assert sorted(p.name for p in asker.folder_answer.iterdir()) == [
        "_catalog.csv",
        "disciplines.csv",
        "profiles.csv",
        "sources.csv",
        "spells.csv",
    ]
    assert editor.import_csv()
    assert editor.document.path is None and editor.document.modified
    assert editor.document.draft.doc == before
    assert editor.document.draft.system == "pfpv"
    asker.folder_answer = tmp_path / "empty"
    asker.folder_answer.mkdir()
    assert not editor.import_csv()
    assert "holds no Warband catalog" in asker.told[-1]


def test_closing_the_main_window_asks_about_the_catalog_being_edited(qtbot, shown):
    window, editor = shown
    asker: EditorAsker = window.editor_asker
    asker.new = ("sbg", "mine", "Mine")
    editor.new_catalog()
    editor.select("spells")
    editor.add_entry()
    asker.unsaved_answer = "cancel"
    window.close()
    assert window.isVisible() and asker.unsaved_asked == ["Mine"]
    assert editor.document.modified  # nothing of it lost
