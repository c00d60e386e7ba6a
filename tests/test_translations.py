"""Translations: the compiled catalogs match their sources, keep every placeholder, and reach the model's sentences."""

from __future__ import annotations

import gettext
import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from tests.helpers import make_army, make_catalogs, unit
from warband.export.roster import as_text
from warband.model import messages
from warband.model.army import validate
from warband.model.catalog import builtin_catalog_paths, load_catalogs
from warband.model.dice import DiceError
from warband.model.messages import (
    TEMPLATES,
    _,
    available_languages,
    current_language,
    load_language,
    locale_dir,
    translated,
)
from warband.model.names import display_name, english_name
from warband.model.system import game_info, game_modules

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ("fr", "ru")


def _load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("warband_i18n_script", ROOT / "scripts" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


i18n = _load_script()


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    load_language("en")


def po_files() -> list[Path]:
    return sorted(locale_dir().glob("*/LC_MESSAGES/warband.po"))


def catalog(lang: str):
    return i18n.parse_po(i18n.po_path(lang, locale_dir()).read_text(encoding="utf-8"))


def test_french_and_russian_catalogs_exist():
    assert {p.parent.parent.name for p in po_files()} >= set(LANGUAGES)
    assert available_languages()[0] == "en"
    assert set(available_languages()) >= {"en", *LANGUAGES}


@pytest.mark.parametrize("po", po_files(), ids=lambda p: p.parent.parent.name)
def test_each_mo_is_compiled_from_its_po(po):
    compiled = i18n.compile_mo(i18n.parse_po(po.read_text(encoding="utf-8")))
    mo = po.with_suffix(".mo")
    assert mo.is_file(), f"{mo} is missing: run python scripts/i18n.py"
    assert mo.read_bytes() == compiled, f"{mo} is stale: run python scripts/i18n.py"


@pytest.mark.parametrize("po", po_files(), ids=lambda p: p.parent.parent.name)
def test_each_po_is_written_as_the_script_writes_it(po):
    """A hand edit that the parser reads differently (a lost quote, a stray line) shows up here."""
    text = po.read_text(encoding="utf-8")
    assert i18n.format_catalog(i18n.parse_po(text)) == text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_translation_keeps_the_placeholders(lang):
    wrong = []
    for entry in catalog(lang).entries:
        if not entry.msgstr or entry.obsolete:
            continue
        if i18n.placeholders(entry.msgstr) != i18n.placeholders(entry.msgid):
            wrong.append((entry.msgid, entry.msgstr))
            continue
        values = dict.fromkeys(i18n.placeholders(entry.msgid), "x")
        if values:
            entry.msgstr.format(**values)  # no stray brace
    assert not wrong, wrong


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rule_ids_stay_as_they_are(lang):
    import re

    rule_id = re.compile(r"\b[A-Z]{2}-\d{2}\b")
    wrong = [
        (e.msgid, e.msgstr)
        for e in catalog(lang).entries
        if e.msgstr and sorted(rule_id.findall(e.msgid)) != sorted(rule_id.findall(e.msgstr))
    ]
    assert not wrong, wrong


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_model_template_is_translated(lang):
    """Problems and refusals are what players read most: every template of every system has its sentence."""
    translations = {e.msgid: e.msgstr for e in catalog(lang).entries if e.msgstr and not e.fuzzy}
    every = dict(TEMPLATES)  # the shared code's, and every game's that Warband's catalogs translate
    for system_id, module in game_modules("messages").items():
        folder = game_info(system_id).locale
        if folder is None:
            every.update(module.TEMPLATES)
        elif (folder / lang).is_dir():  # a game of its own package, in its own catalog of that language
            po = folder / lang / "LC_MESSAGES" / f"warband-{system_id}.po"
            done = {
                e.msgid for e in i18n.parse_po(po.read_text(encoding="utf-8")).entries if e.msgstr and not e.fuzzy
            }
            assert not sorted(code for code, text in module.TEMPLATES.items() if text not in done), system_id
    missing = sorted(code for code, text in every.items() if text not in translations)
    assert not missing


def cf_05_problem():
    army = make_army(unit("u1", "iron-priestess", miracles=["merin-wrath"]))
    [problem] = validate(army, make_catalogs()).problems
    assert problem.rule == "CF-05"
    return problem


ENGLISH_CF_05 = "Merin Wrath needs Alteration 3; Iron Priestess has Alteration 2."


def test_french_sentence_english_message():
    assert load_language("fr")
    assert current_language() == "fr"
    problem = cf_05_problem()
    assert problem.message == ENGLISH_CF_05
    assert problem.sentence != ENGLISH_CF_05
    # the aspect and the Faithful's catalog name are in French too; the miracle has no French name
    assert problem.sentence == "Merin Wrath nécessite Altération 3\u00a0; Prêtresse de Fer a Altération 2."


def test_russian_sentence_english_message():
    assert load_language("ru")
    assert current_language() == "ru"
    problem = cf_05_problem()
    assert problem.message == ENGLISH_CF_05
    # the aspect in Russian; the Faithful has no Russian name: English, the first fallback
    assert problem.sentence == "Merin Wrath: нужно Изменение 3, а Iron Priestess имеет Изменение 2."


def test_a_regional_or_posix_name_finds_the_language():
    assert load_language("fr_FR.UTF-8")
    assert current_language() == "fr"
    assert load_language("ru-RU")
    assert current_language() == "ru"


def test_dice_refusals_follow_the_language():
    error = DiceError("dice.count_one", given=2)
    load_language("fr")
    assert error.message == "1 die expected, 2 given"
    assert error.sentence != error.message


@pytest.mark.parametrize("lang", ["xx", "de", "", "C", "en", "en_GB"])
def test_unknown_language_or_english_speaks_english(lang):
    load_language("fr")
    available = load_language(lang)
    assert available == (lang in ("", "C", "en", "en_GB"))
    assert current_language() == "en"
    assert cf_05_problem().sentence == ENGLISH_CF_05
    assert _("Settings reset") == "Settings reset"


def test_an_untranslated_string_falls_back_to_english():
    load_language("fr")
    assert _("A sentence no catalog holds.") == "A sentence no catalog holds."


def test_use_translation_still_takes_any_catalog():
    class Shout(gettext.NullTranslations):
        def gettext(self, message: str) -> str:
            return message.upper()

    messages.use_translation(Shout())
    assert translated("battle.ended", {}) == "THE BATTLE IS OVER."
    assert current_language() == "en"


# --- the tooling ------------------------------------------------------------------------------------------------


def test_extraction_takes_plain_literals_only(tmp_path):
    package = tmp_path / "warband"
    package.mkdir()
    (package / "a.py").write_text(
        "from m import _, N_\n"
        "x = 3\n"
        'A = N_("Marked {x}")\n'
        'def f(name):\n    return _("Hello"), _(f"Hi {name}"), _(A), _("Hello"), _("")\n',
        encoding="utf-8",
    )
    assert i18n.extract(package) == {
        "Marked {x}": ["warband/a.py"],  # file names only: editing code must not make the catalogs stale
        "Hello": ["warband/a.py"],
    }


def test_po_round_trip_keeps_odd_characters_and_long_lines():
    entries = [
        i18n.Entry('Quote " and backslash \\ and tab\t', "Guillemet « » \\ et\ttab"),
        i18n.Entry("Two lines:\n{error}", "Две строки:\n{error}", flags=["python-brace-format"]),
        i18n.Entry(
            "word " * 40,
            "mot " * 40,
            references=[f"warband/gui/some/long/path/module_{i}.py:{i}" for i in range(5)],
        ),
        i18n.Entry("Not yet", "", flags=["fuzzy"]),
    ]
    po = i18n.Catalog(i18n._header("fr"), entries)
    text = i18n.format_catalog(po)
    assert all(len(line) <= 79 for line in text.splitlines() if not line.startswith("#:"))
    again = i18n.parse_po(text)
    assert [(e.msgid, e.msgstr, e.flags) for e in again.entries] == [(e.msgid, e.msgstr, e.flags) for e in entries]
    assert i18n.format_catalog(again) == text


def test_compiled_catalog_reads_with_gettext(tmp_path):
    po = i18n.Catalog(
        i18n._header("ru"),
        [
            i18n.Entry("Open", "Открыть"),
            i18n.Entry("Save", "Сохранить"),
            i18n.Entry("Fuzzy", "Нечёткий", flags=["fuzzy"]),
            i18n.Entry("Empty", ""),
        ],
    )
    mo = tmp_path / "warband.mo"
    mo.write_bytes(i18n.compile_mo(po))
    with mo.open("rb") as f:
        translation = gettext.GNUTranslations(f)
    assert translation.gettext("Open") == "Открыть"
    assert translation.gettext("Save") == "Сохранить"
    assert translation.gettext("Fuzzy") == "Fuzzy"
    assert translation.gettext("Empty") == "Empty"
    assert translation.info()["language"] == "ru"
    assert translation.charset() == "UTF-8"


def test_merge_keeps_translations_and_retires_unused_ones():
    pot = i18n.Catalog(i18n._header(None), [i18n.Entry("New", references=["a.py:1"]), i18n.Entry("Kept")])
    old = i18n.Catalog(
        i18n._header("fr"),
        [i18n.Entry("Kept", "Gardé", comments=["a translator's note"]), i18n.Entry("Gone", "Parti")],
    )
    merged = i18n.merge(pot, old, "fr")
    assert [(e.msgid, e.msgstr, e.obsolete) for e in merged.entries] == [
        ("New", "", False),
        ("Kept", "Gardé", False),
        ("Gone", "Parti", True),
    ]
    assert merged.entries[1].comments == ["a translator's note"]
    assert b"Parti" not in i18n.compile_mo(merged)


def test_check_mode_reports_stale_files(tmp_path, monkeypatch):
    """`--check` compares what would be written with what is there (here: a template out of date)."""
    source = tmp_path / "src" / "warband"
    source.mkdir(parents=True)
    (source / "m.py").write_text('_("One")\n', encoding="utf-8")
    locale = tmp_path / "locale"
    files = i18n.expected_files(source, locale, add=("fr",))
    for path, data in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    assert i18n.expected_files(source, locale) == files
    (source / "m.py").write_text('_("One")\n_("Two")\n', encoding="utf-8")
    changed = {p for p, d in i18n.expected_files(source, locale).items() if files[p] != d}
    assert changed == {locale / "warband.pot", locale / "fr" / "LC_MESSAGES" / "warband.po"}


def test_the_catalogs_hold_every_string_of_the_program():
    """`python scripts/i18n.py` must be run after adding or changing a string: the .pot, .po and .mo follow."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    result = subprocess.run(
        [sys.executable, str(root / "scripts" / "i18n.py"), "--check"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_names_follow_the_language_spoken_but_rule_messages_keep_english_names():
    name = {"fr": "Prêtresse de Fer", "en": "Iron Priestess"}
    assert display_name(name) == "Iron Priestess"
    assert load_language("fr")
    assert display_name(name) == "Prêtresse de Fer"  # what the window and the exported roster show
    assert english_name(name) == "Iron Priestess"  # what files, logs and the command line keep
    assert display_name(name, ("en",)) == "Iron Priestess"
    assert load_language("ru")
    assert display_name(name) == "Iron Priestess"  # no Russian name: English first, then French
    assert display_name({"fr": "Lumière"}) == "Lumière"


def test_the_french_roster_names_its_profiles_in_french():
    army = make_army(unit("u1", "iron-priestess"))
    catalogs = load_catalogs(builtin_catalog_paths()).for_system("confrontation")
    assert "Iron Priestess" in as_text(army, catalogs)
    assert load_language("fr")
    french = as_text(army, catalogs)
    assert "Prêtresse de Fer" in french and "Iron Priestess" not in french
    assert "Iron Priestess" in as_text(army, catalogs, ("en",))


def test_every_table_of_names_translated_when_shown_is_marked_for_extraction():
    """`_(PHASE_NAMES[phase])` finds a translation only if the table's values were extracted: each value of a
    table looked up that way is written `N_("…")` (the Confrontation and SBG phase names once were not)."""
    import ast

    root = Path(__file__).resolve().parents[1]
    looked_up: set[str] = set()
    tables: dict[str, list[tuple[str, ast.Dict]]] = {}
    for path in (root / "src" / "warband").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "_" and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Subscript) and isinstance(arg.value, ast.Name):
                    looked_up.add(arg.value.id)
                elif (
                    isinstance(arg, ast.Call)
                    and isinstance(arg.func, ast.Attribute)
                    and arg.func.attr == "get"
                    and isinstance(arg.func.value, ast.Name)
                ):
                    looked_up.add(arg.func.value.id)
        for node in tree.body:  # the module's tables
            if isinstance(node, ast.AnnAssign | ast.Assign) and isinstance(node.value, ast.Dict):
                for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                    if isinstance(target, ast.Name):
                        tables.setdefault(target.id, []).append((str(path.relative_to(root)), node.value))

    assert {"PHASE_NAMES", "STEP_NAMES", "WOUND_NAMES"} <= looked_up
    unmarked = [
        f"{file}: {name} = …{ast.unparse(value)}"
        for name in sorted(looked_up)
        for file, table in tables.get(name, [])
        for value in table.values
        if not (isinstance(value, ast.Call) and getattr(value.func, "id", "") in ("N_", "_"))
        and not isinstance(value, ast.Tuple)
    ]
    assert not unmarked
