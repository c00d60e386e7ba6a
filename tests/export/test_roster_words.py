"""The words of an exported roster (issue 17): a party shows no points, a problem names its unit as the roster
does (never by its id), a cult whose name says "Cult of" is not doubled, and the roster command speaks the game's
points."""

from __future__ import annotations

import io

import pytest

from tests.export.test_roster import page_text
from tests.helpers import catalog_doc, make_army, make_catalogs, unit
from warband.cli import main
from warband.export.roster import as_html, as_pdf, as_text
from warband.model.army import load_army, validate
from warband.model.catalog import builtin_catalog_paths, load_catalogs
from warband.model.locations import data_dir

PARTY = data_dir() / "pfpv" / "examples" / "the-company.warband.json"
RIDERS = data_dir() / "sbg" / "examples" / "riders-of-rohan.warband.json"


def run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue()


@pytest.fixture(scope="module")
def pfpv_catalogs():
    return load_catalogs(builtin_catalog_paths()).for_system("pfpv")


def test_a_party_exports_no_points(pfpv_catalogs):
    party = load_army(PARTY)
    for shown in (as_text(party, pfpv_catalogs), page_text(as_html(party, pfpv_catalogs))):
        assert "A.P." not in shown and "points" not in shown.lower() and "Total" not in shown
        assert "Merlin" in shown  # the characters are all there


def test_a_party_roster_from_the_command_line_shows_no_points():
    code, out = run("roster", str(PARTY), "--format", "text", "-o", "-")
    assert code == 0
    assert "A.P." not in out and "Total" not in out and "no limit" not in out


def test_the_roster_command_speaks_the_games_points():
    code, out = run("roster", str(RIDERS), "--format", "text", "-o", "-")
    assert code in (0, 1)
    assert "points" in out and "A.P." not in out
    total = next(line for line in out.splitlines() if line.startswith("Total"))
    assert total.endswith("points") or "points (" in total


def test_a_problem_names_its_unit_by_its_label_never_its_id():
    army = make_army(
        unit("u1", "iron-priestess", miracles=["dark-pact"], label="Mother Superior"),
        unit("u7", "mid-nor-priest", miracles=["merin-blessing"]),
    )
    catalogs = make_catalogs()
    assert {p.unit.id for p in validate(army, catalogs).problems if p.unit} == {"u1", "u7"}
    text, html = as_text(army, catalogs), page_text(as_html(army, catalogs))
    for shown in (text, html):
        assert "(u1)" not in shown and "(u7)" not in shown
        assert "Mother Superior: Mother Superior may not take Dark Pact" in shown
        assert "Mid-Nor priest: " in shown  # no label: its profile's name, as its heading says
    assert "   CF-02  Mother Superior: " in text
    assert as_pdf(army, catalogs).startswith(b"%PDF")  # the PDF is printed from the same HTML


def test_units_of_the_same_name_are_told_apart_by_their_number():
    army = make_army(
        unit("u1", "iron-priestess", miracles=["dark-pact"]),
        unit("u2", "iron-priestess", miracles=["mid-nor-curse"]),
    )
    text = as_text(army, make_catalogs())
    assert "CF-02  1. Iron Priestess: " in text and "CF-02  2. Iron Priestess: " in text
    assert "(u1)" not in text and "(u2)" not in text


def test_a_cult_named_cult_of_is_not_doubled():
    doc = catalog_doc()
    doc["cults"] = [{**c, "name": "Cult of the Free City"} if c["id"] == "cadwallon" else c for c in doc["cults"]]
    merin_blessing = next(m for m in doc["miracles"] if m["id"] == "merin-blessing")
    doc["miracles"].append({**merin_blessing, "id": "free-ward", "name": "Free Ward", "cults": ["cadwallon"]})
    army = make_army(unit("u1", "iron-priestess", miracles=["free-ward"], label="Mother Superior"))
    catalogs = make_catalogs(doc)
    [problem] = validate(army, catalogs).problems
    assert problem.message == (
        "Mother Superior may not take Free Ward (access — cult: Cult of the Free City; Mother Superior — "
        "cult: Merin, Path: the Ways of Light)."
    )
    assert "cult of Cult" not in as_text(army, catalogs)
