"""A player's catalog as the catalog editor changes it: a draft, its entries by kind, the commands that change it
(each undoable, with a label), and its problems as `warband catalog check` finds them — values out of range, IDs
used twice or also in another catalog, references to no entry — with all of them listed, never blocking.

The draft is the catalog file's JSON value (what the file will hold, not a validated model): a value a form holds
half typed is a problem to show, not an error to refuse. Values are never changed in place: a command builds a
new value along the path it changes. What each field holds comes from the game's catalog model
(`catalog_fields`), so a new game's catalog is edited with no code of its own.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ValidationError

from warband.model import catalog_fields as cf
from warband.model.catalog import CatalogFile, LoadedCatalog, clashes, dangling
from warband.model.messages import N_, Phrase, term
from warband.model.names import display_name
from warband.model.storage import CURRENT_VERSIONS, FileError, describe_validation_errors

Path = tuple[str | int, ...]
"""Where a value is in the catalog: `("miracles", 3, "cults", 0)`."""
ABSENT: Any = object()
"""A field a file leaves out (its default applies): removing it is `SetValue(path, ABSENT)`."""
KIND_WORDS: dict[str, str] = {
    "cults": N_("Cults"),
    "peoples": N_("Peoples"),
    "miracles": N_("Miracles"),
    "items": N_("Items"),
    "profiles": N_("Profiles"),
    "spells": N_("Spells"),
    "factions": N_("Factions"),
    "sources": N_("Sources"),
    "disciplines": N_("Disciplines"),
}
"""The kinds of entry the built-in games list; a game's own kinds are shown by their list's name."""
ENTRY_WORDS: dict[str, str] = {
    "cults": N_("cult"),
    "peoples": N_("people"),
    "miracles": N_("miracle"),
    "items": N_("item"),
    "profiles": N_("profile"),
    "spells": N_("spell"),
    "factions": N_("faction"),
    "sources": N_("source"),
    "disciplines": N_("discipline"),
}
"""One entry of each kind, as "New {entry}" names it."""


def json_path(path: Path) -> str:
    """`$.miracles[3].cults[0]`, as the file checks write places."""
    text = "$"
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text


_PART = re.compile(r"\.([^.\[\]]+)|\[(\d+)\]")


def parse_json_path(where: str) -> Path:
    """The path of a place written as `json_path` writes it (`$.a[2].b`); what it cannot read is left off."""
    parts: list[str | int] = []
    for found in _PART.finditer(where[1:] if where.startswith("$") else where):
        name, index = found.groups()
        parts.append(int(index) if index is not None else name)
    return tuple(parts)


# --- the draft -------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Draft:
    """A catalog being edited: its JSON value and its game's catalog model."""

    doc: Mapping[str, Any]
    model: type[CatalogFile] = field(compare=False)

    @property
    def system(self) -> str:
        value = self.doc.get("system")
        return value if isinstance(value, str) else ""

    def kinds(self) -> list[str]:
        """The catalog's kinds of entry, in the model's order (its `tuple[Entry, ...]` lists)."""
        return entry_kinds(self.model)

    def entries(self, kind: str) -> list[Mapping[str, Any]]:
        listed = self.doc.get(kind, [])
        return [e for e in listed if isinstance(e, Mapping)] if isinstance(listed, list) else []

    def get(self, path: Path) -> Any:
        """The value at `path`, or `ABSENT`."""
        value: Any = self.doc
        for part in path:
            if isinstance(part, int):
                if not isinstance(value, list) or not 0 <= part < len(value):
                    return ABSENT
                value = value[part]
            else:
                if not isinstance(value, Mapping) or part not in value:
                    return ABSENT
                value = value[part]
        return value

    def ids(self, kind: str) -> list[str]:
        return [e["id"] for e in self.entries(kind) if isinstance(e.get("id"), str)]


def entry_kinds(model: type[BaseModel]) -> list[str]:
    """The fields of a catalog model that list entries (`tuple[Entry, ...]`), in its order."""
    from warband.model.catalog import Entry

    kinds = []
    for spec in cf.fields_of(model):
        kind = spec.kind
        if isinstance(kind, cf.Many) and isinstance(kind.item, cf.Group) and issubclass(kind.item.model, Entry):
            kinds.append(spec.name)
    return kinds


def entry_model(model: type[BaseModel], kind: str) -> type[BaseModel]:
    """The model of one kind's entries."""
    [spec] = [s for s in cf.fields_of(model) if s.name == kind]
    assert isinstance(spec.kind, cf.Many) and isinstance(spec.kind.item, cf.Group)
    return spec.kind.item.model


def new_draft(model: type[CatalogFile], system: str, catalog_id: str, name: str) -> Draft:
    """An empty catalog of the game, at the newest catalog format."""
    doc: dict[str, Any] = {
        "format": "warband-catalog",
        "version": CURRENT_VERSIONS["warband-catalog"],
        "system": system,
        "id": catalog_id,
        "revision": 1,
        "name": name,
    }
    return Draft(doc, model)


def draft_of(document: CatalogFile) -> Draft:
    """A loaded catalog as a draft: its value as the file would hold it (defaults left out)."""
    return Draft(document.model_dump(mode="json", exclude_unset=True), type(document))


# --- templates of new values -----------------------------------------------------------------------------------
def template(kind: cf.Kind, *, name: str = "") -> Any:
    """The smallest value a field of this kind may hold, for a new entry or a new item of a list."""
    if isinstance(kind, cf.Text):
        return name if kind.pattern is None else ""
    if isinstance(kind, cf.Words):
        return name or "?"
    if isinstance(kind, cf.Number):
        low = kind.low if kind.low is not None else 0
        return max(low, 0) if kind.high is None or kind.high >= 0 else kind.high
    if isinstance(kind, cf.YesNo):
        return False
    if isinstance(kind, cf.Choice):
        return kind.values[0]
    if isinstance(kind, cf.Optional):
        return None  # a field that may be left out (see `group_template` for one a file must give)
    if isinstance(kind, cf.Either):
        return template(kind.options[0], name=name)
    if isinstance(kind, cf.Many):
        return [template(kind.item) for _ in range(kind.min_length)]
    if isinstance(kind, cf.KeyedMap):
        return {}
    if isinstance(kind, cf.Group):
        return group_template(kind.model)
    return None


def group_template(model: type[BaseModel], **given: Any) -> dict[str, Any]:
    """A new value of a model: its required fields at their smallest, the others left out (their defaults)."""
    value: dict[str, Any] = {}
    for spec in cf.fields_of(model):
        if spec.name in given:
            value[spec.name] = given[spec.name]
        elif spec.required:  # a value a file must give, even one that may be null: a real one to start with
            kind = spec.kind.inner if isinstance(spec.kind, cf.Optional) else spec.kind
            value[spec.name] = template(kind)
    return value


def free_id(taken: Sequence[str], wanted: str) -> str:
    """`wanted`, or `wanted-2`, `wanted-3`…: the first not taken."""
    base = re.sub(r"[^A-Za-z0-9._-]+", "-", wanted).strip("-._") or "entry"
    base = base[:70]
    if base not in taken:
        return base
    number = 2
    while f"{base}-{number}" in taken:
        number += 1
    return f"{base}-{number}"


# --- changing a value along a path -----------------------------------------------------------------------------
def with_value(doc: Any, path: Path, value: Any) -> Any:
    """`doc` with the value at `path` replaced (`ABSENT`: removed), copied along the path only."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(head, int):
        items = list(doc) if isinstance(doc, list) else []
        if not 0 <= head <= len(items):
            raise IndexError(f"no item {head} at this place")
        inner = items[head] if head < len(items) else ABSENT
        new = with_value(inner if inner is not ABSENT else {}, rest, value) if rest else value
        if new is ABSENT:
            del items[head]
        elif head == len(items):
            items.append(new)
        else:
            items[head] = new
        return items
    mapping = dict(doc) if isinstance(doc, Mapping) else {}
    if rest:
        inner = mapping.get(head, {} if isinstance(rest[0], str) else [])
        mapping[head] = with_value(inner, rest, value)
    elif value is ABSENT:
        mapping.pop(head, None)
    else:
        mapping[head] = value
    return mapping


def _label_of(draft: Draft, path: Path) -> object:
    """The entry a path is in, as the editor names it: "the miracle Prière"."""
    if len(path) >= 2 and isinstance(path[0], str) and isinstance(path[1], int):
        entry = draft.get(path[:2])
        if isinstance(entry, Mapping):
            return entry_title(entry)
    return term(N_("the catalog"))


def entry_title(entry: Mapping[str, Any]) -> str:
    """An entry's name as players read it, else its ID."""
    name = entry.get("name")
    if isinstance(name, str | dict) and name:
        try:
            return display_name(name)
        except (TypeError, ValueError, AttributeError):
            pass
    value = entry.get("id")
    return value if isinstance(value, str) else "?"


# --- commands (undoable, labelled) -----------------------------------------------------------------------------
@dataclass(frozen=True)
class SetValue:
    """A field (or an item of a list) set to a value, or removed (`ABSENT`): what a form's widget changes."""

    path: Path
    value: Any
    field_name: str = ""

    @property
    def label(self) -> str:
        return term(N_("Edit a field"))

    def label_in(self, state: Draft) -> str:
        name = self.field_name or next((p for p in reversed(self.path) if isinstance(p, str)), "")
        return Phrase(N_("Change {field} of {entry}"), field=name, entry=_label_of(state, self.path))

    def apply(self, state: Draft) -> Draft:
        if self.value is not ABSENT and state.get(self.path) == self.value:
            return state
        value = self.value if self.value is ABSENT else copy.deepcopy(self.value)  # the mark itself, not a copy
        return Draft(with_value(state.doc, self.path, value), state.model)


@dataclass(frozen=True)
class AddEntry:
    """A new entry of a kind, at the end of its list."""

    kind: str
    entry: Mapping[str, Any]

    @property
    def label(self) -> str:
        return Phrase(N_("Add {entry}"), entry=entry_title(self.entry))

    def apply(self, state: Draft) -> Draft:
        entries = list(state.entries(self.kind))
        return Draft(with_value(state.doc, (self.kind,), [*entries, dict(self.entry)]), state.model)


@dataclass(frozen=True)
class DeleteEntry:
    kind: str
    index: int

    @property
    def label(self) -> str:
        return term(N_("Delete an entry"))

    def label_in(self, state: Draft) -> str:
        entry = state.get((self.kind, self.index))
        title = entry_title(entry) if isinstance(entry, Mapping) else "?"
        return Phrase(N_("Delete {entry}"), entry=title)

    def apply(self, state: Draft) -> Draft:
        entries = list(state.entries(self.kind))
        if not 0 <= self.index < len(entries):
            return state
        del entries[self.index]
        doc = (
            with_value(state.doc, (self.kind,), entries)
            if entries
            else with_value(state.doc, (self.kind,), ABSENT)
        )
        return Draft(doc, state.model)


def new_entry(draft: Draft, kind: str, name: str) -> dict[str, Any]:
    """A new entry of a kind, named (in the player's language), with an ID no entry of the kind has: "new-miracle",
    "new-miracle-2" (an ID is letters, digits and `._:-`: a name in any script would not make one)."""
    from warband.model.catalog import singular

    model = entry_model(draft.model, kind)
    entry = group_template(model, name=name)
    entry["id"] = free_id(draft.ids(kind), f"new-{singular(kind)}")
    return {"id": entry.pop("id"), **entry}


def duplicate_entry(draft: Draft, kind: str, index: int) -> dict[str, Any]:
    """A copy of an entry with an ID of its own."""
    entry = copy.deepcopy(dict(draft.entries(kind)[index]))
    old = entry.get("id")
    entry["id"] = free_id(draft.ids(kind), f"{old}-copy" if isinstance(old, str) else "copy")
    return entry


# --- problems --------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DraftProblem:
    """A problem of the draft: where it is (a JSON path) and what is wrong, as `warband catalog check` says it."""

    where: str
    message: str
    kind: Literal["value", "clash", "dangling", "file"] = "value"

    @property
    def path(self) -> Path:
        return parse_json_path(self.where)


def validated(draft: Draft, file: str = "") -> tuple[CatalogFile | None, list[DraftProblem]]:
    """The draft as the game's model reads it (None when it cannot), and each value it refuses."""
    try:
        return draft.model.model_validate(dict(draft.doc)), []
    except ValidationError as exc:
        return None, [DraftProblem(e.where, e.message) for e in describe_validation_errors(exc, file)]
    except RecursionError:
        return None, [DraftProblem("$", "the JSON is nested too deeply", "file")]


def problems(draft: Draft, others: Sequence[LoadedCatalog], file: str = "") -> list[DraftProblem]:
    """Every problem of the draft beside the other catalogs loaded for its game (the built-in ones, the player's
    others): values the model refuses; then, once it reads, IDs used twice or also by another catalog, and
    references to entries no catalog defines. Messages and places as `warband catalog check` gives them."""
    document, found = validated(draft, file)
    if document is None:
        return found
    mine = LoadedCatalog(file or "this catalog", document)
    owners: dict[tuple[str, str], tuple[LoadedCatalog, int]] = {}
    for other in others:
        if other.document.system != document.system or other.document.id == document.id:
            continue
        for kind, listed in other.document.entry_lists().items():
            for index, entry in enumerate(listed):
                owners.setdefault((kind, entry.id), (other, index))
    catalog_ids = {o.document.id: o.file for o in others if o.document.system == document.system}
    if document.id in catalog_ids and catalog_ids[document.id] != file:
        found.append(
            DraftProblem(
                "$.id", f"the catalog id {document.id!r} is already used by {catalog_ids[document.id]}", "clash"
            )
        )
    found.extend(DraftProblem(e.where, e.message, "clash") for e in clashes(mine, owners))
    known = set(owners) | {(kind, e.id) for kind, listed in document.entry_lists().items() for e in listed}
    found.extend(DraftProblem(e.where, e.message, "dangling") for e in dangling(mine, known, document.system))
    return found


def choices(draft: Draft, others: Sequence[LoadedCatalog], kind: str) -> list[tuple[str, str]]:
    """The entries a reference to `kind` may name: the draft's own first, then the other catalogs', each as its
    ID and its name for players; an ID once."""
    seen: set[str] = set()
    found: list[tuple[str, str]] = []
    for entry in draft.entries(kind):
        entry_id = entry.get("id")
        if isinstance(entry_id, str) and entry_id not in seen:
            seen.add(entry_id)
            found.append((entry_id, entry_title(entry)))
    for other in others:
        if other.document.system != draft.system:
            continue
        for listed in other.document.entry_lists().get(kind, ()):
            if listed.id not in seen:
                seen.add(listed.id)
                found.append((listed.id, display_name(listed.name)))
    return found


def uses_of(army_doc: Mapping[str, Any], entry_id: str) -> Iterator[str]:
    """The labels of an army file's units that name the entry (any value of a unit equal to its ID)."""
    units = army_doc.get("units")
    if not isinstance(units, list):
        return
    for unit in units:
        if isinstance(unit, Mapping) and _names(unit, entry_id, skip=("id", "label", "notes")):
            label = unit.get("label") or unit.get("profile") or unit.get("id")
            yield str(label)


def _names(value: Any, entry_id: str, skip: tuple[str, ...] = ()) -> bool:
    if isinstance(value, str):
        return value == entry_id
    if isinstance(value, Mapping):
        return any(k == entry_id or _names(v, entry_id) for k, v in value.items() if k not in skip)
    if isinstance(value, list):
        return any(_names(v, entry_id) for v in value)
    return False


def saved_value(draft: Draft, file: str) -> CatalogFile:
    """The draft as the file will hold it; `FileError` naming the first problem when the model refuses it."""
    document, found = validated(draft, file)
    if document is None:
        first = found[0]
        raise FileError(file, first.where, first.message)
    return document
