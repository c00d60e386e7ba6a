"""Par le Fer et par le Verbe's message templates: setting up and resolving a casting in a scene.

Keys are the codes its problems and refusals carry; the shared code finds them through `warband.model.messages`,
which loads a game's templates only when it meets one of its codes."""

from __future__ import annotations

from warband.model.messages import N_

TEMPLATES: dict[str, str] = {
    "pf.setup": N_("{reason}"),
    "pf.simultaneous": N_("{unit} already casts {count} spells at once: 6 at the most (PF-04)."),
    "pf.unknown_spell": N_("{unit} does not know the spell {spell}."),
    "pf.no_combination": N_("The Grimoire lists no combination: the game master sets one (PF-01)."),
    "pf.cannot_attempt": N_("The character has no skill in one of these sources or disciplines"),
    "pf.no_such_combination": N_(
        "The Grimoire lists {count} combination(s) for {spell}, not a number {number}: choose one of them, or "
        "set the sources and disciplines at the table."
    ),
    "pf.not_in_combination": N_(
        "{part} is not in the combination chosen: a modifier, Don or link for it would change nothing. Add it to "
        "the combination at the table, or leave it out."
    ),
    "pf.unknown_part": N_("“{part}” is neither a source nor a discipline of this scene."),
    "pf.part_twice": N_("{part} is twice in the combination."),
    "pf.roll_missing": N_("The contact roll for “{part}” is missing."),
    "pf.control_missing": N_(
        "No raw energy is negative, so the control rolls are made (a raw energy of 0 is not negative): the roll "
        "for “{part}” is missing."
    ),
    "pf.spell_unknown": N_(
        "The spell “{spell}” is not in the loaded catalogs: {unit} cannot cast it (the scene keeps it as it is)."
    ),
    # characters built in the party (AR-02, PF-X2)
    "pf.character.source_unknown": N_(
        "{unit} has a Contact skill in the source “{source}”, which is not in the loaded catalogs: the character "
        "keeps it as it is."
    ),
    "pf.character.discipline_unknown": N_(
        "{unit} has a skill in the discipline “{discipline}”, which is not in the loaded catalogs: the character "
        "keeps it as it is."
    ),
    "pf.character.spell_unknown": N_(
        "{unit} knows the spell “{spell}”, which is not in the loaded catalogs: the character keeps it, and "
        "cannot cast it."
    ),
    "pf.character.don_low": N_("{unit} has a Don Magique of {don}: a character has {least} to 400."),
}
