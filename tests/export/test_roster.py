"""Rosters as text, HTML and PDF: every system's example army, escaping, tick boxes, atomic writing."""

from __future__ import annotations

import errno
import os
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.helpers import make_army, make_catalogs, unit
from warband.export.roster import as_html, as_text, roster_lines, write_pdf, write_roster
from warband.model.army import Army, load_army, validate
from warband.model.catalog import Catalogs, catalog_paths, load_catalogs
from warband.model.names import display_name
from warband.model.roster import MAX_BOXES, Track
from warband.model.storage import FileError
from warband.model.system import game_info, games, known_systems, points_name, registered
from warband.model.systems.confrontation import rules as cf
from warband.model.systems.pfpv import rules as pf
from warband.model.systems.powerdice import rules as pd
from warband.model.systems.sbg import rules as sb
from warband.model.systems.sbg.schema import SbgArmy

HOSTILE = "<img src=x onerror=alert(1)>"
TEXT_TAGS = {"h1", "h2", "p", "span", "br", "ul", "li", "table", "tr", "th", "td"}
OUR_TAGS = {"html", "head", "meta", "title", "style", "body", *TEXT_TAGS}
"""The only tags a roster writes: anything else came from a player's text."""


@pytest.fixture(scope="module")
def builtin():
    load = load_catalogs(catalog_paths())
    assert load.errors == ()
    return load


def example(system: str) -> Path:
    """The game's example army, beside its built-in catalogs (Warband's `data/<id>/`, or a plug-in's own folder)."""
    (catalog, *_more) = game_info(system).builtin_catalogs()
    (path,) = sorted((catalog.parent / "examples").glob("*.warband.json"))
    return path


def example_army(builtin, system: str) -> tuple[Army, Catalogs]:
    army = load_army(example(system))
    return army, builtin.for_system(system)


class Tags(HTMLParser):
    """Every tag of a document, to prove that no player text became markup."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: set[str] = set()
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)

    def handle_data(self, data):
        self.text.append(data)


def parsed(html: str) -> Tags:
    parser = Tags()
    parser.feed(html)
    parser.close()
    return parser


def page_text(html: str) -> str:
    """What a reader sees: the text of the document, with no-break spaces as plain ones."""
    return "".join(parsed(html).text).replace("\xa0", " ")


@pytest.mark.parametrize("system", known_systems())
def test_example_army_in_text_and_html_lists_every_unit(builtin, system):
    army, catalogs = example_army(builtin, system)
    report = validate(army, catalogs)
    text = as_text(army, catalogs)
    html = as_html(army, catalogs)
    page = page_text(html)
    assert text.startswith(f"{army.name}\n")
    assert html.startswith("<!DOCTYPE html>") and html.rstrip().endswith("</html>")
    for position, cost in enumerate(report.units, start=1):
        assert f"{position}. {cost.label}" in text
        assert cost.label in page
        profile = catalogs.get("profiles", army.units[cost.index].profile)
        assert profile is not None
        assert display_name(profile.name) in text
    rows = roster_lines(army, catalogs).units
    if registered()[system].distribution == "warband":  # each of Warband's games prints a reserve; Litany has none
        assert any(row.extras.tracks for row in rows)
    for row in rows:
        for fact in (*row.extras.profile_facts, *row.extras.profile_lines):
            assert fact in text and fact in page
        for detail in row.extras.details:
            assert f"- {detail.kind}: {detail.name}" in text
            assert detail.name in page and ", ".join(detail.facts) in page
        for track in row.extras.tracks:
            assert track.name in page
    assert text.rstrip().endswith("No problems.")


@pytest.mark.parametrize("system", [game.id for game in games() if game.points_name])
def test_costs_and_totals_in_the_systems_points(builtin, system):
    army, catalogs = example_army(builtin, system)
    report = validate(army, catalogs)
    word = points_name(system)
    text = as_text(army, catalogs)
    html = as_html(army, catalogs)
    for cost in report.units:
        assert f"— {cost.cost} {word}" in text
        assert f'—&nbsp;<span class="cost">{cost.cost}&nbsp;{word}</span></h2>' in html
    total = f"Total: {report.total_cost} {word} (limit {army.points_limit} {word})"
    assert total in text
    assert f'<p class="total">{total}</p>' in html


def test_confrontation_miracles_items_and_temporary_faith(builtin):
    army, catalogs = example_army(builtin, "confrontation")
    idx = cf.index(catalogs)
    text = as_text(army, catalogs)
    page = page_text(as_html(army, catalogs))
    for held in army.units:
        profile = idx.profiles[held.profile]
        for miracle_id in held.miracles:
            miracle = idx.miracles[miracle_id]
            name = display_name(miracle.name)
            difficulty = "difficulty: table" if miracle.difficulty is None else f"difficulty {miracle.difficulty}"
            line = f"   - Miracle: {name} — {miracle.cost} A.P. — fervour {miracle.fervour}, {difficulty}"
            assert line in text
            assert f"fervour {miracle.fervour}, {difficulty}" in page
        for item_id in held.items:
            assert f"   - Item: {display_name(idx.items[item_id].name)} — {idx.items[item_id].cost} A.P." in text
        if profile.faithful is not None:
            assert f"T.F.  {'[ ]' * profile.faithful.faith}\n" in text
    # The example's Messager divin has its difficulty set at the table, and asks for Alteration 1.
    assert (
        "Divine Messenger — 12 A.P. — fervour 1, difficulty: table (the fervour chosen + 4), Aspects: Alteration 1"
        in text
    )
    assert "Devotee — Merin / 10" in text


def test_powerdice_casters_spells_and_power_dice(builtin):
    army, catalogs = example_army(builtin, "powerdice")
    idx = pd.index(catalogs)
    text = as_text(army, catalogs)
    for held in army.units:
        caster = idx.profiles[held.profile].caster
        for spell_id in held.spells:
            spell = idx.spells[spell_id]
            assert (
                f"- Spell: {display_name(spell.name)} — {spell.cost} A.P. — difficulty {spell.difficulty}" in text
            )
        if caster is not None:
            assert f"Caster: {pd.traits_text(caster.traits)}, level {caster.level}" in text
            assert f"Power dice  {'[ ]' * caster.level}\n" in text
    assert "duration: instant" in text and "duration: 2 turns" in text


def test_sbg_heroes_reserves_and_warriors_in_numbers(builtin):
    army, catalogs = example_army(builtin, "sbg")
    idx = sb.index(catalogs)
    lines = roster_lines(army, catalogs)
    text = as_text(army, catalogs)
    for held, row in zip(army.units, lines.units, strict=True):
        profile = idx.profiles[held.profile]
        if profile.hero is None:
            assert row.extras.tracks == (Track("Models lost", held.count),)
            assert f"×{held.count} — {profile.cost * held.count} points" in text
            assert f"{held.count} × {profile.cost} points" in text
        else:
            hero = profile.hero
            assert [(t.name, t.size) for t in row.extras.tracks] == [
                ("Might", hero.might),
                ("Will", hero.will),
                ("Fate", hero.fate),
                ("Wounds", hero.wounds),
            ]
            assert f"Might/Will/Fate {hero.might}/{hero.will}/{hero.fate} · Wounds {hero.wounds}" in text
    totals = sb.totals(army, catalogs)
    assert f"{totals.models} models · Might {totals.might} · Will {totals.will} · Fate {totals.fate}" in text
    theoden = text[text.index("1. Théoden King") : text.index("2. ")]
    assert "   Might        [ ][ ][ ]\n" in theoden  # Théoden: Might 3, aligned with "Models lost"
    assert "   Wounds       [ ][ ]\n" in theoden


def test_sbg_hero_spells_with_their_casting_values(builtin):
    catalogs = builtin.for_system("sbg")
    gandalf = SbgArmy.model_validate(
        {"system": "sbg", "name": "Wizard", "units": [{"id": "u1", "profile": "gandalf-the-grey"}]}
    )
    hero = sb.index(catalogs).profiles["gandalf-the-grey"].hero
    assert hero is not None
    text = as_text(gandalf, catalogs)
    for known in hero.spells:
        name = display_name(sb.index(catalogs).spells[known.spell].name)
        assert f"- Spell: {name} — casting {known.casting}+\n" in text


def test_pfpv_party_without_points_with_don_vitality_and_spells(builtin):
    army, catalogs = example_army(builtin, "pfpv")
    idx = pf.index(catalogs)
    text = as_text(army, catalogs)
    assert "A.P." not in text and "Total" not in text and "points" not in text
    for held in army.units:
        profile = idx.profiles[held.profile]
        assert f"Don {profile.don} · Vitality {profile.vitality} · MA {profile.ma}" in text
        for spell_id in profile.spells:
            spell = idx.spells[spell_id]
            assert (
                f"- Spell: {display_name(spell.name)} — level {spell.level}, casting time {display_name(spell.casting_time)}"
                in text
            )
        assert f"Vitality  {'[ ]' * profile.vitality}\n" in text
        assert f"Don       ______ / {profile.don}\n" in text  # a pool spent by tens: a number to write in
    assert "Contact: Fire 10, Earth 11" in text


def test_tick_boxes_are_sized_to_each_reserve():
    catalogs = make_catalogs()
    army = make_army(unit("u1", "iron-priestess"), unit("u2", "monk"), unit("u3", "templar"))
    rows = roster_lines(army, catalogs).units
    assert [r.extras.tracks for r in rows] == [(Track("T.F.", 10),), (Track("T.F.", 6),), ()]
    text = as_text(army, catalogs)
    assert "   T.F.  [ ][ ][ ][ ][ ][ ][ ][ ][ ][ ]\n" in text
    assert "   T.F.  [ ][ ][ ][ ][ ][ ]\n" in text
    assert text.count("T.F.") == 2  # the Templar is no Faithful: no reserve to tick
    assert as_html(army, catalogs).count("\u2610" * 10) == 1


def test_a_huge_reserve_is_a_number_to_write_in():
    assert Track("Models lost", MAX_BOXES).boxed
    assert not Track("Models lost", MAX_BOXES + 1).boxed
    assert not Track("Don", 4, tick=False).boxed


def test_html_escapes_everything_the_player_typed():
    catalogs = make_catalogs()
    army = make_army(
        unit("u1", "iron-priestess", label="<script>alert('label')</script>"),
        name=HOSTILE,
    )
    army = type(army).model_validate(
        {**army.model_dump(), "units": [{**army.units[0].model_dump(), "notes": 'Say "<b>hi</b>" & go\nline 2'}]}
    )
    html = as_html(army, catalogs)
    document = parsed(html)
    assert document.tags <= OUR_TAGS
    assert "<img" not in html and "<script" not in html and "<b>" not in html
    assert f"<h1>{'&lt;img src=x onerror=alert(1)&gt;'}</h1>" in html
    assert "<title>&lt;img src=x onerror=alert(1)&gt; — roster</title>" in html
    assert "&lt;script&gt;alert(&#x27;label&#x27;)&lt;/script&gt;" in html
    assert "Say &quot;&lt;b&gt;hi&lt;/b&gt;&quot; &amp; go<br>line 2" in html
    text = "".join(document.text)
    assert HOSTILE in text  # it prints as those characters
    assert as_text(army, catalogs).startswith(HOSTILE + "\n")


def test_problems_with_rule_ids_and_escaped_labels():
    catalogs = make_catalogs()
    army = make_army(
        unit("u1", "iron-priestess", miracles=["dark-pact", "lost-miracle"], label="<i>Aline</i>"),
        unit("u2", "gone-profile"),
        limit=10,
    )
    text = as_text(army, catalogs)
    html = as_html(army, catalogs)
    problems = validate(army, catalogs).problems
    assert f"{len(problems)} problems:" in text
    assert "   CF-02  <i>Aline</i>: <i>Aline</i> may not take Dark Pact (access — cult: Mid-Nor;" in text
    assert "   CF-07  army: The army costs" in text
    assert "- Miracle: lost-miracle — not in the loaded catalogs" in text
    assert "2. gone-profile — 0 A.P." in text
    assert '<span class="rule">CF-02</span> &lt;i&gt;Aline&lt;/i&gt;:' in html
    assert "<i>" not in html
    assert "Total: 37 A.P. (limit 10 A.P.)" in text


def test_an_army_without_a_name_or_units():
    catalogs = make_catalogs()
    text = as_text(make_army(name=""), catalogs)
    assert text.startswith("(unnamed army)\n")
    assert "Total: 0 A.P. (no limit)" in text


def test_write_pdf_makes_an_a4_pdf(qapp, builtin, tmp_path):
    army, catalogs = example_army(builtin, "confrontation")
    path = tmp_path / "roster.pdf"
    write_pdf(army, catalogs, path)
    data = path.read_bytes()
    assert data.startswith(b"%PDF-")
    assert data.rstrip().endswith(b"%%EOF")
    assert len(data) > 10_000  # text, fonts and pages, not an empty shell
    assert b"/MediaBox [0 0 595" in data  # A4: 595 × 842 points
    assert [p.name for p in tmp_path.iterdir()] == ["roster.pdf"]  # no temporary file left


def test_write_pdf_of_a_hostile_army(qapp, tmp_path):
    army = make_army(unit("u1", "iron-priestess", label=HOSTILE), name=HOSTILE)
    path = tmp_path / "hostile.pdf"
    write_pdf(army, make_catalogs(), path)
    assert path.read_bytes().startswith(b"%PDF-")


@pytest.mark.parametrize(("fmt", "start"), [("text", b"Light of Merin\n"), ("html", b"<!DOCTYPE html>")])
def test_write_roster_in_utf8(builtin, tmp_path, fmt, start):
    army, catalogs = example_army(builtin, "confrontation")
    path = tmp_path / f"roster.{fmt}"
    write_roster(army, catalogs, path, fmt)
    assert path.read_bytes().startswith(start)
    expected = as_text(army, catalogs) if fmt == "text" else as_html(army, catalogs)
    assert path.read_text(encoding="utf-8") == expected


def test_write_into_a_missing_folder_is_a_clear_error(tmp_path):
    path = tmp_path / "gone" / "roster.txt"
    with pytest.raises(FileError) as caught:
        write_roster(make_army(), make_catalogs(), path, "text")
    assert caught.value.file == str(path)
    assert caught.value.message == "cannot write the roster: the folder does not exist"


def test_a_failed_write_keeps_the_previous_file(tmp_path, monkeypatch):
    path = tmp_path / "roster.txt"
    path.write_text("the previous roster", encoding="utf-8")

    def full_disk(src, dst):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("warband.model.storage.os.replace", full_disk)
    with pytest.raises(FileError, match="cannot write the roster: the disk is full"):
        write_roster(make_army(), make_catalogs(), path, "text")
    assert path.read_text(encoding="utf-8") == "the previous roster"
    assert [p.name for p in tmp_path.iterdir()] == ["roster.txt"]
