"""No English in French or Russian anywhere a player can see (issue 17).

For every registered game, the real main window in French and in Russian opens the game's example army, starts a
battle, and every text of every tab is swept against the English strings of Warband's catalog
(`scripts/i18n.py`'s `extract`): a text that is an English msgid, or an English template filled in, whose
translation differs, is a leak; so is a catalog name shown in English where the catalog (and so the battle's
snapshot) gives it in the language, and so is any other catalog text (a range, a duration, a casting time, a
note) shown in English where the catalog gives it in the language: the built-in catalogs give every one of them
in French and Russian (tests/model/test_catalog_languages.py). Texts a catalog gives only in English are not the
program's words: they are left out (a player's catalog falls back to its own languages), as are the players'
names and armies, and numbers.

These tests read the compiled catalogs (resources/locale/*/LC_MESSAGES/warband.mo): after changing a string, run
`python scripts/i18n.py` with its translations in the .po files.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QModelIndex, Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QSpinBox,
    QTabWidget,
    QTextEdit,
    QTreeView,
    QWidget,
)

from warband import api
from warband.gui.new_battle_dialog import NewBattle
from warband.gui.systems.registry import battle_kit, options_box
from warband.model.messages import _, load_language, ngettext, spoken_text

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("fr", "ru")
GAMES = [game for game in api.games() if battle_kit(game.id) is not None]


@cache
def _i18n() -> Any:
    spec = importlib.util.spec_from_file_location("warband_i18n_script", ROOT / "scripts" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


Patterns = tuple[frozenset[str], tuple[tuple[str, re.Pattern[str]], ...]]


@cache
def english_msgids(source: Path | None = None) -> Patterns:
    """The program's English strings (or those of a game's own package in `source`): the plain ones, and the
    templates as patterns of their filled-in text (only those with words enough of their own to tell them from a
    catalog's English: not "{first}, {last}" nor "{first} and {last}")."""
    found = _i18n().extract(source) if source is not None else _i18n().extract()
    plain = frozenset(m for m in found if not _i18n().placeholders(m))
    templates = []
    for msgid in found:
        if not _i18n().placeholders(msgid):
            continue
        try:
            parts = re.split(r"\{[^{}]*\}", msgid)
        except re.error:  # pragma: no cover
            continue
        words = re.findall(r"[A-Za-z]{3,}", " ".join(parts))
        if len(words) < 2 and not any(len(word) >= 5 for word in words):
            continue  # "{first} and {last}", "{a} for {b}": one short word, as any catalog text has
        parts = [part.replace("{{", "{").replace("}}", "}").replace("[*]", "") for part in parts]  # [*]: titles
        pattern = "(.+?)".join(re.escape(part) for part in parts)
        templates.append((msgid, re.compile(pattern, re.DOTALL)))
    return plain, tuple(templates)


_LANG = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})?")


def _names_in(value: object, lang: str, found: CatalogWords) -> None:
    """Walk a catalog's data: a map of languages without `lang` gives its English text; one with `lang` gives its
    English text as words the window must not show; plain strings are the catalog's own words, shown as the
    catalog gives them."""
    if isinstance(value, dict):
        if value and all(
            isinstance(k, str) and _LANG.fullmatch(k) and isinstance(v, str) for k, v in value.items()
        ):
            if lang not in value:
                found.shown.update(value.values())
            elif value.get("en", value[lang]) != value[lang]:
                found.translated[value["en"]] = value[lang]
            return
        for item in value.values():
            _names_in(item, lang, found)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _names_in(item, lang, found)
    elif isinstance(value, str):
        found.shown.add(value)


@dataclass
class CatalogWords:
    shown: set[str] = field(default_factory=set)
    """Texts that come from the catalogs as they are: texts the catalogs give in no `lang`, and their plain
    strings."""
    translated: dict[str, str] = field(default_factory=dict)
    """English text → its text in `lang`, for the texts the catalogs give in `lang` (and otherwise in English)."""


def catalog_words(catalogs: api.Catalogs, lang: str) -> CatalogWords:
    found = CatalogWords()
    for loaded in catalogs.loaded:
        _names_in(loaded.document.model_dump(mode="json"), lang, found)
    found.translated = {en: name for en, name in found.translated.items() if en not in found.shown}
    return found


# --- what the window shows ----------------------------------------------------------------------------------


def _plain(text: str) -> str:
    if "<" in text and re.search(r"<[a-zA-Z/][^>]*>", text):
        document = QTextDocument()
        document.setHtml(text)
        return document.toPlainText()
    return text


def _model_texts(view: QAbstractItemView) -> Iterator[tuple[str, str]]:
    model = view.model()
    if model is None:
        return
    name = type(model).__name__
    for orientation, count in ((Qt.Orientation.Horizontal, model.columnCount()), (Qt.Orientation.Vertical, 0)):
        for section in range(count):
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                value = model.headerData(section, orientation, role)
                if isinstance(value, str):
                    yield f"{name} header", value

    tree = isinstance(view, QTreeView)

    def rows(parent: QModelIndex, depth: int = 0) -> Iterator[tuple[str, str]]:
        for row in range(model.rowCount(parent)):
            for column in range(model.columnCount(parent)):
                index = model.index(row, column, parent)
                for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                    value = index.data(role)
                    if isinstance(value, str):
                        yield f"{name} cell", value
            first = model.index(row, 0, parent)
            if tree and depth < 5 and model.rowCount(first) > 0:
                yield from rows(first, depth + 1)

    yield from rows(QModelIndex())


def widget_texts(widget: QWidget) -> Iterator[tuple[str, str]]:
    """(where, text) for every text of a widget: what it says, its items and headers, its tool tip."""
    kind = type(widget).__name__
    if isinstance(widget, QLabel):
        yield kind, _plain(widget.text())
    elif isinstance(widget, QAbstractButton):
        yield kind, widget.text()
    elif isinstance(widget, QGroupBox):
        yield kind, widget.title()
    elif isinstance(widget, QComboBox):
        for i in range(widget.count()):
            yield f"{kind} item", widget.itemText(i)
    elif isinstance(widget, QLineEdit):
        yield f"{kind} placeholder", widget.placeholderText()
        if widget.isReadOnly():
            yield kind, widget.text()
    elif isinstance(widget, (QTextEdit, QPlainTextEdit)):
        yield kind, widget.toPlainText()
    elif isinstance(widget, QTabWidget):
        for i in range(widget.count()):
            yield f"{kind} tab", widget.tabText(i)
            yield f"{kind} tab tip", widget.tabToolTip(i)
    elif isinstance(widget, QAbstractItemView) and not isinstance(widget, QHeaderView):
        yield from _model_texts(widget)
    if isinstance(widget, QSpinBox):
        yield f"{kind} suffix", widget.suffix()
        yield f"{kind} prefix", widget.prefix()
    if isinstance(widget, QAbstractSpinBox):
        yield f"{kind} special", widget.specialValueText()
    yield f"{kind} tooltip", _plain(widget.toolTip())


def _menu_texts(menu: QMenu, where: str) -> Iterator[tuple[str, str]]:
    yield where, menu.title()
    for action in menu.actions():
        if action.menu() is not None:
            yield from _menu_texts(action.menu(), f"{where} → {menu.title()}")
        elif not action.isSeparator():
            yield f"{where} action", action.text()
            yield f"{where} action tip", action.toolTip()


def window_texts(window: Any) -> list[tuple[str, str]]:
    """Every text the window shows: its title, its status bar, its menus, and each tab's widgets."""
    found: list[tuple[str, str]] = [
        ("window title", window.windowTitle().replace("[*]", "")),
        ("status bar", window.statusBar().currentMessage()),
    ]
    for action in window.menuBar().actions():
        if action.menu() is not None:
            found += _menu_texts(action.menu(), "menu")
    for i in range(window.tabs.count()):
        tab = window.tabs.tabText(i)
        found.append(("tab", tab))
        page = window.tabs.widget(i)
        for widget in [page, *page.findChildren(QWidget)]:
            found += [(f"{tab}: {where}", text) for where, text in widget_texts(widget)]
    return [(where, text) for where, text in found if text]


# --- leaks --------------------------------------------------------------------------------------------------


def _candidates(text: str) -> Iterator[str]:
    """The text, each of its lines, each without a mnemonic's "&" and the ends' spaces."""
    for piece in {text, *text.splitlines()}:
        for form in {piece, piece.replace("&&", "\0").replace("&", "").replace("\0", "&")}:
            if form.strip():
                yield form.strip()


_MASKS: dict[int, re.Pattern[str]] = {}


def _masked(text: str, allowed: set[str]) -> str:
    """The text with each catalog text of some length in it replaced by a mark that no template's words match."""
    key = id(allowed)
    if key not in _MASKS or len(_MASKS) != 1:
        long = sorted((t for t in allowed if len(t) >= 6), key=len, reverse=True)
        _MASKS.clear()
        _MASKS[key] = re.compile("|".join(re.escape(t) for t in long) or "(?!)")
    return _MASKS[key].sub("\x01", text)


def _is_one_of(text: str, patterns: Patterns) -> bool:
    plain, templates = patterns
    return text in plain or any(pattern.fullmatch(text) for _msgid, pattern in templates)


def untranslated_own_strings(game: api.GameInfo, lang: str) -> Patterns | None:
    """A game of its own package speaks the languages its own catalogs give (`GameInfo.locale`), English in the
    others: its strings in a language it does not ship are its own, not Warband's (None: it ships `lang`, or has
    no catalogs of its own)."""
    if game.locale is None or (game.locale / lang / "LC_MESSAGES" / f"warband-{game.id}.mo").is_file():
        return None
    return english_msgids(game.locale.parent)


def english_names(
    texts: list[tuple[str, str]], names: dict[str, str], mask: set[str]
) -> list[tuple[str, str, str]]:
    """(where, text, English name) for each text holding a catalog name in English where the catalog gives it in
    the language spoken (the snapshot of a battle keeps every language of its names)."""
    if not names:
        return []
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    pattern = re.compile(r"(?<![\w'’])(" + alternatives + r")(?![\w'’])")
    found = []
    for where, text in texts:
        for hit in pattern.finditer(_masked(text, mask)):
            found.append((where, text, hit.group(1)))
    return sorted(set(found))


def leaks(
    texts: list[tuple[str, str]], allowed: set[str], own: Patterns | None = None
) -> list[tuple[str, str, str]]:
    """(where, text, msgid) for each text that is the English of a string translated in the language spoken."""
    plain, templates = english_msgids()
    found = []
    for where, text in texts:
        pending = list(_candidates(text))
        while pending:
            candidate = pending.pop()
            if candidate in allowed or re.fullmatch(r"[\d\s.,:;+\-–—/()%×]*", candidate):
                continue  # the catalogs' words, numbers
            if re.fullmatch(r"[A-Z]\d?", candidate):
                continue  # a step of the rules by its code ("B3", "C"), the same in every language
            if own is not None and _is_one_of(candidate, own):
                continue  # a plug-in's own words, in a language it does not ship
            if candidate in plain and _(candidate) != candidate:
                found.append((where, candidate, candidate))
                continue
            for msgid, pattern in templates:
                matched = pattern.fullmatch(candidate)
                if matched is None:
                    continue
                if _(msgid) == msgid:  # "{name} — Warband" is the same in every language: look at the name
                    pending += [value.strip() for value in matched.groups() if value.strip() != candidate]
                elif pattern.fullmatch(_masked(candidate, allowed)):
                    # the template's words must be the program's, not a catalog text's filling it in
                    found.append((where, candidate, msgid))
                break
    return sorted(set(found))


# --- the window in a language -------------------------------------------------------------------------------


def example_path(game: api.GameInfo) -> Path:
    (path, *_more) = sorted((game.folder() / "examples").glob("*.warband.json"))
    return path


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    assert load_language(request.param)
    yield request.param
    load_language("en")


def battle_window(make_window: Any, asker: Any, game: api.GameInfo) -> Any:
    """The real window with the game's example army open and a battle of it started (player names as the New
    Battle dialog suggests them)."""
    window = make_window()
    window.resize(1280, 800)
    assert window.open_army(example_path(game))
    QApplication.sendPostedEvents(
        None, QEvent.Type.DeferredDelete.value
    )  # the army's page replaced, as the loop does
    army = window.document.army
    box = options_box(game.id, window)
    options = box.options() if box is not None else None
    if box is not None:
        box.hide()  # what File → New Battle shows, read for its defaults only
        box.deleteLater()
    players = (_("Player 1"), _("Player 2"))[: game.sides]
    asker.new_battle_answer = NewBattle(tuple((player, army) for player in players), options)
    assert window.battles.new_battle()
    return window


def play_on(window: Any, steps: int = 12) -> None:
    """On through the battle as the model offers (rolls first, as tests/gui/test_battle_flow.py plays it), so that
    logs, outcomes, called miracles and casting spells are on screen too."""
    document = window.battles.document
    document.run.dice = api.SeededDice(5)
    for _step in range(steps):
        actions = [a for a in document.actions() if a.allowed and a.kind not in ("end_battle", "previous_phase")]
        actions = [a for a in actions if a.command is None or a.command.apply(document.battle) != document.battle]
        rolls = [a for a in actions if a.request is not None]
        if not actions:
            break
        assert document.take(rolls[0] if rolls else actions[0])


def players_words(window: Any) -> set[str]:
    """The players' own texts: their names, and every text of the example armies (army names, unit labels, notes),
    which the start page and the tabs show as the players wrote them."""
    found = {side.player for side in window.battles.document.battle.sides}
    for game in api.games():
        for path in (game.folder() / "examples").glob("*.warband.json"):
            texts = CatalogWords()
            _names_in(json.loads(path.read_text(encoding="utf-8")), "", texts)
            found |= texts.shown
    return found


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.id)
def test_every_tab_speaks_the_language(make_window, asker, builtin_load, language, game):
    window = battle_window(make_window, asker, game)
    play_on(window)
    words = catalog_words(builtin_load.for_system(game.id), language)
    allowed = words.shown | players_words(window)
    found = []
    document = window.battles.document
    for ended in (False, True):
        if ended:  # and once more with the battle over, its account shown
            assert document.take(next(a for a in document.actions() if a.kind == "end_battle"))
        for index in range(window.tabs.count()):
            window.tabs.setCurrentIndex(index)  # the window's title and actions follow the tab shown
            texts = window_texts(window)
            found += leaks(texts, allowed, untranslated_own_strings(game, language))
            found += english_names(texts, words.translated, allowed)
    shown = "\n".join(f"{where}: {text!r} (English: {msgid!r})" for where, text, msgid in sorted(set(found)))
    assert not found, f"English in {language}:\n{shown}"


# --- the sweep itself ---------------------------------------------------------------------------------------


def test_the_sweep_sees_english(language):
    """The checks find what they look for: an English msgid, an English template filled in, a catalog's English
    name where the catalog has one in the language, but not the catalog's English-only words."""
    found = leaks([("title", "Untitled army — Warband"), ("label", "Battle: Aline – Bruno")], {"Aline"})
    assert [text for _where, text, _msgid in found] == ["Battle: Aline – Bruno", "Untitled army"]
    assert leaks([("cell", "Sered")], {"Sered"}) == []
    names = english_names([("item", "Divine Messenger — ferveur 1+")], {"Divine Messenger": "x"}, set())
    assert names == [("item", "Divine Messenger — ferveur 1+", "Divine Messenger")]


def test_the_sweep_sees_a_catalog_text_left_in_english(builtin_load, language):
    """ "Durée 1 turn": a miracle's duration the catalog gives in the language, shown in English, is found."""
    words = catalog_words(builtin_load.for_system("confrontation"), language)
    assert words.translated["1 turn"] == {"fr": "1 tour", "ru": "1 ход"}[language]
    shown = [
        ("label", {"fr": "Portée 15 cm · Durée 1 turn", "ru": "Дальность 15 см · Длительность 1 turn"}[language])
    ]
    assert english_names(shown, words.translated, words.shown) == [("label", shown[0][1], "1 turn")]


# --- the cases players met (issue 17) -----------------------------------------------------------------------


def game_info(game_id: str) -> api.GameInfo:
    return next(game for game in GAMES if game.id == game_id)


def models_of(widget: QWidget, type_name: str) -> list[Any]:
    views = widget.findChildren(QAbstractItemView)
    found = {id(v.model()): v.model() for v in views if type(v.model()).__name__ == type_name}
    return list(found.values())


def test_the_window_titles_speak_the_language(make_window, asker, language):
    window = make_window()
    assert "Untitled" not in window.windowTitle()
    window = battle_window(make_window, asker, game_info("confrontation"))
    window.tabs.setCurrentIndex(1)
    assert not window.windowTitle().startswith("Battle:")
    assert window.windowTitle().startswith(_("Battle: {players}").format(players=""))


def test_confrontation_miracles_in_the_players_language(make_window, asker, qtbot, language):
    """The Resolver's miracle list, the card's line, the outcome and the tracker's Called column give the names
    the battle's snapshot holds in the player's language (CF-09)."""
    from warband.model.names import display_name
    from warband.model.systems.confrontation.battle_commands import NextPhase

    window = battle_window(make_window, asker, game_info("confrontation"))
    document = window.battles.document
    document.act(NextPhase())
    document.act(NextPhase())
    assert document.battle.phase == "divination"
    resolver = window.battles.resolver
    getattr(resolver, "catch_up", lambda: None)()
    miracles = document.battle.entries.miracles
    combo = resolver.miracle_combo
    assert combo.count() > 0
    for i in range(combo.count()):
        name = miracles[combo.itemData(i)].name
        assert combo.itemText(i).startswith(display_name(name) + " — "), combo.itemText(i)
    shown_names = {display_name(m.name) for m in miracles.values()}
    english = {
        m.name["en"] for m in miracles.values() if isinstance(m.name, dict) and "en" in m.name
    } - shown_names
    assert english, "the example army's miracles have names in the language"

    with_duration = next(i for i in range(combo.count()) if miracles[combo.itemData(i)].duration)
    combo.setCurrentIndex(with_duration)
    details = resolver.form.miracle_details.text()
    assert _("Duration {value}").split("{")[0] in details and "Duration" not in details

    resolver.sight_check.setChecked(True)
    called = combo.itemData(combo.currentIndex())
    qtbot.mouseClick(resolver.roll_button, Qt.MouseButton.LeftButton)
    assert document.run.log, "the call was rolled"
    outcome = resolver.outcome_panel.outcome_detail.text()
    assert display_name(miracles[called].name) in outcome
    assert not any(name in outcome for name in english), outcome

    (table,) = models_of(window.battles.tracker, "ModelsTableModel")
    cells = [table.index(row, table.CALLED).data() for row in range(table.rowCount())]
    assert display_name(miracles[called].name) in cells
    assert not any(name in (cell or "") for cell in cells for name in english)


def test_confrontation_account_counts_in_the_language(make_window, asker, language):
    if language != "fr":
        pytest.skip("the French words are the ones met at the table")
    from warband.model.systems.confrontation.battle_commands import NextPhase

    window = battle_window(make_window, asker, game_info("confrontation"))
    document = window.battles.document
    document.act(NextPhase())
    document.act(NextPhase())
    resolver = window.battles.resolver
    resolver.sight_check.setChecked(True)
    resolver.roll()
    summary = api.get_system("confrontation").summary(document.battle, document.run.log)
    text = " ".join(spoken_text(line) for side in summary.sides for line in side.lines)
    assert "1 appelés" not in text and "1 réussis" not in text


def test_pfpv_casting_times_in_the_language(make_window, asker, language):
    """The spell list says "(level 3, 1 round)" in the player's words: the unit of time is the program's."""
    window = battle_window(make_window, asker, game_info("pfpv"))
    combo = window.battles.resolver.findChild(QComboBox, "pfpvSpellCombo")
    items = [combo.itemText(i) for i in range(combo.count())]
    one_round = ngettext("{n} round", "{n} rounds", 1).format(n=1)
    assert any(item.endswith(f", {one_round})") for item in items), items
    if language == "ru":
        assert not any(re.search(r"\bround\b", item) for item in items), items


def test_sbg_might_columns_have_their_own_titles(make_window, asker, language):
    window = battle_window(make_window, asker, game_info("sbg"))
    (might,) = models_of(window.battles.resolver, "MightTableModel")
    titles = [might.headerData(c, Qt.Orientation.Horizontal) for c in range(might.columnCount())]
    assert len(set(titles)) == len(titles), titles


def test_powerdice_counts_dice_with_the_plural_of_the_language(make_window, asker, language):
    window = battle_window(make_window, asker, game_info("powerdice"))
    (casters,) = models_of(window.battles.tracker, "CastersTableModel")
    tips = [
        casters.index(row, column).data(Qt.ItemDataRole.ToolTipRole) or ""
        for row in range(casters.rowCount())
        for column in range(casters.columnCount())
    ]
    one = {"fr": " 1 dé de pouvoir sur ", "ru": " 1 кубик силы из "}[language]
    assert any(one in tip for tip in tips), tips


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_plural_has_every_form_of_the_language(lang):
    """`ngettext` strings (scripts/i18n.py keeps them as "singular\\0plural"): a translation gives as many forms as
    the language counts (French 2, Russian 3), each with the singular's placeholders."""
    i18n = _i18n()
    forms = int(re.search(r"nplurals=(\d+)", i18n.PLURAL_FORMS[lang]).group(1))
    po = i18n.parse_po(i18n.po_path(lang).read_text(encoding="utf-8"))
    plurals = [e for e in po.entries if i18n.PLURAL in e.msgid and not e.obsolete]
    assert plurals or not any(i18n.PLURAL in m for m in i18n.extract())
    for entry in plurals:
        if entry.msgstr:
            texts = entry.msgstr.split(i18n.PLURAL)
            assert len(texts) == forms, entry.msgid
            singular = i18n.placeholders(entry.msgid.split(i18n.PLURAL)[0])
            assert all(i18n.placeholders(text) == singular for text in texts), entry.msgid
