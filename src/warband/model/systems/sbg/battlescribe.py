"""Strategy Battle Game: BattleScribe data (the community's Middle-earth sets) mapped onto a player catalog.

Each catalogue is a faction. An entry holding a `Hero` or `Warrior` profile is a profile, its id the entry's; its
cost is the entry's points with the unconditional modifiers applied, plus those of the entries that only wrap it
(a named hero's entry holding its model and its warband) and of the entries it must hold (a warrior's model: one
model's worth). The entries of its groups, and those it may hold, are its wargear options, each with its points;
its `Magical Power` profiles are its spells, at the casting value and range its data gives. A named hero is
unique (SB-08) where the data limits it to one in a roster or force. A faction whose data says Good or Evil (a
category "Good Army"/"Evil Army" of one of its entries) gives its profiles their alignment; otherwise the
alignment is unknown (SB-X1, provisional), never guessed. Whatever is not mapped is counted in
`Imported.unmapped`, with examples; what the data lacks is said in `Imported.unknown`.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from warband.model.battlescribe.data import DataFile, DataSet, Entry, Group, Imported, Modifier
from warband.model.battlescribe.data import Profile as BsProfile
from warband.model.catalog import ID_PATTERN
from warband.model.messages import N_, _, ngettext
from warband.model.storage import CURRENT_VERSIONS
from warband.model.systems.sbg.schema import SYSTEM_ID, Faction, Hero, HeroSpell, Profile, Spell, Wargear

SHORT = 200
"""The longest text of a name, a faction or a characteristic the catalog keeps (the schema's `ShortText`)."""
LONG = 20_000
"""The longest note (the schema's `Words`)."""
MAX_PREFIX = 40
"""A prefix leaves an entry id (at most 80 characters) room for the BattleScribe id."""
MAX_COST = 100_000
"""The highest cost the catalog holds (the schema's `Cost`)."""
EXAMPLES = 3
"""How many places `Imported.unmapped_examples` names for each kind of thing not mapped."""

POINTS = frozenset({"pts", "pt", "points", "point"})
HERO_TYPES = frozenset({"hero"})
WARRIOR_TYPES = frozenset({"warrior"})
POWER_TYPES = frozenset({"magical power", "magical powers", "magic power", "spell"})
_SIDE = re.compile(r"^(?:forces of |the )?(good|evil)(?: army| armies| forces| side| alliance)?$")
_ID = re.compile(ID_PATTERN)

_NAMES = {
    **dict.fromkeys(("movement", "move", "mv", "mov"), "move"),
    **dict.fromkeys(("fight", "fight value", "fv"), "fight"),
    **dict.fromkeys(("strength", "str", "s"), "strength"),
    **dict.fromkeys(("defence", "defense", "def", "d"), "defence"),
    **dict.fromkeys(("attacks", "attack", "a"), "attacks"),
    **dict.fromkeys(("wounds",), "wounds"),
    **dict.fromkeys(("courage", "cou", "c"), "courage"),
    **dict.fromkeys(("intelligence", "int", "i"), "intelligence"),
    **dict.fromkeys(("might", "m"), "might"),
    **dict.fromkeys(("will",), "will"),
    **dict.fromkeys(("fate",), "fate"),
    **dict.fromkeys(("heroic tier", "tier"), "heroic_tier"),
}
"""A characteristic's name (case-folded) → the value it is."""
_IN_TURN = {"f": ("fight", "fate"), "w": ("wounds", "will")}
"""Short names a card uses twice (Mv F S D A W C M W F): the first is Fight or Wounds, the second Fate or Will."""
STATS = ("move", "fight", "strength", "defence", "attacks", "intelligence")
COUNTERS = ("might", "will", "fate")
DASHES = frozenset({"-", "–", "—"})
"""The dashes data writes for "none"."""

NOT_MAPPED = {
    "hidden": N_("hidden entries, or entries the data allows none of"),
    "entry": N_("entries without a Hero or Warrior profile"),
    "system": N_("entries of the game system"),
    "library": N_("entries of library catalogues no faction uses"),
    "shared": N_("profiles several factions use (kept in the first)"),
    "extra": N_("further Hero or Warrior profiles of an entry"),
    "missing": N_("profiles missing a number the game needs (Courage, Wounds, Might, Will, Fate)"),
    "range": N_("profiles with a number beyond what Warband holds (0 to 9)"),
    "cost": N_("profiles or options whose cost is not a whole number from 0 to 100,000"),
    "split": N_("costs of entries holding several profiles"),
    "cost_mod": N_("cost modifiers not applied (conditional, repeated or no number)"),
    "char_mod": N_("conditional characteristic modifiers (not applied)"),
    "modifier": N_("modifiers of other values (visibility, names, limits)"),
    "constraint": N_("constraints (limits on selections)"),
    "rule": N_("special rules (their text is not kept)"),
    "casting": N_("magical powers without a casting value from 1 to 6"),
    "power": N_("magical powers of warriors or of wargear"),
    "nested": N_("options of wargear options"),
    "cut": N_("texts cut to fit"),
    "unnamed": N_("entries without a name (named by their id)"),
}


@dataclass(frozen=True)
class _Inherited:
    """What an entry that only wraps another passes it: its points, and whether it limits it to one."""

    cost: float = 0.0
    unique: bool = False


NOTHING = _Inherited()


class _Mapper:
    def __init__(self, data: DataSet, prefix: str) -> None:
        self.data = data
        self.prefix = prefix
        self.points_ids = self._points_ids(data)
        self.result = Imported(catalog={})
        self.ids: dict[str, str] = {}
        self.taken: dict[str, str] = {}
        self.seen: set[tuple[str, str]] = set()
        """The entries walked, by id and the link they were reached through (a link may change its cost)."""
        self.seen_ids: set[str] = set()
        self.seen_groups: set[str] = set()
        self.made: dict[str, str] = {}
        """The ids of the profiles made → their faction: an entry several factions hold belongs to the first."""
        self.profiles: list[dict[str, Any]] = []
        self.spells: dict[str, dict[str, Any]] = {}
        self.factions: list[dict[str, Any]] = []

    # --- the whole data set ----------------------------------------------------------------------------------
    def run(self) -> Imported:
        armies = [cat for cat in self.data.catalogues if not cat.library]
        for cat in armies:
            self._catalogue(cat)
        for cat in self.data.catalogues:
            if cat.library:
                for entry in cat.entries:
                    if entry.id not in self.seen_ids:
                        self._count("library", entry.name)
        system = self.data.game_system
        if system is not None:
            for entry in system.entries:
                self._count("system", entry.name)
        files = [f for f in (system, *self.data.catalogues) if f is not None]
        if not self.points_ids and self.profiles:
            self.result.unknown.append(
                _(
                    "The data has no cost type named points (or pts), nor a single cost type: the costs are "
                    "unknown, and every profile and option is imported at 0 points."
                )
            )
        name = self._text(system.name if system else (files[0].name if files else ""), SHORT) or self.prefix
        notes = _("Imported from BattleScribe data: {files}.").format(files=", ".join(f.name for f in files))
        self.result.catalog = {
            "format": "warband-catalog",
            "version": CURRENT_VERSIONS["warband-catalog"],
            "system": SYSTEM_ID,
            "id": self.prefix,
            "revision": sum(max(0, f.revision) for f in files),
            "name": name,
            "notes": self._text(notes, LONG),
            "factions": self.factions,
            "spells": list(self.spells.values()),
            "profiles": self.profiles,
        }
        self.result.counts = {
            "factions": len(self.factions),
            "profiles": len(self.profiles),
            "spells": len(self.spells),
            "wargear": sum(len(p.get("wargear", ())) for p in self.profiles),
        }
        return self.result

    def _catalogue(self, cat: DataFile) -> None:
        faction = self._id(cat.id)
        name = self._name(cat.name, cat.id)
        self.factions.append(Faction(id=faction, name=name).model_dump(mode="json"))
        alignment = _alignment(cat)
        before = len(self.profiles)
        for entry in cat.entries:
            self._entry(entry, faction, alignment, NOTHING)
        if alignment is None and len(self.profiles) > before:
            count = len(self.profiles) - before
            self.result.unknown.append(
                ngettext(
                    "{faction}: the data does not say whether it is Good or Evil; its {count} profile has an "
                    "unknown alignment.",
                    "{faction}: the data does not say whether it is Good or Evil; its {count} profiles have an "
                    "unknown alignment.",
                    count,
                ).format(faction=name, count=count)
            )

    # --- entries ---------------------------------------------------------------------------------------------
    def _entry(self, entry: Entry, faction: str, alignment: str | None, inherited: _Inherited) -> None:
        key = (entry.id, entry.link_id)
        if key in self.seen:
            self._again(entry, faction)
            return
        self.seen.add(key)
        self.seen_ids.add(entry.id)
        if entry.hidden or self._hidden(entry.modifiers) or _none_allowed(entry):
            self._count("hidden", entry.name)
            return
        own = self._cost(entry)
        self._count_rules(entry)
        main = self._main(entry)
        if main is not None:
            self._profile(entry, main, faction, alignment, inherited, own)
            return
        unique = inherited.unique or self._unique(entry)
        self._count_rest(entry, keep_unique=True)
        self._count_profiles(entry.profiles, entry.name)
        cost = inherited.cost + own
        holders = [child for child in entry.entries if self._main(child) is not None]
        target = holders[0] if len(holders) == 1 else entry.entries[0] if len(entry.entries) == 1 else None
        if target is None and cost:
            self._count("split", entry.name)
        if not entry.entries and not entry.groups:
            self._count("entry", entry.name)
        for child in entry.entries:
            passed = _Inherited(cost, unique) if child is target else NOTHING
            self._entry(child, faction, alignment, passed)
        for group in entry.groups:
            self._group_entries(group, faction, alignment)

    def _group_entries(self, group: Group, faction: str, alignment: str | None) -> None:
        if group.id in self.seen_groups:
            return
        self.seen_groups.add(group.id)
        self._count_group(group)
        for entry in group.entries:
            self._entry(entry, faction, alignment, NOTHING)
        for inner in group.groups:
            self._group_entries(inner, faction, alignment)

    def _again(self, entry: Entry, faction: str) -> None:
        """A profile's entry met again: from another faction, it stays the first one's (counted)."""
        owner = self.made.get(self._id(entry.id)) if self._main(entry) is not None else None
        if owner is not None and owner != faction:
            self._count("shared", entry.name)

    def _main(self, entry: Entry) -> BsProfile | None:
        """The entry's Hero profile, or its Warrior profile: what makes it a profile of the catalog."""
        shown = [p for p in entry.profiles if not p.hidden]
        heroes = [p for p in shown if _type(p) in HERO_TYPES]
        return heroes[0] if heroes else next((p for p in shown if _type(p) in WARRIOR_TYPES), None)

    def _profile(
        self,
        entry: Entry,
        main: BsProfile,
        faction: str,
        alignment: str | None,
        inherited: _Inherited,
        own: float,
    ) -> None:
        """A profile of the catalog: its cost is the entry's own with what the entries wrapping it pass, and the
        points of the entries it must hold (a warrior's model: one model's worth); the entries it may hold and
        those of its groups are its wargear; those with a profile of their own are profiles too."""
        profile_id = self._id(entry.id)
        if profile_id in self.made:  # the same entry through another link: the first one read stays
            self._again(entry, faction)
            return
        is_hero = _type(main) in HERO_TYPES
        values, stats, raw, problem = self._values(main, is_hero)
        others = [p for p in entry.profiles if p is not main]
        self._count_profiles([p for p in others if _type(p) not in POWER_TYPES], entry.name)
        self._count_rest(entry, keep_unique=is_hero)
        optional: list[Entry] = []
        for child in entry.entries:
            if self._main(child) is not None:
                self._entry(child, faction, alignment, NOTHING)
            elif _mandatory(child):
                own += self._cost(child)
                self._count_rules(child)
                self._count_rest(child, keep_unique=False)
                self._count_profiles(child.profiles, f"{entry.name}: {child.name}")
                if child.entries or child.groups:
                    self._count("nested", f"{entry.name}: {child.name}")
            elif child.profiles or self._priced(child):
                optional.append(child)
            else:
                self._count("entry", f"{entry.name}: {child.name}")
        cost = self._whole(inherited.cost + own, entry.name)
        if problem is not None:
            self._count(problem, entry.name)
        if problem is not None or cost is None:
            return
        record: dict[str, Any] = {
            "id": profile_id,
            "name": self._name(entry.name, entry.id),
            "alignment": alignment,
            "faction": faction,
            "cost": cost,
            "courage": values["courage"],
        }
        if is_hero:
            spells = self._powers(others, entry.name)
            record["hero"] = Hero(
                might=values["might"],
                will=values["will"],
                fate=values["fate"],
                wounds=values["wounds"],
                spells=spells,
            )
            record["unique"] = inherited.unique or self._unique(entry)
        else:
            self._skip_powers(others, entry.name)
        record["unknown"] = ("alignment",) if alignment is None else ()
        record["wargear"] = tuple(self._wargear(entry, optional))
        record["stats"] = stats
        record["raw"] = raw
        tier = values.get("heroic_tier")
        record["heroic_tier"] = tier if isinstance(tier, str) and tier else None
        self.made[profile_id] = faction
        self.profiles.append(Profile.model_validate(record).model_dump(mode="json"))

    def _values(
        self, profile: BsProfile, is_hero: bool
    ) -> tuple[dict[str, Any], dict[str, str], dict[str, str], str | None]:
        """The numbers the rules read, the card's other values as text, the text beside a number written as more
        than one, and what keeps the profile out (a number missing or beyond 0–9), if anything."""
        texts = self._characteristics(profile)
        values: dict[str, Any] = {}
        raw: dict[str, str] = {}
        needed = ("courage", "wounds", *COUNTERS) if is_hero else ("courage",)
        problem = None
        for key in needed:
            number, written = _number(texts.get(key), dash_is_zero=key in COUNTERS)
            if number is None:
                problem = problem or "missing"
                continue
            low = 1 if key == "wounds" else 0
            if not low <= number <= 9:
                problem = problem or "range"
            values[key] = number
            if written is not None:
                raw[key] = self._text(written, SHORT)
        stats = {key: self._text(texts[key], SHORT) for key in STATS if texts.get(key)}
        if not is_hero and texts.get("wounds"):
            stats["wounds"] = self._text(texts["wounds"], SHORT)
        if is_hero and texts.get("heroic_tier"):
            values["heroic_tier"] = self._text(texts["heroic_tier"], SHORT)
        return values, stats, raw, problem

    def _characteristics(self, profile: BsProfile) -> dict[str, str]:
        """Each value of the card by what it is, its unconditional modifiers applied; the others counted."""
        texts = self._modified(profile)
        found: dict[str, str] = {}
        for name, text in texts:
            key = " ".join(name.casefold().split())
            what = _NAMES.get(key)
            if key in _IN_TURN:
                first, second = _IN_TURN[key]
                what = second if first in found else first
            if what is None or what in found:
                self._count_kind(_("characteristic '{name}'").format(name=self._text(name, SHORT)), profile.name)
                continue
            found[what] = text.strip()
        return found

    def _modified(self, profile: BsProfile) -> list[tuple[str, str]]:
        """The characteristics (name, text) with the profile's unconditional `set`, `increment`, `decrement`
        applied; the conditional ones counted."""
        by_type = {c.type_id: i for i, c in enumerate(profile.characteristics)}
        texts = [(c.name, c.text) for c in profile.characteristics]
        for modifier in profile.modifiers:
            index = by_type.get(modifier.field)
            if index is None:
                self._count("modifier", profile.name)
                continue
            if not modifier.unconditional:
                self._count("char_mod", profile.name)
                continue
            name, text = texts[index]
            changed = _apply(modifier, text)
            if changed is None:
                self._count("modifier", profile.name)
            else:
                texts[index] = (name, changed)
        return texts

    # --- spells, wargear -------------------------------------------------------------------------------------
    def _powers(self, profiles: Sequence[BsProfile], where: str) -> tuple[HeroSpell, ...]:
        known: list[HeroSpell] = []
        for power in profiles:
            if _type(power) not in POWER_TYPES or power.hidden:
                continue
            texts = self._modified(power)
            by_name = {" ".join(n.casefold().split()): t.strip() for n, t in texts}
            casting = _casting(by_name.get("casting") or by_name.get("casting value") or "")
            if casting is None:
                self._count("casting", f"{where}: {power.name}")
                continue
            spell_id = self._id(power.id)
            if spell_id not in self.spells:
                lines = [f"{n}: {t.strip()}" for n, t in texts if n.casefold() not in ("casting", "range")]
                notes = self._text("\n".join(line for line in lines if not line.endswith(": ")), LONG)
                spell = Spell(id=spell_id, name=self._name(power.name, power.id), notes=notes or None)
                self.spells[spell_id] = spell.model_dump(mode="json")
            if any(k.spell == spell_id for k in known):
                continue
            reach = by_name.get("range")
            known.append(
                HeroSpell(spell=spell_id, casting=casting, range=self._text(reach, SHORT) if reach else None)
            )
        return tuple(known)

    def _skip_powers(self, profiles: Iterable[BsProfile], where: str) -> None:
        for power in profiles:
            if _type(power) in POWER_TYPES:
                self._count("power", f"{where}: {power.name}")

    def _wargear(self, entry: Entry, optional: Sequence[Entry]) -> list[Wargear]:
        """The options the profile's entry may hold (its groups' entries and the entries it need not hold), each
        with its points."""
        options: dict[str, Wargear] = {}

        def add(option: Entry) -> None:
            where = f"{entry.name}: {option.name}"
            self._count_rules(option)
            self._count_rest(option, keep_unique=False)
            self._count_profiles(option.profiles, where)
            if option.entries or option.groups:
                self._count("nested", where)
            cost = self._whole(self._cost(option), where)
            wanted = self._id(option.id)
            if cost is not None and wanted not in options:
                options[wanted] = Wargear(id=wanted, name=self._name(option.name, option.id), cost=cost)

        def visit(group: Group) -> None:
            self._count_group(group)
            for option in group.entries:
                add(option)
            for inner in group.groups:
                visit(inner)

        for option in optional:
            add(option)
        for group in entry.groups:
            visit(group)
        return list(options.values())

    # --- costs and limits ------------------------------------------------------------------------------------
    @staticmethod
    def _points_ids(data: DataSet) -> frozenset[str]:
        """The cost types that are points: named so, or the only cost type there is."""
        types: dict[str, str] = {}
        for file in (data.game_system, *data.catalogues):
            if file is not None:
                types.update(file.cost_types)
        points = {type_id for type_id, name in types.items() if name.strip().casefold() in POINTS}
        return frozenset(points or (types if len(types) == 1 else ()))

    def _cost(self, entry: Entry) -> float:
        """The entry's points (none: 0, as BattleScribe reads it) with its unconditional modifiers of them applied;
        the others counted, and its costs of other types too."""
        value = 0.0
        for cost in entry.costs:
            if cost.type_id in self.points_ids or (not cost.type_id and cost.name.strip().casefold() in POINTS):
                value = cost.value
            elif cost.value:
                name = self._text(cost.name.strip() or cost.type_id, SHORT)
                self._count_kind(_("costs of type '{name}'").format(name=name), entry.name)
        for modifier in entry.modifiers:
            if modifier.field not in self.points_ids:
                continue
            changed = _apply(modifier, _plain(value)) if modifier.unconditional else None
            number = _float(changed)
            if number is None:
                self._count("cost_mod", entry.name)
            else:
                value = number
        return value

    def _priced(self, entry: Entry) -> bool:
        """Whether the entry has points of its own, or modifiers of them (without counting anything)."""
        return any(c.value for c in entry.costs if c.type_id in self.points_ids) or any(
            m.field in self.points_ids for m in entry.modifiers
        )

    def _whole(self, cost: float, where: str) -> int | None:
        """The cost as the catalog holds it: a whole number from 0 to 100,000; None (counted) otherwise."""
        if not math.isfinite(cost) or not 0 <= cost <= MAX_COST or cost != int(cost):
            self._count("cost", where)
            return None
        return int(cost)

    def _unique(self, entry: Entry) -> bool:
        return any(_limits_to_one(c.type, c.field, c.scope, c.value) for c in entry.constraints)

    def _count_rest(self, entry: Entry, *, keep_unique: bool) -> None:
        """The entry's constraints (but the mark of a named hero, when it is one) and its modifiers of anything
        but its points (`_cost` counts those it does not apply)."""
        for c in entry.constraints:
            if not (keep_unique and _limits_to_one(c.type, c.field, c.scope, c.value)):
                self._count("constraint", entry.name)
        for modifier in entry.modifiers:
            if modifier.field not in self.points_ids:
                self._count("modifier", entry.name)

    def _count_group(self, group: Group) -> None:
        for _c in group.constraints:
            self._count("constraint", group.name)
        for _m in group.modifiers:
            self._count("modifier", group.name)

    def _count_rules(self, entry: Entry) -> None:
        for rule in entry.rules:
            if not rule.hidden:
                self._count("rule", f"{entry.name}: {rule.name}")

    def _count_profiles(self, profiles: Iterable[BsProfile], where: str) -> None:
        for profile in profiles:
            kind = _type(profile)
            if kind in HERO_TYPES or kind in WARRIOR_TYPES:
                self._count("extra", f"{where}: {profile.name}")
            elif kind in POWER_TYPES:
                self._count("power", f"{where}: {profile.name}")
            else:
                name = self._text(profile.type_name.strip() or profile.type_id, SHORT)
                self._count_kind(_("profile type '{name}'").format(name=name), where)

    def _hidden(self, modifiers: Sequence[Modifier]) -> bool:
        return any(
            m.unconditional and m.type == "set" and m.field == "hidden" and m.value.strip().casefold() == "true"
            for m in modifiers
        )

    # --- ids, names, counts ----------------------------------------------------------------------------------
    def _id(self, bs_id: str) -> str:
        """`prefix:bs_id`, or, when that is no Warband id, a safe form of it with a digest of the whole: the same
        id always gives the same one, and two ids never one."""
        found = self.ids.get(bs_id)
        if found is not None:
            return found
        candidate = f"{self.prefix}:{bs_id}"
        digest = hashlib.sha256(bs_id.encode("utf-8", "surrogatepass")).hexdigest()
        size = 10
        while not _ID.match(candidate) or self.taken.get(candidate, bs_id) != bs_id:
            safe = re.sub(r"[^A-Za-z0-9._:-]", "_", bs_id)
            room = 80 - len(self.prefix) - 2 - size
            candidate = f"{self.prefix}:{safe[:room]}.{digest[:size]}"
            size += 2
        self.ids[bs_id] = candidate
        self.taken[candidate] = bs_id
        return candidate

    def _name(self, text: str, bs_id: str) -> str:
        if not text.strip():
            self._count("unnamed", bs_id)
            return self._text(bs_id, SHORT) or self.prefix
        return self._text(text, SHORT)

    def _text(self, text: str, limit: int) -> str:
        if len(text) <= limit:
            return text
        self._count("cut", text[:40])
        return text[: limit - 1] + "…"

    def _count(self, what: str, where: str) -> None:
        self._count_kind(_(NOT_MAPPED[what]), where)

    def _count_kind(self, kind: str, where: str) -> None:
        self.result.unmapped[kind] = self.result.unmapped.get(kind, 0) + 1
        examples = self.result.unmapped_examples.setdefault(kind, [])
        if len(examples) < EXAMPLES and where not in examples:
            examples.append(where[:SHORT])


def _alignment(cat: DataFile) -> str | None:
    """Good or Evil where some entry of the catalogue carries a category saying so ("Good Army"), and only one of
    them; None (unknown) when none says, or both do."""
    found: set[str] = set()
    for root in cat.entries:
        for entry in root.walk():
            for category in entry.categories:
                side = _SIDE.match(" ".join(category.casefold().split()))
                if side:
                    found.add(side.group(1))
    return found.pop() if len(found) == 1 else None


def _type(profile: BsProfile) -> str:
    return " ".join(profile.type_name.casefold().split())


def _mandatory(entry: Entry) -> bool:
    """An entry its parent must hold (at least one of it in its parent): a warrior's model, a hero's leader."""
    return any(
        c.type == "min" and c.field == "selections" and c.scope == "parent" and c.value >= 1
        for c in entry.constraints
    )


def _none_allowed(entry: Entry) -> bool:
    """An entry the data allows none of (at most 0), unless a condition lifts the limit: not on offer."""
    return any(c.type == "max" and c.field == "selections" and c.value == 0 for c in entry.constraints)


def _limits_to_one(kind: str, field: str, scope: str, value: float) -> bool:
    """A named hero's mark: at most one in the roster or in the force (a limit within its parent is not one)."""
    return kind == "max" and field == "selections" and scope in ("roster", "force") and value == 1


def _number(text: str | None, *, dash_is_zero: bool) -> tuple[int | None, str | None]:
    """The number a characteristic gives, and its text when the text says more ('3*', '-'); None when it gives
    none ('', '?', '*'). A dash is 0 where it means none (Might, Will, Fate), and no number elsewhere."""
    written = (text or "").strip()
    if written.isdigit() and written.isascii():
        return int(written), None
    if dash_is_zero and written in DASHES:
        return 0, written
    starred = re.fullmatch(r"(\d+)\s*\*+", written)
    if starred:
        return int(starred.group(1)), written
    return None, None


def _casting(text: str) -> int | None:
    """'5+', '5', 'Casting value 5+' → 5; None when it gives no value from 1 to 6."""
    written = text.strip()
    found = re.search(r"(\d+)\s*\+", written) or re.fullmatch(r"(\d+)", written)
    value = int(found.group(1)) if found else None
    return value if value is not None and 1 <= value <= 6 else None


def _float(text: str | None) -> float | None:
    try:
        return float(text) if text is not None else None
    except ValueError:
        return None


def _plain(value: float) -> str:
    """'6' for 6.0: a number as data writes it."""
    return str(int(value)) if math.isfinite(value) and value == int(value) else str(value)


def _apply(modifier: Modifier, text: str) -> str | None:
    """A `set`, `increment` or `decrement` applied to a value; None for any other kind, or a number that is
    none."""
    if modifier.type == "set":
        return modifier.value
    if modifier.type not in ("increment", "decrement"):
        return None
    try:
        base, step = float(text.strip()), float(modifier.value)
    except ValueError:
        return None
    return _plain(base + step if modifier.type == "increment" else base - step)


def import_data(data: DataSet, prefix: str) -> Imported:
    """The data set as a Strategy Battle Game player catalog (see the module's description); `prefix` is the
    catalog's id and begins every entry's id."""
    if not _ID.match(prefix) or len(prefix) > MAX_PREFIX:
        raise ValueError(f"the prefix {prefix!r} is not a catalog id of at most {MAX_PREFIX} characters")
    return _Mapper(data, prefix).run()
