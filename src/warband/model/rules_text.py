"""The program's own short text for every rule ID, for Help → Rules and for explaining a problem or refusal.

Each rule is restated in a sentence or two, with the decision taken where the rulebook is silent and the rules
options a battle may switch. The English text is marked for gettext (`N_`); the window translates it when shown.
"""

from __future__ import annotations

from collections.abc import Callable

from warband.model.messages import N_
from warband.model.rule_text import RULE_AT_START, RuleText, rule
from warband.model.system import game_modules, games

__all__ = ["RULES", "SYSTEMS", "RuleText", "leading_rule", "matches", "rules_of"]

SHARED_PREFIX = "AR"

SYSTEMS: dict[str, str] = {
    **{game.rule_prefix: game.rules_title for game in sorted(games(), key=lambda game: game.rule_prefix)},
    SHARED_PREFIX: N_("Army files and battles (all systems)"),
}
"""Each rule prefix and the game it belongs to, in the order the help lists them (the digest's: by prefix, CF-,
PD-, PF-, SB-, then the shared AR-), whatever order the games are found in."""


SHARED_RULES: tuple[RuleText, ...] = (
    rule(
        "AR-01",
        N_("One army, one system"),
        N_("An army belongs to one rule system and refers to its catalog entries by their IDs."),
    ),
    rule(
        "AR-02",
        N_("Entries the catalogs no longer know"),
        N_(
            "An army whose entries were renamed or removed still opens: they stay in the army, flagged and "
            "not counted, and are saved back unchanged. Nothing the player chose is dropped silently."
        ),
    ),
    rule(
        "AR-03",
        N_("Problems warn, never block"),
        N_(
            "Every problem is reported with its rule ID, its unit and a plain sentence, and none stops the "
            "editing: a draft may be over its limit."
        ),
    ),
    rule(
        "AR-04",
        N_("Catalog versions"),
        N_(
            "An army records the id and revision of each catalog it was built with; opened against another "
            "revision, the player is told what changed for it (costs, requirements, entries gone)."
        ),
    ),
    rule(
        "AR-05",
        N_("Undoing a roll keeps the dice"),
        N_(
            "Undoing a dice roll restores the battle but not the dice: rolling again gives new dice, and the "
            "log keeps the undone roll, marked as undone."
        ),
    ),
)
"""The rules of every game: army files and battles."""


def _every_rule() -> dict[str, RuleText]:
    """Each game's rules (its `rules_text` module, found through the registry) in the order of their prefixes
    (the digest's: CF-, PD-, PF-, SB-), then the shared ones."""
    found: list[RuleText] = []
    prefixes = {game.id: game.rule_prefix for game in games()}
    modules = game_modules("rules_text")
    for system_id in sorted(modules, key=lambda game: (prefixes.get(game, ""), game)):  # as SYSTEMS
        found.extend(getattr(modules[system_id], "RULES", ()))
    found.extend(SHARED_RULES)
    return {text.id: text for text in found}


RULES: dict[str, RuleText] = _every_rule()
"""Every rule ID of the rules digest, in the digest's order."""


def rules_of(system: str) -> list[RuleText]:
    """The rules of one system prefix ("CF", …), in order."""
    return [rule for rule in RULES.values() if rule.system == system]


def leading_rule(text: str) -> str | None:
    """The rule a refusal names at its start ("CF-11: …"), if it is one the help knows."""
    match = RULE_AT_START.match(text)
    if match is None or match.group(1) not in RULES:
        return None
    return match.group(1)


def matches(rule: RuleText, query: str, translate: Callable[[str], str] = str) -> bool:
    """Whether every word of the query is in the rule's ID, title, text or options (ignoring case).

    `translate` gives the words as the player reads them (the window passes gettext's `_`).
    """
    words = (rule.id, *(translate(part) for part in (rule.title, rule.text, *rule.options)))
    haystack = " ".join(words).casefold()
    return all(word in haystack for word in query.casefold().split())
