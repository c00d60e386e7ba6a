"""One rule as the help shows it: the shape each game's rule texts (`<game>/rules_text.py`) share."""

from __future__ import annotations

import re
from dataclasses import dataclass

RULE_AT_START = re.compile(r"^\s*([A-Z]{2,3}-\d{2})\b")
"""A rule ID at the start of a line ("CF-11: …"), as refusals and problems name theirs."""


@dataclass(frozen=True, slots=True)
class RuleText:
    """One rule as the help shows it: its ID, a short title, the text, and the rules options it offers."""

    id: str
    title: str
    text: str
    options: tuple[str, ...] = ()

    @property
    def system(self) -> str:
        """The rule's prefix ("CF", "PD", …), which names its system."""
        return self.id.split("-", 1)[0]


def rule(rule_id: str, title: str, text: str, *options: str) -> RuleText:
    """A rule's text: its ID ("CF-11"), a short title, a sentence or two, and its rules options (each `N_`)."""
    return RuleText(rule_id, title, text, tuple(options))
