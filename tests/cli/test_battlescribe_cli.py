"""`warband catalog import` and `warband army import ROSTER`: BattleScribe data made a player catalog that
`catalog check` passes, and a roster of that data made an army (issue 18). Files written by hand for the tests."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import pytest

from warband import api
from warband.cli import main
from warband.model.army import load_army

FILES = Path(__file__).resolve().parents[1] / "files" / "battlescribe"
DATA = [FILES / "sbg" / "tiny.gst", FILES / "sbg" / "tiny-mark.cat"]
ROSTER = FILES / "rosters" / "tiny-mark.ros"


def run(*argv: object) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main([str(a) for a in argv], out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def imported(tmp_path):
    path = tmp_path / "tiny.json"
    code, out, err = run("catalog", "import", "--system", "sbg", "-o", path, *DATA)
    assert code == 0, err
    return path, out, err


def test_the_imported_catalog_is_a_player_catalog_catalog_check_passes(imported):
    path, out, _err = imported
    assert re.fullmatch(r"wrote .*tiny\.json: catalog 'tiny-battle-game' revision 7: .*2 profiles.*\n", out)
    code, checked, _ = run("catalog", "check", path)
    assert code == 0 and "ok:" in checked
    assert api.load_catalogs([path]).errors == ()


def test_what_is_not_mapped_is_listed(imported):
    _path, _out, err = imported
    assert "not imported:" in err and "conditional" in err  # the spearman's conditional cost modifier


def test_unusable_input_is_no_verdict(tmp_path):
    broken = tmp_path / "broken.cat"
    broken.write_text(DATA[1].read_text(encoding="utf-8")[:400], encoding="utf-8")
    code, _out, err = run("catalog", "import", "--system", "sbg", "-o", tmp_path / "x.json", DATA[0], broken)
    assert code == 2 and "broken.cat" in err and not (tmp_path / "x.json").exists()
    code, _out, err = run("catalog", "import", "--system", "powerdice", "-o", tmp_path / "x.json", *DATA)
    assert code == 2 and "cannot import BattleScribe data for" in err
    code, _out, err = run("catalog", "import", "--system", "sbg", "--prefix", "no spaces", "-o", "x.json", *DATA)
    assert code == 2 and "prefix" in err


def clean_roster(folder: Path) -> Path:
    """The hand-written roster without the selections the catalog lacks, zipped as BattleScribe saves it."""
    text = ROSTER.read_text(encoding="utf-8")
    text = re.sub(r'\s*<selection id="s-[56]"[^>]*/>', "", text)
    text = re.sub(r'\s*<selections>\s*<selection id="s-3".*?</selection>\s*</selections>', "", text, flags=re.S)
    text = text.replace('value="170.0"', 'value="155.0"')
    path = folder / "tiny.rosz"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("tiny.ros", text)
    return path


def test_a_roster_round_trip_gives_its_units_counts_and_total(imported, tmp_path):
    catalog, _out, _err = imported
    roster = clean_roster(tmp_path)
    code, out, err = run("army", "import", roster, "--catalog", catalog, "-o", tmp_path / "a.warband.json")
    assert (code, err) == (0, ""), err
    assert out == f"wrote {tmp_path / 'a.warband.json'}: 2 units of the catalog 'tiny-battle-game'\n"
    army = load_army(tmp_path / "a.warband.json")
    assert [(u.profile, u.count, u.label) for u in army.units] == [
        ("tiny-battle-game:brego", 1, "Brego the Bold"),
        ("tiny-battle-game:spearman", 10, ""),
    ]
    assert (army.name, army.points_limit) == ("Riders of the Tiny Mark", 200)
    report = api.validate(army, api.load_catalogs(api.catalog_paths([catalog])).for_system("sbg"))
    assert report.total_cost == 155 and report.valid


def test_what_a_roster_holds_that_the_catalogs_lack_is_kept_or_named(imported, tmp_path):
    catalog, _out, _err = imported
    code, _out, err = run("army", "import", ROSTER, "--catalog", catalog, "-o", tmp_path / "a.warband.json")
    assert code == 1
    assert err.splitlines() == [
        "Kept, but not in the catalogs (AR-02): Old Captain",
        "Not in the catalogs: Banner of nowhere",
        "The roster was saved at 170 points; the catalogs price the army at 160.",
    ]
    army = load_army(tmp_path / "a.warband.json")
    assert army.units[-1].profile == "tiny-battle-game:gone-captain"  # AR-02: kept, flagged, saved back
    assert army.units[0].wargear == ("tiny-battle-game:brego-shield",)  # the hero's wargear option, bought


def test_a_roster_without_its_data_imported_says_so(tmp_path):
    code, _out, err = run("army", "import", ROSTER, "-o", tmp_path / "a.warband.json")
    assert code == 2 and "import the BattleScribe data it was built with first (Tiny Battle Game)" in err
