"""`warband army import LIST -o ARMY`: an army made of a list as text, exit 0 when every line was read, 1 when
the army was written but lines were not (listed on stderr), 2 when there is nothing to go on."""

from __future__ import annotations

import io

from warband import api
from warband.cli import main
from warband.export.roster_share import share_text
from warband.model.army import load_army
from warband.model.locations import data_dir


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_warbands_shared_text_names_its_game_and_reads_back(tmp_path):
    army = load_army(data_dir() / "confrontation" / "examples" / "light-of-merin.warband.json")
    listing = tmp_path / "list.txt"
    listing.write_text(share_text(army, api.builtin_catalogs("confrontation")), encoding="utf-8")
    code, out, err = run("army", "import", str(listing), "-o", str(tmp_path / "a.warband.json"))
    assert (code, err) == (0, "")
    assert out == f"wrote {tmp_path / 'a.warband.json'}: 5 units from 5 lines\n"
    read = load_army(tmp_path / "a.warband.json")
    assert read.name == army.name and [u.miracles for u in read.units] == [u.miracles for u in army.units]


def test_unread_lines_are_listed_and_the_exit_code_says_so(tmp_path):
    listing = tmp_path / "list.txt"
    listing.write_text("Rohan\n3x Rider of Rohan\nLegolass\n", encoding="utf-8")
    code, _out, err = run(
        "army", "import", str(listing), "--system", "sbg", "-o", str(tmp_path / "a.warband.json")
    )
    assert code == 1
    assert "line 3: no profile named so: Legolass (closest: Legolas" in err
    assert load_army(tmp_path / "a.warband.json").units[0].count == 3


def test_nothing_to_go_on_is_no_verdict(tmp_path):
    listing = tmp_path / "list.txt"
    listing.write_text("3x Rider of Rohan\n", encoding="utf-8")
    code, _out, err = run("army", "import", str(listing), "-o", str(tmp_path / "a.warband.json"))
    assert code == 2 and "--system" in err
    code, _out, err = run("army", "import", str(tmp_path / "none.txt"), "--system", "sbg", "-o", "x.json")
    assert code == 2 and "none.txt" in err
    (tmp_path / "bin.txt").write_bytes(b"\xff\xfe\x00bad")
    code, _out, err = run("army", "import", str(tmp_path / "bin.txt"), "--system", "sbg", "-o", "x.json")
    assert code == 2 and "not UTF-8" in err
    listing.write_text("nothing here\n", encoding="utf-8")
    code, _out, err = run("army", "import", str(listing), "--system", "sbg", "-o", str(tmp_path / "a.json"))
    assert code == 2 and "no line of the list names a profile" in err and not (tmp_path / "a.json").exists()
    code, _out, err = run("army", "import", str(listing), "--system", "chess", "-o", str(tmp_path / "a.json"))
    assert code == 2 and "chess" in err
