"""CF-X1 (provisional): a Faithful whose imported data gives no rank, cult, Faith or Aspects. The builder says
"unknown" where those values go — never the stand-ins the model holds for them — and the picker shows "?" for a
miracle value the data lacks; the Problems panel names the rule."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QLabel

from warband import api
from warband.model.battlescribe.importer import import_catalog
from warband.model.catalog import builtin_catalog_paths, load_catalogs

FILES = Path(__file__).resolve().parents[1] / "files" / "battlescribe" / "confrontation"


def test_cf_x1_the_builder_says_unknown_where_the_data_gives_nothing(make_window, tmp_path, qtbot):
    imported = import_catalog("confrontation", [FILES / "skirmish.gst", FILES / "griffins.cat"])
    path = tmp_path / "ast.json"
    api.save_catalog(imported.catalog, path)
    load = load_catalogs([*builtin_catalog_paths(), path])
    assert load.errors == ()
    window = make_window(load)
    window.show()
    qtbot.waitExposed(window)
    army = api.AddUnit("u1", "ast:e-pilgrim").apply(api.new_army("confrontation"))
    army_path = tmp_path / "pilgrim.warband.json"
    api.save_army(army, army_path)
    assert window.open_army(army_path)
    window.document.select("u1")
    qtbot.waitUntil(lambda: window.findChild(QLabel, "unitFaith").text() != "")
    faith = window.findChild(QLabel, "unitFaith")
    assert faith.text() == "rank unknown — unknown / unknown — Aspects unknown"
    assert "Devotee" not in faith.text() and "Creation 0" not in faith.text()
    rules = [problem.rule for problem in window.document.report.problems]
    assert "CF-X1" in rules


def test_cf_x1_the_tracker_shows_no_faith_it_does_not_know(make_window, asker, tmp_path, qtbot):
    from PySide6.QtWidgets import QAbstractItemView

    from warband.gui.new_battle_dialog import NewBattle

    imported = import_catalog("confrontation", [FILES / "skirmish.gst", FILES / "griffins.cat"])
    path = tmp_path / "ast.json"
    api.save_catalog(imported.catalog, path)
    load = load_catalogs([*builtin_catalog_paths(), path])
    window = make_window(load)
    army = api.AddUnit("u1", "ast:e-pilgrim").apply(api.new_army("confrontation"))
    army = api.AddUnit("u2", "iron-priestess").apply(army)
    asker.new_battle_answer = NewBattle((("Aline", army), ("Bruno", army)), None)
    assert window.battles.new_battle()
    views = window.battles.tracker.findChildren(QAbstractItemView)
    (table,) = {id(v.model()): v.model() for v in views if type(v.model()).__name__ == "ModelsTableModel"}.values()
    faiths = {table.index(row, 1).data(): table.index(row, table.FAITH).data() for row in range(table.rowCount())}
    assert [value for value in faiths.values() if value and value.endswith("/ ?")], faiths
    assert all("None" not in (value or "") for value in faiths.values())


def test_cf_x1_the_divination_panel_says_where_it_placed_an_unknown_discipline(make_window, asker, tmp_path):
    from warband.gui.new_battle_dialog import NewBattle

    doc = import_catalog("confrontation", [FILES / "skirmish.gst", FILES / "griffins.cat"]).catalog
    sister = next(p for p in doc["profiles"] if p["id"] == "ast:e-sister")
    sister["discipline"] = None
    sister["unknown"] = ["discipline"]
    path = tmp_path / "ast.json"
    api.save_catalog(doc, path)
    window = make_window(load_catalogs([*builtin_catalog_paths(), path]))
    army = api.AddUnit("u1", "ast:e-sister").apply(api.new_army("confrontation"))
    army = api.AddEntry("u1", "miracles", "ast:se-grace").apply(
        api.SetUnitField("u1", "label", "Sister Agnes").apply(army)
    )
    asker.new_battle_answer = NewBattle((("Aline", army), ("Bruno", army)), None)
    assert window.battles.new_battle()
    from warband.model.systems.confrontation.battle_commands import NextPhase

    label = window.findChild(QLabel, "divinationUnknown")
    document = window.battles.document
    document.act(NextPhase())
    document.act(NextPhase())
    assert document.battle.phase == "divination"
    assert not label.isHidden()
    assert "The catalog does not give the Discipline of Sister Agnes" in label.text()
