"""Strategy Battle Game battles without Qt: SB-01 … SB-05 on a small hand-made catalog."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from warband.model.catalog import LoadedCatalog, merge
from warband.model.session import RefusedError
from warband.model.systems.sbg import battle_rules as rules
from warband.model.systems.sbg import heroics
from warband.model.systems.sbg.battle_commands import COMMANDS, Declare, NameHero, NextPhase, RollOff, StopNaming
from warband.model.systems.sbg.battle_state import RulesOptions
from warband.model.systems.sbg.schema import SbgArmy, SbgCatalog


def hero(pid, name, alignment, m, w, f, wounds=2, spells=()):
    return {
        "id": pid,
        "name": name,
        "alignment": alignment,
        "faction": "test",
        "cost": 50,
        "courage": 5,
        "hero": {"might": m, "will": w, "fate": f, "wounds": wounds, "spells": list(spells)},
    }


CATALOG = {
    "format": "warband-catalog",
    "version": 1,
    "system": "sbg",
    "id": "sbg-test",
    "revision": 1,
    "name": "Test",
    "spells": [{"id": "immobilise", "name": "Immobilise"}],
    "profiles": [
        hero("captain", "Captain", "good", 2, 1, 1),
        hero("wizard", "Wizard", "good", 3, 6, 3, 3, [{"spell": "immobilise", "casting": 3}]),
        hero("orc-captain", "Orc Captain", "evil", 2, 1, 1),
        hero("shaman", "Shaman", "evil", 1, 0, 1, 2, [{"spell": "immobilise", "casting": 4}]),
        {"id": "spears", "name": "Spearmen", "alignment": "good", "faction": "test", "cost": 8, "courage": 3},
    ],
}


@pytest.fixture(scope="module")
def catalogs():
    merged, errors = merge("sbg", [LoadedCatalog("sbg.json", SbgCatalog.model_validate(CATALOG))])
    assert errors == []
    return merged


def army(*units):
    return SbgArmy.model_validate({"system": "sbg", "name": "A", "units": list(units)})


def battle(catalogs, options=None, evil=True):
    good = army(
        {"id": "u1", "profile": "captain"},
        {"id": "u2", "profile": "wizard"},
        {"id": "u3", "profile": "spears", "count": 10},
    )
    other = army({"id": "u1", "profile": "orc-captain"}, {"id": "u2", "profile": "shaman"}) if evil else good
    return rules.start_battle([("Aline", good), ("Bruno", other)], catalogs, options)


def in_move(catalogs, priority=0, evil=True):
    b = rules.set_priority(battle(catalogs, evil=evil), None, priority)
    return rules.next_phase(b)


def test_battle_starts_with_each_heros_counters(catalogs):
    b = battle(catalogs)
    assert {k: (s.might, s.will, s.fate, s.wounds) for k, s in b.heroes.items()} == {
        "0:u1": (2, 1, 1, 2),
        "0:u2": (3, 6, 3, 3),
        "1:u1": (2, 1, 1, 2),
        "1:u2": (1, 0, 1, 2),
    }
    assert "0:u3" not in b.heroes  # warriors have no counters


def test_sb_01_priority_highest_roll_then_ties(catalogs):
    b = battle(catalogs)
    assert rules.set_priority(b, (5, 2), None).priority == 0
    assert rules.set_priority(b, (1, 6), None).priority == 1
    with pytest.raises(RefusedError) as err:
        rules.set_priority(b, (4, 4), None)  # first turn: roll again
    assert err.value.reason.rule == "SB-01"
    b = rules.set_priority(b, (5, 2), None)
    for _ in range(5):
        b = rules.next_phase(b)
    assert (b.turn, b.phase, b.last_priority, b.priority) == (2, "priority", 0, None)
    assert rules.set_priority(b, (3, 3), None).priority == 1  # the side that did not have it last turn


def test_counters_never_leave_zero_to_the_starting_value(catalogs):
    b = battle(catalogs)
    assert rules.set_counter(b, "0:u2", "might", 7).heroes["0:u2"].might == 3
    assert rules.set_counter(b, "0:u2", "will", -2).heroes["0:u2"].will == 0


def test_sb_05_both_decline(catalogs):
    b = in_move(catalogs)
    b = Declare(side=0, wants=False).apply(b)
    with pytest.raises(RefusedError):
        Declare(side=0, wants=True).apply(b)  # now it is the other side's choice
    b = Declare(side=1, wants=False).apply(b)
    assert b.heroics.stage == "done" and b.heroics.order == ()


def test_sb_05_priority_declares_alone_and_names_in_order(catalogs):
    b = Declare(side=0, wants=True).apply(in_move(catalogs))
    assert b.heroics.stage == "other" and heroics.heroic_turn(b) == 1  # the other side may declare too
    b = Declare(side=1, wants=False).apply(b)
    b = NameHero(side=0, key="0:u2").apply(b)
    b = NameHero(side=0, key="0:u1").apply(b)
    assert b.heroes["0:u2"].might == 2  # declaring spends the Might
    b = StopNaming(side=0).apply(b)
    assert (b.heroics.stage, b.heroics.order) == ("done", ("0:u2", "0:u1"))


def test_sb_05_the_other_side_declares_and_priority_changes_its_mind(catalogs):
    b = Declare(side=0, wants=False).apply(in_move(catalogs))
    b = Declare(side=1, wants=True).apply(b)
    assert b.heroics.stage == "reconsider" and heroics.heroic_turn(b) == 0
    b = Declare(side=0, wants=True).apply(b)  # the first side changes its mind
    assert b.heroics.declared == (0, 1) and b.heroics.naming == 0
    # heroes named in turn, one at a time
    b = NameHero(side=0, key="0:u1").apply(b)
    with pytest.raises(RefusedError) as err:
        NameHero(side=0, key="0:u2").apply(b)
    assert err.value.reason.code == "sbg.heroic_turn"
    b = NameHero(side=1, key="1:u1").apply(b)
    b = StopNaming(side=0).apply(b)  # Aline stops: Bruno may name as many more as he wants
    b = NameHero(side=1, key="1:u2").apply(b)
    assert b.heroics.naming == 1
    b = StopNaming(side=1).apply(b)
    assert b.heroics.stage == "rolloff"
    done = RollOff(roll=2).apply(b)  # 1-3: Evil first, then the sides alternate
    assert (done.heroics.first, done.heroics.order) == (1, ("1:u1", "0:u1", "1:u2"))
    done = RollOff(roll=5).apply(b)  # 4-6: Good first
    assert (done.heroics.first, done.heroics.order) == (0, ("0:u1", "1:u1", "1:u2"))


def test_sb_05_the_other_side_alone(catalogs):
    b = Declare(side=0, wants=False).apply(in_move(catalogs))
    b = Declare(side=1, wants=True).apply(b)
    b = Declare(side=0, wants=False).apply(b)  # no change of mind
    b = NameHero(side=1, key="1:u1").apply(b)
    b = StopNaming(side=1).apply(b)
    assert b.heroics.order == ("1:u1",)


def test_sb_05_same_alignment_priority_first_on_4_to_6(catalogs):
    b = in_move(catalogs, priority=1, evil=False)
    b = Declare(side=1, wants=False).apply(b)
    b = Declare(side=0, wants=True).apply(b)
    b = Declare(side=1, wants=True).apply(b)
    b = NameHero(side=1, key="1:u1").apply(b)
    b = NameHero(side=0, key="0:u1").apply(b)
    b = StopNaming(side=1).apply(b)
    b = StopNaming(side=0).apply(b)
    assert RollOff(roll=4).apply(b).heroics.first == 1  # priority (Bruno) first on 4-6
    assert RollOff(roll=3).apply(b).heroics.first == 0


def test_sb_05_both_declare_from_the_start(catalogs):
    b = Declare(side=1, wants=True).apply(Declare(side=0, wants=True).apply(in_move(catalogs)))
    assert (b.heroics.stage, b.heroics.declared, b.heroics.naming) == ("naming", (0, 1), 0)


def test_sb_05_might_is_spent_and_not_refunded_and_needed(catalogs):
    b = Declare(side=1, wants=False).apply(Declare(side=0, wants=True).apply(in_move(catalogs)))
    b = rules.set_counter(b, "0:u1", "might", 0)
    with pytest.raises(RefusedError) as err:
        NameHero(side=0, key="0:u1").apply(b)
    assert (err.value.reason.rule, err.value.reason.code) == ("SB-05", "sbg.spent")
    with pytest.raises(RefusedError):
        NameHero(side=0, key="1:u1").apply(b)  # not one of Aline's heroes
    b = NameHero(side=0, key="0:u2").apply(b)
    b = StopNaming(side=0).apply(b)
    b = rules.next_phase(b)  # the next phase: new declarations, the Might stays spent
    assert b.heroics.stage == "priority" and b.heroes["0:u2"].might == 2


def test_sb_05_only_in_move_shoot_and_fight(catalogs):
    with pytest.raises(RefusedError) as err:
        Declare(side=0, wants=True).apply(rules.set_priority(battle(catalogs), None, 0))
    assert err.value.reason.rule == "SB-05"


def test_sb_02_might_changes_the_hero_own_rolls_it_lists(catalogs):
    b = battle(catalogs)
    assert rules.might_changes(3, 2) == [(-2, 1), (-1, 2), (0, 3), (1, 4), (2, 5)]  # lower or raise (SB-02)
    assert rules.might_changes(2, 2) == [(-1, 1), (0, 2), (1, 3), (2, 4)]  # never a die below 1
    assert rules.might_changes(3, 2, low=2) == [(-1, 2), (0, 3), (1, 4), (2, 5)]  # two dice: never below 2
    assert rules.use_might(b, "0:u1", 2, "duel").heroes["0:u1"].might == 0
    with pytest.raises(RefusedError) as err:
        rules.use_might(b, "0:u1", 1, "damage_of_a_catapult")
    assert err.value.reason.rule == "SB-02"
    with pytest.raises(RefusedError):
        rules.use_might(b, "0:u1", 3, "duel")  # more than it has


def test_sb_03_will_to_cast_and_resist(catalogs):
    b = battle(catalogs)
    after, success = rules.will_attempt(b, "0:u2", (3,), 0, need=3)
    assert success and after.heroes["0:u2"].will == 5
    after, success = rules.will_attempt(b, "0:u2", (2,), 1, need=3)  # Might on a Will die
    assert success and (after.heroes["0:u2"].will, after.heroes["0:u2"].might) == (5, 2)
    with pytest.raises(RefusedError) as err:
        rules.will_attempt(b, "1:u2", (6,), 0, need=4)  # the shaman has no Will
    assert (err.value.reason.rule, err.value.reason.code) == ("SB-03", "sbg.no_will")
    with pytest.raises(RefusedError):
        rules.will_attempt(b, "0:u2", (1, 5), 0, need=3)  # one die per attempt by default
    several = battle(catalogs, RulesOptions(will_dice="several"))
    after, success = rules.will_attempt(several, "0:u2", (1, 5, 2), 0, need=5)  # the highest die counts
    assert success and after.heroes["0:u2"].will == 3
    assert rules.will_chance(4, 1) == Fraction(1, 2)
    assert rules.will_chance(5, 2) == 1 - Fraction(4, 6) ** 2


def test_sb_04_fate_odds_are_exact(catalogs):
    assert rules.fate_chance(1, 2, 0) == Fraction(3, 4)
    assert rules.fate_chance(1, 1, 1) == Fraction(2, 3)
    assert rules.fate_chance(2, 1, 5) == 0
    assert rules.fate_chance(0, 0, 0) == 1
    # brute force: one die at a time, Might spent only where it saves a die, on small cases
    for lost, fate, might in product(range(3), range(4), range(3)):
        assert rules.fate_chance(lost, fate, might) == _brute(lost, fate, might), (lost, fate, might)
    assert rules.fate_chance_at_once(1, 2, 0) == Fraction(3, 4)
    assert rules.fate_chance_at_once(1, 1, 1) == Fraction(2, 3)


def _brute(lost, fate, might):
    if lost == 0:
        return Fraction(1)
    if fate == 0:
        return Fraction(0)
    total = Fraction(0)
    for die in range(1, 7):
        options = [_brute(lost - 1 if die >= 4 else lost, fate - 1, might)]
        need = 4 - die
        if die < 4 and might >= need:
            options.append(_brute(lost - 1, fate - 1, might - need))
        total += max(options)
    return total / 6


def test_sb_04_fate_restores_at_most_the_lost_wounds(catalogs):
    b = rules.set_counter(battle(catalogs), "0:u2", "wounds", 1)  # the wizard lost 2 of its 3 Wounds
    b = b.model_copy(update={"options": RulesOptions(fate_dice="all_at_once")})  # three dice thrown together
    after, restored = rules.fate_roll(b, "0:u2", (5, 6, 4), (0, 0, 0), lost=1)
    assert restored == 1 and after.heroes["0:u2"].wounds == 2  # only the Wound of this event
    assert after.heroes["0:u2"].fate == 0  # spent whether the dice succeed or not
    any_lost = b.model_copy(update={"options": RulesOptions(fate_dice="all_at_once", fate_restores="any")})
    after, restored = rules.fate_roll(any_lost, "0:u2", (5, 6, 4), (0, 0, 0), lost=1)
    assert restored == 2 and after.heroes["0:u2"].wounds == 3  # never above the starting value
    after, restored = rules.fate_roll(b, "0:u2", (3,), (1,), lost=1)  # Might on a Fate roll
    assert restored == 1 and after.heroes["0:u2"].might == 2


def test_sb_04_no_fate_after_a_failed_courage_test(catalogs):
    b = rules.with_hero(battle(catalogs), "0:u2", courage_failed=True)
    with pytest.raises(RefusedError) as err:
        rules.fate_roll(b, "0:u2", (6,), (0,), lost=1)
    assert err.value.reason.rule == "SB-04"


def test_sbg_commands_round_trip_through_the_journal_adapter(catalogs):
    for command in (NextPhase(), Declare(side=0, wants=True), RollOff(roll=3)):
        assert COMMANDS.validate_python(command.model_dump(mode="json")) == command
