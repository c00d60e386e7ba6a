"""The Strategy Battle Game's BattleScribe mapping, on `DataSet` values written here by hand (never real data): the
profiles, their costs and wargear, spells with casting values, named heroes (SB-08), alignment known or unknown
(SB-X1, provisional), what is not mapped; and armies and battles built on the imported catalog."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from warband.model.army import compare, stamp, validate
from warband.model.battlescribe.data import (
    Characteristic,
    Condition,
    Constraint,
    Cost,
    DataFile,
    DataSet,
    Entry,
    Group,
    Modifier,
    Profile,
    Rule,
)
from warband.model.catalog import ID_PATTERN, LoadedCatalog, merge
from warband.model.session import RefusedError
from warband.model.storage import CURRENT_VERSIONS, validate_model
from warband.model.systems.sbg import battle_rules, heroics, play, roster
from warband.model.systems.sbg.battle_commands import Declare, NameHero, RollOff, StopNaming
from warband.model.systems.sbg.battlescribe import import_data
from warband.model.systems.sbg.schema import Profile as SbgProfile
from warband.model.systems.sbg.schema import SbgArmy, SbgCatalog

FILES = Path(__file__).resolve().parents[1] / "files" / "battlescribe" / "sbg"
PTS = "pts-type"
HERO = "hero-type"
WARRIOR = "warrior-type"
POWER = "power-type"
CASTING = "casting-char"
RANGE = "range-char"
DEFENCE = "defence-char"


# --- hand-made data -------------------------------------------------------------------------------------------
def chars(type_ids: dict[str, str] | None = None, **values: str) -> tuple[Characteristic, ...]:
    names = {
        "Mv": "Movement",
        "F": "Fight",
        "S": "Strength",
        "D": "Defence",
        "A": "Attacks",
        "W": "Wounds",
        "C": "Courage",
        "M": "Might",
        "Wi": "Will",
        "Fa": "Fate",
        "Tier": "Heroic Tier",
        "K": "Keywords",
    }
    ids = type_ids or {}
    return tuple(Characteristic(names[key], ids.get(key, f"{key}-char"), text) for key, text in values.items())


def hero_profile(pid: str, name: str, modifiers: tuple[Modifier, ...] = (), **overrides: str) -> Profile:
    values = {"Mv": '6"', "F": "5/4+", "S": "4", "D": "6", "A": "3", "W": "2", "C": "5"}
    values.update({"M": "3", "Wi": "2", "Fa": "1", "Tier": "Hero of Valour", "K": "Man Hero"})
    values.update(overrides)
    return Profile(pid, name, HERO, "Hero", chars({"D": DEFENCE}, **values), modifiers=modifiers)


def warrior_profile(pid: str, name: str, **overrides: str) -> Profile:
    values = {"Mv": '6"', "F": "3/4+", "S": "3", "D": "4", "A": "1", "W": "1", "C": "3"}
    values.update(overrides)
    return Profile(pid, name, WARRIOR, "Warrior", chars(**values))


def power(pid: str, name: str, casting: str, reach: str) -> Profile:
    """A shared magical power, its casting value and range empty, set by the link that reaches it."""
    return Profile(
        pid,
        name,
        POWER,
        "Magical Power",
        (
            Characteristic("Duration", "duration-char", "Instant"),
            Characteristic("Range", RANGE, ""),
            Characteristic("Casting", CASTING, ""),
            Characteristic("Rule", "rule-char", "The target is stopped."),
        ),
        modifiers=(Modifier("set", CASTING, casting), Modifier("set", RANGE, reach)),
    )


def pts(value: float) -> tuple[Cost, ...]:
    return (Cost("pts", PTS, value),)


def one_per_roster(cid: str) -> Constraint:
    return Constraint(cid, "max", "selections", "roster", 1)


def one_in_parent(cid: str, kind: str = "min") -> Constraint:
    return Constraint(cid, kind, "selections", "parent", 1)


WHEN = (Condition("atLeast", "selections", "roster", 1, "other-entry"),)

HORSE = Entry("horse", "Horse", "upgrade", pts(10), (warrior_profile("horse-p", "Horse"),))
SHIELD = Entry("shield", "Shield", "upgrade", pts(5), modifiers=(Modifier("increment", PTS, "2"),))
BOW = Entry("bow", "Bow", "upgrade", pts(5), modifiers=(Modifier("increment", PTS, "1", WHEN),))

NAMED = Entry(
    "named-hero",
    "Eomund, Named Hero",
    "upgrade",
    constraints=(one_per_roster("named-max"),),
    entries=(
        Entry(
            "named-model",
            "Eomund, Named Hero",
            "model",
            pts(80),
            (
                hero_profile("named-p", "Eomund", M="3*", Fa="-"),
                power("immobilise", "Immobilise", "4+", '12"'),
                Profile("siege-p", "Siege Bow", "siege-type", "Siege", ()),
            ),
            rules=(Rule("r1", "Sworn Protector", "Guards his king."),),
            constraints=(one_in_parent("named-min"), one_in_parent("named-pmax", "max")),
            groups=(Group("options", "Options", (HORSE, SHIELD, BOW)),),
        ),
    ),
)
CAPTAIN = Entry(
    "captain",
    "Captain",
    "model",
    pts(45),
    (hero_profile("captain-p", "Captain", M="2", Wi="1", Fa="1", Tier="Hero of Fortitude"),),
    constraints=(one_in_parent("captain-max", "max"),),
    groups=(Group("captain-options", "Options", (HORSE,)),),
)
WARRIOR_ENTRY = Entry(
    "warrior",
    "Warrior of the Mark",
    "upgrade",
    profiles=(warrior_profile("warrior-p", "Warrior of the Mark"),),
    entries=(
        Entry(
            "warrior-model",
            "Warrior",
            "model",
            pts(0),
            modifiers=(Modifier("set", PTS, "6"),),
            constraints=(one_in_parent("model-min"),),
        ),
    ),
    groups=(Group("warrior-options", "Options", (SHIELD,)),),
)
MIGHTY = Entry("mighty", "Mighty One", "model", pts(300), (hero_profile("mighty-p", "Mighty One", Wi="14"),))
SHIFTING = Entry(
    "shifting", "Shifting One", "model", pts(30), (hero_profile("shifting-p", "Shifting One", Wi="*"),)
)
PRICED_LATER = Entry("priced", "Priced Later", "model", pts(20), (warrior_profile("priced-p", "Priced Later"),))
PRICED_LATER = dataclasses.replace(PRICED_LATER, modifiers=(Modifier("set", PTS, "99", WHEN),))
GOOD = Entry("alliance", "Determine Alliance", "upgrade", categories=("Misc", "Good Army"))


def catalogue(cid: str, name: str, *entries: Entry, revision: int = 3) -> DataFile:
    return DataFile("catalogue", cid, name, revision, "2.03", f"{name}.cat", "gst", entries=tuple(entries))


def data_set(*catalogues: DataFile) -> DataSet:
    system = DataFile(
        "gameSystem",
        "gst",
        "Test Battle Game",
        10,
        "2.03",
        "test.gst",
        cost_types={PTS: "pts", "count-type": "Warriors"},
        profile_types={HERO: "Hero", WARRIOR: "Warrior", POWER: "Magical Power"},
    )
    return DataSet(system, catalogues)


MARK = catalogue("mark-cat", "The Mark", GOOD, NAMED, CAPTAIN, WARRIOR_ENTRY, MIGHTY, SHIFTING, PRICED_LATER)


@pytest.fixture(scope="module")
def imported():
    return import_data(data_set(MARK), "t")


@pytest.fixture(scope="module")
def profiles(imported):
    return {p["id"]: p for p in imported.catalog["profiles"]}


def catalogs_of(*documents):
    loaded = [LoadedCatalog(f"{d['id']}.json", SbgCatalog.model_validate(d)) for d in documents]
    merged, errors = merge("sbg", loaded)
    assert errors == []
    return merged


# --- the catalog ----------------------------------------------------------------------------------------------
def test_the_result_is_a_player_catalog_of_version_2_named_by_the_prefix(imported):
    doc = imported.catalog
    assert (doc["format"], doc["version"], doc["system"]) == ("warband-catalog", 2, "sbg")
    assert doc["version"] == CURRENT_VERSIONS["warband-catalog"]
    assert (doc["id"], doc["name"], doc["revision"]) == ("t", "Test Battle Game", 13)  # 10 + 3
    validate_model(SbgCatalog, json.loads(json.dumps(doc)), "imported.json")
    assert imported.counts == {"factions": 1, "profiles": 4, "spells": 1, "wargear": 5}


def test_one_faction_per_catalogue_named_as_the_catalogue(imported, profiles):
    assert imported.catalog["factions"] == [{"id": "t:mark-cat", "name": "The Mark", "notes": None}]
    assert {p["faction"] for p in profiles.values()} == {"t:mark-cat"}


def test_ids_keep_the_battlescribe_ids_prefixed(profiles):
    assert set(profiles) == {"t:named-model", "t:captain", "t:warrior", "t:priced"}


def test_a_hero_has_might_will_fate_wounds_courage_and_the_other_characteristics(profiles):
    captain = profiles["t:captain"]
    assert captain["hero"] == {"might": 2, "will": 1, "fate": 1, "wounds": 2, "spells": []}
    assert captain["courage"] == 5
    assert captain["stats"] == {"move": '6"', "fight": "5/4+", "strength": "4", "defence": "6", "attacks": "3"}
    assert captain["heroic_tier"] == "Hero of Fortitude"


def test_values_written_as_more_than_a_number_keep_their_text_beside_the_number_used(profiles):
    named = profiles["t:named-model"]
    assert (named["hero"]["might"], named["hero"]["fate"]) == (3, 0)  # "3*"; a dash is none
    assert named["raw"] == {"might": "3*", "fate": "-"}
    assert "raw" not in profiles["t:captain"]


def test_a_warrior_costs_its_model_with_the_unconditional_modifier_and_keeps_its_wounds_as_text(profiles):
    warrior = profiles["t:warrior"]
    assert (warrior["hero"], warrior["cost"], warrior["courage"]) == (None, 6, 3)
    assert warrior["stats"]["wounds"] == "1"


def test_sb_08_a_hero_limited_to_one_in_the_roster_is_unique_a_generic_one_is_not(profiles):
    assert profiles["t:named-model"]["unique"] is True  # the max 1 of the entry wrapping it
    assert "unique" not in profiles["t:captain"]  # its max 1 is within its parent


def test_wargear_options_with_their_points_beside_the_base_cost(profiles):
    named = profiles["t:named-model"]
    assert named["cost"] == 80
    assert named["wargear"] == [
        {"id": "t:horse", "name": "Horse", "cost": 10},
        {"id": "t:shield", "name": "Shield", "cost": 7},  # 5, +2 unconditionally
        {"id": "t:bow", "name": "Bow", "cost": 5},  # its +1 is conditional: not applied, counted
    ]


def test_magical_powers_are_spells_at_the_casting_value_and_range_the_hero_knows_them(imported, profiles):
    assert profiles["t:named-model"]["hero"]["spells"] == [{"spell": "t:immobilise", "casting": 4, "range": '12"'}]
    (spell,) = imported.catalog["spells"]
    assert spell["id"] == "t:immobilise" and spell["name"] == "Immobilise"
    assert "The target is stopped." in spell["notes"] and "Duration: Instant" in spell["notes"]


def test_the_alignment_comes_from_the_catalogue_saying_good(imported, profiles):
    assert {p["alignment"] for p in profiles.values()} == {"good"}
    assert "unknown" not in profiles["t:captain"]
    assert imported.unknown == []


def test_what_is_not_mapped_is_counted_with_examples(imported):
    unmapped, examples = imported.unmapped, imported.unmapped_examples
    # the bow's and the priced warrior's
    assert unmapped["cost modifiers not applied (conditional, repeated or no number)"] == 2
    assert unmapped["profiles with a number beyond what Warband holds (0 to 9)"] == 1
    assert examples["profiles with a number beyond what Warband holds (0 to 9)"] == ["Mighty One"]
    assert examples["profiles missing a number the game needs (Courage, Wounds, Might, Will, Fate)"] == [
        "Shifting One"
    ]
    assert unmapped["profile type 'Siege'"] == 1
    assert unmapped["characteristic 'Keywords'"] == 4  # each hero's, those left out too; warriors have none
    assert examples["special rules (their text is not kept)"] == ["Eomund, Named Hero: Sworn Protector"]
    assert unmapped["constraints (limits on selections)"] >= 3
    assert "further Hero or Warrior profiles of an entry" in unmapped  # the horse's own profile
    assert all(count > 0 for count in unmapped.values())
    assert set(examples) == set(unmapped)


def test_an_unconditional_cost_applies_a_conditional_one_does_not(profiles):
    assert profiles["t:priced"]["cost"] == 20


# --- alignment ------------------------------------------------------------------------------------------------
def test_sb_x1_a_catalogue_that_does_not_say_good_or_evil_leaves_the_alignment_unknown():
    wild = catalogue("wild-cat", "The Wild", CAPTAIN)
    result = import_data(data_set(wild), "w")
    (captain,) = result.catalog["profiles"]
    assert (captain["alignment"], captain["unknown"]) == (None, ["alignment"])
    assert result.unknown == [
        "The Wild: the data does not say whether it is Good or Evil; its 1 profile has an unknown alignment."
    ]
    SbgCatalog.model_validate(result.catalog)


def test_sb_x1_a_catalogue_saying_both_is_unknown_too_and_evil_is_read():
    both = catalogue("both-cat", "Both", dataclasses.replace(GOOD, categories=("Good Army", "Evil Army")), CAPTAIN)
    evil = catalogue(
        "evil-cat", "Evil", Entry("a", "Alliance", "upgrade", categories=("Evil Army",)), WARRIOR_ENTRY
    )
    result = import_data(data_set(both, evil), "x")
    alignments = {p["name"]: p["alignment"] for p in result.catalog["profiles"]}
    assert alignments == {"Captain": None, "Warrior of the Mark": "evil"}


def test_a_profile_with_a_null_alignment_must_list_it_unknown():
    base = {"id": "p", "name": "P", "faction": "f", "cost": 1, "courage": 3}
    with pytest.raises(ValueError, match="unknown"):
        SbgProfile.model_validate({**base, "alignment": None})
    with pytest.raises(ValueError, match="unknown"):
        SbgProfile.model_validate({**base, "alignment": "good", "unknown": ["alignment"]})
    plain = SbgProfile.model_validate({**base, "alignment": "good"})
    assert plain.model_dump(mode="json") == {**base, "alignment": "good", "hero": None, "notes": None}


# --- ids and hostile text -------------------------------------------------------------------------------------
def test_ids_outside_warbands_pattern_are_made_to_fit_deterministically_and_never_collide():
    odd = [
        Entry("a b", "Spaced", "model", pts(5), (warrior_profile("p1", "Spaced"),)),
        Entry("a_b", "Underscored", "model", pts(5), (warrior_profile("p2", "Underscored"),)),
        Entry("x" * 200, "Long id", "model", pts(5), (warrior_profile("p3", "Long id"),)),
        Entry("é/ü", "Accented", "model", pts(5), (warrior_profile("p4", "Accented"),)),
    ]
    first = import_data(data_set(catalogue("c", "C", *odd)), "odd")
    again = import_data(data_set(catalogue("c", "C", *odd)), "odd")
    ids = [p["id"] for p in first.catalog["profiles"]]
    assert ids == [p["id"] for p in again.catalog["profiles"]]
    assert len(set(ids)) == 4 and "odd:a_b" in ids
    assert all(re.match(ID_PATTERN, i) for i in ids)
    SbgCatalog.model_validate(first.catalog)


def test_hostile_names_are_kept_but_bounded_and_an_empty_one_is_named_by_its_id():
    rtl = "\u202eevil\u0007 " + "n" * 10_000
    entries = [
        Entry("long", rtl, "model", pts(5), (warrior_profile("p1", "x"),)),
        Entry("blank", "  ", "model", pts(5), (warrior_profile("p2", "y"),)),
    ]
    result = import_data(data_set(catalogue("c", "C", *entries)), "h")
    long, blank = result.catalog["profiles"]
    assert long["name"].startswith("\u202eevil\u0007 ") and long["name"].endswith("…") and len(long["name"]) == 200
    assert blank["name"] == "blank"
    assert result.unmapped["texts cut to fit"] == 1
    assert result.unmapped["entries without a name (named by their id)"] == 1
    SbgCatalog.model_validate(result.catalog)


def test_data_without_a_points_cost_type_says_its_costs_are_unknown():
    gold = dataclasses.replace(
        data_set(catalogue("c", "C", CAPTAIN)).game_system, cost_types={"g": "Gold", "s": "Silver"}
    )
    result = import_data(DataSet(gold, (catalogue("c", "C", CAPTAIN),)), "g")
    assert result.catalog["profiles"][0]["cost"] == 0
    assert any("costs are unknown" in sentence for sentence in result.unknown)


def test_costs_the_catalog_cannot_hold_leave_the_profile_or_option_out_and_are_counted():
    def priced(eid: str, value: float, *modifiers: Modifier) -> Entry:
        return Entry(eid, eid, "model", pts(value), (warrior_profile(f"{eid}-p", eid),), modifiers=modifiers)

    entries = [
        priced("nan", float("nan")),
        priced("inf", float("inf")),
        priced("huge", 1e9),
        priced("half", 2.5),
        priced("negative", 5, Modifier("decrement", PTS, "10")),
        priced("words", 5, Modifier("set", PTS, "a lot")),
        dataclasses.replace(
            CAPTAIN, groups=(Group("g", "Options", (Entry("gold", "Gold", "upgrade", pts(-3)),)),)
        ),
    ]
    result = import_data(data_set(catalogue("c", "C", *entries)), "c")
    kept = {p["name"]: p for p in result.catalog["profiles"]}
    assert set(kept) == {"words", "Captain"}
    assert kept["words"]["cost"] == 5  # the modifier that is no number is not applied, and counted
    assert "wargear" not in kept["Captain"]  # the option of -3 points is left out
    assert result.unmapped["profiles or options whose cost is not a whole number from 0 to 100,000"] == 6
    assert result.unmapped["cost modifiers not applied (conditional, repeated or no number)"] == 1
    SbgCatalog.model_validate(result.catalog)


def test_a_prefix_that_is_no_catalog_id_is_refused():
    with pytest.raises(ValueError, match="prefix"):
        import_data(data_set(MARK), "not a prefix")


def test_a_hidden_entry_or_one_the_data_allows_none_of_is_left_out_and_counted():
    hidden = dataclasses.replace(CAPTAIN, id="hidden", hidden=True)
    none = dataclasses.replace(
        CAPTAIN, id="none", constraints=(Constraint("z", "max", "selections", "roster", 0),)
    )
    result = import_data(data_set(catalogue("c", "C", hidden, none)), "n")
    assert result.catalog["profiles"] == []
    assert result.unmapped["hidden entries, or entries the data allows none of"] == 2


def test_a_profile_two_factions_reach_belongs_to_the_first():
    first, second = catalogue("c1", "First", GOOD, CAPTAIN), catalogue("c2", "Second", CAPTAIN)
    result = import_data(data_set(first, second), "s")
    (captain,) = result.catalog["profiles"]
    assert captain["faction"] == "s:c1"
    assert result.unmapped["profiles several factions use (kept in the first)"] == 1
    assert [f["name"] for f in result.catalog["factions"]] == ["First", "Second"]


# --- armies and battles on the imported catalog ---------------------------------------------------------------
def army(*units):
    return SbgArmy.model_validate({"system": "sbg", "name": "A", "points_limit": 500, "units": list(units)})


def test_sb_08_and_costs_an_army_of_imported_profiles(imported):
    catalogs = catalogs_of(imported.catalog)
    two = army(
        {"id": "u1", "profile": "t:named-model"},
        {"id": "u2", "profile": "t:named-model"},
        {"id": "u3", "profile": "t:warrior", "count": 10},
    )
    report = validate(two, catalogs)
    assert report.total_cost == 80 + 80 + 60
    assert [(p.rule, p.code) for p in report.problems] == [("SB-08", "sbg.unique")]
    ok = army({"id": "u1", "profile": "t:named-model"}, {"id": "u2", "profile": "t:captain"})
    assert validate(ok, catalogs).problems == ()


def test_sb_x1_an_army_with_profiles_of_unknown_alignment_is_told_and_is_not_called_mixed():
    wild = import_data(data_set(catalogue("wild-cat", "The Wild", CAPTAIN)), "w").catalog
    mark = import_data(data_set(catalogue("mark-cat", "The Mark", GOOD, WARRIOR_ENTRY)), "t").catalog
    catalogs = catalogs_of(wild, mark)
    report = validate(army({"id": "u1", "profile": "w:captain"}, {"id": "u2", "profile": "t:warrior"}), catalogs)
    assert [(p.rule, p.code) for p in report.problems] == [("SB-X1", "sbg.alignment_unknown")]
    assert "Captain" in report.problems[0].message and "Good or Evil" in report.problems[0].message
    details = roster.unit_details(army({"id": "u1", "profile": "w:captain"}).units[0], catalogs, ["en"])
    assert details.profile_facts[2] == "The Wild (Unknown)"


def test_ar_04_a_newer_release_tells_an_army_its_wargear_changed(imported):
    before = catalogs_of(imported.catalog)
    the_army = stamp(army({"id": "u1", "profile": "t:captain"}), before)
    cheaper = dataclasses.replace(HORSE, costs=pts(15))
    newer = dataclasses.replace(CAPTAIN, groups=(Group("captain-options", "Options", (cheaper,)),))
    after = import_data(data_set(dataclasses.replace(MARK, revision=4, entries=(GOOD, newer))), "t")
    changes = compare(the_army, catalogs_of(after.catalog))
    assert any("wargear" in change.message for change in changes)


def rolloff_battle(good_profile: str, other_profile: str, catalogs):
    sides = [
        ("Aline", army({"id": "u1", "profile": good_profile})),
        ("Bruno", army({"id": "u1", "profile": other_profile})),
    ]
    b = battle_rules.start_battle(sides, catalogs)
    b = battle_rules.next_phase(battle_rules.set_priority(b, None, 0))
    b = Declare(side=1, wants=True).apply(Declare(side=0, wants=True).apply(b))
    b = NameHero(side=0, key="0:u1").apply(b)
    b = NameHero(side=1, key="1:u1").apply(b)
    return StopNaming(side=1).apply(StopNaming(side=0).apply(b))


def test_sb_x1_the_heroic_roll_off_is_refused_while_an_alignment_is_unknown():
    wild = import_data(data_set(catalogue("wild-cat", "The Wild", CAPTAIN)), "w").catalog
    mark = import_data(data_set(catalogue("mark-cat", "The Mark", GOOD, NAMED)), "t").catalog
    b = rolloff_battle("t:named-model", "w:captain", catalogs_of(wild, mark))
    assert b.heroics.stage == "rolloff"
    assert heroics.unknown_alignments(b) == ["Captain"]
    with pytest.raises(RefusedError) as err:
        RollOff(roll=5).apply(b)
    assert (err.value.reason.rule, err.value.reason.code) == ("SB-X1", "sbg.rolloff_unknown")
    assert "Captain" in err.value.reason.message and "at the table" in err.value.reason.message
    (action,) = [a for a in play.actions(b) if a.kind == "roll_off"]
    assert action.refusal is not None and action.refusal.rule == "SB-X1"
    with pytest.raises(RefusedError):
        play.odds(b, play.HeroicRollOff())
    assert battle_rules.next_phase(b).phase == "shoot"  # the battle goes on: the order is settled at the table


def test_sb_05_the_roll_off_still_follows_known_alignments(imported):
    evil_cat = catalogue("evil-cat", "Evil", Entry("a", "Alliance", "upgrade", categories=("Evil Army",)), CAPTAIN)
    evil = import_data(data_set(evil_cat), "e").catalog
    b = rolloff_battle("t:named-model", "e:captain", catalogs_of(imported.catalog, evil))
    assert RollOff(roll=2).apply(b).heroics.first == 1  # 1-3: Evil first
    assert RollOff(roll=5).apply(b).heroics.first == 0  # 4-6: Good first


# --- end to end: hand-written files through the reader ----------------------------------------------------------
def test_hand_written_files_import_through_the_reader():
    reader = pytest.importorskip("warband.model.battlescribe.reader")
    data = reader.read_files([FILES / "tiny.gst", FILES / "tiny-mark.cat"])
    result = import_data(data, "tiny")
    doc = validate_model(SbgCatalog, json.loads(json.dumps(result.catalog)), "tiny.json")
    by_name = {p.name: p for p in doc.profiles}
    hero = by_name["Brego, Tiny Hero"]
    assert (hero.cost, hero.unique, hero.alignment, hero.courage) == (75, True, "good", 5)
    assert hero.hero is not None and (hero.hero.might, hero.hero.will, hero.hero.fate, hero.hero.wounds) == (
        2,
        3,
        1,
        2,
    )
    assert [(k.spell, k.casting, k.range) for k in hero.hero.spells] == [("tiny:power-calm", 3, '6"')]
    assert [(w.name, w.cost) for w in hero.wargear] == [("Horse", 10), ("Shield", 5)]
    spear = by_name["Tiny Spearman"]
    assert (spear.cost, spear.hero, spear.alignment) == (8, None, "good")
    assert result.unmapped["cost modifiers not applied (conditional, repeated or no number)"] == 1
