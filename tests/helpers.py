"""Small hand-made catalogs and armies for rule tests, independent of the built-in data."""

from __future__ import annotations

import copy
import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from warband.model.catalog import Catalogs, LoadedCatalog, merge
from warband.model.storage import CURRENT_VERSIONS
from warband.model.systems.confrontation.schema import ConfrontationArmy, ConfrontationCatalog


def aspects(c: int = 0, a: int = 0, d: int = 0) -> dict[str, int]:
    return {"creation": c, "alteration": a, "destruction": d}


def miracle(mid: str, cost: int, *, cults=(), paths=(), universal=False, asp=(0, 0, 0), **extra) -> dict:
    return {
        "id": mid,
        "name": extra.pop("name", mid.replace("-", " ").title()),
        "cults": list(cults),
        "paths": list(paths),
        "universal": universal,
        "aspects": aspects(*asp),
        "fervour": extra.pop("fervour", 1),
        "difficulty": extra.pop("difficulty", 6),
        "cost": cost,
        **extra,
    }


def faithful(cult: str, asp: tuple[int, int, int], *, rank="devotee", faith=10, monk=False) -> dict:
    return {"rank": rank, "cult": cult, "faith": faith, "warrior_monk": monk, "aspects": aspects(*asp)}


BASE_CATALOG: dict[str, Any] = {
    "format": "warband-catalog",
    "version": 1,
    "system": "confrontation",
    "id": "test",
    "revision": 1,
    "name": "Test catalog",
    "cults": [
        {"id": "merin", "name": "Merin", "path": "light"},
        {"id": "mid-nor", "name": "Mid-Nor", "path": "darkness"},
        {"id": "arh-tolth", "name": "Arh-Tolth", "path": "darkness"},
        {"id": "yllia", "name": "Yllia", "path": "destiny"},
        {"id": "cadwallon", "name": "Cadwallon", "path": "neutral"},
    ],
    "miracles": [
        miracle(
            "messager-divin",
            12,
            cults=["merin", "mid-nor"],
            asp=(0, 1, 0),
            difficulty=None,
            difficulty_note="the fervour chosen + 4",
            name={"fr": "Messager divin", "en": "Divine messenger"},
        ),
        miracle("merin-blessing", 10, cults=["merin"], asp=(0, 2, 1)),
        miracle("renfort", 25, paths=["light"], difficulty=8),
        miracle("execration", 10, paths=["darkness"], difficulty=None),
        miracle("abnegation", 20, universal=True, asp=(1, 0, 1), difficulty=7, fervour=4),
        miracle("small-grace", 5, universal=True),
        miracle("mid-nor-curse", 8, cults=["mid-nor"]),
        miracle("merin-wrath", 15, cults=["merin"], asp=(0, 3, 0)),
        miracle("dark-pact", 7, cults=["mid-nor"], asp=(1, 0, 2)),
        miracle("wild-call", 9, cults=["yllia"], paths=["destiny"]),
    ],
    "items": [
        {"id": "amulet", "name": "Amulet", "cost": 10},
        {"id": "relic", "name": "Holy relic", "cost": 15, "faithful_only": True},
        {"id": "griffin-blade", "name": "Griffin blade", "cost": 12, "peoples": ["griffins"]},
    ],
    "profiles": [
        {
            "id": "iron-priestess",
            "name": {"fr": "Prêtresse de Fer", "en": "Iron Priestess"},
            "people": "griffins",
            "cost": 30,
            "discipline": 4,
            "movement": 10,
            "faithful": faithful("merin", (0, 2, 1)),
        },
        {
            "id": "monk",
            "name": "Griffin monk",
            "people": "griffins",
            "cost": 25,
            "discipline": 3,
            "faithful": faithful("merin", (1, 1, 1), rank="zealot", faith=6, monk=True),
        },
        {
            "id": "mid-nor-priest",
            "name": "Mid-Nor priest",
            "people": "mid-nor",
            "cost": 35,
            "discipline": 3,
            "faithful": faithful("mid-nor", (1, 2, 2)),
        },
        {
            "id": "wolfen-shaman",
            "name": "Wolfen shaman",
            "people": "wolfen",
            "cost": 32,
            "discipline": 2,
            "faithful": faithful("yllia", (2, 1, 0)),
        },
        {"id": "templar", "name": "Templar", "people": "griffins", "cost": 20, "discipline": 3},
        {"id": "beast", "name": "Beast", "people": "wild", "cost": 15, "discipline": None},
    ],
}


def catalog_doc(**changes: Any) -> dict[str, Any]:
    """A deep copy of the test catalog, with top-level fields replaced."""
    doc = copy.deepcopy(BASE_CATALOG)
    doc.update(changes)
    return doc


def make_catalogs(*docs: dict[str, Any]) -> Catalogs:
    loaded = [
        LoadedCatalog(f"catalog{i}.json", ConfrontationCatalog.model_validate(doc))
        for i, doc in enumerate(docs or (BASE_CATALOG,))
    ]
    catalogs, errors = merge("confrontation", loaded)
    assert errors == []
    return catalogs


def unit(uid: str, profile: str, miracles=(), items=(), label: str = "") -> dict[str, Any]:
    return {"id": uid, "profile": profile, "label": label, "miracles": list(miracles), "items": list(items)}


def make_army(
    *units: dict[str, Any], limit: int | None = None, name: str = "Test army", mixed: bool = False
) -> ConfrontationArmy:
    """A Confrontation army as this version saves it; `mixed`: it allows mixed armies (CF-20)."""
    return ConfrontationArmy.model_validate(
        {
            "format": "warband-army",
            "version": CURRENT_VERSIONS["warband-army"],
            "system": "confrontation",
            "name": name,
            "points_limit": limit,
            "mixed_peoples": mixed,
            "units": list(units),
        }
    )


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    return path


needs_qt = pytest.mark.skipif(
    importlib.util.find_spec("PySide6") is None, reason="needs Qt (PySide6), not installed in this run"
)
"""For the few model-side tests that need Qt (PDF rosters): they skip in the run without PySide6 (.ci/run)."""
