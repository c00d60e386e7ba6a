"""SB-X1 (provisional): a hero whose imported data does not say Good or Evil. The builder says "Unknown", and the
tracker's heroic roll-off line tells the players to settle the order at the table instead of failing."""

from __future__ import annotations

import copy
from pathlib import Path

from warband import api
from warband.gui.systems.sbg.builder_profiles import alignment_name
from warband.gui.systems.sbg.tracker_heroics import _rolloff_text
from warband.model.battlescribe.importer import import_catalog
from warband.model.catalog import LoadedCatalog, merge
from warband.model.systems.sbg.schema import SbgCatalog

FILES = Path(__file__).resolve().parents[1] / "files" / "battlescribe" / "sbg"


def catalogs_with_unknown_hero():
    doc = copy.deepcopy(import_catalog("sbg", [FILES / "tiny.gst", FILES / "tiny-mark.cat"]).catalog)
    hero = next(p for p in doc["profiles"] if p.get("hero"))
    hero["alignment"] = None
    hero["unknown"] = ["alignment"]
    catalogs, errors = merge("sbg", [LoadedCatalog("tiny.json", SbgCatalog.model_validate(doc))])
    assert errors == []
    return catalogs, hero["id"]


def test_sb_x1_the_builder_and_the_tracker_say_the_alignment_is_unknown():
    catalogs, hero = catalogs_with_unknown_hero()
    assert alignment_name(None) == "Unknown" and alignment_name("good") == "Good"
    army = api.SetUnitField("u1", "label", "Brego").apply(api.AddUnit("u1", hero).apply(api.new_army("sbg")))
    report = api.validate(army, catalogs)
    assert [p.rule for p in report.problems] == ["SB-X1"]
    battle = api.get_system("sbg").start_battle([("Aline", army), ("Bruno", army)], catalogs, None, 0)
    text = _rolloff_text(battle)
    assert "Brego" in text and "settle at the table who goes first" in text
