"""Characters built in a « Par le Fer et par le Verbe » party (issue 20), without Qt: made new or from a catalog
profile, edited by commands (each one undo step), saved in the army file (version 3), checked (AR-02, PF-X2),
recorded and compared without being taken for a catalog entry (AR-02, AR-04), and played in a scene exactly as
the catalogs' characters are: its numbers, its spells, its starting fatigue (PF-X1), a casting, the journal."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from warband import api
from warband.export.roster import roster_lines
from warband.model.army import unit_label
from warband.model.catalog import load_catalogs
from warband.model.edits import AddUnit, DuplicateUnit, SetUnitField
from warband.model.locations import data_dir
from warband.model.systems.pfpv.characters import (
    LEAST_DON,
    NEW_CHARACTER,
    NUMBER_FIELDS,
    SKILL_BOUNDS,
    BuildFromProfile,
    NewCharacter,
    SetCharacterField,
    SetSkill,
    SetSpellKnown,
    from_profile,
    number_bounds,
    sheet_of,
)
from warband.model.systems.pfpv.play import CastingRequest
from warband.model.systems.pfpv.roster import unit_details
from warband.model.systems.pfpv.rules import index
from warband.model.systems.pfpv.scene import CharacterState, SetValue, build_setup, label_of, profile_of
from warband.model.systems.pfpv.schema import BUILT_PROFILE, BuiltCharacter, PfpvArmy, PfpvUnit, Profile

CORE = data_dir() / "pfpv" / "core.json"
MERLIN, MORGANE, PYRO = "u1", "u2", "u3"
FIRE, EARTH, DESTRUCTION, ENCHANTMENT = "feu", "terre", "destruction", "enchantement"
FIREBALL, IGNITE, SLEEP = "boule-de-feu", "enflammer-objet", "sommeil"


@pytest.fixture(scope="module")
def catalogs() -> api.Catalogs:
    return api.builtin_catalogs("pfpv")


def party() -> api.Session[Any]:
    """Merlin of the catalogs, and Morgane built from nothing: Fire 8, Destruction 9, Fireball, fatigue 2."""
    session: api.Session[Any] = api.Session(api.new_army("pfpv", "The coven"))
    assert session.execute(AddUnit(MERLIN, "merlin"))
    assert session.execute(NewCharacter(MORGANE, "Morgane"))
    for command in (
        SetSkill(MORGANE, "contact", FIRE, 8, name="Fire"),
        SetSkill(MORGANE, "disciplines", DESTRUCTION, 9, name="Destruction"),
        SetSpellKnown(MORGANE, FIREBALL, True, name="Fireball"),
        SetCharacterField(MORGANE, "don", 60),
        SetCharacterField(MORGANE, "fatigue", 2),
    ):
        assert session.execute(command)
    return session


def character(army: api.Army, unit_id: str) -> BuiltCharacter:
    unit = army.unit(unit_id)
    assert isinstance(unit, PfpvUnit) and unit.character is not None
    return unit.character


def catalogs_without(tmp_path: Path, profiles: tuple[str, ...] = (), spells: tuple[str, ...] = ()) -> api.Catalogs:
    """The built-in catalog with some profiles and spells taken out (and the references to those spells)."""
    doc = json.loads(CORE.read_text(encoding="utf-8"))
    doc["spells"] = [s for s in doc["spells"] if s["id"] not in spells]
    kept = []
    for profile in doc["profiles"]:
        if profile["id"] in profiles:
            continue
        profile["spells"] = [s for s in profile["spells"] if s not in spells]
        profile["specialisations"] = [s for s in profile["specialisations"] if s.get("spell") not in spells]
        kept.append(profile)
    doc["profiles"] = kept
    path = tmp_path / "core.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    load = load_catalogs([path])
    assert load.errors == ()
    return load.for_system("pfpv")


# --- the model and the file -------------------------------------------------------------------------------------
def test_a_new_character_is_a_unit_of_its_own_under_the_built_profile() -> None:
    session = party()
    unit = session.state.unit(MORGANE)
    assert isinstance(unit, PfpvUnit)
    assert (unit.profile, unit.label, unit.count) == (BUILT_PROFILE, "Morgane", 1)
    assert unit.character == BuiltCharacter(
        contact={FIRE: 8}, disciplines={DESTRUCTION: 9}, don=60, vitality=10, ma=5, spells=(FIREBALL,), fatigue=2
    )
    assert unit.own_profile_name() == "Built character"
    merlin = session.state.unit(MERLIN)
    assert merlin is not None and merlin.own_profile_name() is None  # a catalog's character: its profile names it
    assert session.history[1].label == "New character"
    assert [str(step.label) for step in session.history[2:]] == [
        "Morgane: Contact skill in Fire",
        "Morgane: skill in Destruction",
        "Morgane learns Fireball",
        "Morgane: Don",
        "Morgane: Starting fatigue",
    ]


def test_the_army_file_holds_the_character_and_reads_back_the_same(tmp_path: Path) -> None:
    army = party().state
    path = tmp_path / "coven.warband.json"
    api.save_army(army, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == 3
    merlin, morgane = data["units"]
    assert "character" not in merlin  # a catalog's character is written as before
    assert morgane == {
        "id": MORGANE,
        "profile": BUILT_PROFILE,
        "label": "Morgane",
        "count": 1,
        "notes": "",
        "character": {
            "contact": {FIRE: 8},
            "disciplines": {DESTRUCTION: 9},
            "specialisations": [],
            "don": 60,
            "vitality": 10,
            "ma": 5,
            "recovery": 1,
            "spells": [FIREBALL],
            "based_on": None,
            "fatigue": 2,
        },
    }
    assert api.load_army(path) == army


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"profile": "merlin"}, "$.units[0]"),  # a built character names no catalog profile
        ({"character": None}, "$.units[0]"),  # the built profile without a character
        ({"character": {"don": 20, "vitality": 0, "ma": 1}}, "$.units[0].character.vitality"),
        ({"character": {"don": 20, "vitality": 5, "ma": 1, "fatigue": 6}}, "$.units[0].character.fatigue"),
        (
            {"character": {"don": 20, "vitality": 5, "ma": 1, "contact": {FIRE: 31}}},
            "$.units[0].character.contact",
        ),
        ({"character": {"don": 20, "vitality": 5, "ma": 1, "talent": 3}}, "$.units[0].character.talent"),
    ],
)
def test_a_broken_character_in_a_file_is_a_clear_error(tmp_path: Path, change: dict[str, Any], where: str) -> None:
    unit = {"id": "u1", "profile": BUILT_PROFILE, "character": {"don": 20, "vitality": 5, "ma": 1}, **change}
    path = tmp_path / "broken.warband.json"
    path.write_text(
        json.dumps({"format": "warband-army", "version": 3, "system": "pfpv", "units": [unit]}), encoding="utf-8"
    )
    with pytest.raises(api.FileError) as caught:
        api.load_army(path)
    assert caught.value.where.startswith(where)


def test_a_catalog_character_cannot_take_the_built_profile() -> None:
    army = api.new_army("pfpv")
    with pytest.raises(ValidationError):
        AddUnit("u1", BUILT_PROFILE).apply(army)
    with pytest.raises(ValidationError):
        SetUnitField(MORGANE, "profile", "merlin").apply(party().state)


# --- the commands -----------------------------------------------------------------------------------------------
def test_building_from_a_profile_copies_its_numbers_and_keeps_the_unit(catalogs: api.Catalogs) -> None:
    session = party()
    merlin = index(catalogs).profiles["merlin"]
    assert session.execute(SetUnitField(MERLIN, "notes", "The old one"))
    assert session.execute(BuildFromProfile(MERLIN, merlin, name="Merlin"))
    assert session.undo_label == "Build a character from Merlin"
    unit = session.state.unit(MERLIN)
    assert isinstance(unit, PfpvUnit)
    assert (unit.id, unit.profile, unit.label, unit.notes) == (MERLIN, BUILT_PROFILE, "Merlin", "The old one")
    built = character(session.state, MERLIN)
    assert built == from_profile(merlin) and built.based_on == "merlin" and built.fatigue == 0
    assert sheet_of(unit, {}) == merlin.model_copy(
        update={"id": BUILT_PROFILE, "name": "Built character", "notes": None}
    )
    assert session.state.units[0] is unit  # in its place in the party
    with pytest.raises(ValueError, match="built already"):
        BuildFromProfile(MERLIN, merlin).apply(session.state)
    labelled = AddUnit("u9", "apprentie").apply(session.state)
    labelled = SetUnitField("u9", "label", "Viviane").apply(labelled)
    apprentice = index(catalogs).profiles["apprentie"]
    assert BuildFromProfile("u9", apprentice, name="Apprentice mage").apply(labelled).units[-1].label == "Viviane"
    session.undo()
    assert session.state.unit(MERLIN) == PfpvUnit(id=MERLIN, profile="merlin", notes="The old one")


def test_each_number_is_set_within_a_profiles_bounds() -> None:
    session = party()
    for field, value in (("don", 400), ("vitality", 60), ("ma", 20), ("recovery", 8), ("fatigue", 5)):
        assert session.execute(SetCharacterField(MORGANE, field, value))
        assert getattr(character(session.state, MORGANE), field) == value
    before = session.state
    for field, value in (("don", 401), ("vitality", 0), ("ma", -1), ("recovery", 9), ("fatigue", 6)):
        with pytest.raises(ValidationError):
            session.execute(SetCharacterField(MORGANE, field, value))
        assert session.state is before  # nothing changed
    with pytest.raises(ValueError, match="not a number"):
        SetCharacterField(MORGANE, "cost", 3).apply(before)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="build it first"):
        SetCharacterField(MERLIN, "don", 50).apply(before)  # Merlin is the catalog's
    with pytest.raises(KeyError):
        SetCharacterField("u99", "don", 50).apply(before)
    assert not session.execute(SetCharacterField(MORGANE, "don", 400))  # the same value: no undo step


def test_skills_are_added_in_order_changed_in_place_and_taken_away() -> None:
    session = party()
    assert session.execute(SetSkill(MORGANE, "contact", EARTH, 6))
    assert session.execute(SetSkill(MORGANE, "contact", FIRE, 11))
    assert list(character(session.state, MORGANE).contact.items()) == [(FIRE, 11), (EARTH, 6)]
    assert session.execute(SetSkill(MORGANE, "contact", FIRE, None, name="Fire"))
    assert session.undo_label == "Morgane: Contact skill in Fire"
    assert character(session.state, MORGANE).contact == {EARTH: 6}
    assert not session.execute(SetSkill(MORGANE, "contact", FIRE, None))  # none to take away
    assert session.execute(SetSkill(MORGANE, "disciplines", ENCHANTMENT, 0))  # a skill of 0 is a skill
    assert character(session.state, MORGANE).disciplines == {DESTRUCTION: 9, ENCHANTMENT: 0}
    with pytest.raises(ValidationError):
        session.execute(SetSkill(MORGANE, "disciplines", ENCHANTMENT, 31))
    with pytest.raises(ValueError, match="not a kind of skill"):
        SetSkill(MORGANE, "magic", FIRE, 1).apply(session.state)  # type: ignore[arg-type]


def test_spells_are_learnt_once_and_forgotten() -> None:
    session = party()
    assert session.execute(SetSpellKnown(MORGANE, IGNITE, True))
    assert not session.execute(SetSpellKnown(MORGANE, IGNITE, True))  # known already
    assert character(session.state, MORGANE).spells == (FIREBALL, IGNITE)
    assert session.execute(SetSpellKnown(MORGANE, FIREBALL, False, name="Fireball"))
    assert session.undo_label == "Morgane forgets Fireball"
    assert character(session.state, MORGANE).spells == (IGNITE,)


def test_an_unlabelled_built_character_is_named_so() -> None:
    session = party()
    assert session.execute(SetUnitField(MORGANE, "label", ""))
    assert session.execute(SetCharacterField(MORGANE, "ma", 7))
    assert session.undo_label == "Built character: MA"
    unit = session.state.unit(MORGANE)
    assert unit is not None and unit_label(unit, None) == "Built character"


def test_a_duplicated_built_character_is_a_character_of_its_own() -> None:
    session = party()
    assert session.execute(DuplicateUnit(MORGANE, "u7"))
    assert session.execute(SetCharacterField("u7", "don", 99))
    assert character(session.state, "u7").don == 99 and character(session.state, MORGANE).don == 60


@given(
    st.lists(
        st.one_of(
            st.builds(
                SetCharacterField,
                st.just(MORGANE),
                st.sampled_from(("don", "vitality", "ma", "recovery", "fatigue")),
                st.integers(-2, 402),
            ),
            st.builds(
                SetSkill,
                st.just(MORGANE),
                st.sampled_from(("contact", "disciplines")),
                st.sampled_from((FIRE, EARTH, DESTRUCTION, "gone")),
                st.one_of(st.none(), st.integers(-1, 31)),
            ),
            st.builds(SetSpellKnown, st.just(MORGANE), st.sampled_from((FIREBALL, IGNITE, SLEEP)), st.booleans()),
        ),
        max_size=25,
    )
)
def test_any_edits_undone_give_the_party_back_and_redone_give_the_last(commands: list[Any]) -> None:
    session = party()
    first = session.state
    done = 0
    for command in commands:
        with contextlib.suppress(ValidationError):  # a value out of bounds is refused, and nothing changes
            done += session.execute(command)
    last = session.state
    while len(session.history) > 7:  # the seven steps `party` made stay
        session.undo()
    assert session.state == first
    while session.can_redo:
        session.redo()
    assert session.state == last
    assert len(session.history) == 7 + done


# --- problems (AR-02, AR-03, PF-X2) -----------------------------------------------------------------------------
def test_a_built_character_names_no_missing_profile(catalogs: api.Catalogs) -> None:
    report = api.validate(party().state, catalogs)
    assert report.problems == () and [(u.id, u.label, u.cost) for u in report.units] == [
        (MERLIN, "Merlin", 0),
        (MORGANE, "Morgane", 0),
    ]


def test_pf_x2_a_don_under_20_is_reported_not_refused(catalogs: api.Catalogs) -> None:
    session = party()
    assert session.execute(SetCharacterField(MORGANE, "don", LEAST_DON - 1))  # a draft may hold it (AR-03)
    [problem] = api.validate(session.state, catalogs).problems
    assert (problem.rule, problem.code) == ("PF-X2", "pf.character.don_low")
    assert problem.unit is not None and (problem.unit.id, problem.unit.index, problem.unit.label) == (
        MORGANE,
        1,
        "Morgane",
    )
    assert problem.message == "Morgane has a Don Magique of 19: a character has 20 to 400."
    assert session.execute(SetCharacterField(MORGANE, "don", LEAST_DON))
    assert api.validate(session.state, catalogs).valid


def test_ar_02_skills_and_spells_the_catalogs_do_not_know_are_flagged_and_kept(catalogs: api.Catalogs) -> None:
    session = party()
    for command in (
        SetSkill(MORGANE, "contact", "aether", 7),
        SetSkill(MORGANE, "disciplines", "necromancy", 3),
        SetSpellKnown(MORGANE, "time-stop", True),
    ):
        assert session.execute(command)
    problems = api.validate(session.state, catalogs).problems
    assert [(p.rule, p.code, p.unit.id if p.unit else None) for p in problems] == [
        ("AR-02", "pf.character.source_unknown", MORGANE),
        ("AR-02", "pf.character.discipline_unknown", MORGANE),
        ("AR-02", "pf.character.spell_unknown", MORGANE),
    ]
    assert [p.message for p in problems] == [
        "Morgane has a Contact skill in the source “aether”, which is not in the loaded catalogs: the character "
        "keeps it as it is.",
        "Morgane has a skill in the discipline “necromancy”, which is not in the loaded catalogs: the character "
        "keeps it as it is.",
        "Morgane knows the spell “time-stop”, which is not in the loaded catalogs: the character keeps it, and "
        "cannot cast it.",
    ]
    kept = character(session.state, MORGANE)
    assert "aether" in kept.contact and "time-stop" in kept.spells  # nothing dropped


def test_a_specialisation_naming_what_the_catalogs_lack_is_flagged(catalogs: api.Catalogs) -> None:
    merlin = index(catalogs).profiles["merlin"]
    data = merlin.model_dump()
    odd = Profile.model_validate(
        {
            **data,
            "specialisations": [*data["specialisations"], {"discipline": "runes", "spell": "gone", "bonus": 1}],
        }
    )
    army = BuildFromProfile(MERLIN, odd, "Merlin").apply(AddUnit(MERLIN, "merlin").apply(api.new_army("pfpv")))
    assert [(p.code, dict(p.params)) for p in api.validate(army, catalogs).problems] == [
        ("pf.character.discipline_unknown", {"unit": "Merlin", "discipline": "runes"}),
        ("pf.character.spell_unknown", {"unit": "Merlin", "spell": "gone"}),
    ]


def test_ar_02_the_profile_it_was_built_from_gone_is_no_problem(catalogs: api.Catalogs, tmp_path: Path) -> None:
    session = party()
    assert session.execute(BuildFromProfile(MERLIN, index(catalogs).profiles["merlin"], "Merlin"))
    without = catalogs_without(tmp_path, profiles=("merlin",))
    assert api.validate(session.state, without).valid
    caught = api.validate(AddUnit("u5", "merlin").apply(session.state), without).problems
    assert [(p.rule, p.code, p.unit.id if p.unit else None) for p in caught] == [
        ("AR-02", "profile.unknown", "u5")  # a catalog character whose profile is gone still is
    ]


# --- recorded and compared (AR-04) ------------------------------------------------------------------------------
def test_ar_04_a_party_records_its_built_characters_spells_and_no_profile_for_them(
    catalogs: api.Catalogs,
) -> None:
    session = party()
    assert session.execute(BuildFromProfile(MERLIN, index(catalogs).profiles["merlin"], "Merlin"))
    stamped = api.stamp(session.state, catalogs)
    assert isinstance(stamped, PfpvArmy) and stamped.snapshot is not None
    assert stamped.snapshot.profiles == {}  # neither "built:character" nor the profile Merlin was built from
    assert set(stamped.snapshot.spells) == set(index(catalogs).profiles["merlin"].spells) | {FIREBALL}
    assert [(c.id, c.revision) for c in stamped.catalogs] == [("pfpv-core", 1)]
    assert api.compare(stamped, catalogs) == []


def test_ar_04_what_changed_tells_a_spell_gone_and_not_the_profile_built_from(
    catalogs: api.Catalogs, tmp_path: Path
) -> None:
    session = party()
    assert session.execute(BuildFromProfile(MERLIN, index(catalogs).profiles["merlin"], "Merlin"))
    stamped = api.stamp(session.state, catalogs)
    changed = catalogs_without(tmp_path, profiles=("merlin",), spells=(FIREBALL,))
    told = api.compare(stamped, changed)
    assert [(c.code, c.kind, c.entry, c.units) for c in told] == [
        ("change.entry_gone", "spells", FIREBALL, ("Merlin", "Morgane"))
    ]
    assert told[0].message == "Spell Fireball is no longer in the catalogs (Merlin, Morgane)."
    again = api.stamp(stamped, changed)  # saved again: the spell gone keeps its last known copy (AR-02)
    assert isinstance(again, PfpvArmy) and again.snapshot is not None and FIREBALL in again.snapshot.spells


def test_options_list_the_spells_a_built_character_knows_and_can_attempt(catalogs: api.Catalogs) -> None:
    choices = {c.id: c for c in api.options(party().state, MORGANE, catalogs)}
    assert set(choices) == set(index(catalogs).spells)
    assert [c.id for c in choices.values() if c.owned] == [FIREBALL]
    fireball = choices[FIREBALL]
    assert fireball.eligible and fireball.name == "Fireball"  # Fire −3 / Destruction −3 is within her skills
    assert not choices[SLEEP].eligible  # no Psyche, no Enchantment


def test_the_roster_shows_a_built_characters_numbers_and_spells(catalogs: api.Catalogs) -> None:
    army = party().state
    extras = unit_details(army.units[1], catalogs, ("en",))
    assert extras.profile_facts == ("Don 60", "Vitality 10", "MA 5", "Recovery 1", "Starting fatigue 2")
    assert extras.profile_lines == ("Contact: Fire 8", "Disciplines: Destruction 9")
    assert [(d.kind, d.name) for d in extras.details] == [("Spell", "Fireball")]
    roster = roster_lines(army, catalogs, ("en",))
    assert [(row.label, row.profile) for row in roster.units] == [
        ("Merlin", "Merlin"),
        ("Morgane", "Built character"),
    ]


# --- played in a scene exactly as the catalogs' characters --------------------------------------------------------
def _cast(run: api.BattleRun[Any], key: str, spell: str, combination: int = 0) -> api.Action:
    found = [
        a
        for a in api.actions(run)
        if a.kind == "cast"
        and a.subject == key
        and isinstance(a.request, CastingRequest)
        and (a.request.choice.spell, a.request.choice.combination) == (spell, combination)
    ]
    assert len(found) == 1, f"{key} cannot cast {spell} by combination {combination}"
    return found[0]


def test_pf_x1_a_scene_starts_each_built_character_at_its_numbers_and_fatigue(catalogs: api.Catalogs) -> None:
    run = api.start_battle([("GM", party().state)], catalogs)
    scene = run.battle
    assert scene.characters[MORGANE] == CharacterState(don=60, vitality=10, fatigue=2)
    assert scene.characters[MERLIN].fatigue == 0  # a catalog character starts rested
    assert (label_of(scene, MORGANE), profile_of(scene, MORGANE).spells) == ("Morgane", (FIREBALL,))
    assert FIREBALL in scene.entries.spells and "built:character" not in scene.entries.profiles
    offered = {str(a.label) for a in api.actions(run) if a.subject == MORGANE}
    assert "Morgane casts Fireball (Fire −3 / Destruction −3)" in offered
    assert "Morgane rolls against distraction (PF-09)" in offered
    request = _cast(run, MORGANE, FIREBALL).request
    assert isinstance(request, CastingRequest)
    setup = build_setup(scene, MORGANE, request.choice)
    assert (setup.source_skills, setup.discipline_skills, setup.fatigue, setup.don) == (
        {FIRE: 8},
        {DESTRUCTION: 9},
        2,
        60,
    )
    assert _cast(run, MORGANE, FIREBALL, 1).refusal is not None  # Light −5: she has no Light (PF-01)
    assert run.execute(SetValue(key=MORGANE, field="fatigue", value=0))
    assert not run.execute(SetValue(key=MORGANE, field="don", value=400))  # held at her maximum, 60: unchanged
    assert run.battle.characters[MORGANE] == CharacterState(don=60, vitality=10, fatigue=0)


def test_a_character_built_from_a_profile_plays_as_the_catalogs_own(catalogs: api.Catalogs) -> None:
    """The same odds, the same rolls and outcomes, the same summary as the pyromancer of the catalogs."""
    pyromancer = index(catalogs).profiles["pyromancien"]
    catalog_party = AddUnit(PYRO, "pyromancien").apply(api.new_army("pfpv"))
    catalog_party = SetUnitField(PYRO, "label", "Ignis").apply(catalog_party)
    built_party = BuildFromProfile(PYRO, pyromancer).apply(catalog_party)
    assert built_party.units[0].label == "Ignis" and catalog_party.units[0].profile == "pyromancien"
    runs = [api.start_battle([("GM", p)], catalogs, dice=api.SeededDice(11)) for p in (catalog_party, built_party)]
    assert runs[0].battle.characters == runs[1].battle.characters

    def offered(run: api.BattleRun[Any]) -> list[tuple[str, str, object]]:
        return [(a.kind, str(a.label), a.refusal) for a in api.actions(run)]

    assert offered(runs[0]) == offered(runs[1])
    odds = []
    for run in runs:
        action = _cast(run, PYRO, FIREBALL)
        odds.append(api.odds(run, action))
        assert api.take(run, action)  # the program's dice, from the same seed
        assert api.take(run, _cast(run, PYRO, IGNITE), api.TypedDice((1, 1, 5, 5)))
    assert odds[0] == odds[1]
    assert runs[0].battle.characters == runs[1].battle.characters
    assert [(e.text, e.dice) for e in runs[0].log] == [(e.text, e.dice) for e in runs[1].log]
    assert api.summary(runs[0]) == api.summary(runs[1])


def test_a_scene_with_built_characters_casts_journals_saves_and_resumes(
    catalogs: api.Catalogs, tmp_path: Path
) -> None:
    journal = tmp_path / "coven.battle-journal"
    run = api.start_battle([("GM", party().state)], catalogs, journal=journal, dice=api.SeededDice(3))
    action = _cast(run, MORGANE, FIREBALL)
    # contact Fire 1+1: under 8 − 2 (fatigue) → raw 4; control 1+0: under 9 − 3 − 2 → margin 3
    assert api.take(run, action, api.TypedDice((1, 1, 1, 0)))
    entry = run.log[-1]
    assert entry.text.startswith("Morgane casts Fireball: success: raw Fire 4")
    assert run.battle.characters[MORGANE].don < 60  # the level paid (PF-07)
    assert api.take(run, _cast(run, MORGANE, FIREBALL))  # the program's dice, journalled
    assert api.take(run, _cast(run, MERLIN, FIREBALL))

    path = tmp_path / "coven.battle.json"
    api.save_battle_file(run, path)
    reopened = api.open_battle(path)
    assert reopened.battle == run.battle and reopened.log == run.log
    assert character(reopened.battle.party, MORGANE) == character(run.battle.party, MORGANE)

    resumed = api.resume_journal(journal)
    assert resumed.battle == run.battle
    assert resumed.log == run.log
    assert resumed.dice.state() == run.dice.state()
    assert api.summary(resumed) == api.summary(run)
    assert "Morgane — Don" in "\n".join(str(line) for line in api.summary(resumed).sides[0].lines)
    run.close_journal(remove=False)


def test_a_scene_keeps_its_built_characters_whatever_the_catalogs_become(
    catalogs: api.Catalogs, tmp_path: Path
) -> None:
    """The scene embeds the party: its built characters play on with no catalog behind them."""
    run = api.start_battle([("GM", party().state)], catalogs)
    path = tmp_path / "scene.battle.json"
    api.save_battle_file(run, path)
    again = api.open_battle(path)
    assert _cast(again, MORGANE, FIREBALL).allowed
    assert profile_of(again.battle, MORGANE).contact == {FIRE: 8}


def test_new_character_defaults_are_a_valid_character(catalogs: api.Catalogs) -> None:
    army = NewCharacter("u1").apply(api.new_army("pfpv"))
    assert character(army, "u1") == NEW_CHARACTER and army.units[0].label == ""
    assert api.validate(army, catalogs).valid
    assert [u.label for u in api.validate(army, catalogs).units] == ["Built character"]
    placed = NewCharacter("u2", "Nimue", position=0).apply(army)
    assert [u.id for u in placed.units] == ["u2", "u1"]


def test_the_bounds_the_form_offers_are_the_file_formats() -> None:
    """The builder's spin boxes read these: what a catalog profile may hold, no more and no less."""
    assert {field: number_bounds(field) for field in NUMBER_FIELDS} == {
        "don": (0, 400),
        "vitality": (1, 60),
        "ma": (0, 20),
        "recovery": (0, 8),
        "fatigue": (0, 5),
    }
    assert SKILL_BOUNDS == (0, 30)
    for field, (low, high) in ((f, number_bounds(f)) for f in NUMBER_FIELDS):
        NEW_CHARACTER.model_validate({**NEW_CHARACTER.model_dump(), field: low})
        NEW_CHARACTER.model_validate({**NEW_CHARACTER.model_dump(), field: high})
        for outside in (low - 1, high + 1):
            with pytest.raises(ValidationError):
                NEW_CHARACTER.model_validate({**NEW_CHARACTER.model_dump(), field: outside})
