"""Catalog files: the common envelope, loading, and merging built-in and player catalogs.

A catalog holds entries of several kinds (cults, miracles, items, profiles, …: the lists are the system's).
Within one system, an entry's ID is unique for its kind across every loaded catalog; a clash is an error that
names both files. A catalog may refer to entries of another one; a dangling reference blames the file that
holds it. Broken files are left out and reported, and the others still load.

Merged, each kind's entries are a read-only `Table`; a game reads one as its model with `Catalogs.table`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Generic, Literal, NoReturn, TypeVar, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, Strict, StringConstraints

from warband.model.catalog_fields import Reference, references_in
from warband.model.catalog_fields import RefersTo as RefersTo  # the schemas mark their references with it
from warband.model.locations import user_catalog_dir
from warband.model.names import Name, Words
from warband.model.storage import (
    FileError,
    json_bytes,
    open_envelope,
    read_json,
    validate_model,
    write_bytes_atomic,
)

ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,79}$"
Id = Annotated[str, StringConstraints(strict=True, pattern=ID_PATTERN)]
"""An entry or unit ID: letters, digits and `._:-`, at most 80 characters."""


Int = Annotated[int, Strict()]
Count = Annotated[int, Strict(), Field(ge=0)]
Text = Annotated[str, Strict(), Field(max_length=20_000)]
Flag = Annotated[bool, Strict()]


class Frozen(BaseModel):
    """An immutable file value that refuses unknown fields.

    Its validator is built when the model is first used (`defer_build`), not when its class is defined: the
    builder never pays for the models of battles, nor a battle for those it does not hold.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class Entry(Frozen):
    """Something a catalog lists, referred to by its ID."""

    id: Id
    name: Name


class CatalogFile(Frozen):
    """The envelope every system's catalog shares; systems subclass it with their lists."""

    format: Literal["warband-catalog"]
    version: Annotated[int, Strict(), Field(ge=1)]
    system: Annotated[str, Strict()]
    id: Id
    revision: Count
    name: Name
    notes: Words | None = None

    def entry_lists(self) -> Mapping[str, Sequence[Entry]]:
        """Each kind of entry (by its list's name in the file) with its entries."""
        return {}

    def references(self) -> Iterator[Reference]:
        """Every reference this catalog makes to an entry, for the dangling-reference check: each field its model
        marks `RefersTo` (a game may add its own)."""
        return references_in(self)


@dataclass(frozen=True)
class LoadedCatalog:
    """A catalog document with the file it came from."""

    file: str
    document: CatalogFile


V = TypeVar("V")
E = TypeVar("E")
P = TypeVar("P")
S = TypeVar("S")


class Table(dict[str, E]):
    """The entries of one kind in merged catalogs, by id, as one model: read-only.

    A `dict` underneath, for the speed of look-ups on the hot paths (validation, pickers) and for the callers
    that take one; every way of changing it raises `TypeError`. `merge` builds one per kind, with the classes the
    catalog models declare its entries to be (`declared`); None when they do not say.
    """

    __slots__ = ("declared",)

    def __init__(
        self, entries: Mapping[str, E] | None = None, /, declared: tuple[type, ...] | None = None
    ) -> None:
        super().__init__(entries or {})
        self.declared = declared

    def _read_only(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("the entries of merged catalogs are read-only")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _read_only

    def __reduce__(self) -> tuple[type[Table[E]], tuple[dict[str, E], tuple[type, ...] | None]]:
        return (type(self), (dict(self), self.declared))


@dataclass(frozen=True, slots=True)
class SpellsAndProfiles(Generic[S, P]):
    """The typed index of a game whose catalogs hold spells and profiles, with nothing more worked out."""

    spells: Table[S]
    profiles: Table[P]


@dataclass(frozen=True, eq=False)
class Catalogs:
    """The merged catalogs of one system: what rules and armies look entries up in."""

    system: str
    loaded: tuple[LoadedCatalog, ...] = ()
    entries: Mapping[str, Mapping[str, Entry]] = field(default_factory=dict)
    origin: Mapping[tuple[str, str], LoadedCatalog] = field(default_factory=dict)
    _views: dict[Hashable, Any] = field(default_factory=dict, repr=False)

    def get(self, kind: str, entry_id: str) -> Entry | None:
        return self.entries.get(kind, {}).get(entry_id)

    def revisions(self) -> dict[str, int]:
        """Catalog id → revision, for recording in an army (AR-04)."""
        return {lc.document.id: lc.document.revision for lc in self.loaded}

    def view(self, key: str, build: Callable[[Catalogs], V]) -> V:
        """A system's typed index of these catalogs, built once."""
        if key not in self._views:
            self._views[key] = build(self)
        value: V = self._views[key]
        return value

    def table(self, kind: str, model: type[E]) -> Table[E]:
        """The entries of a kind (by its list's name in the files), by id, each a `model`; checked once.

        A kind no catalog lists gives an empty table. Entries of another model are a programming error
        (`TypeError`). What `merge` built is vouched for by the catalog models' declared lists, without a look at
        each entry (pydantic made every item of a `tuple[X, ...]` field an X); other entries are looked at.
        """
        key = ("table", kind, model)
        found: Table[E] | None = self._views.get(key)
        if found is None:
            entries = self.entries.get(kind, {})
            declared = entries.declared if type(entries) is Table else None
            if declared is None or not all(issubclass(each, model) for each in declared):
                _check_each(self.system, kind, entries, model)
            found = self._views[key] = entries if type(entries) is Table else Table(entries)
        return found


def _check_each(system: str, kind: str, entries: Mapping[str, Entry], model: type) -> None:
    """Raise `TypeError` unless every entry is a `model`."""
    wrong = next((entry for entry in entries.values() if not isinstance(entry, model)), None)
    if wrong is not None:
        what = f"{wrong.id!r} is a {type(wrong).__name__}"
        raise TypeError(f"the {system} {kind} are not all {model.__name__}: {what}")


@cache
def _entry_models(catalog_model: type[CatalogFile]) -> Mapping[str, type]:
    """Field name → X, for each field of a catalog model declared `tuple[X, ...]` with X a class."""
    models: dict[str, type] = {}
    for name, info in catalog_model.model_fields.items():
        args = get_args(info.annotation)
        if (
            get_origin(info.annotation) is tuple
            and len(args) == 2
            and args[1] is Ellipsis
            and isinstance(args[0], type)
        ):
            models[name] = args[0]
    return models


@dataclass(frozen=True)
class CatalogLoad:
    """What loading a set of catalog files gave: merged catalogs per system, and the files left out."""

    catalogs: Mapping[str, Catalogs]
    errors: tuple[FileError, ...] = ()

    def for_system(self, system: str) -> Catalogs:
        return self.catalogs.get(system) or Catalogs(system)


def singular(kind: str) -> str:
    """'miracles' → 'miracle', for messages."""
    return kind[:-1] if kind.endswith("s") else kind


def save_catalog(document: Mapping[str, Any], path: Path) -> None:
    """Write a catalog file's JSON (what an import made) atomically, as Warband writes every file: the player's
    catalog folder may already hold an older import of the same data, which this replaces whole or not at all."""
    write_bytes_atomic(path, json_bytes(dict(document), str(path), indent=2) + b"\n")


def load_catalog(path: Path) -> LoadedCatalog:
    """Read and check one catalog file (not yet merged)."""
    from warband.model.system import find_system, unknown_system

    file = str(path)
    data = open_envelope(read_json(path), file, "warband-catalog")
    system_id = data.get("system")
    if not isinstance(system_id, str):
        raise FileError(file, "$.system", "the 'system' field must name a rule system")
    system = find_system(system_id)
    if system is None:
        raise FileError(
            file,
            "$.system",
            unknown_system(system_id),
        )
    return LoadedCatalog(file, validate_model(system.catalog_model, data, file))


def merge(system: str, loaded: Sequence[LoadedCatalog]) -> tuple[Catalogs, list[FileError]]:
    """Merge catalogs in order; a file that clashes or refers to nothing is left out and reported."""
    errors: list[FileError] = []
    accepted: list[LoadedCatalog] = []
    catalog_ids: dict[str, LoadedCatalog] = {}
    owners: dict[tuple[str, str], tuple[LoadedCatalog, int]] = {}
    for lc in loaded:
        doc = lc.document
        if doc.id in catalog_ids:
            errors.append(
                FileError(
                    lc.file, "$.id", f"the catalog id {doc.id!r} is already used by {catalog_ids[doc.id].file}"
                )
            )
            continue
        clash = _first_clash(lc, owners)
        if clash is not None:
            errors.append(clash)
            continue
        catalog_ids[doc.id] = lc
        for kind, listed in doc.entry_lists().items():
            for index, entry in enumerate(listed):
                owners[(kind, entry.id)] = (lc, index)
        accepted.append(lc)

    accepted = _without_dangling(system, accepted, owners, errors)

    entries: dict[str, dict[str, Entry]] = {}
    declared: dict[str, list[type] | None] = {}
    origin: dict[tuple[str, str], LoadedCatalog] = {}
    for lc in accepted:
        fields = _entry_models(type(lc.document))
        for kind, items in lc.document.entry_lists().items():
            bucket = entries.setdefault(kind, {})
            for entry in items:
                bucket[entry.id] = entry
                origin[(kind, entry.id)] = lc
            models = declared.setdefault(kind, [])
            if items and models is not None:
                model = fields.get(kind)  # what pydantic made the entries, if `items` is that field
                if model is not None and items is getattr(lc.document, kind):
                    models.append(model)
                else:
                    declared[kind] = None
    tables = {kind: Table(bucket, _tuple_or_none(declared[kind])) for kind, bucket in entries.items()}
    return Catalogs(system, tuple(accepted), tables, origin), errors


def _tuple_or_none(models: list[type] | None) -> tuple[type, ...] | None:
    return None if models is None else tuple(models)


def _without_dangling(
    system: str,
    accepted: list[LoadedCatalog],
    owners: Mapping[tuple[str, str], tuple[LoadedCatalog, int]],
    errors: list[FileError],
) -> list[LoadedCatalog]:
    """The catalogs left once each that refers to an entry no catalog left defines is out, its error (its first
    dangling reference) added to `errors`.

    In rounds: first every catalog with a dangling reference, in the order of the files; then every one that
    referred to an entry of those, now dangling, in that order again; and so on until a round finds none. Each
    catalog's references are read once, and after a round only the catalogs that referred to what it left out
    are looked at again: linear in the references, however long a chain of catalogs falls.
    `owners` holds the entries of the accepted catalogs, and only theirs.
    """
    position = {id(lc): i for i, lc in enumerate(accepted)}
    owner_of = {key: position[id(lc)] for key, (lc, _index) in owners.items()}
    known = set(owner_of)
    dependents: list[set[int]] = [set() for _ in accepted]  # catalog → the catalogs that refer to its entries
    out = [False] * len(accepted)
    falling: list[int] = []
    for i, lc in enumerate(accepted):
        for ref in lc.document.references():
            owner = owner_of.get((ref.kind, ref.id))
            if owner is None:
                errors.append(_dangling_error(lc, ref, system))
                falling.append(i)
                break
            if owner != i:
                dependents[owner].add(i)
    while falling:
        for i in falling:
            out[i] = True
            known.difference_update(_keys(accepted[i]))
        falling = sorted({d for i in falling for d in dependents[i] if not out[d]})
        for d in falling:  # each refers to an entry of a catalog just left out
            error = next(dangling(accepted[d], known, system), None)
            assert error is not None
            errors.append(error)
    return [lc for i, lc in enumerate(accepted) if not out[i]]


def _keys(lc: LoadedCatalog) -> Iterator[tuple[str, str]]:
    for kind, entries in lc.document.entry_lists().items():
        for entry in entries:
            yield (kind, entry.id)


def _first_clash(
    lc: LoadedCatalog, owners: Mapping[tuple[str, str], tuple[LoadedCatalog, int]]
) -> FileError | None:
    """The first entry ID this catalog repeats, from itself or an earlier catalog."""
    return next(clashes(lc, owners), None)


def clashes(lc: LoadedCatalog, owners: Mapping[tuple[str, str], tuple[LoadedCatalog, int]]) -> Iterator[FileError]:
    """Each entry ID this catalog repeats, from itself or from an earlier catalog (`owners`: each known kind and
    ID, with the catalog and index that define it); messages are made only on a clash."""
    local: dict[tuple[str, str], int] = {}
    for kind, entries in lc.document.entry_lists().items():
        for index, entry in enumerate(entries):
            key = (kind, entry.id)
            if key not in local and key not in owners:
                local[key] = index
                continue
            where = f"$.{kind}[{index}].id"
            what = f"the {singular(kind)} id {entry.id!r}"
            if key in local:
                yield FileError(lc.file, where, f"{what} is used twice in this file ($.{kind}[{local[key]}].id)")
                continue
            other, other_index = owners[key]
            yield FileError(
                lc.file,
                where,
                f"{what} is also defined in {other.file} at $.{kind}[{other_index}].id; "
                "IDs must be unique across catalogs",
            )


def dangling(lc: LoadedCatalog, known: set[tuple[str, str]], system: str) -> Iterator[FileError]:
    """Each reference of the catalog to an entry that `known` (kind, ID) does not hold."""
    for ref in lc.document.references():
        if (ref.kind, ref.id) not in known:
            yield _dangling_error(lc, ref, system)


def _dangling_error(lc: LoadedCatalog, ref: Reference, system: str) -> FileError:
    return FileError(
        lc.file,
        ref.where,
        f"refers to the {singular(ref.kind)} {ref.id!r}, which no loaded {system} catalog defines",
    )


def builtin_catalog_paths() -> list[Path]:
    """The built-in catalogs of every game, each game's where it keeps them (`GameInfo.builtin_catalogs`)."""
    from warband.model.system import games

    return sorted(path for game in games() for path in game.builtin_catalogs())


def folder_catalog_paths(folder: Path) -> list[Path]:
    """Every `*.json` file in a player's catalog folder, in a stable order."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob("*.json") if p.is_file())


def load_catalogs(paths: Sequence[Path]) -> CatalogLoad:
    """Load and merge catalog files, in order: the first file to define an ID owns it."""
    errors: list[FileError] = []
    by_system: dict[str, list[LoadedCatalog]] = {}
    seen: set[Path] = set()
    for path in paths:
        resolved = path.resolve()
        if resolved in seen:  # the same file named twice (a built-in one given with --catalog)
            continue
        seen.add(resolved)
        try:
            lc = load_catalog(path)
        except FileError as exc:
            errors.append(exc)
            continue
        by_system.setdefault(lc.document.system, []).append(lc)
    merged: dict[str, Catalogs] = {}
    for system, loaded in by_system.items():
        merged[system], merge_errors = merge(system, loaded)
        errors.extend(merge_errors)
    return CatalogLoad(merged, tuple(errors))


def catalog_paths(extra: Sequence[Path] = (), *, player_folder: bool = False) -> list[Path]:
    """The files to load, in order of ownership: built-in, then the player's folder, then `extra`.

    The window reads the player's folder; the command line does not, so that its results do not depend on the
    machine it runs on (DESIGN.md "Merging").
    """
    paths = builtin_catalog_paths()
    if player_folder:
        paths += folder_catalog_paths(user_catalog_dir())
    return [*paths, *extra]
