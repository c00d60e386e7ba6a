"""Confrontation's mapping of BattleScribe data (issue 18): the community's fan data of later editions, read by
`warband.model.battlescribe`, made into a Warband player catalog.

- Peoples: one per catalogue (a library catalogue is none), or the people a profile's category names; a people a
  loaded catalog already lists (by name, in any of its languages) is that one.
- Profiles: every entry with a profile holding a Discipline or a Movement characteristic. A Faithful is one the
  data says is (a Faith value, an ability "Devotee of Merin / 10" as RULES.md reads it, a warrior-monk, Aspects,
  a category "Faithful"); what it does not say (its rank, cult, Faith or Aspects) is unknown, never guessed.
- Miracles: entries with a miracle card (a profile type named "Miracle…", or Fervour and Difficulty
  characteristics), with Aspects, Fervour, Difficulty (a number, or a formula « fervour + 4 »), range, area,
  duration, cost, and who may take them (a Cult or Path characteristic, else the categories and groups they are
  found in). Magic items: entries with an artefact's profile, or found in a group of them.
- A cult the data names that no loaded catalog lists becomes a cult of the imported catalog, its Path unknown.
- Costs: the entry's own points plus its unconditional modifiers; everything else is counted in `unmapped`.

Characteristic names are matched whatever their case and accents, in English or French ("Discipline"/"DIS",
"Movement"/"MOV", "Faith"/"Foi", "Creation/Alteration/Destruction", "Création/Altération/Destruction", …).
"""

from __future__ import annotations

import gettext
import hashlib
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache
from typing import Any

from warband.model.battlescribe.data import DataFile, DataSet, Entry, Group, Imported, Profile
from warband.model.catalog import ID_PATTERN, Catalogs, load_catalog, merge
from warband.model.messages import DOMAIN, N_, Phrase, _, available_languages, locale_dir, spoken_text
from warband.model.storage import CURRENT_VERSIONS, FileError
from warband.model.systems.confrontation import GAME
from warband.model.systems.confrontation.rules import unknown_values
from warband.model.systems.confrontation.schema import ASPECTS, SYSTEM_ID, Cult, People

OUT_OF_RANGE = N_("values out of range (left unknown, or costs brought within 0 to 100,000)")
EXAMPLES = 5
"""How many places each kind of `unmapped` names."""
NAME_LENGTH = 200
SHORT_LENGTH = 200
NOTES_LENGTH = 20_000
MAX_COST = 100_000

_ID = re.compile(ID_PATTERN)
_DASHES = {"-", "–", "—", "_", "/", "n/a"}


@lru_cache(maxsize=8192)
def _norm(text: str) -> str:
    """'Création' → 'creation', 'Area of effect' → 'areaofeffect': what names are matched by."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if c.isalnum() and not unicodedata.combining(c)).casefold()


def _plain(text: str) -> str:
    """Lowercase, accents off, spaces made one: 'Ferveur  + 4' → 'ferveur + 4'."""
    decomposed = unicodedata.normalize("NFKD", text)
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).casefold().split())


def _words(text: str) -> str:
    """Lowercase, accents off, spaces kept: what phrases are matched by."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return " ".join(re.findall(r"[^\W_]+", plain))


DISCIPLINE = {"discipline", "dis", "disc"}
MOVEMENT = {"movement", "mov", "mouvement", "mvt", "move"}
FAITH = {"faith", "foi", "fervour", "fervor", "ferveur"}
FERVOUR = {"fervour", "fervor", "ferveur", "fer"}
DIFFICULTY = {"difficulty", "difficulte", "diff", "dif"}
RANGE = {"range", "portee", "rng"}
AREA = {"area", "areaofeffect", "zone", "zonedeffet", "aire", "aoe"}
DURATION = {"duration", "duree"}
CULT = {"cult", "cults", "culte", "cultes"}
PATH = {"path", "paths", "voie", "voies", "alliance", "alliancepath", "voiedalliance"}
ABILITIES = {"abilities", "ability", "capacites", "capacite", "special", "competences", "skills"}
DESCRIPTION = {"description", "effect", "effet", "effects", "effets", "text", "texte", "rules", "regles"}


def _table(**words: str) -> dict[str, str]:
    """`light="light lumiere"` → {"light": "light", "lumiere": "light"}: names (normalised) → what they mean."""
    return {word: meaning for meaning, said in words.items() for word in said.split()}


ASPECT_NAMES = _table(creation="creation cre", alteration="alteration alt", destruction="destruction des dest")
POINTS = {"pts", "pt", "points", "point", "ap", "pa", "armypoints", "pointsdarmee", "pointdarmee"}
PATH_PHRASES = _table(
    light="waysoflight thewaysoflight pathoflight voiesdelalumiere voiedelalumiere",
    darkness="meandersofdarkness themeandersofdarkness meandresdestenebres",
    destiny="pathofdestiny thepathofdestiny chemindudestin",
)
"""Names of a Path that a group or category may give ("Ways of Light"): a bare "Light" there may be a cult's."""
PATH_WORDS = {
    **PATH_PHRASES,
    **_table(light="light lumiere", darkness="darkness tenebres", destiny="destiny destin"),
}
"""Names of a Path in a Path characteristic."""
UNIVERSAL = {"universal", "universel", "universelle", "universalcult", "theuniversalcult", "culteuniversel"}
FAITHFUL_WORDS = {"faithful", "fidele", "fideles", "faithfuls"}
MIRACLE_WORDS = ("miracle",)
ITEM_WORDS = ("artefact", "artifact", "relic", "relique", "magicitem", "objetmagique", "objetsmagiques", "item")
_RANKS: dict[str, str | None] = {
    **_table(devotee="devotee devot devote", zealot="zealot zelote", dean="dean doyen doyenne"),
    "faithful": None,
    "fidele": None,
}
_RANK = r"(?P<rank>devotee|zealot|dean|faithful|d[ée]vote?|z[ée]lote|doyen(?:ne)?|fid[èe]le)"
_OF = r"(?:of\s+the\s+|of\s+|de\s+la\s+|de\s+l['’]\s*|du\s+|des\s+|de\s+|d['’]\s*)"
_RANK_OF_CULT = re.compile(
    rf"^\s*{_RANK}\s+{_OF}(?P<cult>[^/()\[\]]+?)\s*(?:/\s*(?P<faith>\d+))?\s*$", re.IGNORECASE
)
_RANK_ALONE = re.compile(rf"^\s*{_RANK}\s*/\s*(?P<faith>\d+)\s*$", re.IGNORECASE)
_WARRIOR_MONK = re.compile(r"\b(?:warrior[- ]monks?|moines?[- ]guerriers?)\b", re.IGNORECASE)
_CULT_OF = re.compile(rf"^\s*(?:the\s+)?(?:cult|culte|miracles?)\s+{_OF}(?P<cult>.+?)\s*$", re.IGNORECASE)
_FORMULA = re.compile(
    r"^(?:the\s+|la\s+)?(?:f|fer|fervou?r|ferveur)(?:\s+(?:chosen|spent|declared|choisie|depensee|declaree))?"
    r"\s*(?P<sign>[+-])\s*(?P<n>\d+)$"
)
_THREE = re.compile(r"^\s*(\d)\s*[/\-.,;: ]\s*(\d)\s*[/\-.,;: ]\s*(\d)\s*$")
_PAIR = re.compile(r"\b(creation|alteration|destruction|cre|alt|dest?|c|a|d)\s*[:=]?\s*(\d+)")
_SPLIT = re.compile(r"\s*(?:[/,;+&]|\band\b|\bet\b|\bor\b|\bou\b)\s*")


# --- an account of the import -------------------------------------------------------------------------------
@dataclass
class _Account:
    """What was not mapped (by kind, with a few places) and what the data lacks, for one entry or the whole."""

    unmapped: dict[str, int] = field(default_factory=dict)
    examples: dict[str, list[str]] = field(default_factory=dict)
    unknown: list[str] = field(default_factory=list)

    def count(self, key: str, where: str, n: int = 1) -> None:
        self.unmapped[key] = self.unmapped.get(key, 0) + n
        places = self.examples.setdefault(key, [])
        if len(places) < EXAMPLES and where not in places:
            places.append(where)

    def add(self, other: _Account) -> None:
        for key, n in other.unmapped.items():
            self.unmapped[key] = self.unmapped.get(key, 0) + n
            places = self.examples.setdefault(key, [])
            places.extend(p for p in other.examples.get(key, ()) if p not in places)
            del places[EXAMPLES:]
        self.unknown.extend(other.unknown)


def _bounded(text: str, limit: int, account: _Account, where: str) -> str:
    """The text as it is, or cut to `limit` characters with "…" (and counted)."""
    if len(text) <= limit:
        return text
    account.count(_("texts cut to fit the catalog (names 200 characters, notes 20,000)"), where)
    return text[: limit - 1] + "…"


class _Ids:
    """BattleScribe ids made into Warband ids, `prefix:id`, per kind: kept when they fit, else made to fit the
    same way every time, and never two the same."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.given: dict[tuple[str, str], str] = {}
        self.taken: dict[tuple[str, str], str] = {}

    def __call__(self, kind: str, seed: str) -> str:
        known = self.given.get((kind, seed))
        if known is not None:
            return known
        plain = f"{self.prefix}:{seed}"
        if _ID.fullmatch(plain) and (kind, plain) not in self.taken:
            chosen = plain
        else:
            cleaned = re.sub(r"[^A-Za-z0-9._:-]+", "-", seed).strip("-") or "x"
            digest = hashlib.sha256(seed.encode("utf-8", "surrogatepass")).hexdigest()
            size = 12
            while True:
                room = 80 - len(self.prefix) - 2 - size
                chosen = f"{self.prefix}:{cleaned[:room]}.{digest[:size]}"
                if (kind, chosen) not in self.taken:
                    break
                size += 8
        self.given[(kind, seed)] = chosen
        self.taken[(kind, chosen)] = seed
        return chosen


# --- reading values -----------------------------------------------------------------------------------------
def _char(profile: Profile | None, names: set[str]) -> str | None:
    """The text of the first characteristic whose name is one of `names` (normalised), or None."""
    if profile is None:
        return None
    return next((c.text for c in profile.characteristics if _norm(c.name) in names), None)


def _has(profile: Profile, names: set[str]) -> bool:
    return any(_norm(c.name) in names for c in profile.characteristics)


@dataclass(frozen=True)
class _Number:
    """A characteristic read as a number: `value` when it gives one, `none` for a dash, `raw` as written."""

    value: int | None
    none: bool
    raw: str

    @property
    def plain(self) -> bool:
        return self.raw.strip() == str(self.value)


def _number(text: str) -> _Number:
    stripped = text.strip()
    if stripped.casefold() in _DASHES:
        return _Number(None, True, text)
    match = re.match(r"^\+?(\d{1,6})", stripped)
    return _Number(int(match.group(1)) if match else None, False, text)


def _levels(text: str) -> dict[str, int] | None:
    """'0/2/1', 'C0 A2 D1', 'Creation 1, Destruction 2', '-' → the three Aspects; None: unreadable."""
    stripped = text.strip()
    if stripped.casefold() in _DASHES:
        return dict.fromkeys(ASPECTS, 0)
    three = _THREE.match(stripped)
    if three:
        return dict(zip(ASPECTS, (int(g) for g in three.groups()), strict=True))
    pairs = _PAIR.findall(_words(stripped))
    if not pairs:
        return None
    levels = dict.fromkeys(ASPECTS, 0)
    seen: set[str] = set()
    for word, level in pairs:
        aspect = ASPECT_NAMES.get(word) or {"c": "creation", "a": "alteration", "d": "destruction"}[word[0]]
        if aspect in seen:
            return None
        seen.add(aspect)
        levels[aspect] = int(level)
    return levels


def _aspects(profile: Profile) -> dict[str, int] | None:
    """The three Aspects the profile gives; None: it gives none, or none that can be read."""
    separate = {ASPECT_NAMES[n]: c.text for c in profile.characteristics if (n := _norm(c.name)) in ASPECT_NAMES}
    letters = {_norm(c.name): c.text for c in profile.characteristics if _norm(c.name) in ("c", "a", "d")}
    if len(letters) == 3 and not separate:
        separate = {"creation": letters["c"], "alteration": letters["a"], "destruction": letters["d"]}
    if separate:
        levels = {}
        for aspect in ASPECTS:
            number = _number(separate.get(aspect, "-"))
            if number.value is None and not number.none:
                return None
            levels[aspect] = number.value or 0
        return levels
    return next((_levels(c.text) for c in profile.characteristics if _aspects_name(_norm(c.name))), None)


def _aspects_name(name: str) -> bool:
    """'Aspects', 'C/A/D', 'Creation/Alteration/Destruction' (normalised): one characteristic for all three."""
    return name.startswith("aspect") or name == "cad" or all(a in name for a in ASPECTS)


def _cut_cult(text: str) -> str:
    """'Cult of Merin', 'Culte de Merin', 'Miracles of Merin' → 'Merin'."""
    match = _CULT_OF.match(text)
    return match.group("cult") if match is not None else text.strip()


# --- the mapping ----------------------------------------------------------------------------------------------
@dataclass
class _Place:
    """Where an entry was met: the people of the catalogue walked, and the names around it (groups, entries,
    categories), nearest first."""

    people: str | None
    catalogue: DataFile
    around: tuple[str, ...] = ()


def builtin_catalogs() -> Catalogs:
    """Confrontation's built-in catalogs, merged: what cults and peoples are matched against by default."""
    loaded = []
    for path in GAME.builtin_catalogs():
        try:
            loaded.append(load_catalog(path))
        except FileError:
            continue  # a broken built-in is reported where catalogs load; it matches nothing here
    return merge(SYSTEM_ID, loaded)[0]


def import_data(data: DataSet, prefix: str, *, known: Catalogs | None = None) -> Imported:
    """The data set as a Confrontation player catalog, with an account of what was imported and what was not.

    `known`: the catalogs whose cults and peoples the data's are matched with by name (by default the built-in
    ones); a cult or people none of them lists becomes an entry of the imported catalog.
    """
    return _Mapping(data, prefix, known if known is not None else builtin_catalogs()).run()


class _Mapping:
    def __init__(self, data: DataSet, prefix: str, known: Catalogs) -> None:
        self.data = data
        self.prefix = prefix
        self.ids = _Ids(prefix)
        self.account = _Account()
        self.known_cults = _by_name(known.table("cults", Cult).values())
        self.known_peoples = _by_name(known.table("peoples", People).values())
        self.cults: dict[str, dict[str, Any]] = {}
        self.peoples: dict[str, dict[str, Any]] = {}
        self.profiles: dict[str, dict[str, Any]] = {}
        self.miracles: dict[str, dict[str, Any]] = {}
        self.items: dict[str, dict[str, Any]] = {}
        self.item_peoples: dict[str, set[str] | None] = {}
        self.seen: set[tuple[str, str, str, str]] = set()
        self.visited: set[str] = set()
        """The entries met in a people's catalogue: a library or the game system walked after adds them no more."""
        self.points = self._points_types()

    # the whole ----------------------------------------------------------------------------------------------
    def run(self) -> Imported:
        files = [f for f in (self.data.game_system, *self.data.catalogues) if f is not None]
        people_files = [c for c in self.data.catalogues if not c.library]
        for catalogue in people_files:
            people = self._people(catalogue.id, catalogue.name, catalogue.name)
            for entry in catalogue.entries:
                self._entry(entry, _Place(people, catalogue))
        for other in [c for c in self.data.catalogues if c.library] + [self.data.game_system]:
            if other is not None:
                for entry in other.entries:
                    self._entry(entry, _Place(None, other))
        for item_id, peoples in self.item_peoples.items():
            if peoples:
                self.items[item_id]["peoples"] = sorted(peoples)
        catalog = {
            "format": "warband-catalog",
            "version": CURRENT_VERSIONS["warband-catalog"],
            "system": SYSTEM_ID,
            "id": self.prefix,
            "revision": sum(f.revision for f in files),
            "name": self._catalog_name(files),
            "notes": self._notes(files),
            "peoples": list(self.peoples.values()),
            "cults": list(self.cults.values()),
            "miracles": list(self.miracles.values()),
            "items": list(self.items.values()),
            "profiles": list(self.profiles.values()),
        }
        counts = {
            "peoples": len(self.peoples),
            "cults": len(self.cults),
            "profiles": len(self.profiles),
            "faithful": sum(1 for p in self.profiles.values() if "faithful" in p),
            "miracles": len(self.miracles),
            "items": len(self.items),
        }
        return Imported(
            catalog=catalog,
            counts=counts,
            unknown=self.account.unknown,
            unmapped=self.account.unmapped,
            unmapped_examples=self.account.examples,
        )

    def _catalog_name(self, files: Sequence[DataFile]) -> str:
        named = [f.name.strip() for f in files if f.name.strip()]
        name = named[0] if named else _("BattleScribe data")
        return _bounded(name, NAME_LENGTH, self.account, name[:80])

    def _notes(self, files: Sequence[DataFile]) -> str | dict[str, str]:
        names = [f.name.strip() or f.id for f in files][:12]
        listed = ", ".join(names) + (", …" if len(files) > len(names) else "")
        return _in_languages(
            N_(
                "Imported from BattleScribe data ({files}). That data is of a later edition of Confrontation than "
                "Warband's rules (the C2-era Divination): its miracles are played with Warband's rules (CF-17 to "
                "CF-19), and its costs are the data's. What the data does not give is marked unknown, never "
                "guessed (provisional rule CF-X1); what Warband does not map is listed in the import's summary."
            ),
            files=_bounded(listed, 2_000, self.account, listed[:80]),
        )

    def _points_types(self) -> set[str]:
        """The cost types that are A.P.: named so ("pts", "A.P.", "points"…), else the data's only one; among
        several named otherwise, the first is taken, and that is said."""
        types: dict[str, str] = {}
        for f in (self.data.game_system, *self.data.catalogues):
            if f is not None:
                types.update(f.cost_types)
        named = {tid for tid, name in types.items() if _norm(name) in POINTS}
        if named or len(types) <= 1:
            return named or set(types)
        first = next(iter(types))
        self.account.count(_("cost types none of which is named points (the first is read as A.P.)"), types[first])
        return {first}

    # peoples and cults --------------------------------------------------------------------------------------
    def _people(self, seed: str, name: str, where: str) -> str:
        known = self.known_peoples.get(_norm(name))
        if known is not None:
            return known
        people_id = self.ids("peoples", seed)
        if people_id not in self.peoples:
            shown = name.strip() or seed
            self.peoples[people_id] = {"id": people_id, "name": _bounded(shown, NAME_LENGTH, self.account, where)}
        return people_id

    def _cult(self, name: str, account: _Account) -> str | None:
        """The id of the cult of that name: a loaded catalog's, else a new one of the imported catalog."""
        cut = _cut_cult(name)
        key = _norm(cut)
        if not key:
            return None
        known = self.known_cults.get(key)
        if known is not None:
            return known
        cult_id = self.ids("cults", f"cult.{key}")
        if cult_id not in self.cults:
            shown = _bounded(cut, NAME_LENGTH, account, cut[:80])
            self.cults[cult_id] = {"id": cult_id, "name": shown, "path": None, "unknown": ["path"]}
            account.unknown.append(
                spoken_text(
                    Phrase(
                        N_(
                            "The cult {cult}, which no loaded catalog lists, is a cult of this catalog: the data "
                            "does not give its Alliance Path, so its Faithful may take no miracle of a Path until "
                            "it is set."
                        ),
                        cult=shown,
                    )
                )
            )
        return cult_id

    # walking ------------------------------------------------------------------------------------------------
    def _entry(self, entry: Entry, place: _Place) -> None:
        if entry.hidden:
            self.account.count(_("hidden entries (shown only when the data's conditions are met)"), entry.name)
            return
        if place.people is None and entry.id in self.visited:
            if place.catalogue.kind == "gameSystem":  # the game system's own entries: every catalogue's
                for inner in entry.walk():
                    item_id = self.ids.given.get(("items", inner.id))
                    if item_id in self.items:
                        self.item_peoples[item_id] = None
            return
        if place.people is not None:
            self.visited.add(entry.id)
        people = self._people_of(entry, place)
        key = (entry.id, entry.link_id, people or "", place.catalogue.id if people is None else "")
        if key in self.seen:
            return
        self.seen.add(key)
        here = _Place(people, place.catalogue, place.around)
        mapped = self._map(entry, here)
        around = (entry.name, *entry.categories, *place.around)
        for child in entry.entries:
            self._entry(child, _Place(people, place.catalogue, around))
        for group in entry.groups:
            self._group(group, _Place(people, place.catalogue, around))
        if not mapped and not entry.entries and not entry.groups:
            self.account.count(_("entries that are neither a profile, a miracle nor a magic item"), entry.name)

    def _group(self, group: Group, place: _Place) -> None:
        if group.hidden:
            self.account.count(_("hidden entries (shown only when the data's conditions are met)"), group.name)
            return
        if group.constraints:
            self.account.count(_("constraints (how many may be taken)"), group.name, len(group.constraints))
        if group.modifiers:
            self.account.count(_("modifiers other than costs"), group.name, len(group.modifiers))
        around = (group.name, *place.around)
        for entry in group.entries:
            self._entry(entry, _Place(place.people, place.catalogue, around))
        for inner in group.groups:
            self._group(inner, _Place(place.people, place.catalogue, around))

    def _people_of(self, entry: Entry, place: _Place) -> str | None:
        for category in entry.categories:
            known = self.known_peoples.get(_norm(category))
            if known is not None:
                return known
        return place.people

    def _map(self, entry: Entry, place: _Place) -> bool:
        """Map the entry itself (its children are walked apart); whether it was something Warband knows."""
        account = _Account()
        shown = [p for p in entry.profiles if not p.hidden]
        if len(shown) < len(entry.profiles):
            account.count(_("hidden profiles"), entry.name, len(entry.profiles) - len(shown))
        models = [p for p in shown if _has(p, DISCIPLINE | MOVEMENT)]
        cards = [p for p in shown if p not in models and _is_miracle(p)]
        artefacts = [p for p in shown if p not in models and p not in cards and _is_item(p)]
        for found in (models, cards, artefacts):
            if len(found) > 1:
                account.count(_("further profiles of one entry (the first is kept)"), entry.name, len(found) - 1)
        for p in shown:
            if p not in models and p not in cards and p not in artefacts:
                what = (p.type_name or p.type_id)[:80]
                account.count(_("profile type “{name}”").format(name=what), entry.name)
        context = (*entry.categories, *place.around)
        near = context[: len(entry.categories) + 1]
        if models:
            self._keep("profiles", entry, self._profile(entry, models[0], place, account), place, account)
        elif cards or (not shown and _mentions(near, MIRACLE_WORDS)):
            card = cards[0] if cards else None
            self._keep("miracles", entry, self._miracle(entry, card, context, account), place, account)
        elif artefacts or (not shown and _mentions(near, ITEM_WORDS)):
            self._keep("items", entry, self._item(entry, account), place, account)
        else:
            if entry.type == "unit" and (entry.entries or entry.groups) and self._cost(entry, account):
                account.count(_("costs of units outside their models' profiles"), entry.name)
            self.account.add(account)
            return False
        return True

    def _keep(self, kind: str, entry: Entry, value: dict[str, Any], place: _Place, account: _Account) -> None:
        """Add the mapped entry under its id; the same entry met again the same is dropped, met otherwise (through
        another link, for another people) is kept under the id of how it was reached."""
        table: dict[str, dict[str, Any]] = getattr(self, kind)
        entry_id = self.ids(kind, entry.id)
        existing = table.get(entry_id)
        if existing is not None and _same(existing, value):
            if kind == "items":
                self._note_item_people(entry_id, place)
            return
        if existing is not None:
            seed = entry.link_id or f"{entry.id}.{place.people or place.catalogue.id}"
            entry_id = self.ids(kind, seed)
            if entry_id in table:
                return
        table[entry_id] = {"id": entry_id, **value}
        if kind == "items":
            self._note_item_people(entry_id, place)
        self.account.add(account)

    def _note_item_people(self, item_id: str, place: _Place) -> None:
        """CF-07: an item found in a people's catalogues only is that people's; one any catalogue may reach (the
        game system's, an unlinked library's) is anyone's."""
        peoples = self.item_peoples.get(item_id, set())
        if peoples is None or place.people is None:
            self.item_peoples[item_id] = None
        else:
            peoples.add(place.people)
            self.item_peoples[item_id] = peoples

    # costs --------------------------------------------------------------------------------------------------
    def _cost(self, entry: Entry, account: _Account) -> int:
        """The entry's own A.P. and its unconditional modifiers of them; the rest counted, never applied."""
        value = Decimal(0)
        for cost in entry.costs:
            if cost.type_id in self.points:
                value = Decimal(repr(cost.value))
                break
        for cost in entry.costs:
            if cost.type_id not in self.points and cost.value:
                account.count(_("cost type “{name}”").format(name=cost.name[:80] or cost.type_id[:80]), entry.name)
        for modifier in entry.modifiers:
            if modifier.field not in self.points:
                account.count(_("modifiers other than costs"), entry.name)
                continue
            if not modifier.unconditional:
                account.count(_("conditional cost modifiers"), entry.name)
                continue
            try:
                amount = Decimal(modifier.value.strip())
            except ArithmeticError:
                account.count(_("cost modifiers that are not numbers"), entry.name)
                continue
            if modifier.type == "set":
                value = amount
            elif modifier.type == "increment":
                value += amount
            elif modifier.type == "decrement":
                value -= amount
            else:
                account.count(_("cost modifiers of another kind than set, increment, decrement"), entry.name)
        if entry.constraints:
            account.count(_("constraints (how many may be taken)"), entry.name, len(entry.constraints))
        whole = int(value.quantize(Decimal(1), rounding=ROUND_HALF_UP))
        if whole != value:
            account.count(_("costs that are not whole numbers (rounded)"), entry.name)
        if not 0 <= whole <= MAX_COST:
            account.count(_(OUT_OF_RANGE), entry.name)
            whole = min(max(whole, 0), MAX_COST)
        return whole

    # profiles -----------------------------------------------------------------------------------------------
    def _profile(self, entry: Entry, profile: Profile, place: _Place, account: _Account) -> dict[str, Any]:
        name = self._name(entry, account)
        people = place.people
        if people is None:
            people = self._people(f"{place.catalogue.id}", place.catalogue.name, entry.name)
            account.unknown.append(
                spoken_text(
                    Phrase(
                        N_("{entry}: the data does not say which people fields it; its people is named {file}."),
                        entry=name,
                        file=place.catalogue.name or place.catalogue.id,
                    )
                )
            )
        value: dict[str, Any] = {"name": name, "people": people, "cost": self._cost(entry, account)}
        unknown: list[str] = []
        notes: list[str] = []
        used: set[str] = set()
        for field_name, names, top in (("discipline", DISCIPLINE, 20), ("movement", MOVEMENT, 100)):
            text = _char(profile, names)
            used |= names
            if text is None or not text.strip():
                unknown.append(field_name)
                value[field_name] = None
                continue
            number = _number(text)
            if number.none:
                value[field_name] = None
            elif number.value is None or number.value > top:
                unknown.append(field_name)
                value[field_name] = None
                notes.append(f"{_char_name(profile, names)} {text.strip()}")
                if number.value is not None:
                    account.count(_(OUT_OF_RANGE), name)
            else:
                value[field_name] = number.value
                if not number.plain:
                    notes.append(f"{_char_name(profile, names)} {text.strip()}")
        faithful = self._faithful(entry, profile, name, account)
        if faithful is not None:
            value["faithful"] = faithful
            used |= FAITH | CULT | set(ASPECT_NAMES) | {"c", "a", "d"}
            used |= {n for c in profile.characteristics if _aspects_name(n := _norm(c.name))}
        rules = [r.name.strip() for r in entry.rules if r.name.strip() and not r.hidden]
        abilities = _char(profile, ABILITIES)
        used |= ABILITIES
        others = [
            f"{c.name.strip()} {c.text.strip()}"
            for c in profile.characteristics
            if c.text.strip() and c.text.strip().casefold() not in _DASHES and _norm(c.name) not in used
        ]
        if others:
            notes.append(" · ".join(others))
        if abilities and abilities.strip():
            notes.append(abilities.strip())
        if rules:
            notes.append(", ".join(rules))
        if any(r.description.strip() for r in entry.rules):
            account.count(_("rules' descriptions (their names are kept in the profile's notes)"), name)
        if notes:
            value["notes"] = _bounded("\n".join(notes), NOTES_LENGTH, account, name)
        if unknown:
            value["unknown"] = unknown
        missing = [*unknown, *(faithful or {}).get("unknown", ())]
        if missing:
            account.unknown.append(_unknown_sentence(name, missing))
        return value

    def _faithful(self, entry: Entry, profile: Profile, name: str, account: _Account) -> dict[str, Any] | None:
        """The Faithful the data says the profile is, with what it does not say unknown; None: not a Faithful."""
        texts = [r.name for r in entry.rules if not r.hidden]
        abilities = _char(profile, ABILITIES)
        if abilities:
            texts.extend(re.split(r"[,;\n]+", abilities))
        texts = [t for t in (t.strip() for t in texts) if t]
        rank: str | None = None
        cult_name: str | None = None
        faith: int | None = None
        for text in texts:
            found = _RANK_OF_CULT.match(text) or _RANK_ALONE.match(text)
            if found is None:
                continue
            rank = _RANKS.get(_norm(found.group("rank")))
            if "cult" in found.groupdict():
                cult_name = found.group("cult")
            if found.group("faith"):
                faith = int(found.group("faith"))
            break
        marks = [_norm(t) for t in (*texts, *entry.categories)]
        warrior_monk = any(_WARRIOR_MONK.search(_words(t)) for t in (*texts, *entry.categories))
        marked = any(m in FAITHFUL_WORDS for m in marks)
        faith_text = _char(profile, FAITH)
        if faith_text is not None and faith_text.strip():
            number = _number(faith_text)
            if number.value is not None and number.value <= 100:
                faith = number.value
            elif number.value is not None:
                account.count(_(OUT_OF_RANGE), name)
        cult_text = _char(profile, CULT)
        if cult_text is not None and cult_text.strip() and _number(cult_text).none is False:
            cult_name = cult_text.strip()
        levels = _aspects(profile)
        aspected = levels is not None and any(levels.values())
        if not (rank or cult_name or faith is not None or aspected or warrior_monk or marked):
            return None
        unknown: list[str] = []
        value: dict[str, Any] = {}
        if rank is None:
            unknown.append("rank")
        value["rank"] = rank
        cult_id = self._cult(cult_name, account) if cult_name else None
        if cult_id is None:
            unknown.append("cult")
        value["cult"] = cult_id
        if faith is None:
            unknown.append("faith")
        value["faith"] = faith
        if warrior_monk:
            value["warrior_monk"] = True
        if levels is not None and all(v <= 5 for v in levels.values()):
            value["aspects"] = levels
        else:
            if levels is not None:
                account.count(_(OUT_OF_RANGE), name)
            value["aspects"] = None
            unknown.append("aspects")
        if unknown:
            value["unknown"] = unknown
        return value

    # miracles and items -------------------------------------------------------------------------------------
    def _miracle(
        self, entry: Entry, card: Profile | None, context: Sequence[str], account: _Account
    ) -> dict[str, Any]:
        name = self._name(entry, account)
        value: dict[str, Any] = {"name": name}
        unknown: list[str] = []
        cults, paths, universal = self._access(card, context, account)
        value["cults"] = cults
        value["paths"] = paths
        value["universal"] = universal
        if not (cults or paths or universal):
            unknown.append("access")
        levels = _aspects(card) if card is not None else None
        if levels is not None and all(v <= 5 for v in levels.values()):
            value["aspects"] = levels
        else:
            value["aspects"] = None
            unknown.append("aspects")
        fervour = _number(_char(card, FERVOUR) or "")
        if fervour.value is not None:
            value["fervour"] = fervour.value
        elif fervour.none:
            value["fervour"] = 0
        else:
            value["fervour"] = None
            unknown.append("fervour")
        value.update(self._difficulty(card, name, unknown, account))
        for key, names in (("range", RANGE), ("area", AREA), ("duration", DURATION)):
            text = (_char(card, names) or "").strip()
            if text and text.casefold() not in _DASHES:
                value[key] = _bounded(text, SHORT_LENGTH, account, name)
        value["cost"] = self._cost(entry, account)
        texts = [(_char(card, DESCRIPTION) or "").strip(), *(r.description.strip() for r in entry.rules)]
        notes = "\n".join(t for t in texts if t)
        if notes:
            value["notes"] = _bounded(notes, NOTES_LENGTH, account, name)
        if unknown:
            value["unknown"] = unknown
            account.unknown.append(_unknown_sentence(name, unknown))
        return value

    def _difficulty(
        self, card: Profile | None, name: str, unknown: list[str], account: _Account
    ) -> dict[str, Any]:
        text = (_char(card, DIFFICULTY) or "").strip()
        number = _number(text)
        if number.value is not None and number.plain and number.value <= 100:
            return {"difficulty": number.value}
        formula = _FORMULA.match(_plain(text))
        if formula is not None:
            plus = int(formula.group("n")) * (-1 if formula.group("sign") == "-" else 1)
            if -20 <= plus <= 100:
                return {
                    "difficulty": None,
                    "difficulty_note": _bounded(text, SHORT_LENGTH, account, name),
                    "difficulty_formula": {"fervour_plus": plus},
                }
        unknown.append("difficulty")
        if text and not number.none:
            return {"difficulty": None, "difficulty_note": _bounded(text, SHORT_LENGTH, account, name)}
        return {"difficulty": None}

    def _access(
        self, card: Profile | None, context: Sequence[str], account: _Account
    ) -> tuple[list[str], list[str], bool]:
        """Who may take the miracle: its Cult and Path characteristics, else what the names around it say."""
        cults: list[str] = []
        paths: list[str] = []
        universal = False
        cult_text = _char(card, CULT)
        path_text = _char(card, PATH)
        for token in _tokens(cult_text):
            if _norm(token) in UNIVERSAL:
                universal = True
            elif (cult := self._cult(token, account)) is not None and cult not in cults:
                cults.append(cult)
        for token in _tokens(path_text):
            key = _norm(token)
            if key in UNIVERSAL:
                universal = True
            elif key in PATH_WORDS and PATH_WORDS[key] not in paths:
                paths.append(PATH_WORDS[key])
        if cults or paths or universal:
            return cults, paths, universal
        for name in context:
            key = _norm(name)
            cut = _norm(_cut_cult(name))
            if key in UNIVERSAL or cut in UNIVERSAL:
                return [], [], True
            path = PATH_PHRASES.get(key) or PATH_PHRASES.get(cut)
            if path is not None:
                return [], [path], False
            if cut in self.known_cults:
                return [self.known_cults[cut]], [], False
            if _CULT_OF.match(name) and cut and cut not in ("miracles", "miracle"):
                cult = self._cult(name, account)
                if cult is not None:
                    return [cult], [], False
        return [], [], False

    def _item(self, entry: Entry, account: _Account) -> dict[str, Any]:
        name = self._name(entry, account)
        value: dict[str, Any] = {"name": name, "cost": self._cost(entry, account)}
        texts = [
            *(
                f"{c.name.strip()} {c.text.strip()}"
                for p in entry.profiles
                for c in p.characteristics
                if c.text.strip()
            ),
            *(r.description.strip() for r in entry.rules if r.description.strip()),
        ]
        if texts:
            value["notes"] = _bounded("\n".join(texts), NOTES_LENGTH, account, name)
        return value

    def _name(self, entry: Entry, account: _Account) -> str:
        name = entry.name
        if not name.strip():
            account.count(_("entries without a name (named by their BattleScribe id)"), entry.id)
            name = entry.id or "?"
        return _bounded(name, NAME_LENGTH, account, name[:80])


# --- helpers ------------------------------------------------------------------------------------------------
def _by_name(entries: Iterable[Any]) -> dict[str, str]:
    """Every name of each entry (in every language) and its id, normalised → the id."""
    found: dict[str, str] = {}
    for entry in entries:
        names = [entry.name] if isinstance(entry.name, str) else list(entry.name.values())
        for name in (*names, entry.id):
            found.setdefault(_norm(name), entry.id)
    found.pop("", None)
    return found


def _is_miracle(profile: Profile) -> bool:
    if any(w in _norm(profile.type_name) for w in MIRACLE_WORDS):
        return True
    return _has(profile, FERVOUR) and _has(profile, DIFFICULTY)


def _is_item(profile: Profile) -> bool:
    return any(w in _norm(profile.type_name) for w in ITEM_WORDS)


def _mentions(names: Iterable[str], words: Sequence[str]) -> bool:
    return any(w in _norm(name) for name in names for w in words)


def _char_name(profile: Profile, names: set[str]) -> str:
    return next((c.name.strip() for c in profile.characteristics if _norm(c.name) in names), "")


def _tokens(text: str | None) -> Iterator[str]:
    if text is None or text.strip().casefold() in _DASHES:
        return
    for token in _SPLIT.split(text.strip()):
        if token.strip():
            yield token.strip()


def _same(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    return {k: v for k, v in a.items() if k != "id"} == dict(b)


def _unknown_sentence(name: str, missing: Sequence[str]) -> str:
    return spoken_text(
        Phrase(
            N_("{entry}: the data does not give its {values} (left unknown, never guessed)."),
            entry=name,
            values=unknown_values(missing),
        )
    )


def _in_languages(template: str, **params: object) -> str | dict[str, str]:
    """The text in English and in every language Warband has a translation of it for (a catalog's notes)."""
    texts = {"en": template.format(**params)}
    for lang in available_languages():
        if lang == "en":
            continue
        translated = gettext.translation(DOMAIN, str(locale_dir()), [lang], fallback=True).gettext(template)
        if translated != template:
            texts[lang] = translated.format(**params)
    return texts["en"] if len(texts) == 1 else texts
