"""What the « Par le Fer et par le Verbe » resolver says, as plain strings: names, the targets of the rolls and
what makes them, the outcomes' odds, and every step of a casting. No widgets here, and no rules: the numbers come
from `casting` and `scene`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from warband.model.messages import _, spoken_text
from warband.model.names import display_name
from warband.model.systems.pfpv import casting
from warband.model.systems.pfpv.scene import PfpvScene, label_of, profile_of
from warband.model.systems.pfpv.schema import Combination

OUTCOME_ORDER = ("harmless failure", "no energy", "backlash", "cannot be cast", "success")
"""The rows of the odds table: "no energy" is shown under the harmless failure it belongs to."""


def outcome_name(outcome: str) -> str:
    return {
        "no energy": _("of which no energy (no control roll)"),
        "harmless failure": _("Harmless failure"),
        "backlash": _("Backlash"),
        "cannot be cast": _("Cannot be cast (no harm)"),
        "success": _("Success"),
    }[outcome]


def signed(value: int) -> str:
    """ "+2", "−3", "0": a modifier, with a true minus sign."""
    if value > 0:
        return f"+{value}"
    return f"−{-value}" if value < 0 else "0"


def number(value: int) -> str:
    """ "−7", "3": a number that may be negative, with a true minus sign."""
    return f"−{-value}" if value < 0 else str(value)


def decimal(value: Fraction) -> str:
    """An expected amount with one decimal ("41.9")."""
    tenths = round(value * 10)
    return f"{tenths // 10}.{tenths % 10}"


@dataclass(frozen=True)
class Names:
    """Display names of the scene's sources, disciplines and spells, by id."""

    sources: Mapping[str, str]
    disciplines: Mapping[str, str]
    spells: Mapping[str, str]

    @classmethod
    def of(cls, scene: PfpvScene) -> Names:
        entries = scene.entries
        return cls(
            {k: display_name(v.name) for k, v in entries.sources.items()},
            {k: display_name(v.name) for k, v in entries.disciplines.items()},
            {k: display_name(v.name) for k, v in entries.spells.items()},
        )

    def source(self, key: str) -> str:
        return self.sources.get(key, key)

    def discipline(self, key: str) -> str:
        return self.disciplines.get(key, key)


def combination_text(names: Names, combination: Combination) -> str:
    """ "Fire −6 + Earth −5 / Destruction −6"."""
    sources = " + ".join(f"{names.source(p.id)} {signed(p.modifier)}" for p in combination.sources)
    disciplines = " + ".join(f"{names.discipline(p.id)} {signed(p.modifier)}" for p in combination.disciplines)
    return f"{sources} / {disciplines}"


def character_title(scene: PfpvScene, key: str) -> str:
    """ "Merlin — Don 120/120, Vitality 14/14"."""
    state = scene.characters[key]
    profile = profile_of(scene, key)
    return _("{name} — Don {don}/{don_max}, Vitality {vitality}/{vitality_max}").format(
        name=spoken_text(label_of(scene, key)),
        don=state.don,
        don_max=profile.don,
        vitality=state.vitality,
        vitality_max=profile.vitality,
    )


def scene_modifiers_text(setup: casting.Setup) -> str:
    """Fatigue and the spells cast at once, from the scene (PF-04): shown, edited in the tracker."""
    return _(
        "From the scene: fatigue {fatigue}; {count} spell(s) cast at once ({penalty}). "
        "On every roll, with the casting time: {common}."
    ).format(
        fatigue=signed(-setup.fatigue),
        count=setup.simultaneous,
        penalty=signed(casting.SIMULTANEOUS[setup.simultaneous]),
        common=signed(setup.common),
    )


def _parts(parts: list[tuple[str, int]]) -> str:
    return ", ".join(f"{name} {signed(value)}" for name, value in parts if value)


def contact_breakdown(setup: casting.Setup, source: str) -> str:
    """What makes a contact target (PF-02, PF-04): the skill first, then every modifier that is not 0."""
    skill = _("skill {value}").format(value=setup.source_skills[source])
    rest = _parts(
        [
            (_("link"), setup.links.get(source, 0)),
            (_("support"), setup.support),
            (_("Don"), setup.don_contact.get(source, 0)),
            (_("every roll"), setup.common),
        ]
    )
    energy = _("energy {modifier}").format(modifier=signed(setup.source_modifiers[source]))
    return f"{skill}{', ' + rest if rest else ''}; {energy}"


def control_breakdown(setup: casting.Setup, discipline: str) -> str:
    """What makes a control target (PF-03, PF-04)."""
    skill = _("skill {value}").format(value=setup.discipline_skills[discipline])
    rest = _parts(
        [
            (_("spell"), setup.discipline_modifiers[discipline]),
            (_("specialisation"), setup.specialisation.get(discipline, 0)),
            (_("Don"), min(setup.don_control.get(discipline, 0), 10) // 2),
            (_("whisper"), -1 if setup.whisper else 0),
            (_("no gesture"), -2 if setup.no_gesture else 0),
            (_("Grimoire"), 2 if setup.grimoire else 0),
            (_("every roll"), setup.common),
        ]
    )
    return f"{skill}{', ' + rest if rest else ''}"


def backlash_cost(odds: casting.Odds) -> str:
    """The expected Don and Vitality lost to a backlash, per casting and when it happens."""
    chance = odds.outcomes.get("backlash", Fraction(0))
    if chance == 0:
        return _("No backlash possible.")
    return _(
        "Expected loss per casting: {don} Don ({don_exact}), {vitality} Vitality ({vitality_exact}); "
        "when a backlash happens: {don_if} Don, {vitality_if} Vitality."
    ).format(
        don=decimal(odds.expected_don_lost),
        don_exact=odds.expected_don_lost,
        vitality=decimal(odds.expected_vitality_lost),
        vitality_exact=odds.expected_vitality_lost,
        don_if=decimal(odds.expected_don_lost / chance),
        vitality_if=decimal(odds.expected_vitality_lost / chance),
    )


def headline(result: casting.Result) -> str:
    if result.outcome == "success":
        return _("Success: {power} power levels").format(power=result.power)
    if result.outcome == "backlash" and result.lost_control:
        return _("Control lost: the Don for the level was missing (PF-07)")
    return {
        "no energy": _("No energy brought: nothing happens (PF-03)"),
        "harmless failure": _("Failure: the energy disperses harmlessly (PF-05)"),
        "backlash": _("Failure: backlash into the caster's body (PF-05)"),
        "cannot be cast": _("Controlled, but a net energy is negative: the spell cannot be cast (PF-06)"),
    }[result.outcome]


def steps(
    names: Names,
    setup: casting.Setup,
    result: casting.Result,
    rolls: tuple[Mapping[str, int], Mapping[str, int]],
    before: tuple[int, int],
) -> list[str]:
    """Every step of a casting with its numbers, in the order the table plays them."""
    contact, control = rolls
    lines = [
        _("Contact {source}: rolled {roll}, target {target} → raw energy {raw}").format(
            source=names.source(s),
            roll=contact[s],
            target=number(setup.contact_target(s)),
            raw=number(result.raw[s]),
        )
        for s in result.raw
    ]
    if not result.margins:
        lines.append(_("Every raw energy is negative: no control roll (PF-03)."))
    for d, margin in result.margins.items():
        lines.append(
            _("Control {discipline}: rolled {roll}, target {target} → margin {margin}").format(
                discipline=names.discipline(d),
                roll=control[d],
                target=number(setup.control_target(d)),
                margin=number(margin),
            )
        )
    for s, net in result.net.items():
        lines.append(
            _("Net energy {source}: {raw} {modifier} = {net}").format(
                source=names.source(s),
                raw=number(result.raw[s]),
                modifier=signed(setup.source_modifiers[s]),
                net=number(net),
            )
        )
    if result.outcome == "success":
        terms = [str(v) for v in result.net.values()] + [str(v) for v in result.margins.values()]
        lines.append(_("Power: {terms} = {power}").format(terms=" + ".join(terms), power=result.power))
        lines.append(_("Don paid for the level: {level} (PF-07)").format(level=setup.level))
    if result.backlash is not None:
        hurt = result.backlash
        lines.append(
            _("Backlash: energy {energy} → {don} Don and {vitality} Vitality lost").format(
                energy=hurt.energy, don=hurt.don_lost, vitality=hurt.vitality_lost
            )
        )
    don, vitality = before
    spent = sum(setup.don_contact.values()) + (sum(setup.don_control.values()) if result.margins else 0)
    lines.append(
        _("Don {before} → {after} ({spent} spent on the rolls); Vitality {v_before} → {v_after}").format(
            before=don, after=result.don_after, spent=spent, v_before=vitality, v_after=result.vitality_after
        )
    )
    return lines
