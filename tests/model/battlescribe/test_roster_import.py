"""Issue 18: a BattleScribe roster made an army of the catalog imported from the same data — selections resolved
by entry id (through links too), counts multiplied through containers, options kept, the total as the roster's;
what the catalogs lack kept as AR-02 or named."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest

from warband import api
from warband.model.battlescribe.importer import import_catalog
from warband.model.storage import FileError

FILES = Path(__file__).resolve().parents[2] / "files" / "battlescribe"


def catalogs(tmp_path: Path, system: str, *data: Path):
    path = tmp_path / f"{system}.json"
    api.save_catalog(import_catalog(system, list(data)).catalog, path)
    return api.load_catalogs(api.catalog_paths([path])).for_system(system)


def zipped(source: Path, folder: Path, text: str | None = None) -> Path:
    path = folder / (source.stem + ".rosz")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(source.name, text if text is not None else source.read_text(encoding="utf-8"))
    return path


def test_a_rosz_round_trip_gives_the_units_counts_options_and_total(tmp_path):
    merged = catalogs(
        tmp_path,
        "confrontation",
        FILES / "confrontation" / "skirmish.gst",
        FILES / "confrontation" / "griffins.cat",
    )
    roster = api.read_roster(zipped(FILES / "rosters" / "chapel.ros", tmp_path))
    made = api.import_roster(roster, api.new_army("confrontation"), merged)
    assert made.notes == () and made.army.name == "The test chapel"
    sister, lancer = made.army.units
    assert (sister.profile, sister.label, sister.count) == ("ast:e-sister", "Sister Agnes", 1)
    assert sister.miracles == ("ast:se-grace", "ast:e-radiance") and sister.items == ("ast:e-relic",)
    assert (lancer.profile, lancer.count, lancer.miracles, lancer.items) == ("ast:e-lancer", 1, (), ())
    report = api.validate(made.army, merged)
    assert report.valid and report.total_cost == 75  # as the roster was saved


def test_counts_multiply_through_containers(tmp_path):
    merged = catalogs(tmp_path, "sbg", FILES / "sbg" / "tiny.gst", FILES / "sbg" / "tiny-mark.cat")
    text = (FILES / "rosters" / "tiny-mark.ros").read_text(encoding="utf-8")
    company = (
        '<selection id="c-1" name="Company" entryId="company" number="2" type="unit"><selections>'
        '<selection id="c-2" name="Tiny Spearman" entryId="spearman" number="5" type="model"/>'
        "</selections></selection>"
    )
    text = re.sub(r'<selection id="s-4".*?</selection>', company, text, flags=re.S)
    roster = api.read_roster(zipped(FILES / "rosters" / "tiny-mark.ros", tmp_path, text))
    made = api.import_roster(roster, api.new_army("sbg"), merged)
    assert [(u.profile, u.count) for u in made.army.units][:2] == [
        ("tiny-battle-game:brego", 1),
        ("tiny-battle-game:spearman", 10),
    ]


def test_a_roster_of_data_not_imported_names_the_game(tmp_path):
    roster = api.read_roster(FILES / "rosters" / "chapel.ros")
    with pytest.raises(FileError, match=r"import the BattleScribe data it was built with first \(Ast\)"):
        api.import_roster(roster, api.new_army("confrontation"), api.builtin_catalogs("confrontation"))


def test_units_added_to_an_army_keep_its_own(tmp_path):
    merged = catalogs(
        tmp_path,
        "confrontation",
        FILES / "confrontation" / "skirmish.gst",
        FILES / "confrontation" / "griffins.cat",
    )
    army = api.AddUnit("u1", "ast:e-lancer").apply(api.new_army("confrontation", "Mine", points_limit=300))
    made = api.import_roster(api.read_roster(FILES / "rosters" / "chapel.ros"), army, merged)
    assert made.army.units[0] == army.units[0] and len({u.id for u in made.army.units}) == 3
    assert (made.army.name, made.army.points_limit) == ("Mine", 300)
