"""Values inside the rules' sentences — catalog names, terms of the rules, lists — in the language spoken.

The English message (files, logs, the command line) keeps English values; the sentence shown to the player has
them in French or Russian where the catalogs or our catalogs of messages have them.
"""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Iterator

import pytest

from tests.helpers import catalog_doc, make_army, make_catalogs, unit
from tests.model import test_powerdice as pd_tests
from tests.model import test_sbg as sbg_tests
from warband.model.army import Problem, compare, stamp, validate
from warband.model.messages import COMMA, N_, OR, Phrase, joined, load_language, localised, term
from warband.model.names import CatalogName
from warband.model.session import RefusedError
from warband.model.systems.confrontation.battle_calls import CallRequest, call_problems
from warband.model.systems.confrontation.battle_commands import NextPhase, SetModelFlag
from warband.model.systems.confrontation.battle_rules import start_battle
from warband.model.systems.powerdice.battle_rules import CastRequest, cast_problems
from warband.model.systems.powerdice.battle_rules import start_battle as start_pd_battle

PRIESTESS = {"en": "Iron Priestess", "fr": "Prêtresse de Fer"}


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    load_language("en")


# --- the values themselves ------------------------------------------------------------------------------------
def test_a_catalog_name_is_its_english_string_and_speaks_the_language_when_asked():
    name = CatalogName(PRIESTESS)
    assert name == "Iron Priestess" and isinstance(name, str)
    assert f"{name} calls" == "Iron Priestess calls"  # logs and f-strings: English
    assert json.dumps({"unit": name}) == '{"unit": "Iron Priestess"}'
    assert load_language("fr")
    assert localised(name) == "Prêtresse de Fer"
    assert name == "Iron Priestess"  # as a string it stays English in every language
    assert CatalogName("Ma prêtresse").localised() == "Ma prêtresse"  # a player's own label is kept as typed


def test_phrases_survive_copy_and_pickle_with_their_words():
    phrase = Phrase(N_("cult: {cult}"), cult=CatalogName({"en": "Merin", "fr": "Mérin"}))
    for clone in (copy.deepcopy(phrase), pickle.loads(pickle.dumps(phrase)), copy.copy(phrase)):
        assert clone == "cult: Merin"
        assert load_language("fr")
        assert clone.localised() == "culte\u00a0: Mérin"
        load_language("en")
    name = pickle.loads(pickle.dumps(CatalogName(PRIESTESS)))
    assert name.name == PRIESTESS


@pytest.mark.parametrize(
    ("lang", "both", "either", "many"),
    [
        ("en", "A and B", "A or B", "A, B, C"),
        ("fr", "A et B", "A ou B", "A, B, C"),
        ("ru", "A и B", "A или B", "A, B, C"),
    ],
)
def test_lists_join_in_the_language_spoken(lang, both, either, many):
    assert load_language(lang)
    assert localised(joined(["A", "B"])) == both
    assert localised(joined(["A", "B"], OR)) == either
    assert localised(joined(["A", "B", "C"], COMMA)) == many
    assert joined(["A"]) == "A" and joined([]) == ""
    assert joined(["A", "B", "C"]) == "A, B and C"  # as a string: English


def test_a_term_is_translated_with_its_sentence_only():
    movement = term(N_("Movement"))
    assert load_language("fr")
    assert movement == "Movement" and localised(movement) == "Mouvement"
    assert localised("Movement") == "Movement"  # a plain string is a value, never looked up


# --- Confrontation ------------------------------------------------------------------------------------------------
def test_cf_02_the_access_of_a_miracle_and_the_aspects_in_french():
    doc = catalog_doc()
    doc["cults"][0]["name"] = {"en": "Merin", "fr": "Mérin"}
    army = make_army(unit("u1", "iron-priestess", miracles=["mid-nor-curse", "merin-wrath"]))
    problems = {p.code: p for p in validate(army, make_catalogs(doc)).problems}
    access = problems["miracle.no_access"]
    assert access.message == (
        "Iron Priestess may not take Mid Nor Curse (access — cult: Mid-Nor; Iron Priestess — cult: Merin, "
        "Path: the Ways of Light)."
    )
    assert load_language("fr")
    assert access.sentence == (
        "Prêtresse de Fer ne peut pas prendre Mid Nor Curse (accès — culte\u00a0: Mid-Nor\u00a0; Prêtresse de Fer — "
        "culte\u00a0: Mérin, Voie\u00a0: les Voies de la Lumière)."
    )
    assert "Altération 3" in problems["miracle.aspect"].sentence
    assert access.message.startswith("Iron Priestess may not take")  # the English message is unchanged


def test_cf_02_a_miracle_of_several_cults_and_paths_in_russian():
    doc = catalog_doc()
    doc["miracles"].append(
        {"id": "shared", "name": "Shared", "cults": ["mid-nor", "arh-tolth"], "paths": ["destiny"], "cost": 1}
    )
    [problem] = validate(make_army(unit("u1", "iron-priestess", miracles=["shared"])), make_catalogs(doc)).problems
    assert "access — cults: Mid-Nor and Arh-Tolth and the Path of Destiny;" in problem.message
    assert load_language("ru")
    assert "доступ — культы: Mid-Nor и Arh-Tolth и Путь Судьбы;" in problem.sentence


def test_cf_08_and_cf_10_refusals_name_the_phase_and_the_act_in_french():
    catalogs = make_catalogs()
    armies = [("Aline", make_army(unit("u1", "iron-priestess", miracles=["renfort"]))), ("Bruno", make_army())]
    b = start_battle(armies, catalogs)
    b = NextPhase().apply(b)  # Movement
    [phase] = call_problems(b, CallRequest("0:u1", "renfort", 0, True, None))
    assert load_language("fr")
    assert "Mouvement" in phase.sentence and "Movement" not in phase.sentence
    assert phase.message == "Miracles are called in the Divination phase; this is the Movement phase."
    b = SetModelFlag(key="0:u1", field="divination_done", value=False).apply(b)
    called = b.models["0:u1"].model_copy(update={"called": ("renfort",)})
    b = b.model_copy(update={"models": {**b.models, "0:u1": called}})
    with pytest.raises(RefusedError) as err:
        SetModelFlag(key="0:u1", field="shot", value=True).apply(b)
    reason: Problem = err.value.reason
    assert "Prêtresse de Fer" in reason.sentence and "tirer" in reason.sentence
    assert reason.message == "Iron Priestess called a miracle this turn and cannot shoot in the same turn."


def test_ar_04_changes_name_the_kind_and_the_entry_in_french():
    catalogs = make_catalogs()
    army = stamp(make_army(unit("u1", "iron-priestess", miracles=["messager-divin"])), catalogs)
    doc = catalog_doc(revision=2)
    doc["miracles"][0]["cost"] = 14
    [_, change] = compare(army, make_catalogs(doc))
    assert change.message == "Miracle Divine messenger: its cost went from 12 to 14 A.P. (Iron Priestess)."
    assert load_language("fr")
    assert "Messager divin" in change.sentence and "Prêtresse de Fer" in change.sentence


# --- power dice ---------------------------------------------------------------------------------------------------
def test_pd_01_traits_and_pd_03_steps_in_french():
    catalogs = pd_tests.catalogs.__wrapped__()
    report = validate(pd_tests.army(pd_tests.u("u1", "priest", "fireball")), catalogs)
    [problem] = report.problems
    assert load_language("fr")
    assert "magicien" in problem.sentence and "prêtre (clerc)" in problem.sentence
    assert "magician" in problem.message
    b = start_pd_battle([("Aline", pd_tests.army(pd_tests.u("u1", "mage"))), ("Bruno", pd_tests.army())], catalogs)
    [step] = cast_problems(b, CastRequest("0:u1", "fireball", 1))
    assert "A1 Marqueurs de magie, face cachée" in step.sentence and "B3 ou C" in step.sentence
    assert "A1 Magic markers, face down" in step.message and "B3 or C" in step.message


# --- Strategy Battle Game -----------------------------------------------------------------------------------------
def test_sbg_a_long_mix_and_the_limit_in_french():
    catalogs = sbg_tests.make_catalogs()
    units = [sbg_tests.u(f"u{i}", "rider", 1, f"Rider {i}") for i in range(1, 7)]
    report = validate(sbg_tests.army(*units, sbg_tests.u("u9", "orc"), limit=10), catalogs)
    mix = next(p for p in report.problems if p.code == "sbg.alignment")
    limit = next(p for p in report.problems if p.code == "sbg.over_limit")
    assert load_language("fr")
    assert "Rider 1, Rider 2, Rider 3 et 3 autres" in mix.sentence
    assert "points" in limit.sentence and "A.P." not in limit.sentence


def test_cf_07_an_item_names_its_peoples_as_the_catalogs_do():
    doc = catalog_doc()
    doc["peoples"] = [{"id": "griffins", "name": {"en": "Griffins of Akkylannia", "fr": "Griffons d'Akkylannie"}}]
    doc["items"].append({"id": "banner", "name": "Banner", "cost": 5, "peoples": ["griffins", "lions"]})
    army = make_army(unit("u1", "wolfen-shaman", items=["griffin-blade", "banner"]))
    blade, banner = validate(army, make_catalogs(doc)).problems
    assert blade.message == "Griffin blade is only for the people Griffins of Akkylannia; Wolfen shaman is not."
    assert "the people Griffins of Akkylannia or lions" in banner.message  # a people no catalog names: its ID
    assert load_language("fr")
    assert "le peuple Griffons d'Akkylannie ou lions" in banner.sentence


def test_each_system_names_its_points():
    from warband.model.system import points_name

    assert points_name("confrontation") == points_name("powerdice") == "A.P."
    assert points_name("sbg") == "points"
    assert points_name("pfpv") is None  # a party has no points
    assert points_name("no-such-game") == "A.P."


# --- the battle log and the undo labels ---------------------------------------------------------------------------
def test_a_french_log_keeps_english_and_french_words_through_the_journal(tmp_path):
    from warband.model.battle import BattleRun
    from warband.model.battle_log import entry_words
    from warband.model.replay import resume
    from warband.model.systems.confrontation.battle_commands import COMMANDS
    from warband.model.systems.confrontation.battle_state import ConfrontationBattle

    armies = [("Aline", make_army(unit("u1", "iron-priestess"))), ("Bruno", make_army())]
    journal = tmp_path / "battle.journal"
    run = BattleRun(start_battle(armies, make_catalogs()), journal=journal)
    assert run.execute(SetModelFlag(key="0:u1", field="engaged", value=True))  # logged in English
    assert load_language("fr")
    assert run.execute(NextPhase())
    english_line, french_line = run.log
    assert (english_line.text, english_line.spoken) == ("Engaged in melee: yes", {})
    assert (french_line.text, french_line.spoken) == ("Next phase", {"fr": "Phase suivante"})
    assert run.session.undo_label == "Next phase" and localised(run.session.undo_label) == "Phase suivante"
    assert [entry_words(e) for e in run.log] == ["Engaged in melee: yes", "Phase suivante"]
    resumed = resume(journal, ConfrontationBattle, COMMANDS.validate_python)
    assert resumed.log == run.log
    assert localised(resumed.session.undo_label) == "Phase suivante"  # labels are worked out again, in French
    load_language("en")
    assert [entry_words(e) for e in resumed.log] == ["Engaged in melee: yes", "Next phase"]  # an English reader
    load_language("ru")
    assert entry_words(resumed.log[1]) == "Next phase"  # written in French: a Russian reader gets the English


def test_a_call_is_logged_in_the_language_spoken():
    from warband.model.dice import TypedDice
    from warband.model.systems.confrontation.battle_calls import call_miracle

    armies = [("Aline", make_army(unit("u1", "iron-priestess", miracles=["renfort"]))), ("Bruno", make_army())]
    b = start_battle(armies, make_catalogs())
    while b.phase != "divination":
        b = NextPhase().apply(b)
    _, outcome = call_miracle(b, CallRequest("0:u1", "renfort", 2, True, None), TypedDice((6, 4)))
    sentence = outcome.sentence()
    assert sentence.startswith("Iron Priestess calls Renfort: fervour 2, dice 6, total 8 against 8: success")
    assert load_language("fr")
    assert localised(sentence).startswith(
        "Prêtresse de Fer appelle Renfort\u00a0: ferveur 2, dés 6, total 8 contre 8\u00a0: réussite"
    )


# --- Par le Fer et par le Verbe -----------------------------------------------------------------------------------
def test_pf_setup_problems_and_a_casting_described_in_french():
    from tests.model.test_pfpv import DEFAULT, eruption
    from warband.model.systems.pfpv.casting import resolve, setup_problems
    from warband.model.systems.pfpv.scene import describe

    [problem] = setup_problems(eruption(don=5, don_contact={"fire": 8}))
    result = resolve(eruption(), {"fire": 0, "earth": 0}, {"destruction": 0}, DEFAULT)
    text = describe(result, 6)
    assert problem == "PF-02: 8 Don spent on the rolls, but only 5 left."
    assert text == (
        "success: raw fire 10, earth 10; control destruction 7; net fire 4, earth 5; power 16, 6 Don paid for the level"
    )
    assert load_language("fr")
    assert localised(problem) == "PF-02\u00a0: 8 de Don dépensé sur les jets, mais il n'en reste que 5."
    assert localised(text) == (
        "réussite\u00a0: brut fire 10, earth 10\u00a0; contrôle destruction 7\u00a0; net fire 4, earth 5\u00a0; "
        "puissance 16, 6 de Don payé pour le niveau"
    )


def test_pf_a_casting_names_its_sources_as_the_catalogs_do():
    from tests.model.test_pfpv import DEFAULT, eruption
    from warband.model.systems.pfpv.casting import resolve
    from warband.model.systems.pfpv.scene import describe

    result = resolve(eruption(), {"fire": 0, "earth": 0}, {"destruction": 0}, DEFAULT)
    text = describe(result, 6, {"fire": CatalogName({"en": "Fire", "fr": "Feu"})})
    assert text.startswith("success: raw Fire 10, earth 10;")
    assert load_language("fr")
    assert localised(text).startswith("réussite\u00a0: brut Feu 10, earth 10\u00a0;")


def test_an_undo_label_names_the_miracle_as_the_catalogs_do():
    from warband.model.session import Session
    from warband.model.systems.confrontation.battle_commands import CallMiracle

    armies = [
        ("Aline", make_army(unit("u1", "iron-priestess", miracles=["messager-divin"]))),
        ("Bruno", make_army()),
    ]
    b = start_battle(armies, make_catalogs())
    while b.phase != "divination":
        b = NextPhase().apply(b)
    session = Session(b)
    call = CallMiracle(
        key="0:u1", miracle="messager-divin", fervour=1, target_confirmed=True, difficulty=5, dice=(6,)
    )
    assert session.execute(call)
    assert call.label == "Call messager-divin"  # without the battle, the command knows only the id
    assert session.undo_label == "Call Divine messenger"
    assert load_language("fr")
    assert localised(session.undo_label) == "Appeler Messager divin"
