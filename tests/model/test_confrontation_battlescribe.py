"""Confrontation's mapping of BattleScribe data (issue 18), on `DataSet` values written here and on a small
hand-written `.gst` + `.cat` (tests/files/battlescribe/confrontation/): peoples, profiles, Faithful, miracles,
items, costs, what is unknown (CF-X1, provisional) and what is not mapped; and the rules and battles that meet
imported values. No real BattleScribe data is used or quoted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import catalog_doc, make_army, make_catalogs, unit
from warband.model.army import options, validate
from warband.model.battlescribe.data import (
    Characteristic,
    Condition,
    Constraint,
    Cost,
    DataFile,
    DataSet,
    Entry,
    Group,
    Imported,
    Modifier,
    Profile,
    Rule,
)
from warband.model.catalog import load_catalog, merge
from warband.model.dice import TypedDice
from warband.model.session import RefusedError
from warband.model.systems.confrontation import roster
from warband.model.systems.confrontation.battle_calls import CallRequest, call_miracle, call_problems
from warband.model.systems.confrontation.battle_commands import NextPhase, SetModelNumber
from warband.model.systems.confrontation.battle_rules import divination_order, start_battle
from warband.model.systems.confrontation.battlescribe import builtin_catalogs, import_data
from warband.model.systems.confrontation.schema import ConfrontationCatalog, Cult, Faithful, Miracle

FILES = Path(__file__).resolve().parents[1] / "files" / "battlescribe" / "confrontation"
PTS = "ct-pts"

KNOWN_DOC = catalog_doc(
    peoples=[{"id": "griffins", "name": {"en": "Griffins of Akkylannia", "fr": "Griffons d'Akkylannie"}}]
)
"""The loaded catalogs the data's cults and peoples are matched with: the tests' (Merin, Mid-Nor, Yllia…)."""
KNOWN = make_catalogs(KNOWN_DOC)


# --- building data sets ---------------------------------------------------------------------------------------
def chars(**texts: str) -> tuple[Characteristic, ...]:
    return tuple(Characteristic(name, f"ch-{name}", text) for name, text in texts.items())


def card(type_name: str, values: dict[str, str], name: str = "card") -> Profile:
    return Profile(f"p-{name}", name, f"pt-{type_name}", type_name, chars(**values))


def model(eid: str, name: str, cost: float, values: dict[str, str], **more: object) -> Entry:
    return Entry(
        eid, name, "model", costs=(Cost("pts", PTS, cost),), profiles=(card("Model", values, name),), **more
    )


def miracle(eid: str, name: str, cost: float, values: dict[str, str], **more: object) -> Entry:
    profile = card("Miracle card", values, name)
    return Entry(eid, name, "upgrade", costs=(Cost("pts", PTS, cost),), profiles=(profile,), **more)


def catalogue(cid: str, name: str, *entries: Entry, library: bool = False, revision: int = 1) -> DataFile:
    return DataFile(
        "catalogue",
        cid,
        name,
        revision,
        "2.03",
        f"{cid}.cat",
        library=library,
        entries=entries,
        cost_types={PTS: "pts", "ct-mana": "Mana"},
    )


GAME = DataFile("gameSystem", "gs", "Fan skirmish (test)", 2, "2.03", "fan.gst", cost_types={PTS: "pts"})


def imported(*catalogues: DataFile, game: DataFile | None = GAME) -> Imported:
    result = import_data(DataSet(game, catalogues), "fan", known=KNOWN)
    ConfrontationCatalog.model_validate(result.catalog)  # what `catalog check` reads
    return result


def listed(result: Imported, kind: str) -> dict[str, dict]:
    return {e["id"]: e for e in result.catalog[kind]}


def merged(result: Imported):
    return make_catalogs(KNOWN_DOC, result.catalog)


# --- peoples, profiles, costs ---------------------------------------------------------------------------------
def test_peoples_one_per_catalogue_a_known_one_matched_by_name():
    result = imported(
        catalogue("c-griffins", "Griffons d'Akkylannie", model("e1", "Lancer", 18, {"MOV": "12", "DIS": "3"})),
        catalogue("c-marsh", "Folk of the Test Marshes", model("e2", "Wader", 9, {"Mouvement": "8", "DIS": "1"})),
        catalogue("c-lib", "Shared library", model("e3", "Stray", 5, {"MOV": "10", "DIS": "0"}), library=True),
    )
    profiles = listed(result, "profiles")
    assert profiles["fan:e1"]["people"] == "griffins"  # the loaded catalogs' people, by its French name
    assert profiles["fan:e2"]["people"] == "fan:c-marsh"
    assert result.catalog["peoples"][0] == {"id": "fan:c-marsh", "name": "Folk of the Test Marshes"}
    # a library is no people: a profile only it holds is given a people of its own, and that is said
    assert profiles["fan:e3"]["people"] == "fan:c-lib"
    assert any("Stray: the data does not say which people fields it" in s for s in result.unknown)


def test_profiles_discipline_and_movement_cf_16_a_dash_is_no_discipline():
    result = imported(
        catalogue(
            "c1",
            "Folk",
            model("e1", "Captain", 30, {"MOV": "10 cm", "Discipline": "4*", "INI": "3"}),
            model("e2", "Beast", 12, {"Movement": "15", "DIS": "-"}),
            model("e3", "Odd", 7, {"MOV": "12", "Ini": "2"}),  # no Discipline characteristic at all
        )
    )
    captain, beast, odd = listed(result, "profiles").values()
    assert (captain["discipline"], captain["movement"], captain["cost"]) == (4, 10, 30)
    assert captain["notes"].splitlines() == ["Discipline 4*", "MOV 10 cm", "INI 3"]  # raw values kept as written
    assert beast["discipline"] is None and "unknown" not in beast  # CF-16: none, as the data says
    assert odd["discipline"] is None and odd["unknown"] == ["discipline"]  # unknown, not none
    assert result.counts["profiles"] == 3


def test_costs_own_points_plus_unconditional_modifiers_conditional_ones_counted():
    conditional = Modifier("increment", PTS, "5", conditions=(Condition("atLeast", "selections", "roster", 1),))
    repeated = Modifier("decrement", PTS, "1", repeats=1)
    entry = model(
        "e1",
        "Knight",
        20,
        {"MOV": "10", "DIS": "3"},
        modifiers=(Modifier("set", PTS, "24"), Modifier("increment", PTS, "2.5"), conditional, repeated),
        constraints=(Constraint("c1", "max", "selections", "roster", 1),),
    )
    mana = Entry(
        "e2",
        "Adept",
        "model",
        costs=(Cost("pts", PTS, 10), Cost("Mana", "ct-mana", 3)),
        profiles=(card("Model", {"MOV": "10", "DIS": "2"}),),
        modifiers=(Modifier("set", "hidden", "true"),),
    )
    result = imported(catalogue("c1", "Folk", entry, mana))
    knight, adept = listed(result, "profiles").values()
    assert knight["cost"] == 27  # 24 set, + 2.5, rounded half up; the conditional ones are not applied
    assert adept["cost"] == 10
    assert result.unmapped["conditional cost modifiers"] == 2
    assert result.unmapped["costs that are not whole numbers (rounded)"] == 1
    assert result.unmapped["constraints (how many may be taken)"] == 1
    assert result.unmapped["cost type “Mana”"] == 1
    assert result.unmapped["modifiers other than costs"] == 1
    assert result.unmapped_examples["conditional cost modifiers"] == ["Knight"]


# --- Faithful -------------------------------------------------------------------------------------------------
def test_cf_05_the_seeds_faithful_read_from_its_ability_and_aspects():
    """« Dévot de Merin / 10 », Aspects 0/2/1: rank, cult and Faith from the ability (RULES.md's reading)."""
    entry = model(
        "e1",
        "Iron Priestess",
        30,
        {"MOV": "10", "DIS": "4", "Création": "0", "Altération": "2", "Destruction": "1"},
        rules=(Rule("r1", "Dévot de Merin / 10", "Calls miracles."),),
    )
    result = imported(catalogue("c1", "Griffins of Akkylannia", entry))
    [priestess] = result.catalog["profiles"]
    assert priestess["faithful"] == {
        "rank": "devotee",
        "cult": "merin",  # the loaded catalogs' cult
        "faith": 10,
        "aspects": {"creation": 0, "alteration": 2, "destruction": 1},
    }
    assert result.unknown == []
    assert result.counts["faithful"] == 1
    assert result.unmapped["rules' descriptions (their names are kept in the profile's notes)"] == 1


@pytest.mark.parametrize(
    ("values", "rules", "expected"),
    [
        ({"Foi": "7", "C/A/D": "1-1-0"}, ("Zealot of Mid-Nor/7",), ("zealot", "mid-nor", 7, (1, 1, 0))),
        ({"Faith": "5", "Aspects": "C1 A0 D2"}, ("Doyen d'Yllia",), ("dean", "yllia", 5, (1, 0, 2))),
        (
            {"Fervour": "3", "Aspects": "Creation 2, Alteration 1"},
            ("Fidèle de Merin",),
            (None, "merin", 3, (2, 1, 0)),
        ),
        ({"Faith": "4", "Cult": "Culte de Merin", "Aspects": "0/0/1"}, (), (None, "merin", 4, (0, 0, 1))),
    ],
)
def test_faithful_from_characteristics_and_abilities_in_english_or_french(values, rules, expected):
    entry = model(
        "e1", "Priest", 25, {"MOV": "10", "DIS": "3", **values}, rules=tuple(Rule(f"r{n}", n) for n in rules)
    )
    [profile] = imported(catalogue("c1", "Folk", entry)).catalog["profiles"]
    f = profile["faithful"]
    rank, cult, faith, levels = expected
    assert (f["rank"], f["cult"], f["faith"]) == (rank, cult, faith)
    assert tuple(f["aspects"].values()) == levels
    assert f.get("unknown", []) == ([] if rank else ["rank"])


def test_cf_x1_what_a_faithful_lacks_is_null_and_flagged_never_defaulted():
    entry = model("e1", "Pilgrim", 21, {"MOV": "10", "DIS": "2", "Foi": ""}, categories=("Faithful",))
    result = imported(catalogue("c1", "Folk", entry))
    [pilgrim] = result.catalog["profiles"]
    assert pilgrim["faithful"] == {
        "rank": None,
        "cult": None,
        "faith": None,
        "aspects": None,
        "unknown": ["rank", "cult", "faith", "aspects"],
    }
    assert result.unknown == [
        "Pilgrim: the data does not give its rank, cult, Faith and Aspects (left unknown, never guessed)."
    ]
    # the catalog reads, and writes back the same: nulls and the list, no stand-in
    document = ConfrontationCatalog.model_validate(result.catalog)
    faithful = document.profiles[0].faithful
    assert faithful is not None and faithful.faith is None and not faithful.known("cult")
    again = document.model_dump(mode="json")["profiles"][0]["faithful"]
    assert again == {**pilgrim["faithful"], "warrior_monk": False}


def test_a_cult_no_catalog_lists_becomes_one_of_the_import_its_path_unknown():
    entry = model(
        "e1", "Seer", 22, {"MOV": "10", "DIS": "3", "Faith": "6"}, rules=(Rule("r", "Devotee of Vorn / 6"),)
    )
    result = imported(catalogue("c1", "Folk", entry))
    [cult] = result.catalog["cults"]
    assert cult == {"id": "fan:cult.vorn", "name": "Vorn", "path": None, "unknown": ["path"]}
    assert result.catalog["profiles"][0]["faithful"]["cult"] == "fan:cult.vorn"
    assert any(s.startswith("The cult Vorn, which no loaded catalog lists") for s in result.unknown)
    assert result.counts["cults"] == 1


def test_a_warrior_monk_from_its_ability():
    entry = model(
        "e1", "Monk", 25, {"MOV": "10", "DIS": "3", "Foi": "4", "Abilities": "Moine-guerrier, Zélote de Merin/4"}
    )
    [monk] = imported(catalogue("c1", "Folk", entry)).catalog["profiles"]
    assert monk["faithful"]["warrior_monk"] is True
    assert (monk["faithful"]["rank"], monk["faithful"]["faith"]) == ("zealot", 4)


# --- miracles and items ---------------------------------------------------------------------------------------
def test_cf_17_miracle_cards_aspects_fervour_difficulty_range_cost():
    result = imported(
        catalogue(
            "c1",
            "Folk",
            miracle(
                "m1", "Blessing", 12, {"Cult": "Merin", "Aspects": "0/1/0", "Fervour": "1", "Difficulty": "7"}
            ),
            miracle(
                "m2",
                "Call",
                10,
                {"Culte": "Merin", "Aspects": "A1", "Ferveur": "2", "Difficulté": "F+4", "Portée": "15 cm"},
            ),
            miracle(
                "m3",
                "Wrath",
                8,
                {
                    "Cult": "Merin",
                    "Creation/Alteration/Destruction": "C0 A0 D2",
                    "Fervour": "X",
                    "Diff": "special",
                },
            ),
            miracle(
                "m4",
                "Hymn",
                6,
                {"Cult": "Merin", "Aspects": "-", "Fervour": "-", "Difficulty": "la ferveur choisie + 3"},
            ),
        )
    )
    blessing, call, wrath, hymn = listed(result, "miracles").values()
    assert (blessing["aspects"], blessing["fervour"], blessing["difficulty"], blessing["cost"]) == (
        {"creation": 0, "alteration": 1, "destruction": 0},
        1,
        7,
        12,
    )
    assert call["difficulty"] is None and call["difficulty_formula"] == {"fervour_plus": 4}
    assert (call["difficulty_note"], call["range"]) == ("F+4", "15 cm")
    assert hymn["difficulty_formula"] == {"fervour_plus": 3} and hymn["fervour"] == 0
    # what cannot be read is unknown: the fervour "X", the difficulty "special" (kept as its note)
    assert wrath["unknown"] == ["fervour", "difficulty"] and wrath["fervour"] is None
    assert (wrath["difficulty"], wrath["difficulty_note"]) == (None, "special")
    assert wrath["aspects"] == {"creation": 0, "alteration": 0, "destruction": 2}
    assert result.counts["miracles"] == 4


def test_cf_02_cf_03_cf_04_who_may_take_a_miracle_from_the_card_or_where_it_is():
    values = {"Aspects": "0/0/0", "Fervour": "1", "Difficulty": "6"}
    grouped = miracle("m5", "Grouped", 5, values)
    result = imported(
        catalogue(
            "c1",
            "Folk",
            miracle("m1", "Shared", 5, {**values, "Cult": "Merin / Mid-Nor"}),
            miracle("m2", "Anyone", 5, {**values, "Culte": "Universel"}),
            miracle("m3", "Bright", 5, {**values, "Voie": "Voies de la Lumière"}),
            miracle("m4", "Lost", 5, values),
            Entry("w", "Options", "upgrade", groups=(Group("g", "Miracles of Yllia", entries=(grouped,)),)),
            miracle("m6", "Tagged", 5, values, categories=("Culte de Mid-Nor",)),
        )
    )
    access = {m["name"]: (m["cults"], m["paths"], m["universal"]) for m in result.catalog["miracles"]}
    assert access == {
        "Shared": (["merin", "mid-nor"], [], False),
        "Anyone": ([], [], True),
        "Bright": ([], ["light"], False),
        "Lost": ([], [], False),
        "Grouped": (["yllia"], [], False),
        "Tagged": (["mid-nor"], [], False),
    }
    assert listed(result, "miracles")["fan:m4"]["unknown"] == ["access"]


def test_cf_07_magic_items_with_the_peoples_whose_catalogues_hold_them():
    relic = Entry(
        "i1", "Relic", "upgrade", costs=(Cost("pts", PTS, 12),), profiles=(card("Artefact", {"Effect": "Glows."}),)
    )
    charm = Entry("i2", "Charm", "upgrade", costs=(Cost("pts", PTS, 4),), profiles=(card("Relic", {}),))
    shelf = Entry("w", "Wargear", "upgrade", groups=(Group("g", "Magic items", entries=(charm,)),))
    game = DataFile("gameSystem", "gs", "Fan", 1, "2.03", "fan.gst", entries=(charm,), cost_types={PTS: "pts"})
    result = imported(catalogue("c1", "Folk", relic, shelf), catalogue("c2", "Others", relic), game=game)
    items = listed(result, "items")
    assert items["fan:i1"] == {
        "id": "fan:i1",
        "name": "Relic",
        "cost": 12,
        "notes": "Effect Glows.",
        "peoples": ["fan:c1", "fan:c2"],
    }
    assert "peoples" not in items["fan:i2"]  # the game system's: anyone's
    assert result.counts["items"] == 2


# --- what is not mapped, ids, hostile text, duplicates -------------------------------------------------------
def test_what_is_not_mapped_is_counted_with_examples():
    spell = Entry(
        "s1", "Fire bolt", "upgrade", costs=(Cost("pts", PTS, 9),), profiles=(card("Spell card", {"Mana": "2"}),)
    )
    hidden = Entry("h1", "Secret", "upgrade", hidden=True)
    plain = Entry("x1", "Banner", "upgrade", costs=(Cost("pts", PTS, 5),))
    group = Group(
        "g", "Options", entries=(plain,), constraints=(Constraint("c", "max", "selections", "parent", 1),)
    )
    holder = model("e1", "Captain", 30, {"MOV": "10", "DIS": "4"}, groups=(group,))
    result = imported(catalogue("c1", "Folk", spell, hidden, holder))
    assert result.unmapped == {
        "profile type “Spell card”": 1,
        "entries that are neither a profile, a miracle nor a magic item": 2,
        "hidden entries (shown only when the data's conditions are met)": 1,
        "constraints (how many may be taken)": 1,
    }
    assert result.unmapped_examples["entries that are neither a profile, a miracle nor a magic item"] == [
        "Fire bolt",
        "Banner",
    ]


def test_ids_keep_battlescribe_ids_prefixed_and_are_made_to_fit_the_same_way_every_time():
    long_id = "a" * 90
    odd = "éé id/with spaces"
    entries = [
        model("0a1b-22cd-4e5f-a6b7", "Plain", 1, {"MOV": "1", "DIS": "1"}),
        model(long_id, "Long", 1, {"MOV": "1", "DIS": "1"}),
        model(odd, "Odd", 1, {"MOV": "1", "DIS": "1"}),
        model("-id-with-spaces", "Near", 1, {"MOV": "1", "DIS": "1"}),
    ]
    first = imported(catalogue("c1", "Folk", *entries))
    again = imported(catalogue("c1", "Folk", *entries))
    ids = [p["id"] for p in first.catalog["profiles"]]
    assert ids == [p["id"] for p in again.catalog["profiles"]]
    assert ids[0] == "fan:0a1b-22cd-4e5f-a6b7"
    assert len(set(ids)) == 4 and all(len(i) <= 80 and i.startswith("fan:") for i in ids)
    assert ids[1].startswith("fan:aaaa") and ids[2].startswith("fan:id-with-spaces.")


def test_hostile_text_in_names_is_kept_as_it_is_but_bounded():
    rtl = "\u202eEvil\u202c priest\x07"
    result = imported(
        catalogue(
            "c1",
            "Folk",
            model("e1", rtl, 10, {"MOV": "10", "DIS": "2"}),
            model("e2", "N" * 10_000, 10, {"MOV": "10", "DIS": "2"}),
            model("e3", "   ", 10, {"MOV": "10", "DIS": "2"}),
        )
    )
    names = [p["name"] for p in result.catalog["profiles"]]
    assert names[0] == rtl
    assert len(names[1]) == 200 and names[1].endswith("…")
    assert names[2] == "e3"  # no name: its BattleScribe id
    assert result.unmapped["texts cut to fit the catalog (names 200 characters, notes 20,000)"] == 1
    assert result.unmapped["entries without a name (named by their BattleScribe id)"] == 1


def test_an_entry_met_twice_is_imported_once_and_a_shared_profile_once_per_people():
    priest = model("e1", "Priest", 20, {"MOV": "10", "DIS": "3"})
    linked = Entry(
        **{
            **{f: getattr(priest, f) for f in priest.__slots__},
            "link_id": "link-2",
            "costs": (Cost("pts", PTS, 25),),
        }
    )
    result = imported(catalogue("c1", "Folk", priest, priest), catalogue("c2", "Others", linked))
    profiles = listed(result, "profiles")
    assert list(profiles) == ["fan:e1", "fan:link-2"]
    assert (profiles["fan:link-2"]["people"], profiles["fan:link-2"]["cost"]) == ("fan:c2", 25)


def test_a_librarys_entries_a_catalogue_imports_are_that_peoples_and_not_imported_again():
    stray = model("e9", "Hound", 8, {"MOV": "15", "DIS": "1"})
    library = catalogue("c-lib", "Library", stray, library=True)
    result = imported(catalogue("c1", "Folk", stray), library)  # the reader gives c1 the library's root entries
    [profile] = result.catalog["profiles"]
    assert (profile["id"], profile["people"]) == ("fan:e9", "fan:c1")
    assert result.unknown == []


def test_costs_in_several_types_none_named_points_the_first_is_read_and_that_is_said():
    entry = Entry(
        "e1", "Scout", "model", costs=(Cost("Gold", "ct-gold", 7),), profiles=(card("Model", {"MOV": "1"}),)
    )
    odd = DataFile(
        "catalogue",
        "c1",
        "Folk",
        1,
        "2.03",
        "c1.cat",
        entries=(entry,),
        cost_types={"ct-gold": "Gold", "ct-x": "X"},
    )
    result = import_data(DataSet(None, (odd,)), "fan", known=KNOWN)
    assert result.catalog["profiles"][0]["cost"] == 7
    assert result.unmapped["cost types none of which is named points (the first is read as A.P.)"] == 1


def test_the_catalog_envelope_revision_and_notes():
    result = imported(catalogue("c1", "Folk", revision=7))
    catalog = result.catalog
    assert (catalog["format"], catalog["version"], catalog["system"], catalog["id"]) == (
        "warband-catalog",
        2,
        "confrontation",
        "fan",
    )
    assert catalog["revision"] == 9  # the game system's 2 and the catalogue's 7
    assert catalog["name"] == "Fan skirmish (test)"
    notes = catalog["notes"] if isinstance(catalog["notes"], str) else catalog["notes"]["en"]
    assert "later edition of Confrontation" in notes and "played with Warband's rules" in notes


def test_by_default_cults_and_peoples_are_matched_with_the_built_in_catalogs():
    entry = model(
        "e1", "Priestess", 30, {"MOV": "10", "DIS": "4", "Foi": "10"}, rules=(Rule("r", "Devotee of Merin/10"),)
    )
    result = import_data(DataSet(GAME, (catalogue("c1", "Griffins of Akkylannia", entry),)), "fan")
    [profile] = result.catalog["profiles"]
    assert (profile["people"], profile["faithful"]["cult"]) == ("griffins", "merin")
    assert "merin" in builtin_catalogs().table("cults", Cult)


# --- the catalog format ---------------------------------------------------------------------------------------
def test_cf_x1_a_null_must_be_named_unknown_and_a_value_named_unknown_must_be_null():
    with pytest.raises(ValueError, match="'faith' is null"):
        Faithful.model_validate({"rank": "dean", "cult": "merin", "faith": None})
    with pytest.raises(ValueError, match="'rank' is named in 'unknown'"):
        Faithful.model_validate({"rank": "dean", "cult": "merin", "faith": 3, "unknown": ["rank"]})
    with pytest.raises(ValueError, match="'path' is null"):
        Cult.model_validate({"id": "x", "name": "X", "path": None})
    with pytest.raises(ValueError, match="needs at least one cult"):
        Miracle.model_validate({"id": "m", "name": "M", "cost": 1})
    with pytest.raises(ValueError, match="whose access is 'unknown'"):
        Miracle.model_validate({"id": "m", "name": "M", "cost": 1, "universal": True, "unknown": ["access"]})


def test_the_built_in_catalogs_write_back_without_the_new_fields():
    for path in sorted((Path(__file__).resolve().parents[2] / "data" / "confrontation").glob("*.json")):
        raw = json.loads(path.read_text(encoding="utf-8"))
        dumped = ConfrontationCatalog.model_validate(raw).model_dump(mode="json")
        assert '"unknown"' not in json.dumps(dumped)


# --- the rules meet imported values (CF-X1) -------------------------------------------------------------------
def imported_catalogs():
    """A Faithful whose data gives nothing but Aspects; one with its cult's Path unknown; miracles of each kind."""
    values = {"Fervour": "1", "Difficulty": "6"}
    result = imported(
        catalogue(
            "c1",
            "Folk",
            model("e1", "Pilgrim", 20, {"MOV": "10", "DIS": "3", "Aspects": "1/1/1"}, categories=("Faithful",)),
            model(
                "e2",
                "Seer",
                22,
                {"MOV": "10", "Foi": "5", "Aspects": "0/0/0"},
                rules=(Rule("r", "Devotee of Vorn"),),
            ),
            miracle("m1", "Grace", 5, {**values, "Cult": "Universal", "Aspects": "0/0/0"}),
            miracle("m2", "Merin's gift", 5, {**values, "Cult": "Merin", "Aspects": "0/0/0"}),
            miracle("m3", "Lost", 5, {**values, "Aspects": "0/0/0"}),
            miracle("m4", "Light", 5, {**values, "Path": "Light", "Aspects": "0/0/0"}),
            miracle("m5", "Vague", 5, {"Cult": "Universal", "Fervour": "?", "Difficulty": "6", "Aspects": "??"}),
        )
    )
    return merged(result)


def test_cf_x1_validation_reports_a_unit_with_unknown_values():
    catalogs = imported_catalogs()
    army = make_army(unit("u1", "fan:e1", miracles=["fan:m1"]), unit("u2", "fan:e2"))
    report = validate(army, catalogs)
    assert [(p.rule, p.code, p.unit.id) for p in report.problems] == [
        ("CF-X1", "profile.values_unknown", "u1"),
        ("CF-X1", "profile.values_unknown", "u2"),
    ]
    assert report.problems[0].message == (
        "The catalog does not give the rank, cult and Faith of Pilgrim: Warband does not guess them, and cannot "
        "check the rules that need them."
    )
    assert report.total_cost == 20 + 5 + 22  # costs are the data's: counted as ever


def test_cf_x1_an_unknown_cult_cannot_be_checked_the_universal_cult_still_open():
    catalogs = imported_catalogs()
    army = make_army(unit("u1", "fan:e1", miracles=["fan:m1", "fan:m2", "fan:m3"]))
    problems = [(p.rule, p.code) for p in validate(army, catalogs).problems]
    assert problems == [
        ("CF-X1", "profile.values_unknown"),
        ("CF-X1", "miracle.cult_unknown"),  # not CF-02: whether it may is unknown, not refused
        ("CF-X1", "miracle.access_unknown"),
    ]
    picker = {c.id: c for c in options(army, "u1", catalogs) if c.kind == "miracle"}
    assert picker["fan:m1"].eligible  # CF-04
    assert not picker["fan:m2"].eligible and picker["fan:m2"].reasons[0].code == "miracle.cult_unknown"
    assert picker["fan:m2"].reasons[0].message == (
        "The catalog does not give the cult of Pilgrim: Warband cannot check that it may take Merin's gift "
        "(access — cult: Merin)."
    )


def test_cf_x1_a_cult_whose_path_is_unknown_takes_no_path_miracle_unchecked():
    catalogs = imported_catalogs()
    army = make_army(unit("u1", "fan:e2", miracles=["fan:m4", "fan:m2"]))
    problems = [(p.rule, p.code) for p in validate(army, catalogs).problems]
    assert problems == [
        ("CF-02", "miracle.no_access"),  # a miracle of Merin: the cult is known, and it is not Merin
        ("CF-X1", "profile.values_unknown"),
        ("CF-X1", "miracle.path_unknown"),
    ]


def test_cf_x1_unknown_aspects_are_not_checked_as_zero():
    catalogs = imported_catalogs()
    army = make_army(unit("u1", "fan:e1", miracles=["fan:m5"]))
    codes = [p.code for p in validate(army, catalogs).problems]
    assert codes == ["profile.values_unknown", "miracle.values_unknown", "miracle.aspects_unknown"]
    doc = catalog_doc()
    doc["profiles"].append(
        {
            "id": "blank",
            "name": "Blank",
            "people": "griffins",
            "cost": 1,
            "faithful": {"rank": "dean", "cult": "merin", "faith": 3, "aspects": None, "unknown": ["aspects"]},
        }
    )
    army = make_army(unit("u1", "blank", miracles=["merin-blessing", "small-grace"]))
    [problem] = validate(army, make_catalogs(doc)).problems[1:]
    assert (problem.rule, problem.code) == ("CF-X1", "miracle.faithful_aspects_unknown")
    assert "(Alteration 2 and Destruction 1)" in problem.message  # small-grace needs none: nothing to check


def test_cf_x1_a_roster_shows_what_is_unknown():
    catalogs = imported_catalogs()
    army = make_army(unit("u1", "fan:e1", miracles=["fan:m5"]))
    details = roster.unit_details(army.units[0], catalogs, ("en",))
    assert "? — ? / ?" in details.profile_facts
    assert details.tracks == ()  # no T.F. track without a Faith
    assert "fervour ?" in details.details[0].facts


# --- battles meet imported values -----------------------------------------------------------------------------
def test_cf_18_an_unknown_faith_starts_empty_is_not_refilled_and_a_call_says_so():
    catalogs = imported_catalogs()
    one = make_army(unit("u1", "fan:e1", miracles=["fan:m1"]))
    b = start_battle([("A", one), ("B", make_army())], catalogs)
    assert b.state("0:u1").faith == 0
    while b.phase != "divination":
        b = NextPhase().apply(b)
    [problem] = call_problems(b, CallRequest("0:u1", "fan:m1", 1, True))
    assert (problem.rule, problem.code) == ("CF-18", "call.faith_unknown")
    assert "does not give the Faith of Pilgrim" in problem.message
    b = SetModelNumber(key="0:u1", field="faith", value=4).apply(b)  # the player sets the T.F.
    b, outcome = call_miracle(b, CallRequest("0:u1", "fan:m1", 1, True), TypedDice((6, 2)))
    assert outcome.success and b.state("0:u1").faith == 3
    while b.phase != "tactical":
        b = NextPhase().apply(b)
    assert b.state("0:u1").faith == 3  # nothing to refill it to


def test_cf_x1_an_unknown_discipline_is_placed_at_its_bonus_and_the_order_says_so():
    catalogs = imported_catalogs()
    army = make_army(unit("u1", "fan:e2", miracles=["fan:m1"]), unit("u2", "fan:e1", miracles=["fan:m1"]))
    b = start_battle([("A", army), ("B", make_army())], catalogs)
    b = SetModelNumber(key="0:u1", field="discipline_bonus", value=5).apply(b)
    b = SetModelNumber(key="0:u2", field="faith", value=3).apply(b)
    while b.phase != "divination":
        b = NextPhase().apply(b)
    order = divination_order(b)
    assert [(s.key, s.discipline) for s in order.slots] == [("0:u1", 5), ("0:u2", 3)]
    [said] = order.unknown
    assert (said.rule, said.code, said.unit.id) == ("CF-X1", "order.discipline_unknown", "0:u1")
    with pytest.raises(RefusedError) as refused:  # CF-13 holds: the Seer, placed first, calls first
        call_miracle(b, CallRequest("0:u2", "fan:m1", 1, True), TypedDice((6,)))
    assert (refused.value.reason.rule, refused.value.reason.code) == ("CF-13", "call.not_turn")
    b, outcome = call_miracle(b, CallRequest("0:u1", "fan:m1", 1, True), TypedDice((6, 1)))
    assert outcome.success and b.state("0:u1").faith == 4  # its Faith, 5, is known


def test_ar_04_a_value_a_newer_import_gives_is_a_change_the_army_is_told_of():
    from warband.model.army import compare, stamp

    def release(faith: str) -> Imported:
        entry = model(
            "e1", "Seer", 22, {"MOV": "10", "DIS": "2", "Foi": faith}, rules=(Rule("r", "Devotee of Merin"),)
        )
        return imported(catalogue("c1", "Folk", entry))

    army = stamp(make_army(unit("u1", "fan:e1")), merged(release("")))
    [change] = compare(army, merged(release("6")))
    assert change.code == "change.profile" and "faithful" in change.message


# --- end to end: hand-written files, read and imported ---------------------------------------------------------
def test_end_to_end_a_hand_written_game_system_and_catalogue(tmp_path):
    from warband.model.battlescribe.importer import import_catalog

    result = import_catalog("confrontation", [FILES / "skirmish.gst", FILES / "griffins.cat"], "aark")
    catalog = result.catalog
    assert catalog["revision"] == 4 + 7
    profiles = listed(result, "profiles")
    sister = profiles["aark:e-sister"]
    assert (sister["people"], sister["cost"], sister["discipline"], sister["movement"]) == ("griffins", 30, 4, 10)
    assert sister["faithful"] == {
        "rank": "zealot",
        "cult": "merin",
        "faith": 6,
        "aspects": {"creation": 0, "alteration": 2, "destruction": 1},
    }
    assert "faithful" not in profiles["aark:e-lancer"]
    assert profiles["aark:e-pilgrim"]["faithful"]["unknown"] == ["rank", "cult", "faith", "aspects"]
    miracles = listed(result, "miracles")
    assert miracles["aark:se-grace"]["universal"] is True
    assert miracles["aark:e-radiance"]["cults"] == ["merin"]  # from the group "Miracles of Merin"
    assert miracles["aark:e-radiance"]["difficulty_formula"] == {"fervour_plus": 4}
    assert listed(result, "items")["aark:e-relic"]["peoples"] == ["griffins"]
    assert result.unmapped["profile type “Spell card”"] == 1
    assert result.unmapped["conditional cost modifiers"] == 1
    assert result.counts == {"peoples": 0, "cults": 0, "profiles": 3, "faithful": 2, "miracles": 2, "items": 1}
    # `catalog check`: the file loads and merges with the built-in catalogs, every reference found
    out = tmp_path / "aark.json"
    out.write_text(json.dumps(catalog, ensure_ascii=False), encoding="utf-8")
    builtins = [
        load_catalog(p)
        for p in sorted((Path(__file__).resolve().parents[2] / "data" / "confrontation").glob("*.json"))
    ]
    catalogs, errors = merge("confrontation", [*builtins, load_catalog(out)])
    assert errors == []
    army = make_army(
        unit("u1", "aark:e-sister", miracles=["aark:e-radiance", "aark:se-grace"], items=["aark:e-relic"])
    )
    report = validate(army, catalogs)
    assert report.valid, report.problems
    assert report.total_cost == 30 + 10 + 5 + 12
