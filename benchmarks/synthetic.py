"""Deterministic synthetic Confrontation catalogs and armies, as plain JSON-ready dicts, for the benchmarks.

Everything is drawn from `random.Random(seed)`: the same seed gives the same documents on every machine and
Python version (only `random()`, `randint`, `choice`, `sample` and `choices` are used, whose sequences
CPython keeps stable). The generators know the eligibility rules (cult, Path or Universal Cult access, and
Aspects) so that an army can be made mostly legal with a chosen share of miracles its Faithful may not take.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

CULT_PATHS: tuple[str, ...] = ("light", "darkness", "destiny", "neutral")
ALLIANCE_PATHS: tuple[str, ...] = ("light", "darkness", "destiny")
ASPECTS: tuple[str, ...] = ("creation", "alteration", "destruction")
RANKS: tuple[str, ...] = ("devotee", "zealot", "dean")
PEOPLES: tuple[str, ...] = (
    "griffins",
    "lions",
    "wolfen",
    "mid-nor",
    "akkyshan",
    "dirz",
    "cynwall",
    "kelts",
    "orcs",
    "goblins",
    "dwarves",
    "cadwallon",
)

# (English, French, Russian) words, combined into names; some names are maps of languages.
_ADJECTIVES: tuple[tuple[str, str, str], ...] = (
    ("Divine", "divin", "Божественный"),
    ("Dark", "sombre", "Тёмный"),
    ("Holy", "sacré", "Святой"),
    ("Burning", "ardent", "Пылающий"),
    ("Silent", "silencieux", "Безмолвный"),
    ("Iron", "de fer", "Железный"),
    ("Wild", "sauvage", "Дикий"),
    ("Eternal", "éternel", "Вечный"),
)
_NOUNS: tuple[tuple[str, str, str], ...] = (
    ("messenger", "Messager", "вестник"),
    ("wrath", "Courroux", "гнев"),
    ("shield", "Bouclier", "щит"),
    ("blessing", "Bénédiction", "благословение"),
    ("curse", "Malédiction", "проклятие"),
    ("light", "Lumière", "свет"),
    ("pact", "Pacte", "договор"),
    ("call", "Appel", "зов"),
    ("grace", "Grâce", "милость"),
    ("flame", "Flamme", "пламя"),
)


def _name(rng: random.Random, number: int) -> str | dict[str, str]:
    """A plain name for most entries; a map of languages for about a third, some without English."""
    en_adj, fr_adj, ru_adj = rng.choice(_ADJECTIVES)
    en_noun, fr_noun, ru_noun = rng.choice(_NOUNS)
    english = f"{en_adj} {en_noun} {number}"
    french = f"{fr_noun} {fr_adj} {number}"
    russian = f"{ru_adj} {ru_noun} {number}"
    roll = rng.random()
    if roll < 0.65:
        return english if roll < 0.5 else french
    if roll < 0.85:
        return {"fr": french, "en": english}
    if roll < 0.95:
        return {"fr": french}  # no English: display falls back to French
    return {"ru": russian, "de": english}  # neither English nor French: display falls back to the first


def _aspects(rng: random.Random, weights: Sequence[int]) -> dict[str, int]:
    return {aspect: rng.choices(range(4), weights=weights)[0] for aspect in ASPECTS}


def make_catalog(
    *,
    seed: int,
    miracles: int,
    profiles: int,
    items: int,
    cults: int = 20,
    catalog_id: str = "bench",
    faithful_share: float = 0.8,
) -> dict[str, Any]:
    """A Confrontation catalog document: `cults` cults spread over the four paths, and the entries asked for.

    Miracles: about half reserved to one or two cults, a quarter to one or two Alliance Paths, some to a cult
    and a Path, a tenth universal; Aspects 0-3 (mostly low), costs 5-30. Profiles: `faithful_share` of them
    Faithful with Aspects 0-3, the others not. Items: some restricted to peoples, some to Faithful.
    """
    rng = random.Random(seed)
    cult_entries = [
        {
            "id": f"cult-{i:02d}",
            "name": _name(rng, i),
            "path": CULT_PATHS[i % len(CULT_PATHS)],
        }
        for i in range(cults)
    ]
    cult_ids = [c["id"] for c in cult_entries]

    miracle_entries: list[dict[str, Any]] = []
    for i in range(miracles):
        roll = rng.random()
        access_cults: list[str] = []
        access_paths: list[str] = []
        universal = False
        if roll < 0.50:
            access_cults = rng.sample(cult_ids, 2 if rng.random() < 0.2 else 1)
        elif roll < 0.75:
            access_paths = rng.sample(ALLIANCE_PATHS, 2 if rng.random() < 0.2 else 1)
        elif roll < 0.90:
            access_cults = [rng.choice(cult_ids)]
            access_paths = [rng.choice(ALLIANCE_PATHS)]
        else:
            universal = True
        miracle: dict[str, Any] = {
            "id": f"miracle-{i:05d}",
            "name": _name(rng, i),
            "cults": access_cults,
            "paths": access_paths,
            "universal": universal,
            "aspects": _aspects(rng, (50, 30, 14, 6)),
            "fervour": rng.randint(0, 4),
            "difficulty": None if rng.random() < 0.1 else rng.randint(3, 12),
            "cost": rng.randint(5, 30),
        }
        if rng.random() < 0.5:
            miracle["range"] = rng.choice(("10 cm", "20 cm", "30 cm", "Contact", "Unlimited"))
            miracle["duration"] = rng.choice(("Instant", "End of round", "Special"))
        if rng.random() < 0.2:
            miracle["area"] = rng.choice(("10 cm radius", "One fighter", "Whole army"))
        if rng.random() < 0.1:
            miracle["notes"] = "Difficulty and effects are set at the table; see the card."
        miracle_entries.append(miracle)

    item_entries: list[dict[str, Any]] = []
    for i in range(items):
        item: dict[str, Any] = {"id": f"item-{i:04d}", "name": _name(rng, i), "cost": rng.randint(3, 40)}
        if rng.random() < 0.3:
            item["peoples"] = rng.sample(PEOPLES, rng.randint(1, 2))
        if rng.random() < 0.2:
            item["faithful_only"] = True
        item_entries.append(item)

    profile_entries: list[dict[str, Any]] = []
    for i in range(profiles):
        profile: dict[str, Any] = {
            "id": f"profile-{i:04d}",
            "name": _name(rng, i),
            "people": rng.choice(PEOPLES),
            "cost": rng.randint(10, 120),
            "discipline": None if rng.random() < 0.1 else rng.randint(1, 8),
            "movement": rng.randint(5, 15),
        }
        if rng.random() < faithful_share:
            profile["faithful"] = {
                "rank": rng.choice(RANKS),
                "cult": rng.choice(cult_ids),
                "faith": rng.randint(1, 30),
                "warrior_monk": rng.random() < 0.15,
                "aspects": _aspects(rng, (15, 35, 32, 18)),
            }
        profile_entries.append(profile)

    return {
        "format": "warband-catalog",
        "version": 1,
        "system": "confrontation",
        "id": catalog_id,
        "revision": 1,
        "name": {"en": f"Synthetic catalog ({miracles} miracles)", "fr": f"Catalogue synthétique ({miracles})"},
        "notes": f"Generated by benchmarks/synthetic.py with seed {seed}.",
        "cults": cult_entries,
        "miracles": miracle_entries,
        "items": item_entries,
        "profiles": profile_entries,
    }


@dataclass(frozen=True)
class _Lookups:
    """The catalog document indexed the way the army generator needs it."""

    cult_path: dict[str, str]
    miracles: dict[str, dict[str, Any]]
    by_cult: dict[str, list[str]]
    by_path: dict[str, list[str]]
    universal: list[str]
    faithful_profiles: list[dict[str, Any]]
    other_profiles: list[dict[str, Any]]
    items: list[dict[str, Any]]


def _lookups(catalog: dict[str, Any]) -> _Lookups:
    by_cult: dict[str, list[str]] = {}
    by_path: dict[str, list[str]] = {}
    universal: list[str] = []
    for m in catalog["miracles"]:
        for cult in m["cults"]:
            by_cult.setdefault(cult, []).append(m["id"])
        for path in m["paths"]:
            by_path.setdefault(path, []).append(m["id"])
        if m["universal"]:
            universal.append(m["id"])
    return _Lookups(
        cult_path={c["id"]: c["path"] for c in catalog["cults"]},
        miracles={m["id"]: m for m in catalog["miracles"]},
        by_cult=by_cult,
        by_path=by_path,
        universal=universal,
        faithful_profiles=[p for p in catalog["profiles"] if "faithful" in p],
        other_profiles=[p for p in catalog["profiles"] if "faithful" not in p],
        items=list(catalog["items"]),
    )


def eligible(miracle: dict[str, Any], faithful: dict[str, Any], cult_path: dict[str, str]) -> bool:
    """Whether a Faithful may take a miracle (CF-02, CF-03, CF-05), computed on the plain documents."""
    access = (
        miracle["universal"]
        or faithful["cult"] in miracle["cults"]
        or cult_path.get(faithful["cult"]) in miracle["paths"]
    )
    return access and all(miracle["aspects"][a] <= faithful["aspects"][a] for a in ASPECTS)


def _item_allowed(item: dict[str, Any], profile: dict[str, Any]) -> bool:
    if item.get("peoples") and profile["people"] not in item["peoples"]:
        return False
    return not (item.get("faithful_only") and "faithful" not in profile)


def make_army(
    catalog: dict[str, Any],
    *,
    seed: int,
    units: int,
    faithful_share: float,
    miracles_per_unit: tuple[int, int],
    ineligible_share: float,
    items_per_unit: tuple[int, int] = (0, 2),
    duplicate_share: float = 0.0,
    unknown_share: float = 0.0,
    over_limit: bool = False,
    name: str = "Synthetic army",
) -> dict[str, Any]:
    """An army document drawing on `catalog`.

    `faithful_share` of the units are Faithful and take `miracles_per_unit` miracles, of which about
    `ineligible_share` they may not take (no access or Aspects too low); `duplicate_share` of the picks repeat
    a miracle already taken (CF-06) and `unknown_share` name a miracle no catalog has (AR-02). Items are
    mostly allowed. The points limit is the army's cost rounded up (valid on points), or 80 % of it when
    `over_limit` (CF-07 over the limit).
    """
    rng = random.Random(seed)
    look = _lookups(catalog)
    eligible_cache: dict[str, list[str]] = {}

    def eligible_for(profile: dict[str, Any]) -> list[str]:
        if profile["id"] not in eligible_cache:
            f = profile["faithful"]
            candidates = dict.fromkeys(
                [
                    *look.by_cult.get(f["cult"], ()),
                    *look.by_path.get(look.cult_path[f["cult"]], ()),
                    *look.universal,
                ]
            )
            eligible_cache[profile["id"]] = [
                mid for mid in candidates if eligible(look.miracles[mid], f, look.cult_path)
            ]
        return eligible_cache[profile["id"]]

    all_miracles = list(look.miracles)
    unit_docs: list[dict[str, Any]] = []
    total = 0
    for i in range(units):
        faithful = rng.random() < faithful_share or not look.other_profiles
        profile = rng.choice(look.faithful_profiles if faithful else look.other_profiles)
        total += profile["cost"]
        taken: list[str] = []
        if faithful:
            allowed = eligible_for(profile)
            for _ in range(rng.randint(*miracles_per_unit)):
                roll = rng.random()
                if taken and roll < duplicate_share:
                    pick = rng.choice(taken)
                elif roll < duplicate_share + unknown_share:
                    pick = f"missing-miracle-{rng.randint(0, 999):03d}"
                elif roll < duplicate_share + unknown_share + ineligible_share or not allowed:
                    pick = rng.choice(all_miracles)
                    while allowed and eligible(look.miracles[pick], profile["faithful"], look.cult_path):
                        pick = rng.choice(all_miracles)
                else:
                    pick = rng.choice(allowed)
                    if pick in taken:  # a second draw, to keep repeats to `duplicate_share`
                        pick = rng.choice(allowed)
                taken.append(pick)
                if pick in look.miracles:
                    total += look.miracles[pick]["cost"]
        items: list[str] = []
        for _ in range(rng.randint(*items_per_unit)):
            item = rng.choice(look.items)
            for _retry in range(10):
                if _item_allowed(item, profile) and item["id"] not in items:
                    break
                item = rng.choice(look.items)
            items.append(item["id"])
            total += item["cost"]
        unit: dict[str, Any] = {"id": f"unit-{i:03d}", "profile": profile["id"]}
        if rng.random() < 0.5:
            unit["label"] = f"{rng.choice(('Squad', 'Escouade', 'Отряд'))} {i}"
        if taken:
            unit["miracles"] = taken
        if items:
            unit["items"] = items
        unit_docs.append(unit)

    limit = (total * 8) // 10 if over_limit else -(-total // 50) * 50
    return {
        "format": "warband-army",
        "version": 1,
        "system": "confrontation",
        "name": name,
        "points_limit": limit,
        "units": unit_docs,
    }


def make_chain(length: int, *, seed: int, miracles: int = 4) -> list[dict[str, Any]]:
    """`length` small player catalogs in a chain, each referring to the one before it: catalog k defines the cult
    `chain-cult-k`, `miracles` miracles reserved to the cult of catalog k - 1 (the first: to its own) and a
    Faithful of that cult. Merged after the built-in catalogs, every one is kept."""
    rng = random.Random(seed)
    docs: list[dict[str, Any]] = []
    for k in range(length):
        cult = f"chain-cult-{k:05d}"
        previous = f"chain-cult-{max(0, k - 1):05d}"
        docs.append(
            {
                "format": "warband-catalog",
                "version": 1,
                "system": "confrontation",
                "id": f"player-chain-{k:05d}",
                "revision": 1,
                "name": f"Player catalog {k}",
                "cults": [{"id": cult, "name": _name(rng, k), "path": CULT_PATHS[k % len(CULT_PATHS)]}],
                "miracles": [
                    {
                        "id": f"chain-miracle-{k:05d}-{j}",
                        "name": _name(rng, j),
                        "cults": [previous],
                        "aspects": _aspects(rng, (50, 30, 14, 6)),
                        "fervour": rng.randint(0, 4),
                        "difficulty": rng.randint(3, 12),
                        "cost": rng.randint(5, 30),
                    }
                    for j in range(miracles)
                ],
                "profiles": [
                    {
                        "id": f"chain-profile-{k:05d}",
                        "name": _name(rng, k),
                        "people": rng.choice(PEOPLES),
                        "cost": rng.randint(10, 120),
                        "faithful": {
                            "rank": rng.choice(RANKS),
                            "cult": previous,
                            "faith": rng.randint(1, 30),
                            "aspects": _aspects(rng, (15, 35, 32, 18)),
                        },
                    }
                ],
            }
        )
    return docs
