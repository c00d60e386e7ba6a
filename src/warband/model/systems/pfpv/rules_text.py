"""The program's own short text for each rule of Par le Fer et par le Verbe (PF-), for Help → Rules (see
`warband.model.rules_text`). Light: loading these texts loads nothing else of the game."""

from __future__ import annotations

from warband.model.messages import N_
from warband.model.rule_text import RuleText, rule

RULES: tuple[RuleText, ...] = (
    rule(
        "PF-01",
        N_("Sources and disciplines"),
        N_(
            "The caster picks a combination of energy sources and magic disciplines, each with its modifier "
            "from the Grimoire or the game master, who may forbid one; once chosen it stays. The Grimoire's "
            "combinations are a help, not a limit: any sources and disciplines the caster has may be used, with "
            "the game master's modifiers, and a spell in no Grimoire may be cast, its level, combination, "
            "modifiers and effects decided at the table. A starting point: the spell's level as a penalty."
        ),
    ),
    rule(
        "PF-02",
        N_("Contact"),
        N_(
            "One roll under the Contact skill per source, without the spell's modifiers; its margin is that "
            "source's raw energy. Links to a source (+1, +2), to its opposite (−1, −2), a support and +1 per Don "
            "spent change the target. Decision: a Contact skill per source, one shared value being the simple "
            "case."
        ),
    ),
    rule(
        "PF-03",
        N_("Control"),
        N_(
            "One roll under the skill of each discipline, with that discipline's modifier: +1 per 2 Don (at "
            "most 10 Don), whispered words −1, no gesture −2, the Grimoire's ritual +2. The control roll is made "
            "even if some raw energies are negative, but not when all are: a raw energy of 0 is not negative. "
            "The Don spent on control is chosen at the control step, once the contact rolls are known, and is "
            "spent only on a control roll actually made."
        ),
    ),
    rule(
        "PF-04",
        N_("Fatigue, several spells, casting time"),
        N_(
            "Fatigue (−1 to −5), several spells at once (−1 for 2 up to −9 for 6) and a hurried or slow casting "
            "modify every contact and control roll. The spells cast at once are one group: its penalty stays on "
            "every roll of each of them, even after one has taken effect, until the last one ends; a spell "
            "begun or resolved while others are being cast joins their group. Spells cast together do not add "
            "their times: the shortest ends first."
        ),
    ),
    rule(
        "PF-05",
        N_("Failure and backlash"),
        N_(
            "Any negative control margin fails the spell: −1 or −2 is harmless, −3 or worse sends the energy "
            "into the caster, 10 Don per point, then Vitality once the Don is gone. Decisions: the energy is the "
            "sum of positive raw energies, Don is lost in whole steps of 10."
        ),
        N_("Backlash: for each control roll failed by 3 or more (default), or once however many failed."),
        N_("Vitality lost per point left once the Don is gone: 2 (default, the rule), or another factor."),
    ),
    rule(
        "PF-06",
        N_("Success and power"),
        N_(
            "With every control margin at 0 or more, each source's net energy is its raw energy plus its "
            "modifier; a negative net energy means the spell cannot be cast, harmlessly. Otherwise the power is "
            "the net energies plus the control margins."
        ),
    ),
    rule(
        "PF-07",
        N_("Paying for the level"),
        N_(
            "The caster then pays 1 Don per level of the spell. Decision: a caster who cannot pay loses "
            "control, as one failed control roll with margin −3."
        ),
    ),
    rule(
        "PF-08",
        N_("Spreading the power"),
        N_(
            "If any control margin is 2 or less, the power is spread evenly over the spell's effects (shares "
            "differ by one at most, the caster picks where the extra goes); if every margin is above 2 it is "
            "spread freely and some may be left unused. Spread effects then apply as far as possible."
        ),
    ),
    rule(
        "PF-09",
        N_("Distraction"),
        N_(
            "A caster distracted while casting rolls under MA, with the game master's bonus or penalty, or the "
            "spell is lost. Decision: that loss is harmless and no Don is paid for the level."
        ),
    ),
    rule(
        "PF-10",
        N_("Recovering Don"),
        N_(
            "Don comes back each hour: 2 asleep, 1 in calm activity, 0 in intense activity, times the Recovery "
            "performance. Decision: Don never exceeds its maximum."
        ),
    ),
)
