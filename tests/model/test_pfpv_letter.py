"""« Par le Fer et par le Verbe » read to the letter (issue 16), through the public API: spells begun together keep
their penalty (PF-04), the control roll and its Don (PF-03), free combinations and spells in no Grimoire (PF-01),
and a party keeping the last copy of a character the catalogs lost (AR-02)."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from itertools import product
from typing import Any

import pytest

from warband import api
from warband.model.locations import data_dir
from warband.model.systems.pfpv import casting
from warband.model.systems.pfpv.play import CastingRequest
from warband.model.systems.pfpv.scene import (
    LETTER,
    CastingSetup,
    CharacterState,
    ResolveCasting,
    SetValue,
    StartCasting,
    StopCasting,
    TableSpell,
    build_setup,
    contact_step,
)
from warband.model.systems.pfpv.schema import Combination, Effect

MERLIN, PYROMANCER = "u1", "u2"
SHIELD, FIREBALL, SLEEP, IGNITE = "bouclier-magique", "boule-de-feu", "sommeil", "enflammer-objet"


@pytest.fixture(scope="module")
def catalogs() -> api.Catalogs:
    return api.builtin_catalogs("pfpv")


def _scene(catalogs: api.Catalogs) -> api.BattleRun[Any]:
    session = api.Session(api.new_army("pfpv", "The company"))
    session.execute(api.AddUnit(MERLIN, "merlin"))
    session.execute(api.AddUnit(PYROMANCER, "pyromancien"))
    return api.start_battle([("GM", session.state)], catalogs, dice=api.SeededDice(16))


def _cast(run: api.BattleRun[Any], key: str, spell: str, combination: int = 0) -> CastingRequest:
    [action] = [
        a
        for a in api.actions(run)
        if a.kind == "cast" and a.subject == key and isinstance(a.request, CastingRequest)
        if (a.request.choice.spell, a.request.choice.combination) == (spell, combination)
    ]
    assert isinstance(action.request, CastingRequest)
    return action.request


def _penalty(run: api.BattleRun[Any], key: str, spell: str) -> int:
    """The penalty for the spells cast at once on every roll of a casting of `spell` now (PF-04)."""
    setup = build_setup(run.battle, key, CastingSetup(spell=spell))
    return casting.SIMULTANEOUS[setup.simultaneous]


# --- PF-04: the spells begun together are one group ----------------------------------------------------------
def test_pf_04_spells_begun_together_keep_their_penalty_when_one_takes_effect(catalogs: api.Catalogs) -> None:
    run = _scene(catalogs)
    for spell in (SHIELD, FIREBALL, SLEEP):
        assert run.execute(StartCasting(key=MERLIN, spell=spell))
    assert _penalty(run, MERLIN, FIREBALL) == -3
    # the fireball (Fire −3 / Destruction −3) under −3: Fire 10 − 3 = 7, roll 2: raw 5 …
    assert api.take(run, _cast(run, MERLIN, FIREBALL), api.TypedDice((1, 1, 0, 1)))
    assert [c.spell for c in run.battle.characters[MERLIN].casting] == [SHIELD, SLEEP]  # … and it takes effect
    assert _penalty(run, MERLIN, SHIELD) == _penalty(run, MERLIN, SLEEP) == -3  # not −1 for the two left
    # the shield (Light −3 / Enchantment −4), still under −3: Light 9 − 3 = 6, roll 3: raw 3; Enchantment
    # 12 − 4 − 3 = 5, roll 6: margin −1, a harmless failure (under −1 it would have been a success)
    assert api.take(run, _cast(run, MERLIN, SHIELD), api.TypedDice((1, 2, 3, 3)))
    assert run.log[-1].text == "Merlin casts Magic shield: harmless failure: raw Light 3; control Enchantment -1"
    assert [c.spell for c in run.battle.characters[MERLIN].casting] == [SLEEP]  # resolved: it ends
    assert _penalty(run, MERLIN, SLEEP) == -3  # the last one of the three
    assert run.execute(StopCasting(key=MERLIN, index=0))
    assert run.battle.characters[MERLIN].group == 0 and _penalty(run, MERLIN, SLEEP) == 0  # the group is over


def test_pf_04_a_spell_begun_while_others_go_on_joins_their_group(catalogs: api.Catalogs) -> None:
    run = _scene(catalogs)
    for spell in (SHIELD, FIREBALL):
        assert run.execute(StartCasting(key=MERLIN, spell=spell))
    assert run.execute(StopCasting(key=MERLIN, index=1))
    assert run.execute(StartCasting(key=MERLIN, spell=SLEEP))  # two at once again, the group still of two
    assert _penalty(run, MERLIN, SLEEP) == -1
    assert run.execute(StartCasting(key=MERLIN, spell=IGNITE))  # three at once: the group grows
    assert _penalty(run, MERLIN, SHIELD) == -3


def test_pf_04_a_spell_resolved_without_being_started_counts_too(catalogs: api.Catalogs) -> None:
    run = _scene(catalogs)
    assert _penalty(run, MERLIN, FIREBALL) == 0  # alone
    for spell in (SHIELD, SLEEP):
        assert run.execute(StartCasting(key=MERLIN, spell=spell))
    assert _penalty(run, MERLIN, FIREBALL) == -3  # cast at once with the two being cast: three
    assert _penalty(run, MERLIN, SHIELD) == -1  # the two begun together
    assert api.take(run, _cast(run, MERLIN, FIREBALL), api.TypedDice((1, 1, 0, 1)))
    assert _penalty(run, MERLIN, SHIELD) == _penalty(run, MERLIN, SLEEP) == -3  # it was cast at once with them


def test_pf_04_no_seventh_spell_at_once(catalogs: api.Catalogs) -> None:
    run = _scene(catalogs)
    for spell in (SHIELD, FIREBALL, SLEEP, IGNITE, SHIELD, FIREBALL):
        assert run.execute(StartCasting(key=MERLIN, spell=spell))
    assert _penalty(run, MERLIN, SHIELD) == -9
    with pytest.raises(api.RefusedError) as refused:
        api.take(run, _cast(run, MERLIN, "eruption-volcanique"), api.TypedDice((0,) * 4))
    assert (refused.value.reason.rule, refused.value.reason.code) == ("PF-04", "pf.simultaneous")


def test_pf_04_a_scene_saved_before_counts_the_spells_being_cast(catalogs: api.Catalogs) -> None:
    state = CharacterState.model_validate(
        {"don": 10, "vitality": 5, "casting": [{"spell": SHIELD, "started_round": 0}] * 2}
    )
    assert state.group == 2 and "at_once" not in state.model_dump()  # written as earlier versions wrote it
    lost_one = state.model_copy(update={"casting": state.casting[:1]})
    assert lost_one.model_dump(mode="json")["at_once"] == 2  # what it says more is written
    assert CharacterState.model_validate(lost_one.model_dump(mode="json")) == lost_one


# --- PF-03: the control roll ------------------------------------------------------------------------------------
def _ignite(run: api.BattleRun[Any], **choice: Any) -> CastingRequest:
    """The pyromancer's Ignite an object (Fire −1 / Destruction −1), tired (fatigue 5): Fire 12 − 5 = 7."""
    assert run.execute(SetValue(key=PYROMANCER, field="fatigue", value=5))
    request = _cast(run, PYROMANCER, IGNITE)
    return replace(request, choice=request.choice.model_copy(update=choice))


def test_pf_03_a_raw_energy_of_0_is_not_negative_the_control_roll_is_made(catalogs: api.Catalogs) -> None:
    run = _scene(catalogs)
    request = _ignite(run)
    assert api.take(run, request, api.TypedDice((3, 4, 5, 5)))  # contact 7: raw 0; control 10 under 12 − 1 − 5 + 1
    result_line = run.log[-1].text
    assert result_line == "Pyromancer casts Ignite an object: harmless failure: raw Fire 0; control Destruction -3"
    assert run.log[-1].dice == (7, 10)
    # all raw energies negative: no control roll, so no control dice (the seed's Merlin with −1 and −2)
    assert api.take(run, request, api.TypedDice((4, 4)))
    assert run.log[-1].text == "Pyromancer casts Ignite an object: no energy: raw Fire -1"
    with pytest.raises(api.DiceError):  # control dice where no control roll is made: too many dice
        api.take(run, request, api.TypedDice((4, 4, 0, 0)))
    # raw 0 and control passed: net 0 − 1 < 0, the spell cannot be cast, harmlessly (PF-06)
    assert api.take(run, request, api.TypedDice((3, 4, 0, 0)))
    assert "cannot be cast" in run.log[-1].text


def test_pf_03_raw_energies_of_0_with_a_0_modifier_make_a_spell_of_the_margins(catalogs: api.Catalogs) -> None:
    run = _scene(catalogs)
    free = _ignite(run, source_modifiers={"feu": 0})
    before = run.battle.characters[PYROMANCER].don
    assert api.take(run, free, api.TypedDice((3, 4, 0, 1)))  # raw 0, net 0; margin 7 − 1 = 6
    assert run.log[-1].success and "power 6" in run.log[-1].text
    assert run.battle.characters[PYROMANCER].don == before - 1  # the level (PF-07)


def test_pf_03_don_for_control_is_spent_only_on_a_control_roll_made(catalogs: api.Catalogs) -> None:
    run = _scene(catalogs)
    pledged = _ignite(run, don_control={"destruction": 10})
    assert api.take(run, pledged, api.TypedDice((5, 5)))  # raw −3: no control roll
    assert run.battle.characters[PYROMANCER].don == 80  # the 10 Don stay (they were charged before)
    assert api.take(run, pledged, api.TypedDice((3, 4, 5, 5)))  # raw 0: the control roll is made, +5
    assert run.battle.characters[PYROMANCER].don == 70
    assert "control Destruction 2" in run.log[-1].text  # 12 − 1 − 5 + 1 + 5 = 12, roll 10


def test_pf_03_the_don_for_control_is_chosen_once_the_contact_rolls_are_known(catalogs: api.Catalogs) -> None:
    run = _scene(catalogs)
    request = _ignite(run)
    step = contact_step(run.battle, request.key, request.choice, dice=api.TypedDice((2, 3)))
    assert (dict(step.rolls), dict(step.raw), step.control, step.dice, step.source) == (
        {"feu": 5},
        {"feu": 2},
        True,
        (2, 3),
        "typed",
    )
    plain = api.odds(run, replace(request, contact=step.rolls))  # the control step's odds, knowing the contact
    helped = replace(request, choice=request.choice.model_copy(update={"don_control": {"destruction": 6}}))
    helped = replace(helped, contact=step.rolls)
    with_don = api.odds(run, helped)
    assert with_don.success > plain.success
    # control target 7, and +3 for the 6 Don: 10, every roll passes (net 2 − 1 ≥ 0)
    assert (plain.success, with_don.success) == (Fraction(30, 36), 1)
    before = run.battle.characters[PYROMANCER].don
    roll = api.get_system("pfpv").roll(run.battle, helped, api.TypedDice((2, 2)))  # only the control dice now
    assert run.play(roll)
    assert run.log[-1].dice == (5, 4) and run.log[-1].success
    assert run.battle.characters[PYROMANCER].don == before - 6 - 1
    command = roll.command
    assert isinstance(command, ResolveCasting) and command.rules == LETTER
    assert command.contact == {"feu": 5} and command.control == {"destruction": 4}


def test_pf_03_the_programs_dice_throw_the_control_rolls_only_when_they_are_made(catalogs: api.Catalogs) -> None:
    run = _scene(catalogs)
    request = _ignite(run)
    seen = set()
    for _ in range(40):
        assert api.take(run, request)
        entry = run.log[-1]
        seen.add(len(entry.dice))
        assert len(entry.dice) == (1 if "no energy" in entry.text else 2)
        assert entry.source == "rolled"
        run.execute(SetValue(key=PYROMANCER, field="don", value=80))
    assert seen == {1, 2}


def test_pf_03_a_casting_played_before_replays_as_it_was_played(catalogs: api.Catalogs) -> None:
    """A journal's casting of earlier versions (no `rules`) resolves as they did it: no control roll unless a
    raw energy was positive, every Don pledged spent; one the rules now refuse is refused, for the journal to
    keep it as played (`as_before`)."""
    run = _scene(catalogs)
    choice = _ignite(run, don_control={"destruction": 10}).choice
    none = ResolveCasting(key=PYROMANCER, choice=choice, contact={"feu": 10})  # raw −3
    assert none.rules == 1 and none.apply(run.battle).characters[PYROMANCER].don == 70  # as it was played
    letter = none.model_copy(update={"rules": LETTER})
    assert letter.apply(run.battle) == run.battle  # by the rules now: nothing spent, nothing changes
    zero = ResolveCasting(key=PYROMANCER, choice=choice, contact={"feu": 7})  # raw 0, no control roll typed
    with pytest.raises(api.RefusedError) as refused:
        zero.apply(run.battle)
    assert (refused.value.reason.rule, refused.value.reason.code) == ("PF-03", "pf.control_missing")
    assert zero.as_before(run.battle).characters[PYROMANCER].don == 70


# --- the odds -----------------------------------------------------------------------------------------------------
def _setup(**changes: Any) -> casting.Setup:
    values: dict[str, Any] = {
        "level": 2,
        "source_skills": {"fire": 4},
        "source_modifiers": {"fire": 0},
        "discipline_skills": {"destruction": 5},
        "discipline_modifiers": {"destruction": -1},
        "don": 30,
        "vitality": 10,
        "don_control": {"destruction": 4},
    }
    values.update(changes)
    return casting.Setup(**values)


def _brute_force(setup: casting.Setup, options: casting.CastingOptions, contact: dict[str, int] | None = None):
    sources, disciplines = list(setup.source_skills), list(setup.discipline_skills)
    counts: dict[str, int] = {}
    power: dict[int, int] = {}
    don = 0
    contact_rolls = (
        [tuple(contact[s] for s in sources)] if contact else list(product(range(11), repeat=len(sources)))
    )
    total = 0
    for made in contact_rolls:
        for control in product(range(11), repeat=len(disciplines)):
            ways = 1
            for r in (made if not contact else ()) + control:
                ways *= casting.ROLL[r]
            total += ways
            result = casting.resolve(
                setup, dict(zip(sources, made, strict=True)), dict(zip(disciplines, control, strict=True)), options
            )
            counts[result.outcome] = counts.get(result.outcome, 0) + ways
            if result.outcome == "success":
                power[result.power] = power.get(result.power, 0) + ways
            if result.backlash:
                don += ways * result.backlash.don_lost
    return (
        {k: Fraction(v, total) for k, v in counts.items()},
        {k: Fraction(v, total) for k, v in sorted(power.items())},
        Fraction(don, total),
    )


@pytest.mark.parametrize(
    "setup",
    [
        _setup(),
        _setup(source_skills={"fire": 3, "earth": 2}, source_modifiers={"fire": 0, "earth": -1}),
        _setup(don=4),
    ],
)
@pytest.mark.parametrize("contact", [None, {"fire": 4, "earth": 2}, {"fire": 9, "earth": 0}])
def test_pf_03_exact_odds_with_raw_energies_of_0_match_brute_force(setup, contact) -> None:
    contact = {k: v for k, v in (contact or {}).items() if k in setup.source_skills} or None
    options = casting.CastingOptions()
    got = casting.odds(setup, options, contact)
    outcomes, power, don = _brute_force(setup, options, contact)
    assert dict(got.outcomes) == outcomes and dict(got.power) == power and got.expected_don_lost == don
    assert sum(got.outcomes.values()) == 1


# --- PF-01: the Grimoire is a help, not a limit -------------------------------------------------------------------
def _parts(sources: dict[str, int], disciplines: dict[str, int]) -> Combination:
    return Combination.model_validate(
        {
            "sources": [{"id": k, "modifier": v} for k, v in sources.items()],
            "disciplines": [{"id": k, "modifier": v} for k, v in disciplines.items()],
        }
    )


def test_pf_01_a_modifier_for_a_source_the_combination_does_not_use_is_refused_not_ignored(
    catalogs: api.Catalogs,
) -> None:
    run = _scene(catalogs)
    fire_only = _cast(run, MERLIN, FIREBALL)  # Fire −3 / Destruction −3
    for stray in ({"source_modifiers": {"lumiere": -2}}, {"don_contact": {"terre": 3}}, {"links": {"eau": 1}}):
        request = replace(fire_only, choice=fire_only.choice.model_copy(update=stray))
        with pytest.raises(api.RefusedError) as refused:
            api.take(run, request, api.TypedDice((1, 1, 0, 1)))
        assert (refused.value.reason.rule, refused.value.reason.code) == ("PF-01", "pf.not_in_combination")
        with pytest.raises(api.RefusedError):
            api.odds(run, request)
    assert run.log == []
    light = replace(fire_only, choice=fire_only.choice.model_copy(update={"source_modifiers": {"lumiere": -2}}))
    with pytest.raises(api.RefusedError) as refused:
        api.take(run, light, api.TypedDice((1, 1, 0, 1)))
    assert refused.value.reason.message.startswith("Light is not in the combination chosen")


def test_pf_01_a_combination_number_the_grimoire_lacks_is_refused_not_an_index_error(
    catalogs: api.Catalogs,
) -> None:
    run = _scene(catalogs)
    fireball = _cast(run, MERLIN, FIREBALL)
    beyond = replace(fireball, choice=fireball.choice.model_copy(update={"combination": 2}))  # it lists two
    with pytest.raises(api.RefusedError) as refused:
        api.take(run, beyond, api.TypedDice((1, 1, 0, 1)))
    assert (refused.value.reason.rule, refused.value.reason.code) == ("PF-01", "pf.no_such_combination")
    assert refused.value.reason.message.startswith("The Grimoire lists 2 combination(s) for Fireball")
    with pytest.raises(api.RefusedError):
        api.odds(run, beyond)


def test_pf_01_the_caster_may_use_any_sources_and_disciplines_it_has(catalogs: api.Catalogs) -> None:
    run = _scene(catalogs)
    fireball = _cast(run, MERLIN, FIREBALL)
    # Light −2 with Fire −3, and Destruction −2 with Enchantment −1: the game master's modifiers
    free = fireball.choice.model_copy(
        update={"parts": _parts({"feu": -3, "lumiere": -2}, {"destruction": -2, "enchantement": -1})}
    )
    request = replace(fireball, choice=free)
    odds = api.odds(run, request)
    assert odds.detail is not None and sum(odds.detail.outcomes.values()) == 1
    # Fire 10, roll 2: raw 8; Light 9, roll 4: raw 5; Destruction 9 − 2 = 7, roll 1: 6; Enchantment 12 − 1 = 11,
    # roll 3: 8; net 5 + 3, power 8 + 6 + 8 = 22, 3 Don for the level
    assert api.take(run, request, api.TypedDice((1, 1, 2, 2, 0, 1, 1, 2)))
    assert run.log[-1].text == (
        "Merlin casts Fireball: success: raw Fire 8, Light 5; control Destruction 6, Enchantment 8; net Fire 5, "
        "Light 3; power 22, 3 Don paid for the level"
    )
    assert run.battle.characters[MERLIN].don == 117


def test_pf_01_a_free_combination_needs_a_skill_in_each_part_and_known_parts(catalogs: api.Catalogs) -> None:
    run = _scene(catalogs)
    fireball = _cast(run, PYROMANCER, FIREBALL)
    for parts, code in (
        (_parts({"feu": -3, "psyche": -1}, {"destruction": -3}), "pf.cannot_attempt"),  # no Psyche skill
        (_parts({"feu": -3, "ether": -1}, {"destruction": -3}), "pf.unknown_part"),
    ):
        request = replace(fireball, choice=fireball.choice.model_copy(update={"parts": parts}))
        with pytest.raises(api.RefusedError) as refused:
            api.take(run, request, api.TypedDice((0,) * 6))
        assert (refused.value.reason.rule, refused.value.reason.code) == ("PF-01", code)
    twice = Combination.model_validate(
        {
            "sources": [{"id": "feu", "modifier": -3}, {"id": "feu", "modifier": -1}],
            "disciplines": [{"id": "destruction", "modifier": -3}],
        }
    )
    request = replace(fireball, choice=fireball.choice.model_copy(update={"parts": twice}))
    with pytest.raises(api.RefusedError) as refused:
        api.take(run, request, api.TypedDice((0,) * 6))
    assert refused.value.reason.code == "pf.part_twice"


def test_pf_01_a_spell_in_no_grimoire_is_cast_as_the_table_decides_it(catalogs: api.Catalogs, tmp_path) -> None:
    journal = tmp_path / "scene.battle-journal"
    session = api.Session(api.new_army("pfpv", "The company"))
    session.execute(api.AddUnit(MERLIN, "merlin"))
    run = api.start_battle([("GM", session.state)], catalogs, journal=journal)
    wall = TableSpell(
        name="Wall of wind",
        level=4,
        casting_time="1 round",
        effects=(Effect(name="metres of wall", per_level="1 m per level"), Effect(name="rounds", per_level="1")),
    )
    choice = CastingSetup(table_spell=wall, parts=_parts({"air": -4}, {"protection": -3}))
    request = CastingRequest(MERLIN, choice)
    assert api.odds(run, request).success > 0
    assert run.execute(StartCasting(key=MERLIN, spell=SHIELD))  # cast at once with the shield: −1
    # Air 9 − 1 = 8, roll 1: raw 7; Protection 10 − 3 − 1 = 6, roll 2: 4; net 3, power 7, 4 Don
    assert api.take(run, request, api.TypedDice((0, 1, 1, 1)))
    assert run.log[-1].text == (
        "Merlin casts Wall of wind: success: raw Air 7; control Protection 4; net Air 3; power 7, 4 Don paid for "
        "the level"
    )
    assert run.battle.characters[MERLIN].don == 116
    assert run.battle.characters[MERLIN].group == 2  # the shield was cast at once with it
    resumed = api.resume_journal(journal)
    assert resumed.battle == run.battle and resumed.log == run.log
    with pytest.raises(ValueError):  # a spell of the table names its sources and disciplines
        CastingSetup(table_spell=wall)
    with pytest.raises(ValueError):  # one spell: the Grimoire's or the table's
        CastingSetup(spell=FIREBALL, table_spell=wall, parts=choice.parts)


# --- AR-02 / AR-04: a character the catalogs no longer have ---------------------------------------------------
def test_ar_02_saving_a_party_keeps_the_last_copy_of_a_character_gone_and_tells_it_gone(
    catalogs: api.Catalogs, tmp_path
) -> None:
    session = api.Session(api.new_army("pfpv", "The company"))
    session.execute(api.AddUnit(MERLIN, "merlin"))
    session.execute(api.AddUnit(PYROMANCER, "pyromancien"))
    path = tmp_path / "company.warband.json"
    api.save_army(api.stamp(session.state, catalogs), path)
    core = json.loads((data_dir() / "pfpv" / "core.json").read_text(encoding="utf-8"))
    core["revision"] += 1
    core["profiles"] = [p for p in core["profiles"] if p["id"] != "merlin"]
    core["spells"] = [s for s in core["spells"] if s["id"] != SLEEP]  # a spell only Merlin knew
    (tmp_path / "core.json").write_text(json.dumps(core), encoding="utf-8")
    newer = api.load_catalogs([tmp_path / "core.json"]).for_system("pfpv")
    party = api.load_army(path)
    api.save_army(api.stamp(party, newer), path)  # saved again with the catalogs that lost Merlin
    again = api.load_army(path)
    assert again.snapshot.profiles["merlin"] == party.snapshot.profiles["merlin"]  # the last known copy
    assert again.snapshot.spells[SLEEP] == party.snapshot.spells[SLEEP]
    assert [u.profile for u in again.units] == ["merlin", "pyromancien"]
    gone = [(c.code, c.entry, c.message) for c in api.compare(again, newer) if c.code == "change.entry_gone"]
    assert gone == [
        ("change.entry_gone", "merlin", "Character Merlin is no longer in the catalogs (Merlin)."),
        ("change.entry_gone", SLEEP, "Spell Sleep is no longer in the catalogs (Merlin)."),
    ]
    assert [p.rule for p in api.validate(again, newer).problems] == ["AR-02"]
