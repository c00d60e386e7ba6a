"""The program's own text for every rule ID: each rule of RULES.md, and each rule the code's problems name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from warband.model.rules_text import RULES, SYSTEMS, leading_rule, matches, rules_of
from warband.model.system import registered

SRC = Path(__file__).resolve().parents[2] / "src" / "warband"
RULES_MD = Path(__file__).resolve().parents[3] / "shared" / "RULES.md"
"""The rules digest, in ../shared beside the clone (read-only in CI); the list below stands in without it."""

KNOWN_IDS = (
    *(f"CF-{n:02d}" for n in range(1, 17)),
    "CF-20",  # army make-up, listed before the Divination roll's rules
    *(f"CF-{n:02d}" for n in range(17, 20)),
    *(f"PD-{n:02d}" for n in range(1, 9)),
    *(f"PF-{n:02d}" for n in range(1, 11)),
    *(f"SB-{n:02d}" for n in range(1, 9)),
    *(f"AR-{n:02d}" for n in range(1, 6)),
)

OWN_PREFIXES = {e.info.rule_prefix for e in registered().values() if e.distribution == "warband"} | {"AR"}
"""The prefixes of the digest's rules: Warband's own games' and the shared ones. A game of its own package (the
tests' fifth game) brings rules the digest does not list: those are checked against their game, not the digest."""
OWN_RULES = [rule_id for rule_id, rule in RULES.items() if rule.system in OWN_PREFIXES]


def digest_ids() -> list[str]:
    if not RULES_MD.is_file():
        return list(KNOWN_IDS)
    return re.findall(r"^- ((?:CF|PD|PF|SB|AR)-\d{2}) ", RULES_MD.read_text(encoding="utf-8"), re.MULTILINE)


def ids_named_by_the_code() -> set[str]:
    """Every rule ID the model and the GUI put on a problem or a refusal (`Problem.of("CF-11", …)` and friends)."""
    found: set[str] = set()
    pattern = re.compile(r"""Problem(?:\.of)?\(\s*["']((?:CF|PD|PF|SB|AR)-\d{2})["']""")
    literal = re.compile(r"""["']((?:CF|PD|PF|SB|AR)-\d{2})["']""")
    for path in SRC.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        found.update(pattern.findall(text))
        if path.is_relative_to(SRC / "model"):
            found.update(literal.findall(text))  # rule IDs passed through variables before Problem.of
    return found


def test_the_digest_lists_the_51_rules():
    ids = digest_ids()
    assert len(ids) == len(set(ids)) == 51
    assert ids == list(KNOWN_IDS)


def test_every_rule_of_the_digest_has_a_text():
    missing = [rule_id for rule_id in digest_ids() if rule_id not in RULES]
    assert missing == []
    assert list(KNOWN_IDS) == OWN_RULES  # the digest's order, and nothing invented


def test_a_plugin_games_rules_are_its_own_and_listed_by_its_prefix():
    """Each other rule is a registered game's, under its prefix (SYSTEMS names it), in its own order."""
    plugins = {
        e.info.rule_prefix: e.info.rules_title for e in registered().values() if e.distribution != "warband"
    }
    others = [rule_id for rule_id in RULES if rule_id not in OWN_RULES]
    assert {rule_id.split("-")[0] for rule_id in others} <= set(plugins)
    for prefix, title in plugins.items():
        assert title == SYSTEMS[prefix]
        assert [r.id for r in rules_of(prefix)] == sorted(r.id for r in rules_of(prefix))


def test_every_rule_the_code_names_has_a_text():
    named = ids_named_by_the_code()
    assert {"CF-11", "PD-05", "SB-05", "PF-04", "AR-02"} <= named  # the scan does find them
    assert sorted(named - set(RULES)) == []


@pytest.mark.parametrize("rule_id", KNOWN_IDS)
def test_each_text_is_short_and_in_order(rule_id):
    rule = RULES[rule_id]
    assert rule.id == rule_id
    assert rule.system in SYSTEMS
    assert rule.title and rule.title[0].isupper() and len(rule.title) <= 60
    assert rule.text.endswith(".") and 20 <= len(rule.text) <= 500
    assert all(option.endswith(".") for option in rule.options)


def test_the_rules_options_are_told_where_there_are_some():
    with_options = {rule_id for rule_id in OWN_RULES if RULES[rule_id].options}
    assert with_options == {"CF-15", "CF-18", "CF-19", "PD-03", "PF-05", "SB-03", "SB-04"}
    assert "Decision:" in RULES["CF-13"].text
    assert "Decision" in RULES["PF-05"].text


def test_rules_by_system_in_order():
    assert [r.id for r in rules_of("SB")] == [
        "SB-01",
        "SB-02",
        "SB-03",
        "SB-04",
        "SB-05",
        "SB-06",
        "SB-07",
        "SB-08",
    ]
    assert sum(len(rules_of(prefix)) for prefix in SYSTEMS if prefix in OWN_PREFIXES) == 51


def test_a_refusal_names_its_rule_at_its_start():
    assert leading_rule("CF-11: Anna is engaged in melee by an enemy and cannot call a miracle.") == "CF-11"
    assert leading_rule("  SB-05: not now") == "SB-05"
    assert leading_rule("Saved to /tmp/CF-11.warband.json") is None
    assert leading_rule("CF-99: no such rule") is None
    assert leading_rule("") is None


def test_search_matches_every_word_in_id_title_text_or_options():
    assert matches(RULES["CF-11"], "cf-11")
    assert matches(RULES["CF-11"], "warrior-monks MELEE")
    assert not matches(RULES["CF-11"], "melee hexes")
    assert matches(RULES["CF-19"], "natural 1")  # in an option
    assert matches(RULES["CF-11"], "")
    assert matches(RULES["CF-11"], "mêlée", translate=lambda s: s.replace("melee", "mêlée"))
