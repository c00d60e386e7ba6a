"""Issue 18: a newer release of the same BattleScribe data, imported again, replaces the entries in place (the
same prefixed ids, a higher revision), and an army built with the older one is told what changed (AR-04)."""

from __future__ import annotations

from pathlib import Path

from warband import api

FILES = Path(__file__).resolve().parents[2] / "files" / "battlescribe" / "sbg"


def test_a_newer_release_updates_the_entries_in_place_and_the_army_is_told(tmp_path):
    catalog = tmp_path / "player" / "tiny.json"
    catalog.parent.mkdir()
    api.save_catalog(api.import_catalog("sbg", [FILES / "tiny.gst", FILES / "tiny-mark.cat"]).catalog, catalog)
    older = api.load_catalogs(api.catalog_paths([catalog])).for_system("sbg")
    army = api.AddUnit("u1", "tiny-battle-game:spearman").apply(api.new_army("sbg"))
    army = api.stamp(api.SetUnitField("u1", "count", 5).apply(army), older)
    before = api.validate(army, older).total_cost

    newer = tmp_path / "tiny-mark.cat"
    text = (FILES / "tiny-mark.cat").read_text(encoding="utf-8")
    text = text.replace('revision="5"', 'revision="6"')
    text = text.replace(
        '<cost name=" Points" typeId="tiny-pts" value="8.0"/>',
        '<cost name=" Points" typeId="tiny-pts" value="9.0"/>',
    )
    newer.write_text(text, encoding="utf-8")
    imported = api.import_catalog("sbg", [FILES / "tiny.gst", newer])
    assert imported.catalog["id"] == "tiny-battle-game" and imported.catalog["revision"] == 8
    api.save_catalog(imported.catalog, catalog)  # the same file: replaced whole
    current = api.load_catalogs(api.catalog_paths([catalog])).for_system("sbg")

    assert api.validate(army, current).total_cost == before + 5
    changes = {change.code: change for change in api.compare(army, current)}
    assert set(changes) == {"change.catalog_revision", "change.cost"}
    assert changes["change.cost"].entry == "tiny-battle-game:spearman"
    assert (
        changes["change.cost"].message
        == "Profile Tiny Spearman: its cost went from 8 to 9 points (Tiny Spearman)."
    )
