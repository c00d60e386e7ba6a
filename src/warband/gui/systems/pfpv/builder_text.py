"""How the pfpv builder words a character and a spell: skills per source and discipline, modifiers, combinations,
and why a character cannot attempt one (PF-01 … PF-03, PF-10)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from warband.model import army
from warband.model.messages import _, spoken_text
from warband.model.names import Name, display_name
from warband.model.systems.pfpv.rules import Index
from warband.model.systems.pfpv.schema import Combination, PfpvUnit, Profile, Specialisation, Spell

MINUS = "−"
"""The typographic minus sign of the Grimoire's modifiers ("Fire −6")."""
NO_BREAK = "\u00a0"
"""Between a name and its number where text wraps: "Enchantment" and "−4" stay on one line."""


def entry_name(entries: Mapping[str, object], entry_id: str, languages: Sequence[str] | None = None) -> str:
    """The name of a source, discipline or spell, or its id when the catalogs no longer hold it."""
    name: Name | None = getattr(entries.get(entry_id), "name", None)
    return entry_id if name is None else display_name(name, languages)


def signed(value: int) -> str:
    """'−6', '+2', '0': a modifier as the Grimoire prints it."""
    if value < 0:
        return f"{MINUS}{-value}"
    return f"+{value}" if value > 0 else "0"


def skills_text(
    skills: Mapping[str, int],
    entries: Mapping[str, object],
    languages: Sequence[str] | None = None,
    space: str = " ",
) -> str:
    """'Fire 10, Earth 11', in the character's own order (its major source first, as its sheet lists it)."""
    return ", ".join(f"{entry_name(entries, key, languages)}{space}{value}" for key, value in skills.items())


def combination_text(
    combination: Combination, idx: Index, languages: Sequence[str] | None = None, space: str = " "
) -> str:
    """'Fire −6 + Earth −5 / Destruction −6': the sources, then the disciplines, each with its modifier (PF-01).

    `space` goes between a name and its modifier (`NO_BREAK` where the text wraps).
    """
    sources = " + ".join(
        f"{entry_name(idx.sources, p.id, languages)}{space}{signed(p.modifier)}" for p in combination.sources
    )
    disciplines = " + ".join(
        f"{entry_name(idx.disciplines, p.id, languages)}{space}{signed(p.modifier)}"
        for p in combination.disciplines
    )
    return f"{sources} / {disciplines}"


def missing_skills(profile: Profile, combination: Combination, idx: Index) -> list[str]:
    """Why the character cannot attempt the combination: 'no Contact skill in Earth', 'no skill in Destruction'.

    Empty exactly when `rules.can_attempt` allows it (a Contact skill per source, PF-02; a skill per discipline,
    PF-03); the tests hold the two together.
    """
    reasons = [
        _("no Contact skill in {source}").format(source=entry_name(idx.sources, p.id))
        for p in combination.sources
        if p.id not in profile.contact
    ]
    reasons += [
        _("no skill in {discipline}").format(discipline=entry_name(idx.disciplines, p.id))
        for p in combination.disciplines
        if p.id not in profile.disciplines
    ]
    return reasons


def specialisation_bonus(profile: Profile, spell_id: str, discipline_id: str) -> int:
    """The control bonus the character's specialisations give in a discipline for this spell (PF-03)."""
    return sum(
        s.bonus
        for s in profile.specialisations
        if s.discipline == discipline_id and (s.spell is None or s.spell == spell_id)
    )


def rolls_text(profile: Profile, spell: Spell, combination: Combination, idx: Index) -> str:
    """The rolls a combination asks for, with this character's targets before the table's modifiers."""
    lines = [_("Contact rolls, without the spell's modifiers (PF-02):")]
    for part in combination.sources:
        name = entry_name(idx.sources, part.id)
        skill = profile.contact.get(part.id)
        if skill is None:
            lines.append("  " + _("{source}: no Contact skill").format(source=name))
        else:
            lines.append(
                "  "
                + _("{source}: under {skill}; net energy = margin {modifier} (PF-06)").format(
                    source=name, skill=skill, modifier=signed(part.modifier)
                )
            )
    lines.append(_("Control rolls (PF-03):"))
    for discipline in combination.disciplines:
        name = entry_name(idx.disciplines, discipline.id)
        skill = profile.disciplines.get(discipline.id)
        if skill is None:
            lines.append("  " + _("{discipline}: no skill").format(discipline=name))
            continue
        bonus = specialisation_bonus(profile, spell.id, discipline.id)
        target = skill + discipline.modifier + bonus
        sum_text = f"{skill} {signed(discipline.modifier)}"
        if bonus:
            sum_text += " " + _("{bonus} (specialisation)").format(bonus=signed(bonus))
        lines.append(
            "  " + _("{discipline}: under {sum} = {target}").format(discipline=name, sum=sum_text, target=target)
        )
    return "\n".join(lines)


def specialisation_text(specialisation: Specialisation, idx: Index) -> str:
    """'Enchantment +2 for Sleep', 'Destruction +1 for every spell'."""
    discipline = entry_name(idx.disciplines, specialisation.discipline)
    if specialisation.spell is None:
        return _("{discipline} {bonus} for every spell").format(
            discipline=discipline, bonus=signed(specialisation.bonus)
        )
    return _("{discipline} {bonus} for {spell}").format(
        discipline=discipline,
        bonus=signed(specialisation.bonus),
        spell=entry_name(idx.spells, specialisation.spell),
    )


def recovery_text(recovery: int) -> str:
    """'×4: 8 Don an hour asleep, 4 in calm activity' (PF-10; none in intense activity)."""
    return _("×{recovery}: {asleep} Don an hour asleep, {calm} in calm activity").format(
        recovery=recovery, asleep=2 * recovery, calm=recovery
    )


def effects_text(spell: Spell) -> str:
    """'Area: 1 m radius per level; Damage: 1 Vitality …' — what the power levels are spread over (PF-08)."""
    return "; ".join(f"{display_name(e.name)}: {display_name(e.per_level)}" for e in spell.effects)


def unit_label(unit: PfpvUnit, profile: Profile | None) -> str:
    """The character's own label, else its profile's name, as the window shows it."""
    return spoken_text(army.unit_label(unit, profile))


def joined(parts: Iterable[str], none: str | None = None) -> str:
    """Parts joined by commas, or `none` ('none' by default) when there are none."""
    text = ", ".join(parts)
    return text or (none if none is not None else _("none"))
