"""The catalog editor's words for the fields of the built-in games' catalogs; a field no game here names is shown
by its name in the file, made readable ("may_field" → "May field")."""

from __future__ import annotations

from warband.model.messages import N_, _

FIELD_WORDS: dict[str, str] = {
    "alignment": N_("Alignment"),
    "alteration": N_("Alteration"),
    "area": N_("Area"),
    "aspects": N_("Aspects"),
    "attacks": N_("Attacks"),
    "bonus": N_("Bonus"),
    "caster": N_("Caster"),
    "casting": N_("Casting value"),
    "casting_time": N_("Casting time"),
    "combinations": N_("Combinations"),
    "contact": N_("Contact skills"),
    "cost": N_("Cost"),
    "courage": N_("Courage"),
    "creation": N_("Creation"),
    "cult": N_("Cult"),
    "cults": N_("Cults"),
    "defence": N_("Defence"),
    "destruction": N_("Destruction"),
    "difficulty": N_("Difficulty"),
    "difficulty_formula": N_("Difficulty formula"),
    "difficulty_note": N_("Difficulty note"),
    "discipline": N_("Discipline"),
    "disciplines": N_("Disciplines"),
    "don": N_("Don"),
    "duration": N_("Duration"),
    "effects": N_("Effects"),
    "faction": N_("Faction"),
    "factions": N_("Factions"),
    "faith": N_("Faith"),
    "faithful": N_("Faithful"),
    "faithful_only": N_("Faithful only"),
    "fate": N_("Fate"),
    "fervour": N_("Fervour"),
    "fervour_plus": N_("Fervour plus"),
    "fight": N_("Fight"),
    "hero": N_("Hero"),
    "heroic_tier": N_("Heroic tier"),
    "id": N_("ID"),
    "intelligence": N_("Intelligence"),
    "items": N_("Items"),
    "level": N_("Level"),
    "ma": N_("MA"),
    "may_field": N_("May field"),
    "might": N_("Might"),
    "miracles": N_("Miracles"),
    "modifier": N_("Modifier"),
    "move": N_("Move"),
    "movement": N_("Movement"),
    "name": N_("Name"),
    "notes": N_("Notes"),
    "opposed": N_("Opposed source"),
    "path": N_("Alliance Path"),
    "paths": N_("Alliance Paths"),
    "people": N_("People"),
    "peoples": N_("Peoples"),
    "per_level": N_("Per level"),
    "profiles": N_("Profiles"),
    "range": N_("Range"),
    "rank": N_("Rank"),
    "raw": N_("Raw text"),
    "recovery": N_("Recovery"),
    "revision": N_("Revision"),
    "sources": N_("Sources"),
    "specialisations": N_("Specialisations"),
    "spell": N_("Spell"),
    "spells": N_("Spells"),
    "stats": N_("Other values"),
    "strength": N_("Strength"),
    "traits": N_("Traits"),
    "unique": N_("Unique"),
    "universal": N_("Universal Cult"),
    "unknown": N_("Not given by its data"),
    "vitality": N_("Vitality"),
    "wargear": N_("Wargear"),
    "warrior_monk": N_("Warrior-monk"),
    "will": N_("Will"),
    "wounds": N_("Wounds"),
}


def field_label(name: str) -> str:
    """A field's name for players: the game's word, else its name in the file made readable."""
    known = FIELD_WORDS.get(name)
    if known is not None:
        return _(known)
    words = name.replace("_", " ").strip()
    return words[:1].upper() + words[1:] if words else name


CHOICE_WORDS: dict[str, str] = {
    "good": N_("Good"),
    "evil": N_("Evil"),
    "light": N_("the Ways of Light"),
    "darkness": N_("the Meanders of Darkness"),
    "destiny": N_("the Path of Destiny"),
    "neutral": N_("no Alliance Path"),
    "devotee": N_("Devotee"),
    "zealot": N_("Zealot"),
    "dean": N_("Dean"),
    "magician": N_("magician"),
    "necromancer": N_("necromancer"),
    "shaman": N_("shaman (druid)"),
    "priest": N_("priest (cleric)"),
    "instant": N_("instant"),
    "long": N_("long"),
}
"""The choices of the built-in games' catalogs, in the player's words; the file keeps its own."""


def choice_label(value: object) -> str:
    """A choice as shown: the game's word for it, a field's name (what an import's data did not give), else as
    the file writes it."""
    if isinstance(value, str):
        known = CHOICE_WORDS.get(value) or FIELD_WORDS.get(value)
        if known is not None:
            return _(known)
    return str(value)
