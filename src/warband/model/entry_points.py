"""The entry points of one group, found by reading the `*.dist-info/entry_points.txt` files on `sys.path`.

`importlib.metadata` answers the same question, but importing it (with `email`, `zipfile` and `csv`) and parsing
every distribution's metadata for its name and version costs more than a third of what a bare Qt window costs to
open, before Warband can even name its games. A `.dist-info` folder's name says which distribution it is
(`name-version.dist-info`), so only `entry_points.txt` is read, and the top of `METADATA` for the distributions
that have entry points in the group (their names as they spell them). Where the path holds anything this
reader does not know (a zip file, an `.egg`, an `.egg-info` folder), `importlib.metadata` answers instead.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

_SUFFIX = ".dist-info"


@dataclass(frozen=True)
class Point:
    """One entry point: `name = module:attribute` in a group, and the distribution that declares it."""

    name: str
    value: str
    distribution: str
    version: str

    @property
    def module(self) -> str:
        return self.value.partition(":")[0].strip()

    def load(self) -> Any:
        """The object the entry point names (its module imported)."""
        module, _colon, attribute = self.value.partition(":")
        found: Any = importlib.import_module(module.strip())
        for part in attribute.split("[")[0].strip().split(".") if attribute.strip() else ():
            found = getattr(found, part)
        return found


def normalized(name: str) -> str:
    """A distribution's name as packaging compares them ("Warband_Litany" and "warband-litany" are one)."""
    return re.sub(r"[-_.]+", "_", name).lower()


def find_entry_points(group: str, path: Sequence[str] | None = None) -> list[Point]:
    """The group's entry points, distribution by distribution in the order of the path (a distribution found
    twice counts once, where it is found first, as Python imports it)."""
    found = _read_path(group, sys.path if path is None else path)
    return found if found is not None else _from_importlib_metadata(group)


def _read_path(group: str, path: Sequence[str]) -> list[Point] | None:
    points: list[Point] = []
    seen: set[str] = set()
    for entry in path:
        folder = entry or os.getcwd()
        try:
            with os.scandir(folder) as listing:
                names = sorted(item.name for item in listing)
        except NotADirectoryError:
            return None  # a zip file or an egg on the path: importlib.metadata reads those
        except OSError:
            continue  # a folder that is gone or cannot be read holds nothing to import either
        for name in names:
            if name.endswith((".egg-info", ".egg")):
                return None
            if not name.endswith(_SUFFIX):
                continue
            distribution, _dash, version = name[: -len(_SUFFIX)].partition("-")
            key = normalized(distribution)
            if key in seen:
                continue
            seen.add(key)
            try:
                with open(os.path.join(folder, name, "entry_points.txt"), encoding="utf-8") as handle:
                    text = handle.read()
            except OSError:
                continue  # no entry points
            lines = _group_lines(text, group)
            if lines:
                distribution, version = _declared(os.path.join(folder, name), distribution, version)
                points.extend(Point(n, v, distribution, version) for n, v in lines)
    return points


def _declared(info: str, distribution: str, version: str) -> tuple[str, str]:
    """The distribution's name and version as its METADATA spells them ("broken-import", where the folder says
    "broken_import"), read from the headers at its top; the folder's when there is no such file."""
    try:
        with open(os.path.join(info, "METADATA"), encoding="utf-8") as handle:
            for line in handle:
                if not line.strip():
                    break  # the headers end at the first blank line
                key, colon, value = line.partition(":")
                if colon and key.strip().lower() == "name":
                    distribution = value.strip() or distribution
                elif colon and key.strip().lower() == "version":
                    version = value.strip() or version
    except (OSError, UnicodeDecodeError):
        pass
    return distribution, version


def _group_lines(text: str, group: str) -> list[tuple[str, str]]:
    """The `name = value` lines of one `[group]` of an entry_points.txt (an ini file)."""
    lines: list[tuple[str, str]] = []
    current = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1].strip()
            continue
        if current == group and "=" in line:
            name, _equals, value = line.partition("=")
            lines.append((name.strip(), value.strip()))
    return lines


def _from_importlib_metadata(group: str) -> list[Point]:
    from importlib.metadata import entry_points

    points: list[Point] = []
    for point in entry_points(group=group):
        dist = point.dist
        name = dist.name if dist is not None else "?"
        points.append(Point(point.name, point.value, name, dist.version if dist is not None else "?"))
    return points
