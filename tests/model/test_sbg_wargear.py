"""Issue 19: Strategy Battle Game wargear bought per model — costs × count in the unit and the army, the choices a
unit has, problems (SB-X2, provisional; AR-02), what changed (AR-04), the roster, a shared list and a BattleScribe
roster bringing it in, files without wargear saved as before, and named heroes still unique (SB-08)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from warband import api
from warband.export.roster_share import share_text
from warband.model.army import compare, load_army, options, parse_army, save_army, stamp, validate
from warband.model.catalog import LoadedCatalog, builtin_catalog_paths, load_catalog, load_catalogs, merge
from warband.model.list_import import import_list
from warband.model.locations import data_dir
from warband.model.storage import dumps
from warband.model.systems.sbg import roster
from warband.model.systems.sbg.rules import totals
from warband.model.systems.sbg.schema import SbgArmy, SbgCatalog

FILES = Path(__file__).resolve().parents[1] / "files"


def gear(wid: str, name: str, cost: int) -> dict:
    return {"id": wid, "name": name, "cost": cost}


CATALOG = {
    "format": "warband-catalog",
    "version": 2,
    "system": "sbg",
    "id": "sbg-test",
    "revision": 1,
    "name": "Test",
    "profiles": [
        {
            "id": "captain",
            "name": "Captain",
            "alignment": "good",
            "faction": "Rohan",
            "cost": 45,
            "courage": 4,
            "hero": {"might": 2, "will": 1, "fate": 1, "wounds": 2},
            "wargear": [gear("horse", "Horse", 10), gear("shield", "Shield", 5)],
        },
        {
            "id": "king",
            "name": "King",
            "alignment": "good",
            "faction": "Rohan",
            "cost": 75,
            "courage": 5,
            "hero": {"might": 3, "will": 3, "fate": 1, "wounds": 2},
            "unique": True,
            "wargear": [gear("horse", "Horse", 10)],
        },
        {
            "id": "rider",
            "name": "Rider",
            "alignment": "good",
            "faction": "Rohan",
            "cost": 13,
            "courage": 3,
            "wargear": [gear("shield", "Shield", 1), gear("spears", "Throwing spears", 1)],
        },
        {
            "id": "orc",
            "name": "Orc",
            "alignment": "good",
            "faction": "Rohan",
            "cost": 5,
            "courage": 2,
            "wargear": [gear("warg", "Warg", 8)],
        },
    ],
}


def catalogs_of(doc: dict = CATALOG) -> api.Catalogs:
    merged, errors = merge("sbg", [LoadedCatalog("sbg.json", SbgCatalog.model_validate(doc))])
    assert errors == []
    return merged


@pytest.fixture(scope="module")
def catalogs() -> api.Catalogs:
    return catalogs_of()


@pytest.fixture(scope="module")
def builtin() -> api.Catalogs:
    return load_catalogs(builtin_catalog_paths()).for_system("sbg")


def army(*units: dict, limit: int | None = None) -> SbgArmy:
    return SbgArmy.model_validate({"system": "sbg", "name": "A", "points_limit": limit, "units": list(units)})


def u(uid: str, profile: str, count: int = 1, *wargear: str) -> dict:
    unit: dict = {"id": uid, "profile": profile, "count": count}
    if wargear:
        unit["wargear"] = list(wargear)
    return unit


def codes(report: api.Report) -> list[tuple[str, str, str | None]]:
    return [(p.rule, p.code, p.unit.id if p.unit else None) for p in report.problems]


# --- costs ------------------------------------------------------------------------------------------------------
def test_wargear_costs_per_model_times_the_count_in_the_unit_and_the_army(catalogs):
    the_army = army(u("u1", "captain", 1, "horse", "shield"), u("u2", "rider", 8, "shield", "spears"))
    report = validate(the_army, catalogs)
    assert report.valid
    assert [c.cost for c in report.units] == [45 + 10 + 5, 8 * (13 + 1 + 1)]
    assert report.total_cost == 60 + 120 == totals(the_army, catalogs).points


def test_wargear_counts_against_the_points_limit(catalogs):
    report = validate(army(u("u1", "captain", 1, "horse"), limit=50), catalogs)
    assert codes(report) == [("AR-03", "sbg.over_limit", None)]
    assert report.problems[0].message == "The army costs 55 points, 5 over its limit of 50 points."


def test_sb_x2_wargear_its_profile_does_not_list_is_a_problem_and_not_counted(catalogs):
    report = validate(army(u("u1", "captain", 1, "warg")), catalogs)  # another profile's option
    assert codes(report) == [("SB-X2", "sbg.wargear_not_listed", "u1")]
    assert report.problems[0].message == "Captain holds the wargear warg, which Captain may not take."
    assert report.total_cost == 45


def test_sb_x2_wargear_bought_twice_is_a_problem_counted_as_it_stands(catalogs):
    report = validate(army(u("u1", "rider", 4, "shield", "shield")), catalogs)
    assert codes(report) == [("SB-X2", "sbg.wargear_twice", "u1")]
    assert report.problems[0].message == "Rider holds the wargear Shield 2 times: each model takes it once."
    assert report.total_cost == 4 * (13 + 1 + 1)  # never counted as 0: the player sees what the army holds


def test_ar_02_wargear_the_catalogs_no_longer_know_is_kept_flagged_and_saved_back(catalogs, tmp_path):
    the_army = army(u("u1", "captain", 1, "mithril", "horse"))
    report = validate(the_army, catalogs)
    assert codes(report) == [("AR-02", "sbg.wargear_unknown", "u1")]
    assert "mithril" in report.problems[0].message and "no longer know" in report.problems[0].message
    assert report.total_cost == 55
    path = tmp_path / "a.warband.json"
    save_army(the_army, path)
    assert load_army(path).units[0].wargear == ("mithril", "horse")


def test_ar_02_an_option_its_profile_listed_when_saved_is_told_as_gone(catalogs):
    the_army = stamp(army(u("u1", "captain", 1, "shield")), catalogs)
    newer = json.loads(json.dumps(CATALOG))
    newer["revision"] = 2
    newer["profiles"][0]["wargear"] = [gear("horse", "Horse", 10)]  # the rider still lists a shield
    after = catalogs_of(newer)
    assert codes(validate(the_army, after)) == [("AR-02", "sbg.wargear_unknown", "u1")]
    assert "Shield" in validate(the_army, after).problems[0].message  # its name, as the army saved it
    assert codes(validate(army(u("u1", "captain", 1, "shield")), after)) == [
        ("SB-X2", "sbg.wargear_not_listed", "u1")  # never saved with it: not an entry the catalogs lost
    ]


def test_a_profile_unknown_counts_nothing_and_keeps_its_wargear(catalogs):
    report = validate(army(u("u1", "gone", 3, "horse")), catalogs)
    assert codes(report) == [("AR-02", "profile.unknown", "u1")]
    assert report.total_cost == 0


# --- what a unit may take ---------------------------------------------------------------------------------------
def test_options_list_the_profiles_wargear_with_its_cost_eligible_and_held(catalogs):
    the_army = army(u("u1", "rider", 8, "spears"))
    choices = options(the_army, "u1", catalogs)
    assert [(c.kind, c.id, c.name, c.cost, c.eligible, c.owned) for c in choices] == [
        ("wargear", "shield", "Shield", 1, True, 0),
        ("wargear", "spears", "Throwing spears", 1, True, 1),
    ]
    assert all(c.reasons == () for c in choices)


def test_options_list_what_a_unit_holds_that_its_profile_does_not_as_refused_with_the_reason(catalogs):
    the_army = army(u("u1", "captain", 1, "warg", "mithril"))
    choices = {c.id: c for c in options(the_army, "u1", catalogs)}
    assert [choices[i].eligible for i in ("horse", "shield", "warg", "mithril")] == [True, True, False, False]
    assert [(p.rule, p.code) for p in choices["warg"].reasons] == [("SB-X2", "sbg.wargear_not_listed")]
    assert [(p.rule, p.code) for p in choices["mithril"].reasons] == [("SB-X2", "sbg.wargear_not_listed")]
    assert choices["warg"].owned == 1
    gone = options(army(u("u1", "gone", 1, "horse")), "u1", catalogs)
    assert [(c.id, c.eligible, [p.code for p in c.reasons]) for c in gone] == [
        ("horse", False, ["profile.unknown"])
    ]


def test_a_bought_option_is_taken_back_with_the_shared_edits(catalogs):
    session = api.Session(army(u("u1", "captain")))
    session.execute(api.AddEntry("u1", "wargear", "horse"))
    session.execute(api.AddEntry("u1", "wargear", "shield"))
    assert validate(session.state, catalogs).total_cost == 60
    session.execute(api.RemoveEntry("u1", "wargear", 0))
    assert session.state.units[0].wargear == ("shield",)
    session.undo()
    session.undo()
    assert session.state.units[0].wargear == ("horse",)


# --- AR-04 ------------------------------------------------------------------------------------------------------
def test_ar_04_compare_tells_when_a_bought_options_cost_changed_or_it_is_gone(catalogs):
    the_army = stamp(army(u("u1", "captain", 1, "horse", "shield"), u("u2", "rider", 8, "shield")), catalogs)
    assert compare(the_army, catalogs) == []
    newer = json.loads(json.dumps(CATALOG))
    newer["revision"] = 2
    newer["profiles"][0]["wargear"] = [gear("horse", "Horse", 15)]
    changes = compare(the_army, catalogs_of(newer))
    messages = [c.message for c in changes]
    assert "Wargear Horse: its cost went from 10 to 15 points (Captain)." in messages
    assert "Wargear Shield is no longer an option of Captain (Captain)." in messages
    assert not any("Rider" in m for m in messages)  # its shield did not change
    assert [c.code for c in changes][:2] == ["change.catalog_revision", "sbg.change.profile"]


# --- files ------------------------------------------------------------------------------------------------------
def test_a_unit_without_wargear_is_written_without_the_field_as_before(builtin):
    example = data_dir() / "sbg" / "examples" / "riders-of-rohan.warband.json"
    loaded = load_army(example)
    written = json.loads(dumps(loaded))
    assert all("wargear" not in unit for unit in written["units"])
    assert written["units"] == json.loads(example.read_text("utf-8"))["units"]
    with_gear = loaded.model_copy(update={"units": (loaded.units[0].model_copy(update={"wargear": ("horse",)}),)})
    assert json.loads(dumps(with_gear))["units"][0]["wargear"] == ["horse"]
    assert parse_army(json.loads(dumps(with_gear)), "a.json") == with_gear
    assert loaded.units[0].model_dump()["wargear"] == ()  # a unit's own dump keeps every field


def test_a_battle_of_armies_without_wargear_writes_none(builtin):
    example = load_army(data_dir() / "sbg" / "examples" / "riders-of-rohan.warband.json")
    run = api.start_battle([("Aline", example), ("Bruno", example)], builtin)
    assert '"wargear"' not in json.dumps(run.battle.model_dump(mode="json")["sides"])


# --- the roster, a shared list, a BattleScribe roster -------------------------------------------------------------
def test_the_roster_shows_the_wargear_with_its_points(catalogs):
    the_army = army(u("u1", "captain", 1, "horse"), u("u2", "rider", 8, "shield", "mithril"))
    hero = roster.unit_details(the_army.units[0], catalogs, ["en"])
    assert [(d.kind, d.name, d.cost, d.facts) for d in hero.details] == [("Wargear", "Horse", 10, ())]
    riders = roster.unit_details(the_army.units[1], catalogs, ["en"])
    assert [(d.kind, d.name, d.cost, d.facts) for d in riders.details] == [
        ("Wargear", "Shield", 8, ("8 × 1 points",)),
        ("Wargear", "mithril", None, ("not in the loaded catalogs",)),
    ]


def test_a_shared_list_brings_its_wargear_in(builtin):
    text = "Captain of Rohan: Horse, Shield\n8x Rider of Rohan: Shield\nThéoden"
    made = import_list(text, api.new_army("sbg", "Host", 500), builtin)
    assert [(u.profile, u.count, u.wargear) for u in made.army.units] == [
        ("captain-of-rohan", 1, ("horse", "shield")),
        ("rider-of-rohan", 8, ("shield",)),
        ("theoden", 1, ()),
    ]
    assert all(line.messages == () for line in made.lines)
    assert validate(made.army, builtin).total_cost == 60 + 8 * 14 + 75
    again = import_list(share_text(made.army, builtin), api.new_army("sbg"), builtin)  # Copy Roster as Text
    assert [u.wargear for u in again.army.units] == [u.wargear for u in made.army.units]
    french = import_list("Capitaine du Rohan : Cheval", api.new_army("sbg"), builtin)
    assert french.army.units[0].wargear == ("horse",)


def test_a_battlescribe_roster_brings_its_wargear_in(tmp_path):
    catalog = tmp_path / "tiny.json"
    sbg = FILES / "battlescribe" / "sbg"
    api.save_catalog(api.import_catalog("sbg", [sbg / "tiny.gst", sbg / "tiny-mark.cat"]).catalog, catalog)
    merged = api.load_catalogs(api.catalog_paths([catalog])).for_system("sbg")
    made = api.import_roster(
        api.read_roster(FILES / "battlescribe" / "rosters" / "tiny-mark.ros"), api.new_army("sbg"), merged
    )
    brego = made.army.units[0]
    assert (brego.profile, brego.wargear) == ("tiny-battle-game:brego", ("tiny-battle-game:brego-shield",))
    assert not any("Shield" in note for note in made.notes)
    assert validate(made.army, merged).units[0].cost == 80  # 75 and the shield's 5


# --- the built-in catalog ----------------------------------------------------------------------------------------
def test_the_builtin_catalog_gives_its_profiles_wargear_and_says_its_points_are_examples(builtin):
    profiles = load_catalog(data_dir() / "sbg" / "core.json").document.profiles
    with_gear = [p for p in profiles if p.wargear]
    assert len(with_gear) >= 30
    captain = next(p for p in profiles if p.id == "captain-of-rohan")
    assert {w.id: w.cost for w in captain.wargear} == {
        "horse": 10,
        "shield": 5,
        "bow": 5,
        "throwing-spears": 5,
        "heavy-armour": 5,
    }
    document = load_catalog(data_dir() / "sbg" / "core.json").document
    assert "Wargear options and their points are examples." in document.notes["en"]
    for p in with_gear:
        notes = p.notes["en"]
        assert "Example values" in notes or "Wargear points: example values." in notes, p.id
        assert all(0 < w.cost <= 15 for w in p.wargear) and len({w.id for w in p.wargear}) == len(p.wargear)


def test_the_builtin_catalogs_wargear_reads_back_as_it_was_written():
    path = data_dir() / "sbg" / "core.json"
    document = load_catalog(path).document
    assert SbgCatalog.model_validate(json.loads(dumps(document))) == document
    written = {p["id"]: p.get("wargear", []) for p in json.loads(path.read_text("utf-8"))["profiles"]}
    assert {p.id: [w.model_dump() for w in p.wargear] for p in document.profiles} == written


# --- SB-08 still ------------------------------------------------------------------------------------------------
def test_sb_08_named_heroes_are_still_unique_with_their_wargear(catalogs):
    report = validate(army(u("u1", "king", 1, "horse"), u("u2", "king")), catalogs)
    assert codes(report) == [("SB-08", "sbg.unique", "u2")]
    assert validate(army(u("u1", "captain", 1, "horse"), u("u2", "captain", 1, "shield")), catalogs).valid
    assert report.total_cost == 85 + 75
